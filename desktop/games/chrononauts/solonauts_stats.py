"""Solonauts statistics: per number of travellers, games played and won, best score, streaks.

Kept as `stats.json` in the user's data folder. A game counts once, when it ends (won, lost or
given up); a game left unfinished for a new one does not count. A damaged file is set aside
under another name, never overwritten, and counting starts again.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from cardsets import files
from desktop.frame import storage
from rules.saves import write_atomic

MAX_BYTES = 64 * 1024  # five records of five numbers: well under a kilobyte
MAX_COUNT = 10**9  # far beyond any number of games one person plays


@dataclass
class Record:
    played: int = 0
    won: int = 0
    best: int = 0  # the most travellers brought home in one game
    streak: int = 0  # games won in a row up to the last one
    best_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.won / self.played if self.played else 0.0


class Statistics:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.records: dict[int, Record] = {}
        self.set_aside: Path | None = None  # where a damaged file went, to tell the player
        self._load()

    def _load(self) -> None:
        try:
            self.records = _parse(files.load_json(self.path, MAX_BYTES))
        except FileNotFoundError:
            return
        except (OSError, ValueError):  # not a file, too large, not UTF-8, not JSON, not our records
            self.set_aside = storage.set_aside(self.path)

    def record(self, ids: int, won: bool, score: int) -> None:
        """Count a finished game and save at once."""
        rec = self.records.setdefault(ids, Record())
        rec.played += 1
        rec.best = max(rec.best, score)
        if won:
            rec.won += 1
            rec.streak += 1
            rec.best_streak = max(rec.best_streak, rec.streak)
        else:
            rec.streak = 0
        self._save()

    def reset(self) -> None:
        self.records = {}
        self._save()

    def _save(self) -> None:
        data = {"format": "convivium-solonauts-stats", "by_ids": {str(k): asdict(v) for k, v in sorted(self.records.items())}}
        try:
            write_atomic(self.path, json.dumps(data, indent=1) + "\n")
        except OSError:
            pass  # statistics are a pleasure, not a duty: a read-only folder must not stop a game


def _parse(data: object) -> dict[int, Record]:
    """The records of a stats file; ValueError if it is not one."""
    if not isinstance(data, dict) or data.get("format") != "convivium-solonauts-stats":
        raise ValueError("not a statistics file")
    by_ids = data.get("by_ids")
    if not isinstance(by_ids, dict):
        raise ValueError("no records")
    names = {f.name for f in fields(Record)}
    out: dict[int, Record] = {}
    for key, raw in by_ids.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 9
                and isinstance(raw, dict) and set(raw) == names):
            raise ValueError(f"bad record {key!r}")
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT for v in raw.values()):
            raise ValueError(f"bad numbers in {key!r}")
        out[int(key)] = Record(**raw)
    return out


def default_path() -> Path:
    return storage.data_dir() / "stats.json"
