"""Hostile JSON files the app reads by itself (issue #12): settings.json and stats.json at start, the
autosaves, saves opened or replayed, and Bacchanalia's journal inside a save.

Each is read through the shared bounded reader (cardsets/files.py): only a regular file, only so
many bytes, JSON within bounds (no deep nesting, no infinite or giant numbers, no lone surrogates).
Whatever is wrong, the app starts or the file is refused with a reason; a file read at start that
cannot be used is kept aside as `<name>.damaged-<n>` with its bytes as they were, and the player is
told where, in full.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from app_run import run_app

from desktop.frame import storage
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatGame
from desktop.games.bacchanalia.table import BacchanaliaGame, BacchanaliaTable
from desktop.shell.main_window import MainWindow
from rules import saves
from rules.bacchanalia.moves import AskQuestion, DeclareTimeUp, GiftMinerva, LockUmbra
from rules.match import Match
from rules.registry import engine
from rules.saves import SaveError

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["Ada", "Bruno", "Chiara"]
NESTED = b"[" * 1000  # 1 KB: json's own parser gives up with a RecursionError
SETTINGS = {"language": "en", "ids": 7, "hotseat_names": NAMES}
STATS = {"format": "convivium-solonauts-stats",
         "by_ids": {"8": {"played": 2, "won": 1, "best": 8, "streak": 1, "best_streak": 1}}}
HOSTILE: dict[str, bytes] = {
    "nested brackets": NESTED,
    "nested braces": b'{"a":' * 1000,
    "NaN": b'{"language": NaN}',
    "Infinity": b'{"ids": Infinity}',
    "10**400": b'{"ids": 1' + b"0" * 400 + b"}",
    "lone surrogate": b'{"language": "en", "hotseat_names": ["\\ud800"]}',
    "not UTF-8": b'{"language": "\xff"}',
    "not an object": b"[1, 2]",
    "huge": json.dumps(SETTINGS).encode() + b" " * 1_000_000,
}


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("CONVIVIUM_HOME", str(folder))
    return folder


@pytest.fixture
def quiet(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The window's questions answered No, its messages collected."""
    told: list[str] = []
    monkeypatch.setattr(MainWindow, "ask", lambda self, title, text, buttons: 1)
    monkeypatch.setattr(MainWindow, "inform", lambda self, title, text: told.append(text))
    return told


# --- settings.json and stats.json -----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_settings_file_is_kept_aside_and_the_settings_start_afresh(home: Path, name: str) -> None:
    path = home / "settings.json"
    path.write_bytes(HOSTILE[name])
    assert storage.load_settings() == {} and path.exists()  # only read: nothing moved
    settings, kept = storage.read_settings()
    assert settings == {} and kept == home / "settings.json.damaged-1"
    assert kept.read_bytes() == HOSTILE[name] and not path.exists()
    storage.save_settings({"ids": 6})
    assert storage.read_settings() == ({"ids": 6}, None)


def test_good_settings_are_read_as_they_are(home: Path) -> None:
    (home / "settings.json").write_text(json.dumps(SETTINGS), encoding="utf-8")
    assert storage.read_settings() == (SETTINGS, None)
    assert storage.read_settings() == (SETTINGS, None)  # no file is missing: nothing set aside either


def test_settings_with_a_lone_surrogate_are_written_as_text_the_reader_takes(home: Path) -> None:
    """A name with a lone surrogate (however it got there) must not turn the settings into a file
    the next start refuses: it is written as '?'."""
    storage.save_settings({"hotseat_names": ["Br\udc80no"]})
    assert storage.read_settings() == ({"hotseat_names": ["Br?no"]}, None)


# --- files that are not regular files: a link to /dev/zero, a FIFO ------------------------------------

CHILD = r"""
import os, resource, sys
from pathlib import Path
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))  # an endless read fails, not the machine
from desktop.frame import storage
from desktop.frame.seat_table import SeatGame
from desktop.games.chrononauts.solonauts_stats import Statistics
from rules import saves
from rules.bacchanalia.moves import AskQuestion, DeclareTimeUp, GiftMinerva, LockUmbra
path, home = Path(sys.argv[1]), Path(sys.argv[2])
kind = sys.argv[3]
if kind == "save":
    for opener in (saves.load, SeatGame.load):
        try:
            opener(path)
            print("opened")
        except saves.SaveError as exc:
            print(exc.code)
elif kind == "settings":
    settings, kept = storage.read_settings()
    print(settings, kept.name if kept else None)
else:
    print(Statistics(path).set_aside.name)
"""


def _special(kind: str, path: Path) -> None:
    if kind == "link to /dev/zero":
        if not Path("/dev/zero").exists():
            pytest.skip("no /dev/zero here")
        path.symlink_to("/dev/zero")
    else:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)


