"""Game → Statistics: the Solonauts record per number of travellers, with a reset."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from desktop.frame import plain, screen_fit
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.solonauts_stats import Record, Statistics

COLUMNS = ("stats.played", "stats.won", "stats.rate", "stats.best", "stats.streak", "stats.best_streak")


class StatisticsDialog(QDialog):
    def __init__(self, stats: Statistics, tr: Translator, ids: range, confirm: Callable[[], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stats, self.tr_, self.ids, self.confirm = stats, tr, ids, confirm
        self.setWindowTitle(tr.text("stats.title"))
        layout = QVBoxLayout(self)
        self.table = QTableWidget(len(ids), len(COLUMNS))
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setHorizontalHeaderLabels([tr.text(key) for key in COLUMNS])
        self.table.setVerticalHeaderLabels([tr.text("stats.row", ids=n) for n in ids])
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table)
        self.note = plain.label(tr.text("stats.note"))
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        buttons = QDialogButtonBox()
        self.reset_button = buttons.addButton(tr.text("stats.reset"), QDialogButtonBox.ButtonRole.ResetRole)
        close = buttons.addButton(tr.text("stats.close"), QDialogButtonBox.ButtonRole.RejectRole)
        self.reset_button.clicked.connect(self.reset)
        close.clicked.connect(self.reject)
        # Reset needs a deliberate click: Close is the default and has the focus, so Enter never wipes a record.
        self.reset_button.setAutoDefault(False)
        close.setDefault(True)
        self.close_button = close
        layout.addWidget(buttons)
        self.fill()
        self.resize(720, 300)
        screen_fit.keep_on_screen(self)
        close.setFocus()

    def fill(self) -> None:
        for row, n in enumerate(self.ids):
            rec = self.stats.records.get(n, Record())
            cells = [str(rec.played), str(rec.won), f"{rec.win_rate:.0%}" if rec.played else "—",
                     str(rec.best) if rec.played else "—", str(rec.streak), str(rec.best_streak)]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)

    def reset(self) -> None:
        if self.confirm():
            self.stats.reset()
            self.fill()

    def cell(self, ids: int, key: str) -> str:
        """The text shown for one number of travellers and one column (for tests)."""
        item = self.table.item(list(self.ids).index(ids), COLUMNS.index(key))
        return item.text() if item is not None else ""
