"""What a screen reader is told as the tables change (issue 31), without a bus: the events go through
`accessibility.listeners` and Qt's own interfaces are walked in-process. The real bus is
tests/desktop/frame/test_atspi_bus.py."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QApplication, QPushButton, QWidget
from table_driver import DEAL, Dialogs
from test_accessibility import active, heard, main  # noqa: F401 - the same fixtures: reader on, what it heard, a window

from desktop.frame import accessibility, names
from desktop.frame.card_item import CardItem
from desktop.frame.seat_table import SeatTable
from desktop.shell.main_window import MainWindow
from desktop.shell.tables import seat_games

NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description
PLAYERS = {"chrononauts": ["Ada", "Bo"], "bacchanalia": ["Ada", "Bo", "Cy"], "banquet": ["Ada", "Bo", "Cy"],
           "parsifal": ["Ada", "Bo", "Cy"]}
INTERACTIVE = {QAccessible.Role.PushButton, QAccessible.Role.CheckBox, QAccessible.Role.ComboBox,
               QAccessible.Role.ListItem, QAccessible.Role.EditableText, QAccessible.Role.RadioButton,
               QAccessible.Role.PageTab, QAccessible.Role.SpinBox, QAccessible.Role.Slider, QAccessible.Role.List}




def walk(face: QAccessibleInterface, found: list[QAccessibleInterface], depth: int = 0) -> list[QAccessibleInterface]:
    found.append(face)
    for i in range(face.childCount() if depth < 40 else 0):
        child = face.child(i)
        if child is not None:
            walk(child, found, depth + 1)
    return found


def reachable(window: QWidget) -> list[QAccessibleInterface]:
    """Every object a reader reaches from the window that is on screen and can be used or focused."""
    root = QAccessible.queryAccessibleInterface(window)
    assert root is not None
    return [face for face in walk(root, []) if not face.state().invisible
            and (face.state().focusable or face.role() in INTERACTIVE)]


def look(table: SeatTable) -> None:
    QApplication.processEvents()
    if table.scene.curtain_up:
        table.lift_curtain()
    QApplication.processEvents()


@pytest.mark.parametrize("game", sorted(seat_games()))
def test_every_object_a_reader_reaches_has_a_name(qtbot: Any, main: MainWindow, game: str) -> None:
    """The whole tree of every table, behind the curtain and in front of it: nothing usable is nameless,
    no description says two full stops, and the hidden Solonauts table under the stack is not there."""
    table = main.new_hotseat(game, "standard" if game != "chrononauts" else "chrononauts", PLAYERS[game], {}, 3)
    for lifted in (False, True):
        if lifted:
            look(table)
        faces = reachable(main)
        assert faces
        assert [face.role() for face in faces if not face.text(NAME).strip()] == []
        assert [face.text(DESCRIPTION) for face in faces if ".." in face.text(DESCRIPTION)] == []
        assert not [face for face in faces if isinstance(face.object(), CardItem) and face.object().scene() is not table.scene]


def test_solonauts_tree_has_names_and_its_detail_panel_is_named(qtbot: Any, main: MainWindow) -> None:
    main.new_game({"ids": 8}, DEAL)
    QApplication.processEvents()
    faces = reachable(main)
    assert [face.role() for face in faces if not face.text(NAME).strip()] == []
    detail = QAccessible.queryAccessibleInterface(main.detail.text)
    assert detail is not None and detail.text(NAME) == "The card up close"


def test_the_hidden_page_of_the_stack_is_not_in_the_tree(qtbot: Any, main: MainWindow) -> None:
    main.new_game({"ids": 8}, DEAL)
    solo = main.table
    assert solo is not None
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {}, 5)
    stack = QAccessible.queryAccessibleInterface(main.centre)
    assert stack is not None and stack.childCount() == 1
    assert stack.child(0).object() is table and stack.child(1) is None
    assert main.centre.indexOf(solo) == -1  # the Solonauts table left the stack with its game
    hidden = QAccessible.queryAccessibleInterface(main.empty)  # the empty page behind the table
    assert hidden is not None and all(stack.child(i).object() is not main.empty for i in range(stack.childCount()))


def test_the_keyboards_target_is_not_the_card_picked_up(qtbot: Any, main: MainWindow) -> None:
    main.new_game({"ids": 8}, DEAL)
    assert main.table is not None
    view, scene = main.table.view, main.table.scene
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_1)
    held, target = scene.selected, scene.focus_target
    assert held and target and target != held
    items = {QAccessible.queryAccessibleInterface(item).object().key: QAccessible.queryAccessibleInterface(item)
             for item in scene.items_by_key.values()}
    assert items[held].state().selected and "picked up" in items[held].text(DESCRIPTION).lower()
    assert not items[target].state().selected and "picked up" not in items[target].text(DESCRIPTION).lower()
    assert [key for key, face in items.items() if face.state().selected] == [held]


def test_a_move_tells_every_card_that_turned_came_or_went(qtbot: Any, main: MainWindow,
                                                         heard: list[tuple[str, str]]) -> None:
    main.new_game({"ids": 8}, DEAL)
    assert main.table is not None
    view, scene = main.table.view, main.table.scene
    before = {key: (QAccessible.queryAccessibleInterface(item).text(NAME),
                    QAccessible.queryAccessibleInterface(item).text(DESCRIPTION))
              for key, item in scene.items_by_key.items()}
    view.setFocus()
    heard.clear()
    qtbot.keyClick(view, Qt.Key.Key_1)
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    after = {key: (QAccessible.queryAccessibleInterface(item).text(NAME),
                   QAccessible.queryAccessibleInterface(item).text(DESCRIPTION))
             for key, item in scene.items_by_key.items()}
    renamed = {after[key][0] for key in after if key in before and before[key][0] != after[key][0]}
    assert renamed and renamed <= {text for kind, text in heard if kind == "name"}
    assert {after[key][0] for key in set(after) - set(before)} <= {text for kind, text in heard if kind == "add"}
    assert len(set(before) - set(after)) == len([kind for kind, _text in heard if kind == "remove"]) > 0
    assert any(kind == "selected" for kind, _text in heard)  # the card picked up by its number key
    accessibility.flush()
    lines = [main.log.item(i).text() for i in range(main.log.count())][-2:]
    notified = " ".join(text for kind, text in heard if kind == "notify")
    assert lines and all(line in notified for line in lines)


def test_focus_moves_once_per_prompt_and_never_to_a_button_that_goes(qtbot: Any, main: MainWindow) -> None:
    """Ada keeps her ID, then her Mission (two prompts with the same buttons), then the curtain falls for Bo:
    each press moves the keyboard at most once, always onto something that stays."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    look(table)
    moves: list[QWidget | None] = []
    QApplication.instance().focusChanged.connect(lambda _old, new: moves.append(new))  # type: ignore[union-attr]
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_F6)
    first = list(table.buttons.values())[0]
    assert moves[-1] is first
    for _press in range(2):
        moves.clear()
        prompt = table.prompt.text()
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
        QApplication.processEvents()
        assert table.prompt.text() != prompt
        assert len(moves) <= 1
        assert QApplication.focusWidget() in (list(table.buttons.values())[0], table.view)
        for widget in moves:
            assert widget is not None and widget.isVisible() and widget.window() is main
    assert table.scene.curtain_up and QApplication.focusWidget() is table.view


