"""What a blind player hears for what a sighted one reads (issue #37): undo and redo, the key list, the guided
game's steps, the card picked up, a hint, the message line, and no button renamed under the keyboard as the
curtain falls. Checked by text through `accessibility.listeners` (what goes out as announcements and
notifications); the real bus is tests/desktop/frame/test_atspi_bus.py."""
from __future__ import annotations

import random
from typing import Any

from guide_driver import do_step
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from secret_twins import NAMES, make_side, perform, redeal, table_for, twin_match
from table_driver import DEAL
from test_accessibility import active, heard, main  # noqa: F401 - the same fixtures: reader on, what it heard, a window
from test_seat_hint import ask_hint, new_table, no_window_floor, settle  # noqa: F401 - computers play at once

from desktop.frame import accessibility
from desktop.frame.i18n import Translator
from desktop.shell import guided
from desktop.games.banquet.table import PRIVILEGE_MOVES
from desktop.shell.main_window import MainWindow
from rules.banquet.state import WINDOW
from rules.chrononauts.moves import PlayCard

WAIT_MS = 60_000  # a hint takes well under a second; this only ends a test that hangs


def said(heard: list[tuple[str, str]]) -> list[str]:
    """The lines announced (each as it is said, before they are gathered into one notification)."""
    accessibility.flush()
    return [text for kind, text in heard if kind == "announce"]


def solonauts(main: MainWindow) -> Any:
    main.new_game({"ids": 8}, DEAL)
    assert main.table is not None
    main.table.view.setFocus()
    QApplication.processEvents()
    return main.table


def test_undo_and_redo_say_what_they_took_back_and_played_again(qtbot: Any, main: MainWindow,
                                                                heard: list[tuple[str, str]]) -> None:
    table = solonauts(main)
    heard.clear()
    main.undo()
    assert said(heard) == ["Nothing to undo."]
    before = table.log.count()
    qtbot.keyClick(table.view, Qt.Key.Key_1)
    qtbot.keyClick(table.view, Qt.Key.Key_Delete)  # the card discarded: one move, its lines in the log
    QApplication.processEvents()
    played = " ".join(table.log.item(row).text() for row in range(before, table.log.count()))
    assert played.startswith("Discarded ") and "Drew 1 card." in played
    heard.clear()
    main.undo()
    assert said(heard) == [f"Undone: {played}"]
    heard.clear()
    main.redo()
    assert said(heard) == [f"Redone: {played}"]
    heard.clear()
    main.redo()
    assert said(heard) == ["Nothing to redo."]


def test_undo_in_a_game_for_several_says_why_it_does_nothing(qtbot: Any, main: MainWindow,
                                                             heard: list[tuple[str, str]]) -> None:
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    QApplication.processEvents()
    heard.clear()
    main.undo()
    assert said(heard) == ["Nothing to undo."] and table.message.text() == "Nothing to undo."


def test_the_key_list_is_read_out_and_closing_it_tells_where_the_keyboard_is(
        qtbot: Any, main: MainWindow, heard: list[tuple[str, str]]) -> None:
    table = solonauts(main)
    main.detail.setFocus()  # the menu's entry works from anywhere: the list takes the keyboard to the table
    heard.clear()
    main.show_keys()
    lines = said(heard)
    assert len(lines) == 1 and lines[0].startswith("Keys. ")
    assert "Ctrl+Z, Ctrl+Shift+Z: Undo, redo." in lines[0] and "Esc, F1 or a click closes this list." in lines[0]
    assert table.view.hasFocus()
    heard.clear()
    qtbot.keyClick(table.view, Qt.Key.Key_Escape)
    assert not table.scene.help_shown
    assert [kind for kind, _text in heard] == ["focus"]  # the card the keyboard is on, said again


