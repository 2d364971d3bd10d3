"""Bacchus' Banquet: secret guests passing gifts around a Roman feast (3-5 players)."""
from rules.banquet.engine import BanquetEngine, deck_instances
from rules.banquet.moves import (
    AcceptGift, Arrange, ClaimGift, DeclineClaim, OfferGift, PassPrivilege, PickCards, PlayClaim, PlayExchange,
    PlayGiveBack, PlaySpecialGift, RefuseGift, ResolveCard,
)
from rules.banquet.objectives import card_kind
from rules.banquet.state import BanquetState
from rules.kernel import Engine


def _engine(mode: str) -> Engine[BanquetState]:
    import cardsets
    from cardsets.banquet import BanquetSet

    cards = cardsets.load_set("banquet")
    assert isinstance(cards, BanquetSet)
    return BanquetEngine(cards, mode)


def _standard() -> Engine[BanquetState]:
    return _engine("standard")


def _open_privileges() -> Engine[BanquetState]:
    return _engine("open_privileges")


ENGINES = {"standard": _standard, "open_privileges": _open_privileges}

__all__ = ["AcceptGift", "Arrange", "BanquetEngine", "BanquetState", "ClaimGift", "DeclineClaim", "ENGINES",
           "OfferGift", "PassPrivilege", "PickCards", "PlayClaim", "PlayExchange", "PlayGiveBack",
           "PlaySpecialGift", "RefuseGift", "ResolveCard", "card_kind", "deck_instances"]
