"""What computer players know of High Card: a higher card in hand is better."""
from __future__ import annotations

from typing import Any

from rules.bots import Kit as BaseKit
from rules.toy.engine import value


class Kit(BaseKit):
    """The best card a seat holds or has laid is what its position is worth."""

    scale = 3.0

    def score(self, state: Any, seat: int) -> float:
        own = [*state.hands[seat], *([state.laid[seat]] if seat in state.laid else [])]
        return float(max((value(card) for card in own), default=0))
