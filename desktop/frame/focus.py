"""Where the keyboard focus goes next on a table: reading order, and the nearest item in a direction.

Pure geometry on the items' rectangles, so the rule is the same on every game's table and
can be tested without a scene.
"""
from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRectF

ROW_SLACK = 12.0  # items whose tops differ by less lie in the same row when reading


def reading_order(rects: Mapping[str, QRectF]) -> list[str]:
    """Keys from the top left, row by row, left to right."""
    keys = sorted(rects, key=lambda k: (rects[k].top(), rects[k].left()))
    rows: list[list[str]] = []
    for key in keys:
        if rows and abs(rects[key].top() - rects[rows[-1][0]].top()) < ROW_SLACK:
            rows[-1].append(key)
        else:
            rows.append([key])
    return [key for row in rows for key in sorted(row, key=lambda k: rects[k].left())]


def nearest(rects: Mapping[str, QRectF], start: str, dx: int, dy: int) -> str:
    """The key nearest to `start` in the direction (dx, dy) (one of them 0), or '' if none lies that way.

    Items that share a band with `start` across the direction (the same row for left and right,
    the same column for up and down) win over items merely closer as the crow flies: the eye
    follows rows and columns.
    """
    here = rects.get(start)
    if here is None:
        return ""
    centre = here.center()
    best, best_score = "", float("inf")
    for key, rect in rects.items():
        if key == start:
            continue
        offset = rect.center() - centre
        along = offset.x() * dx + offset.y() * dy
        if along <= 1.0:
            continue
        if dx:
            overlap = min(rect.bottom(), here.bottom()) - max(rect.top(), here.top())
            across = 0.0 if overlap > 0 else abs(offset.y())
        else:
            overlap = min(rect.right(), here.right()) - max(rect.left(), here.left())
            across = 0.0 if overlap > 0 else abs(offset.x())
        score = along + 3.0 * across
        if score < best_score:
            best, best_score = key, score
    return best
