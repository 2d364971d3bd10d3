"""Where the app keeps its files: settings, the autosaves, and the crash marker."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths

from cardsets import files
from rules.saves import write_atomic

SAVE_SUFFIX = ".convivium.json"


def data_dir() -> Path:
    """CONVIVIUM_HOME if set (tests, portable installs), else the platform's app-data folder."""
    override = os.environ.get("CONVIVIUM_HOME")
    if override:
        return Path(override)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".convivium")


def translations_dir() -> Path:
    """The user's translations (`convivium translate import` writes here): ``<game>/<lang>.yaml``,
    read over the installed card set's language files."""
    return data_dir() / "translations"


def legacy_autosave_path() -> Path:
    """Where earlier versions autosaved the Solonauts game; moved into games_dir() at start."""
    return data_dir() / f"autosave{SAVE_SUFFIX}"


def games_dir() -> Path:
    """The games in progress, one autosave each (the list under Game → Games in progress)."""
    return data_dir() / "games"


def legacy_hotseat_path() -> Path:
    """The single slot earlier versions kept the game for several in; moved into games_dir() at start."""
    return data_dir() / f"hotseat{SAVE_SUFFIX}"


def new_game_slot(stem: str = "game") -> Path:
    """A fresh autosave in games_dir() for a new game: named from the time and a random tail,
    never from a title or a name (translated or typed text never becomes a file name)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        path = games_dir() / f"{stem}-{stamp}-{os.urandom(4).hex()}{SAVE_SUFFIX}"
        if not path.exists():
            return path


def is_game_slot(path: Path) -> bool:
    """Is `path` the autosave of a game in progress (a file in games_dir())?"""
    try:
        return path.resolve().parent == games_dir().resolve()
    except OSError:
        return False


def game_slots() -> list[Path]:
    """Every autosave in games_dir(), played last first (the old single slot moved in beforehand)."""
    migrate_legacy_hotseat()
    try:
        found = [p for p in games_dir().glob(f"*{SAVE_SUFFIX}") if p.is_file()]
    except OSError:
        return []
    return sorted(found, key=_last_played, reverse=True)


def _last_played(path: Path) -> tuple[int, str]:
    try:
        return path.stat().st_mtime_ns, path.name
    except OSError:
        return 0, path.name


def migrate_legacy_hotseat() -> Path | None:
    """Move the old single slot into games_dir() (renamed, its time kept); where it went, or None."""
    old = legacy_hotseat_path()
    return move_into_games(old, "earlier") if old.is_file() else None


def move_into_games(old: Path, stem: str) -> Path | None:
    """Move an autosave of earlier versions into games_dir() (renamed, its time kept); where it went, or None."""
    try:
        games_dir().mkdir(parents=True, exist_ok=True)
        target = new_game_slot(stem)
        old.rename(target)
    except OSError:
        return None  # left where it was: read again at the next start
    return target


def hotseat_autosave_path() -> Path:
    """The autosave of the game played last (none yet: the old single slot's name)."""
    slots = game_slots()
    return slots[0] if slots else legacy_hotseat_path()


def running_marker() -> Path:
    """Exists while the app runs; found at start-up, it means the last run crashed."""
    return data_dir() / "running"


def set_aside(path: Path) -> Path | None:
    """Rename an unreadable file to `<name>.damaged-<n>` so nothing overwrites it."""
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.damaged-{n}")
        if not os.path.lexists(target):  # a dangling link there is a name taken, too
            try:
                path.rename(target)
            except OSError:
                return None
            return target
    return None


TEMP_PATTERN = ".*.tmp"  # what rules.saves.write_atomic writes before its rename
STALE_SECONDS = 600  # a write takes milliseconds: an older temporary file was left by a crash


def remove_stale_temp_files(now: float | None = None) -> list[Path]:
    """Delete the temporary files a crash mid-save left in the data folder; the removed ones.

    They never replace a save (only a finished write is renamed over one), so they are just litter.
    A young one may belong to a write in progress in another window, and is left alone."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    leftovers: list[Path] = []
    for folder in (data_dir(), games_dir()):
        try:
            leftovers += folder.glob(TEMP_PATTERN)
        except OSError:
            pass
    for path in leftovers:
        try:
            if path.is_file() and now - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
                removed.append(path)
        except OSError:
            pass
    return removed


SETTINGS_MAX_BYTES = 256 * 1024  # a language, a number, a few names: a few hundred bytes


def settings_path() -> Path:
    return data_dir() / "settings.json"


def read_settings() -> tuple[dict[str, Any], Path | None]:
    """The settings, at start: a file that cannot be read as settings (damaged, hostile, not a file)
    is set aside and the settings start afresh; the second value is where it went, to tell the player."""
    path = settings_path()
    try:
        data = files.load_json(path, SETTINGS_MAX_BYTES)
    except FileNotFoundError:
        return {}, None
    except (OSError, ValueError):
        return {}, set_aside(path)
    if not isinstance(data, dict):
        return {}, set_aside(path)
    return data, None


def load_settings() -> dict[str, Any]:
    """The settings, only read (never set aside): {} if there is no readable settings file."""
    try:
        data = files.load_json(settings_path(), SETTINGS_MAX_BYTES)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(settings: dict[str, Any]) -> None:
    try:
        # Names as they are (ensure_ascii would write a lone surrogate as an escape the reader refuses;
        # write_atomic writes it as "?").
        write_atomic(settings_path(), json.dumps(settings, indent=1, ensure_ascii=False) + "\n")
    except OSError:
        pass  # settings are a convenience; never fail a game over them
