"""Parsifal for several people on one screen (issue 6, parts 3 and 5): the table, blocks drawn as
overlays, mission progress, turns by drag and by click, the shared interrupt prompt, refusals
explained in the player's language. Rule numbers refer to the PAR digest."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QComboBox, QFormLayout, QWidget
from table_driver import Dialogs, Painted, _send, centre, click, drag, make_window, view_point

from desktop.frame.card_item import CardItem, face_layout
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import PUBLIC, autosave_path
from desktop.games.parsifal.faces import CARD, DONE, NOT_YET
from desktop.games.parsifal.scene import (ACTIVE_BAND, AREA_BAND_COLOUR, COMMON_KEY, LIMBO_KEY, PENDING_KEY,
                                           WIDEST_FLOOR, WIDTH, area_key, seal_key)
from desktop.games.parsifal.table import ParsifalGame, ParsifalTable
from desktop.shell.main_window import MainWindow
from rules.kernel import Move
from rules.parsifal import (Block, BlockRecord, Decline, EndTurn, Interrupt, ParsifalEngine, ParState, SpendForExtra,
                            Take)
from rules.parsifal.missions import conditions

NAMES = ["Marta", "Luca", "Ana", "Pieter"]
A, B, C, D = 0, 1, 2, 3


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def start(main: MainWindow, players: int = 4, seed: int = 7, **options: Any) -> ParsifalTable:
    table = main.new_hotseat("parsifal", "standard", NAMES[:players], {"first_player": 0, **options}, seed)
    assert isinstance(table, ParsifalTable)
    QApplication.processEvents()
    return table


def engine(table: ParsifalTable) -> ParsifalEngine:
    return table.game.engine


def lay(table: ParsifalTable, common: tuple[str, ...] = (), limbo: tuple[str, ...] = (),
        **areas: tuple[str, ...]) -> ParState:
    """A position laid out by hand on A's turn (deck empty): areas as a=('titurel', 'gral'), one
    character per entry with its artifacts after a '+' ('titurel+gral+pane')."""
    state = engine(table).blank_state({"players": table.game.state.players, "first_player": A})
    state.common, state.limbo = list(common), list(limbo)
    for letter, cards in areas.items():
        seat = "abcd".index(letter)
        for entry in cards:
            character, *held = entry.split("+")
            state.owner[character], state.held[character], state.entered[character] = seat, held, state.turn
    table.game.match.state = state
    table.game.match._done.clear()
    table.refresh()
    return state


def block(table: ParsifalTable, blocker: str, target: str) -> None:
    state = table.game.state
    state.blocks.append(BlockRecord(blocker, target, "own", state.seq))
    state.seq += 1
    table.refresh()


def after(table: ParsifalTable, state: ParState, moves: list[Move]) -> dict[str, Any]:
    """What the engine makes of `moves` from `state`: the table must have done exactly that."""
    eng = engine(table)
    copy = eng.clone(state)
    for move in moves:
        eng.apply(copy, move)
    return eng.to_dict(copy)


def text_rect(item: CardItem) -> QRectF:
    """Where the card's name, abilities and missions are painted, in scene coordinates."""
    rect = QRectF()
    for box in face_layout(item.face):
        if box.role in ("title", "body") and box.text:
            rect = rect.united(box.rect)
    return rect.translated(item.pos())


def card_rect(item: CardItem) -> QRectF:
    return QRectF(item.pos().x(), item.pos().y(), item.face.width, item.face.height)


# --- nothing is secret (PAR-1.3) ---------------------------------------------------------


def test_nothing_is_hidden_so_no_curtain_ever_falls(main: MainWindow) -> None:
    """PAR-1.3: view(p) hides only the deck order, so every seat sees the public table: turns change
    hands without a curtain, and the player on turn can act at once."""
    table = start(main, players=3)
    for _ in range(6):
        state = table.game.state
        assert not any(table.game.secret_differs(p) for p in range(3))
        assert table.game.view(state.active) == table.game.view(PUBLIC)
        assert not table.scene.curtain_up and table.looking == state.active
        assert NAMES[state.active] in table.prompt.text()
        table.buttons["end_turn"].click()
    assert table.game.state.turn == 7


def test_the_table_shows_deck_common_area_limbo_and_every_control_area(main: MainWindow) -> None:
    """PAR-15.1, PAR-15.2: deck with its count, common area, Limbo face up, one area per player; artifacts
    under their holder show only their band."""
    table = start(main)
    lay(table, common=("arco",), limbo=("klingsor", "corno"), a=("titurel+gral+pane",), b=("amfortas",))
    scene = table.scene
    for key in ("zone:deck", COMMON_KEY, LIMBO_KEY, *(area_key(p) for p in range(4))):
        assert key in scene.items_by_key
    assert {"arco", "klingsor", "corno", "titurel", "gral", "pane", "amfortas"} <= set(scene.items_by_key)
    titurel = scene.items_by_key["titurel"]
    for k, artifact in enumerate(("gral", "pane")):
        plate = scene.items_by_key[artifact]
        assert plate.face.plate and plate.zValue() < titurel.zValue()  # tucked under, band showing
        assert plate.pos().y() > titurel.pos().y() + titurel.face.height - 10
        assert table.faces.name(artifact) in plate.face.title
    assert card_rect(scene.items_by_key["arco"]).intersects(card_rect(scene.items_by_key[COMMON_KEY]))
    assert card_rect(scene.items_by_key["corno"]).intersects(card_rect(scene.items_by_key[LIMBO_KEY]))


