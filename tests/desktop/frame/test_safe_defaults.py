"""Destructive buttons are never the default (issue 16, item 7): Enter pressed by habit keeps, never
forgets, deletes or replaces; the destructive choice needs a deliberate click."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton
from table_driver import Dialogs

from desktop.frame import dialogs
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.solonauts_stats import Statistics
from desktop.games.chrononauts.solonauts_stats_dialog import StatisticsDialog
from desktop.shell.main_window import MainWindow


def answer_with(qtbot: Any, key: Qt.Key, seen: dict[str, Any]) -> None:
    """Once the box is up, note which button has the focus and is the default, then press `key` on it."""
    def press() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        focused = box.focusWidget()  # the box's own focus (an offscreen window may not be active)
        seen["focus"] = focused.text() if isinstance(focused, QPushButton) else None
        default = box.defaultButton()
        seen["default"] = default.text() if default is not None else None
        qtbot.keyClick(focused if focused is not None else box, key)
        if box.isVisible():
            box.reject()  # the key did nothing: closed, so the test fails rather than waits

    QTimer.singleShot(0, press)


def test_enter_keeps_when_a_question_could_destroy(qtbot: Any) -> None:
    tr = Translator("nl")
    words = [tr.text("stats.reset_yes"), tr.text("stats.reset_no")]
    seen: dict[str, Any] = {}
    answer_with(qtbot, Qt.Key.Key_Return, seen)
    chosen = dialogs.ask(None, tr.text("stats.title"), tr.text("stats.reset_question"), words, safe=1)
    assert chosen == 1, seen
    assert seen == {"focus": words[1], "default": words[1]}


def test_escape_keeps_too(qtbot: Any) -> None:
    seen: dict[str, Any] = {}
    answer_with(qtbot, Qt.Key.Key_Escape, seen)
    assert dialogs.ask(None, "?", "Forget?", ["Forget them", "Keep them"], safe=1) == 1


def test_the_window_names_the_safe_answer_of_every_destructive_question(qtbot: Any, home: Path) -> None:
    """Reset the statistics, replace a file: Keep (the second button) is the safe one."""
    answers = Dialogs()
    window = MainWindow(Translator("it"), {})
    window.inform = answers.inform  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.ask = answers.ask  # type: ignore[method-assign]
    window.new_game({"ids": 8}, 1234)  # the statistics are the Solonauts table's
    window.act_statistics.trigger()
    window.table.stats_dialog.reset_button.click()
    existing = home / "old.convivium.json"
    existing.parent.mkdir(parents=True, exist_ok=True)
    existing.write_text("{}", encoding="utf-8")
    window.may_replace(existing)
    assert [buttons for _title, _text, buttons in answers.asked] == [
        [window.tr_.text("stats.reset_yes"), window.tr_.text("stats.reset_no")],
        [window.tr_.text("save.replace_yes"), window.tr_.text("save.replace_no")]]
    assert answers.safe == [1, 1]


def test_the_statistics_open_with_close_as_the_default_not_reset(qtbot: Any, home: Path) -> None:
    asked: list[bool] = []
    dialog = StatisticsDialog(Statistics(home / "stats.json"), Translator("nl"), range(6, 11),
                              lambda: asked.append(True) or False)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    QApplication.processEvents()
    assert QApplication.focusWidget() is dialog.close_button
    assert dialog.close_button.isDefault() and not dialog.reset_button.autoDefault()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert asked == [] and not dialog.isVisible()
