"""Computer players at the table (issue #29, item 2): set-up, the curtain only between people, a window that
stays responsive while a computer thinks, undo with the computers' replies, and saves that replay exactly.

The people's moves are made as people make them: a card dragged onto a lit target, or a button of the
prompt bar; the table's questions are answered from a seeded generator.
"""
from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest
from chrononauts_driver import lift
from PySide6.QtCore import QEvent, QPointF, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel
from table_driver import Dialogs, _send, view_point

from desktop.frame import bot_seats
from desktop.frame.bot_seats import BotSeatError
from desktop.frame.card_item import left_out, on_screen
from desktop.frame.card_table import DISCARD_KEY
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatGame, SeatSetupDialog, SeatTable
from desktop.shell.main_window import MainWindow
from desktop.shell.tables import table_class
from desktop.tools.legibility import scene_texts
from rules.bots import LEVELS, decision_rng, make_bot
from rules.kernel import Move
from rules.saves import SaveError

NAMES = ["Ada", "Bruno", "Carla", "Dario"]
# Buttons that do not take the game on (Back and the passes of one person are pressed only when nothing else is left).
NOT_A_STEP = ("save", "undo", "auto_pass", "replay", "start_over", "take_back", "back", "pass_turn")
WAIT_MS = 120_000  # a computer's move is quick; this only ends a test that hangs


@pytest.fixture(autouse=True)
def no_window_floor(monkeypatch: pytest.MonkeyPatch) -> None:
    """Computers answer windows at the pace too (its own test puts the floor back)."""
    monkeypatch.setattr(bot_seats, "WINDOW_MS", 0)


# --- driving the table as a person ------------------------------------------------------------


def drag(table: SeatTable, card: str, target: str) -> None:
    """Press on `card` where it shows, move to the centre of `target` and let go (the scene's own handlers)."""
    scene = table.scene
    rect = scene.items_by_key[card].sceneBoundingRect()
    start = next((p for p in (rect.center(), rect.topLeft() + QPointF(6, 6), rect.bottomRight() - QPointF(6, 6))
                  if (under := scene.card_at(p)) is not None and under.key == card), rect.center())
    to = scene.items_by_key[target].sceneBoundingRect().center()
    port = table.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    _send(port, QEvent.Type.MouseButtonPress, view_point(table, start), left, left)  # type: ignore[arg-type]
    for step in range(1, 7):
        point = start + (to - start) * (step / 6)
        _send(port, QEvent.Type.MouseMove, view_point(table, point), none, left)  # type: ignore[arg-type]
    _send(port, QEvent.Type.MouseButtonRelease, view_point(table, to), left, none)  # type: ignore[arg-type]


def answer_at_random(table: SeatTable, rng: random.Random) -> None:
    """The table's questions (which card, which target, who answers) answered by a seeded hand."""
    def choose(_title: str, _text: str, items: list[Any], *_rest: Any) -> int:
        return rng.randrange(len(items)) if items else -1
    table.ask = choose  # type: ignore[method-assign, assignment]
    if hasattr(table, "pick"):
        table.pick = choose


def person_acts(qtbot: Any, table: SeatTable, rng: random.Random) -> None:
    """One gesture of the person at the screen: lift the curtain, drag a card onto a lit target, or press a
    button that takes the game on."""
    QApplication.processEvents()  # the bar's new buttons show once the loop has run
    scene = table.scene
    if scene.curtain_up:
        lift(table)  # type: ignore[arg-type]
        return
    pairs = [(card, target) for card, targets in scene.dests.items() for target in targets
             if card in scene.items_by_key and target in scene.items_by_key and target != card]
    onward = [key for key, button in table.buttons.items()
              if key not in NOT_A_STEP and button.isVisible() and button.isEnabled()]
    if pairs and (not onward or rng.random() < 0.75):
        drag(table, *rng.choice(pairs))
    elif onward:
        qtbot.mouseClick(table.buttons[rng.choice(onward)], Qt.MouseButton.LeftButton)
    elif "back" in table.buttons:
        qtbot.mouseClick(table.buttons["back"], Qt.MouseButton.LeftButton)
    else:
        raise AssertionError(f"nothing to do at move {len(table.game.match.moves)}: {table._text}")


def over(table: SeatTable) -> bool:
    return bool(table.game.engine.is_over(table.game.state))


