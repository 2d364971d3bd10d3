"""Hostile files of the translator's kit (#39): glossaries and guided-game scripts cut, flipped or retyped, and
workbench saves of hostile text. Every loader answers with problems at ``file:line:column`` and never raises,
runs code or changes the file it read; a workbench save either writes a file the readers take back as it was
typed, or is refused whole with the file left as it was."""
from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path

import pytest
import tally
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from hostile import CANARY, SNIPPETS, dump_yaml, mangled, retyped, snapshot

import cardsets
from cardsets import glossary, tutorial
from cardsets import text as catalogs
from cardsets.yamlfile import Problem
from desktop.workbench import edit

SLOW = settings(deadline=timedelta(seconds=20))  # far above any case (milliseconds): only a hang trips it
GLOSSARIES = ("bacchanalia", "banquet", "chrononauts", "parsifal", "ui")
SCRIPTS = sorted(tutorial.NAMES)


def _located(problems: list[Problem], label: str) -> None:
    for p in problems:
        assert p.file.startswith(label) and p.line >= 1 and p.column >= 1 and p.message, p


@pytest.mark.slow
@pytest.mark.parametrize("name", GLOSSARIES)
@settings(SLOW, max_examples=tally.examples(20))
@given(data=st.data())
def test_mangled_glossaries_never_raise(name: str, data: st.DataObject, tmp_path: Path) -> None:
    shipped = (cardsets.ROOT / name / glossary.FILE_NAME).read_text(encoding="utf-8")
    mangle = st.one_of(mangled(shipped.encode(), SNIPPETS),
                       retyped(yaml.safe_load(shipped), dump_yaml).map(lambda t: t.encode()))
    path = tmp_path / glossary.FILE_NAME
    path.write_bytes(data.draw(mangle, label="glossary.yaml"))
    before = snapshot(path)
    _loaded, problems = glossary.load(path, "g/glossary.yaml")
    _located(problems, "g/glossary.yaml")
    assert snapshot(path) == before and not CANARY.exists()
    tally.add("glossaries")


@pytest.mark.slow
@pytest.mark.parametrize("name", SCRIPTS)
@settings(SLOW, max_examples=tally.examples(10))
@given(data=st.data())
def test_mangled_guided_game_scripts_never_raise(name: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory,
                                                 ) -> None:
    root = tmp_path_factory.mktemp("root")
    cardset = tutorial.NAMES[name]
    shutil.copytree(cardsets.ROOT / cardset, root / cardset)
    path = tutorial.path_of(name, root)
    shipped = path.read_text(encoding="utf-8")
    mangle = st.one_of(mangled(shipped.encode(), SNIPPETS),
                       retyped(yaml.safe_load(shipped), dump_yaml).map(lambda t: t.encode()))
    path.write_bytes(data.draw(mangle, label="script"))
    before = snapshot(path)
    problems = tutorial.check(root, [name])
    _located(problems, cardset)
    assert snapshot(path) == before and not CANARY.exists()
    tally.add("guided-game scripts")


HOSTILE_TEXTS = ["", " ", "x" * 3000, "\x00", "\x1b[31mred", "\u202etxet", "a\u2028b", "\udcff", "{card}", "{", "}",
                 "!!python/object/apply:os.system ['true']", "&a *a", "key: value", "- item", "# not a comment",
                 "'quoted'", '"double"', "line\nbreak", "\t", "😀" * 200, "Ünïcödé", "%YAML 1.1", "---", "..."]


@pytest.mark.parametrize("value", HOSTILE_TEXTS, ids=range(len(HOSTILE_TEXTS)))
def test_a_workbench_save_keeps_what_was_typed_or_refuses_it_whole(value: str, tmp_path: Path) -> None:
    root = tmp_path / "sets"
    shutil.copytree(cardsets.ROOT / "banquet" / "text", root / "banquet" / "text")
    texts, _problems = catalogs.load(root / "banquet" / "text", "banquet/text")
    english = texts.strings["en"]
    key = next(k for k in english if not k.startswith("option."))
    file = edit.StringFile(root / "banquet" / "text", "banquet", "it")
    base = edit.read_base(file)
    try:
        edit.save(file, base, key, value, english)
    except (edit.Refused, edit.TooLarge, UnicodeEncodeError):
        assert file.path.read_bytes() == base  # refused whole: the file as it was
        return
    after, problems = catalogs.load(root / "banquet" / "text", "banquet/text")
    _located(problems, "banquet/text")
    assert after.strings["it"].get(key) == value or any(p.line >= 1 for p in problems)
    assert not CANARY.exists()
