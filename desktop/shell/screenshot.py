"""`convivium --game G --screenshot PNG`: a picture of any table after some random legal moves.

The moves are drawn with random.Random(seed) among the legal moves of the players to act, so the same
arguments give the same picture on every machine. The table is shown to the player to act with the
curtain lifted, the way they see it once the others have looked away.
"""
from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardsets import files
from desktop.frame.registration import registration, registrations
from rules.kernel import Engine, Move
from rules.match import Match
from rules.registry import engine, modes

if TYPE_CHECKING:
    from desktop.shell.main_window import MainWindow

SIZE = (1600, 1000)
# Names that read as names in Italian, Spanish, English and Dutch alike.
NAMES = ("Ada", "Bruno", "Carla", "Dario", "Elena", "Fabio")


class BadShot(ValueError):
    """An argument the picture cannot be made with; the message says which and why."""


@dataclass(frozen=True)
class Shot:
    game: str  # the rules' game (chrononauts for Artifaxx and Solonauts)
    mode: str
    players: int
    seed: int
    moves: int
    size: tuple[int, int]
    path: Path


def games() -> dict[str, str]:
    """The names the command knows (the games, and the modes with a name of their own: Artifaxx) -> the rules'
    game, in menu order, as the games' registrations say."""
    return {name: found.game for found in registrations() for name in found.names()}


def modes_of(name: str) -> tuple[str, ...]:
    """The modes a name of `games()` may be drawn in, the one drawn without --mode first: a mode with a name of
    its own (Artifaxx) is that mode alone; a game, its modes played at its table (not Solonauts')."""
    game = games()[name]
    if name != game:
        return (name,)
    found = registration(game)
    played = [m for m in modes()[game] if found is None or m not in found.mode_tables]
    return tuple(sorted(played, key=lambda m: m != name))  # Chrononauts' own mode before Artifaxx


def read_shot(game: str, mode: str | None, players: int | None, seed: int | None, moves: int,
              size: str | None, path: str, replace: bool = False) -> Shot:
    """The picture asked for, checked before any window opens; BadShot says what is wrong."""
    known = games()
    if game not in known:
        raise BadShot(f"unknown game {game!r} (choose from {', '.join(known)})")
    rules_game, allowed = known[game], modes_of(game)
    chosen = mode or allowed[0]
    if chosen not in allowed:
        raise BadShot(f"unknown mode {chosen!r} for {game} (choose from {', '.join(allowed)})")
    low, high = engine(rules_game, chosen).player_range()
    count = players if players is not None else min(max(low, 4), high)
    if not low <= count <= high:
        span = f"{low} to {high} players" if low != high else f"{low} player{'s' if low > 1 else ''} only"
        raise BadShot(f"{game} is played by {span}, not {count}")
    if moves < 0:
        raise BadShot(f"--moves must be 0 or more, not {moves}")
    return Shot(rules_game, chosen, count, 0 if seed is None else seed, moves, read_size(size), writable(path, replace))


def read_size(text: str | None) -> tuple[int, int]:
    if text is None:
        return SIZE
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or not (640 <= int(width) <= 7680 and 480 <= int(height) <= 4320):
        raise BadShot(f"--size must be WIDTHxHEIGHT between 640x480 and 7680x4320, not {text!r}")
    return int(width), int(height)


def writable(text: str, replace: bool = False) -> Path:
    """`text` as a picture's path, if a file can be written there (said now, not after drawing): a
    new file in a writable folder, or with ``replace`` (``--force``) an existing regular file."""
    path = Path(text)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise BadShot(f"cannot write the picture to {text}: it is a folder")
    try:
        files.writable_target(path, replace=replace, named=True)
    except files.FileRefused as exc:
        raise BadShot(f"cannot write the picture to {text}: {exc.strerror}") from None
    except OSError as exc:
        raise BadShot(f"cannot write the picture to {text}: {exc.strerror or exc}") from None
    if not folder.is_dir() or not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise BadShot(f"cannot write the picture to {text}: the folder {folder} does not exist or is not writable")
    return path


def play_random(match: Match[Any], moves: int, seed: int, play: Callable[[Move], object] | None = None) -> None:
    """Up to `moves` legal moves, each drawn among those of every player to act (fewer if the game ends),
    made by `play` (the match's own by default; a table's, so that its log follows)."""
    rng = random.Random(seed)
    eng: Engine[Any] = match.engine
    for _ in range(moves):
        if eng.is_over(match.state):
            return
        choices = [m for seat in sorted(eng.to_act(match.state)) for m in eng.legal_moves(match.state, seat)]
        if not choices:
            return
        (play or match.play)(rng.choice(choices))


def set_table(window: MainWindow, shot: Shot) -> None:
    """Put the game on `window` after the random moves, as its player to act sees it, curtain lifted."""
    from PySide6.QtWidgets import QApplication

    from desktop.shell.tables import table_class

    window.resize(*shot.size)
    if shot.mode == "solonauts":  # one seat: the moves are the table's own, so that its log follows
        solo = window.new_game({}, shot.seed)
        play_random(solo.game.match, shot.moves, shot.seed, solo.play)
        offer = getattr(window, "guided_offer", None)  # made for a game with no moves yet: this one has some now
        if offer is not None:
            offer.withdraw()
    else:
        table = table_class(shot.game)
        if table is None:
            raise BadShot(f"this Convivium has no table for {shot.game}")
        game = table.GAME_CLASS.start(shot.game, shot.mode, list(NAMES[:shot.players]), {}, shot.seed)
        play_random(game.match, shot.moves, shot.seed)
        seat_table = window.show_table(game)
        if seat_table is None:
            raise BadShot(f"the card files of {shot.game} cannot be read (convivium check says why)")
        seat_table.lift_curtain()  # the one to act has looked: their hand, their secrets
    for _ in range(3):  # the docks and the view settle their sizes over a few passes
        QApplication.processEvents()