def _in_child(kind: str, path: Path, home: Path) -> list[str]:
    """Read in a child process: on failure it hangs (a FIFO) or eats memory (/dev/zero) there, not here."""
    env = {**os.environ, "CONVIVIUM_HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, str(path), str(home), kind], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading the {kind} file never ended")
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.split("\n")[:-1]


@pytest.mark.parametrize("special", ["link to /dev/zero", "FIFO"])
def test_a_save_that_is_not_a_regular_file_is_refused_at_once(tmp_path: Path, special: str) -> None:
    """A link to /dev/zero passed the size check (stat says 0 bytes) and was read for ever; a FIFO
    blocked the reader until someone wrote to it."""
    path = tmp_path / "game.convivium.json"
    _special(special, path)
    assert _in_child("save", path, tmp_path) == ["save.not_a_file", "save.not_a_file"]


@pytest.mark.parametrize("special", ["link to /dev/zero", "FIFO"])
def test_settings_and_stats_that_are_not_regular_files_are_kept_aside(home: Path, special: str) -> None:
    _special(special, home / "settings.json")
    assert _in_child("settings", home / "settings.json", home) == ["{} settings.json.damaged-1"]
    _special(special, home / "stats.json")
    assert _in_child("stats", home / "stats.json", home) == ["stats.json.damaged-1"]


# --- Bacchanalia's journal and the names in a save ----------------------------------------------------


