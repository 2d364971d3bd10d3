"""Language files: missing and stale strings, placeholders, fallback, safe substitution.

The fixture folder fixtures/text has en (the reference), it, es and nl; it.yaml reads:

    1 language: it
    2 strings:
    3   greeting: Ciao
    4   card.played: "Hai giocato {card} sul {year}."
    5   answer.no: No
    6   label.deck: "Mazzo: {size}"
"""
from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

import pytest
from cardset_edits import edit

from cardsets import text
from cardsets.text import Catalog, fingerprint, placeholders

KEYS = ["answer.no", "card.played", "greeting", "label.deck"]


def load(folder: Path, required: tuple[str, ...] = ()) -> tuple[Catalog, list[str]]:
    catalog, problems = text.load(folder, "text", required)
    return catalog, [str(p) for p in sorted(problems)]


def test_the_fixture_is_complete_and_up_to_date(text_folder: Path) -> None:
    catalog, problems = load(text_folder, tuple(KEYS))
    assert problems == []
    for lang in text.LANGUAGES:
        assert sorted(catalog.strings[lang]) == KEYS
        assert catalog.missing(lang) == [] and catalog.stale(lang) == []
    assert catalog.strings["it"]["answer.no"] == "No"  # YAML 1.2: a word, not false
    assert catalog.stamps["nl"] == {"card.played": fingerprint("Played {card} on {year}."), "greeting": fingerprint("Hello")}


# --- Missing ---------------------------------------------------------------------------------


def test_a_key_absent_from_a_translation_is_missing(text_folder: Path) -> None:
    edit(text_folder / "es.yaml", ("  greeting: Hola\n", ""))
    catalog, problems = load(text_folder)
    assert problems == []  # missing is counted, not an error
    assert catalog.missing("es") == ["greeting"]
    assert catalog.missing("it") == [] and catalog.missing("nl") == []
    assert catalog.text("es", "greeting") == "Hello"  # and falls back to English meanwhile


def test_a_missing_language_file(text_folder: Path) -> None:
    (text_folder / "es.yaml").unlink()
    catalog, problems = load(text_folder)
    assert problems == ["text/es.yaml:1:1: file not found"]
    assert catalog.missing("es") == KEYS


def test_english_must_have_every_required_key(text_folder: Path) -> None:
    _catalog, problems = load(text_folder, ("greeting", "farewell"))
    # Reported where the strings start (line 4, column 3: the first key under "strings:").
    assert problems == ["text/en.yaml:4:3: missing string 'farewell' (English is the reference and must have every key)"]


# --- Stale -----------------------------------------------------------------------------------


def test_a_changed_english_string_makes_its_stamped_translation_stale(text_folder: Path) -> None:
    edit(text_folder / "en.yaml", ("  greeting: Hello\n", "  greeting: Hello there\n"))
    catalog, problems = load(text_folder)
    assert problems == []
    assert catalog.stale("nl") == ["greeting"]  # nl stamped "Hello"
    assert catalog.stale("it") == [] and catalog.stale("es") == []  # never stamped: nothing known
    assert catalog.stale("en") == []


def test_a_wrong_fingerprint_is_stale(text_folder: Path) -> None:
    edit(text_folder / "nl.yaml", ('  card.played: "898c9f6b"\n', '  card.played: "00000000"\n'))
    catalog, _problems = load(text_folder)
    assert catalog.stale("nl") == ["card.played"]


def test_a_string_english_no_longer_has_is_stale(text_folder: Path) -> None:
    edit(text_folder / "it.yaml", ("  greeting: Ciao\n", "  greeting: Ciao\n  farewell: Arrivederci\n"))
    catalog, problems = load(text_folder)
    assert problems == []
    assert catalog.stale("it") == ["farewell"]


