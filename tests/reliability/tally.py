"""What the reliability tests ran, counted as they run: the figures of docs/reliability.md."""
from __future__ import annotations

import os
from collections import Counter

SCALE_NAME = os.environ.get("CONVIVIUM_FUZZ", "")
SCALE = 25 if SCALE_NAME == "long" else int(SCALE_NAME) if SCALE_NAME.isdigit() and int(SCALE_NAME) > 0 else 1

COUNTS: Counter[str] = Counter()


def examples(ci: int) -> int:
    """The number of hypothesis examples for a test: `ci` in CI, more in a campaign."""
    return ci * SCALE


def add(key: str, n: int = 1) -> None:
    COUNTS[key] += n


def summary() -> list[str]:
    width = max(len(k) for k in COUNTS)
    return [f"{key:<{width}}  {COUNTS[key]:>9}" for key in sorted(COUNTS)]
