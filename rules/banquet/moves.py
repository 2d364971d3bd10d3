"""The decisions a Bacchus' Banquet player can take (BB-18.1).

Cards are named by instance ('carp#2'); players by seat number; slots by 'discard',
'keep' or 'gift'.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.kernel import Move


@dataclass(frozen=True, eq=False)
class PickCards(Move):
    """The active player takes three different cards from the circle (BB-5.1).

    A pick is a set: the order the cards are named in is the player's own and means nothing,
    so picks of the same three cards are equal, and `legal_moves` (which names them in circle
    order) judges any order. The engine lays them out in circle order.
    """

    first: str
    second: str
    third: str

    def cards(self) -> frozenset[str]:
        """The three cards picked, in no order."""
        return frozenset((self.first, self.second, self.third))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PickCards):
            return NotImplemented
        return (self.player, self.cards()) == (other.player, other.cards())

    def __hash__(self) -> int:
        return hash((PickCards, self.player, self.cards()))


@dataclass(frozen=True)
class Arrange(Move):
    """The active player lays the picked three face down in the three slots (BB-5.3); hidden."""

    discard: str
    keep: str
    gift: str


@dataclass(frozen=True)
class ClaimGift(Move):
    """The player who is far behind takes the Gift slot card unseen (BB-7.4)."""


@dataclass(frozen=True)
class DeclineClaim(Move):
    """The player who is far behind lets the round go on as usual (BB-7.5)."""


@dataclass(frozen=True)
class OfferGift(Move):
    """The active player offers the face-down gift to another seated player (BB-6.1)."""

    to: int


@dataclass(frozen=True)
class AcceptGift(Move):
    """The holder takes the gift: it is revealed and applied (BB-6.7)."""


@dataclass(frozen=True)
class RefuseGift(Move):
    """The holder passes the gift on to `to` (BB-6.5)."""

    to: int


@dataclass(frozen=True)
class ResolveCard(Move):
    """The receiver of a revealed card: 'apply' it, or cancel it with 'food_taster' or 'umbra' (BB-10.3)."""

    choice: str


@dataclass(frozen=True)
class PlayClaim(Move):
    """Play a Claim privilege on one of the two slots it names (BB-12.8)."""

    card: str
    slot: str


@dataclass(frozen=True)
class PlayExchange(Move):
    """Play an Exchange privilege: its two slots swap their cards unseen (BB-12.9)."""

    card: str


@dataclass(frozen=True)
class PlayGiveBack(Move):
    """The holder plays Give back: the previous holder must take the gift (BB-12.10)."""

    card: str


@dataclass(frozen=True)
class PlaySpecialGift(Move):
    """The holder plays Special gift: `to` must take the gift (BB-12.11)."""

    card: str
    to: int


@dataclass(frozen=True)
class PassPrivilege(Move):
    """A polled player plays nothing now; with `rest_of_round`, not again this round (BB-12.5)."""

    rest_of_round: bool = False


ALL_MOVES: tuple[type[Move], ...] = (
    PickCards, Arrange, ClaimGift, DeclineClaim, OfferGift, AcceptGift, RefuseGift, ResolveCard,
    PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift, PassPrivilege,
)
