"""A short word before a name changes with the name's first sound, as printed Italian and Spanish do (issue #38:
translations a publisher would print): "passa il dono ad Ada", "Bruno ed Elena", "Ada e Isabel", "Bruno u Óscar"."""
from __future__ import annotations

import pytest

import cardsets
from cardsets.text import Catalog


def catalog(lang: str, text: str) -> Catalog:
    found = Catalog()
    found.strings[lang] = {"k": text}
    return found


@pytest.mark.parametrize(("lang", "text", "name", "said"), [
    ("it", "{player} passa il dono a {to}.", "Ada", "Bruno passa il dono ad Ada."),
    ("it", "{player} passa il dono a {to}.", "Bruno", "Bruno passa il dono a Bruno."),
    ("it", "A {to} tocca scegliere.", "Anna", "Ad Anna tocca scegliere."),
    ("it", "Bruno e {to} giocano.", "Elena", "Bruno ed Elena giocano."),
    ("it", "Bruno e {to} giocano.", "Ada", "Bruno e Ada giocano."),
    ("es", "Bruno y {to} juegan.", "Isabel", "Bruno e Isabel juegan."),
    ("es", "Bruno y {to} juegan.", "Hierro", "Bruno y Hierro juegan."),
    ("es", "Bruno o {to}", "Óscar", "Bruno u Óscar"),
    ("es", "Da el regalo a {to}.", "Ada", "Da el regalo a Ada."),
    ("en", "Give it to {to} a {to}", "Ada", "Give it to Ada a Ada"),
])
def test_the_word_before_a_name_follows_its_first_sound(lang: str, text: str, name: str, said: str) -> None:
    assert catalog(lang, text).text(lang, "k", player="Bruno", to=name) == said


def test_a_number_or_a_word_glued_to_another_is_left_alone() -> None:
    assert catalog("it", "cintura da {from} a {to}.").text("it", "k", **{"from": 0, "to": 8}) == "cintura da 0 a 8."
    assert catalog("it", "l'a {to}").text("it", "k", to="Ada") == "l'a Ada"


def test_the_shipped_italian_says_ad_ada() -> None:
    texts = cardsets.load_texts("banquet")
    line = texts.text("it", "event.gift_offered", player="Bruno", to="Ada")
    assert line.endswith("ad Ada.") and "a Ada" not in line
