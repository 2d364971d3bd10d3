"""Position builders for the Parsifal tests: lay out a table by hand, play moves, read reasons.

Seats A, B, C, D are 0..3 as in PAR-17. `setup` gives an empty table on A's turn with an empty
deck (so ending a turn draws nothing and no safeguard is counting) unless a deck is given.
"""
from __future__ import annotations

from collections.abc import Iterable
import dataclasses
from typing import Any

import pytest

from cardsets.parsifal.loader import Missions
from rules import IllegalMove, Move, engine
from rules.kernel import Event
from rules.parsifal import BlockRecord, Decline, EndTurn, ParsifalEngine, ParState

_ENG = engine("parsifal", "standard")
assert isinstance(_ENG, ParsifalEngine)
ENG: ParsifalEngine = _ENG  # typed here, so that the tests importing it may ask Parsifal's own questions
A, B, C, D = 0, 1, 2, 3


def with_missions(changes: dict[str, Missions]) -> ParsifalEngine:
    """An engine on a test-only card set whose listed types have other missions."""
    tarots = tuple(dataclasses.replace(t, missions=changes[t.id]) if t.id in changes else t for t in ENG.cards.tarots)
    return ParsifalEngine(dataclasses.replace(ENG.cards, tarots=tarots, by_id={t.id: t for t in tarots}))


def setup(players: int = 4, active: int = A, *, deck: Iterable[str] = (), common: Iterable[str] = (),
          limbo: Iterable[str] = (), eng: ParsifalEngine = ENG, **options: Any) -> ParState:
    state = eng.blank_state({"players": players, "first_player": active, **options})
    state.deck = list(deck)
    state.common = list(common)
    state.limbo = list(limbo)
    return state


def put(state: ParState, player: int, character: str, *artifacts: str) -> None:
    """`player` owns `character`, holding `artifacts` in that order."""
    state.owner[character] = player
    state.held[character] = list(artifacts)
    state.entered[character] = state.turn


def block(state: ParState, blocker: str, target: str, source: str = "own") -> None:
    state.blocks.append(BlockRecord(blocker, target, source, state.seq))
    state.seq += 1


def play(state: ParState, move: Move, eng: ParsifalEngine = ENG) -> list[Event]:
    return eng.apply(state, move)


def resolve(state: ParState, move: Move, eng: ParsifalEngine = ENG) -> list[Event]:
    """Declare a move and let every responder decline ("resolves" in PAR-17)."""
    events = eng.apply(state, move)
    while state.step == "window":
        events += eng.apply(state, Decline(min(eng.to_act(state))))
    return events


def pass_to(state: ParState, player: int, eng: ParsifalEngine = ENG) -> None:
    """Every seat ends its turn without acting until `player` is on turn."""
    while state.active != player:
        eng.apply(state, EndTurn(state.active))


def code(state: ParState, move: Move, eng: ParsifalEngine = ENG) -> str:
    """The reason `move` is refused; the state must stay untouched."""
    before = eng.to_dict(state)
    with pytest.raises(IllegalMove) as err:
        eng.apply(state, move)
    assert eng.to_dict(state) == before
    assert move not in eng.legal_moves(state, move.player)
    return err.value.code


def legal(state: ParState, move: Move, eng: ParsifalEngine = ENG) -> bool:
    """Whether `move` is legal, asked both ways: `check` and `legal_moves` must agree."""
    listed = move in eng.legal_moves(state, move.player)
    try:
        eng.check(state, move)
    except IllegalMove:
        assert not listed, f"{move} is listed but refused"
        return False
    assert listed, f"{move} passes check but is not listed"
    return True


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
