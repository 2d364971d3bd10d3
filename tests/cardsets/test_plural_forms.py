"""Plural forms in the catalogs: a counted string has every CLDR plural category of its language and no other,
and a string with a count placeholder is a counted one (issue #38)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cardset_edits import edit

from cardsets import plurals, text
from cardsets.check import main as check_main

SHIPPED = Path(__file__).resolve().parents[2] / "cardsets"
FORMS = {"en": {"one": "{count} card", "other": "{count} cards"},
         "it": {"one": "{count} carta", "many": "{count} di carte", "other": "{count} carte"},
         "es": {"one": "{count} carta", "many": "{count} de cartas", "other": "{count} cartas"},
         "nl": {"one": "{count} kaart", "other": "{count} kaarten"}}


def _problems(folder: Path, all_forms: bool = True) -> list[str]:
    return [str(p) for p in sorted(text.load(folder, "text", all_forms=all_forms)[1])]


def _with_forms(folder: Path, **skip: str) -> None:
    """Give the fixture a counted string ``hand`` in every language, less the form ``skip[lang]``."""
    for lang, forms in FORMS.items():
        lines = "".join(f'  hand.{c}: "{v}"\n' for c, v in forms.items() if skip.get(lang) != c)
        edit(folder / f"{lang}.yaml", ("strings:\n", "strings:\n" + lines))


def test_cldr_gives_italian_and_spanish_a_many_form_and_english_and_dutch_none() -> None:
    assert plurals.categories("it") == plurals.categories("es") == ("one", "many", "other")
    assert plurals.categories("en") == plurals.categories("nl") == ("one", "other")
    assert [plurals.category("it", n) for n in (1, 2, 0, 1_000_000, 2_000_000, 1_000_001)] == \
        ["one", "other", "other", "many", "many", "other"]
    assert plurals.example("it", "many") == 1_000_000 and plurals.example("nl", "other") == 2


def test_every_form_of_each_language_is_accepted(text_folder: Path) -> None:
    _with_forms(text_folder)
    assert _problems(text_folder) == []


def test_a_form_the_language_needs_is_an_error_where_the_string_is(text_folder: Path) -> None:
    _with_forms(text_folder, it="many")
    assert _problems(text_folder) == ["text/it.yaml:3:13: 'hand' counts something but has no 'hand.many': "
                                      "it needs the plural forms one, many, other (CLDR)"]


def test_a_form_of_a_category_the_language_does_not_have_is_an_error(text_folder: Path) -> None:
    _with_forms(text_folder)
    edit(text_folder / "nl.yaml", ("strings:\n", 'strings:\n  hand.few: "{count} kaartjes"\n'))
    assert _problems(text_folder) == ["text/nl.yaml:4:13: 'hand.few': nl has no plural category 'few'; "
                                      "its forms are one, other (CLDR)"]


def test_a_count_placeholder_without_plural_forms_is_an_error(text_folder: Path) -> None:
    for lang in FORMS:
        edit(text_folder / f"{lang}.yaml", ("strings:\n", 'strings:\n  left: "{turns} left"\n'))
    found = _problems(text_folder)
    assert "text/en.yaml:4:9: 'left' holds the count {turns} but has no plural forms: write it as 'left.one', " \
           "'left.other'" in found
    assert "text/it.yaml:3:9: 'left' holds the count {turns} but has no plural forms: write it as 'left.one', " \
           "'left.many', 'left.other'" in found


def test_the_forms_must_share_their_placeholders(text_folder: Path) -> None:
    _with_forms(text_folder)
    edit(text_folder / "nl.yaml", ('hand.one: "{count} kaart"', 'hand.one: "Een kaart"'))
    assert _problems(text_folder) == ["text/nl.yaml:4:13: 'hand.one' uses placeholders [] but English uses ['count']",
                                      "text/nl.yaml:4:13: the plural forms of 'hand' must use the same placeholders"]


def test_an_older_translation_without_a_new_form_is_missing_and_shows_its_other_form(text_folder: Path) -> None:
    """A player's own Italian file made before "many" existed is read (the form is only missing); at a million
    the table says its "other" form."""
    _with_forms(text_folder, it="many")
    assert _problems(text_folder, all_forms=False) == []
    catalog = text.load(text_folder, "text", all_forms=False)[0]
    assert catalog.missing("it") == ["hand.many"] and catalog.missing("nl") == []
    assert catalog.counted("it", "hand", 1_000_000, {"count": 1_000_000}) == "1000000 carte"
    assert catalog.counted("es", "hand", 1_000_000, {"count": 1_000_000}) == "1000000 de cartas"


def test_a_form_english_lacks_is_stale_against_english_other(text_folder: Path) -> None:
    _with_forms(text_folder)
    edit(text_folder / "it.yaml", ("strings:\n", 'translated_from:\n  hand.many: "{}"\nstrings:\n'
                                   .replace("{}", text.fingerprint("{count} cards"))))
    catalog = text.load(text_folder, "text")[0]
    assert catalog.source("it", "hand.many") == "hand.other" and not catalog.is_stale("it", "hand.many")
    edit(text_folder / "en.yaml", ('"{count} cards"', '"{count} playing cards"'))
    assert text.load(text_folder, "text")[0].stale("it") == ["hand.many"]


@pytest.mark.parametrize("folder", sorted(SHIPPED.glob("*/text")), ids=lambda f: f.parent.name)
def test_every_shipped_count_string_has_every_form_of_its_language(folder: Path) -> None:
    catalog, problems = text.load(folder, folder.parent.name)
    assert problems == []
    english = catalog.strings["en"]
    counted = sorted({k.rsplit(".", 1)[0] for k in english if k.endswith(".one")})
    assert len(counted) > 5
    for lang, strings in catalog.strings.items():
        for base in counted:
            assert sorted(c for c in plurals.CATEGORIES if f"{base}.{c}" in strings) == \
                sorted(plurals.categories(lang)), (lang, base)
        bare = [k for k, v in strings.items() if plurals.counted(text.placeholders(v) or set())
                and (plurals.split(k) or ("",))[0] not in counted]
        assert bare == [], lang


def test_check_reports_a_count_string_that_lost_a_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A copy of the shipped Parsifal Italian file without its "many" form of turns_left: check names the line."""
    root = tmp_path / "cardsets"
    shutil.copytree(SHIPPED, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    path = root / "parsifal" / "text" / "it.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("  label.turns_left.many:"))
    path.write_text("".join(lines[:at] + lines[at + 1:]), encoding="utf-8")
    assert check_main(["--root", str(root), "--strict"]) == 1
    out = capsys.readouterr().out
    assert (f"parsifal/text/it.yaml:{at}:25: 'label.turns_left' counts something but has no "
            "'label.turns_left.many': it needs the plural forms one, many, other (CLDR)") in out
