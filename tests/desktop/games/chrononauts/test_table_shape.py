"""The full Chrononauts table takes its shape from its window and its words (full_scene.TableShape): a table switched to
another language is laid out as one made in that language is. It kept the shape of the language it was made in (the
rows of years as tall as the old words needed) until the window was resized."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def laid_out(qtbot: Any, dialogs: Dialogs, start: str, switch_to: str | None) -> tuple[object, dict[str, tuple]]:
    """The shape of a four-seat table at the window a real 1280x720 screen gives, and where each card lies."""
    window = make_window(qtbot, dialogs, start)
    window.resize(1264, 672)
    QApplication.processEvents()
    table = window.new_hotseat("chrononauts", "chrononauts", NAMES, {"first_player": 0}, 3)
    assert table is not None
    QApplication.processEvents()
    if switch_to is not None:
        window.set_language(switch_to)
        QApplication.processEvents()
    scene = table.scene
    scene.finish_slides()
    places = {key: (item.pos().x(), item.pos().y(), item.face.width, item.face.height)
              for key, item in scene.items_by_key.items()}
    return scene.table_shape, places


def test_a_table_switched_to_dutch_is_shaped_as_a_dutch_one(qtbot: Any, home: Any, dialogs: Dialogs) -> None:
    english = laid_out(qtbot, dialogs, "en", None)
    switched = laid_out(qtbot, dialogs, "en", "nl")
    fresh = laid_out(qtbot, dialogs, "nl", None)
    assert english[0] != fresh[0]  # the Dutch words need another shape: else this shows nothing
    assert switched == fresh
