"""The guided first games (issue #11 item 2), played through real clicks and drags on the table."""
from __future__ import annotations

from typing import Any

import pytest
from guide_driver import LEFT, click_curtain, do_step, drag
from table_driver import Dialogs
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from cardsets import tutorial
from desktop.frame.guide import Guide
from desktop.shell import guided
from desktop.shell.main_window import MainWindow


@pytest.fixture(autouse=True)
def element_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keeping an Umbra in Bacchanalia asks what the scene brought in: the player types a word."""
    from desktop.games.bacchanalia.table import BacchanaliaTable

    monkeypatch.setattr(BacchanaliaTable, "ask_element", lambda _self: "a lantern")


def play_through(qtbot: Any, guide: Guide) -> list[str]:
    seen = []
    for _ in range(len(guide.script.steps) + 1):
        if guide.done:
            break
        seen.append(guide.step.id)
        assert guide.bubble.isVisible()
        assert guide.bubble.text.textFormat() == Qt.TextFormat.PlainText
        do_step(qtbot, guide)
    return seen


@pytest.mark.parametrize("name", list(tutorial.NAMES))
def test_guided_game_played_to_its_end_then_goes_on(qtbot: Any, window: MainWindow, name: str) -> None:
    guide = guided.begin(window, name)
    assert guide is not None
    table = guide.table
    seen = play_through(qtbot, guide)
    stuck = "" if guide.done else f"stuck at {guide.step.id}: {guide.bubble.refusal.text()} {table.message.text()}"
    assert guide.done and seen == [step.id for step in guide.script.steps], stuck
    assert table.guard is None
    # The game goes on: a legal move of whoever decides next plays.
    match = table.game.match
    engine = match.engine
    seat = engine.decider(match.state)
    seat = seat if seat is not None else min(engine.to_act(match.state))
    before = len(match.moves)
    table.looking = seat
    assert table.play(match.legal_moves(seat)[0])
    assert len(match.moves) == before + 1


def test_another_move_is_held_back_with_the_reason_and_the_guide_stays(qtbot: Any, window: MainWindow) -> None:
    guide = guided.begin(window, "solonauts")
    assert guide is not None
    table = guide.table
    do_step(qtbot, guide)  # the goal, read
    assert guide.step.id == "invert" and guide.pointed == ["inv_reverse_fate#1", "tl:1936"]
    drag(table, "inv_reverse_fate#1", "tl:1865")  # lit too, but not what the step asks
    QApplication.processEvents()
    assert table.game.match.moves == [] and guide.step.id == "invert"
    assert guide.bubble.refusal.text() == window.tr_.text("guide.not_this_move")
    assert "inv_reverse_fate#1" in table.scene.hand_cards()  # back in the hand


def test_leaving_midway_leaves_a_normal_game_that_plays_and_undoes(qtbot: Any, window: MainWindow) -> None:
    guide = guided.begin(window, "chrononauts")
    assert guide is not None
    table = guide.table
    for _ in range(4):  # curtain, goal, keep the ID, Ada keeps hers
        do_step(qtbot, guide)
    qtbot.mouseClick(guide.bubble.leave, LEFT)
    QApplication.processEvents()
    assert guide.done and table.guard is None and not guide.rings
    assert table.message.text() == window.tr_.text("guide.left")
    match = table.game.match
    click_curtain(table)  # Bruno looks, and keeps his ID with the bar's button
    qtbot.mouseClick(table.buttons["keep"], LEFT)
    click_curtain(table)  # back to the player, who plays what the script never would: an artifact first
    played = len(match.moves)
    drag(table, "art_cure", "zone:stack")
    QApplication.processEvents()
    assert len(match.moves) == played + 1 and match.moves[-1].card == "art_cure"  # type: ignore[attr-defined]
    qtbot.mouseClick(table.buttons["undo"], LEFT)
    assert len(match.moves) == played


def test_the_first_start_of_a_game_offers_its_guide_once(qtbot: Any, window: MainWindow) -> None:
    window.new_hotseat("parsifal", "standard", ["Ada", "Bruno"], {}, 5)
    offer = window.guided_offer.bubble  # type: ignore[attr-defined]
    assert offer is not None and offer.isVisible()
    assert offer.text.text() == window.tr_.text("guide.offer")
    qtbot.mouseClick(offer.leave, LEFT)  # No, thanks
    assert window.guided_offer.bubble is None  # type: ignore[attr-defined]
    window.new_hotseat("parsifal", "standard", ["Ada", "Bruno"], {}, 6)
    assert window.guided_offer.bubble is None  # type: ignore[attr-defined]  # once only
    assert "parsifal" in window.settings[guided.PLAYED]
    window.new_hotseat("banquet", "standard", ["Ada", "Bruno", "Carla"], {}, 6)  # another game: offered
    offer = window.guided_offer.bubble  # type: ignore[attr-defined]
    assert offer is not None
    qtbot.mouseClick(offer.next, LEFT)  # Show me
    table = window.table
    assert table is not None and isinstance(getattr(table, "guide", None), Guide)
    assert table.game.names == ["Sam", "Ada", "Bruno"]  # the name the player last sat under is a guest's here


def test_help_menu_starts_the_guide_of_the_game_on_the_table(qtbot: Any, window: MainWindow) -> None:
    window.new_hotseat("bacchanalia", "standard", ["Ada", "Bruno", "Carla"], {}, 5)
    window.act_guided.trigger()
    table = window.table
    assert table is not None and table.game.match.seed == 1 and getattr(table, "guide", None) is not None
    assert window.act_guided.text() == window.tr_.text("menu.guided")


def test_a_broken_translation_shows_the_english_and_says_so(qtbot: Any, window: MainWindow, tmp_path: Any,
                                                           monkeypatch: pytest.MonkeyPatch, dialogs: Dialogs) -> None:
    import shutil

    import cardsets

    root = tmp_path / "sets"
    shutil.copytree(cardsets.ROOT / "chrononauts", root / "chrononauts")
    words = root / "chrononauts" / "tutorial" / "text" / "nl.yaml"
    words.write_text(words.read_text(encoding="utf-8").replace("Speel {card} nog", "Speel {kaart nog"), encoding="utf-8")
    monkeypatch.setattr(cardsets, "ROOT", root)
    loaded = guided.load("solonauts", "nl", root)
    assert isinstance(loaded, guided.Loaded) and loaded.language == "en"
    assert loaded.notice is not None and loaded.notice.file.endswith("nl.yaml")
    window.tr_.set_language("nl")
    guide = guided.begin(window, "solonauts")
    assert guide is not None and guide.bubble.notice.isVisible()
    # Why, in Dutch: the file, the place and what is wrong there, not the checker's English.
    notice = guide.bubble.notice.text()
    assert f"{loaded.notice.file}, regel {loaded.notice.line}, kolom {loaded.notice.column}: " in notice
    assert "placeholder" not in notice and "malformed" not in notice
    assert guide.bubble.text.text() == loaded.words.text("en", "solo.goal")
    # English itself broken: refused with the reason, nothing crashes.
    english = root / "chrononauts" / "tutorial" / "text" / "en.yaml"
    english.write_text("language: en\nstrings: [", encoding="utf-8")
    broken = guided.load("solonauts", "en", root)
    assert isinstance(broken, guided.Problem) and broken.code == "yaml.syntax"
    window.tr_.set_language("it")
    assert guided.begin(window, "solonauts") is None
    said = window.tr_.text("guide.broken", reason="chrononauts/tutorial/text/en.yaml, riga 3, colonna 1: la struttura")
    assert dialogs.informed[-1][1].startswith(said)


def test_the_card_a_step_points_at_is_read_whole_in_the_detail_panel(qtbot: Any, window: MainWindow) -> None:
    """On a 1280×720 table a small card shows little more than its name; the guest whose objective a
    step explains must be readable, so the pointed card is shown in the detail panel."""
    guide = guided.begin(window, "banquet")
    assert guide is not None
    table = guide.table
    shown: list[str] = []
    for _ in range(len(guide.script.steps)):
        if guide.done:
            break
        if guide.pointed and not table.scene.curtain_up:
            assert table.detail_key == guide.pointed[0]
            shown.append(guide.pointed[0])
        do_step(qtbot, guide)
    assert shown, "no step pointed at a card on an open table"


@pytest.mark.parametrize("language", ["it", "nl"])
def test_the_bubble_is_tall_enough_for_its_words(qtbot: Any, window: MainWindow, language: str) -> None:
    """A long step was cut off at the top and bottom: a wrapped label's size hint is not its height."""
    window.set_language(language)
    guide = guided.begin(window, "parsifal")
    assert guide is not None
    for _ in range(4):
        if guide.done:
            break
        label = guide.bubble.text
        QApplication.processEvents()
        assert label.height() >= label.heightForWidth(label.width()), guide.step.id
        do_step(qtbot, guide)
    window.set_language("en")


