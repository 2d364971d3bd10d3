"""The keyboard between a seat table's cards and its prompt bar.

The cards take their keys in the scene (desktop/frame/card_table.py). Here: F6 on the table
(desktop/frame/panels.py) or Tab where no card may move goes to the bar's buttons; there Enter or
Space presses one, Esc goes back to the table, and F6 goes on to the table's side pane if it has one (a
network game's chat, desktop/net/chat.py, whose F6 goes back to the table) or else back to the table. After a
button, the keyboard goes where the next decision is: the table if a card may move, else the
new bar's first button.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QGraphicsView, QPushButton, QWidget

from desktop.frame.card_table import CardTable
from desktop.frame.i18n import Translator


class BarTable(Protocol):
    """A table with a prompt bar, as the keyboard sees it (a SeatTable; it makes the bar's keys here)."""

    @property
    def tr_(self) -> Translator: ...

    @property
    def scene(self) -> CardTable: ...

    @property
    def view(self) -> QGraphicsView: ...

    @property
    def bar(self) -> QWidget: ...

    @property
    def buttons(self) -> dict[str, QPushButton]: ...

    @property
    def side_pane(self) -> QWidget | None: ...


def attach_bar(table: BarTable) -> BarKeys:
    """Wire the keys between `table`'s cards and its bar (called once, from SeatTable.__init__);
    the filter returned is installed on each button as the bar makes it."""
    table.bar.setAccessibleName(table.tr_.text("a11y.prompt"))
    table.scene.leave.connect(lambda forward: focus_bar(table, forward) or focus_side(table))
    return BarKeys(table)


class BarKeys(QObject):
    """Watches the bar's buttons (each is given it as it is made): Enter and Space press, Esc and F6 go back.

    A filter on the buttons rather than shortcuts: a shortcut would also take these keys from the
    table whenever a button kept the focus while the cards were being played.
    """

    def __init__(self, table: BarTable) -> None:
        super().__init__(table.bar)
        self.table = table

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and isinstance(watched, QPushButton):
            press(self.table, watched)
            return True
        if key == Qt.Key.Key_F6 and focus_side(self.table):
            return True
        if key in (Qt.Key.Key_Escape, Qt.Key.Key_F6):
            self.table.view.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return False


def focus_side(table: BarTable) -> bool:
    """The keyboard to the table's side pane (a network game's chat), if it has one on show; False if not."""
    pane = table.side_pane
    if pane is None or not pane.isVisible():
        return False
    pane.setFocus(Qt.FocusReason.ShortcutFocusReason)
    return True


def bar_buttons(table: BarTable) -> list[QPushButton]:
    """The bar's buttons that can be pressed. A bar just rebuilt has its buttons shown only when the
    event loop next runs (the layout queues it); the keyboard may get there first, so show them now."""
    if not table.bar.isVisible():
        return []
    for button in table.buttons.values():
        if not button.isVisible():
            button.show()
    return [button for button in table.buttons.values() if button.isEnabled()]


CHORES = ("undo", "save", "auto_pass")  # the bar's keys of buttons that are there at every moment, no decision


def focus_bar(table: BarTable, forward: bool = True) -> bool:
    """The keyboard to the bar's first button (last, going backwards); False if the bar has none."""
    buttons = bar_buttons(table)
    if not buttons:
        return False
    button = buttons[0] if forward else buttons[-1]
    # Qt draws the focus frame only after a focus change it saw a key make (Tab, a shortcut); F6 and the
    # table's own Tab are keys too, so the frame must show: a shortcut's reason says so.
    button.setFocus(Qt.FocusReason.ShortcutFocusReason)
    return True


def press(table: BarTable, button: QPushButton) -> None:
    """Press a bar button by a key (the button's own slot then takes the keyboard on, see `pressed`)."""
    button.click()


def pressed(table: BarTable, slot: Callable[[], object]) -> None:
    """Run a bar button's slot, however it was pressed (a key or the mouse), then take the keyboard to the
    next decision: the curtain if one fell (Enter and Space lift it), the table if a card may move, else the
    new bar's first button. The button pressed may be gone, or mean something else now, so the focus must
    go where the decision is."""
    slot()
    settle(table)


def settle(table: BarTable) -> None:
    """The keyboard to the next decision (see `pressed`). Said once: the bar, rebuilt while it held the
    focus, calls it before its old buttons go, so a reader never hears the focus land on them."""
    if not table.view.isVisible():
        return  # the table was closed or replaced
    # A bar with no decision on it (a computer thinking: only Undo and Save as…) leaves the keyboard on the table:
    # heard through Orca, it rested on "Save as…", named each time it landed there.
    waiting = all(key in CHORES for key in table.buttons)
    if table.scene.movable() or table.scene.curtain_up or waiting or not focus_bar(table):
        table.view.setFocus(Qt.FocusReason.OtherFocusReason)
