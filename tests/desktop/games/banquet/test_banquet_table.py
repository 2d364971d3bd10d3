"""Bacchus' Banquet for several people on one screen (issue 5): the curtain, a whole round played
on the table, secrets that never reach the scene or the log, and refused moves explained in the
player's language with nothing lost. Rule numbers are the digest's (BB-x.y)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QCheckBox, QGraphicsSimpleTextItem, QGraphicsTextItem
from table_driver import Dialogs, _send, centre, click, drag, make_window, view_point

from desktop.frame.card_item import CardItem
from desktop.frame.card_table import DECK_KEY
from desktop.frame.seat_table import SeatSetupDialog
from desktop.games.banquet.faces import title
from desktop.games.banquet.scene import TRAY_KEY
from desktop.games.banquet.table import BanquetGame, BanquetTable
from desktop.shell.main_window import MainWindow
from rules.banquet.state import ARRANGE, OFFER, OVER, PICK, RESPOND, WINDOW, BanquetState
from rules.kernel import HIDDEN, Event

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def start(main: MainWindow, seed: int, names: list[str] | None = None, mode: str = "standard",
          **options: Any) -> BanquetTable:
    bt = main.new_hotseat("banquet", mode, names or NAMES, options, seed)
    assert isinstance(bt, BanquetTable)
    QApplication.processEvents()
    return bt


def lift(bt: BanquetTable) -> None:
    """A click on the curtain, as the person now alone at the screen does."""
    table: Any = bt
    at = view_point(table, QPointF(bt.scene.width() / 2, bt.scene.height() / 2))
    port = bt.view.viewport()
    _send(port, QEvent.Type.MouseButtonPress, at, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
    _send(port, QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)


def drop(bt: BanquetTable, key: str, target: str) -> None:
    """Drag the item `key` onto the item `target` with the mouse (the driver's helpers, on a table)."""
    table: Any = bt
    drag(table, key, centre(table, target))


def tap(bt: BanquetTable, key: str) -> None:
    table: Any = bt
    click(table, key)


def lift_if_up(bt: BanquetTable) -> None:
    if bt.scene.curtain_up:
        assert_no_secret(bt)
        lift(bt)


def pick_three(bt: BanquetTable, rng: random.Random | None = None) -> list[str]:
    """Three clicks on circle cards (BB-5.1)."""
    circle = [c for c in bt.game.state.circle if c is not None]
    chosen = rng.sample(circle, 3) if rng is not None else circle[:3]
    for card in chosen:
        tap(bt, card)
    return chosen


def arrange(bt: BanquetTable, order: list[str]) -> None:
    """Drag two picked cards onto the Discard and Keep slots: the third is the gift (BB-5.3)."""
    lift_if_up(bt)
    drop(bt, order[0], "slot:discard")
    assert bt.game.state.phase == ARRANGE  # one card placed is not yet a move
    drop(bt, order[1], "slot:keep")


def scene_words(bt: BanquetTable) -> str:
    """Everything written on the table, the prompt bar and the log, and every item's key."""
    parts = [bt.prompt.text(), bt.message.text()]
    for item in bt.scene.items():
        if isinstance(item, CardItem):
            face = item.face
            parts += [item.key, face.kind_label, face.year, face.title, face.body, face.stamp]
        elif isinstance(item, QGraphicsSimpleTextItem):
            parts.append(item.text())
        elif isinstance(item, QGraphicsTextItem):
            parts.append(item.toPlainText())
    parts += [bt.log.item(i).text() for i in range(bt.log.count())]
    parts.append(bt.detail_key)
    return "\n".join(parts)


def assert_no_secret(bt: BanquetTable) -> None:
    """BB-17.1, BB-17.5.2, BB-17.5.5: nothing the person looking now may not see is an item, a word or a
    log line; while the curtain is up, nobody is looking and the table draws the public view."""
    state: BanquetState = bt.game.state
    drawing = bt.scene.drawing
    assert drawing is not None
    viewer = None if bt.scene.curtain_up else drawing.viewer
    assert drawing.viewer == viewer
    words = scene_words(bt)
    log = "\n".join(bt.log.item(i).text() for i in range(bt.log.count()))
    eng = bt.game.engine
    if state.phase == OVER:
        return
    for seat in range(state.seats):
        guest = state.guests[seat]
        if seat != viewer and guest is not None and guest not in eng.public_guests:
            assert title(bt.tr_, guest) not in words, (seat, guest)
        if seat != viewer and state.options["privileges"] == "hidden":
            for card in state.privileges[seat]:
                assert card not in bt.scene.items_by_key and title(bt.tr_, card) not in words, (seat, card)
    for slot, face in state.slots.items():
        if face is None:
            continue
        assert face not in bt.scene.items_by_key or viewer == state.active
        item = bt.scene.items_by_key.get(f"in:{slot}")
        assert item is not None
        assert item.face.face_down == (viewer != state.active), slot
    # The log is everybody's: never a face of the slots, never a replacement guest (BB-17.2).
    assert "You discard" not in log and "Your new guest" not in log
    for event in bt.log_lines():
        assert event.kind != "cards_arranged" or set(event.params) == {"player"}
        assert event.kind != "replacement_drawn" or "guest" not in event.params


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def seed_where(test: Any, options: dict[str, Any] | None = None, seats: int = 4) -> int:
    """The first deal for which `test(game)` holds (cheap: no table is drawn)."""
    for seed in range(500):
        game = BanquetGame.start("banquet", "standard", NAMES[:seats], dict(options or {}), seed)
        assert isinstance(game, BanquetGame)
        if test(game):
            return seed
    raise AssertionError("no such deal")


def test_the_circles_seven_cards_and_the_deck_cover_none_of_each_other(main: MainWindow) -> None:
    """BB-3.6: the seven cards of the circle lie round the deck, each name band in sight (two pairs of a round
    circle covered each other's bands once the cards grew to carry their names whole)."""
    bt = start(main, 1)
    lift(bt)
    keys = [c for c in bt.game.state.circle if c is not None] + [DECK_KEY]
    rects = [bt.scene.items_by_key[key].sceneBoundingRect() for key in keys]
    assert len(rects) == 8
    overlaps = [(a, b) for i, a in enumerate(keys) for j, b in enumerate(keys)
                if i < j and rects[i].intersects(rects[j])]
    assert overlaps == []


def test_a_whole_round_on_the_table_behind_the_curtain(main: MainWindow) -> None:
    """BB-3.7, BB-5.1-5.3, BB-6.1-6.7, BB-9.1-9.4, BB-12.5, BB-17.5: pick and arrange behind the host's
    curtain, offer, nobody plays a privilege, a refusal passed on, an acceptance, the Keep, the refill,
    the next host."""
    bt = start(main, 1)
    state = bt.game.state
    host = state.active
    assert state.guests[host] == "caligula"  # BB-3.7; with two secret privileges: a curtain
    assert bt.scene.curtain_up and NAMES[host] in bt.scene.curtain_words
    assert_no_secret(bt)
    lift(bt)
    assert not bt.scene.curtain_up and {c for c in state.privileges[host]} <= set(bt.scene.items_by_key)
    picked = pick_three(bt)
    assert state.phase == ARRANGE and set(state.hand) == set(picked)
    assert not bt.scene.curtain_up  # the host is still the one looking
    arrange(bt, picked)
    assert state.phase == OFFER
    assert state.slots == {"discard": picked[0], "keep": picked[1], "gift": picked[2]}
    assert not bt.scene.items_by_key["in:gift"].face.face_down  # the host sees the faces (BB-17.1)
    first = (host + 1) % 4
    second = (host + 2) % 4
    drop(bt, "in:gift", f"seat:{first}")
    assert state.phase == WINDOW and state.holder == first and not bt.scene.curtain_up
    assert_no_secret(bt)
    bt.buttons["no_privilege"].click()
    assert state.phase == RESPOND
    # The holder's curtain: under it, and behind it, the gift is a back (BB-6.4, BB-17.5.3).
    assert bt.scene.curtain_up and NAMES[first] in bt.scene.curtain_words
    assert_no_secret(bt)
    lift(bt)
    assert_no_secret(bt)
    assert bt.scene.items_by_key["in:gift"].face.face_down
    assert set(bt.buttons) >= {"accept", f"pass:{second}"} and f"pass:{host}" not in bt.buttons  # BB-6.5
    bt.buttons[f"pass:{second}"].click()
    assert state.holder == second and state.offered == [first, second]
    bt.buttons["no_privilege"].click()
    lift_if_up(bt)
    assert_no_secret(bt)
    bt.buttons["accept"].click()
    # The gift was applied to the accepter, the Keep to the host; a new round with the accepter as host.
    assert picked[2] in state.rows[second] and picked[1] in state.rows[host]
    assert state.round == 2 and state.phase == PICK and state.active == second
    assert picked[0] in state.discard_pile and sum(c is not None for c in state.circle) == 7
    log = [bt.log.item(i).text() for i in range(bt.log.count())]
    assert f"{NAMES[host]} arranges the cards." in log
    assert f"{title(bt.tr_, picked[2])} goes into the row of {NAMES[second]}." in log
    assert not any(title(bt.tr_, picked[0]) in line and "turned face up" in line for line in log)  # BB-9.3
    # The accepter hosts the next round and is already the one looking: no new curtain (BB-17.5.1).
    assert not bt.scene.curtain_up and bt.prompt.text().startswith(NAMES[second])


def test_arrangement_waits_behind_a_curtain_even_for_a_host_with_nothing_secret(main: MainWindow) -> None:
    """BB-5.3, BB-17.5.3: Caligula, with privileges off, picks in front of everybody (nothing to hide),
    but the curtain falls before the cards are laid out."""
    bt = start(main, 0, privileges="off")
    assert not bt.scene.curtain_up
    picked = pick_three(bt)
    assert bt.game.state.phase == ARRANGE and bt.scene.curtain_up
    assert_no_secret(bt)
    lift(bt)
    arrange(bt, picked)
    assert bt.game.state.phase == OFFER


def test_the_host_may_take_back_a_placed_card_and_undo_the_arrangement(main: MainWindow) -> None:
    """BB-18.4: the host may undo Arrange while nobody else has moved; a placed card is the table's alone."""
    bt = start(main, 3, privileges="off")
    lift_if_up(bt)
    picked = pick_three(bt)
    lift_if_up(bt)
    drop(bt, picked[0], "slot:gift")
    assert bt.placing == {"gift": picked[0]} and bt.can_take_back()
    bt.undo()
    assert bt.placing == {} and bt.game.state.phase == ARRANGE
    arrange(bt, picked)
    assert bt.game.state.phase == OFFER and "undo" in bt.buttons
    bt.buttons["undo"].click()
    assert bt.game.state.phase == ARRANGE and bt.game.state.slots["gift"] is None


def test_offering_the_gift_twice_to_one_player_is_refused_in_the_players_language(
        qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """BB-6.5, BB-18.3 (`already_offered`, `active_not_yet`): a drop on a display the rules refuse is
    explained in Italian, and the gift stays where it was."""
    main = make_window(qtbot, dialogs, "it")
    bt = start(main, 4, privileges="off")
    state = bt.game.state
    host = state.active
    lift_if_up(bt)
    arrange(bt, pick_three(bt))
    first, second = (host + 1) % 4, (host + 2) % 4
    bt.buttons[f"offer:{first}"].click()
    lift(bt)
    drop(bt, "in:gift", f"seat:{host}")
    assert bt.message.text() == bt.tr_.text("illegal.active_not_yet")
    assert bt.message.text().startswith("Il dono torna")
    bt.buttons[f"pass:{second}"].click()
    lift(bt)
    moves = len(bt.game.match.moves)
    drop(bt, "in:gift", f"seat:{first}")
    assert bt.message.text() == bt.tr_.text("illegal.already_offered")
    assert bt.message.text() == "Questo dono è già stato offerto a quel giocatore."
    assert state.holder == second and len(bt.game.match.moves) == moves and state.offered == [first, second]


def privilege_deal(game: BanquetGame) -> bool:
    """Hidden privileges where the second player after the host holds an Exchange and the first one a
    privilege of their own."""
    state = game.state
    owner = (state.active + 2) % state.seats
    return any(c.startswith("exchange") for c in state.privileges[owner])


def test_a_second_privilege_and_a_gift_not_offered_are_refused(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """BB-12.2, BB-12.5, BB-17.5.4, BB-6.4: in the public privilege question one player says yes, gets their
    curtain, and cannot take a gift offered to another; after their Exchange, the holder's privilege is
    refused for the rest of the round, in Spanish, and nothing is lost."""
    main = make_window(qtbot, dialogs, "es")
    seed = seed_where(privilege_deal)
    bt = start(main, seed)
    state = bt.game.state
    host = state.active
    holder, owner = (host + 1) % 4, (host + 2) % 4
    lift_if_up(bt)
    arrange(bt, pick_three(bt))
    bt.buttons[f"offer:{holder}"].click()
    # The window: one public question, no curtain, nobody's privileges on show.
    assert state.phase == WINDOW and not bt.scene.curtain_up
    assert set(bt.buttons) >= {"no_privilege", "privilege"}
    assert_no_secret(bt)
    dialogs.answers.append(state.poll.index(owner))
    bt.buttons["privilege"].click()
    assert bt.scene.curtain_up and NAMES[owner] in bt.scene.curtain_words
    lift(bt)
    assert_no_secret(bt)
    drop(bt, "in:gift", f"seat:{owner}")
    assert bt.message.text() == bt.tr_.text("illegal.not_offered_to_you")
    assert bt.message.text() == "El regalo no se te está ofreciendo a ti."
    exchange = next(c for c in state.privileges[owner] if c.startswith("exchange"))
    before = dict(state.slots)
    bt.buttons[f"play:{exchange}"].click()
    assert state.privilege_used and exchange in state.removed
    first, second = bt.game.engine.privilege_cards[exchange].slots
    assert (state.slots[first], state.slots[second]) == (before[second], before[first])  # BB-12.9
    # The holder answers; their own privilege is refused now (BB-12.2).
    assert state.phase == RESPOND and state.holder == holder
    lift_if_up(bt)
    assert_no_secret(bt)
    card = state.privileges[holder][0]
    moves = len(bt.game.match.moves)
    target = f"seat:{owner}" if card == "special_gift" else "in:keep"
    drop(bt, card, target)
    assert bt.message.text() == bt.tr_.text("illegal.privilege_used_this_round")
    assert bt.message.text() == "En esta ronda ya se ha jugado un privilegio."
    assert len(bt.game.match.moves) == moves and card in state.privileges[holder]
    log = "\n".join(bt.log.item(i).text() for i in range(bt.log.count()))
    assert title(bt.tr_, exchange) in log  # a privilege played is shown to everyone (BB-12.1)


def test_nobody_plays_a_privilege_passes_for_every_polled_player(main: MainWindow) -> None:
    """BB-12.5, BB-17.5.4: 'Nobody' is one pass per polled player; then the holder answers."""
    bt = start(main, 11)
    state = bt.game.state
    lift_if_up(bt)
    arrange(bt, pick_three(bt))
    holder = next(int(k[6:]) for k in bt.buttons if k.startswith("offer:"))
    bt.buttons[f"offer:{holder}"].click()
    polled = list(state.poll)
    assert state.phase == WINDOW and polled
    bt.buttons["no_privilege"].click()
    assert state.phase == RESPOND and not state.privilege_used
    passes = [m for m in bt.game.match.moves if type(m).__name__ == "PassPrivilege"]
    assert [m.player for m in passes] == polled


def test_a_game_played_through_the_table_never_shows_a_secret(main: MainWindow, dialogs: Dialogs) -> None:
    """BB-17.1-17.5, BB-13.2, BB-14.5, D-26: a whole game on the table's own paths (clicks, drags,
    buttons, the privilege question); at every step the scene and the log hold only what the person
    looking may see; knock-outs name the guest; the end names the winners and reveals every guest."""
    bt = start(main, 21, names=NAMES + ["Elena"])
    rng = random.Random(5)
    state = bt.game.state
    for _ in range(400):
        if state.phase == OVER:
            break
        lift_if_up(bt)
        assert_no_secret(bt)
        if state.phase == PICK:
            pick_three(bt, rng)
        elif state.phase == ARRANGE:
            order = list(state.hand)
            rng.shuffle(order)
            arrange(bt, order)
        elif state.phase == WINDOW and bt.answering is None:
            if rng.random() < 0.2:
                dialogs.answers.append(rng.randrange(len(state.poll)))
                bt.buttons["privilege"].click()
            else:
                bt.buttons["no_privilege" if rng.random() < 0.7 else "no_privilege_round"].click()
        else:
            keys = [k for k in bt.buttons if k not in ("save", "undo", "pass_turn", "auto_pass")]
            if state.phase == WINDOW and len(keys) > 1 and rng.random() < 0.5:
                keys.remove("back")
            key = rng.choice(keys)
            dialogs.answers.append(0)
            bt.buttons[key].click()
            dialogs.answers.clear()
    assert state.phase == OVER
    # The deal and the choices were picked so the game sees knock-outs, privileges played and a win.
    assert state.knockouts and state.end_reason == "won"
    assert any(c in bt.game.engine.privilege_cards for c in state.removed)
    log = "\n".join(bt.log.item(i).text() for i in range(bt.log.count()))
    for _seat, guest in state.knockouts:
        assert f"{title(bt.tr_, guest)} leaves the banquet" in log
    assert dialogs.informed and dialogs.informed[-1][1] == bt.end_text()
    for seat in range(state.seats):  # D-26: every guest face up at the end
        face = bt.scene.items_by_key[f"guest:{seat}"].face
        assert state.guests[seat] is None or not face.face_down
    for w in state.winners:
        assert title(bt.tr_, state.guests[w] or "") in bt.end_text()


@pytest.mark.parametrize(("seed", "winners"), [(3, 1), (5, 2)])
@pytest.mark.parametrize("language", ["nl", "it"])
def test_the_end_says_winner_for_one_and_winners_for_two(main: MainWindow, language: str, seed: int,
                                                         winners: int) -> None:
    """BB-17.4: the end names the winners. "Winnaars: Ada (Septimus)" spoke of one winner in the plural."""
    from desktop.shell.screenshot import play_random

    main.set_language(language)
    game = BanquetGame.start("banquet", "standard", ["Ada", "Bruno", "Carla"], {}, seed)
    play_random(game.match, 3000, seed)
    assert game.state.end_reason == "won" and len(game.state.winners) == winners, "the deal no longer ends so"
    bt = main.show_table(game)
    assert isinstance(bt, BanquetTable)
    said = bt.end_text()
    singular, plural = {"nl": ("Winnaar:", "Winnaars:"), "it": ("Vince ", "Vincono ")}[language]
    assert (singular in said and plural not in said) if winners == 1 else plural in said


def test_setup_offers_no_privileges_only_for_the_standard_game(qtbot: Any, home: Path) -> None:
    """BB-3.1, BB-15.1: 'no privileges' is an option of the standard game; a game started with it deals none."""
    main = make_window(qtbot, Dialogs())
    dialog = SeatSetupDialog(main.tr_, main, NAMES, BanquetTable)
    box = dialog.findChild(QCheckBox)
    assert box is not None and box.isEnabled()
    box.setChecked(True)
    assert dialog.options() == {"privileges": "off"}
    dialog.mode.setCurrentIndex(BanquetTable.MODES.index("open_privileges"))
    assert not box.isEnabled() and dialog.options() == {}
    bt = start(main, 2, privileges="off")
    assert bt.game.state.privileges == [[], [], [], []]


def test_open_privileges_are_on_show_for_everybody(main: MainWindow) -> None:
    """BB-15.2, BB-17.1: with privileges on the table, every display shows its privileges' names."""
    bt = start(main, 2, mode="open_privileges")
    view_items = bt.scene.items_by_key
    for seat in range(4):
        for card in bt.game.state.privileges[seat]:
            assert card in view_items and view_items[card].face.title == title(bt.tr_, card)
    assert all(HIDDEN not in p for p in bt.game.view(-1).privileges)


def test_a_save_resumes_at_the_same_moment(main: MainWindow, tmp_path: Path) -> None:
    """BB-18.5: the save holds the moves, the hidden Arrange too; loading replays them."""
    bt = start(main, 6, privileges="off")
    lift_if_up(bt)
    arrange(bt, pick_three(bt))
    path = tmp_path / "banquet.json"
    bt.game.save(path)
    loaded = BanquetGame.load(path)
    assert loaded.names == NAMES and loaded.state.to_dict() == bt.game.state.to_dict()
    again = main.show_table(loaded)
    assert isinstance(again, BanquetTable) and again.game.state.phase == OFFER


def test_the_detail_panel_shows_only_what_the_person_looking_may_read(main: MainWindow) -> None:
    """BB-17.1, BB-17.5.2: pointing at another guest's back or the gift's back shows nothing; one's own
    guest shows its objective; once the curtain falls the detail goes back to the hint."""
    bt = start(main, 1)
    state = bt.game.state
    host = state.active
    other = (host + 1) % 4
    lift(bt)
    bt.show_detail(f"guest:{other}")
    assert bt.detail_key == ""
    bt.show_detail(f"guest:{host}")
    assert bt.detail_key == f"guest:{host}"
    arrange(bt, pick_three(bt))
    bt.show_detail("in:keep")
    assert bt.detail_key == "in:keep"  # the host may read their own Keep
    bt.buttons[f"offer:{other}"].click()
    assert bt.detail_key == ""  # the public prompt: the host's Keep is no longer readable
    bt.show_detail("in:keep")
    assert bt.detail_key == ""


def key(bt: BanquetTable, code: Qt.Key) -> None:
    bt.scene.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, code, Qt.KeyboardModifier.NoModifier))


def test_the_keyboard_picks_arranges_and_offers(main: MainWindow) -> None:
    """BB-5.1, BB-5.3, BB-6.1 without the mouse: digits take circle cards and hand cards, arrows move between
    the lit places, Enter plays."""
    bt = start(main, 0, privileges="off")  # Caligula hosts with nothing secret: no curtain to lift first
    state = bt.game.state
    circle = [c for c in state.circle if c is not None]
    for _ in range(3):
        key(bt, Qt.Key.Key_1)  # the first card left in the circle, each time
    assert state.phase == ARRANGE and set(state.hand) == set(circle[:3])
    lift(bt)
    first = bt.scene.hand_cards()[0]
    key(bt, Qt.Key.Key_1)
    key(bt, Qt.Key.Key_Return)  # the first lit slot: Discard
    assert bt.placing == {"discard": first}
    key(bt, Qt.Key.Key_1)
    key(bt, Qt.Key.Key_Right)
    key(bt, Qt.Key.Key_Return)  # the second lit slot: Gift
    assert state.phase == OFFER and state.slots["discard"] == first
    key(bt, Qt.Key.Key_1)  # the gift
    key(bt, Qt.Key.Key_Return)
    assert state.phase == RESPOND and state.holder is not None


def test_the_detail_panel_says_where_a_cards_data_comes_from(main: MainWindow) -> None:
    """A reconstructed card says so in its detail view, in player words (the file to correct is not theirs)."""
    bt = start(main, 1)
    lift(bt)
    host = bt.game.state.active
    bt.show_detail(f"guest:{host}")
    text = bt.detail.text.toPlainText()
    guest = bt.game.state.guests[host]
    assert guest is not None
    provenance = bt.faces.guests[guest.split("#")[0]].provenance
    if provenance.reconstructed:
        assert bt.tr_.text("detail.reconstructed") in text and "cards.yaml" not in text
    else:
        assert bt.tr_.text("detail.printed") in text


def test_a_belt_value_in_the_log_stays_a_number_not_a_seats_name(main: MainWindow) -> None:
    """Issue #16: "Dario: belt from 0 to Bruno". A buckle's "to" is a belt value, even when it is 1."""
    bt = start(main, 3)
    eng = bt.game.engine
    rnd = random.Random(5)
    state = eng.new_state({"players": 4}, 5)
    moved = None
    while moved is None and not eng.is_over(state):
        player = rnd.choice(sorted(eng.to_act(state)))
        events = eng.apply(state, rnd.choice(eng.legal_moves(state, player)))
        moved = next((e for e in events if e.kind == "buckle_moved" and 0 <= e.params["to"] < len(NAMES)), None)
    assert moved is not None
    line = bt.event_text(moved)
    assert line == f"{NAMES[moved.params['player']]}: belt from {moved.params['from']} to {moved.params['to']}."
    assert not any(name in line for i, name in enumerate(NAMES) if i != moved.params["player"])
    # A gift's "to" is still a seat, said by name.
    assert bt.event_text(Event("gift_offered", {"player": 0, "to": 1})) == "Anna offers the gift to Bruno."


def test_the_rounds_three_cards_are_drawn_once(main: MainWindow) -> None:
    """Issue #36, BB-5.1, BB-5.3: once arranged, the three cards lie in the slots, and were drawn a second time in
    the tray. They are drawn once (a face for the host, a back for the others); the tray names them, as everyone
    may know which three they are, and later where each went."""
    bt = start(main, 1)
    lift(bt)
    picked = pick_three(bt)
    arrange(bt, picked)
    state = bt.game.state
    names = [title(bt.tr_, card) for card in picked]

    def faces_of(name: str) -> int:
        return sum(1 for item in bt.scene.items_by_key.values()
                   if not item.face.face_down and item.face.title.replace("\n", " ") == name)

    def shown_once() -> None:
        for card, name in zip(picked, names):
            if card in state.circle:
                continue  # a card like it lies in the circle too: not this one
            assert faces_of(name) <= 1, name
            assert name in bt.scene.picked_list.toPlainText()

    assert state.phase == OFFER
    shown_once()
    assert all(faces_of(name) == 1 for name in names)  # the host sees them in the slots
    first = (state.active + 1) % 4
    drop(bt, "in:gift", f"seat:{first}")
    bt.buttons["no_privilege"].click()
    lift_if_up(bt)
    assert bt.scene.items_by_key["in:gift"].face.face_down
    shown_once()
    assert bt.scene.accessible_text(TRAY_KEY)[1] == bt.scene.picked_list.toPlainText().replace("\n", "; ")
    bt.buttons["accept"].click()
    assert state.phase == PICK and bt.scene.picked_list.toPlainText() == ""  # a new round: the tray takes picks again


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_the_log_says_who_hosts_next_and_why(qtbot: Any, home: Path, dialogs: Dialogs, language: str) -> None:
    """Issue #36, BB-8: the log never said why the next host was not the one who took the gift. A round played
    on the table logs who hosts next; a Doze or a knock-out names the accepter and the player on their left."""
    main = make_window(qtbot, dialogs, language)
    bt = start(main, 1)
    lift(bt)
    arrange(bt, pick_three(bt))
    state = bt.game.state
    taker = (state.active + 1) % 4
    drop(bt, "in:gift", f"seat:{taker}")
    bt.buttons["no_privilege"].click()
    lift_if_up(bt)
    bt.buttons["accept"].click()
    log = [bt.log.item(i).text() for i in range(bt.log.count())]
    said = bt.tr_.text("event.next_host_gift", player=NAMES[taker])
    assert said in log and NAMES[taker] in said and state.active == taker
    for why in ("doze", "knocked_out", "sits_out"):
        line = bt.event_text(Event(f"next_host_{why}", {"player": 1, "host": 2}))
        assert NAMES[1] in line and NAMES[2] in line and "{" not in line and line != f"next_host_{why}"


def test_a_redraw_lays_out_no_display_row_it_laid_out_before(main: MainWindow,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Each display's row of accepted cards is laid out by measuring their names (BB-17): a redraw whose rows have
    not changed measures none again (issue #42), and every card stays where it lay."""
    from desktop.games.banquet import scene as scene_module

    bt = start(main, 3)
    rng = random.Random(3)
    match = bt.game.match
    for _ in range(40):  # rows fill up as gifts are accepted
        if match.engine.is_over(match.state):
            break
        player = rng.choice(sorted(match.engine.to_act(match.state)))
        match.play(rng.choice(match.legal_moves(player)))
        bt.refresh()
    assert any(match.state.rows)
    laid = {key: (item.face, item.pos()) for key, item in bt.scene.items_by_key.items()}
    measured: list[object] = []
    real = scene_module.QFontMetricsF
    monkeypatch.setattr(scene_module, "QFontMetricsF", lambda font: measured.append(font) or real(font))
    bt.scene.redraw()
    assert measured == []
    assert {key: (item.face, item.pos()) for key, item in bt.scene.items_by_key.items()} == laid


def test_a_redraw_makes_no_face_again_for_the_displays_it_leaves_alone(main: MainWindow,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A display's plate, guest, privileges and row are drawn from what its viewer may see of them (BB-17): the same
    as last time, they are laid as they were, their faces not made or grown again (issue #42)."""
    bt = start(main, 5)
    rng = random.Random(5)
    match = bt.game.match
    for _ in range(25):
        if match.engine.is_over(match.state):
            break
        match.play(rng.choice(match.legal_moves(rng.choice(sorted(match.engine.to_act(match.state))))))
        bt.refresh()
    laid = {key: (item.face, item.pos()) for key, item in bt.scene.items_by_key.items()}
    made: list[str] = []
    faces = bt.scene.faces
    for name in ("plate", "guest", "privilege", "row_plate"):
        real = getattr(faces, name)
        monkeypatch.setattr(faces, name, lambda *args, real=real, name=name, **kwargs: made.append(name) or real(
            *args, **kwargs))
    bt.scene.redraw()
    assert made == []
    assert {key: (item.face, item.pos()) for key, item in bt.scene.items_by_key.items()} == laid


def test_the_seats_of_a_finished_banquet_say_no_more_who_refused_the_last_gift(qtbot: Any, home: Path,
                                                                               dialogs: Dialogs) -> None:
    """At the end (BB-14) the plates no longer wear the last round's "refused": four of five players read "ha
    rifiutato" on the final screen, as if it were what the game came to."""
    main = make_window(qtbot, dialogs, "it")
    bt = main.new_hotseat("banquet", "standard", ["Anna", "Bruno", "Carla", "Dario", "Elena"], {}, 3)
    assert isinstance(bt, BanquetTable)
    match, rng = bt.game.match, random.Random(3)
    while bt.game.state.phase != OVER:
        match.play(rng.choice([m for seat in range(5) for m in match.legal_moves(seat)]))
    assert bt.game.state.offered  # the last gift was refused by someone before it was taken
    bt.refresh()
    refused = bt.tr_.text("table.status.refused")
    assert [seat for seat in range(5) if bt.scene.items_by_key[f"seat:{seat}"].face.year == refused] == []
