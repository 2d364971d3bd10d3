"""the conformance check of docs/design.md §Conformance on seeded random Chrononauts and Artifaxx games.

200 games per mode for each of 2, 4 and 6 seats (issue 3), alternating both response modes, each stopped by a small
`turn_limit` (CHR-12.7) so that the suite stays fast. On top of the generic checks, after every
move: the timeline obeys CHR-4.3 (and stays True History in Artifaxx), the player who played the
card on top is never asked to answer it, and every view shows the same window, the same counts
and no other player's hand (CHR-10.4, 14.3-14.4).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from chrononauts_helpers import ARTIFAXX, FULL, choose
from helpers import assert_invariant

from conformance import random_playout
from rules.chrononauts.full import ChrononautsEngine
from rules.chrononauts.full_state import FullState
from rules.kernel import HIDDEN

pytestmark = pytest.mark.slow  # whole games played at random: the full run only

SEEDS = range(200)
SEATS = (2, 4, 6)
TURNS = 8
MAX_MOVES = 2000


def checker(eng: ChrononautsEngine) -> Callable[[FullState], None]:
    def check(state: FullState) -> None:
        """CHR-4.3, CHR-10.3, CHR-10.4, CHR-14.3, CHR-14.4, CHR-15.6, D-27."""
        if eng.timeline_game:
            assert_invariant(state.timeline)
        else:
            assert not state.timeline.prime and not state.timeline.patches and state.ids == [None] * state.seats
        if state.window is not None:
            assert state.stack and state.stack[-1].player not in state.window
        for p in range(state.seats):
            seen = eng.view(state, p)
            assert seen.window == state.window and seen.rng is None
            assert [len(h) for h in seen.hands] == [len(h) for h in state.hands]
            assert all(set(h) <= {HIDDEN} for q, h in enumerate(seen.hands) if q != p)
            assert seen.tables == state.tables and seen.discard == state.discard
    return check


def run(eng: ChrononautsEngine, seed: int, seats: int) -> FullState:
    options = {"players": seats, "response_mode": ("each", "shared")[seed % 2], "turn_limit": TURNS}
    match = random_playout(eng, options, seed, max_moves=MAX_MOVES, choose=choose, check=checker(eng))
    state: FullState = match.state
    assert state.result in ("won", "destroyed", "turn_limit")
    assert (state.result == "won") == (state.winner is not None) == bool(state.won_by)
    assert state.turn <= TURNS
    return state


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_chrononauts_game(seed: int, seats: int) -> None:
    """docs/design.md §Conformance; CHR-7, CHR-10, CHR-12, CHR-14.2 (no card created or lost), CHR-14.5,
    CHR-14.6."""
    run(FULL, seed, seats)


@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_artifaxx_game(seed: int, seats: int) -> None:
    """docs/design.md §Conformance; CHR-15."""
    state = run(ARTIFAXX, seed, seats)
    assert state.won_by in ([], ["mission"])


def test_random_games_reach_every_ending() -> None:
    """The random games are not all alike: wins by ID, Mission and hand, destruction, time-outs."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        state = FULL.new_state({"players": 2 + seed % 2, "turn_limit": 60}, seed)
        rnd = random.Random(seed)
        while not FULL.is_over(state):
            player = rnd.choice(sorted(FULL.to_act(state)))
            FULL.apply(state, choose(rnd, FULL.legal_moves(state, player)))
        seen.update(state.won_by or [state.result or ""])
    assert set(seen) == {"id", "mission", "hand", "destroyed", "turn_limit"}, seen
