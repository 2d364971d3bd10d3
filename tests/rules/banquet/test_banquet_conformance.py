"""the generic conformance check of docs/design.md §Conformance (`conformance.py`) on seeded random Bacchus' Banquet games.

200 games per mode for each of 3, 4 and 5 seats; the standard mode alternates the hidden
privileges and the no-privilege variant. On top of the generic checks, after every move:
exactly one person may act (BB-18.2), belts stay within 0-10 (BB-10.8), the slots hold only
picked cards and only the active player sees their faces (BB-17.1), at most one privilege is
played per round (BB-12.2), and every seated player has a guest. At the end: the result agrees
with its reason (BB-14).
"""
from __future__ import annotations

import random

import pytest
from banquet_helpers import ENG, OPEN

from conformance import random_playout
from rules.banquet import AcceptGift, BanquetEngine, BanquetState, PassPrivilege
from rules.kernel import HIDDEN, Move

pytestmark = pytest.mark.slow  # whole games played at random: the full run only

SEEDS = range(200)
SEATS = (3, 4, 5)
MAX_MOVES = 1500  # far above any game: each round removes at least the gift from play (D-1)


def choose(rnd: random.Random, legal: list[Move]) -> Move:
    """A random legal move, except that a poll is mostly passed for the rest of the round and a
    gift mostly accepted, which keeps games short enough to run hundreds of them."""
    passes = [m for m in legal if isinstance(m, PassPrivilege) and m.rest_of_round]
    if passes and rnd.random() < 0.7:
        return passes[0]
    accepts = [m for m in legal if isinstance(m, AcceptGift)]
    if accepts and rnd.random() < 0.5:
        return accepts[0]
    return rnd.choice(legal)


def checker(eng: BanquetEngine) -> "Checker":
    return Checker(eng)


class Checker:
    def __init__(self, eng: BanquetEngine) -> None:
        self.eng = eng
        self.used: dict[int, int] = {}

    def __call__(self, state: BanquetState) -> None:
        eng = self.eng
        acting = eng.to_act(state)
        assert len(acting) == (0 if state.phase == "over" else 1)
        assert all(0 <= b <= 10 for b in state.belts)
        assert {c for c in state.slots.values() if c} <= set(state.picked)
        for viewer in range(state.seats):
            faces = eng.view(state, viewer).slots
            if viewer != state.active:
                assert all(v in (None, HIDDEN) for v in faces.values())
        played = sum(1 for c in state.removed if c in eng.privilege_cards)
        self.used.setdefault(state.round, played)
        assert played - self.used[state.round] <= 1, "two privileges in one round"
        if state.options["privileges"] == "off":
            assert played == 0
        for seat in range(state.seats):
            if state.guests[seat] is None:
                assert state.rows[seat] == [] and state.belts[seat] == 0


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_standard(seed: int, seats: int) -> None:
    """docs/design.md §Conformance, 200 games per number of seats; BB-3, BB-4, BB-14, BB-17, BB-18
    (hidden privileges and none)."""
    options = {"players": seats, "privileges": "hidden" if seed % 2 else "off"}
    match = random_playout(ENG, options, seed, max_moves=MAX_MOVES, choose=choose, check=checker(ENG))
    _check_result(match.state)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_open_privileges(seed: int, seats: int) -> None:
    """docs/design.md §Conformance, 200 games per number of seats; BB-15.2 (open privileges)."""
    match = random_playout(OPEN, {"players": seats}, seed, max_moves=MAX_MOVES, choose=choose,
                           check=checker(OPEN))
    _check_result(match.state)


def _check_result(state: BanquetState) -> None:
    """BB-14: winners only with reason 'won', and every winner still has a character in play."""
    assert state.phase == "over"
    assert state.end_reason in ("won", "draw", "exhausted", "too_few_seated")
    assert bool(state.winners) == (state.end_reason == "won")
    assert all(state.guests[w] is not None for w in state.winners)
    if state.end_reason == "draw":
        assert len(state.knockouts) >= 3
