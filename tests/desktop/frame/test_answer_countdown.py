"""A response window costs no click when nobody answers (issue #36, item 3; CHR-10.11, BB-17.5.6, PAR-15.6).

The shared question after a play shows a countdown (3 s by default); when it runs out with nobody claiming it,
the window closes as if everyone asked had passed. Space or Enter, or the answer button, claims it, and the
curtain goes to whoever claimed. The wait is a setting of the Game menu (0 to 10 seconds, or always ask), kept
with the app's settings. It runs the same whatever anyone holds: the public sees the same pixels whether or not
a player asked holds a Memo, at every second of it.

Time is the test's: the countdown is ticked by hand (the conftest stops the clock), or the clock runs with
seconds a few milliseconds long; nothing is asserted about the wall clock.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from secret_twins import Side, perform, snapshot
from table_driver import Dialogs, make_window
from test_bot_seats import answer_at_random, computers_done, over, person_acts
from test_shared_prompt import TABLES, IDS, answer_key, at_window, close, memo_twins, side_for

from desktop.frame import accessibility, answer_wait, bot_seats, keyboard, storage
from desktop.frame.i18n import Translator
from desktop.shell.main_window import MainWindow
from rules.kernel import ResponseWindow

EN = Translator("en", "chrononauts")


def shown(side: Side) -> str:
    """The countdown as the bar shows it ('' when it is not shown)."""
    label = side.table.countdown_label
    return label.text() if label.isVisible() else ""


def counting(seconds: int) -> str:
    return EN.text("window.countdown", seconds=seconds)


def open_window(side: Side) -> ResponseWindow:
    window = side.game.engine.window(side.game.state)
    assert window is not None
    return window


def choose_seat(side: Side, window: ResponseWindow, index: int) -> None:
    """The who-dialog, when it opens, will name the `index`th player asked."""
    side.answers.draw = (index + 1.5) / (len(window.asked) + 1)


def put_again(side: Side, setting: object) -> None:
    """The table's wait set to `setting`, and the question put again under it."""
    side.table.settings = {answer_wait.SETTING: setting}
    side.table.countdown.stop()
    side.table.refresh()
    QApplication.processEvents()


@pytest.mark.parametrize(("game", "mode", "players"), TABLES, ids=IDS)
def test_the_countdown_shows_counts_down_and_then_nobody_answers(game: str, mode: str, players: int,
                                                                  qtbot: Any) -> None:
    """CHR-10.11, BB-17.5.6, PAR-15.6: three seconds shown and counted; when they run out, the moves that mean
    nobody answers are played, with no click and no one's setting changed."""
    played = at_window(game, mode, players)
    side = side_for(played, qtbot)
    window = open_window(side)
    moves = len(played.match.moves)
    try:
        assert shown(side) == counting(3) == "Nobody in 3 s\nSpace to answer"
        assert list(side.table.buttons)[0] == answer_key(side, window)  # the keyboard lands on the claim
        for left in (2, 1):
            side.table.countdown.tick()
            assert shown(side) == counting(left)
            assert open_window(side) == window and len(played.match.moves) == moves
        side.table.countdown.tick()
        assert played.engine.window(played.state) != window
        assert played.match.moves[moves:moves + len(window.nobody)] == list(window.nobody)
        assert played.auto_pass == {}
    finally:
        close(side)


def test_the_clock_runs_the_countdown_out_by_itself(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's own timer, with seconds made short: the window closes with nobody answering, unclicked."""
    played = at_window("chrononauts", "chrononauts", 3)
    window = played.engine.window(played.state)
    moves = len(played.match.moves)
    monkeypatch.setattr(answer_wait, "clock_runs", True)
    monkeypatch.setattr(answer_wait, "SECOND_MS", 5)
    side = side_for(played, qtbot)
    try:
        qtbot.waitUntil(lambda: played.engine.window(played.state) != window, timeout=10_000)
        assert played.match.moves[moves:moves + len(window.nobody)] == list(window.nobody)  # type: ignore[union-attr]
    finally:
        close(side)


@pytest.mark.parametrize("how", ["space_on_table", "enter_on_bar", "click"])
def test_one_key_or_one_click_claims_and_the_curtain_goes_to_the_claimer(how: str, qtbot: Any) -> None:
    """CHR-10.11: the claim stops the countdown; the who-question names the claimer, the curtain falls for them,
    and behind it they are the one deciding. Back puts the question again, counted afresh."""
    played = at_window("chrononauts", "chrononauts", 3)
    side = side_for(played, qtbot)
    window = open_window(side)
    claimer = window.asked[1]
    choose_seat(side, window, 1)
    try:
        side.table.countdown.tick()
        assert shown(side) == counting(2)
        if how == "space_on_table":
            side.table.view.setFocus()
            held = QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier, "", True)
            QApplication.sendEvent(side.table.view, held)  # Enter held since the play: no claim
            assert side.table.countdown.running
            QTest.keyClick(side.table.view, Qt.Key.Key_Space)
        elif how == "enter_on_bar":
            assert keyboard.focus_bar(side.table)
            focus = QApplication.focusWidget()
            assert focus is side.table.buttons[answer_key(side, window)]
            QTest.keyClick(focus, Qt.Key.Key_Return)
        else:
            qtbot.mouseClick(side.table.buttons[answer_key(side, window)], Qt.MouseButton.LeftButton)
        QApplication.processEvents()
        assert not side.table.countdown.running and shown(side) == ""
        assert side.scene.curtain_up and side.table.prompt.text() == EN.text("hs.curtain", player=played.names[claimer])
        perform(side, ("lift",))
        assert side.table.decider() == claimer and side.table.looking == claimer
        assert open_window(side) == window  # nothing played for them
        perform(side, ("button", "back"))
        assert shown(side) == counting(3)
    finally:
        close(side)


