"""A hosted game's save, written as the game goes but not after every move: after a quiet moment, at most every
BUSY seconds while the moves keep coming, and at once when it matters.

A host wrote its whole save (every move of the game, flushed to the disk) after each move and undo. One seat sending
move, undo, move, undo… as fast as the server lets it made the host write hundreds of times a second, and a save of a
20,000-move game costs the host's loop 75 to 150 ms to build and write: the loop saved 98% of the time and answered
everyone else in the gaps (docs/reliability.md, "A hostile computer on the network"). Now a change is written once the
table has been quiet QUIET seconds, or BUSY seconds after the first change not yet written if the moves never stop, so
a flood costs at most one write a second. What may be lost in a power cut is the play of the last second at most: moves
the people at the table have just made and remember. It is written at once (`changed(at_once=True)`, `flush`) when the
game is over and when the host stops (Ctrl+C, a closed window, Save and stop): a result and a stopped table are what
someone comes back to. When a person takes or leaves a seat it is written at once too (`promptly`), unless the save was
written less than BUSY ago: then BUSY after that write, so that a seat connecting, moving and leaving without end
writes no more often than a flood of moves does.

This knows no sockets and no event loop of its own: `later(delay, call)` runs `call` after `delay` seconds (the host's
loop, `call_later`, unless a test drives the time itself with `clock` and `later`).

Each write still stopped the loop that serves every player: the save's data, its JSON and the file flushed to the
disk, all on the loop's thread (75 to 150 ms for a 20,000-move game, far more on a slow disk), and every player's next
message waited for it. Now the loop only takes the game as it stands (`Host.save_taken`: the list of its moves copied,
a fraction of a millisecond at any length); `SaveWriter` makes that the save's data and JSON, and writes it, on a
thread of its own.
"""
from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from network.host import Host
from rules import saves

QUIET: Final = 0.25  # seconds without a change before the save is written: a person thinking, a computer's pause
BUSY: Final = 1.0  # seconds a change may wait while the moves keep coming: what a power cut may take at most


class Autosave:
    """Calls `write` (which writes the whole save or hands it to a `SaveWriter`, and says itself why it could not)
    when the changes it is told of have settled; `flush` writes at once what is not written yet."""

    def __init__(self, write: Callable[[], None], *, quiet: float = QUIET, busy: float = BUSY,
                 clock: Callable[[], float] = time.monotonic,
                 later: Callable[[float, Callable[[], None]], object] | None = None) -> None:
        self.write, self.quiet, self.busy, self.clock = write, quiet, busy, clock
        self.later = later
        self.oldest: float | None = None  # when the oldest change not yet written was made; None: all written
        self.latest = 0.0  # when the latest change was made
        self.written: float | None = None  # when the save was last written
        self.soon = False  # `promptly` asked: written BUSY after the last write at the latest
        self.armed = False  # a call to `_due` is waiting
        self.calls = 0  # calls to `_due` asked for: only the last one counts

    @property
    def pending(self) -> bool:
        """Whether a change is not written yet."""
        return self.oldest is not None

    def changed(self, at_once: bool = False) -> None:
        """The game changed: written once quiet (or busy too long), or now if `at_once` (the game is over)."""
        now = self.clock()
        if self.oldest is None:
            self.oldest = now
        self.latest = now
        if at_once:
            self.flush()
        elif not self.armed:
            self._call_in(self.quiet)

    def flush(self) -> None:
        """Write now whatever is not written yet (nothing if all is)."""
        if self.oldest is None:
            return
        self.write()
        # After the write: one cut short (Ctrl+C in it) is written again by the flush that follows.
        self.oldest, self.soon, self.written = None, False, self.clock()

    def promptly(self) -> None:
        """Write now whatever is not written yet, unless the save was written less than BUSY ago: then BUSY after."""
        if self.oldest is None:
            return
        now = self.clock()
        if self.written is None or now - self.written >= self.busy:
            self.flush()
        elif not self.soon:
            self.soon = True
            self._call_in(self._due_at() - now)  # perhaps sooner than the call waiting, which it replaces

    def _due_at(self) -> float:
        assert self.oldest is not None
        due = min(self.latest + self.quiet, self.oldest + self.busy)
        return min(due, self.written + self.busy) if self.soon and self.written is not None else due

    def _due(self, call: int) -> None:
        # One call waits at a time, not one per change: a flood would pile thousands up in the loop's queue.
        if call != self.calls:
            return  # replaced by a sooner one
        self.armed = False
        if self.oldest is None:
            return
        wait = self._due_at() - self.clock()
        if wait > 0:
            self._call_in(wait)
        else:
            self.flush()

    def _call_in(self, delay: float) -> None:
        self.armed = True
        self.calls += 1
        call = self.calls
        later = self.later if self.later is not None else asyncio.get_running_loop().call_later
        later(delay, lambda: self._due(call))


