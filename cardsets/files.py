"""Reading a file someone handed us, with bounds: a regular file, so many bytes, plain JSON.

Every file the app reads (card sets, catalogs, saves, settings, statistics, journals) may be
hand-edited, damaged or hostile. Three things keep such a file from crashing or holding up the
app, whatever it holds:

- only a regular file is read: a link to ``/dev/zero`` passes a size check made with ``stat``
  and then never ends, and a FIFO blocks the reader until someone writes to it;
- never more than a stated number of bytes is read, whatever ``stat`` said before the read;
- JSON is parsed with a depth limit and without the values Python's ``json`` accepts but JSON
  does not (``NaN``, ``Infinity``), nor lone surrogates, which no UTF-8 file can hold and which
  later fail when the text is written back.

This module sits in the lowest layer so that ``cardsets``, ``rules`` and ``desktop`` share it.
"""
from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

JSON_MAX_DEPTH = 64  # our files nest 5 levels at most; the parser recurses once per level
JSON_MAX_INT_DIGITS = 30  # no count, seed or number of seconds in our files comes near this


class FileRefused(OSError):
    """A file that was not read: not a regular file, or larger than allowed.

    ``reason`` is ``not_a_file`` or ``too_large``. An ``OSError``, so that code which already
    treats an unreadable file as missing or damaged does the same here."""

    def __init__(self, path: Path, reason: str, limit: int = 0) -> None:
        self.path = path
        self.reason = reason
        self.limit = limit
        detail = "not a regular file" if reason == "not_a_file" else f"larger than {limit:,} bytes"
        super().__init__(f"{path}: {detail}")
        self.strerror = detail


class BadJson(ValueError):
    """Text that is not JSON within our bounds; the message says why."""


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises FileNotFoundError and other OSErrors as ``open`` does, and FileRefused for a device,
    a FIFO, a folder or a socket, or for a file longer than ``limit``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)  # non-blocking: opening a FIFO with no writer must not wait
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise FileRefused(path, "not_a_file")
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise FileRefused(path, "too_large", limit)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path, limit: int) -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (UnicodeDecodeError if not UTF-8)."""
    return read_bytes(path, limit).decode("utf-8")


def parse_json(text: str) -> Any:
    """JSON as JSON defines it, within our bounds; BadJson says what is wrong."""
    depth = _max_depth(text)
    if depth > JSON_MAX_DEPTH:
        raise BadJson(f"nested more than {JSON_MAX_DEPTH} levels deep")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int, parse_float=_finite_float)
    except (ValueError, RecursionError) as exc:  # ValueError covers JSONDecodeError and BadJson
        raise BadJson(str(exc)[:200]) from None
    _check_strings(data)
    return data


def load_json(path: Path, limit: int) -> Any:
    """Read and parse a JSON file within bounds: OSError (FileRefused) or ValueError (BadJson, UnicodeDecodeError)."""
    return parse_json(read_text(path, limit))


def is_text(value: str) -> bool:
    """Whether ``value`` can be written as UTF-8: no lone surrogate from a ``\\ud800`` escape."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _max_depth(text: str) -> int:
    # Measured before parsing, so the recursive parser never goes deep. Brackets inside
    # strings (a player's note may hold any) do not count.
    if text.count("[") + text.count("{") <= JSON_MAX_DEPTH:
        return 0  # cannot be too deep: skip the scan, which costs a second on a large save
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _refuse_constant(name: str) -> Any:
    raise BadJson(f"{name} is not a JSON number")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > JSON_MAX_INT_DIGITS:
        raise BadJson(f"a number of {len(digits)} digits")
    return int(digits)


def _finite_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise BadJson(f"{digits[:20]} is too large a number")
    return value


def _check_strings(data: Any) -> None:
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not is_text(value):
                raise BadJson("a text holds a lone surrogate (\\ud800-\\udfff)")
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
