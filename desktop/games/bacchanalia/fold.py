"""The story journal's side of the table: a thin strip that folds it away or opens it, and a splitter
that tells when it is resized (the journal's width follows the window until the player picks one)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QPaintEvent, QPalette, QResizeEvent
from PySide6.QtWidgets import QAbstractButton, QSizePolicy, QSplitter, QStyle, QStyleOptionFocusRect, QStylePainter

# Where the journal goes on a click: away to the right, or back. Drawn in the strip's turned text, where
# up is the screen's right: "▴" points right on screen, "▾" left.
OPEN_MARK, FOLDED_MARK = "▴", "▾"


class FoldStrip(QAbstractButton):
    """A checkable button written up the side of a thin strip: checked, the journal beside it is open.

    Its text is only the journal's name (what a screen reader says, with checked or not); the arrow is drawn.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setCheckable(True)
        self.setChecked(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        metrics = self.fontMetrics()
        return QSize(metrics.height() + 10, metrics.horizontalAdvance(f"{OPEN_MARK}  {self.text()}") + 24)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(self.sizeHint().width(), 40)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        painter = QStylePainter(self)
        palette = self.palette()
        role = QPalette.ColorRole.Midlight if self.underMouse() or self.isDown() else QPalette.ColorRole.Button
        painter.fillRect(self.rect(), palette.color(role))
        painter.setPen(palette.color(QPalette.ColorRole.Mid))
        painter.drawLine(self.rect().topRight(), self.rect().bottomRight())
        if self.hasFocus():
            option = QStyleOptionFocusRect()
            option.initFrom(self)
            option.rect = self.rect().adjusted(2, 2, -2, -2)
            painter.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, option)
        # Read from the top down, as on a book's spine.
        painter.setPen(palette.color(QPalette.ColorRole.ButtonText))
        painter.translate(self.width(), 0)
        painter.rotate(90)
        mark = OPEN_MARK if self.isChecked() else FOLDED_MARK
        painter.drawText(QRect(12, 0, self.height() - 24, self.width()),
                         int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), f"{mark}  {self.text()}")
        painter.end()


class ResizeSplitter(QSplitter):
    """A splitter that calls `resized` once it has shared out a new size."""

    def __init__(self, resized: Callable[[], None]) -> None:
        super().__init__()
        self._resized = resized

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._resized()
