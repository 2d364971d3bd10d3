"""Discontinuity's two targets, the directions a hand passes (CHR-9.4.4), as a group at a 1280×720 screen sees them:
each word whole, and neither chip on the deck (the second one stepped right onto it and hid its count)."""
from __future__ import annotations

import pytest
from chrononauts_driver import drawn_rect, keep_all, lift
from PySide6.QtWidgets import QApplication

from cardsets.text import LANGUAGES
from desktop.frame.card_item import left_out, on_screen
from desktop.games.chrononauts.full_scene import direction_key
from desktop.games.chrononauts.full_table import ChrononautsTable
from desktop.shell.main_window import MainWindow

SEEDS = {"chrononauts": 4, "artifaxx": 1}  # the first player's hand holds a card played on a direction


@pytest.mark.parametrize("mode", list(SEEDS))
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", [(1280, 720), (1264, 670)])  # the whole screen; the window a title bar and a panel leave
def test_both_directions_read_whole_beside_the_deck(window: MainWindow, mode: str, language: str,
                                                    size: tuple[int, int]) -> None:
    window.set_language(language)
    window.resize(*size)
    hs = window.new_hotseat("chrononauts", mode, ["Anna", "Bram", "Cees", "Dario"], {"first_player": 0}, SEEDS[mode])
    assert isinstance(hs, ChrononautsTable)
    keep_all(hs)
    if hs.scene.curtain_up:
        lift(hs)
    QApplication.processEvents()
    items = hs.scene.items_by_key
    chips = [items[direction_key(d)] for d in (1, -1)]
    for chip in chips:
        assert not left_out(chip.face, on_screen(chip.deviceTransform(hs.view.viewportTransform()))), chip.face.title
        others = [key for key, item in items.items() if item is not chip and item.isVisible()
                  and drawn_rect(item).intersected(drawn_rect(chip)).height() > 1
                  and drawn_rect(item).intersected(drawn_rect(chip)).width() > 1]
        assert others == [], (chip.key, others)