# --- blocks drawn as overlays (PAR-6.1.3, PAR-15.3) --------------------------------------


def test_a_block_is_an_overlay_that_leaves_the_blocked_card_readable(main: MainWindow) -> None:
    """PAR-6.1.3, 15.3 (T-01): the blocker's card lies on the foot of its target, in the target's area;
    the target's item stays in the scene, visible, and its name/abilities/missions are not covered."""
    table = start(main)
    lay(table, a=("ammaliatrice#1",), b=("parsifal+lancia+pane",))
    drag(table, "ammaliatrice#1", centre(table, "parsifal"))  # type: ignore[arg-type]
    state = table.game.state
    assert [(b.blocker, b.target) for b in state.blocks] == [("ammaliatrice#1", "parsifal")]
    assert state.owner["ammaliatrice#1"] == A and set(state.common) == {"lancia", "pane"}
    scene = table.scene
    target, blocker = scene.items_by_key["parsifal"], scene.items_by_key["ammaliatrice#1"]
    assert target.isVisible() and blocker.zValue() > target.zValue()
    assert card_rect(blocker).intersects(card_rect(target))  # it lies on the target...
    assert not card_rect(blocker).intersects(text_rect(target))  # ...but not on its words
    ax, ay, aw, ah = scene.area_rects[B]
    assert QRectF(ax, ay, aw, ah).contains(card_rect(target).center())
    assert QRectF(ax, ay, aw, ah).contains(card_rect(blocker).topLeft())  # drawn in the target's owner's area
    for line in target.face.body.splitlines()[1:]:
        assert line[0] in (DONE, NOT_YET)  # the missions are still listed, done or not yet


def test_a_blocker_with_two_targets_lies_on_the_oldest_and_seals_the_other(main: MainWindow) -> None:
    """PAR-6.1.8, 15.3: over the oldest target the card, over any other a seal naming the blocker;
    neither covers the blocked card's text."""
    table = start(main)
    lay(table, a=("herzeleide",), b=("parsifal",), c=("gamuret",))
    block(table, "herzeleide", "parsifal")
    block(table, "herzeleide", "gamuret")
    scene = table.scene
    assert seal_key("gamuret") in scene.items_by_key and seal_key("parsifal") not in scene.items_by_key
    seal = scene.items_by_key[seal_key("gamuret")]
    assert table.faces.name("herzeleide") in seal.face.title
    for target, cover in (("parsifal", scene.items_by_key["herzeleide"]), ("gamuret", seal)):
        assert not card_rect(cover).intersects(text_rect(scene.items_by_key[target]))
    table.show_detail(seal_key("gamuret"))  # the seal reads as the card it lies on
    assert "Gamuret" in table.detail.text.toPlainText() and "Herzeleide" in table.detail.text.toPlainText()


# --- mission progress (PAR-15.4) ------------------------------------------------------------


def test_each_character_shows_each_mission_condition_done_or_not_yet(main: MainWindow) -> None:
    """PAR-15.4, PAR-8.2: one line per condition with its mark, a done/total count in the band; the marks
    follow missions.conditions (the card data), whatever its values."""
    table = start(main)
    state = lay(table, a=("titurel+gral", "ammaliatrice#1"), b=("parsifal+lancia", "klingsor+gral"))
    for character in ("titurel", "ammaliatrice#1", "parsifal", "klingsor"):
        lines = conditions(engine(table).cards, state, character)
        face = table.scene.items_by_key[character].face
        for key, what, met in lines:
            assert f"{DONE if met else NOT_YET} {table.faces.condition(key, what)}" in face.body
        assert face.year == f"{sum(met for _k, _w, met in lines)}/{len(lines)}"
    assert any(met for _k, _w, met in conditions(engine(table).cards, state, "titurel"))  # some done, some not


# --- a full turn by drag and by click --------------------------------------------------------


def test_the_log_starts_with_the_first_draw(main: MainWindow) -> None:
    """PAR-3.3: the first player draws while the game is dealt, before any move; the log says so
    from the start, and keeps it first once moves are made."""
    table = start(main)
    state = table.game.state
    drawn = [c for c, seat in state.owner.items() if seat == state.active] or state.common
    assert len(drawn) == 1
    first = table.log.item(0).text()
    assert table.log.count() == 1 and NAMES[0] in first and table.name(drawn[0]) in first
    assert table.play(table.game.match.legal_moves(state.active)[0])
    assert table.log.count() > 1 and table.log.item(0).text() == first


def test_a_full_turn_by_drag(main: MainWindow) -> None:
    """PAR-4, PAR-5.1, PAR-13.2: dragging an artifact from the common area onto one's character takes it; with
    no Bread or Wine held the turn ends by itself and the next player is on turn."""
    table = start(main)
    state = lay(table, common=("gral",), a=("klingsor",), b=("amfortas",))
    expected = after(table, state, [Take(A, "klingsor", "gral")])
    scene = table.scene
    assert "klingsor" in scene.dests["gral"]
    drag(table, "gral", centre(table, "klingsor"))  # type: ignore[arg-type]
    assert engine(table).to_dict(table.game.state) == expected
    assert table.game.state.active == B and NAMES[B] in table.prompt.text()
    assert scene.items_by_key["gral"].face.plate  # now tucked under Klingsor
    assert table.log.count() >= 2


