"""Solonauts statistics: counted once per finished game, kept in the data folder, shown, reset."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from table_driver import DEAL, Dialogs, make_window

from desktop.games.chrononauts import solonauts_stats as stats_module
from desktop.games.chrononauts.solonauts_stats import Record, Statistics
from desktop.shell.main_window import MainWindow
from rules.chrononauts.moves import Resign


def resign(window: MainWindow) -> None:
    assert window.table.session is not None
    window.table.session.play(Resign(0))


def test_a_record_counts_wins_losses_best_score_and_streaks(tmp_path: Path) -> None:
    stats = Statistics(tmp_path / "stats.json")
    for won, score in [(True, 8), (True, 8), (False, 5), (True, 8)]:
        stats.record(8, won, score)
    stats.record(6, False, 2)
    assert stats.records[8] == Record(played=4, won=3, best=8, streak=1, best_streak=2)
    assert stats.records[6] == Record(played=1, won=0, best=2, streak=0, best_streak=0)
    again = Statistics(tmp_path / "stats.json")  # kept on disk
    assert again.records == stats.records and again.set_aside is None


RECORD = {"played": 3, "won": 1, "best": 8, "streak": 0, "best_streak": 1}
GOOD = {"format": "convivium-solonauts-stats", "by_ids": {"8": RECORD}}


def _with(played: int) -> bytes:
    return json.dumps({**GOOD, "by_ids": {"8": {**RECORD, "played": played}}}).encode()


@pytest.mark.parametrize("content", [b"{not json", b'{"format": "other"}', b"\xff\xfe",
                                     b'{"format": "convivium-solonauts-stats", "by_ids": {"8": {"played": -1}}}',
                                     # issue #12: a RecursionError escaped and the app could not start
                                     b"[" * 1000, b"{" * 1000,
                                     _with(10**12), _with(10**400), json.dumps(GOOD).encode() + b" " * 100_000])
def test_a_damaged_file_is_set_aside_and_counting_starts_again(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(content)
    stats = Statistics(path)
    assert stats.records == {} and stats.set_aside is not None
    assert stats.set_aside.read_bytes() == content  # kept as it was, under another name
    stats.record(8, True, 8)
    assert json.loads(path.read_text(encoding="utf-8"))["by_ids"]["8"]["won"] == 1


def test_a_finished_game_counts_once(qtbot: Any, window: MainWindow) -> None:
    resign(window)
    assert window.table.stats.records[8] == Record(played=1, won=0, best=0, streak=0, best_streak=0)
    assert window.table.session is not None
    window.table.session.undo()
    window.table.session.redo()  # the same ending again is not a second game
    assert window.table.stats.records[8].played == 1
    window.act_restart.trigger()
    resign(window)
    assert window.table.stats.records[8].played == 2
    on_disk = json.loads(stats_module.default_path().read_text(encoding="utf-8"))
    assert on_disk["by_ids"]["8"]["played"] == 2


def test_the_dialog_shows_the_record_and_resets_after_asking(qtbot: Any, window: MainWindow,
                                                             dialogs: Dialogs) -> None:
    resign(window)
    window.act_statistics.trigger()
    dialog = window.table.stats_dialog
    assert dialog.cell(8, "stats.played") == "1" and dialog.cell(8, "stats.rate") == "0%"
    assert dialog.cell(6, "stats.played") == "0" and dialog.cell(6, "stats.best") == "—"
    dialogs.answers = [1]  # "Keep them"
    dialog.reset_button.click()
    assert window.table.stats.records[8].played == 1
    dialogs.answers = [0]  # "Forget them"
    dialog.reset_button.click()
    assert window.table.stats.records == {} and dialog.cell(8, "stats.played") == "0"
    assert dialogs.asked[-1][1] == "Forget every game counted so far?"
    dialog.close()


def test_a_damaged_file_is_told_to_the_player(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "stats.json").write_text("garbage", encoding="utf-8")
    window = make_window(qtbot, dialogs)
    window.new_game({"ids": 8}, DEAL)
    kept = home / "stats.json.damaged-1"
    qtbot.waitUntil(lambda: "statistics file was damaged" in window.message.text())
    assert str(kept) in window.message.text()  # the whole path: where to look for it
    assert kept.read_text(encoding="utf-8") == "garbage"
    QApplication.processEvents()
