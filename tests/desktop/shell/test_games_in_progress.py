"""No game is lost without asking (#12, item 4): every game for several has its own autosave and a
place in Game → Games in progress; a new game, Play from here and Save as never write over a game
without a question that names the file."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog
from table_driver import Dialogs, make_window, play_some

from desktop.frame import storage
from desktop.shell.games_list import GamesDialog, games_in_progress, when_played
from desktop.shell.main_window import MainWindow
from desktop.shell.replay import new_save_path
from rules import saves

NAMES = ["Ann", "Bob", "Cleo"]


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)



def moves_in(path: Path) -> list[Any]:
    moves: list[Any] = json.loads(path.read_text(encoding="utf-8"))["moves"]
    return moves


def games_dialog(main: MainWindow, qtbot: Any) -> GamesDialog:
    main.act_games.trigger()
    dialog = main.games_dialog
    qtbot.addWidget(dialog)
    return dialog


# --- a list, not a slot ------------------------------------------------------------------------------


def test_a_new_game_for_several_keeps_the_one_on_the_table(main: MainWindow) -> None:
    first = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(first, 4, 5)
    first_slot, first_moves = first.autosave, first.game.match.moves
    assert first_slot is not None and len(moves_in(first_slot)) == 4
    second = main.new_hotseat("banquet", "standard", ["Dora", "Enzo", "Fede"], {}, 6)
    play_some(second, 2, 6)
    assert second.autosave is not None and second.autosave != first_slot
    assert len(moves_in(first_slot)) == 4  # the first game is whole in its own file
    listed = games_in_progress()
    assert [entry.path for entry in listed] == [second.autosave, first_slot]  # played last first
    assert listed[1].names == NAMES and listed[1].game.match.moves == first_moves
    # The autosaves are named from the time, never from a title or a name typed.
    for path in (first_slot, second.autosave):
        assert path.parent == storage.games_dir() and path.name.isascii()
        assert not any(word in path.name.lower() for word in ("parsifal", "banquet", "ann", "dora"))


def test_the_list_shows_the_game_the_players_and_when_it_was_last_played(
        qtbot: Any, main: MainWindow, dialogs: Dialogs) -> None:
    earlier = main.new_hotseat("banquet", "standard", ["Dora", "Enzo", "Fede"], {}, 6)
    play_some(earlier, 1, 6)
    assert earlier.autosave is not None
    os.utime(earlier.autosave, (1_700_000_000, 1_700_000_000))  # 14 November 2023, 22:13 UTC
    now = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    dialog = games_dialog(main, qtbot)
    when = when_played(main.tr_, 1_700_000_000)
    assert "2023" in when and "November" in when
    assert dialog.row_texts() == [["Parsifal, a game of tarots", "Ann, Bob, Cleo", "On the table now"],
                                  ["Bacchus' Banquet: Secret privileges", "Dora, Enzo, Fede", when]]
    assert dialog.selected() is not None and dialog.selected().path == now.autosave  # type: ignore[union-attr]
    assert not dialog.delete_button.isEnabled()  # the game on the table is never deleted from under it
    dialog.table.selectRow(1)
    assert dialog.delete_button.isEnabled() and dialog.open_button.isEnabled()


def test_the_list_speaks_the_players_language(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs, "nl")
    main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    main.new_game({"ids": 8}, 1234)  # Solonauts back on the table: the game for several waits in the list
    dialog = games_dialog(main, qtbot)
    assert dialog.windowTitle() == "Lopende spellen"
    [solo, [game, players, when]] = dialog.row_texts()
    assert game == main.tr_.text("game.parsifal") and players == "Ann, Bob, Cleo"
    assert when == when_played(main.tr_, storage.game_slots()[1].stat().st_mtime)
    # The Solonauts game on the table is listed too, in Dutch: its deal and its score stand for the players.
    assert solo == ["Chrononauts: Solonauts", "Verdeling 1234 · Thuis: 0 van 8", main.tr_.text("games.on_table")]


def test_opening_a_game_from_the_list_resumes_it_in_its_own_autosave(
        qtbot: Any, main: MainWindow, dialogs: Dialogs) -> None:
    first = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(first, 3, 5)
    slot, moves = first.autosave, list(first.game.match.moves)
    second = main.new_hotseat("parsifal", "standard", ["Dora", "Enzo"], {}, 8)
    play_some(second, 2, 8)
    other, other_moves = second.autosave, moves_in(second.autosave)  # type: ignore[arg-type]
    dialog = games_dialog(main, qtbot)
    dialog.table.selectRow(1)
    dialog.open_button.click()
    QApplication.processEvents()
    table = main.table
    assert table is not None and table is not second
    assert table.game.names == NAMES and table.game.match.moves == moves and table.autosave == slot
    play_some(table, 1, 9)
    assert slot is not None and len(moves_in(slot)) == 4  # goes on in its own file ...
    assert other is not None and moves_in(other) == other_moves  # ... and the other game is left alone


def test_delete_asks_first_and_names_the_game(qtbot: Any, main: MainWindow, dialogs: Dialogs) -> None:
    old = main.new_hotseat("banquet", "standard", ["Dora", "Enzo", "Fede"], {}, 6)
    slot = old.autosave
    assert slot is not None
    main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    dialog = games_dialog(main, qtbot)
    dialog.table.selectRow(1)
    dialogs.answers = [1]  # Keep it
    assert not dialog.delete_selected() and slot.exists()
    title, text, buttons = dialogs.asked[-1]
    assert title == "Delete this game?" and "Bacchus' Banquet" in text and "Dora, Enzo, Fede" in text
    assert buttons == ["Delete the game", "Keep it"] and dialogs.safe[-1] == 1  # Enter keeps it (#16)
    dialog.table.selectRow(1)
    dialogs.answers = [0]
    assert dialog.delete_selected() and not slot.exists()
    assert len(dialog.row_texts()) == 1


def test_the_old_single_autosave_is_moved_into_the_list_and_offered(
        qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """A game saved by an earlier Convivium in hotseat.convivium.json is never lost: it moves into games/."""
    maker = make_window(qtbot, dialogs)
    table = maker.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(table, 3, 5)
    assert table.autosave is not None
    saved = table.autosave.read_bytes()
    legacy = storage.legacy_hotseat_path()
    table.autosave.rename(legacy)
    os.utime(legacy, (1_700_000_000, 1_700_000_000))
    [moved] = storage.game_slots()  # the first look at the list moves it in
    assert not legacy.exists()
    assert moved.read_bytes() == saved and moved.stat().st_mtime == 1_700_000_000  # its time kept
    legacy.write_bytes(moved.read_bytes())
    moved.unlink()
    again = make_window(qtbot, dialogs)  # and so does the start
    dialogs.answers = [0]
    assert again.offer_resume(crashed=False)
    assert not legacy.exists()
    [moved] = storage.game_slots()
    assert again.table is not None and again.table.autosave == moved
    assert again.table.game.names == NAMES and len(again.table.game.match.moves) == 3


def test_after_a_crash_the_game_played_last_is_offered(qtbot: Any, main: MainWindow, dialogs: Dialogs) -> None:
    first = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(first, 2, 5)
    second = main.new_hotseat("parsifal", "standard", ["Dora", "Enzo"], {}, 8)
    play_some(second, 3, 8)
    assert first.autosave is not None
    os.utime(first.autosave, (1_700_000_000, 1_700_000_000))  # the older of the two
    again = make_window(qtbot, dialogs)
    dialogs.answers = [0]
    assert again.offer_resume(crashed=True)
    # It names the game, and who plays it: the group knows which of its games it is asked about.
    assert dialogs.asked[-1][1] == again.tr_.text("resume.after_crash", game=again.tr_.text("game.parsifal"),
                                                  players="Dora, Enzo")
    assert again.table is not None and again.table.game.names == ["Dora", "Enzo"]
    assert again.table.autosave == second.autosave
    assert first.autosave.exists()  # the other one waits in the list


def test_after_a_crash_a_solonauts_deal_is_named_by_its_number_and_score(qtbot: Any, main: MainWindow,
                                                                         dialogs: Dialogs) -> None:
    """The question is a sentence: "(Deal 1234  Home: 0 of 8)" read as a slip; the two are parted as on the tables."""
    main.new_game({"ids": 8}, 1234)
    again = make_window(qtbot, dialogs)
    dialogs.answers = [1]  # start afresh: only the words are looked at
    again.offer_resume(crashed=True)
    t = again.tr_.text
    said = f"{t('status.deal', seed=1234)} · {t('solonauts.score', score=0, of=8)}"
    assert dialogs.asked[-1][1] == t("resume.after_crash", game="Solonauts", players=said)
    assert "  " not in dialogs.asked[-1][1]


def test_a_start_reads_the_autosaves_up_to_the_game_it_offers_and_the_list_the_rest(
        qtbot: Any, main: MainWindow, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each autosave read is a whole game replayed: a start reads them newest first up to the game played last, the
    one it offers (issue #42). An older damaged one is left as it is until Game → Games in progress reads them all,
    sets it aside and says so."""
    from desktop.shell import games_list

    older = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(older, 2, 5)
    newer = main.new_hotseat("parsifal", "standard", ["Dora", "Enzo"], {}, 8)
    play_some(newer, 3, 8)
    assert older.autosave is not None and newer.autosave is not None
    os.utime(older.autosave, (1_700_000_000, 1_700_000_000))
    broken = storage.games_dir() / f"game-broken{storage.SAVE_SUFFIX}"
    broken.write_text("{ not json", encoding="utf-8")
    os.utime(broken, (1_600_000_000, 1_600_000_000))  # the oldest
    read: list[Path] = []
    real = games_list.read_slot
    monkeypatch.setattr(games_list, "read_slot", lambda path: read.append(path) or real(path))
    again = make_window(qtbot, dialogs)
    dialogs.answers = [0]
    assert again.offer_resume(crashed=False)
    assert read == [newer.autosave]
    assert again.table is not None and again.table.autosave == newer.autosave
    assert broken.read_text(encoding="utf-8") == "{ not json" and str(broken) not in again.message.text()
    again.show_games_in_progress()
    listed = again.games_dialog
    assert [entry.path for entry in listed.entries] == [newer.autosave, older.autosave]
    kept = broken.with_name(broken.name + ".damaged-1")
    assert not broken.exists() and kept.read_text(encoding="utf-8") == "{ not json"
    listed.reject()


