"""A drop-down whose chosen item wraps onto more lines where it is narrower than its words, instead of being cut:
the story journal's scene ("Escena 6: entra Fabio") in the narrow journal of a small window. Its list opens as
wide as its longest item (the style does that), so only the closed box needed it."""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QPaintEvent, QPalette
from PySide6.QtWidgets import QComboBox, QSizePolicy, QStyle, QStyleOptionComboBox, QStylePainter

WRAP = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter | Qt.TextFlag.TextWordWrap)


class WrappedChoice(QComboBox):
    """A QComboBox as tall as its chosen item needs at its width (height for width, as a word-wrapped label)."""

    def __init__(self) -> None:
        super().__init__()
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.currentIndexChanged.connect(lambda _: self.updateGeometry())

    def text_field(self, width: int | None = None) -> QRect:
        """Where the chosen item's words go, the box `width` wide (its own width by default) and one line tall."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        option.rect = QRect(0, 0, self.width() if width is None else width, super().sizeHint().height())
        return self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                           QStyle.SubControl.SC_ComboBoxEditField, self)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        """One line's box, and a line more for each line the chosen item wraps onto."""
        field = self.text_field(width)
        metrics = self.fontMetrics()
        words = metrics.boundingRect(QRect(0, 0, max(1, field.width()), 10_000), WRAP, self.currentText())
        return super().sizeHint().height() + max(0, words.height() - metrics.height())

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(super().sizeHint().width(), self.heightForWidth(self.width()))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(super().minimumSizeHint().width(), self.heightForWidth(self.width()))

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 - Qt override
        """The box as the style draws it, empty, and the chosen item's words wrapped in its text field."""
        painter = QStylePainter(self)
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        text = option.currentText
        option.currentText = ""
        painter.drawComplexControl(QStyle.ComplexControl.CC_ComboBox, option)
        field = self.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, self)
        # Plain text: a scene's name holds a player's name.
        self.style().drawItemText(painter, field, WRAP, self.palette(), self.isEnabled(), text,
                                  QPalette.ColorRole.ButtonText)
        painter.end()
