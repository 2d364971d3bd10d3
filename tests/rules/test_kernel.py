"""The kernel, matches and save files: shuffle, golden deals, move data, undo/redo, saves,
and the rule that `rules` never needs Qt (docs/design.md §Layers: rules/ imports without PySide6)."""
from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path
from random import Random
from typing import Any

import pytest

import cardsets
import rules
from helpers import ENG
from rules import IllegalMove, Match, saves
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.kernel import BadMoveData, Move, NothingToRedo, NothingToUndo, RulesError, shuffle
from rules.saves import SaveError

MOVES = ENG.moves


# --- Fisher-Yates (docs/design.md §Engines: a golden test pins a few deals) ---------------------------------


@pytest.mark.parametrize(
    ("seed", "expected"),
    [
        (1, [8, 0, 3, 4, 5, 2, 9, 6, 7, 1]),
        (1234, [8, 1, 7, 4, 2, 5, 6, 0, 3, 9]),
    ],
)
def test_shuffle_golden(seed: int, expected: list[int]) -> None:
    """Golden: the exact permutation of range(10); a change here changes every seeded deal."""
    items = list(range(10))
    shuffle(Random(seed), items)
    assert items == expected


@pytest.mark.parametrize("seed", [0, 1, 2, 1234, 2**40])
def test_shuffle_is_a_deterministic_permutation(seed: int) -> None:
    """CHR-14.6: the same seed gives the same order; nothing is lost or doubled."""
    a, b = list(range(50)), list(range(50))
    shuffle(Random(seed), a)
    shuffle(Random(seed), b)
    assert a == b
    assert sorted(a) == list(range(50))


@pytest.mark.parametrize("n", [0, 1, 2, 10, 41])
def test_shuffle_draws_only_random(n: int) -> None:
    """kernel.shuffle uses exactly n - 1 calls of Random.random() and nothing else."""
    rng, twin = Random(77), Random(77)
    shuffle(rng, list(range(n)))
    for _ in range(max(n - 1, 0)):
        twin.random()
    assert rng.getstate() == twin.getstate()


GOLDEN_DEALS: dict[int, tuple[list[str], list[str]]] = {
    1: (
        ["inv_reverse_fate#1", "inv_avert_disaster#3", "pat_1948", "inv_reverse_fate#9", "pat_1986"],
        ["id_yitzchak", "id_dexter", "id_tadeusz", "id_renee", "id_ingrid", "id_jasmine", "id_cornelius", "id_hannelore"],
    ),
    1234: (
        ["pat_1939", "pat_1933", "inv_reverse_fate#6", "inv_reverse_fate#7", "inv_reverse_fate#5"],
        ["id_moonbeam", "id_cornelius", "id_squa_tront", "id_svetlana", "id_tadeusz", "id_jasmine", "id_boris", "id_dexter"],
    ),
}


@pytest.mark.parametrize("seed", sorted(GOLDEN_DEALS))
def test_golden_deal(seed: int) -> None:
    """CHR-14.6, CHR-16.3, D-11: seed 1 and 1234 with 8 IDs always deal these hands and IDs."""
    hand, waiting = GOLDEN_DEALS[seed]
    state = ENG.new_state({"ids": 8}, seed)
    assert state.hand == hand
    assert state.waiting == waiting


def test_deal_is_reproducible_and_seed_dependent() -> None:
    """CHR-14.6: seed + options give the same state; another seed another deal."""
    assert ENG.to_dict(ENG.new_state({"ids": 8}, 42)) == ENG.to_dict(ENG.new_state({"ids": 8}, 42))
    assert ENG.new_state({"ids": 8}, 42).deck != ENG.new_state({"ids": 8}, 43).deck


# --- Move data -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [PlayCard(0, "inv_reverse_fate#3", 1936), PlayCard(0, "pat_1950", 1950), PlayCard(0, "pat_1950"),
     Discard(0, "pat_1945_demo"), Resign(0)],
)
def test_move_round_trip(move: Move) -> None:
    """CHR-18, docs/design.md §Engines: a move survives to_dict -> JSON -> from_dict unchanged."""
    data = move.to_dict()
    assert data["type"] == type(move).__name__
    assert json.loads(json.dumps(data)) == data
    assert Move.from_dict(data, MOVES) == move


