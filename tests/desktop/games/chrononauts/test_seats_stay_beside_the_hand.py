"""The seats of five or six players, with the artifacts on their tables (CHR-8.2), stay beside the row and the hand at
the window a real 1280×720 screen gives: the next seat goes where a column is shortest, so a seat with several
artifacts no longer pushes the seats after it past the table's foot. Pushed past it, the table was drawn taller and
so smaller, and its years, its hand and the artifacts' names were cut (at a third less than its size, in every
language, five seats late in a game)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardsets.text import LANGUAGES
from desktop.frame.card_item import left_out, on_screen
from desktop.games.chrononauts.full_scene import artifact_key, seat_key
from desktop.shell.main_window import MainWindow
from desktop.shell.screenshot import Shot, set_table


@pytest.mark.parametrize(("players", "seed", "moves"), [(5, 4, 160), (6, 5, 150)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_seats_end_within_the_table_and_read_whole(window: MainWindow, tmp_path: Path, language: str,
                                                                   players: int, seed: int, moves: int) -> None:
    window.set_language(language)
    set_table(window, Shot("chrononauts", "chrononauts", players, seed, moves, (1264, 672), tmp_path / "shot.png"))
    table: Any = window.table
    assert table is not None
    scene = table.scene
    assert sum(len(held) for held in scene.full_view.tables) >= 2, "the deal no longer leaves artifacts out"
    assert scene.sceneRect().height() <= scene.table_shape.height + 1, language
    seats = {seat_key(q) for q in range(players)}
    cut = [(key, item.face.title) for key, item in scene.items_by_key.items()
           if (key in seats or key.startswith(artifact_key("")))
           and left_out(item.face, on_screen(item.deviceTransform(table.view.viewportTransform())))]
    assert cut == [], (language, cut)
    # In the order of play, a column at a time where nobody's table holds artifacts: the first two side by side.
    first, second = (scene.items_by_key[seat_key(q)].pos() for q in (0, 1))
    assert first.y() == second.y() and first.x() < second.x()
