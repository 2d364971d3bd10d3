"""A 7th game is folders only (issue #40, item 8; docs/new-game.md): High Card, a toy game for 2-4 players whose
engine, card set (texts and rules in en/it/es/nl), table and registration lie in tests/project/toy_game/, is copied
into a temporary folder named by CONVIVIUM_GAMES, and every part of Convivium that lists the games finds it, while
no file of the repository changes."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOY = Path(__file__).resolve().parent / "toy_game"
# What the app, the set-up dialog, How to play, the workbench and the tools say of the games, in one process.
LISTS = """
import sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
import cardsets, rules
from desktop.frame.i18n import Translator
from desktop.shell.how_to_play import HowToPlay
from desktop.shell.new_game_dialog import NewGameDialog
from desktop.shell.screenshot import games
from desktop.shell.tables import seat_games, table_class
from desktop.tools.legibility import TABLES
from desktop.workbench.window import Workbench
from rules.bots import games_with_bots

print("modes", rules.modes()["toy"], rules.info("toy").mode("standard").players)
print("card_sets", "toy" in cardsets.games())
table = table_class("toy")
print("table", "toy" in seat_games(), table.MODES, table.SEATS)
tr = Translator("it")
dialog = NewGameDialog(tr, None)
offered = {dialog.game.itemData(i): dialog.game.itemText(i) for i in range(dialog.game.count())}
dialog.game.setCurrentIndex(list(offered).index("toy"))
print("dialog", offered["toy"], [dialog.mode.itemText(i) for i in range(dialog.mode.count())])
how = HowToPlay(tr, {})
titles = {how.chooser.itemData(i): how.chooser.itemText(i) for i in range(how.chooser.count())}
how.open_on("toy")
print("how_to_play", titles["toy"], how.rules.title if how.rules else None)
print("screenshot", games()["toy"])
print("legibility", TABLES["toy"])
bench = Workbench(Translator("en"), cardsets.ROOT, "toy", "en", "nl", watch=False)
names = [bench.game_box.itemText(i) for i in range(bench.game_box.count())]
print("workbench", "High Card" in names, bench.snapshot is not None and bench.snapshot.has_faces)
print("bots", games_with_bots()["toy"])
from rules import Match, engine
from rules.bots.hints import suggest
match = Match(engine("toy", "standard"), {"players": 3}, 5)
print("hint", suggest("toy", "standard", match.engine.view(match.state, 0), 0, match.legal_moves(0), 0).reason)
"""


def run(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def porcelain() -> str | None:
    """The repository's `git status --porcelain`, None where there is no git to ask."""
    if shutil.which("git") is None:
        return None
    done = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    return done.stdout if done.returncode == 0 else None


@pytest.fixture
def installed(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """The toy game copied beside Convivium, and the environment that names its folder."""
    games = tmp_path / "games"
    shutil.copytree(TOY, games, ignore=shutil.ignore_patterns("__pycache__"))
    home = tmp_path / "home"
    home.mkdir()
    env = dict(os.environ, CONVIVIUM_GAMES=str(games), CONVIVIUM_HOME=str(home), QT_QPA_PLATFORM="offscreen")
    return games, env


def test_a_game_in_its_own_folders_is_found_everywhere_and_the_repository_is_untouched(
        installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    games, env = installed
    before = porcelain()

    checked = run(["-m", "desktop.cli", "check"], env)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert any(line.startswith("toy ") for line in checked.stdout.splitlines()) and "OK" in checked.stdout

    listed = run(["-c", LISTS], env)
    assert listed.returncode == 0, listed.stderr[-3000:]
    said = dict(line.split(" ", 1) for line in listed.stdout.splitlines() if " " in line)
    assert said["modes"] == "('standard',) (2, 4)"
    assert said["card_sets"] == "True"
    assert said["table"] == "True ('standard',) (2, 4)"
    assert said["dialog"] == "Carta alta ['Una mano']"  # the game's own texts name it, in Italian
    assert said["how_to_play"] == "Carta alta Carta alta"
    assert said["screenshot"] == "toy" and said["legibility"] == "1"
    assert said["workbench"] == "True True"
    assert said["bots"] == "('standard',)"
    assert said["hint"] == "hint.why.best"  # Game → Hint works with no words of the game's own

    picture = tmp_path / "toy.png"
    drawn = run(["-m", "desktop.cli", "--game", "toy", "--players", "4", "--seed", "3", "--moves", "2",
                 "--size", "1280x720", "--screenshot", str(picture)], env)
    assert drawn.returncode == 0, drawn.stderr[-3000:]
    assert picture.stat().st_size > 1000

    played = run(["-m", "desktop.cli", "tournament", "toy", "--seats", "normal,easy", "--games", "4", "--quiet"], env)
    assert played.returncode == 0, played.stderr[-3000:]
    assert played.stdout.startswith("toy standard, 2 players") and "4 games" in played.stdout

    measured = run(["-m", "desktop.cli", "check", "--legibility", "--table", "toy", "--lang", "nl", "--quick"], env)
    assert measured.returncode == 0, measured.stderr[-3000:]
    assert "toy          nl  1264x672" in measured.stdout

    assert porcelain() == before  # nothing of the repository was written to find, check or play it


def test_check_reads_the_installed_games_files(installed: tuple[Path, dict[str, str]]) -> None:
    """`convivium check` does not only list the toy: it validates its texts like the shipped sets'."""
    games, env = installed
    italian = games / "cardsets" / "toy" / "text" / "it.yaml"
    italian.write_text(italian.read_text(encoding="utf-8").replace("{player}, metti", "{giocatore}, metti"),
                       encoding="utf-8")
    checked = run(["-m", "desktop.cli", "check"], env)
    assert checked.returncode == 1
    assert "toy/text/it.yaml:9:15: 'prompt.lay' uses placeholders ['giocatore']" in checked.stdout


def test_without_the_variable_the_toy_is_nowhere(installed: tuple[Path, dict[str, str]]) -> None:
    _games, env = installed
    del env["CONVIVIUM_GAMES"]
    listed = run(["-c", "import rules, cardsets; from desktop.frame.registration import games; "
                        "print('toy' in rules.modes(), 'toy' in cardsets.games(), 'toy' in games())"], env)
    assert listed.stdout.split() == ["False", "False", "False"], listed.stderr
