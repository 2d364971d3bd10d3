"""The network core beside Qt (desktop/net/bridge.py): what arrives reaches the GUI thread by signals; a seat that
cannot be reached says why with a text key and sends nothing; another device taking the seat ends this one's; and
no thread outlives its window."""
from __future__ import annotations

import asyncio
import socket
import threading
from pathlib import Path
from typing import Any

from net_driver import NetTable, net_threads
from PySide6.QtCore import QTimer
from table_driver import Dialogs, make_window

from desktop.net.bridge import Joiner, Loop
from desktop.net.remote import JoinSession
from desktop.shell.tables import table_for
from network.invite import Invite
from network.protocol import Update, Welcome


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port  # nobody listens there once the probe is closed


def test_the_loop_stops_with_its_tasks_and_its_thread() -> None:
    loop = Loop("convivium-test")
    waiting = loop.submit(asyncio.sleep(3600))
    assert loop.thread.is_alive()
    loop.stop()
    assert waiting.cancelled() and not loop.thread.is_alive() and loop.loop.is_closed()
    loop.stop()  # a second stop is harmless


def test_a_host_nobody_answers_for_is_said_and_the_thread_ends(qtbot: Any, home: Path) -> None:
    joiner = Joiner(Invite("127.0.0.1", closed_port(), "Tb3xQk9a", 1, "A" * 22, None), "Ada")
    with qtbot.waitSignal(joiner.failed, timeout=10_000) as failed:
        joiner.start()
    assert failed.args is not None and failed.args[0].code == "net.cannot_reach"
    assert threading.current_thread() is threading.main_thread()
    joiner.stop()
    assert not net_threads()


def test_the_window_says_why_a_seat_cannot_be_joined(qtbot: Any, home: Path) -> None:
    dialogs = Dialogs()
    window = make_window(qtbot, dialogs)
    port = closed_port()
    window.join(Invite("127.0.0.1", port, "Tb3xQk9a", 1, "A" * 22, None), "Ada")
    qtbot.waitUntil(lambda: bool(dialogs.informed), timeout=10_000)
    t = window.tr_.text
    assert dialogs.informed == [(t("net.join_title"), t("net.cannot_reach", host="127.0.0.1", port=port))]
    assert window.table is None and window.joining is None
    assert not net_threads()


def test_a_certificate_that_is_not_the_pinned_one_gets_no_token(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    real = net.hosting.invites[1]
    forged = Invite(real.host, real.port, real.table, real.seat, real.token, "0" * 64)
    joiner = Joiner(forged, "Mallory")
    seated_before = [s.name for s in net.hosting.host.seats]
    with qtbot.waitSignal(joiner.failed, timeout=10_000) as failed:
        joiner.start()
    assert failed.args is not None and failed.args[0].code == "net.wrong_certificate"
    assert [s.name for s in net.hosting.host.seats] == seated_before
    joiner.stop()
    net.close()
    assert not net_threads()


def test_a_second_device_with_the_same_invitation_takes_the_seat(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    table = net.join_window.table
    assert table is not None
    other = JoinSession(table.tr_, net.hosting.invites[1], "Bruno", table_for)
    got: list[object] = []
    other.ready.connect(got.append)
    other.start()
    qtbot.waitUntil(lambda: bool(got), timeout=10_000)
    said = table.tr_.text("net.replaced")
    qtbot.waitUntil(lambda: table.prompt.text() == said, timeout=10_000)
    assert not table.game.match.legal_moves(1) and net.joining.ended
    other.stop()
    net.close()
    assert not net_threads()


def test_messages_reach_the_gui_thread(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    threads: list[bool] = []
    seen: list[type] = []

    def note(message: object) -> None:
        threads.append(threading.current_thread() is threading.main_thread())
        seen.append(type(message))

    net.joining.joiner.received.connect(note)
    net.joining.joiner.drop()
    qtbot.waitUntil(lambda: Update in seen, timeout=10_000)
    assert Welcome in seen and all(threads)
    net.close()


def test_a_host_that_sends_without_end_is_held_back_and_the_window_keeps_its_turn(qtbot: Any) -> None:
    """A host that floods (a million chat lines) once queued one signal per line on the window's thread, faster than it
    could read them: the window stopped drawing for good and its memory grew. Now the session's thread waits while
    INBOX messages are unread, and the window reads BATCH at a time with its own events in between."""
    from desktop.net.bridge import BATCH, INBOX
    from network.protocol import Said

    joiner = Joiner(Invite("127.0.0.1", closed_port(), "Tb3xQk9a", 1, "A" * 22, None), "Ada")  # never started
    got: list[object] = []
    joiner.received.connect(got.append)
    flood = 10 * INBOX
    host = threading.Thread(target=lambda: [joiner._tell("received", Said(0, f"line {n}")) for n in range(flood)])
    host.start()
    host.join(2.0)  # the window reads nothing meanwhile
    assert host.is_alive() and got == []  # held back, with INBOX lines waiting
    turns: list[int] = []
    QTimer.singleShot(0, lambda: turns.append(len(got)))  # the window's own business, queued behind the flood
    qtbot.waitUntil(lambda: len(got) == flood, timeout=20_000)
    host.join()
    assert turns and turns[0] <= INBOX + BATCH  # it came long before the flood was read
    assert [m.text for m in got if isinstance(m, Said)] == [f"line {n}" for n in range(flood)]  # in order, none lost
    joiner.stop()
