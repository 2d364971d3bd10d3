"""The texts of card faces as fitted, kept between starts beside the loaders' cache (issue #42).

Fitting a face's texts (the largest size that wraps inside each box, a name broken between syllables, a rule
text cut short) measures each text at several sizes: that was a third of the first table's first paint. What a
face shows depends only on the face, the smallest readable size at its scale, the code that fits it and the fonts
Qt measures with, so the answers are kept in one JSON file in the loaders' cache folder (`cardsets.cache.folder()`),
under a key made of Qt's version, the platform, the default font and what it measures for a sample, and the source
of the modules that fit. Another key, an entry that is not of the shape written here, or a file that cannot be
read means the texts are fitted anew and the file is written again when the process ends; nothing read from it can
stop a face from being drawn.

The file keeps the faces most recently asked for, at most ENTRIES_KEPT, so that it stays quick to read. Other
answers measured with the same fonts are kept the same way, each on a `Shelf` of its own (the Solonauts table's
layouts, desktop/games/chrononauts/solonauts_scene.py).
"""
from __future__ import annotations

import atexit
import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from PySide6.QtCore import qVersion
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QGuiApplication

from cardsets import cache, files

ENTRIES_KEPT = 1500  # a few games' worth of faces at a few sizes; the file is read whole at every start
_SAMPLE = "Hamburgefontsiv ÀÉÎÕÜ 0123456789 …"  # measured for the key: other fonts measure it otherwise

Row = list[Any]  # one text as a face shows it: role, x, y, width, height, text, pixel size, bold, colour, align
HERE = Path(__file__).resolve().parent
FITTING = tuple(HERE / name for name in ("card_item.py", "hyphens.py", "kept_fits.py"))  # what decides a face's texts


class Shelf:
    """Answers measured with Qt's fonts, kept in one JSON file of the loaders' cache folder under a key made of the
    fonts (`_fonts`) and the source of the modules that decide the answers: read whole at the first ask, written
    when the process ends if an answer was added, with the most recently asked for first kept. What `valid` refuses
    is measured again and written over."""

    def __init__(self, name: str, sources: tuple[Path, ...], valid: Callable[[Any], bool],
                 limit: Callable[[], int]) -> None:
        self.name, self.sources, self.valid, self.limit = name, sources, valid, limit
        self.entry: Path | None = None
        self.key = ""
        self.answers: dict[str, Any] | None = None  # by key, least recently asked for first; None: not read yet
        self.added = False
        _SHELVES.append(self)

    def get(self, key: str) -> Any:
        """The answer kept under `key`, None if there is none of the shape `valid` accepts."""
        answers = self._loaded()
        found = answers.pop(key, None)
        if found is None or not self.valid(found):
            return None  # missing, or damaged: measured again, and this entry replaced
        answers[key] = found  # asked for again: the last to be left out
        return found

    def put(self, key: str, answer: Any) -> None:
        """Keep `answer` under `key`; the file is written when the process ends."""
        answers = self._loaded()
        answers.pop(key, None)
        answers[key] = answer
        if not self.added and self.entry is not None:
            self.added = True
            atexit.register(self.save)

    def save(self) -> None:
        """Write the answers most recently asked for, if any were added since they were read."""
        if self.answers is None or self.entry is None or not self.added:
            return
        cache.write(self.entry, self.key, dict(list(self.answers.items())[-self.limit():]))
        self.added = False

    def forget(self) -> None:
        """Read the file again at the next ask (tests: a new process)."""
        self.entry, self.key, self.answers, self.added = None, "", None, False

    def _loaded(self) -> dict[str, Any]:
        if self.answers is None:
            self.answers = {}
            where = cache.folder()
            if where is not None:
                self.entry = where / f"{self.name}.json"
                self.key = cache.make_key([self.name, *_fonts(), _source_digest(self.sources)])
                value = cache.read(self.entry, self.key)
                if isinstance(value, dict):
                    self.answers = value
        return self.answers


_SHELVES: list[Shelf] = []


def answer_key(asked: object) -> str:
    """The name of an answer's entry: a digest of everything it was measured for (plain values and frozen
    dataclasses of them, whose repr says them all)."""
    return hashlib.sha256(repr(asked).encode("utf-8", "surrogatepass")).hexdigest()[:32]


