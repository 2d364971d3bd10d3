"""Property tests (issue 9.1): random games of every engine and mode keep design.md's invariants,
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
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tally
from conformance import check_save, check_views, check_who_acts
from games import CASES, Case
from illegal import assert_refused, candidates, foreign_classes
from rules import Match, Move

PREFIX = 40  # at most this many moves chosen by hypothesis, the rest by the game's chooser
PROBES = 2  # illegal moves tried before each move
AFTER_END = 12  # earlier legal moves tried again once the game is over
KEEP = 300  # earlier legal moves remembered


def play_game(case: Case, data: st.DataObject) -> Match[Any]:
    eng = case.engine
    players = data.draw(st.sampled_from(case.players), label="players")
    options = data.draw(case.options(players), label="options")
    seed = data.draw(st.integers(0, 2**64), label="seed")
    steps = data.draw(st.integers(0, PREFIX), label="moves chosen by hypothesis")
    match: Match[Any] = Match(eng, options, seed)
    rnd = random.Random(seed)
    check = case.check()
    cards = Counter(eng.all_cards(match.state))
    foreign = foreign_classes(eng.moves)
    earlier: list[Move] = []
    refused = 0

    def check_all() -> None:
        state = match.state
        check_who_acts(eng, state)
        assert Counter(eng.all_cards(state)) == cards, "a card was created or lost"
        check_views(eng, state)
        check(state)

    check_all()
    while not eng.is_over(match.state):
        number = len(match.moves)
        assert number < case.max_moves, (f"no end after {case.max_moves} moves, the last ones: "
                                         f"{Counter(type(m).__name__ for m in match.moves[-200:])}")
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
        before = eng.to_dict(match.state)
        match.play(move)
        after = eng.to_dict(match.state)
        if match.can_undo():
            assert match.undo() == move
            assert eng.to_dict(match.state) == before, f"undo of {move} did not restore the state"
            match.redo()
            assert eng.to_dict(match.state) == after, f"redo of {move} did not restore the state"
        check_all()
        if len(match.moves) & (len(match.moves) - 1) == 0:  # a power of two
            check_save(match)
    check_save(match)
    replay = eng.new_state(match.options, seed)
    for move in match.moves:
        eng.apply(replay, move)
    assert eng.to_dict(replay) == eng.to_dict(match.state), "replaying the moves gave another state"
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
    """design.md conformance for every engine, mode and number of players, with illegal moves."""
    play_game(case, data)
