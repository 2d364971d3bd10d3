"""What a player installs (issue 9, part 5): the wheel pip and pipx install, the standalone folder
PyInstaller builds, its icon, menu entry and AppStream metainfo.

The build runs for real, in a temporary folder: `python packaging/build.py --dist D --work W`,
then the built executable draws the table offscreen with `--screenshot` and checks its card sets.
"""
from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.convivium.Convivium"
DESKTOP = PACKAGING / f"{APP_ID}.desktop"
METAINFO = PACKAGING / f"{APP_ID}.metainfo.xml"
ICONS = PACKAGING / "icons" / "hicolor"
LANGUAGES = ("it", "es", "nl")  # besides English, the default
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
SOURCES = ("pyproject.toml", "README.md", "cardsets", "rules", "network", "desktop")


def data_files() -> list[str]:
    """Every card set, text catalog and rules text in the source tree, as paths inside the package."""
    found = [*ROOT.glob("cardsets/*/cards.yaml"), *ROOT.glob("cardsets/*/text/*.yaml"),
             *ROOT.glob("cardsets/*/rules/*.md"), *ROOT.glob("cardsets/*/tutorial/*.yaml"),
             *ROOT.glob("cardsets/*/tutorial/text/*.yaml")]
    return sorted(str(p.relative_to(ROOT)).replace(os.sep, "/") for p in found)


def copy_sources(to: Path) -> Path:
    """The files a clean clone would give pip, without the caches of this working tree."""
    to.mkdir(parents=True)
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, to / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(source, to / name)
    return to


@pytest.mark.slow
def test_the_wheel_holds_every_card_set_and_text_catalog(tmp_path: Path) -> None:
    """pip and pipx install the wheel: without its data files the app would not start."""
    source = copy_sources(tmp_path / "src")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                    "-w", str(tmp_path / "wheel"), str(source)], check=True, cwd=tmp_path)
    (wheel,) = (tmp_path / "wheel").glob("convivium-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = data_files()
    assert len(expected) >= 4 * 5  # four games and the UI, four languages each
    assert [f for f in expected if f not in names] == []
    modules = sorted(str(p.relative_to(ROOT)).replace(os.sep, "/") for d in ("desktop", "network", "rules", "cardsets")
                     for p in (ROOT / d).rglob("*.py"))
    assert [m for m in modules if m not in names] == []
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "convivium = desktop.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()


def test_the_desktop_file_names_the_command_and_the_icon() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    entry.read(DESKTOP, encoding="utf-8")
    section = entry["Desktop Entry"]
    assert section["Type"] == "Application" and section["Exec"] == "convivium"
    assert section["Icon"] == APP_ID
    assert {"Game", "CardGame"} <= set(section["Categories"].strip(";").split(";"))
    for lang in LANGUAGES:
        assert section[f"Comment[{lang}]"] and section[f"GenericName[{lang}]"]
    validator = shutil.which("desktop-file-validate")
    if validator:
        result = subprocess.run([validator, str(DESKTOP)], capture_output=True, text=True)
        assert result.returncode == 0 and not result.stdout.strip(), result.stdout


def test_the_metainfo_describes_the_app_in_four_languages() -> None:
    component = ET.parse(METAINFO).getroot()
    assert component.tag == "component" and component.get("type") == "desktop-application"
    assert component.findtext("id") == APP_ID
    assert component.findtext("metadata_license") == "CC0-1.0" and component.findtext("project_license")
    launchable = component.find("launchable")
    assert launchable is not None and launchable.text == DESKTOP.name
    assert component.find("content_rating") is not None
    assert component.findall("releases/release")
    for tag in ("name", "summary"):
        langs = {e.get(XML_LANG) for e in component.findall(tag)}
        assert langs == {None, *LANGUAGES}, tag
    paragraphs = component.findall("description/p")
    per_language = {lang: sum(1 for p in paragraphs if p.get(XML_LANG) == lang) for lang in (None, *LANGUAGES)}
    assert len(set(per_language.values())) == 1 and per_language[None] >= 2  # every paragraph in every language
    images = [i.text or "" for i in component.findall("screenshots/screenshot/image")]
    assert images and all(i.startswith("https://") and i.endswith("/docs/table.png") for i in images)
    assert (ROOT / "docs" / "table.png").exists()
    validator = shutil.which("appstreamcli")
    if validator:
        result = subprocess.run([validator, "validate", "--no-net", str(METAINFO)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


def test_the_icon_exists_at_every_size_and_is_drawn() -> None:
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        icon = QImage(str(ICONS / f"{size}x{size}" / "apps" / f"{APP_ID}.png"))
        assert (icon.width(), icon.height()) == (size, size)
        middle = QColor(icon.pixelColor(size // 2, size // 2))
        assert middle.alpha() == 255  # the table fills the middle
    assert (ICONS / "scalable" / "apps" / f"{APP_ID}.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert (PACKAGING / "icons" / "convivium.ico").read_bytes()[:4] == b"\0\0\1\0"


def grid(picture: QImage) -> list[QColor]:
    """The picture's colours on a coarse grid."""
    return [picture.pixelColor(x, y) for x in range(0, picture.width(), 20) for y in range(0, picture.height(), 20)]


def felt_share(picture: QImage) -> float:
    """How much of the picture is the table's green felt."""
    points = grid(picture)
    return sum(1 for c in points if c.green() > c.red() + 20 and c.green() > c.blue()) / len(points)


@pytest.mark.slow
def test_the_standalone_build_starts_and_draws_the_table(tmp_path: Path) -> None:
    dist, work = tmp_path / "dist", tmp_path / "work"
    subprocess.run([sys.executable, str(PACKAGING / "build.py"), "--dist", str(dist), "--work", str(work)],
                   check=True, cwd=tmp_path)
    app = dist / "Convivium"
    executable = app / ("Convivium.exe" if sys.platform == "win32" else "Convivium")
    assert executable.is_file()
    for name in data_files():
        assert (app / "_internal" / name).is_file(), name
    assert (app / "share" / "applications" / DESKTOP.name).is_file()
    assert (app / "share" / "metainfo" / METAINFO.name).is_file()
    assert (app / "share" / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png").is_file()

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONVIVIUM_HOME": str(tmp_path / "home")}
    picture = tmp_path / "table.png"
    subprocess.run([str(executable), "--screenshot", str(picture), "--deal", "6", "--lang", "it"],
                   check=True, env=env, cwd=tmp_path, timeout=300)
    shot = QImage(str(picture))
    assert (shot.width(), shot.height()) == (1480, 900)
    assert len({c.rgb() for c in grid(shot)}) > 50  # cards, texts and felt, not a blank window
    assert felt_share(shot) > 0.2  # the table is there, not only the docks and menus
    assert not (tmp_path / "home").exists()  # a screenshot leaves no game behind

    check = subprocess.run([str(executable), "check"], env=env, cwd=tmp_path, capture_output=True, text=True,
                           timeout=300)
    assert check.returncode == 0 and check.stdout.rstrip().endswith("OK"), check.stdout + check.stderr


def test_the_help_names_the_screenshot_flag_and_the_other_commands() -> None:
    result = subprocess.run([sys.executable, "-m", "desktop.cli", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0
    assert "--screenshot" in result.stdout and "convivium check" in result.stdout
