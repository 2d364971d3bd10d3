"""The card played and waiting for an answer (CHR-10.11: anyone may answer it with a Note) is the one card every
player at the table must read: at the window a real 1280×720 screen gives, it is as wide as its words need, in the
felt up to the directions, the deck and the discard, and covers none of them."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from chrononauts_driver import drawn_rect

from cardsets.text import LANGUAGES
from desktop.frame.card_item import left_out, on_screen
from desktop.games.chrononauts.full_scene import STACK_KEY
from desktop.shell.main_window import MainWindow
from desktop.shell.screenshot import Shot, set_table


# Six seats, deal 3, 40 random moves: "Reverse Time" was just played and waits for an answer; its rule text ended in
# "…" at the card's usual width in Dutch.
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_card_waiting_for_an_answer_reads_whole(window: MainWindow, tmp_path: Path, language: str) -> None:
    window.set_language(language)
    set_table(window, Shot("chrononauts", "chrononauts", 6, 3, 40, (1264, 672), tmp_path / "shot.png"))
    table: Any = window.table
    assert table is not None
    items = table.scene.items_by_key
    waiting = sorted(key for key in items if key.startswith("stack:"))
    assert waiting, "the deal no longer leaves a card waiting for an answer"
    top = items[waiting[-1]]
    scale = on_screen(top.deviceTransform(table.view.viewportTransform()))
    assert left_out(top.face, scale) == [], (language, top.face.title, top.face.body)
    under = [key for key, item in items.items() if item is not top and item.isVisible()
             and key != STACK_KEY and not key.startswith("stack:")  # its zone, and what it answers or is answered by
             and drawn_rect(item).intersected(drawn_rect(top)).width() > 1
             and drawn_rect(item).intersected(drawn_rect(top)).height() > 1]
    assert under == [], (language, under)
