"""Reading and writing files: a bounded read of a regular file, and one safe way to write one.

Every file the app reads (card sets, catalogs, saves, settings, statistics, journals) may be
hand-edited, damaged or hostile. Three things keep such a file from crashing or holding up the
app, whatever it holds:

- only a regular file is read: a link to ``/dev/zero`` passes a size check made with ``stat``
  and then never ends, and a FIFO blocks the reader until someone writes to it;
- never more than a stated number of bytes is read, whatever ``stat`` said before the read;
- JSON is parsed with a depth limit and without the values Python's ``json`` accepts but JSON
  does not (``NaN``, ``Infinity``), nor lone surrogates, which no UTF-8 file can hold and which
  later fail when the text is written back.

Every file the app or a command writes (saves, settings, statistics, journals, exports, prints,
pictures, workbench saves, imports) goes through ``write_bytes``:

- it refuses a target that exists and is not a regular file: writing "over" a device, a FIFO or
  a folder would replace it, hang, or fail half-way; a symbolic link is followed only when the
  person named it (``named=True``) and it leads to a regular file;
- it writes a temporary file beside the target, syncs it, and renames it over the target only
  once the whole file is on disk: a full disk or a crash leaves the old file as it was;
- every failure is an ``OSError`` whose ``filename`` is the target, so a message can name it;
- with ``replace=False`` an existing file is refused (``FileRefused``, reason ``exists``): a
  command line overwrites only with ``--force``, the app only after asking.

This module sits in the lowest layer so that ``cardsets``, ``rules`` and ``desktop`` share it.
"""
from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

JSON_MAX_DEPTH = 64  # our files nest 5 levels at most; the parser recurses once per level
JSON_MAX_INT_DIGITS = 30  # no count, seed or number of seconds in our files comes near this


class FileRefused(OSError):
    """A file that was not read or not written: not a regular file, larger than allowed, or (for a
    write that may not replace) already there.

    ``reason`` is ``not_a_file``, ``too_large`` or ``exists``. An ``OSError``, so that code which
    already treats an unreadable file as missing or damaged, or an unwritable one as a failed save,
    does the same here."""

    def __init__(self, path: Path, reason: str, limit: int = 0) -> None:
        self.path = path
        self.reason = reason
        self.limit = limit
        detail = {"not_a_file": "not a regular file", "exists": "already exists (give --force to replace it)",
                  "too_large": f"larger than {limit:,} bytes"}[reason]
        super().__init__(errno.EEXIST if reason == "exists" else None, detail, str(path))
        self.strerror = detail

    def __str__(self) -> str:
        return f"{self.path}: {self.strerror}"