def test_the_windows_own_lines_are_said_once(qtbot: Any, main: MainWindow, heard: list[tuple[str, str]],
                                            tmp_path: Any) -> None:
    """Issue #37: "Saved to …" on the status line and a note at start-up (a file kept aside) were shown and never
    said; a table's own line, which the table says, is not said twice by the window that shows it."""
    solonauts(main)
    heard.clear()
    assert main.save_to(tmp_path / "evening.convivium.json")
    assert said(heard) == ["Saved to evening.convivium.json."]
    heard.clear()
    main.tell_at_start("Your settings file could not be read.")
    QApplication.processEvents()
    assert said(heard) == ["Your settings file could not be read."]
    heard.clear()
    main.undo()
    assert said(heard) == ["Nothing to undo."]


def test_the_new_game_dialog_says_why_it_refuses_a_deal_number(qtbot: Any, main: MainWindow,
                                                                heard: list[tuple[str, str]]) -> None:
    from desktop.shell.new_game_dialog import NewGameDialog

    dialog = NewGameDialog(main.tr_, main)
    qtbot.addWidget(dialog)
    dialog.deal.setText("abc")
    heard.clear()
    dialog.accept()
    assert said(heard) == [dialog.error.text()] and "“abc”" in dialog.error.text()


def test_what_happened_is_said_before_what_is_asked_now(qtbot: Any, main: MainWindow,
                                                        heard: list[tuple[str, str]]) -> None:
    """Heard through Orca: "Ada: keep the Mission you were dealt, or swap it? Ada keeps the card dealt." and "Otto
    (computer) is thinking… Ada keeps the card dealt.": the move's line came after the question it led to."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bruno"], {"first_player": 0}, 5)
    assert table is not None
    table.lift_curtain()
    QApplication.processEvents()
    heard.clear()
    keep = next(button for key, button in table.buttons.items() if key not in ("undo", "save") and button.isVisible())
    keep.click()
    QApplication.processEvents()
    lines = said(heard)
    assert lines[:2] == ["Ada keeps the ID they were dealt.", table.prompt.text()], lines


def test_while_a_computer_thinks_the_keyboard_waits_on_the_table(qtbot: Any, main: MainWindow) -> None:
    """Heard through Orca: after Ada's last choice the keyboard rested on the bar's "Save as…" (the only button
    left while the computers played), named each time. It now waits on the table, where the arrows read the cards."""
    main.settings["bot_pace"] = "slow"
    main.show()
    qtbot.waitExposed(main)
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Otto"], {"first_player": 0}, 11, {1: "easy"})
    assert table is not None
    for _choice in ("ID", "Mission"):
        keep = next(button for key, button in table.buttons.items() if key not in ("undo", "save"))
        words = keep.text()
        keep.setFocus()
        qtbot.keyClick(keep, Qt.Key.Key_Return)
        QApplication.processEvents()
    assert table.bot_seats.thinking()
    assert QApplication.focusWidget() is table.view
    # The button pressed last, under the keyboard as the bar changed, went rather than be renamed "Save as…".
    assert keep.parent() is None or keep.text() == words


def test_each_step_of_the_guided_game_is_said_as_it_shows(qtbot: Any, main: MainWindow,
                                                          heard: list[tuple[str, str]]) -> None:
    heard.clear()
    guide = guided.begin(main, "solonauts")
    assert guide is not None
    for _step in range(3):
        QApplication.processEvents()
        lines = said(heard)
        bubble = guide.bubble
        words = bubble.text.text()
        assert any(bubble.heading.text() in line and words.split("\n")[0] in line for line in lines), lines
        assert bubble.accessibleName() == bubble.heading.text()  # a reader entering the bubble reads it, and its words
        heard.clear()
        do_step(qtbot, guide)


def test_a_step_that_waits_for_next_takes_the_keyboard_to_it(qtbot: Any, main: MainWindow,
                                                               heard: list[tuple[str, str]]) -> None:
    """Heard through Orca: the first step said "press Next" while the keyboard stayed on the table, where Enter
    picked a card up. The step now takes the keyboard to Next: a reader coming in reads the bubble, its heading
    (its name) and its words (its labels), then the button."""
    main.show()
    qtbot.waitExposed(main)
    guide = guided.begin(main, "solonauts")
    assert guide is not None and guide.step.kind == "next"
    QApplication.processEvents()
    assert QApplication.focusWidget() is guide.bubble.next
    assert guide.bubble.accessibleName() == guide.bubble.heading.text()
    qtbot.keyClick(guide.bubble.next, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert guide.index == 1 and main.table is not None and not main.table.scene.selected


def test_the_card_picked_up_is_named_with_its_places(qtbot: Any, main: MainWindow,
                                                     heard: list[tuple[str, str]]) -> None:
    table = solonauts(main)
    heard.clear()
    qtbot.keyClick(table.view, Qt.Key.Key_1)
    card = table.scene.selected
    places = len([key for key in table.scene.dests[card] if key != card])
    name = table.scene.items_by_key[card].face.title.replace("\n", " ")
    lines = said(heard)
    assert any(line.startswith(f"{name} can go to {places} lit place") for line in lines), lines
    heard.clear()
    qtbot.keyClick(table.view, Qt.Key.Key_Escape)  # put back; the arrows then say nothing over the cards' names
    qtbot.keyClick(table.view, Qt.Key.Key_Right)
    assert said(heard) == []


def test_the_solonauts_hint_is_said_with_its_card_and_reason(qtbot: Any, main: MainWindow,
                                                             heard: list[tuple[str, str]]) -> None:
    table = solonauts(main)
    heard.clear()
    table.hint()
    qtbot.waitUntil(lambda: main.message.text().startswith("Hint:"), timeout=WAIT_MS)
    assert main.message.text() in said(heard)


def test_the_hint_at_a_game_for_several_is_said_with_its_card_and_reason(qtbot: Any, main: MainWindow,
                                                                         heard: list[tuple[str, str]]) -> None:
    table = new_table(main, "chrononauts", "chrononauts", {1: "normal", 2: "normal"})
    settle(qtbot, table)
    assert table.decider() == 0
    heard.clear()
    ask_hint(qtbot, main, table)
    line = table.message.text()
    assert line.startswith("Hint: ") and line in said(heard)


def test_the_keep_button_is_not_renamed_under_the_keyboard_as_the_curtain_falls(qtbot: Any, main: MainWindow) -> None:
    """Ada keeps her Mission with Enter on Keep, which hands the screen to Bo: the keyboard leaves the button
    before it takes the curtain's words ("Only I am looking"), or a reader says them first."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    QApplication.processEvents()
    table.lift_curtain()
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_F6)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the ID kept
    QApplication.processEvents()
    left: list[str] = []

    def moved(old: QWidget | None, _new: QWidget | None) -> None:
        if isinstance(old, QPushButton):
            left.append(old.text())

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.focusChanged.connect(moved)
    keep = QApplication.focusWidget()
    assert isinstance(keep, QPushButton)
    words = keep.text()
    try:
        qtbot.keyClick(keep, Qt.Key.Key_Return)  # the Mission kept: Bo's turn to look
        QApplication.processEvents()
    finally:
        app.focusChanged.disconnect(moved)
    reveal = table.tr_.text("hs.reveal").replace("&", "")
    assert table.scene.curtain_up and table.view.hasFocus()
    assert left and reveal not in [text.replace("&", "") for text in left]
    # Orca stays on the button a moment longer than Qt: the one the keyboard was on never takes other words.
    assert keep.text() == words and keep not in table.buttons.values()
    assert table.buttons["reveal"].text().replace("&", "") == reveal and table.buttons["reveal"].isVisible()


