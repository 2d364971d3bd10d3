"""A placeholder typo is an error of `convivium check` in every language, with its place."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from cardset_edits import edit

from cardsets.check import check


def _line(path: Path, start: str) -> tuple[int, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith(start))
    return number + 1, lines[number]


@pytest.mark.parametrize("lang", ["it", "es", "nl"])
def test_a_placeholder_typo_in_a_translation(cardset_root: Path, lang: str) -> None:
    path = cardset_root / "chrononauts" / "text" / f"{lang}.yaml"
    number, line = _line(path, "  card.ripples:")
    edit(path, (line, line.replace("{years}", "{yeras}")))
    out = io.StringIO()
    assert check(cardset_root, out=out) == 1
    assert (f"chrononauts/text/{lang}.yaml:{number}:17: 'card.ripples' uses placeholders ['yeras'] "
            "but English uses ['years']") in out.getvalue().splitlines()


def test_a_placeholder_changed_in_english_flags_every_translation(cardset_root: Path) -> None:
    path = cardset_root / "chrononauts" / "text" / "en.yaml"
    _number, line = _line(path, "  card.ripples:")
    edit(path, (line, line.replace("{years}", "{list}")))
    out = io.StringIO()
    assert check(cardset_root, out=out) == 1
    flagged = [entry.split(":", 1)[0] for entry in out.getvalue().splitlines() if "'card.ripples' uses placeholders" in entry]
    assert flagged == ["chrononauts/text/es.yaml", "chrononauts/text/it.yaml", "chrononauts/text/nl.yaml"]
