"""What a screen reader gets from the tables (issue 10): Qt's accessibility tree under a table's view holds
its cards and zones, named from the game's view in the player's language, with role, state and place;
the names follow the game; the focus moves are told; every log event is announced; no secret leaks."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QObject, QRect, Qt
from PySide6.QtGui import QAccessible, QAccessibleInterface
from PySide6.QtWidgets import QApplication, QWidget
from table_driver import Dialogs, make_window

from desktop.frame import accessibility
from desktop.frame.card_item import CardItem
from desktop.games.chrononauts.solonauts_scene import DECK_KEY
from desktop.shell.main_window import MainWindow
from rules.chrononauts.moves import PlayCard
from rules.kernel import HIDDEN

NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description


@pytest.fixture(autouse=True)
def active() -> Iterator[None]:
    """Offscreen Qt has no screen reader to switch accessibility on: the tests do."""
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


@pytest.fixture
def heard() -> Iterator[list[tuple[str, str]]]:
    """What the table told a screen reader: (kind, text) for announcements and focus moves."""
    said: list[tuple[str, str]] = []

    def listen(kind: str, _source: QObject, text: str) -> None:
        said.append((kind, text))

    accessibility.listeners.append(listen)
    yield said
    accessibility.listeners.remove(listen)


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def tree(view: Any) -> QAccessibleInterface:
    table = QAccessible.queryAccessibleInterface(view)
    assert table is not None
    return table


def children(view: Any) -> dict[str, QAccessibleInterface]:
    """The table's children by item key ('curtain' for the veil)."""
    table = tree(view)
    found: dict[str, QAccessibleInterface] = {}
    for i in range(table.childCount()):
        child = table.child(i)
        assert child is not None and table.indexOfChild(child) == i
        obj = child.object()
        found[obj.key if isinstance(obj, CardItem) else "curtain"] = child
    return found


def test_the_table_lists_its_cards_with_names_roles_and_places(qtbot: Any, window: MainWindow) -> None:
    table = tree(window.table.view)
    assert table.role() == QAccessible.Role.List and table.text(NAME) == "Card table"
    assert "Hand: 5 cards. Home: 0 of 8. Open paradoxes: 0." in table.text(DESCRIPTION)
    items = children(window.table.view)
    assert set(items) == set(window.table.scene.items_by_key)  # every card and zone, nothing else
    linchpin = items["tl:1963"]
    assert linchpin.text(NAME) == "1963, Kennedy Assassinated, true history"
    assert linchpin.text(DESCRIPTION).startswith("Linchpin; turning it over ripples to 1968, 1969, 1974.")
    assert linchpin.role() == QAccessible.Role.ListItem and linchpin.parent().object() is window.table.view
    assert items["tl:1868"].text(NAME) == "1868, Andrew Johnson Impeached, ripplepoint"
    assert items["tl:1868"].text(DESCRIPTION) == "Paradox if 1865′ is prime."
    assert items[DECK_KEY].text(DESCRIPTION) == "face down" and "36" in items[DECK_KEY].text(NAME)
    first = window.table.session.view.hand[0] if window.table.session else ""
    assert items[first].text(NAME).endswith("card 1 of 5 in your hand")
    assert "can be picked up" in items[first].text(DESCRIPTION).lower()
    view_rect = QRect(window.table.view.mapToGlobal(window.table.view.rect().topLeft()), window.table.view.size())
    assert view_rect.contains(linchpin.rect()) and linchpin.rect().width() > 20
    point = linchpin.rect().center()
    found = table.childAt(point.x(), point.y())
    assert found is not None and found.object() is window.table.scene.items_by_key["tl:1963"]


def test_the_names_follow_a_move(qtbot: Any, window: MainWindow) -> None:
    """CHR-4.4 and CHR-4.2: Reverse Fate turns 1865 over, and 1868, hanging on it, becomes a paradox;
    the names say both, and the hand's count follows."""
    assert window.table.session is not None
    fate = next(card for card in window.table.session.view.hand if card.startswith("inv_reverse_fate"))
    before = children(window.table.view)
    assert before["tl:1865"].text(NAME) == "1865, Lincoln Assassinated, true history"
    window.table.session.play(PlayCard(0, fate, 1865))
    after = children(window.table.view)
    assert after["tl:1865"].text(NAME).startswith("1865′, ")
    assert after["tl:1865"].text(NAME).endswith(", history changed, 1 paradox depends on it")
    assert after["tl:1868"].text(NAME).endswith(", paradox")
    assert "Open paradoxes: 1." in tree(window.table.view).text(DESCRIPTION)
    assert fate not in after


