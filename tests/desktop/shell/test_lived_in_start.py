"""`convivium` started on a data folder that has been lived in: the player's own translations (two the readers
accept, one they refuse), a game in progress of every mode of every table, a language chosen. Each of those was
tested on its own; together, through the real start (desktop/shell/app.py `run`), they met only on players'
machines. The start that read an accepted translation stopped with a TypeError before the window came up (its
problems were looked for in the translation itself), so anyone who imported one could not start the app."""
from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest
from app_run import run_app
from secret_twins import random_moves

import cardsets
from desktop.frame import storage
from desktop.shell.main_window import MainWindow
from desktop.shell.tables import seat_games, table_class

NAMES = ["Ada", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
OWN_MENU = "Spelletje"  # the player's own Dutch for the Game menu


def _own_translation(name: str, key: str, text: str) -> None:
    """The installed Dutch of `name` with one string of the player's own, where an import writes it."""
    installed = (cardsets.ROOT / name / "text" / "nl.yaml").read_text(encoding="utf-8")
    line = next(line for line in installed.splitlines() if line.strip().startswith(f"{key}:"))
    indent = line[:len(line) - len(line.lstrip())]
    target = storage.translations_dir() / name / "nl.yaml"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(installed.replace(line, f'{indent}{key}: "{text}"', 1), encoding="utf-8")


def _games_in_progress() -> list[tuple[str, str]]:
    """A game of every mode of every table, a dozen random moves in, saved as its autosave; Parsifal's last played."""
    made: list[tuple[str, str]] = []
    rng = random.Random(5)
    when = 1_700_000_000
    for game in sorted(seat_games(), key=lambda g: g == "parsifal"):
        table = table_class(game)
        assert table is not None
        for mode in table.MODES:
            started = table.GAME_CLASS.start(game, mode, NAMES[:table.SEATS[0]], {}, rng.randrange(1000))
            random_moves(started.match, rng, 12)
            if started.engine.is_over(started.state):
                continue  # over already: not in progress, and its autosave would be removed
            slot = storage.new_game_slot()
            slot.parent.mkdir(parents=True, exist_ok=True)
            started.save(slot)
            when += 60
            os.utime(slot, (when, when))
            made.append((game, mode))
    return made


@pytest.fixture
def lived_in(home: Path) -> list[tuple[str, str]]:
    _own_translation("ui", "menu.game", f"&{OWN_MENU}")
    _own_translation("chrononauts", "tl_1912.true.title", "De Titanic gaat ten onder")
    refused = storage.translations_dir() / "banquet" / "nl.yaml"
    refused.parent.mkdir(parents=True, exist_ok=True)
    refused.write_text('language: nl\nstrings:\n  x: "open\n', encoding="utf-8")
    storage.save_settings({"language": "nl"})
    return _games_in_progress()


def _start(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[int, MainWindow, list[str]]:
    """Run the app as `convivium` does, carry on the game offered, and leave once the table is up and the notes of the
    start are said; the exit code, the window and every question asked."""
    asked: list[str] = []

    def carry_on(self: MainWindow, title: str, text: str, buttons: list[str], safe: int | None = None) -> int:
        asked.append(text)
        return 0

    monkeypatch.setattr(MainWindow, "ask", carry_on)
    monkeypatch.setattr(MainWindow, "inform", lambda self, title, text: asked.append(text))
    code, window = run_app([], lambda shown: shown.table is not None and bool(shown.message.text()))
    qtbot.addWidget(window)
    return code, window, asked


def test_a_start_on_a_lived_in_folder_carries_on_in_the_players_language(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, lived_in: list[tuple[str, str]]) -> None:
    code, window, asked = _start(qtbot, monkeypatch)
    assert code == 0
    assert len(asked) == 1 and window.tr_.language == "nl"  # the offer to carry on, and nothing else
    # The game played last is on the table, as it was left.
    assert window.table is not None and window.table.GAME == "parsifal"
    # The player's own Dutch is read over the installed one; the file the readers refuse is said, in Dutch.
    assert window.menuBar().actions()[0].text() == f"&{OWN_MENU}"
    said = window.message.text()
    assert "banquet/nl.yaml" in said and "(regel 4, kolom 1)" in said, said  # where the open quote meets the end
    assert "expected" not in said and "scanning" not in said, said


def test_every_game_in_progress_of_a_lived_in_folder_opens_in_dutch(
        qtbot: Any, monkeypatch: pytest.MonkeyPatch, lived_in: list[tuple[str, str]]) -> None:
    from desktop.shell.games_list import games_in_progress

    code, window, _ = _start(qtbot, monkeypatch)
    assert code == 0
    damaged: list[Any] = []
    entries = games_in_progress(damaged=damaged)
    assert not damaged
    assert sorted((e.game.engine.game, e.game.engine.mode) for e in entries) == sorted(lived_in)
    for entry in entries:
        table = window.show_table(entry.game, entry.path)
        assert table is not None, entry.path
        assert table.GAME == entry.game.engine.game
        assert not window.grab().isNull()
        assert window.tr_.text(f"game.{table.GAME}") in window.windowTitle()
