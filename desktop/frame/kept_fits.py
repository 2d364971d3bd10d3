"""The texts of card faces as fitted, kept between starts beside the loaders' cache (issue #42).

Fitting a face's texts (the largest size that wraps inside each box, a name broken between syllables, a rule
text cut short) measures each text at several sizes: that was a third of the first table's first paint. What a
face shows depends only on the face, the smallest readable size at its scale, the code that fits it and the fonts
Qt measures with, so the answers are kept in one JSON file in the loaders' cache folder (`cardsets.cache.folder()`),
under a key made of Qt's version, the platform, the default font and what it measures for a sample, and the source
of the modules that fit. Another key, an entry that is not of the shape written here, or a file that cannot be
read means the texts are fitted anew and the file is written again when the process ends; nothing read from it can
stop a face from being drawn.

The file keeps the faces most recently asked for, at most ENTRIES_KEPT, so that it stays quick to read.
"""
from __future__ import annotations

import atexit
import hashlib
from pathlib import Path
from typing import Any

from PySide6.QtCore import qVersion
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QGuiApplication

from cardsets import cache, files

ENTRIES_KEPT = 1500  # a few games' worth of faces at a few sizes; the file is read whole at every start
_SOURCES = ("card_item.py", "hyphens.py", "kept_fits.py")  # the code that decides what a face shows
_SAMPLE = "Hamburgefontsiv ÀÉÎÕÜ 0123456789 …"  # measured for the key: other fonts measure it otherwise

Row = list[Any]  # one text as a face shows it: role, x, y, width, height, text, pixel size, bold, colour, align


class _Kept:
    """The file as read (its entry, its key, its faces) and whether a face was fitted anew since."""

    def __init__(self) -> None:
        self.entry: Path | None = None
        self.key = ""
        self.rows: dict[str, list[Row]] = {}  # by face, least recently asked for first
        self.added = False


_kept: _Kept | None = None


def face_key(face: object, floor: int | None) -> str:
    """The name of one face's entry: a digest of everything the face holds (`face` is a frozen dataclass of
    plain values, whose repr says them all) and the readable floor it is seen at."""
    return hashlib.sha256(repr((face, floor)).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def shown(key: str) -> list[Row] | None:
    """The rows kept for the face named `key`, each checked for the shape `keep` writes; None if there are none."""
    kept = _loaded()
    rows = kept.rows.pop(key, None)
    if rows is None:
        return None
    if not (isinstance(rows, list) and all(_is_row(row) for row in rows)):
        return None  # damaged: fitted again, and this entry replaced
    kept.rows[key] = rows  # asked for again: the last to be left out
    return rows


def keep(key: str, rows: list[Row]) -> None:
    """Keep the rows fitted for the face named `key`; the file is written when the process ends."""
    kept = _loaded()
    kept.rows.pop(key, None)
    kept.rows[key] = rows
    if not kept.added and kept.entry is not None:
        kept.added = True
        atexit.register(save)


def save() -> None:
    """Write the kept faces, the most recently asked for, if any were added since they were read."""
    kept = _kept
    if kept is None or kept.entry is None or not kept.added:
        return
    newest = list(kept.rows.items())[-ENTRIES_KEPT:]
    cache.write(kept.entry, kept.key, {face: rows for face, rows in newest})
    kept.added = False


def forget() -> None:
    """Read the file again at the next ask (tests: a new process)."""
    global _kept
    _kept = None


def _loaded() -> _Kept:
    global _kept
    if _kept is None:
        _kept = _Kept()
        where = cache.folder()
        if where is not None:
            _kept.entry = where / "faces" / "fitted.json"
            _kept.key = cache.make_key(["fitted faces", *_fonts(), _source_digest()])
            value = cache.read(_kept.entry, _kept.key)
            if isinstance(value, dict):
                _kept.rows = {face: rows for face, rows in value.items() if isinstance(rows, list)}
    return _kept


def _fonts() -> list[object]:
    """What the fonts Qt measures with are, as far as they decide a fit."""
    font = QFont()
    bold = QFont(font)
    bold.setBold(True)
    return [qVersion(), QGuiApplication.platformName(), font.toString(), QFontInfo(font).family(),
            *(QFontMetricsF(each).horizontalAdvance(_SAMPLE) for each in (font, bold))]


def _source_digest() -> str:
    here = Path(__file__).resolve().parent
    sources = hashlib.sha256()
    for name in _SOURCES:
        try:
            sources.update(files.read_bytes(here / name, 1_000_000))
        except OSError:
            sources.update(b"unread " + name.encode())  # an install without sources: Qt and the fonts decide
    return sources.hexdigest()


def _is_row(row: object) -> bool:
    """A row as `keep` writes it, with values Qt takes as they are: a box on a card, a size in pixels, alignment
    flags (a number past Qt's would fail only when the face is painted)."""
    return (isinstance(row, list) and len(row) == 10 and isinstance(row[0], str)
            and all(type(n) in (int, float) and abs(n) < 100_000 for n in row[1:5]) and isinstance(row[5], str)
            and type(row[6]) is int and 0 < row[6] < 1000 and type(row[7]) is bool and isinstance(row[8], str)
            and type(row[9]) is int and 0 <= row[9] < 0x10000)
