"""A joiner's own record of a network game: what its seat was sent, and nothing else.

The host keeps the game; a joiner may keep what it saw (Game → Save as… at a joiner's table): the host's welcome,
the last seat list, every update in the order it came (the seat's view, its events as the seat learned them, the
log line) and the chat lines said. All of it is host messages as they arrived, so the file holds no byte the seat
was not sent, and the network's noninterference proof covers it (tests/network/test_net_seat_record.py re-deals the
hidden cards and finds the same file). It cannot be played on: the deck's order and the others' hands stayed with
the host, so opening it shows the game again, read-only (desktop/net/seat_replay.py).

Read back like a save (rules/saves.py): bounded in size, each message checked as the protocol checks a host's
(network/protocol.py), and each view read back as a joiner reads one (network/views.py); anything else is a
SaveError with a text key, never a crash.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from network.protocol import BadMessage, Message, Said, Seats, Update, Welcome, decode, encode
from network.views import readable, view_from_dict
from rules import saves
from rules.registry import engine as engine_of
from rules.registry import modes

FORMAT: Final = "convivium-seat-record"
FORMAT_VERSION: Final = 1
STEP_BYTES: Final = 4_000_000  # the updates kept, at most: with the chat the file stays under a save's bound
MAX_LINES: Final = 500  # chat lines kept, of at most 300 characters (the first stay: a record starts at the start)
NOT_ONE: Final = "net.not_a_seat_record"


@dataclass
class SeatRecord:
    """What one connection was told: `welcome` names the game and the seat (None: a spectator)."""

    welcome: Welcome
    seats: Seats | None = None
    steps: list[Update] = field(default_factory=list)
    said: list[Said] = field(default_factory=list)
    stopped: bool = False  # the updates reached STEP_BYTES: the later ones were not kept
    size: int = 0  # bytes of the updates kept


    def take(self, message: Message) -> None:
        """Keep a message of the host (any other kind is nothing to keep)."""
        if isinstance(message, Seats):
            self.seats = message
        elif isinstance(message, Update) and not self.stopped:
            size = len(encode(message))
            if self.size + size > STEP_BYTES:
                self.stopped = True  # a game far longer than any real one: what was seen first is kept
            else:
                self.steps.append(message)
                self.size += size
        elif isinstance(message, Said) and len(self.said) < MAX_LINES:
            self.said.append(message)

    def to_json(self) -> str:
        """The record's file: canonical JSON (keys sorted, no spaces), so equal records are equal bytes."""
        data = {"format": FORMAT, "format_version": FORMAT_VERSION, "welcome": _plain(self.welcome),
                "seats": None if self.seats is None else _plain(self.seats),
                "steps": [_plain(u) for u in self.steps], "said": [_plain(s) for s in self.said],
                "stopped": self.stopped}
        return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n"


def is_record(data: Any) -> bool:
    """Does this JSON say it is a seat's record (whether or not the rest of it is good)?"""
    return isinstance(data, dict) and data.get("format") == FORMAT


def from_data(data: Any) -> SeatRecord:
    """The record this JSON describes, every part checked; SaveError (net.not_a_seat_record) if it is not one."""
    if not is_record(data) or data.get("format_version") != FORMAT_VERSION:
        raise saves.SaveError(NOT_ONE)
    try:
        welcome = _message(data["welcome"], Welcome)
        seats = None if data["seats"] is None else _message(data["seats"], Seats)
        steps, said, stopped = data["steps"], data["said"], data["stopped"]
        if not isinstance(steps, list) or not isinstance(said, list) or not isinstance(stopped, bool) or not steps \
                or len(said) > MAX_LINES:
            raise BadMessage(NOT_ONE)
        updates: list[Update] = [_message(s, Update) for s in steps]
        record = SeatRecord(welcome, seats, updates, [_message(s, Said) for s in said], stopped,
                            sum(len(encode(u)) for u in updates))
        if welcome.mode not in modes().get(welcome.game, ()) or not readable(welcome.game, welcome.mode):
            raise BadMessage(NOT_ONE)
        if welcome.seat is not None and welcome.seat >= welcome.players:
            raise BadMessage(NOT_ONE)  # a seat the table does not have: its name and its view are nowhere
        eng = engine_of(welcome.game, welcome.mode)
        for step in record.steps:
            # As a joiner reads each view: one no table can draw is refused, and so is one of another table's size.
            if eng.players(view_from_dict(eng, step.view)) != welcome.players:
                raise BadMessage(NOT_ONE)
    except (KeyError, TypeError, BadMessage):
        raise saves.SaveError(NOT_ONE) from None
    return record


def load(path: Path) -> SeatRecord:
    """Read a record file (only read, never changed); SaveError says why it cannot be shown."""
    return from_data(saves.read_json(path))


def _plain(message: Message) -> Any:
    return json.loads(encode(message))


def _message(value: object, kind: type[Message]) -> Any:
    """`value` checked as the protocol checks a host's message of `kind` (BadMessage if it is not one)."""
    message = decode(json.dumps(value, ensure_ascii=False), from_joiner=False)
    if not isinstance(message, kind):
        raise BadMessage(NOT_ONE)
    return message
