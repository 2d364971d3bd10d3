"""A joiner reads back the view its host sent: the JSON of `engine.to_dict(view)` made a state object again, so the
joiner's table draws it and asks `legal_moves` of it as on the host (a seat's legal moves on its own view are
those on the full state).

The engines write their states but do not read them back (a save is its moves, replayed). A state that is a
dataclass whose `to_dict` writes exactly its fields (Bacchus' Banquet, Bacchanalia) is read here field by field,
following the fields' types; a view read back must write the very same JSON again, or it is refused. The other
games' states (Chrononauts, Parsifal) are not written field for field: they cannot be joined from the app yet.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from random import Random
from typing import Any, Union

from network.protocol import BadMessage
from rules.kernel import Engine
from rules.registry import engine as engine_of


def readable(game: str, mode: str) -> bool:
    """Can a joiner of `game` in `mode` read the views its host sends? (A dataclass written field for field.)"""
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
        view = _read(kind, data)
        again = eng.to_dict(view)
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        raise BadMessage("net.bad_view") from None
    if again != data:
        raise BadMessage("net.bad_view")
    return view


def _read(hint: Any, value: Any) -> Any:
    """`value` (JSON) as the type `hint` says; ValueError for what does not fit."""
    if hint is Any:
        return value
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, dict):
            raise ValueError("not an object")
        hints = typing.get_type_hints(hint)
        fields = [f.name for f in dataclasses.fields(hint)]
        if set(value) != set(fields):
            raise ValueError("not its fields")
        return hint(**{name: _read(hints[name], value[name]) for name in fields})
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        if len(inner) != 1:
            raise ValueError("an ambiguous union")
        return _read(inner[0], value)
    if hint is Random:
        if value is not None:  # a view has no random generator (docs/protocol.md)
            raise ValueError("a generator in a view")
        return None
    if origin is list:
        if not isinstance(value, list):
            raise ValueError("not a list")
        return [_read(args[0], item) for item in value]
    if origin is tuple:
        if not isinstance(value, list) or len(value) != len(args):
            raise ValueError("not a pair")
        return tuple(_read(a, item) for a, item in zip(args, value, strict=True))
    if origin is dict:
        if not isinstance(value, dict):
            raise ValueError("not an object")
        return {_read(args[0], k): _read(args[1], v) for k, v in value.items()}
    if hint in (int, str, bool):
        if type(value) is not hint:
            raise ValueError("not a " + hint.__name__)
        return value
    raise ValueError(f"no reading for {hint!r}")