def test_focus_selection_and_lit_targets_show_in_the_state(qtbot: Any, window: MainWindow,
                                                          heard: list[tuple[str, str]]) -> None:
    view, scene = window.table.view, window.table.scene
    view.setFocus()
    items = children(view)
    focused = [key for key, child in items.items() if child.state().focused]
    assert focused == [scene.focused_key]
    assert tree(view).focusChild().object() is scene.items_by_key[scene.focused_key]
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert heard[-1] == ("focus", children(view)[scene.focused_key].text(NAME))
    qtbot.keyClick(view, Qt.Key.Key_1)
    card = scene.selected
    items = children(view)
    assert items[card].state().selected and "picked up" in items[card].text(DESCRIPTION).lower()
    lit = [key for key, child in items.items() if "can be played here" in child.text(DESCRIPTION).lower()]
    assert set(lit) == set(scene.dests[card])  # exactly the rules' targets (from legal_moves)
    assert items[scene.focused_key].state().focused and scene.focused_key in lit


def test_every_log_event_is_announced(qtbot: Any, window: MainWindow, heard: list[tuple[str, str]]) -> None:
    assert window.table.session is not None
    lines = window.log.count()
    fate = next(card for card in window.table.session.view.hand if card.startswith("inv_reverse_fate"))
    window.table.session.play(PlayCard(0, fate, 1865))
    new = [window.log.item(i).text() for i in range(lines, window.log.count())]
    said = [text for kind, text in heard if kind == "announce"]
    assert new and said == new


def test_names_are_in_the_players_language(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    window = make_window(qtbot, dialogs, "it")
    window.new_game({"ids": 8}, 1234)
    items = children(window.table.view)
    assert tree(window.table.view).text(NAME) == "Tavolo da gioco"
    assert items["tl:1963"].text(NAME).endswith(", storia vera")
    window.set_language("nl")
    assert children(window.table.view)["tl:1963"].text(NAME).endswith(", ware geschiedenis")


# --- tables for several people ---------------------------------------------------------------------


def test_the_curtain_is_named_and_hides_every_secret(qtbot: Any, main: MainWindow,
                                                    heard: list[tuple[str, str]]) -> None:
    """Behind the curtain the tree holds the veil (a button: Enter lifts it) and the public table only:
    the first player's ID and Mission, dealt face down, are named "face down" and nothing more."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Marta", "Luca"], {"first_player": 0}, 5)
    assert table.scene.curtain_up
    items = children(table.view)
    curtain = items["curtain"]
    assert curtain.text(NAME) == "curtain: " + table.tr_.text("hs.curtain", player="Marta")
    assert curtain.role() == QAccessible.Role.Button and curtain.state().focused
    state = table.game.state
    secrets = [table.tr_.card_title(card) for card in (*state.hands[0], state.ids[0], state.missions[0])
               if card is not None]
    said = " ".join(child.text(NAME) + " " + child.text(DESCRIPTION) for child in items.values())
    assert not any(secret in said for secret in secrets)
    table.view.setFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_Return)
    assert not table.scene.curtain_up and "curtain" not in children(table.view)
    mine = " ".join(child.text(NAME) for child in children(table.view).values())
    assert any(secret in mine for secret in secrets)  # Marta alone looks now: her cards are read out


def test_a_table_going_away_answers_a_reader_safely(qtbot: Any, main: MainWindow) -> None:
    """Issue #37: a view's Python side goes first as it is deleted, and Qt asks its interface about its parent (to
    tell a reader it went) before dropping it: at exit the error raised there crashed the app. Asked in that moment
    (as the view deletes its children), the interface is invalid and answers nothing, without an error."""
    table = main.new_hotseat("chrononauts", "chrononauts", ["Marta", "Luca"], {"first_player": 0}, 5)
    face = tree(table.view)
    assert face.isValid() and face.childCount() > 0 and face.parent() is not None
    answers: dict[str, object] = {}

    def ask() -> None:
        for question, call in (("valid", face.isValid), ("parent", face.parent), ("count", face.childCount),
                               ("child", lambda: face.child(0)), ("name", lambda: face.text(NAME)),
                               ("focus", face.focusChild), ("at", lambda: face.childAt(10, 10)),
                               ("window", face.window), ("rect", face.rect),
                               ("invisible", lambda: face.state().invisible)):
            try:
                answers[question] = call()
            except RuntimeError as error:  # what Qt met: "Internal C++ object (TableView) already deleted"
                answers[question] = error

    probe = QObject(table.view)  # deleted with the view's children: after its Python side, before its interface
    probe.destroyed.connect(ask)
    main._leave_table()
    shiboken6.delete(table)
    assert answers == {"valid": False, "parent": None, "count": 0, "child": None, "name": "", "focus": None,
                       "at": None, "window": None, "rect": QRect(), "invisible": True}


def test_a_notification_going_with_its_window_answers_a_reader_safely(heard: list[tuple[str, str]]) -> None:
    """Issue #37, as above for a notification: its window goes first, and Qt may ask it about that window as it goes."""
    window = QWidget()  # deleted by the test, so not handed to qtbot
    accessibility.announce(window, "Ada keeps the card dealt.")
    accessibility.flush()
    assert ("notify", "Ada keeps the card dealt.") in heard
    herald = window.findChild(accessibility.Herald)
    assert isinstance(herald, accessibility.Herald)
    answers: dict[str, object] = {}
    herald.destroyed.connect(lambda: answers.update(valid=face.isValid(), parent=face.parent(), window=face.window()))
    face = QAccessible.queryAccessibleInterface(herald)  # after the connection: asked before Qt drops it
    assert face is not None and face.isValid() and face.parent() is not None
    shiboken6.delete(window)
    assert answers == {"valid": False, "parent": None, "window": None}


