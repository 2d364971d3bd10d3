"""What every table for several people on one screen shares, whatever the game.

A seat table draws views, never the state: a private view only once the person it belongs to
has lifted the curtain, the public view (a non-player's) otherwise. Which moves exist comes
from legal_moves alone. A game's table (desktop/games/chrononauts/full_table.py for Chrononauts, one module per
other game) says how to draw a view, what to offer the person deciding, how to name its
events and cards; this module keeps the curtain, the prompt bar, the log, undo, and saving.
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (QApplication, QComboBox, QDialog, QFormLayout, QHBoxLayout, QLineEdit, QListWidget,
                               QPushButton, QVBoxLayout, QWidget)

from desktop.frame import (accessibility, answer_wait, bot_seats, dialogs, keyboard, plain, screen_fit, seat_hint,
                           storage)
from desktop.frame import names as player_names
from desktop.frame.card_item import CardFace
from desktop.frame.card_table import CardTable
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel, TableView, follow_newest
from rules.kernel import PLAYERS, PUBLIC, Engine, Event, IllegalMove, Move, ResponseWindow, RulesError
from rules.match import Match
from rules.registry import engine, info
from rules.saves import SaveError, from_dict, read_json, to_dict, write_atomic

def autosave_path() -> Path:
    return storage.hotseat_autosave_path()


def saved_game(path: Path) -> tuple[str, str] | None:
    """The game and mode a save holds, read cheaply (the tables, not the rules, decide who opens it)."""
    try:
        data = read_json(path)
    except SaveError:
        return None
    if not isinstance(data, dict):
        return None
    game, mode = data.get("game"), data.get("mode")
    return (game, mode) if isinstance(game, str) and isinstance(mode, str) else None


AUTO_PASS = "auto_pass"  # where a save keeps who asked not to be asked to answer (the table's, not the rules')


# A hint says its colour outright: an empty style sheet leaves the error's red and bold in the label's palette.
HINT_STYLE = "color: palette(window-text); font-weight: normal"


class SeatGame:
    """A match with the names of the people at each seat (the engine knows seats only), and what the table
    keeps for them: who asked not to be asked to answer (`auto_pass`) and lines for the log (`notes`)."""

    fixed_options: ClassVar[dict[str, Any]] = {}  # what one shared screen imposes on every game
    bot_options: ClassVar[dict[str, Any]] = {}  # and what a game with computer players needs on top

    def __init__(self, match: Match[Any], names: list[str]) -> None:
        self.match = match
        self.names = names
        self.sees_all = False  # a finished game's replay showing everything: every seat sees the whole state
        # Seats that said "don't ask me to answer": for that turn only (its number), or until they change it (None).
        self.auto_pass: dict[int, int | None] = {}
        self.notes: list[str] = []  # text keys of the UI catalog the log shows first (a setting left out on load)
        self.hints: dict[int, int] = {}  # how many hints each seat was shown (desktop/frame/seat_hint.py)
        self._bots: dict[int, str] = {}
        # A game played over the network (desktop/net/): the seats played at this screen; the others decide on other
        # computers, and nothing of the game is written here (its secrets stay with the host). None: every seat.
        self.seats_here: frozenset[int] | None = None
        # Why nothing can be played now (the connection to the host is lost), said in the prompt in the table's
        # language; the seats played elsewhere whose player is not connected now, with when they left (as
        # time.monotonic() says it), and those a computer plays until their person is back.
        self.paused: RulesError | None = None
        self.offline: dict[int, float] = {}
        self.stand_ins: frozenset[int] = frozenset()

    def here(self, seat: int) -> bool:
        """Is `seat` played at this screen (not by a person joining from elsewhere)?"""
        return self.seats_here is None or seat in self.seats_here

    @property
    def bots(self) -> dict[int, str]:
        """The seats computer players hold, and their levels (desktop/frame/bot_seats.py)."""
        return self._bots

    @bots.setter
    def bots(self, chosen: dict[int, str]) -> None:
        # A person takes back their move with the computers' replies since it: the match lets undo cross those.
        self._bots = chosen
        self.match.crossable = frozenset(chosen)

    def passes(self, seat: int, window: ResponseWindow) -> bool:
        """Did `seat` ask not to be asked in this window? (Its setting, never its cards: CHR-10.11.)"""
        if seat not in self.auto_pass:
            return False
        turn = self.auto_pass[seat]
        return turn is None or turn == window.turn

    def _auto_pass_data(self) -> dict[str, Any]:
        """The settings, with what they belong to: loaded into another game, they are left out."""
        return {"game": self.match.engine.game, "mode": self.match.engine.mode, "seed": self.match.seed,
                "seats": {str(seat): turn for seat, turn in sorted(self.auto_pass.items())}}

    def _read_auto_pass(self, data: dict[str, Any]) -> None:
        """Back from a save; a block that belongs to another game, or is not what we write, is left out with a
        note in the log (it would otherwise skip questions nobody here asked to skip)."""
        raw = data.get(AUTO_PASS)
        if raw is None:
            return
        seats = self.match.engine.players(self.match.state)
        found: dict[int, int | None] = {}
        ok = (isinstance(raw, dict) and raw.get("game") == self.match.engine.game
              and raw.get("mode") == self.match.engine.mode and raw.get("seed") == self.match.seed
              and isinstance(raw.get("seats"), dict))
        if ok:
            for key, turn in raw["seats"].items():
                if not (isinstance(key, str) and key.isdigit() and int(key) < seats
                        and (turn is None or (isinstance(turn, int) and not isinstance(turn, bool)))):
                    ok = False
                    break
                found[int(key)] = turn
        if ok:
            self.auto_pass = found
        else:
            self.notes.append("window.auto_pass_ignored")

    @classmethod
    def start(cls, game: str, mode: str, names: list[str], options: dict[str, Any], seed: int,
              bots: dict[int, str] | None = None) -> SeatGame:
        """A new game; BadName if a name cannot be used or repeats another (the set-up dialog checks first);
        BotSeatError if the computer players asked for cannot sit there (`bots`: seat -> level)."""
        names = player_names.check(names)
        chosen = bot_seats.check(game, mode, len(names), bots or {})
        eng = engine(game, mode)
        opts = {**options, PLAYERS: len(names), **cls.fixed_options, **(cls.bot_options if chosen else {})}
        made = cls(Match(eng, opts, seed), names)
        made.bots = chosen
        return made

    @property
    def engine(self) -> Engine[Any]:
        return self.match.engine

    @property
    def state(self) -> Any:
        return self.match.state

    def save_data(self) -> dict[str, Any]:
        """What a save holds: the match, and the names at the seats (the rules' loader ignores them).
        A game with more to keep (a journal) adds it here and reads it back in `restore`."""
        data = {**to_dict(self.match), "players": list(self.names)}
        if self.auto_pass:
            data[AUTO_PASS] = self._auto_pass_data()
        if self.bots:
            data[bot_seats.BOTS] = bot_seats.to_save(self.bots)
        if self.hints:
            data[seat_hint.HINTS] = seat_hint.to_save(self.hints)
        return data

    def restore(self, data: dict[str, Any]) -> None:
        """Read back what `save_data` added to the match (called by `load`, after the moves replayed)."""

    def to_json(self) -> str:
        return json.dumps(self.save_data(), indent=1, ensure_ascii=False) + "\n"

    def save(self, path: Path, named: bool = False) -> None:
        """Write the game; ``named``: the person chose ``path`` (a link there to a file is followed)."""
        write_atomic(path, self.to_json(), named=named)

    @classmethod
    def load(cls, path: Path) -> SeatGame:
        data = read_json(path)  # the same size limit and errors as every other save
        match: Match[Any] = from_dict(data)
        names = data.get("players")
        seats = match.engine.players(match.state)
        if not isinstance(names, list) or len(names) != seats or not all(isinstance(n, str) for n in names):
            names = [str(n + 1) for n in range(seats)]
        try:
            # A hand-made or old file: cleaned like typed names, never shown as they are (desktop/frame/names.py).
            names = player_names.from_save(names)
        except player_names.BadName as exc:
            raise SaveError.because("save.bad_name", exc) from None
        game = cls(match, names)
        game.bots, replaced = bot_seats.from_save(data.get(bot_seats.BOTS), match.engine.game, match.engine.mode, seats,
                                                  match.engine.is_over(match.state))
        if replaced:
            game.notes.append("bots.level_replaced")
        game.hints = seat_hint.from_save(data.get(seat_hint.HINTS), seats)
        game._read_auto_pass(data)
        game.restore(data)  # from_dict accepted it, so it is a dict
        return game

    def view(self, seat: int) -> Any:
        return self.engine.clone(self.state) if self.sees_all else self.engine.view(self.state, seat)

    def secret_differs(self, seat: int) -> bool:
        """Does `seat` see anything the public view hides? Then the others must look away."""
        return bool(self.view(seat) != self.view(PUBLIC))


@dataclass(frozen=True)
class WindowWords:
    """A game's words for the shared question (CHR-10.11, BB-17.5.6, PAR-15.6): the question, and each button
    as (key, label): nobody answers, nobody for the rest of the turn (when the game has that pass), I answer."""

    question: str
    nobody: tuple[str, str]
    answer: tuple[str, str]
    who_title: str
    who: str
    nobody_for_turn: tuple[str, str] | None = None


BAR_KEY = "bar_key"  # the property naming what a prompt bar's button does now (buttons are reused)
# The bar's buttons that are menu entries too, with their keys (Edit → Undo, Game → Save as…): where the prompt would
# not show whole beside them (a long question, many answers, a narrow window), they are left to the menus, for a
# question cut short is a question half asked.
IN_MENUS = ("undo", "save")


class _TableModes:
    """`SeatTable.MODES`: the modes of the table's game played at it, read from the game's declaration
    (`rules.info`) and its registration (desktop/frame/registration.py), not written again by each table."""

    def __get__(self, _table: object, owner: type[SeatTable]) -> tuple[str, ...]:
        from desktop.frame.registration import modes_at

        return modes_at(owner.GAME, owner)


class _TableSeats:
    """`SeatTable.SEATS`: the fewest and the most players of the modes played at the table (`rules.info`)."""

    def __get__(self, _table: object, owner: type[SeatTable]) -> tuple[int, int]:
        ranges = [info(owner.GAME).mode(mode).players for mode in owner.MODES]
        return min(low for low, _high in ranges), max(high for _low, high in ranges)


# The room the window gives a table it makes now (`made_for`), None elsewhere (a test's table, a replay's).
_ROOM: ContextVar[QSize | None] = ContextVar("room_given", default=None)


@contextmanager
def made_for(room: QSize) -> Iterator[None]:
    """Tables made inside are laid out for `room` (the place the window shows them in) at their first draw."""
    token = _ROOM.set(QSize(room))
    try:
        yield
    finally:
        _ROOM.reset(token)


class SeatTable(QWidget):
    """A game's table and its prompt bar: the main window's centre while a game for several is on.

    The log and the card detail are the main window's docks, handed in, so there is one of each.
    A subclass makes its scene in `make_scene`, and calls `refresh()` at the end of its __init__.
    """

    changed = Signal()  # after every redraw: the main window updates its menus (undo, redo)
    said = Signal(str, bool)  # a line for the main window's status bar, from a table without a prompt bar
    dealt = Signal(dict)  # a new deal started at this table, with its options (the main window remembers them)

    GAME: ClassVar[str]
    MODES: ClassVar = _TableModes()  # the modes played at this table
    SEATS: ClassVar = _TableSeats()  # how many sit at it: (fewest, most)
    GAME_CLASS: ClassVar[type[SeatGame]] = SeatGame
    END_EVENTS: ClassVar[frozenset[str]] = frozenset()  # events that end the game (else: is_over)
    RESPONSE_WINDOWS: ClassVar[bool] = False  # does the game ask the table to answer (a Memo, a privilege)?
    # The player sees everything but the order of the deck (one seat): a replay may show everything while
    # the game still runs, and a game played on from a replay is kept with the saves, not the games in progress.
    NOTHING_HIDDEN: ClassVar[bool] = False
    read_only = False  # a replay (desktop/shell/replay.py): the public table, nothing to pick, play or undo
    replay_seat: int | None = None  # a replay showing everything: drawn over this player's shoulder
    watch_replay: Callable[[], object] | None = None  # offered at the end (the main window's replay)
    # A host's screen puts its offers on the bar while the game waits for a seat played elsewhere (its person may be
    # gone: desktop/net/hosting.py); called with that seat, after the prompt says whom the game waits for.
    away_offers: Callable[[int], None] | None = None
    # A guided first game (desktop/frame/guide.py) may hold a move back (None: an undo); it says why itself.
    guard: Callable[[Move | None], bool] | None = None
    settings: dict[str, Any] | None = None  # the app's settings, once the window hands them over (use_settings)

    def __init__(self, tr: Translator, game: SeatGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None) -> None:
        super().__init__()
        self.tr_ = tr
        self.game = game
        self.autosave = autosave
        self.save_trouble = ""  # why the last autosave failed ('' when it worked)
        self.scene = scene = self.make_scene()
        self.view = TableView(scene)
        self.bar = QWidget()
        self.bar_layout = QHBoxLayout(self.bar)
        self.bar.setFixedHeight(56)  # a prompt of another length must not resize (and redraw) the whole table
        self.prompt = plain.label()  # names in it are shown as written, never read as markup
        self.prompt.setWordWrap(True)
        self.bar_layout.addWidget(self.prompt, 1)
        # The seconds left to claim the shared question (desktop/frame/answer_wait.py): shown while they run.
        self.countdown_label = plain.label()
        self.countdown_label.setStyleSheet("font-weight: bold")
        self.countdown_label.setAlignment(Qt.AlignmentFlag.AlignCenter)  # two short lines: the prompt keeps its room
        self.countdown_label.hide()
        self.bar_layout.addWidget(self.countdown_label)
        self.message = plain.label()  # refusals may quote names and files
        self.message.setStyleSheet(dialogs.REFUSAL_STYLE)
        self.message.setWordWrap(True)
        # Room for two lines, always: sized by its text (Qt gives a cleared label no height, an unused one a
        # line's), a refusal made behind the curtain would move the table the others see afterwards.
        self.message.setFixedHeight(2 * self.message.fontMetrics().lineSpacing())
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.bar)
        column.addWidget(self.view, 1)
        column.addWidget(self.message)
        self.log = log if log is not None else QListWidget()
        follow_newest(self.log)  # the newest line in view, without laying the list out at every line added
        self.log.clear()  # the lines of another game do not belong here
        self.log_events: list[Event] = []
        self.detail = detail if detail is not None else DetailPanel()
        self.detail_key = ""
        self.buttons: dict[str, QPushButton] = {}
        self._gone_buttons: list[QPushButton] = []
        self._slots: dict[str, Callable[[], object]] = {}
        self._plan: list[tuple[str, str, Callable[[], object]]] = []
        self._text = ""
        self._bar_shape: list[tuple[str, str]] | None = None
        self.kept_on_bar: frozenset[str] = frozenset()  # of IN_MENUS, what stays on the bar however long the prompt
        self._label_widths: dict[str, int] = {}  # a bar button's width by its words (`_button_width`)
        self._probe: QPushButton | None = None
        self.looking: int | None = None  # who last lifted the curtain
        self.answering: int | None = None  # who said "I answer" to the open window's question
        self._drawn_for: tuple[int | None, bool] = (None, False)  # who the last draw was for; was it private?
        self.bot_seats = bot_seats.BotSeats(self, self)  # plays for the computer players, if any sit here
        self.hinter = seat_hint.SeatHint(self, self)  # Game → Hint, where computers play the game
        self.countdown = answer_wait.Countdown(self)
        self.countdown.ticked.connect(self._show_countdown)
        self.countdown.ran_out.connect(self._nobody_in_time)
        self.countdown.claimed.connect(lambda: keyboard.pressed(self, self.someone_answers))
        if self.RESPONSE_WINDOWS:  # Space or Enter on the table claims the question; elsewhere no event waits on it
            self.view.installEventFilter(self.countdown)
        self._putting = False  # is the shared question put to the table in this redraw?
        self._counting_said = False  # has the countdown's start been said to a screen reader?
        scene.move_chosen.connect(self._on_move)
        scene.drop_refused.connect(self._on_refused)
        scene.idle_key.connect(lambda: self.show_message(self.tr_.text("status.key_idle"), error=False))
        scene.selection_changed.connect(self._on_held)
        scene.focus_changed.connect(self._on_focused)
        self._hint = ""  # the last 'what this card can do' line shown (a refusal is never written over by one)
        scene.curtain_lifted.connect(self.lift_curtain)
        scene.hovered.connect(self.show_detail)
        scene.pinned.connect(self.show_detail)
        self.announced: list[Event] = []  # the log events a screen reader has been told
        self.redoing = False  # the log lines being added are a move played again (Redo)
        self.side_pane: QWidget | None = None  # F6's stop after the bar: a network game's chat (desktop/net/chat.py)
        self.bar_keys = keyboard.attach_bar(self)  # the keys between the cards and the bar's buttons
        self._room_given = _ROOM.get()  # laid out for at the first draw (`made_for`)
        # Made by the window, it is drawn once the window has handed it everything (`first_draw`), not as it is made:
        # a draw at the end of __init__ was thrown away by the window's own at once (issue #42).
        self._first_draw_held = self._room_given is not None
        self._name_panels()

    def _name_panels(self) -> None:
        """What a screen reader calls the panels around the table, in the table's language."""
        t = self.tr_.text
        self.bar.setAccessibleName(t("a11y.prompt"))
        self.prompt.setAccessibleDescription(t("a11y.prompt"))
        self.log.setAccessibleName(t("a11y.log"))
        self.detail.set_name(t("a11y.detail"))

    # --- what a game's table provides ---------------------------------------------------

    def make_scene(self) -> CardTable:
        """The game's scene (called once, early in __init__: only tr_ and game are set)."""
        raise NotImplementedError

    def draw(self, viewer: int | None, curtain: str) -> None:
        """Draw the table for `viewer` (None: the public view) with the curtain's words ('' for none)."""
        raise NotImplementedError

    def offer(self, viewer: int | None) -> None:
        """Say what the moment asks (`self.say`) and offer its buttons (`self.button`); the curtain and
        the end are handled before this is called. `viewer` is None when everybody looks together."""
        raise NotImplementedError

    def event_text(self, event: Event) -> str:
        """One line of the log, in the table's language."""
        raise NotImplementedError

    def end_text(self) -> str:
        """Who won and how, in the table's language."""
        raise NotImplementedError

    def detail_of(self, key: str) -> tuple[CardFace, str] | None:
        """The face and HTML text of the card an item shows, if the person looking may read it."""
        return None

    def use_settings(self, settings: dict[str, Any]) -> None:
        """The app's settings (the window's own dict): a table keeps a choice of its layout there and saves them."""
        self.settings = settings

    def reason(self, error: RulesError) -> str:
        """A refused move said in the player's language (a game whose reasons name its cards differently
        overrides this)."""
        return self.tr_.reason(error)

    def window_words(self, window: ResponseWindow) -> WindowWords:
        """The game's words for the open window's shared question (a game with RESPONSE_WINDOWS says them)."""
        raise NotImplementedError

    def offer_answer(self, seat: int, window: ResponseWindow) -> None:
        """What `seat`, who said they answer, may answer (`say`, `button`); the frame adds Pass and Back."""

    def decider(self) -> int | None:
        """The one person the next decision belongs to, as the engine says; in an open window, the one who said
        they answer, else None: everybody looks at the shared question together."""
        state = self.game.state
        window = self.game.engine.window(state)
        if window is not None:
            return self.answering if self.answering in window.asked else None
        self.answering = None
        return self.game.engine.decider(state)

    def shown_in_log(self, event: Event) -> bool:
        """Does `event` make a line of the log? (Every event does, unless a game says better.)"""
        return True

    def log_lines(self) -> list[Event]:
        """The events of the game so far as the table may show them to everybody: each one as the engine lets
        the log's reader learn it (`Match.seen_events`), never raw."""
        match = self.game.match
        reader = 0 if match.engine.players(match.state) == 1 else PUBLIC  # the log is on the shared screen
        return [event for event in match.seen_events(reader) if self.shown_in_log(event)]

    def situation(self) -> str:
        """Who is to act now, or how the game ended (a replay's line under the table)."""
        match = self.game.match
        if match.engine.is_over(match.state):
            return self.end_text()
        acting = sorted(match.engine.to_act(match.state))
        names = self.game.names
        return self.tr_.text("replay.to_act", players=", ".join(names[p] for p in acting if 0 <= p < len(names)))

    def hidden_shown(self) -> str:
        """What a replay's "show everything" says beyond the table ('' for nothing)."""
        return ""

    # --- what the main window asks of the table on show --------------------------------------

    def status(self) -> tuple[str, str, str]:
        """The prompt, the score and the deal for the main window's status bar (none: the prompt bar says it)."""
        return "", "", ""

    def start_notes(self) -> list[str]:
        """What the player is told once the table is up (a file of theirs found damaged and kept aside)."""
        return []

    def spare_autosave(self) -> Path | None:
        """This table's autosave if a new game may take it (Solonauts' untouched or finished deal); a game for several
        keeps its own, so a new game always gets a new one."""
        return None

    def offers(self, action: str) -> bool:
        """Is the game's own menu entry `action` (hint, daily, statistics, restart) available now?"""
        return action == "hint" and self.hinter.seat() is not None

    def take_offer(self, action: str, options: dict[str, Any]) -> None:
        """Do what the game's own menu entry `action` says; `options` are those of the last game started."""
        if action == "hint":
            self.hinter.ask()

    # --- a hint: what the table tells desktop/frame/seat_hint.py -------------------------------------

    def hint_moves(self, seat: int) -> list[Move]:
        """The moves open to `seat` at this point of its decision (a table holding part of one narrows them)."""
        return self.game.match.legal_moves(seat)

    def hint_gesture(self, move: Move) -> tuple[str, str] | None:
        """The card to pick up and the place to point at for `move`, if it is made on the felt."""
        for card, targets in self.scene.dests.items():
            for target, meant in targets.items():
                if meant == move and target != card:
                    return card, target
        return None

    def hint_words(self, move: Move, gesture: tuple[str, str] | None) -> str:
        """`move` in a few words: its button's, or the card and where it goes."""
        button = self.button_for(move)
        if button is not None:
            return button.text().replace("&&", "&")
        if gesture is not None:
            card, target = gesture
            return self.tr_.text("hint.do.play_on", card=self._name(card), target=self._name(target))
        window = self.game.engine.window(self.game.state)
        if window is not None and move in (*window.nobody, *window.nobody_for_turn):
            return self.tr_.text("hint.do.pass")  # the seat's own pass, which has no button of its own here
        return self.tr_.text("hint.do.other")

    def hint_params(self, params: dict[str, Any]) -> dict[str, Any]:
        """A hint's reason in words: cards by their names, seats by their players'."""
        said = dict(params)
        for key in ("card", "artifact"):
            if isinstance(said.get(key), str):
                said[key] = self.hint_card_name(said[key])
        if isinstance(said.get("player"), int):
            said["player"] = self.seat_name(said["player"])
        return said

    def hint_card_name(self, card: str) -> str:
        """A card a hint's reason names, as its face on the table names it (a game names cards off the table)."""
        return self._name(card) or card

    def save_hints(self) -> None:
        self._autosave()

    def end_words(self) -> str:
        """The result, and who played with hints (a game played with hints is known as one)."""
        used = seat_hint.hints_line(self.tr_, self.game.names, self.game.hints)
        return f"{self.end_text()}\n{used}" if used else self.end_text()

    @classmethod
    def in_progress_line(cls, tr: Translator, game: SeatGame) -> str:
        """The game's line in Games in progress: who plays it."""
        return ", ".join(game.names)

    # --- the frame ------------------------------------------------------------------------

    def title(self) -> str:
        t = self.tr_.text
        mode = self.game.engine.mode
        name = t(f"game.{self.GAME}")
        return f"{t('app.name')} — {name}" + ("" if len(self.MODES) == 1 else f": {t(mode_key(self.GAME, mode))}")

    def leave(self) -> None:
        """The table leaves the window (its game stays in its autosave): nothing on it moves, asks or tells any
        more. The window deletes it a moment later, once screen readers have let go of its objects."""
        for timer in self.findChildren(QTimer):  # the computers' turns, a solver's answer, a replay's steps
            timer.stop()
        self.hinter.cancel()
        self.ask = lambda *_args, **_kwargs: -1  # type: ignore[method-assign]
        self.inform = lambda *_args, **_kwargs: None  # type: ignore[method-assign]

    def retranslate(self) -> None:
        """Everything said again in the new language: table, prompt bar, log and detail."""
        self.scene.retranslate()
        self._name_panels()
        self.log_events = []
        self.log.clear()
        self._bar_shape = None
        self.refresh()

    def ask(self, title: str, text: str, buttons: list[str], safe: int | None = None) -> int:
        return dialogs.ask(self, title, text, buttons, safe)

    def inform(self, title: str, text: str) -> None:
        dialogs.inform(self, title, text)

    def first_draw(self) -> None:
        """The first draw of a table the window made (`made_for`), once it has been given its settings and its place."""
        self._first_draw_held = False
        self.refresh()

    def refresh(self) -> None:
        """Draw the table for whoever may look now, and offer the buttons of this moment."""
        if self._first_draw_held:
            return
        if self._room_given is not None:
            self._fit_room_given(self._room_given)
        if not self.read_only:
            self._skip_window()
        self._putting = False
        if self.read_only:
            self.countdown.stop()
            self.draw(self.replay_seat, "")
            self.scene.set_dests({})  # nothing is picked or played in a replay, whoever it looks over
            self.scene.refresh_marks()
            self._refresh_detail()
            return
        seat = self.decider()
        # Computer players: nobody at the screen decides while one thinks; one person alone keeps their view.
        thinking, sole = self.bot_seats.to_move(), self.bot_seats.sole_person()
        away = self.away()  # a seat played on another computer decides: this screen waits
        if thinking is not None or away is not None or self.game.paused is not None:
            seat = None
        here = self.game.seats_here
        if here is not None and len(here) == 1:
            sole = min(here)  # the one person at this screen: no curtain, their own view
        if sole is not None:
            self.looking = sole  # no curtain ever: nobody else at the screen has secrets
        elif seat is None and thinking is None and away is None and self.game.paused is None:
            self.looking = None  # everyone looks at a shared prompt or the end: the next person gets the curtain
        curtain = ""
        if seat is not None and self.looking != seat:
            if self.game.secret_differs(seat):
                curtain = self.tr_.text("hs.curtain", player=self.game.names[seat])
            else:
                self.looking = seat  # nothing secret to hide from the others
        viewer = seat if seat is not None and not curtain else sole
        if viewer != self._drawn_for[0]:
            if self._drawn_for[1]:
                # The one who looked alone has gone: nothing their gestures left (the ring, a card held, the card
                # they read) may stay, for it would show what they saw or did; it starts again from this view.
                self.scene.forget_gestures()
                self.detail_key = ""
                self.show_message(self.save_trouble)  # their refusals go, for one may name what they hold
            self._drawn_for = (viewer, viewer is not None and self.game.secret_differs(viewer))
        self.scene.curtain_note = ""
        self.draw(viewer, curtain)
        self._plan = []
        self._text = ""
        t = self.tr_.text
        if self.game.engine.is_over(self.game.state):
            self.say(self.end_text())
            if self.watch_replay is not None:
                self.button("replay", t("replay.watch_game").replace("&", ""), self.watch_replay)
        elif curtain:
            self.say(curtain)
            self.button("reveal", t("hs.reveal"), self.lift_curtain)
        elif thinking is not None or away is not None or self.game.paused is not None:
            self.say(self.waiting_text(thinking, away))
            if away is not None and thinking is None and self.game.paused is None and self.away_offers is not None:
                self.away_offers(away)
            self.scene.set_dests({})  # nothing is picked or played for a computer: only Undo, Save and the menus
            self.scene.refresh_marks()
        else:
            window = self.game.engine.window(self.game.state)
            if window is None:
                self.offer(viewer)
            elif seat is None:
                self._offer_window(self.bot_seats.for_people(window))
            else:
                self.offer_answer(seat, window)
                self.button("pass_turn", t("window.pass_turn"), self.pass_this_turn)
                self.button("back", t("hs.back"), self.back_to_prompt)
            if window is None and viewer is not None and self.RESPONSE_WINDOWS:
                never = self.game.auto_pass.get(viewer, 0) is None
                self.button("auto_pass", t("window.ask_me" if never else "window.never_ask_me"), self.toggle_auto_pass)
        if not self._putting:
            self.countdown.stop()
        if self.can_undo():
            self.button("undo", t("menu.undo").replace("&", ""), self.undo)
        if self.game.seats_here is None:  # a game over the network is the host's to keep
            self.button("save", t("menu.save_as").replace("&", ""), self.save_dialog)
        # What happened is said before what is asked now ("Otto swaps the card dealt. … Ada, it is your turn"):
        # both go out in one notification, in this order.
        self._rebuild_log()
        self._build_bar()
        self._show_countdown()
        self._refresh_detail()
        self.changed.emit()
        self.bot_seats.after_refresh()

    def waiting_text(self, thinking: int | None, away: int | None) -> str:
        """What the prompt says while nobody here may play: why (a lost connection), or who decides elsewhere."""
        if self.game.paused is not None:
            return self.reason(self.game.paused)
        if thinking is not None:
            return self.bot_seats.thinking_text(thinking)
        player = self.seat_name(away if away is not None else 0)
        if away in self.game.stand_ins:
            return self.tr_.text("net.stand_in_plays", player=player)
        since = self.game.offline.get(away) if away is not None else None
        if since is None:
            return self.tr_.text("net.waiting_for", player=player)
        minutes = int((time.monotonic() - since) // 60)
        if minutes < 1:
            return self.tr_.text("net.waiting_offline", player=player)
        return self.tr_.text("net.waiting_gone", player=player, count=minutes)

    def away(self) -> int | None:
        """The seat played on another computer that the game waits for now, if any: the one deciding, or at a
        shared question the first seat asked that may answer, when nobody here is asked before it."""
        game = self.game
        if game.seats_here is None or game.engine.is_over(game.state):
            return None
        window = game.engine.window(game.state)
        if window is None:
            seat = game.engine.decider(game.state)
            return seat if seat is not None and not game.here(seat) else None
        if self.bot_seats.for_people(window).asked:
            return None
        acting = game.engine.to_act(game.state)
        return next((s for s in window.asked if s in acting and not game.here(s)), None)

    def lift_curtain(self) -> None:
        seat = self.decider()
        if seat is not None:
            self.looking = seat
            self.refresh()

    # --- the shared question of a response window (CHR-10.11, BB-17.5.6, PAR-15.6) ---------------

    def wait_seconds(self) -> int | None:
        """How long the shared question waits before nobody has answered (None: until someone says so): the
        player's setting. A guided game waits, for its steps teach the question's buttons."""
        if self.guard is not None:
            return None
        return answer_wait.wait_of((self.settings or {}).get(answer_wait.SETTING))

    def _question_key(self, window: ResponseWindow) -> object:
        """Names the question put now: each new one (a new window, or the same put again after a claim taken
        back) gets its own countdown."""
        return (len(self.game.match.moves), window.asked)

    def _offer_window(self, window: ResponseWindow) -> None:
        words = self.window_words(window)
        self.say(words.question)
        self._putting = True
        key, wait = self._question_key(window), self.wait_seconds()
        if wait is not None and self.countdown.position != key:
            self.countdown.start(key, wait)
            self._counting_said = False
        counting = self.countdown.running
        if counting:  # the claim first: the keyboard lands on it, and Space on the bar claims as on the table
            self.button(*words.answer, self.someone_answers)
        self.button(*words.nobody, lambda: self.nobody_answers(False))
        if words.nobody_for_turn is not None and window.nobody_for_turn:
            self.button(*words.nobody_for_turn, lambda: self.nobody_answers(True))
        if not counting:
            self.button(*words.answer, self.someone_answers)

    def _show_countdown(self) -> None:
        """The seconds left, in the bar; the start is said once to a screen reader, after the question."""
        left = self.countdown.remaining
        if left is None:
            self.countdown_label.hide()
            return
        self.countdown_label.setText(self.tr_.text("window.countdown", seconds=left))
        self.countdown_label.show()
        if not self._counting_said:
            self._counting_said = True
            accessibility.announce(self.countdown_label, self.tr_.text("window.countdown_said", count=left))

    def _nobody_in_time(self) -> None:
        """The countdown ran out with nobody claiming the question it was counting for: nobody answers."""
        window = self.game.engine.window(self.game.state)
        if self.read_only or window is None or self.answering is not None \
                or self.countdown.position != self._question_key(self.bot_seats.for_people(window)):
            return
        self.nobody_answers(False)

    def _close_window(self, moves: Sequence[Move]) -> bool:
        """Play the moves that close the window with nobody answering, in order; the last one as a play."""
        try:
            for move in moves[:-1]:
                self.game.match.play(move)
        except IllegalMove as exc:
            self.show_message(self.reason(exc))
            self.refresh()
            return False
        return self.play(moves[-1]) if moves else False

    def nobody_answers(self, for_turn: bool = False) -> None:
        """Nobody answers: a pass for every player asked, in the order they are asked (for the rest of the turn
        when `for_turn` and the game has such a pass)."""
        window = self.game.engine.window(self.game.state)
        if window is not None:
            window = self.bot_seats.for_people(window)  # the computers asked answer for themselves
            self._close_window(window.nobody_for_turn if for_turn and window.nobody_for_turn else window.nobody)

    def someone_answers(self) -> None:
        """'I answer': who? Then that person's curtain (if they have secrets), and what they may answer."""
        window = self.game.engine.window(self.game.state)
        if window is None or not self.bot_seats.for_people(window).asked:
            return
        self.countdown.stop()  # claimed: time stands still while they say who, and the question waits for them
        seats = list(self.bot_seats.for_people(window).asked)
        chosen = 0
        if len(seats) > 1 or (self.game.secret_differs(seats[0]) and self.looking != seats[0]):  # who, named
            words = self.window_words(window)
            chosen = self.ask(words.who_title, words.who, [self.game.names[s] for s in seats])
        if 0 <= chosen < len(seats):
            self.answering = seats[chosen]
        self.refresh()  # a claim taken back puts the question again, with its countdown

    def back_to_prompt(self) -> None:
        self.answering = None
        self.refresh()

    def pass_this_turn(self) -> None:
        """'Don't ask me again this turn': the one answering goes back to the question, which is skipped once
        every player asked has said so (a player holding an answer may say it too)."""
        window = self.game.engine.window(self.game.state)
        seat = self.answering
        if window is not None and seat is not None:
            if self.game.auto_pass.get(seat, 0) is not None:  # "never" already covers this turn
                self.game.auto_pass[seat] = window.turn
            self._autosave()
        self.back_to_prompt()

    def toggle_auto_pass(self) -> None:
        """Behind one's own curtain: never be asked to answer, or be asked again."""
        seat = self.decider()
        if seat is None or self.looking != seat:
            return
        if self.game.auto_pass.get(seat, 0) is None:
            del self.game.auto_pass[seat]
        else:
            self.game.auto_pass[seat] = None
        self._autosave()
        self.refresh()

    def _fit_room_given(self, room: QSize) -> None:
        """Lay the table out for the room the window is about to give it, before its first draw (`made_for`): its
        view has no size until it is shown, and the table was drawn for none, then laid out and drawn again as soon
        as it was (issue #42). Once shown, the view asks for the same room, which changes nothing."""
        self._room_given = None
        self.resize(room)
        column = self.layout()
        if column is not None:
            column.activate()  # the view takes its share of the room now, hidden, as it will once shown
        area = self.view.contentsRect()
        self.scene.fit_room(area.width(), area.height())

    def _skip_window(self) -> None:
        """Close the open window unasked when every player asked said not to be asked, or the table waits no
        time for an answer: settings alone decide, never what anyone holds, so a skipped question tells nobody
        anything (CHR-10.11)."""
        engine, match = self.game.engine, self.game.match
        played = False
        no_wait = self.wait_seconds() == 0
        for _ in range(len(match.moves) + 100):  # each round closes a window; a game opens finitely many
            window = engine.window(self.game.state)
            window = window if window is None else self.bot_seats.for_people(window)
            if window is None or self.answering is not None or not window.asked \
                    or not (no_wait or all(self.game.passes(seat, window) for seat in window.asked)):
                break
            try:
                for move in window.nobody:
                    match.play(move)
                if not window.nobody:
                    break
            except IllegalMove:
                break
            played = True
        if played:
            self._autosave()

    # --- the prompt bar -------------------------------------------------------------------

    def say(self, text: str) -> None:
        self._text = text

    def button(self, key: str, label: str, slot: Callable[[], object]) -> None:
        self._plan.append((key, label, slot))

    def offered(self) -> list[tuple[str, str]]:
        """What this moment offers on the bar, by key and words: its buttons, and those `IN_MENUS` the bar had no
        room for beside the prompt."""
        return [(key, label) for key, label, _slot in self._plan]

    def seat_name(self, seat: int) -> str:
        names = self.game.names
        return names[seat] if 0 <= seat < len(names) else str(seat + 1)

    def seat_label(self, seat: int) -> str:
        """A seat's name as its place on the table shows it: a computer's says so, and at which level."""
        level = self.game.bots.get(seat)
        name = self.seat_name(seat)
        return name if level is None else self.tr_.text(f"bots.seat_{level}", player=name)

    def player(self, move: Move) -> Callable[[], object]:
        """A slot that plays `move` (for a button); `button_for` finds the button again by its move."""
        return partial(self.play, move)

    def button_for(self, move: Move) -> QPushButton | None:
        """The prompt bar's button that plays `move`, if one does (a guided game points at it)."""
        for key, _label, slot in self._plan:
            if isinstance(slot, partial) and slot.args == (move,) and key in self.buttons:
                return self.buttons[key]
        return None

    def _build_bar(self) -> None:
        """Say the prompt when it changes; remake the buttons only when they change (relaying out widgets costs
        more than the table, and a button remade under the keyboard would send a reader's focus astray)."""
        if self._text != self.prompt.text():
            self.prompt.setText(self._text)
            self.prompt.setAccessibleName(self._text)
            if not self._curtain_says_it():
                accessibility.announce(self.prompt, self._text)
        plan = self._plan if self._prompt_fits() else [e for e in self._plan
                                                        if e[0] not in IN_MENUS or e[0] in self.kept_on_bar]
        self._slots = {key: slot for key, _label, slot in plan}
        shape = [(key, label) for key, label, _slot in plan]
        if shape == self._bar_shape:
            return
        self._bar_shape = shape
        # The buttons already there take the new words: a reader is told their new names, and the keyboard
        # never lands on a button about to go. Only those beyond the new count go; missing ones are made.
        focus = QApplication.focusWidget()
        had_focus = focus is not None and self.bar.isAncestorOf(focus)
        made = list(self.buttons.values())
        retired: list[QPushButton] = []
        waiting = all(key in keyboard.CHORES for key, _label in shape)  # a computer thinks: no decision here
        if had_focus and (self.scene.curtain_up or waiting):
            # The keyboard goes to the curtain (or the cards, to wait) before the buttons change, and the button it
            # was on goes rather than take new words: Orca, still on it, said its new name ("Only I am looking",
            # "Save as…") before the curtain said who is to look, or the cards were read.
            if self.view.isVisible():
                self.view.setFocus(Qt.FocusReason.OtherFocusReason)
            had_focus = False
            retired = [widget for widget in made if widget is focus]
            made = [widget for widget in made if widget is not focus]
        self.buttons = {}
        for index, (key, label) in enumerate(shape):
            if index < len(made):
                widget = made[index]
            else:
                widget = QPushButton()
                widget.clicked.connect(self._press)
                widget.installEventFilter(self.bar_keys)  # Enter presses it, Esc goes back to the cards
                self.bar_layout.addWidget(widget)
            widget.setText(plain.button_text(label))
            widget.setProperty(BAR_KEY, key)
            self.buttons[key] = widget
        if had_focus:
            keyboard.settle(self)  # where the keyboard goes next, before the buttons it was on are gone
        gone = [*made[len(shape):], *retired]
        for widget in gone:
            widget.hide()
            widget.setParent(None)  # out of the window (and a reader's tree) at once
        # Kept a while, unseen: a reader asks about the events it has queued (the hiding) after they happen.
        self._gone_buttons = [*self._gone_buttons, *gone][-8:]

    def keep_on_bar(self, keys: frozenset[str]) -> None:
        """Keep these of `IN_MENUS` on the bar even where the prompt then wraps short: a guided game's step that
        says "press Undo" rings the button, and a player looks for it on the bar, not in the Edit menu."""
        if keys != self.kept_on_bar:
            self.kept_on_bar = keys
            self._build_bar()

    def _prompt_fits(self) -> bool:
        """Whether the prompt shows whole beside every button this moment offers (`IN_MENUS`). Judged once the table is on
        show, at the bar's width then (a hidden table's bar has no width of its own yet); `resizeEvent` judges again."""
        if not self.isVisible() or not any(key in IN_MENUS for key, _label, _slot in self._plan):
            return True
        margins, spacing = self.bar_layout.contentsMargins(), max(0, self.bar_layout.spacing())
        width = self.bar.width() - margins.left() - margins.right()
        if self.countdown_label.isVisibleTo(self.bar):
            width -= self.countdown_label.sizeHint().width() + spacing
        for _key, label, _slot in self._plan:
            width -= self._button_width(label) + spacing
        room = self.bar.height() - margins.top() - margins.bottom()
        return width > 0 and self.prompt.heightForWidth(width) <= room

    def _button_width(self, label: str) -> int:
        """The width a bar button takes for `label` (measured once per label on a button never shown)."""
        width = self._label_widths.get(label)
        if width is None:
            if self._probe is None:
                self._probe = QPushButton()
                self._probe.setFont(self.bar.font())
            self._probe.setText(plain.button_text(label))
            width = self._label_widths[label] = self._probe.sizeHint().width()
        return width

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        if self._plan:
            self._build_bar()  # the buttons left to the menus may come back, or others go (`IN_MENUS`)

    def _curtain_says_it(self) -> bool:
        """Does the curtain, focused, say the prompt itself (so it is said once)? It does when the keyboard is on
        this table (the bar rebuilt under it hands it to the curtain) or the table is not shown yet (it takes
        the keyboard as it appears)."""
        focus = QApplication.focusWidget()
        return self.scene.curtain_up and (not self.isVisible() or (focus is not None and self.isAncestorOf(focus)))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt override
        super().showEvent(event)
        if self._plan:
            self._build_bar()  # judged on show: a hidden table's bar keeps every button (`_prompt_fits`)
        if self.scene.curtain_up:
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)  # the curtain says who is to look

    def _press(self) -> None:
        """A bar button clicked: what it does now (a button is reused for another choice, see `_build_bar`)."""
        button = self.sender()
        slot = self._slots.get(str(button.property(BAR_KEY))) if isinstance(button, QPushButton) else None
        if slot is not None:
            keyboard.pressed(self, slot)

    def show_message(self, text: str, error: bool = True, spoken: bool = True) -> None:
        """A refusal or trouble in red; a hint (what a held card can do) in the table's plain colour. Said to a
        screen reader too (`spoken`), for the one who reads it is the one looking: it is on the screen."""
        style = dialogs.REFUSAL_STYLE if error else HINT_STYLE
        # Setting a style sheet, even the same, styles the label again (half a millisecond); an empty line shows no
        # colour, and a turn passing clears the line, where a hint then follows: the style waits for words.
        if text and self.message.styleSheet() != style:
            self.message.setStyleSheet(style)
        self.message.setText(text)
        if spoken:
            accessibility.announce(self.message, text)

    # --- the card under the pointer --------------------------------------------------------

    def show_detail(self, key: str) -> None:
        shown = self.detail_of(key) if key in self.scene.items_by_key else None
        if shown is None:
            return
        self.detail_key = key
        self.detail.show_card(*shown)

    def _refresh_detail(self) -> None:
        """After every redraw: the card shown must still be on the table for whoever looks now."""
        key = self.detail_key
        shown = self.detail_of(key) if key in self.scene.items_by_key else None
        if shown is not None:
            self.detail.show_card(*shown)
        else:
            self.detail_key = ""
            self.detail.show_hint(self.tr_.text("detail.hint"))

    # --- playing ------------------------------------------------------------------------

    def _on_move(self, move: object) -> None:
        assert isinstance(move, Move)
        self.play(move)

    def _on_refused(self, card: str, target: str) -> None:
        """A drop on no lit target: the rules say why the move it would mean is refused (`meant_move`), or,
        where no move is meant, the general hint."""
        move = self.meant_move(card, target) if target else None
        if move is None:
            self.show_message(self.tr_.text("status.drop_outside"))
        else:
            self.explain(move, self.lit_line(card))

    # --- what a card can do, said when it is held or focused (the rules' reasons, never the table's) ----------

    def meant_move(self, card: str, target: str) -> Move | None:
        """The move landing `card` on `target` would mean, legal or not, so the rules can say why a target is
        not lit; None when no move means it (a game's table says, as it does for a refused drop)."""
        return None

    def _show_hint(self, text: str, spoken: bool) -> None:
        self._hint = text
        self.show_message(text, error=False, spoken=spoken)

    def _on_held(self, card: str) -> None:
        """A card picked up (click, keys, a drag begun): where it can go, and why the nearest other place is not lit.
        A screen reader hears it too: the card's name and how many places it may go."""
        if card and not self.read_only:
            self._show_hint(self.card_line(card, held=True), spoken=True)

    def _on_focused(self, key: str) -> None:
        """The keyboard on a card that may move: say so, unless a refusal is being read (never write over it).
        Not spoken: the card's own description says it may be picked up, and a notification at every arrow
        would cut short the card's name (Orca 43)."""
        if self.scene.selected or self.read_only or self.message.text() not in ("", self._hint):
            return
        self._show_hint(self.card_line(key, held=False) if key in self.scene.dests else "", spoken=False)

    def card_line(self, card: str, held: bool) -> str:
        """One line: what `card` can do now (its lit targets) and, when held, why the nearest unlit one is not."""
        t = self.tr_.text
        name = self._name(card) or self.tr_.text("a11y.face_down")
        lit = [key for key in self.scene.dests.get(card, {}) if key != card]
        if not lit:
            return t("hint.cannot_move", card=name)
        if not held:
            return t("hint.may_move", card=name, count=len(lit))
        line = self.lit_line(card)
        why = self.why_not_lit(card)
        return f"{line} {why}" if why else line

    def lit_line(self, card: str) -> str:
        """Where `card` may go now, from the legal moves (its lit places), or '' if nowhere."""
        lit = [key for key in self.scene.dests.get(card, {}) if key != card]
        if not lit:
            return ""
        name = self._name(card) or self.tr_.text("a11y.face_down")
        # Two places are named; more are only counted, so the line stays one line.
        names = [self._name(key) for key in self._nearest(card, lit)]
        shown = ", ".join(names) if len(lit) <= 2 and all(names) else ""
        return self.tr_.text("hint.held", card=name, count=len(lit), targets=shown).rstrip(": .") + "."

    def why_not_lit(self, card: str) -> str:
        """Why the target nearest `card` that is not lit refuses it, in the rules' own words, or ''. Said only
        when the reason names nothing the player looking may not see."""
        seat = self.looking
        if seat is None:
            return ""
        engine, state = self.game.engine, self.game.state
        lit = self.scene.dests.get(card, {})
        hidden = set(engine.hidden_from(state, seat))
        unlit = [key for key in self.scene.items_by_key if key != card and key not in lit]
        for key in self._nearest(card, unlit):
            move = self.meant_move(card, key)
            if move is None or not self._name(key):
                continue
            try:
                engine.check(state, move)
            except IllegalMove as exc:
                if any(isinstance(v, str) and v in hidden for v in exc.params.values()):
                    continue
                return self.tr_.text("hint.not_lit", target=self._name(key), reason=self.reason(exc))
        return ""

    def _name(self, key: str) -> str:
        """What an item is called: a pile by its name, a card by what it shows (the words a screen reader says)."""
        item = self.scene.items_by_key.get(key)
        title = item.face.title.replace("\n", " ") if item is not None and not item.face.face_down else ""
        return self.scene.pile_name(key) or title or self.scene.accessible_text(key)[0].replace("\n", " ")

    def _nearest(self, card: str, keys: Sequence[str]) -> list[str]:
        items = self.scene.items_by_key
        if card not in items:
            return list(keys)
        here = items[card].sceneBoundingRect().center()
        found = [key for key in keys if key in items and items[key].isVisible()]
        return sorted(found, key=lambda k: (items[k].sceneBoundingRect().center() - here).manhattanLength())

    def explain(self, move: Move, where: str = "") -> None:
        """Say why the rules refuse `move` (then `where`: where the card may go instead), or the general
        drop hint if they would take it."""
        try:
            self.game.engine.check(self.game.state, move)
        except IllegalMove as exc:
            self.show_message(f"{self.reason(exc)} {where}".strip())
            return
        self.show_message(self.tr_.text("status.drop_outside"))

    def play(self, move: Move) -> bool:
        if self.read_only or not self.guarded(move):
            return False
        over = self.game.engine.is_over(self.game.state)
        before = len(self.game.match.events())
        try:
            self.game.match.play(move)
        except IllegalMove as exc:
            self.show_message(self.reason(exc))
            return False
        self.message.clear()
        self._autosave()
        self.refresh()
        events = self.game.match.events()[before:]  # the move's, and those of a window skipped after it
        ended = (any(e.kind in self.END_EVENTS for e in events) if self.END_EVENTS
                 else not over and self.game.engine.is_over(self.game.state))
        if ended:
            self.inform(self.tr_.text("hs.end_title"), self.end_words())
        return True

    def can_undo(self) -> bool:
        """Only the person looking, their own last move, and never behind the curtain or at the end: undoing
        someone else's move would show their cards to the wrong eyes. At the shared question of a window
        nobody has answered yet, the player whose play opened it may take it back: the engine's undo barrier
        says whether anyone has answered or a new card was seen (CHR-10.12); the curtain falls for them."""
        match = self.game.match
        if self.game.engine.is_over(self.game.state) or self.scene.curtain_up:
            return False
        here = self.game.seats_here
        if here is not None and len(here) == 1:  # the one person here, their own last move only
            last_seat = getattr(match.last_move, "player", None)  # a joiner's match knows no moves: the host says
            return match.can_undo() and (last_seat is None or last_seat in here)
        if self.game.bots:  # the person's last move with the computers' replies since it
            return self.bot_seats.undo_steps() > 0
        last = getattr(match.last_move, "player", None)
        window = self.game.engine.window(self.game.state)
        if window is not None and self.answering is None:
            return match.can_undo() and last is not None and last == window.opener
        seat = self.decider()
        return match.can_undo() and seat is not None and self.looking == seat and last == seat

    def can_redo(self) -> bool:
        """A move taken back may be played again by the one who made it, while they are looking."""
        match = self.game.match
        seat = self.decider()
        return (match.can_redo() and seat is not None and self.looking == seat and not self.scene.curtain_up
                and getattr(match.next_redo, "player", None) == seat)

    def can_take_back(self) -> bool:
        """Does Undo do anything now (a move, or a choice the table holds before it is a move)?"""
        return self.can_undo()

    def guarded(self, move: Move | None) -> bool:
        """May `move` (None: an undo) go ahead? A guided game's step may refuse it; the card held goes home."""
        if self.guard is None or self.guard(move):
            return True
        self.refresh()
        return False

    def undo(self) -> None:
        if self.can_undo() and self.guarded(None):
            before = list(self.announced)
            self.answering = None
            for _ in range(self.bot_seats.undo_steps() if self.game.bots else 1):
                self.game.match.undo()
            self._autosave()
            self.refresh()
            self.say_taken_back(before)

    def redo(self) -> None:
        if self.can_redo():
            self.game.match.redo()
            self._autosave()
            self.redoing = True
            try:
                self.refresh()
            finally:
                self.redoing = False

    def say_own(self) -> None:
        """I: what only the person looking may see, read aloud to them (their hand, their ID and Mission or guest,
        privileges, the gift they hold), from the scene, which shows their view and no one else's. Never while the
        curtain is down or the table shows what everybody sees: then only why not."""
        t = self.tr_.text
        viewer = self._drawn_for[0]
        if self.read_only or self.scene.curtain_up or viewer is None:
            accessibility.announce(self.log, t("a11y.mine_hidden"))
            return
        hidden = t("a11y.face_down")
        names = [name for name in (self.scene.accessible_text(key)[0] for key in self.scene.private_cards()
                                   if key in self.scene.items_by_key) if name and name != hidden]
        accessibility.announce(self.log, t("a11y.mine", cards="; ".join(names)) if names else t("a11y.mine_none"))

    def say_put_back(self) -> None:
        """Undo put back a choice the table held (cards picked or placed one by one): nothing reached the rules."""
        accessibility.announce(self.log, self.tr_.text("status.choice_undone"))

    def undo_refusal(self) -> str:
        """Why Undo does nothing now: nothing was played, or the last move is not the looking player's to take back."""
        return self.tr_.text("status.cannot_undo" if self.game.match.can_undo() else "status.nothing_to_undo")

    def say_taken_back(self, before: list[Event]) -> None:
        """After an undo: the log lines it took back, said to a screen reader (a sighted player sees them go).
        Only log lines, which everybody may read, so no secret is said."""
        kept = self.announced
        gone = before[len(kept):] if before[:len(kept)] == kept else []
        lines = " ".join(self.event_text(event) for event in gone)
        t = self.tr_.text
        accessibility.announce(self.log, t("status.took_back", lines=lines) if lines else t("status.undone"))

    # --- saving ----------------------------------------------------------------------------

    def _autosave(self) -> None:
        if self.autosave is not None:
            try:
                self.game.save(self.autosave)
                self.save_trouble = ""
            except OSError as exc:
                self.save_trouble = self.autosave_trouble(exc)
                self.show_message(self.save_trouble)

    def autosave_trouble(self, error: OSError) -> str:
        """What the table says when its game could not be autosaved, `error` in its own language."""
        return self.tr_.text("status.autosave_failed", reason=file_trouble(self.tr_, error))

    def save_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getSaveFileName(self, self.tr_.text("menu.save_as").replace("&", ""),
                                              str(storage.data_dir()), f"*{storage.SAVE_SUFFIX}")
        if name:
            try:
                self.game.save(Path(name), named=True)
            except OSError as exc:
                self.show_message(self.tr_.text("save.failed", file=Path(name).name,
                                                reason=file_trouble(self.tr_, exc)))

    # --- the log -------------------------------------------------------------------------------

    def _rebuild_log(self) -> None:
        """Add the new lines only; start over after an undo or a language switch."""
        events = self.log_lines()
        notes = [self.tr_.text(key) for key in self.game.notes]
        kept = len(self.log_events)
        if events[:kept] != self.log_events or self.log.count() != len(notes) + kept:
            self.log.clear()
            for note in notes:  # what loading left out, said once at the top
                self.log.addItem(note)
            kept = 0
        if kept == len(events):
            self.announced = list(events)  # after an undo: what is told from now on starts from here
            return
        for event in events[kept:]:
            self.log.addItem(self.event_text(event))
        self.log_events = events
        # Every new event is said once; lines written again (a new language, an undo) are not.
        said = self.announced
        fresh = [self.event_text(event) for event in (events[len(said):] if events[:len(said)] == said else [])]
        # Under a curtain taking the keyboard the lines are said after its words, as its description: Orca 43
        # lets each notification cut short the one before, and the curtain must be heard.
        quiet = self.isVisible() and self._curtain_says_it()
        if self.redoing and fresh:  # a move played again says so, in one line
            fresh = [self.tr_.text("status.played_again", lines=" ".join(fresh))]
        for line in fresh:
            accessibility.announce(self.log, line, notify=not quiet)
        if quiet:
            self.scene.curtain_note = " ".join(fresh)
        self.announced = list(events)

    # --- setting a game up ------------------------------------------------------------------

    @classmethod
    def setup_options(cls, tr: Translator, form: QFormLayout) -> Callable[[int], dict[str, Any]]:
        """Add the game's own option rows to the set-up dialog; the returned function reads them
        (given the number of players)."""
        return lambda _players: {}


SEAT_CHOICE = "seat_choice"  # marks a combo box of seats, named by the set-up dialog as the names are typed


def add_seat_items(combo: QComboBox, tr: Translator, seats: int) -> None:
    """Items for seats 0 .. seats-1 of a set-up option (who starts); the set-up dialog writes each name
    typed over its "Seat n"."""
    for i in range(seats):
        combo.addItem(tr.text("hs.seat", seat=i + 1), i)
    combo.setProperty(SEAT_CHOICE, True)


def mode_key(game: str, mode: str) -> str:
    """The text key naming a mode, as the game declares it (`rules.info`)."""
    return info(game).mode(mode).name_key


class SeatSetupDialog(QDialog):
    """Names in seat order, who sits there (a person, or a computer player and its level), the mode, and the
    options of a game for several people."""

    def __init__(self, tr: Translator, parent: QWidget | None, names: Sequence[str], table: type[SeatTable],
                 mode: str | None = None, bots: dict[int, str] | None = None, pace: str | None = None) -> None:
        super().__init__(parent)
        self.tr_ = tr
        self.table = table
        self.setWindowTitle(f"{tr.text('hs.setup_title')} — {tr.text('game.' + table.GAME)}")
        form = QFormLayout(self)
        self.mode = QComboBox()
        for m in table.MODES:
            self.mode.addItem(tr.text(mode_key(table.GAME, m)), m)
        self.mode.setCurrentIndex(table.MODES.index(mode) if mode in table.MODES else 0)
        if len(table.MODES) > 1:
            form.addRow(tr.text("new.mode"), self.mode)
        self.name_edits: list[QLineEdit] = []
        self.kind_combos: list[QComboBox] = []  # per seat: a person (None) or a computer's level
        with_bots = bot_seats.offered(table.GAME)
        kinds = self.seat_kinds(with_bots)
        for i in range(table.SEATS[1]):
            edit = QLineEdit(names[i] if i < len(names) else "")
            edit.setMaxLength(player_names.RAW_LIMIT)  # a pasted book stops here (beyond MAX_LENGTH, Start says why)
            edit.setPlaceholderText(tr.text("hs.seat_empty"))
            edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance(edit.placeholderText()) + 16)  # the whole hint
            edit.setAccessibleName(tr.text("hs.seat_name", seat=i + 1))  # in a row with its combo box: no label
            self.name_edits.append(edit)
            if not kinds:
                form.addRow(tr.text("hs.seat", seat=i + 1), edit)
                continue
            kind = QComboBox()
            for label, data in kinds:
                kind.addItem(label, data)
            kind.setCurrentIndex(max(0, kind.findData((bots or {}).get(i))))
            kind.setAccessibleName(tr.text("bots.who_sits", seat=i + 1))
            kind.currentIndexChanged.connect(self._name_seat_choices)
            self.kind_combos.append(kind)
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(kind)
            form.addRow(tr.text("hs.seat", seat=i + 1), row)
        self.pace = QComboBox()
        for name in bot_seats.PACES:
            self.pace.addItem(tr.text(f"bots.pace_{name}"), name)
        self.pace.setCurrentIndex(max(0, self.pace.findData(pace if pace in bot_seats.PACES else bot_seats.DEFAULT_PACE)))
        if with_bots:
            form.addRow(tr.text("bots.pace"), self.pace)
        else:  # Bacchanalia is told aloud: said here, so nobody looks for a computer player in vain
            form.addRow(plain.label(tr.text("bots.people_only")))
        self._read_options = table.setup_options(tr, form)
        for edit in self.name_edits:
            edit.textChanged.connect(self._name_seat_choices)
        self._name_seat_choices()
        self.error = dialogs.refusal_line()  # it quotes the names typed
        form.addRow(self.error)
        form.addRow(dialogs.start_cancel(self, tr.text("new.start"), tr.text("new.cancel")))
        accessibility.say_choices(self)
        screen_fit.keep_on_screen(self)

    def _name_seat_choices(self) -> None:
        """The options' seat lists say the names typed, in the order they will sit (a blank row sits nobody)."""
        for i, edit in enumerate(self.name_edits):  # an empty computer seat will take the name it shows
            edit.setPlaceholderText(self._default_name(i) or self.tr_.text("hs.seat_empty"))
        typed = [" ".join(text.split()) for _seat, text in self._filled()]
        for combo in self.findChildren(QComboBox):
            if not combo.property(SEAT_CHOICE):
                continue
            for index in range(combo.count()):
                seat = combo.itemData(index)
                if isinstance(seat, int):
                    name = typed[seat] if seat < len(typed) else self.tr_.text("hs.seat", seat=seat + 1)
                    combo.setItemText(index, name)

    def seat_kinds(self, with_bots: bool) -> list[tuple[str, str | None]]:
        """Who may sit at a seat, as (label, data): a person (None) or a computer's level; none to choose from
        where the game has no computer players."""
        if not with_bots:
            return []
        from rules.bots import LEVELS  # the set-up dialog names the levels: the bots are imported now, not at start

        t = self.tr_.text
        return [(t("bots.person"), None), *((t(f"bots.computer_{level}"), level) for level in LEVELS)]

    def _level(self, row: int) -> str | None:
        if row >= len(self.kind_combos):
            return None  # no combo: a game without computer players, whose bots are never imported
        from rules.bots import LEVELS

        data = self.kind_combos[row].currentData()
        return data if data in LEVELS else None

    def _default_name(self, row: int) -> str:
        """The name a computer's seat left blank takes ("Computer 2"); '' for a person's."""
        if self._level(row) is None:
            return ""
        number = sum(1 for r in range(row + 1) if self._level(r) is not None)
        return self.tr_.text("bots.default_name", number=number)

    def _filled(self) -> list[tuple[int, str]]:
        """The seats something is written at (counted from 1), as written; only blanks leave a seat empty
        (a computer's seat, or a seat whose default name says who comes, left blank takes that name)."""
        return [(i + 1, e.text() if e.text().strip() else self._default_name(i))
                for i, e in enumerate(self.name_edits) if e.text().strip() or self._default_name(i)]

    def bots(self) -> dict[int, str]:
        """The computers' seats (as they will sit: blank rows close up) and levels."""
        found: dict[int, str] = {}
        for index, (seat, _text) in enumerate(self._filled()):
            level = self._level(seat - 1)
            if level is not None:
                found[index] = str(level)
        return found

    def chosen_pace(self) -> str:
        return str(self.pace.currentData())

    def names(self) -> list[str]:
        """The names cleaned (desktop/frame/names.py); BadName if one cannot be used (Start refuses it first)."""
        filled = self._filled()
        return player_names.check([text for _seat, text in filled], [seat for seat, _text in filled])

    def chosen_mode(self) -> str:
        return str(self.mode.currentData())

    def options(self) -> dict[str, Any]:
        return self._read_options(len(self.names()))

    def accept(self) -> None:
        low, high = self.table.SEATS
        try:
            names = self.names()
        except player_names.BadName as exc:
            # Said under the names, the dialog open with what was typed, the cursor on the name to change.
            dialogs.refuse(self.error, self.tr_.reason(exc))
            seat = exc.params.get("seat")
            if isinstance(seat, int) and 0 < seat <= len(self.name_edits):
                self.name_edits[seat - 1].setFocus()
                self.name_edits[seat - 1].selectAll()
            return
        if not low <= len(names) <= high:
            dialogs.refuse(self.error, self.tr_.text("hs.need_players", low=low, high=high))
            return
        try:
            bot_seats.check(self.table.GAME, self.chosen_mode(), len(names), self.bots())
        except bot_seats.BotSeatError as exc:
            dialogs.refuse(self.error, self.tr_.reason(exc))
            return
        super().accept()
