"""The side panel (the card up close and the log) can be folded away or narrowed, and the window keeps it as
the player left it (issue #11, item 4): the table takes the room it leaves."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs

from desktop.frame.i18n import Translator
from desktop.shell.main_window import LAYOUT, MainWindow


def window(qtbot: Any, settings: dict[str, Any], size: tuple[int, int] = (1280, 720)) -> MainWindow:
    main = MainWindow(Translator("en"), settings)
    dialogs = Dialogs()
    main.ask = dialogs.ask  # type: ignore[method-assign]
    main.inform = dialogs.inform  # type: ignore[method-assign]
    qtbot.addWidget(main)
    main.resize(*size)
    main.show()
    qtbot.waitExposed(main)
    main.new_hotseat("parsifal", "standard", ["Anna", "Bruno", "Carla"], {}, 4)
    QApplication.processEvents()
    return main


def scale(main: MainWindow) -> float:
    assert main.table is not None
    return float(main.table.view.transform().m11())


def test_f9_folds_the_side_panel_and_the_table_grows(qtbot: Any, home: Path) -> None:
    main = window(qtbot, {}, (1280, 1000))  # a tall window: the table's width decides its scale
    assert main.detail_dock.isVisible() and main.act_side.isChecked()
    assert main.table is not None
    before, wide = scale(main), main.table.view.width()
    qtbot.keyClick(main, Qt.Key.Key_F9)
    QApplication.processEvents()
    assert not main.detail_dock.isVisible() and not main.log_dock.isVisible() and not main.act_side.isChecked()
    assert main.table.view.width() > wide + 200 and scale(main) > before * 1.1
    main.act_side.trigger()
    QApplication.processEvents()
    assert main.detail_dock.isVisible() and main.log_dock.isVisible() and main.act_side.isChecked()


def test_folded_and_narrowed_are_remembered(qtbot: Any, home: Path) -> None:
    settings: dict[str, Any] = {}
    first = window(qtbot, settings)
    first.resizeDocks([first.detail_dock], [230], Qt.Orientation.Horizontal)
    QApplication.processEvents()
    first.remember_layout()
    narrow = first.detail_dock.width()
    assert LAYOUT in settings
    second = window(qtbot, dict(settings))
    assert abs(second.detail_dock.width() - narrow) <= 12 and second.act_side.isChecked()
    second.show_side_panel(False)
    third = window(qtbot, dict(second.settings))
    assert not third.detail_dock.isVisible() and not third.act_side.isChecked()


def test_a_layout_that_is_not_qts_is_ignored(qtbot: Any, home: Path) -> None:
    for junk in ("not base64 at all!", 42, "A" * 100_000, "é", ["list"]):
        main = window(qtbot, {LAYOUT: junk})
        assert main.detail_dock.isVisible() and main.act_side.isChecked(), junk