def test_a_full_turn_by_click_with_the_extra_action(main: MainWindow) -> None:
    """PAR-6.1, 6.9, 15.5 (T-15): click a blocker then its target; spend the Bread by its button; click an
    artifact then the character; the table plays exactly what the engine would."""
    table = start(main)
    state = lay(table, common=("gral",), a=("titurel+pane",), b=("amfortas",))
    moves: list[Move] = [Block(A, "titurel", "amfortas"), SpendForExtra(A, "titurel", "pane"),
                         Take(A, "titurel", "gral")]
    expected = after(table, state, moves)
    click(table, "titurel")  # type: ignore[arg-type]
    assert table.scene.selected == "titurel" and table.scene.items_by_key["amfortas"].highlighted
    click(table, "amfortas")  # type: ignore[arg-type]
    assert table.game.state.step == "after_action" and "Bread" in table.buttons["spend:0"].text()
    table.buttons["spend:0"].click()
    assert table.game.state.step == "extra"
    click(table, "gral")  # type: ignore[arg-type]
    click(table, "titurel")  # type: ignore[arg-type]
    assert engine(table).to_dict(table.game.state) == expected
    assert table.game.match.moves == moves


def test_the_keyboard_picks_a_character_and_plays_on_a_target(main: MainWindow, qtbot: Any) -> None:
    """PAR-15.5: every gesture also without the mouse: a digit picks an own character, Enter plays."""
    table = start(main)
    state = lay(table, a=("ammaliatrice#1",), b=("parsifal",))
    expected = after(table, state, [Block(A, "ammaliatrice#1", "parsifal")])
    scene = table.scene
    assert scene.hand_cards() == ["ammaliatrice#1"]
    qtbot.keyClick(table.view, Qt.Key.Key_1)
    assert scene.selected == "ammaliatrice#1" and scene.focus_target == "parsifal"
    qtbot.keyClick(table.view, Qt.Key.Key_Return)
    assert engine(table).to_dict(table.game.state) == expected


# --- the shared response prompt (PAR-6.8.6) -------------------------------------------------


def interrupt_table(main: MainWindow) -> tuple[ParsifalTable, ParState]:
    """T-08/T-10: B's Ferris holds the Horn, C's Amfortas the Balm: both may interrupt A's action."""
    table = start(main)
    state = lay(table, common=("gral",), a=("klingsor", "titurel+pane"), b=("ferris+corno",),
                c=("amfortas+balsamo",))
    assert engine(table).eligible(state) == [B, C]
    return table, state


def test_an_interrupt_goes_through_the_shared_prompt(main: MainWindow, dialogs: Dialogs) -> None:
    """PAR-6.8.3, 6.8.6 (T-08): the declared action waits on the table; everybody is asked at once;
    'I interrupt' → who → that person's choices (no curtain: nothing is hidden) → the Horn dropped on
    the declared action cancels it and ends A's turn."""
    table, state = interrupt_table(main)
    expected = after(table, state, [Take(A, "klingsor", "gral"), Interrupt(B, "ferris", "corno")])
    drag(table, "gral", centre(table, "klingsor"))  # type: ignore[arg-type]
    assert table.game.state.step == "window" and table.decider() is None
    assert PENDING_KEY in table.scene.items_by_key and not table.scene.curtain_up
    assert set(table.buttons) >= {"nobody", "interrupt"} and "end_turn" not in table.buttons
    assert "Luca" in table.prompt.text() and "Ana" in table.prompt.text()
    dialogs.answers = [0]
    table.buttons["interrupt"].click()
    assert dialogs.asked[-1][2] == ["Luca", "Ana"]  # in turn order after the active player
    assert table.decider() == B and not table.scene.curtain_up and "Luca" in table.prompt.text()
    assert PENDING_KEY in table.scene.dests["corno"]
    drag(table, "corno", centre(table, PENDING_KEY))  # type: ignore[arg-type]
    assert engine(table).to_dict(table.game.state) == expected
    assert table.game.state.active == B and "gral" in table.game.state.common and "corno" in table.game.state.limbo


def test_nobody_interrupts_and_the_action_resolves(main: MainWindow) -> None:
    """PAR-6.8.6: 'Nobody' lets every eligible player decline in turn; then the action resolves."""
    table, state = interrupt_table(main)
    expected = after(table, state, [Take(A, "klingsor", "gral"), Decline(B), Decline(C)])
    click(table, "gral")  # type: ignore[arg-type]
    click(table, "klingsor")  # type: ignore[arg-type]
    table.buttons["nobody"].click()
    assert engine(table).to_dict(table.game.state) == expected
    assert table.game.state.held["klingsor"] == ["gral"]


