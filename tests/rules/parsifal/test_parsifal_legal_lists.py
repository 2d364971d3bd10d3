"""`legal_moves` keeps the moves it built for the next call (issue #42): what it lists must be what a new engine,
which builds every move anew, lists for the same position, in the same order, and every move must pass `check`.

Seeded random games of four and six seats through a Match, each move taken back and played again, so that the
engine answers positions it has seen before, after an undo, and the same character under other seats in other deals.
"""
from __future__ import annotations

import random

from parsifal_helpers import ENG

from rules import Match
from rules.parsifal import ParsifalEngine

MOVES = 400


def test_legal_moves_are_what_a_new_engine_lists() -> None:
    """PAR-4.2, PAR-6.5, PAR-6.8, PAR-13: contents and order, for every seat, at every position."""
    played = 0
    for seed in range(12):
        match = Match(ENG, {"players": (4, 6)[seed % 2]}, seed)
        rnd = random.Random(seed)
        while not ENG.is_over(match.state) and played < MOVES:
            state = match.state
            fresh = ParsifalEngine(ENG.cards)
            for p in range(state.players):
                listed = ENG.legal_moves(state, p)
                assert listed == fresh.legal_moves(state, p)
                for move in listed:
                    ENG.check(state, move)
            move = rnd.choice(match.legal_moves(rnd.choice(sorted(ENG.to_act(state)))))
            match.play(move)
            if match.can_undo():
                match.undo()
                assert ENG.legal_moves(match.state, move.player) == fresh.legal_moves(match.state, move.player)
                match.play(move)
            played += 1
    assert played == MOVES
