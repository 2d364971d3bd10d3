"""A redraw repaints only what changed (issue #42): a table drawn again over the same view (a redraw after the
window was resized to the same size, a move that left most of it as it was) marks nothing of the scene for
repainting. Setting an item's scale, a hidden veil's place or a caption's words again each marked their whole
area (the veil: the whole table), and the view painted it all again at every move. A focus whose card left rests
on the hand's first card that may move without the whole table being put in reading order first."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from desktop.frame.i18n import Translator
from desktop.shell.tables import table_class

TABLES = [("chrononauts", "chrononauts", 6), ("parsifal", "standard", 6), ("banquet", "standard", 5),
          ("bacchanalia", "standard", 4)]


def started(qtbot: Any, game: str, mode: str, seats: int) -> tuple[Any, Any]:
    """A table for `seats` in English (deal 3), and its game."""
    table = table_class(game)
    assert table is not None
    tr = Translator("en")
    played = table.GAME_CLASS.start(game, mode, [f"P{n}" for n in range(seats)], {}, 3)
    window = table(tr if game == "chrononauts" else tr.for_game(game), played)
    qtbot.addWidget(window)
    return window, played


@pytest.mark.parametrize(("game", "mode", "seats"), TABLES)
def test_a_table_drawn_again_over_the_same_view_repaints_nothing(qtbot: Any, home: Path, game: str, mode: str,
                                                                  seats: int) -> None:
    window, played = started(qtbot, game, mode, seats)
    window.resize(1280, 720)
    window.show()
    rng = random.Random(3)
    for _ in range(8):  # the curtain comes down and is lifted on the way
        player = rng.choice(sorted(played.engine.to_act(played.state)))
        played.match.play(rng.choice(played.match.legal_moves(player)))
        window.refresh()
        QApplication.processEvents()
        window.looking = window.decider()
        window.refresh()
        QApplication.processEvents()
    marked: list[QRectF] = []
    window.scene.changed.connect(marked.extend)
    window.scene.redraw()
    QApplication.processEvents()
    assert marked == []


def test_a_focus_whose_card_went_rests_on_the_hands_first_card_without_measuring_the_table(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The focus of a card that left (another player's hand now shows) rests on the first card that may move: the
    hand's first, found without putting every item of the table in reading order (issue #42)."""
    from desktop.frame import card_table

    table = table_class("chrononauts")
    assert table is not None
    played = table.GAME_CLASS.start("chrononauts", "chrononauts", ["Ada", "Bo", "Cy"], {}, 3)
    window = table(Translator("en"), played)
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    scene = window.scene
    rng = random.Random(3)
    for _ in range(30):  # on to a turn whose player may play from their hand
        window.looking = window.decider()
        window.refresh()
        QApplication.processEvents()
        movable = [card for card in scene.hand_cards() if scene.dests.get(card)]
        if movable:
            break
        player = rng.choice(sorted(played.engine.to_act(played.state)))
        played.match.play(rng.choice(played.match.legal_moves(player)))
    assert movable
    ordered: list[object] = []
    real = card_table.reading_order
    monkeypatch.setattr(card_table, "reading_order", lambda rects: ordered.append(rects) or real(rects))
    scene._free_focus = "gone"  # its card left the table
    scene.refresh_marks()
    assert scene.focused_key == movable[0] == scene.movable()[0]
    assert len(ordered) == 1  # movable() above, asked by this test; the focus asked for none


@pytest.mark.parametrize(("game", "mode", "seats"), TABLES)
def test_the_captions_on_the_felt_are_kept_painted(qtbot: Any, home: Path, game: str, mode: str, seats: int) -> None:
    """A caption is laid out and drawn again only when its words change: a card sliding past it, or a repaint of
    the felt around it, copies it (issue #42: a tenth of the view's own painting at each Banquet redraw)."""
    from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem

    window, _played = started(qtbot, game, mode, seats)
    window.show()
    captions = [item for item in window.scene.items() if isinstance(item, QGraphicsSimpleTextItem)
                and item.parentItem() is None and item.text()]
    assert captions
    assert all(item.cacheMode() == QGraphicsItem.CacheMode.DeviceCoordinateCache for item in captions)
