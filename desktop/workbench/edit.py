"""One string edited in the workbench: what `convivium check` would say of it, and saving it.

Saving writes only that string's line(s) of ``<set>/text/<lang>.yaml`` and, for a translation, its
fingerprint line (translated from the English as it is now), by the same line-by-line writer as
`convivium translate import`: comments, order, quoting and the rest of the file stay as they were.
No Qt here; the window decides when to call these.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from cardsets import glossary, text
from cardsets.exchange import ExchangeRefused, _rewrite
from cardsets.files import read_bytes, write_bytes
from cardsets.folders import folder
from cardsets.text import LANGUAGES, REFERENCE, Catalog, fingerprint
from cardsets.yamlfile import MAX_FILE_BYTES, Problem, parse


class ChangedOnDisk(Exception):
    """The file is no longer what it was when the edit began; nothing was written."""


class TooLarge(Exception):
    """The file would be larger than the loader reads; nothing was written."""

    def __init__(self, size: int) -> None:
        super().__init__(f"{size:,} bytes, more than {MAX_FILE_BYTES:,}")
        self.size = size


class Refused(Exception):
    """The writer cannot put the text in the file without changing what else it says."""


@dataclass(frozen=True)
class StringFile:
    """The language file a string of a card set (or of the app) is written in."""

    folder: Path  # e.g. <root>/chrononauts/text
    name: str  # "chrononauts" or "ui"
    lang: str

    @property
    def path(self) -> Path:
        return self.folder / f"{self.lang}.yaml"

    @property
    def folder_label(self) -> str:
        return f"{self.name}/text"

    @property
    def label(self) -> str:
        return f"{self.folder_label}/{self.lang}.yaml"


def string_file(root: Path, game: str, game_texts: Catalog, key: str, lang: str) -> StringFile:
    """The game's file when the game's texts have ``key`` (they win over the app's, as on the table)."""
    name = game if any(key in strings for strings in game_texts.strings.values()) else "ui"
    return StringFile(folder(name, root) / "text", name, lang)


def read_base(file: StringFile) -> bytes:
    """The file as the edit starts from; saving refuses if it is different by then."""
    return read_bytes(file.path, MAX_FILE_BYTES)


def value_in(base: bytes, file: StringFile, key: str) -> str:
    """The text ``key`` has in the file as written (also one the loader sets aside, e.g. a broken placeholder)."""
    doc = parse(base.decode("utf-8"), file.label)
    strings = doc.data.get("strings") if isinstance(doc.data, dict) else None
    value = strings.get(key) if isinstance(strings, dict) else None
    return value if isinstance(value, str) else ""


def new_text(base: bytes, file: StringFile, key: str, value: str, english: dict[str, str],
             also: dict[str, str] | None = None) -> bytes:
    """``base`` with ``key`` set to ``value`` and, for a translation, stamped as translated from today's English;
    ``also`` are other strings edited with it (the other plural forms of a counted string), each stamped too."""
    original = base.decode("utf-8")
    doc = parse(original, file.label)
    strings = doc.data.get("strings") if isinstance(doc.data, dict) else None
    if doc.problems or not isinstance(strings, dict):
        raise Refused("\n".join(str(p) for p in doc.problems) or f"{file.label}: has no strings: mapping")
    edited = {key: value, **(also or {})}
    for each, typed in edited.items():
        bad = text.control_character(typed)
        if bad:  # as `convivium check` and `translate import` refuse it
            raise Refused(f"{file.label}: {each!r} would hold the control character {bad}")
    changes = {k: v for k, v in edited.items() if strings.get(k) != v}
    stamps = {k: fingerprint(english[k]) for k in edited
              if file.lang != REFERENCE and k in english and (k == key or k in changes)}
    try:
        after = _rewrite(original, file.label, changes, list(english), stamps, file.lang).encode("utf-8")
    except ExchangeRefused as exc:
        raise Refused("\n".join(exc.problems)) from None
    if len(after) > MAX_FILE_BYTES:
        raise TooLarge(len(after))
    return after


def save(file: StringFile, base: bytes, key: str, value: str, english: dict[str, str],
         also: dict[str, str] | None = None) -> bytes:
    """Write the edit (temporary file, then rename); return the file's new bytes, the next edit's base."""
    if read_base(file) != base:
        raise ChangedOnDisk(file.label)
    after = new_text(base, file, key, value, english, also)
    if after != base:
        write_bytes(file.path, after)
    return after


def problems(file: StringFile, key: str, after: bytes, notes: dict[str, str], terms: glossary.Glossary | None,
             ) -> list[Problem]:
    """What `convivium check` would report about ``key`` if ``after`` were saved: its own loader (and the
    glossary's check) run on a copy of the language files with ``after`` in place of the edited one."""
    with tempfile.TemporaryDirectory(prefix="convivium-edit-") as tmp:
        folder = Path(tmp)
        for lang in LANGUAGES:
            data = after if lang == file.lang else _bytes_or_none(file.folder / f"{lang}.yaml")
            if data is not None:
                (folder / f"{lang}.yaml").write_bytes(data)
        catalog, found = text.load(folder, file.folder_label, notes=notes)
        if terms is not None and file.lang in glossary.TRANSLATIONS:
            source = glossary.catalog_source(folder, file.folder_label, file.lang)
            found += glossary.check(terms, catalog, {file.lang: [source] if source else []})
    lines = _lines_of(after.decode("utf-8"), file.label, key)
    return sorted(p for p in found
                  if (p.file == file.label and p.line in lines) or (file.lang == REFERENCE and repr(key) in p.message))


def _bytes_or_none(path: Path) -> bytes | None:
    try:
        return read_bytes(path, MAX_FILE_BYTES)
    except OSError:
        return None


def _lines_of(source: str, label: str, key: str) -> range:
    """The lines ``key``'s entry spans in a language file (empty if it has none)."""
    doc = parse(source, label)
    starts = sorted(line for path, (line, _col) in doc.key_positions.items() if len(path) <= 2)
    at = doc.key_positions.get(("strings", key))
    if at is None:
        return range(0)
    later = [line for line in starts if line > at[0]]
    return range(at[0], later[0] if later else source.count("\n") + 2)
