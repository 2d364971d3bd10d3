"""The app side of the test that listens to Orca itself (tests/desktop/frame/test_orca_speech.py): the driver of
atspi_app.py with a blind player's first evening. The guided Solonauts game's first two steps, a new deal (its
first key timed: a new table once flooded the bus), a move, undo and a hint, How to play read by line and by
heading, a hot-seat turn of Chrononauts for Ada and Bruno, then a Chrononauts game joined over the network as Bruno
(Ada hosts it from net_host.py, another process). Each step prints `STEP <json>` with the wall-clock time it began
(as Orca's debug log writes it) and what the player should hear.
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from atspi_app import DEAL, KEY_PAUSE_MS, Driver, items
from bus_harness import serve
from PySide6.QtCore import QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel

from desktop.frame import storage
from desktop.frame.seat_table import SeatTable
from desktop.net.dialogs import read_invite
from desktop.shell import guided
from network.protocol import Play
from rules.chrononauts.full_state import MISSION
from rules.chrononauts.moves import Mulligan

WAIT_MS = 30_000  # a hint, or the host's answer, takes well under a second; this only ends a step that hangs


def now() -> str:
    """The time as Orca's debug log writes it."""
    return datetime.now().strftime("%H:%M:%S.%f")


class OrcaDriver(Driver):
    def __init__(self) -> None:
        super().__init__()
        self.steps = [self.guide_start, self.guide_next, self.solo_start, self.first_key, self.solo_move,
                      self.undo, self.hint, self.rules, self.rules_line, self.rules_heading, self.rules_closed,
                      self.saved, self.open_fails, self.start_hotseat, self.lift, self.decide, self.hotseat_turn,
                      self.net_join, self.net_host_plays, self.net_lost, self.net_refused]
        self.host: subprocess.Popen[str] | None = None

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
        self.wait_until(lambda: self.window.message.text().startswith("Hint:"))
        return {"step": "hint", "expect": [self.window.message.text()], "began": self.began}

    def rules(self) -> dict[str, Any]:
        """Help → How to play, the keyboard in the text."""
        self.window.show_help()
        dialog = self.window.how_to_play
        assert dialog is not None
        QApplication.processEvents()
        dialog.browser.setFocus()
        return {"step": "rules", "expect": [dialog.browser.document().firstBlock().text()], "began": self.began}

    def wait_until(self, done: Callable[[], bool]) -> None:
        """Let the app run until `done()` (at most WAIT_MS)."""
        wait = QEventLoop()
        timer = QTimer()
        timer.timeout.connect(lambda: done() and wait.quit())
        timer.start(50)
        QTimer.singleShot(WAIT_MS, wait.quit)
        wait.exec()
        timer.stop()

    def x_key(self, name: str) -> None:
        """A key pressed on the X server (xdotool): Orca hears it and so reads the caret's line, as it does for a
        person's arrow; a key handed to Qt directly moves the caret without a word from Orca."""
        subprocess.run(["xdotool", "key", name], check=True, timeout=10)
        pause = QEventLoop()
        QTimer.singleShot(KEY_PAUSE_MS, pause.quit)
        pause.exec()

    def rules_line(self) -> dict[str, Any]:
        """Down: the next line of the text."""
        self.x_key("Down")
        return {"step": "rules line", "expect": [self.line()], "began": self.began}

    def rules_heading(self) -> dict[str, Any]:
        """H: the next heading."""
        self.x_key("h")
        return {"step": "rules heading", "expect": [self.line()], "began": self.began}

    def rules_closed(self) -> dict[str, Any]:
        """Esc closes the rules; the keyboard is back on the table."""
        self.key(Qt.Key.Key_Escape)
        self.window.activateWindow()  # what a window manager does as the dialog goes (Xvfb has none)
        return {"step": "rules closed", "expect": ["Card table"], "began": self.began}

    def saved(self) -> dict[str, Any]:
        """File → Save as…, to a file in the app's folder: the status line's "Saved to …" is heard."""
        path = storage.data_dir() / f"evening{storage.SAVE_SUFFIX}"
        self.window.save_to(path)
        return {"step": "saved", "expect": [self.window.tr_.text("status.saved", file=path.name)], "began": self.began}

    def open_fails(self) -> dict[str, Any]:
        """A file that is not a game opened: the message box that says why is heard, then closed with Enter."""
        path = storage.data_dir() / f"not a game{storage.SAVE_SUFFIX}"
        path.write_text("{ not json", encoding="utf-8")
        del self.window.inform  # the real message box (the driver silenced it for the other steps)
        words: list[str] = []

        def answer() -> None:
            box = QApplication.activeModalWidget()
            if box is not None:
                words.extend(label.text() for label in box.findChildren(QLabel) if label.text())
                self.x_key("Return")
                box.close()

        QTimer.singleShot(2000, answer)
        self.window.open_file(path)
        self.window.inform = lambda *args, **kwargs: None  # type: ignore[method-assign, assignment]
        self.window.activateWindow()  # what a window manager does as the box goes (Xvfb has none)
        return {"step": "open fails", "expect": [next((w for w in words if w.startswith("Cannot open")), "")],
                "began": self.began}

    def line(self) -> str:
        """The line of the rules' text the caret is on, as laid out."""
        dialog = self.window.how_to_play
        assert dialog is not None
        cursor = dialog.browser.textCursor()
        layout = cursor.block().layout()
        line = layout.lineForTextPosition(cursor.positionInBlock())
        return cursor.block().text()[line.textStart():line.textStart() + line.textLength()].strip()

    def start_hotseat(self) -> dict[str, Any]:
        facts = super().start_hotseat()
        return {"step": "curtain for Ada", "expect": [facts["curtain"]], "secrets": facts["secrets"],
                "began": self.began}

    def lift(self) -> dict[str, Any]:
        """Ada lifts the curtain: she hears her name and the ID she is asked to keep or swap, and nobody else's."""
        facts = super().lift()
        return {"step": "Ada looks", "expect": ["Ada", facts["expect"]], "own": facts["own"], "others": facts["others"],
                "began": self.began}

    def decide(self) -> dict[str, Any]:
        """Ada keeps her ID: she hears the Mission she is asked about, and nobody else's cards."""
        facts = super().decide()
        return {"step": "Ada decides", "expect": [facts["expect"]], "own": facts["own"], "others": facts["others"],
                "began": self.began}

    def hotseat_turn(self) -> dict[str, Any]:
        facts = super().hotseat_turn()
        return {"step": "curtain for Bruno", "expect": [facts["curtain"]], "secrets": facts["secrets"],
                "began": self.began}


    # --- a game over the network, joined as Bruno ---------------------------------------------------------

    def net_join(self) -> dict[str, Any]:
        """Bruno joins Ada's Chrononauts, hosted by another process on loopback: Ada decides first, so he hears whom
        he waits for."""
        home = storage.data_dir() / "host"
        home.mkdir(exist_ok=True)
        env = {key: value for key, value in os.environ.items() if not key.startswith("QT_")}
        env.update(QT_QPA_PLATFORM="offscreen", CONVIVIUM_HOME=str(home))  # no screen, nothing told to Orca
        self.host = subprocess.Popen([sys.executable, str(Path(__file__).with_name("net_host.py")), str(home)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        assert self.host.stdout is not None
        link = self.host.stdout.readline().strip()
        self.window.join(read_invite(link), "Bruno")
        self.wait_until(lambda: self.window.net is not None and self.window.table is not None)
        waiting = self.window.tr_.text("net.waiting_for", player="Ada")
        self.wait_until(lambda: self.prompt_now() == waiting)
        return {"step": "net join", "expect": [waiting], "began": self.began}

    def prompt_now(self) -> str:
        table = self.window.table
        return table.prompt.text() if isinstance(table, SeatTable) else ""

    def net_host_plays(self) -> dict[str, Any]:
        """Ada keeps her ID and her Mission on the host's screen: Bruno hears what she did, and his own question,
        his ID named."""
        for _decision in ("id", "mission"):
            self.tell_host("ada")
        self.wait_until(lambda: self.prompt_now().startswith("Bruno: keep the ID"))
        table = self.window.table
        assert isinstance(table, SeatTable)
        own = table.tr_.card_title(table.game.state.ids[1] or "")
        return {"step": "net host plays", "expect": ["Ada keeps the Mission they were dealt", self.prompt_now()], "own": own,
                "began": self.began}

    def tell_host(self, order: str) -> None:
        assert self.host is not None and self.host.stdin is not None and self.host.stdout is not None
        self.host.stdin.write(order + "\n")
        self.host.stdin.flush()
        assert self.host.stdout.readline().strip() == "done"

    def net_lost(self) -> dict[str, Any]:
        """The connection drops as a network drops it, and comes back a second later: both are heard."""
        session = self.window.net
        assert session is not None
        session.joiner.drop()
        tr, table = self.window.tr_, self.window.table
        assert isinstance(table, SeatTable)
        self.wait_until(lambda: self.prompt_now() == tr.text("net.lost"))
        self.wait_until(lambda: table.message.text() == tr.text("net.back"))
        return {"step": "net lost", "expect": [tr.text("net.lost"), tr.text("net.back")], "began": self.began}

    def net_refused(self) -> dict[str, Any]:
        """A move the host refuses (Bruno's Mission swapped while his ID is asked, sent as a stale screen would send
        it): the host's reason is heard."""
        session, table = self.window.net, self.window.table
        assert session is not None and session.match is not None and isinstance(table, SeatTable)
        table.message.clear()
        session.joiner.send(Play(session.match.engine.notation(Mulligan(1, MISSION))))
        self.wait_until(lambda: bool(table.message.text()))
        return {"step": "net refused", "expect": [table.message.text()], "began": self.began}


if __name__ == "__main__":
    sys.exit(serve(OrcaDriver))
