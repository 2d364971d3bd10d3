"""The keyboard on every table (issue 16, item 4): Enter and Space lift the curtain whatever was clicked
before; F6 shows a visible focus on the prompt bar's buttons; Tab stays inside the table until its last
item. The games are played with the mouse (buttons clicked, cards dragged onto lit targets), as a
person would before reaching for the keyboard."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from monkey import GAMES, NAMES, Game
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QPushButton
from table_driver import Dialogs, _send, make_window, view_point

from desktop.frame.card_table import CardTable
from desktop.shell.main_window import MainWindow

K = Qt.Key
SEATED = [g for g in GAMES if g.game != "solonauts"]


def seated(main: MainWindow, game: Game, rng: random.Random) -> Any:
    names = rng.sample(NAMES, game.seats[0] + 1 if game.seats[0] + 1 <= game.seats[1] else game.seats[0])
    table = main.new_hotseat(game.game, game.mode, names, {}, rng.randrange(2**31))
    table.ask = lambda _title, _text, buttons: rng.randrange(len(buttons)) if buttons else -1
    table.inform = lambda *_args: None
    table.pick = lambda _title, _text, items: rng.randrange(len(items)) if items else -1
    table.ask_element = lambda: "a torch"
    table.choose_export_path = lambda: None
    main.activateWindow()  # the keyboard's focus needs an active window
    QApplication.processEvents()
    return table


def drag(table: Any, card: str, to: QPointF) -> None:
    """Press on `card` (where it shows), move in steps to `to`, let go there: through the table's own view."""
    scene: CardTable = table.scene
    rect = scene.items_by_key[card].sceneBoundingRect()
    start = next((p for p in (rect.center(), rect.topLeft() + QPointF(6, 6), rect.bottomRight() - QPointF(6, 6))
                  if (under := scene.card_at(p)) is not None and under.key == card), rect.center())
    port = table.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    _send(port, QEvent.Type.MouseButtonPress, view_point(table, start), left, left)
    for step in range(1, 7):
        _send(port, QEvent.Type.MouseMove, view_point(table, start + (to - start) * (step / 6)), none, left)
    _send(port, QEvent.Type.MouseButtonRelease, view_point(table, to), left, none)


def mouse_step(qtbot: Any, main: MainWindow, table: Any, rng: random.Random) -> str:
    """One thing done with the mouse: a card dragged onto a lit target, else a button of the bar clicked."""
    scene: CardTable = table.scene
    pairs = [(card, target) for card, targets in scene.dests.items() for target in targets
             if card in scene.items_by_key and target in scene.items_by_key]
    onward = [key for key, button in table.buttons.items()
              if key not in ("save", "undo", "start_over") and button.isVisible() and button.isEnabled()]
    if onward and (not pairs or rng.random() < 0.5):
        key = rng.choice(onward)
        qtbot.mouseClick(table.buttons[key], Qt.MouseButton.LeftButton)
        QApplication.processEvents()
        return f"button:{key}"
    if pairs:
        card, target = rng.choice(pairs)
        drag(table, card, scene.items_by_key[target].sceneBoundingRect().center())
        QApplication.processEvents()
        return "drag"
    return "stuck"


@pytest.mark.parametrize("game", SEATED, ids=[g.name for g in SEATED])
def test_enter_and_space_lift_the_curtain_whatever_was_clicked_before(game: Game, qtbot: Any, home: Path) -> None:
    rng = random.Random(f"curtain-{game.name}")
    main = make_window(qtbot, Dialogs())
    lifted: list[str] = []
    for _ in range(3):
        table = seated(main, game, rng)
        table.view.setFocus()  # as the window gives it a new table
        last = "start"
        for _ in range(60):
            if table.game.engine.is_over(table.game.state):
                break
            if table.scene.curtain_up:
                key = (K.Key_Return, K.Key_Space)[len(lifted) % 2]
                focused = QApplication.focusWidget()
                assert focused is not None, f"{game.name}: no focus after {last}"
                qtbot.keyClick(focused, key)
                QApplication.processEvents()
                assert not table.scene.curtain_up, (
                    f"{game.name}: {key.name} did not lift the curtain after {last}; the focus was on {focused!r}")
                lifted.append(last)
                continue
            last = mouse_step(qtbot, main, table, rng)
            if last == "stuck":
                break
    if game.game in ("chrononauts", "banquet"):  # hands are secret: a curtain falls after buttons and drags
        assert any(step.startswith("button:") for step in lifted) and "drag" in lifted, f"{game.name}: {lifted}"


