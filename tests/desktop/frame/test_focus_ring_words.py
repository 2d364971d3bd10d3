"""The keyboard's focus ring never paints over a card's words. At a maximised window (1264×672) the ring round a
Parsifal character ran through the name of the artifact tucked under it (PAR-15.2), and the ring round an artifact
through the next one's: the ring lies outside its card's edge, where the next card's name begins."""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QRectF
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QGraphicsView
from table_driver import Dialogs, make_window

from desktop.frame.card_item import CardItem, on_screen, words_drawn
from desktop.frame.card_table import CardTable
from desktop.games.parsifal.scene import ParsifalScene
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow

SIZE = "1264x672"  # the maximised window at a 1280×720 screen


def covered_words(view: QGraphicsView, scene: CardTable) -> list[str]:
    """Each card the ring is put round in turn: the cards whose words show a pixel the ring changed."""
    crossed: list[str] = []
    ring = scene.focus_ring
    for key in sorted(scene.items_by_key):
        if not scene.items_by_key[key].isVisible():
            continue
        scene._free_focus = key  # the keyboard rests on it, as after a click (CardTable.focused_key)
        scene._show_focus()
        QApplication.processEvents()
        assert ring.isVisible()
        shown = view.viewport().grab().toImage()
        ring.hide()
        bare = view.viewport().grab().toImage()
        ring.show()
        around = view.mapFromScene(ring.boundingRect()).boundingRect()
        assert any(shown.pixel(point) != bare.pixel(point) for point in _points(QRectF(around), shown)), key
        for item in view.items(around):
            if not isinstance(item, CardItem):
                continue
            scale = on_screen(item.deviceTransform(view.viewportTransform()))
            for rect in words_drawn(item.face, scale):
                letters = view.viewportTransform().mapRect(item.mapRectToScene(rect))
                if any(shown.pixel(point) != bare.pixel(point) and _top_card(view, point) is item
                       for point in _points(letters.intersected(QRectF(around)), shown)):
                    crossed.append(f"{key}'s ring over {item.key}'s words")
                    break
    return crossed


def _points(rect: QRectF, image: QImage) -> list[QPoint]:
    """The pixels of `image` whose centres lie in `rect`."""
    xs = range(max(0, math.ceil(rect.left() - 0.5)), min(image.width(), math.floor(rect.right() - 0.5) + 1))
    ys = range(max(0, math.ceil(rect.top() - 0.5)), min(image.height(), math.floor(rect.bottom() - 0.5) + 1))
    return [QPoint(x, y) for y in ys for x in xs]


def _top_card(view: QGraphicsView, point: QPoint) -> CardItem | None:
    """The card whose paint shows at `point` of the viewport (the ring and other marks left aside)."""
    return next((item for item in view.items(point) if isinstance(item, CardItem)
                 and item.mapRectToScene(QRectF(0, 0, item.face.width, item.face.height))
                 .contains(view.mapToScene(point))), None)


def _drawn(window: MainWindow, tmp_path: Path, game: str, moves: int, seed: int) -> tuple[QGraphicsView, CardTable]:
    shot = screenshot.read_shot(game, None, 4 if game != "solonauts" else None, seed, moves, SIZE,
                                str(tmp_path / "x.png"))
    screenshot.set_table(window, shot)
    for _ in range(3):
        QApplication.processEvents()
    view = window.table_view()
    assert view is not None
    scene = view.scene()
    assert isinstance(scene, CardTable) and not scene.curtain_up
    return view, scene


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_the_ring_round_a_parsifal_character_leaves_its_artifacts_names_clear(qtbot: Any, home: Path,
                                                                              dialogs: Dialogs, tmp_path: Path,
                                                                              lang: str) -> None:
    window = make_window(qtbot, dialogs, language=lang)
    view, scene = _drawn(window, tmp_path, "parsifal", 40, 7)
    assert isinstance(scene, ParsifalScene) and scene.par_view is not None
    assert any(scene.par_view.held.values()), "no artifact under a character: nothing to check"
    assert covered_words(view, scene) == []


@pytest.mark.parametrize("game, moves", [("bacchanalia", 20), ("banquet", 20), ("chrononauts", 30),
                                         ("artifaxx", 30), ("solonauts", 10)])
def test_no_focus_ring_paints_over_a_cards_words(qtbot: Any, home: Path, dialogs: Dialogs, tmp_path: Path,
                                                 game: str, moves: int) -> None:
    window = make_window(qtbot, dialogs, language="nl")
    view, scene = _drawn(window, tmp_path, game, moves, 7)
    assert covered_words(view, scene) == []
