"""Draw Convivium's icon with Qt: three cards fanned on the green felt of the table.

    python packaging/make_icon.py [OUTPUT_FOLDER]        (default: packaging/icons)

writes a freedesktop icon theme tree (hicolor/<n>x<n>/apps/<id>.png for 16 … 512 px, and
hicolor/scalable/apps/<id>.svg) and convivium.ico (Windows, 16 … 256 px). The colours are the
table's: the felt, the cream paper and the header bands of the cards. Below 32 px the details
(card titles, the felt's rim) go, so the small sizes stay crisp shapes, not grey mush.
"""
from __future__ import annotations

import struct
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPainterPath, QPen
from PySide6.QtSvg import QSvgGenerator

APP_ID = "io.github.convivium.Convivium"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
HERE = Path(__file__).resolve().parent

FELT = QColor("#1f5240")
FELT_DARK = QColor("#163b2e")
RIM = QColor("#6b4424")
PAPER = QColor("#fbf3dc")
INK = QColor("#3a2a1a")
BANDS = (QColor("#2a5ea8"), QColor("#5b3c99"), QColor("#a8262b"))  # ripplepoint, true history, prime
GOLD = QColor("#e8b33a")


def paint(painter: QPainter, size: int) -> None:
    """The icon in a 512-unit square, scaled to `size` pixels."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / 512, size / 512)
    small = size < 32
    # The table: a rounded square of felt in a wooden rim (the rim is lost below 32 px anyway).
    outer = QRectF(16, 16, 480, 480)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(RIM if not small else FELT_DARK)
    painter.drawRoundedRect(outer, 96, 96)
    inner = outer.adjusted(22, 22, -22, -22) if not small else outer.adjusted(10, 10, -10, -10)
    painter.setBrush(FELT)
    painter.drawRoundedRect(inner, 76, 76)
    # Three cards fanned from a point below the table's middle; the front one upright in the middle.
    pivot = QPointF(256, 590)
    for angle, band in ((-17.0, BANDS[0]), (17.0, BANDS[1]), (0.0, BANDS[2])):
        painter.save()
        painter.translate(pivot)
        painter.rotate(angle)
        card(painter, QRectF(-90, -470, 180, 262), band, small, front=band is BANDS[2])
        painter.restore()


def card(painter: QPainter, rect: QRectF, band: QColor, small: bool, front: bool) -> None:
    radius = 22
    painter.setPen(QPen(QColor(0, 0, 0, 90), 6) if not small else Qt.PenStyle.NoPen)
    painter.setBrush(PAPER)
    painter.drawRoundedRect(rect, radius, radius)
    # The header band: the top of the card in the colour of its kind, as at the table.
    band_rect = QRectF(rect.left(), rect.top(), rect.width(), rect.height() * 0.26)
    clip = QPainterPath()
    clip.addRoundedRect(rect, radius, radius)
    painter.save()
    painter.setClipPath(clip)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(band)
    painter.drawRect(band_rect)
    painter.restore()
    if not front:
        return
    # A wine cup on the front card: the convivium, the meal shared at one table.
    cx, top = rect.center().x(), rect.top() + rect.height() * 0.36
    cup = QPainterPath()
    cup.moveTo(cx - 58, top)
    cup.lineTo(cx + 58, top)
    cup.cubicTo(cx + 58, top + 70, cx + 30, top + 92, cx + 10, top + 96)
    cup.lineTo(cx + 10, top + 132)
    cup.lineTo(cx + 40, top + 146)
    cup.lineTo(cx - 40, top + 146)
    cup.lineTo(cx - 10, top + 132)
    cup.lineTo(cx - 10, top + 96)
    cup.cubicTo(cx - 30, top + 92, cx - 58, top + 70, cx - 58, top)
    cup.closeSubpath()
    painter.setPen(QPen(INK, 8) if not small else Qt.PenStyle.NoPen)
    painter.setBrush(GOLD)
    painter.drawPath(cup)
    if not small:  # the wine in the cup
        wine = QPainterPath()
        wine.moveTo(cx - 52, top + 22)
        wine.lineTo(cx + 52, top + 22)
        wine.cubicTo(cx + 48, top + 66, cx + 26, top + 84, cx, top + 86)
        wine.cubicTo(cx - 26, top + 84, cx - 48, top + 66, cx - 52, top + 22)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#7a1630"))
        painter.drawPath(wine)


def image(size: int) -> QImage:
    picture = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    picture.fill(Qt.GlobalColor.transparent)
    painter = QPainter(picture)
    paint(painter, size)
    painter.end()
    return picture


def png_bytes(picture: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    picture.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs ask bytes, PySide6 takes str
    buffer.close()
    return bytes(data.data())


def ico_bytes(sizes: tuple[int, ...]) -> bytes:
    """A Windows icon holding one PNG per size (the format Windows has read since Vista)."""
    images = [png_bytes(image(n)) for n in sizes]
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = len(head) + 16 * len(images)
    entries, blobs = b"", b""
    for n, blob in zip(sizes, images):
        side = 0 if n >= 256 else n  # 0 means 256 in an icon directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset + len(blobs))
        blobs += blob
    return head + entries + blobs


def write_svg(path: Path) -> None:
    generator = QSvgGenerator()
    generator.setFileName(str(path))
    generator.setSize(QSize(512, 512))
    generator.setViewBox(QRectF(0, 0, 512, 512))
    generator.setTitle("Convivium")
    painter = QPainter(generator)
    paint(painter, 512)
    painter.end()


def make(folder: Path) -> list[Path]:
    """Write every icon file under `folder`; the paths written."""
    written: list[Path] = []
    for n in SIZES:
        path = folder / "hicolor" / f"{n}x{n}" / "apps" / f"{APP_ID}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png_bytes(image(n)))
        written.append(path)
    svg = folder / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    svg.parent.mkdir(parents=True, exist_ok=True)
    write_svg(svg)
    ico = folder / "convivium.ico"
    ico.write_bytes(ico_bytes(ICO_SIZES))
    return written + [svg, ico]


def main(argv: list[str]) -> int:
    app = QGuiApplication.instance() or QGuiApplication(["make_icon"])
    folder = Path(argv[0]) if argv else HERE / "icons"
    for path in make(folder):
        print(path)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
