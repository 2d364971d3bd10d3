"""A joiner's table: the game's usual table, fixed to the joiner's seat, on a match that is the host's word.

`RemoteMatch` stands in for the `Match` a table plays on: its state is the latest view the host sent (read back by
network/views.py), its legal moves are the engine's on that view (a seat's legal moves on its own view are those
on the full state), `play` sends the move's notation and waits for the host's update, `undo` asks the host, and
its events are the event lines the host sent. `JoinSession` keeps the connection (desktop/net/bridge.py), builds
the table once the host has seated us, and tells it what arrives: updates, refusals in the player's language, a
lost connection and the way back, and keeps the table's chat (desktop/net/chat.py). Nothing of a remote game is
written to disk (its secrets are the host's) but its player's own save (Save as…), which holds only what the host
sent this seat (network/seat_record.py) and opens as a read-only replay (desktop/net/seat_replay.py).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from PySide6.QtCore import QObject, Signal

from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.net.bridge import Joiner
from desktop.net.chat import ChatPanel
from network import names as net_names
from network.invite import Invite
from network.seat_record import SeatRecord
from network.protocol import BadMessage, Message, Play, Refused, Said, Say, Seats, Undo, Update, Welcome
from network.views import readable, view_from_dict
from rules.kernel import PUBLIC, Engine, Event, IllegalMove, Move, NothingToRedo, NothingToUndo, RulesError
from rules.match import Match
from rules.registry import engine as engine_of


# What a table's drawing raises on data no host of ours sends (an event without its fields, a card in no set): such
# a host is left, the last good position staying on show, rather than let a stranger's bytes break the window.
DRAWING_ERRORS: Final = (KeyError, TypeError, ValueError, IndexError, AttributeError, AssertionError)


class RemoteMatch(Match[Any]):
    """A match held by a host: the seat's view, the host's count of moves, the events the seat was told, and
    whether the host would take back the seat's last move. Moves and undos go to the host through `send`; until
    it answers, the seat has nothing to play (`waiting`)."""

    def __init__(self, eng: Engine[Any], seat: int, update: Update, send: Callable[[Message], None]) -> None:
        # Not Match.__init__: there is no deal here, no seed and no random generator, only what the host sends.
        self.engine, self.seat, self.send, self.seed = eng, seat, send, 0
        self.crossable = frozenset()
        self.told: dict[int, list[Event]] = {}  # the events of each move seen, by its number
        self.count, self.undo_allowed, self.waiting = 0, False, False
        self.state = view_from_dict(eng, update.view)
        self.options = dict(getattr(self.state, "options", {}))
        self.take(update)

    def take(self, update: Update) -> None:
        """The host's latest word: its view, the move's events as this seat learns them, and what may follow.
        BadMessage, the old view staying, for a view no table can draw, or one that does not end the game when the
        host says it is over (or the other way): the end would be told from a view with no result ("end.None")."""
        state = view_from_dict(self.engine, update.view)
        if self.engine.is_over(state) != update.over:
            raise BadMessage("net.bad_view")
        self.state = state
        self.count, self.undo_allowed, self.waiting = update.moves, update.can_undo, False
        self.told = {k: v for k, v in self.told.items() if k <= update.moves}  # an undo takes its events along
        if update.events:
            self.told[update.moves] = [_event(e) for e in update.events]

    @property
    def moves(self) -> list[Move]:
        """As many placeholders as the host has moves: the joiner is told what happened, not every move made."""
        return [Move(-1)] * self.count

    @property
    def last_move(self) -> Move | None:
        return None

    @property
    def next_redo(self) -> Move | None:
        return None

    def events(self) -> list[Event]:
        return [event for _n, events in sorted(self.told.items()) for event in events]

    def seen_events(self, player: int) -> list[Event]:
        """The events as the host told them to this seat, whoever asks: they are all this screen ever learns, and
        it is this seat's screen."""
        return self.events()

    def last_events(self) -> list[Event]:
        return list(self.told.get(self.count, []))

    def legal_moves(self, player: int) -> list[Move]:
        if self.waiting or player != self.seat:
            return []
        return self.engine.legal_moves(self.state, player)

    def play(self, move: Move) -> list[Event]:
        """Send `move` to the host, which judges it; its update (or refusal) follows. IllegalMove while a move sent
        is not yet answered, or for a move not this seat's."""
        if self.waiting:
            raise IllegalMove("net.waiting")
        if move.player != self.seat:
            raise IllegalMove("net.not_your_seat")
        self.waiting = True
        self.send(Play(self.engine.notation(move)))
        return []

    def can_undo(self) -> bool:
        return self.undo_allowed and not self.waiting

    def undoable(self) -> int:
        return 1 if self.can_undo() else 0

    def undo(self) -> Move:
        """Ask the host to take back the seat's last move (its update says what it took back)."""
        if not self.can_undo():
            raise NothingToUndo("status.nothing_to_undo")
        self.waiting = True
        self.send(Undo())
        return Move(self.seat)

    def can_redo(self) -> bool:
        return False

    def redo(self) -> list[Event]:
        raise NothingToRedo("status.nothing_to_redo")

    def prefix(self, count: int) -> Match[Any]:
        raise ValueError("a remote match has no history to replay")


