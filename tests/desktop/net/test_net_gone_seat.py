"""The host's screen and a person gone (issue #41, "People's networks fail"): it says whom the game waits for and, after
a while, offers to let a computer play that seat until its person is back, or to save and stop; everyone is told who
plays the seat now, and a game stopped is carried on with the same invitations."""
from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

import pytest
from PySide6.QtCore import QObject
from net_driver import WAIT_MS, NetTable, net_threads
from table_driver import Dialogs, make_window

from desktop.frame import accessibility
from desktop.frame.seat_table import SeatTable
from desktop.net import hosting
from desktop.net.hosting import SAVE_NAME, Listening
from desktop.shell.main_window import MainWindow
from rules.bots import Bot
from rules.kernel import Move


def shown(window: MainWindow) -> SeatTable:
    table = window.table
    assert table is not None
    return table


def to_the_joiners_turn(net: NetTable, seed: int) -> None:
    """Play on until the joiner's seat (1) is to decide, with no question put to the table."""
    host, rnd = net.hosting.host, random.Random(seed)
    for _ in range(300):
        net.qtbot.waitUntil(net.settled, timeout=WAIT_MS)
        state = host.match.state
        if host.engine.decider(state) == 1 and host.engine.window(state) is None:
            return
        assert not net.over()
        net.step(rnd)
    raise AssertionError("the joiner never came to decide")


def gone(net: NetTable) -> SeatTable:
    """The joiner leaves; the host's screen, once it offers what to do about the seat."""
    net.joining.stop()
    table = shown(net.host_window)
    qtbot = net.qtbot
    qtbot.waitUntil(lambda: "save_and_stop" in table.buttons, timeout=WAIT_MS)
    return table


class Watched:
    """The computers the host makes, each choice checked: legal, from its own seat's view of the table as it is."""

    def __init__(self, net: NetTable) -> None:
        self.host = net.hosting.host
        self.made = self.host.bot_for
        self.choices: list[tuple[int, str, bool]] = []  # seat, level, whether its view was that seat's

    def bot_for(self, game: str, mode: str, level: str) -> Bot:
        watched = self

        class Checked:
            def __init__(self) -> None:
                self.level, self.bot = level, watched.made(game, mode, level)

            def choose(self, view: Any, seat: int, legal: Sequence[Move], rng: Random) -> Move:
                eng = watched.host.engine
                own = eng.to_dict(view) == eng.to_dict(eng.view(watched.host.match.state, seat))
                move = self.bot.choose(view, seat, legal, rng)
                assert move in legal
                watched.choices.append((seat, level, own))
                return move

        return Checked()


def test_a_computer_plays_for_a_joiner_gone_until_they_come_back(qtbot: Any, home: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hosting, "OFFER_SECONDS", 0.5)
    heard: list[str] = []

    def listen(kind: str, _source: QObject, text: str) -> None:
        if kind == "announce":
            heard.append(text)

    monkeypatch.setattr(accessibility, "listeners", [*accessibility.listeners, listen])
    net = NetTable(qtbot, tmp_path / "tls", spectators=True)
    host = net.hosting.host
    to_the_joiners_turn(net, 5)
    watch = net.hosting.watch_invite
    assert watch is not None
    watcher = make_window(qtbot, Dialogs())
    watcher.join(watch, "Carla")
    qtbot.waitUntil(lambda: watcher.table is not None, timeout=WAIT_MS)
    table = shown(net.host_window)
    assert "stand_in" not in table.buttons  # while the person is here, nothing is offered
    table = gone(net)
    t = table.tr_.text
    assert table.prompt.text() == t("net.waiting_offline", player="Bruno")
    assert table.buttons["stand_in"].text() == t("net.let_computer_play", player="Bruno")
    net.hosting.game.offline[1] -= 60  # a minute on, the prompt says how long Bruno has been gone
    qtbot.waitUntil(lambda: table.prompt.text() == "Waiting for Bruno, gone for 1 minute…", timeout=WAIT_MS)
    net.hosting.game.offline[1] -= 60
    qtbot.waitUntil(lambda: table.prompt.text() == "Waiting for Bruno, gone for 2 minutes…", timeout=WAIT_MS)
    watched = Watched(net)
    host.bot_for = watched.bot_for
    before = net.host_moves
    table.buttons["stand_in"].click()
    qtbot.waitUntil(lambda: any(m.player == 1 for m in host.match.moves[before:]), timeout=WAIT_MS)
    said = t("net.stand_in_plays", player="Bruno")
    far = shown(watcher)
    qtbot.waitUntil(lambda: table.message.text() == said and far.message.text() == said, timeout=WAIT_MS)
    assert said == "A computer plays for Bruno until Bruno is back."
    assert heard.count(said) >= 2  # spoken on the host's screen and on the spectator's
    assert watched.choices and {(seat, level) for seat, level, _ in watched.choices if seat == 1} == {(1, "easy")}
    assert all(own for _seat, _level, own in watched.choices)
    # Bruno comes back with the invitation: the seat is theirs again, and the others are told.
    net.joining = net.join_window.join(net.hosting.invites[1], "Bruno")
    qtbot.waitUntil(lambda: host.seats[1].connection is not None, timeout=WAIT_MS)
    assert host.seats[1].stand_in is None
    back = t("net.stand_in_back", player="Bruno")
    qtbot.waitUntil(lambda: table.message.text() == back and far.message.text() == back, timeout=WAIT_MS)
    assert heard.count(back) >= 2
    qtbot.waitUntil(lambda: net.join_window.table is not None and net.remote().count == net.host_moves,
                    timeout=WAIT_MS)
    to_the_joiners_turn(net, 6)  # the computer left the seat to its person: the game waits for Bruno again
    assert shown(net.join_window).game.match.legal_moves(1)
    watcher.close()
    net.close()
    assert not net_threads()


def test_save_and_stop_keeps_the_game_to_carry_on_with_the_same_invitations(qtbot: Any, home: Path, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hosting, "OFFER_SECONDS", 0.5)
    folder = tmp_path / "tls"
    net = NetTable(qtbot, folder)
    to_the_joiners_turn(net, 8)
    invite, moves = net.hosting.invites[1], net.host_moves
    table = gone(net)
    table.buttons["save_and_stop"].click()
    assert net.host_window.table is None and net.host_window.net is None
    qtbot.waitUntil(lambda: not net_threads(), timeout=WAIT_MS)  # the host's loop and the joiner's connection ended
    assert net.host_dialogs.informed[-1] == (table.tr_.text("net.host_title"), table.tr_.text("net.saved_and_stopped"))
    assert (folder / SAVE_NAME).exists() and hosting.hosted_in_progress(folder)
    resumed = net.host_window.resume_hosted(Listening(bind="127.0.0.1", port=0, folder=folder))
    assert resumed is not None and resumed.invites[1] == invite
    assert len(resumed.host.match.moves) == moves
    net.hosting = resumed
    net.joining = net.join_window.join(invite, "Bruno")
    qtbot.waitUntil(lambda: resumed.host.seats[1].connection is not None, timeout=WAIT_MS)
    qtbot.waitUntil(net.settled, timeout=WAIT_MS)
    assert shown(net.join_window).game.match.legal_moves(1)
    net.close()
    assert not net_threads()
