"""The app side of the test that listens to Orca itself (tests/desktop/frame/test_orca_speech.py): the driver of
atspi_app.py with a blind player's first evening. The guided Solonauts game's first two steps, a new deal (its
first key timed: a new table once flooded the bus), a move, undo and a hint, then a hot-seat turn of Chrononauts
for Ada and Bruno. Each step prints `STEP <json>` with the wall-clock time it began (as Orca's debug log writes
it) and what the player should hear.
"""
from __future__ import annotations

import sys
from datetime import datetime
from typing import Any

from atspi_app import DEAL, Driver, items
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QApplication

from desktop.frame import card_item
from desktop.shell import guided

HINT_WAIT_MS = 30_000  # a hint takes well under a second; this only ends a step that hangs


def now() -> str:
    """The time as Orca's debug log writes it."""
    return datetime.now().strftime("%H:%M:%S.%f")


class OrcaDriver(Driver):
    def __init__(self) -> None:
        super().__init__()
        self.steps = [self.guide_start, self.guide_next, self.solo_start, self.first_key, self.solo_move,
                      self.undo, self.hint, self.start_hotseat, self.lift, self.hotseat_turn]

    def go(self) -> None:
        self.began = now()
        super().go()

    def guide_start(self) -> dict[str, Any]:
        guide = guided.begin(self.window, "solonauts")
        assert guide is not None
        QApplication.processEvents()
        return {"step": "guide", "expect": [guide.bubble.heading.text()], "began": self.began}

    def guide_next(self) -> dict[str, Any]:
        """Enter on the guide's button (the keyboard is on it): the next step is said."""
        table = self.window.table
        guide = getattr(table, "guide", None)
        self.key(Qt.Key.Key_Return)
        heading = guide.bubble.heading.text() if guide is not None else ""
        return {"step": "guide next", "expect": [heading], "began": self.began}

    def solo_start(self) -> dict[str, Any]:
        self.window.new_game({"ids": 8}, DEAL)
        QApplication.processEvents()
        self.window.table.view.setFocus()
        return {"step": "solo start", "expect": ["Card table"], "began": self.began}

    def first_key(self) -> dict[str, Any]:
        """The first arrow on the new table: the card it reaches is said at once."""
        self.key(Qt.Key.Key_Right)
        scene = self.window.table.scene
        name = items(self.window.table.view)[scene.focused_key]["name"]
        return {"step": "first key", "expect": [name], "began": self.began}

    def solo_move(self) -> dict[str, Any]:
        facts = super().solo_move()
        return {"step": "solo move", "expect": facts["log"], "began": self.began}

    def undo(self) -> dict[str, Any]:
        self.window.undo()
        return {"step": "undo", "expect": [self.said("Undone: ")], "began": self.began}

    def hint(self) -> dict[str, Any]:
        self.window.table.hint()
        wait = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: self.window.message.text().startswith("Hint:") and wait.quit())
        timer.start(50)
        QTimer.singleShot(HINT_WAIT_MS, wait.quit)
        wait.exec()
        timer.stop()
        return {"step": "hint", "expect": [self.window.message.text()], "began": self.began}

    def start_hotseat(self) -> dict[str, Any]:
        facts = super().start_hotseat()
        return {"step": "curtain for Ada", "expect": [facts["curtain"]], "secrets": facts["secrets"], "began": self.began}

    def lift(self) -> dict[str, Any]:
        super().lift()
        assert self.table is not None
        return {"step": "Ada looks", "expect": ["Ada"], "began": self.began}

    def hotseat_turn(self) -> dict[str, Any]:
        facts = super().hotseat_turn()
        return {"step": "curtain for Bruno", "expect": [facts["curtain"]], "secrets": facts["secrets"],
                "began": self.began}


def main() -> int:
    card_item.ANIMATION_MS = 0
    app = QApplication(sys.argv[:1])
    driver = OrcaDriver()
    print("READY", flush=True)
    QTimer.singleShot(180_000, app.quit)  # never outlive a test that gave up
    code = app.exec()
    del driver
    return code


if __name__ == "__main__":
    sys.exit(main())
