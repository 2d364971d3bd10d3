"""A language names the computer player with one word (docs/legibility.md, Chrononauts with computers).

A Chrononauts seat's plate says a computer's level in its band (`hs.seat_computer_*`) in the shortest words the
language has; the set-up, the status line, the hints and hosting say the same word. Spanish had "máquina, fácil" on
the plates and "Ordenador — fácil" in the set-up, one player named twice. Dutch is the one exception, said here: its
band keeps "pc" ("computer, makkelijk" grew the table of five computers past its shape), and the rest says
"computer".
"""
from __future__ import annotations

import pytest

from cardsets import load_ui_texts
from cardsets.text import LANGUAGES

BAND_ONLY = {"nl": ("pc", "computer")}  # language: (the band's word, the word everywhere else)

# Where the computer player is named, with the word at the start of the text or in it.
NAMED = ("bots.computer_easy", "bots.computer_normal", "bots.computer_hard", "bots.pace", "bots.thinking",
         "bots.seat_easy", "bots.seat_normal", "bots.seat_hard", "bots.no_bots", "net.let_computer_play",
         "net.stand_in_plays")


def band_word(lang: str) -> str:
    """The word the plates' band uses for a computer: what comes before the comma."""
    words = {load_ui_texts().strings[lang][f"hs.seat_computer_{level}"].split(",")[0].strip()
             for level in ("easy", "normal", "hard")}
    assert len(words) == 1, (lang, words)
    return words.pop()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_plates_and_the_rest_name_the_computer_alike(lang: str) -> None:
    strings = load_ui_texts().strings[lang]
    word = band_word(lang)
    if lang in BAND_ONLY:
        assert word == BAND_ONLY[lang][0]
        word = BAND_ONLY[lang][1]
    unnamed = [key for key in NAMED if word.casefold() not in strings[key].casefold()]
    assert unnamed == [], f"{lang}: these do not say {word!r}: {[strings[k] for k in unnamed]}"
    assert strings["bots.default_name"].casefold().startswith(word.casefold())


def test_spanish_keeps_its_word_for_the_machine_on_the_desk() -> None:
    """"Ordenador" is the machine someone joins from; "máquina" the player: both in one sentence of the host's
    introduction, told apart."""
    intro = load_ui_texts().strings["es"]["net.host_intro"]
    assert "desde otro ordenador" in intro and "la máquina" in intro