def test_an_unreadable_autosave_is_set_aside_not_deleted(qtbot: Any, main: MainWindow, dialogs: Dialogs) -> None:
    storage.games_dir().mkdir(parents=True)
    broken = storage.games_dir() / f"game-broken{storage.SAVE_SUFFIX}"
    broken.write_text("{ not json", encoding="utf-8")
    assert games_in_progress() == []
    assert not broken.exists() and broken.with_name(broken.name + ".damaged-1").exists()


def test_a_damaged_autosave_set_aside_at_start_is_reported_with_where_it_went(qtbot: Any, home: Path,
                                                                               dialogs: Dialogs) -> None:
    storage.games_dir().mkdir(parents=True)
    broken = storage.games_dir() / f"game-broken{storage.SAVE_SUFFIX}"
    broken.write_text("{ not json", encoding="utf-8")
    main = make_window(qtbot, dialogs)
    assert not main.offer_resume(crashed=True)
    QApplication.processEvents()
    kept = broken.with_name(broken.name + ".damaged-1")
    assert kept.read_text(encoding="utf-8") == "{ not json"
    assert str(kept) in main.message.text()


@pytest.mark.parametrize("content", ['{"format": "convivium-save", "format_version": 2, "game": "parsifal", "mo',
                                     '{"format": "convivium-save", "format_version": 2, "seed": 5}', "[]"])
