"""Start-up holds Python's cyclic collector while the window is made (desktop/shell/app.py, issue #42): the objects
made then live as long as the app, and walking them again and again was time lost. It runs again once the window is
made, and however start-up ends the collector is as it was: on, nothing set aside."""
from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from desktop.shell import app
from desktop.shell.main_window import MainWindow


def test_the_collector_waits_while_the_window_is_made_and_runs_after(tmp_path: Path, home: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    made = MainWindow.__init__

    def spy(window: MainWindow, *args: Any, **kwargs: Any) -> None:
        seen["while made"] = gc.isenabled()
        made(window, *args, **kwargs)

    shown = MainWindow.show_table

    def on_table(window: MainWindow, *args: Any, **kwargs: Any) -> Any:
        seen["at the table"] = (gc.isenabled(), gc.get_freeze_count() > 0)
        return shown(window, *args, **kwargs)

    monkeypatch.setattr(MainWindow, "__init__", spy)
    monkeypatch.setattr(MainWindow, "show_table", on_table)
    assert app.run(["--game", "banquet", "--players", "4", "--lang", "en",
                    "--screenshot", str(tmp_path / "x.png")]) == 0
    assert seen == {"while made": False, "at the table": (True, True)}  # on again, start-up's objects set aside
    assert gc.isenabled() and gc.get_freeze_count() == 0  # the window gone: walked as any others


def test_a_start_that_ends_early_leaves_the_collector_on(tmp_path: Path, home: Path) -> None:
    with pytest.raises(SystemExit):
        app.run(["--game", "banquet", "--moves", "-1", "--screenshot", str(tmp_path / "x.png")])
    assert gc.isenabled() and gc.get_freeze_count() == 0