@pytest.mark.parametrize(
    "data",
    [
        ["PlayCard", 0, "pat_1950", 1950],  # not an object
        "Resign",
        None,
        {"type": "Fly", "player": 0},  # unknown type
        {"player": 0},  # no type
        {"type": "PlayCard", "player": 0, "card": "pat_1950", "target": 1950, "source": "hand"},  # extra field
        {"type": "PlayCard", "player": 0, "target": 1950},  # missing card
        {"type": "PlayCard", "player": "0", "card": "pat_1950", "target": 1950},  # wrong type
        {"type": "PlayCard", "player": 0, "card": 7, "target": 1950},
        {"type": "PlayCard", "player": 0, "card": "pat_1950", "target": "1950"},
        {"type": "PlayCard", "player": 0, "card": "pat_1950", "target": 1950.0},
        {"type": "PlayCard", "player": True, "card": "pat_1950", "target": 1950},  # bool where int
        {"type": "PlayCard", "player": 0, "card": "pat_1950", "target": False},
        {"type": "Resign", "player": False},
        {"type": "Discard", "player": 0, "card": None},
    ],
)
def test_move_from_bad_data(data: object) -> None:
    """docs/design.md §Saves: wrong shape, unknown type, extra/missing field, wrong type, bool for int."""
    with pytest.raises(BadMoveData):
        Move.from_dict(data, MOVES)


@pytest.mark.parametrize(
    ("data", "code", "params"),
    [
        (["PlayCard", 0, "pat_1950", 1950], "move_data.not_object", {}),
        ({"player": 0}, "move_data.no_type", {}),
        ({"type": 7, "player": 0}, "move_data.no_type", {}),
        ({"type": "Fly", "player": 0}, "move_data.unknown_type", {"kind": "Fly"}),
        ({"type": "F" * 500, "player": 0}, "move_data.unknown_type", {"kind": "F" * 40}),  # the file's: cut short
        ({"type": "Fly\n\u202eAway", "player": 0}, "move_data.unknown_type", {"kind": "FlyAway"}),  # one line
        ({"type": "PlayCard", "player": 0, "card": "pat_1950", "target": 1950, "source": "hand"},
         "move_data.extra_fields", {}),
        ({"type": "PlayCard", "player": 0, "target": 1950}, "move_data.missing_field", {"field": "card"}),
        ({"type": "PlayCard", "player": "0", "card": "pat_1950", "target": 1950}, "move_data.wrong_type",
         {"field": "player"}),
    ],
)
def test_move_from_bad_data_names_its_reason_as_a_text_key(data: object, code: str, params: dict[str, str]) -> None:
    """docs/design.md §Saves: the reason a move is refused reaches a player as a key in their language, not as the
    English of the exception's message."""
    with pytest.raises(BadMoveData) as refused:
        Move.from_dict(data, MOVES)
    assert (refused.value.code, refused.value.params) == (code, params)


def test_a_damaged_move_in_a_save_gives_its_reason_as_a_key() -> None:
    """docs/design.md §Saves: the save's error names the move's number and why, as a key with its parameters."""
    data = save_data(played_match())
    data["moves"].append({"type": "Fly", "player": 0})
    with pytest.raises(SaveError) as err:
        saves.loads(json.dumps(data))
    assert err.value.code == "save.bad_move"
    assert err.value.params == {"number": len(data["moves"]), "reason": "move_data.unknown_type", "kind": "Fly"}


def test_a_file_that_is_not_json_gives_its_reason_as_a_key(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"name": "Caf\xe9"}')
    with pytest.raises(SaveError) as err:
        saves.load(path)
    assert (err.value.code, err.value.params) == ("save.not_json", {"reason": "file_error.not_utf8"})
    with pytest.raises(SaveError) as err:
        saves.loads('{"format": "convivium-save",\n x}')
    assert (err.value.code, err.value.params) == ("save.not_json", {"reason": "json.syntax", "line": 2, "column": 2})


