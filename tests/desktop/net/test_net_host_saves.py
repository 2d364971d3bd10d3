"""The app's host saves as it goes, not after every move (network/autosave.py), and what waits to be written is
written when its window closes: nothing the people played is lost by closing it. The save is written off the loop
that serves the table: a slow disk keeps nobody's move waiting, and a write that fails is said on the host's table."""
from __future__ import annotations

import errno
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from net_driver import WAIT_MS, net_threads
from table_driver import Dialogs, make_window

from desktop.games.banquet.table import BanquetGame
from desktop.net.hosting import SAVE_NAME, HostSession, Listening
from desktop.shell.main_window import MainWindow
from rules import saves


def saved_moves(folder: Path) -> int:
    return len(saves.read_json(folder / SAVE_NAME)["moves"])


def hosted(qtbot: Any, folder: Path) -> tuple[MainWindow, HostSession]:
    """A Banquet hosted over loopback by a window, two seats played at its screen and one joining."""
    window = make_window(qtbot, Dialogs())
    started = BanquetGame.start("banquet", "standard", ["Ada", "Bea", "Guest 1"], {}, 5)
    session = window.host(started, ["local", "local", "remote"], Listening(bind="127.0.0.1", port=0, folder=folder))
    assert session is not None
    return window, session


def play_here(qtbot: Any, session: HostSession, moves: int) -> None:
    """Up to `moves` moves of the seats at the host's screen, each taken by the host before the next."""
    host, rnd = session.host, random.Random(1)
    for _ in range(moves):
        acting = [s for s in host.engine.to_act(host.match.state) if s in session.local]
        if not acting:
            break
        before = len(host.match.moves)
        session._forward("play", rnd.choice(host.match.legal_moves(acting[0])))
        qtbot.waitUntil(lambda: len(host.match.moves) > before, timeout=WAIT_MS)


def test_moves_waiting_to_be_written_are_written_when_the_hosts_window_closes(qtbot: Any, home: Path,
                                                                                tmp_path: Path) -> None:
    window = make_window(qtbot, Dialogs())
    started = BanquetGame.start("banquet", "standard", ["Ada", "Bea", "Guest 1"], {}, 5)
    session = window.host(started, ["local", "local", "remote"], Listening(bind="127.0.0.1", port=0, folder=tmp_path))
    assert session is not None and session.writer is not None
    session.writer.wait()  # written when the table opens, on the writer's thread
    assert saved_moves(tmp_path) == 0
    timers: list[Callable[[], None]] = []
    session.autosave.later = lambda _delay, call: timers.append(call)  # the quiet moment never comes: time stands
    host = session.host
    play_here(qtbot, session, 6)
    played = len(host.match.moves)
    assert played > 0 and timers and saved_moves(tmp_path) == 0  # the moves wait for the quiet moment
    window.close()
    assert not net_threads()
    assert saved_moves(tmp_path) == played


def test_the_host_plays_on_while_its_save_is_written_and_its_window_closes_once_the_newest_is_on_disk(
        qtbot: Any, home: Path, tmp_path: Path) -> None:
    window, session = hosted(qtbot, tmp_path)
    writer = session.writer
    assert writer is not None
    writer.wait()  # the save of the table as it opened
    release, entered = threading.Event(), threading.Event()

    def slow(path: Path, text: str) -> None:  # a slow disk: the write waits for the test to let it go
        entered.set()
        assert release.wait(30), "the test never let the write go"
        saves.write_atomic(path, text)

    writer.write = slow
    session.autosave.later = lambda _delay, _call: None  # the quiet moment never comes: time stands
    assert session.loop is not None
    session.loop.submit(session._copy_now())  # saved now: the write begins, and waits
    assert entered.wait(30)
    play_here(qtbot, session, 4)  # each move taken by the host, and its copy shown here, while the write waits
    host = session.host
    played = len(host.match.moves)
    assert played > 0 and session.autosave.pending
    qtbot.waitUntil(lambda: len(session.game.match.moves) == played, timeout=WAIT_MS)
    put = writer.put
    handed = threading.Event()

    def handing(save: Callable[[], dict[str, Any]]) -> None:
        put(save)
        if len(save()["moves"]) == played:
            handed.set()

    writer.put = handing  # type: ignore[method-assign]
    # The disk is let go once the closing host has handed the newest state over, not before.
    threading.Thread(target=lambda: handed.wait(30) and release.set(), name="test-release").start()
    window.close()
    assert release.is_set() and not net_threads()
    assert saved_moves(tmp_path) == played


def test_a_save_that_cannot_be_written_is_said_on_the_hosts_table_from_the_windows_thread(
        qtbot: Any, home: Path, tmp_path: Path) -> None:
    window, session = hosted(qtbot, tmp_path)
    table, writer = session.table, session.writer
    assert table is not None and writer is not None
    writer.wait()
    full = OSError(errno.ENOSPC, "No space left on device", str(tmp_path / SAVE_NAME))

    def no_room(_path: Path, _text: str) -> None:
        raise full

    writer.write = no_room
    shown_from: list[str] = []
    show = table.show_message

    def showing(text: str, error: bool = True, spoken: bool = True) -> None:
        shown_from.append(threading.current_thread().name)
        show(text, error, spoken)

    table.show_message = showing  # type: ignore[method-assign]
    assert session.loop is not None
    session.loop.submit(session._copy_now())
    said = table.autosave_trouble(full)
    qtbot.waitUntil(lambda: table.message.text() == said, timeout=WAIT_MS)
    assert said and shown_from and set(shown_from) == {threading.main_thread().name}
    window.close()
    assert not net_threads()
