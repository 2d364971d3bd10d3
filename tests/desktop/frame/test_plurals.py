"""A count beside a noun agrees with it: "(1 play left)", never "(1 plays left)" (issue #16, item 5)."""
from __future__ import annotations

import re

import pytest

import cardsets
from cardsets import plurals
from cardsets.plurals import COUNT_PLACEHOLDERS
from cardsets.text import LANGUAGES
from desktop.frame.i18n import Translator
from rules.kernel import Event

GAMES = ("chrononauts", "banquet", "bacchanalia", "parsifal")


def test_the_your_turn_hint_says_one_play_in_every_language() -> None:
    tr = Translator("en")
    assert "(1 play left)" in tr.text("hs.your_turn", player="Anna", steps=1)
    assert "(2 plays left)" in tr.text("hs.your_turn", player="Anna", steps=2)
    words = {"it": "resta 1 giocata", "es": "1 jugada pendiente)", "nl": "nog 1 kaart te spelen"}
    for lang, one in words.items():
        tr.set_language(lang)
        assert one in tr.text("hs.your_turn", player="Anna", steps=1)


def test_an_event_picks_its_form_by_its_only_number() -> None:
    tr = Translator("en", "chrononauts")
    # The rules' own event: a game that ends on its turn limit after a single turn.
    event = Event("game_ended", {"reason": "turn_limit", "turns": 1})
    assert tr.text(f"event.{event.kind}", **dict(event.params)) == "Time is up after 1 turn: nobody wins."


@pytest.mark.parametrize("game", GAMES)
def test_every_counted_string_picks_the_form_cldr_gives_its_number(game: str) -> None:
    """Each plural category of each language, at an example number of it (Italian "many" at a million)."""
    ui = cardsets.load_ui_texts()
    for catalog in (cardsets.load_texts(game), ui):
        english = catalog.strings["en"]
        for key in (k[: -len(".one")] for k in english if k.endswith(".one")):
            names = set(re.findall(r"\{(\w+)\}", english[key + ".other"]))
            number = next((n for n in COUNT_PLACEHOLDERS if n in names), None) or \
                next(n for n in sorted(names) if n not in ("player",))
            for lang in LANGUAGES:
                tr = Translator(lang, game, ui=ui)
                for category in plurals.categories(lang):
                    params: dict[str, object] = {n: "x" for n in names}
                    params[number] = plurals.example(lang, category)
                    assert tr.text(key, **params) == catalog.text(lang, f"{key}.{category}", **params), (lang, key)


def test_the_parsifal_deck_says_one_turn_left_in_every_language() -> None:
    """"Nog 1 beurten" was on the Dutch table (translation review 2, NL-1)."""
    said = {lang: Translator(lang, "parsifal").text("label.turns_left", count=1) for lang in LANGUAGES}
    assert said == {"en": "1 turn left", "it": "Resta 1 turno", "es": "Queda 1 turno", "nl": "Nog 1 beurt"}
    assert Translator("it", "parsifal").text("label.turns_left", count=1_000_000) == "Restano 1000000 turni"


def test_a_count_named_plays_picks_the_form_even_beside_another_number() -> None:
    tr = Translator("es", "chrononauts")
    assert "(queda 1 por jugar)" in tr.text("prompt.miracle", plays=1)
    assert "le queda 1 jugada" in tr.text("hs.miracle", player="Ana", plays=1)
    assert "quedan 3 jugadas" in tr.text("hs.miracle", player="Ana", plays=3)
    tr.set_language("it")
    assert "passo 1 di 1" in tr.text("guide.heading", step=1, steps=1)


def test_no_catalog_hedges_a_plural_with_brackets() -> None:
    for catalog in (cardsets.load_ui_texts(), *(cardsets.load_texts(g) for g in GAMES)):
        for lang in LANGUAGES:
            hedged = [k for k, v in catalog.strings[lang].items() if re.search(r"\w\((s|e|i|en|es)\)", v)]
            assert hedged == [], lang


COUNTED = re.compile(r"\{(count|hand|steps|turns|limit|n)\} (cards|plays|turns|times|characters|paradoxes|travellers)\b")


def test_no_english_string_puts_a_count_before_a_plural_noun_without_its_one_form() -> None:
    """The kind of slip behind "(1 plays left)" and "Hand: 1 cards": a counted noun needs .one and .other."""
    for catalog in (cardsets.load_ui_texts(), *(cardsets.load_texts(g) for g in GAMES)):
        slips = [k for k, v in catalog.strings["en"].items()
                 if COUNTED.search(v) and not k.endswith((".one", ".other"))]
        assert slips == []


# Spanish slips of the same kind: "{count} regalos aceptados" and "(quedan {plays})" read "1 regalos" and
# "quedan 1" (translation review 2, ES-1 and ES-2). "y {count} más" and "{count} Deus" agree at any number.
SPANISH_COUNTED = re.compile(r"\{(count|hand|steps|turns|limit|n|plays)\} (?!más\b|Deus\b)\w+s\b|\bquedan \{")


def test_no_spanish_string_without_a_one_form_reads_wrong_at_one() -> None:
    catalogs = (cardsets.load_ui_texts(), *(cardsets.load_texts(g) for g in GAMES))
    slips = [k for catalog in catalogs for k, v in catalog.strings["es"].items()
             if SPANISH_COUNTED.search(v) and plurals.split(k) is None]
    assert slips == []


def test_the_table_summary_for_a_screen_reader_counts_its_hand_in_words(qtbot: object) -> None:
    tr = Translator("en", "chrononauts")
    hand = tr.text("a11y.hand", count=1)
    assert tr.text("a11y.full_summary", hand=hand, open=2) == "Hand: 1 card. Open paradoxes: 2."
