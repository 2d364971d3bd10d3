"""The hot-seat table inside the main window (one menu bar, one log, one detail), the card chooser of
Rewind and Quick Trip, and Killing Time's second card chosen on the table (issue 3)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QToolBar
from table_driver import Dialogs, centre, drag, make_window
from chrononauts_driver import NAMES, keep_all, lift, start

from desktop.frame.seat_table import saved_game
from desktop.games.chrononauts.card_chooser import CardChooser, Choice
from desktop.games.chrononauts.faces import full_face
from desktop.games.chrononauts.full_table import ChrononautsTable
from desktop.games.chrononauts.solonauts_scene import DISCARD_KEY
from desktop.shell.main_window import MainWindow
from rules.chrononauts.full_state import CHOOSE_QUICK_TRIP, CHOOSE_REWIND
from rules.chrononauts.moves import KillTime

KILL_SEED = 0  # after the deal, the first player may discard one card or two


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def at_turn(main: MainWindow, seed: int = KILL_SEED, names: list[str] | None = None) -> ChrononautsTable:
    hs = start(main, seed, names)
    keep_all(hs)
    if hs.scene.curtain_up:
        lift(hs)
    return hs


# --- one window ------------------------------------------------------------------------------


def test_a_game_for_several_takes_the_main_windows_place(main: MainWindow) -> None:
    hs = start(main, 5)
    assert not hs.isWindow() and hs.window() is main
    assert main.centre.currentWidget() is hs and main.table is hs
    visible = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.isWindow()]
    assert visible == [main]  # no second window beside the main one
    assert hs.log is main.log and hs.detail is main.detail  # one log dock, one detail dock
    for act in (main.act_hint, main.act_daily, main.act_statistics, main.act_restart):
        assert not act.isEnabled()  # Solonauts only
    assert not [bar for bar in main.findChildren(QToolBar) if bar.isVisible()]  # no winning line's bar
    assert main.act_save.isEnabled() and main.act_save_as.isEnabled()
    assert "Chrononauts" in main.windowTitle()
    # A Solonauts game puts its own table back.
    main.new_game({"ids": 8}, 1234)
    assert main.table is not hs and main.centre.currentWidget() is main.table
    assert main.table.title() == main.windowTitle() and "Solonauts" in main.windowTitle()
    assert main.act_hint.isEnabled() and main.act_statistics.isEnabled()
    assert main.centre.count() == 2  # the empty place before any game, and the table on show


def test_a_second_game_for_several_replaces_the_first(main: MainWindow) -> None:
    first = start(main, 5)
    second = start(main, 6, NAMES)
    assert main.table is second and main.centre.currentWidget() is second
    assert main.centre.indexOf(first) == -1 and main.centre.count() == 2


def test_the_edit_menu_follows_the_hot_seat_rules_of_undo(main: MainWindow) -> None:
    hs = start(main, KILL_SEED)
    assert hs.scene.curtain_up and not main.act_undo.isEnabled() and not main.act_redo.isEnabled()
    keep_all(hs)
    if hs.scene.curtain_up:
        main.act_undo.trigger()  # behind the curtain nobody takes anything back
        lift(hs)
    first, _seconds = first_and_seconds(hs)
    hs.scene.select(first)
    assert hs.scene.activate(DISCARD_KEY)  # Killing Time with that card alone
    played = len(hs.game.match.moves)
    # Killing Time ended Marta's turn: Luca may not take it back, behind his curtain or after.
    assert hs.scene.curtain_up and not main.act_undo.isEnabled() and "undo" not in hs.buttons
    main.act_undo.trigger()
    lift(hs)
    assert not main.act_undo.isEnabled() and "undo" not in hs.buttons
    main.act_undo.trigger()
    assert len(hs.game.match.moves) == played


def own_move_undoable(hs: ChrononautsTable) -> bool:
    """The engine would take the last move back, and it was the move of the one deciding now."""
    match, state = hs.game.match, hs.game.state
    acting = hs.game.engine.to_act(state)
    if not match.can_undo() or state.window is not None or state.result is not None or not acting:
        return False
    return getattr(match._done[-1].move, "player", None) == min(acting)


def test_undo_and_redo_from_the_edit_menu_for_ones_own_move(main: MainWindow) -> None:
    hs = start(main, 1)
    match, rnd = hs.game.match, random.Random(1)
    for _ in range(180):  # seed 1 reaches a move its player may take back (random play, found by trying)
        if own_move_undoable(hs):
            break
        state = hs.game.state
        seat = min(state.window) if state.window is not None else min(hs.game.engine.to_act(state))
        match.play(rnd.choice(match.legal_moves(seat)))
    hs.refresh()
    if hs.scene.curtain_up:
        lift(hs)
    played = len(match.moves)
    assert main.act_undo.isEnabled() and "undo" in hs.buttons and not main.act_redo.isEnabled()
    main.act_undo.trigger()
    assert len(match.moves) == played - 1 and not hs.scene.curtain_up  # the same person goes on looking
    assert main.act_redo.isEnabled()
    main.act_redo.trigger()
    assert len(match.moves) == played


def test_save_as_from_the_menu_saves_the_game_for_several(main: MainWindow, tmp_path: Path) -> None:
    hs = start(main, 5)
    path = tmp_path / "two.convivium.json"
    assert main.save_to(path)
    assert saved_game(path) == ("chrononauts", "chrononauts") and main.save_path == path
    assert hs.game.to_json() == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("language", ["es", "nl"])
def test_switching_language_redraws_the_hot_seat_table(main: MainWindow, language: str) -> None:
    hs = at_turn(main)
    english = (hs.prompt.text(), [hs.log.item(i).text() for i in range(hs.log.count())], main.windowTitle())
    main.set_language(language)
    assert hs.prompt.text() != english[0] and hs.game.names[hs.decider() or 0] in hs.prompt.text()
    assert [hs.log.item(i).text() for i in range(hs.log.count())] != english[1]
    assert hs.log.count() == len(english[1])
    assert main.menu_game.title() == main.tr_.text("menu.game")
    card = hs.scene.hand[0]
    assert hs.scene.items_by_key[card].face.title == main.tr_.card_title(card)


def test_the_detail_forgets_a_card_when_the_next_person_comes(main: MainWindow) -> None:
    hs = start(main, 5)
    lift(hs)
    card = hs.scene.hand[0]
    hs.show_detail(card)
    title = main.tr_.card_title(card)
    assert title in main.detail.text.toPlainText()
    while hs.game.state.setup and hs.game.state.setup[0][0] == 0:
        hs.buttons["keep"].click()
    assert hs.scene.curtain_up
    assert title not in main.detail.text.toPlainText()  # Marta's card must not stay for Luca to read
    hs.show_detail(card)  # not on the table now: nothing comes out
    assert title not in main.detail.text.toPlainText()


# --- Rewind and Quick Trip: cards to click ------------------------------------------------


def test_the_chooser_shows_cards_with_readable_titles(qtbot: Any, main: MainWindow) -> None:
    hs = start(main, 5)
    cards = hs.game.state.hands[0][:3]
    choices = [Choice(main.tr_.text("hs.nothing"), None)] + [
        Choice(main.tr_.card_title(c), full_face(hs.faces, c)) for c in cards]
    chooser = CardChooser(main, "Rewind", "Which card?", choices, main.tr_.text("hs.nothing"))
    qtbot.addWidget(chooser)
    assert [label.text() for label in chooser.card_labels] == [main.tr_.card_title(c) for c in cards]
    assert [b.toolTip() for b in chooser.card_buttons] == [main.tr_.card_title(c) for c in cards]
    assert all(not b.icon().isNull() and b.iconSize().width() >= 128 for b in chooser.card_buttons)
    assert chooser.none_button is not None and chooser.none_button.text() == main.tr_.text("hs.nothing")
    chooser.card_buttons[1].click()
    assert chooser.chosen == 2 and chooser.result() == 1
    again = CardChooser(main, "Rewind", "Which card?", choices, main.tr_.text("hs.nothing"))
    qtbot.addWidget(again)
    assert again.none_button is not None
    again.none_button.click()
    assert again.chosen == 0
    # By keys: the keyboard on a card, Enter takes it (a tool button answers only Space by itself).
    keys = CardChooser(main, "Rewind", "Which card?", choices, main.tr_.text("hs.nothing"))
    qtbot.addWidget(keys)
    keys.show()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is keys.card_buttons[0])  # where the keyboard starts
    keys.card_buttons[2].setFocus()
    qtbot.keyClick(keys.card_buttons[2], Qt.Key.Key_Return)
    assert keys.chosen == 3 and keys.result() == 1


def reach_a_choice(main: MainWindow) -> ChrononautsTable:
    """Play the engine's moves at random (seed 0 reaches a Quick Trip), then draw the table."""
    hs = start(main, 0)
    match, rnd = hs.game.match, random.Random(0)
    while True:
        state = hs.game.state
        top = state.stack[-1] if state.stack else None
        if top is not None and top.stage in (CHOOSE_REWIND, CHOOSE_QUICK_TRIP):
            break
        seat = min(state.window) if state.window is not None else min(hs.game.engine.to_act(state))
        match.play(rnd.choice(match.legal_moves(seat)))
    hs.refresh()
    return hs


