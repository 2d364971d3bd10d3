"""Where the app keeps its files: settings, the autosave, and the crash marker."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import QStandardPaths

from rules.saves import write_atomic

SAVE_SUFFIX = ".convivium.json"


def data_dir() -> Path:
    """CONVIVIUM_HOME if set (tests, portable installs), else the platform's app-data folder."""
    override = os.environ.get("CONVIVIUM_HOME")
    if override:
        return Path(override)
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".convivium")


def autosave_path() -> Path:
    return data_dir() / f"autosave{SAVE_SUFFIX}"


def hotseat_autosave_path() -> Path:
    """The game for several people on one screen, saved beside the solitaire one."""
    return data_dir() / f"hotseat{SAVE_SUFFIX}"


def running_marker() -> Path:
    """Exists while the app runs; found at start-up, it means the last run crashed."""
    return data_dir() / "running"


def set_aside(path: Path) -> Path | None:
    """Rename an unreadable file to `<name>.damaged-<n>` so nothing overwrites it."""
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.damaged-{n}")
        if not target.exists():
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
    try:
        leftovers = list(data_dir().glob(TEMP_PATTERN))
    except OSError:
        return removed
    for path in leftovers:
        try:
            if path.is_file() and now - path.stat().st_mtime > STALE_SECONDS:
                path.unlink()
                removed.append(path)
        except OSError:
            pass
    return removed


def load_settings() -> dict[str, Any]:
    try:
        data = json.loads((data_dir() / "settings.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(settings: dict[str, Any]) -> None:
    try:
        write_atomic(data_dir() / "settings.json", json.dumps(settings, indent=1) + "\n")
    except OSError:
        pass  # settings are a convenience; never fail a game over them
