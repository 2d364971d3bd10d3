"""What each game's desktop package declares about its table (`REGISTRATION` in `desktop/games/<game>/__init__.py`),
and where the rest of the desktop finds it.

A registration names the table and the workbench adapter as "module:Class" strings, so reading one imports no
table: the window starts with one game's table only. The packages are found the way `rules.registry` finds the
engines, by listing the folders of `desktop.games` (imported by name: the games sit above this layer); a game
installed outside the repository (docs/new-game.md) lies in another folder of that package.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

GAMES_PACKAGE = "desktop.games"


@dataclass(frozen=True)
class Registration:
    """A game's table, as the rest of the desktop needs to know it.

    `table`: "module:Class" of the table playing the game's modes; `mode_tables`: a mode played at a table
    of its own (Solonauts), mode -> "module:Class". `named_modes`: modes that go by a name of their own
    (Chrononauts' Artifaxx and Solonauts), which How to play (a rules text each, titled "mode.<name>"),
    the screenshot and the legibility tool offer as if they were games; the others go by the game's name
    (a rules text titled "game.<game>"). `mid_game`: each of those names -> how many random moves make a
    typical mid-game for a picture; `late_game`: for some of them, how many make a late game, whose crowded areas
    the legibility check draws as well. `adapter`: "module:Class" of the workbench's adapter drawing the
    cards (None: the workbench lists the strings only). `keys_not_here`: rows of the keys help (F1,
    desktop/frame/keys_help.py) that do nothing at this table. `turn_field`: the state's turn counter,
    where a replay's turns start (None: when the players to act change). `rank`: the place in the menus,
    lowest first, then by name."""

    game: str
    table: str
    mid_game: Mapping[str, int]
    late_game: Mapping[str, int] = field(default_factory=dict)
    mode_tables: Mapping[str, str] = field(default_factory=dict)
    named_modes: tuple[str, ...] = ()
    adapter: str | None = None
    keys_not_here: frozenset[str] = frozenset()
    turn_field: str | None = None
    rank: int = 100

    def names(self) -> tuple[str, ...]:
        """What the game goes by in the rules texts, the screenshot and the tools: its named modes, or itself."""
        return self.named_modes or (self.game,)


def _packages() -> set[str]:
    """The packages of `desktop.games`, in each of its folders (the repository's, and those CONVIVIUM_GAMES names)."""
    folders = importlib.import_module(GAMES_PACKAGE).__path__
    return {info.name for info in pkgutil.iter_modules(folders) if info.ispkg}


def games() -> list[str]:
    """Every game with a desktop package, in menu order (each package's registration read, no table imported)."""
    found = [name for name in _packages() if registration(name) is not None]
    return sorted(found, key=lambda name: (_rank(name), name))


def _rank(game: str) -> int:
    found = registration(game)
    return found.rank if found is not None else 0


@cache
def registration(game: str) -> Registration | None:
    """The registration of `game`'s desktop package; None if there is none (this imports that package alone)."""
    if game not in _packages():
        return None
    found = getattr(importlib.import_module(f"{GAMES_PACKAGE}.{game}"), "REGISTRATION", None)
    return found if isinstance(found, Registration) and found.game == game else None


def registrations() -> list[Registration]:
    """Every game's registration, in menu order."""
    return [found for game in games() if (found := registration(game)) is not None]


def resolve(reference: str) -> Any:
    """The object a "module:Name" reference of a registration names, its module imported now."""
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def modes_at(game: str, table: type) -> tuple[str, ...]:
    """The modes of `game` played at `table` (a class or one derived from it): those the registration gives it
    a table of its own for, else every mode the rules declare (`rules.info`) that has no table of its own."""
    from rules.registry import info

    found = registration(game)
    own = found.mode_tables if found is not None else {}
    names = {f"{cls.__module__}:{cls.__name__}" for cls in table.__mro__}
    mine = tuple(mode for mode, reference in own.items() if reference in names)
    return mine or tuple(mode for mode in info(game).modes if mode not in own)


def name_of(game: str, mode: str) -> str:
    """What `mode` of `game` goes by in the rules texts, the guided games and the pictures: its own name
    (Artifaxx), else the game's."""
    found = registration(game)
    return mode if found is not None and mode in found.named_modes else game


def title_key(name: str) -> str:
    """The text key titling a rules text or a guided game called `name`: a named mode's, else its game's."""
    named = any(name in found.named_modes for found in registrations())
    return f"mode.{name}" if named else f"game.{name}"


def in_menu_order(names: Iterable[str]) -> list[str]:
    """`names` (of games and named modes) in the menus' order; those no registration knows last, by name."""
    order = [name for found in registrations() for name in found.names()]
    return sorted(names, key=lambda name: (order.index(name) if name in order else len(order), name))
