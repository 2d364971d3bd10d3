"""Playing a guided first game as a player would: only what the bubble and the rings point at, by real clicks
and drags on the table (tests/desktop/shell/test_guided.py, and the guides' pixel test)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication
from table_driver import _send, grip

from desktop.frame.guide import Guide
from desktop.frame.seat_table import SeatTable
from desktop.shell.main_window import MainWindow

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton


def at(table: SeatTable, point: QPointF) -> QPoint:
    return table.view.mapFromScene(point)


def drag(table: SeatTable, card: str, target: str) -> None:
    """Press on `card`, move in steps onto `target`'s centre and let go, through the view's viewport."""
    port = table.view.viewport()
    items = table.scene.items_by_key
    start = grip(table.scene, card) or items[card].sceneBoundingRect().center()  # the card itself, not one over it
    end = items[target].sceneBoundingRect().center()
    _send(port, QEvent.Type.MouseButtonPress, at(table, start), LEFT, LEFT)
    for i in range(1, 9):
        _send(port, QEvent.Type.MouseMove, at(table, start + (end - start) * (i / 8)), NONE, LEFT)
    _send(port, QEvent.Type.MouseButtonRelease, at(table, end), LEFT, NONE)


def click_curtain(table: SeatTable) -> None:
    port = table.view.viewport()
    middle = port.rect().center()
    _send(port, QEvent.Type.MouseButtonPress, middle, LEFT, LEFT)
    _send(port, QEvent.Type.MouseButtonRelease, middle, LEFT, NONE)


def do_step(qtbot: Any, guide: Guide) -> None:
    """What a player does for the step on show: only what the bubble and the rings point at."""
    step, table = guide.step, guide.table
    bubble = guide.bubble
    if guide.behind_curtain():  # the screen changed hands: the player lifts the curtain first, as the guide says
        assert guide.marked is table.buttons["reveal"]
        click_curtain(table)
        QApplication.processEvents()
    if step.kind == "next" or (step.kind == "move" and step.by != 0):
        assert bubble.next.isVisible()
        qtbot.mouseClick(bubble.next, LEFT)
    elif step.kind == "curtain":
        assert table.scene.curtain_up
        click_curtain(table)
    elif step.kind == "undo":
        if "undo" in table.buttons:  # the bar's button, else Edit → Undo (Solonauts has no bar)
            qtbot.mouseClick(table.buttons["undo"], LEFT)
        else:
            window = table.window()
            assert isinstance(window, MainWindow)
            window.act_undo.trigger()
    elif guide.marked is not None:  # a button of the prompt bar plays it (a question, a choice)
        qtbot.mouseClick(guide.marked, LEFT)
    else:
        keys = guide.pointed
        assert keys, f"step {step.id} points at nothing"
        for card, target in zip(keys[::2], keys[1::2]):  # each ringed card onto the place ringed after it
            if guide.done or guide.step is not step or card not in table.scene.items_by_key:
                break  # the last card went by itself (a choice of three leaves one place for the last)
            drag(table, card, target)
            QApplication.processEvents()
    QApplication.processEvents()
