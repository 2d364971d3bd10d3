"""The Bacchanalia story journal (issue 4): notes tied to their scene, kept through undo and in the save,
exported as a Markdown story, and a failed export said plainly with nothing lost."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from desktop.frame.i18n import Translator
from desktop.games.bacchanalia.journal import Journal, scenes, story
from desktop.games.bacchanalia.table import BacchanaliaGame, BacchanaliaTable
from desktop.shell.main_window import MainWindow
from rules.bacchanalia.moves import AskQuestion, DeclareTimeUp, GiftMinerva, LockUmbra
from rules.kernel import Move

NAMES = ["Ada", "Bruno", "Chiara"]


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def start(main: MainWindow, seed: int = 3, **options: Any) -> BacchanaliaTable:
    table = main.new_hotseat("bacchanalia", "standard", NAMES, options, seed)
    assert isinstance(table, BacchanaliaTable)
    QApplication.processEvents()
    return table


def required(table: BacchanaliaTable) -> list[Move]:
    s = table.game.state
    return [m for m in table.game.engine.legal_moves(s, s.decider)
            if not isinstance(m, (AskQuestion, DeclareTimeUp, GiftMinerva, LockUmbra))]


def play_random(table: BacchanaliaTable, rng: random.Random, until: int) -> None:
    """Random decisions through the table (its play), until that turn starts or the game ends."""
    while table.game.state.turn_number < until and not table.game.engine.is_over(table.game.state):
        table.play(rng.choice(required(table)))


def write(table: BacchanaliaTable, text: str) -> None:
    table.journal_edit.setPlainText(text)  # as typed: textChanged fires


def test_a_note_belongs_to_its_scene_and_the_next_scene_starts_empty(main: MainWindow) -> None:
    table = start(main)
    rng = random.Random(1)
    play_random(table, rng, 1)
    turn = table.game.state.turn_number
    assert table.journal_scene.currentData() == turn
    write(table, "Ada wakes up in the baths.\nSomeone has stolen her sandals.")
    play_random(table, rng, turn + 1)
    assert table.journal_scene.currentData() == turn + 1 and table.journal_edit.toPlainText() == ""
    assert table.game.journal.note(turn) == "Ada wakes up in the baths.\nSomeone has stolen her sandals."
    table.journal_scene.setCurrentIndex(table.journal_scene.findData(turn))  # back to an earlier scene
    assert table.journal_edit.toPlainText().startswith("Ada wakes up")


def test_undo_keeps_the_text(main: MainWindow) -> None:
    """Taking a move back never takes the notes back (they live beside the match)."""
    table = start(main)
    rng = random.Random(2)
    for _ in range(2000):
        s = table.game.state
        if s.awaiting == "narrate" and any(isinstance(m, LockUmbra) for m in table.game.engine.legal_moves(s, s.active)):
            break
        table.play(rng.choice(required(table)))
    s = table.game.state
    lock = next(m for m in table.game.engine.legal_moves(s, s.active) if isinstance(m, LockUmbra))
    write(table, "The music starts.")
    turn = s.turn_number
    table.play(LockUmbra(lock.player, lock.card, "the flute player"))
    write(table, "The music starts. A flute answers.")
    assert table.can_undo()
    table.undo()
    assert table.game.state.seats[s.active].locked is None and table.game.state.turn_number == turn
    assert table.game.journal.note(turn) == "The music starts. A flute answers."
    assert table.journal_edit.toPlainText() == "The music starts. A flute answers."


def test_the_journal_is_kept_across_save_and_load(main: MainWindow, tmp_path: Path) -> None:
    table = start(main, length="time_limit", minutes=60)
    rng = random.Random(3)
    play_random(table, rng, 2)
    write(table, "Bruno hides behind the amphorae.")
    turn = table.game.state.turn_number
    table.game.journal.write(0, "A warm night in Bertinoro.")
    table.game.journal.elapsed = 754.0
    path = tmp_path / "story.convivium.json"
    table.game.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["players"] == NAMES and data["journal"]["notes"][str(turn)] == "Bruno hides behind the amphorae."
    assert main.open_file(path)
    opened = main.table
    assert isinstance(opened, BacchanaliaTable) and opened is not table
    assert opened.game.names == NAMES and opened.game.match.moves == table.game.match.moves
    assert opened.game.journal.note(turn) == "Bruno hides behind the amphorae."
    assert opened.game.journal.note(0) == "A warm night in Bertinoro." and opened.game.journal.elapsed == 754.0
    assert opened.journal_edit.toPlainText() == "Bruno hides behind the amphorae."
    assert opened.scene.clock.text() == opened.tr_.text("table.clock_left", time="0:47:26")


def test_a_save_with_a_damaged_journal_still_opens(tmp_path: Path) -> None:
    game = BacchanaliaGame.start("bacchanalia", "standard", NAMES, {}, 1)
    assert isinstance(game, BacchanaliaGame)
    path = tmp_path / "g.convivium.json"
    game.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["journal"] = {"notes": {"1": 5, "x": "no", "2": "kept"}, "elapsed": "soon"}
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = BacchanaliaGame.load(path)
    assert isinstance(loaded, BacchanaliaGame)
    assert loaded.journal.notes == {2: "kept"} and loaded.journal.elapsed == 0.0
    assert Journal.from_dict(None).notes == {}


@pytest.mark.parametrize("elapsed", [10**400, float("inf"), float("nan"), -1.0, 10 * 24 * 3600 + 1, 1e300])
def test_a_journal_clock_out_of_bounds_is_left_out(elapsed: float) -> None:
    """Issue #12: float(10**400) raised OverflowError while the game opened, and an infinite time crashed
    the table's clock (int(inf)) at every tick; a journal's time is 0 to ten days of play (BAC-4.3)."""
    journal = Journal.from_dict({"notes": {"1": "kept"}, "elapsed": elapsed})
    assert journal.elapsed == 0.0 and journal.notes == {1: "kept"}
    assert Journal.from_dict({"elapsed": 10 * 24 * 3600}).elapsed == 10 * 24 * 3600


def test_a_journal_note_with_a_lone_surrogate_is_left_out() -> None:
    """A lone surrogate can be neither saved nor exported as UTF-8: that note is dropped, the rest kept."""
    journal = Journal.from_dict({"notes": {"1": "a\ud800b", "2": "kept"}, "elapsed": 3})
    assert journal.notes == {2: "kept"} and journal.elapsed == 3.0


def test_a_game_with_a_lone_surrogate_in_a_note_still_saves(main: MainWindow, home: Path) -> None:
    """However such a character got into a note or a name, saving the game never fails over it."""
    table = start(main)
    table.game.journal.write(0, "Bacchus \udc80 laughs")
    table.game.names[1] = "Br\ud800no"
    path = home / "odd.convivium.json"
    table.game.save(path)
    data = json.loads(path.read_bytes().decode("utf-8"))  # strict UTF-8: the file is well formed
    assert data["journal"]["notes"]["0"] == "Bacchus ? laughs" and data["players"][1] == "Br?no"
    loaded = BacchanaliaGame.load(path)
    assert isinstance(loaded, BacchanaliaGame) and loaded.journal.note(0) == "Bacchus ? laughs"


def finished(main: MainWindow, dialogs: Dialogs, seed: int = 5) -> BacchanaliaTable:
    """A whole game played to its end, a note written for each scene, the end's export declined."""
    table = start(main, seed, length="parcae_limit", parcae_limit=1)
    rng = random.Random(seed)
    dialogs.answers = [1]  # "Not now" when the end asks
    for _ in range(3000):
        state = table.game.state
        if table.game.engine.is_over(state):
            break
        if state.turn_number and not table.game.journal.note(state.turn_number):
            table.game.journal.write(state.turn_number, f"Note for scene {state.turn_number}.")
        table.play(rng.choice(required(table)))
    assert table.game.engine.is_over(table.game.state)
    return table


