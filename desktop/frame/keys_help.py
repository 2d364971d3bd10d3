"""The keys of a table, listed over it in the player's language (F1 or ?).

One panel for every game's table: the scene shows it (`CardTable.toggle_help`), so it opens
wherever the table's view has the keyboard. Each row is a pair of texts in the UI catalog:
`keys.<row>.key` (how the keys are called on a keyboard in that language) and `keys.<row>.does`.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from desktop.frame.i18n import Translator
from desktop.frame.registration import registration

HELP_Z = 2000.0  # above the cards, the focus ring and the curtain
# The rows every table has (the hint where computers play the game); Solonauts has its own list.
TABLE_ROWS = ("move", "tab", "digits", "enter", "escape", "delete", "bar", "curtain", "answer", "undo", "hint", "mine",
              "log", "side", "help")
SOLONAUTS_ROWS = ("move", "tab", "digits", "enter", "escape", "delete", "undo", "hint", "log", "side", "help")
PANEL = "#11161f"
INK = "#f4ead5"
KEY_INK = "#ffd166"


def rows_for(game: str, mode: str = "") -> tuple[str, ...]:
    """The keys listed at the table of a game (`SeatTable.GAME`) and mode: Solonauts has a hint and no bar."""
    if (game, mode) == ("chrononauts", "solonauts"):
        return SOLONAUTS_ROWS
    found = registration(game)  # its registration names the rows that do nothing at its table
    not_here = found.keys_not_here if found is not None else frozenset()
    return tuple(row for row in TABLE_ROWS if row not in not_here)


def _font(pixel: int, bold: bool) -> QFont:
    font = QFont()
    font.setPixelSize(pixel)
    font.setBold(bold)
    return font


class KeysPanel(QGraphicsRectItem):
    """A semi-transparent panel: a title, then one row per key (key on the left, what it does on the right)."""

    def __init__(self) -> None:
        super().__init__()
        self.setZValue(HELP_Z)
        self.setBrush(QBrush(QColor(PANEL)))
        self.setPen(QPen(QColor(KEY_INK), 2))
        self.setOpacity(0.93)
        self._texts: list[QGraphicsSimpleTextItem] = []

    def lines(self) -> list[str]:
        """Every text shown, top to bottom (what a test or a screen reader reads)."""
        return [item.text() for item in self._texts]

    def spoken(self) -> str:
        """The panel as a screen reader says it: the title, each key with what it does, how to close it."""
        texts = self.lines()
        if len(texts) < 2:
            return " ".join(texts)
        title, rows, foot = texts[0], texts[1:-1], texts[-1]
        pairs = [f"{key}: {does}" for key, does in zip(rows[::2], rows[1::2])]
        return " ".join(part if part[-1:] in ".!?…:" else part + "." for part in (title, *pairs, foot) if part)

    def fill(self, tr: Translator, rows: Sequence[str], area: QRectF) -> None:
        """Write the rows in `tr`'s language and centre the panel in `area` (scene coordinates)."""
        pixel = 17
        while True:
            width, height = self._lay_out(tr, rows, pixel)
            if (width <= area.width() - 40 and height <= area.height() - 40) or pixel <= 10:
                break
            pixel -= 1
        self.setRect(QRectF(area.center().x() - width / 2, area.center().y() - height / 2, width, height))
        left, top = self.rect().left(), self.rect().top()
        for item in self._texts:
            item.setPos(item.pos().x() + left, item.pos().y() + top)

    def _lay_out(self, tr: Translator, rows: Sequence[str], pixel: int) -> tuple[float, float]:
        """Make the texts at `pixel` size, placed from (0, 0); the panel's width and height."""
        for item in self._texts:
            scene = item.scene()
            if scene is not None:
                scene.removeItem(item)
        self._texts = []
        pad, gap, line = 24.0, 28.0, pixel * 1.65

        def text(words: str, size: int, bold: bool, colour: str) -> QGraphicsSimpleTextItem:
            item = QGraphicsSimpleTextItem(words, self)
            item.setFont(_font(size, bold))
            item.setBrush(QBrush(QColor(colour)))
            self._texts.append(item)
            return item

        title = text(tr.text("keys.title"), pixel + 5, True, INK)
        pairs = [(text(tr.text(f"keys.{row}.key"), pixel, True, KEY_INK), text(tr.text(f"keys.{row}.does"), pixel, False, INK))
                 for row in rows]
        foot = text(tr.text("keys.close"), pixel - 2, False, "#b9c2d0")
        key_w = max(k.boundingRect().width() for k, _ in pairs)
        does_w = max(d.boundingRect().width() for _, d in pairs)
        width = max(2 * pad + key_w + gap + does_w, 2 * pad + title.boundingRect().width(),
                    2 * pad + foot.boundingRect().width())
        title.setPos(pad, pad)
        y = pad + title.boundingRect().height() + pixel * 0.9
        for key, does in pairs:
            key.setPos(pad, y)
            does.setPos(pad + key_w + gap, y)
            y += line
        foot.setPos(pad, y + pixel * 0.5)
        return width, y + pixel * 0.5 + foot.boundingRect().height() + pad

    def fits(self) -> bool:
        """Whether every text lies inside the panel (a check of the layout in every language)."""
        box = self.rect()
        return all(box.contains(item.sceneBoundingRect()) for item in self._texts)
