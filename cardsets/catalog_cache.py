"""A per-user cache of the text catalogs the app reads at every start (issue #42).

Parsing and checking the YAML language files of the app and of the first game took most of start-up.
A catalog the loader accepted (no problem at all) is kept as JSON, under a key that is a digest of
everything the loader's answer depends on: the bytes of each language file, the keys and notes the card
set asks for, the file label, and the source of the modules that parse and check them. So a file edited
by hand, a translator's save, a newer Convivium or a card set that asks for other keys gives another key,
and the files are read and checked anew; nothing is keyed by a date that a copy or a clock could keep.

The cache holds only what validation produced, never something to validate: an entry that cannot be
read, is not JSON, is not of the exact shape below or has another key is ignored and written again.
A catalog with problems is never kept, so its problems are said at every start. `convivium check` and
the workbench do not read the cache.

The folder: CONVIVIUM_CACHE if set (empty: no cache), else ``cache/`` in CONVIVIUM_HOME if set (tests, a
portable install), else the platform's per-user cache folder. JSON, never pickle: a file in a folder
others may write into must not be able to run code.
"""
from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cardsets import files
from cardsets.text import LANGUAGES, Catalog
from cardsets.yamlfile import MAX_FILE_BYTES, Problem

VERSION = 1  # the shape of an entry; the loader's own changes are caught by the digest of its sources
_MAX_ENTRY_BYTES = 4 * len(LANGUAGES) * MAX_FILE_BYTES  # JSON escapes grow a file's text; anything past is refused
# The modules whose code decides what a language file means and whether it is accepted.
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_LOADER_SOURCES = ("text.py", "yamlfile.py", "plurals.py", "fields.py", "files.py", "catalog_cache.py")


def folder() -> Path | None:
    """Where the catalogs are kept, or None when the cache is off."""
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


def load(text_folder: Path, label: str, required: Iterable[str] = (),
         notes: Mapping[str, str] | None = None) -> tuple[Catalog, list[Problem]]:
    """``text.load(text_folder, label, required, notes, all_forms=False)``, from the cache when it holds the
    answer for these very files, else read, checked and (when accepted) kept."""
    from cardsets import text

    where = folder()
    key = _key(text_folder, label, list(required), dict(notes or {}))
    entry = None if where is None else where / "texts" / f"{_digest([label, str(text_folder)])[:32]}.json"
    if entry is not None:
        kept = _read(entry, key)
        if kept is not None:
            return kept, []
    catalog, problems = text.load(text_folder, label, required, notes, all_forms=False)
    if entry is not None and not problems:
        _write(entry, key, catalog)
    return catalog, problems


def _key(text_folder: Path, label: str, required: list[str], notes: dict[str, str]) -> str:
    parts: list[object] = [VERSION, label, required, sorted(notes.items()), _loader_digest()]
    for lang in LANGUAGES:
        try:
            parts.append(hashlib.sha256(files.read_bytes(text_folder / f"{lang}.yaml", MAX_FILE_BYTES)).hexdigest())
        except OSError as exc:  # the loader says what is wrong with it; the key only has to differ
            parts.append(f"unread: {type(exc).__name__}")
    return _digest(parts)


_loader: list[str] = []  # the digest of the loader's sources, once per process


def _loader_digest() -> str:
    if not _loader:
        here = Path(__file__).resolve().parent
        digest = hashlib.sha256()
        for name in _LOADER_SOURCES:
            try:
                digest.update(files.read_bytes(here / name, MAX_FILE_BYTES))
            except OSError:
                digest.update(b"unread " + name.encode())  # an install without sources: VERSION alone then
        _loader.append(digest.hexdigest())
    return _loader[0]


def _digest(parts: list[object]) -> str:
    return hashlib.sha256(json.dumps(parts, ensure_ascii=False).encode("utf-8")).hexdigest()


def _read(entry: Path, key: str) -> Catalog | None:
    """The catalog kept at `entry` under `key`; None if there is none, or it is stale, damaged or of another shape."""
    try:
        kept = files.read_text(entry, _MAX_ENTRY_BYTES)
        # A lone surrogate would fail later, when the text is drawn or written; ours are written unescaped, so
        # any such escape (or a backslash before "ud8", a false alarm) only means the catalog is read afresh.
        if _SURROGATE.search(kept):
            return None
        data = json.loads(kept, parse_constant=_refuse)
    except (OSError, ValueError, RecursionError):  # missing, unreadable, too large, not UTF-8, not JSON, too deep
        return None
    if not isinstance(data, dict) or set(data) != {"version", "key", "strings", "stamps"}:
        return None
    if data["version"] != VERSION or data["key"] != key:
        return None
    strings, stamps = _tables(data["strings"]), _tables(data["stamps"])
    if strings is None or stamps is None:
        return None
    return Catalog(strings, stamps)


def _refuse(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _tables(value: Any) -> dict[str, dict[str, str]] | None:
    """Language -> key -> text, one table per language and only text in it; None if `value` is not that."""
    if not isinstance(value, dict) or list(value) != list(LANGUAGES):
        return None
    for table in value.values():
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            return None
    return value


def _write(entry: Path, key: str, catalog: Catalog) -> None:
    data = {"version": VERSION, "key": key, "strings": catalog.strings, "stamps": catalog.stamps}
    # A cache that cannot be written (a full disk, a read-only home) only means the next start reads the YAML.
    with contextlib.suppress(OSError):
        entry.parent.mkdir(parents=True, exist_ok=True)
        files.write_text(entry, json.dumps(data, ensure_ascii=False, separators=(",", ":")), private=True)
