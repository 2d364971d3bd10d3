"""Game → New game: the game, its mode and, for Solonauts, the kind of deal and the number of travellers. Imported
when first asked for: the types of its widgets are made as they are first imported, a cost the start need not pay
(issue #42)."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit, QSpinBox, QWidget

from desktop.frame import accessibility, dialogs, plain, screen_fit
from desktop.frame.i18n import Translator
from desktop.shell.deal_numbers import parse_deal, random_deal
from rules.chrononauts.deals import MAX_DEAL
from rules.chrononauts.solonauts import IDS_DEFAULT, IDS_MAX, IDS_MIN

DEAL_KINDS = ("random", "winnable", "daily", "number")


class NewGameDialog(QDialog):
    def __init__(self, tr: Translator, parent: QWidget | None, ids: int = IDS_DEFAULT,
                 on_table: tuple[str, str] | None = None) -> None:
        """`on_table`: the game and mode on the table, chosen to begin with (a group asks for another of the same)."""
        super().__init__(parent)
        self.tr_ = tr
        self.setWindowTitle(tr.text("new.title"))
        form = self._form = QFormLayout(self)
        self.game = QComboBox()
        from desktop.shell.tables import seat_games

        for game in seat_games():
            self.game.addItem(tr.name_of(game, f"game.{game}"), game)
        self.mode = QComboBox()
        self.game.currentIndexChanged.connect(self._game_chosen)
        self.kind = QComboBox()
        for kind in DEAL_KINDS:
            self.kind.addItem(tr.text(f"new.kind.{kind}"), kind)
        self.deal = QLineEdit()
        self.deal.setPlaceholderText(tr.text("new.deal_hint"))
        # Room for the whole hint (Qt sizes a line edit for a few characters): 2 px margins and the frame.
        self.deal.setMinimumWidth(self.deal.fontMetrics().horizontalAdvance(self.deal.placeholderText()) + 16)
        self.deal.textChanged.connect(self._number_typed)
        self.kind.currentIndexChanged.connect(self._kind_chosen)
        self.ids = QSpinBox()
        self.ids.setRange(IDS_MIN, IDS_MAX)
        self.ids.setValue(ids)
        self.error = dialogs.refusal_line()
        form.addRow(tr.text("new.game"), self.game)
        form.addRow(tr.text("new.mode"), self.mode)
        form.addRow(tr.text("new.deal_kind"), self.kind)
        form.addRow(tr.text("new.deal"), self.deal)
        form.addRow(tr.text("new.ids"), self.ids)
        form.addRow(self.error)
        buttons = dialogs.start_cancel(self, tr.text("new.start"), tr.text("new.cancel"))
        accept = QDialogButtonBox.ButtonRole.AcceptRole
        self.start = next(b for b in buttons.buttons() if buttons.buttonRole(b) == accept)  # or Next… (_mode_chosen)
        form.addRow(buttons)
        self.mode.currentIndexChanged.connect(self._mode_chosen)
        self._game_chosen(0)
        if on_table is not None:
            self._choose(*on_table)
        self.seed: int | None = None
        accessibility.say_choices(self)
        screen_fit.keep_on_screen(self)

    def _game_chosen(self, _index: int) -> None:
        """The modes of the game chosen; several people on one screen give their names in the next dialog."""
        from desktop.frame.registration import registration
        from desktop.frame.seat_table import mode_key
        from desktop.shell.tables import table_class

        game = self.chosen_game()
        table, found = table_class(game), registration(game)
        self.mode.clear()
        own = tuple(found.mode_tables) if found is not None else ()  # Solonauts first: played on the main window
        for mode in own + (table.MODES if table is not None else ()):
            self.mode.addItem(self.tr_.name_of(game, mode_key(game, mode)), mode)
        self._mode_chosen(0)

    def _choose(self, game: str, mode: str) -> None:
        """Begin on `game` and `mode` where this dialog offers them (a game without a table here stays unchosen)."""
        if (found := self.game.findData(game)) >= 0:
            self.game.setCurrentIndex(found)  # its modes are listed (_game_chosen)
            if (mode_found := self.mode.findData(mode)) >= 0:
                self.mode.setCurrentIndex(mode_found)

    def _mode_chosen(self, _index: int) -> None:
        solo = self.chosen_mode() == "solonauts"  # the deal rows are Solonauts' alone: hidden, not greyed, for
        for widget in (self.kind, self.deal, self.ids):  # a game that has no travellers to send home
            self._form.setRowVisible(widget, solo)
        self.error.clear()  # a refused deal number, once its row is hidden, spoke of nothing on show
        # A game for several begins in the next dialog, where its seats are named: "Start" here began nothing.
        self.start.setText(self.tr_.text("new.start" if solo else "new.next"))
        self.adjustSize()

    def chosen_game(self) -> str:
        return str(self.game.currentData())

    def _number_typed(self, text: str) -> None:
        self.error.clear()  # the number it refused is being mended
        if text.strip():  # a number typed means that deal
            self.kind.setCurrentIndex(DEAL_KINDS.index("number"))

    def _kind_chosen(self, _index: int) -> None:
        if self.chosen_kind() != "number":  # another kind of deal: the number no longer applies
            self.deal.clear()

    def chosen_kind(self) -> str:
        return str(self.kind.currentData())

    def accept(self) -> None:
        """`seed` is the deal to play, or None when it must first be found (winnable, daily) or is dealt by the next
        dialog (a game for several, whose deal rows are not on show: a number typed there is neither used nor
        refused)."""
        self.seed = None
        if self.chosen_mode() == "solonauts" and self.chosen_kind() in ("random", "number"):
            try:
                deal = parse_deal(self.deal.text())
            except ValueError:
                dialogs.refuse(self.error, self.tr_.text("new.bad_deal", text=self.deal.text().strip(), max=MAX_DEAL))
                return
            self.seed = random_deal() if deal is None else deal
        super().accept()

    def options(self) -> dict[str, Any]:
        return {"ids": self.ids.value()}

    def chosen_mode(self) -> str:
        return str(self.mode.currentData())