def test_quick_trip_offers_card_faces_after_the_curtain(main: MainWindow) -> None:
    hs = reach_a_choice(main)
    asked: list[list[Choice]] = []

    def pick(_title: str, _text: str, items: list[Choice]) -> int:
        asked.append(items)
        return len(items) - 1

    hs.pick = pick  # type: ignore[method-assign, assignment]
    assert hs.scene.curtain_up and "choose" not in hs.buttons
    hs.choose()  # a stray call behind the curtain shows nothing of the draw pile
    assert asked == []
    lift(hs)
    before = len(hs.game.match.moves)
    hs.buttons["choose"].click()
    choices = asked[-1]
    faced = [c for c in choices if c.face is not None]
    assert faced and all(c.face is not None and c.face.title and c.face.title in c.label for c in faced)
    assert len(hs.game.match.moves) == before + 1


def test_the_chooser_speaks_the_players_language(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs, "it")
    hs = reach_a_choice(main)
    asked: list[list[Choice]] = []

    def pick(_title: str, _text: str, items: list[Choice]) -> int:
        asked.append(items)
        return -1  # closed without choosing: nothing is played

    hs.pick = pick  # type: ignore[method-assign, assignment]
    lift(hs)
    before = len(hs.game.match.moves)
    hs.buttons["choose"].click()
    faced = [c for c in asked[-1] if c.face is not None]
    assert faced
    for choice in faced:
        assert choice.face is not None and choice.face.title == choice.label.split(" → ")[0]
    assert main.tr_.text("hs.nothing") == "Nessuna" and len(hs.game.match.moves) == before


