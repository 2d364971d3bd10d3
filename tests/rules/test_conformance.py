"""design.md's generic conformance check, on 200 seeded random Solonauts deals.

After every move: undo restores the exact state before it (and redo the state after it), the
timeline obeys CHR-4.3, the 41 play cards are all there once, nobody but seat 0 may act, and
view(0) hides the deck and the unused IDs. Every 10th move and at the end: save -> load gives
the same state. At the end: replaying the moves from the seed gives the same state, the game
ended within 41 + 1 moves, and nobody may act any more.
"""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from helpers import ALL_INSTANCES, ENG, assert_invariant
from rules import Match, saves
from rules.chrononauts.moves import PlayCard, Resign
from rules.chrononauts.solonauts import SoloState
from rules.kernel import HIDDEN, Move

SEEDS = range(200)
SAVE_EVERY = 10
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


def check_view(state: SoloState) -> None:
    """CHR-14.3, CHR-16.1: the view hides the deck order/content and the unused IDs, nothing else."""
    seen = ENG.view(state, 0)
    assert seen.rng is None
    assert seen.deck == [HIDDEN] * len(state.deck)
    assert seen.unused_ids == [HIDDEN] * len(state.unused_ids)
    picture = ENG.to_dict(seen)
    assert picture["rng"] is None
    text = json.dumps(picture)
    for secret in [*state.deck, *state.unused_ids]:
        assert json.dumps(secret) not in text, secret
    assert (seen.hand, seen.discard, seen.waiting, seen.home) == (state.hand, state.discard, state.waiting, state.home)
    assert seen.timeline == state.timeline


def check_position(state: SoloState) -> None:
    assert_invariant(state.timeline)
    cards = list(ENG.all_cards(state))
    assert len(cards) == 41 and sorted(cards) == sorted(ALL_INSTANCES)
    assert len(state.hand) <= 5
    assert sorted(state.waiting + state.home + state.unused_ids) == sorted(i.id for i in ENG.cards.identities)
    assert ENG.legal_moves(state, 1) == [] and ENG.legal_moves(state, 2) == []
    if ENG.is_over(state):
        assert ENG.legal_moves(state, 0) == [] and ENG.to_act(state) == frozenset()
    else:
        assert ENG.to_act(state) == frozenset({0})
        assert not ENG.rules.destroyed(state.timeline)
        assert state.hand and state.waiting


def check_save(match: Match[Any]) -> None:
    loaded = saves.loads(saves.to_json(match))
    assert ENG.to_dict(loaded.state) == ENG.to_dict(match.state)
    assert loaded.moves == match.moves


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout(seed: int) -> None:
    """design.md conformance; CHR-14.5-14.6, CHR-16.9, CHR-16.10."""
    ids = 6 + seed % 5
    match: Match[SoloState] = Match(ENG, {"ids": ids}, seed)
    rnd = random.Random(seed)
    check_position(match.state)
    check_view(match.state)
    while not ENG.is_over(match.state):
        assert len(match.moves) < MAX_MOVES
        legal = match.legal_moves(0)
        move = choose(rnd, legal)
        before = ENG.to_dict(match.state)
        match.play(move)
        after = ENG.to_dict(match.state)
        assert after["turn"] == before["turn"] + 1
        match.undo()
        assert ENG.to_dict(match.state) == before
        match.redo()
        assert ENG.to_dict(match.state) == after
        check_position(match.state)
        check_view(match.state)
        if len(match.moves) % SAVE_EVERY == 0:
            check_save(match)
    assert len(match.moves) <= MAX_MOVES
    state = match.state
    assert state.result in ("won", "lost")
    assert state.reason in ("all_home", "destroyed", "out_of_cards")
    assert (state.result == "won") == (state.reason == "all_home") == (state.waiting == [])
    assert state.score == len(state.home)
    check_save(match)
    replay = ENG.new_state({"ids": ids}, seed)
    for move in match.moves:
        ENG.apply(replay, move)
    assert ENG.to_dict(replay) == ENG.to_dict(state)


def test_resign_only_when_alone() -> None:
    """The move chooser never picks Resign while another move exists."""
    rnd = random.Random(0)
    state = ENG.new_state({}, 0)
    for _ in range(50):
        assert not isinstance(choose(rnd, ENG.legal_moves(state, 0)), Resign)
    assert choose(rnd, [Resign(0)]) == Resign(0)
