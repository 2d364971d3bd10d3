"""A match: an engine, its options, a seed and the moves played, with undo and redo.

The state is always what you get by applying the moves to a fresh deal, so a match can be
saved as those few facts and replayed on load. Undo keeps a snapshot per move: states are
small, and a snapshot restores the exact state, random generator included.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from rules.kernel import BadOption, Engine, Event, Move, NothingToRedo, NothingToUndo

S = TypeVar("S")


class _Step(Generic[S]):
    """One move played: the move, the state before it (what undo restores), what it made happen, and whether undo
    stops before it. A plain class with slots: one is made at every move played (issue #42)."""

    __slots__ = ("move", "before", "events", "barrier", "seen")

    def __init__(self, move: Move, before: S, events: list[Event], barrier: bool) -> None:
        self.move = move
        self.before = before
        self.events = events
        self.barrier = barrier
        # The events as each player may learn them (`seen_events`), made when first asked: a step's state after it
        # never changes while the step is played.
        self.seen: dict[int, list[Event]] | None = None


SEED_LIMIT = 2**64  # a deal number fits 64 bits (unsigned), as every deal number used so far does


def check_seed(seed: object) -> int:
    """The deal number as given, or BadOption("match.bad_seed"): a whole number from 0 below SEED_LIMIT,
    the numbers a save can hold and load again."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise BadOption("match.bad_seed", seed=repr(seed) if isinstance(seed, str) else seed)
    return seed


class Match(Generic[S]):
    """One game being played: `engine` (the rules of a game and mode), its `options` (validated, defaults
    filled in), `seed` (the deal number) and the moves played, with undo and redo.

    `play(move)` applies a move or raises IllegalMove leaving everything untouched; `undo()` and `redo()`
    walk the list of moves within the engine's barriers (`can_undo()`); `state` is the full state, which
    only a referee may look at (players get `engine.view(state, player)`). Bad options and deal numbers
    are refused here with BadOption, before any state exists.
    """

    def __init__(self, engine: Engine[S], options: Mapping[str, Any], seed: int) -> None:
        self.engine = engine
        self.seed = check_seed(seed)
        self.options = engine.options(options)
        # Seats whose decisions undo may step over: computer players, at a table whose person takes back a move
        # with the computers' replies since it. Nobody's, unless the host says so.
        self.crossable: frozenset[int] = frozenset()
        self.state: S = engine.new_state(self.options, seed)
        # Once a game for several is over its result stands; a solitaire undoes without limit (CHR-16.10). How many
        # play is settled by the options: asked once, not at every move.
        self._end_stands = engine.players(self.state) > 1
        self._done: list[_Step[S]] = []
        self._undone: list[_Step[S]] = []
        self._shared = 0  # the first steps, shared with a detached copy (`detached`): undo copies before it changes one

    @property
    def moves(self) -> list[Move]:
        """The moves played so far, in order (those taken back by undo excepted)."""
        return [step.move for step in self._done]

    @property
    def last_move(self) -> Move | None:
        """The move undo would take back (None before the first)."""
        return self._done[-1].move if self._done else None

    @property
    def next_redo(self) -> Move | None:
        """The move redo would play again (None when nothing was taken back)."""
        return self._undone[-1].move if self._undone else None

    def events(self) -> list[Event]:
        """Everything that happened in the moves played so far, in order."""
        return [e for step in self._done for e in step.events]

    def last_events(self) -> list[Event]:
        """What the last move played made happen."""
        return list(self._done[-1].events) if self._done else []

    def seen_events(self, player: int) -> list[Event]:
        """Everything that happened so far as `player` may learn it (PUBLIC: as anybody may): each event passed
        through `engine.event_view` with the position right after its own move, so a card shown later does not
        unmask the line that drew it. The log, the screen reader and what a seat is sent are made of these."""
        seen: list[Event] = []
        for index, step in enumerate(self._done):
            if step.seen is None:
                step.seen = {}
            if player not in step.seen:
                after = self._done[index + 1].before if index + 1 < len(self._done) else self.state
                step.seen[player] = self.engine.log_view(after, step.events, player)
            seen.extend(step.seen[player])
        return seen

    def steps(self) -> list[tuple[list[Event], S]]:
        """What each move played made happen and the position it left (the snapshot undo keeps; after the last
        move, the state): a pass over a long game without playing it again (a replay). Only to be read."""
        after = [step.before for step in self._done[1:]] + [self.state]
        return [(step.events, state) for step, state in zip(self._done, after)]

    def legal_moves(self, player: int) -> list[Move]:
        """Every move `player` may take now (the engine's `legal_moves` on the current state)."""
        return self.engine.legal_moves(self.state, player)

    def play(self, move: Move) -> list[Event]:
        """Apply a move (IllegalMove leaves everything as it was) and forget the redo list."""
        before = self.engine.clone(self.state)
        events = self.engine.apply(self.state, move)
        barrier = self.engine.undo_barrier(events) or (self._end_stands and self.engine.is_over(self.state))
        self._done.append(_Step(move, before, events, barrier))
        self._undone.clear()
        return events

    def prefix(self, count: int) -> Match[S]:
        """The match as it stood after its first `count` moves (a replay's position, or a game to play on
        from there), with their events. It cannot undo them: their snapshots are still this match's."""
        if not 0 <= count <= len(self._done):
            raise ValueError(f"no position {count} in {len(self._done)} moves")
        state = self._done[count].before if count < len(self._done) else self.state
        return self._twin(state, [_Step(s.move, s.before, s.events, True) for s in self._done[:count]], 0)

    def detached(self) -> Match[S]:
        """A copy another thread may play on, undo and read while this match goes on (a host's own screen, sent a
        copy after every move): its own position and list of moves, the steps played so far shared with this match.
        Undo, in either, copies a shared step before it changes it (`undo`), so neither sees what the other does.
        A deep copy of the whole history cost the host 17 ms a move at 153 moves, and grew with the game."""
        self._shared = len(self._done)
        return self._twin(self.state, list(self._done), self._shared)

    def _twin(self, state: S, done: list[_Step[S]], shared: int) -> Match[S]:
        """A match of the same game at a copy of `state` after the steps `done`, its first `shared` held by another
        match too; nothing to redo."""
        twin: Match[S] = Match.__new__(Match)
        twin.engine, twin.options, twin.seed, twin.crossable = self.engine, dict(self.options), self.seed, self.crossable
        twin._end_stands = self._end_stands
        twin.state = self.engine.clone(state)
        twin._done, twin._undone, twin._shared = done, [], shared
        return twin

    def can_undo(self) -> bool:
        """Whether undo may take back the last move (docs/design.md §History and undo): `undoable() > 0`, asked of
        the last step alone (the first step back is never another player's), not of the whole history."""
        return bool(self._done) and not self._done[-1].barrier

    def undoable(self) -> int:
        """How many of the last moves undo may take back one after another. It stops at the engine's barriers
        (something shown or drawn, the end of a turn or of the game) and before another player's decision:
        once someone has answered a move, its player cannot take it back (moves of `crossable` seats
        excepted)."""
        count, mover = 0, None
        for step in reversed(self._done):
            if step.barrier:
                break
            player = step.move.player
            if player not in self.crossable:
                if mover is None:
                    mover = player
                elif player != mover:
                    break
            count += 1
        return count

    def can_redo(self) -> bool:
        """Whether there is a move taken back that redo may play again."""
        return bool(self._undone)

    def undo(self) -> Move:
        """Step back one move; returns the move taken back. NothingToUndo if `can_undo()` is false."""
        done = self._done
        if not done or done[-1].barrier:  # can_undo, asked here without a call: undo is timed per move (issue #42)
            raise NothingToUndo("status.nothing_to_undo")
        step = done.pop()
        after = self.state
        if len(done) < self._shared:  # a step a detached copy holds too: its snapshot and itself stay as they are
            self._shared = len(done)
            self.state = self.engine.clone(step.before)
            self._undone.append(_Step(step.move, after, step.events, step.barrier))
            return step.move
        self.state = step.before
        step.before = after  # redo restores the exact state we left
        self._undone.append(step)
        return step.move

    def redo(self) -> list[Event]:
        """Play the last move taken back again; NothingToRedo if `can_redo()` is false."""
        if not self._undone:
            raise NothingToRedo("status.nothing_to_redo")
        step = self._undone.pop()
        after = step.before
        step.before = self.state
        self.state = after
        self._done.append(step)
        return step.events
