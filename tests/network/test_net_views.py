"""A joiner reads back the view its host sent (network/views.py): at random positions of the games it can join, the
view read back writes the same JSON and gives the seat the same legal moves as the host's view; anything that is
not such a view is refused with a text key; every game played at a table for several can be joined, the solitaire
not."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from network.host import Host
from network.protocol import BadMessage, Update, decode, encode
from network.views import readable, view_from_dict
from rules import PLAYERS, Match, engine
from rules.kernel import Engine
from rules.parsifal.state import ParState


JOINABLE = [("banquet", "standard"), ("bacchanalia", "standard"), ("chrononauts", "chrononauts"),
            ("chrononauts", "artifaxx"), ("parsifal", "standard")]


@pytest.mark.parametrize(("game", "mode"), JOINABLE)
def test_a_view_read_back_is_the_same_view_with_the_same_legal_moves(game: str, mode: str) -> None:
    rnd = random.Random(game + mode)
    for seed in range(3):
        players = 3 + seed % 2
        host = Host(Match(engine(game, mode), {PLAYERS: players}, seed), ["remote"] * players)
        eng, match = host.engine, host.match
        for _ in range(120):
            if eng.is_over(match.state):
                break
            for seat in range(players):
                # as it travels: the protocol's own bytes (tuples become lists, an object's keys are sorted)
                wire = decode(encode(host.update_for(seat, [])), from_joiner=False)
                assert isinstance(wire, Update)
                read = view_from_dict(eng, wire.view)
                assert eng.to_dict(read) == eng.to_dict(eng.view(match.state, seat)) == wire.view
                assert eng.legal_moves(read, seat) == eng.legal_moves(match.state, seat)  # in the same order too
            acting = min(eng.to_act(match.state))
            host.play(acting, rnd.choice(match.legal_moves(acting)))


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


def _parsifal_view_with_a_block_and_a_declared_action() -> tuple[Engine[Any], dict[str, Any]]:
    """Seat 0's view of a Parsifal game played until a block is in force and an action waits for its answers."""
    rnd = random.Random(3)
    match: Match[Any] = Match(engine("parsifal", "standard"), {PLAYERS: 3}, 11)
    eng = match.engine
    for _ in range(400):
        state: ParState = match.state
        if state.blocks and state.pending is not None:
            return eng, json.loads(json.dumps(eng.to_dict(eng.view(state, 0))))
        acting = min(eng.to_act(state))
        match.play(rnd.choice(match.legal_moves(acting)))
    raise AssertionError("no block and declared action in 400 moves")


def test_what_is_not_a_parsifal_view_is_refused() -> None:
    eng, good = _parsifal_view_with_a_block_and_a_declared_action()
    assert eng.to_dict(view_from_dict(eng, good)) == good
    first, *others = good["characters"]
    row = good["blocks"][0]
    wrong: list[dict[str, Any]] = [
        {**good, "characters": [{"card": first["card"], "owner": 0, "held": []}, *others]},  # no turn of entry
        {**good, "characters": [{**first, "age": 3}, *others]},  # a part no character has
        {**good, "characters": [{**first, "owner": "0"}, *others]},  # a seat written as text
        {**good, "characters": [first, first, *others]},  # a character twice
        {**good, "characters": {first["card"]: first}},  # characters as an object
        {**good, "blocks": [row[:3]]},  # a block row without its number
        {**good, "blocks": [[*row, 9]]},  # one with a number too many
        {**good, "blocks": [[row[0], row[1], row[2], "1"]]},  # its number as text
        {**good, "pending": {**good["pending"], "type": "Teleport"}},  # a move no game has
        {**good, "pending": {"type": good["pending"]["type"]}},  # a move without its player
        {**good, "deck": ["?", 4]},  # a card that is a number
        {**good, "common": [*good["common"], "excalibur"]},  # a card of no game
        {**good, "limbo": [*good["limbo"], first["card"]]},  # a character in play and in Limbo at once
        {**good, "step": "action", "pending": None, "active": 3},  # a fourth seat to act, at a table for three
    ]
    for data in wrong:
        with pytest.raises(BadMessage) as refused:
            view_from_dict(eng, data)
        assert refused.value.code == "net.bad_view"


@pytest.mark.parametrize("mode", ["chrononauts", "artifaxx"])
def test_what_is_not_a_chrononauts_view_is_refused(mode: str) -> None:
    eng = engine("chrononauts", mode)
    good = json.loads(json.dumps(eng.to_dict(eng.view(eng.new_state(eng.options({PLAYERS: 3}), 4), 1))))
    assert eng.to_dict(view_from_dict(eng, good)) == good
    other = "artifaxx" if mode == "chrononauts" else "chrononauts"
    year = good["prime"][0] if good["prime"] else 1865
    wrong: list[dict[str, Any]] = [
        {**good, "mode": other},  # the other mode's view
        {k: v for k, v in good.items() if k != "mode"},
        {**good, "prime": [year, year]},  # a linchpin twice
        {**good, "prime": [str(year)]},  # a year as text
        {**good, "patches": {"nineteen": "patch"}},  # a year that is no number
        {**good, "patches": {f" {year}": "patch"}},  # one written as no picture writes it
        {**good, "paradoxed": {"1": 1}},  # an object for a list
        {**good, "setup": [[0]]},  # a decision without its kind
        {**good, "stack": [{"card": "x", "player": 0}]},  # an entry without its source
        {**good, "window": "0"},
        {**good, "setup": [[5, "id"]]},  # a seat nobody sits in is asked
        {**good, "discard": [*good["discard"], *good["hands"][1]]},  # seat 1's cards in its hand and discarded
    ]
    for data in wrong:
        with pytest.raises(BadMessage) as refused:
            view_from_dict(eng, data)
        assert refused.value.code == "net.bad_view"


def test_every_game_for_several_can_be_joined_the_solitaire_not() -> None:
    assert readable("banquet", "open_privileges")
    assert all(readable(game, mode) for game, mode in JOINABLE)
    assert not readable("chrononauts", "solonauts")  # nobody joins a solitaire
