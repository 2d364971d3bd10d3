"""the conformance check of docs/design.md §Conformance, for any engine and mode.

`random_playout` plays one seeded random game through a `Match` and checks, after every move:
players who may not act have no legal moves and players who may act have some; every card
is still there exactly once; no view shows a card its player may not see; undo restores the
exact state before the move and redo the state after it. After moves 1, 2, 4, 8, … and at the
end, save -> load gives the same state (loading replays every move, so checking after every
move would make a game cost the square of its length). At the end: nobody may act, and
replaying the moves from the seed gives the same state. Games add their own checks through
`check`.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from rules import Engine, Match, Move, saves

Chooser = Callable[[random.Random, list[Move]], Move]


def any_move(rnd: random.Random, legal: list[Move]) -> Move:
    return rnd.choice(legal)


def strings_in(data: object) -> set[str]:
    """Every string anywhere in a JSON-like value, keys included."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            found.update(k for k in item if isinstance(k, str))
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def check_views(engine: Engine[Any], state: Any) -> None:
    """docs/design.md §Conformance: view(p) contains no card that p may not see."""
    for player in range(engine.players(state)):
        secrets = set(engine.hidden_from(state, player))
        if not secrets:
            continue
        leaked = secrets & strings_in(engine.to_dict(engine.view(state, player)))
        assert not leaked, f"view({player}) shows {sorted(leaked)}"


def check_who_acts(engine: Engine[Any], state: Any) -> None:
    acting = engine.to_act(state)
    for player in range(engine.players(state)):
        moves = engine.legal_moves(state, player)
        if player in acting:
            assert moves, f"player {player} may act but has no legal move"
        else:
            assert moves == [], f"player {player} may not act but is offered {moves[:3]}"
    assert (not acting) == engine.is_over(state)


def check_decider(engine: Engine[Any], state: Any) -> None:
    """docs/design.md §Engines: `decider` names the one seat the game waits for, checked against
    legal_moves: nobody at the end or while a window asks the whole table, else a seat with a legal move,
    the only one when only one seat may act. A game where several seats may act outside a window must say
    itself who decides: the kernel's lowest seat would be a guess."""
    acting = engine.to_act(state)
    seat = engine.decider(state)
    if engine.is_over(state) or engine.window(state) is not None:
        assert seat is None, f"decider {seat} at the end or during a window"
        return
    assert seat is not None and engine.legal_moves(state, seat), f"decider {seat} has no legal move"
    if len(acting) == 1:
        assert {seat} == set(acting), f"decider {seat}, but only {set(acting)} may act"
    else:
        assert type(engine).decider is not Engine.decider, (
            f"{type(engine).__name__}: seats {sorted(acting)} may act outside a window and decider is the kernel's guess")
    waiting = getattr(engine, "waiting_for", None)
    if waiting is not None:
        assert waiting(state) == {seat}, f"decider {seat}, but the game waits for {set(waiting(state))}"


def check_save(match: Match[Any]) -> None:
    loaded = saves.loads(saves.to_json(match))
    assert match.engine.to_dict(loaded.state) == match.engine.to_dict(match.state)
    assert loaded.moves == match.moves


def random_states(game: str, mode: str, seed: int, moves: int) -> list[Any]:
    """Copies of the full state before each of the first `moves` moves of one random game of that mode, with
    a number of players drawn from its range by the seed."""
    from rules import PLAYERS, engine, info

    eng = engine(game, mode)
    low, high = info(game).mode(mode).players
    match: Match[Any] = Match(eng, {} if low == high else {PLAYERS: low + seed % (high - low + 1)}, seed)
    rnd = random.Random(seed)
    seen = []
    for _ in range(moves):
        if eng.is_over(match.state):
            break
        seen.append(eng.clone(match.state))
        seat = rnd.choice(sorted(eng.to_act(match.state)))
        match.play(rnd.choice(match.legal_moves(seat)))
    return seen


def random_match(game: str, mode: str, seed: int, moves: int, players: int | None = None) -> Match[Any]:
    """One random game of up to `moves` moves, each that of a random player to act, with `players` seats (the
    most the mode allows unless told)."""
    from rules import PLAYERS, engine, info

    eng = engine(game, mode)
    low, high = info(game).mode(mode).players
    match: Match[Any] = Match(eng, {PLAYERS: players or (high if low != high else low)}, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        if eng.is_over(match.state):
            break
        seat = rnd.choice(sorted(eng.to_act(match.state)))
        match.play(rnd.choice(match.legal_moves(seat)))
    return match


Step = Callable[[Match[Any], random.Random], Move]  # the next move of a game (for tests that steer it)


def random_playout(engine: Engine[Any], options: Mapping[str, Any], seed: int, *, max_moves: int,
                   choose: Chooser = any_move, check: Callable[[Any], None] | None = None,
                   step: Step | None = None) -> Match[Any]:
    """Play one random game to its end, checking every invariant after every move. Each move is that of
    a random player to act, picked by `choose`, unless `step` picks it."""
    match: Match[Any] = Match(engine, options, seed)
    rnd = random.Random(seed)
    cards = Counter(engine.all_cards(match.state))

    def check_all() -> None:
        state = match.state
        check_who_acts(engine, state)
        check_decider(engine, state)
        assert Counter(engine.all_cards(state)) == cards, "a card was created or lost"
        check_views(engine, state)
        if check is not None:
            check(state)

    check_all()
    while not engine.is_over(match.state):
        assert len(match.moves) < max_moves, (f"no end after {max_moves} moves, the last ones: "
                                              f"{Counter(type(m).__name__ for m in match.moves[-200:])}")
        if step is None:
            player = rnd.choice(sorted(engine.to_act(match.state)))
            move = choose(rnd, match.legal_moves(player))
        else:
            move = step(match, rnd)
        before = engine.to_dict(match.state)
        match.play(move)
        after = engine.to_dict(match.state)
        if match.can_undo():
            match.undo()
            assert engine.to_dict(match.state) == before, f"undo of {move} did not restore the state"
            match.redo()
            assert engine.to_dict(match.state) == after, f"redo of {move} did not restore the state"
        check_all()
        if len(match.moves) & (len(match.moves) - 1) == 0:  # a power of two
            check_save(match)
    check_save(match)
    replay = engine.new_state(match.options, seed)
    for move in match.moves:
        engine.apply(replay, move)
    assert engine.to_dict(replay) == engine.to_dict(match.state), "replaying the moves gave another state"
    return match