def test_a_fingerprint_must_be_text(text_folder: Path) -> None:
    # Unquoted, 12345678 is a number; --stamp always quotes fingerprints.
    edit(text_folder / "nl.yaml", ('  greeting: "f7ff9e8b"\n', "  greeting: 12345678\n"))
    _catalog, problems = load(text_folder)
    assert problems == ["text/nl.yaml:11:13: fingerprints are text keys with text values"]


# --- Problems in a language file -------------------------------------------------------------


def test_placeholder_mismatch(text_folder: Path) -> None:
    edit(text_folder / "it.yaml", ("sul {year}", "sul {anno}"))
    _catalog, problems = load(text_folder)
    # Line 4: '  card.played: ' is 15 characters, the text starts at column 16.
    assert problems == ["text/it.yaml:4:16: 'card.played' uses placeholders ['anno', 'card'] but English uses ['card', 'year']"]


def test_a_dropped_placeholder(text_folder: Path) -> None:
    edit(text_folder / "es.yaml", ('"Mazo: {size}"', "Mazo"))
    _catalog, problems = load(text_folder)
    assert problems == ["text/es.yaml:6:15: 'label.deck' uses placeholders [] but English uses ['size']"]


@pytest.mark.parametrize("bad", ["Mazzo: {size", "Mazzo: count}", "Mazzo: {0.__class__}", "Mazzo: {size!r}",
                                 "Mazzo: {size:>99}", "Mazzo: {}", "Mazzo: {1}"])
def test_malformed_placeholder(text_folder: Path, bad: str) -> None:
    edit(text_folder / "it.yaml", ('"Mazzo: {size}"', f'"{bad}"'))
    catalog, problems = load(text_folder)
    # Line 6: '  label.deck: ' is 14 characters.
    assert problems == ["text/it.yaml:6:15: 'label.deck' has a malformed placeholder; write names in braces, like {card}"]
    assert "label.deck" not in catalog.strings["it"]


def test_a_number_is_not_a_string(text_folder: Path) -> None:
    edit(text_folder / "it.yaml", ('"Mazzo: {size}"', "12"))
    _catalog, problems = load(text_folder)
    assert problems == ["text/it.yaml:6:15: 'label.deck' must be text, not 12 (quote it if it looks like a number)"]


def test_a_key_must_be_text(text_folder: Path) -> None:
    edit(text_folder / "it.yaml", ("  greeting: Ciao\n", "  greeting: Ciao\n  12: dodici\n"))
    _catalog, problems = load(text_folder)
    assert problems == ["text/it.yaml:4:3: a string key must be text, not 12"]


def test_every_problem_of_every_file_is_reported(text_folder: Path) -> None:
    edit(text_folder / "it.yaml", ("language: it", "language: es"), ('"Mazzo: {size}"', "12"), ("sul {year}", "sul {anno}"))
    edit(text_folder / "nl.yaml", ("  greeting: Hallo\n", "  greeting: Hallo\n  greeting: Hoi\n"))
    _catalog, problems = load(text_folder)
    assert problems == [
        "text/it.yaml:1:11: this file says language 'es' but is named it.yaml",
        "text/it.yaml:4:16: 'card.played' uses placeholders ['anno', 'card'] but English uses ['card', 'year']",
        "text/it.yaml:6:15: 'label.deck' must be text, not 12 (quote it if it looks like a number)",
        "text/nl.yaml:5:3: duplicate key 'greeting'",
    ]


def test_unknown_top_level_key(text_folder: Path) -> None:
    edit(text_folder / "es.yaml", ("language: es\n", "language: es\ntranslated_form: {}\n"))
    _catalog, problems = load(text_folder)
    assert problems == ["text/es.yaml:2:1: unknown key 'translated_form' (did you mean 'translated_from'?)"]


def test_an_empty_language_file(text_folder: Path) -> None:
    (text_folder / "es.yaml").write_bytes(b"")
    catalog, problems = load(text_folder)
    assert problems == ["text/es.yaml:1:1: value must be a mapping, not None"]
    assert catalog.missing("es") == KEYS