def test_a_language_switch_says_the_step_and_the_offer_in_the_new_language(qtbot: Any, window: MainWindow) -> None:
    guide = guided.begin(window, "parsifal")
    assert guide is not None
    english = guide.bubble.text.text()
    window.set_language("nl")
    QApplication.processEvents()
    dutch = guide.bubble.text.text()
    assert dutch != english and dutch == guide.text_of(guide.step)
    assert guide.bubble.next.text() == window.tr_.text("guide.next").replace("&", "&&") or guide.bubble.next.isHidden()
    offer = window.guided_offer
    bubble = offer.show(guide.table, "parsifal")
    window.set_language("it")
    QApplication.processEvents()
    assert bubble.text.text() == window.tr_.text("guide.offer") and bubble.heading.text() == window.tr_.text("guide.title")
    window.set_language("en")


def arrow_moves_the_focus(qtbot: Any, window: MainWindow, table: Any) -> bool:
    """Does a key press, sent where the keyboard is, move the table's focus ring?"""
    window.activateWindow()
    QApplication.processEvents()
    before = table.scene.focused_key
    for key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Left, Qt.Key.Key_Up):
        focus = QApplication.focusWidget()
        if focus is None:
            return False
        qtbot.keyClick(focus, key)
        if table.scene.focused_key not in ("", before):
            return True
    return False


