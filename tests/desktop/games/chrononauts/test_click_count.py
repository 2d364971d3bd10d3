"""A whole Chrononauts game for three, played through the table with the mouse, costs no more clicks than
moves plus curtains (issues #16 and #36; CHR-10.11), with the table as it is set up: nobody answers the Memo
question after a play, and nobody clicks it away either: its countdown runs out (seconds made short here).

Every press counts: a card dragged onto a lit target, a button of the prompt bar, the click that lifts a
curtain, an answer in a dialog. Nobody says "don't ask me to answer"; at the shared question nothing is pressed.

The players play as people do: a card onto the table when they have one to play, and Kill Time now and then
(always when nothing can be played), with one card or two. Killing Time with one card is one drop on the discard
pile; with two (CHR-7.2b: one move with both cards) it takes the bar's "Discard two" and both drops, the one
place a move costs more than one click; the questions skipped make up for it.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from chrononauts_driver import lift
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from table_driver import make_window
from test_keyboard_every_table import drag

from desktop.frame import answer_wait
from desktop.frame.card_table import DISCARD_KEY, CardTable
from desktop.games.chrononauts.full_table import ChrononautsTable

SEEDS = [3, 11, 29]
NOT_A_STEP = ("save", "undo", "start_over", "auto_pass", "replay", "take_back", "kill_two", "kill_one")  # buttons that don't take the game on


class Clicks:
    """Answers the table's dialogs from a random script, counting each answer as a click."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.count = 0

    def choose(self, _title: str, _text: str, items: list[Any], *_rest: Any) -> int:
        self.count += 1
        return self.rng.randrange(len(items)) if items else -1


def play_whole_game(qtbot: Any, seed: int) -> tuple[int, int, int, int]:
    """(clicks, moves, curtains, questions that ran out) of one game for three played to its end."""
    rng = random.Random(seed)
    main = make_window(qtbot, _NoDialogs())
    table = main.new_hotseat("chrononauts", "chrononauts", ["Marta", "Luca", "Ana"], {"first_player": 0}, seed)
    assert isinstance(table, ChrononautsTable)
    clicks = Clicks(rng)
    table.ask = clicks.choose  # type: ignore[method-assign, assignment]
    table.pick = clicks.choose  # type: ignore[method-assign, assignment]
    table.inform = lambda *_args: None  # type: ignore[method-assign]
    QApplication.processEvents()
    presses = curtains = ran_out = 0
    engine = table.game.engine
    for _ in range(3000):
        if engine.is_over(table.game.state):
            break
        scene: CardTable = table.scene
        window = engine.window(table.game.state)
        if scene.curtain_up:
            lift(table)
            presses += 1
            curtains += 1
        elif window is not None and table.decider() is None:  # the shared question: wait, press nothing
            assert table.countdown.running
            moves = len(table.game.match.moves)
            qtbot.waitUntil(lambda: len(table.game.match.moves) > moves, timeout=10_000)
            assert table.game.match.moves[moves:moves + len(window.nobody)] == list(window.nobody)
            ran_out += 1
        else:
            pairs = [(card, target) for card, targets in scene.dests.items() for target in targets
                     if card in scene.items_by_key and target in scene.items_by_key]
            plays = [pair for pair in pairs if pair[1] != DISCARD_KEY]
            kills = [pair for pair in pairs if pair[1] == DISCARD_KEY]
            onward = [key for key, button in table.buttons.items()
                      if key not in NOT_A_STEP and button.isVisible() and button.isEnabled()]
            assert pairs or onward, f"nothing to do at move {len(table.game.match.moves)}"
            if table.kill_first is not None:  # the second card of a Kill Time, or Done with one
                chosen = rng.choice(kills) if kills and rng.random() < 0.5 else None
            elif plays and rng.random() < 0.85:
                chosen = rng.choice(plays)
            else:
                chosen = rng.choice(kills or plays) if pairs and (not onward or rng.random() < 0.7) else None
            if chosen is None:
                qtbot.mouseClick(table.buttons[rng.choice(onward)], Qt.MouseButton.LeftButton)
            else:
                card, target = chosen
                if target == DISCARD_KEY and not table.kill_two and "kill_two" in table.buttons and rng.random() < 0.3:
                    qtbot.mouseClick(table.buttons["kill_two"], Qt.MouseButton.LeftButton)  # two cards this time
                    presses += 1
                drag(table, card, scene.items_by_key[target].sceneBoundingRect().center())
            presses += 1
        QApplication.processEvents()
    assert engine.is_over(table.game.state), "the game did not end"
    assert table.game.auto_pass == {}  # nobody asked not to be asked
    return presses + clicks.count, len(table.game.match.moves), curtains, ran_out


class _NoDialogs:
    def __init__(self) -> None:
        self.asked: list[Any] = []

    def ask(self, *_args: Any, **_kwargs: Any) -> int:
        raise AssertionError("the main window asked something during the game")

    def inform(self, *_args: Any) -> None:
        raise AssertionError("the main window told something during the game")


@pytest.mark.parametrize("seed", SEEDS)
def test_a_whole_game_for_three_costs_no_more_clicks_than_moves_plus_curtains(qtbot: Any, home: Path, seed: int,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(answer_wait, "clock_runs", True)  # the table's own countdown, with seconds of 1 ms
    monkeypatch.setattr(answer_wait, "SECOND_MS", 1)
    clicks, moves, curtains, ran_out = play_whole_game(qtbot, seed)
    assert moves > 50  # a real game, not one cut short
    assert ran_out > 10  # the questions were put, and each went by with no click
    print(f"seed {seed}: {clicks} clicks, {moves} moves, {curtains} curtains, {ran_out} questions ran out")
    assert clicks <= moves + curtains, f"{clicks} clicks for {moves} moves and {curtains} curtains"