def test_an_unreadable_save_carries_the_os_error_for_the_desktop_to_say(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    with pytest.raises(SaveError) as err:
        saves.load(blocker / "save.json")
    assert err.value.code == "save.unreadable"
    assert isinstance(err.value.params["reason"], NotADirectoryError)


def test_move_from_dict_accepts_only_the_allowed_types() -> None:
    """A move type not offered by the engine is refused."""
    with pytest.raises(BadMoveData):
        Move.from_dict(Resign(0).to_dict(), (PlayCard, Discard))


# --- Match: undo and redo (CHR-16.10, docs/design.md §History and undo) --------------------------------------


def new_match(seed: int = 1234) -> Match[Any]:
    return Match(ENG, {"ids": 8}, seed)


def test_match_undo_restores_exact_state_and_redo_replays() -> None:
    """CHR-14.5, CHR-16.10: undo gives back the exact to_dict; redo the exact state after."""
    match = new_match()
    start = ENG.to_dict(match.state)
    move = match.legal_moves(0)[0]
    events = match.play(move)
    after = ENG.to_dict(match.state)
    assert after != start
    assert match.moves == [move] and match.can_undo() and not match.can_redo()
    assert match.undo() == move
    assert ENG.to_dict(match.state) == start
    assert match.moves == [] and match.can_redo() and not match.can_undo()
    assert match.redo() == events
    assert ENG.to_dict(match.state) == after
    assert match.moves == [move]


def test_match_undo_many_steps() -> None:
    """CHR-16.10: Solonauts undo is unlimited; every snapshot comes back exactly, RNG included."""
    match = new_match(5)
    snapshots = [ENG.to_dict(match.state)]
    for _ in range(12):
        match.play(match.legal_moves(0)[0])
        snapshots.append(ENG.to_dict(match.state))
    for expected in reversed(snapshots[:-1]):
        match.undo()
        assert ENG.to_dict(match.state) == expected
    assert not match.can_undo()
    for expected in snapshots[1:]:
        match.redo()
        assert ENG.to_dict(match.state) == expected


def test_match_new_move_clears_redo() -> None:
    """docs/design.md §History and undo: a new move after an undo forgets the redo list."""
    match = new_match()
    moves = match.legal_moves(0)
    match.play(moves[0])
    match.undo()
    assert match.can_redo()
    match.play(moves[1])
    assert not match.can_redo()
    with pytest.raises(ValueError):
        match.redo()
    assert match.moves == [moves[1]]


def test_match_illegal_move_leaves_everything() -> None:
    """CHR-8.1: an IllegalMove changes nothing: state, move list, redo list."""
    match = new_match()
    first = match.legal_moves(0)[0]
    match.play(first)
    match.undo()
    before = ENG.to_dict(match.state)
    missing = next(c for c in ("pat_1950", "pat_1968", "pat_1999") if c not in match.state.hand)
    with pytest.raises(IllegalMove) as err:
        match.play(Discard(0, missing))
    assert err.value.code == "illegal.not_in_hand"
    assert ENG.to_dict(match.state) == before
    assert match.moves == [] and match.can_redo()


def test_match_nothing_to_undo_or_redo() -> None:
    """Undo and redo on empty stacks raise a RulesError with a text key, instead of doing something odd."""
    match = new_match()
    with pytest.raises(NothingToUndo) as undo:
        match.undo()
    with pytest.raises(NothingToRedo) as redo:
        match.redo()
    assert isinstance(undo.value, RulesError) and isinstance(redo.value, RulesError)
    assert (undo.value.code, redo.value.code) == ("status.nothing_to_undo", "status.nothing_to_redo")


# --- Saves ------------------------------------------------------------------------------------


def played_match(seed: int = 1234, moves: int = 8) -> Match[Any]:
    match = new_match(seed)
    rnd = Random(seed)
    for _ in range(moves):
        legal = [m for m in match.legal_moves(0) if not isinstance(m, Resign)]
        match.play(rnd.choice(legal))
    return match


def test_save_round_trip_is_identity() -> None:
    """docs/design.md §Saves: a save is seed + options + moves; loading replays to the very same state."""
    match = played_match()
    text = saves.to_json(match)
    loaded = saves.loads(text)
    assert ENG.to_dict(loaded.state) == ENG.to_dict(match.state)
    assert loaded.moves == match.moves
    assert (loaded.seed, loaded.options) == (match.seed, match.options)
    assert saves.to_json(loaded) == text


def test_save_and_load_through_a_file(tmp_path: Path) -> None:
    """saves.save writes (creating folders) and saves.load reads back the same game."""
    match = played_match(7, 5)
    path = tmp_path / "games" / "solo.json"
    saves.save(path, match)
    assert ENG.to_dict(saves.load(path).state) == ENG.to_dict(match.state)


def save_data(match: Match[Any]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(saves.to_json(match))
    return data


def tamper_illegal(data: dict[str, Any]) -> None:
    data["moves"][0] = {"type": "PlayCard", "player": 0, "card": "pat_1950", "target": 1950}


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (tamper_illegal, "save.illegal_move"),
        (lambda d: d.update(cardset_version=d["cardset_version"] + 1), "save.cardset_version"),
        (lambda d: d.update(format_version=saves.FORMAT_VERSION + 1), "save.newer_format"),
        (lambda d: d.update(format="something-else"), "save.not_a_save"),
        (lambda d: d.update(mode="artifaxx_deluxe"), "save.unknown_game"),
        (lambda d: d.update(seed=-1), "save.bad_seed"),
        (lambda d: d.update(options={"ids": 99}), "save.bad_options"),
        (lambda d: d["moves"].append({"type": "Fly", "player": 0}), "save.bad_move"),
    ],
)
def test_load_refuses_bad_saves(change: Any, code: str) -> None:
    """docs/design.md §Saves: a corrupt or tampered file is refused with a reason."""
    match = played_match()
    data = save_data(match)
    change(data)
    with pytest.raises(SaveError) as err:
        saves.loads(json.dumps(data))
    assert err.value.code == code


