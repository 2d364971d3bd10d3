"""A replay's position over a finished or saved match: which move, where the turns start.

The match loaded from a save already holds a snapshot of the state before every move (that is how
it undoes), so any position is one clone away. What the whole replay needs at once (where each turn
starts, what each move made happen) is found in one pass over the moves, so opening a replay costs
time in proportion to its moves: asking the match for each position in turn would copy its list of
moves every time, which grows with the square of the moves (minutes for a long game).
No Qt here: the replay window (desktop/shell/replay.py) draws what this says.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

from desktop.frame.registration import registration
from rules.kernel import Engine, Event
from rules.match import Match


def turn_marker(engine: Engine[Any], state: Any) -> object:
    """What changes exactly when a new turn starts: the engine's own turn counter, which the game's registration
    names (Solonauts counts every card as a turn), else who is to act."""
    found = registration(engine.game)
    name = found.turn_field if found is not None else None
    value = getattr(state, name, None) if name is not None else None
    if isinstance(value, int):
        return value
    return tuple(sorted(engine.to_act(state)))


class ReplayTrack:
    """The moves of one match and the position shown (0: before the first move, len(moves): the end)."""

    def __init__(self, match: Match[Any]) -> None:
        self.match = match
        eng = match.engine
        moves = match.moves
        self.total = len(moves)
        self.position = 0
        # One pass over what the match kept of each move: the state after it, and what it made happen.
        markers = [turn_marker(eng, match.prefix(0).state)]
        self.move_events: list[list[Event]] = []  # [m]: the events of move m + 1
        for events, after in match.steps():
            self.move_events.append(events)
            markers.append(turn_marker(eng, after))
        self.turn_starts = [0] + [i for i in range(1, self.total + 1) if markers[i] != markers[i - 1]]

    @property
    def over(self) -> bool:
        """Whether the game the replay shows had ended by its last move."""
        return bool(self.match.engine.is_over(self.match.state))

    def at(self, position: int) -> Match[Any]:
        """The match as it stood at `position` (its own copy of the state)."""
        return self.match.prefix(position)

    def seek(self, position: int) -> int:
        self.position = max(0, min(self.total, position))
        return self.position

    def turn_of(self, position: int) -> int:
        """The number (from 0) of the turn `position` lies in."""
        return bisect_right(self.turn_starts, position) - 1

    def previous_turn(self) -> int:
        """The start of this turn, or of the one before if we stand at its start."""
        earlier = bisect_left(self.turn_starts, self.position)
        return self.turn_starts[earlier - 1] if earlier else 0

    def next_turn(self) -> int:
        later = bisect_right(self.turn_starts, self.position)
        return self.turn_starts[later] if later < len(self.turn_starts) else self.total
