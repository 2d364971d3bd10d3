"""The message boxes every window asks through (so that tests can answer in their place), the Start / Cancel
buttons of the new-game dialogs, and the red line where a dialog says why it cannot go on."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

from desktop.frame import accessibility, plain

# A box's and a dialog's types are made when one is first shown, not at start (issue #42).
if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QMessageBox

REFUSAL_COLOUR = "#b3261e"  # a refusal, or trouble saving: on a dialog's line, a table's message line, a bubble
REFUSAL_STYLE = f"color: {REFUSAL_COLOUR}; font-weight: bold"


def ask(parent: QWidget | None, title: str, text: str, buttons: list[str], safe: int | None = None) -> int:
    """Ask a question; the index of the button chosen (-1 if the box was closed).

    `safe` names the button that destroys nothing (Keep, Cancel): it is the default, holds the focus and
    answers Esc, so Enter pressed by habit never forgets or deletes; the other choice needs a deliberate click."""
    from PySide6.QtWidgets import QMessageBox

    box = plain.message_box(parent, title, text)
    # Buttons may be people's names: a name is shown as written, never as a shortcut mark.
    made = [box.addButton(plain.button_text(label), QMessageBox.ButtonRole.ActionRole) for label in buttons]
    if safe is not None:
        keep = made[safe]
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        for button in made:
            button.setAutoDefault(button is keep)  # a focused destructive button must not take Enter either
    box.exec()
    clicked = box.clickedButton()
    chosen = made.index(clicked) if clicked in made else -1
    accessibility.let_go(box)  # kept hidden for good, it would stay in a screen reader's tree
    return chosen


def inform(parent: QWidget | None, title: str, text: str, icon: QMessageBox.Icon | None = None) -> None:
    """Tell something (with the Information icon unless another is given); the text (a name, a file's name, a
    file's words) is shown literally."""
    from PySide6.QtWidgets import QMessageBox

    box = plain.message_box(parent, title, text, QMessageBox.Icon.Information if icon is None else icon)
    box.addButton(QMessageBox.StandardButton.Ok)
    box.exec()
    accessibility.let_go(box)  # kept hidden for good, it would stay in a screen reader's tree


def warn(parent: QWidget | None, title: str, text: str) -> None:
    """Tell that something keeps the app from going on (the Critical icon); the text is shown literally."""
    from PySide6.QtWidgets import QMessageBox

    inform(parent, title, text, QMessageBox.Icon.Critical)


def start_cancel(dialog: QDialog, start: str, cancel: str) -> QDialogButtonBox:
    """The buttons that end a new-game dialog: Start accepts it, Cancel rejects it."""
    from PySide6.QtWidgets import QDialogButtonBox

    buttons = QDialogButtonBox()
    buttons.addButton(start, QDialogButtonBox.ButtonRole.AcceptRole)
    buttons.addButton(cancel, QDialogButtonBox.ButtonRole.RejectRole)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def refusal_line() -> QLabel:
    """The line under a dialog's fields that says why it cannot go on: red, wrapped, and plain text (it quotes what
    was typed). Empty until `refuse` fills it."""
    line = plain.label()
    line.setStyleSheet(f"color: {REFUSAL_COLOUR}")
    line.setWordWrap(True)
    return line


def refuse(line: QLabel, reason: str) -> None:
    """Say `reason` on the refusal line, to the eye and to a screen reader. The dialog grows to the lines the reason
    wraps to: a form had laid the empty line out one line high, and two lines of reason were cut at top and foot."""
    line.setText(reason)
    window = line.window()
    layout = window.layout()
    if layout is not None:
        layout.activate()
        need = (layout.totalHeightForWidth(window.width()) if layout.hasHeightForWidth()
                else layout.totalSizeHint().height())
        if window.height() < need:
            window.resize(window.width(), need)
    accessibility.announce(line, reason)
