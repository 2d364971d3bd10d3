"""The in-app rules texts (#11): their small Markdown form, and `convivium check`'s problems with them."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardsets import ROOT, rules_text
from cardsets.rules_text import NAMES, check, load, parse, plain
from cardsets.text import LANGUAGES

GOOD = """# Parsifal, a game of tarots
## In short {#summary}
Win the Grail with [[c_parsifal]].

![[c_parsifal]]
## The turn {#the-turn}
1. Draw.
2. **Act** with *one* character.
### A detail
- a list item, not a glossary entry
## Glossary {#glossary}
- **Limbo**: where blocked artifacts wait.
- **Grail**: the cup.
"""


def write(root: Path, name: str, lang: str, text: str) -> Path:
    path = rules_text.path_of(name, lang, root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "parsifal").mkdir()
    (tmp_path / "parsifal" / "cards.yaml").write_text("cards:\n  - {id: c_parsifal}\n  - {id: c_kundry}\n", encoding="utf-8")
    return tmp_path


def test_a_rules_text_is_read_into_its_sections_and_glossary() -> None:
    rules, problems = parse(GOOD, "parsifal", "en", "parsifal/rules/parsifal.en.md")
    assert problems == [] and rules is not None
    assert rules.title == "Parsifal, a game of tarots"
    assert [s.id for s in rules.sections] == ["summary", "the-turn", "glossary"]
    assert rules.glossary() == [("Limbo", "where blocked artifacts wait."), ("Grail", "the cup.")]
    assert [s.id for s in rules.search("one CHARACTER")] == ["the-turn"]
    assert [s.id for s in rules.search("grail")] == ["summary", "glossary"]


def test_the_terminal_text_names_the_cards_and_drops_the_marks() -> None:
    rules, _ = parse(GOOD, "parsifal", "en", "x")
    assert rules is not None
    text = plain(rules, {"c_parsifal": "Parsifal"}.__getitem__)
    assert "Win the Grail with Parsifal." in text and "[Parsifal]" in text
    assert "{#" not in text and "**" not in text and "2. Act with one character." in text


@pytest.mark.parametrize("text, line, message", [
    ("Parsifal\n## In short {#summary}\n", 1, "the first line must be the title"),
    ("# P\n## In short\n", 2, "needs an id"),
    ("# P\nstray\n## In short {#summary}\n## G {#glossary}\n", 2, "before the first section"),
    ("# P\n## T {#the-turn}\n## G {#glossary}\n", 2, "first section must be {#summary}"),
    ("# P\n## S {#summary}\n## T {#the-turn}\n", 3, "last section must be {#glossary}"),
    ("# P\n## S {#summary}\n## S2 {#summary}\n## G {#glossary}\n", 3, "used twice"),
    ("# P\n## S {#summary}\nSee <img src=/dev/zero>\n## G {#glossary}\n", 3, "only plain text"),
    ("# P\n## S {#summary}\nSee [the site](http://x)\n## G {#glossary}\n", 3, "only plain text"),
    ("# P\n## S {#summary}\n## G {#glossary}\n- Limbo: where\n", 4, "glossary entry is written"),
])
def test_a_malformed_text_is_named_at_its_line(text: str, line: int, message: str) -> None:
    _rules, problems = parse(text, "parsifal", "it", "parsifal/rules/parsifal.it.md")
    assert any(p.line == line and message in p.message for p in problems), problems
    assert all(str(p).startswith("parsifal/rules/parsifal.it.md:") for p in problems)


def test_check_names_unknown_cards_and_sections_that_differ_from_english(root: Path) -> None:
    write(root, "parsifal", "en", GOOD)
    write(root, "parsifal", "it", GOOD.replace("[[c_parsifal]].", "[[c_parsfal]]."))
    write(root, "parsifal", "es", GOOD.replace("{#the-turn}", "{#el-turno}"))
    problems = [str(p) for p in check(root, ["parsifal"])]
    assert "parsifal/rules/parsifal.it.md:3:20: no card 'c_parsfal' in parsifal/cards.yaml" in problems
    assert any(p.startswith("parsifal/rules/parsifal.es.md:6:1: sections differ from English") for p in problems)
    assert "parsifal/rules/parsifal.nl.md:1:1: file not found" in problems


def test_a_rules_file_that_is_not_a_regular_file_is_a_problem_not_a_hang(root: Path) -> None:
    path = rules_text.path_of("parsifal", "en", root)
    path.parent.mkdir(parents=True)
    path.symlink_to("/dev/zero")
    rules, problems = load("parsifal", "en", root)
    assert rules is None and "not a regular file" in problems[0].message


@pytest.mark.parametrize("name", sorted(NAMES))
def test_every_shipped_rules_text_is_well_formed_in_every_language(name: str) -> None:
    """#11: every game and mode has its rules, summary and glossary in it/es/en/nl."""
    problems = check(ROOT, [name])
    assert problems == [], "\n".join(map(str, problems))
    for lang in LANGUAGES:
        rules, _ = load(name, lang, ROOT)
        assert rules is not None and len(rules.sections) >= 4 and len(rules.glossary()) >= 5
        summary = rules.section("summary")
        assert summary is not None and 60 <= len(" ".join(summary.lines).split()) <= 320


