"""The message line under the table (a refused drop, a failed autosave) tells the person looking what went
wrong, and nothing more (issue #12): its height never moves the table, for a refusal made behind the curtain
would otherwise shift the picture the others see afterwards, and its words go when that person's look ends."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication
from secret_twins import NAMES, Side, make_side, perform, shown_viewer, snapshot, table_for

from desktop.frame.i18n import Translator
from rules.kernel import PUBLIC


def banquet(qtbot: Any, mode: str = "open_privileges") -> Side:
    table = table_for("banquet")
    return make_side(table, Translator("en", "banquet"), table.GAME_CLASS.start("banquet", mode, NAMES[:4], {}, 7),
                     qtbot)


def close(side: Side) -> None:
    side.window.close()
    shiboken6.delete(side.window)


def where_the_table_is(side: Side) -> tuple[Any, QRectF]:
    QApplication.processEvents()
    view = side.table.view
    return view.geometry(), view.mapToScene(view.viewport().rect()).boundingRect()


def test_a_message_shown_and_cleared_leaves_the_table_where_it_was(qtbot: Any) -> None:
    """QLabel.clear() leaves an empty label no height, setText('') a line's: a message line sized by its
    text put the table 7 px apart between a table where a refusal was once shown and one where none was."""
    side = banquet(qtbot)
    never = where_the_table_is(side)
    for text in ("Drop the card on one of the lit targets.", "A refusal long enough to take two lines. " * 6, ""):
        side.table.show_message(text)
        assert where_the_table_is(side) == never, text
        side.table.message.clear()
        assert where_the_table_is(side) == never, text
    close(side)


def arrange(side: Side, refused_first: bool) -> None:
    """Bacchus' Banquet: the host picks the round's cards and arranges them behind the curtain (BB-5.3), at one
    table after a drop on no target, and offers the gift: everybody looks again (BB-17.5.1)."""
    game = side.game
    perform(side, ("lift",))
    for card in [c for c in game.state.circle if c is not None][:3]:
        perform(side, ("click", card))
    if side.scene.curtain_up:
        perform(side, ("lift",))
    hand = list(game.state.hand)
    if refused_first:
        side.scene.drop_refused.emit(hand[0], "")  # what a drop away from every lit target sends
        assert side.table.message.text()
    perform(side, ("drag", hand[0], "slot:discard"))
    perform(side, ("drag", hand[1], "slot:keep"))
    perform(side, ("button", next(key for key in side.table.buttons if key.startswith("offer:"))))
    assert game.state.phase == "window" and shown_viewer(side.table) == PUBLIC


def test_a_refusal_behind_the_curtain_does_not_move_the_public_table(qtbot: Any) -> None:
    """BB-5.3, BB-17 (issue #12): seed 4017 of the pixel twins, made certain."""
    sides = [banquet(qtbot), banquet(qtbot)]
    arrange(sides[0], refused_first=False)
    arrange(sides[1], refused_first=True)
    assert where_the_table_is(sides[0]) == where_the_table_is(sides[1])
    a, b = snapshot(sides[0]), snapshot(sides[1])
    assert a.words == b.words
    assert a.image == b.image
    for side in sides:
        close(side)


def test_a_refusal_behind_the_curtain_goes_when_the_look_ends(qtbot: Any) -> None:
    """BB-17.5.6 (issue #12): the player who said they answer is refused a drop, then goes back to the shared
    question: the refusal, which may name a card the others cannot see, is not left for them to read."""
    side = banquet(qtbot)
    arrange(side, refused_first=False)
    side.answers.draw = 0.3  # the first player asked is the one who answers
    perform(side, ("button", "privilege"))  # "I answer"
    if side.scene.curtain_up:
        perform(side, ("lift",))
    assert shown_viewer(side.table) != PUBLIC
    side.table.show_message("A refusal naming a card only the one answering holds.")
    perform(side, ("button", "back"))
    assert shown_viewer(side.table) == PUBLIC
    assert side.table.message.text() == ""
    close(side)


def test_a_failed_autosave_is_still_said_when_the_look_ends(qtbot: Any, tmp_path: Path) -> None:
    """Clearing the one who looked alone's messages keeps the one about the table's file, which is everybody's."""
    side = banquet(qtbot)
    side.table.autosave = tmp_path  # a folder: every save fails
    arrange(side, refused_first=True)
    assert side.table.message.text().startswith("Could not save automatically (")
    close(side)


def test_a_line_cleared_between_hints_is_not_styled_again(qtbot: Any) -> None:
    """Each redraw for a new viewer clears the line, and a hint (what the focused card can do) follows: styling
    the empty line as a refusal and then back took half a millisecond of every redraw (issue #42). An empty line
    keeps its style; words take the style of their kind."""
    from desktop.frame.dialogs import REFUSAL_STYLE as ERROR_STYLE
    from desktop.frame.seat_table import HINT_STYLE

    side = banquet(qtbot)
    table = side.table
    table.show_message("Anna's card can go to the gift slot.", error=False)
    assert table.message.styleSheet() == HINT_STYLE
    table.show_message("")  # as a redraw for the next viewer does
    assert table.message.text() == "" and table.message.styleSheet() == HINT_STYLE
    table.show_message("Drop the card on one of the lit targets.")
    assert table.message.styleSheet() == ERROR_STYLE
    close(side)
