"""The card sets Convivium ships: no problem, no missing string, and ready for --stamp."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cardset_edits import REPO_CARDSETS

import cardsets
from cardsets.check import TRANSLATIONS, stamp
from cardsets.parsifal.loader import ParsifalSet


def test_the_shipped_card_sets_have_no_problem_and_no_missing_string() -> None:
    reports = cardsets.validate_all()
    assert [r.name for r in reports] == [*cardsets.GAMES, "ui"]
    problems = [str(p) for r in reports for p in r.problems]
    assert problems == []
    missing = {(r.name, lang): keys for r in reports for lang, keys in r.missing.items() if keys}
    assert missing == {}


def test_validate_all_defaults_to_the_installed_tree() -> None:
    assert cardsets.ROOT == REPO_CARDSETS


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_shipped_translation_can_be_stamped(tmp_path: Path, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    """--stamp can rewrite each shipped file (on a copy) without touching a byte of what is there."""
    root = tmp_path / "cardsets"
    for name in (*cardsets.GAMES, "ui"):
        shutil.copytree(REPO_CARDSETS / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    before = {p: p.read_bytes() for p in root.glob(f"*/text/{lang}.yaml")}  # the catalogs (not a guide's words)
    assert len(before) == len(cardsets.GAMES) + 1
    assert stamp(root, lang, unstamped=True) == 0, capsys.readouterr().err
    stamped = capsys.readouterr().out
    assert all(f"{name}/text/{lang}.yaml: " in stamped for name in (*cardsets.GAMES, "ui")), stamped
    for path, old in before.items():
        new = path.read_bytes()
        # Either the file had no block and keeps every byte, or its block gains lines after its last one.
        assert new.startswith(old if b"\ntranslated_from:" not in old else old.rstrip(b"\n"))


def test_every_reconstructed_card_says_what_is_ours() -> None:
    """A player who owns the printed game reads in the detail view what to check (Banquet and
    Bacchanalia refuse such a card in the loader; here the other shipped sets)."""
    chrononauts = cardsets.load_chrononauts()
    silent = [card.id for card in chrononauts.all_cards()
              if card.provenance.reconstructed and not card.provenance.note.strip()]
    parsifal = cardsets.load_set("parsifal")
    assert isinstance(parsifal, ParsifalSet)
    silent += [card.id for card in parsifal.tarots if card.reconstructed and not card.note.strip()]
    assert silent == []
