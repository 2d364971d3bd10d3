"""A text notation for moves (`engine.notation`, `engine.parse`) and a `find_move` that never hides
ambiguity (issue #40, item 5): every legal move of random games of every game and mode round-trips through
its text, text that spells no move is refused by type, and a gesture that means several moves says so."""
from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest
from conformance import random_states

from rules import AmbiguousMove, BadNotation, Match, Move, engine, modes
from rules.kernel import MAX_NOTATION

EVERY_MODE = [(game, mode) for game, ms in modes().items() for mode in ms]


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_every_legal_move_round_trips_through_its_notation(game: str, mode: str) -> None:
    eng = engine(game, mode)
    count = 0
    for state in (s for seed in range(4) for s in random_states(game, mode, seed, 60)):
        for seat in sorted(eng.to_act(state)):
            for move in eng.legal_moves(state, seat):
                text = eng.notation(move)
                assert "\n" not in text and text.startswith(type(move).__name__)
                assert eng.parse(text, seat) == move, text
                count += 1
    assert count > 50


@pytest.mark.parametrize("text", ["", "   ", "PlayCard", "Nope card=\"x\"", "PlayCard card=", "PlayCard card=1 target=1865",
                                  'PlayCard card="a" card="b" target=1865', "PlayCard card=\"tl\" target=1865 extra=1",
                                  "PlayCard player=1 card=\"tl\" target=1865", "PlayCard card=\"tl\" target=\"1865\"",
                                  "PlayCard card=\"tl\" target=18 65", "x" * (MAX_NOTATION + 1)])
def test_text_that_spells_no_move_is_refused_by_type(text: str) -> None:
    eng = engine("chrononauts", "solonauts")
    assert eng.parse('PlayCard card="tl" target=1865', 0).player == 0  # the shape itself is right
    with pytest.raises(BadNotation) as refused:
        eng.parse(text, 0)
    assert refused.value.code == "move.bad_notation"


def test_text_of_another_game_is_refused() -> None:
    banquet, parsifal = engine("banquet", "standard"), engine("parsifal", "standard")
    match: Match[Any] = Match(parsifal, {}, 3)
    seat = min(parsifal.to_act(match.state))
    move: Move = parsifal.legal_moves(match.state, seat)[0]
    with pytest.raises(BadNotation):
        banquet.parse(parsifal.notation(move), seat)


def test_a_typed_sentence_keeps_its_spaces_quotes_and_accents() -> None:
    from rules.bacchanalia.moves import AskBacchusQuestion
    eng = engine("bacchanalia", "standard")
    move = AskBacchusQuestion(2, 'Perché "Vinum" = vino?  Sì.')
    assert eng.parse(eng.notation(move), 2) == move


def test_find_move_names_every_move_a_gesture_could_mean() -> None:
    """PAR-5 to PAR-7: in Parsifal one drop can mean several actions; find_move lists them, never picks one."""
    eng = engine("parsifal", "standard")
    ambiguous = single = 0
    for state in (s for seed in range(3) for s in random_states("parsifal", "standard", seed, 40)):
        for seat in sorted(eng.to_act(state)):
            by_gesture: dict[Any, list[Move]] = defaultdict(list)
            for move in eng.legal_moves(state, seat):
                gesture = eng.gesture(state, move)
                if gesture is not None:
                    by_gesture[gesture].append(move)
            for (card, target), meant in by_gesture.items():
                if len(meant) == 1:
                    assert eng.find_move(state, seat, card, target) == meant[0]
                    single += 1
                    continue
                with pytest.raises(AmbiguousMove) as asked:
                    eng.find_move(state, seat, card, target)
                assert asked.value.candidates == meant and asked.value.code == "move.ambiguous"
                ambiguous += 1
    assert ambiguous > 0 and single > 0
