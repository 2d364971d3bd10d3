"""Solonauts' deal numbers as a person types them (the New game dialog, `convivium --deal`) and as a random deal
draws them."""
from __future__ import annotations

import random

from rules.chrononauts.deals import MAX_DEAL


def parse_deal(text: str) -> int | None:
    """A deal number typed by a person: None for a random deal; ValueError if not a number."""
    text = text.strip().replace("_", "")
    if not text:
        return None
    if not text.isdigit() or int(text) > MAX_DEAL:
        raise ValueError(text)
    return int(text)


def random_deal() -> int:
    return random.SystemRandom().randrange(MAX_DEAL + 1)
