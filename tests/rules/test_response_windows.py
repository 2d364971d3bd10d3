"""One response window in the kernel (issue #14 item 3, issue #16): the Memo window of Chrononauts and
Artifaxx (CHR-10.11), the privilege poll of Bacchus' Banquet (BB-17.5.6) and the interrupt window of
Parsifal (PAR-15.6) are each a `ResponseWindow` the engine shows; who must decide next is the engine's
`decider`; and a play that opens a window may be taken back until somebody answers it (CHR-10.12,
BB-17.5.7, PAR-15.7)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.kernel import PUBLIC, Engine, ResponseWindow
from rules.match import Match
from rules.registry import engine

GAMES = [("chrononauts", "chrononauts", {"response_mode": "shared"}, 3),
         ("chrononauts", "artifaxx", {"response_mode": "each"}, 4),
         ("banquet", "standard", {}, 4),
         ("banquet", "open_privileges", {}, 3),
         ("parsifal", "standard", {}, 4)]
IDS = [f"{game}-{mode}" for game, mode, _options, _players in GAMES]


Opened = tuple[Match[Any], ResponseWindow, bool]  # a match where a play just opened the window; could undo?


def windows(game: str, mode: str, options: dict[str, Any], players: int, seed: int, limit: int = 400) -> list[Opened]:
    """Random games: a copy of the match each time a play opens a window, the window, and whether the match
    could take that play back."""
    eng: Engine[Any] = engine(game, mode)
    rng = random.Random(seed)
    match: Match[Any] = Match(eng, {**options, "players": players}, seed)
    found: list[Opened] = []
    for _ in range(limit):
        if eng.is_over(match.state):
            break
        before = eng.window(match.state)
        seat = rng.choice(sorted(eng.to_act(match.state)))
        match.play(rng.choice(eng.legal_moves(match.state, seat)))
        after = eng.window(match.state)
        if before is None and after is not None:
            found.append((match.prefix(len(match.moves)), after, match.can_undo()))
    return found


def opened(game: str, mode: str, options: dict[str, Any], players: int) -> list[Opened]:
    out: list[Opened] = []
    for seed in range(40):
        out += windows(game, mode, options, players, seed)
        if len(out) >= 12:
            break
    assert len(out) >= 5, "the random games opened too few windows"
    return out


@pytest.mark.parametrize(("game", "mode", "options", "players"), GAMES, ids=IDS)
def test_a_window_is_one_public_question_and_nobody_decides_alone(game: str, mode: str, options: dict[str, Any],
                                                                     players: int) -> None:
    """CHR-10.11, BB-17.5.6, PAR-15.6: the engine shows the open window; who is asked is the same in the public
    view (it never depends on a secret); while it is open nobody in particular decides, otherwise the one
    seat that must decide is the engine's."""
    for match, window, _undoable in opened(game, mode, options, players):
        eng, state = match.engine, match.state
        assert window.asked and window.opener is not None and window.opener not in window.asked or game == "banquet"
        assert eng.window(eng.view(state, PUBLIC)) == window
        for seat in range(players):
            assert eng.window(eng.view(state, seat)) == window
        assert eng.decider(state) is None
        assert set(eng.to_act(state)) <= set(window.asked)
        assert window.nobody


@pytest.mark.parametrize(("game", "mode", "options", "players"), GAMES, ids=IDS)
def test_nobody_closes_the_window_and_the_play_can_be_taken_back_until_an_answer(
        game: str, mode: str, options: dict[str, Any], players: int) -> None:
    """CHR-10.12, BB-17.5.7, PAR-15.7: the play that opened a window is no undo barrier while nobody has
    answered; the window's `nobody` moves close it, and the first of them (an answer) is a barrier."""
    taken_back = 0
    for match, window, undoable in opened(game, mode, options, players):
        eng = match.engine
        opening = [e for e in match.last_events() if e.kind in ("window_opened", "privilege_window")]
        assert opening and not eng.undo_barrier(opening)  # the window opening is never what stops undo
        taken_back += undoable and getattr(match.last_move, "player", None) == window.opener
        first = eng.apply(eng.clone(match.state), window.nobody[0])
        assert eng.undo_barrier(first)
        for move in window.nobody:
            match.play(move)
        after = eng.window(match.state)
        assert after is None or after != window
    assert taken_back, "no play that opened a window could be taken back"


def test_a_pass_for_the_round_keeps_a_banquet_seat_out_of_the_next_polls() -> None:
    """BB-17.5.6: the privilege window's second way of saying nobody passes every polled seat for the round."""
    for match, window, _undoable in opened("banquet", "standard", {}, 4):
        assert [m.player for m in window.nobody_for_turn] == list(window.asked)
        for move in window.nobody_for_turn:
            match.play(move)
        assert set(window.asked) <= set(match.state.passed)


@pytest.mark.parametrize("game", ["bacchanalia"])
def test_a_game_without_answers_opens_no_window(game: str) -> None:
    """CHR-10.11: the kernel's default is no window; the one decider is the only one to act."""
    eng: Engine[Any] = engine(game, "standard")
    match: Match[Any] = Match(eng, {"players": 3}, 1)
    assert eng.window(match.state) is None
    assert eng.decider(match.state) == min(eng.to_act(match.state))
