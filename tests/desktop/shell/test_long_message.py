"""A refusal in the status line is read whole at 1280×720, in every language (issue #36: it was cut at the
right edge): it wraps onto a second line, and one longer still takes the prompt's room while it is shown."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QLabel

from cardsets.text import LANGUAGES
from desktop.frame.i18n import Translator
from desktop.shell.main_window import MainWindow
from rules.kernel import IllegalMove


def shown_whole(label: QLabel) -> bool:
    room = label.contentsRect()
    if label.wordWrap():
        return label.heightForWidth(label.width()) <= label.height()
    return label.fontMetrics().horizontalAdvance(label.text()) <= room.width()


def at_1280_720(qtbot: Any, language: str) -> MainWindow:
    window = MainWindow(Translator(language), {})
    qtbot.addWidget(window)
    window.resize(1280, 720)
    window.show()
    qtbot.waitExposed(window)
    window.new_game({"ids": 8}, 1234)
    QApplication.processEvents()
    return window


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_refusal_is_shown_whole(qtbot: Any, home: Path, language: str) -> None:
    window = at_1280_720(qtbot, language)
    # CHR-8 (World War 3 closes every year after 1962): a Solonauts refusal as the session says it.
    refusal = window.tr_.reason(IllegalMove("illegal.ultraparadox_blocks", card="inv_prevent_assassination#1",
                                            year=1968))
    for text in (refusal, " ".join([refusal] * 3)):
        window.show_message(text)
        QApplication.processEvents()
        label = window.message
        assert label.text() == text
        assert shown_whole(label), text
        assert window.rect().contains(QRect(label.mapTo(window, label.rect().topLeft()), label.size()))
    window.clear_message()
    QApplication.processEvents()
    assert window.prompt.isVisible() and window.prompt.text()  # the prompt is back once the message goes
