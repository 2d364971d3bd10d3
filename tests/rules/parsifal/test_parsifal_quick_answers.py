"""Parsifal's quick answers (issue #42), checked over seeded random play against slower ones that say the same.

`legal_moves` keeps the moves it built for the next call: what it lists (actions and commands, PAR-6.5) must be what a
new engine, which builds every move anew, lists for the same position, in the same order, and every move must pass
`check`. Games of four and six
seats go through a Match, each move taken back and played again, so that the engine answers positions it has seen
before, after an undo, and the same character under other seats in other deals. The mission check after every move
(`winners`, PAR-8.5, PAR-8.6) asks each type's conditions of one set of facts: it must name whom `complete` names, character by
character.
"""
from __future__ import annotations

import random

from parsifal_helpers import ENG

from rules import Match
from rules.parsifal import ParsifalEngine, ParState
from rules.parsifal.missions import complete, winners

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


def test_winners_are_the_owners_of_complete_characters() -> None:
    """PAR-8.1, PAR-8.4, PAR-8.5, PAR-8.6: at every position of random games, some of them won by missions."""
    won = played = 0
    for seed in range(60):
        state = ENG.new_state({"players": (3, 4, 5)[seed % 3], "rounds_after_deck": "unlimited"}, seed)
        rnd = random.Random(seed)
        while not ENG.is_over(state) and played < 20 * MOVES:
            assert winners(ENG.cards, state) == done(state)
            player = rnd.choice(sorted(ENG.to_act(state)))
            moves = ENG.legal_moves(state, player)
            ENG.apply(state, rnd.choice(moves[:-1] or moves))  # an action, rather than the EndTurn that ends the list
            played += 1
        assert winners(ENG.cards, state) == done(state)
        won += state.reason == "missions"
    assert won >= 5


def done(state: ParState) -> tuple[list[int], list[str]]:
    """The owners and the characters whose missions are complete, asked of each character in play."""
    chars = [c for c in state.owner if complete(ENG.cards, state, c)]
    return sorted({state.owner[c] for c in chars}), chars