def test_back_from_the_interrupt_choices_returns_to_the_shared_prompt(main: MainWindow, dialogs: Dialogs) -> None:
    table, _state = interrupt_table(main)
    drag(table, "gral", centre(table, "klingsor"))  # type: ignore[arg-type]
    dialogs.answers = [1]
    table.buttons["interrupt"].click()
    assert table.decider() == C
    table.buttons["back"].click()
    assert table.decider() is None and "nobody" in table.buttons


# --- refusals, in the player's language, losing nothing ------------------------------------


@pytest.fixture(params=["en", "it"])
def speaking(request: pytest.FixtureRequest, qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs, language=request.param)


def reason(table: ParsifalTable, code: str, **params: object) -> str:
    return table.tr_.text(f"illegal.{code}", **params)


def unchanged(table: ParsifalTable, before: dict[str, Any], done: int) -> None:
    assert engine(table).to_dict(table.game.state) == before
    assert len(table.game.match.moves) == done


def test_the_swan_cannot_take_an_artifact(speaking: MainWindow) -> None:
    """PAR-5.5 (T-06): dropping an artifact on the Swan is refused, with the reason in the player's language."""
    table = start(speaking)
    state = lay(table, common=("arco",), a=("cigno",))
    before = engine(table).to_dict(state)
    assert "cigno" not in table.scene.dests["arco"]
    drag(table, "arco", centre(table, "cigno"))  # type: ignore[arg-type]
    assert table.message.text() == reason(table, "swan_cannot_hold")
    unchanged(table, before, 0)


def test_a_second_action_in_a_turn_is_refused(speaking: MainWindow) -> None:
    """PAR-5.6 (T-20): after the action, with the Bread held, taking another artifact is refused."""
    table = start(speaking)
    lay(table, common=("gral", "arco"), a=("klingsor+pane",))
    drag(table, "gral", centre(table, "klingsor"))  # type: ignore[arg-type]
    assert table.game.state.step == "after_action"
    before = engine(table).to_dict(table.game.state)
    drag(table, "arco", centre(table, "klingsor"))  # type: ignore[arg-type]
    assert table.message.text() == reason(table, "one_action_per_turn")
    unchanged(table, before, 1)
    click(table, "arco")  # type: ignore[arg-type]  # the click path says the same
    click(table, "klingsor")  # type: ignore[arg-type]
    assert table.message.text() == reason(table, "one_action_per_turn")
    unchanged(table, before, 1)


def test_a_click_on_an_unlit_place_keeps_the_card_held_and_says_why(speaking: MainWindow) -> None:
    """Issue #36: with a card held, a click on a place that is not lit (a character that refuses it, a player's
    area, the bare felt) leaves the card in the hand that holds it and says why; Escape puts it down."""
    table = start(speaking)
    state = lay(table, common=("arco",), a=("cigno", "klingsor"))
    before = engine(table).to_dict(state)
    scene = table.scene
    click(table, "arco")  # type: ignore[arg-type]
    assert scene.selected == "arco" and "klingsor" in scene.dests["arco"] and "cigno" not in scene.dests["arco"]
    click(table, "cigno")  # type: ignore[arg-type]  # PAR-5.5: the Swan holds no artifact
    assert scene.selected == "arco" and table.message.text() == reason(table, "swan_cannot_hold")
    click(table, area_key(B))  # type: ignore[arg-type]
    assert scene.selected == "arco" and table.message.text() == table.tr_.text("status.drop_outside")
    table.message.clear()
    felt = view_point(table, QPointF(scene.width() - 4, scene.height() - 4))  # type: ignore[arg-type]
    port = table.view.viewport()
    _send(port, QEvent.Type.MouseButtonPress, felt, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
    _send(port, QEvent.Type.MouseButtonRelease, felt, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)
    assert scene.card_at(QPointF(scene.width() - 4, scene.height() - 4)) is None
    assert scene.selected == "arco" and table.message.text() == table.tr_.text("status.drop_outside")
    unchanged(table, before, 0)
    scene.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier))
    assert scene.selected == ""
    click(table, "arco")  # type: ignore[arg-type]  # and the lit place still takes it
    click(table, "klingsor")  # type: ignore[arg-type]
    assert table.game.match.moves == [Take(A, "klingsor", "arco")]


def test_an_interrupt_cannot_be_interrupted(speaking: MainWindow, dialogs: Dialogs) -> None:
    """PAR-6.8.4 (T-10): once B has interrupted, no prompt is offered on the interrupt, and C's attempt is
    refused with the reason in the player's language."""
    table, _state = interrupt_table(speaking)
    drag(table, "gral", centre(table, "klingsor"))  # type: ignore[arg-type]
    dialogs.answers = [0]
    table.buttons["interrupt"].click()
    table.buttons["spend:0"].click()
    assert table.game.state.step != "window" and "interrupt" not in table.buttons and "nobody" not in table.buttons
    before, done = engine(table).to_dict(table.game.state), len(table.game.match.moves)
    assert not table.play(Interrupt(C, "amfortas", "balsamo"))
    assert table.message.text() == reason(table, "no_action_to_interrupt")
    unchanged(table, before, done)