def test_the_curtain_is_said_once_when_it_falls(qtbot: Any, main: MainWindow, heard: list[tuple[str, str]]) -> None:
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    QApplication.processEvents()
    accessibility.flush()
    words = table.scene.curtain_words
    assert [text for kind, text in heard if words in text and kind in ("announce", "notify", "focus")] \
        == ["curtain: " + words]


def test_a_language_switch_during_a_prompt_renames_everything_with_events(
        qtbot: Any, main: MainWindow, heard: list[tuple[str, str]]) -> None:
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    look(table)
    buttons = dict(table.buttons)
    cards = {key: QAccessible.queryAccessibleInterface(item).text(NAME) for key, item in table.scene.items_by_key.items()}
    prompt = table.prompt.text()
    heard.clear()
    main.set_language("it")
    QApplication.processEvents()
    now = {key: QAccessible.queryAccessibleInterface(item).text(NAME) for key, item in table.scene.items_by_key.items()}
    renamed = {now[key] for key in now if key in cards and now[key] != cards[key]}
    assert renamed and renamed <= {text for kind, text in heard if kind == "name"}
    assert table.prompt.text() != prompt and ("announce", table.prompt.text()) in heard
    assert QAccessible.queryAccessibleInterface(table.prompt).text(NAME) == table.prompt.text()
    assert table.buttons["keep"] is buttons["keep"]  # the same button, renamed in place
    keep = QAccessible.queryAccessibleInterface(table.buttons["keep"]).text(NAME)
    assert keep == table.buttons["keep"].text() != "Keep"


