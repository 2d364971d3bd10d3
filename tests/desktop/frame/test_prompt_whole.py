"""The question on a table's bar is read whole at 1280×720 (issue #36's leftover: the Banquet's Dutch prompt lost its
last words beside seven buttons). Undo and Save as… are menu entries too, with their keys: where the prompt would not
show whole beside them they are left to the menus (seat_table.IN_MENUS), and they come back where there is room."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from cardsets.text import LANGUAGES
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import IN_MENUS
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow

# Mid-game moments of every game for several, the player to act with many answers on the bar.
MOMENTS = [("banquet", 5, 30), ("banquet", 4, 45), ("chrononauts", 4, 60), ("parsifal", 4, 20),
           ("bacchanalia", 4, 25)]


def table_at(qtbot: Any, language: str, game: str, players: int, moves: int, size: tuple[int, int],
             picture: Path) -> Any:
    window = MainWindow(Translator(language), {})
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    shot = screenshot.read_shot(game, None, players, 7, moves, f"{size[0]}x{size[1]}", str(picture), True)
    screenshot.set_table(window, shot)
    QApplication.processEvents()
    assert window.table is not None
    return window


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("game", "players", "moves"), MOMENTS)
def test_the_prompt_is_read_whole_at_1280_720(qtbot: Any, home: Path, tmp_path: Path, language: str, game: str, players: int,
                                                moves: int) -> None:
    window = table_at(qtbot, language, game, players, moves, (1280, 720), tmp_path / "x.png")
    prompt = window.table.prompt
    assert prompt.text() and prompt.heightForWidth(prompt.width()) <= prompt.height(), prompt.text()
    # Left to the menus or not, what the bar would offer is still offered.
    assert window.act_undo.isEnabled() == window.table.can_undo()
    assert window.act_save_as.isEnabled() or "save" in window.table.buttons


def test_the_buttons_left_to_the_menus_come_back_where_there_is_room(qtbot: Any, home: Path, tmp_path: Path) -> None:
    window = table_at(qtbot, "nl", "banquet", 5, 30, (1280, 720), tmp_path / "x.png")
    table = window.table
    assert not set(IN_MENUS) & set(table.buttons)  # Bruno's question beside four recipients and "don't ask me"
    window.resize(2400, 720)
    QApplication.processEvents()
    assert set(IN_MENUS) <= set(table.buttons)
    prompt = table.prompt
    assert prompt.heightForWidth(prompt.width()) <= prompt.height()
