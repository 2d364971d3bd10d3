"""The host's table: the only full `Match`, its seats, and what each seat is told.

Every seat is a person joining from elsewhere (`remote`, with a secret token), a person at the host's own
screen (`local`) or a computer player of a level (run here, on the host: a server has it decide in a worker
from a `Decision`, a copy of what it may see, and plays its move only if the table has not moved since). A connection becomes a seat's by
a `hello` carrying the seat's token; a second connection with the same token takes the seat over and the
older one is told why. Every move a seat sends is read with the engine's notation for that seat only and
judged by `legal_moves` (the engine's `check` says why not); undo takes back only the seat's own last move,
and only as far as `Match.undoable` allows.

What a seat is sent is built from `engine.view(state, seat)` and `engine.event_view(state, event, seat)`
alone, never from the full state, so the bytes a seat receives are the same in every world its view allows
(tests/network/test_net_noninterference.py); a spectator, if the host lets them in, is sent the PUBLIC view.
A computer may stand in for a person who has been gone a while, until they come back; a response window
asking the people closes after the host's countdown unless someone claims it. The host knows nothing of
sockets or clocks' timers: it takes a connection's bytes and returns the bytes to send to each connection
(`Send`); network/server.py carries them and runs the timers.
"""
from __future__ import annotations

import itertools
import json
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any, Final

from network import names
from network.invite import Invite, new_table_id, new_token, token_matches
from network.protocol import (CHAT_BURST, MAX_HELLO_BYTES, MAX_SEATS, SEAT_KINDS, TABLE, TOKEN,
                              BadMessage, Bye, Claim, Hello, Message, Play, Refused, Said, Say, Seats, Undo, Update,
                              Welcome, chat_line, chat_too_fast, decode, encode)
from rules import saves
from rules.bots import LEVELS, Bot, bot_modes, decision_rng, make_bot
from rules.kernel import PUBLIC, Description, Engine, Event, Move, ResponseWindow, Result, RulesError
from rules.match import Match

NETWORK: Final = "network"  # where a host's save keeps the table id and the seats' kinds and tokens
# Spectators watching at once: their one invitation goes round, and 64 connections of it held every place a player
# coming back needs (the server's max_connections).
MAX_SPECTATORS: Final = 32
BOTS: Final = "bots"  # the computers' levels by seat, as the desktop's saves keep them (desktop/frame/bot_seats.py)


@dataclass(frozen=True)
class Send:
    """Bytes for one connection; `close`: close it once they are sent."""

    connection: int
    data: bytes
    close: bool = False


@dataclass
class Seat:
    """One place at the table: who sits there, the seat's secret, and the connection holding it now."""

    number: int
    kind: str  # remote, local or computer
    level: str | None  # a computer's level
    token: str
    name: str = ""
    connection: int | None = None
    away_since: float | None = None  # when a remote seat's player left (or the table opened): time.monotonic()
    stand_in: str | None = None  # the level of a computer playing for the absent person, until they come back

    def played_by_computer(self) -> bool:
        """Whether a computer decides for this seat now: a computer's seat, or an absent person's stand-in."""
        return self.kind == "computer" or self.stand_in is not None


@dataclass(frozen=True)
class Decision:
    """A computer's turn to decide, taken on the host's loop: its seat's view (a copy: the match may move on while it
    thinks), its legal moves, its generator, and the table's stamp then; `decide` may run in another thread."""

    seat: int
    bot: Bot
    view: Any
    legal: tuple[Move, ...]
    rng: Random
    stamp: int

    def decide(self) -> Move:
        """The computer's choice (it reads nothing but this decision)."""
        return self.bot.choose(self.view, self.seat, self.legal, self.rng)


