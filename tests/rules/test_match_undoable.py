"""Match.undoable: how many of the last moves undo may take back in a row (the table for several takes back a
person's move with the computers' replies since it only when every one of them may be taken back)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.chrononauts.moves import PassResponse, PlayCard
from rules.match import Match
from rules.registry import engine


def test_undoable_counts_back_to_the_first_barrier(monkeypatch: pytest.MonkeyPatch) -> None:
    eng = engine("chrononauts", "chrononauts")
    barrier = [False]
    monkeypatch.setattr(type(eng), "undo_barrier", lambda _self, _events: barrier[0])
    match: Match[Any] = Match(eng, {"players": 3, "first_player": 0}, 5)
    match.crossable = frozenset(range(3))  # the barriers alone: every seat's decisions may be crossed
    assert match.undoable() == 0
    for played in range(1, 4):
        match.play(eng.legal_moves(match.state, min(eng.to_act(match.state)))[0])
        assert match.undoable() == played
    barrier[0] = True
    match.play(eng.legal_moves(match.state, min(eng.to_act(match.state)))[0])
    assert match.undoable() == 0 and not match.can_undo()
    barrier[0] = False
    match.play(eng.legal_moves(match.state, min(eng.to_act(match.state)))[0])
    assert match.undoable() == 1
    match.undo()
    assert match.undoable() == 0


def card_played_by_seat_0() -> Match[Any]:
    """A Chrononauts game for three past its set-up, seat 0 having just played a card (its window open)."""
    eng = engine("chrononauts", "chrononauts")
    match: Match[Any] = Match(eng, {"players": 3, "response_mode": "each", "first_player": 0}, 5)
    while match.state.setup:
        match.play(eng.legal_moves(match.state, min(eng.to_act(match.state)))[0])
    match.play(next(m for m in eng.legal_moves(match.state, 0) if isinstance(m, PlayCard)))
    return match


def test_a_card_let_stand_is_a_barrier_a_card_played_is_not() -> None:
    """CHR-10.12: a card played opens a window and can be taken back until somebody lets it stand."""
    match = card_played_by_seat_0()
    assert match.undoable() == 1
    match.play(PassResponse(1))
    assert match.undoable() == 0


def test_undo_never_crosses_another_players_decision() -> None:
    """CHR-14.5, PAR-13.3, BB-18.4, BAC-13.4: once someone else has decided after a move, the move stands; the
    newest decision may still be taken back by its player, and seats marked crossable (computers) are stepped
    over with the move they answered."""
    match = card_played_by_seat_0()
    assert match.undoable() == 1
    twin = match.prefix(len(match.moves))
    with pytest.MonkeyPatch.context() as patch:  # no barrier by events: only the players' decisions count
        patch.setattr(type(match.engine), "undo_barrier", lambda _self, _events: False)
        match.play(PassResponse(1))
        assert match.undoable() == 1 and match.last_move == PassResponse(1)  # seat 1's own pass, not seat 0's card
        match.crossable = frozenset({1})
        assert match.undoable() == 2  # a computer at seat 1: the card and its reply go back together
    assert twin.crossable == frozenset()


@pytest.mark.parametrize(("game", "mode"), [("parsifal", "standard"), ("bacchanalia", "standard"),
                                            ("banquet", "standard"), ("chrononauts", "chrononauts")])
def test_nothing_is_undone_across_players_or_after_the_end(game: str, mode: str) -> None:
    """CHR-14.5, PAR-13.3, BB-18.4, BAC-13.4 in random games: every move undo may take back was made by the
    player of the last move, can_undo says whether there is one, and once a game is over nothing may be taken
    back."""
    eng = engine(game, mode)
    for seed in range(3):
        match: Match[Any] = Match(eng, {}, seed)
        rnd = random.Random(seed)
        while not eng.is_over(match.state) and len(match.moves) < 3000:
            seat = rnd.choice(sorted(eng.to_act(match.state)))
            match.play(rnd.choice(match.legal_moves(seat)))
            back = match.undoable()
            assert match.can_undo() == (back > 0)  # asked of the last step alone, it says the same
            assert {m.player for m in match.moves[len(match.moves) - back:]} <= {match.moves[-1].player}
        if eng.is_over(match.state):
            assert match.undoable() == 0 and not match.can_undo()
