"""The Bacchanalia table (issue 4): the whole table shown, choices by drag and buttons, refusals said
in the player's language, no curtain (nothing is secret), the clock, the set-up options."""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QFormLayout, QWidget
from table_driver import Dialogs, _send, centre, make_window, view_point

from desktop.frame.seat_table import PUBLIC, SeatSetupDialog
from desktop.games.bacchanalia.scene import CENTRE_KEY, LOCK_KEY, ORACLE_KEY, seat_key
from desktop.games.bacchanalia.table import BacchanaliaTable
from desktop.shell.main_window import MainWindow
from rules.bacchanalia.moves import (AskQuestion, DeclareTimeUp, GiftMinerva, GiveDeus, LockUmbra, TakeDeus)
from rules.bacchanalia.state import BacState
from rules.kernel import IllegalMove, Move
from rules.registry import engine

NAMES = ["Ada", "Bruno", "Chiara", "Dario"]
ELEMENT = "the blind flute player"
ENGINE = engine("bacchanalia", "standard")


def band(table: BacchanaliaTable, key: str) -> QPointF:
    """Where a card can be grabbed: its band, which shows even when an Umbra lies on it."""
    rect = table.scene.items_by_key[key].sceneBoundingRect()
    return QPointF(rect.center().x(), rect.top() + 9)


def drag(table: BacchanaliaTable, card: str, to: QPointF) -> None:
    """Press on the card's band, move in steps to `to` and let go (table_driver.drag grabs the middle)."""
    port = table.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    start = band(table, card)
    _send(port, QEvent.Type.MouseButtonPress, view_point(table, start), left, left)  # type: ignore[arg-type]
    for step in range(1, 9):
        point = start + (to - start) * (step / 8)
        _send(port, QEvent.Type.MouseMove, view_point(table, point), none, left)  # type: ignore[arg-type]
    _send(port, QEvent.Type.MouseButtonRelease, view_point(table, to), left, none)  # type: ignore[arg-type]