def focus_frame_shows(button: QPushButton, away: Any) -> bool:
    """Does the focused button look different from itself without the focus?"""
    focused: QImage = button.grab().toImage()
    away.setFocus()
    QApplication.processEvents()
    plain: QImage = button.grab().toImage()
    return focused != plain


@pytest.mark.parametrize("game", SEATED, ids=[g.name for g in SEATED])
def test_f6_shows_the_focus_on_the_prompt_bar(game: Game, qtbot: Any, home: Path) -> None:
    rng = random.Random(f"f6-{game.name}")
    main = make_window(qtbot, Dialogs())
    table = seated(main, game, rng)
    qtbot.mouseClick(table.view.viewport(), Qt.MouseButton.LeftButton, pos=table.view.viewport().rect().topLeft())
    table.view.setFocus()
    qtbot.keyClick(table.view, K.Key_F6)
    QApplication.processEvents()
    button = QApplication.focusWidget()
    assert isinstance(button, QPushButton) and button in table.buttons.values()
    assert focus_frame_shows(button, table.view), f"{game.name}: no focus visible on {button.text()!r}"


def tab_walk(qtbot: Any, view: Any, scene: CardTable, limit: int) -> tuple[list[str], Any]:
    """Tab from the table until the keyboard leaves it (or `limit` keys): the cards picked up or items
    focused on the way, and where the keyboard went."""
    seen: list[str] = [scene.focused_key]
    for _ in range(limit):
        if scene.selected:
            qtbot.keyClick(view, K.Key_Escape)  # put the card down: Tab goes on to the next
        qtbot.keyClick(view, K.Key_Tab)
        QApplication.processEvents()
        if QApplication.focusWidget() is not view:
            return seen, QApplication.focusWidget()
        seen.append(scene.selected or scene.focused_key)
    return seen, view


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_tab_stays_in_the_table_until_its_last_item(game: Game, qtbot: Any, home: Path) -> None:
    """From the first item, Tab walks the cards that may move (or, with none, every item) and leaves
    only after the last: for the prompt bar, never for the log or the card panel."""
    rng = random.Random(f"tab-{game.name}")
    main = make_window(qtbot, Dialogs())
    positions = 0
    for _ in range(4):
        if game.game == "solonauts":
            main.new_game({"ids": 8}, rng.randrange(2**31))
            view, scene, table = main.table.view, main.table.scene, None
        else:
            table = seated(main, game, rng)
            for _ in range(rng.randrange(6)):
                if table.scene.curtain_up:
                    table.lift_curtain()
                elif mouse_step(qtbot, main, table, rng) == "stuck":
                    break
            table.lift_curtain()
            view, scene = table.view, table.scene
        if scene.curtain_up or scene.selected:
            continue
        view.setFocus()
        QApplication.processEvents()
        walk = scene.movable() or scene.accessible_keys()
        match = main.table.session.match if table is None else table.game.match
        before = len(match.moves)
        seen, went = tab_walk(qtbot, view, scene, len(walk) + 3)
        assert len(match.moves) == before, f"{game.name}: Tab played a move"
        assert set(walk) <= set(seen), f"{game.name}: Tab left before {sorted(set(walk) - set(seen))}"
        if table is not None:
            assert isinstance(went, QPushButton) and went in table.buttons.values(), (
                f"{game.name}: after the table's last item Tab went to {went!r}, not to the prompt bar")
        positions += 1
    assert positions >= 2
