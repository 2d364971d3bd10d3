"""Parsifal, a game of tarots: blocking, factions and Limbo for 2-6 players (rules digest PAR)."""
from typing import Literal

from rules.info import GameInfo, ModeInfo
from rules.kernel import Engine
from rules.parsifal.engine import ParsifalEngine
from rules.parsifal.moves import (MOVES, Abandon, Block, ChangeFaction, Command, Decline, EndTurn, Free, HandOver, Interrupt,
                                  Recover, SendToLimbo, SpendForExtra, Take)
from rules.parsifal.state import BlockRecord, ParState, card_type


def _standard() -> Engine[ParState]:
    import cardsets
    from cardsets.parsifal.loader import ParsifalSet

    cards = cardsets.load_set("parsifal")
    assert isinstance(cards, ParsifalSet)
    return ParsifalEngine(cards)


ENGINES = {"standard": _standard}
INFO = GameInfo("parsifal", "game.parsifal", {
    "standard": ModeInfo(players=(2, 6), default_players=4, hidden_information=True, chance=True, max_moves=1000,
                         always_ends=False, bots=True, name_key="mode.parsifal.standard"),
})
MODES = tuple(ENGINES)
State = ParState


def load(mode: Literal["standard"] = "standard") -> ParsifalEngine:
    """The engine, bound to the installed card set (one per process)."""
    from rules.registry import engine

    found = engine("parsifal", mode)
    assert isinstance(found, ParsifalEngine)
    return found


__all__ = ["Abandon", "Block", "BlockRecord", "ChangeFaction", "Command", "Decline", "ENGINES", "INFO", "EndTurn", "Free",
           "HandOver", "Interrupt", "MODES", "MOVES", "ParState", "ParsifalEngine", "Recover", "SendToLimbo",
           "SpendForExtra", "State", "Take", "card_type", "load"]
