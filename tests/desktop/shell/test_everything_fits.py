"""Every window and dialog of the app fits a laptop's screen (issue #36): on virtual 1280×720 and 1366×768
screens, in every language, each one lies inside the screen's free area with its buttons in the window.

Qt's offscreen platform draws no window manager: a window's frame is the window itself, and the screen's free area
is the whole screen. A real 1280×720 screen with a window manager leaves a window 1264×672 inside its title bar and
borders (Xvfb with openbox), so the small screen here is 1264×672: what fits it fits inside that frame.

Qt's offscreen platform takes its screen from a JSON file; a QApplication exists once per process, so each
screen is looked at by its own process (window_fit_app.py), which triggers every menu entry and opens what no
menu opens by itself. A window class the app defines but the run never saw fails the test too: a new dialog
must be reachable from here, and so be measured."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardsets.text import LANGUAGES

APP = Path(__file__).with_name("window_fit_app.py")
ROOT = Path(__file__).resolve().parents[3]


def look(tmp_path: Path, width: int, height: int, languages: list[str]) -> dict[str, Any]:
    screens = tmp_path / "screens.json"
    screens.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width,
                                                "height": height, "logicalDpi": 96}]}))
    out = tmp_path / "windows.json"
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screens}", "CONVIVIUM_HOME": str(tmp_path / "home"),
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, str(APP), ",".join(languages), str(out)], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(out.read_text())
    return found


@pytest.mark.parametrize(("width", "height", "languages"), [(1264, 672, LANGUAGES), (1366, 768, ("en", "nl"))])
def test_every_window_fits_the_screen(tmp_path: Path, width: int, height: int, languages: tuple[str, ...]) -> None:
    found = look(tmp_path, width, height, list(languages))
    seen = found["seen"]
    misfits = [f"{entry['context']}: {entry['window']}: {problem}" for entry in seen for problem in entry["problems"]]
    assert misfits == []
    names = {entry["window"] for entry in seen}
    assert set(found["defined"]) <= names, "never opened, so never measured"
    # Qt's own dialogs the app opens are looked at too: files, questions, a word typed.
    assert {"PySide6.QtWidgets.QFileDialog", "PySide6.QtWidgets.QMessageBox", "PySide6.QtWidgets.QInputDialog"} <= names