def _bacchanalia_save(folder: Path) -> tuple[Path, dict[str, Any]]:
    """A real Bacchanalia game with a time limit, a few moves in, with its journal."""
    game = BacchanaliaGame.start("bacchanalia", "standard", NAMES, {"length": "time_limit", "minutes": 60}, 4)
    rng = random.Random(4)
    for _ in range(10):
        state = game.state
        if game.engine.is_over(state):
            break
        game.match.play(rng.choice([m for m in game.engine.legal_moves(state, state.decider)
                                    if not isinstance(m, (AskQuestion, DeclareTimeUp, GiftMinerva, LockUmbra))]))
    path = folder / "story.convivium.json"
    game.save(path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def _edited(text: str, where: str, value: str) -> str:
    """The save's text with one value replaced by raw JSON text (JSON's own writer cannot write these)."""
    marker = '"__HOSTILE__"'
    data = json.loads(text)
    if where == "elapsed":
        data["journal"]["elapsed"] = "__HOSTILE__"
    elif where == "note":
        data["journal"]["notes"]["0"] = "__HOSTILE__"
    else:
        data["players"][1] = "__HOSTILE__"
    return json.dumps(data, indent=1).replace(marker, value)


JOURNAL_CASES = {
    "elapsed 10**400": ("elapsed", "1" + "0" * 400),
    "elapsed Infinity": ("elapsed", "Infinity"),
    "elapsed NaN": ("elapsed", "NaN"),
    "elapsed 1e400": ("elapsed", "1e400"),
    "a lone surrogate in a note": ("note", '"Bacchus \\ud800 laughs"'),
    "a lone surrogate in a name": ("name", '"Br\\udc80no"'),
}


def _openers(main: MainWindow) -> dict[str, Callable[[Path], object]]:
    from desktop.shell.replay import load_stage

    return {"rules": saves.load, "SeatGame": SeatGame.load, "Bacchanalia": BacchanaliaGame.load,
            "replay stage": lambda p: load_stage(main.tr_, p)}


@pytest.mark.parametrize("case", sorted(JOURNAL_CASES))
def test_a_hostile_journal_or_name_is_refused_by_every_loader(qtbot: Any, home: Path, quiet: list[str],
                                                              case: str) -> None:
    """Issue #12: these loaded, then crashed the table (OverflowError on the clock, UnicodeEncodeError at
    the first autosave) on Open, Open as replay and resume. Now the save is refused with its reason."""
    path, _data = _bacchanalia_save(home)
    where, value = JOURNAL_CASES[case]
    text = _edited(path.read_text(encoding="utf-8"), where, value)
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    main = MainWindow(Translator("en"), {})
    qtbot.addWidget(main)
    for name, opener in _openers(main).items():
        with pytest.raises(SaveError) as refused:
            opener(path)
        assert refused.value.code == "save.not_json", name
    assert not main.open_file(path) and main.table is None
    assert main.open_replay(path) is None and main.replay_window is None
    assert len(quiet) == 2 and all(told.startswith(f"Cannot open {path.name}: The file is damaged: ") for told in quiet)
    assert path.read_bytes() == before


@pytest.mark.parametrize("case", sorted(JOURNAL_CASES))
def test_a_hostile_journal_in_the_autosave_does_not_stop_the_start(qtbot: Any, home: Path, quiet: list[str],
                                                                   case: str) -> None:
    """The same file as the autosave of the game for several: the start goes on, the file is kept aside."""
    path, _data = _bacchanalia_save(home)
    where, value = JOURNAL_CASES[case]
    text = _edited(path.read_text(encoding="utf-8"), where, value).encode()
    path.unlink()
    storage.hotseat_autosave_path().write_bytes(text)
    main = MainWindow(Translator("en"), {})
    qtbot.addWidget(main)
    assert not main.offer_resume(crashed=True)
    assert main.table is None
    kept = [p for p in home.rglob("*.damaged-*")]
    assert len(kept) == 1 and kept[0].read_bytes() == text


def test_a_reasonable_journal_clock_still_opens(qtbot: Any, home: Path, quiet: list[str]) -> None:
    """A finite time beyond ten days is left out (the game opens, its clock starts again)."""
    path, _data = _bacchanalia_save(home)
    path.write_text(_edited(path.read_text(encoding="utf-8"), "elapsed", "1e300"), encoding="utf-8")
    main = MainWindow(Translator("en"), {})
    qtbot.addWidget(main)
    assert main.open_file(path)
    table = main.table
    assert isinstance(table, BacchanaliaTable) and table.game.journal.elapsed == 0.0
    table.tick()
    assert table.clock_text() == table.tr_.text("table.clock_left", time="1:00:00")


# --- writing never fails over a lone surrogate -----------------------------------------------------------


def test_write_atomic_writes_a_lone_surrogate_as_a_question_mark(tmp_path: Path) -> None:
    """Issue #12: write_atomic raised UnicodeEncodeError, so a live game with such a name could not be saved."""
    path = tmp_path / "x.json"
    saves.write_atomic(path, '{"name": "Br\udc80no 😀"}')
    assert path.read_bytes().decode("utf-8") == '{"name": "Br?no 😀"}'
    assert not list(tmp_path.glob(".*.tmp"))


def test_a_save_with_a_lone_surrogate_in_a_name_still_saves(tmp_path: Path) -> None:
    eng = engine("parsifal", "standard")
    game = SeatGame(Match(eng, {"players": 3}, 1), ["Ada", "Br\ud800no", "Chiara"])
    path = tmp_path / "g.convivium.json"
    game.save(path)
    assert SeatGame.load(path).names == ["Ada", "Br?no", "Chiara"]


# --- the app started on a folder with hostile files ----------------------------------------------------


def _start_app(qtbot: Any, expect: str) -> tuple[int, MainWindow, str]:
    """Run desktop.shell.app.run on the folder in CONVIVIUM_HOME until its message line says `expect`
    (or 30 seconds pass); the exit code, the window and the message it showed."""
    code, window = run_app(["--lang", "en"], lambda shown: expect in shown.message.text())
    qtbot.addWidget(window)
    return code, window, window.message.text()


@pytest.mark.parametrize("name", ["nested brackets", "huge", "lone surrogate"])
def test_the_app_starts_on_a_hostile_settings_file_and_says_where_it_went(qtbot: Any, home: Path, quiet: list[str],
                                                                         name: str) -> None:
    """Issue #12: 1 KB of '[' in settings.json stopped every start with a traceback until the file was
    deleted by hand."""
    (home / "settings.json").write_bytes(HOSTILE[name])
    code, window, said = _start_app(qtbot, "settings file was damaged")
    kept = home / "settings.json.damaged-1"
    assert code == 0 and window.table.session is not None
    assert f"it was kept as {kept} " in said
    assert kept.read_bytes() == HOSTILE[name]
    window.close()
    assert json.loads((home / "settings.json").read_text(encoding="utf-8")).get("ids") == 8  # written afresh


def test_the_app_starts_on_a_hostile_stats_file_and_says_where_it_went(qtbot: Any, home: Path,
                                                                      quiet: list[str]) -> None:
    (home / "stats.json").write_bytes(NESTED)
    (home / "settings.json").write_bytes(NESTED)
    code, window, said = _start_app(qtbot, "statistics file was damaged")
    kept = home / "stats.json.damaged-1"
    assert code == 0 and window.table.session is not None and window.table.stats.records == {}
    assert f"it was kept as {kept} " in said and kept.read_bytes() == NESTED
    assert f"kept as {home / 'settings.json.damaged-1'} " in said  # both said, neither hides the other
    window.close()


def test_a_damaged_solonauts_autosave_is_said_with_where_it_went(qtbot: Any, home: Path, quiet: list[str]) -> None:
    """It was renamed `*.damaged-1` without a word: the game in progress seemed simply lost."""
    old = storage.legacy_autosave_path()  # where earlier versions kept it: taken in at start, or set aside
    old.write_bytes(NESTED)
    code, window, said = _start_app(qtbot, "could not be read")
    kept = old.with_name(old.name + ".damaged-1")
    assert code == 0 and window.table.session is not None
    assert kept.read_bytes() == NESTED
    assert said.startswith(f"The game saved last time is damaged and could not be read, so it was set aside as {kept}. "
                           "The file is damaged: it is nested far too deeply")
    window.close()
