"""A main window on a fixed deal, with its files in a temporary folder and its dialogs answered."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from table_driver import DEAL, Dialogs, make_window

from desktop.frame import answer_wait, card_item
from desktop.games.chrononauts import solonauts_help as solo_help
from desktop.shell.main_window import MainWindow


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("CONVIVIUM_HOME", str(folder))
    return folder


@pytest.fixture
def dialogs() -> Dialogs:
    return Dialogs()


@pytest.fixture(autouse=True)
def no_animation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cards land at once, so a test can aim at where they are; tests of the sliding turn it back on."""
    monkeypatch.setattr(card_item, "ANIMATION_MS", 0)


@pytest.fixture(autouse=True)
def time_stands_still(monkeypatch: pytest.MonkeyPatch) -> None:
    """A response window's countdown shows but does not run: a test ticks it itself (answer_wait.Countdown.tick),
    or turns the clock back on, so no test hangs on the wall clock or parts from its twin by it."""
    monkeypatch.setattr(answer_wait, "clock_runs", False)


@pytest.fixture(autouse=True)
def quick_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A lost deal's verdict waits at most a second here (tests of the verdict use quick deals)."""
    monkeypatch.setattr(solo_help, "VERDICT_SECONDS", 1.0)


@pytest.fixture
def window(qtbot: Any, home: Path, dialogs: Dialogs) -> Iterator[MainWindow]:
    win = make_window(qtbot, dialogs)
    win.new_game({"ids": 8}, DEAL)
    QApplication.processEvents()
    yield win
