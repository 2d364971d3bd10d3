"""The decisions a Chrononauts player can take (CHR-18)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.kernel import Move

# The full game's and Artifaxx's moves live in full_moves.py, made when first asked for here (`__getattr__`).
FULL_GAME = ("CLOCKWISE", "COUNTERCLOCKWISE", "PlayOnArtifact", "KeepDeal", "Mulligan", "KillTime", "PlayMemo",
             "PassResponse", "NoResponse", "ChooseRewind", "ChooseQuickTrip", "MiracleStop")
if TYPE_CHECKING:
    from rules.chrononauts.full_moves import CLOCKWISE as CLOCKWISE
    from rules.chrononauts.full_moves import COUNTERCLOCKWISE as COUNTERCLOCKWISE
    from rules.chrononauts.full_moves import ChooseQuickTrip as ChooseQuickTrip
    from rules.chrononauts.full_moves import ChooseRewind as ChooseRewind
    from rules.chrononauts.full_moves import KeepDeal as KeepDeal
    from rules.chrononauts.full_moves import KillTime as KillTime
    from rules.chrononauts.full_moves import MiracleStop as MiracleStop
    from rules.chrononauts.full_moves import Mulligan as Mulligan
    from rules.chrononauts.full_moves import NoResponse as NoResponse
    from rules.chrononauts.full_moves import PassResponse as PassResponse
    from rules.chrononauts.full_moves import PlayMemo as PlayMemo
    from rules.chrononauts.full_moves import PlayOnArtifact as PlayOnArtifact


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


def __getattr__(name: str) -> object:
    """The full game's and Artifaxx's moves (rules/chrononauts/full_moves.py), made when first asked for: a
    Solonauts start needs only the three above (issue #42)."""
    if name not in FULL_GAME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rules.chrononauts import full_moves

    return getattr(full_moves, name)
