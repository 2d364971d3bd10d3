"""Convivium started the way a player starts it, for tests/desktop/shell/test_single_instance.py (run as a
subprocess, never collected by pytest):

    python instance_driver.py ANSWER [convivium arguments]

It runs `desktop.shell.app.run` with the arguments given. A question asked before there is a window
(another copy holds the data folder) is answered with button ANSWER; the window's own questions
(resume a game?) with No. It tells the test on stdout what happens:

    ASKED <text>      the question asked before any window, and answered
    WINDOW <text>     a question of the window (the offer to resume)
    INFORMED <text>   a message shown before any window
    STARTED           the window is up with its game (then it waits to be killed)
    RAISED            another copy asked this one to come to the front
    EXIT <code>       run() returned
"""
from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop.frame import dialogs
from desktop.shell import app
from desktop.shell.main_window import MainWindow


def say(line: str) -> None:
    sys.stdout.write(line.replace("\n", " ") + "\n")
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    answer = int(argv[0])

    def ask(parent: Any, title: str, text: str, buttons: list[str]) -> int:
        say(f"ASKED {text}")
        return answer

    def inform(parent: Any, title: str, text: str, icon: Any = None) -> None:
        say(f"INFORMED {text}")

    dialogs.ask = ask
    dialogs.inform = inform
    def window_ask(self: MainWindow, title: str, text: str, buttons: list[str]) -> int:
        say(f"WINDOW {text}")
        return 1

    MainWindow.ask = window_ask  # type: ignore[method-assign]
    MainWindow.inform = lambda self, title, text: None  # type: ignore[method-assign]
    come_forward = MainWindow.come_forward

    def forward(self: MainWindow) -> None:
        come_forward(self)
        say("RAISED")

    MainWindow.come_forward = forward  # type: ignore[method-assign]
    qt_app = QApplication(sys.argv[:1])  # before any timer; app.run takes this one

    def started() -> None:
        if any(isinstance(w, MainWindow) and w.table.session is not None for w in QApplication.topLevelWidgets()):
            say("STARTED")

    QTimer.singleShot(0, started)
    code = app.run(["--lang", "en", *argv[1:]])
    say(f"EXIT {code}")
    del qt_app
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
