"""A joiner's own save and replay (issue #41, items 5 and 6): Game → Save as… at a joiner's table keeps what its seat
saw (never a token nor another seat's secret: tests/network/test_net_seat_record.py proves the bytes the same in
every world the seat cannot tell apart); opening it shows that game again, read-only, saying it cannot be played
on; a damaged record is refused with its reason."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from net_driver import WAIT_MS, NetTable
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from desktop.net.remote import RemoteMatch
from desktop.net.seat_replay import SeatReplay
from network.seat_record import load
from rules.banquet.state import WINDOW
from network.views import view_from_dict


def test_a_joiner_saves_what_its_seat_saw_and_watches_it_again_read_only(qtbot: Any, home: Path,
                                                                         tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(4)
    for _ in range(12):
        net.step(rnd)
    net.joining.chat.field.setText("my turn soon")
    net.joining.chat.send()
    qtbot.waitUntil(lambda: len(net.joining.chat.said()) == 1, timeout=WAIT_MS)
    window = net.join_window
    window._refresh_status()
    assert window.act_save_as.isEnabled() and window.act_save.isEnabled()
    path = tmp_path / "bruno.convivium.json"
    assert window.save_to(path)
    text = path.read_text(encoding="utf-8")
    host = net.hosting.host
    assert all(seat.token not in text for seat in host.seats)  # the invitation's secret is never kept
    record = load(path)
    assert record.welcome.seat == 1 and [s.text for s in record.said] == ["my turn soon"]
    remote = net.remote()
    assert record.steps[-1].moves == remote.count
    assert host.engine.to_dict(view_from_dict(host.engine, record.steps[-1].view)) == host.engine.to_dict(remote.state)
    assert window.save_path is None  # Save (Ctrl+S) asks again: it never writes a record over a game
    net.close()

    viewer = make_window(qtbot, Dialogs(), "nl")
    assert viewer.open_replay(path) is None and isinstance(viewer.seat_replay, SeatReplay)  # Game → Replay opens it too
    assert viewer.open_file(path)
    replay = viewer.seat_replay
    assert isinstance(replay, SeatReplay)
    qtbot.addWidget(replay)
    qtbot.waitUntil(replay.isActiveWindow)  # the keys are the window's shortcuts
    table = replay.table
    assert table.prompt.text() == viewer.tr_.for_game("banquet").text("record.read_only")
    assert viewer.tr_.text("record.intro", player="Bruno") == replay.intro.text()
    match = table.game.match
    assert isinstance(match, RemoteMatch)
    assert not any(match.legal_moves(s) for s in range(3)) and not match.can_undo() and not table.can_undo()
    assert replay.position == len(record.steps)
    qtbot.keyClick(replay, Qt.Key.Key_Home)
    assert replay.position == 1 and table.game.match.count == record.steps[0].moves
    qtbot.keyClick(replay, Qt.Key.Key_Right)
    assert replay.position == 2 and replay.position_label.text() == viewer.tr_.text("record.position", step=2,
                                                                                 total=len(record.steps))
    first = host.engine.to_dict(view_from_dict(host.engine, record.steps[1].view))
    assert host.engine.to_dict(table.game.state) == first
    replay.seek(len(record.steps))
    replay.seek(3)  # back again: the seat's match is read anew up to there
    assert table.game.match.count == record.steps[2].moves
    assert not any(table.game.match.legal_moves(s) for s in range(3))
    assert replay.chat.said() == [("Bruno", "my turn soon")] and replay.chat.field.isHidden()
    for position in range(1, len(record.steps) + 1):  # no card is offered, nor said to be playable, anywhere
        replay.seek(position)
        assert not any(table.scene.dests.values()) and table.message.text() == "", position
    QApplication.processEvents()


def test_a_damaged_record_is_refused_with_its_reason(qtbot: Any, home: Path, tmp_path: Path) -> None:
    path = tmp_path / "broken.convivium.json"
    path.write_text(json.dumps({"format": "convivium-seat-record", "format_version": 1, "welcome": {}}),
                    encoding="utf-8")
    dialogs = Dialogs()
    window = make_window(qtbot, dialogs)
    assert not window.open_file(path)
    assert dialogs.informed and window.tr_.text("net.not_a_seat_record") in dialogs.informed[-1][1]
    assert window.seat_replay is None


def test_a_record_whose_events_no_table_can_draw_leaves_the_last_good_step_on_show(qtbot: Any, home: Path,
                                                                                 tmp_path: Path) -> None:
    """Events of the right shape whose fields are not the game's (a file made by hand): the window stopped at a
    TypeError as it opened (Game → Open printed a traceback and said nothing). It now says the file is damaged and
    shows the last step it could draw; a record whose very first step cannot be drawn is refused as one."""
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(4)
    for _ in range(6):
        net.step(rnd)
    window = net.join_window
    path = tmp_path / "bruno.convivium.json"
    assert window.save_to(path)
    net.close()
    data = json.loads(path.read_text(encoding="utf-8"))
    broken = [{"kind": "game_over", "params": {"winners": ["Ada"]}}]  # a name, not a seat
    data["steps"][-1]["events"] = broken
    path.write_text(json.dumps(data), encoding="utf-8")
    dialogs = Dialogs()
    viewer = make_window(qtbot, dialogs, "it")
    assert viewer.open_file(path)
    replay = viewer.seat_replay
    assert isinstance(replay, SeatReplay)
    qtbot.addWidget(replay)
    assert replay.position < len(data["steps"]) and replay.slider.value() == replay.position
    assert replay.table.message.text() == viewer.tr_.text("net.not_a_seat_record")
    data["steps"][0]["events"] = broken
    path.write_text(json.dumps(data), encoding="utf-8")
    assert not viewer.open_file(path)
    assert viewer.tr_.text("net.not_a_seat_record") in dialogs.informed[-1][1]


def test_a_record_watched_at_a_privilege_question_offers_no_privilege(qtbot: Any, home: Path, tmp_path: Path) -> None:
    """Bacchus' Banquet's table lit the privileges a polled seat may play from the rules, not from the match: on a
    record (and on a joiner's table whose connection is lost) the keyboard's focus said one "can move now"."""
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(4)
    state = net.hosting.host.match.state
    for _ in range(200):
        state = net.hosting.host.match.state
        if state.phase == WINDOW and 1 in state.poll and state.privileges[1]:
            break
        net.step(rnd)
    assert state.phase == WINDOW and 1 in state.poll
    path = tmp_path / "bruno.convivium.json"
    assert net.join_window.save_to(path)
    net.close()
    viewer = make_window(qtbot, Dialogs())
    assert viewer.open_file(path)
    replay = viewer.seat_replay
    assert isinstance(replay, SeatReplay)
    qtbot.addWidget(replay)
    table = replay.table
    assert table.message.text() == "" and not any(table.scene.dests.values())