# --- Killing Time: one card in one drop, two on asking (CHR-7.2b) --------------------------------


def first_and_seconds(hs: ChrononautsTable) -> tuple[str, list[KillTime]]:
    seat = hs.decider()
    assert seat is not None
    kills = [m for m in hs.game.match.legal_moves(seat) if isinstance(m, KillTime) and m.second is not None]
    first = kills[0].first
    return first, [m for m in kills if m.first == first]


def test_one_drop_on_the_discard_pile_kills_time_with_that_card(main: MainWindow, dialogs: Dialogs) -> None:
    """CHR-7.2b: one card or two. Issue #36: the table asked for a second discard every time; one is one gesture."""
    hs = at_turn(main)
    first, seconds = first_and_seconds(hs)
    assert "kill_two" in hs.buttons  # a second card may go with it: the bar offers it
    drag(hs, first, centre(hs, DISCARD_KEY))  # type: ignore[arg-type]
    assert hs.game.match._done[-1].move == KillTime(seconds[0].player, first)
    assert hs.kill_first is None and not hs.kill_two and not dialogs.asked
    assert not {"done", "take_back", "kill_one"} & set(hs.buttons)


def test_killing_time_with_two_waits_on_the_table_for_the_second_card(main: MainWindow, dialogs: Dialogs) -> None:
    hs = at_turn(main)
    first, seconds = first_and_seconds(hs)
    before = hs.game.match.moves
    hs.buttons["kill_two"].click()  # Discard two, draw one
    assert hs.kill_two and "kill_one" in hs.buttons and hs.game.match.moves == before
    drag(hs, first, centre(hs, DISCARD_KEY))  # type: ignore[arg-type]
    assert hs.game.match.moves == before and not dialogs.asked  # nothing played, nothing asked
    assert first not in hs.scene.hand and hs.scene.full_view is not None and hs.scene.full_view.discard[-1] == first
    assert first in hs.game.state.hands[hs.game.state.current]  # held by the table, not the engine
    assert set(hs.scene.dests) == {m.second for m in seconds}
    assert all(set(t) == {DISCARD_KEY} for t in hs.scene.dests.values())
    assert "done" in hs.buttons and main.tr_.card_title(first) in hs.prompt.text()
    second = seconds[0].second
    assert second is not None
    drag(hs, second, centre(hs, DISCARD_KEY))  # type: ignore[arg-type]
    assert hs.game.match._done[-1].move == KillTime(seconds[0].player, first, second)
    assert hs.kill_first is None and "done" not in hs.buttons


def test_done_keeps_killing_time_to_one_card(main: MainWindow) -> None:
    hs = at_turn(main)
    first, seconds = first_and_seconds(hs)
    hs.buttons["kill_two"].click()
    hs.scene.select(first)  # the click path: pick up the card, click the discard
    assert hs.scene.activate(DISCARD_KEY)
    assert "done" in hs.buttons
    hs.buttons["done"].click()
    assert hs.game.match._done[-1].move == KillTime(seconds[0].player, first)


def test_the_held_card_can_be_taken_back(main: MainWindow) -> None:
    hs = at_turn(main)
    first, _seconds = first_and_seconds(hs)
    moves = len(hs.game.match.moves)
    hs.buttons["kill_two"].click()
    hs.scene.select(first)
    assert hs.scene.activate(DISCARD_KEY)
    assert main.act_undo.isEnabled()
    main.act_undo.trigger()  # Edit → Undo puts the held card back first
    assert hs.kill_first is None and first in hs.scene.hand and len(hs.game.match.moves) == moves
    hs.buttons["kill_two"].click()
    hs.scene.select(first)
    assert hs.scene.activate(DISCARD_KEY)
    hs.buttons["take_back"].click()
    assert first in hs.scene.hand and DISCARD_KEY in hs.scene.dests[first]
    assert not hs.kill_two and "kill_two" in hs.buttons  # back to one card a drop
    hs.buttons["kill_two"].click()
    hs.buttons["kill_one"].click()  # asked for two, then changed their mind before any drop
    assert not hs.kill_two and len(hs.game.match.moves) == moves


def test_six_players_fit_in_the_main_window(main: MainWindow) -> None:
    names = ["Marta", "Luca", "Ana", "Pieter", "Sofía", "Giulia"]
    hs = at_turn(main, 2, names)
    assert len([k for k in hs.scene.items_by_key if k.startswith("seat:")]) == 6
    assert hs.view.isVisible() and hs.view.width() > 600
