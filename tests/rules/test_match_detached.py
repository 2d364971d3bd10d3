"""Match.detached: a copy another thread plays on, undoes and reads while the match goes on (a host's own screen,
given one after every move). It shares the steps played and copies one only when an undo would change it, so its cost
does not grow with the game; neither match sees what the other plays or takes back."""
from __future__ import annotations

from typing import Any

import pytest

from desktop.tools.benchmark import long_parsifal
from rules.match import Match


def played(moves: int) -> Match[Any]:
    """A Parsifal for three after `moves` random legal moves, still going on (the bench's long game)."""
    match: Match[Any] = long_parsifal(moves)
    return match


def test_a_copy_clones_the_position_alone_whatever_the_history(monkeypatch: pytest.MonkeyPatch) -> None:
    for moves in (40, 400):
        match = played(moves)
        clones = []
        real = match.engine.clone
        monkeypatch.setattr(type(match.engine), "clone", lambda self, state: clones.append(1) or real(state))
        twin = match.detached()
        monkeypatch.undo()
        assert len(clones) == 1
        assert twin.moves == match.moves and twin.events() == match.events()
        assert twin.undoable() == match.undoable() and twin.seen_events(1) == match.seen_events(1)


def seen(match: Match[Any]) -> list[Any]:
    """The position as every seat sees it, and the deck's order still to come (the state's own random source)."""
    state = match.state
    return [match.engine.view(state, seat) for seat in range(3)] + [state.rng.getstate()]


def undo_alongside(match: Match[Any], reference: Match[Any]) -> int:
    """Take back all `match` may, `reference` (the same game played apart) alongside: each position the same."""
    taken = 0
    while match.can_undo():
        assert reference.can_undo()
        assert match.undo() == reference.undo()
        assert seen(match) == seen(reference)
        taken += 1
    return taken


def test_neither_match_sees_what_the_other_plays_or_takes_back() -> None:
    match, reference = played(400), played(400)
    eng = match.engine
    assert not eng.is_over(match.state)
    twin = match.detached()
    # The copy takes back all it may, across the steps it shares, and plays on: the match is as it was, each of its
    # positions as undo finds them the same as the game's played apart.
    twin_reference = played(400)
    assert undo_alongside(twin, twin_reference) > 3
    seat = min(eng.to_act(twin.state))
    for game in (twin, twin_reference):
        game.play(eng.legal_moves(game.state, seat)[-1])
    assert match.moves == reference.moves and seen(match) == seen(reference)
    twin_log = twin.seen_events(0)
    assert undo_alongside(match, reference) > 3
    # The match took back and plays on: the copy's history, its log and its undo are its own.
    seat = min(eng.to_act(match.state))
    match.play(eng.legal_moves(match.state, seat)[0])
    assert twin.seen_events(0) == twin_log and seen(twin) == seen(twin_reference)
    undo_alongside(twin, twin_reference)
    assert match.detached().seen_events(0) == match.seen_events(0)
