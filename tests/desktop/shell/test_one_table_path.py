"""Issue #28, item 1: Solonauts is played through the one table path, and the main window is only the shell.

The window shows Solonauts' table (`tables.table_for("chrononauts", "solonauts")`) exactly as it shows any
other game's: started, saved, opened, undone, hinted, restarted and its statistics shown through it; its
autosave is a slot of the games in progress; an autosave of earlier versions is taken in once at start.
"""
from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from table_driver import DEAL, Dialogs, make_window

from desktop.frame import storage
from desktop.games.chrononauts import solonauts_help as solo_help
from desktop.shell.games_list import GamesDialog, games_in_progress
from desktop.shell.main_window import MainWindow
from desktop.shell.tables import table_for
from rules import engine
from rules.chrononauts.moves import Resign
from rules.match import Match
from rules.saves import load as load_save
from rules.saves import save as write_save

ROOT = Path(__file__).resolve().parents[3]
V1 = ROOT / "tests" / "rules" / "fixtures" / "saves-v1"
SOLO = table_for("chrononauts", "solonauts")


def play(window: MainWindow, count: int) -> list[Any]:
    """Play `count` legal moves (no resigning) through the table on show; the moves played."""
    table = window.table
    assert table is not None
    for _ in range(count):
        moves = [m for m in table.game.match.legal_moves(0) if not isinstance(m, Resign)]
        assert table.play(moves[0])
    return list(table.game.match.moves)


def imported(path: Path) -> set[str]:
    """Every module name an import statement of `path` names, wherever it stands."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_the_shell_imports_no_solonauts_module() -> None:
    """Only tables.table_for knows where Solonauts' table lives: no module of the shell imports its parts."""
    shell = sorted((ROOT / "desktop" / "shell").glob("*.py"))
    assert shell
    found = {path.name: sorted(name for name in imported(path) if ".solonauts_" in name) for path in shell}
    assert {name: mods for name, mods in found.items() if mods} == {}


def test_the_window_holds_no_game_of_its_own(window: MainWindow) -> None:
    for part in ("session", "help", "stats", "scene", "view", "faces", "hotseat"):
        assert not hasattr(window, part), part
    assert type(window.table) is SOLO and window.centre.currentWidget() is window.table
    assert window.table.log is window.log and window.table.detail is window.detail  # the shell's docks


def test_solonauts_is_started_saved_reopened_and_undone_through_its_table(
        qtbot: Any, window: MainWindow, tmp_path: Path) -> None:
    table = window.table
    assert table is not None and window.windowTitle() == table.title()
    moves = play(window, 12)
    target = tmp_path / "solo.convivium.json"
    assert window.save_to(target)
    window.new_game({"ids": 8}, DEAL + 1)
    assert window.table is not table and window.table.game.match.moves == []
    assert window.open_file(target)
    assert type(window.table) is SOLO and window.table.game.match.moves == moves
    assert window.save_path == target  # Save writes the file opened
    for _ in range(len(moves)):  # undo has no limit
        assert window.act_undo.isEnabled()
        window.act_undo.trigger()
    assert window.table.game.match.moves == [] and not window.act_undo.isEnabled()
    assert window.act_redo.isEnabled()


def test_the_tables_own_menu_entries_go_to_the_table(qtbot: Any, window: MainWindow, dialogs: Dialogs,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solo_help, "HINT_SAMPLES", 3)
    monkeypatch.setattr(solo_help, "HINT_NODES", 40)
    table = window.table
    assert table is not None
    assert all(act.isEnabled() for act in (window.act_hint, window.act_daily, window.act_statistics,
                                           window.act_restart))
    window.act_hint.trigger()
    assert window.message.text() == "Looking for a good move…"  # said by the table, in the window's status line
    qtbot.waitUntil(lambda: not table.help.background.busy(), timeout=60_000)
    assert window.message.text().startswith("Hint: ")
    window.act_statistics.trigger()
    QApplication.processEvents()
    assert table.stats_dialog is not None and table.stats_dialog.isVisible()
    table.stats_dialog.close()
    slot = table.autosave
    play(window, 3)
    window.act_restart.trigger()
    assert window.table is table and table.game.match.moves == [] and table.game.match.seed == DEAL
    assert table.autosave == slot and load_save(slot).moves == []  # the same deal again, in the same slot
    window.new_hotseat("parsifal", "standard", ["Ann", "Bob"], {}, 5)
    assert not any(act.isEnabled() for act in (window.act_daily, window.act_statistics, window.act_restart))
    assert window.act_hint.isEnabled()  # Ann decides: computers play Parsifal, so it has a hint (issue #36)
    window.new_hotseat("bacchanalia", "standard", ["Ann", "Bob", "Cid"], {}, 5)
    assert not window.act_hint.isEnabled()  # told aloud: the Aruspex panel is its guide


def test_a_solonauts_deal_autosaves_in_a_slot_and_a_new_deal_takes_its_place(window: MainWindow) -> None:
    """A new deal takes the slot of a deal nobody has played on (nothing is lost); the games for several stay."""
    slot = window.table.autosave
    assert slot is not None and storage.is_game_slot(slot)
    assert not storage.legacy_autosave_path().exists()
    window.new_game({"ids": 7}, 99)
    assert window.table.autosave == slot and load_save(slot).seed == 99
    parsifal = window.new_hotseat("parsifal", "standard", ["Ann", "Bob"], {}, 5)
    window.new_game({"ids": 7}, 100)
    assert window.table.autosave not in (slot, parsifal.autosave)  # the others stay in progress
    assert len(games_in_progress()) == 3


