"""A host is another program: what no host of ours sends (a view of another game, an event without its fields, names
with markup) leaves the joiner's window whole, saying that the host is not a Convivium table, the last good position
on show and nothing more played."""
from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from desktop.frame.i18n import Translator
from desktop.net.remote import JoinSession
from desktop.shell.tables import table_for
from network.host import Host
from network.invite import Invite
from network.protocol import BadMessage, Refused, Seats, Update, Welcome
from rules import PLAYERS, Match, engine

INVITE = Invite("127.0.0.1", 1, "Tb3xQk9a", 1, "A" * 22, None)


def seated(qtbot: Any, game: str = "banquet", mode: str = "standard") -> tuple[JoinSession, Host]:
    """A joiner told by hand what a host would tell it (no connection is opened)."""
    host = Host(Match(engine(game, mode), {PLAYERS: 3}, 9), ["remote"] * 3)
    session = JoinSession(Translator("en"), INVITE, "Bruno", table_for)
    session._received(Welcome(host.table, game, mode, 1, 3))
    session._received(Seats([{"seat": n, "kind": "remote", "name": name, "here": True}
                             for n, name in enumerate(["Ada", "Bruno", "<b>Cleo</b>"])]))
    session._received(host.update_for(1, []))
    assert session.table is not None
    qtbot.addWidget(session.table)
    return session, host


def test_an_event_no_host_sends_leaves_the_last_position_on_show(qtbot: Any) -> None:
    session, host = seated(qtbot)
    table, match = session.table, session.match
    assert table is not None and match is not None
    good = host.update_for(1, [])
    broken = dataclasses.replace(good, moves=1, events=[{"kind": "game_over", "params": {"winners": ["Ada"]}}])  # a name, not a seat
    session._received(broken)
    assert session.ended and match.count == 0 and not match.events()
    assert table.prompt.text() == table.tr_.text("net.bad_view")
    assert not match.legal_moves(1)
    session.stop()


def test_a_view_of_another_game_or_another_seat_is_refused(qtbot: Any) -> None:
    session, host = seated(qtbot)
    table = session.table
    assert table is not None
    other = Host(Match(engine("bacchanalia", "standard"), {PLAYERS: 3}, 9), ["remote"] * 3)
    session._received(other.update_for(1, []))
    assert session.ended and table.prompt.text() == table.tr_.text("net.bad_view")
    session.stop()


# Views of the right shape and types that no game reaches: a card in no set, a seat nobody sits in, a year off the
# timeline. Their types are right; network/views.py refuses them before any table draws them.
NONSENSE: list[tuple[str, str, dict[str, Any]]] = [
    ("parsifal", "standard", {"characters": [{"card": "nobody#1", "owner": 1, "held": [], "entered": 1}]}),
    ("parsifal", "standard", {"active": 7}),
    ("chrononauts", "chrononauts", {"hands": [["?"], ["no-such-card"], ["?"]]}),
    ("chrononauts", "chrononauts", {"patches": {"1234": "no-such-patch"}}),
    ("chrononauts", "artifaxx", {"setup": [[9, "id"]]}),
]


@pytest.mark.parametrize(("game", "mode", "forged"), NONSENSE)
def test_a_view_no_game_reaches_leaves_the_last_position_on_show(qtbot: Any, game: str, mode: str,
                                                                forged: dict[str, Any]) -> None:
    session, host = seated(qtbot, game, mode)
    table, match = session.table, session.match
    assert table is not None and match is not None
    good = host.update_for(1, [])
    session._received(dataclasses.replace(good, moves=1, view={**good.view, **forged}))
    assert session.ended and table.prompt.text() == table.tr_.text("net.bad_view")
    assert match.count == 0 and host.engine.to_dict(match.state) == good.view  # the last good position stays
    session.stop()


def test_names_are_cleaned_again_and_a_bad_one_becomes_the_seat(qtbot: Any) -> None:
    session, _host = seated(qtbot)
    assert session.game is not None
    assert session.game.names == ["Ada", "Bruno", Translator("en").text("hs.seat", seat=3)]
    session.stop()


def test_a_seat_named_by_the_app_follows_a_change_of_language(qtbot: Any) -> None:
    """"Seat 3" is the app's word, not the host's: after a switch to Italian it reads as Italian does, and the names
    the host sent stay as they were."""
    session, _host = seated(qtbot)
    assert session.game is not None
    session.tr_.set_language("it")
    assert session.game.names == ["Ada", "Bruno", Translator("it").text("hs.seat", seat=3)]
    assert session.game.names[2] != Translator("en").text("hs.seat", seat=3)
    session.stop()


def test_a_second_welcome_for_another_table_is_refused(qtbot: Any) -> None:
    session, host = seated(qtbot)
    session._received(Welcome(host.table, "bacchanalia", "standard", 1, 3))
    assert session.ended
    table = session.table
    assert table is not None and table.prompt.text() == table.tr_.text("net.bad_view")
    session.stop()


def test_an_update_before_any_welcome_is_ignored(qtbot: Any) -> None:
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 9), ["remote"] * 3)
    session = JoinSession(Translator("en"), INVITE, "Bruno", table_for)
    update: Update = host.update_for(1, [])
    session._received(update)
    assert session.table is None and not session.ended
    session.stop()


# A host's reasons this app has no words for: a key of no catalog, another game's rule, a known key whose placeholder
# the host left unfilled, a known key whose `reason` is an unknown key.
UNSAYABLE = [("evil.key", {}), ("illegal.no_such_rule", {}), ("net.bad_seat", {}),
             ("net.cannot_listen", {"reason": "evil.key"})]


@pytest.mark.parametrize(("reason", "params"), UNSAYABLE)
def test_a_refusal_or_farewell_with_no_words_here_is_said_never_shown_raw(qtbot: Any, reason: str,
                                                                          params: dict[str, Any]) -> None:
    session, _host = seated(qtbot)
    table = session.table
    assert table is not None
    session._received(Refused("net.bad_token", {"seat": 2}))  # one it knows, said as ever
    assert table.message.text() == table.tr_.text("net.bad_token", seat=2)
    session._received(Refused(reason, params))
    assert table.message.text() == table.tr_.text("net.unknown_refusal")
    session._failed(BadMessage(reason, **params))  # the host's farewell (a `bye`), or its refusal of a hello
    assert table.prompt.text() == table.tr_.text("net.unknown_farewell")
    for shown in (table.message.text(), table.prompt.text()):
        assert reason not in shown and "{" not in shown
    session.stop()


@pytest.mark.parametrize(("game", "mode"), [("banquet", "standard"), ("parsifal", "standard"),
                                            ("chrononauts", "chrononauts")])
def test_a_host_that_says_the_game_is_over_on_a_view_still_in_play_is_left(qtbot: Any, game: str, mode: str) -> None:
    """The joiner told the end from its own view as soon as a host said `over`: on a view still in play the box said
    "end.None" (Banquet) or "Nobody wins. game_drawn.None" (Parsifal). A view and an `over` that disagree come from no
    host of ours (a view ends a game exactly when the full state does): the last good position stays, nothing more."""
    session, host = seated(qtbot, game, mode)
    table, match = session.table, session.match
    assert table is not None and match is not None
    told: list[tuple[str, str]] = []
    table.inform = lambda title, text: told.append((title, text))  # type: ignore[method-assign]
    good = host.update_for(1, [])
    session._received(dataclasses.replace(good, moves=1, over=True))
    assert told == [] and session.ended and match.count == 0
    assert table.prompt.text() == table.tr_.text("net.bad_view")
    session.stop()
