"""Two windows at one table over loopback: one hosts (a person at its screen, a computer on the host), one joins."""
from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from table_driver import Dialogs, make_window

from desktop.net.hosting import HostSession, Listening
from desktop.net.remote import JoinSession, RemoteMatch
from desktop.shell.tables import table_for
from desktop.shell.main_window import MainWindow

WAIT_MS = 10_000


def net_threads() -> list[str]:
    """The threads the network parts run (none once every window has let go)."""
    return [t.name for t in threading.enumerate() if t.name.startswith("convivium-") and t.is_alive()]


class NetTable:
    """A game for three (a Banquet unless told) hosted by one window (seat 0 played there, seat 2 a computer on the
    host) and joined by another (seat 1), over loopback with the host's self-signed certificate."""

    def __init__(self, qtbot: Any, folder: Path, language: str = "en", seed: int = 2024, game: str = "banquet",
                 mode: str = "standard", spectators: bool = False) -> None:
        self.qtbot = qtbot
        self.host_dialogs, self.join_dialogs = Dialogs(), Dialogs()
        self.host_window = make_window(qtbot, self.host_dialogs, language)
        self.join_window = make_window(qtbot, self.join_dialogs, language)
        table = table_for(game, mode)
        assert table is not None
        started = table.GAME_CLASS.start(game, mode, ["Ada", "Guest 1", "Computer 1"], {}, seed, {2: "easy"})
        hosting = self.host_window.host(started, ["local", "remote", "easy"],
                                        Listening(bind="127.0.0.1", port=0, folder=folder), spectators)
        assert hosting is not None
        self.hosting: HostSession = hosting
        self.joining: JoinSession = self.join_window.join(self.hosting.invites[1], "Bruno")
        qtbot.waitUntil(lambda: self.join_window.table is not None, timeout=WAIT_MS)

    @property
    def host_moves(self) -> int:
        return len(self.hosting.host.match.moves)

    def remote(self) -> RemoteMatch:
        match = self.joining.match
        assert match is not None
        return match

    def settled(self) -> bool:
        """Both screens show the host's last position, and nothing sent waits for an answer."""
        count = self.host_moves
        host_copy = self.hosting.game.match
        return len(host_copy.moves) == count and self.remote().count == count and not self.remote().waiting

    def over(self) -> bool:
        return self.hosting.host.engine.is_over(self.hosting.host.match.state)

    def tables(self) -> list[tuple[MainWindow, int]]:
        return [(self.host_window, 0), (self.join_window, 1)]

    def step(self, rnd: random.Random) -> bool:
        """The screen whose seat is to decide plays one of its legal moves, as its table would; then both settle."""
        self.qtbot.waitUntil(self.settled, timeout=WAIT_MS)
        for window, seat in self.tables():
            table = window.table
            assert table is not None
            legal = table.game.match.legal_moves(seat)
            if legal:
                before = self.host_moves
                assert table.play(rnd.choice(legal))
                self.qtbot.waitUntil(lambda: self.host_moves > before, timeout=WAIT_MS)
                self.qtbot.waitUntil(self.settled, timeout=WAIT_MS)
                return True
        return False

    def close(self) -> None:
        for window in (self.join_window, self.host_window):
            window.close()