class Host:
    """One hosted match. `receive` and `leave` are all a transport calls; `on_change` is told after every move
    and undo, `on_seated` when a person takes a seat or leaves it (the caller saves there: network/autosave.py)."""

    def __init__(self, match: Match[Any], kinds: Sequence[str], *, table: str | None = None,
                 tokens: Sequence[str] | None = None, seat_names: Sequence[str] | None = None,
                 watch_token: str | None = None, answer_wait: float | None = None,
                 on_change: Callable[[Host], None] | None = None) -> None:
        self.match = match
        self.engine: Engine[Any] = match.engine
        count = self.engine.players(match.state)
        if len(kinds) != count or count > MAX_SEATS:
            raise ValueError(f"{len(kinds)} seats named for {count} players")
        self.table = table or new_table_id()
        tokens = list(tokens) if tokens is not None else [new_token() for _ in kinds]
        given = list(seat_names) if seat_names is not None else [""] * count
        self.clock: Callable[[], float] = time.monotonic  # a test sets the time itself
        self.seats = [Seat(n, *_kind(kind, self.engine), token, given[n]) for n, (kind, token)
                      in enumerate(zip(kinds, tokens, strict=True))]
        for seat in self.seats:
            seat.away_since = self.clock() if seat.kind == "remote" else None
        computers = any(s.kind == "computer" for s in self.seats)
        if computers and self.engine.mode not in bot_modes(self.engine.game):
            raise ValueError(f"no computer players in {self.engine.game} {self.engine.mode}")
        self.connections: dict[int, int] = {}  # connection -> the seat it holds (PUBLIC: a spectator)
        self.watch_token = watch_token  # spectators are let in with it; None: no spectators
        # Seconds a response window asking the people stays open before it closes as if everyone asked had
        # passed, unless someone claims it ("I answer"); None: it waits for each answer (docs/protocol.md).
        self.answer_wait = answer_wait
        self.stamp = 0  # counts every change of the table: a countdown belongs to the stamp it was started at
        self.claimed: int | None = None  # the stamp at which someone claimed the open window
        self.on_change = on_change
        self.port: int | None = None  # where the invitations say the table listens, kept in the save for --resume
        self.bot_for: Callable[[str, str, str], Bot] = make_bot  # a test puts in a computer it controls
        # Whether the computers decide inside the call that gives them the turn (`play`, `undo`…), as direct use and
        # the tests want; a server turns it off and has them decide in a worker (`next_decision`, `decided`).
        self.think_inline = True
        self.on_said: Callable[[int, str], None] | None = None  # a screen at the host shows the chat
        self.on_seated: Callable[[Host], None] | None = None
        self._said: dict[int, deque[float]] = {}  # when each seat said its last few chat lines

    # --- what a transport calls ------------------------------------------------------------------------

    def receive(self, connection: int, raw: bytes | str) -> list[Send]:
        """Everything to send because `connection` sent `raw`: replies, and news to the others. A connection that
        holds no seat yet is refused anything longer than a hello before it is read: anyone who can reach the port
        may send, and 64 KiB of brackets took the host 2 ms each to measure (60 such connections at their allowed
        rate kept its loop busy, and a seated player's answer came 180 ms late)."""
        if connection not in self.connections and len(raw) > MAX_HELLO_BYTES:
            return [self._refuse(connection, BadMessage("net.too_large", limit=MAX_HELLO_BYTES))]
        try:
            message = decode(raw, from_joiner=True)
        except BadMessage as refused:
            return [self._refuse(connection, refused)]
        seat = self.connections.get(connection)
        if isinstance(message, Hello):
            return self._hello(connection, message)
        if seat is None:
            return [self._refuse(connection, BadMessage("net.hello_first"))]
        if seat == PUBLIC:
            return [self._refuse(connection, BadMessage("net.spectator"))]
        try:
            if isinstance(message, Play):
                return self.play(seat, self.engine.parse(message.move, seat))
            if isinstance(message, Undo):
                return self.undo(seat)
            if isinstance(message, Claim):
                return self.claim(seat)
            if isinstance(message, Say):
                return self.say(seat, message.text)
        except RulesError as refused:
            return [self._refuse(connection, refused)]
        return [self._refuse(connection, BadMessage("net.unknown_type"))]  # pragma: no cover - decode knows them all

    def leave(self, connection: int) -> list[Send]:
        """A connection closed: its seat waits for its player to come back; the others are told."""
        seat = self.connections.pop(connection, None)
        if seat is None or seat == PUBLIC or self.seats[seat].connection != connection:
            return []
        self.seats[seat].connection, self.seats[seat].away_since = None, self.clock()
        if self.on_seated is not None:
            self.on_seated(self)
        return self._to_all(self.seats_message())

    def stand_in_for_absent(self, after: float, level: str) -> list[Send]:
        """A computer of `level` takes every remote seat whose player has been gone for `after` seconds, until
        they come back with their token; then the computers play on. The others are told who now plays."""
        now = self.clock()
        gone = [s.number for s in self.seats if s.away_since is not None and now - s.away_since >= after]
        return self.stand_in_for(gone, level)

    def stand_in_for(self, seats: Sequence[int], level: str) -> list[Send]:
        """A computer of `level` takes those of `seats` whose person is gone (a remote seat with no connection and
        nobody standing in yet), until they come back with their token; then the computers play on. The others are
        told who now plays. ValueError where no computer can play."""
        if self.engine.mode not in bot_modes(self.engine.game) or level not in LEVELS:
            raise ValueError(f"no computer players of level {level!r} in {self.engine.game} {self.engine.mode}")
        taken = [self.seats[n] for n in seats if 0 <= n < len(self.seats)]
        taken = [s for s in taken if s.kind == "remote" and s.connection is None and s.stand_in is None]
        for seat in taken:
            seat.stand_in = level
        return self._to_all(self.seats_message()) + self._computers() if taken else []

    # --- moves, undo, the computers -----------------------------------------------------------------------

    def play(self, seat: int, move: Move) -> list[Send]:
        """`move` for `seat` if the rules allow it now (IllegalMove says why not), then the computers' replies;
        every connection is sent its seat's update after each."""
        if move.player != seat:
            raise BadMessage("net.not_your_seat")
        if move not in self.match.legal_moves(seat):
            self.engine.check(self.match.state, move)  # the rules' reason
            raise BadMessage("net.not_legal")  # pragma: no cover - check agrees with legal_moves (conformance)
        out = self._after(self.match.play(move), move)
        return out + self._computers()

    def undo(self, seat: int) -> list[Send]:
        """Take back `seat`'s own last move, if nobody has acted on it since and the rules allow it."""
        if not self._may_undo(seat):
            raise BadMessage("net.cannot_undo")
        self.match.undo()
        return self._after([]) + self._computers()

    def run_computers(self) -> list[Send]:
        """Let each computer that is to decide decide, from its seat's view alone, until a person is to."""
        out: list[Send] = []
        while (decision := self.next_decision()) is not None:
            out += self.decided(decision, decision.decide())
        return out

    def next_decision(self) -> Decision | None:
        """What the computer to decide now decides from (None: no computer is to), for `decided` once chosen."""
        seat = self.computer_to_move()
        if seat is None:
            return None
        eng, state = self.engine, self.match.state
        level = self.seats[seat].stand_in or self.seats[seat].level or "normal"
        return Decision(seat, self.bot_for(eng.game, eng.mode, level), eng.view(state, seat),
                        tuple(eng.legal_moves(state, seat)),
                        decision_rng(self.match.seed, len(self.match.moves)),  # as at the desktop: the game replays
                        self.stamp)

    def decided(self, decision: Decision, move: Move) -> list[Send]:
        """Play a computer's `move` if the table is still where it was when `decision` was taken and a computer
        still plays that seat; otherwise it is dropped (the next decision is taken from the table as it is)."""
        if decision.stamp != self.stamp or not self.seats[decision.seat].played_by_computer():
            return []
        return self._after(self.match.play(move), move)

    def people_asked(self) -> ResponseWindow | None:
        """The open response window as the people's shared question (as at the desktop's table,
        desktop/frame/bot_seats.py `for_people`): the seats asked before the next computer, and their passes;
        None when no window is open, a computer is to answer first, or no person is asked."""
        window = self.engine.window(self.match.state)
        if window is None or self.computer_to_move() is not None:
            return None
        asked = tuple(itertools.takewhile(lambda s: not self.seats[s].played_by_computer(), window.asked))
        if not asked:
            return None
        return replace(window, asked=asked, nobody=tuple(m for m in window.nobody if m.player in asked),
                       nobody_for_turn=tuple(m for m in window.nobody_for_turn if m.player in asked))

    def counting(self) -> int | None:
        """The stamp of the countdown running now (a window asks the people, nobody claimed it), else None."""
        if self.answer_wait is None or self.claimed == self.stamp or self.people_asked() is None:
            return None
        return self.stamp

    def claim(self, seat: int) -> list[Send]:
        """`seat` says it answers the open window: the countdown stops for this question."""
        question = self.people_asked()
        if question is None or seat not in question.asked:
            raise BadMessage("net.cannot_claim")
        self.claimed = self.stamp
        return [Send(c, encode(self.update_for(s, []))) for c, s in sorted(self.connections.items())]

    def nobody_answers(self, stamp: int) -> list[Send]:
        """The countdown started at `stamp` ran out: if the table has not changed since and nobody claimed the
        question, everyone asked passes, in the order they are asked; then the computers play on."""
        if stamp != self.counting():
            return []
        question = self.people_asked()
        assert question is not None  # counting() says so
        out: list[Send] = []
        for move in question.nobody:
            if move not in self.match.legal_moves(move.player):
                break  # an earlier pass closed the window
            out += self._after(self.match.play(move), move)
        return out + self._computers()

    def computer_to_move(self) -> int | None:
        """The computer to decide now: the one the engine waits for, or in a response window the first computer
        asked that may still answer (as at the desktop's table, desktop/frame/bot_seats.py)."""
        eng, state = self.engine, self.match.state
        if eng.is_over(state):
            return None
        computers = {s.number for s in self.seats if s.played_by_computer()}
        window = eng.window(state)
        if window is not None:
            acting = eng.to_act(state)
            return next((s for s in window.asked if s in computers and s in acting), None)
        seat = eng.decider(state)
        return seat if seat in computers else None

    # --- what each seat is sent -----------------------------------------------------------------------

    def update_for(self, seat: int, events: Sequence[Event], move: Move | None = None) -> Update:
        """The table as `seat` may see it now, with the log line of `move` (the one just played, if any) and its
        `events` as `seat` learns them."""
        eng, state = self.engine, self.match.state
        log = [] if move is None else [_plain(_words(eng.describe(move)))]
        acting = eng.to_act(state)
        legal = [eng.notation(m) for m in eng.legal_moves(state, seat)] if seat in acting else []
        return Update(moves=len(self.match.moves), view=_plain(eng.to_dict(eng.view(state, seat))), log=log,
                      events=[_event_data(eng.event_view(state, e, seat)) for e in events],
                      to_act=sorted(acting), decider=eng.decider(state), legal=legal,
                      can_undo=self._may_undo(seat), over=eng.is_over(state), result=_result(eng.result(state)),
                      countdown=self.answer_wait if self.counting() is not None else None)

    def seats_message(self) -> Seats:
        """Who sits where: each seat's kind, its name and whether it is connected now (all public)."""
        return Seats([{"seat": s.number, "kind": "computer" if s.played_by_computer() else s.kind, "name": s.name,
                       "here": s.connection is not None} for s in self.seats])

    def invites(self, host: str, port: int, fingerprint: str | None) -> dict[int | None, Invite]:
        """The invitation of every seat for a person joining from elsewhere, and the spectators' (key None) if
        the host lets them watch."""
        found: dict[int | None, Invite] = {s.number: Invite(host, port, self.table, s.number, s.token, fingerprint)
                                           for s in self.seats if s.kind == "remote"}
        if self.watch_token is not None:
            found[None] = Invite(host, port, self.table, None, self.watch_token, fingerprint)
        return found

    # --- saves ----------------------------------------------------------------------------------------

    def save_data(self) -> dict[str, Any]:
        """The match as a save (rules/saves.py), with the computers' levels, the names, and the table's id and
        seats' tokens so that a host started again with --resume takes the same invitations."""
        return self.save_taken()()

    def save_taken(self) -> Callable[[], dict[str, Any]]:
        """`save_data` as the table stands now, made when called: on the writer's thread (network/autosave.py) while
        this host plays on (see `saves.taken`)."""
        match = saves.taken(self.match)
        bots = {str(s.number): s.level for s in self.seats if s.kind == "computer"}
        seat_names = [s.name for s in self.seats]
        seats = [{"kind": s.kind, "token": s.token} for s in self.seats]
        network: dict[str, Any] = {"table": self.table, "seats": seats, "watch_token": self.watch_token}
        if self.port is not None:
            network["port"] = self.port
        return lambda: {**match(), BOTS: bots, "names": seat_names, NETWORK: network}

    @classmethod
    def from_save(cls, data: Any, on_change: Callable[[Host], None] | None = None) -> Host:
        """The host a save of `save_data` describes, its moves replayed through the rules; SaveError if the
        file is not one."""
        match = saves.from_dict(data)
        block, bots = data.get(NETWORK), data.get(BOTS, {})
        raw_names = data.get("names")
        try:
            table, seats = block["table"], block["seats"]
            kinds = [s["kind"] if s["kind"] != "computer" else "computer:" + bots[str(n)] for n, s in enumerate(seats)]
            tokens = [s["token"] for s in seats]
            watch = block.get("watch_token")
            every_token = [*tokens, *([watch] if watch is not None else [])]
            if not TABLE.fullmatch(table) or not all(TOKEN.fullmatch(token) for token in every_token):
                raise ValueError("a table id or token not made by a host")
            seat_names = [names.clean(n) if n else "" for n in raw_names] if raw_names is not None else None
            port = block.get("port")  # absent in a save made before any table listened
            if port is not None and (type(port) is not int or not 1 <= port <= 65535):
                raise ValueError("a port no host listens on")
            host = cls(match, kinds, table=table, tokens=tokens, seat_names=seat_names, watch_token=watch,
                       on_change=on_change)
            host.port = port
            return host
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, BadMessage):
            raise saves.SaveError("net.not_a_host_save") from None

    # --- inside ------------------------------------------------------------------------------------------

    def _hello(self, connection: int, hello: Hello) -> list[Send]:
        if connection in self.connections:
            return [self._refuse(connection, BadMessage("net.already_seated"))]
        if hello.table != self.table:
            return [self._refuse(connection, BadMessage("net.unknown_table"))]
        if hello.seat is None:
            return self._watch(connection, hello)
        if hello.seat >= len(self.seats) or self.seats[hello.seat].kind != "remote":
            return [self._refuse(connection, BadMessage("net.bad_seat", seat=hello.seat + 1))]
        seat = self.seats[hello.seat]
        if not token_matches(hello.token, seat.token):  # the invitation's token, or its short code's
            return [self._refuse(connection, BadMessage("net.bad_token", seat=hello.seat + 1))]
        try:
            name = names.clean(hello.name)
            names.unlike(name, [other.name for other in self.seats if other is not seat])
        except BadMessage as refused:
            return [self._refuse(connection, refused)]
        out: list[Send] = []
        if seat.connection is not None:  # the newer device wins; the older is told why
            self.connections.pop(seat.connection, None)
            out.append(Send(seat.connection, encode(Bye("net.replaced")), close=True))
        seat.connection, seat.name, seat.away_since, seat.stand_in = connection, name, None, None
        self.connections[connection] = seat.number
        if self.on_seated is not None:
            self.on_seated(self)
        eng = self.engine
        out.append(Send(connection, encode(Welcome(self.table, eng.game, eng.mode, seat.number, len(self.seats)))))
        out += self._to_all(self.seats_message())
        out.append(Send(connection, encode(self.update_for(seat.number, []))))
        return out

    def _watch(self, connection: int, hello: Hello) -> list[Send]:
        """A spectator joins, if the host allows them: it is sent what nobody in particular may see (PUBLIC)."""
        if self.watch_token is None:
            return [self._refuse(connection, BadMessage("net.no_spectators"))]
        if not token_matches(hello.token, self.watch_token):
            return [self._refuse(connection, BadMessage("net.bad_watch_token"))]
        try:
            names.clean(hello.name)  # refused like a player's, though nobody is shown a spectator's name yet
        except BadMessage as refused:
            return [self._refuse(connection, refused)]
        if sum(1 for held in self.connections.values() if held == PUBLIC) >= MAX_SPECTATORS:
            return [self._refuse(connection, BadMessage("net.table_full"))]
        self.connections[connection] = PUBLIC
        eng = self.engine
        return [Send(connection, encode(Welcome(self.table, eng.game, eng.mode, None, len(self.seats)))),
                Send(connection, encode(self.seats_message())), Send(connection, encode(self.update_for(PUBLIC, [])))]

    def say(self, seat: int, line: str) -> list[Send]:
        """A chat line of `seat` (a joiner's, or a person's at the host's screen) to every connection, and to the
        host's own screen (`on_said`). BadMessage for an empty line, a line break or a control character
        (`chat_line`), or a line past CHAT_BURST in CHAT_SECONDS (chat.too_fast): a flood would bury the others' lines
        and slow every screen."""
        if not chat_line(line):
            raise BadMessage("net.bad_chat")
        recent, now = self._said.setdefault(seat, deque(maxlen=CHAT_BURST)), self.clock()
        if chat_too_fast(recent, now):
            raise BadMessage("chat.too_fast")  # as the chat panel says it (desktop/net/chat.py)
        recent.append(now)
        if self.on_said is not None:
            self.on_said(seat, line)
        return self._to_all(Said(seat, line))

    def _computers(self) -> list[Send]:
        return self.run_computers() if self.think_inline else []

    def _may_undo(self, seat: int) -> bool:
        last = self.match.last_move
        return last is not None and last.player == seat and self.match.can_undo()

    def _after(self, events: Sequence[Event], move: Move | None = None) -> list[Send]:
        self.stamp += 1
        if self.on_change is not None:
            self.on_change(self)
        return [Send(c, encode(self.update_for(seat, events, move))) for c, seat in sorted(self.connections.items())]

    def _to_all(self, message: Message) -> list[Send]:
        data = encode(message)
        return [Send(c, data) for c in sorted(self.connections)]

    def _refuse(self, connection: int, refused: RulesError) -> Send:
        """The refusal as a message: its key, and parameters cut to what a `refused` may carry."""
        shown = {key: _short(value) for key, value in list(refused.params.items())[:20]}
        return Send(connection, encode(Refused(refused.code, shown)))


