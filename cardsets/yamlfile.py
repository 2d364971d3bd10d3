"""Reading YAML safely, keeping the position of every value.

A card set is edited by hand, so every problem must point at ``file:line:column``.
PyYAML's constructors forget positions, so we walk the composed node tree ourselves
and record where each value stood, keyed by its path inside the document.

Two PyYAML defaults are unsafe for our data and are switched off here:
- arbitrary tags: only the safe loader is used, so a file can never run code;
- YAML 1.1 typing: under it the Italian and Spanish "No" (and yes/on/off) turn into
  ``False``, ``1:20`` into 80, ``0777`` into 511, ``1_000`` into 1000 and ``2024-03-01``
  into a date. Plain values are typed by the YAML 1.2 core schema instead, and nothing else:
  ``true``/``false`` (also True, TRUE, False, FALSE), null (``null``, Null, NULL, ``~`` or
  nothing), integers (``[-+]?[0-9]+``, ``0o17``, ``0x1F``), floats (``1.5``, ``-2e3``, ``.5``,
  ``.inf``, ``-.inf``, ``.nan``); everything else is text. So ``0777`` is 777, as the spec
  reads it (a decimal with leading zeros, never octal), and ``1:20``, ``1_000``, ``2024-03-01``,
  ``=`` and ``<<`` are text (``<<`` is an ordinary key: there are no merge keys). An explicit
  tag (``!!int``, ``!!bool``...) must hold a value of that schema too, and only the core tags
  are known.

A number that cannot be held as written (an integer of more than 30 digits, a float past
1.8e308) is a problem at its place, not a crash or an infinity.

PyYAML itself is imported by `cardsets.yamlparse` when a file is parsed, not before: a start that finds every
text it needs in the cache (`cardsets.cache`) does not load it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from cardsets.files import FileRefused, read_text
from cardsets.yamldoc import CardSetError, Document, Param, Path_, Problem

__all__ = ["CardSetError", "Document", "MAX_FILE_BYTES", "Path_", "Problem", "id_lines", "load_valid", "parse", "read",
           "undecodable_at", "unreadable"]

# Limits that keep a hostile or mangled file from crashing or hanging the loader:
# the shipped files are tens of kilobytes, and megabytes take tens of seconds to parse;
# PyYAML's C composer recurses once per nesting level (and overflows the C stack
# around 10^5 levels), and aliases can expand a small file exponentially (the others: cardsets.yamlparse).
MAX_FILE_BYTES = 2_000_000


def parse(text: str, file: str) -> Document:
    """Parse one YAML document. Syntax errors become problems, never exceptions."""
    from cardsets import yamlparse

    return yamlparse.parse(text, file)


T = TypeVar("T")


def id_lines(doc: Document) -> dict[str, int]:
    """Every mapping with a text ``id`` in the document, wherever it is nested (the cards of a
    cards.yaml, which each game lays out its own way): id -> the line it starts on."""
    found: dict[str, int] = {}
    stack: list[tuple[Any, Path_]] = [(doc.data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            if isinstance(value.get("id"), str):
                found.setdefault(value["id"], doc.where(path)[0])
            stack.extend((item, (*path, key)) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, (*path, i)) for i, item in enumerate(value))
    return found


def load_valid(path: Path, label: str | None, validate: Callable[[Document], T | None]) -> T:
    """Read a card-set file and validate it; raise CardSetError with every problem found. Its parse may come
    from the cache (`cardsets.cache`): it is validated all the same."""
    doc = read(path, label, kept=True)
    result = validate(doc)
    if doc.problems or result is None:
        # What the game's own checks found has no code of its own: to a player it is one thing, card data
        # that is not what the game expects (the file and place say where).
        raise CardSetError([p if p.code else replace(p, code="data.mismatch") for p in doc.problems])
    return result


def undecodable_at(error: UnicodeDecodeError) -> tuple[int, int]:
    """The line and column of the first byte that is not UTF-8 (everything before it decoded fine)."""
    before = error.object[:error.start].decode("utf-8", "replace")
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def unreadable(error: OSError) -> tuple[str, tuple[Param, ...]]:
    """The code and parameters of a problem that is a file which could not be read (see Problem): the desktop
    says why in the player's words from the error's number (desktop.frame.file_trouble)."""
    if isinstance(error, FileRefused):
        return f"file.{error.reason}", ()
    return "file.cannot_read", (("errno", error.errno or 0),)


def read(path: Path, label: str | None = None, kept: bool = False) -> Document:
    """Read and parse a file; ``label`` is the name used in problems (default: the path); ``kept``: the parse of
    this very text may come from the cache, and is kept there."""
    name = label or str(path)
    try:
        # Bounded and for regular files only: a link to /dev/zero or a FIFO would never end.
        text = read_text(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        message = "not a regular file" if exc.reason == "not_a_file" else f"file too large (more than {MAX_FILE_BYTES:,} bytes)"
        return Document(name, problems=[Problem(name, 1, 1, message, f"file.{exc.reason}")])
    except FileNotFoundError:
        return Document(name, problems=[Problem(name, 1, 1, "file not found", "file.not_found")])
    except UnicodeDecodeError as exc:
        line, column = undecodable_at(exc)
        bad = exc.object[exc.start:exc.start + 1].hex()
        return Document(name, problems=[Problem(name, line, column, f"not UTF-8 text (byte 0x{bad}: {exc.reason})",
                                                "file.not_utf8")])
    except OSError as exc:
        return Document(name, problems=[Problem(name, 1, 1, f"cannot read: {exc.strerror}", *unreadable(exc))])
    if kept:
        from cardsets import cache

        return cache.document(text, name)
    return parse(text, name)
