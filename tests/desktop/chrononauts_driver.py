"""The full Chrononauts table driven as its players drive it: start a game, lift the curtain, keep the deal."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication
from table_driver import _send, view_point

from desktop.frame.card_item import CardItem
from desktop.games.chrononauts.full_table import ChrononautsTable
from desktop.shell.main_window import MainWindow

NAMES = ["Marta", "Luca", "Ana"]


def start(main: MainWindow, seed: int, names: list[str] | None = None, **options: Any) -> ChrononautsTable:
    hs = main.new_hotseat("chrononauts", "chrononauts", names or NAMES[:2], {"first_player": 0, **options}, seed)
    assert isinstance(hs, ChrononautsTable)
    hs.pick = main.ask  # type: ignore[method-assign, assignment]  # the chooser answered from the script too
    QApplication.processEvents()
    return hs


def lift(hs: ChrononautsTable) -> None:
    """A click on the curtain, as the person now alone at the screen does."""
    at = view_point(hs, QPointF(hs.scene.width() / 2, hs.scene.height() / 2))  # type: ignore[arg-type]
    port = hs.view.viewport()
    _send(port, QEvent.Type.MouseButtonPress, at, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
    _send(port, QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)


def keep_all(hs: ChrononautsTable) -> None:
    """Everyone keeps the ID and Mission dealt, through the curtain and the buttons."""
    while hs.game.state.setup:
        if hs.scene.curtain_up:
            lift(hs)
        hs.buttons["keep"].click()


def drawn_rect(item: CardItem) -> QRectF:
    """Where a card's face lies on the table (scene coordinates)."""
    return item.mapRectToScene(QRectF(0, 0, item.face.width, item.face.height))