def test_tampered_move_names_the_move_and_reason() -> None:
    """An illegal move in a save is refused with its number and the IllegalMove code."""
    match = new_match(1234)  # the first hand holds no pat_1950 (golden deal)
    assert "pat_1950" not in match.state.hand
    match.play(match.legal_moves(0)[0])
    data = save_data(match)
    tamper_illegal(data)
    with pytest.raises(SaveError) as err:
        saves.loads(json.dumps(data))
    assert err.value.code == "save.illegal_move"
    assert err.value.params["number"] == 1
    assert err.value.params["reason"] == "illegal.not_in_hand"


@pytest.mark.parametrize(
    ("content", "code"),
    [
        (b"", "save.not_json"),
        (b"{\"format\": \"convivium-save\", ", "save.not_json"),
        (b"\xff\xfe\x00garbage", "save.not_json"),
        (b"[1, 2, 3]", "save.not_a_save"),
    ],
)
def test_load_corrupt_file_leaves_it_unchanged(tmp_path: Path, content: bytes, code: str) -> None:
    """saves.load only reads: a broken file is refused with a code and stays byte for byte."""
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        saves.load(path)
    assert err.value.code == code
    assert path.read_bytes() == content
    assert os.listdir(tmp_path) == ["broken.json"]


def test_load_truncated_real_save_leaves_it_unchanged(tmp_path: Path) -> None:
    """A save cut in half (crash mid-copy) is not JSON; the file is left as it was."""
    text = saves.to_json(played_match())
    path = tmp_path / "cut.json"
    raw = text.encode()[: len(text) // 2]
    path.write_bytes(raw)
    with pytest.raises(SaveError) as err:
        saves.load(path)
    assert err.value.code == "save.not_json"
    assert path.read_bytes() == raw


def test_load_tampered_file_leaves_it_unchanged(tmp_path: Path) -> None:
    """A hand-edited illegal move is refused on load; the file is left as it was."""
    data = save_data(played_match())
    tamper_illegal(data)
    path = tmp_path / "tampered.json"
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    with pytest.raises(SaveError) as err:
        saves.load(path)
    assert err.value.code == "save.illegal_move"
    assert path.read_bytes() == raw


def test_load_missing_file(tmp_path: Path) -> None:
    """A missing file is a SaveError, not an OSError."""
    with pytest.raises(SaveError) as err:
        saves.load(tmp_path / "nothing.json")
    assert err.value.code == "save.unreadable"


def test_loads_not_json() -> None:
    """Text that is not JSON -> save.not_json."""
    with pytest.raises(SaveError) as err:
        saves.loads("this is not json")
    assert err.value.code == "save.not_json"


def test_write_atomic_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    """docs/design.md §Saves: atomic writes (temp file + rename) leave only the target file behind."""
    path = tmp_path / "slot.json"
    path.write_text("old", encoding="utf-8")
    saves.write_atomic(path, "new content ✓\n")
    assert path.read_text(encoding="utf-8") == "new content ✓\n"
    assert os.listdir(tmp_path) == ["slot.json"]


def test_write_atomic_failure_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails before the rename leaves the previous save and no temp file."""
    path = tmp_path / "slot.json"
    path.write_text("old", encoding="utf-8")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        saves.write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["slot.json"]


# --- No Qt in rules/ or cardsets/ (docs/design.md §Layers) -------------------------------------------


def test_rules_import_without_pyside6(tmp_path: Path) -> None:
    """rules/ must import (and play) with PySide6 unavailable."""
    code = (
        "import sys; sys.modules['PySide6'] = None\n"
        "import rules, rules.chrononauts, rules.saves, cardsets\n"
        "from rules import Match, engine\n"
        "m = Match(engine('chrononauts', 'solonauts'), {}, 1)\n"
        "m.play(m.legal_moves(0)[0])\n"
        "rules.saves.loads(rules.saves.to_json(m))\n"
        "assert not any(k.startswith('PySide6.') for k in sys.modules)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def python_files(package: Path) -> list[Path]:
    return sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)


@pytest.mark.parametrize("package", [Path(rules.__file__).parent, Path(cardsets.__file__).parent], ids=["rules", "cardsets"])
def test_no_module_imports_pyside6(package: Path) -> None:
    """No module under rules/ or cardsets/ imports PySide6 (statically or by name)."""
    files = python_files(package)
    assert files
    offenders = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            elif isinstance(node, ast.Call):
                names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
                         and ("import" in ast.unparse(node.func))]
            offenders += [f"{path}:{getattr(node, 'lineno', 0)}" for n in names if n.split(".")[0] in ("PySide6", "PyQt5", "PyQt6", "shiboken6")]
    assert offenders == []