def face_key(face: object, floor: int | None) -> str:
    """The name of one face's entry: the face and the readable floor it is seen at."""
    return answer_key((face, floor))


def _are_rows(rows: object) -> bool:
    return isinstance(rows, list) and all(_is_row(row) for row in rows)


_FACES = Shelf("faces/fitted", FITTING, _are_rows, lambda: ENTRIES_KEPT)
TRIED_HELD = 4096  # faces fitted while layouts were measured and not drawn yet, held in memory
_TRIED: dict[tuple[object, int], tuple[str, list[Row]]] = {}  # (face, floor) -> its entry's name and rows
_measuring: ContextVar[bool] = ContextVar("measuring", default=False)


def shown(key: str) -> list[Row] | None:
    """The rows kept for the face named `key`, each checked for the shape `keep` writes; None if there are none."""
    rows: list[Row] | None = _FACES.get(key)
    return rows


def keep(key: str, rows: list[Row], face: object, floor: int) -> None:
    """Keep the rows fitted for `face` at `floor`, its entry named `key`; the file is written when the process ends.
    While a layout is measured (`measuring`) they are only held, until the face is drawn."""
    if _measuring.get():
        if len(_TRIED) >= TRIED_HELD:
            _TRIED.clear()  # a window dragged through many sizes: the tries of the sizes left behind
        _TRIED[(face, floor)] = (key, rows)
        return
    _FACES.put(key, rows)


@contextmanager
def measuring() -> Iterator[None]:
    """Faces fitted meanwhile are the sizes a layout tries on its way to the one it takes, which is kept on a shelf of
    its own (the Solonauts table's): they are kept between starts only once drawn (`drawn`). At 1280×720, 755 of the
    764 faces a Solonauts start kept were such tries, read back whole at every start and never asked for (issue #42)."""
    token = _measuring.set(True)
    try:
        yield
    finally:
        _measuring.reset(token)


def drawn(face: object, floor: int) -> None:
    """`face` is drawn at `floor`: its rows, if fitted while a layout was measured, are kept between starts."""
    held = _TRIED.pop((face, floor), None) if _TRIED else None  # by the face itself: no digest made per face drawn
    if held is not None:
        _FACES.put(*held)


def asked(face: object, floor: int) -> None:
    """`face` is asked for at `floor` outside a layout's measure (whether a hand's cards read whole at a width): kept
    between starts as one drawn is. Fitted first while the layout was measured, it was held, and fitted again at every
    start (a hand's widest width the very size of the pile the layout measured)."""
    if _TRIED and not _measuring.get():
        drawn(face, floor)


def save() -> None:
    """Write every shelf's answers added since it was read (as the process ends)."""
    for shelf in _SHELVES:
        shelf.save()


def forget() -> None:
    """Read every shelf's file again at the next ask, with no tries held (tests: a new process)."""
    for shelf in _SHELVES:
        shelf.forget()
    _TRIED.clear()


def _fonts() -> list[object]:
    """What the fonts Qt measures with are, as far as they decide a fit."""
    font = QFont()
    bold = QFont(font)
    bold.setBold(True)
    return [qVersion(), QGuiApplication.platformName(), font.toString(), QFontInfo(font).family(),
            *(QFontMetricsF(each).horizontalAdvance(_SAMPLE) for each in (font, bold))]


def _source_digest(paths: tuple[Path, ...]) -> str:
    sources = hashlib.sha256()
    for path in paths:
        try:
            sources.update(files.read_bytes(path, 1_000_000))
        except OSError:
            sources.update(b"unread " + path.name.encode())  # an install without sources: Qt and the fonts decide
    return sources.hexdigest()


def _is_row(row: object) -> bool:
    """A row as `keep` writes it, with values Qt takes as they are: a box on a card, a size in pixels, alignment
    flags (a number past Qt's would fail only when the face is painted)."""
    return (isinstance(row, list) and len(row) == 10 and isinstance(row[0], str)
            and all(type(n) in (int, float) and abs(n) < 100_000 for n in row[1:5]) and isinstance(row[5], str)
            and type(row[6]) is int and 0 < row[6] < 1000 and type(row[7]) is bool and isinstance(row[8], str)
            and type(row[9]) is int and 0 <= row[9] < 0x10000)
