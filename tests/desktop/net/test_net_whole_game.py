"""Issue #41's Done-when, in the app: two windows in one process, one hosting a Banquet for three (its person plays
seat 0, a computer seat 2 on the host) and one joining seat 1 over loopback with the host's self-signed certificate;
the game is played to the end by each screen's own table, and the joiner's connection drops in the middle and comes
back with the seat's token."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from net_driver import NetTable, net_threads
from table_driver import make_window

from desktop.frame import storage
from desktop.net.hosting import Listening, hosted_in_progress


def test_a_banquet_for_three_between_two_windows_with_a_drop_and_a_reconnection(qtbot: Any, home: Path,
                                                                               tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(7)
    join_table = net.join_window.table
    assert join_table is not None
    t = join_table.tr_.text
    dropped = False
    for _ in range(500):
        if net.over():
            break
        if not dropped and net.host_moves >= 20:
            dropped = True
            net.joining.joiner.drop()
            qtbot.waitUntil(lambda: join_table.prompt.text() == t("net.lost"), timeout=10_000)
            assert not join_table.game.match.legal_moves(1), "nothing is played into a lost connection"
            qtbot.waitUntil(lambda: join_table.message.text() == t("net.back"), timeout=10_000)
            assert join_table.prompt.text() != t("net.lost")
        if not net.step(rnd):
            qtbot.waitUntil(lambda: net.over() or any(w.table is not None and w.table.game.match.legal_moves(s)
                                                      for w, s in net.tables()), timeout=10_000)
    assert dropped and net.over() and net.host_moves > 20
    qtbot.waitUntil(net.settled, timeout=10_000)
    host_table = net.host_window.table
    assert host_table is not None
    # Both screens end on the same words; the joiner's last view is the host's view for its seat.
    assert join_table.prompt.text() == host_table.prompt.text() == host_table.end_text()
    eng = net.hosting.host.engine
    assert eng.to_dict(join_table.game.state) == net.hosting.host.update_for(1, []).view
    assert host_table.game.names[1] == join_table.game.names[1] == "Bruno"
    # Each screen said once that the game is over, whoever ended it.
    for dialogs, table in ((net.host_dialogs, host_table), (net.join_dialogs, join_table)):
        assert dialogs.informed == [(table.tr_.text("hs.end_title"), table.end_words())]
    # Neither window wrote the network game anywhere: its secrets stay with the host's memory.
    assert not [p for p in storage.game_slots() if '"banquet"' in p.read_text(encoding="utf-8")]
    # The host goes once the game is over: the joiner keeps the end on show and does not try to come back.
    net.host_window.close()
    qtbot.waitUntil(lambda: net.joining.ended, timeout=10_000)
    assert join_table.prompt.text() == join_table.end_text() and not net_threads()
    net.close()
    assert not net_threads()


def test_a_hosted_game_carried_on_after_the_host_stops_brings_its_joiner_back(qtbot: Any, home: Path,
                                                                             tmp_path: Path) -> None:
    """The host's window goes (the game saved as it went); hosted again from its save on the same port, with the same
    invitations, the joiner, which kept trying, comes back by itself and the game goes on to the end."""
    folder = tmp_path / "tls"
    net = NetTable(qtbot, folder)
    rnd = random.Random(11)
    while net.host_moves < 12:
        net.step(rnd)
    moves, port = net.host_moves, net.hosting.invites[1].port
    join_table = net.join_window.table
    assert join_table is not None and hosted_in_progress(folder)
    net.host_window.close()  # the host's person closes the app
    qtbot.waitUntil(lambda: join_table.prompt.text() == join_table.tr_.text("net.lost"), timeout=10_000)
    again = make_window(qtbot, net.host_dialogs)
    resumed = again.resume_hosted(Listening(bind="127.0.0.1", port=port, folder=folder))
    assert resumed is not None and resumed.invites[1] == net.hosting.invites[1]
    assert len(resumed.host.match.moves) == moves and resumed.game.names == ["Ada", "Bruno", "Computer 1"]
    net.host_window, net.hosting = again, resumed
    qtbot.waitUntil(lambda: join_table.message.text() == join_table.tr_.text("net.back"), timeout=15_000)
    for _ in range(500):
        if net.over():
            break
        if not net.step(rnd):
            qtbot.wait(20)
    assert net.over() and not hosted_in_progress(folder)
    net.close()
    assert not net_threads()
