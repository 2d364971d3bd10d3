"""The app side of the AT-SPI test (tests/desktop/frame/test_atspi_bus.py): Convivium on a real display, played
by keys one step at a time. Run by the project's Python; atspi_client.py (the system Python, with pyatspi) starts
it and says "go" on stdin before each step. After each step it prints one line, `STEP <json>`: what a reader
should find now, read from the app itself (the names, the cards that turned or moved, the new log lines, the
secrets that must stay out of the tree).
"""
from __future__ import annotations

import json
import sys
from typing import Any

from bus_harness import STEP_MARK, serve
from PySide6.QtCore import QEvent, QEventLoop, QObject, QSocketNotifier, Qt, QTimer
from PySide6.QtGui import QAccessible, QKeyEvent
from PySide6.QtWidgets import QApplication

from desktop.frame import accessibility
from desktop.frame.card_item import CardItem
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatTable
from desktop.frame.panels import TableView
from desktop.shell.main_window import MainWindow

DEAL = 1234
SOLO_MOVES = 3
KEY_PAUSE_MS = 400  # between two keys, as a person presses them


def items(view: TableView) -> dict[str, dict[str, Any]]:
    """Each item a reader is given under `view`: name, description, where it lies."""
    table = QAccessible.queryAccessibleInterface(view)
    found: dict[str, dict[str, Any]] = {}
    if table is None:
        return found
    for i in range(table.childCount()):
        child = table.child(i)
        if child is None:
            continue
        obj = child.object()
        key = obj.key if isinstance(obj, CardItem) else "curtain"
        rect = obj.sceneBoundingRect() if isinstance(obj, CardItem) else None
        found[key] = {"name": child.text(QAccessible.Text.Name), "description": child.text(QAccessible.Text.Description),
                      "place": [rect.x(), rect.y()] if rect is not None else None}
    return found


