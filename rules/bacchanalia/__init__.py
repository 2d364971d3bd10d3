"""Bacchanalia: the storytelling game's rules (BAC), one mode."""
from typing import Literal

from rules.bacchanalia.engine import BacchanaliaEngine
from rules.bacchanalia.moves import ALL_MOVES
from rules.bacchanalia.state import BacState, Seat, Turn
from rules.info import GameInfo, ModeInfo
from rules.kernel import Engine


def _standard() -> Engine[BacState]:
    import cardsets
    from cardsets.bacchanalia.loader import BacchanaliaSet

    cards = cardsets.load_set("bacchanalia")
    assert isinstance(cards, BacchanaliaSet)
    return BacchanaliaEngine(cards)


ENGINES = {"standard": _standard}
# A tale told aloud: only the deck is secret (BAC-3.6), and no computer can tell a story.
INFO = GameInfo("bacchanalia", "game.bacchanalia", {
    "standard": ModeInfo(players=(3, 6), default_players=4, hidden_information=True, chance=True, max_moves=5000,
                         always_ends=False, bots=False, name_key="mode.bacchanalia.standard"),
})
MODES = tuple(ENGINES)
MOVES = ALL_MOVES
State = BacState


def load(mode: Literal["standard"] = "standard") -> BacchanaliaEngine:
    """The engine, bound to the installed card set (one per process)."""
    from rules.registry import engine

    found = engine("bacchanalia", mode)
    assert isinstance(found, BacchanaliaEngine)
    return found


__all__ = ["ALL_MOVES", "BacState", "BacchanaliaEngine", "ENGINES", "INFO", "MODES", "MOVES", "Seat", "State", "Turn", "load"]
