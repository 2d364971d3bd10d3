"""The keyboard's focus ring never crosses the words of a caption on the felt (seen on Parsifal's
deck, whose ring struck through 'Turn 1' above it)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem
from table_driver import Dialogs, make_window

from cardsets.text import LANGUAGES
from desktop.frame.card_item import FocusRing
from desktop.frame.card_table import CardTable

TABLES = {"parsifal": ("standard", {"first_player": 0}, 7), "bacchanalia": ("standard", {}, 3),
          "banquet": ("standard", {}, 1), "chrononauts": ("chrononauts", {"first_player": 0}, 5),
          "artifaxx": ("artifaxx", {"first_player": 0}, 5)}


def glyphs(caption: QGraphicsSimpleTextItem) -> QRectF:
    """Where the letters are drawn: tighter than the item's box, which keeps room for line spacing."""
    metrics = QFontMetricsF(caption.font())
    box = metrics.tightBoundingRect(caption.text())
    return box.translated(caption.scenePos().x(), caption.scenePos().y() + metrics.ascent())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("table", ["solonauts", *TABLES])
def test_no_focus_ring_crosses_a_caption(qtbot: Any, home: Path, dialogs: Dialogs, table: str, lang: str) -> None:
    window = make_window(qtbot, dialogs, language=lang)
    if table == "solonauts":
        window.new_game({"ids": 8}, 5)
        scene: CardTable = window.table.scene
    else:
        mode, options, seed = TABLES[table]
        game = "chrononauts" if table == "artifaxx" else table
        scene = window.new_hotseat(game, mode, ["Marta", "Luca", "Ana"][:2 if game == "chrononauts" else 3],
                                   options, seed).scene
    QApplication.processEvents()
    captions = [item for item in scene.items() if isinstance(item, QGraphicsSimpleTextItem)
                and item.parentItem() is None and item.isVisible() and item.text()]
    assert captions, "no caption on the felt: nothing to check"
    ring = FocusRing()
    crossed = []
    for key, item in scene.items_by_key.items():
        if not item.isVisible():
            continue
        card = item.sceneBoundingRect()
        ring.surround(card)
        for caption in captions:
            letters = glyphs(caption)
            if ring.outline.intersects(letters) and not card.intersects(letters):
                crossed.append((key, caption.text()))
    assert crossed == [], crossed
