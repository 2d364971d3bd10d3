"""Cards say what they are (issue #36, item 2), on tables drawn as `convivium --screenshot` draws them at
1280×720: Parsifal's characters show their abilities and their missions' state (docs/rules/parsifal.md
PAR-15.3, PAR-15.4), and the Banquet's guests and privileges show their whole names with 3 to 5 players."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import CardItem, left_out, on_screen, shown_texts
from desktop.frame.i18n import Translator
from desktop.games.banquet.scene import BanquetScene
from desktop.games.parsifal.scene import ParsifalScene
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow
from desktop.tools.legibility import table_view
from rules.banquet.objectives import card_kind

SEEDS = (1, 2, 3)


def window_for(qtbot: Any, lang: str) -> MainWindow:
    window = MainWindow(Translator(lang))
    qtbot.addWidget(window)
    window.ask = lambda title, text, buttons, safe=None: safe or 0  # type: ignore[method-assign]
    window.inform = lambda title, text: None  # type: ignore[method-assign]
    window.show()
    return window


def drawn(window: MainWindow, tmp_path: Path, table: str, players: int, seed: int, moves: int) -> list[tuple[CardItem, float]]:
    """The cards of the table after `moves` random legal moves, each with its scale on screen."""
    shot = screenshot.read_shot(table, None, players, seed, moves, "1280x720", str(tmp_path / "x.png"))
    screenshot.set_table(window, shot)
    window.resize(1280, 720)
    for _ in range(3):
        QApplication.processEvents()
    view = table_view(window)
    return [(item, on_screen(item.deviceTransform(view.viewportTransform()))) for item in view.scene().items()
            if isinstance(item, CardItem) and item.isVisible()]


def words(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").split())


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_parsifal_characters_show_their_abilities_and_missions(qtbot: Any, home: Path, tmp_path: Path,
                                                               lang: str) -> None:
    """Every character in play shows its name whole, its abilities (the first line of its text) and how many
    of its conditions are met; most were drawn with their name only, to be read one by one in the panel."""
    window = window_for(qtbot, lang)
    missing: list[str] = []
    seen = 0
    for seed in SEEDS:
        for moves in (20, 40):
            items = drawn(window, tmp_path, "parsifal", 4, seed, moves)
            scene = table_view(window).scene()
            assert isinstance(scene, ParsifalScene) and scene.par_view is not None
            characters = {c for seat in range(scene.par_view.players) for c in scene.par_view.owned_by(seat)}
            for item, scale in items:
                if item.key not in characters:
                    continue
                seen += 1
                shown = {text.role: words(text.text) for text in shown_texts(item.face, scale)}
                abilities = words(item.face.body.split("\n")[0])
                first = abilities.split(" ")[0] if abilities else ""
                if "title" in left_out(item.face, scale) or not shown.get("body", "").startswith(first) \
                        or (item.face.year and shown.get("year") != item.face.year):
                    missing.append(f"seed {seed}, {moves} moves: {item.key} shows {shown}")
    assert seen > 40 and missing == []


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_banquet_guests_and_privileges_show_whole_names(qtbot: Any, home: Path, tmp_path: Path, players: int,
                                                        lang: str) -> None:
    """Every guest and privilege face up on the table reads whole ("Octavi…", "Exchang…" were cut)."""
    window = window_for(qtbot, lang)
    cut: list[str] = []
    seen = 0
    for seed in SEEDS:
        for item, scale in drawn(window, tmp_path, "banquet", players, seed, 45):
            face = item.face
            scene = table_view(window).scene()
            assert isinstance(scene, BanquetScene)
            if face.face_down or not (item.key.startswith("guest:") or card_kind(item.key) in scene.faces.privileges):
                continue
            seen += 1
            if "title" in left_out(face, scale):
                cut.append(f"seed {seed}: {item.key} {face.title!r}")
    assert seen >= 3 and cut == []
