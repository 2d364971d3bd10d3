"""The first-start offer of a guided game covers nothing the player needs (issue #36): at 1280×720 it lay
over the hand, the deck and the last rows of the keys listed with F1 until it was answered; then, as a bar
above the table, it made the whole table smaller, and a Banquet guest's lines ended in "…" until it was
answered. It now waits at the top of the side column, or in one row when the side panel is folded away."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget

from desktop.frame.card_table import DECK_KEY
from desktop.shell.main_window import MainWindow
from desktop.shell.screenshot import NAMES, games, modes_of
from rules.registry import engine


def on_screen(widget: QWidget, rect: QRect | None = None) -> QRect:
    """`rect` of `widget` (all of it by default) in the screen's coordinates."""
    rect = widget.rect() if rect is None else rect
    return QRect(widget.mapToGlobal(rect.topLeft()), rect.size())


@pytest.mark.parametrize("table", list(games()))
def test_the_offer_covers_no_hand_card_deck_or_listed_key(qtbot: Any, window: MainWindow, table: str) -> None:
    game, mode = games()[table], modes_of(table)[0]
    window.resize(1280, 720)
    if table != "solonauts":  # the window's first table is Solonauts, offered already
        players = engine(game, mode).player_range()[1]
        window.new_hotseat(game, mode, list(NAMES[:players]), {}, 5)
    for _ in range(3):
        QApplication.processEvents()
    offer = window.guided_offer.bubble  # type: ignore[attr-defined]
    seat_table = window.table
    assert offer is not None and offer.isVisible() and seat_table is not None
    scene, view = seat_table.scene, seat_table.view
    keys = [*scene.hand_cards(), *([DECK_KEY] if DECK_KEY in scene.items_by_key else [])]
    assert keys, "a table with neither hand nor deck tests nothing"
    bar = on_screen(offer)
    covered = [key for key in keys
               if bar.intersects(on_screen(view.viewport(),
                                           view.mapFromScene(scene.items_by_key[key].sceneBoundingRect()).boundingRect()))]
    scene.toggle_help(True)  # F1: the keys listed over the table
    panel = scene.help_panel
    assert panel is not None
    listed = on_screen(view.viewport(), view.mapFromScene(panel.sceneBoundingRect()).boundingRect())
    assert covered == [] and not bar.intersects(listed.intersected(on_screen(view.viewport())))
    assert not bar.intersects(on_screen(view.viewport()))


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_offer_takes_nothing_off_the_table(qtbot: Any, window: MainWindow, lang: str) -> None:
    """The table is as large while the offer waits as once it is answered, and the offer shows all its words and
    both its buttons in the side column."""
    window.resize(1280, 720)
    window.tr_.set_language(lang)
    window.new_hotseat("banquet", "standard", ["Anna", "Bruno", "Carla"], {}, 5)
    for _ in range(3):
        QApplication.processEvents()
    offer = window.guided_offer.bubble  # type: ignore[attr-defined]
    seat_table = window.table
    assert offer is not None and offer.isVisible() and seat_table is not None
    waiting = seat_table.view.viewport().size()
    column = on_screen(window.detail)
    assert all(column.contains(on_screen(part)) for part in (offer.heading, offer.text, offer.leave, offer.next))
    assert offer.text.height() >= offer.text.heightForWidth(offer.text.width())  # every line of its words
    offer.leave.click()
    for _ in range(3):
        QApplication.processEvents()
    assert window.guided_offer.bubble is None  # type: ignore[attr-defined]
    assert seat_table.view.viewport().size() == waiting


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_with_the_side_panel_folded_the_offer_takes_at_most_two_lines_of_the_table(qtbot: Any, window: MainWindow,
                                                                                    lang: str) -> None:
    """With the side panel folded away (F9) the offer's height comes off the table: its title sits beside its
    words, which wrap to two lines at most at 1280×720 in any language (it was a title over three lines, 60 px).
    Folding the panel while the offer waits moves it there, unanswered."""
    window.resize(1280, 720)
    window.tr_.set_language(lang)
    for _ in range(3):
        QApplication.processEvents()
    window.show_side_panel(False)
    for _ in range(3):
        QApplication.processEvents()
    offer = window.guided_offer.bubble  # type: ignore[attr-defined]
    assert offer is not None and offer.isVisible() and offer.parent() is window.table
    line = offer.text.fontMetrics().lineSpacing()
    assert offer.heading.geometry().top() >= offer.text.geometry().top() - line  # beside the words, not above
    assert offer.text.height() <= 2 * line + 2
    assert offer.height() <= max(offer.next.height(), 2 * line) + 12