def test_what_is_said_to_a_seat_is_the_same_whatever_the_cards_hidden_from_it(qtbot: Any) -> None:
    """Chrononauts for three: Ada looks, picks up her cards one by one, asks Undo; at two tables whose cards
    hidden from her lie otherwise, she hears the same words (a secret said is a secret shown)."""
    tr = Translator("en", "chrononauts")
    cls = table_for("chrononauts")
    played = cls.GAME_CLASS.start("chrononauts", "chrononauts", NAMES[:3], {"first_player": 0}, 11)
    match = played.match
    while not any(isinstance(move, PlayCard) for move in match.legal_moves(0)):  # the IDs and Missions kept
        seat = match.engine.decider(match.state)
        assert seat is not None
        match.play(match.legal_moves(seat)[0])
    state_b, _renamed = redeal(played.engine, played.state, 0, random.Random(4), 8)
    tables = [make_side(cls, tr, cls.GAME_CLASS(twin_match(played.match, state), NAMES[:3]), qtbot)
              for state in (played.engine.clone(played.state), state_b)]
    heard: list[list[str]] = [[], []]

    def listen(_kind: str, source: Any, text: str) -> None:
        for index, side in enumerate(tables):
            if isinstance(source, QWidget) and source.window() is side.window:
                heard[index].append(text)

    accessibility.listeners.append(listen)
    try:
        for side in tables:
            perform(side, ("lift",))
            for card in side.scene.hand_cards():
                perform(side, ("click", card))
                perform(side, ("key", Qt.Key.Key_Escape))
            side.table.show_message(side.table.undo_refusal())
            accessibility.flush()
    finally:
        accessibility.listeners.remove(listen)
    assert any("lit place" in line for line in heard[0])  # the cards picked up were named
    assert heard[0] == heard[1]


