"""Start-up loads only what the first table needs (issue #42): another game's rules, cards and table, the
glossaries and rules texts `check` reads, the computer players, the hint and solver searches, the guide of a
guided game and its script, the workbench (its live reload starts once the first table is drawn), replays and
How to play are imported when first used; so are the standard modules only a mistake, a card's detail or a
dialog needs, and Babel (a start's counts are kept, cardsets/plurals.py). The
first Solonauts table is drawn in a fresh process and its modules listed, with the YAML files it read: the app's
and Chrononauts' texts only, and from the second start on neither (their checked catalogs are kept,
cardsets/cache.py): only the Chrononauts cards, which the table's faces are made of, and whose parse is kept too
(they are validated at every start), so that start does not even load PyYAML. Nor does it make the Qt types of
a message box, a file dialog or the new game's choices, nor draw the new table more than it must."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.chrononauts.moves import FULL_GAME

ROOT = Path(__file__).resolve().parents[3]
START = """
import json, sys
from cardsets import text, yamlfile
read = []
def reading(real):
    def spy(path, label=None, **how):
        read.append(label or str(path))
        return real(path, label, **how)
    return spy
yamlfile.read, text.read = reading(yamlfile.read), reading(text.read)
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.frame.i18n import Translator
from desktop.shell.main_window import MainWindow
window = MainWindow(Translator("en"), {})
window.show()
window.new_game({"ids": 8}, 1234)
window.grab()
from PySide6 import QtWidgets
made = sorted(name for name in vars(QtWidgets) if name.startswith("Q"))  # a Qt type is made as it is first used
made += sorted(vars(sys.modules["rules.chrononauts.moves"]))  # and a move as it is first asked for
print(json.dumps({"modules": sorted(sys.modules), "read": sorted(read), "qt": made}))
"""
NOT_AT_START = (
    "rules.bacchanalia", "rules.banquet", "rules.parsifal", "rules.chrononauts.full", "rules.chrononauts.full_state",
    "rules.chrononauts.full_moves",
    "rules.bots.hints",
    "cardsets.bacchanalia", "cardsets.banquet", "cardsets.parsifal", "cardsets.glossary", "cardsets.rules_text",
    "desktop.games.bacchanalia", "desktop.games.banquet", "desktop.games.parsifal", "desktop.games.chrononauts.full_table",
    "desktop.workbench.window", "desktop.workbench.app", "desktop.workbench.print_deck", "desktop.shell.replay",
    "cardsets.tutorial",
    "desktop.shell.how_to_play", "desktop.tools",
    # The computers, the searches, the guide and the translator's live reload: when first asked for.
    "rules.bots", "rules.chrononauts.solver", "rules.chrononauts.hints", "desktop.frame.guide", "rules.tutorial",
    "desktop.workbench",
    # A dialog, and what only a mistake, a card's detail, a new game's file, a start with no language chosen or
    # another player's name asks for.
    "desktop.games.chrononauts.solonauts_stats_dialog", "desktop.shell.new_game_dialog", "difflib", "html", "uuid",
    "locale", "importlib.resources",
    # Babel, from the second start on: the categories of small counts are kept (cardsets/plurals.py).
    "babel",
)

# Qt's types for a message box, a file dialog and the new game's choices: each is made, with its enums, when first
# used, a cost the first table need not pay (issue #42).
NOT_MADE_AT_START = ("QMessageBox", "QFileDialog", "QSpinBox", "QDialogButtonBox")


FIRST_TEXTS = [f"{name}/text/{lang}.yaml" for name in ("chrononauts", "ui") for lang in ("en", "es", "it", "nl")]


def start(home: Path, qt: list[str] | None = None) -> tuple[set[str], list[str]]:
    """The modules loaded and the YAML files read by a fresh app drawing its first table, with `home` its data
    folder (and the folder of its cache); the Qt widgets' types and the Chrononauts moves it made go in `qt`."""
    env = {k: v for k, v in os.environ.items() if k != "CONVIVIUM_CACHE"}
    env.update(QT_QPA_PLATFORM="offscreen", CONVIVIUM_HOME=str(home))
    done = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.splitlines()[-1])
    if qt is not None:
        qt.extend(found["qt"])
    return set(found["modules"]), found["read"]


