"""Work that waits until a window has been drawn once: start-up does only what the first table needs (issue #42).

A zero timer is not enough. On a real screen the first paint comes a few turns of the event loop after `show()`,
once the window system has mapped the window, and a zero timer set before the loop starts fires in its first turn,
ahead of that paint (measured on X11: about 40 ms between the loop's start and the first paint). So the work is
queued from the window's first paint event, and runs in the turn after the frame is on screen.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class _FirstFrame(QObject):
    def __init__(self, window: QWidget, work: Callable[[], None]) -> None:
        super().__init__(window)  # goes with the window: a window closed before it was ever drawn runs nothing
        self._work = work
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self, self._run)
        return False

    def _run(self) -> None:
        self.deleteLater()
        self._work()


def after_first_frame(window: QWidget, work: Callable[[], None]) -> None:
    """Run `work` once, in the event loop's turn after `window` is first painted (never, if it never is)."""
    _FirstFrame(window, work)
