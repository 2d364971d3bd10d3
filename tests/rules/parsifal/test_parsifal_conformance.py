"""the generic conformance check of docs/design.md §Conformance (`conformance.py`) on seeded random Parsifal games:
200 for each of 2 to 6 players.

On top of the generic checks, after every move: view(p) hides the deck order and nothing else
(PAR-1.3); blocks obey PAR-6.1 (targets blocked once, blockers unblocked and within capacity,
artifact sources still held); the Swan and blocked characters hold nothing (PAR-5.5, PAR-6.1.4);
each tarot lies in exactly one place (PAR-1.6); the players asked in a response window are
eligible ones (PAR-6.8.6). At the end: the result agrees with its reason, and a draw comes only
after the deck is spent (PAR-9).
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from parsifal_helpers import ENG

from cardsets.parsifal.loader import SWAN
from conformance import random_playout
from rules.kernel import HIDDEN, Move
from rules.parsifal import Decline, EndTurn, Interrupt, ParState, card_type

pytestmark = pytest.mark.slow  # whole games played at random: the full run only

SEEDS = range(200)
PLAYERS = (2, 3, 4, 5, 6)
MAX_MOVES = 3000


def choose(rnd: random.Random, legal: list[Move]) -> Move:
    """Mostly an action when there is one; a responder interrupts one time in four."""
    if any(isinstance(m, Decline) for m in legal):
        interrupts = [m for m in legal if isinstance(m, Interrupt)]
        return rnd.choice(interrupts) if interrupts and rnd.random() < 0.25 else legal[-1]
    actions = [m for m in legal if not isinstance(m, EndTurn)]
    return rnd.choice(actions) if actions and rnd.random() < 0.8 else rnd.choice(legal)


def check_parsifal(state: ParState) -> None:
    """PAR-1.3, PAR-5.5, PAR-6.1, PAR-6.8.6; PAR-1.5, PAR-1.6: every tarot is in exactly one place."""
    places = [*state.deck, *state.common, *state.limbo, *state.owner, *(a for h in state.held.values() for a in h)]
    assert sorted(places) == sorted(ENG.cards.instances())
    assert set(state.held) == set(state.owner) == set(state.entered)
    p = state.turn % state.players  # every seat's view is built the same way; one per move is enough
    seen = ENG.view(state, p)
    assert seen.deck == [HIDDEN] * len(state.deck) and seen.rng is None
    seen.deck, seen.rng = state.deck, state.rng
    assert ENG.to_dict(seen) == ENG.to_dict(state)
    targets = Counter(b.target for b in state.blocks)
    assert all(n == 1 for n in targets.values())
    for b in state.blocks:
        assert b.blocker in state.owner and b.target in state.owner and b.blocker != b.target
        assert not state.is_blocked(b.blocker)
        assert b.source == "own" or b.source in state.held[b.blocker]
    for c in state.owner:
        mine = state.blocks_by(c)
        assert len(mine) <= ENG.abilities(state, c).block
        assert sum(b.source == "own" for b in mine) <= ENG.cards.tarot(card_type(c)).abilities.block
        if card_type(c) == SWAN or state.is_blocked(c):
            assert state.held[c] == []
    if state.step == "window":
        assert state.pending is not None and ENG.to_act(state) <= set(ENG.eligible(state))
        assert state.active not in ENG.to_act(state)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(seed: int, players: int) -> None:
    """docs/design.md §Conformance, 200 games for each number of players; PAR-4, PAR-8.6, PAR-9."""
    match = random_playout(ENG, {"players": players, "first_player": seed % players}, seed, max_moves=MAX_MOVES,
                           choose=choose, check=check_parsifal)
    state: ParState = match.state
    assert state.reason in ("missions", "safeguard", "all_passed")
    assert (state.reason == "missions") == bool(state.winners)
    assert all(state.owner[c] in state.winners for c in state.winning)
    if state.reason != "missions":
        assert state.deck == [] and state.last_draw_turn is not None
        assert state.turn <= state.last_draw_turn + 5 * players


def test_the_chooser_interrupts_sometimes() -> None:
    """The random games do reach interrupts, so the window code is exercised."""
    rnd = random.Random(1)
    legal: list[Move] = [Interrupt(1, "kundry", "arco"), Decline(1)]
    picks = {type(choose(rnd, legal)) for _ in range(50)}
    assert picks == {Interrupt, Decline}