def _kind(kind: str, eng: Engine[Any]) -> tuple[str, str | None]:
    """A seat's kind as the command line writes it (remote, local, or a computer's level) -> (kind, level)."""
    if kind in LEVELS:
        return "computer", kind
    if kind.startswith("computer:") and kind.removeprefix("computer:") in LEVELS:
        return "computer", kind.removeprefix("computer:")
    if kind in SEAT_KINDS and kind != "computer":
        return kind, None
    raise ValueError(f"unknown seat kind {kind!r}: remote, local, or one of {', '.join(LEVELS)}")


def _short(value: object) -> str | int | None:
    """A refusal's parameter as a `refused` carries it: a number, or at most 200 characters of text."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53):
        return value
    return str(value)[:200]


def _result(result: Result) -> dict[str, Any] | None:
    """How a finished game ended, as plain data (None while it goes on)."""
    if not result.over:
        return None
    return {"winners": list(result.winners), "scores": None if result.scores is None else list(result.scores),
            "reason": result.reason}


def _words(value: Any) -> Any:
    """A log line (a Description, whose parameters may hold other Descriptions) as plain data."""
    if isinstance(value, Description):
        return {"key": value.key, "params": {k: _words(v) for k, v in value.params.items()}}
    if isinstance(value, (list, tuple)):
        return [_words(v) for v in value]
    return value


def _event_data(event: Event) -> dict[str, Any]:
    """An event as sent: its kind, and its parameters apart (an event may have a parameter named "kind": Chrononauts'
    deal kept says which card, and mixed in with the kind it took the kind's place)."""
    return _plain({"kind": event.kind, "params": event.params})


def _plain(data: Mapping[str, Any]) -> dict[str, Any]:
    """`data` as it will read back from JSON (tuples become lists), so a message equals its decoded bytes."""
    plain: dict[str, Any] = json.loads(json.dumps(data, allow_nan=False))
    return plain
