"""A choice among cards shown as cards: Rewind's discard pile, Quick Trip's draw pile.

Each candidate is a button carrying the card's face (painted by the table's own paint_face, so
it reads as on the table) and, under it, what choosing it means ("Card → 1865"). Clicking one
chooses it; the "none" button chooses nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QKeyEvent
from PySide6.QtWidgets import (QDialog, QGridLayout, QLabel, QPushButton, QScrollArea, QToolButton, QVBoxLayout,
                               QWidget)

from desktop.frame import plain, screen_fit
from desktop.frame.card_item import CardFace, face_pixmap

SCALE = 1.5  # hand cards are small on a full table; here the title must read at a glance
COLUMNS = 6
MARGINS = 60  # the dialog's margins, the grid's and the scroll bar's width, across


@dataclass(frozen=True)
class Choice:
    label: str  # what choosing it does, in the player's language
    face: CardFace | None  # None: the "nothing" choice



class CardChooser(QDialog):
    def __init__(self, parent: QWidget | None, title: str, text: str, choices: list[Choice], none_label: str) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.chosen = -1
        column = QVBoxLayout(self)
        prompt = plain.label(text)
        prompt.setWordWrap(True)
        column.addWidget(prompt)
        grid_widget = QWidget()
        grid = QGridLayout(grid_widget)
        self.card_buttons: list[QToolButton] = []
        self.card_labels: list[QLabel] = []
        self.none_button: QPushButton | None = None
        ratio = self.devicePixelRatioF() or 1.0
        cards = [(i, c) for i, c in enumerate(choices) if c.face is not None]
        card_w = max((c.face.width for _i, c in cards if c.face is not None), default=128.0)
        card_h = max((c.face.height for _i, c in cards if c.face is not None), default=116.0)
        cell_w = int((card_w + 6) * SCALE + 24)
        # As many cards across as the screen holds (at most COLUMNS): the rows scroll, the columns never do.
        across = max(1, min(COLUMNS, len(cards), (screen_fit.room(self).width() - MARGINS) // cell_w))
        for n, (index, choice) in enumerate(cards):
            assert choice.face is not None
            pixmap = face_pixmap(choice.face, SCALE, ratio)
            width = int(pixmap.width() / ratio)
            button = QToolButton()
            button.setIcon(QIcon(pixmap))
            button.setIconSize(QSize(width, int(pixmap.height() / ratio)))
            plain.set_tooltip(button, choice.label)  # a label may hold a player's name
            button.setAutoRaise(True)
            button.setCursor(Qt.CursorShape.PointingHandCursor)
            button.clicked.connect(lambda _checked=False, i=index: self.choose(i))
            # The label wraps under the card: a long target must not widen the column.
            label = plain.label(choice.label)
            label.setWordWrap(True)
            label.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
            label.setFixedWidth(width + 8)
            cell = QWidget()
            stack = QVBoxLayout(cell)
            stack.setContentsMargins(2, 2, 2, 2)
            stack.addWidget(button, 0, Qt.AlignmentFlag.AlignHCenter)
            stack.addWidget(label)
            stack.addStretch(1)
            grid.addWidget(cell, n // across, n % across)
            self.card_buttons.append(button)
            self.card_labels.append(label)
        scroll = QScrollArea()
        scroll.setWidget(grid_widget)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        column.addWidget(scroll, 1)
        nothing = next((i for i, c in enumerate(choices) if c.face is None), None)
        if nothing is not None:  # under the scrolling cards, never scrolled away
            self.none_button = QPushButton(plain.button_text(none_label))
            self.none_button.clicked.connect(lambda _checked=False, i=nothing: self.choose(i))
            column.addWidget(self.none_button, 0, Qt.AlignmentFlag.AlignRight)
        # Room for three rows down where the screen has it; more rows scroll.
        rows = min(3, max(1, (len(cards) + across - 1) // across))
        self.resize(max(420, across * cell_w + MARGINS), int(rows * ((card_h + 6) * SCALE + 64) + 110))
        screen_fit.keep_on_screen(self)
        if self.card_buttons:  # the keyboard starts on the first card, not on the scrolling frame around them
            self.card_buttons[0].setFocus()

    def choose(self, index: int) -> None:
        self.chosen = index
        self.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter takes the card the keyboard is on, as Space does: a card is a tool button, which answers Space
        only, and a screen reader calls it a push button, which people press with Enter."""
        focused = self.focusWidget()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(focused, QToolButton) \
                and focused in self.card_buttons:
            focused.click()
            return
        super().keyPressEvent(event)
