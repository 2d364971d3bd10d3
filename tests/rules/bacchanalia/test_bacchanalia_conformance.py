"""the conformance check of docs/design.md §Conformance (`conformance.py`) on seeded random Bacchanalia games.

200 games for each of 3, 4, 5 and 6 players; the seeds spread over the three game lengths (BAC-4) and three Umbra decks: the
default one and smaller ones that bring the Parcae round often, so full games stay short.
After every move, on top of the generic checks: BAC-1.6, BAC-2.2, BAC-6.6.4, BAC-6.7.2,
BAC-6.7.8b and BAC-6.2.4 hold, and the player the game waits for may act. At the end every
player has completed a finale with an outcome (BAC-9.1).
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from bacchanalia_helpers import ENG
from conformance import random_playout
from rules.bacchanalia.moves import (AskQuestion, DeclareTimeUp, DeclareWithAmans, GiftMinerva, LockUmbra)
from rules.bacchanalia.state import BacState
from rules.kernel import Move
from rules.match import Match

pytestmark = pytest.mark.slow  # whole games played at random: the full run only

SEEDS = range(200)
SMALL_DECK = {"vinum": 3, "vinum_symbol": 2, "bacchus": 2, "satyrus": 2, "miles": 3, "accusator": 2, "pluto": 2,
              "minerva": 2, "venus": 2, "amans": 3, "parcae": 1}
TINY_DECK = {"vinum": 2, "vinum_symbol": 1, "bacchus": 1, "satyrus": 1, "miles": 4, "accusator": 1, "pluto": 1,
             "minerva": 1, "venus": 1, "amans": 2, "parcae": 1}
PLAYERS = (3, 4, 5, 6)
LENGTHS: list[dict[str, Any]] = [  # by seed % 10
    {"umbra_composition": TINY_DECK},  # until every player has had a finale
    {"length": "parcae_limit", "parcae_limit": 1},
    {"length": "time_limit", "minutes": 60},
    {"length": "parcae_limit", "parcae_limit": 3, "umbra_composition": SMALL_DECK},
    {"length": "time_limit", "umbra_composition": SMALL_DECK},
    {"length": "parcae_limit", "parcae_limit": 2, "umbra_composition": TINY_DECK},
    {"length": "time_limit", "umbra_composition": TINY_DECK},
    {},  # the full game with the default deck: 3 players only (see options_for), to stay fast
    {"length": "parcae_limit", "parcae_limit": 1, "umbra_composition": SMALL_DECK},
    {"length": "time_limit"},
]
OPTIONAL = (AskQuestion, DeclareWithAmans, DeclareTimeUp, GiftMinerva, LockUmbra)


def options_for(seed: int, players: int) -> dict[str, Any]:
    length = LENGTHS[seed % 10]
    if not length and players > 3:
        length = {"length": "parcae_limit", "parcae_limit": 4, "umbra_composition": TINY_DECK}
    return {"players": players, "setup_starter": seed % players, "first_player": seed // 10 % players, **length}


def choose(rnd: random.Random, legal: list[Move]) -> Move:
    """Mostly the awaited decision; now and then a lock, a gift, a meeting, a question or time up."""
    assert legal
    needed = [m for m in legal if not isinstance(m, OPTIONAL)]
    extras = [m for m in legal if isinstance(m, OPTIONAL)]
    if not needed or (extras and rnd.random() < 0.15):
        return rnd.choice(extras)
    return rnd.choice(needed)


def step(match: Match[BacState], rnd: random.Random) -> Move:
    """A move of the player the game waits for, most of the time; else of anyone who may act.
    Questions may be asked at any time (BAC-8.2), so a player picked at random would mostly ask."""
    state = match.state
    acting = sorted(ENG.to_act(state))
    player = state.decider if state.decider in acting and rnd.random() < 0.8 else rnd.choice(acting)
    return choose(rnd, match.legal_moves(player))


def check_bacchanalia(state: BacState) -> None:
    """Invariants of BAC-1.6, BAC-2.2, BAC-6.2.4, BAC-6.6.4, BAC-6.7.2, BAC-6.7.8b, BAC-13.3."""
    s = state
    for p, seat in enumerate(s.seats):
        vinum = [d for d in seat.deus if ENG.kind(d) == "vinum"]
        assert len(vinum) == 1, (p, seat.deus)
        if not seat.in_game:
            assert all(ENG.kind(d) in ("vinum", "bacchus") for d in seat.deus)
            assert seat.locked is None and seat.finale and seat.outcome
        assert seat.locked is None or (seat.locked not in s.deck and seat.locked not in s.discard)
        if seat.locked is not None:
            assert ENG.kind(seat.locked) != "parcae"
    assert all(ENG.kind(c) != "vinum" for c in s.centre)
    if s.bacchus_assigned:
        assert all(ENG.kind(c) != "bacchus" for c in s.centre)
    assert (s.set_aside == []) == s.amans_released == (s.parcae_count >= 1)
    if not ENG.is_over(s):
        assert s.decider in ENG.to_act(s)
        assert s.phase == "setup" or s.seats[s.active].in_game
        assert ENG.prompt(s)[0]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(seed: int, players: int) -> None:
    """docs/design.md §Conformance, 200 games for each number of players; BAC-9.1, BAC-11.4."""
    match = random_playout(ENG, options_for(seed, players), seed, max_moves=5000, step=step,
                           check=check_bacchanalia)
    state: BacState = match.state
    assert state.phase == "over" and ENG.to_act(state) == frozenset()
    assert sorted(state.finished) == list(range(len(state.seats)))
    for seat in state.seats:
        assert seat.finale in ("amans", "miles", "sudden") and not seat.in_game
        assert seat.outcome in ("escaped", "happy", "death", "lost", "free_lose_amans", "save_amans_die")
