"""What a replay draws a position with: each game's own table, made read-only.

Every game, Solonauts too, is drawn by its own SeatTable with `read_only` set, so it draws the public
view (PUBLIC) and offers nothing to pick or play. "Show
everything" swaps in a copy of the game whose `view` is the whole state: no engine has an all-seeing
view of its own, and once a game is over nothing in it is secret any more.
"""
from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLineEdit, QListWidget, QPlainTextEdit, QTextEdit, QWidget

from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel
from desktop.frame.seat_table import SeatGame, SeatTable
from rules.kernel import Event
from rules.match import Match



def over_the_shoulder(match: Match[Any]) -> int:
    """Whose seat "show everything" draws from: the player to act, or who moved last once it is over
    (a table draws the hand, ID and Mission of the seat it is drawn for; the others' lie at their places)."""
    acting = match.engine.to_act(match.state)
    if acting:
        return min(acting)
    last = match.last_move
    return last.player if last is not None and last.player >= 0 else 0


class Stage:
    """The drawing half of a replay: the game's own table class, read-only, with its own log and detail."""

    def __init__(self, tr: Translator, game: SeatGame, table: type[SeatTable]) -> None:
        self.tr = tr
        self.game = game
        self.detail = DetailPanel()
        # Made at the deal, where a replay opens: made at the end, the table would write the whole game's log only
        # for the replay to start it again (seconds for a long game, issue #42).
        self.table = table(tr, self._game(game.match.prefix(0)), None, QListWidget(), self.detail)
        self.table.read_only = True
        self.table.bar.hide()
        self.table.message.hide()
        for timer in self.table.findChildren(QTimer):
            timer.stop()  # a replay has no clock running (Bacchanalia's time limit) and nothing to autosave
        for edit in self.table.findChildren(QWidget):
            if isinstance(edit, (QPlainTextEdit, QTextEdit, QLineEdit)):
                edit.setReadOnly(True)  # a game's notes (Bacchanalia's journal) are read, not written, here
        self.widget = self.table
        self.scene = self.table.scene
        self.scene.shows_focus = False

    def _game(self, match: Match[Any], everything: bool = False) -> SeatGame:
        game = copy.copy(self.game)  # the names and anything a game keeps beside the moves (a journal)
        game.sees_all = everything
        game.match = match
        return game

    def show(self, match: Match[Any], everything: bool) -> None:
        self.table.game = self._game(match, everything)
        self.table.replay_seat = over_the_shoulder(match) if everything else None
        self.table.refresh()

    def log_events(self, match: Match[Any]) -> list[Event]:
        shown = self.table.game
        self.table.game = self._game(match)
        try:
            return self.table.log_lines()
        finally:
            self.table.game = shown

    def logged(self, events: list[Event]) -> int:
        """How many lines of the log one move's events make."""
        return sum(1 for event in events if self.table.shown_in_log(event))

    def event_text(self, event: Event) -> str:
        return self.table.event_text(event)

    def situation(self, match: Match[Any]) -> str:
        """Who is to act at this position, or how the game ended."""
        shown = self.table.game
        self.table.game = self._game(match)
        try:
            return self.table.situation()
        finally:
            self.table.game = shown

    def extra(self, match: Match[Any], everything: bool) -> str:
        """What "show everything" adds beyond the table ('' for nothing)."""
        if not everything:
            return ""
        shown = self.table.game
        self.table.game = self._game(match, everything)
        try:
            return self.table.hidden_shown()
        finally:
            self.table.game = shown

    def save_text(self, match: Match[Any]) -> str:
        return self._game(match).to_json()

    def retranslate(self) -> None:
        self.table.scene.retranslate()
        self.table.refresh()
