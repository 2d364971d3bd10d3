"""The players' areas of a row share its width (PAR-15.1): five players' second row is two areas, each half the
table wide. Each was a third wide beside a third of bare felt, and six characters in one of them had their missions
cut ("○ blokkeert Parsifal ○ B…", Dutch, at 1280×720)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import left_out, on_screen
from desktop.shell.main_window import MainWindow
from desktop.shell.screenshot import Shot, set_table


def test_five_players_second_row_shares_the_width_and_reads_whole(window: MainWindow, tmp_path: Path) -> None:
    window.set_language("nl")
    set_table(window, Shot("parsifal", "standard", 5, 7, 25, (1264, 672), tmp_path / "shot.png"))
    table: Any = window.table
    assert table is not None
    scene = table.scene
    scene.finish_slides()
    QApplication.processEvents()
    rects = scene.area_rects
    first_row_end = rects[2][0] + rects[2][2]
    assert rects[3][1] == rects[4][1] > rects[0][1]  # the second row
    assert rects[3][0] == rects[0][0] and abs(rects[4][0] + rects[4][2] - first_row_end) < 0.5  # edge to edge
    assert abs(rects[3][2] - rects[4][2]) < 0.5 and rects[3][2] > 1.4 * rects[0][2]
    view = scene.par_view
    crowded = max((3, 4), key=lambda seat: len(view.owned_by(seat)))
    assert len(view.owned_by(crowded)) >= 5, "the deal no longer crowds an area of the second row"
    transform = table.view.viewportTransform()
    cut = [key for key in view.owned_by(crowded) if key in scene.items_by_key
           and left_out(scene.items_by_key[key].face, on_screen(scene.items_by_key[key].deviceTransform(transform)))]
    assert cut == []
