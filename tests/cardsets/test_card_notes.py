"""A card's note on its data: written once in English in cards.yaml, translated like any string."""
from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from cardset_edits import REPO_CARDSETS, edit, position_of

import cardsets
from cardsets.check import TRANSLATIONS, stamp
from cardsets.text import fingerprint, note_key

NOTE = "Name and years are ours, chosen so that every traveller can come home."


def copy_shipped(root: Path) -> Path:
    for name in (*cardsets.GAMES, "ui"):
        shutil.copytree(REPO_CARDSETS / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def stale_notes(root: Path) -> dict[str, list[str]]:
    report = next(r for r in cardsets.validate_all(root) if r.name == "chrononauts")
    return {lang: [key for key in report.stale[lang] if key.endswith(".note")] for lang in TRANSLATIONS}


@pytest.mark.parametrize("game", cardsets.GAMES)
def test_every_note_in_cards_yaml_is_an_english_string(game: str) -> None:
    notes = cardsets.load_set(game).notes()
    assert notes, f"{game} has no note: the test below would check nothing"
    english = cardsets.load_texts(game).strings["en"]
    assert {card: english.get(note_key(card)) for card in notes} == notes


@pytest.mark.parametrize("game", cardsets.GAMES)
@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_note_is_translated_from_the_english_as_it_is_now(game: str, lang: str) -> None:
    notes = cardsets.load_set(game).notes()
    catalog = cardsets.load_texts(game)
    translated = {card: catalog.strings[lang].get(note_key(card)) for card in notes}
    assert [card for card, said in translated.items() if not said] == []
    assert [card for card, said in translated.items() if said == notes[card]] == []  # not left in English
    assert {card: catalog.stamps[lang].get(note_key(card)) for card in notes} == \
        {card: fingerprint(note) for card, note in notes.items()}


def test_correcting_a_note_makes_its_translations_stale_until_they_are_stamped(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path / "cardsets")
    assert stale_notes(root) == {lang: [] for lang in TRANSLATIONS}
    cards = root / "chrononauts" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if "id: id_gustav" in ln)
    edit(cards, (line, line.replace(NOTE, "Name printed; years are ours.")))
    assert stale_notes(root) == {lang: ["id_gustav.note"] for lang in TRANSLATIONS}

    # Whoever updates the Italian note says so with --stamp; the other languages stay stale.
    assert stamp(root, "it", io.StringIO(), keys=["id_gustav.note"]) == 0
    assert stale_notes(root) == {"it": [], "es": ["id_gustav.note"], "nl": ["id_gustav.note"]}


def test_a_note_written_in_the_english_language_file_is_a_problem_with_its_place(tmp_path: Path) -> None:
    root = copy_shipped(tmp_path / "cardsets")
    english = root / "chrononauts" / "text" / "en.yaml"
    edit(english, ("strings:\n", 'strings:\n  id_gustav.note: "Years are ours."\n'))
    report = next(r for r in cardsets.validate_all(root) if r.name == "chrononauts")
    line, column = position_of(english.read_text(encoding="utf-8"), "id_gustav.note")
    assert [str(p) for p in report.problems] == [
        f"chrononauts/text/en.yaml:{line}:{column}: 'id_gustav.note' is the note in cards.yaml; write it there, not here"]


def test_a_stamp_refuses_while_cards_yaml_is_broken_and_writes_nothing(tmp_path: Path) -> None:
    """Stamping without the notes would drop their fingerprints, so it waits for a readable set."""
    root = copy_shipped(tmp_path / "cardsets")
    edit(root / "chrononauts" / "cards.yaml", ("set: chrononauts", "set: [chrononauts"))
    before = {p: p.read_bytes() for p in root.rglob("it.yaml")}
    assert stamp(root, "it", io.StringIO(), unstamped=True) == 1
    assert {p: p.read_bytes() for p in root.rglob("it.yaml")} == before
