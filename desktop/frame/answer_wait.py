"""How long a table waits at a response window's shared question before nobody has answered (issue #36, item 3).

A card played opens a window (CHR-10.11, BB-17.5.6, PAR-15.6): the table asks whether anyone answers. Rather than
a click on "Nobody" after every play, a countdown runs; when it runs out with nobody claiming the question, the
window closes as if everyone asked had passed. One key (Space or Enter) or the answer button claims it first.

The wait is the player's setting alone (0 to 10 seconds, or always ask; kept with the app's settings like the
computers' pace). It starts whenever the question is put and lasts the same whatever anyone holds, so it tells
nobody anything (CHR-10.11): whether a window is open comes from the engine, never from a hand.
"""
from __future__ import annotations

from typing import Final

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent

SETTING: Final = "answer_wait"  # the settings' entry: whole seconds, or ALWAYS
ALWAYS: Final = "always"  # no countdown: the question waits for a click, as before issue #36
DEFAULT_WAIT: Final = 3
LONGEST: Final = 10
CHOICES: Final = (ALWAYS, *range(LONGEST + 1))  # the menu's entries, in its order
SECOND_MS = 1000  # a test of the countdown makes seconds short
# Time runs at the tables unless a test stops it (tests/desktop/conftest.py): the question then waits, as with
# "always ask", until the test ticks the countdown itself, so two tables driven alike never part by the clock.
clock_runs = True
CLAIM_KEYS: Final = (Qt.Key.Key_Space, Qt.Key.Key_Return, Qt.Key.Key_Enter)
M = Qt.KeyboardModifier
COMMAND_MODIFIERS: Final = M.ControlModifier | M.AltModifier | M.MetaModifier  # Ctrl+Enter is not a claim


def wait_of(value: object) -> int | None:
    """A setting in seconds (None: always ask); the default for anything else (a hand-edited settings file)."""
    if value == ALWAYS:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LONGEST:
        return value
    return DEFAULT_WAIT


class Countdown(QObject):
    """The seconds left to claim the question now put to the table. `position` names the question (the table's
    own key for it), so a redraw of the same question does not start it again. Space or Enter on a watched widget
    claims it while it runs (`claimed`); running out says `ran_out`; every second says `ticked`."""

    ticked = Signal()
    ran_out = Signal()
    claimed = Signal()

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.remaining: int | None = None  # None: not counting
        self.position: object = None
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.tick)

    @property
    def running(self) -> bool:
        return self.remaining is not None

    def start(self, position: object, seconds: int) -> None:
        self.position = position
        self.remaining = seconds
        if clock_runs:
            self.timer.start(SECOND_MS)

    def stop(self) -> None:
        """Nothing is counted any more; the next question put starts afresh."""
        self.timer.stop()
        self.remaining = None
        self.position = None

    def tick(self) -> None:
        """One second gone (the timer's, or a test's)."""
        if self.remaining is None:
            return
        self.remaining -= 1
        if self.remaining > 0:
            self.ticked.emit()
            return
        self.timer.stop()
        self.remaining = None  # the position stays: this question has had its time
        self.ran_out.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        # A key held since the play that opened the window (Enter on a target) repeats: that is no claim.
        if (self.running and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in CLAIM_KEYS and not event.modifiers() & COMMAND_MODIFIERS
                and not event.isAutoRepeat()):
            self.claimed.emit()
            return True
        return False