def test_a_blocked_character_cannot_act(speaking: MainWindow) -> None:
    """PAR-6.1.4 (T-19): dragging a blocked character onto a target is refused, naming it."""
    table = start(speaking)
    lay(table, a=("gawan",), b=("cavaliere#1", "klingsor"))
    block(table, "cavaliere#1", "gawan")
    before = engine(table).to_dict(table.game.state)
    assert not table.scene.dests["gawan"]  # may be picked up, lights nothing
    drag(table, "gawan", centre(table, "klingsor"))  # type: ignore[arg-type]
    assert table.message.text() == reason(table, "character_blocked", card=table.faces.name("gawan"))
    unchanged(table, before, 0)


# --- choosing among moves, setting up, saving ------------------------------------------------


def test_one_gesture_for_several_moves_asks_which(main: MainWindow, dialogs: Dialogs) -> None:
    """PAR-15.5: the Bow dropped on Limbo could be sent by the Swan or by Klingsor: the table asks which."""
    table = start(main)
    lay(table, common=("arco",), a=("cigno", "klingsor"))
    group = table.groups[("arco", LIMBO_KEY)]
    assert len(group) == 2
    dialogs.answers = [1]
    drag(table, "arco", centre(table, LIMBO_KEY))  # type: ignore[arg-type]
    assert table.game.match.moves == [group[1]] and "arco" in table.game.state.limbo


def test_a_choice_closed_unanswered_puts_the_dropped_card_back(main: MainWindow, dialogs: Dialogs) -> None:
    """PAR-15.5, found by the monkey test: the Bow dropped on Limbo, the 'which one?' box closed: nothing
    is played, and the Bow lies back in its place, neither held nor raised, with no target left lit."""
    table = start(main)
    lay(table, common=("arco",), a=("cigno", "klingsor"))
    home = table.scene.items_by_key["arco"].pos()
    dialogs.answers = [-1]
    drag(table, "arco", centre(table, LIMBO_KEY))  # type: ignore[arg-type]
    bow = table.scene.items_by_key["arco"]
    assert table.game.match.moves == [] and bow.pos() == home and bow.zValue() < 100
    assert not bow.selected and not table.scene.items_by_key[LIMBO_KEY].highlighted


def test_setup_offers_first_player_direction_and_rounds(main: MainWindow, qtbot: Any) -> None:
    """PAR-3.1: who starts, which way play goes, rounds after the deck (or unlimited)."""
    holder = QWidget()
    qtbot.addWidget(holder)
    form = QFormLayout(holder)
    read = ParsifalTable.setup_options(Translator("en").for_game("parsifal"), form)
    assert read(3) == {"first_player": 0, "direction": "clockwise", "rounds_after_deck": 5}
    boxes = holder.findChildren(QComboBox)
    assert len(boxes) == 3
    boxes[0].setCurrentIndex(2)
    boxes[1].setCurrentIndex(1)
    boxes[2].setCurrentIndex(boxes[2].count() - 1)
    options = read(3)
    assert options == {"first_player": 2, "direction": "counterclockwise", "rounds_after_deck": "unlimited"}
    table = start(main, players=3, **options)
    assert table.game.state.active == 2 and engine(table).seat_order(table.game.state) == [1, 0]


def test_the_game_is_saved_and_opens_again(main: MainWindow) -> None:
    table = start(main, players=3)
    table.buttons["end_turn"].click()
    table.buttons["end_turn"].click()
    saved = ParsifalGame.load(autosave_path())
    assert saved.names == NAMES[:3] and saved.match.moves == [EndTurn(A), EndTurn(B)]
    assert engine(table).to_dict(saved.state) == engine(table).to_dict(table.game.state)


def test_switching_language_redraws_every_card(main: MainWindow) -> None:
    table = start(main)
    lay(table, common=("gral",), a=("klingsor",))
    main.tr_.set_language("it")
    QApplication.processEvents()
    assert table.scene.items_by_key["gral"].face.title == "Gral"
    assert table.tr_.text("button.end_turn") == table.buttons["end_turn"].text()


def test_freeing_two_at_once_is_offered_by_the_more_button(main: MainWindow, dialogs: Dialogs) -> None:
    """PAR-6.2.1 (T-25): a move no single gesture makes (two targets) comes from 'More actions…'."""
    table = start(main)
    lay(table, a=("cavaliere#2+lancia",), b=("parsifal", "gamuret"), c=("herzeleide",))
    block(table, "herzeleide", "parsifal")
    block(table, "herzeleide", "gamuret")
    free = engine(table).abilities(table.game.state, "cavaliere#2").free
    assert free >= 2, "the Grail Knight with the Spear frees two at once (T-25)"
    table.buttons["more"].click()  # nothing chosen: nothing played
    offered = dialogs.asked[-1][2]
    assert not table.game.match.moves and len(table.game.state.blocks) == 2
    dialogs.answers = [next(i for i, label in enumerate(offered) if "Parsifal" in label and "Gamuret" in label)]
    table.buttons["more"].click()
    assert not table.game.state.blocks


def test_the_end_of_the_game_is_announced(main: MainWindow, dialogs: Dialogs) -> None:
    """PAR-9.3: once the deck is spent, a whole round in which nobody acts ends the game in a draw; the
    table says so, in a box and in the prompt bar, and offers no more moves."""
    table = start(main, players=2)
    state = lay(table, a=("klingsor",), b=("amfortas",))
    state.last_draw_turn = state.turn
    table.refresh()
    for _ in range(3):
        table.buttons["end_turn"].click()
    assert table.game.state.step == "over" and table.game.state.reason == "all_passed"
    end = table.tr_.text("end.drawn", why=table.tr_.text("game_drawn.all_passed"))
    assert dialogs.informed[-1] == (table.tr_.text("hs.end_title"), end) and table.prompt.text() == end
    assert "end_turn" not in table.buttons


