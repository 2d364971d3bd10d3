"""Issue 8 on the table: a hint, deals that can be won, the deal of the day, and after a lost deal
whether it could have been won, with the winning line replayed step by step."""
from __future__ import annotations

import datetime
from random import Random
from typing import Any, cast

import pytest
from table_driver import Dialogs

from desktop.games.chrononauts import solonauts_help as solo_help
from desktop.games.chrononauts.solonauts_scene import DISCARD_KEY, timeline_key
from desktop.shell.main_window import MainWindow
from desktop.shell.new_game_dialog import NewGameDialog
from rules import engine
from rules.chrononauts import deals, hints
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SolonautsEngine
from rules.chrononauts.solver import solve

ENG = cast(SolonautsEngine, engine("chrononauts", "solonauts"))
WINNABLE = (2, 6)  # deal 2 with 6 travellers: the solver wins it in a few dozen positions
LOST = (0, 10)  # deal 0 with 10 travellers: proven lost in a few positions


@pytest.fixture(autouse=True)
def quick_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solo_help, "HINT_SAMPLES", 4)
    monkeypatch.setattr(solo_help, "HINT_NODES", 60)


@pytest.fixture
def patient_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    """For the deals whose verdict a test reads: the solver decides them in a few dozen positions,
    but building its table of flips can take over a second on a loaded machine, and the verdict
    must not depend on the machine's speed."""
    monkeypatch.setattr(solo_help, "VERDICT_SECONDS", 600.0)


def settle(qtbot: Any, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.table.help.background.busy(), timeout=60_000)


def test_a_hint_holds_the_suggested_card_over_its_target(qtbot: Any, window: MainWindow) -> None:
    """The hint is the rules' own (hints.hint on the player's view), shown on the table and said in words."""
    assert window.table.session is not None
    view = window.table.session.view
    window.act_hint.trigger()
    assert window.message.text() == "Looking for a good move…"
    settle(qtbot, window)
    expected = hints.hint(ENG, view, Random(window.table.session.match.seed * 64), samples=4, budget=60)
    move = expected.move
    assert isinstance(move, (PlayCard, Discard))
    assert window.table.scene.selected == move.card
    target = timeline_key(move.target) if isinstance(move, PlayCard) and move.target else DISCARD_KEY
    assert window.table.scene.focus_target == target
    assert window.message.text().startswith("Hint: ")
    window.table.scene.activate()  # Enter plays what the hint shows
    assert window.table.session.match.moves == [move]


def test_a_hint_that_comes_too_late_is_dropped(qtbot: Any, window: MainWindow) -> None:
    assert window.table.session is not None
    window.act_hint.trigger()
    window.table.session.play(Discard(0, window.table.session.view.hand[0]))  # before the answer is in
    settle(qtbot, window)
    assert not window.message.text().startswith("Hint: ") and window.table.scene.selected == ""


def test_a_deal_that_can_be_won_is_proven_so(qtbot: Any, window: MainWindow) -> None:
    before = window.table.session
    window.table.help.start_found_deal("winnable", {"ids": 6})
    assert window.message.text() == "Looking for a deal that can be won…"
    settle(qtbot, window)
    assert window.table.session is not before and window.table.session is not None
    assert deals.is_winnable(window.table.session.match.seed, 6) is True


def test_the_deal_of_the_day_is_the_same_for_everyone(qtbot: Any, window: MainWindow) -> None:
    day = datetime.date(2026, 11, 23)
    window.table.help.start_found_deal("daily", {"ids": 6}, today=day)
    settle(qtbot, window)
    assert window.table.session is not None and window.table.session.match.seed == deals.daily_deal(day, 6)


def test_the_new_game_dialog_offers_the_kinds_of_deal(qtbot: Any, window: MainWindow) -> None:
    dialog = NewGameDialog(window.tr_, window)
    qtbot.addWidget(dialog)
    assert dialog.chosen_kind() == "random"
    dialog.deal.setText("77")
    assert dialog.chosen_kind() == "number"  # typing a number chooses that deal
    dialog.kind.setCurrentIndex(1)
    assert dialog.chosen_kind() == "winnable" and dialog.deal.text() == ""
    dialog.accept()
    assert dialog.seed is None  # to be found by the solver, off the window's thread


