"""Rules tests: make the shared position builders in `helpers.py` importable.

The tests are rootless (no ``__init__.py``), so this folder is put on ``sys.path`` here and
the test modules say ``from helpers import ...``.
"""
from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
