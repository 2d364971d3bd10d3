"""A replay's position over a finished or saved match: which move, where the turns start.

The match loaded from a save already holds a snapshot of the state before every move (that is how
it undoes), so any position is one clone away and seeking costs the same at move 3 or move 3000.
No Qt here: the replay window (desktop/replay.py) draws what this says.
"""
from __future__ import annotations

from typing import Any

from rules.kernel import Engine
from rules.match import Match

# The engine's own turn counter, per game (Solonauts counts every card as a turn; a Banquet turn is a
# round with its host). A game not listed falls back on who is to act.
TURN_FIELDS = {"chrononauts": "turn", "banquet": "round", "bacchanalia": "turn_number", "parsifal": "turn"}


def turn_marker(engine: Engine[Any], state: Any) -> object:
    """What changes exactly when a new turn starts."""
    name = TURN_FIELDS.get(engine.game)
    value = getattr(state, name, None) if name is not None else None
    if isinstance(value, int):
        return value
    return tuple(sorted(engine.to_act(state)))


class ReplayTrack:
    """The moves of one match and the position shown (0: before the first move, len(moves): the end)."""

    def __init__(self, match: Match[Any]) -> None:
        self.match = match
        self.total = len(match.moves)
        self.position = 0
        markers = [turn_marker(match.engine, match.prefix(i).state) for i in range(self.total + 1)]
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
        return sum(1 for start in self.turn_starts if start <= position) - 1

    def previous_turn(self) -> int:
        """The start of this turn, or of the one before if we stand at its start."""
        earlier = [s for s in self.turn_starts if s < self.position]
        return earlier[-1] if earlier else 0

    def next_turn(self) -> int:
        later = [s for s in self.turn_starts if s > self.position]
        return later[0] if later else self.total
