"""Which table plays which game with several people on one screen.

The tables are named by each game's registration (`desktop.games`); a table's module is imported only
when that game starts, so opening Solonauts never loads the others.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

from desktop.frame.registration import games, registration, resolve
from desktop.frame.seat_table import SeatGame, SeatTable, saved_game
from rules.saves import SaveError
from rules.saves import load as load_save


def seat_games() -> list[str]:
    """The games with a table, in menu order."""
    return [game for game in games() if _has_table(game)]


def table_class(game: str) -> type[SeatTable] | None:
    """The table class for `game`, or None if this Convivium has no table for it."""
    found = registration(game)
    if found is None or not _has_table(game):
        return None
    table: type[SeatTable] = resolve(found.table)
    return table


def table_for(game: str, mode: str) -> type[SeatTable] | None:
    """The table that plays `mode` of `game` (a mode with a table of its own, else the game's)."""
    found = registration(game)
    if found is None or mode not in found.mode_tables:
        return table_class(game)
    table: type[SeatTable] = resolve(found.mode_tables[mode])
    return table


def _has_table(game: str) -> bool:
    """Whether the module of `game`'s table is there (looked for, not imported)."""
    found = registration(game)
    return found is not None and importlib.util.find_spec(found.table.partition(":")[0]) is not None


def load_game(path: Path) -> tuple[type[SeatTable], SeatGame]:
    """The game a save holds, read by its table's game class, and that table. SaveError with the reason if the
    file cannot be read, or holds a game this Convivium has no table for; the file is only read."""
    held = saved_game(path)
    table = table_for(*held) if held is not None else None
    if table is None:
        match = load_save(path)  # a file the rules refuse with the reason, or a game without a table
        raise SaveError("save.unknown_game", game=match.engine.game, mode=match.engine.mode)
    return table, table.GAME_CLASS.load(path)