def test_the_exported_story_tells_the_scenes_in_order(main: MainWindow, dialogs: Dialogs, tmp_path: Path) -> None:
    table = finished(main, dialogs)
    assert dialogs.asked[-1][0] == table.tr_.text("journal.export_title")  # the end offered the export
    target = tmp_path / "out" / "story.md"
    table.choose_export_path = lambda: target  # type: ignore[method-assign]
    table.journal_export.click()
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Bacchanalia: a night at the festival") and "Told by Ada, Bruno, Chiara" in text
    told = scenes(table.game.match.events())
    positions = [text.index(f"## Scene {s.turn}:") for s in told]
    assert positions == sorted(positions) and len(told) >= 6
    assert "## Scene 1: Ada steps in" in text or "steps in" in text.split("## Scene 1:")[1].splitlines()[0]
    ruled = [s for s in told if s.ruler is not None]
    assert ruled and text.count("**Ruled by ") == len(ruled)
    for s in told:
        assert f"Note for scene {s.turn}." in text
    assert "## How the stories ended" in text
    for seat in table.game.state.finished:
        outcome = table.tr_.text(f"outcome.{table.game.state.seats[seat].outcome}")
        assert f"- **{NAMES[seat]}**: {outcome}" in text
    assert table.message.text() == table.tr_.text("journal.exported", file=str(target))


