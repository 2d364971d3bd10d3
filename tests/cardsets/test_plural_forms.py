"""Plural forms in the catalogs: ``<key>.one`` needs ``<key>.other`` with the same placeholders (issue #16, item 5)."""
from __future__ import annotations

from pathlib import Path

from cardset_edits import edit

from cardsets import text


def _problems(folder: Path) -> list[str]:
    return [str(p) for p in sorted(text.load(folder, "text")[1])]


def test_a_complete_pair_is_accepted(text_folder: Path) -> None:
    for lang, one, other in (("en", "1 card", "{count} cards"), ("it", "1 carta", "{count} carte"),
                             ("es", "1 carta", "{count} cartas"), ("nl", "1 kaart", "{count} kaarten")):
        one = one.replace("1", "{count}")
        edit(text_folder / f"{lang}.yaml", ("strings:\n", f'strings:\n  hand.one: "{one}"\n  hand.other: "{other}"\n'))
    assert _problems(text_folder) == []


def test_a_one_form_without_its_other_is_an_error(text_folder: Path) -> None:
    edit(text_folder / "it.yaml", ("strings:\n", 'strings:\n  hand.one: "{count} carta"\n'))
    assert _problems(text_folder) == ["text/it.yaml:3:13: 'hand.one' is a plural form without its 'hand.other'"]


def test_the_two_forms_must_share_their_placeholders(text_folder: Path) -> None:
    edit(text_folder / "nl.yaml",
         ("strings:\n", 'strings:\n  hand.one: "Een kaart"\n  hand.other: "{count} kaarten"\n'))
    assert _problems(text_folder) == ["text/nl.yaml:4:13: 'hand.one' and 'hand.other' must use the same placeholders"]


def test_the_shipped_catalogs_pair_every_one_form() -> None:
    root = Path(__file__).resolve().parents[2] / "cardsets"
    for folder in sorted(root.glob("*/text")):
        problems = [str(p) for p in text.load(folder, folder.parent.name)[1] if "plural form" in p.message
                    or "same placeholders" in p.message]
        assert problems == [], folder