def changed(before: dict[str, dict[str, Any]], after: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The items that turned (name or description), moved, came or went."""
    out = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old != new:
            out.append({"key": key, "before": old, "after": new})
    return out


class Driver(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.window = MainWindow(Translator("en"), {})
        self.window.ask = lambda *args, **kwargs: 0  # type: ignore[method-assign, assignment]
        self.window.inform = lambda *args, **kwargs: None  # type: ignore[method-assign, assignment]
        self.window.resize(1400, 900)
        self.window.show()
        self.window.activateWindow()
        self.steps = [self.start_solo, *[self.solo_move] * SOLO_MOVES, self.solo_undo, self.solo_redo, self.solo_pick,
                      self.solo_keys, self.start_hotseat, self.lift, self.decide, self.hotseat_turn]
        self.heard: list[tuple[str, str]] = []
        accessibility.listeners.append(lambda kind, _obj, text: self.heard.append((kind, text)))
        self.notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read, self)
        self.notifier.activated.connect(self.go)
        self.table: SeatTable | None = None
        self.gone: list[str] = []

    def go(self) -> None:
        line = sys.stdin.readline()
        if not line or not self.steps:
            QApplication.quit()
            return
        step = self.steps.pop(0)
        print(STEP_MARK, file=sys.stderr, flush=True)  # what the app says on stderr, told apart step by step
        self.heard = []
        facts = step()
        QApplication.processEvents()
        accessibility.flush()
        facts["heard"] = self.heard
        print("STEP " + json.dumps(facts), flush=True)

    def view(self) -> TableView:
        return self.table.view if self.table is not None else self.window.table.view  # type: ignore[return-value]

    def log(self) -> list[str]:
        log = self.window.log
        return [log.item(i).text() for i in range(log.count())]

    def key(self, key: Qt.Key) -> None:
        """A key pressed and let go, to the widget with the keyboard (sent to it: no window manager decides), then
        a pause as a person makes between keys: a reader asks for names when it gets to an event, and keys a few
        milliseconds apart had it read a button by the name it took a moment later."""
        target = QApplication.focusWidget() or self.view()
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(target, QKeyEvent(kind, key, Qt.KeyboardModifier.NoModifier))
        QApplication.processEvents()
        pause = QEventLoop()
        QTimer.singleShot(KEY_PAUSE_MS, pause.quit)
        pause.exec()

    def start_solo(self) -> dict[str, Any]:
        self.window.new_game({"ids": 8}, DEAL)
        QApplication.processEvents()
        self.window.table.view.setFocus()
        return {"step": "solo start", "items": items(self.window.table.view)}

    def solo_move(self) -> dict[str, Any]:
        """A card picked by its number key and played on its first target with Enter (Delete if it has none)."""
        before, lines = items(self.window.table.view), len(self.log())
        self.window.table.view.setFocus()
        self.key(Qt.Key.Key_1)
        self.key(Qt.Key.Key_Return if self.window.table.scene.focus_target else Qt.Key.Key_Delete)
        after = items(self.window.table.view)
        return {"step": "solo move", "items": after, "changed": changed(before, after), "log": self.log()[lines:]}

    def solo_undo(self) -> dict[str, Any]:
        """Ctrl+Z (issue #37): what it took back must be heard; `expect` is what the app says it said."""
        self.window.undo()
        expect = self.window.message.text() or self.said("Undone: ")
        return {"step": "solo undo", "items": items(self.window.table.view), "expect": expect}

    def solo_redo(self) -> dict[str, Any]:
        self.window.redo()
        return {"step": "solo redo", "items": items(self.window.table.view), "expect": self.said("Redone: ")}

    def solo_pick(self) -> dict[str, Any]:
        """A card picked up by its number key: its name and how many places it may go."""
        self.window.table.view.setFocus()
        self.key(Qt.Key.Key_1)
        expect = self.window.message.text()
        self.key(Qt.Key.Key_Escape)
        return {"step": "solo pick", "items": items(self.window.table.view), "expect": expect}

    def solo_keys(self) -> dict[str, Any]:
        """F1: the key list read out."""
        self.window.show_keys()
        panel = self.window.table.scene.help_panel
        expect = panel.spoken() if panel is not None else "the key list"
        # The keyboard leaves the cards before the next game: a card of this deal losing the focus then would
        # be told under the next curtain, and may share a title with a secret there.
        self.window.log.setFocus()
        return {"step": "solo keys", "items": items(self.window.table.view), "expect": expect}

    def said(self, start: str) -> str:
        """The line the app announced that begins with `start` (what a reader must hear)."""
        return next((text for kind, text in self.heard if kind == "announce" and text.startswith(start)), start)

    def start_hotseat(self) -> dict[str, Any]:
        hidden = items(self.window.table.view)
        self.table = self.window.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bruno"], {"first_player": 0}, 5)
        QApplication.processEvents()
        self.table.view.setFocus()
        QApplication.processEvents()
        self.gone = [i["name"] for i in hidden.values()]  # the Solonauts table's names: it left the window
        return {"step": "curtain for Ada", "items": items(self.table.view), "hidden": self.gone,
                "secrets": self.secrets(0), "curtain": self.table.scene.curtain_words, "log": self.log()}

    def secrets(self, seat: int) -> list[str]:
        assert self.table is not None
        state, tr = self.table.game.state, self.table.tr_
        return [tr.card_title(card) for card in (*state.hands[seat], state.ids[seat], state.missions[seat]) if card]

    def objectives(self, seat: int) -> list[str]:
        """The titles of `seat`'s ID and Mission (no other seat holds the same)."""
        assert self.table is not None
        state, tr = self.table.game.state, self.table.tr_
        return [tr.card_title(card) for card in (state.ids[seat], state.missions[seat]) if card]

    def lift(self) -> dict[str, Any]:
        """Enter on the curtain: Ada looks, and is asked whether she keeps her ID (named: only she looks)."""
        self.key(Qt.Key.Key_Return)
        return {"step": "Ada looks", "items": items(self.view()), "expect": self.prompt(), "own": self.objectives(0)[0],
                "others": self.objectives(1)}

    def decide(self) -> dict[str, Any]:
        """Ada's first decision by keys (her ID kept): she is asked about her Mission, named."""
        self.decide_once()
        return {"step": "Ada decides", "items": items(self.view()), "expect": self.prompt(),
                "own": self.objectives(0)[1], "others": self.objectives(1)}

    def prompt(self) -> str:
        assert self.table is not None
        return self.table.prompt.text()

    def decide_once(self) -> None:
        """One decision of the player looking, by keys: a card played on its first target (or discarded), or the
        prompt bar's first button."""
        assert self.table is not None
        table = self.table
        if table.scene.movable():
            if QApplication.focusWidget() is not table.view:
                table.view.setFocus()
            self.key(Qt.Key.Key_1)
            self.key(Qt.Key.Key_Return if table.scene.focus_target else Qt.Key.Key_Delete)
        else:
            if QApplication.focusWidget() is table.view:
                self.key(Qt.Key.Key_F6)
            self.key(Qt.Key.Key_Return)

    def hotseat_turn(self) -> dict[str, Any]:
        """The rest of Ada's turn by keys, up to the curtain that passes the screen to Bruno."""
        assert self.table is not None
        table, lines = self.table, len(self.log())
        before = items(table.view)
        for _ in range(40):
            if table.scene.curtain_up:
                break
            self.decide_once()
        after = items(table.view)
        return {"step": "curtain for Bruno", "items": after, "changed": changed(before, after),
                "log": self.log()[lines:], "secrets": self.secrets(0), "curtain": table.scene.curtain_words,
                "hidden": self.gone}


if __name__ == "__main__":
    sys.exit(serve(Driver))
