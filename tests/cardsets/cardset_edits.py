"""Helpers for the card-set tests: copying fixture trees and breaking copies in exact places."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import cardsets

FIXTURES = Path(__file__).resolve().parent / "fixtures"
REPO_CARDSETS = Path(cardsets.__file__).resolve().parent


def replaced(text: str, *edits: tuple[str, str]) -> str:
    """``text`` with each (old, new) applied; each ``old`` must occur exactly once."""
    for old, new in edits:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times"
        text = text.replace(old, new)
    return text


def edit(path: Path, *edits: tuple[str, str]) -> None:
    path.write_bytes(replaced(path.read_bytes().decode("utf-8"), *edits).encode("utf-8"))


def _only_yaml(folder: str, names: list[str]) -> list[str]:
    return [n for n in names if not n.endswith(".yaml") and not os.path.isdir(os.path.join(folder, n))]


def copy_text_fixture(target: Path) -> Path:
    shutil.copytree(FIXTURES / "text", target)
    return target


def copy_tree_root(root: Path) -> Path:
    """Copy the shipped chrononauts and ui trees (YAML only, as shipped) under ``root``."""
    for name in ("chrononauts", "ui"):
        shutil.copytree(REPO_CARDSETS / name, root / name, ignore=_only_yaml)
    return root


def position_of(text: str, needle: str) -> tuple[int, int]:
    """1-based (line, column) of the only occurrence of ``needle`` in ``text``."""
    assert text.count(needle) == 1, f"{needle!r} occurs {text.count(needle)} times"
    before = text[: text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
