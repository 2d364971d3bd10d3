"""The seats of five or six players, with the artifacts on their tables (CHR-8.2), stay beside the row and the hand at
the window a real 1280×720 screen gives: the next seat goes where a column is shortest, so a seat with several
artifacts no longer pushes the seats after it past the table's foot. Pushed past it, the table was drawn taller and
so smaller, and its years, its hand and the artifacts' names were cut (at a third less than its size, in every
language, five seats late in a game)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from cardsets.text import LANGUAGES
from desktop.frame.card_item import left_out, on_screen
from desktop.games.chrononauts.full_scene import artifact_key, seat_columns, seat_key
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


def with_computers(window: MainWindow, language: str, names: list[str], seed: int, levels: dict[int, str],
                   moves: int = 0) -> Any:
    """A table of the full game at 1264×672 with computers at the seats of `levels`, after `moves` random moves, as
    the player to act sees it once every slide has ended."""
    from desktop.shell.screenshot import play_random
    from desktop.shell.tables import table_class

    window.set_language(language)
    window.resize(1264, 672)
    table_type = table_class("chrononauts")
    assert table_type is not None
    game = table_type.GAME_CLASS.start("chrononauts", "chrononauts", names, {}, seed, bots=levels)
    play_random(game.match, moves, seed)
    table: Any = window.show_table(game)
    assert table is not None
    table.lift_curtain()
    for _ in range(3):
        QApplication.processEvents()
    table.scene.finish_slides()
    QApplication.processEvents()
    return table


def cut_on_screen(table: Any) -> list[tuple[str, str]]:
    """The items of the table whose words are not all drawn at the size the view shows them."""
    return [(key, item.face.title) for key, item in table.scene.items_by_key.items()
            if left_out(item.face, on_screen(item.deviceTransform(table.view.viewportTransform())))]


@pytest.mark.parametrize("language", LANGUAGES)
def test_five_computers_leave_the_table_its_size(window: MainWindow, language: str) -> None:
    """One person and five computers (CHR-3.1 allows six seats): each computer's plate says so, and its level, in its
    band, in words short enough for it (and shown whole: `left_out` counts the band). The set-up dialog's "Computer —
    makkelijk" took two lines under the name; five such seats made the column longer than the table, the table
    taller and so smaller, and the years, the hand and the plates were cut."""
    levels = {1: "easy", 2: "easy", 3: "normal", 4: "hard", 5: "easy"}
    table = with_computers(window, language, ["Ada", "Bruno", "Carla", "Dario", "Elena", "Fabio"], 5, levels)
    scene = table.scene
    for seat, level in levels.items():
        assert scene.items_by_key[seat_key(seat)].face.kind_label == table.tr_.text(f"hs.seat_computer_{level}")
    assert scene.sceneRect().height() <= scene.table_shape.height + 1, language
    assert cut_on_screen(table) == [], language


def test_seats_side_by_side_in_turn_while_they_fit() -> None:
    assert seat_columns([70, 70, 70, 70], 2, 300) == [0, 1, 0, 1]
    assert seat_columns([70, 160, 70, 70], 2, 300) == [0, 1, 0, 0]  # the next where a column is shortest
    assert seat_columns([70, 70, 70], 1, 100) == [0, 0, 0]  # Artifaxx: one column, however long


def test_seats_shared_out_when_in_turn_runs_past_the_room() -> None:
    """Four seats in Spanish, late in a game: in turn, the fourth seat and its two artifacts went under the first and
    third (332 against a room of 286) while the second column held one seat and an artifact."""
    heights = [76, 166, 88, 168]
    chosen = seat_columns(heights, 2, 286)
    tops = [sum(h for h, c in zip(heights, chosen) if c == column) for column in (0, 1)]
    assert max(tops) == 254  # {Ada, Dario} 244, {Bruno, Carla} 254: no sharing does better
    assert chosen[0] == 0


def test_four_seats_with_artifacts_keep_the_table_its_size(window: MainWindow) -> None:
    """Three computers and four artifacts on the tables (CHR-8.2), late in a Spanish game: the seats shared out keep
    the table at its shape, where in turn they made it taller, smaller, and 30 of its cards cut."""
    table = with_computers(window, "es", ["Ada", "Bruno", "Carla", "Dario"], 1, {1: "normal", 2: "hard", 3: "easy"},
                           moves=220)
    scene = table.scene
    assert sum(len(held) for held in scene.full_view.tables) >= 3, "the deal no longer leaves artifacts out"
    assert scene.sceneRect().height() <= scene.table_shape.height + 1
    assert cut_on_screen(table) == []
