"""docs/design.md §Known hazards: PySide6 6.12.0 on CPython 3.11 drops a reference to None on every
call of a method that returns nothing, and the interpreter aborts after a few thousand calls.
This guards the pin in pyproject.toml: on a bad wheel the count falls by about ten thousand."""
from __future__ import annotations

import sys
from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene


def test_void_methods_do_not_leak_references_to_none(qtbot: Any) -> None:
    scene = QGraphicsScene()
    item = QGraphicsRectItem(0, 0, 10, 10)
    scene.addItem(item)
    before = sys.getrefcount(None)
    for i in range(10_000):
        item.setPos(QPointF(i % 100, i % 7))
        item.setZValue(i % 5)
        item.moveBy(0.5, 0)
    after = sys.getrefcount(None)
    # Ordinary interpreter churn moves the count by a few; the 6.12.0 bug loses 30,000.
    assert after >= before - 100
