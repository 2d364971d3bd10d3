"""`convivium`'s own start (desktop/shell/app.py `run`) inside a test, until its window shows what the test waits for.

Here, beside the root conftest, so that every test folder can import it."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop.shell.main_window import MainWindow


def run_app(argv: list[str], ready: Callable[[MainWindow], bool]) -> tuple[int, MainWindow]:
    """Run the app with `argv` until its window is `ready` (or 30 seconds pass); run's exit code, and the window."""
    from desktop.shell import app

    def look() -> None:
        window = _shown()
        if window is not None and ready(window):
            QApplication.exit(0)

    poll = QTimer()
    poll.timeout.connect(look)
    poll.start(20)
    # A guard only, stopped once the app returns: left running, it ended the event loop of whatever test ran
    # 30 s later in the same process (timers stopped firing there: the Solonauts end-of-deal tests stalled).
    guard = QTimer()
    guard.setSingleShot(True)
    guard.timeout.connect(lambda: QApplication.exit(0))
    guard.start(30_000)
    code = app.run(argv)
    poll.stop()
    guard.stop()
    window = _shown()
    assert window is not None, "the app returned without a window"
    return code, window


def _shown() -> MainWindow | None:
    return next((w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()), None)
