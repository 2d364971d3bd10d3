"""The decisions a Parsifal player can take (PAR-13).

Saves keep only int, str, bool and None fields, so the lists of PAR-13 (the targets of a Free,
the artifacts of a HandOver) are written as card instances joined by commas, in sorted order,
and a `Command` names its action by move type with that move's target and recipient beside it.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.kernel import Move


def joined(items: list[str] | tuple[str, ...]) -> str:
    """The one spelling of a list of instances that a move accepts: sorted, comma-separated."""
    return ",".join(sorted(items))


@dataclass(frozen=True)
class Take(Move):
    """PAR-5.1: an artifact from the common area goes under `actor`."""

    actor: str
    artifact: str


@dataclass(frozen=True)
class Abandon(Move):
    """PAR-5.2: an artifact `actor` holds goes back to the common area."""

    actor: str
    artifact: str


@dataclass(frozen=True)
class Block(Move):
    """PAR-6.1: `actor` blocks `target`."""

    actor: str
    target: str


@dataclass(frozen=True)
class Free(Move):
    """PAR-6.2: `actor` frees the blocked characters listed in `targets` (see `joined`)."""

    actor: str
    targets: str


@dataclass(frozen=True)
class ChangeFaction(Move):
    """PAR-6.3: `target` (any character in play) becomes seat `to`'s."""

    actor: str
    target: str
    to: int


@dataclass(frozen=True)
class HandOver(Move):
    """PAR-6.4: `actor` gives the artifacts listed in `artifacts` to `recipient`."""

    actor: str
    recipient: str
    artifacts: str


@dataclass(frozen=True)
class SendToLimbo(Move):
    """PAR-6.6: `actor` sends a character in play or an artifact to Limbo."""

    actor: str
    tarot: str


@dataclass(frozen=True)
class Recover(Move):
    """PAR-6.7: `tarot` comes back from Limbo; an artifact goes under `recipient`."""

    actor: str
    tarot: str
    recipient: str | None = None


@dataclass(frozen=True)
class Command(Move):
    """PAR-6.5: `actor` (with control) makes `commanded` take one action.

    `action` is the name of that action's move (Take, Abandon, Block, Free, HandOver, SendToLimbo,
    Recover); `target` is its artifact, target, target list or tarot, `recipient` its recipient.
    """

    actor: str
    commanded: str
    action: str
    target: str
    recipient: str | None = None


@dataclass(frozen=True)
class SpendForExtra(Move):
    """PAR-6.9: after the first action, spend the Bread or the Wine for one more action."""

    holder: str
    artifact: str


@dataclass(frozen=True)
class EndTurn(Move):
    """PAR-4.2, D-19: end the turn (with or without having acted)."""


@dataclass(frozen=True)
class Interrupt(Move):
    """PAR-6.8: a player not on turn cancels the declared action by spending `artifact`."""

    character: str
    artifact: str


@dataclass(frozen=True)
class Decline(Move):
    """PAR-6.8.6: a player who could interrupt lets the declared action resolve."""


ACTIONS: tuple[type[Move], ...] = (Take, Abandon, Block, Free, ChangeFaction, HandOver, SendToLimbo, Recover, Command)
MOVES: tuple[type[Move], ...] = (*ACTIONS, SpendForExtra, EndTurn, Interrupt, Decline)
