"""The main window opens within the screen's free area, and keeps its size and maximized state per screen
(issue #36: it opened at 1480×900 on a 1280×720 laptop, the hand and the deck below the bottom edge)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QApplication, QWidget

from desktop.frame import screen_fit
from desktop.frame.i18n import Translator
from desktop.shell.main_window import SIZE, MainWindow


def opened(qtbot: Any, settings: dict[str, Any]) -> MainWindow:
    window = MainWindow(Translator("en"), settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    QApplication.processEvents()
    return window


def free_area(window: QWidget) -> QRect:
    return window.screen().availableGeometry()


def test_a_first_start_opens_within_the_screen(qtbot: Any, home: Path) -> None:
    window = opened(qtbot, {})
    area = free_area(window)
    assert area.contains(window.frameGeometry()), (window.frameGeometry(), area)  # the tests' screen is 800×600
    assert window.size() == SIZE.boundedTo(window.size())  # never more than it asks for


def test_the_size_is_kept_for_the_screen(qtbot: Any, home: Path) -> None:
    settings: dict[str, Any] = {}
    first = opened(qtbot, settings)
    first.resize(720, 540)
    first.close()
    second = opened(qtbot, settings)
    assert second.size() == QSize(720, 540)


def test_maximized_is_kept_for_the_screen(qtbot: Any, home: Path) -> None:
    settings: dict[str, Any] = {}
    first = opened(qtbot, settings)
    first.showMaximized()
    QApplication.processEvents()
    first.close()
    second = opened(qtbot, settings)
    assert second.isMaximized()


def test_another_screens_size_is_not_used_here(qtbot: Any, home: Path) -> None:
    settings: dict[str, Any] = {}
    first = opened(qtbot, settings)
    first.resize(720, 540)
    first.close()
    kept = settings[screen_fit.GEOMETRY]
    settings[screen_fit.GEOMETRY] = {"projector 3840x2160": next(iter(kept.values()))}
    second = opened(qtbot, settings)
    assert second.size() != QSize(720, 540) and free_area(second).contains(second.frameGeometry())


def test_a_kept_size_bigger_than_the_screen_is_cut_to_it(qtbot: Any, home: Path) -> None:
    """A screen's free area can shrink under the same name and size (a panel added): the window still fits."""
    big = QWidget()
    qtbot.addWidget(big)
    big.resize(3000, 2000)
    settings = {screen_fit.GEOMETRY: {screen_fit.screen_key(big.screen()): screen_fit.encode(big.saveGeometry())}}
    window = opened(qtbot, settings)
    assert free_area(window).contains(window.frameGeometry()), window.frameGeometry()


def test_what_is_not_qts_state_is_ignored(qtbot: Any, home: Path) -> None:
    for junk in ("no", ["a"], {"x": 1}, {"": "%%%"}, {"laptop 1x1": "A" * 100_000}):
        window = opened(qtbot, {screen_fit.GEOMETRY: junk})
        assert free_area(window).contains(window.frameGeometry()), junk
        window.close()
