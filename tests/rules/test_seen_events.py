"""`Match.seen_events(player)`: a game's events as a player may learn them, each judged at its own moment
(docs/design.md §Engines; issue #40, "event_view is used by the log, the screen reader, saves, replays")."""
from __future__ import annotations

import pytest
from conformance import random_match

from rules import PUBLIC, info, modes

SEVERAL = [(game, mode) for game, ms in modes().items() for mode in ms
           if info(game).mode(mode).players[1] > 1]


@pytest.mark.parametrize(("game", "mode"), SEVERAL)
def test_each_event_is_judged_right_after_its_own_move(game: str, mode: str) -> None:
    match = random_match(game, mode, 5, 150)
    eng = match.engine
    for player in (PUBLIC, *range(eng.players(match.state))):
        expected = []
        for count in range(1, len(match.moves) + 1):
            after = match.prefix(count)
            expected += [eng.event_view(after.state, e, player) for e in after.last_events()]
        assert match.seen_events(player) == expected


@pytest.mark.parametrize(("game", "mode"), SEVERAL)
def test_a_line_once_seen_never_changes(game: str, mode: str) -> None:
    """The log keeps its lines: what a player learnt of a move stays what they learnt as the game goes on, so a
    card seen later never unmasks the line that drew it, and a card put away later never masks a line that
    showed it."""
    match = random_match(game, mode, 7, 200)
    for player in (PUBLIC, 0):
        lines = match.seen_events(player)
        for count in range(0, len(match.moves), 9):
            earlier = match.prefix(count).seen_events(player)
            assert lines[:len(earlier)] == earlier


def test_undo_and_redo_give_the_same_lines_back() -> None:
    match = random_match("banquet", "standard", 3, 40)
    before = match.seen_events(PUBLIC)
    while match.can_undo():
        match.undo()
    while match.can_redo():
        match.redo()
    assert match.seen_events(PUBLIC) == before
