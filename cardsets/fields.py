"""Small helpers for validating parsed YAML against what a card set expects."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardsets.yamlfile import Document, Path_

_TYPE_NAMES = {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "a mapping"}


def suggestion(word: str, choices: Iterable[object]) -> str:
    """' (did you mean 'x'?)' when a close choice exists, else ''."""
    import difflib  # here: only a file with a mistake asks (issue #42)

    names = [str(c) for c in choices]
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def of_type(doc: Document, path: Path_, value: Any, kind: type) -> bool:
    """Whether `value` is of `kind`; if not, a problem at `path` says what it should be."""
    # bool is an int in Python; a year written as `true` is still wrong.
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        doc.problem(path, f"{_path_name(path)} must be {_TYPE_NAMES.get(kind, kind.__name__)}, not {value!r}")
    return ok


def mapping(doc: Document, path: Path_, value: Any, required: Iterable[str], optional: Iterable[str] = ()) -> bool:
    """Check that value is a mapping with the required keys and no unknown ones."""
    if not of_type(doc, path, value, dict):
        return False
    required = list(required)
    known = set(required) | set(optional)
    ok = True
    for key in required:
        if key not in value:
            doc.problem(path, f"missing key {key!r}", "data.missing_key", name=key)
            ok = False
    for key in value:
        if key not in known:
            doc.key_problem(path + (key,), f"unknown key {key!r}{suggestion(key, known)}", "data.unknown_key",
                            name=str(key))
            ok = False
    return ok


def one_of(doc: Document, path: Path_, value: Any, choices: Iterable[object]) -> bool:
    """Whether `value` is one of `choices`; if not, a problem at `path` lists them and suggests the nearest."""
    choices = list(choices)
    if value not in choices:
        shown = ", ".join(repr(c) for c in choices)
        doc.problem(path, f"{_path_name(path)} is {value!r}; expected one of {shown}{suggestion(value, choices)}")
        return False
    return True


def list_of(doc: Document, path: Path_, value: Any, kind: type) -> list[Any]:
    """The items of a list that have the right type (problems for the rest)."""
    if not of_type(doc, path, value, list):
        return []
    return [item for i, item in enumerate(value) if of_type(doc, path + (i,), item, kind)]


def unique_ids(doc: Document, items: Iterable[tuple[Path_, str]], seen: Mapping[str, Path_] | None = None) -> dict[str, Path_]:
    """Report ids that appear twice; return id -> path of its first use."""
    first: dict[str, Path_] = dict(seen or {})
    for path, ident in items:
        if ident in first:
            line, column = doc.where(first[ident])
            doc.problem(path, f"duplicate id {ident!r} (first used at line {line}, column {column})")
        else:
            first[ident] = path
    return first


def _path_name(path: Path_) -> str:
    for part in reversed(path):
        if isinstance(part, str):
            return repr(part)
    return "value"


SOURCES = ("printed", "reconstructed")


@dataclass(frozen=True)
class Provenance:
    """Where a card's data comes from: the printed game, or worked out by us (and what, in `note`)."""

    source: str  # "printed" or "reconstructed"
    note: str = ""

    @property
    def reconstructed(self) -> bool:
        """Whether the data was worked out by us rather than printed."""
        return self.source == "reconstructed"


def provenance(doc: Document, path: Path_, raw: Mapping[str, Any], require_note: bool = False) -> Provenance:
    """A card's `source` and `note`. The note says what of a reconstructed card is ours, so that
    someone who owns the printed game knows what to check (`require_note` makes it compulsory)."""
    source, note = raw["source"], raw.get("note", "")
    if one_of(doc, path + ("source",), source, SOURCES) and of_type(doc, path + ("note",), note, str):
        if require_note and source == "reconstructed" and not note.strip():
            doc.problem(path + ("source",), "a reconstructed card needs a 'note' saying what is ours")
    return Provenance(str(source), str(note))