# What a joiner says for a host's reason it has no words for (the host is another program, perhaps a newer Convivium).
UNKNOWN_REFUSAL: Final = "net.unknown_refusal"
UNKNOWN_FAREWELL: Final = "net.unknown_farewell"
WATCHING: Final = "net.watching"  # what a spectator's table says where a seat's says whose turn it is
# Said by the chat line too: it may be why.
CHAT_REFUSALS: Final = frozenset({"net.bad_chat", "net.too_fast", "chat.too_fast"})


def attach_chat(chat: ChatPanel, table: SeatTable) -> None:
    """`chat` beside `table`: F6 goes from the table's bar to the chat line and back to the table, and a table with
    a story journal (Bacchanalia) takes a chosen line into it."""
    table.side_pane = chat.lines if chat.field.isHidden() else chat.field  # a read-only chat is read from its lines
    chat.back_to = table.view
    take = getattr(table, "take_chat_line", None)
    chat.offer_journal(take if callable(take) else None)


def tell_stand_ins(table: SeatTable, was: frozenset[int], now: frozenset[int]) -> None:
    """Say on `table` (shown and spoken) that a computer now plays for a person gone, or that the person is back."""
    for seat in sorted(now - was):
        table.show_message(table.tr_.text("net.stand_in_plays", player=table.seat_name(seat)), error=False)
    for seat in sorted(was - now):
        table.show_message(table.tr_.text("net.stand_in_back", player=table.seat_name(seat)), error=False)


def _event(data: dict[str, Any]) -> Event:
    """An event as the host sends it (network/host.py: its kind, and its parameters apart)."""
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise BadMessage("net.bad_view")
    return Event(str(data.get("kind", "")), params)


def host_words(tr: Translator, error: RulesError, unknown: str) -> RulesError:
    """A host's reason (a refusal, a farewell) as this screen may say it: one with no words here, or whose words keep
    a placeholder the host left unfilled, becomes `unknown`, never a raw key or a raw {placeholder}."""
    return error if tr.can_say(error.code, error.params) else RulesError(unknown)


def stand_in_seats(before: Seats | None, now: Seats, known: frozenset[int]) -> frozenset[int]:
    """The seats a computer plays for a person gone, as a joiner learns them: a seat a person held (or a stand-in
    held) before that the host now says a computer plays. A joiner who comes later takes such a seat for a
    computer's: the host says no more."""
    held = {int(s["seat"]) for s in (before.seats if before is not None else []) if s["kind"] == "remote"} | known
    return frozenset(int(s["seat"]) for s in now.seats if s["kind"] == "computer" and int(s["seat"]) in held)


