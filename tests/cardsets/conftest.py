"""Card-set tests: fixture files and fixture card-set trees built in a temporary folder.

The tests are rootless (no ``__init__.py``), so this folder is put on ``sys.path`` here and
the test modules say ``from cardset_edits import ...``.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = Path(__file__).resolve().parent
if str(_HERE) not in sys.path:
    sys.path.insert(0, str(_HERE))

from cardset_edits import FIXTURES, copy_text_fixture, copy_tree_root  # noqa: E402


@pytest.fixture
def mini_cards() -> str:
    """The text of fixtures/mini_cards.yaml, a small valid Chrononauts set."""
    return (FIXTURES / "mini_cards.yaml").read_text(encoding="utf-8")


@pytest.fixture
def text_folder(tmp_path: Path) -> Path:
    """A copy of fixtures/text (en, it, es, nl), free to break."""
    return copy_text_fixture(tmp_path / "text")


@pytest.fixture
def cardset_root(tmp_path: Path) -> Path:
    """A copy of the shipped card-set tree (YAML only) that validates with no problem."""
    return copy_tree_root(tmp_path / "cardsets")
