"""Which engine plays which game and mode.

Every game is a package `rules.<game>` that declares `ENGINES`, a mapping from each mode it
plays to a function building that mode's engine. Adding a game therefore touches nothing
here: its package is found when the registry is first asked.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from rules.kernel import BadOption, Engine

Factory = Callable[[], Engine[Any]]


@lru_cache(maxsize=1)
def _factories() -> dict[str, Mapping[str, Factory]]:
    import rules

    found: dict[str, Mapping[str, Factory]] = {}
    for info in sorted(pkgutil.iter_modules(rules.__path__), key=lambda i: i.name):
        if info.ispkg:
            declared = getattr(importlib.import_module(f"rules.{info.name}"), "ENGINES", None)
            if declared:
                found[info.name] = declared
    return found


def modes() -> dict[str, tuple[str, ...]]:
    """Every game with the modes it can be played in."""
    return {game: tuple(table) for game, table in _factories().items()}


@lru_cache(maxsize=None)
def engine(game: str, mode: str) -> Engine[Any]:
    """The engine for a game mode, bound to the installed card set (one per process)."""
    factory = _factories().get(game, {}).get(mode)
    if factory is None:
        raise BadOption("option.unknown_mode", game=game, mode=mode)
    return factory()
