"""Game → Hint (H) at the tables where computers play (issue #36, item 4): the hard computer player's move for
the person deciding, picked up over its target with one line why in the player's language; the same hint
whatever the hidden cards; never behind the curtain, for another seat, at a shared question or for a
computer; counted in the game and said with its result; an answer to a position gone is dropped.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from chrononauts_driver import lift
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication
from secret_twins import redeal
from table_driver import Dialogs, make_window

from desktop.frame import bot_seats
from desktop.frame.i18n import Translator
from desktop.frame.keys_help import rows_for
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.shell.main_window import MainWindow
from desktop.shell.tables import table_class

NAMES = ["Ada", "Bruno", "Carla"]
GAMES = [("chrononauts", "chrononauts", "en"), ("chrononauts", "artifaxx", "it"), ("banquet", "standard", "nl"),
         ("parsifal", "standard", "es")]
WAIT_MS = 60_000  # a hint takes well under a second; this only ends a test that hangs


@pytest.fixture(autouse=True)
def no_window_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot_seats, "WINDOW_MS", 0)


def new_table(main: MainWindow, game: str, mode: str, bots: dict[int, str], seed: int = 3) -> SeatTable:
    main.settings["bot_pace"] = "instant"
    return main.new_hotseat(game, mode, NAMES, {}, seed, bots)


def settle(qtbot: Any, table: SeatTable) -> None:
    """Until the person is to decide (the computers have played), lifting a curtain if one is down."""
    qtbot.waitUntil(lambda: not table.bot_seats.thinking(), timeout=WAIT_MS)
    QApplication.processEvents()
    if table.scene.curtain_up:
        lift(table)  # type: ignore[arg-type]


def ask_hint(qtbot: Any, main: MainWindow, table: SeatTable) -> None:
    """Press H, as the person does, and wait for the answer."""
    main._refresh_status()
    assert main.act_hint.isEnabled()
    main.act_hint.trigger()
    qtbot.waitUntil(lambda: not table.hinter.background.busy(), timeout=WAIT_MS)


def first_person_decision(qtbot: Any, table: SeatTable, rng: random.Random, wanted: int = 0) -> None:
    """Play on (the person's moves at random, the computers' their own) until the person decides, `wanted`
    of their decisions in."""
    for _ in range(400):
        settle(qtbot, table)
        seat = table.decider()
        if seat is not None and seat not in table.game.bots and table.hinter.seat() is not None:
            if wanted == 0:
                return
            wanted -= 1
        if seat is None:
            table.nobody_answers()
            continue
        table.play(rng.choice(table.game.match.legal_moves(seat)))
    raise AssertionError("the person was never to decide")


# --- the hint itself ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "mode", "language"), GAMES)
def test_h_holds_a_legal_move_over_its_target_and_says_why(qtbot: Any, home: Path, dialogs: Dialogs, game: str,
                                                           mode: str, language: str) -> None:
    main = make_window(qtbot, dialogs, language)
    table = new_table(main, game, mode, {1: "normal", 2: "normal"})
    rng = random.Random(5)
    tr = Translator(language)
    shown_on_felt = 0
    for step in range(6):
        first_person_decision(qtbot, table, rng, wanted=step and 1)
        seat = table.decider()
        assert seat == 0
        legal = table.hint_moves(seat)
        ask_hint(qtbot, main, table)
        found = table.hinter.shown
        assert found is not None and found.move in legal  # legal_moves is the only judge
        line = table.message.text()
        prefix = tr.text("hint.line", what="", why="").split("{")[0].strip(". ")
        assert line.startswith(prefix) and tr.text(found.reason, **table.hint_params(found.params)) in line
        assert table.game.hints == {0: step + 1}
        gesture = table.hint_gesture(found.move)
        if gesture is not None:
            card, target = gesture
            assert table.scene.selected == card and table.scene.focus_target == target
            assert target in table.scene.dests[card]
            shown_on_felt += 1
            if table.scene.dests[card][target] == found.move:  # one gesture, one move: Enter plays it
                before = len(table.game.match.moves)
                table.scene.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return,
                                                    Qt.KeyboardModifier.NoModifier))
                if len(table.game.match.moves) > before:
                    assert table.game.match.moves[before] == found.move
                else:  # a Banquet pick or arrangement is made a card at a time: this card is part of it now
                    assert card in [*getattr(table, "picks", []), *getattr(table, "placing", {}).values()]
    assert shown_on_felt, "no hint was shown on the table"


def test_the_hint_is_the_same_whatever_the_hidden_cards(qtbot: Any, home: Path) -> None:
    """Two tables whose positions the person cannot tell apart (the hidden cards dealt another way) give the
    same hint, in the same words."""
    tr = Translator("en")
    checked = 0
    for game, mode, _language in GAMES:
        cls = table_class(game)
        assert cls is not None
        for seed in (1, 2):
            made = cls.GAME_CLASS.start(game, mode, NAMES[:3], {}, seed, {2: "normal"})
            rng = random.Random(seed)
            eng = made.engine
            for _ in range(rng.randrange(6, 30)):  # a position a few moves in
                if eng.is_over(made.state):
                    break
                acting = sorted(eng.to_act(made.state))
                made.match.play(rng.choice(eng.legal_moves(made.state, acting[0])))
            seat = eng.decider(made.state)
            if seat is None or seat == 2 or eng.is_over(made.state) or eng.window(made.state) is not None:
                continue
            other, renamed = redeal(eng, made.state, seat, rng, swaps=40)
            if not renamed:
                continue
            assert eng.view(other, seat) == eng.view(made.state, seat) and other != made.state
            # Another seed too: a deal's seed decides its hidden cards, so the hint must not read it.
            twin = cls.GAME_CLASS(type(made.match)(eng, dict(made.match.options), seed + 100), list(made.names))
            twin.match.state = other
            twin.match._done = list(made.match._done)
            twin.bots = dict(made.bots)
            lines = []
            for one in (made, twin):
                table = cls(tr, one)
                qtbot.addWidget(table)
                table.lift_curtain()
                table.hinter.ask()
                qtbot.waitUntil(lambda t=table: not t.hinter.background.busy(), timeout=WAIT_MS)
                assert table.hinter.shown is not None
                lines.append((table.hinter.shown, table.message.text(), table.scene.selected, table.scene.focus_target))
            assert lines[0] == lines[1]
            checked += 1
    assert checked >= 4


# --- when there is no hint -----------------------------------------------------------------------------


def test_no_hint_under_the_curtain_or_for_another_seat(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    table = main.new_hotseat("chrononauts", "chrononauts", NAMES[:2], {}, 4)
    QApplication.processEvents()
    assert table.scene.curtain_up and table.decider() == 0
    main._refresh_status()
    assert not main.act_hint.isEnabled() and not table.offers("hint")
    table.take_offer("hint", {})  # asked anyway (a stale menu): nothing is computed or shown
    assert not table.hinter.background.busy() and table.hinter.shown is None
    lift(table)  # type: ignore[arg-type]
    main._refresh_status()
    assert main.act_hint.isEnabled() and table.hinter.seat() == 0
    table.looking = 1  # the other person's eyes on the screen: never a hint for seat 0
    main._refresh_status()
    assert not main.act_hint.isEnabled()
    table.looking = 0
    table.guard = lambda _move: True  # a guided first game: its bubbles are the guide
    main._refresh_status()
    assert not main.act_hint.isEnabled()


def test_no_hint_for_a_computer_or_at_a_shared_question(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    table = new_table(main, "parsifal", "standard", {1: "hard"})
    rng = random.Random(2)
    saw_computer = saw_window = False
    main.settings["bot_pace"] = "slow"
    table.bot_seats.pace = bot_seats.PACES["slow"]
    for _ in range(200):
        QApplication.processEvents()
        seat = table.decider()
        engine = table.game.engine
        if table.bot_seats.to_move() is not None:
            saw_computer = True
            assert table.hinter.seat() is None
            qtbot.waitUntil(lambda: table.bot_seats.to_move() is None or engine.is_over(table.game.state),
                            timeout=WAIT_MS)
            continue
        if seat is None and not engine.is_over(table.game.state):
            saw_window = True
            assert table.hinter.seat() is None  # everybody looks at the shared question together
            table.nobody_answers()
            continue
        if engine.is_over(table.game.state) or (saw_computer and saw_window):
            break
        table.play(rng.choice(table.game.match.legal_moves(seat)))
    assert saw_computer and saw_window


def test_bacchanalia_has_no_hint_and_its_keys_say_so(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    table = main.new_hotseat("bacchanalia", "standard", NAMES, {}, 4)
    lift(table)  # type: ignore[arg-type]
    main._refresh_status()
    assert not main.act_hint.isEnabled()
    assert "hint" not in rows_for("bacchanalia", "standard")
    for game, mode in (("chrononauts", "chrononauts"), ("chrononauts", "artifaxx"), ("banquet", "standard"),
                       ("parsifal", "standard")):
        assert "hint" in rows_for(game, mode)


def test_the_keys_listed_at_the_table_name_h(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs, "nl")
    table = main.new_hotseat("parsifal", "standard", NAMES, {}, 4)
    table.scene.toggle_help(True)
    panel = table.scene.help_panel
    assert panel is not None
    tr = Translator("nl")
    assert tr.text("keys.hint.key") in panel.lines() and tr.text("keys.hint.does") in panel.lines()


# --- a hint late, and hints counted -------------------------------------------------------------------------


def test_an_answer_to_a_position_gone_is_dropped(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    table = new_table(main, "parsifal", "standard", {1: "normal"})
    first_person_decision(qtbot, table, random.Random(1))
    seat = table.decider()
    assert seat is not None
    table.hinter.ask()  # the answer comes back through the event loop, which has not run yet
    table.play(next(m for m in table.game.match.legal_moves(seat)))
    qtbot.waitUntil(lambda: not table.hinter.background.busy() or table.hinter.background._result is not None,
                    timeout=WAIT_MS)
    qtbot.wait(200)
    assert table.hinter.shown is None and table.game.hints == {}


def test_hints_are_kept_in_the_save_and_said_with_the_result(qtbot: Any, home: Path, dialogs: Dialogs,
                                                             tmp_path: Path) -> None:
    main = make_window(qtbot, dialogs, "it")
    table = new_table(main, "banquet", "standard", {1: "normal", 2: "normal"})
    first_person_decision(qtbot, table, random.Random(3))
    ask_hint(qtbot, main, table)
    assert table.game.hints == {0: 1}
    path = tmp_path / "game.json"
    table.game.save(path)
    again = SeatGame.load(path)
    assert again.hints == {0: 1}
    tr = Translator("it")
    said = table.end_words()
    assert said.startswith(table.end_text())
    assert tr.text("hint.used", players=tr.text("hint.used_by", player="Ada", count=1)) in said


def test_a_save_with_a_bad_hints_block_still_opens(tmp_path: Path) -> None:
    made = SeatGame.start("parsifal", "standard", NAMES[:2], {}, 1)
    path = tmp_path / "game.json"
    data = made.save_data()
    for bad in ({"0": "many"}, ["x"], {"9": 2}, {"0": True}, {"0": -1}):
        data["hints"] = bad
        path.write_text(json.dumps(data))
        assert SeatGame.load(path).hints == {}
    data["hints"] = {"1": 3}
    path.write_text(json.dumps(data))
    assert SeatGame.load(path).hints == {1: 3}
