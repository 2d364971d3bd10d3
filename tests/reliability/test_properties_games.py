"""Property tests (issue 9.1): random games of every engine and mode keep the invariants of docs/design.md §Conformance,
and every illegal move tried along the way is refused without changing anything.

Hypothesis draws the number of players, the options, the seed and the first moves (which
player acts and the index of the move in `legal_moves`, so a failure shrinks to a short game of
first choices); the game's own conformance chooser from tests/rules then plays it to its end.
After every move: only players who may act have legal moves, every card is still there once,
no view shows a card its player may not see, the game's own invariants hold, undo restores
the exact state and redo the state after; save -> load is identity after moves 1, 2, 4, 8, ...
and at the end, where replaying the moves from the seed gives the same state. Before every
move a few illegal moves are tried (see illegal.py), and after the end moves that were legal
during the game are tried again: each is refused with a RulesError whose reason the game can
say, and the state, the history and the redo list stay as they were.
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from conformance import random_playout
from games import CASES, Case
from illegal import assert_refused, candidates, foreign_classes
from rules import Match, Move
from rules.match import SEED_LIMIT

pytestmark = pytest.mark.slow  # hypothesis plays whole games of every mode: the full run only

PREFIX = 40  # at most this many moves chosen by hypothesis, the rest by the game's chooser
PROBES = 2  # illegal moves tried before each move
AFTER_END = 12  # earlier legal moves tried again once the game is over
KEEP = 300  # earlier legal moves remembered


def play_game(case: Case, data: st.DataObject) -> Match[Any]:
    eng = case.engine
    players = data.draw(st.sampled_from(case.players), label="players")
    options = data.draw(case.options(players), label="options")
    seed = data.draw(st.integers(0, SEED_LIMIT - 1), label="seed")  # every deal number Match takes
    steps = data.draw(st.integers(0, PREFIX), label="moves chosen by hypothesis")
    foreign = foreign_classes(eng.moves)
    earlier: list[Move] = []
    refused = 0

    def step(match: Match[Any], rnd: random.Random) -> Move:
        """Try illegal moves first; then the move: drawn by hypothesis for the first `steps`, else the game's."""
        nonlocal refused
        number = len(match.moves)
        legal = {p: match.legal_moves(p) for p in range(eng.players(match.state))}
        probe = random.Random(f"{seed}/{number}")
        for bad in candidates(probe, match, legal, earlier, foreign, PROBES, case.plain):
            assert_refused(match, bad)
            refused += 1
        acting = sorted(eng.to_act(match.state))
        if number < steps:
            player = data.draw(st.sampled_from(acting))
            move = legal[player][data.draw(st.integers(0, len(legal[player]) - 1))]
        else:
            player = rnd.choice(acting)
            move = case.finish(rnd, legal[player])
        for moves in legal.values():
            earlier.extend(m for m in moves if len(earlier) < KEEP and rnd.random() < 0.2)
        return move

    match = random_playout(eng, options, seed, max_moves=case.max_moves, check=case.check(), step=step)
    late = random.Random(f"{seed}/end")
    ended: dict[int, list[Move]] = {p: [] for p in range(eng.players(match.state))}
    tries = late.sample(earlier, min(AFTER_END, len(earlier)))
    tries += candidates(late, match, ended, earlier, foreign, PROBES, case.plain)
    for bad in tries:
        assert_refused(match, bad)
    refused += len(tries)
    tally.add(f"games {case.name}")
    tally.add(f"moves {case.name}", len(match.moves))
    tally.add(f"refused {case.name}", refused)
    return match


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
@settings(max_examples=tally.examples(40))
@given(data=st.data())
def test_random_games_keep_every_invariant(case: Case, data: st.DataObject) -> None:
    """docs/design.md §Conformance for every engine, mode and number of players, with illegal moves."""
    play_game(case, data)
