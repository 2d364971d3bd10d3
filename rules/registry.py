"""Which engine plays which game and mode.

Every game is a package `rules.<game>` that declares `ENGINES`, a mapping from each mode it
plays to a function building that mode's engine. Adding a game therefore touches nothing
here, nor does installing one beside Convivium (docs/new-game.md). Asking for one game's engine imports that game's package only, so starting a table does
not pay for the rules of every other game.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, overload

from rules.info import GameInfo
from rules.kernel import BadOption, Engine

if TYPE_CHECKING:
    from rules.bacchanalia.engine import BacchanaliaEngine
    from rules.banquet.engine import BanquetEngine
    from rules.chrononauts.full import ArtifaxxEngine, ChrononautsEngine
    from rules.chrononauts.solonauts import SolonautsEngine
    from rules.parsifal.engine import ParsifalEngine

Factory = Callable[[], Engine[Any]]


def _games() -> list[str]:
    # The game packages lie in the package's folders: beside this module, and those CONVIVIUM_GAMES adds (a game
    # installed outside the repository, docs/new-game.md). `rules/__init__` imports this module: named, not imported.
    return sorted({info.name for info in pkgutil.iter_modules(importlib.import_module("rules").__path__) if info.ispkg})


@lru_cache(maxsize=None)
def _declared(game: str) -> Mapping[str, Factory]:
    if game not in _games():
        return {}
    declared: Mapping[str, Factory] = getattr(importlib.import_module(f"rules.{game}"), "ENGINES", {})
    return declared


def modes() -> dict[str, tuple[str, ...]]:
    """Every game with the modes it can be played in."""
    return {game: tuple(_declared(game)) for game in _games() if _declared(game)}


def info(game: str) -> GameInfo:
    """What `game` declares about itself (`INFO` in its package); BadOption("option.unknown_mode") naming it
    when no such game is installed."""
    declared = getattr(importlib.import_module(f"rules.{game}"), "INFO", None) if _declared(game) else None
    if not isinstance(declared, GameInfo):
        raise BadOption("option.unknown_mode", mode=game)
    return declared


# A game and mode named in the code give that engine's own type; names known only at run time, any engine.
@overload
def engine(game: Literal["chrononauts"], mode: Literal["solonauts"]) -> SolonautsEngine: ...
@overload
def engine(game: Literal["chrononauts"], mode: Literal["chrononauts"]) -> ChrononautsEngine: ...
@overload
def engine(game: Literal["chrononauts"], mode: Literal["artifaxx"]) -> ArtifaxxEngine: ...
@overload
def engine(game: Literal["banquet"], mode: Literal["standard", "open_privileges"]) -> BanquetEngine: ...
@overload
def engine(game: Literal["bacchanalia"], mode: Literal["standard"]) -> BacchanaliaEngine: ...
@overload
def engine(game: Literal["parsifal"], mode: Literal["standard"]) -> ParsifalEngine: ...
@overload
def engine(game: str, mode: str) -> Engine[Any]: ...
def engine(game: str, mode: str) -> Engine[Any]:
    """The engine for a game mode, bound to the installed card set (one per process)."""
    return _engine(game, mode)


@lru_cache(maxsize=None)
def _engine(game: str, mode: str) -> Engine[Any]:
    factory = _declared(game).get(mode)
    if factory is None:
        raise BadOption("option.unknown_mode", game=game, mode=mode)
    return factory()
