"""`convivium print GAME --lang L -o deck.pdf`: a card set on A4 paper, for proof-reading and inserts.

Every card is painted by the table's own code (`paint_face`) straight into the PDF, so the text is
vector text at print resolution. Nine cards to a page with crop marks at their corners; after each
page of fronts comes a page of their backs with the columns mirrored, so a double-sided print puts
each back behind its front. By default each card is printed once, as its first side (the card in
the hand or on the table); ``--all-sides`` adds the other sides the table paints (a patch on the
timeline, a character in Limbo...), which a translator may want to read but no deck needs.

The PDF is drawn in memory and written by the one writer (cardsets/files.py): a temporary file
beside the target, synced, then renamed over it, so a failure (a full disk) never leaves a
half-written file behind nor replaces a good one; a device, a FIFO or a folder is refused, not
replaced; an existing PDF is replaced only with ``--force``.
"""
from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import cardsets
from cardsets import files
from cardsets.plurals import english_count
from cardsets.text import LANGUAGES
from cardsets.yamlfile import CardSetError
from desktop.frame.pseudo import CODE as PSEUDO

if TYPE_CHECKING:  # Qt is imported once the arguments are known to be good
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter, QPdfWriter

    from desktop.frame.card_item import CardFace

PER_ROW = 3
PER_PAGE = PER_ROW * PER_ROW
MARGIN_MM = 10.0  # most printers cannot print closer to the edge
GAP_MM = 6.0  # room between cards for the crop marks
MARK_MM = 4.0  # length of a crop mark
MARK_OFFSET_MM = 1.0  # marks start a little off the corner, so they never show on a cut card
CAPTION_MM = MARK_OFFSET_MM + MARK_MM + 5.0  # room for the last marks and the page's caption
DPI = 600


class PrintError(Exception):
    """The PDF cannot be written where it was asked for. The message is English, for the command line; ``cause``
    is the OSError that stopped the write, if one did, for the workbench to say in its own language."""

    def __init__(self, message: str, cause: OSError | None = None) -> None:
        super().__init__(message)
        self.cause = cause


def deck_faces(root: Path, game: str, lang: str, all_sides: bool = False) -> list[tuple[str, CardFace]]:
    """(card id, face) of every card of ``game`` in ``lang``, in the order of its cards.yaml."""
    from desktop.frame.i18n import Translator
    from desktop.workbench.adapters import adapter_for
    from desktop.workbench.source import load_game, load_ui

    source = load_game(root, game)
    adapter = adapter_for(source)
    if adapter is None:
        raise PrintError(f"the table draws no cards for {game}, so there is nothing to print")
    tr = Translator(lang, game, ui=load_ui(root).catalog, texts=source.texts.catalog)
    faces: list[tuple[str, CardFace]] = []
    for card_id in adapter.card_ids():
        sides = adapter.sides(card_id, tr)
        faces += [(card_id, side.face) for side in (sides if all_sides else sides[:1])]
    return faces


def print_deck(faces: list[tuple[str, CardFace]], target: Path, caption: str = "", replace: bool = True) -> int:
    """Write ``faces`` to the PDF ``target``, fronts and backs; returns the number of pages.

    Raises PrintError (and leaves whatever was at ``target`` as it was) if the file cannot be
    written; an existing file is replaced only with ``replace``.
    """
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QPdfWriter

    if not faces:
        raise PrintError("there are no cards to print")
    target = Path(target)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    pages = _draw(writer, faces, caption)
    del writer
    buffer.close()
    if pages == 0:
        raise PrintError(f"cannot write {target}")
    try:
        files.write_bytes(target, bytes(data.data()), replace=replace, named=True)
    except OSError as exc:
        raise PrintError(f"cannot write {target}: {exc.strerror or exc}", exc) from None
    return pages


def _draw(writer: QPdfWriter, faces: list[tuple[str, CardFace]], caption: str) -> int:
    """Paint the pages into ``writer``; the number of pages (0 if the painter could not start)."""
    from PySide6.QtCore import QMarginsF
    from PySide6.QtGui import QPageLayout, QPageSize, QPainter

    writer.setResolution(DPI)
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Portrait,
                                     QMarginsF(0, 0, 0, 0)))
    writer.setCreator("Convivium")
    writer.setTitle(caption)
    painter = QPainter()
    if not painter.begin(writer):
        return 0
    sheets = [faces[i:i + PER_PAGE] for i in range(0, len(faces), PER_PAGE)]
    pages = 0
    widest = max(face.width for _id, face in faces)
    tallest = max(face.height for _id, face in faces)
    for number, sheet in enumerate(sheets, 1):
        for back in (False, True):
            if pages:
                writer.newPage()
            _page(painter, writer.width(), writer.height(), sheet, widest, tallest, back,
                  f"{caption} · {number}/{len(sheets)}" + (" · ⟲" if back else ""))
            pages += 1
    painter.end()
    return pages


