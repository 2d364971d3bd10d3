"""Saves written by format version 1 (tests/rules/fixtures/saves-v1, made by that version's code with
make_v1.py) still load, to the very state they held then; a newer version is refused, the file untouched."""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from rules import saves
from rules.saves import SaveError

FIXTURES = Path(__file__).parent / "fixtures" / "saves-v1"
NAMES = sorted(p.stem for p in FIXTURES.glob("*.json") if not p.name.endswith(".state.json"))


def test_every_game_and_mode_has_a_v1_save() -> None:
    """The fixtures cover each mode, and a finished game; they really are version 1."""
    seen = set()
    for name in NAMES:
        data = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
        assert data["format_version"] == 1
        seen.add((data["game"], data["mode"]))
    assert seen == {("chrononauts", "solonauts"), ("chrononauts", "chrononauts"), ("chrononauts", "artifaxx"),
                    ("banquet", "standard"), ("banquet", "open_privileges"), ("bacchanalia", "standard"),
                    ("parsifal", "standard")}
    assert sum(name.endswith("-over") for name in NAMES) >= 4


@pytest.mark.parametrize("name", NAMES)
def test_a_v1_save_loads_to_the_state_it_held(name: str, tmp_path: Path) -> None:
    """Version 1 said `seats` where every game now says `players`: the option is renamed on load, and
    everything else of the state is what version 1 loaded. The file is only read."""
    path = tmp_path / f"{name}.json"
    shutil.copyfile(FIXTURES / f"{name}.json", path)
    before = path.read_bytes()
    raw = json.loads(before)
    recorded: dict[str, Any] = json.loads((FIXTURES / f"{name}.state.json").read_text(encoding="utf-8"))
    if isinstance(recorded.get("characters"), dict):
        # Parsifal's characters were written as an object keyed by card, in the order they came into play; they are
        # now a list in that order (JSON sent sorted by key lost it, issue #41). The same state, written anew.
        recorded["characters"] = [{"card": card, **facts} for card, facts in recorded["characters"].items()]
    match = saves.load(path)
    assert path.read_bytes() == before
    got = match.engine.to_dict(match.state)
    assert {k: v for k, v in got.items() if k != "options"} == {k: v for k, v in recorded.items() if k != "options"}
    old = recorded["options"]
    renamed = {("players" if k == "seats" else k): v for k, v in old.items()}
    assert got["options"] == match.engine.options(renamed)
    assert got["options"]["players"] == old.get("seats", old.get("players", 1))
    assert match.engine.players(match.state) == len(raw["players"])
    again = json.loads(saves.to_json(match))
    assert again["format_version"] == saves.FORMAT_VERSION == 2
    assert "seats" not in again["options"]


def test_a_save_of_a_newer_format_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "future.json"
    data = json.loads((FIXTURES / "banquet.json").read_text(encoding="utf-8"))
    data["format_version"] = saves.FORMAT_VERSION + 1
    path.write_text(json.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        saves.load(path)
    assert err.value.code == "save.newer_format" and err.value.params == {"version": saves.FORMAT_VERSION + 1}
    assert path.read_bytes() == before


def test_a_version_below_one_is_not_a_save() -> None:
    data = json.loads((FIXTURES / "parsifal.json").read_text(encoding="utf-8"))
    data["format_version"] = 0
    with pytest.raises(SaveError) as err:
        saves.from_dict(data)
    assert err.value.code == "save.not_a_save"
