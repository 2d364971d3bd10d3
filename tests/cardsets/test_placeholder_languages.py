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


def test_a_placeholder_the_code_does_not_give_is_an_error_of_check(cardset_root: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #39, item 7: every translation agreed on "{name}" while the call that said it gave none, so the player
    read "There is no option called {name}". `convivium check` reads the code's calls (cardsets/text_usage.py):
    renamed in all four languages alike, the placeholder is flagged where the code says the string."""
    from desktop.cli import main

    for lang in ("en", "it", "es", "nl"):
        path = cardset_root / "chrononauts" / "text" / f"{lang}.yaml"
        _number, line = _line(path, "  option.unknown:")
        edit(path, (line, line.replace("{name}", "{option}")))
    assert check(cardset_root, out=io.StringIO()) == 0  # the strings agree with each other: nothing else sees it
    assert main(["check", "--root", str(cardset_root)]) == 1
    said = capsys.readouterr().out.splitlines()
    flagged = "'option.unknown' in it has ['option'], which this call does not give (it gives ['name'])"
    assert any(line.startswith("rules/chrononauts/full.py:") and line.endswith(flagged) for line in said)


def test_the_shipped_texts_give_each_placeholder_the_code_says(capsys: pytest.CaptureFixture[str]) -> None:
    from cardsets import ROOT, text_usage

    assert sum(1 for _ in text_usage.calls(ROOT.parent)) > 500  # the code is read
    assert [str(p) for p in text_usage.check(ROOT)] == []
