"""The app, started the way a player starts it, playing legal moves until it is killed.

Run by tests/reliability/test_crash.py as a subprocess (never collected by pytest):

    python crash_driver.py GAME MODE SEED MOVES [--pause-at N]

It starts Convivium through `desktop.shell.app.run` (the running marker, the settings, the window),
opens GAME/MODE (Solonauts through `--deal`, a game for several through `new_hotseat`), and
plays MOVES legal moves through the table's own `play`, one per turn of the event loop, telling
the test on stdout what it does:

    STARTED <data folder>         the game is on the table and autosaved
    PLAYING <move as JSON>        a move is about to be played
    DONE <count>                  that move is played and its autosave returned
    IDLE                          all moves played; the app waits to be killed
    PAUSED <temporary file>       (--pause-at N) the autosave of move N is written to its temporary
                                  file and synced, and the app now sleeps before the rename

With --pause-at, `os.replace` is wrapped in this process only: the product code runs unchanged,
and the test kills the app while it is provably between writing and renaming.
"""
from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop.frame import answer_wait, storage
from desktop.shell import app
from desktop.shell.main_window import MainWindow
from rules.kernel import Move

NAMES = {"chrononauts": ["Ada", "Bruno", "Chiara"], "bacchanalia": ["Ada", "Bruno", "Chiara"],
         "banquet": ["Ada", "Bruno", "Chiara"], "parsifal": ["Ada", "Bruno", "Chiara"]}


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class Driver:
    def __init__(self, game: str, mode: str, seed: int, moves: int, pause_at: int | None) -> None:
        self.game, self.mode, self.seed, self.moves, self.pause_at = game, mode, seed, moves, pause_at
        self.rng = random.Random(seed)
        self.played = 0
        self.window: MainWindow | None = None

    def begin(self) -> None:
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))
        self.window = window
        if self.game != "chrononauts" or self.mode != "solonauts":
            window.new_hotseat(self.game, self.mode, NAMES[self.game], {}, self.seed)
        say(f"STARTED {storage.data_dir()}")
        QTimer.singleShot(0, self.step)

    def match(self) -> Any:
        assert self.window is not None and self.window.table is not None
        return self.window.table.game.match

    def choose(self) -> Move | None:
        """A legal move that does not end the game (a finished game is not offered for resume)."""
        match = self.match()
        eng, state = match.engine, match.state
        candidates = [m for seat in sorted(eng.to_act(state)) for m in eng.legal_moves(state, seat)]
        self.rng.shuffle(candidates)
        for move in candidates:
            trial = eng.clone(state)
            eng.apply(trial, move)
            if not eng.is_over(trial):
                chosen: Move = move
                return chosen
        return None

    def step(self) -> None:
        assert self.window is not None
        move = self.choose() if self.played < self.moves else None
        if move is None:
            say("IDLE")
            return
        self.played += 1
        say("PLAYING " + json.dumps(move.to_dict(), sort_keys=True))
        assert self.window.table is not None
        ok = self.window.table.play(move)
        if not ok:
            say("REFUSED")
            return
        say(f"DONE {self.played}")
        QTimer.singleShot(0, self.step)

    def pause_before_rename(self) -> None:
        real_replace = os.replace

        def autosave(dst: Path) -> bool:  # a game's in the list of games in progress, Solonauts' too
            return storage.is_game_slot(dst)

        def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
            if self.played == self.pause_at and autosave(Path(dst)):
                say(f"PAUSED {src}")
                time.sleep(3600)  # killed here by the test
            real_replace(src, dst, *args, **kwargs)

        os.replace = replace


def main(argv: list[str]) -> int:
    game, mode, seed, moves = argv[0], argv[1], int(argv[2]), int(argv[3])
    pause_at = int(argv[5]) if len(argv) > 5 and argv[4] == "--pause-at" else None
    driver = Driver(game, mode, seed, moves, pause_at)
    if pause_at is not None:
        driver.pause_before_rename()
    # Nothing at this start-up may wait for a person: there is no earlier game in a fresh folder.
    MainWindow.ask = lambda self, title, text, buttons: 1  # type: ignore[method-assign]
    MainWindow.inform = lambda self, title, text: None  # type: ignore[method-assign]
    # Every move is the driver's, and reported: no response window's countdown plays one of its own.
    answer_wait.clock_runs = False
    qt_app = QApplication(sys.argv[:1])  # before any timer; app.run takes this one
    QTimer.singleShot(0, driver.begin)
    args = ["--lang", "en"] + (["--deal", str(seed)] if mode == "solonauts" else [])
    code = app.run(args)
    del qt_app
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
