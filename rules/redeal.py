"""Dealing a view's secrets again: the tools each engine's `sample` is made of.

A view hides cards behind HIDDEN; a sample puts back, in their place, cards the view shows nowhere, at
random, so that the sample's view for the same player is that view again. The cards "shown nowhere" are
worked out from a fresh deal with the same options (no rule creates or destroys a card).
"""
from __future__ import annotations

import json
from collections import Counter
from functools import lru_cache
from random import Random
from typing import Any

from rules.kernel import HIDDEN, Engine, shuffle


def child_seed(rng: Random) -> int:
    """A seed drawn from `rng`, for a generator of its own (a sample's future chance)."""
    return int(rng.random() * 2**53)


@lru_cache(maxsize=64)
def _universe(eng: Engine[Any], options: str) -> tuple[Any, tuple[str, ...]]:
    fresh = eng.new_state(json.loads(options), 0)
    return fresh, tuple(eng.all_cards(fresh))


def fresh_deal(eng: Engine[Any], options: dict[str, Any]) -> tuple[Any, tuple[str, ...]]:
    """A deal with these options, and every card of the game."""
    return _universe(eng, json.dumps(options, sort_keys=True))


def unseen(eng: Engine[Any], view: Any) -> list[str]:
    """The cards of the game that `view` shows nowhere, in a fixed order."""
    _fresh, cards = fresh_deal(eng, view.options)
    seen = Counter(c for c in eng.all_cards(view) if c != HIDDEN)
    left = Counter(cards) - seen
    return sorted(left.elements())


class Pool:
    """Cards to hand out, drawn at random."""

    def __init__(self, cards: list[str], rng: Random) -> None:
        self.cards = list(cards)
        shuffle(rng, self.cards)

    def take(self) -> str:
        """A card of the pool, at random."""
        return self.cards.pop()

    def fill(self, places: list[str]) -> list[str]:
        """`places` with every HIDDEN replaced by a card of the pool."""
        return [self.take() if c == HIDDEN else c for c in places]

    def done(self) -> None:
        """Check that every card found a place: ValueError if some are left (the view has fewer hidden places
        than unseen cards)."""
        if self.cards:
            raise ValueError(f"{len(self.cards)} unseen cards found no hidden place")
