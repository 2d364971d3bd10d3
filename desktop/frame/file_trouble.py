"""Why a file could not be read or written, in the player's words.

An OSError's ``strerror`` is the C library's English ("Permission denied", "No space left on device"): put
into a translated sentence it leaves an English fragment in Italian or Dutch. Every message a player reads
about a failed read or write says the reason through ``file_trouble``: the common errors have a short phrase
of their own in each language (``file_error.*`` keys); any other says "the system refused" with the error's
name (``EIO``), which a helper can look up, and never the library's sentence.
"""
from __future__ import annotations

import errno
from typing import Protocol

from cardsets.files import FileRefused


class Speaks(Protocol):
    """What says a key in a language: a desktop.frame.i18n.Translator (which itself uses this module)."""

    def text(self, key: str, **params: object) -> str: ...


# errno names, not numbers: a few (EDQUOT) do not exist on every system.
_BY_NAME = {
    "ENOSPC": "file_error.disk_full",
    "EDQUOT": "file_error.quota",
    "EACCES": "file_error.no_permission",
    "EPERM": "file_error.no_permission",
    "ENOENT": "file_error.not_found",
    "ENOTDIR": "file_error.not_found",  # a part of the path that should be a folder is a file
    "EROFS": "file_error.read_only",
    "EISDIR": "file_error.is_folder",
    "ENAMETOOLONG": "file_error.name_too_long",
    "EEXIST": "file_error.exists",
    "EBUSY": "file_error.busy",
    "ETXTBSY": "file_error.busy",
    "EADDRINUSE": "file_error.port_in_use",  # hosting a game: the port is a network "file"
}
PHRASES: dict[int, str] = {getattr(errno, name): key for name, key in _BY_NAME.items() if hasattr(errno, name)}
REFUSED = {"not_a_file": "file_error.not_a_file", "too_large": "file_error.too_large", "exists": "file_error.exists"}


def trouble_key(error: OSError | UnicodeDecodeError) -> tuple[str, dict[str, object]]:
    """The text key saying why ``error`` stopped a read or a write, and its parameters."""
    if isinstance(error, UnicodeDecodeError):
        return "file_error.not_utf8", {}
    if isinstance(error, FileRefused):
        return REFUSED[error.reason], {}
    if error.errno is None:
        return "file_error.unknown", {}
    key = PHRASES.get(error.errno)
    if key is not None:
        return key, {}
    return "file_error.other", {"code": errno.errorcode.get(error.errno, str(error.errno))}


def file_trouble(tr: Speaks, error: OSError | UnicodeDecodeError) -> str:
    """Why ``error`` stopped a read or a write, in ``tr``'s language: a short phrase that ends a sentence."""
    key, params = trouble_key(error)
    return tr.text(key, **params)
