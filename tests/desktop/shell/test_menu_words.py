"""Every menu entry says what it does, in every language and after every switch (issue #36: Game → Side panel
was a blank, checkable entry with F9, for it was never given its words)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from cardsets.text import LANGUAGES
from desktop.frame.i18n import Translator
from desktop.shell.main_window import MainWindow


def entries(menu: QMenu) -> list[QAction]:
    found: list[QAction] = []
    for action in menu.actions():
        if not action.isSeparator():
            found.append(action)
        if action.menu() is not None:
            found += entries(action.menu())
    return found


def blank(window: MainWindow) -> list[str]:
    """The entries of every menu without words (named by their shortcut or text key)."""
    menus = [action.menu() for action in window.menuBar().actions() if action.menu() is not None]
    return [f"{action.data()} {action.shortcut().toString()}" for menu in menus for action in entries(menu)
            if not action.text().replace("&", "").strip()]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_menu_entry_is_blank(qtbot: Any, home: Path, language: str) -> None:
    window = MainWindow(Translator("en"), {})
    qtbot.addWidget(window)
    window.new_game({"ids": 8}, 1234)
    assert blank(window) == []
    window.set_language(language)
    assert blank(window) == []
    assert window.act_side.text() == window.tr_.text("menu.side_panel")