def computers_done(qtbot: Any, table: SeatTable) -> None:
    """Wait, with the event loop running, until a person is to act or the game is over."""
    qtbot.waitUntil(lambda: over(table) or not table.bot_seats.thinking(), timeout=WAIT_MS)


def new_table(window: MainWindow, game: str, mode: str, names: list[str], bots: dict[int, str], seed: int,
              options: dict[str, Any] | None = None) -> SeatTable:
    window.settings["bot_pace"] = "instant"
    table = window.new_hotseat(game, mode, names, options or {}, seed, bots)
    assert table.bot_seats.pace == 0
    return table


def replays_exactly(game: SeatGame, path: Path) -> None:
    """Saved and opened again: the same state, people and computers; and every computer, asked again at each of
    its moves with the generator of that move, chooses the move it made."""
    game.save(path)
    again = type(game).load(path)
    assert again.bots == game.bots and again.names == game.names
    assert again.engine.to_dict(again.state) == game.engine.to_dict(game.state)
    eng, match = game.engine, again.match
    replay = match.prefix(0)
    bots = {seat: make_bot(eng.game, eng.mode, level) for seat, level in game.bots.items()}
    for ply, move in enumerate(match.moves):
        if move.player in bots:
            seat = move.player
            chosen = bots[seat].choose(eng.view(replay.state, seat), seat, eng.legal_moves(replay.state, seat),
                                       decision_rng(match.seed, ply))
            assert chosen == move, f"move {ply}: the computer at seat {seat} now chooses {chosen}, not {move}"
        replay.play(move)


# --- one person and three computers, to the end ---------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("game", "mode", "seed"), [("chrononauts", "chrononauts", 4), ("banquet", "standard", 5),
                                                    ("parsifal", "standard", 6)])
def test_one_person_and_three_computers_play_to_the_end_with_no_curtain(
        qtbot: Any, window: MainWindow, dialogs: Dialogs, tmp_path: Path, game: str, mode: str, seed: int) -> None:
    rng = random.Random(seed)
    bots = {1: "easy", 2: "normal", 3: "easy"}
    table = new_table(window, game, mode, NAMES, bots, seed)
    answer_at_random(table, rng)
    seen: list[tuple[bool, int | None]] = []  # at every redraw: the curtain, and whose view is on the table
    table.changed.connect(lambda: seen.append((table.scene.curtain_up, table._drawn_for[0])))
    undone = 0
    for _ in range(4000):
        computers_done(qtbot, table)
        if over(table):
            break
        assert table.decider() == 0 or table.game.engine.window(table.game.state) is not None
        match = table.game.match
        holds = any(getattr(table, name, None) for name in ("picks", "placing", "kill_first", "kill_two"))  # Undo drops those first
        if "undo" in table.buttons and not holds and undone < 3 and rng.random() < 0.3:
            before = len(match.moves)
            steps = table.bot_seats.undo_steps()
            taken = match.moves[before - steps:]
            qtbot.mouseClick(table.buttons["undo"], Qt.MouseButton.LeftButton)
            assert len(match.moves) == before - steps and taken[0].player == 0
            assert all(move.player in bots for move in taken[1:])
            undone += 1
            continue
        person_acts(qtbot, table, rng)
    assert over(table), "the game did not end"
    assert seen and not any(curtain for curtain, _viewer in seen), "a curtain fell with one person at the table"
    assert all(viewer == 0 for _curtain, viewer in seen), "the person's own view left the table"
    assert dialogs.informed and dialogs.informed[-1][1] == table.end_text()
    replays_exactly(table.game, tmp_path / "game.convivium.json")


@pytest.mark.slow
@pytest.mark.parametrize(("game", "mode", "players"), [("chrononauts", "chrononauts", 3), ("banquet", "open_privileges", 4),
                                                       ("parsifal", "standard", 4)])