@pytest.mark.parametrize("name", ["solonauts", "chrononauts", "bacchanalia"])
@pytest.mark.parametrize("button", ["next", "leave"])
def test_after_next_or_leave_the_keyboard_is_on_the_table(qtbot: Any, window: MainWindow, name: str,
                                                         button: str) -> None:
    """Issue #36: after a guide's Next or Leave the keyboard was dead until the table was clicked."""
    guide = guided.begin(window, name)
    assert guide is not None
    table = guide.table
    while guide.step.kind != "next":  # up to the first explanation to read (a curtain lifted on the way)
        do_step(qtbot, guide)
    window.activateWindow()
    qtbot.mouseClick(getattr(guide.bubble, button), LEFT)
    QApplication.processEvents()
    assert table.view.hasFocus()
    assert arrow_moves_the_focus(qtbot, window, table)


@pytest.mark.parametrize("name", ["chrononauts", "artifaxx", "banquet"])  # the games with secrets, so a curtain
def test_enter_lifts_every_curtain_the_guide_brings_down(qtbot: Any, window: MainWindow, name: str) -> None:
    """The curtain says "click or press Enter". After Next played another seat's move, the Next button went away
    with the keyboard on it, which fell to Save as…: Enter at the curtain opened the save dialog."""
    guide = guided.begin(window, name)
    assert guide is not None
    table = guide.table
    window.activateWindow()
    curtains = 0
    while not guide.done:
        QApplication.processEvents()
        if table.scene.curtain_up and (guide.step.kind == "curtain" or guide.behind_curtain()):
            focus = QApplication.focusWidget()
            assert focus is not None, guide.step.id
            others = [button for key, button in table.buttons.items() if key != "reveal"]
            assert focus not in others, (guide.step.id, getattr(focus, "text", str)())  # Enter would press it
            qtbot.keyClick(focus, Qt.Key.Key_Return)
            QApplication.processEvents()
            assert not table.scene.curtain_up, (guide.step.id, type(focus).__name__, getattr(focus, "text", str)())
            curtains += 1
            continue
        do_step(qtbot, guide)
    assert curtains >= 1


def test_after_the_offer_is_declined_the_keyboard_is_on_the_table(qtbot: Any, window: MainWindow) -> None:
    """The offer waits in the side column; "No, thanks" there left the keyboard in the column."""
    table = window.new_hotseat("bacchanalia", "standard", ["Anna", "Bruno", "Carla"], {}, 5)
    QApplication.processEvents()
    offer = window.guided_offer.bubble  # type: ignore[attr-defined]
    assert offer is not None
    window.activateWindow()
    qtbot.mouseClick(offer.leave, LEFT)
    QApplication.processEvents()
    assert table.view.hasFocus()


@pytest.mark.parametrize("name", list(tutorial.NAMES))
def test_the_bubble_never_covers_what_it_talks_about(qtbot: Any, window: MainWindow, name: str) -> None:
    """Issue #36: at 1280×720 the Bacchanalia bubble covered the card it pointed at. At every step the bubble
    stays off every item a ring is on (in the view's coordinates, where both are drawn), and off the curtain's
    words when it is down."""
    window.resize(1280, 720)
    QApplication.processEvents()
    guide = guided.begin(window, name)
    assert guide is not None
    table = guide.table
    covered = []
    while not guide.done:
        QApplication.processEvents()
        bubble = guide.bubble.geometry()
        for key in guide.pointed:
            item = table.scene.items_by_key[key]
            rect = table.view.mapFromScene(table.scene.target_rect(key)).boundingRect()  # a seat is its whole area
            if item.isVisible() and bubble.intersects(rect):
                covered.append(f"{guide.step.id}: {key}")
        band = table.scene.curtain_band  # and the curtain's words stay readable
        if band is not None and bubble.intersects(table.view.mapFromScene(band).boundingRect()):
            covered.append(f"{guide.step.id}: the curtain's words")
        do_step(qtbot, guide)
    assert not covered


