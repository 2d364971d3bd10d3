"""The messages host and joiners exchange: JSON objects with a `type` and the protocol version `v`, checked
field by field on the way in (docs/protocol.md).

`encode` writes canonical JSON (sorted keys, no spaces, UTF-8), so two messages are equal exactly when their
bytes are: the noninterference tests compare bytes. `decode` accepts nothing but a well-formed message of a
known type: anything else raises `BadMessage` whose `code` is a text key (net.*), never a crash.
"""
from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final

from cardsets import files
from cardsets.text import control_character
from rules.kernel import MAX_NOTATION, RulesError

PROTOCOL_VERSION: Final = 2  # 2: an event's parameters apart from its kind
MAX_JOINER_BYTES: Final = 64 * 1024  # a joiner's message: a move, a name, a chat line fit in far less
MAX_HELLO_BYTES: Final = 4 * 1024  # a connection's messages before its hello is taken: a hello is under 2 KiB
MAX_HOST_BYTES: Final = 1024 * 1024  # a host's message carries a view (a few KiB in every game today)
MAX_DEPTH: Final = 16  # views and events nest 4 levels deep at most today
MAX_LIST: Final = 2000  # items of any list: cards of a view, legal moves, events of one move
MAX_TEXT: Final = 2000  # characters of any string in a view or an event
MAX_CHAT: Final = 300  # characters of a chat line
CHAT_BURST: Final = 5  # a seat's chat lines within CHAT_SECONDS, at most: people talk, a flood would bury them
CHAT_SECONDS: Final = 10.0
MAX_NAME_RAW: Final = 400  # characters of a name as typed (network/names.py cleans it down to 40)
MAX_SEATS: Final = 10
MAX_PARAMS: Final = 20  # parameters of a refusal
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")  # secrets.token_urlsafe's alphabet
TABLE = re.compile(r"[A-Za-z0-9_-]{4,64}")
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")  # a text key: net.bad_json, illegal.not_in_hand
NAME_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
_BREAK = re.compile("[\n\t\u2028\u2029]")  # allowed in a file's text, never inside one chat line
SEAT_KINDS: Final = ("remote", "local", "computer")


class BadMessage(RulesError):
    """A message that is not one of ours: `code` is a text key (net.*), `params` say what was wrong."""


Check = Callable[[object, str], Any]  # a field's value -> the value kept, or BadMessage naming the field


def _bad(name: str) -> BadMessage:
    return BadMessage("net.bad_field", field=name)


