"""The joiner's table and the host's screen over loopback (issue #41): each screen plays only its own seats, with no
curtain for one person alone; it waits, read-only, while a seat elsewhere decides; a refusal from the host is said in
the player's language; Undo asks the host; nothing of the game is kept on disk."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from net_driver import NetTable, net_threads
from table_driver import Dialogs, make_window

from desktop.frame.i18n import Translator
from desktop.games.banquet.table import BanquetGame, BanquetTable
from desktop.net.hosting import HostSession, Listening
from desktop.shell.main_window import MainWindow
from desktop.shell.tables import table_for
from network import tls
from network.protocol import Play
from rules.banquet.state import WINDOW
from rules.kernel import IllegalMove


def shown(window: MainWindow) -> Any:
    table = window.table
    assert table is not None
    return table


def test_each_screen_plays_its_own_seat_with_no_curtain_and_waits_for_the_others(qtbot: Any, home: Path,
                                                                                tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(3)
    waited = set()
    for _ in range(40):
        for window, seat in net.tables():
            table = shown(window)
            assert not table.scene.curtain_up  # one person at each screen: their own view, never a curtain
            assert "save" not in table.buttons  # the game is the host's to keep
            last = net.hosting.host.match.last_move
            if last is not None and last.player != seat:  # nobody takes back another seat's move
                assert not table.can_undo() and "undo" not in table.buttons
            decider = net.hosting.host.engine.decider(net.hosting.host.match.state)
            if decider is not None and decider != seat:
                waited.add(seat)
                assert table.prompt.text() == table.tr_.text("net.waiting_for", player=table.game.names[decider])
                assert not table.game.match.legal_moves(seat) and not any(table.scene.dests.values())
        net.step(rnd)
    assert waited == {0, 1}
    net.close()
    assert not net_threads()


def test_a_refusal_from_the_host_is_said_in_the_players_language(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls", language="it")
    table = shown(net.join_window)
    host = net.hosting.host
    qtbot.waitUntil(lambda: 0 in host.engine.to_act(host.match.state) and net.settled(), timeout=10_000)
    theirs = host.engine.notation(host.match.legal_moves(0)[0])  # seat 0's move, sent as the joiner's own
    with pytest.raises(IllegalMove) as refused:
        host.engine.check(host.match.state, host.engine.parse(theirs, 1))
    said = table.reason(refused.value)
    assert said != refused.value.code and said == table.tr_.for_game("banquet").text(refused.value.code)
    moves = net.host_moves
    net.joining.joiner.send(Play(theirs))
    qtbot.waitUntil(lambda: table.message.text() == said, timeout=10_000)
    assert net.host_moves == moves and not net.remote().waiting
    italian = Translator("it").for_game("banquet").text(refused.value.code)
    assert said == italian != Translator("en").for_game("banquet").text(refused.value.code)
    net.close()


def test_undo_asks_the_host_which_takes_the_move_back_for_everyone(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(7)
    table = shown(net.join_window)
    for _ in range(60):
        net.step(rnd)
        if net.remote().can_undo() and net.hosting.host.match.last_move is not None \
                and net.hosting.host.match.last_move.player == 1:
            break
    assert table.can_undo() and "undo" in table.buttons
    before = net.host_moves
    table.undo()
    qtbot.waitUntil(lambda: net.host_moves == before - 1 and net.settled(), timeout=10_000)
    assert net.remote().count == before - 1
    net.close()


def test_the_host_screen_leaves_the_privilege_question_to_the_seat_polled_elsewhere(qtbot: Any, home: Path,
                                                                                  tmp_path: Path) -> None:
    """BB-12.5: the poll goes in priority order; while the joiner is polled, the host's screen puts no shared question
    (it would answer for a seat that is not there) and says whom it waits for."""
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(1)
    host_table = shown(net.host_window)
    state = net.hosting.host.match.state
    for _ in range(300):
        state = net.hosting.host.match.state
        if state.phase == WINDOW and state.poll[0] == 1 or net.over():
            break
        net.step(rnd)
    assert state.phase == WINDOW and state.poll[0] == 1
    window = host_table.game.engine.window(host_table.game.state)
    assert window is not None and not host_table.bot_seats.for_people(window).asked
    assert host_table.away() == 1
    assert host_table.prompt.text() == host_table.tr_.text("net.waiting_for", player="Bruno")
    assert not {"no_privilege", "privilege", "no_privilege_round"} & set(host_table.buttons)
    # Had seat 0 been polled first, the host's screen would have asked it: the question is narrowed, not dropped.
    local_first = replace(window, asked=(0, 1))
    assert host_table.bot_seats.for_people(local_first).asked == (0,)
    net.close()



def test_a_finished_network_game_offers_no_replay_and_keeps_nothing(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(2)
    for _ in range(500):
        if net.over():
            break
        if not net.step(rnd):
            qtbot.wait(20)
    qtbot.waitUntil(net.settled, timeout=10_000)
    for window, seat in net.tables():
        table = shown(window)
        assert "replay" not in table.buttons and table.watch_replay is None
        assert window.watch_replay() is None and not window.act_watch.isEnabled()
        # The host's game is its own save (hosted.convivium.json); a joiner may keep only what its seat saw.
        own = seat == 1
        assert window.act_save.isEnabled() == own and window.act_save_as.isEnabled() == own
    net.close()


def test_the_host_screen_says_when_the_seat_it_waits_for_is_not_connected(qtbot: Any, home: Path,
                                                                         tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls", language="it")
    rnd = random.Random(4)
    host_table, join_table = shown(net.host_window), shown(net.join_window)
    for _ in range(60):
        if host_table.away() == 1:
            break
        net.step(rnd)
    assert host_table.away() == 1 and not host_table.game.offline
    t = host_table.tr_.text
    assert host_table.prompt.text() == t("net.waiting_for", player="Bruno")
    net.joining.joiner.drop()
    qtbot.waitUntil(lambda: host_table.prompt.text() == t("net.waiting_offline", player="Bruno"), timeout=10_000)
    assert join_table.prompt.text() == join_table.tr_.text("net.lost") != Translator("en").text("net.lost")
    qtbot.waitUntil(lambda: host_table.prompt.text() == t("net.waiting_for", player="Bruno"), timeout=10_000)
    assert not host_table.game.offline
    net.close()


def test_the_people_at_the_host_screen_pass_it_round_behind_the_curtain(qtbot: Any, home: Path) -> None:
    started = BanquetGame.start("banquet", "standard", ["Ada", "Cleo", "Guest 1"], {}, 31)
    hosting = HostSession.new(started, ["local", "local", "remote"], Listening(bind="127.0.0.1", port=0, insecure=True))
    hosting.start()
    table = BanquetTable(Translator("en").for_game("banquet"), hosting.game)
    qtbot.addWidget(table)
    hosting.attach(table)
    rnd = random.Random(5)
    curtains: set[str] = set()
    for _ in range(80):
        if table.away() is not None:
            break  # the seat elsewhere decides: nobody here plays until it does
        seat = table.decider()
        assert seat in (0, 1) or seat is None
        if table.scene.curtain_up:
            curtains.add(table.prompt.text())
            table.lift_curtain()
        seat = table.decider()
        before = len(hosting.host.match.moves)
        if seat is None:
            assert table.game.engine.window(table.game.state) is not None
            table.nobody_answers()  # the shared question, answered by the people here only
        else:
            assert table.play(rnd.choice(table.game.match.legal_moves(seat)))
        qtbot.waitUntil(lambda: len(hosting.game.match.moves) == len(hosting.host.match.moves) > before, timeout=10_000)
    assert table.tr_.text("hs.curtain", player="Cleo") in curtains
    assert not any("Guest 1" in line for line in curtains)
    assert table.away() == 2 and table.prompt.text() == table.tr_.text("net.waiting_offline", player="Guest 1")
    hosting.stop()
    assert not net_threads()


def test_the_invitations_can_be_shown_again_while_hosting(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    window = net.host_window
    shown_again = window.invitations
    assert shown_again is not None and window.act_invitations.isEnabled()
    shown_again.close()
    window.act_invitations.trigger()
    assert shown_again.isVisible() and shown_again.fields[1][0].text() == net.hosting.invites[1].link()
    assert not net.join_window.act_invitations.isEnabled()  # a joiner has none to give
    window.new_game({"ids": 8}, 1234)  # the hosted game leaves the window: its invitations go with it
    assert window.invitations is None and not window.act_invitations.isEnabled() and window.net is None
    net.close()
    assert not net_threads()


def test_the_host_screen_never_plays_or_takes_back_a_move_of_a_seat_elsewhere(qtbot: Any, home: Path,
                                                                             tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    rnd = random.Random(7)
    host_table = shown(net.host_window)
    for _ in range(60):
        last = net.hosting.host.match.last_move
        if last is not None and last.player == 1 and net.hosting.game.match.can_undo():
            break
        net.step(rnd)
    match = net.hosting.game.match
    assert match.last_move is not None and match.last_move.player == 1 and match.can_undo()
    assert not host_table.can_undo()
    moves = net.host_moves
    match.undo()  # as if the screen tried: the host's copy takes it back, the host does not
    qtbot.waitUntil(lambda: host_table.message.text() == host_table.tr_.text("net.cannot_undo"), timeout=10_000)
    qtbot.waitUntil(net.settled, timeout=10_000)
    assert net.host_moves == moves and len(net.hosting.game.match.moves) == moves
    net.close()


def test_a_game_started_while_a_seat_is_asked_for_stays_on_the_table(qtbot: Any, home: Path) -> None:
    started = BanquetGame.start("banquet", "standard", ["Ada", "Guest 1", "Cleo"], {}, 31)
    hosting = HostSession.new(started, ["local", "remote", "local"], Listening(bind="127.0.0.1", port=0, insecure=True))
    invites = hosting.start()
    window = make_window(qtbot, Dialogs())
    window.join(invites[1], "Bruno")
    window.new_game({"ids": 8}, 1234)  # the person changed their mind before the host answered
    solo = window.table
    assert window.joining is None and solo is not None
    qtbot.wait(300)
    assert window.table is solo and window.net is None
    hosting.stop()
    assert not net_threads()


@pytest.mark.parametrize(("game", "mode"), [("chrononauts", "chrononauts"), ("chrononauts", "artifaxx"),
                                            ("parsifal", "standard")])
def test_chrononauts_and_parsifal_are_played_from_a_joiners_window(qtbot: Any, home: Path, tmp_path: Path,
                                                                   game: str, mode: str) -> None:
    net = NetTable(qtbot, tmp_path / "tls", language="nl", game=game, mode=mode)
    table = shown(net.join_window)
    assert (table.GAME, table.game.match.engine.mode) == (game, mode) and not table.scene.curtain_up
    # a game never played here, yet no guided first game is offered: taking it would leave the table elsewhere
    assert net.join_window.guided_offer.bubble is None and net.host_window.guided_offer.bubble is None
    rnd = random.Random(game + mode)
    played = 0
    for _ in range(25):
        if net.over():
            break
        played += net.step(rnd)
    net.qtbot.waitUntil(net.settled, timeout=10_000)
    # the joiner's screen shows the host's position as its seat sees it, every move of both screens included
    host = net.hosting.host
    assert played > 3 and net.remote().count == len(host.match.moves)
    assert host.engine.to_dict(net.remote().state) == host.engine.to_dict(host.engine.view(host.match.state, 1))
    net.close()
    assert not net_threads()


def test_a_joiner_reads_each_event_in_words_even_one_with_a_parameter_named_kind(qtbot: Any, home: Path,
                                                                                  tmp_path: Path) -> None:
    """CHR-6.6: "Ada keeps the ID they were dealt." has a parameter `kind` (her ID or her Mission). Mixed in with the
    event's own kind it took its place, and the joiner read (and Orca said) "event.id" and "event.mission"."""
    net = NetTable(qtbot, tmp_path / "tls", game="chrononauts", mode="chrononauts")
    rnd = random.Random(5)
    joiner = shown(net.join_window)
    for _ in range(8):
        net.step(rnd)
    lines = [joiner.log.item(row).text() for row in range(joiner.log.count())]
    assert any(line.endswith(("they were dealt.", "they were dealt for another.")) for line in lines), lines
    assert not [line for line in lines if line.startswith("event.")], lines
    net.close()


