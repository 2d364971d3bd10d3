"""A joiner's table offers its own seat's moves only, from the view the host sent: at random positions of each game
a joiner can play, every card it lets move and every button that plays a move is the seat's own and legal on the
host's full state; and it sends the move's notation, which the host reads back as that very move."""
from __future__ import annotations

import random
from functools import partial
from typing import Any

import pytest

from desktop.frame.i18n import Translator
from desktop.net.remote import RemoteMatch
from desktop.shell.tables import table_for
from network.host import Host
from network.protocol import Message, Play
from rules import PLAYERS, Match, engine
from rules.kernel import Move


@pytest.mark.parametrize(("game", "mode"), [("banquet", "standard"), ("bacchanalia", "standard"),
                                            ("chrononauts", "chrononauts"), ("chrononauts", "artifaxx"),
                                            ("parsifal", "standard")])
def test_a_joiner_is_offered_its_own_seats_moves_only(qtbot: Any, game: str, mode: str) -> None:
    seat = 1
    host = Host(Match(engine(game, mode), {PLAYERS: 3}, 17), ["remote"] * 3)
    eng = host.engine
    sent: list[Message] = []
    remote = RemoteMatch(eng, seat, host.update_for(seat, []), sent.append)
    cls = table_for(game, mode)
    assert cls is not None
    made = cls.GAME_CLASS(remote, ["Ada", "Bruno", "Cleo"])
    made.seats_here = frozenset({seat})
    # as the joiner's session builds it (desktop/net/remote.py): Chrononauts's table takes the app's translator
    table = cls(Translator("en") if game == "chrononauts" else Translator("en").for_game(game), made)
    qtbot.addWidget(table)
    rnd = random.Random(game + mode)
    offered_any = 0
    for _ in range(40):
        if eng.is_over(host.match.state):
            break
        remote.take(host.update_for(seat, []))
        table.refresh()
        legal = host.match.legal_moves(seat)
        moves: list[Move] = [m for targets in table.scene.dests.values() for m in targets.values()]
        moves += [slot.args[0] for _key, _label, slot in table._plan
                  if isinstance(slot, partial) and slot.args and isinstance(slot.args[0], Move)]
        assert all(m.player == seat and m in legal for m in moves)
        if moves:
            offered_any += 1
            chosen = rnd.choice(moves)
            sent.clear()
            assert table.play(chosen) and remote.waiting and len(sent) == 1
            message = sent[0]
            assert isinstance(message, Play) and eng.parse(message.move, seat) == chosen
        acting = min(eng.to_act(host.match.state))
        host.play(acting, rnd.choice(host.match.legal_moves(acting)))
    assert offered_any > 3
