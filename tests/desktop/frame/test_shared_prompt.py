"""The one shared response window at every table (issue #16, items 1 and 2; CHR-10.11, CHR-10.12, BB-17.5.6,
BB-17.5.7, PAR-15.6, PAR-15.7): the question is skipped once every player asked said not to be asked, and only
then; a player's setting, never their cards, decides, so the public sees the same table whether or not the
one asked holds a Memo; the player whose play opened the window takes it back while nobody has answered;
and settings saved with another game are left out, with a note in the log."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from secret_twins import NAMES, Side, make_side, perform, rename, snapshot, table_for

from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatGame
from rules import saves
from rules.kernel import PUBLIC, ResponseWindow

TABLES = [("chrononauts", "chrononauts", 3), ("banquet", "standard", 4), ("parsifal", "standard", 4)]
IDS = [game for game, _mode, _players in TABLES]


def window_at(game: str, mode: str, players: int, seed: int, wanted: int = 2) -> SeatGame | None:
    """A game where a play has just opened a window asking at least `wanted` players, who may take it back
    (random moves, nobody answering a window), or None if this seed's game has none."""
    played = table_for(game).GAME_CLASS.start(game, mode, NAMES[:players], {}, seed)
    eng, match = played.engine, played.match
    rng = random.Random(seed)
    for _ in range(300):
        if eng.is_over(match.state):
            return None
        before = eng.window(match.state)
        seat = rng.choice(sorted(eng.to_act(match.state)))
        moves = eng.legal_moves(match.state, seat)
        match.play(before.nobody[0] if before is not None else rng.choice(moves))
        window = eng.window(match.state)
        if before is None and window is not None and len(window.asked) >= wanted and match.can_undo() \
                and getattr(match.last_move, "player", None) == window.opener:
            return played
    return None


def at_window(game: str, mode: str, players: int) -> SeatGame:
    found = next((g for seed in range(200) if (g := window_at(game, mode, players, seed)) is not None), None)
    assert found is not None, "no window found"
    return found


def side_for(game: SeatGame, qtbot: Any) -> Side:
    cls = table_for(game.engine.game)
    return make_side(cls, Translator("en", game.engine.game), game, qtbot)


def close(side: Side) -> None:
    side.window.close()
    shiboken6.delete(side.window)


def answer_key(side: Side, window: ResponseWindow) -> str:
    return side.table.window_words(window).answer[0]


def pass_this_turn(side: Side, window: ResponseWindow, index: int) -> None:
    """The `index`th player asked says "I answer", looks, and then passes for the turn: all by clicks."""
    count = len(window.asked)
    side.answers.draw = (index + 1.5) / (count + 1)  # the who-dialog's answer: that player
    perform(side, ("button", answer_key(side, window)))
    if side.scene.curtain_up:
        perform(side, ("lift",))
    assert side.table.decider() == window.asked[index]
    perform(side, ("button", "pass_turn"))


@pytest.mark.parametrize(("game", "mode", "players"), TABLES, ids=IDS)
def test_the_question_is_skipped_once_every_player_asked_said_so_and_only_then(game: str, mode: str, players: int,
                                                                                qtbot: Any) -> None:
    """CHR-10.11, BB-17.5.6, PAR-15.6: each player asked passes "for this turn" in turn; the question stays up
    while one of them has not, and then closes by itself with the moves that mean nobody answers."""
    played = at_window(game, mode, players)
    side = side_for(played, qtbot)
    eng = played.engine
    window = eng.window(played.state)
    assert window is not None
    moves = len(played.match.moves)
    try:
        for index in range(len(window.asked)):
            assert answer_key(side, window) in side.table.buttons and eng.window(played.state) == window
            pass_this_turn(side, window, index)
        assert eng.window(played.state) != window
        assert played.match.moves[moves:moves + len(window.nobody)] == list(window.nobody)
        assert played.auto_pass == {seat: window.turn for seat in window.asked}
    finally:
        close(side)


@pytest.mark.parametrize(("game", "mode", "players"), TABLES, ids=IDS)
def test_never_ask_me_is_set_behind_ones_own_curtain_and_undone_there(game: str, mode: str, players: int,
                                                                        qtbot: Any) -> None:
    """CHR-10.11: the setting is a button of the player's own view only, never of the public one."""
    played = table_for(game).GAME_CLASS.start(game, mode, NAMES[:players], {}, 3)
    side = side_for(played, qtbot)
    try:
        assert "auto_pass" not in side.table.buttons or not side.scene.curtain_up
        if side.scene.curtain_up:
            assert "auto_pass" not in side.table.buttons
            perform(side, ("lift",))
        seat = side.table.decider()
        assert seat is not None
        assert side.table.buttons["auto_pass"].text() == "Don't ask me to answer"
        perform(side, ("button", "auto_pass"))
        assert played.auto_pass == {seat: None}
        assert side.table.buttons["auto_pass"].text() == "Ask me to answer again"
        perform(side, ("button", "auto_pass"))
        assert played.auto_pass == {}
    finally:
        close(side)


