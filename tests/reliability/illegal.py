"""Moves that are not legal now, built to look as close to legal ones as possible, and the check
that an engine refuses them: a RulesError with a reason the player can read, nothing changed.

Candidates are moves of the engine's own classes with one field changed, with random values
of the right types (card ids, seats, years found in the state, and junk), legal moves credited
to another player, moves that were legal earlier in the game, and moves of another game's
classes. Values keep their declared Python types: a save's moves are type-checked by
`Move.from_dict` before they reach an engine, so wrong types are the save fuzzer's business.
"""
from __future__ import annotations

import dataclasses
import random
import typing
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pytest

from cardsets import load_texts, load_ui_texts
from conformance import strings_in
from rules import Match, Move, RulesError, registry

JUNK_STRINGS = ("", "?", "x" * 300, "card#999", "#1", "None", "\x00", "é😀", "../../etc/passwd")
JUNK_INTS = (-1, -2, 10**6, -(10**9), 2**63, 2**200)


@lru_cache(maxsize=None)
def _hints(cls: type[Move]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _ints_in(data: object) -> set[int]:
    found: set[int] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


class Pool:
    """Values a field may take: what the state holds, plus junk."""

    def __init__(self, state_dict: dict[str, Any], players: int) -> None:
        strings = sorted(strings_in(state_dict))
        self.strings = strings + list(JUNK_STRINGS) + sorted({s.split("#")[0] for s in strings})
        ints = sorted(i for i in _ints_in(state_dict) if abs(i) < 10**6)[:200]  # not the RNG's big words
        self.ints = sorted(set(ints) | set(range(-1, players + 2))) + list(JUNK_INTS)

    def value(self, rnd: random.Random, hint: Any) -> Any:
        args = typing.get_args(hint)
        if type(None) in args:
            if rnd.random() < 0.3:
                return None
            hint = next(a for a in args if a is not type(None))
        if hint is bool:
            return rnd.random() < 0.5
        if hint is int:
            return rnd.choice(self.ints)
        if hint is str:
            return rnd.choice(self.strings)
        raise AssertionError(f"no values for {hint}")  # moves use only these field types


def foreign_classes(own: Sequence[type[Move]]) -> list[type[Move]]:
    """Move classes of every other game."""
    mine = set(own)
    found: dict[str, type[Move]] = {}
    for game, modes in registry.modes().items():
        for mode in modes:
            for cls in registry.engine(game, mode).moves:
                if cls not in mine:
                    found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[k] for k in sorted(found)]


def _build(rnd: random.Random, cls: type[Move], pool: Pool) -> Move:
    values = {f.name: pool.value(rnd, _hints(cls)[f.name]) for f in dataclasses.fields(cls)}
    return cls(**values)


def candidates(rnd: random.Random, match: Match[Any], legal: dict[int, list[Move]], earlier: Sequence[Move],
               foreign: Sequence[type[Move]], count: int, plain: Callable[[Move], Move]) -> list[Move]:
    """Up to `count` moves that are not legal now (checked against every player's legal moves)."""
    engine = match.engine
    players = engine.players(match.state)
    pool = Pool(engine.to_dict(match.state), players)
    some_legal = [m for moves in legal.values() for m in moves]
    found: list[Move] = []
    for _ in range(count * 4):
        if len(found) == count:
            break
        roll = rnd.random()
        if some_legal and roll < 0.4:  # a near miss: one field of a legal move changed
            base = rnd.choice(some_legal)
            name = rnd.choice([f.name for f in dataclasses.fields(base)])
            move = dataclasses.replace(base, **{name: pool.value(rnd, _hints(type(base))[name])})
        elif some_legal and roll < 0.55:  # somebody else's move
            base = rnd.choice(some_legal)
            move = dataclasses.replace(base, player=rnd.choice(pool.ints[: players + 3]))
        elif earlier and roll < 0.7:  # legal once, maybe not now
            move = rnd.choice(earlier)
        elif roll < 0.8:  # another game's move
            move = _build(rnd, rnd.choice(foreign), pool)
        else:
            move = _build(rnd, rnd.choice(engine.moves), pool)
        if not is_legal(move, legal, plain):
            found.append(move)
    return found


def is_legal(move: Move, legal: dict[int, list[Move]], plain: Callable[[Move], Move]) -> bool:
    return plain(move) in legal.get(move.player, ())


@lru_cache(maxsize=None)
def _known_reason(game: str, code: str) -> bool:
    return load_texts(game).has(code) or load_ui_texts().has(code)


def assert_refused(match: Match[Any], move: Move) -> None:
    """The engine refuses `move` with a reason its game can say, and nothing changes."""
    engine = match.engine
    before = engine.to_dict(match.state)
    moves, undo, redo = match.moves, match.can_undo(), match.next_redo
    with pytest.raises(RulesError) as checked:
        engine.check(match.state, move)
    assert engine.to_dict(match.state) == before, f"check({move}) changed the state"
    with pytest.raises(RulesError) as refused:
        match.play(move)
    assert engine.to_dict(match.state) == before, f"refusing {move} changed the state"
    assert (match.moves, match.can_undo(), match.next_redo) == (moves, undo, redo), f"refusing {move} changed the history"
    for exc in (checked.value, refused.value):
        assert exc.code and _known_reason(engine.game, exc.code), f"{move} refused with unknown reason {exc.code!r}"