def banquet_host_looking(main: MainWindow) -> Any:
    """A Banquet for three at its first pick, the curtain lifted for the host and the keyboard on the table."""
    table = main.new_hotseat("banquet", "standard", ["Ada", "Bo", "Cy"], {}, 5)
    QApplication.processEvents()
    if table.scene.curtain_up:
        table.lift_curtain()
    table.view.setFocus()
    QApplication.processEvents()
    return table


def test_the_banquet_host_picking_with_tab_hears_the_card_and_its_places(qtbot: Any, main: MainWindow,
                                                                         heard: list[tuple[str, str]]) -> None:
    """BB-5.3: the host picks the round's cards from the circle; the keyboard picks one up with Tab."""
    table = banquet_host_looking(main)
    heard.clear()
    qtbot.keyClick(table.view, Qt.Key.Key_Tab)
    card = table.scene.selected
    assert card, [text for _kind, text in heard]
    name = table.scene.items_by_key[card].face.title.replace("\n", " ")
    assert any(line.startswith(f"{name} can go to 1 lit place") for line in said(heard)), said(heard)


def test_the_set_up_dialog_names_its_name_fields_and_says_each_choice_changed(
        qtbot: Any, heard: list[tuple[str, str]]) -> None:
    from desktop.frame.seat_table import SeatSetupDialog
    from desktop.shell.new_game_dialog import NewGameDialog
    from desktop.shell.tables import table_class

    dialog = SeatSetupDialog(Translator("en"), None, ["Ada", "Bo"], table_class("chrononauts"))
    qtbot.addWidget(dialog)
    dialog.show()
    assert [edit.accessibleName() for edit in dialog.name_edits[:2]] == ["Name at seat 1", "Name at seat 2"]
    for combo in (dialog.kind_combos[1], dialog.mode):
        combo.setFocus()
        QApplication.processEvents()
        heard.clear()
        qtbot.keyClick(combo, Qt.Key.Key_Down)
        assert said(heard) == [combo.currentText()]
    heard.clear()
    dialog.kind_combos[0].setCurrentIndex(2)  # not by the keyboard on it: not said
    assert said(heard) == []
    new = NewGameDialog(Translator("en"), None)
    qtbot.addWidget(new)
    new.show()
    new.game.setFocus()
    QApplication.processEvents()
    heard.clear()
    qtbot.keyClick(new.game, Qt.Key.Key_Down)
    assert said(heard) == [new.game.currentText()]