def test_the_first_table_reads_its_own_game_only_and_the_next_start_no_text(tmp_path: Path) -> None:
    _modules, read = start(tmp_path)
    assert read == ["chrononauts/cards.yaml", *FIRST_TEXTS]
    modules, read = start(tmp_path)
    assert read == ["chrononauts/cards.yaml"]
    assert not [m for m in modules if m == "yaml" or m.startswith(("yaml.", "cardsets.yamlparse"))]
    assert "datetime" not in modules  # PyYAML's on a first start (its timestamps); else only the daily deal's
    assert list((tmp_path / "cache" / "texts").glob("*.json"))  # kept in the data folder named


def test_the_first_table_loads_no_module_it_does_not_need(tmp_path: Path) -> None:
    start(tmp_path)  # the first start ever fills the cache
    made: list[str] = []
    loaded, _read = start(tmp_path, made)
    assert "desktop.games.chrononauts.solonauts_table" in loaded  # the table was drawn
    early = sorted(m for m in loaded if any(m == name or m.startswith(name + ".") for name in NOT_AT_START))
    assert early == [], f"loaded at start though the first table does not need them: {early}"
    assert "QGraphicsView" in made and not set(NOT_MADE_AT_START) & set(made)
    assert "PlayCard" in made and not set(FULL_GAME) & set(made)  # the full game's moves: not a Solonauts start's


def test_a_new_table_is_drawn_once_in_its_room(window: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new table drew itself as it was made, for a view with no size yet, then again in the room the window gives
    its view (issue #42); then in that room as it was made, and once more for what the window handed it afterwards
    (the settings, the replay offered at the end). Now the window hands it all first and it is drawn once."""
    from desktop.games.chrononauts.solonauts_scene import SolonautsScene

    drawn: list[tuple[object, object]] = []
    real = SolonautsScene.show_view
    monkeypatch.setattr(SolonautsScene, "show_view",
                        lambda scene, *args: drawn.append((scene, scene._room)) or real(scene, *args))
    window.new_game({"ids": 8}, 5)
    area = window.table.view.contentsRect()
    assert drawn == [(window.table.scene, (area.width(), area.height()))]
    assert window.table.settings is window.settings  # handed over before that draw


def test_a_table_made_outside_the_window_draws_itself(qtbot: Any, home: Path) -> None:
    """Only the window holds a table's first draw back (seat_table.made_for): a table made elsewhere (a replay's, a
    test's) is drawn as it is made."""
    from desktop.frame.i18n import Translator
    from desktop.games.chrononauts.solonauts_table import SoloGame, SolonautsTable

    table = SolonautsTable(Translator("en"), SoloGame.new({"ids": 8}, 5))
    qtbot.addWidget(table)
    assert len(table.scene.items_by_key) >= 8  # the eight IDs at least, on the table before it is ever shown


def test_a_table_for_several_is_laid_out_for_its_room_before_its_first_draw(window: Any,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Parsifal's floor widens to the view's shape: a new table was drawn at the narrowest floor first, then widened
    and drawn again once shown. Made for the window's room (seat_table.made_for), it is drawn at its width at once."""
    from PySide6.QtWidgets import QApplication

    from desktop.games.parsifal.scene import WIDTH, ParsifalScene

    widths: list[float] = []
    real = ParsifalScene.show
    monkeypatch.setattr(ParsifalScene, "show",
                        lambda scene, *args: widths.append(scene.sceneRect().width()) or real(scene, *args))
    window.resize(1900, 600)  # a wide room: the floor is wider than its narrowest
    QApplication.processEvents()
    table = window.new_hotseat("parsifal", "standard", ["Ada", "Bruno", "Chiara", "Dario"], {}, 7)
    assert table is not None and widths
    assert set(widths) == {table.scene.sceneRect().width()} and widths[0] > WIDTH


def test_the_live_reload_starts_once_the_window_is_drawn(qtbot: Any, home: Path) -> None:
    """A translator's saves are followed (desktop/workbench/live.py) from the window's first frame on: a zero timer
    started them in the event loop's first turn, which on a real screen comes before the first paint (issue #42)."""
    from PySide6.QtWidgets import QApplication

    from desktop.frame.i18n import Translator
    from desktop.shell.main_window import MainWindow

    window = MainWindow(Translator("en"), {})
    qtbot.addWidget(window)
    window.new_game({"ids": 8}, 5)
    for _ in range(3):
        QApplication.processEvents()
    assert window.text_watcher is None
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.text_watcher is not None)