def click(table: BacchanaliaTable, card: str) -> None:
    port = table.view.viewport()
    at = view_point(table, band(table, card))  # type: ignore[arg-type]
    _send(port, QEvent.Type.MouseButtonPress, at, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
    _send(port, QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def start(main: MainWindow, seed: int = 3, names: list[str] | None = None, **options: Any) -> BacchanaliaTable:
    table = main.new_hotseat("bacchanalia", "standard", names or NAMES, options, seed)
    assert isinstance(table, BacchanaliaTable)
    table.ask_element = lambda: ELEMENT  # type: ignore[method-assign]
    QApplication.processEvents()
    return table


def state_of(table: BacchanaliaTable) -> BacState:
    return table.game.state


def required(table: BacchanaliaTable) -> list[Move]:
    s = state_of(table)
    return [m for m in table.game.engine.legal_moves(s, s.decider)
            if not isinstance(m, (AskQuestion, DeclareTimeUp, GiftMinerva, LockUmbra))]


def engine_until(table: BacchanaliaTable, wanted: Callable[[BacState], bool], seed: int = 0, limit: int = 2000) -> None:
    """Play random required moves on the match (not through the table) until `wanted` holds."""
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(state_of(table)):
            table.refresh()
            return
        assert not table.game.engine.is_over(state_of(table))
        table.game.match.play(rng.choice(required(table)))
    raise AssertionError("position not reached")


def reach(main: MainWindow, wanted: Callable[[BacState], bool], **options: Any) -> BacchanaliaTable:
    """A game on some seed that reaches the wanted position."""
    for seed in range(40):
        table = start(main, seed, **options)
        try:
            engine_until(table, wanted, seed)
            return table
        except AssertionError:
            continue
    raise AssertionError("no seed reaches the position")


def gesture(table: BacchanaliaTable, rng: random.Random) -> None:
    """One decision taken as a person would: a drag onto a lit target, or a button of the prompt bar."""
    assert not table.scene.curtain_up
    s = state_of(table)
    movers = {card: targets for card, targets in table.scene.dests.items()
              if any(m.player == s.decider and not isinstance(m, (GiftMinerva, LockUmbra)) for m in targets.values())}
    if movers:
        card = rng.choice(sorted(movers))
        target = rng.choice(sorted(movers[card]))
        drag(table, card, centre(table, target))  # type: ignore[arg-type]
        return
    locks = [c for c, t in table.scene.dests.items() if LOCK_KEY in t]
    if locks and rng.random() < 0.3:
        drag(table, locks[0], centre(table, LOCK_KEY))  # type: ignore[arg-type]
        return
    keys = [k for k in table.buttons if k not in ("undo", "save", "time_up", "minerva", "meet", "part")]
    assert keys, table.prompt.text()
    table.buttons[rng.choice(sorted(keys))].click()


def test_nothing_is_secret_so_no_curtain_ever_falls(main: MainWindow) -> None:
    """BAC-2.6: only the deck order is hidden, so every seat sees the public view and nobody looks away."""
    table = start(main)
    rng = random.Random(5)
    for _ in range(60):
        s = state_of(table)
        assert all(table.game.view(q) == table.game.view(PUBLIC) for q in range(len(s.seats)))
        assert not any(table.game.secret_differs(q) for q in range(len(s.seats)))
        assert not table.scene.curtain_up and "reveal" not in table.buttons
        gesture(table, rng)
    assert table.game.match.moves


def test_a_full_turn_is_played_on_the_table(main: MainWindow) -> None:
    """BAC-3.3, BAC-5.5, BAC-6: the Deus handed out by drag, introductions and a whole normal turn by gestures."""
    table = start(main, 4)
    rng = random.Random(4)
    assert "Ada" in table.prompt.text() and table.scene.dests  # the first giver drags from the centre
    while state_of(table).phase != "turn":
        gesture(table, rng)
    first = state_of(table).active
    turn = state_of(table).turn_number
    while state_of(table).turn_number == turn:
        gesture(table, rng)
    kinds = [e.kind for e in table.game.match.events()]
    assert {"deus_given", "introductions_done", "dominant", "aruspex", "narration_done"} <= set(kinds)
    assert all(isinstance(m, Move) and m.player >= 0 for m in table.game.match.moves)
    assert state_of(table).active != first
    log = [table.log.item(i).text() for i in range(table.log.count())]
    assert any("Ada" in line for line in log) and not any("{" in line for line in log)


@pytest.mark.parametrize("language", ["en", "it"])
def test_giving_a_deus_to_yourself_is_refused_in_the_players_language(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                      language: str) -> None:
    """BAC-3.3: the recipient is never the giver; the drop is refused with the rules' reason, nothing changes."""
    main = make_window(qtbot, dialogs, language)
    table = start(main)
    s = state_of(table)
    giver, card = s.decider, s.centre[0]
    drag(table, card, centre(table, seat_key(giver)))  # type: ignore[arg-type]
    assert table.game.match.moves == []
    with pytest.raises(IllegalMove) as refused:
        table.game.engine.check(s, GiveDeus(giver, giver, card))
    assert refused.value.code == "illegal.give_to_self"
    # The rules' reason, then where the card can go instead (issue #36: a refusal says why and where).
    assert table.message.text() == f'{table.tr_.text("illegal.give_to_self")} {table.lit_line(card)}'
    assert table.tr_.text("illegal.give_to_self") != "illegal.give_to_self" and table.lit_line(card)
    other = (giver + 1) % len(s.seats)
    drag(table, card, centre(table, seat_key(other)))  # type: ignore[arg-type]
    assert table.game.match.moves == [GiveDeus(giver, other, card)] and table.message.text() == ""


def test_taking_a_vinum_is_refused_and_the_take_goes_on(main: MainWindow) -> None:
    """BAC-6.7.2: Vinum never moves. A click on another player's Vinum during a take says so."""
    table = reach(main, lambda s: s.awaiting == "take")
    s = state_of(table)
    vinum = next(d for q, seat in enumerate(s.seats) if q != s.active for d in seat.deus
                 if table.game.engine.kind(d) == "vinum")
    before = list(table.game.match.moves)
    click(table, vinum)
    assert table.message.text() == "Vinum never changes hands."
    assert table.game.match.moves == before
    card, targets = next(iter(table.scene.dests.items()))
    assert set(targets) == {seat_key(s.active)} and isinstance(targets[seat_key(s.active)], TakeDeus)
    drag(table, card, centre(table, seat_key(s.active)))  # type: ignore[arg-type]
    assert card in state_of(table).seats[s.active].deus


def test_a_second_lock_is_refused_and_an_unnamed_element_keeps_nothing(main: MainWindow) -> None:
    """BAC-6.7.8: one card kept per turn, only with a named element; the narration goes on afterwards."""
    table = reach(main, lambda s: s.awaiting == "narrate"
                  and sum(1 for c in s.turn.area if c != s.turn.carried and "parcae" not in c) >= 2)
    s = state_of(table)
    lockable = [c for c, t in table.scene.dests.items() if LOCK_KEY in t]
    assert len(lockable) >= 2 and LOCK_KEY in table.scene.items_by_key
    table.ask_element = lambda: "  "  # type: ignore[method-assign]
    drag(table, lockable[0], centre(table, LOCK_KEY))  # type: ignore[arg-type]
    assert s.seats[s.active].locked is None and table.message.text() == table.tr_.text("table.element_needed")
    table.ask_element = lambda: ELEMENT  # type: ignore[method-assign]
    drag(table, lockable[0], centre(table, LOCK_KEY))  # type: ignore[arg-type]
    assert s.seats[s.active].locked == lockable[0]
    assert table.game.match.moves[-1] == LockUmbra(s.active, lockable[0], ELEMENT)
    assert table.scene.items_by_key[lockable[0]].rotation() == 90  # BAC-6.7.8d: shown turned
    moves = len(table.game.match.moves)
    click(table, lockable[1])
    assert table.message.text() == "You can keep only one card, and only one per turn."
    assert len(table.game.match.moves) == moves and LOCK_KEY in table.scene.items_by_key
    done = next(k for k in ("stayed", "moved") if k in table.buttons)
    table.buttons[done].click()
    assert any(e.kind == "narration_done" for e in table.game.match.events())


def test_the_ruling_deus_and_its_aruspex_entry_are_shown_large(main: MainWindow) -> None:
    """BAC-6.5, BAC-7: the dominant result, the scene requirement and the narration prompt on the Aruspex panel."""
    table = reach(main, lambda s: s.awaiting == "narrate")
    s = state_of(table)
    oracle = table.scene.items_by_key[ORACLE_KEY].face
    ruler = table.tr_.text("result.tie") if s.turn.result == "tie" else table.tr_.text(f"type.{s.turn.result}")
    assert oracle.title == ruler and oracle.width >= 100
    shown = table.scene.heading.toPlainText() + table.scene.oracle_text.toPlainText()
    assert table.tr_.text(f"scene.{s.turn.scene}") in shown
    assert table.tr_.text(s.turn.prompt or "") in shown
    buttons = {k for k in table.buttons if k in ("stayed", "moved")}
    assert buttons == {"stayed", "moved"} if s.turn.scene == "may_move" else len(buttons) == 1  # BAC-6.7.7


def test_the_introduction_questions_on_each_characters_first_turn(main: MainWindow) -> None:
    """BAC-5.2-5.4: the six questions on the Aruspex panel; the festival hint only for the first player. The panel
    has no room for the hint under the questions: the words are all there, whole (issue #36: they ended in "…"),
    and scroll with the wheel, a bar saying so; a click on the panel shows them in the detail panel too."""
    table = reach(main, lambda s: s.awaiting == "intro", first_player=1)
    scene = table.scene
    shown = scene.oracle_text.toPlainText()
    for key in ("intro.who", "intro.mirror", "intro.amans", "intro.flight", "intro.accuser", "intro.where"):
        assert table.tr_.text(key) in shown
    hint = table.tr_.text("intro.hint_festival")
    assert hint in shown and not shown.rstrip().endswith("…")
    room = scene.oracle_clip.sceneBoundingRect()
    assert scene.text_overflow() > 0 and scene.scroll_thumb.isVisible()
    assert scene.oracle_text.sceneBoundingRect().bottom() > room.bottom()  # the end is out of sight, for now
    for _ in range(30):
        wheel(table, room.center(), -120)
    assert scene.oracle_text.sceneBoundingRect().bottom() <= room.bottom() + 1  # scrolled to the end
    assert scene.scroll_thumb.sceneBoundingRect().bottom() >= scene.scroll_track.sceneBoundingRect().bottom() - 1
    click_panel(table)
    assert hint in table.detail.text.toPlainText() and state_of(table).active == 1
    assert table.tr_.text("intro.where") in table.detail.text.toPlainText()
    table.buttons["intro_done"].click()
    assert hint not in table.scene.board.text
    assert table.tr_.text("intro.who") in table.scene.oracle_text.toPlainText()


def wheel(table: BacchanaliaTable, at: QPointF, delta: int) -> None:
    """A notch of the mouse wheel over `at`, through the view's viewport."""
    point = view_point(table, at)  # type: ignore[arg-type]
    port = table.view.viewport()
    event = QWheelEvent(QPointF(point), QPointF(port.mapToGlobal(point)), QPoint(), QPoint(0, delta),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(port, event)


def click_panel(table: BacchanaliaTable) -> None:
    """A click on the Aruspex's words (not on a card)."""
    text = table.scene.oracle_text.sceneBoundingRect()
    at = view_point(table, QPointF(text.center().x(), text.top() + 30))  # type: ignore[arg-type]
    port = table.view.viewport()
    _send(port, QEvent.Type.MouseButtonPress, at, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
    _send(port, QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)


def test_bacchus_question_is_recalled_until_asked(main: MainWindow) -> None:
    """BAC-6.6.2, BAC-6.8: the recipient's Bacchus is turned, a reminder shows, then the asker's button."""
    table = reach(main, lambda s: s.awaiting == "narrate" and s.turn.bacchus_to is not None)
    s = state_of(table)
    asker = s.turn.bacchus_to
    assert asker is not None
    bacchus = table.game.engine.holds(s.seats[asker], "bacchus")
    assert bacchus is not None and table.scene.items_by_key[bacchus].rotation() == 90
    reminder = table.tr_.text("table.question_owed", asker=NAMES[asker], player=NAMES[s.active])
    assert reminder in table.scene.oracle_text.toPlainText()
    table.buttons[next(k for k in ("stayed", "moved") if k in table.buttons)].click()
    assert state_of(table).awaiting == "question" and NAMES[asker] in table.prompt.text()
    table.buttons["asked"].click()
    assert not state_of(table).seats[asker].question_pending
    assert table.scene.items_by_key[bacchus].rotation() == 0


def test_minerva_is_gifted_by_dragging_her_to_the_teller(main: MainWindow) -> None:
    """BAC-8.1: the holder drags Minerva onto the plate of the player telling the scene."""
    table = reach(main, lambda s: s.phase == "turn" and s.awaiting == "narrate"
                  and any(isinstance(m, GiftMinerva) for q in range(len(s.seats))
                          for m in ENGINE.legal_moves(s, q)))
    s = state_of(table)
    holder = next(q for q, seat in enumerate(s.seats) if q != s.active and table.game.engine.holds(seat, "minerva"))
    minerva = table.game.engine.holds(s.seats[holder], "minerva")
    assert minerva is not None and "minerva" in table.buttons
    drag(table, minerva, centre(table, seat_key(s.active)))  # type: ignore[arg-type]
    assert minerva in state_of(table).seats[s.active].deus


def test_a_return_is_dropped_on_the_centre(main: MainWindow) -> None:
    """BAC-7 TIE: one of the player's own Deus (not Vinum, not Bacchus) back to the centre."""
    table = reach(main, lambda s: s.awaiting == "return")
    s = state_of(table)
    card = next(c for c, t in table.scene.dests.items() if CENTRE_KEY in t)
    drag(table, card, centre(table, CENTRE_KEY))  # type: ignore[arg-type]
    assert card in state_of(table).centre


def test_the_clock_declares_the_time_up_once_the_rules_allow(main: MainWindow) -> None:
    """BAC-4.3, A-23: the table's clock runs, and past the limit it calls time only after the introductions."""
    table = start(main, 2, length="time_limit", minutes=10)
    assert table.scene.clock.text() == table.tr_.text("table.clock_left", time="0:10:00")
    table.game.journal.elapsed = 601
    table.tick()
    assert not state_of(table).sudden_ending  # still handing out the Deus: not yet legal
    assert table.scene.clock.text() == table.tr_.text("table.clock_up")
    engine_until(table, lambda s: s.phase == "turn")
    table.tick()
    assert state_of(table).sudden_ending and state_of(table).sudden_trigger == "time_limit"
    assert any(e.kind == "time_up" for e in table.game.match.events())


def test_the_setup_dialog_asks_length_and_who_starts(main: MainWindow) -> None:
    dialog = SeatSetupDialog(main.tr_.for_game("bacchanalia"), main, NAMES, BacchanaliaTable)
    for edit, name in zip(dialog.name_edits, NAMES[:3]):
        edit.setText(name)
    for edit in dialog.name_edits[3:]:
        edit.setText("")
    form = dialog.layout()
    assert isinstance(form, QFormLayout)
    combos = [w for w in dialog.findChildren(QWidget) if w.metaObject().className() == "QComboBox"]
    length = next(c for c in combos if c.findData("parcae_limit") >= 0)  # type: ignore[attr-defined]
    length.setCurrentIndex(length.findData("parcae_limit"))  # type: ignore[attr-defined]
    options = dialog.options()
    assert options["length"] == "parcae_limit" and options["parcae_limit"] == 3
    assert options["setup_starter"] == 0 and options["first_player"] == 0
    length.setCurrentIndex(length.findData("time_limit"))  # type: ignore[attr-defined]
    assert dialog.options()["minutes"] == 120
    table = main.new_hotseat("bacchanalia", "standard", dialog.names(), dialog.options(), 1)
    assert state_of(table).options["length"] == "time_limit"  # type: ignore[arg-type]


def test_every_language_draws_without_placeholders(main: MainWindow) -> None:
    table = reach(main, lambda s: s.awaiting == "narrate")
    for language in ("it", "es", "nl", "en"):
        main.tr_.set_language(language)
        QApplication.processEvents()
        words = table.prompt.text() + table.scene.oracle_text.toPlainText() + table.scene.heading.toPlainText()
        assert "{" not in words and "table." not in words and "prompt." not in words
        assert all(not item.face.title.startswith(("deus_", "umbra_", "table."))
                   for item in table.scene.items_by_key.values())


def test_dragging_outside_any_target_changes_nothing(main: MainWindow) -> None:
    table = start(main)
    card = state_of(table).centre[0]
    drag(table, card, QPointF(5, 5))
    assert table.game.match.moves == [] and table.message.text() == table.tr_.text("status.drop_outside")


@pytest.mark.parametrize("where", ["felt", "card"])
def test_a_deus_dropped_anywhere_on_a_players_area_is_given_to_them(main: MainWindow, where: str) -> None:
    """BAC-3.3, issue #36: the prompt says to drop on a player's plate, but only the name bar took the card. The
    whole area is lit while a Deus is held, and a drop on its felt or on a card lying in it gives the Deus."""
    table = start(main)
    s = state_of(table)
    giver, card = s.decider, s.centre[0]
    other = (giver + 1) % len(s.seats)
    scene = table.scene
    area = scene.target_rect(seat_key(other))
    name_bar = scene.items_by_key[seat_key(other)].sceneBoundingRect()
    assert area.contains(name_bar) and area.height() > 2 * name_bar.height()
    inside = next(key for key in scene.items_by_key if key != seat_key(other)
                  and area.contains(scene.items_by_key[key].sceneBoundingRect()))  # a Vinum in front of them
    to = (scene.items_by_key[inside].sceneBoundingRect().center() if where == "card"
          else QPointF(area.right() - 12, area.bottom() - 12))
    assert not name_bar.contains(to)
    click(table, card)  # held: the whole area is lit
    assert scene.seat_areas[other].pen().width() > 1 and scene.seat_areas[giver].pen().width() <= 1
    scene.select("")
    drag(table, card, to)
    assert table.game.match.moves == [GiveDeus(giver, other, card)]


def test_an_umbra_whose_deus_went_back_to_the_centre_is_still_on_the_table(main: MainWindow) -> None:
    """BAC-6.7.8: any Umbra of the turn may be kept while the scene is told. One drawn on the player's own
    Accusator stayed on that Deus's pile when the Accusator went back to the centre, and was drawn nowhere: the
    hint said "play  on Keep for next turn", a card without a name."""
    table = reach(main, lambda s: s.awaiting == "narrate" and any(
        d not in s.seats[s.active].deus for d, pile in s.turn.piles.items() if pile))
    s = state_of(table)
    gone = [c for d, pile in s.turn.piles.items() if d not in s.seats[s.active].deus for c in pile]
    for card in gone:
        item = table.scene.items_by_key.get(card)
        assert item is not None and item.isVisible(), card
        assert LOCK_KEY in table.scene.dests.get(card, {}), card  # and it may be kept, by a drag as any other
        move = LockUmbra(s.active, card)
        words = table.hint_words(move, table.hint_gesture(move))
        assert item.face.title.replace("\n", " ") in words and "  " not in words


def test_the_log_names_the_umbrae_a_player_discards(main: MainWindow) -> None:
    """BAC-6.9.1, BAC-2.6: the Umbrae of a finished turn go to the discard, face up for everyone to see (the engine's
    face-up events). The log said only "Ada discards 3 cards.", which a player listening to it could not picture;
    it names each card, as the table shows them, in every language."""
    table = start(main, seed=5)
    rng = random.Random(5)
    event = None
    for _ in range(2000):
        played = table.game.match.play(rng.choice(required(table)))
        event = next((e for e in played if e.kind == "umbra_discarded" and len(e.params["cards"]) > 1), None)
        if event is not None:
            break
    assert event is not None
    for language in ("it", "es", "nl", "en"):
        main.tr_.set_language(language)
        line = table.event_text(event)
        assert table.name(event.params["player"]) in line and "{" not in line
        assert all(table.faces.name(card) in line for card in event.params["cards"]), (language, line)
        assert not any(ch.isdigit() for ch in line), line  # the cards, not how many
