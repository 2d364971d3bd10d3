"""A joiner reads back the view its host sent: the JSON of `engine.to_dict(view)` made a state object again, so the
joiner's table draws it and asks `legal_moves` of it as on the host (a seat's legal moves on its own view are
those on the full state).

The engines write their states but do not read them back (a save is its moves, replayed). A state is a dataclass,
read here field by field, following the fields' types. Bacchus' Banquet and Bacchanalia write exactly their
fields; Chrononauts and Artifaxx write the timeline's three parts at the top, and Parsifal each character's owner,
artifacts and turn of entry together and each block as a row: `_AS_FIELDS` puts those back under their fields'
names before the reading. A view read back must write the very same JSON again, or it is refused.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any, Union

from network.protocol import BadMessage
from rules.chrononauts.full_state import FullState
from rules.kernel import HIDDEN, Engine, Move
from rules.parsifal.state import ParState
from rules.registry import engine as engine_of


def _chrononauts_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A Chrononauts or Artifaxx picture (ChrononautsEngine.to_dict) with its timeline as one field; its mode is
    left out, the engine's own (a picture of another mode does not write back the same)."""
    timeline = {"prime": data["prime"], "paradoxed": data["paradoxed"],
                "patches": {int(year): patch for year, patch in data["patches"].items()}}  # JSON's keys are text
    return {"timeline": timeline,
            **{k: v for k, v in data.items() if k not in ("mode", "prime", "paradoxed", "patches")}}


def _parsifal_fields(data: dict[str, Any]) -> dict[str, Any]:
    """A Parsifal picture (ParState.to_dict) with each character's owner, artifacts and turn of entry under those
    fields, in the order the characters came into play, and each block row as the record it is."""
    characters: list[dict[str, Any]] = data["characters"]
    return {**{k: v for k, v in data.items() if k != "characters"},
            "owner": {d["card"]: d["owner"] for d in characters},
            "held": {d["card"]: d["held"] for d in characters},
            "entered": {d["card"]: d["entered"] for d in characters},
            "blocks": [dict(zip(("blocker", "target", "source", "seq"), row, strict=True)) for row in data["blocks"]]}


# The states whose pictures are not their fields as they stand: how to name and nest them as the fields.
_AS_FIELDS: dict[type, Callable[[dict[str, Any]], dict[str, Any]]] = {
    FullState: _chrononauts_fields, ParState: _parsifal_fields}


def readable(game: str, mode: str) -> bool:
    """Can a joiner of `game` in `mode` read the views its host sends? (A dataclass whose picture reads back.)"""
    eng = engine_of(game, mode)
    state = eng.new_state(eng.options({"players": eng.player_range()[0]}), 0)
    if not dataclasses.is_dataclass(state):
        return False
    try:
        return eng.to_dict(view_from_dict(eng, eng.to_dict(eng.view(state, 0)))) == eng.to_dict(eng.view(state, 0))
    except BadMessage:
        return False


def view_from_dict(eng: Engine[Any], data: dict[str, Any]) -> Any:
    """The view `data` pictures, as `eng`'s state object; BadMessage("net.bad_view") for anything else."""
    state = eng.new_state(eng.options({"players": eng.player_range()[0]}), 0)
    kind = type(state)
    if not dataclasses.is_dataclass(kind):
        raise BadMessage("net.bad_view")
    try:
        view = _read(kind, _AS_FIELDS.get(kind, dict)(data), eng.moves)
        again = eng.to_dict(view)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        raise BadMessage("net.bad_view") from None
    if again != data or not _possible(eng, view):
        raise BadMessage("net.bad_view")
    return view


def _possible(eng: Engine[Any], view: Any) -> bool:
    """Whether `view` could be a position of its game, as far as a joiner can tell: every card it shows is one of
    the game's, none twice, and the seats it waits for sit at the table (the reading checked the types only)."""
    try:
        dealt = eng.new_state(eng.options(view.options), 0)  # the same cards as any deal of these options
        shown = Counter(card for card in eng.all_cards(view) if card != HIDDEN)
        seats = eng.players(view)
        return not shown - Counter(eng.all_cards(dealt)) and all(0 <= p < seats for p in eng.to_act(view))
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        return False


def _read(hint: Any, value: Any, moves: tuple[type[Move], ...]) -> Any:
    """`value` (JSON) as the type `hint` says, a move one of `moves`; ValueError for what does not fit."""
    if hint is Any:
        return value
    if hint is Move:  # a move declared, waiting for its answers (Parsifal's response window)
        return Move.from_dict(value, moves)  # BadMoveData is a ValueError
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, dict):
            raise ValueError("not an object")
        hints = typing.get_type_hints(hint)
        fields = [f.name for f in dataclasses.fields(hint)]
        if set(value) != set(fields):
            raise ValueError("not its fields")
        return hint(**{name: _read(hints[name], value[name], moves) for name in fields})
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            raise ValueError("an ambiguous union")
        return _read(inner[0], value, moves)
    if hint is Random:
        if value is not None:  # a view has no random generator (docs/protocol.md)
            raise ValueError("a generator in a view")
        return None
    if origin is list:
        if not isinstance(value, list):
            raise ValueError("not a list")
        return [_read(args[0], item, moves) for item in value]
    if origin is set:
        if not isinstance(value, list):
            raise ValueError("not a list")
        return {_read(args[0], item, moves) for item in value}
    if origin is tuple:
        if not isinstance(value, list) or len(value) != len(args):
            raise ValueError("not a pair")
        return tuple(_read(a, item, moves) for a, item in zip(args, value, strict=True))
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError("not an object")
        return {_read(args[0], k, moves): _read(args[1], v, moves) for k, v in value.items()}
    if hint in (int, str, bool):
        if type(value) is not hint:
            raise ValueError("not a " + hint.__name__)
        return value
    raise ValueError(f"no reading for {hint!r}")