def integer(low: int, high: int) -> Check:
    """A whole number from `low` to `high` (not a bool)."""
    def check(value: object, name: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise _bad(name)
        return value
    return check


def maybe(inner: Check) -> Check:
    """None, or what `inner` accepts."""
    def check(value: object, name: str) -> Any:
        return None if value is None else inner(value, name)
    return check


def boolean(value: object, name: str) -> bool:
    """A JSON true or false."""
    if not isinstance(value, bool):
        raise _bad(name)
    return value


def bounded_text(limit: int, pattern: re.Pattern[str] | None = None) -> Check:
    """A string of at most `limit` characters, valid UTF-8, matching `pattern` if given."""
    def check(value: object, name: str) -> str:
        if not isinstance(value, str) or len(value) > limit or not files.is_text(value):
            raise _bad(name)
        if pattern is not None and not pattern.fullmatch(value):
            raise _bad(name)
        return value
    return check


def chat_line(line: str) -> bool:
    """Whether `line` may be said at the table: something to read, on one line (a break would let the rest pass for
    a line of the next speaker's), no control character, at most MAX_CHAT characters."""
    return bool(line.strip()) and len(line) <= MAX_CHAT and not control_character(line) and not _BREAK.search(line)


def chat_too_fast(said: Sequence[float], now: float) -> bool:
    """Whether a line said `now` would be one past CHAT_BURST within CHAT_SECONDS; `said`: when the seat's last lines
    were said, the last CHAT_BURST at most (the host refuses such a line, and the chat panel before it goes)."""
    return len(said) == CHAT_BURST and now - said[0] < CHAT_SECONDS


def chat_text(value: object, name: str) -> str:
    """A chat line as the host sends it: one `chat_line` allows, once each break in it is made a space (a host of
    this protocol that does not refuse them yet: its line is shown on one line, rather than the table left)."""
    if not isinstance(value, str) or not chat_line(_BREAK.sub(" ", value)):
        raise _bad(name)
    return _BREAK.sub(" ", value)


def seconds(value: object, name: str) -> float:
    """A number of seconds from 0 to an hour."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 <= value <= 3600:
        raise _bad(name)
    return float(value)


def listing(inner: Check, limit: int = MAX_LIST) -> Check:
    """A list of at most `limit` items, each accepted by `inner`."""
    def check(value: object, name: str) -> list[Any]:
        if not isinstance(value, list) or len(value) > limit:
            raise _bad(name)
        return [inner(item, name) for item in value]
    return check


def plain(value: object, name: str, depth: int = 0) -> Any:
    """Any JSON data within bounds (a view, an event): depth, list and string lengths."""
    if depth > MAX_DEPTH:
        raise _bad(name)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return bounded_text(MAX_TEXT)(value, name)
    if isinstance(value, list):
        if len(value) > MAX_LIST:
            raise _bad(name)
        return [plain(item, name, depth + 1) for item in value]
    if isinstance(value, dict):
        if len(value) > MAX_LIST:
            raise _bad(name)
        return {bounded_text(MAX_TEXT)(k, name): plain(v, name, depth + 1) for k, v in value.items()}
    raise _bad(name)


def obj(value: object, name: str) -> dict[str, Any]:
    """A JSON object within the bounds of `plain` (a view, an event, a log line)."""
    if not isinstance(value, dict):
        raise _bad(name)
    checked: dict[str, Any] = plain(value, name)
    return checked


_NOT_PARAMS: Final = frozenset({"code", "self"})


def event(value: object, name: str) -> dict[str, Any]:
    """An event as a host tells it: exactly its kind and its parameters (an object within the bounds of `plain`)."""
    if not isinstance(value, dict) or set(value) != {"kind", "params"} or not isinstance(value["params"], dict):
        raise _bad(name)
    bounded_text(40, NAME_KEY)(value["kind"], name)
    return obj(value, name)


def refusal_params(value: object, name: str) -> dict[str, Any]:
    """A refusal's parameters: a few names with a short text, a number or nothing."""
    if not isinstance(value, dict) or len(value) > MAX_PARAMS:
        raise _bad(name)
    out: dict[str, Any] = {}
    for key, item in value.items():
        bounded_text(40, NAME_KEY)(key, name)
        if key in _NOT_PARAMS:  # RulesError(code, **params) takes them for its own arguments
            raise _bad(name)
        if isinstance(item, str):
            item = bounded_text(200)(item, name)
        elif not (item is None or (isinstance(item, int) and not isinstance(item, bool) and abs(item) < 2**53)):
            raise _bad(name)
        out[key] = item
    return out


def seat_entry(value: object, name: str) -> dict[str, Any]:
    """One seat of a `seats` message: exactly its seat, kind, name and whether it is here."""
    if not isinstance(value, dict) or set(value) != {"seat", "kind", "name", "here"}:
        raise _bad(name)
    return {"seat": integer(0, MAX_SEATS - 1)(value["seat"], name),
            "kind": bounded_text(10, re.compile("|".join(SEAT_KINDS)))(value["kind"], name),
            "name": bounded_text(MAX_NAME_RAW)(value["name"], name), "here": boolean(value["here"], name)}


@dataclass(frozen=True)
class Message:
    """Base of every message; a subclass names its `TYPE` and checks each of its fields in `FIELDS`."""

    TYPE: ClassVar[str] = ""
    FIELDS: ClassVar[Mapping[str, Check]] = {}
    FROM_JOINER: ClassVar[bool] = False


# --- a joiner to the host ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Hello(Message):
    """The first message of a connection: which table and seat, the seat's secret token, the joiner's name. A
    spectator names no seat (`seat` null) and brings the table's watching token."""

    TYPE = "hello"
    FROM_JOINER = True
    table: str
    seat: int | None
    token: str
    name: str
    FIELDS = {"table": bounded_text(64, TABLE), "seat": maybe(integer(0, MAX_SEATS - 1)),
              "token": bounded_text(64, TOKEN),
              "name": bounded_text(MAX_NAME_RAW)}


@dataclass(frozen=True)
class Play(Message):
    """A move of the joiner's seat, in the engine's text notation (`Engine.notation`)."""

    TYPE = "move"
    FROM_JOINER = True
    move: str
    FIELDS = {"move": bounded_text(MAX_NOTATION)}


@dataclass(frozen=True)
class Undo(Message):
    """Take back the joiner's own last move (if the rules still allow it)."""

    TYPE = "undo"
    FROM_JOINER = True


@dataclass(frozen=True)
class Claim(Message):
    """"I answer": the joiner's seat, asked by an open response window, takes the time to choose its answer, so
    the host's countdown does not close the window for it."""

    TYPE = "claim"
    FROM_JOINER = True


@dataclass(frozen=True)
class Say(Message):
    """A chat line from the joiner: plain text."""

    TYPE = "say"
    FROM_JOINER = True
    text: str
    FIELDS = {"text": bounded_text(MAX_CHAT)}


# --- the host to a joiner ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Welcome(Message):
    """The answer to a good hello: the game, the mode and the seat the joiner now holds (null: watching)."""

    TYPE = "welcome"
    table: str
    game: str
    mode: str
    seat: int | None
    players: int
    FIELDS = {"table": bounded_text(64, TABLE), "game": bounded_text(40, NAME_KEY), "mode": bounded_text(40, NAME_KEY),
              "seat": maybe(integer(0, MAX_SEATS - 1)), "players": integer(1, MAX_SEATS)}


@dataclass(frozen=True)
class Seats(Message):
    """Who sits where: each seat's kind, its name (empty until someone joins) and whether it is connected."""

    TYPE = "seats"
    seats: list[dict[str, Any]] = field(default_factory=list)
    FIELDS = {"seats": listing(seat_entry, MAX_SEATS)}


@dataclass(frozen=True)
class Update(Message):
    """The table as the seat may see it after the `moves`-th move: the view, the last move's log line (its
    description, less the mover's private fields) and events as the seat learns them, who may act, the seat's
    legal moves (notation) and whether it may undo; once the game is over, its `result` (winners, scores, the
    reason it ended); while a response window asks the people and nobody has claimed it, the `countdown` after
    which the host closes it as if everyone asked had passed. `log` and `events` are empty after an undo or a join."""

    TYPE = "update"
    moves: int
    view: dict[str, Any]
    log: list[Any]
    events: list[Any]
    to_act: list[int]
    decider: int | None
    legal: list[str]
    can_undo: bool
    over: bool
    result: dict[str, Any] | None = None
    countdown: float | None = None
    FIELDS = {"moves": integer(0, 10**6), "view": obj, "log": listing(obj, 1), "events": listing(event),
              "to_act": listing(integer(0, MAX_SEATS - 1)),
              "decider": maybe(integer(0, MAX_SEATS - 1)), "legal": listing(bounded_text(MAX_NOTATION)),
              "can_undo": boolean, "over": boolean, "result": maybe(obj), "countdown": maybe(seconds)}


@dataclass(frozen=True)
class Said(Message):
    """A chat line, to everyone at the table."""

    TYPE = "said"
    seat: int
    text: str
    FIELDS = {"seat": integer(0, MAX_SEATS - 1), "text": chat_text}


@dataclass(frozen=True)
class Refused(Message):
    """What the host did not accept, and why: a text key and its parameters (the connection stays open)."""

    TYPE = "refused"
    reason: str
    params: dict[str, Any] = field(default_factory=dict)
    FIELDS = {"reason": bounded_text(80, KEY), "params": refusal_params}


@dataclass(frozen=True)
class Bye(Message):
    """The host closes this connection, and why (a text key)."""

    TYPE = "bye"
    reason: str
    FIELDS = {"reason": bounded_text(80, KEY)}


KINDS: Final[dict[str, type[Message]]] = {cls.TYPE: cls for cls in (Hello, Play, Undo, Claim, Say, Welcome, Seats,
                                                                    Update, Said, Refused, Bye)}


def encode(message: Message) -> bytes:
    """The message as canonical JSON bytes: its fields, `type` and `v`, keys sorted, no spaces."""
    data = {f.name: getattr(message, f.name) for f in dataclasses.fields(message)}
    data.update(type=message.TYPE, v=PROTOCOL_VERSION)
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def decode(raw: bytes | str, *, from_joiner: bool) -> Message:
    """The message in `raw`; BadMessage for anything else. `from_joiner`: the host reading a joiner (only a
    joiner's types, within MAX_JOINER_BYTES); otherwise a joiner reading the host."""
    limit = MAX_JOINER_BYTES if from_joiner else MAX_HOST_BYTES
    if len(raw) > limit:  # before anything is parsed (a str counts characters: at most 4 bytes each)
        raise BadMessage("net.too_large", limit=limit)
    try:
        string = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = files.parse_json(string)
    except (UnicodeDecodeError, files.BadJson):
        raise BadMessage("net.bad_json") from None
    if not isinstance(data, dict):
        raise BadMessage("net.bad_json")
    version = data.get("v")
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise BadMessage("net.bad_version", expected=PROTOCOL_VERSION)
    kind = KINDS.get(data["type"]) if isinstance(data.get("type"), str) else None
    if kind is None or kind.FROM_JOINER != from_joiner:
        raise BadMessage("net.unknown_type")
    names = set(kind.FIELDS)
    extra = set(data) - names - {"type", "v"}
    if extra:
        raise BadMessage("net.unexpected_field", field=sorted(extra)[0][:40])
    missing = names - set(data)
    if missing:
        raise BadMessage("net.missing_field", field=sorted(missing)[0])
    values = {name: check(data[name], name) for name, check in kind.FIELDS.items()}
    return kind(**values)
