"""Match.undoable: how many of the last moves undo may take back in a row (the table for several takes back a
person's move with the computers' replies since it only when every one of them may be taken back)."""
from __future__ import annotations

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


def test_a_card_let_stand_is_a_barrier_a_card_played_is_not() -> None:
    """CHR-10.12: a card played opens a window and can be taken back until somebody lets it stand."""
    eng = engine("chrononauts", "chrononauts")
    match: Match[Any] = Match(eng, {"players": 3, "response_mode": "each", "first_player": 0}, 5)
    while match.state.setup:
        match.play(eng.legal_moves(match.state, min(eng.to_act(match.state)))[0])
    match.play(next(m for m in eng.legal_moves(match.state, 0) if isinstance(m, PlayCard)))
    assert match.undoable() == 1
    match.play(PassResponse(1))
    assert match.undoable() == 0