def test_a_lost_deal_that_could_be_won_offers_its_winning_line(qtbot: Any, window: MainWindow, dialogs: Dialogs,
                                                               patient_verdicts: None) -> None:
    seed, ids = WINNABLE
    window.new_game({"ids": ids}, seed)
    assert window.table.session is not None
    dialogs.answers = [3]  # "Show a winning line"
    window.table.session.play(Resign(0))
    qtbot.waitUntil(lambda: bool(dialogs.asked), timeout=60_000)
    title, text, buttons = dialogs.asked[-1]
    assert "With the deck in view, this deal could have been won." in text
    assert buttons[-1] == "Show a winning line"
    line = solve(ENG, ENG.new_state({"ids": ids}, seed)).line
    help_ = window.table.help
    assert help_.replaying and help_.line == line
    session = window.table.session
    assert session.locked and session.dests() == {} and session.autosave is None
    assert window.table.replay_bar.isVisibleTo(window) and not window.act_undo.isEnabled()
    help_.next()
    assert session.match.moves == line[:1] and window.prompt.text().startswith("Winning line, move 1 of ")
    help_.back()
    assert session.match.moves == []
    for _ in line:
        help_.next()
    assert session.match.state.result == "won"  # the line wins on the table too
    assert window.table.stats.records[ids].played == 1  # the resigned game; the replay does not count
    help_.stop()
    assert not session.locked and not window.table.replay_bar.isVisibleTo(window)


def test_a_lost_deal_that_could_not_be_won_says_so(qtbot: Any, window: MainWindow, dialogs: Dialogs,
                                                   patient_verdicts: None) -> None:
    seed, ids = LOST
    window.new_game({"ids": ids}, seed)
    assert window.table.session is not None
    window.table.session.play(Resign(0))
    qtbot.waitUntil(lambda: bool(dialogs.asked), timeout=60_000)
    _title, text, buttons = dialogs.asked[-1]
    assert "No line of play wins this deal: it could not have been won." in text
    assert "Show a winning line" not in buttons


def test_a_deal_searched_for_from_another_games_table_is_not_preceded_by_a_random_one(
        qtbot: Any, window: MainWindow) -> None:
    """The Solonauts table put up for the search is veiled until the deal found replaces its cards; a click
    on the veil does not lift it. A deal in progress stays in view meanwhile (test below)."""
    window.new_hotseat("parsifal", "standard", ["Ada", "Bruno"], {}, 3)
    day = datetime.date.today()
    window.find_deal("daily", {"ids": 6})
    table = window.table
    assert table.scene.curtain_up and table.scene.curtain_words == "Looking for a deal that can be won…"
    veil = table.scene._veil
    assert veil is not None and veil[0].opacity() == 1.0  # no card of the random deal shows through
    assert window.message.text() == "Looking for a deal that can be won…"
    assert [label.text() for label in (window.prompt, window.score, window.deal_label)] == ["", "", ""]  # no number
    assert not window.act_hint.isEnabled() and not window.act_restart.isEnabled()
    table.scene.curtain_lifted.emit()  # a click or Enter on it
    assert table.scene.curtain_up
    settle(qtbot, window)
    assert window.table.session is not None and window.table.session.match.seed == deals.daily_deal(day, 6)
    assert not window.table.scene.curtain_up and window.act_hint.isEnabled()


def test_a_deal_in_progress_stays_in_view_while_another_is_searched_for(qtbot: Any, window: MainWindow) -> None:
    assert window.table.session is not None
    window.table.session.play(Discard(0, window.table.session.view.hand[0]))
    window.find_deal("winnable", {"ids": 6})
    assert not window.table.scene.curtain_up
    settle(qtbot, window)
