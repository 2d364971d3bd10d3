"""Hostile files (issue 9.2): card sets and saves that are cut, flipped, retyped, deeply nested,
badly encoded, enormous or not files at all.

Every loader answers with its own error (CardSetError / problems naming file:line:column for a
card set, SaveError with a reason for a save) or a valid result: never another exception, never
a hang (inputs are bounded in size, and each example has a generous hypothesis deadline), never
code run (a canary file that the YAML code tags would create), and never a change to the file
it read (bytes and mtime). The mutations start from the shipped card sets and text catalogs and
from real saves made by playing a few moves of every game and mode.
"""
from __future__ import annotations

import importlib
import io
import json
import os
import random
import shutil
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardsets
import tally
import yaml
from cardsets import check as check_cli
from cardsets import text as catalogs
from cardsets.yamlfile import CardSetError, Problem, parse, read
from desktop.frame.seat_table import SeatGame, saved_game
from desktop.shell.tables import load_game, table_class, table_for
from games import CASES
from hostile import (CANARY, JSON_SNIPPETS, SNIPPETS, dump_json, dump_yaml, mangled, nasty_texts, retyped,
                     snapshot)
from rules import Match, saves
from rules.saves import SaveError

GAMES = ("bacchanalia", "banquet", "chrononauts", "parsifal")
LABEL = "hostile/cards.yaml"
SHIPPED = {g: (cardsets.ROOT / g / "cards.yaml").read_text(encoding="utf-8") for g in GAMES}
TEXT_EN = {g: (cardsets.ROOT / g / "text" / "en.yaml").read_text(encoding="utf-8") for g in (*GAMES, "ui")}
SLOW = settings(deadline=timedelta(seconds=20))  # far above any case (milliseconds): only a hang trips it


def _problems_ok(problems: list[Problem], label: str) -> None:
    assert problems, "refused without saying why"
    for p in problems:
        assert p.file == label and p.line >= 1 and p.column >= 1 and p.message, p
        assert str(p).startswith(f"{label}:{p.line}:{p.column}: ")


def load_cardset(game: str, path: Path) -> str:
    """Load a card set the way the app does; returns 'ok' or 'refused' (any other exception fails)."""
    loader = importlib.import_module(f"cardsets.{game}.loader")
    before = snapshot(path)
    try:
        loader.load(path, LABEL)
        outcome = "ok"
    except CardSetError as exc:
        _problems_ok(exc.problems, LABEL)
        outcome = "refused"
    doc = read(path, LABEL)  # the reader alone never raises either
    if doc.problems:
        _problems_ok(doc.problems, LABEL)
    assert snapshot(path) == before, "the loader changed the file"
    assert not CANARY.exists(), "a YAML tag ran code"
    tally.add(f"card-set files {outcome}")
    return outcome


def load_save(path: Path) -> str:
    """Open a save through every loader that reads one; 'ok' or 'refused'."""
    before = snapshot(path)
    outcomes = set()
    for opener in (saves.load, SeatGame.load, _game_class_load):
        try:
            opener(path)
            outcomes.add("ok")
        except SaveError as exc:
            assert exc.code.startswith("save."), exc
            outcomes.add("refused")
    held = saved_game(path)
    assert held is None or all(isinstance(x, str) for x in held)
    assert snapshot(path) == before, "a loader changed the save"
    outcome = "refused" if "refused" in outcomes else "ok"
    tally.add(f"save files {outcome}")
    return outcome


def _game_class_load(path: Path) -> Any:
    """What File > Open does with a save of any game, Solonauts too: its own table's class loads it."""
    return load_game(path)[1]


# --- real saves to start from -------------------------------------------------------------------


def _real_saves() -> dict[str, str]:
    """A save of every engine and mode after a few seeded random moves, with seat names and, for
    Bacchanalia, the story journal (so the tables' own save data is fuzzed too)."""
    found = {}
    for n, case in enumerate(CASES):
        eng = case.engine
        players = case.players[-1]
        match: Match[Any] = Match(eng, {"players": players}, 1000 + n)
        rnd = random.Random(n)
        for _ in range(12):
            if eng.is_over(match.state):
                break
            player = rnd.choice(sorted(eng.to_act(match.state)))
            match.play(case.finish(rnd, match.legal_moves(player)))
        data = {**saves.to_dict(match), "players": [f"P{i}" for i in range(eng.players(match.state))]}
        if case.game == "bacchanalia":
            data["journal"] = {"notes": {"1": "A storm.", "2": "Bacchus laughs."}, "elapsed": 61.5}
        found[case.name] = dump_json(data) + "\n"
    return found


SAVES = _real_saves()


def test_real_saves_load() -> None:
    """The seeds of the save fuzzer are good saves: every loader opens them."""
    for name, text in SAVES.items():
        assert saves.loads(text).moves, name


