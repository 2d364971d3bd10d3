"""The guided first games (issue #11 item 2), played through real clicks and drags on the table."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication
from table_driver import _send, grip

from cardsets import tutorial
from desktop.frame.guide import Guide
from desktop.frame.seat_table import SeatTable
from desktop.shell import guided
from desktop.shell.main_window import MainWindow

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton


@pytest.fixture(autouse=True)
def element_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping an Umbra in Bacchanalia asks what the scene brought in: the player types a word."""
    from desktop.games.bacchanalia.table import BacchanaliaTable

    monkeypatch.setattr(BacchanaliaTable, "ask_element", lambda _self: "a lantern")


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


def play_through(qtbot: Any, guide: Guide) -> list[str]:
    seen = []
    for _ in range(len(guide.script.steps) + 1):
        if guide.done:
            break
        seen.append(guide.step.id)
        assert guide.bubble.isVisible()
        assert guide.bubble.text.textFormat() == Qt.TextFormat.PlainText
        do_step(qtbot, guide)
    return seen


@pytest.mark.parametrize("name", list(tutorial.NAMES))
def test_guided_game_played_to_its_end_then_goes_on(qtbot: Any, window: MainWindow, name: str) -> None:
    guide = guided.begin(window, name)
    assert guide is not None
    table = guide.table
    seen = play_through(qtbot, guide)
    stuck = "" if guide.done else f"stuck at {guide.step.id}: {guide.bubble.refusal.text()} {table.message.text()}"
    assert guide.done and seen == [step.id for step in guide.script.steps], stuck
    assert table.guard is None
    # The game goes on: a legal move of whoever decides next plays.
    match = table.game.match
    engine = match.engine
    seat = engine.decider(match.state)
    seat = seat if seat is not None else min(engine.to_act(match.state))
    before = len(match.moves)
    table.looking = seat
    assert table.play(match.legal_moves(seat)[0])
    assert len(match.moves) == before + 1
