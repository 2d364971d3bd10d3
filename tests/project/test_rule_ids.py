"""Rule numbers lead somewhere (#14): every rule ID cited in the code or the tests is defined in
`docs/rules/<game>.md`, and every rule defined there is cited by at least one test.

A rule is defined where its ID opens a heading (`## CHR-9 Card types`), a list item
(`- **CHR-9.1** …`) or the first cell of a table row (`| D-3 | …`). A heading counts as cited
when any rule under it is (`CHR-9` by a test of `CHR-9.1`). Scenario, decision and other local
labels (`T-12`, `D-5`, `A-14`, `B-3`) exist in every game, so a file that cites one must be about
a game whose document defines it: the game whose prefixed IDs the file cites, or any game if it
cites none. A range is cited rule by rule: `BAC-3.2-3.5` counts as BAC-3.2 only, so a test
that checks BAC-3.2 to BAC-3.5 names each of them.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"
GAMES = {"CHR": "chrononauts", "BAC": "bacchanalia", "BB": "banquet", "PAR": "parsifal"}
LOCAL = ("T", "D", "A", "B")

_ID = r"(?:CHR|BAC|BB|PAR|T|D|A|B)-\d+(?:\.\d+)*[a-z]?"
CITED = re.compile(rf"(?<![\w-])({_ID})(?![\w.]*\w)")
DEFINED = re.compile(rf"^(?:#+ +|[-*] +\*\*|\| *\**)({_ID})\b", re.M)


def prefix(rule: str) -> str:
    return rule.split("-", 1)[0]


def defined(game: str) -> list[str]:
    path = DOCS / f"{game}.md"
    return DEFINED.findall(path.read_text(encoding="utf-8")) if path.exists() else []


def sources(*folders: str) -> Iterator[Path]:
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".yaml") and path.is_file() and path != Path(__file__).resolve():  # its examples are not citations
                yield path


def citations(path: Path) -> set[str]:
    return set(CITED.findall(path.read_text(encoding="utf-8")))


def covers(cited: str, rule: str) -> bool:
    """A citation of CHR-9.1 or CHR-9.1a covers the heading CHR-9 and the rule CHR-9.1."""
    return cited == rule or cited.startswith(rule + ".") or (cited[:-1] == rule and cited[-1].isalpha())


@pytest.mark.parametrize("game", sorted(GAMES.values()))
def test_each_rules_document_defines_each_id_once(game: str) -> None:
    ids = defined(game)
    assert ids, f"docs/rules/{game}.md defines no rule"
    twice = sorted({rule for rule in ids if ids.count(rule) > 1})
    assert not twice, f"docs/rules/{game}.md defines these more than once: {twice}"


def test_every_rule_cited_in_code_or_tests_is_defined() -> None:
    by_game = {game: set(defined(game)) for game in GAMES.values()}
    undefined: list[str] = []
    for path in sources("rules", "cardsets", "desktop", "tests"):
        cited = citations(path)
        games = {GAMES[prefix(rule)] for rule in cited if prefix(rule) in GAMES} or set(GAMES.values())
        for rule in sorted(cited):
            where = {GAMES[prefix(rule)]} if prefix(rule) in GAMES else games
            if not any(rule in by_game[game] for game in where):
                undefined.append(f"{path.relative_to(ROOT)}: {rule}")
    assert not undefined, "cited but defined in no docs/rules document:\n" + "\n".join(undefined)


@pytest.mark.parametrize("game", sorted(GAMES.values()))
def test_every_defined_rule_is_cited_by_a_test(game: str) -> None:
    own = [code for code, name in GAMES.items() if name == game][0]
    cited: set[str] = set()
    for path in sources("tests"):
        found = citations(path)
        if prefix_games(found) in ({game}, set()) or own in {prefix(rule) for rule in found}:
            cited |= found
    missing = [rule for rule in defined(game)
               if not any(covers(c, rule) for c in cited if prefix(c) == prefix(rule))]
    assert not missing, f"docs/rules/{game}.md defines rules no test cites: {missing}"


def prefix_games(cited: set[str]) -> set[str]:
    return {GAMES[prefix(rule)] for rule in cited if prefix(rule) in GAMES}
