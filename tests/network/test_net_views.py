"""A joiner reads back the view its host sent (network/views.py): at random positions of the games it can join, the
view read back writes the same JSON and gives the seat the same legal moves as the host's view; anything that is
not such a view is refused with a text key; the games whose states are not written field for field say so."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from network.host import Host
from network.protocol import BadMessage
from network.views import readable, view_from_dict
from rules import PLAYERS, Match, engine


@pytest.mark.parametrize("game", ["banquet", "bacchanalia"])
def test_a_view_read_back_is_the_same_view_with_the_same_legal_moves(game: str) -> None:
    rnd = random.Random(game)
    for seed in range(3):
        match: Match[Any] = Match(engine(game, "standard"), {PLAYERS: 3 + seed % 2}, seed)
        eng = match.engine
        for _ in range(120):
            if eng.is_over(match.state):
                break
            for seat in range(eng.players(match.state)):
                view = eng.view(match.state, seat)
                wire = json.loads(json.dumps(eng.to_dict(view)))  # as it travels: tuples become lists
                read = view_from_dict(eng, wire)
                assert eng.to_dict(read) == wire
                assert eng.legal_moves(read, seat) == eng.legal_moves(match.state, seat)
            acting = min(eng.to_act(match.state))
            match.play(rnd.choice(match.legal_moves(acting)))


def test_what_is_not_a_view_is_refused() -> None:
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 5), ["remote", "remote", "remote"])
    eng = host.engine
    good = host.update_for(0, []).view
    assert eng.to_dict(view_from_dict(eng, good)) == good
    wrong: list[dict[str, Any]] = [
        {**good, "extra": 1},  # a field no state has
        {k: v for k, v in good.items() if k != "deck"},  # one missing
        {**good, "round": "2"},  # a number written as text
        {**good, "belts": [True, 0, 0]},  # a truth for a number
        {**good, "rng": [3, [1, 2], None]},  # a random generator: a view has none
        {**good, "pending": {"card": "x", "to": 0}},  # a part without all its fields
        {**good, "knockouts": [[0]]},  # a pair with one half
    ]
    for data in wrong:
        with pytest.raises(BadMessage) as refused:
            view_from_dict(eng, data)
        assert refused.value.code == "net.bad_view"


def test_only_games_written_field_for_field_can_be_joined() -> None:
    assert readable("banquet", "standard") and readable("banquet", "open_privileges")
    assert readable("bacchanalia", "standard")
    assert not readable("parsifal", "standard") and not readable("chrononauts", "chrononauts")
