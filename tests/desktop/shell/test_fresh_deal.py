"""A new deal starts with nothing left over from the last one (issue #16, item 5)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from desktop.frame.seat_table import SeatTable


def test_the_card_panel_forgets_the_last_deals_card(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    options = main.remembered_options()
    main.new_game(options, 11)
    hint = main.tr_.text("detail.hint")
    card = next(k for k in main.table.scene.items_by_key if k.startswith("hand:") or k.startswith("tl:"))
    main.table.scene.pinned.emit(card)  # pinned: it would stay through any hovering
    assert main.detail.text.toPlainText() != hint
    main.new_game(options, 12)
    QApplication.processEvents()
    assert main.detail.text.toPlainText() == hint
    assert main.detail.shown_face is None and main.detail.picture.accessibleName() == ""
    assert not main.detail.picture.pixmap().isNull()  # the outline of where a card will show, not a blank


def test_a_new_game_for_several_starts_with_an_empty_card_panel(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    table = main.new_hotseat("banquet", "standard", ["Anna", "Bruno", "Carla"], {}, 3)
    hint = table.tr_.text("detail.hint")
    card = next(k for k in table.scene.items_by_key if table.detail_of(k) is not None)
    table.show_detail(card)
    assert main.detail.text.toPlainText() != hint
    fresh = main.new_hotseat("parsifal", "standard", ["Anna", "Bruno", "Carla"], {}, 4)
    QApplication.processEvents()
    assert isinstance(fresh, SeatTable)
    assert main.detail.text.toPlainText() == fresh.tr_.text("detail.hint")