def _page(painter: QPainter, width: int, height: int, sheet: list[tuple[str, CardFace]],
          widest: float, tallest: float, back: bool, caption: str) -> None:
    """One page: up to nine cards (fronts, or backs in mirrored columns) with crop marks and a caption."""
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QFont

    from desktop.frame.card_item import paint_face

    mm = DPI / 25.4
    margin, gap = MARGIN_MM * mm, GAP_MM * mm
    cell_w = (width - 2 * margin - (PER_ROW - 1) * gap) / PER_ROW
    footer = CAPTION_MM * mm  # below the last row's crop marks
    cell_h = (height - 2 * margin - footer - (PER_ROW - 1) * gap) / PER_ROW
    # One scale for the whole deck, so cards keep their sizes relative to each other.
    scale = min(cell_w / widest, cell_h / tallest)
    for index, (_card_id, face) in enumerate(sheet):
        row, column = divmod(index, PER_ROW)
        if back:  # seen from the other side of the paper, the columns run the other way
            column = PER_ROW - 1 - column
        w, h = face.width * scale, face.height * scale
        x = margin + column * (cell_w + gap) + (cell_w - w) / 2
        y = margin + row * (cell_h + gap) + (cell_h - h) / 2
        painter.save()
        painter.translate(x, y)
        painter.scale(scale, scale)
        paint_face(painter, _back(face) if back else face)
        painter.restore()
        _crop_marks(painter, QRectF(x, y, w, h), mm)
    font = QFont()
    font.setPixelSize(int(3 * mm))
    painter.setFont(font)
    painter.setPen(QColor("#555555"))
    painter.drawText(QRectF(margin, height - margin - 4 * mm, width - 2 * margin, 4 * mm),
                     int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), caption)


def _back(face: CardFace) -> CardFace:
    """The card's back: its colour and frame, no words (the table's face-down card shows its title)."""
    return replace(face, face_down=True, kind_label="", year="", title="", body="", corner="", stamp="", pips=())


def _crop_marks(painter: QPainter, rect: QRectF, mm: float) -> None:
    from PySide6.QtCore import QLineF
    from PySide6.QtGui import QColor, QPen

    line = QLineF
    painter.setPen(QPen(QColor("#000000"), 0.15 * mm))
    start, end = MARK_OFFSET_MM * mm, (MARK_OFFSET_MM + MARK_MM) * mm
    for cx, dx in ((rect.left(), -1), (rect.right(), 1)):
        for cy, dy in ((rect.top(), -1), (rect.bottom(), 1)):
            painter.drawLine(line(cx + dx * start, cy, cx + dx * end, cy))  # along the edge, outwards
            painter.drawLine(line(cx, cy + dy * start, cx, cy + dy * end))


def print_game(root: Path, game: str, lang: str, target: Path, all_sides: bool = False, replace: bool = True) -> int:
    """The whole deck of ``game`` in ``lang`` into ``target``; the pages written."""
    return print_deck(deck_faces(root, game, lang, all_sides), target, f"{game} · {lang}", replace)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="convivium print",
                                     description="Lay out every card of a set on A4 pages, with crop marks and backs.")
    parser.add_argument("game", help="the card set")
    parser.add_argument("--lang", choices=(*LANGUAGES, PSEUDO), default="en", help="the language of the cards")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="FILE", help="the PDF to write")
    parser.add_argument("--force", action="store_true", help="replace FILE if it exists")
    parser.add_argument("--all-sides", action="store_true",
                        help="also print the other sides the table paints (the card on the table, in Limbo...)")
    parser.add_argument("--root", type=Path, default=cardsets.ROOT, metavar="DIR", help="the card-set folder")
    args = parser.parse_args(argv)
    games = cardsets.games(args.root)
    if args.game not in games:
        parser.error(f"unknown game {args.game!r}; choose one of {', '.join(games)}")
    _application()
    try:
        pages = print_game(args.root, args.game, args.lang, args.output, args.all_sides, replace=args.force)
    except CardSetError as exc:
        print(f"convivium print: the card set cannot be read:\n{exc}", file=sys.stderr)
        return 1
    except PrintError as exc:
        print(f"convivium print: {exc}", file=sys.stderr)
        return 2
    print(f"{english_count(pages, 'page')} written to {args.output}")
    return 0


def _application() -> None:
    """Fonts need a Qt GUI application; printing never shows a window, so no display is needed."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        _application.app = QGuiApplication(sys.argv[:1])  # type: ignore[attr-defined]  # kept alive

