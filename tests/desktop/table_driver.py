"""Driving the table as a person would: dialogs answered from a script, mouse events sent to the view."""
from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent, QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication, QWidget

from desktop.frame.card_table import CardTable
from desktop.frame.i18n import Translator
from desktop.shell.main_window import MainWindow

DEAL = 1234


class Painted(QObject):
    """What a widget repaints from now on: the union of its paint events' regions."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget)
        self.region = QRegion()
        widget.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Paint:
            assert isinstance(event, QPaintEvent)
            self.region = self.region.united(event.region())
        return False


class Dialogs:
    """Stands in for the message boxes: records what was asked and answers from a script."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, list[str]]] = []
        self.informed: list[tuple[str, str]] = []
        self.answers: list[int] = []
        self.safe: list[int | None] = []  # the button each question named as destroying nothing

    def ask(self, title: str, text: str, buttons: list[str], safe: int | None = None) -> int:
        self.asked.append((title, text, buttons))
        self.safe.append(safe)
        return self.answers.pop(0) if self.answers else -1

    def inform(self, title: str, text: str) -> None:
        self.informed.append((title, text))


def make_window(qtbot: Any, dialogs: Dialogs, language: str = "en") -> MainWindow:
    window = MainWindow(Translator(language), {})
    window.ask = dialogs.ask  # type: ignore[method-assign]
    window.inform = dialogs.inform  # type: ignore[method-assign]
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


# --- the mouse, through the view's viewport, so the scene's own handlers run --------


def _send(widget: Any, kind: QEvent.Type, pos: QPoint, button: Qt.MouseButton, buttons: Qt.MouseButton) -> None:
    local = QPointF(pos)
    event = QMouseEvent(kind, local, QPointF(widget.mapToGlobal(pos)), button, buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def _table(window: Any) -> Any:
    """The table on show in a main window, or a table given as it is."""
    return window.table if isinstance(window, MainWindow) else window


def view_point(window: MainWindow, scene_point: QPointF) -> QPoint:
    return _table(window).view.mapFromScene(scene_point)


def centre(window: MainWindow, key: str) -> QPointF:
    return _table(window).scene.items_by_key[key].sceneBoundingRect().center()


def release(window: MainWindow, key: str) -> None:
    at = view_point(window, centre(window, key))
    _send(_table(window).view.viewport(), QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)


def drag(window: MainWindow, card: str, to: QPointF, let_go: bool = True) -> None:
    """Press on `card`, move in steps to the scene point `to`, and (by default) let go there."""
    port = _table(window).view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    start = centre(window, card)
    _send(port, QEvent.Type.MouseButtonPress, view_point(window, start), left, left)
    for step in range(1, 9):
        point = start + (to - start) * (step / 8)
        _send(port, QEvent.Type.MouseMove, view_point(window, point), none, left)
    if let_go:
        _send(port, QEvent.Type.MouseButtonRelease, view_point(window, to), left, none)


def click(window: MainWindow, key: str, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
    port = _table(window).view.viewport()
    at = view_point(window, centre(window, key))
    _send(port, QEvent.Type.MouseButtonPress, at, button, button)
    _send(port, QEvent.Type.MouseButtonRelease, at, button, Qt.MouseButton.NoButton)


def hover(window: MainWindow, key: str) -> None:
    _send(_table(window).view.viewport(), QEvent.Type.MouseMove, view_point(window, centre(window, key)),
          Qt.MouseButton.NoButton, Qt.MouseButton.NoButton)


def grip(scene: CardTable, key: str) -> QPointF | None:
    """A point where the item `key` itself is under the pointer (another card may cover its centre)."""
    item = scene.items_by_key.get(key)
    if item is None:
        return None
    rect = item.sceneBoundingRect().adjusted(4, 4, -4, -4)
    points = [rect.center()] + [QPointF(rect.left() + rect.width() * fx, rect.top() + rect.height() * fy)
                                for fy in (0.1, 0.3, 0.5, 0.7, 0.9) for fx in (0.2, 0.5, 0.8)]
    for point in points:
        under = scene.card_at(point)
        if under is not None and under.key == key:
            found: QPointF = point
            return found
    return None


def play_some(table: Any, count: int, seed: int) -> None:
    """Legal moves through the table (each one autosaved), for whoever is to act: the lowest seat that may."""
    rng = random.Random(seed)
    for _ in range(count):
        game = table.game
        seat = min(game.engine.to_act(game.state))
        assert table.play(rng.choice(game.match.legal_moves(seat)))