def test_a_host_whose_certificate_is_damaged_is_told_what_to_delete_in_italian(qtbot: Any, home: Path,
                                                                                 tmp_path: Path) -> None:
    """Hosting with a damaged certificate: the window says, in the player's language, which files to delete and
    keeps the game on show; it said the ssl module's "[SSL] PEM lib" as "the system refused (error 524297)"."""
    dialogs = Dialogs()
    window = make_window(qtbot, dialogs, "it")
    folder = tmp_path / "tls"
    tls.host_certificate(folder)[0].write_text("not a certificate\n")
    table = table_for("banquet", "standard")
    assert table is not None
    started = table.GAME_CLASS.start("banquet", "standard", ["Ada", "Ospite 1", "Computer 1"], {}, 7, {2: "easy"})
    shown = window.table
    assert window.host(started, ["local", "remote", "easy"], Listening(bind="127.0.0.1", port=0, folder=folder)) is None
    t = window.tr_.text
    reason = t("net.bad_certificate", folder=str(folder), cert_file=tls.CERT_NAME, key_file=tls.KEY_NAME)
    assert dialogs.informed == [(t("net.host_title"), t("net.cannot_listen", reason=reason))]
    assert "elimina" in reason.lower() and "SSL" not in dialogs.informed[0][1]
    assert window.table is shown and window.net is None and not net_threads()
