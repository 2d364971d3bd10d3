"""Every table played without a mouse (issue 10): the focus moves by arrows and Tab, Enter picks a card
up and plays it on a lit target, F6 reaches the prompt bar's buttons, Enter lifts the curtain, and the
focus ring is on show after every key. Only key events reach the tables here; the script reads the
legal moves to decide what to aim for, never to play them."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication, QPushButton
from table_driver import Dialogs, make_window

from desktop.frame.card_table import CardTable
from desktop.frame.focus import nearest, reading_order
from desktop.frame.keys_help import SOLONAUTS_ROWS, rows_for
from desktop.frame.seat_table import SeatTable
from desktop.shell.main_window import MainWindow
from rules.chrononauts.moves import Discard, PlayCard
from rules.chrononauts.solver import solve
from rules.registry import engine

WINNABLE = (2, 6)  # deal 2 with 6 travellers: the solver wins it in a few dozen positions
K = Qt.Key


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


# --- driving by keys -------------------------------------------------------------------------


def ring_is_shown(scene: CardTable) -> None:
    """The focus is visible: the ring is up and lies around the focused item (or the curtain's words)."""
    key = scene.focused_key
    assert key, "no focus on the table"
    assert scene.focus_ring.isVisible()
    if key == "curtain":
        assert scene.focus_ring.zValue() > 1000  # over the veil
        return
    item = scene.items_by_key[key]
    assert item.focused and sum(i.focused for i in scene.items_by_key.values()) == 1
    assert scene.focus_ring.rect.contains(item.sceneBoundingRect())


def press(qtbot: Any, widget: Any, scene: CardTable, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.keyClick(widget, key, modifier)
    QApplication.processEvents()
    ring_is_shown(scene)


def centre(scene: CardTable, key: str) -> tuple[float, float]:
    point = scene.items_by_key[key].sceneBoundingRect().center()
    return point.x(), point.y()


ARROW_STEPS = {K.Key_Left: (-1, 0), K.Key_Right: (1, 0), K.Key_Up: (0, -1), K.Key_Down: (0, 1)}


def arrow_path(scene: CardTable, goal: str) -> list[Qt.Key]:
    """The fewest arrow keys from the focus to `goal`, worked out with the table's own rule of the nearest
    item that way (while a card is held: among its lit targets, else the next target)."""
    held = bool(scene.selected)
    targets = scene.ordered_targets()
    keys = targets if held else [k for k, item in scene.items_by_key.items() if item.isVisible()]
    rects = {key: scene.items_by_key[key].sceneBoundingRect() for key in keys}
    start = scene.focused_key
    paths: dict[str, list[Qt.Key]] = {start: []}
    queue = [start]
    while queue:
        here = queue.pop(0)
        if here == goal:
            return paths[here]
        for arrow, (dx, dy) in ARROW_STEPS.items():
            after = nearest(rects, here, dx, dy)
            if not after and held:
                step = 1 if dx + dy > 0 else -1
                after = targets[(targets.index(here) + step) % len(targets)]
            if after and after not in paths:
                paths[after] = paths[here] + [arrow]
                queue.append(after)
    raise AssertionError(f"{goal} cannot be reached by the arrows from {start}")


def steer(qtbot: Any, view: Any, scene: CardTable, goal: str) -> None:
    """Arrow keys until the focus is on `goal` (a card, or a lit target while a card is held)."""
    for arrow in arrow_path(scene, goal):
        press(qtbot, view, scene, arrow)
    assert scene.focused_key == goal


def play_by_keys(qtbot: Any, view: Any, scene: CardTable, card: str, target: str, by_tab: bool) -> None:
    """Reach `card` by the arrows, Enter to pick it up, then Tab or the arrows to `target`, Enter."""
    steer(qtbot, view, scene, card)
    press(qtbot, view, scene, K.Key_Return)
    assert scene.selected == card
    if by_tab:
        for _ in range(len(scene.ordered_targets())):
            if scene.focused_key == target:
                break
            press(qtbot, view, scene, K.Key_Tab)
    else:
        steer(qtbot, view, scene, target)
    assert scene.focused_key == target and scene.items_by_key[target].highlighted
    qtbot.keyClick(view, K.Key_Return)
    QApplication.processEvents()


# --- Solonauts to its end -------------------------------------------------------------------------


def test_a_whole_game_of_solonauts_by_keys_alone(qtbot: Any, main: MainWindow, dialogs: Dialogs) -> None:
    """A winning line (found by the solver) played by the arrows, Tab and Enter only, to the win
    (CHR-12.2: every traveller home). Odd moves reach their target by Tab, even ones by the arrows."""
    seed, ids = WINNABLE
    main.new_game({"ids": ids}, seed)
    assert main.table.session is not None
    eng = engine("chrononauts", "solonauts")
    line = solve(eng, eng.new_state({"ids": ids}, seed)).line  # type: ignore[arg-type]
    assert line
    view, scene = main.table.view, main.table.scene
    view.setFocus()
    ring_is_shown(scene)
    for n, move in enumerate(line):
        dests = main.table.session.dests()
        card = move.card  # type: ignore[attr-defined]
        target = next(key for key, m in dests[card].items() if m == move)  # where the table shows this move
        assert isinstance(move, (PlayCard, Discard))
        play_by_keys(qtbot, view, scene, card, target, by_tab=n % 2 == 1)
        assert main.table.session.match.moves[-1] == move
        if not main.table.session.over:
            ring_is_shown(scene)  # the focus found a new place once the card had gone
    assert main.table.session.match.state.result == "won"


def test_escape_puts_the_card_down_and_the_focus_stays_on_it(qtbot: Any, window: MainWindow) -> None:
    scene, view = window.table.scene, window.table.view
    view.setFocus()
    first = scene.focused_key
    assert first == scene.movable()[0]  # the focus starts on the first card that may move
    press(qtbot, view, scene, K.Key_Return)
    assert scene.selected == first and scene.focused_key == scene.ordered_targets()[0]
    press(qtbot, view, scene, K.Key_Escape)
    assert scene.selected == "" and scene.focused_key == first
    press(qtbot, view, scene, K.Key_Tab)  # the card just put down is passed over
    assert scene.selected == scene.movable()[1]
    press(qtbot, view, scene, K.Key_Escape)
    press(qtbot, view, scene, K.Key_Up)  # free again: the arrows go anywhere, a timeline card too
    assert not scene.selected and scene.focused_key.startswith(("id_", "tl:"))
    press(qtbot, view, scene, K.Key_Return)  # a card that cannot move is shown in the detail panel
    assert not scene.selected and window.detail.text.toPlainText()


def test_the_focus_survives_a_redraw_and_a_language_switch(qtbot: Any, window: MainWindow) -> None:
    scene, view = window.table.scene, window.table.view
    view.setFocus()
    steer(qtbot, view, scene, "tl:1963")
    window.set_language("it")
    scene.redraw()
    assert scene.focused_key == "tl:1963"
    ring_is_shown(scene)


def test_undo_redo_and_the_log_have_keys(qtbot: Any, window: MainWindow) -> None:
    """Ctrl+Z and Ctrl+Shift+Z undo and redo, L takes the keyboard to the log and back."""
    assert window.table.session is not None
    scene, view = window.table.scene, window.table.view
    view.setFocus()
    press(qtbot, view, scene, K.Key_1)
    press(qtbot, view, scene, K.Key_Delete)
    assert len(window.table.session.match.moves) == 1
    qtbot.keyClick(view, K.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.table.session.match.moves == []
    qtbot.keyClick(view, K.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert len(window.table.session.match.moves) == 1
    qtbot.keyClick(view, K.Key_L)
    assert QApplication.focusWidget() is window.log
    qtbot.keyClick(window.log, K.Key_L)
    assert QApplication.focusWidget() is view
    assert window.act_hint.shortcut().toString() == "H"


# --- the list of keys ------------------------------------------------------------------------------


@pytest.mark.parametrize("language, title, row", [("en", "Keys", "Put the card back down"),
                                                   ("it", "Tasti", "Rimetti giù la carta")])
def test_f1_and_question_mark_list_the_keys_in_the_players_language(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                   language: str, title: str, row: str) -> None:
    window = make_window(qtbot, dialogs, language)
    window.new_game({"ids": 8}, 1234)
    scene, view = window.table.scene, window.table.view
    view.setFocus()
    qtbot.keyClick(view, K.Key_F1)
    panel = scene.help_panel
    assert scene.help_shown and panel is not None
    lines = panel.lines()
    assert lines[0] == title and row in lines and panel.fits()
    assert window.tr_.text("keys.hint.does") in lines  # Solonauts lists its hint
    assert len(lines) == 2 + 2 * len(SOLONAUTS_ROWS)
    qtbot.keyClick(view, K.Key_Escape)
    assert not scene.help_shown
    qtbot.keyClick(view, K.Key_Question, Qt.KeyboardModifier.ShiftModifier, )
    assert scene.help_shown
    qtbot.keyClick(view, K.Key_F1)
    assert not scene.help_shown
    scene.toggle_help(True)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton)  # any click closes it, and plays nothing
    assert not scene.help_shown and window.table.session is not None and window.table.session.match.moves == []


# --- the tables for several people ------------------------------------------------------------------


def bar_button(qtbot: Any, table: SeatTable, wanted: str) -> None:
    """F6 to the bar, Tab along it to the button `wanted`, Enter."""
    scene = table.scene
    press(qtbot, table.view, scene, K.Key_F6)
    for _ in range(len(table.buttons) + 1):
        focused = QApplication.focusWidget()
        if focused is table.buttons[wanted]:
            break
        assert isinstance(focused, QPushButton) and focused in table.buttons.values()
        qtbot.keyClick(focused, K.Key_Tab)
    assert QApplication.focusWidget() is table.buttons[wanted]
    qtbot.keyClick(table.buttons[wanted], K.Key_Return)
    QApplication.processEvents()


def keyboard_turns(qtbot: Any, table: SeatTable, moves: int) -> list[str]:
    """Play until `moves` more moves are made, by keys only: Enter lifts a curtain, a card that may move
    is picked up (Tab) and played on its first target (Enter), else the bar's first button that is not
    Save or Undo is pressed. What was done, in order."""
    scene, view = table.scene, table.view
    done: list[str] = []
    start = len(table.game.match.moves)
    for _ in range(40):
        if len(table.game.match.moves) >= start + moves or table.game.engine.is_over(table.game.state):
            break
        view.setFocus()
        ring_is_shown(scene)
        if scene.curtain_up:
            press(qtbot, view, scene, K.Key_Return)
            assert not scene.curtain_up
            done.append("curtain")
        elif scene.movable():
            press(qtbot, view, scene, K.Key_Tab)
            if scene.selected:  # else a card with one place only went there at once
                qtbot.keyClick(view, K.Key_Return)
            done.append("card")
        else:
            wanted = next(key for key in table.buttons if key not in ("save", "undo"))
            bar_button(qtbot, table, wanted)
            done.append(f"button:{wanted}")
    assert len(table.game.match.moves) >= start + moves, done
    return done


def test_chrononauts_for_two_by_keys_curtain_and_buttons_included(qtbot: Any, main: MainWindow) -> None:
    """The deal's keep-or-swap questions (buttons), the curtain and two turns of play, by keys alone."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Marta", "Luca"], {"first_player": 0}, 5)
    table.pick = main.ask  # type: ignore[attr-defined]  # a chooser dialog would be answered from the script
    done = keyboard_turns(qtbot, table, 6)
    assert "curtain" in done and any(step.startswith("button:") for step in done) and "card" in done


@pytest.mark.parametrize("game, options, seed", [("banquet", {"privileges": "off"}, 0),
                                                 ("bacchanalia", {}, 3),
                                                 ("parsifal", {"first_player": 0}, 7)])
def test_a_turn_or_more_of_each_game_by_keys(qtbot: Any, main: MainWindow, game: str, options: dict[str, Any],
                                             seed: int) -> None:
    names = ["Marta", "Luca", "Ana"] if game != "parsifal" else ["Marta", "Luca", "Ana", "Piet"]
    table = main.new_hotseat(game, "standard", names, options, seed)
    assert table.scene.help_rows == rows_for(game)  # only the keys that do something at this table
    keyboard_turns(qtbot, table, 4)


def test_tab_with_nothing_to_move_goes_to_the_bar_and_esc_comes_back(qtbot: Any, main: MainWindow) -> None:
    table = main.new_hotseat("chrononauts", "chrononauts", ["Marta", "Luca"], {"first_player": 0}, 5)
    scene, view = table.scene, table.view
    view.setFocus()
    assert scene.curtain_up and not scene.movable()  # the deal's first question, behind the curtain
    qtbot.keyClick(view, K.Key_Tab)
    focused = QApplication.focusWidget()
    assert isinstance(focused, QPushButton) and focused is table.buttons["reveal"]
    qtbot.keyClick(focused, K.Key_Escape)
    assert QApplication.focusWidget() is view
    press(qtbot, view, scene, K.Key_Space)  # Space lifts the curtain as well as Enter
    assert not scene.curtain_up


# --- the geometry of the focus --------------------------------------------------------------------


def test_the_arrows_follow_rows_and_columns() -> None:
    grid = {f"{name}{c}": QRectF(c * 100, r * 80, 90, 70) for r, name in enumerate("ab") for c in range(3)}
    grid["far"] = QRectF(500, 300, 90, 70)
    assert nearest(grid, "a0", 1, 0) == "a1"
    assert nearest(grid, "a1", 0, 1) == "b1"
    assert nearest(grid, "b2", 1, 0) == "far"  # the only thing that way
    assert nearest(grid, "a0", -1, 0) == ""
    assert reading_order(grid) == ["a0", "a1", "a2", "b0", "b1", "b2", "far"]


def test_every_item_of_the_table_can_be_reached_by_the_arrows(window: MainWindow) -> None:
    """No card or zone is an island: from where the focus starts, the arrows lead to each one."""
    scene = window.table.scene
    for key in scene.items_by_key:
        arrow_path(scene, key)  # raises if unreachable


def test_the_ring_follows_its_card_when_it_moves(window: MainWindow) -> None:
    scene = window.table.scene
    item = scene.items_by_key[scene.focused_key]
    item.setPos(item.pos() + QPointF(30, -40))  # as while it is dragged, or slides after a redraw
    ring_is_shown(scene)
