"""The monkey test (issue 9, part 4): thousands of random clicks, drags, key presses, buttons, undos,
redos, language switches and saves on every game's table, inside the real main window.

Each table gets STEPS steps (500 here; CONVIVIUM_MONKEY_STEPS for a longer campaign) from its own
seed (CONVIVIUM_MONKEY_SEED replays one). After every single step the full checks of
tests/desktop/monkey.py run: no exception, the scene (and prompt bar, log, detail) equal to a table
drawn from scratch for the same state, no secret of any seat on screen (PUBLIC while the curtain is
down), and a sound engine. The fresh-table comparison is cheap (a few ms), so the full check runs
every step; the fresh table borrows the live one's face cache except every 10th step, when it builds
its own faces (a stale cached face fails then). Cards slide as in the real window (animations on):
positions are compared where the slides end. CONVIVIUM_MONKEY_REPORT (a file) collects the figures
of each table, CONVIVIUM_MONKEY_SHOTS (a folder) a picture of where the monkey left it.
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from monkey import GAMES, Game, Monkey, MonkeyFailure, RandomDialogs
from PySide6.QtCore import QTimer
from table_driver import make_window

from desktop.frame import card_item
from desktop.frame.background import Background
from desktop.frame.card_item import CardItem
from desktop.frame.card_table import CardTable
from desktop.games.chrononauts import solonauts_help as solo_help
from desktop.games.chrononauts import solonauts_table
from desktop.games.chrononauts.full_table import ChrononautsTable
from desktop.games.parsifal.scene import ParsifalScene
from desktop.shell import main_window

STEPS = int(os.environ.get("CONVIVIUM_MONKEY_STEPS", "500"))
SEED = int(os.environ.get("CONVIVIUM_MONKEY_SEED", "2026"))


def monkey_on(game: Game, seed: int, qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> Monkey:
    """A monkey in front of a main window whose every dialog and timer it controls."""
    rng = random.Random(seed)
    monkeypatch.setattr(card_item, "ANIMATION_MS", 120)  # cards slide, as for a person
    # Nothing may depend on the wall clock, or a seed would not replay: searches run at once,
    # what the window leaves for later runs after the step, new deals come from the monkey.
    monkeypatch.setattr(Background, "run", lambda self, job, done: done(job()))
    monkeypatch.setattr(solo_help, "HINT_SAMPLES", 3)
    monkeypatch.setattr(solo_help, "HINT_NODES", 60)
    monkeypatch.setattr(solo_help, "VERDICT_NODES", 300)
    monkeypatch.setattr(solo_help, "VERDICT_SECONDS", 1000.0)
    monkeypatch.setattr(main_window, "random_deal", lambda: rng.randrange(2**31))
    dialogs = RandomDialogs(rng)
    main = make_window(qtbot, dialogs)
    folder = home / "monkey"
    folder.mkdir(parents=True)
    main.choose_file = lambda saving: folder / "chosen.convivium.json"  # type: ignore[method-assign]
    monkey = Monkey(main, dialogs, rng, game, seed, folder)

    class LaterTimer(QTimer):
        @staticmethod
        def singleShot(_ms: int, *context_and_slot: Any) -> None:  # type: ignore[override]  # noqa: N802 - Qt's name
            monkey.deferred.append(context_and_slot[-1])  # (slot) or (context object, slot), as Qt takes them

    monkeypatch.setattr(main_window, "QTimer", LaterTimer)
    monkeypatch.setattr(solonauts_table, "QTimer", LaterTimer)  # the end of a deal, said after the last move
    return monkey


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_monkey(game: Game, qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No exception, no stale item, no secret shown, no stuck table, whatever a person does (issue 9.4)."""
    seed = SEED + GAMES.index(game)
    monkey = monkey_on(game, seed, qtbot, home, monkeypatch)
    tally = monkey.run(STEPS, qtbot)
    shots = os.environ.get("CONVIVIUM_MONKEY_SHOTS")  # a folder: where the monkey left each table, to look at
    if shots:
        monkey.finish_slides()  # the picture shows where the cards rest, not where the last slide began
        monkey.main.grab().save(str(Path(shots) / f"monkey-{game.name}.png"))
    report = os.environ.get("CONVIVIUM_MONKEY_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as out:
            out.write(json.dumps({"table": game.name, "seed": seed, "steps": tally.steps, "moves": tally.moves,
                                  "games": tally.games, "finished": tally.finished, "reopened": tally.reopened,
                                  "actions": dict(tally.actions), "moved": dict(tally.moved)}) + "\n")
    assert tally.steps == STEPS
    assert tally.moves > STEPS // 20, f"the monkey hardly played: {tally}"


# --- the monkey's checks can fail: each catches a fault planted on purpose --------------------------

CHRONONAUTS, PARSIFAL = GAMES[1], GAMES[-1]


def test_the_monkey_reports_an_exception_in_a_handler(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: CardTable, event: Any) -> None:
        raise RuntimeError("planted")

    monkeypatch.setattr(ParsifalScene, "mousePressEvent", broken)
    with pytest.raises(MonkeyFailure, match=r"(?s)seed 5, step \d+: exception.*planted"):
        monkey_on(PARSIFAL, 5, qtbot, home, monkeypatch).run(50, qtbot)


def test_the_monkey_sees_a_card_left_with_an_old_face(qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CardItem, "set_face", lambda self, face: None)  # a redraw that forgets new faces
    with pytest.raises(MonkeyFailure, match="differs from a fresh one"):
        monkey_on(PARSIFAL, 5, qtbot, home, monkeypatch).run(200, qtbot)


def test_the_monkey_sees_a_hand_drawn_under_the_curtain(qtbot: Any, home: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """CHR-17 (hot-seat): the table drawing the decider's hand while the curtain is still down is a leak."""
    draw = ChrononautsTable.draw

    def peeking(self: ChrononautsTable, viewer: int | None, curtain: str) -> None:
        draw(self, self.decider() if viewer is None else viewer, curtain)

    monkeypatch.setattr(ChrononautsTable, "draw", peeking)
    with pytest.raises(MonkeyFailure, match="hidden cards are items for seat -1"):
        monkey_on(CHRONONAUTS, 5, qtbot, home, monkeypatch).run(50, qtbot)


def test_the_log_of_a_reopened_solonauts_game_shows_its_moves(qtbot: Any, home: Path) -> None:
    """Opening a saved deal shows the log of the moves already played, and an undo then takes its lines away.
    Found by the monkey: MainWindow.start forgot the events of a game it opened."""
    from table_driver import DEAL, Dialogs

    main = make_window(qtbot, Dialogs())
    main.new_game({"ids": 8}, DEAL)
    session = main.table.session
    assert session is not None
    for _ in range(2):
        session.play(session.match.legal_moves(0)[0])
    path = home / "deal.convivium.json"
    assert main.save_to(path) and main.open_file(path)
    main.undo()
    session = main.table.session
    assert session is not None
    told = [session.event_text(e) for e in session.match.events() if e.kind != "linchpin_flipped"]
    assert [main.log.item(i).text() for i in range(main.log.count())] == told