def test_the_deck_counts_the_turns_left_in_words_and_stops_once_the_game_is_over(main: MainWindow) -> None:
    """PAR-9.4: once the deck is spent the deck says how many turns are left, "1 turn left" at one (issue #38:
    "Nog 1 beurten" was on the Dutch table); a finished game has none left to count."""
    table = start(main, players=2)
    state = lay(table, a=("klingsor",), b=("amfortas",))
    # The last turn of the rounds played after the deck ran out: one left, this one.
    state.last_draw_turn = state.turn - state.options["rounds_after_deck"] * state.players
    table.refresh()
    assert engine(table).post_deck_turns_left(state) == 1
    assert table.scene.items_by_key["zone:deck"].face.title.endswith("\n\n1 turn left")
    table.tr_.set_language("nl")
    assert table.scene.items_by_key["zone:deck"].face.title.endswith("\n\nNog 1 beurt")
    table.tr_.set_language("en")
    table.buttons["end_turn"].click()
    assert table.game.state.step == "over"
    assert "turn" not in table.scene.items_by_key["zone:deck"].face.title


def test_a_game_played_with_hints_says_so_at_its_end(main: MainWindow, dialogs: Dialogs, qtbot: Any) -> None:
    """Issue #36: the hints each seat was shown are counted, and the end of the game names who took them."""
    table = start(main, players=2)
    table.hinter.ask()  # on the deal (a position laid by hand lacks the cards a hint deals again)
    qtbot.waitUntil(lambda: not table.hinter.background.busy(), timeout=60_000)
    assert table.hinter.shown is not None and table.game.hints == {A: 1}
    state = lay(table, a=("klingsor",), b=("amfortas",))
    state.last_draw_turn = state.turn
    table.refresh()
    for _ in range(3):
        table.buttons["end_turn"].click()
    assert table.game.state.step == "over"
    t = table.tr_.text
    end = t("end.drawn", why=t("game_drawn.all_passed"))
    used = t("hint.used", players=t("hint.used_by", player=NAMES[A], count=1))
    assert dialogs.informed[-1] == (t("hs.end_title"), f"{end}\n{used}")


def test_a_wide_window_widens_the_table_and_its_areas(main: MainWindow) -> None:
    """At 1280×720 the view is wider for its height than the table: the table takes that width (its areas and
    their characters grow wider, PAR-15) instead of leaving bare felt on either side; a taller window keeps
    the narrowest table."""
    table = start(main)
    scene, view = table.scene, table.view
    main.resize(1280, 720)
    QApplication.processEvents()
    wide = scene.sceneRect().width()
    room = view.contentsRect()
    shaped = min(WIDEST_FLOOR, scene.sceneRect().height() * room.width() / room.height())  # the view's shape
    assert wide > WIDTH and abs(wide - shaped) <= 10
    cards = [item.face.width for key, item in scene.items_by_key.items() if key in scene.par_view.owner]
    assert cards and min(cards) > CARD[0]
    main.resize(1280, 1000)
    QApplication.processEvents()
    assert scene.sceneRect().width() == WIDTH


