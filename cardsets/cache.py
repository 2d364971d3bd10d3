"""A per-user cache of what the card-set loaders read at every start (issue #42).

Parsing and checking the YAML of the app's texts and of the first game took most of start-up. Three things
are kept, as JSON:

- a text catalog the loader accepted (no problem at all), for `cardsets.load_texts` and `load_ui_texts`
  (`cardsets.catalog_cache`);
- a card file's parsed YAML (its values) when it parsed without a problem, for the loaders
  (`yamlfile.load_valid`), which validate it as they would the file: the cache spares the parsing, never the
  checks. Where each value stood is found by parsing the file again only when asked (a problem to place);
  a start that finds none asks nothing;
- the plural rule of a language as Babel gives it from CLDR (`plurals`), keyed by Babel's version, and the
  category of each small count, keyed by Babel's first file (read without importing Babel).

Each entry is kept under a digest of everything the answer depends on: the bytes read, the keys and notes
asked for, the file's label, and the source of the modules that parse and check them. So a file edited by
hand, a translator's save, a newer Convivium or a card set that asks for other keys gives another key and
the files are read anew; nothing is keyed by a date that a copy or a clock could keep. The cache holds only
what validation or parsing produced: an entry that cannot be read, is not JSON, is not of the shape this
module writes or has another key is ignored and written again, and what has problems is never kept, so its
problems are said at every start. `convivium check` reads the texts afresh (its card files' parses may come
from here, and are validated all the same); the workbench reads its own.

The folder: CONVIVIUM_CACHE if set (empty: no cache), else ``cache/`` in CONVIVIUM_HOME if set (tests, a
portable install), else the platform's per-user cache folder. JSON, never pickle: a file in a folder
others may write into must not be able to run code.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardsets import files
from cardsets.yamldoc import Document, Path_

VERSION = 3  # the shape of an entry; the loaders' own changes are caught by the digest of their sources
_MAX_ENTRY_BYTES = 32_000_000  # four files of yamlfile.MAX_FILE_BYTES, grown by JSON's escapes; anything past is refused
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
# The modules whose code decides what a file means and whether it is accepted.
_LOADER_SOURCES = ("text.py", "yamlfile.py", "yamldoc.py", "yamlparse.py", "plurals.py", "fields.py", "files.py",
                   "cache.py", "catalog_cache.py")


class Malformed(ValueError):
    """An entry that is not of the shape this module writes."""


def folder() -> Path | None:
    """Where the entries are kept, or None when the cache is off."""
    named = os.environ.get("CONVIVIUM_CACHE")
    if named is not None:
        return Path(named) if named else None
    home = os.environ.get("CONVIVIUM_HOME")
    if home:
        return Path(home) / "cache"
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / "Convivium" / "cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "Convivium"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "convivium"


# --- parsed card files ------------------------------------------------------------------------------------

def document(text: str, label: str) -> Document:
    """``yamlfile.parse(text, label)``, from the cache when it holds this very text's parse."""
    where = folder()
    if where is None:
        return _parsed(text, label)
    key = make_key(["document", label, hashlib.sha256(text.encode("utf-8")).hexdigest()])
    entry = where / "documents" / f"{digest([label])[:32]}.json"
    with contextlib.suppress(Malformed, RecursionError):
        value = read(entry, key)
        if value is not None:
            return _document(label, value, text)
    doc = _parsed(text, label)
    if not doc.problems:
        with contextlib.suppress(Malformed):  # a value JSON cannot hold as it is (.inf): parsed each time
            write(entry, key, {"data": _plain(doc.data)})
    return doc


def _parsed(text: str, label: str) -> Document:
    from cardsets import yamlparse  # and PyYAML with it: only for a text the cache does not hold

    return yamlparse.parse(text, label)


def _plain(value: Any) -> Any:
    """`value` (parsed YAML) as JSON that keeps what JSON alone would not: mappings with keys other than text,
    and lists apart from those mappings."""
    if isinstance(value, dict):
        return {"map": [[_plain(k), _plain(v)] for k, v in value.items()]}
    if isinstance(value, list):
        return {"list": [_plain(item) for item in value]}
    if isinstance(value, float) and not math.isfinite(value):
        raise Malformed("not a finite number")
    if value is None or isinstance(value, (str, int, float)):
        return value
    raise Malformed(f"not a YAML value: {type(value).__name__}")


def _unplain(value: Any) -> Any:
    if value is None or isinstance(value, (str, int, float)):
        return value
    if isinstance(value, dict) and list(value) == ["list"] and isinstance(value["list"], list):
        return [_unplain(item) for item in value["list"]]
    if isinstance(value, dict) and list(value) == ["map"] and isinstance(value["map"], list):
        found: dict[Any, Any] = {}
        for pair in value["map"]:
            if not isinstance(pair, list) or len(pair) != 2 or not _is_scalar(pair[0]):
                raise Malformed("not a key and its value")
            found[pair[0]] = _unplain(pair[1])
        return found
    raise Malformed("not a parsed value")


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float))


def _document(label: str, value: Any, text: str) -> Document:
    if not isinstance(value, dict) or set(value) != {"data"}:
        raise Malformed("not a document")
    return _Unplaced(label, _unplain(value["data"]), text)