def seat_names(seats: Seats | None, players: int, tr: Translator) -> list[str]:
    """The names at the table, as the host said them (cleaned again: a host is another program); "Seat n" for a
    seat nobody has taken yet, or a name that is not one."""
    given = {int(s["seat"]): str(s["name"]) for s in (seats.seats if seats is not None else [])}
    out = []
    for seat in range(players):
        try:
            out.append(net_names.clean(given.get(seat, "")))
        except BadMessage:
            out.append(tr.text("hs.seat", seat=seat + 1))
    return out


class JoinSession(QObject):
    """One seat joined from this app: the connection, then the table (`ready`), kept up to date.

    `ready` carries the table once the host has seated us and sent the first view; `failed` a RulesError saying
    why the seat cannot be reached (before or after `ready`); the table itself shows a lost connection and the
    host's refusals."""

    ready = Signal(object)
    failed = Signal(object)

    def __init__(self, tr: Translator, invite: Invite, name: str,
                 table_for: Callable[[str, str], type[SeatTable] | None],
                 make_table: Callable[[type[SeatTable], SeatGame], SeatTable] | None = None) -> None:
        super().__init__()
        self.tr_ = tr
        self.invite, self.name = invite, name
        self.joiner = Joiner(invite, name)
        self.joiner.received.connect(self._received)
        self.joiner.lost.connect(self._lost)
        self.joiner.failed.connect(self._failed)
        self.welcome: Welcome | None = None
        self.seats: Seats | None = None
        self.match: RemoteMatch | None = None
        self.game: SeatGame | None = None
        self.table: SeatTable | None = None
        self.table_for = table_for  # the table that plays a game and mode (desktop/shell/tables.py)
        self.make_table = make_table  # the main window puts the table in its centre; None: a bare table (tests)
        self.ended = False
        self.chat = ChatPanel(tr)  # the main window shows it beside the log
        self.record: SeatRecord | None = None  # what this seat was told, kept in memory until its player saves it
        self.chat.say.connect(lambda line: self.joiner.send(Say(line)))
        tr.language_changed.connect(self._renamed)

    def start(self) -> None:
        self.joiner.start()

    def stop(self) -> None:
        """Leave the table (the seat waits on the host for this invitation) and end the connection's thread."""
        self.ended = True
        self.joiner.stop()

    def _received(self, message: object) -> None:
        if self.ended:
            return
        try:
            if isinstance(message, Welcome):
                self._welcome(message)
                if self.record is None:
                    self.record = SeatRecord(message)
            elif isinstance(message, Seats):
                was, self.seats = self.seats, message
                if self.game is not None and self.welcome is not None:
                    self.game.names[:] = seat_names(message, self.welcome.players, self.tr_)
                    told, self.game.stand_ins = self.game.stand_ins, stand_in_seats(was, message, self.game.stand_ins)
                    self._refresh()
                    if self.table is not None:
                        tell_stand_ins(self.table, told, self.game.stand_ins)
            elif isinstance(message, Update):
                self._update(message)
            elif isinstance(message, Refused):
                self._refused(message)
            elif isinstance(message, Said):
                self._said(message)
        except RulesError as wrong:  # a view or a game no joiner can read: the host is not one of ours
            self._failed(wrong)
            return
        if self.record is not None and isinstance(message, Message):
            self.record.take(message)  # what the table showed, for its player's own save

    def _welcome(self, welcome: Welcome) -> None:
        if self.welcome is not None and (welcome.game, welcome.mode, welcome.seat) != \
                (self.welcome.game, self.welcome.mode, self.welcome.seat):
            raise BadMessage("net.bad_view")  # another table behind the same invitation
        if self.welcome is None and (self.table_for(welcome.game, welcome.mode) is None
                                     or not readable(welcome.game, welcome.mode)):
            raise BadMessage("net.game_not_joinable", game=welcome.game)
        self.welcome = welcome
        self.chat.read_only(welcome.seat is None)  # a spectator reads the chat; the host refuses its lines
        if self.game is not None and self.game.paused is not None and self.game.paused.code != WATCHING:
            self.game.paused = self._at_rest()
            self._refresh()  # the prompt stops saying the connection is lost now, not at the host's next update
            if self.table is not None:
                self.table.show_message(self.tr_.text("net.back"), error=False)

    def _update(self, update: Update) -> None:
        welcome = self.welcome
        if welcome is None:
            return
        if self.match is None:
            cls = self.table_for(welcome.game, welcome.mode)
            assert cls is not None  # _welcome checked it
            eng = engine_of(welcome.game, welcome.mode)
            seat = welcome.seat
            match = RemoteMatch(eng, PUBLIC if seat is None else seat, update, self.joiner.send)
            game = cls.GAME_CLASS(match, seat_names(self.seats, welcome.players, self.tr_))
            game.seats_here = frozenset() if seat is None else frozenset({seat})
            game.paused = self._at_rest()
            try:
                if self.make_table is not None:
                    table = self.make_table(cls, game)
                else:  # a table of its own (the main window gives its translator, its log and its docks)
                    table = cls(self.tr_ if cls.GAME == "chrononauts" else self.tr_.for_game(cls.GAME), game)
            except RulesError:
                raise  # its own reason (the game's card files cannot be read)
            except DRAWING_ERRORS:
                raise BadMessage("net.bad_view") from None
            self.match, self.game, self.table = match, game, table
            attach_chat(self.chat, table)
            self.ready.emit(table)
            return
        kept = dict(vars(self.match))
        was_over = self.match.engine.is_over(self.match.state)
        self.match.take(update)
        try:
            self._refresh()
        except DRAWING_ERRORS:
            vars(self.match).update(kept)  # the last good position stays on show
            raise BadMessage("net.bad_view") from None
        if self.table is not None and not was_over and update.over:  # as a move played here would end it
            self.table.inform(self.table.tr_.text("hs.end_title"), self.table.end_words())

    def _refresh(self) -> None:
        if self.table is not None:
            self.table.refresh()

    def _renamed(self, _language: str) -> None:
        """A seat with no name of its own is named again in the new language ("Posto 3" becomes "Seat 3")."""
        if self.game is not None and self.welcome is not None and not self.ended:
            self.game.names[:] = seat_names(self.seats, self.welcome.players, self.tr_)
            self._refresh()

    def _said(self, said: Said) -> None:
        welcome = self.welcome
        if welcome is None:
            return
        names = seat_names(self.seats, welcome.players, self.tr_)
        speaker = names[said.seat] if said.seat < len(names) else self.tr_.text("hs.seat", seat=said.seat + 1)
        self.chat.add(speaker, said.text, own=said.seat == welcome.seat)

    def _refused(self, refused: Refused) -> None:
        why = RulesError(refused.reason, **refused.params)
        if refused.reason in CHAT_REFUSALS:
            self.chat.refuse(lambda: self.tr_.reason(why))
        if self.match is not None:
            self.match.waiting = False
        if self.table is not None:
            self.table.refresh()
            self.table.show_message(self.table.reason(host_words(self.table.tr_, why, UNKNOWN_REFUSAL)))

    def _at_rest(self) -> RulesError | None:
        """What keeps the table from being played while the connection is good: a spectator only watches (the
        prompt says so, and nothing can be played), a seat nothing."""
        return RulesError(WATCHING) if self.welcome is not None and self.welcome.seat is None else None

    def _lost(self) -> None:
        if self.match is not None and self.match.engine.is_over(self.match.state):
            self.stop()  # the game is over: nothing to come back to, and its end stays on show
            return
        if self.match is not None:
            self.match.waiting = True  # nothing is played into a lost connection: the host's update frees it
        if self.game is not None:
            self.game.paused = RulesError("net.lost")
        self._refresh()

    def _failed(self, why: object) -> None:
        if self.ended:
            return
        self.ended = True
        if isinstance(why, RulesError):  # maybe the host's farewell, or its refusal of our hello
            why = host_words(self.table.tr_ if self.table is not None else self.tr_, why, UNKNOWN_FAREWELL)
        if self.match is not None:
            self.match.waiting = True
        if self.game is not None and isinstance(why, RulesError):
            self.game.paused = why  # the game stays on show, and nothing can be played
        self._refresh()
        self.failed.emit(why)
