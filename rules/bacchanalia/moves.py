"""The decisions a Bacchanalia player can take (BAC-13.2).

Text fields (`element`, `text`) hold what a player typed; the engine records them and never
judges them, so `legal_moves` lists such moves with empty text and any text is accepted.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.kernel import Move


@dataclass(frozen=True)
class GiveDeus(Move):
    """Distribution round: the giver hands one Deus from the centre to another player (BAC-3.3)."""

    to: int
    card: str


@dataclass(frozen=True)
class DeclareIntroductionDone(Move):
    """The first turn's introduction is told (BAC-5.5)."""


@dataclass(frozen=True)
class DeclareBacchusArrivalDone(Move):
    """The god's arrival is told (BAC-6.1)."""


@dataclass(frozen=True)
class SacrificeVinum(Move):
    """Minerva's sacrifice, when the drawn Vinum cards differ in symbol (BAC-6.3.1, A-14)."""

    card: str


@dataclass(frozen=True)
class GiveBacchus(Move):
    """The Bacchus holder passes the god on (BAC-6.6.1, BAC-11.2)."""

    to: int


@dataclass(frozen=True)
class TakeDeus(Move):
    """A take with a choice (BAC-6.7.3-4); `source` is the holder, or None for the centre."""

    card: str
    source: int | None = None


@dataclass(frozen=True)
class ReturnDeus(Move):
    """TIE: one of the player's own Deus goes to the centre (BAC-7, D-8)."""

    card: str


@dataclass(frozen=True)
class LockUmbra(Move):
    """Keep one of this turn's Umbra for the next turn (BAC-6.7.8); `element` is what the scene brought in."""

    card: str
    element: str = ""


@dataclass(frozen=True)
class DeclareWithAmans(Move):
    """The character meets (true) or parts from (false) their Amans in the story (BAC-6.7.6)."""

    value: bool


@dataclass(frozen=True)
class DeclareNarrationDone(Move):
    """The scene is over; `moved` says whether the character ended somewhere else (BAC-6.7.7)."""

    moved: bool


@dataclass(frozen=True)
class AskBacchusQuestion(Move):
    """The new Bacchus holder's question to the active player (BAC-6.8)."""

    text: str = ""


@dataclass(frozen=True)
class GiftMinerva(Move):
    """Minerva's eye: her holder gives her to the player narrating (BAC-8.1, A-18)."""

    to: int


@dataclass(frozen=True)
class AskQuestion(Move):
    """Any player asks the active player something; only logged (BAC-8.2)."""

    text: str = ""


@dataclass(frozen=True)
class DeclareTimeUp(Move):
    """The agreed time is over: the Sudden ending starts (BAC-4.3, BAC-9.2c)."""


@dataclass(frozen=True)
class ChooseFinale(Move):
    """Sudden finale: the option told (1-5) and, for option 4, its branch (BAC-10.3f)."""

    option: int
    branch: str | None = None


@dataclass(frozen=True)
class DeclareFinaleNarrated(Move):
    """The finale scene is told; `twist` only when the Parcae was among the four (BAC-10.2d, 10.3c)."""

    twist: bool = False


ALL_MOVES: tuple[type[Move], ...] = (
    GiveDeus, DeclareIntroductionDone, DeclareBacchusArrivalDone, SacrificeVinum, GiveBacchus, TakeDeus,
    ReturnDeus, LockUmbra, DeclareWithAmans, DeclareNarrationDone, AskBacchusQuestion, GiftMinerva, AskQuestion,
    DeclareTimeUp, ChooseFinale, DeclareFinaleNarrated,
)
