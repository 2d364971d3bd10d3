"""A joiner's own record (network/seat_record.py) shown again: the seat's table at each update it was sent, stepped
with the arrows, Home and End or the slider, and the chat said at the table beside it. Read-only: the record holds
what one seat saw, not the deck's order nor the others' hands, so it cannot become a live game; its window says so.
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QMainWindow, QPushButton, QSlider, QSplitter, QVBoxLayout, QWidget

from desktop.frame import plain, screen_fit
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatTable
from desktop.net.chat import ChatPanel
from desktop.net.remote import DRAWING_ERRORS, RemoteMatch, seat_names
from network.seat_record import NOT_ONE, SeatRecord
from rules.kernel import PUBLIC, RulesError
from rules.registry import engine as engine_of

READ_ONLY = "record.read_only"  # what the table's prompt says: nothing may be played here


def _nothing_sent(_message: object) -> None:
    """A record has no host: nothing goes anywhere (and nothing may be played, see `SeatReplay._match_at`)."""


class SeatReplay(QMainWindow):
    """The record's game, one update at a time (`position`: how many updates are taken in, from 1)."""

    def __init__(self, tr: Translator, record: SeatRecord, table_class: type[SeatTable], name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.tr_, self.record, self.name = tr, record, name
        welcome = record.welcome
        self.engine = engine_of(welcome.game, welcome.mode)
        self.seat = PUBLIC if welcome.seat is None else welcome.seat
        self.names = seat_names(record.seats, welcome.players, tr)
        self.position = 1
        game = table_class.GAME_CLASS(self._match_at(1), list(self.names))
        game.seats_here = frozenset() if welcome.seat is None else frozenset({welcome.seat})
        game.paused = RulesError(READ_ONLY)  # the prompt says so, and nothing can be played
        self.table = table_class(tr if table_class.GAME == "chrononauts" else tr.for_game(table_class.GAME), game)
        self.intro = plain.label()
        self.intro.setWordWrap(True)
        self.intro.setStyleSheet("color: #1d4f8a")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(1, len(record.steps))
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the window's keys, not the slider's own
        self.slider.valueChanged.connect(self.seek)
        self.position_label = plain.label()
        self.back = QPushButton()
        self.forward = QPushButton()
        self.back.clicked.connect(lambda: self.seek(self.position - 1))
        self.forward.clicked.connect(lambda: self.seek(self.position + 1))
        self.chat = ChatPanel(tr)
        self.chat.read_only(True)
        for said in record.said:
            speaker = self.names[said.seat] if said.seat < len(self.names) else tr.text("hs.seat", seat=said.seat + 1)
            self.chat.add(speaker, said.text, own=True)  # read back, not arriving: nothing is announced
        timeline = QHBoxLayout()
        timeline.addWidget(self.back)
        timeline.addWidget(self.slider, 1)
        timeline.addWidget(self.forward)
        timeline.addWidget(self.position_label)
        column = QVBoxLayout()
        column.addWidget(self.intro)
        column.addWidget(self.table, 1)
        column.addLayout(timeline)
        left = QWidget()
        left.setLayout(column)
        side = QSplitter(Qt.Orientation.Vertical)
        self.table.log.setWordWrap(True)
        side.addWidget(self.table.log)
        side.addWidget(self.chat)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(left)
        body.addWidget(side)
        body.setStretchFactor(0, 1)
        body.setSizes([1000, 320])
        self.setCentralWidget(body)
        for keys, slot in (("Left", lambda: self.seek(self.position - 1)),
                           ("Right", lambda: self.seek(self.position + 1)),
                           ("Home", lambda: self.seek(1)), ("End", lambda: self.seek(len(record.steps)))):
            QShortcut(QKeySequence(keys), self).activated.connect(slot)
        self.retranslate()
        screen_fit.fit_to_screen(self, QSize(1400, 880))
        self.seek(len(record.steps))  # where the seat left the game; Home goes back to its start

    def _match_at(self, position: int) -> RemoteMatch:
        """The seat's match after its first `position` updates, which nothing can be played on."""
        steps = self.record.steps
        match = RemoteMatch(self.engine, self.seat, steps[0], _nothing_sent)
        for update in steps[1:position]:
            match.take(update)
        match.waiting = True  # no move, no undo: legal_moves and can_undo say nothing may be done
        return match

    def seek(self, position: int) -> None:
        """Show the game after the first `position` updates. A step no table can draw (a file made by hand: its
        events' fields are not the game's) leaves the last good one on show and says the file is damaged."""
        position = max(1, min(len(self.record.steps), position))
        match = self.table.game.match
        assert isinstance(match, RemoteMatch)
        before, fields_before, position_before = self.table.game.match, dict(vars(match)), self.position
        try:
            if position > self.position:
                for update in self.record.steps[self.position:position]:
                    match.take(update)
                match.waiting = True
            elif position < self.position:
                self.table.game.match = self._match_at(position)
            self.position = position
            self.table.refresh()
        except (RulesError, *DRAWING_ERRORS):
            self.table.game.match, self.position = before, position_before
            vars(match).update(fields_before)
            self.table.refresh()
            self.table.show_message(self.tr_.text(NOT_ONE))
        self.slider.blockSignals(True)
        self.slider.setValue(self.position)
        self.slider.blockSignals(False)
        self._words()

    def retranslate(self) -> None:
        t = self.tr_.text
        self.setWindowTitle(plain.window_title(f"{t('replay.title', name=self.name)} — {t('app.name')}"))
        self.back.setText(t("record.back"))
        self.forward.setText(t("record.forward"))
        self.slider.setAccessibleName(t("record.updates"))
        self.chat.retranslate()
        self._words()
        self.table.retranslate()

    def _words(self) -> None:
        t = self.tr_.text
        seat = self.record.welcome.seat
        who = t("record.spectator") if seat is None else self.names[seat]
        intro = t("record.intro", player=who)
        if self.record.stopped and self.position == len(self.record.steps):
            intro += " " + t("record.stopped")
        self.intro.setText(intro)
        self.position_label.setText(t("record.position", step=self.position, total=len(self.record.steps)))

