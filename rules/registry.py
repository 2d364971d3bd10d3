"""Which engine plays which game and mode."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

import cardsets
from rules.kernel import BadOption, Engine

MODES: dict[str, tuple[str, ...]] = {"chrononauts": ("solonauts",)}


@lru_cache(maxsize=None)
def engine(game: str, mode: str) -> Engine[Any]:
    """The engine for a game mode, bound to the installed card set."""
    if mode not in MODES.get(game, ()):
        raise BadOption("option.unknown_mode", game=game, mode=mode)
    from rules.chrononauts.solonauts import SolonautsEngine

    return SolonautsEngine(cardsets.load_chrononauts())
