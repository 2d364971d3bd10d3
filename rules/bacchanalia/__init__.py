"""Bacchanalia: the storytelling game's rules (BAC), one mode."""
from rules.bacchanalia.engine import BacchanaliaEngine
from rules.bacchanalia.moves import ALL_MOVES
from rules.bacchanalia.state import BacState, Seat, Turn
from rules.kernel import Engine


def _standard() -> Engine[BacState]:
    import cardsets
    from cardsets.bacchanalia import BacchanaliaSet

    cards = cardsets.load_set("bacchanalia")
    assert isinstance(cards, BacchanaliaSet)
    return BacchanaliaEngine(cards)


ENGINES = {"standard": _standard}

__all__ = ["ALL_MOVES", "BacState", "BacchanaliaEngine", "ENGINES", "Seat", "Turn"]