def test_i_reads_your_own_cards_to_you_alone_and_nothing_under_the_curtain(qtbot: Any, main: MainWindow,
                                                                            heard: list[tuple[str, str]]) -> None:
    """Chrononauts for two: under the curtain I says only why it says nothing; once Ada looks, her hand, ID and
    Mission; and when the curtain falls for Bo, nothing of Ada's again."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    QApplication.processEvents()
    state, tr = table.game.state, table.tr_
    ada = [tr.card_title(card) for card in (*state.hands[0], state.ids[0], state.missions[0]) if card]
    assert table.scene.curtain_up
    heard.clear()
    main.act_mine.trigger()
    hidden = tr.text("a11y.mine_hidden")
    assert said(heard) == [hidden]
    table.lift_curtain()
    QApplication.processEvents()
    heard.clear()
    main.act_mine.trigger()
    (line,) = said(heard)
    assert line.startswith("Only you see: ") and all(title in line for title in ada), (line, ada)
    for _press in range(2):  # Ada keeps her ID and her Mission: the screen passes to Bo
        table.buttons["keep"].click()
        QApplication.processEvents()
    assert table.scene.curtain_up
    heard.clear()
    main.act_mine.trigger()
    assert said(heard) == [hidden]


def test_i_says_the_same_at_two_tables_whose_hidden_cards_differ(qtbot: Any) -> None:
    """Bacchus' Banquet: what I reads to the seat looking, and under the curtain, is built from that seat's view
    only: two tables whose cards hidden from it lie otherwise say the same words."""
    tr = Translator("en", "banquet")
    cls = table_for("banquet")
    played = cls.GAME_CLASS.start("banquet", "standard", NAMES[:4], {}, 7)
    viewer = played.engine.decider(played.state)
    assert viewer is not None
    state_b, _renamed = redeal(played.engine, played.state, viewer, random.Random(2), 10)
    sides = [make_side(cls, tr, cls.GAME_CLASS(twin_match(played.match, state), NAMES[:4]), qtbot)
             for state in (played.engine.clone(played.state), state_b)]
    words: list[list[str]] = [[], []]
    for index, side in enumerate(sides):
        heard: list[str] = []

        def listen(kind: str, _source: Any, text: str, heard: list[str] = heard) -> None:
            if kind == "announce":
                heard.append(text)

        accessibility.listeners.append(listen)
        try:
            for _round in range(2):
                side.table.say_own()  # under the curtain
                perform(side, ("lift",))
                side.table.say_own()  # the host, looking alone
        finally:
            accessibility.listeners.remove(listen)
        words[index] = [line for line in heard if line.startswith(("Only you see", "Your own cards", "Nothing here"))]
    assert len(words[0]) == 4 and words[0][1].startswith("Only you see: ")
    assert words[0] == words[1]


def test_how_to_play_is_a_text_the_arrows_read(qtbot: Any) -> None:
    """The rules' text has a caret: Down moves it a line (a reader says that line), and the text says its section."""
    from desktop.shell.how_to_play import HowToPlay

    dialog = HowToPlay(Translator("en"), {})
    qtbot.addWidget(dialog)
    dialog.open_on("solonauts")
    dialog.show()
    browser = dialog.browser
    browser.setFocus()
    QApplication.processEvents()
    assert browser.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByKeyboard
    start = browser.textCursor().position()
    qtbot.keyClick(browser, Qt.Key.Key_Down)
    assert browser.textCursor().position() > start
    assert browser.document().firstBlock().blockFormat().headingLevel() == 2  # a heading a reader jumps to (H)
    assert browser.accessibleDescription() == browser.document().firstBlock().text()
    reader = QAccessible.queryAccessibleInterface(browser)  # a text, not a label (Qt's role for a QTextBrowser)
    assert reader.role() == QAccessible.Role.EditableText and reader.state().readOnly and reader.state().multiLine


