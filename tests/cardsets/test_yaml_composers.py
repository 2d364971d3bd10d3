"""libyaml and PyYAML's own parser give the loader the same values at the same places, and the same problems at
the same places.

The loader composes with libyaml where PyYAML has it (most wheels; a first start's eight text files take a
fifteenth of the time the pure-Python parser takes, issue #42) and with PyYAML's own parser where it has not: a card
set reads the same either way."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from cardsets import yamlparse
from cardsets.yamldoc import Document

SHIPPED = Path(__file__).resolve().parents[2] / "cardsets"


class PythonStrictLoader(yaml.SafeLoader):
    """yamlparse.StrictLoader on PyYAML's pure-Python reader, scanner, parser and composer."""


PythonStrictLoader.yaml_implicit_resolvers = yamlparse.StrictLoader.yaml_implicit_resolvers
PythonStrictLoader.yaml_constructors = yamlparse.StrictLoader.yaml_constructors


@contextmanager
def pure_python(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as patched:
        patched.setattr(yamlparse, "StrictLoader", PythonStrictLoader)
        patched.setattr(yamlparse, "_C_LOADER", False)
        yield


def _read(text: str) -> tuple[object, ...]:
    """What the loader makes of `text`: values, their places and the places of its keys, and each problem's place
    and message. What the parser itself says of a syntax error or a character it refuses is said in each parser's
    own words (libyaml's "did not find expected key" is PyYAML's "expected <block end>, but found ..."): of those,
    the place and the kind."""
    doc: Document = yamlparse.parse(text, "f.yaml")
    said = [(p.file, p.line, p.column, _kind(p.message)) for p in doc.problems]
    return doc.data, doc.positions, doc.key_positions, said


def _kind(message: str) -> str:
    if message.startswith("YAML syntax:"):
        return "YAML syntax"
    if message.startswith("character #x"):
        return message.split(":")[0]  # the character; why it is refused, in the parser's words
    return message


DOCUMENTS = {
    "every kind of value": "a: 1\nb: -2.5e3\nc: [x, 'y', \"z\"]\nd: {e: ~, f: true}\ng: |\n  two\n  lines\nh: No\n"
                           "i: 0777\nj: &k {l: .inf}\nm: *k\n'n': !!str 12\n",
    "text after accents": "ü: è\nstrings:\n  città: «Città» — ok\n  next: 1\n",
    "an unquoted colon": "strings:\n  resume.text: Hai una partita: vuoi continuare?\n",
    "an unclosed quote": 'strings:\n  a: "Played {card}\n  b: No\n',
    "an unclosed bracket": "a: 1\nb: [1, 2\nc: 3\n",
    "a tab for indentation": "a:\n\tb: 1\n",
    "an indentation slip": "a:\n  b: 1\n c: 2\n",
    "a duplicate key": "a: {x: 1, y: 2, x: 3}\nb: 1\nb: 2\n",
    "tags": "a: !shout hello\nb: !!set {x}\nc: !!int 1_000\nd: !!python/object/apply:os.system [ls]\n",
    "an alias cycle": "a: &x {b: *x}\n",
    "an unknown alias": "a: *nowhere\n",
    "a control character after accents": "a: ok\nb: èè\x07\n",
    "a number too large": "a: 1.0e+999\nb: " + "9" * 40 + "\n",
    "two documents": "a: 1\n---\nb: 2\n",
    "nesting past the limit": "a: " + "[" * 60 + "]" * 60 + "\n",
    "nothing": "",
    "a comment only": "# nothing here\n",
}


@pytest.mark.parametrize("name", DOCUMENTS)
def test_a_document_reads_the_same_with_either_parser(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text = DOCUMENTS[name]
    with_libyaml = _read(text)
    with pure_python(monkeypatch):
        assert _read(text) == with_libyaml


FIRST_FILES = [*sorted((SHIPPED / "ui" / "text").glob("*.yaml")), SHIPPED / "chrononauts" / "cards.yaml"]


@pytest.mark.parametrize("path", FIRST_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_shipped_file_reads_the_same_with_either_parser(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    with_libyaml = _read(text)
    assert with_libyaml[3] == []  # and so neither has a problem
    with pure_python(monkeypatch):
        assert _read(text) == with_libyaml


def test_libyaml_is_the_one_used_here() -> None:
    """This PyYAML has libyaml (so the tests above compare two parsers, not one with itself)."""
    assert yaml.__with_libyaml__ and yamlparse._C_LOADER and issubclass(yamlparse.StrictLoader, yaml.CSafeLoader)