def test_markup_and_invisible_characters_in_a_name_are_read_as_plain_words(qtbot: Any, main: MainWindow) -> None:
    typed = names.check(["<b>Ada</b>\u200b", "Bo\u202e&amp;"])
    table = main.new_hotseat("chrononauts", "chrononauts", typed, {"first_player": 0}, 5)
    QApplication.processEvents()
    said = [QAccessible.queryAccessibleInterface(table.prompt).text(NAME),
            *(face.text(NAME) for face in reachable(main))]
    assert any("<b>Ada</b>" in text for text in said)
    assert not any(ch in text for text in said for ch in "\u200b\u202e")
    assert table.prompt.textFormat() == Qt.TextFormat.PlainText


def test_italian_counts_one_year_in_the_singular(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    from desktop.frame.i18n import Translator

    tr = Translator("it")
    assert tr.text("a11y.traveller", name="Ada", count=1).endswith("1 anno su 3 a posto")
    assert tr.text("a11y.traveller", name="Ada", count=2).endswith("2 anni su 3 a posto")


def test_the_prompt_bar_keeps_its_buttons_when_only_the_words_change(qtbot: Any, main: MainWindow) -> None:
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    look(table)
    keep = table.buttons["keep"]
    prompt = table.prompt.text()
    keep.click()
    QApplication.processEvents()
    assert table.prompt.text() != prompt and table.buttons["keep"] is keep  # the Mission's question now
    assert all(isinstance(button, QPushButton) and button.isVisible() for button in table.buttons.values())


def test_the_move_that_drops_the_curtain_is_said_after_its_words(qtbot: Any, main: MainWindow,
                                                                heard: list[tuple[str, str]]) -> None:
    """Orca 43 lets a notification cut short what the focus says: the lines of the move that hands the screen on
    are the curtain's description (said after "Pass to Bo"), not a notification of their own."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {"first_player": 0}, 5)
    look(table)
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_F6)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the ID kept
    QApplication.processEvents()
    accessibility.flush()
    heard.clear()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)  # the Mission kept: Bo's turn to look
    QApplication.processEvents()
    accessibility.flush()
    assert table.scene.curtain_up
    last = table.log.item(table.log.count() - 1).text()
    curtain = QAccessible.queryAccessibleInterface(accessibility.curtain_token(table.view))
    assert curtain is not None and last in curtain.text(DESCRIPTION)
    assert not [text for kind, text in heard if kind == "notify" and last in text]
    assert ("focus", curtain.text(NAME)) in heard


@pytest.mark.parametrize("game", ["solonauts", "chrononauts"])
def test_a_replay_names_its_log_and_its_timeline(qtbot: Any, main: MainWindow, game: str) -> None:
    if game == "solonauts":
        main.new_game({"ids": 8}, DEAL)
    else:
        main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {}, 5)
    replay = main.watch_replay()
    assert replay is not None
    qtbot.addWidget(replay)
    replay.show()
    QApplication.processEvents()
    assert [face.role() for face in reachable(replay) if not face.text(NAME).strip()] == []


def test_no_empty_label_shows_beside_a_table_for_several(qtbot: Any, main: MainWindow) -> None:
    """The Solonauts status line has nothing to say during a game for several: it is not there to be read."""
    main.new_hotseat("chrononauts", "chrononauts", ["Ada", "Bo"], {}, 5)
    QApplication.processEvents()
    assert [label for label in (main.prompt, main.score, main.deal_label) if label.isVisible()] == []
    main.new_game({"ids": 8}, DEAL)
    QApplication.processEvents()
    assert main.score.isVisible() and main.score.text()
