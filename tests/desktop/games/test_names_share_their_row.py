"""Names at the top of their cards (issue #36): on a card whose rule text fits, the name was centred in the
room the layout gave it, so it floated mid-card beside cards of the same row with their names at the top
(Parsifal's characters at 1600×1000, Artifaxx's Mission and hand). Every card of a row with a rule text now
shows its name at the top, the rule text under it."""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QFontMetricsF
from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import BAND, CardItem, on_screen, shown_texts
from desktop.frame.i18n import Translator
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow
from desktop.tools.legibility import table_view

TABLES = [("parsifal", 6, 1, 20, (1600, 1000)), ("parsifal", 6, 2, 20, (1280, 720)),
          ("artifaxx", 4, 7, 50, (1280, 720)), ("artifaxx", 4, 7, 50, (1600, 1000))]


def name_tops(window: MainWindow, tmp_path: Path, table: str, players: int, seed: int, moves: int,
              size: tuple[int, int]) -> dict[float, dict[str, float]]:
    """Per row of cards (their top in the scene): where each card's name starts, for the cards with a rule text."""
    shot = screenshot.read_shot(table, None, players, seed, moves, "x".join(map(str, size)), str(tmp_path / "x.png"))
    screenshot.set_table(window, shot)
    window.resize(*size)
    for _ in range(3):
        QApplication.processEvents()
    view = table_view(window)
    rows: dict[float, dict[str, float]] = defaultdict(dict)
    for item in view.scene().items():
        if not isinstance(item, CardItem) or not item.isVisible() or not item.face.body or item.face.plate \
                or item.face.face_down:
            continue  # a card with a name alone centres it (a pile, a direction); a plate is one line
        scale = on_screen(item.deviceTransform(view.viewportTransform()))
        shown = shown_texts(item.face, scale)
        title = next((text for text in shown if text.role == "title"), None)
        if any(text.role == "kind_label" and text.rect.top() >= BAND for text in shown):
            continue  # a kind label too long for the band lies under it, above the name ("blocked", "Artefact")
        if title is not None:
            top = item.mapToScene(QPointF(0, 0)).y()
            # Where the name is painted within its box (centred in it, it would sit lower than the box's top).
            painted = QFontMetricsF(title.font).boundingRect(title.rect, int(title.align | Qt.TextFlag.TextWordWrap),
                                                             title.text)
            rows[round(top, 1)][item.key] = round(item.mapToScene(painted.topLeft()).y(), 1)
    return rows


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_names_in_one_row_share_their_top(qtbot: Any, home: Path, tmp_path: Path, lang: str) -> None:
    window = MainWindow(Translator(lang))
    qtbot.addWidget(window)
    window.ask = lambda title, text, buttons, safe=None: safe or 0  # type: ignore[method-assign]
    window.inform = lambda title, text: None  # type: ignore[method-assign]
    window.show()
    uneven = []
    compared = 0
    for table, players, seed, moves, size in TABLES:
        for row in name_tops(window, tmp_path, table, players, seed, moves, size).values():
            if len(row) > 1:
                compared += len(row)
                if len(set(row.values())) > 1:
                    uneven.append(f"{table} {size}: {row}")
    assert compared > 20 and uneven == []
