"""One game in progress on the table: the match, its autosave, and what the table may offer."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from desktop.frame.i18n import Translator
from desktop.games.chrononauts.solonauts_scene import DISCARD_KEY, Dests, timeline_key
from rules.chrononauts.solonauts import SoloState
from rules.kernel import Event, IllegalMove, Move
from rules.match import Match
from rules.registry import engine
from rules.saves import save as write_save

PLAYER = 0


class GameSession(QObject):
    changed = Signal(list)  # the events of the last change (empty after undo)
    refused = Signal(str)  # why a move was not played, in the player's language

    def __init__(self, match: Match[SoloState], tr: Translator, autosave: Path | None) -> None:
        super().__init__()
        self.match = match
        self.translator = tr
        self.autosave = autosave
        self.autosave_error: OSError | None = None  # why the last autosave failed, said in the table's language
        self.counted = False  # in the statistics already (a game counts once)
        self.locked = False  # shown, not played: a winning line replayed step by step

    @classmethod
    def new(cls, options: dict[str, Any], seed: int, tr: Translator, autosave: Path | None) -> GameSession:
        return cls(Match(engine("chrononauts", "solonauts"), options, seed), tr, autosave)

    @property
    def view(self) -> SoloState:
        state: SoloState = self.match.engine.view(self.match.state, PLAYER)
        return state

    @property
    def over(self) -> bool:
        return self.match.engine.is_over(self.match.state)

    def dests(self) -> Dests:
        """card -> target item -> move, straight from legal_moves (the only judge)."""
        out: dict[str, dict[str, Move]] = {}
        if self.locked:
            return out
        eng, state = self.match.engine, self.match.state
        for move in self.match.legal_moves(PLAYER):
            found = eng.gesture(state, move)  # (card, year) or (card, "discard")
            if found is not None and found[1] is not None:
                card, target = found
                out.setdefault(card, {})[timeline_key(target) if isinstance(target, int) else DISCARD_KEY] = move
        return out

    def play(self, move: Move) -> bool:
        try:
            events = self.match.play(move)
        except IllegalMove as exc:
            self.refused.emit(self.translator.reason(exc))
            return False
        self._autosave()
        self.changed.emit(events)
        return True

    def undo(self) -> bool:
        if not self.match.can_undo():
            return False
        self.match.undo()
        self._autosave()
        self.changed.emit([])
        return True

    def redo(self) -> bool:
        if not self.match.can_redo():
            return False
        events = self.match.redo()
        self._autosave()
        self.changed.emit(events)
        return True

    def save(self, path: Path, named: bool = False) -> None:
        write_save(path, self.match, named)

    def _autosave(self) -> None:
        if self.autosave is None:
            return
        try:
            write_save(self.autosave, self.match)
            self.autosave_error = None
        except OSError as exc:
            self.autosave_error = exc

    def event_text(self, event: Event) -> str:
        """One line of the game log."""
        params: dict[str, object] = {}
        for name, value in event.params.items():
            if name in ("card", "id") and isinstance(value, str):
                params[name] = self.translator.card_title(value)
            elif name == "cards" and isinstance(value, list):
                params["count"] = len(value)
            else:
                params[name] = value
        return self.translator.text(f"event.{event.kind}", **params)
