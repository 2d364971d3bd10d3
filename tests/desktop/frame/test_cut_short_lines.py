"""Cutting a text short elides only the lines that may be too wide (issue #42): a line the wrap laid out narrower
than the width, by ELIDE_SLACK, is one Qt's elidedText would leave as it is; a word longer than the width is still
cut short. A rule text whose words all fit is kept as it is, without measuring each word at each width."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from desktop.frame import card_item
from desktop.frame.card_item import ELIDE_SLACK

TEXTS = [
    "Play at once: each other player draws two cards, then discards one of their choice.",
    "Gioca subito: ogni altro giocatore pesca due carte, poi ne scarta una a sua scelta.",
    "Juega enseguida: cada uno de los demás jugadores roba dos cartas y luego descarta una.",
    "Speel meteen: elke andere speler trekt twee kaarten en legt er daarna één naar keuze af.",
    "Onafhankelijkheidsverklaring en buitensporigheid",  # words wider than a narrow card
    "Precipitevolissimevolmente",
    "○ Klingsor holds the Spear\n○ Kundry is redeemed\n○ Parsifal reaches Monsalvat",  # missions, one a line
    "Bacchus-Banquet / Bacchanalia (heer-wijn) — « Quand même »",  # breaks that are not spaces
]


@pytest.mark.parametrize("text", TEXTS)
def test_a_line_laid_out_narrower_than_the_width_is_one_elided_text_keeps(qapp: Any, text: str) -> None:
    kept = cut = 0
    for bold in (False, True):
        for pixel in range(9, 15):
            metrics = card_item._metrics(pixel, bold)
            for width in range(40, 200, 7):
                for line, wide in card_item._wrapped_lines(text, float(width), pixel, bold):
                    elided = metrics.elidedText(line, Qt.TextElideMode.ElideRight, float(width))
                    if wide + ELIDE_SLACK < width:
                        assert elided == line, (line, pixel, bold, width, wide)
                        kept += 1
                    cut += elided != line
    assert kept > 0
    if any(len(word) > 15 for word in text.split()):
        assert cut > 0  # and lines too wide were met: the check above was not the only case tried


def test_a_word_longer_than_the_card_is_still_cut_short(qapp: Any) -> None:
    shown = card_item._cut_short("Onafhankelijkheidsverklaring en meer", 60.0, 100.0, 10, False)
    first = shown.split("\n")[0]
    assert first.endswith("…")
    assert card_item._metrics(10, False).horizontalAdvance(first) <= 60.0


def test_a_rule_text_cut_short_ends_its_last_line_in_an_ellipsis(qapp: Any) -> None:
    shown = card_item._cut_short(TEXTS[3], 90.0, 30.0, 10, False)
    lines = shown.split("\n")
    assert 1 <= len(lines) < len(card_item._wrapped_lines(TEXTS[3], 90.0, 10, False))
    assert lines[-1].endswith("…")
    assert all(card_item._metrics(10, False).horizontalAdvance(line) <= 90.0 for line in lines)


@pytest.mark.parametrize("width", [60.0, 90.0, 140.0])
def test_a_text_whose_words_all_fit_breaks_as_it_is(qapp: Any, width: float) -> None:
    for text in TEXTS:
        breakable = card_item._breakable(text, width, 10, False)
        words = [word for line in text.split("\n") for word in line.split(" ")]
        if all(card_item._advance(word, 10, False) <= width for word in words):
            assert breakable == text
        else:
            assert breakable != text
            assert breakable.replace(card_item.SOFT_HYPHEN, "") == text