class _Unplaced(Document):
    """A parse from the cache: its values, and where each stood found by parsing `text` again when first asked.
    Keeping the places made the entry three times larger and its reading twice as long, for problems that a
    file kept (it parsed without any) rarely has (issue #42)."""

    def __init__(self, file: str, data: Any, text: str) -> None:
        self._text: str | None = text
        self._positions: dict[Path_, tuple[int, int]] = {}
        self._key_positions: dict[Path_, tuple[int, int]] = {}
        super().__init__(file, data)

    @property  # a field of Document, filled when first read
    def positions(self) -> dict[Path_, tuple[int, int]]:
        self._place()
        return self._positions

    @positions.setter
    def positions(self, value: dict[Path_, tuple[int, int]]) -> None:
        self._positions = value

    @property
    def key_positions(self) -> dict[Path_, tuple[int, int]]:
        self._place()
        return self._key_positions

    @key_positions.setter
    def key_positions(self, value: dict[Path_, tuple[int, int]]) -> None:
        self._key_positions = value

    def _place(self) -> None:
        if self._text is not None:
            parsed, self._text = _parsed(self._text, self.file), None
            self._positions, self._key_positions = parsed.positions, parsed.key_positions


# --- plural rules ---------------------------------------------------------------------------------------------

def plural_rules(lang: str, babel_version: str, categories: tuple[str, ...]) -> dict[str, str] | None:
    """CLDR's plural rule of `lang` (category -> condition) as this version of Babel gave it, if it is kept (and
    names only `categories`)."""
    where = folder()
    if where is None:
        return None
    value = read(_plural_entry(where, lang), make_key(["plurals", lang, babel_version]))
    if not isinstance(value, dict) or not value or not all(
            category in categories and isinstance(condition, str) for category, condition in value.items()):
        return None
    return value


def keep_plural_rules(lang: str, babel_version: str, rules: Mapping[str, str]) -> None:
    """Keep the plural rule Babel gave for `lang` (`plural_rules` reads it with the same Babel)."""
    where = folder()
    if where is not None:
        write(_plural_entry(where, lang), make_key(["plurals", lang, babel_version]), dict(rules))


def _plural_entry(where: Path, lang: str) -> Path:
    return where / "plurals" / f"{digest([lang])[:32]}.json"


def plural_counts(lang: str, babel_stamp: str, categories: tuple[str, ...]) -> tuple[str, ...] | None:
    """The category of each small count in `lang` (count n at place n) as the Babel named by `babel_stamp` gave it,
    if it is kept (and names only `categories`)."""
    where = folder()
    if where is None:
        return None
    value = read(_counts_entry(where, lang), make_key(["plural counts", lang, babel_stamp]))
    if not isinstance(value, list) or not all(category in categories for category in value):
        return None
    return tuple(value)


def keep_plural_counts(lang: str, babel_stamp: str, counts: tuple[str, ...]) -> None:
    """Keep the category of each small count in `lang` (`plural_counts` reads it with the same Babel)."""
    where = folder()
    if where is not None:
        write(_counts_entry(where, lang), make_key(["plural counts", lang, babel_stamp]), list(counts))


def _counts_entry(where: Path, lang: str) -> Path:
    return where / "plural_counts" / f"{digest([lang])[:32]}.json"


# --- entries ----------------------------------------------------------------------------------------------

def make_key(parts: list[object]) -> str:
    """The key of an entry made from `parts` by this version of the loaders."""
    return digest([VERSION, _loader_digest(), *parts])


_loader: list[str] = []  # the digest of the loaders' sources, once per process


def _loader_digest() -> str:
    if not _loader:
        here = Path(__file__).resolve().parent
        sources = hashlib.sha256()
        for name in _LOADER_SOURCES:
            try:
                sources.update(files.read_bytes(here / name, _MAX_ENTRY_BYTES))
            except OSError:
                sources.update(b"unread " + name.encode())  # an install without sources: VERSION alone then
        _loader.append(sources.hexdigest())
    return _loader[0]


def digest(parts: list[object]) -> str:
    """A digest of `parts` (JSON values): an entry's key, or its file's name."""
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()


def read(entry: Path, key: str) -> Any:
    """The value kept at `entry` under `key`; None if there is none, or it is stale, damaged or of another shape."""
    try:
        kept = files.read_text(entry, _MAX_ENTRY_BYTES)
        # A lone surrogate would fail later, when the text is drawn or written; ours are written unescaped, so
        # any such escape (or a backslash before "ud8", a false alarm) only means the file is read afresh.
        if _SURROGATE.search(kept):
            return None
        data = json.loads(kept, parse_constant=_refuse)
    except (OSError, ValueError, RecursionError):  # missing, unreadable, too large, not UTF-8, not JSON, too deep
        return None
    if not isinstance(data, dict) or set(data) != {"version", "key", "value"}:
        return None
    if data["version"] != VERSION or data["key"] != key:
        return None
    return data["value"]


def _refuse(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def write(entry: Path, key: str, value: object) -> None:
    """Keep `value` (JSON values) at `entry` under `key`, whole or not at all."""
    data = {"version": VERSION, "key": key, "value": value}
    # A cache that cannot be written (a full disk, a read-only home) only means the next start reads the YAML; one
    # a power cut damaged is read as damaged, and written again: so not flushed to the disk, which a first start
    # waited for at each entry (issue #42).
    with contextlib.suppress(OSError):
        entry.parent.mkdir(parents=True, exist_ok=True)
        files.write_text(entry, json.dumps(data, ensure_ascii=False, separators=(",", ":")), private=True,
                         durable=False)
