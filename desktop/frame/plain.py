"""Text shown as it is written: names people type and words read from files are never markup.

Qt guesses: a QLabel, a QMessageBox or a tooltip whose text looks like HTML is drawn as HTML,
and an HTML image tag makes Qt read the file it names (`/dev/zero` until memory runs out).
Buttons read "&" as a shortcut mark, and window titles read "[*]" as the modified mark.
Every such surface in the desktop goes through one of these helpers.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt  # mightBeRichText lives in QtGui's part of the Qt namespace
from PySide6.QtWidgets import QLabel, QWidget

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

from desktop.frame import screen_fit


def label(text: str = "") -> QLabel:
    """A QLabel that shows its text literally, whatever it holds."""
    return plain(QLabel(text))


def plain(widget: QLabel) -> QLabel:
    """Make an existing label show its text literally (before or after its text is set)."""
    widget.setTextFormat(Qt.TextFormat.PlainText)
    return widget


def tooltip(text: str) -> str:
    """A tooltip that shows `text` literally. A tooltip has no plain-text switch: Qt reads it as HTML
    exactly when `Qt.mightBeRichText` says so, and then it gets escaped HTML (line breaks and spaces kept)."""
    if not GuiQt.mightBeRichText(text):
        return text
    import html  # here: most tooltips are plain words, and start-up shows none (issue #42)

    return f"<p style='white-space:pre-wrap'>{html.escape(text)}</p>"


def set_tooltip(widget: QWidget, text: str) -> None:
    widget.setToolTip(tooltip(text))


def button_text(text: str) -> str:
    """A button label shown as written: a single "&" (Bill & Co, Tom & Jerry) is not a shortcut mark."""
    return text.replace("&", "&&")


def window_title(text: str) -> str:
    """A window title shown as written: Qt takes "[*]" for the unsaved-changes mark and hides it."""
    return text.replace("[*]", "[*][*]")


BOX_LINES = 16  # a longer text (a list of problems) would make a box taller than a laptop's screen
BOX_CHARACTERS = 1200


def message_box(parent: QWidget | None, title: str, text: str, icon: QMessageBox.Icon | None = None) -> QMessageBox:
    """A message box that shows its title and text literally (no icon unless given); the caller adds the
    buttons. A long text shows its beginning, and the whole of it in the box's details, which scroll: the box
    fits the screen."""
    from PySide6.QtWidgets import QMessageBox  # its types are made when a box is first shown (issue #42)

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.NoIcon if icon is None else icon)
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setWindowTitle(window_title(title))
    start = "\n".join(text.splitlines()[:BOX_LINES])[:BOX_CHARACTERS]
    box.setText(text if start == text else f"{start} …")
    if start != text:
        box.setDetailedText(text)
    screen_fit.keep_on_screen(box)
    return box
