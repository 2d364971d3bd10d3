"""The host of the network part of the Orca walk (orca_app.py), in a process of its own with no screen reader:

    net_host.py FOLDER

It hosts Chrononauts for Ada (played here, by this script) and Bruno (a seat joined over loopback, plain WebSocket
on 127.0.0.1), prints Bruno's invitation as one line, then answers each line on stdin: "ada" has Ada make her next
decision (the prompt bar's first button: keep), and prints "done" once it is played. The end of stdin ends it.
"""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSocketNotifier
from PySide6.QtWidgets import QApplication

from desktop.frame.i18n import Translator
from desktop.net.hosting import Listening
from desktop.shell.main_window import MainWindow
from desktop.shell.tables import table_for

ADA = 0


def main() -> int:
    app = QApplication(sys.argv[:1])
    window = MainWindow(Translator("en"), {})
    window.ask = lambda *args, **kwargs: 0  # type: ignore[method-assign, assignment]
    window.inform = lambda *args, **kwargs: None  # type: ignore[method-assign, assignment]
    table = table_for("chrononauts", "chrononauts")
    assert table is not None
    started = table.GAME_CLASS.start("chrononauts", "chrononauts", ["Ada", "Bruno"], {"first_player": ADA}, 5)
    hosting = window.host(started, ["local", "remote"],
                          Listening(bind="127.0.0.1", port=0, insecure=True, folder=Path(sys.argv[1])))
    assert hosting is not None
    print(hosting.invites[1].link(), flush=True)

    def order() -> None:
        line = sys.stdin.readline()
        if not line:
            hosting.stop()
            app.quit()
            return
        shown = window.table
        assert shown is not None
        legal = shown.game.match.legal_moves(ADA)
        if legal:
            shown.play(legal[0])
        print("done", flush=True)

    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(order)
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
