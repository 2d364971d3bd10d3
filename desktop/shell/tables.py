"""Which table plays which game with several people on one screen.

Each game's table lives in its own module and is imported only when that game starts, so
opening Solonauts never loads the others.
"""
from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

from desktop.frame.seat_table import SeatGame, SeatTable, saved_game
from rules.saves import SaveError
from rules.saves import load as load_save

TABLES: dict[str, tuple[str, str]] = {  # game -> (module, class)
    "chrononauts": ("desktop.games.chrononauts.full_table", "ChrononautsTable"),
    "bacchanalia": ("desktop.games.bacchanalia.table", "BacchanaliaTable"),
    "banquet": ("desktop.games.banquet.table", "BanquetTable"),
    "parsifal": ("desktop.games.parsifal.table", "ParsifalTable"),
}
# A mode played at a table of its own: Solonauts, one seat of the same frame.
MODE_TABLES: dict[tuple[str, str], tuple[str, str]] = {
    ("chrononauts", "solonauts"): ("desktop.games.chrononauts.solonauts_table", "SolonautsTable"),
}


def seat_games() -> list[str]:
    """The games with a table, in menu order."""
    return [game for game in TABLES if _module_exists(TABLES[game][0])]


def table_class(game: str) -> type[SeatTable] | None:
    """The table class for `game`, or None if this Convivium has no table for it."""
    if game not in TABLES or not _module_exists(TABLES[game][0]):
        return None
    module, name = TABLES[game]
    table: type[SeatTable] = getattr(importlib.import_module(module), name)
    return table


def table_for(game: str, mode: str) -> type[SeatTable] | None:
    """The table that plays `mode` of `game` (a mode with a table of its own, else the game's)."""
    if (game, mode) not in MODE_TABLES:
        return table_class(game)
    module, name = MODE_TABLES[game, mode]
    table: type[SeatTable] = getattr(importlib.import_module(module), name)
    return table


def _module_exists(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def load_game(path: Path) -> tuple[type[SeatTable], SeatGame]:
    """The game a save holds, read by its table's game class, and that table. SaveError with the reason if the
    file cannot be read, or holds a game this Convivium has no table for; the file is only read."""
    held = saved_game(path)
    table = table_for(*held) if held is not None else None
    if table is None:
        match = load_save(path)  # a file the rules refuse with the reason, or a game without a table
        raise SaveError("save.unknown_game", game=match.engine.game, mode=match.engine.mode)
    return table, table.GAME_CLASS.load(path)
