"""The pieces every game engine shares: moves, events, illegal moves, seeded shuffles.

An engine is a plain object with the methods of `Engine`. A match (see `rules.match`)
is the engine, its options, a seed and the list of moves applied so far.
"""
from __future__ import annotations

import dataclasses
import json
import re
import types
import typing
from abc import ABC, abstractmethod
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar, Final, Generic, TypeVar

from cardsets import files


class RulesError(ValueError):
    """An error a player should read. ``code`` is a text key; ``params`` fill its placeholders."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        detail = ", ".join(f"{k}={v!r}" for k, v in params.items())
        super().__init__(f"{code}({detail})" if detail else code)


class IllegalMove(RulesError):
    """A move the rules do not allow now."""


class BadOption(RulesError):
    """A game option out of range or of the wrong kind."""


class NothingToUndo(RulesError):
    """Undo asked with no move that may be taken back (none played, or a barrier: a reveal, chance)."""


class NothingToRedo(RulesError):
    """Redo asked with no move taken back."""


class NotAState(RulesError):
    """A view (cards hidden, no random generator) given where the full state is needed: a move is applied to
    the real position, or to a `sample` of a view, never to the view itself."""


class AmbiguousMove(RulesError):
    """One gesture means several legal moves (`candidates`, in legal_moves' order): the player must choose."""

    def __init__(self, candidates: Sequence[Move], **params: object) -> None:
        super().__init__("move.ambiguous", **params)
        self.candidates = list(candidates)


class BadNotation(RulesError):
    """A move's text notation that does not spell a move of this game."""


class BadMoveData(ValueError):
    """A move read from a file or a dict does not have the shape of any known move. The message says why in
    English (logs, tests); ``code`` says it as a text key (``move_data.unknown_type``...) and ``params`` fill it,
    for a player's language."""

    def __init__(self, message: str, code: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class Move:
    """Base of every decision a player can take. Subclasses are frozen dataclasses."""

    player: int

    def to_dict(self) -> dict[str, Any]:
        """The move as plain JSON-ready data: its class name under `type`, then its fields (`from_dict` reads it
        back)."""
        out: dict[str, Any] = {"type": type(self).__name__}
        out.update(dataclasses.asdict(self))
        return out

    @staticmethod
    def from_dict(data: object, allowed: Sequence[type[Move]]) -> Move:
        """Rebuild a move from `to_dict` output, checking every field's type."""
        if not isinstance(data, dict):
            raise BadMoveData(f"a move must be an object, not {data!r}"[:200], "move_data.not_object")
        name = data.get("type")
        if not isinstance(name, str):
            raise BadMoveData(f"a move without a type name: {name!r}"[:200], "move_data.no_type")
        cls = next((c for c in allowed if c.__name__ == name), None)
        if cls is None:  # the name is the file's: only so much of it, and no line break or other control, is shown
            shown = "".join(char for char in name[:40] if char.isprintable())
            raise BadMoveData(f"unknown move type {name!r}"[:200], "move_data.unknown_type", kind=shown)
        hints, fields = _shape(cls)
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise BadMoveData(f"{name} has unexpected fields {sorted(extra)}"[:200], "move_data.extra_fields")
        values: dict[str, Any] = {}
        for fname, f in fields.items():
            if fname not in data:
                if f.default is dataclasses.MISSING:
                    raise BadMoveData(f"{name} lacks field {fname!r}", "move_data.missing_field", field=fname)
                continue
            value = data[fname]
            if not _matches(value, hints[fname]):
                raise BadMoveData(f"{name}.{fname} has the wrong type: {value!r}"[:200], "move_data.wrong_type",
                                  field=fname)
            values[fname] = value
        return cls(**values)


_Shape = tuple[dict[str, Any], dict[str, "dataclasses.Field[Any]"]]
_SHAPES: dict[type[Move], _Shape] = {}


def _shape(cls: type[Move]) -> _Shape:
    """A move class's field types and fields, as `from_dict` checks a move against them: worked out once per
    class, for a long save reads thousands of moves and resolving the types was most of it (issue #42)."""
    shape = _SHAPES.get(cls)
    if shape is None:
        shape = _SHAPES[cls] = (typing.get_type_hints(cls), {f.name: f for f in dataclasses.fields(cls)})
    return shape


def _matches(value: object, hint: object) -> bool:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(hint))
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return False  # pragma: no cover - moves use only simple field types


@dataclass(frozen=True)
class Event:
    """Something that happened while a move was applied: drives animations and the log."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The event as plain JSON-ready data: its kind, then its parameters."""
        return {"kind": self.kind, **self.params}


def _masked(value: Any, hidden: set[str]) -> Any:
    """`value` with every string in `hidden` replaced by HIDDEN, however deep in lists, tuples and dicts."""
    if isinstance(value, str):
        return HIDDEN if value in hidden else value
    if isinstance(value, (list, tuple)):
        return type(value)(_masked(v, hidden) for v in value)
    if isinstance(value, dict):
        return {k: _masked(v, hidden) for k, v in value.items()}
    return value


def _snake(name: str) -> str:
    """PlayCard -> play_card."""
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


def shuffle(rng: Random, items: list[Any]) -> None:
    """Fisher–Yates in place, drawing only `Random.random()`.

    `random.shuffle` may change between Python versions; `random()` is the one draw whose
    sequence Python keeps stable, so deal 1234 stays the same deal everywhere.
    """
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]


