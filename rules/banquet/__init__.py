"""Bacchus' Banquet: secret guests passing gifts around a Roman feast (3-5 players)."""
from rules.banquet.engine import BanquetEngine, deck_instances
from typing import Literal

from rules.banquet.moves import (
    ALL_MOVES, AcceptGift, Arrange, ClaimGift, DeclineClaim, OfferGift, PassPrivilege, PickCards, PlayClaim, PlayExchange,
    PlayGiveBack, PlaySpecialGift, RefuseGift, ResolveCard,
)
from rules.banquet.objectives import card_kind
from rules.banquet.state import BanquetState
from rules.info import GameInfo, ModeInfo
from rules.kernel import Engine


def _engine(mode: str) -> Engine[BanquetState]:
    import cardsets
    from cardsets.banquet.loader import BanquetSet

    cards = cardsets.load_set("banquet")
    assert isinstance(cards, BanquetSet)
    return BanquetEngine(cards, mode)


def _standard() -> Engine[BanquetState]:
    return _engine("standard")


def _open_privileges() -> Engine[BanquetState]:
    return _engine("open_privileges")


ENGINES = {"standard": _standard, "open_privileges": _open_privileges}


def _mode(name_key: str) -> ModeInfo:
    # Guests and the deck are secret (BB-3); nothing but the guests' belts ends a game, so playouts stop at 1,000.
    return ModeInfo(players=(3, 5), default_players=4, hidden_information=True, chance=True, max_moves=1000,
                    always_ends=False, bots=True, name_key=name_key)


INFO = GameInfo("banquet", "game.banquet", {"standard": _mode("mode.banquet.standard"),
                                            "open_privileges": _mode("mode.banquet.open_privileges")})
MODES = tuple(ENGINES)
MOVES = ALL_MOVES
State = BanquetState


def load(mode: Literal["standard", "open_privileges"] = "standard") -> BanquetEngine:
    """The engine of one mode, bound to the installed card set (one per process)."""
    from rules.registry import engine

    found = engine("banquet", mode)
    assert isinstance(found, BanquetEngine)
    return found

__all__ = ["AcceptGift", "Arrange", "BanquetEngine", "BanquetState", "ClaimGift", "DeclineClaim", "ENGINES", "INFO",
           "MODES", "MOVES", "State", "load", "OfferGift", "PassPrivilege", "PickCards", "PlayClaim", "PlayExchange", "PlayGiveBack",
           "PlaySpecialGift", "RefuseGift", "ResolveCard", "card_kind", "deck_instances"]
