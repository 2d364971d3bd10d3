"""A failed autosave and a damaged game in progress are said on screen in the player's language: the reason too,
not only the sentence around it ("Salvataggio automatico non riuscito (No space left on device)" was the old way)."""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from table_driver import DEAL, Dialogs, make_window, play_some

from cardsets import files
from desktop.frame import accessibility, storage
from desktop.shell.games_list import GamesDialog
from desktop.shell.main_window import MainWindow
from rules.chrononauts.moves import PlayCard

NAMES = ["Ann", "Bob", "Cleo"]


def failing_writer(number: int) -> Any:
    def write(path: Path, *args: Any, **kwargs: Any) -> Path:
        raise OSError(number, os.strerror(number), str(path))
    return write


@pytest.mark.parametrize("number, key", [(errno.ENOSPC, "file_error.disk_full"),
                                         (errno.EACCES, "file_error.no_permission")])
def test_a_failed_autosave_at_a_table_for_several_is_said_in_italian(
        qtbot: Any, home: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch, number: int, key: str) -> None:
    main = make_window(qtbot, dialogs, "it")
    table = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    monkeypatch.setattr(files, "write_bytes", failing_writer(number))
    play_some(table, 1, 5)
    said = table.message.text()
    assert said == main.tr_.text("status.autosave_failed", reason=main.tr_.text(key))
    assert os.strerror(number) not in said and "Errno" not in said
    assert len(table.game.match.moves) == 1  # the move stands


def test_a_failed_solonauts_autosave_is_said_in_italian(
        qtbot: Any, home: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch) -> None:
    main = make_window(qtbot, dialogs, "it")
    main.new_game({"ids": 8}, DEAL)
    QApplication.processEvents()
    session = main.table.session
    assert session is not None
    monkeypatch.setattr(files, "write_bytes", failing_writer(errno.EROFS))
    assert session.play(next(m for m in session.match.legal_moves(0) if isinstance(m, PlayCard) and m.target))
    said = main.table.message.text()
    assert said == main.tr_.text("status.autosave_failed", reason=main.tr_.text("file_error.read_only"))
    assert os.strerror(errno.EROFS) not in said
    main.tr_.set_language("es")  # kept as the error, not as words: a language chosen later says it anew
    main.table._autosave()
    t = main.tr_.text
    assert main.table.save_trouble == t("status.autosave_failed", reason=t("file_error.read_only"))


def test_games_in_progress_says_why_older_autosaves_were_set_aside_in_dutch(
        qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs, "nl")
    table = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_some(table, 2, 5)
    assert table.autosave is not None
    broken = storage.games_dir() / f"game-broken{storage.SAVE_SUFFIX}"
    broken.write_text("{ not json", encoding="utf-8")
    tampered = storage.games_dir() / f"game-tampered{storage.SAVE_SUFFIX}"
    data = json.loads(table.autosave.read_text(encoding="utf-8"))
    data["moves"].append({"type": "Teleport", "player": 0})
    tampered.write_text(json.dumps(data), encoding="utf-8")
    for old in (broken, tampered):
        os.utime(old, (1_600_000_000, 1_600_000_000))
    main.act_games.trigger()
    dialog: GamesDialog = main.games_dialog
    qtbot.addWidget(dialog)
    note = dialog.note.text()
    t = main.tr_.text
    assert t("save.not_json", reason=t("json.syntax", line=1, column=3)) in note
    assert t("save.bad_move", number=3, reason=t("move_data.unknown_type", kind="Teleport")) in note
    for english in ("Expecting", "line 1 column", "unknown move type", "property name"):
        assert english not in note
    dialog.reject()


def test_a_hosted_game_that_cannot_be_saved_says_why_in_the_tables_language(
        qtbot: Any, home: Path, dialogs: Dialogs, tmp_path: Path) -> None:
    """The host's copy is saved on the network's thread: the error crosses to the table, which says it in Spanish."""
    from desktop.net.hosting import HostSession, Listening

    main = make_window(qtbot, dialogs, "es")
    table = main.new_hotseat("banquet", "standard", ["Ada", "Bea", "Guest"], {}, 7)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    session = HostSession.new(table.game, ["local", "local", "remote"], Listening(folder=blocker))
    session.attach(table)
    session._copy_out(session.host)
    assert session.writer is not None
    session.writer.wait()  # written on the writer's thread (network/autosave.py); the error reaches the table queued
    qtbot.waitUntil(lambda: table.message.text() != "")
    t = main.tr_.text
    said = table.message.text()
    # the folder cannot be made: a file of that name is in its place
    assert said == t("status.autosave_failed", reason=t("file_error.exists"))
    assert os.strerror(errno.EEXIST) not in said


def test_a_game_that_cannot_be_deleted_says_why_in_italian(
        qtbot: Any, home: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch) -> None:
    main = make_window(qtbot, dialogs, "it")
    old = main.new_hotseat("banquet", "standard", ["Dora", "Enzo", "Fede"], {}, 6)
    assert old.autosave is not None
    main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    main.act_games.trigger()
    dialog: GamesDialog = main.games_dialog
    qtbot.addWidget(dialog)
    dialog.table.selectRow(1)

    def refused(path: Path, missing_ok: bool = False) -> None:
        raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), str(path))

    monkeypatch.setattr(Path, "unlink", refused)
    dialogs.answers = [0]
    heard: list[str] = []
    accessibility.listeners.append(lambda kind, _source, text: heard.append(text) if kind == "announce" else None)
    try:
        assert not dialog.delete_selected()
    finally:
        accessibility.listeners.pop()
    t = main.tr_.text
    assert dialog.note.text() == t("games.delete_failed", reason=t("file_error.no_permission"))
    assert heard == [dialog.note.text()]  # said, not only shown
    assert os.strerror(errno.EPERM) not in dialog.note.text()
    dialog.reject()