def test_the_prompt_and_its_buttons_have_names_and_log_lines_are_announced(
        qtbot: Any, main: MainWindow, heard: list[tuple[str, str]]) -> None:
    table = main.new_hotseat("chrononauts", "chrononauts", ["Marta", "Luca"], {"first_player": 0}, 5)
    prompt = QAccessible.queryAccessibleInterface(table.prompt)
    assert prompt is not None and prompt.text(NAME) == table.prompt.text() != ""
    QApplication.processEvents()
    accessibility.flush()
    # The curtain's words are said once, as it takes the keyboard when the table appears (issue 31).
    said = [(kind, text) for kind, text in heard if table.prompt.text() in text and kind in ("announce", "notify", "focus")]
    assert said == [("focus", "curtain: " + table.prompt.text())]
    reveal = QAccessible.queryAccessibleInterface(table.buttons["reveal"])
    assert reveal is not None and reveal.text(NAME) == table.tr_.text("hs.reveal")
    assert reveal.role() == QAccessible.Role.Button
    table.buttons["reveal"].click()
    lines = table.log.count()
    heard.clear()
    table.buttons["keep"].click()
    new = [table.log.item(i).text() for i in range(lines, table.log.count())]
    assert new and all(("announce", line) in heard for line in new)


def test_a_banquet_display_and_a_face_down_privilege(qtbot: Any, main: MainWindow) -> None:
    """BB-10.8: the belt's hole is part of a display's name; an unused privilege of another player is
    only "face down" (BB-3)."""
    table = main.new_hotseat("banquet", "standard", ["Marcus", "Livia", "Gaius"], {}, 1)
    QApplication.processEvents()
    if table.scene.curtain_up:
        table.lift_curtain()
    items = children(table.view)
    state = table.game.state
    display = items["seat:0"].text(NAME)
    assert display == f"Marcus's display, {len(state.rows[0])} cards accepted, belt at {state.belts[0]}"
    hidden = [key for key in items if key.startswith("priv:")]
    assert hidden, "another player's privileges lie face down"
    for key in hidden:
        seat, index = int(key.split(":")[1]), int(key.split(":")[2])
        secret = table.game.state.privileges[seat][index]
        assert secret != HIDDEN
        assert items[key].text(NAME) == "face down" and secret not in items[key].text(DESCRIPTION)


def test_parsifal_areas_and_bacchanalia_seats_are_named(qtbot: Any, main: MainWindow) -> None:
    table = main.new_hotseat("parsifal", "standard", ["Ada", "Bo", "Cy", "Di"], {"first_player": 0}, 7)
    if table.scene.curtain_up:
        table.lift_curtain()
    view = table.game.engine.view(table.game.state, -1)
    name = children(table.view)["area:1"].text(NAME)
    assert name == f"Bo's area, {len(view.owned_by(1))} characters"
    table = main.new_hotseat("bacchanalia", "standard", ["Ada", "Bo", "Cy"], {}, 3)
    assert children(table.view)["seat:2"].text(NAME) == "Cy's seat"
