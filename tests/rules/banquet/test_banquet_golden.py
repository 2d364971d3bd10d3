"""Golden playthroughs of Bacchus' Banquet: two seeded random games pinned move for move.

Any change to the deal, the shuffle, the order of legal moves or a rule shows up here first.
If the change is intended, rerun the game below and update the pins in the same commit.
"""
from __future__ import annotations

import hashlib
import json
import random

import pytest
from banquet_helpers import ENG

from rules import Match
from rules.banquet import BanquetState


def playthrough(seed: int) -> tuple[Match[BanquetState], list[str]]:
    match: Match[BanquetState] = Match(ENG, {"players": 4}, seed)
    rnd = random.Random(seed)
    log: list[str] = []
    while not ENG.is_over(match.state):
        (player,) = ENG.to_act(match.state)
        events = match.play(rnd.choice(match.legal_moves(player)))
        log += [e.kind for e in events if e.kind in ("guest_knocked_out", "privilege_played", "game_over")]
    return match, log


def fingerprint(data: object) -> str:
    return hashlib.sha1(json.dumps(data, sort_keys=True).encode()).hexdigest()[:12]


@pytest.mark.parametrize(("seed", "moves", "rounds", "winners", "knockouts", "state_print", "log"), [
    (1234, 75, 12, [1, 2], [(3, "caligula")], "5032d1f62d5f",
     ["privilege_played"] * 5 + ["guest_knocked_out", "game_over"]),
    (99, 80, 14, [1, 3], [], "df51c1fdbb7a", ["privilege_played"] * 5 + ["game_over"]),
])
def test_golden_playthrough(seed: int, moves: int, rounds: int, winners: list[int],
                            knockouts: list[tuple[int, str]], state_print: str, log: list[str]) -> None:
    """BB-3.8, BB-14, D-31: the same seed and choices give the same game, to the last card."""
    match, seen = playthrough(seed)
    state = match.state
    assert (len(match.moves), state.round, state.winners, state.knockouts) == (moves, rounds, winners, knockouts)
    assert state.end_reason == "won" and seen == log
    assert fingerprint(ENG.to_dict(state)) == state_print