def test_h_in_how_to_play_moves_by_heading_and_says_it(qtbot: Any, heard: list[tuple[str, str]]) -> None:
    """Orca 43 has no heading keys in a Qt window: H and Shift+H are the text's own. H goes from heading to heading,
    past a section's last into the next section's first; Shift+H goes back. Each heading is said."""
    from desktop.shell.how_to_play import HowToPlay

    dialog = HowToPlay(Translator("en"), {})
    qtbot.addWidget(dialog)
    dialog.open_on("solonauts")
    browser = dialog.browser
    browser.setFocus()
    sections = dialog.visible_sections()
    headings: list[str] = []
    for _press in range(12):
        heard.clear()
        qtbot.keyClick(browser, Qt.Key.Key_H)
        block = browser.textCursor().block()
        assert block.blockFormat().headingLevel() > 0
        assert said(heard) == [block.text()]
        headings.append(block.text())
    assert dialog.current_section() != sections[0] and len(set(headings)) == len(headings)
    qtbot.keyClick(browser, Qt.Key.Key_H, Qt.KeyboardModifier.ShiftModifier)
    assert browser.textCursor().block().text() == headings[-2]


def test_undo_of_a_banquet_pick_not_yet_played_says_so(qtbot: Any, main: MainWindow,
                                                       heard: list[tuple[str, str]]) -> None:
    """BB-5.3: the host's first pick is held by the table, not played; Undo puts it back and says so."""
    table = banquet_host_looking(main)
    qtbot.keyClick(table.view, Qt.Key.Key_Tab)
    qtbot.keyClick(table.view, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert table.picks and not table.game.match.moves
    heard.clear()
    main.undo()
    assert not table.picks and said(heard)[-1] == "Choice taken back: nothing was played yet."


def test_the_next_step_is_said_after_the_keyboard_lands_back_on_the_table(qtbot: Any, main: MainWindow,
                                                                        heard: list[tuple[str, str]]) -> None:
    """Orca 43 lets what comes last cut short what came before: the step's words come after the focus move."""
    guide = guided.begin(main, "solonauts")
    assert guide is not None
    QApplication.processEvents()
    guide.bubble.next.setFocus()
    heard.clear()
    qtbot.mouseClick(guide.bubble.next, Qt.MouseButton.LeftButton)  # the goal read: the first move is asked
    for _turn in range(3):
        QApplication.processEvents()
    kinds = [kind for kind, _text in heard if kind in ("focus", "notify")]
    step = [text for kind, text in heard if kind == "notify" and guide.bubble.heading.text() in text]
    assert step and "focus" in kinds and kinds[-1] == "notify", kinds


def words_to(side: Any, gestures: list[tuple[Any, ...]]) -> list[str]:
    """The lines said at `side`'s window while `gestures` are made there."""
    heard: list[str] = []

    def listen(kind: str, source: Any, text: str) -> None:
        if kind == "announce" and isinstance(source, QWidget) and source.window() is side.window:
            heard.append(text)

    accessibility.listeners.append(listen)
    try:
        for gesture in gestures:
            perform(side, gesture)
            accessibility.flush()
    finally:
        accessibility.listeners.remove(listen)
    return heard


def test_the_setup_question_names_your_own_id_and_mission_and_no_one_elses(qtbot: Any) -> None:
    """CHR-6.6 by ear: each player, asked alone behind the curtain, hears which ID and Mission they keep or swap (a
    sighted player sees them on the table). At two tables whose cards hidden from that player lie otherwise (the
    other's ID and Mission among them) they hear the same words, and none of the other's cards."""
    tr = Translator("en", "chrononauts")
    cls = table_for("chrononauts")
    played = cls.GAME_CLASS.start("chrononauts", "chrononauts", NAMES[:2], {"first_player": 0}, 11)
    for seat in (0, 1):
        state_b, renamed = redeal(played.engine, played.state, seat, random.Random(4 + seat), 12)
        other = 1 - seat
        assert {played.state.ids[other], played.state.missions[other]} & set(renamed)  # the other's cards differ
        words: list[list[str]] = []
        for twin in (played.engine.clone(played.state), state_b):
            side = make_side(cls, tr, cls.GAME_CLASS(twin_match(played.match, twin), NAMES[:2]), qtbot)
            for _before in range(seat):  # Anna keeps both: the curtain falls for Bruno
                for gesture in (("lift",), ("button", "keep"), ("button", "keep")):
                    perform(side, gesture)
            assert side.scene.curtain_up
            heard = words_to(side, [("lift",), ("button", "keep")])
            state = side.game.state
            own = [tr.card_title(card) for card in (state.ids[seat], state.missions[seat]) if card]
            others = [tr.card_title(card) for card in (state.ids[other], state.missions[other]) if card]
            assert len(own) == len(others) == 2
            assert all(title in " ".join(heard) for title in own), (own, heard)
            assert not [title for title in others if title in " ".join(heard)], heard
            words.append(heard)
        assert words[0] == words[1]


def test_after_swapping_the_id_the_mission_question_names_the_new_one(qtbot: Any, main: MainWindow,
                                                                      heard: list[tuple[str, str]]) -> None:
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    table.lift_curtain()
    QApplication.processEvents()
    dealt = table.game.state.ids[0]
    assert dealt and table.tr_.card_title(dealt) in table.prompt.text()
    heard.clear()
    table.buttons["mulligan"].click()
    QApplication.processEvents()
    state, title = table.game.state, table.tr_.card_title
    new_id, mission = state.ids[0], state.missions[0]
    assert new_id and new_id != dealt
    question = f"Ada: your new ID is {title(new_id)}. Keep the Mission you were dealt, {title(mission)}, or swap it?"
    assert said(heard)[-1] == question and table.prompt.text() == question


def test_a_banquet_guest_is_named_to_its_owner_alone(qtbot: Any) -> None:
    """BB-17.1: a guest other than Caligula is seen by its owner only. The first time a player decides alone they
    hear which guest they play (a sighted player sees the card in front of them), and after drawing a new one
    (BB-13.5) the new one; at two tables whose hidden guests lie otherwise they hear the same words, and no other
    player's guest."""
    tr = Translator("en", "banquet")
    cls = table_for("banquet")
    played = cls.GAME_CLASS.start("banquet", "standard", NAMES[:3], {}, 7)
    engine, match = played.engine, played.match
    public = set(engine.public_guests)
    for _move in range(200):  # to the first decision of a player whose guest is secret
        seat = engine.decider(match.state)
        if seat is not None and match.state.guests[seat] not in public:
            break
        match.play(match.legal_moves(min(engine.to_act(match.state)))[0])
    others = {guest for other, guest in enumerate(match.state.guests) if other != seat and guest not in public}
    for deal in range(20):  # a twin where another player's guest lies otherwise
        state_b, renamed = redeal(engine, match.state, seat, random.Random(deal), 12)
        if others & set(renamed):
            break
    assert others & set(renamed)
    words: list[list[str]] = []
    for twin in (engine.clone(match.state), state_b):
        side = make_side(cls, tr, cls.GAME_CLASS(twin_match(match, twin), NAMES[:3]), qtbot)
        if not side.scene.curtain_up:  # the host keeps looking from the pick on
            side.table.looking = None
            side.table.refresh()
        heard = words_to(side, [("lift",)])
        own = side.game.state.guests[seat]
        assert own is not None and any(f"Your guest is {tr.card_title(own)}." in line for line in heard), heard
        hidden = [tr.card_title(guest) for other, guest in enumerate(side.game.state.guests)
                  if other != seat and guest and guest not in public]
        assert not [name for name in hidden if name in " ".join(heard)], heard
        words.append(heard)
    assert words[0] == words[1]


def test_a_new_guest_is_named_to_its_owner_at_their_next_decision(qtbot: Any) -> None:
    """BB-13.5: a player whose guest was knocked out draws another; at their next decision they hear which, from
    what they saw happen: a table built afresh on that position says the same."""
    tr = Translator("en", "banquet")
    cls = table_for("banquet")
    for seed in range(60):  # random games to a real knock-out, then to its player's next decision
        played = cls.GAME_CLASS.start("banquet", "standard", NAMES[:3], {}, seed)
        engine, match = played.engine, played.match
        rnd, drawn = random.Random(seed), None
        for _move in range(800):
            if engine.is_over(match.state) or (drawn is not None and engine.decider(match.state) == drawn):
                break
            events = match.play(rnd.choice(match.legal_moves(min(engine.to_act(match.state)))))
            drawn = next((e.params["player"] for e in events if e.kind == "replacement_drawn"), drawn)
        if drawn is not None and not engine.is_over(match.state):
            break
    assert drawn is not None and engine.decider(match.state) == drawn
    new = match.state.guests[drawn]
    assert new is not None
    side = make_side(cls, tr, cls.GAME_CLASS(match, NAMES[:3]), qtbot)
    if not side.scene.curtain_up:
        side.table.looking = None
        side.table.refresh()
    heard = words_to(side, [("lift",)])
    assert any(f"Your new guest is {tr.card_title(new)}." in line for line in heard), heard


def test_the_privilege_question_names_your_own_privileges_and_no_one_elses(qtbot: Any) -> None:
    """BB-12.5, BB-17.1: a player polled alone whether they play a privilege hears which they may play (a sighted
    player reads them on the buttons), the same at two tables whose privileges hidden from them lie otherwise, and
    never another player's."""
    tr = Translator("en", "banquet")
    cls = table_for("banquet")
    played = cls.GAME_CLASS.start("banquet", "standard", NAMES[:3], {}, 7)
    engine, match = played.engine, played.match
    rnd = random.Random(6)
    seat = None
    for _move in range(2000):  # to a poll whose player may play a privilege
        state = match.state
        window = engine.window(state)
        seat = next((asked for asked in (window.asked if window is not None else ()) if asked in state.poll
                     and any(isinstance(m, PRIVILEGE_MOVES) for m in engine.privilege_plays(state, asked))), None)
        if seat is not None or engine.is_over(state):
            break
        match.play(rnd.choice(match.legal_moves(min(engine.to_act(state)))))
    assert seat is not None and match.state.phase == WINDOW
    mine = {card for card in match.state.privileges[seat]}
    theirs = {card for other, cards in enumerate(match.state.privileges) if other != seat for card in cards} - mine
    words: list[list[str]] = []
    for deal in range(20):  # a twin where another player's privileges lie otherwise
        twin, renamed = redeal(engine, match.state, seat, random.Random(deal), 12)
        if theirs & set(renamed):
            break
    for state in (engine.clone(match.state), twin):
        side = make_side(cls, tr, cls.GAME_CLASS(twin_match(match, state), NAMES[:3]), qtbot)
        side.table.answering = seat  # they said they answer: their curtain, then the question
        side.table.refresh()
        heard = words_to(side, [("lift",)])
        playable = {m.card for m in engine.privilege_plays(side.game.state, seat) if isinstance(m, PRIVILEGE_MOVES)}
        assert playable and all(tr.card_title(card) in " ".join(heard) for card in playable), heard
        others = {tr.card_title(card) for other, cards in enumerate(side.game.state.privileges) if other != seat
                  for card in cards} - {tr.card_title(card) for card in side.game.state.privileges[seat]}
        assert not [name for name in others if name in " ".join(heard)], heard
        words.append(heard)
    assert words[0] == words[1]
