"""`convivium check --report DIR [--lang LANG]`: translation counts and contact sheets for review.

Runs the ordinary `convivium check` first, then writes into DIR ``report.md``: per card set and
language the number of missing, out-of-date and too-long strings (also printed), and for every
game whose cards the table draws one ``<game>-<lang>.png`` contact sheet with every card side
in that language, too-long texts outlined; the placeholder mismatches and keys naming unknown
cards are listed under the table. Too long is measured with Qt's fonts on the table's
own layout (see `desktop.frame.card_item.overflows`), which is why this lives in desktop/.
"""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import cardsets
from cardsets import files
from cardsets.text import LANGUAGES
from cardsets.yamlfile import CardSetError
from desktop.frame.pseudo import CODE as PSEUDO
from desktop.frame.pseudo import with_pseudo

if TYPE_CHECKING:  # Qt is imported only once the check itself has run
    from PySide6.QtGui import QImage

    from desktop.workbench.model import Snapshot

COLUMNS = 6  # cards per row on a contact sheet


@dataclass(frozen=True)
class Row:
    name: str  # a game, or "ui" for the app strings
    lang: str
    missing: int
    stale: int
    overflow: int | None  # None: the table draws no cards for it, so nothing can be too long
    sheet: str = ""  # file name of the contact sheet, if any


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="convivium check --report",
                                     description="Check the card sets, then write translation counts and contact sheets.")
    parser.add_argument("--report", type=Path, required=True, metavar="DIR", help="the folder to write the report into")
    parser.add_argument("--lang", choices=(*LANGUAGES, PSEUDO),
                        help="only this language (default: all four); qps is the pseudo-language")
    parser.add_argument("--root", type=Path, default=cardsets.ROOT, metavar="DIR", help="the card-set folder")
    parser.add_argument("--force", action="store_true", help="replace a report already in DIR")
    args, rest = parser.parse_known_args(argv)
    from cardsets.check import main as check_main

    status = check_main([*rest, "--root", str(args.root)])
    _application()
    languages = [args.lang] if args.lang else list(LANGUAGES)
    try:
        write_report(args.root, args.report, languages, sys.stdout, replace=args.force)
    except OSError as exc:
        print(f"convivium check: cannot write the report to {args.report}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    return status


def _application() -> None:
    """Fonts need a Qt GUI application; a report never shows a window, so no display is needed."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _application.app = QGuiApplication(sys.argv[:1])  # type: ignore[attr-defined]  # kept alive


def write_report(root: Path, folder: Path, languages: list[str], out: TextIO | None = None, *,
                 replace: bool = True) -> list[Row]:
    """Count and draw every card set under ``root`` in ``languages``; write report.md and the sheets (a report
    already there is replaced only with ``replace``: `--force` on the command line)."""
    if not replace and (folder / "report.md").exists():
        raise files.FileRefused(folder / "report.md", "exists")
    from desktop.frame.pictures import png_bytes
    from desktop.workbench.model import build
    from desktop.workbench.source import load_game, load_ui

    folder.mkdir(parents=True, exist_ok=True)
    rows: list[Row] = []
    broken: list[str] = []
    problems: list[str] = []
    try:
        ui = load_ui(root)
    except CardSetError as exc:
        raise SystemExit(f"convivium check: the app strings cannot be read:\n{exc}") from None
    for game in cardsets.games(root):
        try:
            source = load_game(root, game)
        except CardSetError:
            broken.append(game)
            continue
        problems += [str(p) for p in source.problems]
        for lang in languages:
            snap = build(source, ui, "en", lang)
            catalog = with_pseudo(source.texts.catalog)
            sheet = ""
            if snap.has_faces:
                sheet = f"{game}-{lang}.png"
                files.write_bytes(folder / sheet, png_bytes(_contact_sheet(snap)), replace=replace)
            rows.append(Row(game, lang, len(catalog.missing(lang)), len(catalog.stale(lang)),
                            len(snap.overflowing) if snap.has_faces else None, sheet))
    for lang in languages:
        app = with_pseudo(ui.catalog)
        rows.append(Row("ui", lang, len(app.missing(lang)), len(app.stale(lang)), None))
    table = markdown_table(rows)
    lines = ["# Convivium: translation report", "",
             "Missing: English has the string, the language does not. Out of date: the English changed "
             "after the translation was stamped (`convivium check --stamp LANG`). Too long: the text fits "
             "its box on the card only below 70 % of its normal size, or not at all.", "", table, ""]
    if broken:
        lines += [f"Not counted, because their files have errors (see `convivium check`): {', '.join(broken)}.", ""]
    if problems:
        # Placeholders that differ from the English and keys naming cards the set does not have.
        lines += ["## Problems", "", *(f"- `{p}`" for p in problems), ""]
    lines += [f"- [{row.name} in {row.lang}]({row.sheet})" for row in rows if row.sheet]
    files.write_text(folder / "report.md", "\n".join(lines) + "\n")
    out = out or sys.stdout
    print(table, file=out)
    print(f"report written to {folder / 'report.md'}", file=out)
    return rows


def markdown_table(rows: list[Row]) -> str:
    lines = ["| card set | language | missing | out of date | too long |", "|---|---|---:|---:|---:|"]
    for row in rows:
        overflow = "—" if row.overflow is None else str(row.overflow)
        lines.append(f"| {row.name} | {row.lang} | {row.missing} | {row.stale} | {overflow} |")
    return "\n".join(lines)


def _contact_sheet(snap: Snapshot) -> QImage:
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QImage, QPainter

    from desktop.workbench.render import face_image

    images = [(f"{side.card_id} · {side.side}", face_image(side.target, side.target_overflow,
                                                           [(s, s) for s in ("missing", "stale", "placeholder")
                                                            if s in side.states]))
              for side in snap.sides]
    cell_w = max(image.width() for _, image in images) + 12
    cell_h = max(image.height() for _, image in images) + 24
    rows = (len(images) + COLUMNS - 1) // COLUMNS
    sheet = QImage(cell_w * COLUMNS, cell_h * rows + 30, QImage.Format.Format_ARGB32)
    sheet.fill(QColor("#ffffff"))
    painter = QPainter(sheet)
    font = QFont()
    font.setPixelSize(11)
    painter.setFont(font)
    painter.setPen(QColor("#333333"))
    painter.drawText(QRectF(8, 4, sheet.width() - 16, 22), int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                     f"{snap.game} · {snap.target_lang}")
    for i, (caption, image) in enumerate(images):
        x, y = (i % COLUMNS) * cell_w + 6, (i // COLUMNS) * cell_h + 30
        painter.drawImage(x, y, image)
        painter.drawText(QRectF(x, y + image.height(), cell_w - 12, 18),
                         int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop), caption)
    painter.end()
    return sheet