@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_an_autosave_set_aside_at_start_is_called_damaged_not_a_stranger(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                          content: str, language: str) -> None:
    """Issue #39, item 7: an autosave of ours that lost its shape was "not a Convivium saved game"; it is one, damaged,
    and the player is told so and where it was set aside, in their language."""
    storage.games_dir().mkdir(parents=True)
    broken = storage.games_dir() / f"game-broken{storage.SAVE_SUFFIX}"
    broken.write_text(content, encoding="utf-8")
    main = make_window(qtbot, dialogs)
    main.tr_.set_language(language)
    assert not main.offer_resume(crashed=False)
    QApplication.processEvents()
    kept = broken.with_name(broken.name + ".damaged-1")
    said = main.message.text()
    t = main.tr_.text
    assert kept.read_text(encoding="utf-8") == content and str(kept) in said
    assert said.startswith(t("games.damaged", file=str(kept), reason=""))
    assert t("save.not_a_save") not in said


def test_the_list_says_which_autosave_it_had_to_set_aside(qtbot: Any, main: MainWindow) -> None:
    storage.games_dir().mkdir(parents=True)
    broken = storage.games_dir() / f"game-broken{storage.SAVE_SUFFIX}"
    broken.write_bytes(b"\xff\xfe")
    dialog = games_dialog(main, qtbot)
    assert str(broken.with_name(broken.name + ".damaged-1")) in dialog.note.text()
    assert dialog.table.rowCount() == 0


