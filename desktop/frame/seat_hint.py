"""Game → Hint (H) at a table for several: the hard computer player's move for the person deciding, shown
as the Solonauts hint shows one: the card picked up over its target (Enter plays it), or the prompt bar's
button that plays it given the keyboard, and one line saying why (rules/bots/hints.py decides both).

Only the person whose decision it is may ask, with their curtain lifted, never for a computer's seat nor at
a shared question. The search runs off the window's thread (`Background`); an answer that arrives after
the position changed (a move, an undo, another person looking) is dropped. Each hint shown is counted for
its seat in the game (`SeatGame.hints`), kept in the save and said with the result.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject

from desktop.frame import bot_seats
from desktop.frame.background import Background
from desktop.frame.card_table import CardTable
from desktop.frame.i18n import Translator
from rules.kernel import Move

if TYPE_CHECKING:  # the search and every game's rules it reads load when a hint is first asked, not at start
    from rules.bots.hints import Hint

HINTS = "hints"  # where a save keeps how many hints each seat was shown: {"seat": count}


class Table(Protocol):
    """What the hint reads of a SeatTable (desktop/frame/seat_table.py)."""

    game: Any
    guard: Any
    read_only: bool
    looking: int | None
    answering: int | None
    bot_seats: Any

    @property
    def tr_(self) -> Translator: ...
    @property
    def scene(self) -> CardTable: ...

    def decider(self) -> int | None: ...
    def hint_moves(self, seat: int) -> list[Move]: ...
    def hint_gesture(self, move: Move) -> tuple[str, str] | None: ...
    def hint_words(self, move: Move, gesture: tuple[str, str] | None) -> str: ...
    def hint_params(self, params: dict[str, Any]) -> dict[str, Any]: ...
    def button_for(self, move: Move) -> Any: ...
    def show_message(self, text: str, error: bool = True) -> None: ...
    def save_hints(self) -> None: ...


class SeatHint(QObject):
    def __init__(self, table: Table, parent: QObject) -> None:
        super().__init__(parent)
        self.table = table
        self.background = Background(self)
        self.shown: Hint | None = None  # the last hint shown (tests read it)

    def seat(self) -> int | None:
        """The seat a hint would be for now, or None when none may be given."""
        table = self.table
        game = table.game
        if (table.read_only or table.guard is not None or not bot_seats.offered(game.engine.game, game.engine.mode)
                or game.engine.is_over(game.state) or table.scene.curtain_up
                or table.bot_seats.to_move() is not None):
            return None
        seat = table.decider()
        if seat is None or seat in game.bots or table.looking != seat:
            return None  # a shared question, a computer's seat, or someone else's eyes
        return seat if table.hint_moves(seat) else None

    def _position(self, seat: int) -> tuple[Any, ...]:
        """What must be unchanged for an answer to be shown: the moves played, who looks, what may be played."""
        match = self.table.game.match
        return id(match), match.moves, seat, self.table.looking, tuple(map(repr, self.table.hint_moves(seat)))

    def ask(self) -> None:
        seat = self.seat()
        if seat is None:
            return
        table = self.table
        game = table.game
        engine = game.engine
        view = engine.clone(engine.view(game.state, seat))  # the worker's own copy: the table plays on meanwhile
        legal = list(table.hint_moves(seat))
        ply = len(game.match.moves)
        asked = self._position(seat)
        table.show_message(table.tr_.text("hint.thinking"), error=False)

        def show(found: Hint) -> None:
            if self.seat() != seat or self._position(seat) != asked:
                return  # the position changed while the computer thought
            self.show(seat, found)

        name, mode = engine.game, engine.mode
        from rules.bots.hints import suggest

        self.background.run(lambda: suggest(name, mode, view, seat, legal, ply), show)

    def cancel(self) -> None:
        self.background.cancel()

    def show(self, seat: int, found: Hint) -> None:
        table = self.table
        gesture = table.hint_gesture(found.move)
        if gesture is not None:
            table.scene.point_at(*gesture)
        else:
            button = table.button_for(found.move)
            if button is not None:
                button.setFocus()
        what = table.hint_words(found.move, gesture)
        why = table.tr_.text(found.reason, **table.hint_params(found.params))
        self.shown = found
        table.show_message(table.tr_.text("hint.line", what=what, why=why), error=False)
        game = table.game
        game.hints[seat] = game.hints.get(seat, 0) + 1
        table.save_hints()


def hints_line(tr: Translator, names: list[str], hints: dict[int, int]) -> str:
    """Who was shown hints in this game, and how many ('' when nobody was)."""
    used = [tr.text("hint.used_by", player=names[seat], count=count)
            for seat, count in sorted(hints.items()) if count and 0 <= seat < len(names)]
    return tr.text("hint.used", players=", ".join(used)) if used else ""


def to_save(hints: dict[int, int]) -> dict[str, int]:
    return {str(seat): count for seat, count in sorted(hints.items()) if count}


def from_save(raw: object, seats: int) -> dict[int, int]:
    """The counts a save holds; anything not what we write counts as no hint (it only ever adds a line)."""
    if not isinstance(raw, dict):
        return {}
    found: dict[int, int] = {}
    for key, count in raw.items():
        if (isinstance(key, str) and key.isdigit() and len(key) < 4 and int(key) < seats
                and isinstance(count, int) and not isinstance(count, bool) and 0 < count < 10**6):
            found[int(key)] = count
    return found
