"""The app side of the long walk by ear (tests/desktop/frame/test_orca_whole_game.py): a Chrononauts game for three,
Ada a person and Bruno and Carla computers, played by Ada's keys to its end (issue #37's "set up a Chrononauts game
for three with two computers and play it to the end"). Each of Ada's decisions is a step: a card played on its first
target by "1" and Enter (Delete when it has none), or the prompt bar's first button (F6, Enter), as a person who
does not look would; the step reports the log lines that decision and the computers' replies wrote, which Orca must
have said. The last step reports the end of the game as the table shows it.
"""
from __future__ import annotations

import sys
from typing import Any

from atspi_app import KEY_PAUSE_MS
from bus_harness import serve
from orca_app import OrcaDriver, now
from PySide6.QtCore import QEvent, QEventLoop, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

GAME_SEED = 11
MOST_DECISIONS = 150  # Ada's decisions before the walk gives up (a game for three ends well before)
GIVE_UP_MS = 1_500_000


class WholeGame(OrcaDriver):
    def __init__(self) -> None:
        super().__init__()
        self.window.set_bot_pace("instant")
        self.steps = [self.start]
        self.decisions = 0

    def start(self) -> dict[str, Any]:
        self.table = self.window.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bruno", "Carla"],
                                             {"first_player": 0}, GAME_SEED, {1: "easy", 2: "easy"})
        QApplication.processEvents()
        assert self.table is not None
        self.table.view.setFocus()
        self.next_step()
        return {"step": "start", "expect": [self.table.prompt.text()], "began": self.began}

    def over(self) -> bool:
        assert self.table is not None
        return self.table.game.engine.is_over(self.table.game.state)

    def ada_may(self) -> bool:
        """Ada has a decision of her own: a question to the whole table (a Memo's countdown) she lets pass, as a
        player with nothing to answer does, at no key."""
        assert self.table is not None
        game = self.table.game
        return (bool(game.match.legal_moves(0)) and game.engine.window(game.state) is None
                and not self.table.bot_seats.thinking())

    def next_step(self) -> None:
        self.wait_until(lambda: self.over() or self.ada_may())
        self.steps.append(self.end if self.over() or self.decisions >= MOST_DECISIONS else self.decide_turn)

    def decide_turn(self) -> dict[str, Any]:
        assert self.table is not None
        began, lines, moves = now(), len(self.log()), len(self.table.game.match.moves)
        # A button that opens a dialog ("Choose a card…", Rewind's pick from the discards) holds the step in the
        # dialog's own loop: Ada takes what it offers first, with Enter, once Orca has read it out.
        answer = QTimer()
        answer.timeout.connect(self.enter_in_dialog)
        answer.start(3000)
        self.decide_once()
        answer.stop()
        self.decisions += 1
        self.wait_until(lambda: len(self.table.game.match.moves) > moves)  # type: ignore[union-attr]
        played = len(self.table.game.match.moves) > moves
        self.next_step()
        return {"step": f"decision {self.decisions}", "expect": self.log()[lines:], "played": played,
                "began": began}

    def enter_in_dialog(self) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is not None:
            target = QApplication.focusWidget() or dialog
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(target, QKeyEvent(kind, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier))

    def end(self) -> dict[str, Any]:
        assert self.table is not None
        pause = QEventLoop()
        QTimer.singleShot(KEY_PAUSE_MS, pause.quit)
        pause.exec()
        return {"step": "end", "over": self.over(), "expect": [self.table.prompt.text()],
                "decisions": self.decisions, "began": now()}


if __name__ == "__main__":
    import bus_harness

    bus_harness.GIVE_UP_MS = GIVE_UP_MS
    sys.exit(serve(WholeGame))