# --- Looking strings up ----------------------------------------------------------------------


def test_fallback_goes_asked_language_then_english_then_italian() -> None:
    catalog = Catalog(strings={
        "en": {"both": "English both", "en_only": "English only"},
        "it": {"both": "Italiano entrambi", "it_only": "Solo italiano", "nl_too": "Italiano"},
        "nl": {"nl_too": "Nederlands"},
        "es": {},
    })
    assert catalog.text("nl", "nl_too") == "Nederlands"  # the asked language first
    assert catalog.text("nl", "both") == "English both"  # then English, before Italian
    assert catalog.text("es", "it_only") == "Solo italiano"  # then Italian
    assert catalog.text("es", "en_only") == "English only"
    assert catalog.text("es", "nowhere") == "nowhere"  # the key itself, never an exception
    assert catalog.text("xx", "both") == "English both"  # an unknown language falls back too
    assert catalog.has("it_only") and not catalog.has("nowhere")


def test_substitution_fills_plain_names_only() -> None:
    catalog = Catalog(strings={"en": {"played": "Played {card} on {year}.", "twice": "{card} and {card}"}})
    assert catalog.text("en", "played", card="Inverter", year=1865) == "Played Inverter on 1865."
    assert catalog.text("en", "played", card="Inverter") == "Played Inverter on {year}."  # missing: left as is
    assert catalog.text("en", "twice", card="X") == "X and X"


class _Touchy:
    """A parameter that fails the test if anything but str() is used on it."""

    def __str__(self) -> str:
        return "touchy"

    def __format__(self, spec: str) -> str:
        raise AssertionError(f"formatted with {spec!r}")

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"attribute {name!r} looked up")

    def __getitem__(self, key: object) -> object:
        raise AssertionError(f"item {key!r} looked up")


@pytest.mark.parametrize("template", ["{0.__class__}", "{card.__class__}", "{card.__init__.__globals__}",
                                      "{card[0]}", "{card!r}", "{card:>10}", "{0}", "{}"])
def test_substitution_never_evaluates_format_fields(template: str) -> None:
    catalog = Catalog(strings={"en": {"k": template}})
    assert catalog.text("en", "k", card=_Touchy()) == template


def test_placeholders() -> None:
    assert placeholders("Played {card} on {year}.") == {"card", "year"}
    found = placeholders("Played {card} on {year}.")
    assert found is not None
    found.add("mine")  # each caller's own set, though a string's names are found once (issue #42)
    assert placeholders("Played {card} on {year}.") == {"card", "year"}
    assert placeholders("No braces") == set()
    assert placeholders("{{literal}}") == set()
    for bad in ("{card", "card}", "{0.__class__}", "{card!r}", "{card:>3}", "{}", "{0}", "{card[0]}"):
        assert placeholders(bad) is None, bad


def _control_character_by_category(text_: str) -> str:
    """control_character as it was written first, a character at a time (the one search must answer alike)."""
    for char in text_:
        if (char not in "\n\t" and unicodedata.category(char) == "Cc") or char in text.BIDI_CONTROLS:
            return f"U+{ord(char):04X}"
    return ""


def test_control_character_answers_as_unicode_categories_do_for_every_code_point() -> None:
    for point in range(sys.maxunicode + 1):
        char = chr(point)
        assert text.control_character(char) == _control_character_by_category(char), hex(point)
        if point < 0x3000:  # and first of two, within a text
            written = f"ok{char}ok\x1b"
            assert text.control_character(written) == _control_character_by_category(written), hex(point)


@pytest.mark.parametrize("written", ["", "plain", "line\nbreak\tand tab", "è \u00a0 \u200b \u200f \ufeff", "a\x00b",
                                     "\x7f", "\x85next line", "\x9f", "ab\u202ecba", "\u2069", "x\u0007\u202ay"])
def test_control_character_names_the_first_one(written: str) -> None:
    assert text.control_character(written) == _control_character_by_category(written)