# --- card sets ------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@settings(SLOW, max_examples=tally.examples(60))
@given(data=st.data())
def test_mangled_card_sets_are_refused_clearly(game: str, data: st.DataObject, tmp_path: Path) -> None:
    """A shipped cards.yaml cut, flipped or with junk (code tags included) inserted anywhere."""
    path = tmp_path / "cards.yaml"
    path.write_bytes(data.draw(mangled(SHIPPED[game].encode(), SNIPPETS), label="file"))
    load_cardset(game, path)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
@settings(SLOW, max_examples=tally.examples(60))
@given(data=st.data())
def test_retyped_card_sets_are_refused_clearly(game: str, data: st.DataObject, tmp_path: Path) -> None:
    """A shipped cards.yaml with one value, anywhere, of the wrong type or out of range."""
    path = tmp_path / "cards.yaml"
    path.write_text(data.draw(retyped(yaml.safe_load(SHIPPED[game]), dump_yaml), label="file"), encoding="utf-8")
    load_cardset(game, path)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_field_of_a_card_set_retyped(game: str, tmp_path: Path) -> None:
    """Each field of the first card of every list (and each top-level field), given a wrong value of
    each kind: nothing, text, a negative or huge number, a list, a mapping."""
    from hostile import paths_in, replaced

    data = yaml.safe_load(SHIPPED[game])
    paths = [p for p in paths_in(data) if all(i == 0 for i in p if isinstance(i, int))]
    path = tmp_path / "cards.yaml"
    refused = 0
    for where in paths:
        for value in (None, "text", -1, 10**300, [], {"a": 1}):
            path.write_text(dump_yaml(replaced(data, where, value)), encoding="utf-8")
            refused += load_cardset(game, path) == "refused"
    assert refused, "no wrong value was ever refused"


@pytest.mark.slow
@pytest.mark.parametrize("game", (*GAMES, "ui"))
@settings(SLOW, max_examples=tally.examples(25))
@given(data=st.data())
def test_mangled_text_catalogs_never_raise(game: str, data: st.DataObject, tmp_path: Path) -> None:
    """A language file cut, flipped or retyped: the catalog loader lists problems, never raises."""
    folder = tmp_path / "text"
    folder.mkdir(exist_ok=True)
    shipped = TEXT_EN[game]
    mangle = st.one_of(mangled(shipped.encode(), SNIPPETS),
                       retyped(yaml.safe_load(shipped), dump_yaml).map(lambda t: t.encode()))
    (folder / "en.yaml").write_bytes(data.draw(mangle, label="en.yaml"))
    before = snapshot(folder / "en.yaml")
    _catalog, problems = catalogs.load(folder, "t")
    for p in problems:
        assert p.line >= 1 and p.column >= 1 and p.file.startswith("t/")
    assert snapshot(folder / "en.yaml") == before and not CANARY.exists()
    tally.add("text catalogs")


NASTY_YAML = nasty_texts(SHIPPED["chrononauts"], "yaml")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", sorted(NASTY_YAML))
def test_nasty_card_set_file(game: str, name: str, tmp_path: Path) -> None:
    """The hand-written cases (encodings, nesting, aliases, code tags, huge numbers, truncation)."""
    path = tmp_path / "cards.yaml"
    path.write_bytes(nasty_texts(SHIPPED[game], "yaml")[name])
    load_cardset(game, path)
    parse(path.read_bytes().decode("utf-8", "replace"), LABEL)  # the parser alone, on any text


