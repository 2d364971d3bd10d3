"""The text catalogs the app reads at every start, kept in the loaders' cache (`cardsets.cache`, issue #42).

A catalog the loader accepted (no problem at all) is kept under a digest of the bytes of its four language
files, the keys and notes its card set asks for, its label and the loaders' sources; `convivium check` reads
the files afresh and the workbench reads its own.
"""
from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cardsets import cache, files, text
from cardsets.text import LANGUAGES, Catalog
from cardsets.yamlfile import MAX_FILE_BYTES, Problem


def load(text_folder: Path, label: str, required: Iterable[str] = (),
         notes: Mapping[str, str] | None = None) -> tuple[Catalog, list[Problem]]:
    """``text.load(text_folder, label, required, notes, all_forms=False)``, from the cache when it holds the
    answer for these very files, else read, checked and (when accepted) kept."""
    where = cache.folder()
    parts: list[object] = ["catalog", label, list(required), sorted((notes or {}).items())]
    for lang in LANGUAGES:
        try:
            parts.append(hashlib.sha256(files.read_bytes(text_folder / f"{lang}.yaml", MAX_FILE_BYTES)).hexdigest())
        except OSError as exc:  # the loader says what is wrong with it; the key only has to differ
            parts.append(f"unread: {type(exc).__name__}")
    key = cache.make_key(parts)
    entry = None if where is None else where / "texts" / f"{cache.digest([label, str(text_folder)])[:32]}.json"
    if entry is not None:
        with contextlib.suppress(cache.Malformed):
            value = cache.read(entry, key)
            if value is not None:
                return _catalog(value), []
    catalog, problems = text.load(text_folder, label, required, notes, all_forms=False)
    if entry is not None and not problems:
        cache.write(entry, key, {"strings": catalog.strings, "stamps": catalog.stamps})
    return catalog, problems


def _catalog(value: Any) -> Catalog:
    if not isinstance(value, dict) or set(value) != {"strings", "stamps"}:
        raise cache.Malformed("not a catalog")
    return Catalog(_tables(value["strings"]), _tables(value["stamps"]))


def _tables(value: Any) -> dict[str, dict[str, str]]:
    """Language -> key -> text, one table per language and only text in it."""
    if not isinstance(value, dict) or list(value) != list(LANGUAGES):
        raise cache.Malformed("not one table per language")
    for table in value.values():
        if not isinstance(table, dict) or not all(isinstance(v, str) for v in table.values()):
            raise cache.Malformed("not text")
    return value
