"""A word too wide for its card breaks between syllables, as evenly as it fits (issue #36): "Manhattan-project",
never "Manhattanproj-ect"; and nowhere on the six tables, in any language, at 1280×720, is a word broken
elsewhere (the survey `convivium check --legibility` lists the broken words from)."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import CardFace, broken_words, shown_texts
from desktop.frame.hyphens import points
from desktop.tools import legibility
from desktop.tools.legibility import TABLES


def syllables(word: str) -> str:
    bounds = (0, *points(word), len(word))
    return "-".join(word[a:b] for a, b in zip(bounds, bounds[1:]))


@pytest.mark.parametrize(("word", "expected"), [
    ("Manhattanproject", "Man-hat-tan-pro-ject"),  # nl: "pr" begins a syllable
    ("Bloemenmeisje", "Bloe-men-meis-je"),  # nl: vowels in a row stay together
    ("Schildknaap", "Schild-knaap"),  # nl: "kn" begins one
    ("Tijdmachine", "Tijd-ma-chi-ne"),  # nl: "ij" is one vowel, "ch" one consonant
    ("Ammaliatrice", "Am-ma-lia-tri-ce"),  # it
    ("Distorsión", "Dis-tor-sión"),  # es: accents are vowels too; "s" ends the syllable before a consonant
    ("Hija", "Hi-ja"),  # es: "j" before a vowel is a consonant
    ("Quetzal", "Quet-zal"),  # "qu" is one sound
])
def test_a_word_breaks_only_between_its_syllables(word: str, expected: str) -> None:
    assert syllables(word) == expected


@pytest.mark.parametrize(("title", "expected"), [
    ("Manhattanproject", "Manhattan-project"),
    ("Bloemenmeisje", "Bloemen-meisje"),
    ("Flamingotongen", "Flamingo-tongen"),
])
def test_a_name_wider_than_its_card_breaks_into_even_halves(qapp: Any, title: str, expected: str) -> None:
    """A timeline card drawn as at 1280×720 (0.61 px a unit: 15 px letters) is too narrow for these names on
    one line; they break once, between syllables, into halves as even as fit, and read whole."""
    face = CardFace(120, 168, "#5b3d8f", "#f2edfa", year="1943", title=title, body="Rimpelingen: 1945")
    (shown,) = [text for text in shown_texts(face, 0.61) if text.role == "title"]
    assert broken_words(shown) == [expected]


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_no_word_on_any_table_is_broken_inside_a_syllable(qapp: QApplication, lang: str) -> None:
    """Every word the six tables break across lines at 1280×720 breaks at one of its syllable breaks
    ("Manhattanproj-ect", "Bloemenm-eisje" were drawn before)."""
    lost: list[legibility.Losses] = []
    legibility.survey(list(TABLES), [lang], legibility.SEEDS, echo=False, losses=lost)
    assert len(lost) == len(TABLES) + len(legibility.LATE)
    bad = [f"{row.table}: {word}" for row in lost for word in row.broken
           if len(word.split("-")[0]) not in points(word.replace("-", ""))]
    assert bad == []