@pytest.mark.parametrize("name", [name for name in tutorial.NAMES if name != "solonauts"])  # Solonauts has no bar
@pytest.mark.parametrize("language", ["it", "nl"])
def test_the_undo_step_finds_the_button_it_names_on_the_bar(qtbot: Any, window: MainWindow, name: str,
                                                            language: str) -> None:
    """At a 1280×720 screen's window the Parsifal guide said "press Undo" over a bar whose prompt left no room for
    the button (it was in the Edit menu only): a step that names the button keeps it on the bar, ringed."""
    window.set_language(language)
    window.resize(1264, 670)
    QApplication.processEvents()
    guide = guided.begin(window, name)
    assert guide is not None
    table = guide.table
    while not guide.done and guide.step.kind != "undo":
        do_step(qtbot, guide)
        QApplication.processEvents()
    assert not guide.done, "the script has an undo step"
    if guide.behind_curtain():
        click_curtain(table)
        QApplication.processEvents()
    button = table.buttons.get("undo")
    assert button is not None and button.isVisible() and guide.marked is button, [b.text() for b in table.buttons.values()]
    do_step(qtbot, guide)
    QApplication.processEvents()
    assert guide.step.kind != "undo"


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_the_banquet_guide_calls_caligula_what_he_is(qtbot: Any, window: MainWindow, language: str) -> None:
    """Issue #36: the guest the Banquet guide's second step points at is Caligula, whom everyone sees (BB-3.4);
    the step once called him "your secret guest; only you see it". Its words name him, in every language."""
    from rules.kernel import PUBLIC

    window.set_language(language)
    guide = guided.begin(window, "banquet")
    assert guide is not None
    table = guide.table
    while guide.step.id != "goal":
        do_step(qtbot, guide)
    (pointed,) = guide.pointed
    seat = int(pointed.split(":")[1])
    guest = table.game.state.guests[seat]
    assert guest == table.game.engine.caligula and table.game.view(PUBLIC).guests[seat] == guest
    assert table.tr_.text(f"{guest}.name") in guide.bubble.text.text()
    window.set_language("en")


def test_a_language_switch_after_the_offers_table_has_gone_is_safe(qtbot: Any, window: MainWindow) -> None:
    """Issue #36: the offer's bubble went with its table (a guided game put on the table instead) and every later
    language switch raised "QLabel already deleted" from the offer."""
    window.new_hotseat("parsifal", "standard", ["Ada", "Bruno"], {}, 5)
    assert window.guided_offer.bubble is not None  # type: ignore[attr-defined]
    guide = guided.begin(window, "solonauts")  # another table: the offered one, and its bubble, are gone
    assert guide is not None
    offer = window.guided_offer  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: offer.bubble is None, timeout=5000)  # the old table is deleted a moment later
    window.set_language("nl")
    QApplication.processEvents()
    assert guide.bubble.text.text() == guide.text_of(guide.step)
    window.set_language("en")


@pytest.mark.parametrize("name", list(tutorial.NAMES))
def test_the_bubbles_heading_stands_right_over_its_words_at_every_step(qtbot: Any, window: MainWindow,
                                                                       name: str) -> None:
    """The heading ("step 5 of 20") sits on the step's words, as far from them as the bubble's lines are apart: a
    short step's size hint made the bubble taller than its words, and the labels shared the height out, leaving an
    empty line under the heading. Every step of every guide, as the player goes through them."""
    window.resize(1280, 720)
    QApplication.processEvents()
    guide = guided.begin(window, name)
    assert guide is not None
    spacing = guide.bubble.layout().spacing()
    apart = []
    seen = 0
    while not guide.done:
        QApplication.processEvents()
        heading, text = guide.bubble.heading, guide.bubble.text
        seen += 1
        gap = text.geometry().top() - heading.geometry().bottom() - 1
        if gap > spacing or heading.height() > heading.sizeHint().height():
            apart.append(f"step {guide.index + 1} {guide.step.id}: {gap} px, heading {heading.height()} px tall")
        do_step(qtbot, guide)
    assert seen >= 5 and apart == [], apart
