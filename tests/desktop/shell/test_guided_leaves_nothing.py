"""A guided game leaves nothing drawn behind. At a real 1280×720 screen, in the Chrononauts guide, a card dragged
onto 1865 hung past the table's left edge; it stayed painted there with the guide's ring round it after it was
played, and after Undo beside the curtain that fell. The guide listened to the scene's `changed` signal, which puts
Qt's views on their old way of repainting: a change of the whole scene repaints the table's rectangle alone.
Offscreen a picture is painted afresh each time it is taken, so what is checked is what the view repaints."""
from __future__ import annotations

from typing import Any

import pytest
from guide_driver import LEFT, NONE, at, click_curtain, do_step
from table_driver import Painted, _send, grip
from PySide6.QtCore import QEvent, QPointF
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import CardItem
from desktop.frame.card_table import CURTAIN_Z
from desktop.frame.guide import Guide
from desktop.shell import guided
from desktop.shell.main_window import MainWindow


def at_the_invert_step(qtbot: Any, window: MainWindow) -> Guide:
    window.set_language("nl")
    window.resize(1264, 672)  # the maximised window at a 1280×720 screen
    QApplication.processEvents()
    guide = guided.begin(window, "chrononauts")
    assert guide is not None
    while guide.step.id != "invert":
        do_step(qtbot, guide)
        QApplication.processEvents()
    if guide.behind_curtain():
        click_curtain(guide.table)
        QApplication.processEvents()
    return guide


def hold_past_the_edge(guide: Guide) -> tuple[QPointF, QRegion]:
    """Drag the card the step asks for over its place, held by its left part so that most of it hangs past the
    table's left edge (the pointer still on the place): where the pointer is, and where the card is painted."""
    table = guide.table
    scene, view = table.scene, table.view
    card, place = guide.pointed
    items = scene.items_by_key
    start = grip(scene, card) or items[card].sceneBoundingRect().center()
    end = items[place].sceneBoundingRect().center() - QPointF(items[card].sceneBoundingRect().width() * 0.3, 0)
    port = view.viewport()
    _send(port, QEvent.Type.MouseButtonPress, at(table, start), LEFT, LEFT)
    for i in range(1, 9):
        _send(port, QEvent.Type.MouseMove, at(table, start + (end - start) * (i / 8)), NONE, LEFT)
    QApplication.processEvents()
    # What of the card the view shows: the table fills the view's width (full_scene.TableShape), and a card hanging
    # past its edge hangs past the view's too, where nothing is painted.
    held = QRegion(view.mapFromScene(items[card].sceneBoundingRect()).boundingRect()).intersected(port.rect())
    table_edge = view.mapFromScene(scene.sceneRect()).boundingRect()
    assert not held.subtracted(QRegion(table_edge)).isEmpty(), "the card shows nowhere past the table: nothing to check"
    return end, held


@pytest.mark.parametrize("ending", ["played", "escape"])
def test_a_card_dragged_past_the_tables_edge_leaves_no_trace(qtbot: Any, window: MainWindow, ending: str) -> None:
    guide = at_the_invert_step(qtbot, window)
    table = guide.table
    end, held = hold_past_the_edge(guide)
    painted = Painted(table.view.viewport())
    if ending == "escape":  # put down by the keyboard, then let go where it hangs
        qtbot.keyClick(table.view, "\x1b")
    _send(table.view.viewport(), QEvent.Type.MouseButtonRelease, at(table, end), LEFT, NONE)
    QApplication.processEvents()
    assert held.subtracted(painted.region).isEmpty(), held.subtracted(painted.region).boundingRect()
    if ending == "played":
        assert guide.step.id == "undo"
        window.act_undo.trigger()  # Ctrl+Z: the card goes back, and the curtain falls for the next to look
        QApplication.processEvents()
        assert table.scene.curtain_up
    else:  # the card goes back where it came from (it stayed hanging past the edge, and the drag went on)
        assert guide.step.id == "invert" and not table.scene.selected
    assert cards_astray(table.scene) == []


def cards_astray(scene: Any) -> list[str]:
    """The cards that would show beside or over the curtain: off the table (the curtain covers the table's
    rectangle) or above the curtain."""
    return [item.key for item in scene.items() if isinstance(item, CardItem) and item.isVisible()
            and (item.zValue() >= CURTAIN_Z
                 or not scene.sceneRect().contains(item.mapRectToScene(0, 0, item.face.width, item.face.height)))]
