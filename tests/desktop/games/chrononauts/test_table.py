"""The Solonauts table driven as a player drives it: drags, clicks, keys and the pointer.

Deal 1234 opens with two patches and three Reverse Fate in hand and no paradox on the table, so
Reverse Fate may flip any linchpin (CHR-9.1.3) and may not touch a ripplepoint (CHR-9.1.1).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractAnimation, QPointF, QPropertyAnimation, Qt
from PySide6.QtWidgets import QApplication

from desktop.frame import card_item
from desktop.frame.i18n import PRIME
from desktop.games.chrononauts.solonauts_scene import DISCARD_KEY
from desktop.shell.main_window import MainWindow
from rules.chrononauts.moves import Discard, PlayCard
from table_driver import Dialogs, centre, click, drag, hover, make_window, release

LINCHPIN, RIPPLEPOINT = "tl:1865", "tl:1868"


def reverse_fate(window: MainWindow) -> str:
    assert window.table.session is not None
    return next(card for card in window.table.session.view.hand if card.startswith("inv_reverse_fate"))


def test_drag_lights_the_legal_targets_and_a_drop_plays_the_move(qtbot: Any, window: MainWindow) -> None:
    card = reverse_fate(window)
    drag(window, card, centre(window, LINCHPIN), let_go=False)
    items = window.table.scene.items_by_key
    lit = {key for key, item in items.items() if item.highlighted}
    assert session_targets(window, card) == lit  # exactly the rules' targets light up (CHR-9.1.3)
    assert LINCHPIN in lit and RIPPLEPOINT not in lit
    assert items[card].selected

    release(window, LINCHPIN)
    assert window.table.session is not None
    assert window.table.session.match.moves == [PlayCard(0, card, 1865)]
    assert items[LINCHPIN].face.year == f"1865{PRIME}"  # the linchpin now shows its prime side (CHR-4.4)
    assert card not in items  # gone from the hand; the discard shows it on top
    assert items[DISCARD_KEY].face.title == "Reverse Fate"
    assert not any(item.highlighted for item in items.values())


def session_targets(window: MainWindow, card: str) -> set[str]:
    assert window.table.session is not None
    return set(window.table.session.dests()[card])


def test_an_illegal_drop_slides_back_and_says_why(qtbot: Any, window: MainWindow, monkeypatch: Any) -> None:
    monkeypatch.setattr(card_item, "ANIMATION_MS", 150)
    card = reverse_fate(window)
    home = window.table.scene.items_by_key[card].pos()
    drag(window, card, centre(window, RIPPLEPOINT))
    assert window.table.scene.items_by_key[card].pos() != home  # still over 1868, about to slide
    assert window.table.session is not None and window.table.session.match.moves == []
    # CHR-9.1.1: inverters never target ripplepoints; the reason comes from the rules, in English.
    # The rules' reason, then where the card can go instead.
    assert window.message.text() == "Reverse Fate can only flip a linchpin; 1868 is not one. Reverse Fate can go to 14 lit places."
    # The slide takes ANIMATION_MS on an idle machine; a loaded one may need longer.
    qtbot.waitUntil(lambda: window.table.scene.items_by_key[card].pos() == home, timeout=5000)
    assert not window.table.scene.selected


def test_a_card_told_twice_where_to_go_keeps_sliding(qtbot: Any, window: MainWindow, monkeypatch: Any) -> None:
    """A redraw during a slide (a quick second move) neither restarts the slide nor leaves a spent
    animation behind on the card; a new place turns it round."""
    monkeypatch.setattr(card_item, "ANIMATION_MS", 1000)
    item = window.table.scene.items_by_key[reverse_fate(window)]
    start, there, elsewhere = item.pos(), item.pos() + QPointF(300, 0), item.pos() + QPointF(0, -200)
    item.move_to(there)
    slide = item.findChildren(QPropertyAnimation)
    assert len(slide) == 1 and slide[0].state() == QAbstractAnimation.State.Running
    qtbot.waitUntil(lambda: item.pos() != start, timeout=5000)
    slide[0].setCurrentTime(500)
    item.move_to(there)
    assert slide[0].currentTime() >= 500  # the same slide goes on, from where it was
    item.move_to(elsewhere)
    assert item.findChildren(QPropertyAnimation) == slide and slide[0].currentTime() < 500
    assert item.resting_pos == elsewhere
    window.table.scene.finish_slides()
    assert item.pos() == elsewhere and item.resting_pos == elsewhere
    item.move_to(elsewhere)  # already there: nothing to animate
    assert slide[0].state() == QAbstractAnimation.State.Stopped and item.pos() == elsewhere


def test_the_refusal_is_in_the_players_language(qtbot: Any, home: Any, dialogs: Dialogs) -> None:
    window = make_window(qtbot, dialogs, "it")
    window.new_game({"ids": 8}, 1234)
    card = reverse_fate(window)
    drag(window, card, centre(window, RIPPLEPOINT))
    italian = window.message.text()
    title = window.tr_.text("inv_reverse_fate.title")
    assert italian.startswith(window.tr_.text("illegal.not_a_linchpin", card=title, year=1868) + " ")
    assert "1868" in italian and title in italian
    assert italian != "Reverse Fate can only flip a linchpin; 1868 is not one."


def test_a_drop_on_bare_table_is_refused_with_a_hint(qtbot: Any, window: MainWindow) -> None:
    card = reverse_fate(window)
    drag(window, card, QPointF(600, 30))  # the empty home row
    assert window.table.session is not None and window.table.session.match.moves == []
    assert window.message.text() == "Drop the card on one of the lit targets."


def test_most_of_the_card_decides_where_it_lands(qtbot: Any, window: MainWindow) -> None:
    # Dropped mostly on ripplepoint 1868 and only a sliver on linchpin 1865: refused, not played on 1865.
    card = reverse_fate(window)
    target = centre(window, RIPPLEPOINT) - QPointF(30, 0)
    drag(window, card, target)
    assert window.table.session is not None and window.table.session.match.moves == []
    assert "1868" in window.message.text()


def test_click_a_card_then_a_lit_target(qtbot: Any, window: MainWindow) -> None:
    card = reverse_fate(window)
    click(window, card)
    assert window.table.scene.selected == card
    assert window.table.scene.items_by_key[LINCHPIN].highlighted
    assert "Reverse Fate" in window.prompt.text()
    click(window, RIPPLEPOINT)  # not lit: refused with the reason, still holding the card
    assert "1868" in window.message.text()
    assert window.table.session is not None and window.table.session.match.moves == []
    click(window, LINCHPIN)
    assert window.table.session.match.moves == [PlayCard(0, card, 1865)]


def test_clicking_the_held_card_again_puts_it_down(qtbot: Any, window: MainWindow) -> None:
    card = reverse_fate(window)
    click(window, card)
    click(window, card)
    assert window.table.scene.selected == ""
    assert not any(item.highlighted for item in window.table.scene.items_by_key.values())


def test_keyboard_path_select_cycle_play_and_discard(qtbot: Any, window: MainWindow) -> None:
    assert window.table.session is not None
    hand = list(window.table.session.view.hand)
    position = next(i for i, card in enumerate(hand) if card.startswith("inv_reverse_fate"))
    qtbot.keyClick(window.table.view, str(position + 1))
    scene = window.table.scene
    assert scene.selected == hand[position]
    first = scene.focus_target
    assert first == scene.ordered_targets()[0]
    qtbot.keyClick(window.table.view, Qt.Key.Key_Right)
    second = scene.focus_target
    assert second != first and scene.items_by_key[second].selected
    qtbot.keyClick(window.table.view, Qt.Key.Key_Escape)
    assert scene.selected == ""
    qtbot.keyClick(window.table.view, str(position + 1))
    qtbot.keyClick(window.table.view, Qt.Key.Key_Right)
    qtbot.keyClick(window.table.view, Qt.Key.Key_Return)
    move = window.table.session.match.moves[-1]
    assert isinstance(move, PlayCard) and f"tl:{move.target}" == second

    first_card = window.table.session.view.hand[0]
    qtbot.keyClick(window.table.view, "1")
    qtbot.keyClick(window.table.view, Qt.Key.Key_Delete)
    assert window.table.session.match.moves[-1] == Discard(0, first_card)


def test_hover_shows_the_card_and_right_click_keeps_it(qtbot: Any, window: MainWindow) -> None:
    hover(window, "tl:1929")
    assert "1929" in window.detail.text.toPlainText()
    assert "Stock Market Crashes" in window.detail.text.toPlainText()
    assert window.detail.picture.pixmap() is not None and not window.detail.picture.pixmap().isNull()
    click(window, "tl:1963", Qt.MouseButton.RightButton)
    hover(window, "tl:1929")
    assert "1963" in window.detail.text.toPlainText()  # pinned: the pointer no longer changes it
    click(window, "tl:1963", Qt.MouseButton.RightButton)
    hover(window, "tl:1929")
    assert "1929" in window.detail.text.toPlainText()


def test_reconstructed_cards_say_so_in_the_detail_view(qtbot: Any, window: MainWindow) -> None:
    identity = window.table.session.view.waiting[0] if window.table.session else ""
    hover(window, identity)
    shown = window.detail.text.toPlainText()
    reconstructed = window.tr_.text("detail.reconstructed")
    assert reconstructed in shown and "cards.yaml" not in shown  # player words, not the file to correct
    hover(window, "tl:1929")  # a printed card does not
    assert reconstructed not in window.detail.text.toPlainText()


def test_a_waiting_traveller_shows_what_is_already_in_place(qtbot: Any, window: MainWindow) -> None:
    """One pip per year on the card, and the detail view lists the three titles with their state (CHR-12.2)."""
    assert window.table.session is not None
    tl = window.table.session.view.timeline
    for ident in window.table.session.view.waiting:
        assert window.table.scene.items_by_key[ident].face.pips == window.table.faces.rules.identity_progress(tl, ident)
    ident = window.table.session.view.waiting[0]
    assert window.table.scene.items_by_key[ident].face.pips == (True, False, False)  # true history: no patch yet
    hover(window, ident)
    shown = window.detail.text.toPlainText()
    assert "Home when all three show:" in shown
    assert shown.count("not yet") == 2 and shown.count("in place") == 1
    window.set_language("it")
    assert "non ancora" in window.detail.text.toPlainText()  # the detail follows the language at once


def test_tab_moves_between_targets_and_never_leaves_the_table(qtbot: Any, window: MainWindow) -> None:
    """README: Tab and Shift+Tab walk the held card's targets; with nothing held, Tab picks up a card."""
    assert window.table.session is not None
    scene = window.table.scene
    window.table.view.setFocus()
    qtbot.keyClick(window.table.view, Qt.Key.Key_Tab)
    assert scene.selected == window.table.session.view.hand[0]
    qtbot.keyClick(window.table.view, Qt.Key.Key_Escape)
    fate = reverse_fate(window)
    qtbot.keyClick(window.table.view, str(window.table.session.view.hand.index(fate) + 1))
    targets = scene.ordered_targets()
    assert scene.focus_target == targets[0]
    qtbot.keyClick(window.table.view, Qt.Key.Key_Tab)
    assert scene.focus_target == targets[1]
    qtbot.keyClick(window.table.view, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert scene.focus_target == targets[0]
    assert QApplication.focusWidget() is window.table.view  # the keyboard stayed on the table
    qtbot.keyClick(window.table.view, Qt.Key.Key_Return)
    assert window.table.session.match.moves == [PlayCard(0, fate, int(targets[0][3:]))]


def test_the_curtain_words_stay_on_the_table_whatever_their_length(qtbot: Any) -> None:
    """A long name in a long language shrinks the curtain's words instead of running past the table."""
    from desktop.frame.card_table import CardTable
    from desktop.frame.i18n import Translator

    table = CardTable(Translator("nl"), 900, 600)
    short = "Geef door aan Ann"
    for text in (short, "Geef door aan Maximiliaan-Alexander — klik of druk op Enter als alleen hij kijkt" * 2):
        table.set_curtain(text)
        assert table._veil is not None
        _veil, band, words = table._veil
        assert table.sceneRect().contains(band.sceneBoundingRect()), text
        assert band.sceneBoundingRect().contains(words.sceneBoundingRect())
    table.set_curtain(short)
    assert table._veil[2].scale() == 1.0  # short words keep their full size
