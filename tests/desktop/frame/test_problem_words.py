"""Every problem the card-set readers can give has words in every language (desktop/frame/problem_words.py): a
code added without them fails here, before a player reads a key or the generic phrase in its place."""
from __future__ import annotations

import ast
import errno
import re
from pathlib import Path

import pytest

import cardsets
from cardsets.text import LANGUAGES
from cardsets.yamldoc import CardSetError, Problem
from cardsets.text import load_with
from cardsets.yamlfile import read
from desktop.frame.i18n import Translator
from desktop.frame.problem_words import GENERIC, UNREADABLE, WORDS, error_words, problem_words

ROOT = Path(__file__).resolve().parents[3]
# Where a code is given: Problem(file, line, column, message, code), doc.problem(path, message, code),
# doc.key_problem(path, message, code), the YAML builder's report(node, message, code), or code=...
_CODE_ARGUMENT = {"Problem": 4, "problem": 2, "key_problem": 2, "report": 2}
_CODE_SHAPE = re.compile(r"(?:yaml|file|text|data)\.[a-z0-9_]+\Z")


def codes_in_source() -> set[str]:
    """The codes written in the readers' source (cardsets/, and rules/ for the guided games' replays)."""
    found: set[str] = set()
    for path in [*(ROOT / "cardsets").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and _CODE_SHAPE.match(node.value) \
                    and not node.value.endswith(".py"):
                found.add(node.value)
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            given = [k.value for k in node.keywords if k.arg == "code"]
            at = _CODE_ARGUMENT.get(name)
            if at is not None and len(node.args) > at:
                given.append(node.args[at])
            found |= {g.value for g in given if isinstance(g, ast.Constant) and isinstance(g.value, str) and g.value}
    return found


def parameter_names_in_source() -> set[str]:
    """The names of the parameters the readers give with a code: doc.problem(..., name=...) and the like, and
    Problem(..., code, (("name", ...), ...))."""
    found: set[str] = set()
    for path in [*(ROOT / "cardsets").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in ("problem", "key_problem", "report"):
                found |= {k.arg for k in node.keywords if k.arg is not None and k.arg != "code"}
            if name == "Problem" and len(node.args) > 5 and isinstance(node.args[5], ast.Tuple):
                found |= {pair.elts[0].value for pair in node.args[5].elts
                          if isinstance(pair, ast.Tuple) and isinstance(pair.elts[0], ast.Constant)}
    return found


def test_no_parameter_takes_the_name_of_the_lookups_own() -> None:
    """Translator.text(key, ...) and Catalog.text(lang, key, ...): a parameter so named would stop the words."""
    names = parameter_names_in_source()
    assert {"name", "got", "want", "char", "said", "named"} <= names
    assert not names & {"key", "lang", "self"}


def test_the_source_gives_codes_and_each_has_its_words() -> None:
    codes = codes_in_source()
    assert {"yaml.syntax", "text.placeholders", "data.missing_key", "file.not_utf8", UNREADABLE} <= codes
    assert codes - set(WORDS) - {UNREADABLE} == set()
    # A refused file's reason makes its code (yamlfile.unreadable): each reason there is has words too.
    assert {f"file.{reason}" for reason in ("not_a_file", "too_large", "exists")} <= set(WORDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_code_is_said_in_each_language_by_its_own_string(lang: str) -> None:
    strings = cardsets.load_ui_texts().strings[lang]
    for key in {*WORDS.values(), GENERIC, "problem.at", "problem.place", "problem.in_file"}:
        assert key in strings, (lang, key)  # its own words, not English's by fallback


def test_a_problem_is_said_with_its_place_and_never_in_the_checkers_english(tmp_path: Path) -> None:
    bad = tmp_path / "nl.yaml"
    bad.write_text("language: nl\nstrings:\n  a: b: c\n", encoding="utf-8")
    (problem,) = read(bad, "vertaling/nl.yaml").problems
    assert problem.message.startswith("YAML syntax")  # the checker's words stay as they were
    said = problem_words(Translator("nl"), problem)
    assert said.startswith("vertaling/nl.yaml, regel 3, kolom 7: de opbouw van de tekst klopt niet")
    assert "YAML syntax" not in said and "mapping" not in said


def test_a_file_that_could_not_be_read_says_why_in_the_players_words() -> None:
    denied = Problem("ui/it.yaml", 1, 1, "cannot read: Permission denied", UNREADABLE, (("errno", errno.EACCES),))
    tr = Translator("it")
    assert problem_words(tr, denied) == f"ui/it.yaml: {tr.text('file_error.no_permission')}"
    refused = read(Path("/dev/null"), "ui/it.yaml").problems[0]  # a device, not a file
    assert refused.code == "file.not_a_file"
    assert problem_words(tr, refused) == f"ui/it.yaml: {tr.text('file_error.not_a_file')}"
    assert read(Path("/nowhere/it.yaml")).problems[0].code == "file.not_found"


def test_a_problem_without_a_code_is_said_generically_not_in_english() -> None:
    odd = Problem("rules/it.md", 4, 1, "text before the first section")
    tr = Translator("es")
    said = error_words(tr, CardSetError([odd]))
    assert said == f"rules/it.md, línea 4, columna 1: {tr.text(GENERIC)}"
    assert "section" not in said
    assert error_words(tr, CardSetError([])) == tr.text(GENERIC)


def mangled(edits: dict[str, str], extra: str = "", language: str = "nl") -> bytes:
    """The installed Dutch app texts with some strings' lines written anew (key -> its new lines)."""
    lines = (cardsets.ROOT / "ui" / "text" / "nl.yaml").read_text(encoding="utf-8").splitlines()
    for key, new in edits.items():
        at = next(i for i, line in enumerate(lines) if line.startswith(f"  {key}:"))
        lines[at] = new
    return ("\n".join(lines) + "\n" + extra).replace("language: nl", f"language: {language}").encode()


MANGLED = {  # a file per family of mistakes: a YAML or layout mistake stops the reader before the strings
    "strings": (mangled({"menu.game": "  menu.game: 12", "menu.new": '  menu.new: "{0.__class__}"',
                         "menu.restart": '  menu.restart: "Opnieuw\\u0007"',
                         "status.saved": '  status.saved: "Bewaard als {bestand}"',
                         "menu.hint": "  menu.hint: \"{count} tips\""}, language="de"),
                {"text.language", "text.not_text", "text.malformed_placeholder", "text.control_character",
                 "text.placeholders", "text.plural_forms"}),
    "layout": (mangled({}, "extra: 1\n"), {"data.unknown_key"}),
    "yaml": (mangled({"menu.hint": "  menu.hint: Tip\n  menu.hint: Wenk"}), {"yaml.duplicate_key"}),
}


@pytest.mark.parametrize("kind", MANGLED)
def test_the_problems_of_a_mangled_translation_are_each_said_with_their_own_words(kind: str) -> None:
    """Files with the mistakes a translator can make, read as the app reads a player's translation: every
    problem has a code, and each is said in every language with its parameters filled in."""
    data, codes = MANGLED[kind]
    _catalog, problems = load_with(cardsets.ROOT / "ui" / "text", "ui/text", "nl", data, all_forms=False)
    assert {p.code for p in problems} == codes
    for lang in LANGUAGES:
        tr = Translator(lang)
        for problem in problems:
            said = problem_words(tr, problem)
            assert tr.text(GENERIC) not in said and problem.message not in said
            assert not re.search(r"\{(name|said|named|char|got|want)\}", said), said
