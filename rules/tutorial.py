"""The guided first games replayed through the rules: what each step's move is, and whether it is legal.

The scripts are data (`cardsets.tutorial`); here a step's move, written as a move type and some of its
fields, is found among `legal_moves` (the only judge), and a whole script is played from its fixed seed
to prove every step can be made where it stands. The desktop's guide asks the same questions while a
player follows the script, so the check and the app cannot disagree.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from cardsets import tutorial
from cardsets.tutorial import Script, Step
from cardsets.yamlfile import Problem
from rules.kernel import PLAYERS, BadOption, Engine, IllegalMove, Move, NothingToUndo
from rules.match import Match
from rules.registry import engine


class StepError(ValueError):
    """A step that cannot be made where it stands; the message says why."""


def options(script: Script, eng: Engine[Any]) -> dict[str, Any]:
    """The engine options of a script: its own, and the number of seats its names fill."""
    if eng.player_range() == (1, 1):
        return dict(script.options)
    return {**script.options, PLAYERS: len(script.players)}


def start(script: Script) -> Match[Any]:
    """The script's match at its first step (BadOption, KeyError for an unknown game or mode)."""
    eng = engine(script.game, script.mode)
    return Match(eng, options(script, eng), script.seed)


def matches(move: Move, step: Step) -> bool:
    """Is `move` the move `step` describes (its type, its seat, and every field it gives)?"""
    if type(move).__name__ != step.move.get("type") or move.player != step.by:
        return False
    return all(getattr(move, name, _MISSING) == value for name, value in step.move.items() if name != "type")


_MISSING = object()


def expected(match: Match[Any], step: Step) -> Move:
    """The one legal move `step` describes now; StepError says what is wrong with it."""
    eng = match.engine
    kind = next((cls for cls in eng.moves if cls.__name__ == step.move.get("type")), None)
    if kind is None:
        raise StepError(f"{eng.game} has no move {step.move.get('type')!r}")
    names = {f.name for f in dataclasses.fields(kind)}
    unknown = sorted(set(step.move) - names - {"type"})
    if unknown:
        raise StepError(f"{kind.__name__} has no field {unknown[0]!r} (it has {', '.join(sorted(names))})")
    found = [m for m in eng.legal_moves(match.state, step.by) if matches(m, step)]
    if not found:
        raise StepError(f"step {step.id!r}: {_shown(step)} is not a legal move of seat {step.by} here")
    if len(found) > 1:
        raise StepError(f"step {step.id!r}: {_shown(step)} fits {len(found)} legal moves; give more fields")
    return found[0]


def _shown(step: Step) -> str:
    fields = ", ".join(f"{k}={v!r}" for k, v in step.move.items() if k != "type")
    return f"{step.move.get('type')}({fields})"


def close_windows(match: Match[Any]) -> None:
    """Nobody answers whatever question is open (the guide's answer for the seats it plays)."""
    for _ in range(50):
        window = match.engine.window(match.state)
        if window is None:
            return
        for move in window.nobody:
            match.play(move)


def advance(match: Match[Any], step: Step) -> None:
    """Make `step` on `match` as the guide and the player together would; StepError if it cannot be made."""
    try:
        if step.kind == "undo":
            match.undo()
        elif step.kind == "nobody":
            window = match.engine.window(match.state)
            if window is None:
                raise StepError(f"step {step.id!r}: no question is open for nobody to answer")
            for move in window.nobody:
                match.play(move)
        elif step.kind == "move":
            match.play(expected(match, step))
            if step.by != 0:
                close_windows(match)
    except NothingToUndo:
        raise StepError(f"step {step.id!r}: there is no move to take back here") from None
    except IllegalMove as exc:
        raise StepError(f"step {step.id!r}: refused by the rules ({exc})") from None


def replay(script: Script) -> list[Problem]:
    """Play the whole script from its seed; a problem at the first step that cannot be made."""
    try:
        match = start(script)
    except (BadOption, KeyError, ValueError) as exc:
        return [Problem(script.file, 1, 1, f"the game cannot start: {exc}")]
    for step in script.steps:
        missing = [key for key in step.point if not tutorial.is_zone(key) and not _in_sight(match, key)]
        if missing:
            return [Problem(script.file, step.line, step.column,
                            f"step {step.id!r} points at {missing[0]!r}, which the player cannot see on the table here")]
        if step.by != 0 and step.kind != "move":
            return [Problem(script.file, step.line, step.column, f"step {step.id!r}: only a move can be played by another seat")]
        try:
            advance(match, step)
        except StepError as exc:
            return [Problem(script.file, step.line, step.column, str(exc))]
    if match.engine.is_over(match.state):
        return [Problem(script.file, script.steps[-1].line, 1, "the game must go on after the last step")]
    return []


def _in_sight(match: Match[Any], card: str) -> bool:
    """Is `card` somewhere on the table that the player (seat 0) sees now?"""
    eng, state = match.engine, match.state
    return card in eng.all_cards(state) and card not in eng.hidden_from(state, 0)


def check(root: Path) -> list[Problem]:
    """The scripts under `root` replayed (their form, words and cards are `cardsets.tutorial.check`'s: a
    script with problems there is not replayed)."""
    problems: list[Problem] = []
    for name in tutorial.NAMES:
        if not tutorial.path_of(name, root).is_file():
            continue
        script, found = tutorial.load(name, root)
        if script is not None and not found:
            problems += replay(script)
    return sorted(problems)
