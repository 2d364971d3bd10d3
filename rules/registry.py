"""Which engine plays which game and mode.

Every game is a package `rules.<game>` that declares `ENGINES`, a mapping from each mode it
plays to a function building that mode's engine. Adding a game therefore touches nothing
here. Asking for one game's engine imports that game's package only, so starting a table does
not pay for the rules of every other game.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from rules.kernel import BadOption, Engine

Factory = Callable[[], Engine[Any]]


def _games() -> list[str]:
    import rules

    return sorted(info.name for info in pkgutil.iter_modules(rules.__path__) if info.ispkg)


@lru_cache(maxsize=None)
def _declared(game: str) -> Mapping[str, Factory]:
    if game not in _games():
        return {}
    declared: Mapping[str, Factory] = getattr(importlib.import_module(f"rules.{game}"), "ENGINES", {})
    return declared


def modes() -> dict[str, tuple[str, ...]]:
    """Every game with the modes it can be played in."""
    return {game: tuple(_declared(game)) for game in _games() if _declared(game)}


@lru_cache(maxsize=None)
def engine(game: str, mode: str) -> Engine[Any]:
    """The engine for a game mode, bound to the installed card set (one per process)."""
    factory = _declared(game).get(mode)
    if factory is None:
        raise BadOption("option.unknown_mode", game=game, mode=mode)
    return factory()
