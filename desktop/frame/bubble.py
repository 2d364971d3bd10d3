"""The guide's bubble: a panel over the table with a heading, what to do, and its buttons. Apart from the
guide (desktop/frame/guide.py) so that the first-start offer of a guided game shows one without importing
the guide and its scripts (issue #42)."""
from __future__ import annotations

from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from desktop.frame import dialogs, plain

BUBBLE_WIDTH = 380
BUBBLE_STYLE = ("QFrame#guide { background: #fdf7e3; border: 2px solid #c9a227; border-radius: 10px; }"
                "QLabel { color: #2b2418; background: transparent; }")


class Bubble(QFrame):
    """The guide's panel: which step, what to do, why a move was held back, and its buttons."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("guide")
        self.setStyleSheet(BUBBLE_STYLE)
        self.setFixedWidth(BUBBLE_WIDTH)
        column = QVBoxLayout(self)
        column.setContentsMargins(14, 10, 14, 10)
        self.heading = plain.label()
        self.heading.setStyleSheet("font-weight: bold; color: #7a5c00")
        self.text = plain.label()
        self.text.setWordWrap(True)
        font = self.text.font()
        font.setPixelSize(16)
        self.text.setFont(font)
        self.refusal = plain.label()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(dialogs.REFUSAL_STYLE)
        self.notice = plain.label()  # the texts shown in English, and why
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet("color: #6b5d45; font-style: italic")
        row = QHBoxLayout()
        self.leave = QPushButton()
        self.skip = QPushButton()
        self.next = QPushButton()
        self.next.setDefault(True)
        row.addWidget(self.leave)
        row.addStretch(1)
        row.addWidget(self.skip)
        row.addWidget(self.next)
        for widget in (self.heading, self.text, self.refusal, self.notice):
            column.addWidget(widget)
        # Height the words do not take goes above the buttons: shared out among the labels, it set the heading
        # apart from its step's words by an empty line.
        column.addStretch(1)
        column.addLayout(row)