def copy_rng(rng: Random) -> Random:
    """An independent generator in the same state as `rng`: both draw the same numbers from here on."""
    twin = Random.__new__(Random)  # skips seeding from the OS, which setstate overwrites anyway
    twin.setstate(rng.getstate())
    return twin


def rng_picture(rng: Random | None) -> list[Any] | None:
    """A generator's exact state as plain JSON data (None in a view, which has no generator)."""
    if rng is None:
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


HIDDEN = "?"  # what a view shows instead of a card its player may not see
PUBLIC: Final = -1  # a seat nobody sits in: `view(state, PUBLIC)` hides every secret

PLAYERS: Final = "players"  # the option that says how many play, in every game and mode

Target = int | str | None  # where a card lands: a seat or year (int), a named place or card (str), nowhere


@dataclass(frozen=True)
class Result:
    """Where a game stands, spelled the same for every game.

    `winners` are seats; `scores` (one per seat, when the game counts points) and `reason` (a text
    key of the game's catalog, the engine's own end code) say how it ended."""

    over: bool
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] | None = None
    reason: str | None = None


@dataclass(frozen=True)
class Description:
    """A line of the game's log: a text key of the game's catalog and what fills its placeholders."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)


def check_players(raw: Mapping[str, Any], low: int, high: int, default: int) -> int:
    """The `players` option, or BadOption("option.players_range") naming the range."""
    value = raw.get(PLAYERS, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadOption("option.players_range", value=value, low=low, high=high)
    return value

@dataclass(frozen=True)
class ResponseWindow:
    """One question to the whole table: does anybody answer what was just done? (a Memo against a card, a
    privilege on the gift's way, an interrupt of an action). Everything in it is public: who is asked never
    depends on what anyone holds in secret, so the question looks the same whoever could answer.

    `opener` is the seat whose play is answered (None when nobody's play is); `asked` are the seats that may
    still answer, in the order they are asked; `turn` numbers the turn (or round) it belongs to, so a pass
    "for this turn" lapses with it; `nobody` are the moves that close it with no answer, to be applied in
    this order, and `nobody_for_turn` the same with every asked player passing for the rest of the turn
    (empty when the game has no such pass)."""

    kind: str  # memo, privilege or interrupt: the table's words for the question
    opener: int | None
    asked: tuple[int, ...]
    turn: int
    nobody: tuple[Move, ...]
    nobody_for_turn: tuple[Move, ...] = ()


S = TypeVar("S")
MAX_NOTATION = 2000  # characters: a move's longest field is a sentence a player typed (300 at most)
_FIELD = re.compile(r"([a-z_][a-z0-9_]*)=")


class Engine(ABC, Generic[S]):
    """The rules of one game mode. Engines are stateless; all state lives in `S`."""

    game: ClassVar[str]
    mode: ClassVar[str]
    moves: ClassVar[tuple[type[Move], ...]]

    @abstractmethod
    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validated options with defaults filled in; raises ValueError naming the bad one."""

    @abstractmethod
    def new_state(self, options: Mapping[str, Any], seed: int) -> S:
        """The position before the first move of a game with these options, dealt from `seed` (the same seed
        deals the same game everywhere)."""

    @abstractmethod
    def player_range(self) -> tuple[int, int]:
        """The fewest and the most players this game mode can be played by."""

    @abstractmethod
    def players(self, state: S) -> int:
        """How many seats the game in `state` has."""

    @abstractmethod
    def result(self, state: S) -> Result:
        """Whether the game is over, who won, the scores and why it ended."""

    # Move fields a log line must not carry (a card only its player sees), by move class name.
    private_fields: ClassVar[Mapping[str, frozenset[str]]] = {}
    # The kinds of event whose cards lay face up before the whole table when they happened (played, discarded,
    # shown): `event_view` tells them whole to every player, though the move may have put the card away again
    # (a deck reshuffled from a face-up discard pile, an ID shown and then put under its deck). What such an event
    # shows is then known beyond what the view after the move shows.
    face_up_events: ClassVar[frozenset[str]] = frozenset()

    def describe(self, move: Move) -> Description:
        """The log's words for a move: `log.<move class in snake case>` in the game's text catalog, with
        the move's fields (less `private_fields`) as parameters; `player` and `to` are seats."""
        hidden = self.private_fields.get(type(move).__name__, frozenset())
        params = {k: v for k, v in dataclasses.asdict(move).items() if k not in hidden}
        return Description("log." + _snake(type(move).__name__), params)

    def gesture(self, state: S, move: Move) -> tuple[str, Target] | None:
        """The card a player moves to make `move` and where it lands; None if no card is moved."""
        return None

    def gestures(self, state: S, player: int, card: str, target: Target) -> list[Move]:
        """Every legal move of `player` made by moving `card` onto `target`, in legal_moves' order."""
        return [m for m in self.legal_moves(state, player) if self.gesture(state, m) == (card, target)]

    def find_move(self, state: S, player: int, card: str, target: Target) -> Move:
        """The legal move that moving `card` onto `target` means; IllegalMove("move.no_gesture") when none
        does, AmbiguousMove listing them when several do (the player then chooses). legal_moves stays the
        only judge."""
        found = self.gestures(state, player, card, target)
        if not found:
            raise IllegalMove("move.no_gesture", card=card, target=target)
        if len(found) > 1:
            raise AmbiguousMove(found, card=card, target=target)
        return found[0]

    def notation(self, move: Move) -> str:
        """A move as one line of text: its kind, then each field but the player as `name=value`, the values
        written as JSON (`PlayCard card="tl_1865" target=1865`). `parse(text, player)` reads it back."""
        fields = [f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in dataclasses.asdict(move).items()
                  if k != "player"]
        return " ".join([type(move).__name__, *fields])

    def parse(self, text: str, player: int) -> Move:
        """The move of `player` that `notation` wrote as `text`; BadNotation("move.bad_notation") for text
        that does not spell one of this game's moves. Only the spelling is checked here: whether the move is
        legal now is legal_moves' to say."""
        if not isinstance(text, str) or len(text) > MAX_NOTATION:
            raise BadNotation("move.bad_notation", text=str(text)[:40])
        name, _, rest = text.strip().partition(" ")
        data: dict[str, Any] = {"type": name, "player": player}
        at, rest = 0, rest.strip()
        while at < len(rest):
            key = _FIELD.match(rest, at)
            if key is None or key.group(1) in data:
                raise BadNotation("move.bad_notation", text=text[:40])
            try:  # bounded as every JSON we read: a joiner may send a value nested 1,000 deep or a lone surrogate
                data[key.group(1)], at = files.parse_json_at(rest, key.end())
            except ValueError:
                raise BadNotation("move.bad_notation", text=text[:40]) from None
            while at < len(rest) and rest[at] == " ":
                at += 1
        try:
            return Move.from_dict(data, self.moves)
        except (BadMoveData, TypeError):
            raise BadNotation("move.bad_notation", text=text[:40]) from None

    @abstractmethod
    def to_act(self, state: S) -> frozenset[int]:
        """The players who may take a decision now (empty once the game is over)."""

    @abstractmethod
    def legal_moves(self, state: S, player: int) -> list[Move]:
        """Every move `player` may take now: the only judge of legality."""

    @abstractmethod
    def check(self, state: S, move: Move) -> None:
        """Raise IllegalMove with the reason if `move` is not legal now."""

    def at_the_door(self, state: S, move: object) -> None:
        """What every `check` asks first. NotAState for a view (it has no random generator: views drop it);
        IllegalMove("illegal.unknown_move") for anything that is not one of this game's moves: another
        game's move, or no move at all, is refused for what it is before any rule reads its fields."""
        if getattr(state, "rng", None) is None:
            raise NotAState("state.is_view")
        if not isinstance(move, self.moves):
            raise IllegalMove("illegal.unknown_move", move=type(move).__name__)

    def sample(self, view: S, player: int, rng: Random) -> S:
        """A full state whose view for `player` is `view`, made from `view` alone: every card `player` may
        not see dealt again at random among the places they cannot see into, with a generator of its own
        for the chance still to come. What a computer player, a hint or a referee of a re-deal test uses
        in place of the secrets."""
        raise NotImplementedError(f"{type(self).__name__} cannot deal a view again")

    @abstractmethod
    def apply(self, state: S, move: Move) -> list[Event]:
        """Check the move, change `state` in place, and return what happened."""

    @abstractmethod
    def clone(self, state: S) -> S:
        """A deep copy of `state`, its random generator included: changing one never changes the other."""

    @abstractmethod
    def view(self, state: S, player: int) -> S:
        """A copy of `state` with everything `player` must not see replaced by HIDDEN."""

    @abstractmethod
    def to_dict(self, state: S) -> dict[str, Any]:
        """A plain, JSON-ready picture of the whole state (RNG included)."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """Whether the game has ended; `result` says how."""

    @abstractmethod
    def all_cards(self, state: S) -> Sequence[str]:
        """Every card instance wherever it lies: no rule may create or destroy one."""

    @abstractmethod
    def hidden_from(self, state: S, player: int) -> Collection[str]:
        """The card instances `player` may not see now; `view(state, player)` shows none of them."""

    def event_view(self, state: S, event: Event, player: int) -> Event:
        """`event` as `player` may learn it, `state` being the position right after the move that made it:
        every card named in it that `player` may not see there is HIDDEN (a list keeps its length, which is
        public). A game whose events tell more than card names (which card lies in which face-down slot)
        drops that too. The log, the screen reader and the network pass events through this, never raw."""
        return self._event_view(event, player, set(self.hidden_from(state, player)))

    def log_view(self, state: S, events: Sequence[Event], player: int) -> list[Event]:
        """`event_view` of each of `events`, all at `state` (a log shown as the table stands now): what `player`
        may not see there is worked out once, not once per event (a table redraws its log after every move)."""
        hidden = set(self.hidden_from(state, player))
        return [self._event_view(event, player, hidden) for event in events]

    def _event_view(self, event: Event, player: int, hidden: set[str]) -> Event:
        """`event_view`, the cards hidden from `player` known: a game whose events tell more overrides this."""
        if not hidden or event.kind in self.face_up_events:
            return event
        return Event(event.kind, {key: _masked(value, hidden) for key, value in event.params.items()})

    def window(self, state: S) -> ResponseWindow | None:
        """The response window open now, if any (a game without one never opens one)."""
        return None

    def decider(self, state: S) -> int | None:
        """The one player who must decide next: None at the end, and while a window asks the whole table
        (then nobody in particular decides until someone says they answer)."""
        if self.is_over(state) or self.window(state) is not None:
            return None
        acting = self.to_act(state)
        return min(acting) if acting else None

    def undo_barrier(self, events: Sequence[Event]) -> bool:
        """Whether undo may not step back over a move that produced these events.

        Solo games undo without limit; multiplayer engines stop at reveals and chance.
        """
        return False
