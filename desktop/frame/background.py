"""Pure-Python work (the solver, hints) off the window's thread, its answer handed back on it.

One job at a time: starting a new one drops the answer of the one before, which may still be
running (Python code cannot be interrupted) but is never heard of again. Jobs bound their own
work with node budgets or deadlines, so a dropped one ends soon. The thread is a daemon, so
quitting never waits for a search.
"""
from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer

POLL_MS = 30


class Background(QObject):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._token = 0
        self._result: tuple[int, bool, Any] | None = None  # token, succeeded, value or exception
        self._done: Callable[[Any], None] | None = None
        self._lock = threading.Lock()
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)

    def run(self, job: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run `job` on a worker thread, then `done(result)` here. An exception in the job is raised here."""
        self._token += 1
        token = self._token
        self._done = done

        def work() -> None:
            try:
                outcome: tuple[int, bool, Any] = (token, True, job())
            except BaseException as exc:  # handed to the window's thread, which raises it
                outcome = (token, False, exc)
            with self._lock:
                if token == self._token:  # a replaced job must not overwrite the answer of its successor
                    self._result = outcome

        threading.Thread(target=work, name="convivium-background", daemon=True).start()
        self._timer.start()

    def cancel(self) -> None:
        """Forget the job under way: its answer will be dropped."""
        self._token += 1
        self._done = None
        self._timer.stop()

    def busy(self) -> bool:
        return self._done is not None

    def _poll(self) -> None:
        with self._lock:
            result, self._result = self._result, None
        if result is None:
            return
        token, succeeded, value = result
        if token != self._token or self._done is None:
            return  # the answer of a job replaced or cancelled since
        done, self._done = self._done, None
        self._timer.stop()
        if not succeeded:
            raise value
        done(value)
