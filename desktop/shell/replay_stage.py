"""What a replay draws a position with: each game's own table, made read-only.

Solonauts is drawn by its own scene from the player's view; a game for several by its own SeatTable
with `read_only` set, so it draws the public view (PUBLIC) and offers nothing to pick or play. "Show
everything" swaps in a copy of the game whose `view` is the whole state: no engine has an all-seeing
view of its own, and once a game is over nothing in it is secret any more.
"""
from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLineEdit, QListWidget, QPlainTextEdit, QTextEdit, QWidget

import cardsets
from desktop.frame.card_table import CardTable
from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel, TableView
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.games.chrononauts.faces import ChrononautsFaces
from desktop.games.chrononauts.solonauts_scene import SolonautsScene
from desktop.games.chrononauts.solonauts_session import PLAYER, GameSession
from rules.kernel import Event
from rules.match import Match
from rules.saves import to_json

DECK_SHOWN = 8  # the next cards named when Solonauts shows everything; the rest are counted
UNLOGGED = frozenset({"linchpin_flipped"})  # Solonauts events the main window's log leaves out


def over_the_shoulder(match: Match[Any]) -> int:
    """Whose seat "show everything" draws from: the player to act, or who moved last once it is over
    (a table draws the hand, ID and Mission of the seat it is drawn for; the others' lie at their places)."""
    acting = match.engine.to_act(match.state)
    if acting:
        return min(acting)
    last = match.last_move
    return last.player if last is not None and last.player >= 0 else 0


class Stage:
    """The drawing half of a replay: a widget, and how to draw a match at a position."""

    tr: Translator
    widget: QWidget
    scene: CardTable
    detail: DetailPanel

    def show(self, match: Match[Any], everything: bool) -> None:
        raise NotImplementedError

    def log_events(self, match: Match[Any]) -> list[Event]:
        """The log's events at this position, as the live table would list them."""
        raise NotImplementedError

    def logged(self, events: list[Event]) -> int:
        """How many lines of the log one move's events make: the tables' logs list every event."""
        return len(events)

    def event_text(self, event: Event) -> str:
        raise NotImplementedError

    def situation(self, match: Match[Any]) -> str:
        """Who is to act at this position, or how the game ended."""
        raise NotImplementedError

    def extra(self, match: Match[Any], everything: bool) -> str:
        """What "show everything" adds beyond the table ('' for nothing)."""
        return ""

    def save_text(self, match: Match[Any]) -> str:
        raise NotImplementedError

    def retranslate(self) -> None:
        self.scene.retranslate()


class SoloStage(Stage):
    """Solonauts: the main window's scene, on its own, drawn from the player's view."""

    scene: SolonautsScene

    def __init__(self, tr: Translator, match: Match[Any]) -> None:
        self.tr = tr
        self.faces = ChrononautsFaces(cardsets.load_chrononauts(), match.engine.rules, tr)  # type: ignore[attr-defined]
        self.scene = SolonautsScene(self.faces, tr)
        self.scene.shows_focus = False
        self.widget = self.view = TableView(self.scene)
        self.detail = DetailPanel()
        self.detail.show_hint(tr.text("detail.hint"))
        self.session = GameSession(match, tr, None)  # only for its log lines
        self.session.locked = True
        self.scene.hovered.connect(self._show_detail)
        self.scene.pinned.connect(self._show_detail)

    def show(self, match: Match[Any], everything: bool) -> None:
        self.scene.show_view(match.engine.view(match.state, PLAYER), {})

    def _show_detail(self, key: str) -> None:
        view = self.scene.view_state
        if view is None or key.startswith("zone:") or key not in self.scene.items_by_key and not key.startswith("tl:"):
            return
        face, text = self.faces.detail(key, view.timeline, home=key in view.home)
        self.detail.show_card(face, text)

    def log_events(self, match: Match[Any]) -> list[Event]:
        return [e for e in match.events() if e.kind not in UNLOGGED]  # as the main window's log

    def logged(self, events: list[Event]) -> int:
        return sum(1 for e in events if e.kind not in UNLOGGED)

    def event_text(self, event: Event) -> str:
        return self.session.event_text(event)

    def situation(self, match: Match[Any]) -> str:
        state = match.state
        t = self.tr.text
        score = t("solonauts.score", score=state.score, of=state.options["ids"])
        if state.result is None:
            return score
        return f"{t(f'solonauts.end.{state.reason}', of=state.options['ids'])}  {score}"

    def extra(self, match: Match[Any], everything: bool) -> str:
        """Solonauts hides nothing but the order of its decks: showing everything names the next cards."""
        deck = list(reversed(match.state.deck))  # drawn from the end
        if not everything or not deck:
            return ""
        names = [self.tr.card_title(card) for card in deck[:DECK_SHOWN]]
        more = len(deck) - len(names)
        return self.tr.text("replay.deck_order", cards=", ".join(names)) + (
            " " + self.tr.text("replay.deck_more", count=more) if more else "")

    def save_text(self, match: Match[Any]) -> str:
        return to_json(match)


class SeatStage(Stage):
    """A game for several: its own table class, read-only, with its own log and detail."""

    def __init__(self, tr: Translator, game: SeatGame, table: type[SeatTable]) -> None:
        self.tr = tr
        self.game = game
        self.detail = DetailPanel()
        self.table = table(tr, copy.copy(game), None, QListWidget(), self.detail)
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

    def event_text(self, event: Event) -> str:
        return self.table.event_text(event)

    def situation(self, match: Match[Any]) -> str:
        shown = self.table.game
        self.table.game = self._game(match)
        try:
            if match.engine.is_over(match.state):
                return self.table.end_text()
            acting = sorted(match.engine.to_act(match.state))
            names = self.game.names
            return self.tr.text("replay.to_act", players=", ".join(names[p] for p in acting if 0 <= p < len(names)))
        finally:
            self.table.game = shown

    def save_text(self, match: Match[Any]) -> str:
        return self._game(match).to_json()

    def retranslate(self) -> None:
        self.table.scene.retranslate()
        self.table.refresh()
