"""Build Convivium as a standalone application folder with PyInstaller.

    python packaging/build.py                  -> dist/Convivium/
    python packaging/build.py --dist D --work W

The folder holds the `Convivium` executable, Python, Qt and the card sets with their text
catalogs (in _internal/), and share/ with the menu entry, the AppStream metainfo and the icons
in the layout of ~/.local/share, ready to be copied there (see packaging/README.md).
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
APP_ID = "io.github.convivium.Convivium"
NAME = "Convivium"

# Qt and Python parts the app never imports: left out, the build is smaller and quicker.
# (QtNetwork stays: a second copy of the app hands over to the first through a local socket.)
EXCLUDED = ["tkinter", "unittest", "pydoc", "pytest", "_pytest", "pytestqt", "mypy", "hypothesis", "setuptools",
            "pip", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtOpenGL",
            "PySide6.QtOpenGLWidgets", "PySide6.QtPrintSupport", "PySide6.QtSql", "PySide6.QtTest",
            "PySide6.QtXml", "PySide6.QtConcurrent", "PySide6.QtDBus", "PySide6.QtSvg", "PySide6.QtSvgWidgets",
            "PySide6.QtUiTools", "PySide6.QtDesigner", "PySide6.QtHelp", "PySide6.QtMultimedia"]


def pyinstaller_args(dist: Path, work: Path) -> list[str]:
    icons = HERE / "icons"
    sep = ";" if sys.platform == "win32" else ":"
    args = ["--noconfirm", "--onedir", "--windowed", "--noupx", "--log-level", "WARN",
            "--name", NAME, "--distpath", str(dist), "--workpath", str(work), "--specpath", str(work),
            "--paths", str(ROOT),
            # The tables and the engines are imported by name (desktop/shell/tables.py, rules/registry.py).
            "--collect-submodules", "desktop", "--collect-submodules", "rules", "--collect-submodules", "cardsets",
            "--collect-data", "cardsets",  # cards.yaml and text/*.yaml of every game, and the UI catalog
            # Unicode's confusables data (cardsets/confusables.py reads it as a package resource).
            "--hidden-import", "confusable_homoglyphs", "--collect-data", "confusable_homoglyphs",
            # zeroconf's compiled modules import one another where PyInstaller's analysis does not look.
            "--collect-submodules", "zeroconf",
            "--add-data", f"{icons / 'hicolor' / '256x256' / 'apps' / (APP_ID + '.png')}{sep}icons",
            "--icon", str(icons / "convivium.ico")]
    for module in EXCLUDED:
        args += ["--exclude-module", module]
    return args + [str(HERE / "launch.py")]


def add_share(app: Path) -> None:
    """The menu entry, the metainfo and the icons, laid out as under ~/.local/share."""
    share = app / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    (share / "metainfo").mkdir(parents=True, exist_ok=True)
    shutil.copy2(HERE / f"{APP_ID}.desktop", share / "applications")
    shutil.copy2(HERE / f"{APP_ID}.metainfo.xml", share / "metainfo")
    shutil.copytree(HERE / "icons" / "hicolor", share / "icons" / "hicolor", dirs_exist_ok=True)


def build(dist: Path, work: Path) -> Path:
    """Build into dist/Convivium; the folder made."""
    if not (HERE / "icons" / "convivium.ico").exists():
        subprocess.run([sys.executable, str(HERE / "make_icon.py")], check=True)
    subprocess.run([sys.executable, "-m", "PyInstaller", *pyinstaller_args(dist, work)], check=True, cwd=ROOT)
    app = dist / NAME
    add_share(app)
    return app


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Build the standalone Convivium folder with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app folder goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's scratch folder (default: build/)")
    args = parser.parse_args(argv)
    start = time.monotonic()
    app = build(args.dist.resolve(), args.work.resolve())
    print(f"{app} built in {time.monotonic() - start:.0f} s; run {app / NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
