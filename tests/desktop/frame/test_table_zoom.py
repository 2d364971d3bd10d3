"""A window too small for the table shows all of it scaled, and the view zooms (issue #11, item 4)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.frame.i18n import Translator
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow
from desktop.tools.legibility import table_view


@pytest.mark.parametrize("game,players,moves", [("parsifal", 6, 20), ("chrononauts", 6, 30), ("banquet", 5, 20)])
def test_a_small_window_shows_the_whole_table_scaled_and_zooms(qtbot: Any, home: Path, tmp_path: Path, game: str,
                                                               players: int, moves: int) -> None:
    window = MainWindow(Translator("en"))
    qtbot.addWidget(window)
    window.ask = lambda title, text, buttons, safe=None: safe or 0  # type: ignore[method-assign]
    window.show()
    shot = screenshot.read_shot(game, None, players, 1, moves, "800x500", str(tmp_path / "x.png"))
    screenshot.set_table(window, shot)
    window.resize(800, 500)
    for _ in range(3):
        QApplication.processEvents()
    view = table_view(window)
    fitted = view.transform().m11()
    assert 0 < fitted < 1
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.adjusted(-1, -1, 1, 1).contains(view.sceneRect())  # nothing of the table is cut off
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() == pytest.approx(fitted * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() == pytest.approx(fitted * 1.5)
    assert view.horizontalScrollBar().maximum() > 0  # the rest of the table is a scroll away
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() == pytest.approx(fitted * 1.25)
    qtbot.keyClick(view, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert view.transform().m11() == pytest.approx(fitted)
    window.resize(1280, 720)  # the zoom is kept, the fit follows the window
    QApplication.processEvents()
    assert view.transform().m11() > fitted
