"""A count beside a noun agrees with it: "(1 play left)", never "(1 plays left)" (issue #16, item 5)."""
from __future__ import annotations

import re

import pytest

import cardsets
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
def test_every_counted_string_has_both_forms_and_picks_them(game: str) -> None:
    ui = cardsets.load_ui_texts()
    for catalog in (cardsets.load_texts(game), ui):
        english = catalog.strings["en"]
        for key in (k[: -len(".one")] for k in english if k.endswith(".one")):
            names = set(re.findall(r"\{(\w+)\}", english[key + ".other"]))
            for lang in LANGUAGES:
                tr = Translator(lang, game, ui=ui)
                params: dict[str, object] = {n: "x" for n in names}
                number = "count" if "count" in names else next(n for n in sorted(names) if n not in ("player",))
                params[number] = 1
                assert tr.text(key, **params) == catalog.text(lang, key + ".one", **params), (lang, key)
                params[number] = 3
                assert tr.text(key, **params) == catalog.text(lang, key + ".other", **params), (lang, key)


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
             if SPANISH_COUNTED.search(v) and not k.endswith((".one", ".other"))]
    assert slips == []


def test_the_table_summary_for_a_screen_reader_counts_its_hand_in_words(qtbot: object) -> None:
    tr = Translator("en", "chrononauts")
    hand = tr.text("a11y.hand", count=1)
    assert tr.text("a11y.full_summary", hand=hand, open=2) == "Hand: 1 card. Open paradoxes: 2."