# --- Play from here ------------------------------------------------------------------------------------


def test_play_from_here_on_the_running_game_keeps_it(qtbot: Any, main: MainWindow) -> None:
    table = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(table, 6, 5)
    slot, moves = table.autosave, list(table.game.match.moves)
    assert slot is not None
    replay = main.watch_replay()
    assert replay is not None
    qtbot.addWidget(replay)
    replay.seek(2)
    new = replay.play_from_here()
    assert new is not None and new != slot and storage.is_game_slot(new)
    assert main.table is not None and main.table.autosave == new
    assert main.table.game.match.moves == moves[:2]
    play_some(main.table, 1, 11)
    assert len(moves_in(slot)) == 6  # the running game is whole
    assert sorted(entry.path for entry in games_in_progress()) == sorted([slot, new])


def test_play_from_here_never_puts_a_title_in_a_file_name(qtbot: Any, main: MainWindow, home: Path) -> None:
    """A translated title is text, not a path: `../` in it must not write outside the data folder."""
    table = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(table, 3, 5)
    replay = main.watch_replay()
    assert replay is not None
    qtbot.addWidget(replay)
    replay.name = "../../escaped/Parsifal"
    replay.seek(2)
    new = replay.play_from_here()
    assert new is not None and new.parent == storage.games_dir()
    assert new.name.isascii() and "escaped" not in new.name and "Parsifal" not in new.name
    assert not list(home.parent.rglob("*escaped*"))


def test_a_new_save_path_is_never_an_existing_file(home: Path) -> None:
    home.mkdir(parents=True)
    first = new_save_path(3, home)
    first.write_text("taken", encoding="utf-8")
    second = new_save_path(3, home)
    assert second != first and not second.exists() and second.parent == home
    assert first.read_text(encoding="utf-8") == "taken"


def test_solonauts_play_from_here_never_replaces_the_game_in_progress(
        qtbot: Any, window: MainWindow, dialogs: Dialogs, home: Path) -> None:
    """One storage path: a Solonauts game played on from a replay gets its own autosave, like a game for several,
    so the game that was on the table stays whole in its own, and nobody has to be asked first."""
    session = window.table.session
    for _ in range(3):
        assert session.play(session.match.legal_moves(0)[0])
    autosave = window.table.autosave
    before = autosave.read_bytes()
    replay = window.watch_replay()
    assert replay is not None
    qtbot.addWidget(replay)
    replay.seek(1)
    new = replay.play_from_here()
    assert dialogs.asked == []
    assert new is not None and storage.is_game_slot(new) and window.table.autosave == new
    assert len(saves.load(new).moves) == 1
    assert autosave.read_bytes() == before  # the other game is untouched, and still listed
    assert {entry.path for entry in games_in_progress()} == {autosave, new}


# --- Save as ------------------------------------------------------------------------------------------


def answer_save_dialog(monkeypatch: pytest.MonkeyPatch, typed: Path) -> None:
    """The person types `typed` in the save dialog and presses Save."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args, **kwargs: (str(typed), "")))


def test_save_as_asks_before_replacing_the_file_it_really_writes(
        monkeypatch: pytest.MonkeyPatch, window: MainWindow, dialogs: Dialogs, home: Path) -> None:
    """The name typed is `evening`; the file written is `evening.convivium.json`, so that is the one asked about."""
    existing = home / f"evening{storage.SAVE_SUFFIX}"
    existing.write_text("the game of last night", encoding="utf-8")
    answer_save_dialog(monkeypatch, home / "evening")
    dialogs.answers = [1]  # Cancel
    window.save_as()
    assert existing.read_text(encoding="utf-8") == "the game of last night"
    title, text, buttons = dialogs.asked[-1]
    assert title == "Replace the file?" and existing.name in text and buttons == ["Replace it", "Cancel"]
    assert window.save_path is None
    dialogs.answers = [0]
    window.save_as()
    assert window.save_path == existing and saves.load(existing).seed == 1234


def test_save_as_to_a_new_name_asks_nothing(
        monkeypatch: pytest.MonkeyPatch, window: MainWindow, dialogs: Dialogs, home: Path) -> None:
    answer_save_dialog(monkeypatch, home / "my.evening")
    window.save_as()
    assert dialogs.asked == [] and window.save_path == home / f"my.evening{storage.SAVE_SUFFIX}"
    assert window.save_path.exists()
