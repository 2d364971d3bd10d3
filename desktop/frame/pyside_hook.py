"""PySide's look at every module imported after it, made without keeping the module's source (issue #42).

PySide 6 asks of each module imported once it is loaded whether its source mentions PySide6 (a module that does may
switch on PySide's ``__feature__``s). It asks through `inspect.getsource`, which reads the file into `linecache`,
and `linecache` keeps every line of every module for the life of the process: 3 MB of the app's memory at its
first table, 5 MB on a first start (PyYAML's and Babel's modules too). `install` has the same question answered
from the file's bytes, which are then let go; a module without a source file is asked PySide's way.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

_MARK = "_convivium_reads_the_file"


def install() -> None:
    """From now on, PySide finds whether a module uses it without keeping its source; nothing if this PySide asks
    otherwise (or is not loaded)."""
    feature = sys.modules.get("shibokensupport.feature")
    asked = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(asked) or getattr(asked, _MARK, False):
        return
    setattr(feature, "_mod_uses_pyside", _reading_the_file(asked))


def _reading_the_file(asked: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return asked(module)  # a built-in or compiled module: PySide knows what to make of it
        try:
            with open(path, "rb") as source:
                # The name is ASCII, so it is in the bytes exactly when it is in the text, whatever the encoding.
                return b"PySide6" in source.read()
        except OSError:
            return asked(module)

    setattr(uses_pyside, _MARK, True)
    return uses_pyside
