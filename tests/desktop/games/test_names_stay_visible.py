"""Nothing on a table hides a card's name (issue #11, item 4).

Each table is drawn as `convivium --screenshot` draws it, with the most players it allows, at
1280×720, after random legal moves: no card's name strip (its title as the face paints it at the
view's scale, in scene coordinates) lies under another card or chip drawn above it. A card lying
on a zone (a pile, a slot, the resolving zone) covers that zone's caption on purpose and is not counted.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import CardItem, on_screen, shown_texts
from desktop.frame.i18n import Translator
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow
from desktop.tools.legibility import table_view
from rules.registry import engine

SEEDS = (1, 2, 3)
MOVES = {"solonauts": (20, 40), "chrononauts": (30, 60), "artifaxx": (25, 50), "bacchanalia": (25, 45),
         "banquet": (25, 45), "parsifal": (20, 40)}


def hidden_names(window: MainWindow) -> list[str]:
    """'A under B' for every card whose name strip a card drawn above it covers."""
    view = table_view(window)
    cards = [item for item in view.scene().items() if isinstance(item, CardItem) and item.isVisible()]
    found = []
    for card in cards:
        if card.key.startswith(("zone:", "slot:")):
            continue
        scale = on_screen(card.deviceTransform(view.viewportTransform()))
        # The name strip is the title; a band that repeats the title (a stacked card's) will do as well.
        strips = [card.mapRectToScene(text.rect) for text in shown_texts(card.face, scale)
                  if text.role == "title" or text.role == "kind_label" and card.face.kind_label == card.face.title]
        # Of two cards at the same height either may be drawn on top: both count.
        covers = [above.mapRectToScene(QRectF(0, 0, above.face.width, above.face.height)) for above in cards
                  if above is not card and above.zValue() >= card.zValue()]
        hidden = [strip for strip in strips if any(_overlap(strip, over) for over in covers)]
        if strips and len(hidden) == len(strips):
            by = sorted(above.key for above in cards if above is not card and above.zValue() >= card.zValue()
                        and any(_overlap(strip, above.sceneBoundingRect()) for strip in strips))
            found.append(f"{card.key} under {', '.join(by)}")
    return found


def _overlap(strip: QRectF, over: QRectF) -> bool:
    common = over.intersected(strip)
    return common.width() > 1 and common.height() > 1


@pytest.mark.parametrize("table", list(MOVES))
def test_no_card_hides_a_name(qtbot: Any, home: Path, tmp_path: Path, table: str) -> None:
    window = MainWindow(Translator("it"))
    qtbot.addWidget(window)
    window.ask = lambda title, text, buttons, safe=None: safe or 0  # type: ignore[method-assign]
    window.inform = lambda title, text: None  # type: ignore[method-assign]
    window.show()
    players = engine(screenshot.games()[table], screenshot.modes_of(table)[0]).player_range()[1]
    problems = []
    for seed in SEEDS:
        for moves in MOVES[table]:
            shot = screenshot.read_shot(table, None, players, seed, moves, "1280x720", str(tmp_path / "x.png"))
            screenshot.set_table(window, shot)
            window.resize(1280, 720)
            for _ in range(3):
                QApplication.processEvents()
            problems += [f"seed {seed}, {moves} moves: {problem}" for problem in hidden_names(window)]
    assert not problems, "\n".join(problems)