class BadJson(ValueError):
    """Text that is not JSON within our bounds. The message says why in English (logs, the command line);
    ``code`` says it as a text key (``json.syntax``, ``json.too_deep``...) and ``params`` fill it, so that the
    desktop can say it in the player's language."""

    def __init__(self, message: str, code: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


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


def write_bytes(path: Path, data: bytes, *, replace: bool = True, named: bool = False,
                private: bool = False, durable: bool = True) -> Path:
    """Put ``data`` at ``path`` so that a reader sees the old file or the whole new one; return the
    path of the file written (a link's target when ``named``).

    ``replace=False`` refuses a file already there. ``named``: the person gave this path, so a
    symbolic link to a regular file is followed and its target replaced; any other link is refused.
    A new file gets the permissions any new file gets (``private``: the owner's alone); a replaced
    file keeps its own. ``durable=False``: not flushed to the disk before it replaces the old one, for
    a file that may be lost or damaged by a power cut (a cache checks what it reads): a flush can take
    tens of milliseconds. Raises FileRefused, or the OSError that stopped the write (its filename the
    target); either way nothing at ``path`` changed and no temporary file is left."""
    target = writable_target(Path(path), replace, named)
    try:
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        raise _naming(exc, target) from None
    try:
        try:
            view = memoryview(data)
            while view:  # os.write may write less than asked: a short write is not a whole file
                view = view[os.write(fd, view):]
            if durable:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(temporary, _mode_for(target, private))
        os.replace(temporary, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, OSError):
            raise _naming(exc, target) from None
        raise
    if durable:
        _sync_folder(target.parent)
    return target


def write_text(path: Path, text: str, *, replace: bool = True, named: bool = False, private: bool = False,
               durable: bool = True) -> Path:
    """``write_bytes`` of ``text`` in UTF-8."""
    return write_bytes(path, text.encode("utf-8"), replace=replace, named=named, private=private, durable=durable)


def writable_target(path: Path, replace: bool = True, named: bool = False) -> Path:
    """The file ``write_bytes`` would write for ``path`` (a named link's target); FileRefused as it
    would refuse. For a command to say so before the work of making the file's contents."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise _naming(exc, path) from None
    if stat.S_ISLNK(found.st_mode):
        if not named:
            raise FileRefused(path, "not_a_file")
        real = Path(os.path.realpath(path))
        try:
            found = os.lstat(real)
        except OSError:  # a dangling link: writing would create a file somewhere the person never named
            raise FileRefused(path, "not_a_file") from None
        if not stat.S_ISREG(found.st_mode):
            raise FileRefused(path, "not_a_file")  # named as the person wrote it
        path = real
    if not stat.S_ISREG(found.st_mode):
        raise FileRefused(path, "not_a_file")
    if not replace:
        raise FileRefused(path, "exists")
    return path


def _mode_for(target: Path, private: bool) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)  # a replaced file keeps its permissions
    except OSError:
        pass
    if private:
        return 0o600
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _naming(exc: OSError, path: Path) -> OSError:
    """``exc`` with ``path`` as its file name, so every message says which file failed."""
    if isinstance(exc, FileRefused):
        return exc
    # OSError(errno, ...) builds the matching subclass (PermissionError, FileNotFoundError...)
    return OSError(exc.errno, exc.strerror or str(exc), str(path))


def _sync_folder(folder: Path) -> None:
    # The rename lives in the folder: sync it too, or a power cut may bring back the old file.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a folder; there the rename is as durable as it gets
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse to sync a folder; the file itself is synced already
    finally:
        os.close(fd)


def parse_json(text: str) -> Any:
    """JSON as JSON defines it, within our bounds; BadJson says what is wrong."""
    depth = _max_depth(text)
    if depth > JSON_MAX_DEPTH:
        raise BadJson(f"nested more than {JSON_MAX_DEPTH} levels deep", "json.too_deep")
    try:
        data = json.loads(text, parse_constant=_refuse_constant, parse_int=_bounded_int, parse_float=_finite_float)
    except BadJson:
        raise
    except json.JSONDecodeError as exc:
        raise _syntax(exc) from None
    except RecursionError as exc:
        raise BadJson(str(exc)[:200], "json.too_deep") from None
    except ValueError as exc:  # Python's own limits (a huge number, say): no key of its own
        raise BadJson(str(exc)[:200], "json.invalid") from None
    _check_strings(data)
    return data


def parse_json_at(text: str, at: int) -> tuple[Any, int]:
    """The JSON value that begins at index `at` of `text`, and the index just past it, within `parse_json`'s bounds
    (depth, numbers, lone surrogates): BadJson says what is wrong. For a value inside a line of other words (a
    move's notation, `name=value`), which a hostile joiner writes as it likes."""
    if _max_depth(text[at:]) > JSON_MAX_DEPTH:
        raise BadJson(f"nested more than {JSON_MAX_DEPTH} levels deep", "json.too_deep")
    decoder = json.JSONDecoder(parse_constant=_refuse_constant, parse_int=_bounded_int, parse_float=_finite_float)
    try:
        data, end = decoder.raw_decode(text, at)
    except BadJson:
        raise
    except json.JSONDecodeError as exc:
        raise _syntax(exc) from None
    except (RecursionError, ValueError) as exc:
        raise BadJson(str(exc)[:200], "json.invalid") from None
    _check_strings(data)
    return data, end


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


def _syntax(exc: json.JSONDecodeError) -> BadJson:
    """Where the text stops being JSON. A text that is empty, or that breaks off (a save cut short by a crash or
    a full disk), is told as such: a line and column at its very end would say less."""
    message = str(exc)[:200]
    if not exc.doc.strip():
        return BadJson(message, "json.empty")
    if exc.pos >= len(exc.doc.rstrip()):
        return BadJson(message, "json.ends_early")
    return BadJson(message, "json.syntax", line=exc.lineno, column=exc.colno)


def _refuse_constant(name: str) -> Any:
    raise BadJson(f"{name} is not a JSON number", "json.constant")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > JSON_MAX_INT_DIGITS:
        raise BadJson(f"a number of {len(digits)} digits", "json.long_number")
    return int(digits)


def _finite_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise BadJson(f"{digits[:20]} is too large a number", "json.large_number")
    return value


def _check_strings(data: Any) -> None:
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not is_text(value):
                raise BadJson("a text holds a lone surrogate (\\ud800-\\udfff)", "json.lone_surrogate")
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
