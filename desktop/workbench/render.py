"""Card faces as pictures for the workbench and the report, with what is wrong drawn on them."""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from desktop.frame.card_item import CardFace, face_layout, paint_face

SCALE = 1.5  # the faces are drawn at the table's size and enlarged, so what fits there fits here
OVERFLOW = QColor("#d81b60")
BADGE = {"missing": "#c62828", "stale": "#ef6c00", "placeholder": "#6a1b9a", "unknown": "#37474f"}


def face_image(face: CardFace, overflow: Iterable[str] = (), badges: Iterable[tuple[str, str]] = (),
               scale: float = SCALE) -> QImage:
    """``face`` painted by the table's own code; overflowing boxes outlined, states as badges.

    ``badges`` are (state, label) pairs, e.g. ("missing", "Missing"), drawn along the foot.
    """
    image = QImage(int((face.width + 6) * scale), int((face.height + 6) * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    painter.scale(scale, scale)
    painter.translate(3, 3)
    paint_face(painter, face)
    roles = set(overflow)
    pen = QPen(OVERFLOW, 1.6, Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    for box in face_layout(face):
        if box.role in roles:
            painter.drawRect(box.rect.adjusted(-1, -1, 1, 1))
    font = QFont()
    font.setPixelSize(8)
    font.setBold(True)
    painter.setFont(font)
    right = face.width - 2
    for state, label in badges:
        width = painter.fontMetrics().horizontalAdvance(label) + 8
        rect = QRectF(right - width, face.height - 13, width, 12)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(BADGE.get(state, "#37474f")))
        painter.drawRoundedRect(rect, 3, 3)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), label)
        right -= width + 3
    painter.end()
    return image