def test_a_redraw_measures_again_only_the_cards_whose_text_or_room_changed(main: MainWindow,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A character grows to its text where its area has room (PAR-15.3, PAR-15.4) by measuring its texts at each
    step; a redraw that changes nothing measures nothing again (issue #42), and lays every card out as a
    redraw that measures them all does."""
    from desktop.frame import kept_fits
    from desktop.games.parsifal import scene as scene_module

    table = start(main)
    main.resize(1280, 720)
    QApplication.processEvents()
    scene = table.scene
    measured: list[object] = []
    real = scene_module.left_out
    monkeypatch.setattr(scene_module, "left_out", lambda face, scale: measured.append(face) or real(face, scale))
    laid = {key: (item.face, item.pos(), item.scale()) for key, item in scene.items_by_key.items()}
    scene.redraw()
    assert measured == []
    assert {key: (item.face, item.pos(), item.scale()) for key, item in scene.items_by_key.items()} == laid
    scene._growths.clear()  # as a first drawing, with nothing kept from an earlier start
    kept_fits.forget()
    scene._areas.clear()
    scene._rows.clear()
    scene._laid.clear()
    scene.redraw()
    assert measured  # the characters were measured, and grew as they had
    assert {key: (item.face, item.pos(), item.scale()) for key, item in scene.items_by_key.items()} == laid
    measured.clear()
    main.tr_.set_language("it")
    QApplication.processEvents()
    assert measured  # new words: measured again


def test_a_later_start_lays_out_the_cards_it_met_without_measuring_their_texts(
        main: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """How far each card grows for its text and how wide its column is (PAR-15.3, PAR-15.4) are kept between starts
    (kept_fits): a later start lays a table it met out as measuring afresh does, and measures no card's text to
    know it. Measuring a crowded table's columns at several widths made each move's redraw a third slower."""
    import random

    from desktop.frame import kept_fits
    from desktop.games.parsifal import scene as scene_module

    kept_fits.forget()  # this test's own cache folder, read from the first ask
    table = start(main, players=6)
    main.resize(1264, 672)
    match, rng = table.game.match, random.Random(2)
    for _ in range(30):
        match.play(rng.choice(match.legal_moves(rng.choice(sorted(match.engine.to_act(match.state))))))
    table.refresh()
    QApplication.processEvents()
    scene = table.scene
    assert scene.par_view is not None
    widths = {scene.items_by_key[c].face.width for c in scene.par_view.owner if c in scene.items_by_key}
    assert len(widths) > 2  # columns of several widths: some were widened for their texts, some gave way
    laid = {key: (item.face, item.pos(), item.scale()) for key, item in scene.items_by_key.items()}
    kept_fits.save()  # as the process ends
    kept_fits.forget()  # and the next one starts
    scene._growths.clear()
    scene._areas.clear()
    scene._rows.clear()
    scene._laid.clear()
    measured: list[object] = []
    real = scene_module.left_out
    monkeypatch.setattr(scene_module, "left_out", lambda face, scale: measured.append(face) or real(face, scale))
    scene.redraw()
    assert measured == []
    assert {key: (item.face, item.pos(), item.scale()) for key, item in scene.items_by_key.items()} == laid


def _grown_step_by_step(left_out: Any, make: Any, size: tuple[float, float], spare: float, seen: float,
                        most: float, cut_most: float | None = None) -> Any:
    """A card grown as the table first grew them: GROW_STEP at a time, measuring its text at each step; cut at
    every height, no taller than `cut_most` (`most` unless told)."""
    from desktop.games.parsifal.scene import GROW_STEP

    tallest = min(size[1] + spare, most)
    face, height = make(size), size[1]
    while left_out(face, seen) and height + GROW_STEP <= tallest:
        height += GROW_STEP
        face = make((size[0], height))
    while left_out(face, seen) and height > size[1] and height > (most if cut_most is None else cut_most):
        height -= GROW_STEP
        face = make((size[0], height))
    return face


def test_a_card_grown_to_its_text_is_not_measured_again_when_its_area_leaves_it_less_room(
        main: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """A move elsewhere in an area changes the height its cards may grow into (PAR-15.3, PAR-15.4); what a card's
    text needs is known from the first time, so a smaller room measures nothing again (issue #42), and each room
    gets the card a step-by-step growth gives."""
    from desktop.games.parsifal import scene as scene_module
    from desktop.games.parsifal.scene import TALLEST, TALLEST_CUT

    table = start(main)
    main.resize(1280, 720)
    QApplication.processEvents()
    scene, view = table.scene, table.scene.par_view
    assert view is not None and scene.view_scale is not None
    real = scene_module.left_out
    character = max(view.owner, key=lambda c: len(conditions(scene.faces.cards, view, c)))
    lines = tuple(conditions(scene.faces.cards, view, character))

    def make(size: tuple[float, float]) -> Any:
        return scene.faces.character(character, lines, False, False, size=size)

    scale = 0.55  # a crowded area's: the text needs more height than the card has
    seen = scene.view_scale * scale
    assert _grown_step_by_step(real, make, CARD, 80, seen, TALLEST).height > CARD[1]
    measured: list[object] = []
    monkeypatch.setattr(scene_module, "left_out", lambda face, scale: measured.append(face) or real(face, scale))
    for spare in (80, 40, 12, 0):
        face, whole = scene._grown(make, CARD, spare, scale)
        assert face == _grown_step_by_step(real, make, CARD, spare, seen, TALLEST, TALLEST_CUT)
        assert whole == (not real(face, seen))
        if spare != 80:
            assert measured == [], spare
        measured.clear()


def test_cards_grow_as_a_step_by_step_growth_would_through_a_game(main: MainWindow,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The growth is found by trying the tallest room first and halving the rest, on the ground that a taller card
    never hides more of its text: through a game for four, every card grows as it would step by step (PAR-15.3)."""
    import random

    from desktop.games.parsifal import scene as scene_module
    from desktop.games.parsifal.scene import TALLEST, TALLEST_CUT

    table = start(main)
    main.resize(1280, 720)
    QApplication.processEvents()
    scene = table.scene
    real_grown = scene_module.ParsifalScene._grown
    compared: list[bool] = []

    def grown(self: Any, make: Any, size: tuple[float, float], spare: float, scale: float,
              most: float | None = None) -> Any:
        face, whole = real_grown(self, make, size, spare, scale, most)
        if self.view_scale is not None:
            seen = self.view_scale * scale
            expected = _grown_step_by_step(scene_module.left_out, make, size, spare, seen,
                                           TALLEST if most is None else most, TALLEST_CUT if most is None else most)
            compared.append(face.height > size[1])
            assert face == expected and whole == (not scene_module.left_out(face, seen))
        return face, whole

    monkeypatch.setattr(scene_module.ParsifalScene, "_grown", grown)
    match, rng = table.game.match, random.Random(3)
    for _ in range(30):
        if match.engine.is_over(match.state):
            break
        match.play(rng.choice(match.legal_moves(rng.choice(sorted(match.engine.to_act(match.state))))))
        table.refresh()
    assert any(compared) and not all(compared)  # some cards grew, some did not


# --- what a redraw repaints (issue #42) ---------------------------------------------------------


def test_a_turn_passing_repaints_the_two_areas_bands_not_the_areas(main: MainWindow) -> None:
    """The band of the area whose turn it is changes colour (PAR-15); the rest of both areas, and the cards on them,
    are not repainted for it: a whole area repainted at each turn was most of a redraw's painting."""
    table = start(main)
    lay(table, a=("titurel",), b=("gawan",))  # the deck spent: nobody draws, only the turn passes
    assert table.play(EndTurn(A))
    QApplication.processEvents()
    scene, view = table.scene, table.view
    painted = Painted(view.viewport())

    def on_screen(x: float, y: float) -> QPoint:
        return view.mapFromScene(QPointF(x, y))

    assert table.play(EndTurn(B))
    QApplication.processEvents()
    bands = {}
    for seat in (B, C):
        ax, ay, aw, ah = scene.area_rects[seat]
        bands[seat] = on_screen(ax + aw / 2, ay + 8)
        felt = on_screen(ax + aw - 6, ay + ah - 6)  # the area's lower right corner: bare felt
        assert painted.region.contains(bands[seat]) and not painted.region.contains(felt)
    drawn = view.viewport().grab().toImage()  # the bands as the items' kept pixels show them
    assert drawn.pixelColor(bands[B]).name() == AREA_BAND_COLOUR and drawn.pixelColor(bands[C]).name() == ACTIVE_BAND


def test_a_new_table_does_not_measure_again_the_cards_another_table_met(main: MainWindow, qtbot: Any,
                                                                        dialogs: Dialogs,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """How far a card grows for its words at a scale is the same at any table (PAR-15.3): a second window on the
    same deal draws its first table without measuring a card again (issue #42), and lays it out alike."""
    from desktop.games.parsifal import scene as scene_module

    first = start(main)
    main.resize(1280, 720)
    QApplication.processEvents()
    laid = {key: (item.face, item.pos(), item.scale()) for key, item in first.scene.items_by_key.items()}
    measured: list[object] = []
    real = scene_module.left_out
    monkeypatch.setattr(scene_module, "left_out", lambda face, scale: measured.append(face) or real(face, scale))
    other = make_window(qtbot, dialogs)
    other.resize(1280, 720)
    second = start(other)
    QApplication.processEvents()
    assert second.scene.view_scale == first.scene.view_scale and measured == []
    assert {key: (item.face, item.pos(), item.scale()) for key, item in second.scene.items_by_key.items()} == laid


def test_the_common_artifacts_widen_as_a_step_by_step_widening_would_through_a_game(
        main: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    """The common area's artifacts widen a step at a time while a rule text would be cut (issue #36); each
    artifact's width is found by halving and kept (issue #42): through a game for six, in English and Dutch, the
    width is the one a step-by-step widening of them all together gives."""
    import random

    from desktop.games.parsifal import scene as scene_module
    from desktop.games.parsifal.scene import GROW_STEP

    real_width = scene_module._common_width
    real = scene_module.left_out
    widened: list[bool] = []

    def width(faces: list[Any], share: float, seen: float | None) -> float:
        found = real_width(faces, share, seen)
        if faces and seen is not None:
            expected = faces[0].width
            while expected + GROW_STEP <= share and any(real(replace(f, width=expected), seen) for f in faces):
                expected += GROW_STEP
            widened.append(found > faces[0].width)
            assert found == expected
        return found

    monkeypatch.setattr(scene_module, "_common_width", width)
    for language in ("en", "nl"):
        main.tr_.set_language(language)
        table = start(main, players=6, seed=11)
        main.resize(1280, 720)
        QApplication.processEvents()
        match, rng = table.game.match, random.Random(5)
        for _ in range(40):
            if match.engine.is_over(match.state):
                break
            match.play(rng.choice(match.legal_moves(rng.choice(sorted(match.engine.to_act(match.state))))))
            table.refresh()
    assert any(widened) and not all(widened)


def test_a_turn_passing_makes_no_face_again_in_the_areas_it_leaves_alone(main: MainWindow,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn passing from A to B changes their areas' bands (PAR-15); C's and D's areas show the same cards, so
    their faces are not made, measured or grown again (issue #42), and lie where they lay."""
    table = start(main)
    lay(table, a=("titurel",), b=("gawan",), c=("kundry",), d=("klingsor",))
    QApplication.processEvents()
    scene = table.scene
    before = {key: (item.face, item.pos()) for key, item in scene.items_by_key.items()}
    made: list[str] = []
    real = scene.faces.character
    monkeypatch.setattr(scene.faces, "character", lambda instance, *args, **kwargs: made.append(instance) or real(
        instance, *args, **kwargs))
    assert table.play(EndTurn(A))
    QApplication.processEvents()
    assert "kundry" not in made and "klingsor" not in made
    assert all((scene.items_by_key[key].face, scene.items_by_key[key].pos()) == before[key]
               for key in ("kundry", "klingsor", area_key(C), area_key(D)))
