"""The app's host saves as it goes, not after every move (network/autosave.py), and what waits to be written is
written when its window closes: nothing the people played is lost by closing it."""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from net_driver import WAIT_MS, net_threads
from table_driver import Dialogs, make_window

from desktop.games.banquet.table import BanquetGame
from desktop.net.hosting import SAVE_NAME, Listening
from rules import saves


def saved_moves(folder: Path) -> int:
    return len(saves.read_json(folder / SAVE_NAME)["moves"])


def test_moves_waiting_to_be_written_are_written_when_the_hosts_window_closes(qtbot: Any, home: Path,
                                                                                tmp_path: Path) -> None:
    window = make_window(qtbot, Dialogs())
    started = BanquetGame.start("banquet", "standard", ["Ada", "Bea", "Guest 1"], {}, 5)
    session = window.host(started, ["local", "local", "remote"], Listening(bind="127.0.0.1", port=0, folder=tmp_path))
    assert session is not None
    assert saved_moves(tmp_path) == 0  # written when the table opens
    timers: list[Callable[[], None]] = []
    session.autosave.later = lambda _delay, call: timers.append(call)  # the quiet moment never comes: time stands
    host, rnd = session.host, random.Random(1)
    for _ in range(6):
        acting = [s for s in host.engine.to_act(host.match.state) if s in session.local]
        if not acting:
            break
        before = len(host.match.moves)
        session._forward("play", rnd.choice(host.match.legal_moves(acting[0])))
        qtbot.waitUntil(lambda: len(host.match.moves) > before, timeout=WAIT_MS)
    played = len(host.match.moves)
    assert played > 0 and timers and saved_moves(tmp_path) == 0  # the moves wait for the quiet moment
    window.close()
    assert not net_threads()
    assert saved_moves(tmp_path) == played
