"""Opens every window and dialog of the app on the screen Qt's offscreen platform was given, and writes what
it found to a JSON file: for each window, its class and what does not fit (run by test_everything_fits.py, one
process per screen, for a QApplication exists once per process).

    QT_QPA_PLATFORM=offscreen:configfile=screens.json python window_fit_app.py en,nl OUT.json

Every entry of every menu is triggered, with Solonauts and with a game for several on the table (their menus
differ); a watcher looks at each window that opens, modal or not, and closes it. What no menu entry opens by
itself (each game's set-up, the card chooser, Bacchanalia's question, a long message) is opened as the table
does, and the main window is measured with each game's table in it, its prompt bar as the player sees it."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRect, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QApplication, QDialog, QDockWidget, QMainWindow,
                               QMenu, QWidget)

app = QApplication(sys.argv[:1])

from desktop.frame import card_item  # noqa: E402 - after the QApplication
from desktop.frame.i18n import Translator  # noqa: E402
from desktop.shell import main_window  # noqa: E402

card_item.ANIMATION_MS = 0


def name_of(window: QWidget) -> str:
    kind = type(window)
    return f"{kind.__module__}.{kind.__qualname__}"


def scrolled(widget: QWidget, window: QWidget) -> bool:
    """Is `widget` inside a scrolling area of `window` (where it may be out of view until scrolled to)?"""
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def problems(window: QWidget) -> list[str]:
    """What of `window` is off its screen's free area (its frame, a button outside the window), and docks laid over
    one another."""
    found: list[str] = []
    area = window.screen().availableGeometry()
    frame = window.frameGeometry()
    if not area.contains(frame):
        found.append(f"frame {frame.getRect()} outside the screen's free area {area.getRect()}")
    inside = window.rect()
    docks = [dock for dock in window.findChildren(QDockWidget) if dock.isVisible() and not dock.isFloating()]
    for n, dock in enumerate(docks):  # a dock laid over another hides its title or its words
        for other in docks[n + 1:]:
            if dock.parentWidget() is other.parentWidget() and dock.geometry().intersects(other.geometry()):
                found.append(f"dock {dock.objectName()!r} {dock.geometry().getRect()} over "
                             f"{other.objectName()!r} {other.geometry().getRect()}")
    for button in window.findChildren(QAbstractButton):
        if not button.isVisible() or scrolled(button, window):
            continue
        where = QRect(button.mapTo(window, QPoint(0, 0)), button.size())
        if not inside.contains(where):
            found.append(f"button {button.text()!r} at {where.getRect()} outside the window {inside.getRect()}")
    return found


class Watcher:
    """Looks at every window that opens (also inside a modal dialog's own loop), then closes it."""

    def __init__(self, main: QWidget) -> None:
        self.main = main
        self.seen: list[dict[str, Any]] = []
        self.context = ""
        self.looking = False
        self.timer = QTimer()
        self.timer.timeout.connect(self.look)
        self.timer.start(20)

    def record(self, window: QWidget, what: str) -> None:
        self.seen.append({"window": what, "context": self.context, "size": [window.width(), window.height()],
                          "problems": problems(window)})

    def look(self) -> None:
        if self.looking:  # the events processed below may fire the timer again
            return
        self.looking = True
        for window in QApplication.topLevelWidgets():
            if window is self.main or not window.isVisible() or isinstance(window, QMenu) or not window.isWindow():
                continue
            if window.windowType().name in ("ToolTip", "Popup"):
                continue
            QApplication.processEvents()  # a dialog sizes itself as it shows (a message box, after its text)
            self.record(window, name_of(window))
            window.close()
        self.looking = False

    def settle(self) -> None:
        for _ in range(3):
            QApplication.processEvents()
        self.look()


def entries(menu: QMenu) -> list[QAction]:
    found: list[QAction] = []
    for action in menu.actions():
        if action.menu() is not None:
            found += entries(action.menu())
        elif not action.isSeparator():
            found.append(action)
    return found


def every_menu_entry(main: main_window.MainWindow, watcher: Watcher, on_table: str) -> None:
    for action in [a for menu in main.menuBar().actions() if menu.menu() is not None for a in entries(menu.menu())]:
        if action is main.act_quit or action in main.language_actions.values() or not action.isEnabled():
            continue
        watcher.context = f"{on_table}: {action.text()}"
        action.trigger()
        watcher.settle()
    watcher.context = on_table
    watcher.record(main, name_of(main))


def windows_defined() -> list[str]:
    """Every dialog and main window the app's code defines (its modules imported first)."""
    import importlib
    import pkgutil

    import desktop

    for package in ("frame", "shell", "games", "workbench"):
        for module in pkgutil.walk_packages([str(Path(desktop.__file__).parent / package)], f"desktop.{package}."):
            importlib.import_module(module.name)

    def below(kind: type) -> list[type]:
        return [kind, *(k for sub in kind.__subclasses__() for k in below(sub))]

    return sorted({f"{k.__module__}.{k.__qualname__}" for base in (QDialog, QMainWindow) for k in below(base)
                   if k.__module__.startswith("desktop.")})


def every_window(language: str, watcher_of: list[Watcher]) -> list[dict[str, Any]]:
    """Every window of the app, in `language`: what each one does not fit."""
    window = main_window.MainWindow(Translator(language), {})
    window.show()
    watcher = Watcher(window)
    watcher_of.append(watcher)
    watcher.settle()
    watcher.context = f"{language} start"
    watcher.record(window, name_of(window))

    window.new_game({"ids": 8}, 1234)
    every_menu_entry(window, watcher, f"{language} solonauts")

    from desktop.shell.tables import seat_games, table_class

    for game in seat_games():  # each game's set-up, as Game → New game opens it once the game is chosen
        table = table_class(game)
        assert table is not None
        watcher.context = f"{language} set-up of {game}"
        window.hotseat_dialog(game, table.MODES[0], None)
        watcher.settle()

    from desktop.net.dialogs import REMOTE, HostSetupDialog
    from desktop.net.hosting import Listening

    for game in seat_games():  # hosting: the set-up, as Game → Host a game opens it once the game is chosen
        table = table_class(game)
        assert table is not None
        watcher.context = f"{language} hosting set-up of {game}"
        HostSetupDialog(window.translator_for(game), window, [], table).exec()
        watcher.settle()

    names = ["Annemarie", "Bartholomeus", "Cyriel", "Dorothea", "Evangelina", "Florentijn"]
    from desktop.games.banquet.table import BanquetGame

    # A newcomer's first start hosts at once: Solonauts on the table with the guided game's offer unanswered in the
    # side panel, then Game → Host. The chat shown under the log once grew the window past the screen.
    from desktop.shell import guided

    window.settings.pop(guided.PLAYED, None)
    window.show_side_panel(True)  # as a first start has it (every menu entry above folded it with F9)
    window.new_game({"ids": 8}, 1234)
    assert window.guided_offer.bubble is not None, "no offer on the side panel to begin with"
    watcher.context = f"{language} hosting: the invitations"
    hosted = BanquetGame.start("banquet", "standard", names[:5], {}, 7)
    window.host(hosted, ["local", REMOTE, REMOTE, REMOTE, REMOTE],
                Listening(bind="127.0.0.1", port=0, folder=Path(os.environ["CONVIVIUM_HOME"]) / "hosting"))
    watcher.settle()
    watcher.context = f"{language} hosting: the table and its chat"
    assert window.chat_dock.isVisible()
    watcher.record(window, name_of(window))
    for game in seat_games():  # every table in the window, with its prompt bar as the player looking sees it
        table = table_class(game)
        assert table is not None
        on = window.new_hotseat(game, table.MODES[0], names[:table.SEATS[1]], {}, 7)
        for _ in range(20):
            if on.scene.curtain_up:
                on.lift_curtain()
            elif "keep" in on.buttons:  # Chrononauts: the deal kept, on to the first turn
                on.buttons["keep"].click()
            else:
                break
            QApplication.processEvents()
        watcher.context = f"{language} {game} table, {on.prompt.text()[:40]}"
        watcher.record(window, name_of(window))

    chrono = window.new_hotseat("chrononauts", "chrononauts", names, {}, 7)
    every_menu_entry(window, watcher, f"{language} chrononauts")
    from desktop.games.chrononauts.card_chooser import Choice
    from desktop.games.chrononauts.faces import full_face
    from desktop.games.chrononauts.full_table import ChrononautsTable

    assert isinstance(chrono, ChrononautsTable)
    deck = list(dict.fromkeys(chrono.game.state.draw))  # Quick Trip to the Future: any card of the draw pile
    choices = [Choice(chrono.tr_.card_title(card), full_face(chrono.faces, card)) for card in deck]
    watcher.context = f"{language} card chooser, {len(choices)} cards"
    chrono.pick("Quick Trip", chrono.tr_.text("hs.choose_text"), [Choice(chrono.tr_.text("hs.nothing"), None), *choices])
    watcher.settle()

    bacchanalia = window.new_hotseat("bacchanalia", table_class("bacchanalia").MODES[0], names, {}, 7)  # type: ignore[union-attr]
    watcher.context = f"{language} bacchanalia: the element kept"
    bacchanalia.ask_element()  # type: ignore[attr-defined]
    watcher.settle()
    from desktop.frame import dialogs

    problems = "\n".join(f"chrononauts/text/{language}.yaml:{n}: a string the English has not" for n in range(80))
    watcher.context = f"{language} a long list of problems"  # the card files' problems, said at start
    dialogs.inform(window, "Convivium", "The card files have problems:\n\n" + problems)
    watcher.settle()
    watcher.timer.stop()
    window.close()
    return watcher.seen


def main() -> None:
    languages, out = sys.argv[1].split(","), Path(sys.argv[2])
    watchers: list[Watcher] = []
    seen = [entry for language in languages for entry in every_window(language, watchers)]
    out.write_text(json.dumps({"defined": windows_defined(), "seen": seen}, indent=1))


if __name__ == "__main__":
    main()
