"""The decisions a Chrononauts player can take (CHR-18)."""
from __future__ import annotations

from dataclasses import dataclass

from rules.kernel import Move


@dataclass(frozen=True)
class PlayCard(Move):
    """Play `card` from the hand; `target` is a linchpin year (inverter) or a ripplepoint year (patch)."""

    card: str
    target: int | None = None


@dataclass(frozen=True)
class Discard(Move):
    """Solonauts: put one card from the hand on the discard pile (CHR-16.4b)."""

    card: str


@dataclass(frozen=True)
class Resign(Move):
    """Solonauts: give up the deal (CHR-16.9d)."""