def test_computers_alone_play_to_the_end_at_a_table_made_directly(qtbot: Any, home: Path, tmp_path: Path, game: str,
                                                                    mode: str, players: int) -> None:
    """The set-up refuses a table of computers only (that is `convivium tournament`); a table made directly
    plays one to the end, and its save replays."""
    names = NAMES[:players]
    every = {seat: LEVELS[seat % 2] for seat in range(players)}
    with pytest.raises(BotSeatError) as refused:
        SeatGame.start(game, mode, names, {}, 8, every)
    assert refused.value.code == "bots.all_bots"
    cls = table_class(game)
    assert cls is not None
    started = cls.GAME_CLASS.start(game, mode, names, {}, 8, {0: "easy"})
    started.bots = every
    tr = Translator("en")
    table = cls(tr if game == "chrononauts" else tr.for_game(game), started)
    qtbot.addWidget(table)
    table.inform = lambda *_args: None  # type: ignore[method-assign]
    table.bot_seats.pace = 0
    qtbot.waitUntil(lambda: over(table), timeout=WAIT_MS)
    assert not table.scene.curtain_up
    replays_exactly(table.game, tmp_path / "game.convivium.json")


# --- undo ---------------------------------------------------------------------------------


def test_undo_takes_back_the_persons_move_with_the_computers_replies(qtbot: Any, window: MainWindow,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """With no barrier in the way (the engine's says none here), Undo goes back to before the person's last move,
    over every computer's move since; the computers then play the same replies again."""
    table = new_table(window, "chrononauts", "chrononauts", NAMES[:3], {1: "easy", 2: "easy"}, 11,
                      {"first_player": 0})
    monkeypatch.setattr(type(table.game.engine), "undo_barrier", lambda _self, _events: False)
    rng = random.Random(11)
    answer_at_random(table, rng)
    match = table.game.match
    for _ in range(400):
        computers_done(qtbot, table)
        assert not over(table)
        moves = match.moves
        replies = 0
        while replies < len(moves) and moves[-1 - replies].player != 0:
            replies += 1
        if 0 < replies < len(moves) and "undo" in table.buttons:
            break
        snapshot = table.game.engine.to_dict(table.game.state), len(moves)
        person_acts(qtbot, table, rng)
    else:
        raise AssertionError("the computers never replied to a move of the person")
    played = match.moves
    qtbot.mouseClick(table.buttons["undo"], Qt.MouseButton.LeftButton)
    assert len(match.moves) == len(played) - replies - 1
    assert table.decider() == 0 and not table.bot_seats.thinking()
    # The state before the person's move: the one seen before the gesture that made it.
    assert snapshot[1] == len(match.moves) and table.game.engine.to_dict(table.game.state) == snapshot[0]
    table.game.match.play(played[len(match.moves)])  # the same move again: the computers answer as before
    table.refresh()
    computers_done(qtbot, table)
    assert match.moves[:len(played)] == played


def test_undo_never_crosses_a_computers_reply_the_engine_makes_a_barrier(qtbot: Any, window: MainWindow) -> None:
    """CHR-10.12: once somebody has let the card stand, it stays played, whoever let it stand."""
    table = new_table(window, "chrononauts", "chrononauts", NAMES[:3], {1: "easy", 2: "easy"}, 11,
                      {"first_player": 0})
    rng = random.Random(11)
    answer_at_random(table, rng)
    match = table.game.match
    for _ in range(400):
        computers_done(qtbot, table)
        if match.moves and type(match.moves[-1]).__name__ == "PassResponse" and match.moves[-1].player != 0 \
                and table.decider() == 0:
            break
        person_acts(qtbot, table, rng)
    else:
        raise AssertionError("no computer let a card of the person stand")
    assert not table.can_undo() and "undo" not in table.buttons


# --- two people and a computer --------------------------------------------------------------


@pytest.mark.slow
def test_with_two_people_the_curtain_falls_only_between_them(qtbot: Any, window: MainWindow, dialogs: Dialogs) -> None:
    table = new_table(window, "chrononauts", "chrononauts", NAMES[:3], {1: "easy"}, 21, {"first_player": 0})
    rng = random.Random(21)
    answer_at_random(table, rng)
    problems: list[str] = []
    curtains: list[int] = []
    last_private: list[int | None] = [None]  # the person whose own view was drawn last (None: everybody's since)

    def watch() -> None:
        seat, thinking = table.decider(), table.bot_seats.to_move()
        viewer = table._drawn_for[0]
        if table.scene.curtain_up:
            if thinking is not None or seat is None or seat == 1:
                problems.append(f"a curtain for {seat} while the computer plays")
            else:
                if last_private[0] == seat:
                    problems.append(f"a curtain between {seat} and the computer")
                curtains.append(seat)
        elif thinking is not None:
            if viewer is not None:
                problems.append(f"{viewer}'s own view on the table while the computer plays")
        else:
            last_private[0] = viewer
    table.changed.connect(watch)
    for _ in range(1500):
        computers_done(qtbot, table)
        if over(table):
            break
        person_acts(qtbot, table, rng)
    assert not problems, problems[:5]
    assert set(curtains) == {0, 2}


# --- a computer thinking ------------------------------------------------------------------------


class SlowBot:
    """A computer that, while `slow`, thinks until it is told to answer; it plays its first legal move."""

    level = "hard"

    def __init__(self, slow: bool = True) -> None:
        self.slow = slow
        self.asked = threading.Event()
        self.go = threading.Event()

    def choose(self, view: Any, seat: int, legal: list[Move], rng: random.Random) -> Move:
        if self.slow:
            self.asked.set()
            self.go.wait(30)
        return legal[0]


def test_the_window_stays_responsive_while_a_computer_thinks_and_says_who(
        qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowBot()
    monkeypatch.setattr(bot_seats, "make_bot", lambda *_args: slow)
    table = new_table(window, "parsifal", "standard", NAMES[:2], {1: "hard"}, 3, {"first_player": 1})
    qtbot.waitUntil(slow.asked.is_set, timeout=5000)
    ticked: list[bool] = []
    QTimer.singleShot(30, lambda: ticked.append(True))
    qtbot.waitUntil(lambda: bool(ticked), timeout=5000)  # the event loop runs while the computer thinks
    assert table.bot_seats.thinking() and not table.game.match.moves
    assert table._text == "Bruno (computer) is thinking…" == table.prompt.text()
    assert set(table.buttons) <= {"save", "undo"} and not any(table.scene.dests.values())
    slow.go.set()
    qtbot.waitUntil(lambda: len(table.game.match.moves) == 1, timeout=5000)
    assert table.game.match.moves[0].player == 1


def test_a_computer_named_as_the_set_up_names_it_is_not_called_a_computer_twice(
        qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer's seat left blank is "Computer 1": "Computer 1 (computer) is thinking…" said it twice."""
    slow = SlowBot()
    monkeypatch.setattr(bot_seats, "make_bot", lambda *_args: slow)
    named = window.tr_.text("bots.default_name", number=1)
    table = new_table(window, "parsifal", "standard", ["Ada", named], {1: "hard"}, 3, {"first_player": 1})
    qtbot.waitUntil(slow.asked.is_set, timeout=5000)
    assert table.prompt.text() == "Computer 1 is thinking…"
    slow.go.set()
    qtbot.waitUntil(lambda: len(table.game.match.moves) == 1, timeout=5000)


def test_an_answer_to_a_position_undone_meanwhile_is_dropped(qtbot: Any, window: MainWindow,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """The person plays a card, a computer thinks whether to answer it with a Memo, the person takes the card
    back (nobody has answered yet: CHR-10.12): the answer comes too late and is not played."""
    slow = SlowBot(slow=False)
    monkeypatch.setattr(bot_seats, "make_bot", lambda *_args: slow)
    table = new_table(window, "chrononauts", "chrononauts", NAMES[:2], {1: "hard"}, 5, {"first_player": 0})
    rng = random.Random(5)
    answer_at_random(table, rng)
    match = table.game.match
    for _ in range(50):  # the setting up, as far as the person's first turn
        computers_done(qtbot, table)
        if not table.game.state.setup:
            break
        person_acts(qtbot, table, rng)
    QApplication.processEvents()  # the table laid out as the person sees it
    plays = [(c, t) for c, ts in table.scene.dests.items() for t in ts if t not in (c, DISCARD_KEY)]
    assert table.decider() == 0 and plays, "the person has no card to play"
    slow.slow = True
    before = len(match.moves)
    drag(table, *plays[0])
    assert len(match.moves) == before + 1 and table.game.engine.window(table.game.state) is not None
    qtbot.waitUntil(slow.asked.is_set, timeout=5000)
    assert table.bot_seats.thinking() and "undo" in table.buttons
    qtbot.mouseClick(table.buttons["undo"], Qt.MouseButton.LeftButton)
    assert len(match.moves) == before and not table.bot_seats.thinking()
    slow.go.set()
    qtbot.wait(100)  # the stale answer arrives and goes
    assert len(match.moves) == before and table.decider() == 0


def test_a_computer_asked_in_a_window_answers_no_sooner_than_the_floor(
        qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whether a computer could answer must not show in how fast it passes: even at the instant pace, and even
    when its only move is to let the card stand, its answer waits for the window's floor (the clock is the test's)."""
    monkeypatch.setattr(bot_seats, "WINDOW_MS", 400)
    now = [1000.0]
    monkeypatch.setattr(bot_seats, "clock", lambda: now[0])
    bot = SlowBot(slow=False)
    monkeypatch.setattr(bot_seats, "make_bot", lambda *_args: bot)
    table = new_table(window, "chrononauts", "chrononauts", NAMES[:2], {1: "easy"}, 5, {"first_player": 0})
    answer_at_random(table, random.Random(5))
    match = table.game.match
    for _ in range(50):  # out of a window, a computer plays at once at this pace
        computers_done(qtbot, table)
        if not table.game.state.setup:
            break
        person_acts(qtbot, table, random.Random(5))
    QApplication.processEvents()  # the table laid out as the person sees it
    plays = [(c, t) for c, ts in table.scene.dests.items() for t in ts if t not in (c, DISCARD_KEY)]
    assert plays
    before = len(match.moves)
    drag(table, *plays[0])
    played = len(match.moves)
    assert played == before + 1, "the drag played nothing"
    question = table.bot_seats.question
    assert question is not None and question.in_window
    qtbot.waitUntil(lambda: question.done, timeout=30000)  # a wait, not a limit: a loaded machine is slow
    qtbot.wait(50)
    assert len(match.moves) == played and table.bot_seats.thinking()
    now[0] += 0.401
    qtbot.waitUntil(lambda: len(match.moves) == played + 1, timeout=30000)  # as above: it timed out under load
    assert type(match.moves[-1]).__name__ == "PassResponse"


# --- set-up and saves ----------------------------------------------------------------------------


def set_up(window: MainWindow, game: str) -> SeatSetupDialog:
    table = table_class(game)
    assert table is not None
    return SeatSetupDialog(window.translator_for(game), window, [], table)


def test_set_up_offers_a_person_or_a_computers_level_at_every_seat(window: MainWindow) -> None:
    dialog = set_up(window, "banquet")
    t = window.tr_.text
    assert len(dialog.kind_combos) == len(dialog.name_edits) == 5
    combo = dialog.kind_combos[0]
    assert [combo.itemData(i) for i in range(combo.count())] == [None, "easy", "normal", "hard"]
    assert [combo.itemText(i) for i in range(combo.count())] == [
        t("bots.person"), "Computer — easy", "Computer — normal", "Computer — hard"]
    dialog.name_edits[0].setText("Ada")
    dialog.name_edits[2].setText("Carla")
    dialog.kind_combos[1].setCurrentIndex(combo.findData("hard"))  # a computer on a row left blank: it gets a name
    dialog.kind_combos[2].setCurrentIndex(combo.findData("easy"))
    assert dialog.names() == ["Ada", "Computer 1", "Carla"]
    assert dialog.bots() == {1: "hard", 2: "easy"}
    assert dialog.name_edits[1].placeholderText() == "Computer 1"
    dialog.chosen_pace()
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_the_set_up_starts_the_game_with_its_computers_and_remembers_them(
        window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[SeatSetupDialog] = []

    def fill_in(dialog: SeatSetupDialog) -> int:
        shown.append(dialog)
        if len(shown) == 1:
            dialog.name_edits[0].setText("Ada")
            dialog.kind_combos[1].setCurrentIndex(dialog.kind_combos[1].findData("normal"))
            dialog.kind_combos[2].setCurrentIndex(dialog.kind_combos[2].findData("hard"))
            dialog.pace.setCurrentIndex(dialog.pace.findData("slow"))
        dialog.accept()
        return int(dialog.result())
    monkeypatch.setattr(SeatSetupDialog, "exec", fill_in)
    window.hotseat_dialog("parsifal", "standard", 7)
    table = window.table
    assert table is not None and table.game.names == ["Ada", "Computer 1", "Computer 2"]
    assert table.game.bots == {1: "normal", 2: "hard"} and table.bot_seats.pace == bot_seats.PACES["slow"]
    window.hotseat_dialog("parsifal", "standard", 8)  # offered again as they were
    again = shown[1]
    assert [combo.currentData() for combo in again.kind_combos[:4]] == [None, "normal", "hard", None]
    assert again.chosen_pace() == "slow" and again.names() == ["Ada", "Computer 1", "Computer 2"]


def test_set_up_refuses_a_table_of_computers_only(window: MainWindow) -> None:
    dialog = set_up(window, "parsifal")
    for combo in dialog.kind_combos[:3]:
        combo.setCurrentIndex(combo.findData("normal"))
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.error.text() == window.tr_.text("bots.all_bots") and "tournament" in dialog.error.text()
    dialog.name_edits[3].setText("Ada")  # one person joins: now it starts
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.bots() == {0: "normal", 1: "normal", 2: "normal"}


def test_bacchanalia_is_for_people_only(window: MainWindow, tmp_path: Path) -> None:
    dialog = set_up(window, "bacchanalia")
    assert not dialog.kind_combos
    said = [label.text() for label in dialog.findChildren(QLabel)]
    assert window.tr_.text("bots.people_only") in said
    with pytest.raises(BotSeatError) as refused:
        SeatGame.start("bacchanalia", "standard", NAMES[:3], {}, 1, {2: "easy"})
    assert window.tr_.reason(refused.value) == window.tr_.text("bots.no_bots")
    path = tmp_path / "story.convivium.json"
    saved = SeatGame.start("bacchanalia", "standard", NAMES[:3], {}, 1)
    data = saved.save_data()
    data["bots"] = {"2": "easy"}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as broken:
        SeatGame.load(path)
    assert broken.value.code == "bots.no_bots"


def test_an_unknown_level_is_refused(window: MainWindow) -> None:
    with pytest.raises(BotSeatError) as refused:
        SeatGame.start("parsifal", "standard", NAMES[:3], {}, 1, {1: "expert"})
    assert window.tr_.reason(refused.value) == "“expert” is not a computer level: choose easy, normal or hard."


def test_a_save_with_a_level_that_is_gone_opens_with_the_nearest_and_says_so(
        window: MainWindow, tmp_path: Path) -> None:
    game = SeatGame.start("parsifal", "standard", NAMES[:4], {}, 1, {1: "easy", 3: "hard"})
    data = game.save_data()
    assert data["bots"] == {"1": "easy", "3": "hard"}
    data["bots"] = {"1": "beginner", "3": "Expert"}
    path = tmp_path / "old.convivium.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    window.open_file(path)
    table = window.table
    assert table is not None and table.game.bots == {1: "easy", 3: "hard"}
    assert table.game.notes == ["bots.level_replaced"]
    assert window.log.item(0).text() == window.tr_.text("bots.level_replaced")


def test_an_old_save_is_all_people_and_a_broken_list_of_computers_is_refused(tmp_path: Path) -> None:
    game = SeatGame.start("banquet", "standard", NAMES[:3], {}, 2)
    data = game.save_data()
    assert "bots" not in data
    path = tmp_path / "old.convivium.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert SeatGame.load(path).bots == {}
    for broken, code in (({"1": 2}, "bots.bad_seats"), (["easy"], "bots.bad_seats"), ({"7": "easy"}, "bots.bad_seats"),
                         ({"0": "easy", "1": "easy", "2": "hard"}, "bots.all_bots")):
        path.write_text(json.dumps({**data, "bots": broken}), encoding="utf-8")
        with pytest.raises(SaveError) as refused:
            SeatGame.load(path)
        assert refused.value.code == code, broken


@pytest.mark.parametrize(("name", "level"), [("Easy", "easy"), ("medium", "normal"), ("hardd", "hard"),
                                             ("very hard", "hard"), ("zzz", "normal")])
def test_the_nearest_level(name: str, level: str) -> None:
    assert bot_seats.nearest_level(name) == level


# --- who is a computer, and its pace, while the game goes on ------------------------------------


@pytest.mark.parametrize(("game", "mode"), [("chrononauts", "chrononauts"), ("chrononauts", "artifaxx"),
                                            ("banquet", "standard"), ("parsifal", "standard")])
@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_computers_place_on_the_table_says_so_and_its_level(window: MainWindow, game: str, mode: str,
                                                             language: str) -> None:
    window.set_language(language)
    table = new_table(window, game, mode, NAMES[:3], {1: "hard", 2: "easy"}, 3)
    texts = [text.text for text in scene_texts(table.view)]  # as painted, at this size
    t = table.tr_.text
    if game == "chrononauts":  # a seat's plate says it in its band, in words short enough for it
        marks = {seat: t(f"hs.seat_computer_{level}") for seat, level in ((1, "hard"), (2, "easy"))}
    else:  # the name over a seat's place
        marks = {seat: t(f"bots.seat_{level}", player=NAMES[seat]) for seat, level in ((1, "hard"), (2, "easy"))}
    for seat, mark in marks.items():
        assert sum(mark in text for text in texts) == 1, (seat, mark, texts)
    # Dutch plates say "pc" ("tegen de pc spelen"): "computer, makkelijk" is too wide for a plate's band there.
    said_computer = "pc" if language == "nl" and game == "chrononauts" else "omputer"
    assert said_computer in marks[1] and ("moeilijk" if language == "nl" else "hard") in marks[1]
    assert not any(text.startswith("Ada (") for text in texts)  # the person's place is their name alone


@pytest.mark.parametrize("mode", ["chrononauts", "artifaxx"])
@pytest.mark.parametrize("language", ["nl", "it"])
@pytest.mark.parametrize("size", [(1280, 720), (1264, 670)])  # the whole screen; the window a title bar and a panel leave
def test_a_computers_plate_says_so_among_four_seats_at_1280x720(window: MainWindow, mode: str, language: str,
                                                                size: tuple[int, int]) -> None:
    """Four seats at the size the players use: the band over a plate's name was too low for its words there, and a
    computer's seat read as a person's, its level nowhere to be read."""
    window.set_language(language)
    window.resize(*size)
    table = new_table(window, "chrononauts", mode, NAMES, {3: "normal"}, 7, {"first_player": 0})
    QApplication.processEvents()
    texts = [text.text for text in scene_texts(table.view)]  # as painted, at this size
    assert sum(table.tr_.text("hs.seat_computer_normal") in text for text in texts) == 1, texts
    plate = table.scene.items_by_key["seat:3"]
    assert not left_out(plate.face, on_screen(plate.deviceTransform(table.view.viewportTransform())))


@pytest.mark.parametrize("language", ["nl", "es"])
@pytest.mark.parametrize("bots", [{2: "easy", 3: "easy", 4: "hard"}, {1: "easy", 3: "normal", 5: "hard"}])
def test_every_plate_reads_whole_when_computers_lengthen_the_column(window: MainWindow, language: str,
                                                                    bots: dict[int, str]) -> None:
    """Computers' plates are a line taller: with five or six seats a column of them outgrew the table, which was
    then seen smaller than the plates were measured at, and every plate's words were cut."""
    window.set_language(language)
    window.resize(1264, 670)
    names = ["Anna", "Bram", "Cees", "Dirk", "Eva", "Fien"][:max(bots) + 1]
    table = new_table(window, "chrononauts", "chrononauts", names, bots, 7, {"first_player": 0})
    QApplication.processEvents()
    cut = []
    for seat in range(len(names)):
        plate = table.scene.items_by_key[f"seat:{seat}"]
        if left_out(plate.face, on_screen(plate.deviceTransform(table.view.viewportTransform()))):
            cut.append(names[seat])
    assert cut == []


def test_the_computers_pace_changes_from_the_game_menu_at_once_and_is_kept(window: MainWindow) -> None:
    table = new_table(window, "parsifal", "standard", NAMES[:2], {1: "normal"}, 3)
    assert table.bot_seats.pace == 0
    assert [a.isChecked() for a in window.pace_actions.values()] == [True, False, False]
    window.pace_actions["slow"].trigger()
    assert table.bot_seats.pace == bot_seats.PACES["slow"]
    assert window.settings["bot_pace"] == "slow"
    assert [a.isChecked() for a in window.pace_actions.values()] == [False, False, True]
    assert window.menu_pace.title() == "Computers' pace"
    assert [a.text() for a in window.pace_actions.values()] == ["Instant", "Normal", "Slow"]
    window.set_language("it")
    assert window.menu_pace.title() == window.tr_.text("bots.pace") != "Computers' pace"
    again = new_table(window, "parsifal", "standard", NAMES[:2], {1: "normal"}, 4)  # new_table asks for instant
    assert again.bot_seats.pace == 0 and window.pace_actions["instant"].isChecked()