@pytest.mark.parametrize(("game", "mode", "players"), TABLES, ids=IDS)
def test_a_player_takes_back_their_play_while_nobody_has_answered(game: str, mode: str, players: int,
                                                                    qtbot: Any) -> None:
    """CHR-10.12, BB-17.5.7, PAR-15.7 (issue #16 item 2): Undo at the shared question takes back the play that
    opened it, and the one who made it gets the turn (behind their curtain) as before the play; once someone
    has answered, the engine's barrier stops it."""
    played = at_window(game, mode, players)
    side = side_for(played, qtbot)
    eng = played.engine
    window = eng.window(played.state)
    assert window is not None and window.opener is not None
    play = played.match.last_move
    moves = len(played.match.moves)
    try:
        assert side.table.decider() is None and "undo" in side.table.buttons
        perform(side, ("button", "undo"))
        assert len(played.match.moves) == moves - 1 and played.match.next_redo == play
        assert eng.window(played.state) is None and side.table.decider() == window.opener
        assert side.scene.curtain_up == played.secret_differs(window.opener)
        if side.scene.curtain_up:
            perform(side, ("lift",))
        side.table.redo()
        assert eng.window(played.state) == window
        played.match.play(window.nobody[0])  # somebody answers: too late to take the play back
        side.table.refresh()
        assert not side.table.can_undo()
    finally:
        close(side)


def test_settings_saved_with_another_game_are_left_out_with_a_note(qtbot: Any, tmp_path: Path) -> None:
    """CHR-10.11 (bad input): the auto-pass settings carry the game they belong to; copied into another game's
    save they are ignored and the log says so; in their own game they come back."""
    cls = table_for("chrononauts")
    first = cls.GAME_CLASS.start("chrononauts", "chrononauts", NAMES[:3], {}, 11)
    first.auto_pass = {1: None, 2: 4}
    path = tmp_path / "first.json"
    first.save(path)
    assert cls.GAME_CLASS.load(path).auto_pass == {1: None, 2: 4}
    other = cls.GAME_CLASS.start("chrononauts", "chrononauts", NAMES[:3], {}, 12)
    data = json.loads(other.to_json())
    data["auto_pass"] = json.loads(first.to_json())["auto_pass"]
    foreign = tmp_path / "other.json"
    foreign.write_text(json.dumps(data), encoding="utf-8")
    loaded = cls.GAME_CLASS.load(foreign)
    assert loaded.auto_pass == {}
    side = side_for(loaded, qtbot)
    try:
        note = Translator("en", "chrononauts").text("window.auto_pass_ignored")
        assert side.table.log.item(0).text() == note
        side.table.retranslate()  # said again, once, in a new language too
        assert [side.table.log.item(i).text() for i in range(side.table.log.count())].count(note) == 1
    finally:
        close(side)
    data["auto_pass"] = {"game": "chrononauts", "mode": "chrononauts", "seed": 12, "seats": {"7": None}}
    foreign.write_text(json.dumps(data), encoding="utf-8")
    assert cls.GAME_CLASS.load(foreign).auto_pass == {} and cls.GAME_CLASS.load(foreign).notes


def memo_twins() -> tuple[SeatGame, SeatGame]:
    """The same Chrononauts game at a window dealt twice: a player asked holds a Memo in the first and an ordinary
    card in its place in the second; the public view is the same (CHR-10.11, CHR-14.4)."""
    for seed in range(400):
        played = window_at("chrononauts", "chrononauts", 3, seed)
        if played is None:
            continue
        eng: Any = played.engine  # a Chrononauts engine: it knows which card is a Memo
        state = played.state
        window = eng.window(state)
        assert window is not None
        holder = next((s for s in window.asked for c in state.hands[s] if eng.effect(state, c) == "memo"), None)
        plain = next((c for c in state.draw if eng.effect(state, c) not in ("memo",)), None)
        if holder is None or plain is None:
            continue
        memo = next(c for c in state.hands[holder] if eng.effect(state, c) == "memo")
        # A copy that can take its last play back too, as the game played can (a prefix could not).
        other = table_for("chrononauts").GAME_CLASS(saves.loads(saves.to_json(played.match)), list(played.names))
        other.match.state = rename(eng.clone(state), {memo: plain, plain: memo})
        assert eng.view(other.state, PUBLIC) == eng.view(state, PUBLIC)
        assert not any(eng.effect(other.state, c) == "memo" for c in other.state.hands[holder]) or \
            sum(eng.effect(state, c) == "memo" for c in state.hands[holder]) > 1
        return played, other
    raise AssertionError("no deal where a player asked holds a Memo")


def test_the_public_sees_the_same_whether_or_not_the_player_asked_holds_a_memo(qtbot: Any) -> None:
    """CHR-10.11, CHR-14.4 (issue #16, in pixels): the same game dealt twice, a player asked holding a Memo at
    one table and an ordinary card in its place at the other; the same clicks (each player asked passes for
    the turn) show the public the same pictures and words at every shared moment, and skip alike."""
    played, other = memo_twins()
    eng = played.engine
    window = eng.window(played.state)
    assert window is not None
    a, b = side_for(played, qtbot), side_for(other, qtbot)
    try:
        for index in range(len(window.asked) + 1):
            shot_a, shot_b = snapshot(a), snapshot(b)
            assert shot_a.words == shot_b.words and shot_a.image == shot_b.image
            if index < len(window.asked):
                for side in (a, b):
                    pass_this_turn(side, window, index)
        assert eng.window(played.state) != window and eng.window(other.state) != window
        assert played.match.moves == other.match.moves
    finally:
        close(a)
        close(b)