def test_a_claim_taken_back_in_the_who_question_puts_the_question_again(qtbot: Any) -> None:
    played = at_window("chrononauts", "chrononauts", 3)
    side = side_for(played, qtbot)
    window = open_window(side)
    side.answers.draw = 0.0  # the who-dialog closed: nobody chosen
    try:
        side.table.countdown.tick()
        perform(side, ("button", answer_key(side, window)))
        assert not side.scene.curtain_up and side.table.decider() is None
        assert shown(side) == counting(3) and open_window(side) == window
    finally:
        close(side)


def test_always_ask_keeps_the_question_until_someone_says(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The setting 'always ask' is the table before issue #36: no countdown, Nobody first, and the question waits."""
    played = at_window("chrononauts", "chrononauts", 3)
    side = side_for(played, qtbot)
    window = open_window(side)
    moves = len(played.match.moves)
    try:
        put_again(side, answer_wait.ALWAYS)
        monkeypatch.setattr(answer_wait, "clock_runs", True)
        monkeypatch.setattr(answer_wait, "SECOND_MS", 1)
        side.table.refresh()
        qtbot.wait(50)
        side.table.countdown.tick()
        assert shown(side) == "" and open_window(side) == window and len(played.match.moves) == moves
        assert list(side.table.buttons)[:2] == ["nobody", answer_key(side, window)]
        perform(side, ("button", "nobody"))
        assert played.engine.window(played.state) != window
    finally:
        close(side)


def test_no_wait_closes_the_question_at_once(qtbot: Any) -> None:
    played = at_window("chrononauts", "chrononauts", 3)
    side = side_for(played, qtbot)
    window = open_window(side)
    moves = len(played.match.moves)
    try:
        put_again(side, 0)
        assert played.engine.window(played.state) != window and shown(side) == ""
        assert played.match.moves[moves:moves + len(window.nobody)] == list(window.nobody)
    finally:
        close(side)


def test_the_countdown_looks_the_same_whoever_holds_a_memo(qtbot: Any) -> None:
    """CHR-10.11, CHR-14.4: the same game dealt twice, a player asked holding a Memo at one table and an ordinary
    card in its place at the other: the public sees the same pixels and words at every second of the countdown,
    and both windows close at the same tick, with the same moves."""
    played, other = memo_twins()
    window = played.engine.window(played.state)
    a, b = side_for(played, qtbot), side_for(other, qtbot)
    try:
        for left in (3, 2, 1):
            shot_a, shot_b = snapshot(a), snapshot(b)
            assert shown(a) == counting(left)
            assert shot_a.words == shot_b.words and shot_a.image == shot_b.image
            for side in (a, b):
                side.table.countdown.tick()
        assert played.engine.window(played.state) != window and other.engine.window(other.state) != window
        assert played.match.moves == other.match.moves
    finally:
        close(a)
        close(b)


def test_the_countdown_is_said_once_when_it_starts(qtbot: Any) -> None:
    """A screen reader hears the countdown's start once, after the question, and not every second."""
    heard: list[str] = []
    listener = (lambda kind, _obj, text: heard.append(text) if kind == "announce" else None)
    accessibility.listeners.append(listener)
    played = at_window("chrononauts", "chrononauts", 3)
    try:
        side = side_for(played, qtbot)
        side.table.countdown.tick()
        side.table.countdown.tick()
        said = [text for text in heard if "to answer" in text]
        assert said == ["3 seconds to answer: press Space."]  # heard by Orca after the prompt: no question twice
        question = side.table.prompt.text()
        assert heard.index(question) < heard.index(said[0])
        close(side)
    finally:
        accessibility.listeners.remove(listener)


def test_the_wait_is_chosen_in_the_game_menu_and_kept(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """Game → Time to answer: always ask, no wait, or 1 to 10 seconds; 3 by default; kept in the settings and
    read back at the next start; said in the window's language; a hand-edited value means the default."""
    win = make_window(qtbot, dialogs)
    names = [act.text() for act in win.wait_actions.values()]
    assert win.menu_wait.title() == "Time to answer"
    assert names[:4] == ["Always ask (no countdown)", "No wait: nobody answers", "1 second", "2 seconds"]
    assert names[-1] == "10 seconds" and len(names) == 12
    assert [c for c, act in win.wait_actions.items() if act.isChecked()] == [3]
    table = win.new_hotseat("chrononauts", "chrononauts", ["Marta", "Luca", "Ana"], {"first_player": 0}, 5)
    assert table.wait_seconds() == 3
    win.wait_actions[7].trigger()
    assert table.wait_seconds() == 7 and storage.load_settings()[answer_wait.SETTING] == 7
    win.wait_actions[answer_wait.ALWAYS].trigger()
    assert table.wait_seconds() is None and storage.load_settings()[answer_wait.SETTING] == "always"
    again = MainWindow(Translator("it"), storage.load_settings())
    qtbot.addWidget(again)
    assert again.wait_actions[answer_wait.ALWAYS].isChecked()
    assert again.menu_wait.title() == "Tempo per rispondere" and again.wait_actions[1].text() == "1 secondo"
    for odd in ("lots", 99, -1, True, None, 2.5):
        assert answer_wait.wait_of(odd) == 3
    win.set_language("nl")
    assert win.menu_wait.title() == "Tijd om te antwoorden" and win.wait_actions[10].text() == "10 seconden"


def test_with_computers_the_person_is_asked_and_never_kept_waiting_for_a_click(
        qtbot: Any, home: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #36: a computer's play asks the person at the screen whether they answer; the computers asked answer
    for themselves (their bots, their views), and the person's countdown runs out into their pass, unclicked."""
    monkeypatch.setattr(bot_seats, "WINDOW_MS", 0)
    monkeypatch.setattr(answer_wait, "clock_runs", True)
    monkeypatch.setattr(answer_wait, "SECOND_MS", 1)
    win = make_window(qtbot, dialogs)
    win.settings["bot_pace"] = "instant"
    table = win.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bruno", "Carla"], {}, 3, {1: "normal", 2: "hard"})
    rng = random.Random(3)
    answer_at_random(table, rng)
    engine, match = table.game.engine, table.game.match
    after_computers = 0
    for _ in range(600):
        if over(table) or after_computers >= 3:
            break
        QApplication.processEvents()
        if table.bot_seats.thinking():
            computers_done(qtbot, table)
            continue
        window = engine.window(table.game.state)
        if window is not None and table.decider() is None:  # Ada's question: nothing is pressed
            assert table.countdown.running and window.asked == (0,)
            moves = len(match.moves)
            qtbot.waitUntil(lambda: len(match.moves) > moves, timeout=10_000)
            assert match.moves[moves:moves + 1] == list(window.nobody)
            after_computers += window.opener in table.game.bots
            continue
        person_acts(qtbot, table, rng)
    assert after_computers >= 3


def test_a_new_wait_chosen_at_an_open_question_puts_it_again_at_once(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """Game → Time to answer while the question counts: the question is put again under the new wait; no wait
    closes it with nobody answering."""
    win = make_window(qtbot, dialogs)
    played = at_window("chrononauts", "chrononauts", 3)
    window = played.engine.window(played.state)
    assert window is not None
    moves = len(played.match.moves)
    table = win.show_table(played)
    assert table.countdown.remaining == 3
    table.countdown.tick()
    win.wait_actions[8].trigger()
    assert table.countdown.remaining == 8 and table.countdown_label.text() == counting(8)
    win.wait_actions[answer_wait.ALWAYS].trigger()
    assert not table.countdown.running and not table.countdown_label.isVisible()
    assert played.engine.window(played.state) == window
    win.wait_actions[0].trigger()
    assert played.engine.window(played.state) != window
    assert played.match.moves[moves:moves + len(window.nobody)] == list(window.nobody)


def test_a_guided_game_always_asks(qtbot: Any) -> None:
    """CHR-10.11: a guided first game's steps teach the question's buttons, so its question waits for them."""
    played = at_window("chrononauts", "chrononauts", 3)
    side = side_for(played, qtbot)
    window = open_window(side)
    try:
        side.table.guard = lambda _move: True
        put_again(side, 0)  # not even "no wait" closes it
        assert shown(side) == "" and open_window(side) == window
        assert list(side.table.buttons)[:2] == ["nobody", answer_key(side, window)]
    finally:
        close(side)
