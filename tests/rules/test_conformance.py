"""the generic conformance check of docs/design.md §Conformance (`conformance.py`) on 200 seeded random Solonauts deals.

On top of the generic checks, after every move: the timeline obeys CHR-4.3, the hand holds at
most five cards, every turn uses exactly one move, view(0) hides the deck and the unused IDs
and nothing else (CHR-16.1), and a game still running has cards in hand and travellers waiting.
At the end: the game ended within 41 + 1 moves, with a result that agrees with its reason.
"""
from __future__ import annotations

import random

import pytest

from conformance import random_playout
from helpers import ENG, assert_invariant
from rules.chrononauts.moves import PlayCard, Resign
from rules.chrononauts.solonauts import SoloState
from rules.kernel import HIDDEN, Move

pytestmark = pytest.mark.slow  # whole games played at random: the full run only

SEEDS = range(200)
MAX_MOVES = 41 + 1  # CHR-16.9: each turn uses up one of the 41 cards


def choose(rnd: random.Random, legal: list[Move]) -> Move:
    """A random legal move: a play three times in four when there is one; Resign only if alone."""
    assert legal
    others = [m for m in legal if not isinstance(m, Resign)]
    if not others:
        return legal[0]
    plays = [m for m in others if isinstance(m, PlayCard)]
    if plays and rnd.random() < 0.75:
        return rnd.choice(plays)
    return rnd.choice(others)


def check_solonauts(state: SoloState) -> None:
    """CHR-4.3, CHR-16.1, CHR-16.3, CHR-16.9."""
    assert_invariant(state.timeline)
    assert len(state.hand) <= 5
    seen = ENG.view(state, 0)
    assert seen.rng is None and ENG.to_dict(seen)["rng"] is None
    assert seen.deck == [HIDDEN] * len(state.deck)
    assert seen.unused_ids == [HIDDEN] * len(state.unused_ids)
    assert (seen.hand, seen.discard, seen.waiting, seen.home) == (state.hand, state.discard, state.waiting, state.home)
    assert seen.timeline == state.timeline
    if not ENG.is_over(state):
        assert not ENG.rules.destroyed(state.timeline)
        assert state.hand and state.waiting


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(seed: int) -> None:
    """docs/design.md §Conformance; CHR-14.5-14.6, CHR-16.9, CHR-16.10."""
    ids = 6 + seed % 5
    match = random_playout(ENG, {"ids": ids}, seed, max_moves=MAX_MOVES, choose=choose, check=check_solonauts)
    state: SoloState = match.state
    assert all(m.player == 0 for m in match.moves)
    assert state.turn == len(match.moves)
    assert state.result in ("won", "lost")
    assert state.reason in ("all_home", "destroyed", "out_of_cards")
    assert (state.result == "won") == (state.reason == "all_home") == (state.waiting == [])
    assert state.score == len(state.home)


def test_resign_only_when_alone() -> None:
    """The move chooser never picks Resign while another move exists."""
    rnd = random.Random(0)
    state = ENG.new_state({}, 0)
    for _ in range(50):
        assert not isinstance(choose(rnd, ENG.legal_moves(state, 0)), Resign)
    assert choose(rnd, [Resign(0)]) == Resign(0)


def test_a_leaking_view_is_caught() -> None:
    """The generic check fails when a view shows a hidden card (it can fail)."""
    from conformance import check_views

    class Leaky(type(ENG)):  # type: ignore[misc]
        def view(self, state: SoloState, player: int) -> SoloState:
            return self.clone(state)

    leaky = Leaky(ENG.cards)
    with pytest.raises(AssertionError, match="shows"):
        check_views(leaky, leaky.new_state({}, 3))
