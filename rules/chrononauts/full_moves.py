"""The decisions only the full game and Artifaxx have (CHR-18), made when one of those games is first played:
a Solonauts start does not make them (issue #42). They are named from `rules.chrononauts.moves` too."""
from __future__ import annotations

from dataclasses import dataclass

from rules.kernel import Move

# rules.chrononauts.moves.PlayCard is also the full game's play: `target` is a linchpin or ripplepoint year, a
# seat (New Mission, Your Parents Never Met) or a direction (Discontinuity: CLOCKWISE or COUNTERCLOCKWISE); cards
# that need no target leave it None. Where the card comes from (hand or
# a Miracle's mini-hand) follows from the moment, so it is not a field.

CLOCKWISE, COUNTERCLOCKWISE = 1, -1


@dataclass(frozen=True)
class PlayOnArtifact(Move):
    """Play `card` naming an artifact on a table: the one to take or destroy (Get There First,
    It Never Existed) or the one to pay with (Sell an Artifact, Perform a "Miracle")."""

    card: str
    artifact: str


@dataclass(frozen=True)
class KeepDeal(Move):
    """Setup: keep the dealt card of `kind` ("id" or "mission") (CHR-6.6)."""

    kind: str


@dataclass(frozen=True)
class Mulligan(Move):
    """Setup: put the dealt card of `kind` under its deck and take the top one (CHR-6.6)."""

    kind: str


@dataclass(frozen=True)
class KillTime(Move):
    """Killing Time: discard `first`, or `first` and `second` and then draw one (CHR-7.2b)."""

    first: str
    second: str | None = None


@dataclass(frozen=True)
class PlayMemo(Move):
    """Cancel the card just played by someone else (CHR-10)."""

    card: str


@dataclass(frozen=True)
class PassResponse(Move):
    """Let the card just played stand (CHR-10.4a)."""


@dataclass(frozen=True)
class NoResponse(Move):
    """Shared response mode: nobody plays a Memo; closes the window for everyone (CHR-10.4b)."""


@dataclass(frozen=True)
class ChooseRewind(Move):
    """Rewind: play `card` from the discard pile with its target (CHR-11.4)."""

    card: str
    target: int | None = None
    artifact: str | None = None


@dataclass(frozen=True)
class ChooseQuickTrip(Move):
    """Quick Trip: play `card` from the draw pile with its target, or nothing (CHR-11.5)."""

    card: str | None = None
    target: int | None = None
    artifact: str | None = None


@dataclass(frozen=True)
class MiracleStop(Move):
    """End a Miracle's plays; the mini-hand left is discarded (CHR-11.3)."""