def keep_saved(host: Host, saver: Autosave) -> None:
    """Tell `saver` of `host`'s changes: a move or an undo (at once if it ended the game), and a person taking or
    leaving a seat (what is not written yet, promptly)."""
    host.on_change = lambda changed: saver.changed(at_once=changed.engine.is_over(changed.match.state))
    host.on_seated = lambda _host: saver.promptly()


class SaveWriter:
    """Writes a host's save to `path` on a thread of its own, so that the loop serving the players never waits for
    the save's data, its JSON or the disk. `put` hands it one moment of the game (taken on the loop: `save_taken`);
    the writes are made in the order they were handed over, one at a time, and a save handed over while another is
    being written waits for it. Saves that pile up behind a slow write are not all written: only the newest, which
    holds every move the others do (a later save never lands before an earlier one). `failed` is told, on the
    writer's thread, why a write failed; the next save tries again. `wait` returns once everything handed over is on
    disk."""

    def __init__(self, path: Path, failed: Callable[[OSError], None],
                 write: Callable[[Path, str], None] = saves.write_atomic) -> None:
        self.path, self.failed, self.write = path, failed, write
        self._lock = threading.Lock()
        self._newest: Callable[[], dict[str, Any]] | None = None  # handed over, not being written yet
        self._writing = False  # the thread is at work: it takes `_newest` once its write is done
        self._thread: threading.Thread | None = None  # the one at work, or the last one

    def put(self, save: Callable[[], dict[str, Any]]) -> None:
        """Write the data `save` makes (on the writer's thread, from nothing the game still changes) once what was
        handed over before it is written."""
        with self._lock:
            self._newest = save
            if self._writing:
                return
            self._writing = True
            # Not a daemon: a process that ends (Ctrl+C, the window closed) waits for the save it asked for.
            self._thread = threading.Thread(target=self._run, name="convivium-save")
            self._thread.start()

    def wait(self) -> None:
        """Return once every save handed over is written (or failed)."""
        while True:
            with self._lock:
                thread = self._thread
            if thread is None:
                return
            thread.join()
            with self._lock:
                if self._thread is thread:  # no other started meanwhile: all is written
                    return

    def _run(self) -> None:
        finished = False
        try:
            while (save := self._next()) is not None:
                try:
                    self.write(self.path, json.dumps(save(), indent=1, ensure_ascii=False) + "\n")
                except OSError as exc:
                    self.failed(exc)
            finished = True
        finally:
            if not finished:  # a write raised something else: the next `put` starts a thread again
                with self._lock:
                    self._writing = False

    def _next(self) -> Callable[[], dict[str, Any]] | None:
        """The newest save handed over, or None, and the thread ends: both under the lock, so that a save handed
        over meanwhile either is taken here or starts a thread of its own."""
        with self._lock:
            save, self._newest = self._newest, None
            if save is None:
                self._writing = False
            return save
