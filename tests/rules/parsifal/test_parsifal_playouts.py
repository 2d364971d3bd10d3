"""Fixed-seed random playouts pinned move by move (PAR-3.2, PAR-4 to PAR-9, PAR-13).

The engine was made faster (cached moves, mission plans, ability sums) without changing what it
does. These fingerprints were taken with the engine as it was before that work: every list of
legal moves (contents and order), every event and the final state of each game must stay the same.
They use the small card set of the card-data tests, so a change to the shipped data does not move
them; a rules change that moves them must say so.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from random import Random

import pytest

from cardsets.parsifal.loader import load
from rules.parsifal import ParsifalEngine

pytestmark = pytest.mark.slow  # whole games played at random: the full run only

FIXTURE = Path(__file__).resolve().parents[2] / "cardsets" / "fixtures" / "parsifal" / "cards.yaml"

# (players, seed) -> (fingerprint, how the game ended, its last turn)
PINNED = {
    (2, 0): ("59a4e088b9e05d12", "safeguard", 40),
    (2, 1): ("dd9b21687c557eb4", "safeguard", 40),
    (2, 8): ("177a996b7db6a2c4", "missions", 29),
    (2, 18): ("6a772d23a6ff7dc0", "missions", 27),
    (4, 0): ("363fe749b7937e67", "safeguard", 50),
    (4, 15): ("366f313817470fe7", "missions", 45),
    (4, 27): ("0ce3ced8789645d4", "missions", 28),
    (6, 0): ("337943531233cb41", "safeguard", 60),
    (6, 11): ("153b4e284e383527", "missions", 35),
    (6, 26): ("3b02e8956b27e726", "missions", 56),
}


@pytest.fixture(scope="module")
def engine() -> ParsifalEngine:
    return ParsifalEngine(load(FIXTURE))


def playout(eng: ParsifalEngine, players: int, seed: int) -> tuple[str, str | None, int]:
    """A uniformly random game; the hash covers each offered list, each chosen move's events and the end."""
    rng = Random(seed)
    state = eng.new_state({"players": players}, seed)
    digest = hashlib.sha256()
    while not eng.is_over(state):
        player = rng.choice(sorted(eng.to_act(state)))
        legal = eng.legal_moves(state, player)
        digest.update(repr(legal).encode())
        events = eng.apply(state, rng.choice(legal))
        digest.update(repr([e.to_dict() for e in events]).encode())
    digest.update(json.dumps(eng.to_dict(state), sort_keys=True).encode())
    return digest.hexdigest()[:16], state.reason, state.turn


@pytest.mark.parametrize(("players", "seed"), sorted(PINNED))
def test_a_random_playout_is_unchanged(engine: ParsifalEngine, players: int, seed: int) -> None:
    assert playout(engine, players, seed) == PINNED[players, seed]


def test_offered_moves_are_shared_but_equal(engine: ParsifalEngine) -> None:
    """Moves are reused between calls (they are frozen): asking twice gives equal lists, and
    every offered move passes `check` (PAR-13: legal_moves is the judge)."""
    state = engine.new_state({"players": 4}, 3)
    rng = Random(3)
    for _ in range(60):
        if engine.is_over(state):
            break
        player = min(engine.to_act(state))
        first = engine.legal_moves(state, player)
        assert first == engine.legal_moves(state, player)
        for move in first:
            engine.check(state, move)
        engine.apply(state, rng.choice(first))