def test_a_story_that_cannot_be_written_is_reported_and_nothing_is_lost(main: MainWindow, dialogs: Dialogs,
                                                                        tmp_path: Path) -> None:
    table = start(main)
    play_random(table, random.Random(4), 2)
    write(table, "Chiara dances on the fountain.")
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    target = blocker / "story.md"  # its folder is a file: no story can be written there
    table.choose_export_path = lambda: target  # type: ignore[method-assign]
    assert not table.export_story()
    title, words = dialogs.informed[-1]
    assert title == table.tr_.text("journal.export_title") and str(target) in words
    assert words.startswith("The story could not be written") and table.message.text() == words
    assert not target.exists()
    assert table.game.journal.note(table.game.state.turn_number) == "Chiara dances on the fountain."
    table._autosave()
    saved = json.loads(table.autosave.read_text(encoding="utf-8")) if table.autosave else {}
    assert "Chiara dances on the fountain." in saved["journal"]["notes"].values()
    table.choose_export_path = lambda: tmp_path / "story.md"  # type: ignore[method-assign]
    assert table.export_story() and "Chiara dances" in (tmp_path / "story.md").read_text(encoding="utf-8")


def test_the_story_speaks_the_tables_language() -> None:
    game = BacchanaliaGame.start("bacchanalia", "standard", NAMES, {}, 2)
    assert isinstance(game, BacchanaliaGame)
    rng = random.Random(2)
    while game.state.phase != "turn":
        s = game.state
        game.match.play(rng.choice([m for m in game.engine.legal_moves(s, s.decider)
                                    if not isinstance(m, (AskQuestion, GiftMinerva))]))
    game.journal.write(0, "Una notte calda.")
    text = story(game.journal, game.match.events(), game.names, Translator("it").for_game("bacchanalia").text)
    assert text.startswith("# Bacchanalia: una notte alla festa") and "## Prima della festa" in text
    assert "Una notte calda." in text and "entra in scena" in text and "{" not in text


def test_a_written_story_is_said_in_the_plain_colour(main: MainWindow, tmp_path: Path) -> None:
    """Issue #36: "The story was written to …" is a confirmation, not a refusal: not in the error red."""
    from desktop.frame.dialogs import REFUSAL_STYLE as ERROR_STYLE
    from desktop.frame.seat_table import HINT_STYLE

    table = start(main)
    table.choose_export_path = lambda: tmp_path / "story.md"  # type: ignore[method-assign]
    assert table.export_story()
    assert table.message.text() == table.tr_.text("journal.exported", file=str(tmp_path / "story.md"))
    assert table.message.styleSheet() == HINT_STYLE != ERROR_STYLE


@pytest.mark.parametrize("key", [Qt.Key.Key_F6, Qt.Key.Key_Escape])
def test_f6_or_esc_leaves_the_journal_for_the_table(qtbot: Any, main: MainWindow, key: Qt.Key) -> None:
    """Issue #36: F6 did nothing in the journal, and the Enter pressed next added blank lines to the note. F6 (or
    Esc) goes back to the table, as from the prompt bar; the next Enter acts on the table, and the note is kept.
    In the journal Enter is a new line: a note may have paragraphs."""
    table = start(main)
    main.activateWindow()
    table.journal_edit.setFocus()
    QApplication.processEvents()
    qtbot.keyClicks(table.journal_edit, "Ada arrives")
    qtbot.keyClick(table.journal_edit, Qt.Key.Key_Return)
    qtbot.keyClicks(table.journal_edit, "late.")
    note = table.journal_edit.toPlainText()
    assert note == "Ada arrives\nlate."  # a paragraph of its own
    qtbot.keyClick(table.journal_edit, key)
    assert table.view.hasFocus()
    qtbot.keyClick(table.view, Qt.Key.Key_Return)  # picks up the card the keyboard is on
    assert table.journal_edit.toPlainText() == note and table.scene.selected
