"""Hostile YAML (#12): values that YAML 1.1 would have turned into something else, numbers too
large to hold, and card-set files that are not regular files (a FIFO, a link to /dev/zero).

Every card-set loader, the text catalogs, the translator workbench's reload and `convivium check`
must answer with problems at ``file:line:column`` (or the value as written): never a traceback,
never a value the author did not write, never a wait for a FIFO's writer or an endless read.
"""
from __future__ import annotations

import importlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tally
from hostile import snapshot

import cardsets
from cardsets import check as check_cli
from cardsets import text as catalogs
from cardsets.yamlfile import CardSetError

GAMES = ("bacchanalia", "banquet", "chrononauts", "parsifal")
LABEL = "hostile/cards.yaml"
_VERSION = re.compile(r"^version: 1$", re.MULTILINE)

# What the line `version: 1` of a cards.yaml becomes, and the one problem the loader must give
# for it: (text, column, message). YAML 1.1 read the first six as 80, 1000, a date, a datetime,
# 5 and the text "1e3", passed 1.0e+999 on as infinity, quoted all 5,000 digits back in its
# problem, and merged `<<` in silently.
VALUES = {
    "sexagesimal": ("version: 1:20", 10, "'version' must be a whole number, not '1:20'"),
    "underscores": ("version: 1_000", 10, "'version' must be a whole number, not '1_000'"),
    "date": ("version: 2024-03-01", 10, "'version' must be a whole number, not '2024-03-01'"),
    "timestamp": ("version: 2024-03-01T10:00:00", 10, "'version' must be a whole number, not '2024-03-01T10:00:00'"),
    "binary": ("version: 0b101", 10, "'version' must be a whole number, not '0b101'"),
    "exponent": ("version: 1e3", 10, "'version' must be a whole number, not 1000.0"),
    "5000 digits": ("version: " + "9" * 5000, 10,
                    "a number of 5,000 digits (at most 30); quote it if it is meant as text"),
    "float overflow": ("version: 1.0e+999", 10, "'1.0e+999' is too large a number; quote it if it is meant as text"),
    "infinity": ("version: .inf", 10, "'version' must be a whole number, not inf"),
    "not a number": ("version: .nan", 10, "'version' must be a whole number, not nan"),
    "merge key": ("<<: {version: 1}\nversion: 1", 1, "unknown key '<<'"),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("case", sorted(VALUES))
def test_a_yaml_1_1_value_in_a_card_set(game: str, case: str, tmp_path: Path) -> None:
    written, column, message = VALUES[case]
    shipped = (cardsets.ROOT / game / "cards.yaml").read_text(encoding="utf-8")
    found = _VERSION.search(shipped)
    assert found, f"{game}/cards.yaml has no line `version: 1`"
    line = shipped.count("\n", 0, found.start()) + 1
    path = tmp_path / "cards.yaml"
    path.write_text(shipped[:found.start()] + written + shipped[found.end():], encoding="utf-8")
    before = snapshot(path)
    with pytest.raises(CardSetError) as refused:
        importlib.import_module(f"cardsets.{game}.loader").load(path, LABEL)
    assert [str(p) for p in refused.value.problems] == [f"{LABEL}:{line}:{column}: {message}"]
    assert snapshot(path) == before
    tally.add("card-set files refused")


def test_a_translation_is_kept_as_written(tmp_path: Path) -> None:
    """The report of #12: a translator's "1:20" was refused as "must be text, not 80"."""
    folder = tmp_path / "text"
    shutil.copytree(cardsets.ROOT / "ui" / "text", folder)
    written = {"x.clock": "1:20", "x.count": "1_000", "x.date": "2024-03-01", "x.when": "2024-03-01T10:00:00",
               "x.answer": "no", "x.switch": "off", "x.merge": "<<", "x.equals": "="}
    en = folder / "en.yaml"
    extra = "".join(f"  {key}: {value}\n" for key, value in written.items())
    en.write_text(en.read_text(encoding="utf-8").replace("strings:\n", "strings:\n" + extra, 1), encoding="utf-8")
    catalog, problems = catalogs.load(folder, "ui/text")
    assert problems == []
    assert {key: catalog.strings["en"][key] for key in written} == written


def test_a_number_too_long_in_a_translation_is_one_short_problem(tmp_path: Path) -> None:
    folder = tmp_path / "text"
    shutil.copytree(cardsets.ROOT / "ui" / "text", folder)
    en = folder / "en.yaml"
    shipped = en.read_text(encoding="utf-8")
    en.write_text(shipped.replace("strings:\n", "strings:\n  x.big: " + "9" * 5000 + "\n", 1), encoding="utf-8")
    line = shipped[:shipped.index("strings:\n")].count("\n") + 2
    _catalog, problems = catalogs.load(folder, "ui/text")
    assert [str(p) for p in problems] == [
        f"ui/text/en.yaml:{line}:10: a number of 5,000 digits (at most 30); quote it if it is meant as text"]


# --- Files that are not regular files --------------------------------------------------------


def readers(root: Path) -> list[str]:
    """What each reader of card-set files says about the tree at ``root``, a line per problem.

    Run in a child process by the test below: under the code before #12, a FIFO made the reader
    wait for a writer forever and a link to /dev/zero read until memory ran out."""
    from desktop.workbench.source import load_game, load_ui

    lines = []
    for game in GAMES:
        try:
            importlib.import_module(f"cardsets.{game}.loader").load(root / game / "cards.yaml", f"{game}/cards.yaml")
            lines.append(f"{game}: loaded")
        except CardSetError as exc:
            lines += [f"load: {p}" for p in exc.problems]
    lines += [f"catalog: {p}" for p in catalogs.load(root / "ui" / "text", "ui/text")[1]]
    for reload in (lambda: load_ui(root), lambda: load_game(root, "parsifal")):
        try:
            reload()
            lines.append("workbench: loaded")
        except CardSetError as exc:
            lines += [f"workbench: {p}" for p in exc.problems]
    out = io.StringIO()
    status = check_cli.check(root, out=out)
    lines += [f"check: {line}" for line in out.getvalue().splitlines() if ":1:1: " in line or "error" in line]
    lines.append(f"check: exit status {status}")
    return lines


@pytest.mark.parametrize("kind", ["fifo", "link to /dev/zero"])
def test_card_set_files_that_are_not_regular_files(kind: str, tmp_path: Path) -> None:
    """Every game's cards.yaml and the app's Italian strings replaced by a FIFO with no writer, or
    by a link to /dev/zero (whose size, 0, passed the old size check)."""
    resource = pytest.importorskip("resource")
    if kind == "fifo" and not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    if kind != "fifo" and not Path("/dev/zero").exists():
        pytest.skip("needs /dev/zero")
    root = tmp_path / "cardsets"
    shutil.copytree(cardsets.ROOT, root, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    hostile = [f"{game}/cards.yaml" for game in GAMES] + ["ui/text/it.yaml"]
    for name in hostile:
        (root / name).unlink()
        if kind == "fifo":
            os.mkfifo(root / name)
        else:
            (root / name).symlink_to("/dev/zero")

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    here = str(Path(__file__).resolve().parent)
    child = subprocess.run(
        [sys.executable, "-c", f"import pathlib, sys; sys.path[:0] = [{here!r}]; from test_hostile_yaml import readers; "
                               "print('\\n'.join(readers(pathlib.Path(sys.argv[1]))))", str(root)],
        capture_output=True, text=True, timeout=120, check=False, preexec_fn=limit_memory)
    assert (child.returncode, child.stderr) == (0, "")
    refused = [f"{name}:1:1: not a regular file" for name in hostile]
    assert child.stdout.splitlines() == [
        *(f"load: {p}" for p in refused[:4]),
        f"catalog: {refused[4]}",
        f"workbench: {refused[4]}",
        f"workbench: {refused[3]}",
        *(f"check: {p}" for p in refused),
        "check: 5 errors",
        "check: exit status 1",
    ]
    tally.add("card-set files refused", len(hostile))
