"""PySide's look at each imported module keeps no source (desktop/frame/pyside_hook.py, issue #42): it answers as
PySide's own does, and a module imported after it leaves none of its lines in `linecache`."""
from __future__ import annotations

import importlib
import linecache
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import PySide6  # noqa: F401 - loads PySide's import hook

import desktop.frame  # noqa: F401 - installs ours
from desktop.frame import pyside_hook

FEATURE: Any = sys.modules["shibokensupport.feature"]


def test_the_hook_is_installed_once() -> None:
    installed = FEATURE._mod_uses_pyside
    assert getattr(installed, pyside_hook._MARK)
    pyside_hook.install()
    assert FEATURE._mod_uses_pyside is installed


@pytest.mark.parametrize("prefix", ["desktop.", "cardsets.", "rules.", "yaml", "PySide6", "json", "babel"])
def test_each_module_is_judged_as_pyside_judges_it(prefix: str) -> None:
    def pysides(module: ModuleType) -> bool:
        try:
            return "PySide6" in FEATURE.inspect.getsource(module)
        except (TypeError, OSError, SyntaxError):
            return False

    importlib.import_module("yaml")
    importlib.import_module("babel")
    ours = pyside_hook._reading_the_file(pysides)
    modules = [m for name, m in list(sys.modules.items()) if name.startswith(prefix) and isinstance(m, ModuleType)]
    assert modules
    assert {m.__name__: ours(m) for m in modules} == {m.__name__: pysides(m) for m in modules}


@pytest.fixture
def modules_folder(tmp_path: Path) -> Iterator[Path]:
    sys.path.insert(0, str(tmp_path))
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for name in ("with_qt_cold5", "without_qt_cold5"):
        sys.modules.pop(name, None)


def test_a_module_imported_after_leaves_no_lines_and_is_judged_by_its_file(modules_folder: Path) -> None:
    (modules_folder / "with_qt_cold5.py").write_text("from PySide6.QtCore import QPointF\nPOINT = QPointF(1, 2)\n",
                                                     encoding="utf-8")
    (modules_folder / "without_qt_cold5.py").write_text("# «à» in UTF-8\nVALUE = 1\n", encoding="utf-8")
    import with_qt_cold5  # type: ignore[import-not-found]  # noqa: F401 - made above
    import without_qt_cold5  # type: ignore[import-not-found]  # noqa: F401 - made above

    assert FEATURE.pyside_feature_dict["with_qt_cold5"] == 0  # uses PySide: its features may be switched
    assert FEATURE.pyside_feature_dict["without_qt_cold5"] == -1  # ignored
    kept = set(linecache.cache)
    assert str(modules_folder / "with_qt_cold5.py") not in kept
    assert str(modules_folder / "without_qt_cold5.py") not in kept
