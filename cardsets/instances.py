"""How the copies of a card are named in every game: the card id alone when the set has one copy,
'id#1'..'id#n' when it has several. Engines deal instances; texts and data are looked up by card id."""
from __future__ import annotations


def instances(card_id: str, count: int) -> list[str]:
    """The instances of a card the set holds `count` copies of ('carp', 2 -> ['carp#1', 'carp#2'])."""
    return [card_id] if count == 1 else [f"{card_id}#{n}" for n in range(1, count + 1)]


def card_kind(instance: str) -> str:
    """The card id of an instance ('inv_reverse_fate#3' -> 'inv_reverse_fate')."""
    return instance.split("#", 1)[0]
