"""Computer players at a table for several (issue #29, item 2): which seats they hold, and playing for them.

A seat is a person or a computer player of a level (rules/bots: easy, normal, hard). The seats' levels are
part of the game (`SeatGame.bots`, kept in the save), so a game with computers reopens and replays exactly:
each decision is seeded by `decision_rng(match seed, move number)`.

When a computer is to move, the table asks its bot off the GUI thread (a Python thread that touches no Qt
object; a timer in the GUI thread collects the answer), so the window stays responsive and says who is
thinking. The move is played no sooner than the pace asks (instant, normal, slow), through the table's own
`play`, so it is logged and saved like anyone's. An answer to a position that has changed meanwhile (an
undo, a move made, another game) is dropped.

In a response window the computers asked decide first, each through its own `choose` (its legal moves hold
its pass); the shared question goes to the people only, and only to those who may answer before the next
computer does (the Banquet asks in priority order). With one person at the screen there is no curtain:
their own view stays on the table while the computers play.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from random import Random
from types import ModuleType
from typing import Any, Final, Protocol

from PySide6.QtCore import QObject, QTimer

from desktop.frame.i18n import Translator
from rules.kernel import BadOption, Engine, Move, ResponseWindow, RulesError
from rules.match import Match
from rules.registry import info
from rules.saves import SaveError

BOTS: Final = "bots"  # where a save keeps the computers' seats and levels: {"seat": "level"}; none: all people
PACES: Final = {"instant": 0, "normal": 700, "slow": 1500}  # the least time a computer's move takes, in ms
DEFAULT_PACE: Final = "normal"
TICK_MS = 10  # how often the GUI thread looks for a computer's answer
# A computer asked in a window answers no sooner than this, whatever the pace: one that can only pass would
# otherwise answer at once, and one weighing a Memo or a privilege a little later, which would tell the people.
WINDOW_MS = 400
clock = time.monotonic  # seconds (a test sets the time itself)
# Level names a save might hold that are not levels (an older or newer Convivium's): the nearest level.
LEVEL_ALIASES: Final = {"random": "easy", "beginner": "easy", "novice": "easy", "medium": "normal",
                        "intermediate": "normal", "standard": "normal", "expert": "hard", "strong": "hard",
                        "very_hard": "hard", "master": "hard"}


def _bots() -> ModuleType:
    """rules.bots, imported when a computer takes a seat or a save names one: a table of people alone never
    loads it (issue #42: start-up does only what the first table needs)."""
    import rules.bots

    return rules.bots


def make_bot(game: str, mode: str, level: str) -> Any:
    """A computer player of `level` (rules.bots.make_bot): its own name here, where a test puts a slow one."""
    return _bots().make_bot(game, mode, level)


class BotSeatError(RulesError):
    """Computer players a game cannot have; `code` is a text key of the UI catalog."""


def offered(game: str, mode: str | None = None) -> bool:
    """Do computer players play this game (this mode of it)? As the game's INFO says (what rules.bots.bot_modes
    reads too), without importing the bots."""
    try:
        modes = info(game).modes
    except BadOption:
        return False
    return any(m.bots for m in modes.values()) if mode is None else mode in modes and modes[mode].bots


def check(game: str, mode: str, players: int, bots: Mapping[int, str], finished: bool = False) -> dict[int, str]:
    """The computers' seats and levels, in seat order; BotSeatError when the game has none, a level is
    unknown, a seat is not at the table, or nobody is left for a person in a game still to play (that is
    `convivium tournament`; a finished one is only looked at)."""
    if not bots:
        return {}
    if not offered(game, mode):
        raise BotSeatError("bots.no_bots")
    for seat, level in bots.items():
        if level not in _bots().LEVELS:
            raise BotSeatError("bots.unknown_level", level=level)
        if not 0 <= seat < players:
            raise BotSeatError("bots.bad_seats")
    if len(bots) >= players and not finished:
        raise BotSeatError("bots.all_bots")
    return dict(sorted(bots.items()))


def nearest_level(name: str) -> str:
    """The level a name that is no level most likely meant; the middle one when nothing is near."""
    key = "_".join(name.lower().replace("-", " ").split())
    levels = _bots().LEVELS
    if key in levels:
        return key
    if key in LEVEL_ALIASES:
        return LEVEL_ALIASES[key]
    import difflib  # here: only a name that is no level asks, never a start (issue #42)

    close = difflib.get_close_matches(key, [*levels, *LEVEL_ALIASES], n=1, cutoff=0.6)
    if close:
        return close[0] if close[0] in levels else LEVEL_ALIASES[close[0]]
    return "normal"


def from_save(raw: object, game: str, mode: str, players: int, finished: bool) -> tuple[dict[int, str], bool]:
    """The computers a save names (none when it names none: an older save is all people), and whether a level
    that no longer exists was replaced by the nearest one. SaveError when the block is not what we write, or
    asks what `check` refuses."""
    if raw is None:
        return {}, False
    if not isinstance(raw, dict):
        raise SaveError("bots.bad_seats")
    found: dict[int, str] = {}
    replaced = False
    for key, level in raw.items():
        if not (isinstance(key, str) and key.isdigit() and len(key) < 4 and isinstance(level, str)):
            raise SaveError("bots.bad_seats")
        if level not in _bots().LEVELS:
            level, replaced = nearest_level(level), True
        found[int(key)] = level
    try:
        return check(game, mode, players, found, finished), replaced
    except BotSeatError as exc:
        raise SaveError(exc.code, **exc.params) from None


def to_save(bots: Mapping[int, str]) -> dict[str, str]:
    return {str(seat): level for seat, level in sorted(bots.items())}


def pace_ms(name: object) -> int:
    """A pace setting in milliseconds (the default for anything else: a hand-edited settings file)."""
    return PACES[name] if isinstance(name, str) and name in PACES else PACES[DEFAULT_PACE]


@dataclass
class _Question:
    """A computer asked for its move at one position; the thread fills in `move` (or `error`) and `done`."""

    seat: int
    moves: list[Move] = field(repr=False)  # the match's moves when asked: any other position makes it stale
    asked_at: float
    in_window: bool  # asked in a response window: answered no sooner than WINDOW_MS
    move: Move | None = None
    error: BaseException | None = None
    done: bool = False
    thread: threading.Thread | None = field(default=None, repr=False)


def _think(question: _Question, game: str, mode: str, level: str, view: Any, legal: list[Move], rng: Random) -> None:
    """Off the GUI thread: the bot's choice, from the seat's view alone. Touches no Qt object."""
    try:
        question.move = make_bot(game, mode, level).choose(view, question.seat, legal, rng)
    except BaseException as exc:  # handed to the GUI thread, which raises it there
        question.error = exc
    question.done = True


class Game(Protocol):
    """What is read of a SeatGame (desktop/frame/seat_table.py, which imports this module)."""

    @property
    def match(self) -> Match[Any]: ...
    @property
    def engine(self) -> Engine[Any]: ...
    @property
    def state(self) -> Any: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def bots(self) -> dict[int, str]: ...
    @property
    def seats_here(self) -> frozenset[int] | None: ...

    def here(self, seat: int) -> bool: ...


class Table(Protocol):
    """What is used of a SeatTable: its game, its words, who looks and answers, and its `play`."""

    answering: int | None

    @property
    def game(self) -> Game: ...
    @property
    def tr_(self) -> Translator: ...
    @property
    def read_only(self) -> bool: ...
    @property
    def looking(self) -> int | None: ...

    def play(self, move: Move) -> bool: ...


class BotSeats(QObject):
    """Plays for the computers at one table; the table calls it at a few points (see SeatTable.refresh)."""

    def __init__(self, table: Table, parent: QObject) -> None:
        super().__init__(parent)
        self.table = table
        self.pace = PACES[DEFAULT_PACE]  # ms; the main window sets the player's setting
        self.question: _Question | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)

    # --- who sits where -----------------------------------------------------------------------

    @property
    def seats(self) -> dict[int, str]:
        return self.table.game.bots

    def people(self) -> list[int]:
        game = self.table.game
        return [s for s in range(game.engine.players(game.state)) if s not in self.seats]

    def sole_person(self) -> int | None:
        """The one person playing with computers (their view stays on the table), else None."""
        people = self.people()
        return people[0] if self.seats and len(people) == 1 else None

    def to_move(self) -> int | None:
        """The computer to decide now: the one the engine waits for, or in a window one asked that may answer
        now (computers answer before the people are asked); None when a person decides or the game is over."""
        if not self.seats:
            return None
        engine, state = self.table.game.engine, self.table.game.state
        if engine.is_over(state):
            return None
        window = engine.window(state)
        if window is not None:
            acting = engine.to_act(state)
            return next((s for s in window.asked if s in self.seats and s in acting), None)
        seat = engine.decider(state)
        return seat if seat in self.seats else None

    def for_people(self, window: ResponseWindow) -> ResponseWindow:
        """The window as the people's shared question: those asked before the next computer (the Banquet polls
        in priority order; elsewhere the computers have answered by now), and their passes only."""
        game = self.table.game
        if not self.seats and game.seats_here is None:
            return window
        asked: list[int] = []
        for seat in window.asked:
            if seat in self.seats or not game.here(seat):  # nor does this screen answer for one played elsewhere
                break
            asked.append(seat)
        return replace(window, asked=tuple(asked),
                       nobody=tuple(m for m in window.nobody if m.player in asked),
                       nobody_for_turn=tuple(m for m in window.nobody_for_turn if m.player in asked))

    def thinking_text(self, seat: int) -> str:
        tr, name = self.table.tr_, self.table.game.names[seat]
        # A seat named as the set-up dialog names a computer ("Computer 4") says so already: "Computer 4 (computer)"
        # said it twice.
        named_so = any(name == tr.text("bots.default_name", number=n) for n in range(1, len(self.table.game.names) + 1))
        return tr.text("bots.thinking_named" if named_so else "bots.thinking", player=name)

    # --- undo ---------------------------------------------------------------------------------

    def undo_steps(self) -> int:
        """How many moves Undo takes back: the last person's move and the computers' replies since it, when the
        engine's barrier allows them all (never across what someone has seen revealed), and that person may:
        the one looking, or at a shared question nobody has answered, the one whose play opened it."""
        table = self.table
        match = table.game.match
        moves = match.moves
        replies = 0
        while replies < len(moves) and moves[-1 - replies].player in self.seats:
            replies += 1
        if replies == len(moves) or match.undoable() <= replies:
            return 0
        person = moves[-1 - replies].player
        window = match.engine.window(match.state)
        if window is not None and table.answering is None and self.to_move() is None and table.looking is None:
            return replies + 1 if person == window.opener else 0
        return replies + 1 if person == table.looking else 0

    # --- playing for the computers ---------------------------------------------------------------

    def after_refresh(self) -> None:
        """Ask the computer to move, if one is, unless it is already thinking about this very position."""
        if self.table.read_only:
            return
        seat = self.to_move()
        if seat is None:
            self.question = None
            self.timer.stop()
            return
        match = self.table.game.match
        if self.question is not None and self.question.seat == seat and self.question.moves == match.moves:
            return
        engine, state = match.engine, match.state
        question = _Question(seat, match.moves, clock(), engine.window(state) is not None)
        # The legal moves come from the real state (a view may lack what listing them needs); the bot sees the
        # seat's view only, and a generator seeded by the game and the move's number, so the game replays.
        thread = threading.Thread(target=_think, daemon=True, name=f"bot-{seat}",
                                  args=(question, engine.game, engine.mode, self.seats[seat], engine.view(state, seat),
                                        engine.legal_moves(state, seat), _bots().decision_rng(match.seed, len(question.moves))))
        question.thread = thread
        self.question = question
        thread.start()
        self.timer.start()

    def thinking(self) -> bool:
        return self.question is not None

    def _tick(self) -> None:
        question = self.question
        if question is None:
            self.timer.stop()
            return
        match = self.table.game.match
        if question.moves != match.moves or question.seat != self.to_move():
            self.question = None  # stale: the table moved on while it thought
            self.timer.stop()
            self.after_refresh()
            return
        wait = max(self.pace, WINDOW_MS) if question.in_window else self.pace
        if not question.done or (clock() - question.asked_at) * 1000 < wait:
            return
        self.question = None
        self.timer.stop()
        if question.error is not None:
            raise question.error
        assert question.move is not None
        match.engine.check(match.state, question.move)  # a bot's move is judged like anyone's: a bug raises here
        self.table.answering = None
        self.table.play(question.move)