def test_convivium_rules_prints_the_text_in_the_language_asked(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(root, "parsifal", "it", GOOD.replace("# Parsifal, a game of tarots", "# Parsifal, un gioco di tarocchi"))
    assert rules_text.main(["parsifal", "--lang", "it"], root) == 0
    out = capsys.readouterr().out
    assert out.startswith("Parsifal, un gioco di tarocchi\n") and "Win the Grail with c_parsifal." in out
    assert rules_text.main(["parsifal", "--lang", "it", "--glossary"], root) == 0
    assert capsys.readouterr().out.splitlines()[3:5] == ["Glossary", "--------"]


def test_a_broken_translation_is_named_and_the_english_shown(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(root, "parsifal", "en", GOOD)
    write(root, "parsifal", "nl", "Parsifal zonder titel\n")
    assert rules_text.main(["parsifal", "--lang", "nl"], root) == 0
    captured = capsys.readouterr()
    assert "parsifal/rules/parsifal.nl.md:1:1: the first line must be the title" in captured.err
    assert captured.out.startswith("Parsifal, a game of tarots\n")


@pytest.mark.parametrize("argv", [[], ["chess"], ["parsifal", "--lang", "fr"], ["parsifal", "--lang"]])
def test_convivium_rules_says_how_to_use_it(argv: list[str], root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert rules_text.main(argv, root) == 2
    assert "usage: convivium rules GAME" in capsys.readouterr().err


def test_convivium_check_reports_the_rules_texts_problems(tmp_path: Path) -> None:
    """`convivium check` reads the rules texts with the rest of a card set: a broken reference is an error."""
    import shutil

    from cardsets import validate_all

    shutil.copytree(ROOT / "parsifal", tmp_path / "parsifal")
    path = rules_text.path_of("parsifal", "it", tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace("[[arco]]", "[[arcco]]", 1), encoding="utf-8")
    (report,) = [r for r in validate_all(tmp_path) if r.name == "parsifal"]
    assert [p.message for p in report.problems] == ["no card 'arcco' in parsifal/cards.yaml"]
    assert report.problems[0].file == "parsifal/rules/parsifal.it.md"


QUOTES = {"en": "“”", "it": "«»", "es": "«»", "nl": "“”"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_shipped_texts_quote_with_the_languages_own_marks(lang: str) -> None:
    """A quotation in a rules page or a card's text is set as a publisher would (“Miracle”, «milagro»), not with the
    typewriter's straight marks; the YAML files' own syntax is not player text, so their values are what is read."""
    import yaml

    straight = re.compile(r'"[^"\n`]+"')
    found = []
    for page in sorted(ROOT.glob(f"*/rules/*.{lang}.md")):
        lines = page.read_text(encoding="utf-8").splitlines()
        found += [f"{page.name}:{n}" for n, line in enumerate(lines, 1) if straight.search(re.sub(r"`[^`]*`", "", line))]
    for catalog in sorted(ROOT.glob(f"*/text/{lang}.yaml")) + sorted(ROOT.glob(f"*/tutorial/text/{lang}.yaml")):
        strings = yaml.safe_load(catalog.read_text(encoding="utf-8")).get("strings", {})
        found += [f"{catalog.parent.parent.name}/{key}" for key, text in strings.items()
                  if isinstance(text, str) and straight.search(text)]
    assert found == [], f"straight quotes where {QUOTES[lang]} belong"