@pytest.mark.slow
def test_fifty_megabytes_of_card_set(tmp_path: Path) -> None:
    """A 50 MB file is refused by its size, before it is parsed."""
    path = tmp_path / "cards.yaml"
    path.write_bytes(b"x: [" + b"1, " * (50 * 1024 * 1024 // 3) + b"1]\n")
    assert load_cardset("chrononauts", path) == "refused"
    assert "large" in str(read(path, LABEL).problems[0])


def _not_a_file(kind: str, tmp_path: Path) -> Path:
    path = tmp_path / "cards.yaml"
    if kind == "directory":
        path.mkdir()
    elif kind == "symlink loop":
        path.symlink_to(tmp_path / "other.yaml")
        (tmp_path / "other.yaml").symlink_to(path)
    elif kind == "dangling symlink":
        path.symlink_to(tmp_path / "nowhere.yaml")
    elif kind == "unreadable":
        path.write_text(SHIPPED["chrononauts"], encoding="utf-8")
        path.chmod(0)
        if os.access(path, os.R_OK):
            pytest.skip("running as root: a chmod 000 file is still readable")
    return path


KINDS = ("directory", "symlink loop", "dangling symlink", "unreadable", "missing")


@pytest.mark.parametrize("kind", KINDS)
def test_card_set_that_is_not_a_readable_file(kind: str, tmp_path: Path) -> None:
    path = _not_a_file(kind, tmp_path)
    assert load_cardset("chrononauts", path) == "refused"


@pytest.mark.parametrize("kind", KINDS)
def test_save_that_is_not_a_readable_file(kind: str, tmp_path: Path) -> None:
    path = _not_a_file(kind, tmp_path)
    assert load_save(path) == "refused"


@pytest.mark.parametrize("name", ("deep brackets", "code tag 0", "billion laughs", "UTF-16 with BOM", "NUL bytes",
                                  "huge counts", "half the file"))
def test_convivium_check_reports_a_hostile_card_set(name: str, tmp_path: Path) -> None:
    """`convivium check` on a tree with one hostile cards.yaml: errors listed, exit status 1, no crash."""
    root = tmp_path / "cardsets"
    shutil.copytree(cardsets.ROOT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    (root / "parsifal" / "cards.yaml").write_bytes(nasty_texts(SHIPPED["parsifal"], "yaml")[name])
    out = io.StringIO()
    assert check_cli.check(root, out=out) == 1
    assert "parsifal/cards.yaml:" in out.getvalue() and not CANARY.exists()


# --- saves --------------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SAVES))
@settings(SLOW, max_examples=tally.examples(40))
@given(data=st.data())
def test_mangled_saves_are_refused_clearly(name: str, data: st.DataObject, tmp_path: Path) -> None:
    """A real save cut, flipped or with junk inserted, through every loader."""
    path = tmp_path / "game.convivium"
    path.write_bytes(data.draw(mangled(SAVES[name].encode(), JSON_SNIPPETS), label="file"))
    load_save(path)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SAVES))
@settings(SLOW, max_examples=tally.examples(40))
@given(data=st.data())
def test_retyped_saves_are_refused_clearly(name: str, data: st.DataObject, tmp_path: Path) -> None:
    """A real save with one value, anywhere (options, seed, a move's field...), of the wrong type."""
    path = tmp_path / "game.convivium"
    path.write_text(data.draw(retyped(json.loads(SAVES[name]), dump_json), label="file"), encoding="utf-8")
    load_save(path)


NASTY_JSON = nasty_texts(SAVES["parsifal/standard"], "json")


@pytest.mark.parametrize("name", sorted(NASTY_JSON))
def test_nasty_save(name: str, tmp_path: Path) -> None:
    path = tmp_path / "game.convivium"
    path.write_bytes(NASTY_JSON[name])
    load_save(path)
    try:
        saves.loads(NASTY_JSON[name].decode("utf-8", "replace"))
    except SaveError:
        pass


@pytest.mark.slow
def test_fifty_megabyte_save(tmp_path: Path) -> None:
    path = tmp_path / "game.convivium"
    path.write_bytes(b'{"format": "convivium-save", "x": "' + b"a" * (50 * 1024 * 1024) + b'"}')
    assert load_save(path) == "refused"


def test_a_save_of_another_game_is_never_opened_as_solonauts(tmp_path: Path) -> None:
    """Only a Solonauts save opens on the Solonauts table: any other game's opens on its own."""
    path = tmp_path / "game.convivium"
    path.write_text(SAVES["parsifal/standard"], encoding="utf-8")
    table, game = load_game(path)
    assert table is table_class("parsifal") and table is not table_for("chrononauts", "solonauts")
    assert type(game) is table.GAME_CLASS and game.engine.game == "parsifal"


def test_banquet_privilege_slots_that_are_not_a_list(tmp_path: Path) -> None:
    """Regression: `slots: ~` on a claim privilege crashed the Banquet loader with a TypeError."""
    data = yaml.safe_load(SHIPPED["banquet"])
    claim = next(p for p in data["privileges"] if p.get("kind") in ("claim", "exchange"))
    claim["slots"] = None
    path = tmp_path / "cards.yaml"
    path.write_text(dump_yaml(data), encoding="utf-8")
    assert load_cardset("banquet", path) == "refused"


def test_save_with_an_integer_of_5000_digits() -> None:
    """Regression: json refuses such an integer with a plain ValueError, which escaped `loads`."""
    with pytest.raises(SaveError) as refused:
        saves.loads(SAVES["parsifal/standard"].replace('"seed": ', '"seed": ' + "9" * 5000 + ', "x": '))
    assert refused.value.code == "save.not_json"


@pytest.mark.parametrize("key", ("²", "9" * 5000))
def test_bacchanalia_journal_with_a_strange_note_key(key: str, tmp_path: Path) -> None:
    """A journal is read leniently: a note it cannot place is left out, the game still opens."""
    data = json.loads(SAVES["bacchanalia/standard"])
    data["journal"]["notes"][key] = "?"
    path = tmp_path / "game.convivium"
    path.write_text(dump_json(data), encoding="utf-8")
    game = _game_class_load(path)  # the Bacchanalia table's own loader reads the journal
    assert "?" not in game.journal.notes.values()
    assert game.journal.notes  # the notes it can place are kept