def test_a_new_deal_never_takes_the_place_of_a_deal_in_progress(window: MainWindow) -> None:
    """Issue #39, item 7: Game → New game wrote the new deal over the running one's file. The deal in progress stays
    in Games in progress, whole, in its own slot; the new deal gets a slot of its own, as a new game for several
    does."""
    moves = play(window, 3)
    slot = window.table.autosave
    assert slot is not None
    window.new_game({"ids": 7}, 99)
    assert window.table.autosave not in (None, slot) and window.table.game.match.seed == 99
    assert load_save(slot).seed == DEAL and load_save(slot).moves == moves
    listed = {entry.path: entry.game.match for entry in games_in_progress()}
    assert set(listed) == {slot, window.table.autosave} and listed[slot].moves == moves


def test_a_deal_found_by_the_table_is_dealt_beside_the_deal_in_progress(window: MainWindow) -> None:
    """The table's own new deals (the winnable deal, the deal of the day, New deal at the end) go the same way."""
    table = window.table
    moves = play(window, 2)
    slot = table.autosave
    assert slot is not None
    table.new_game({"ids": 8}, 4321)  # where the search for a winnable or daily deal ends
    assert window.table is table and table.autosave not in (None, slot) and table.game.match.seed == 4321
    assert load_save(table.autosave).seed == 4321 and load_save(slot).moves == moves
    untouched = table.autosave
    table.new_game({"ids": 8}, 4322)  # nothing played on that one: nothing lost, its slot is reused
    assert table.autosave == untouched and load_save(untouched).seed == 4322
    assert sorted(entry.path for entry in games_in_progress()) == sorted([slot, untouched])


def test_an_old_solonauts_autosave_is_taken_into_the_games_in_progress_once(
        qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    home.mkdir(parents=True)
    match = Match(engine("chrononauts", "solonauts"), {"ids": 8}, DEAL)
    for _ in range(4):
        match.play(next(m for m in match.legal_moves(0) if not isinstance(m, Resign)))
    old = storage.legacy_autosave_path()
    write_save(old, match)
    first = make_window(qtbot, dialogs)
    dialogs.answers = [0]  # Carry on
    assert first.offer_resume(crashed=False)
    assert not old.exists()
    table = first.table
    assert type(table) is SOLO and table.game.match.moves == match.moves and table.game.match.seed == DEAL
    assert table.autosave is not None and storage.is_game_slot(table.autosave)
    # Once: the next start finds it among the games in progress, and nothing where it was.
    second = make_window(qtbot, dialogs)
    dialogs.answers = [1]
    assert not second.offer_resume(crashed=False)
    assert [entry.path for entry in games_in_progress()] == [table.autosave] and not old.exists()


def test_a_damaged_old_autosave_is_said_and_kept_aside_as_it_was(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    home.mkdir(parents=True)
    old = storage.legacy_autosave_path()
    old.write_text('{"format": "convivium-save", "seed": ', encoding="utf-8")
    window = make_window(qtbot, dialogs)
    assert not window.offer_resume(crashed=False)
    kept = old.with_name(old.name + ".damaged-1")
    assert kept.read_text(encoding="utf-8") == '{"format": "convivium-save", "seed": '
    assert not storage.games_dir().exists() or not list(storage.games_dir().iterdir())  # not taken in
    qtbot.waitUntil(lambda: "could not be read" in window.message.text())
    assert str(kept) in window.message.text()


def test_the_games_in_progress_list_and_reopen_a_solonauts_game(qtbot: Any, window: MainWindow) -> None:
    play(window, 2)
    solo = window.table.autosave
    window.new_hotseat("parsifal", "standard", ["Ann", "Bob"], {}, 5)
    dialog = GamesDialog(window.tr_, window.ask, window.table.autosave, window)
    qtbot.addWidget(dialog)
    rows = dialog.row_texts()
    assert rows[1][:2] == ["Chrononauts: Solonauts", f"Deal {DEAL} · Home: 0 of 8"]  # its deal, not a name
    assert rows[0][1] == "Ann, Bob"
    dialog.table.selectRow(1)
    dialog.open_selected()
    window._open_game_in_progress(dialog)
    assert type(window.table) is SOLO and window.table.autosave == solo and len(window.table.game.match.moves) == 2


@pytest.mark.parametrize("name", ["solonauts.json", "solonauts-over.json"])
def test_saves_of_format_version_1_open_on_the_solonauts_table(window: MainWindow, tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    shutil.copy(V1 / name, path)
    before = path.read_bytes()
    assert json.loads(before)["format_version"] == 1
    assert window.open_file(path)
    assert type(window.table) is SOLO
    assert window.table.game.match.moves == load_save(V1 / name).moves
    assert path.read_bytes() == before  # opened, not written: the game goes on in its own slot


def test_a_save_written_by_the_window_of_today_opens_again(window: MainWindow, tmp_path: Path) -> None:
    moves = play(window, 5)
    path = tmp_path / "today.convivium.json"
    assert window.save_to(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format_version"] == 2 and "players" not in data  # as Solonauts always wrote it: no names
    window.new_game({"ids": 6}, 5)
    assert window.open_file(path) and window.table.game.match.moves == moves
