"""Save files: JSON holding the game, options, seed and moves; loading replays the moves.

A save never holds a state. Replaying through `apply` means a hand-edited or damaged file
is refused with a reason, never turned into an impossible table. It is read with the shared
bounded reader (cardsets/files.py): a regular file only, so many bytes, JSON within bounds (no
deep nesting, no infinite or giant numbers, no lone surrogates). Writes go through the same
module's writer: the new file is written beside the old one and renamed over it, so a crash or a
full disk mid-write leaves the previous save intact.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardsets import files
from rules.kernel import PLAYERS, BadMoveData, Engine, IllegalMove, Move, RulesError
from rules.match import Match
from rules.registry import engine as find_engine

FORMAT = "convivium-save"
FORMAT_VERSION = 2  # 2: every game names its number of players `players` (version 1 said `seats` in two games)
MAX_SAVE_BYTES = 5_000_000  # far beyond any real game; refuses to read junk into memory


class SaveError(RulesError):
    """A save that cannot be loaded; ``code`` is a text key for the player. Its ``reason``, when it has one, is
    the key of what is wrong (``json.syntax``, ``move_data.unknown_type``...) filled by the other parameters, or
    the OSError that stopped the read, which the desktop says in the player's words (desktop/frame/file_trouble.py).
    """

    def __init__(self, code: str, **params: object) -> None:
        super().__init__(code, **params)
        self.cause: RulesError | None = None
        self.of_game: str | None = None

    @classmethod
    def because(cls, code: str, cause: RulesError, of_game: str | None = None, **params: object) -> SaveError:
        """`code`, whose `reason` is what the rules said (`cause`), in the texts of `of_game` (None: the app's);
        the rules' key and parameters are among `params` too."""
        error = cls(code, **{**cause.params, **params, "reason": cause.code})
        error.cause, error.of_game = cause, of_game
        return error


def to_dict(match: Match[Any]) -> dict[str, Any]:
    """A save of `match` as plain JSON-ready data: the game, the card set's version, the options, the seed and
    the moves."""
    return taken(match)()


def taken(match: Match[Any]) -> Callable[[], dict[str, Any]]:
    """`to_dict` of `match` as it stands now, made when called: perhaps on another thread while the match plays on
    (a host's save, written off the loop that serves its players). Here the list of moves is only copied, cheap at any
    length (the moves are frozen); each move made data is the call's work (3 µs a move: 60 ms at 20,000)."""
    eng = match.engine
    head = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": eng.game,
        "mode": eng.mode,
        "cardset_version": getattr(eng, "cardset_version", 0),
        "options": dict(match.options),
        "seed": match.seed,
    }
    moves = match.moves  # a new list at each call
    return lambda: {**head, "moves": [m.to_dict() for m in moves]}


def to_json(match: Match[Any]) -> str:
    """A save of `match` as JSON text."""
    return json.dumps(to_dict(match), indent=1, ensure_ascii=False) + "\n"


def from_dict(data: Any) -> Match[Any]:
    """The match a save's data describes, its moves replayed through the rules; SaveError naming what is wrong
    with it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("save.not_a_save")
    version = data.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("save.not_a_save")
    if version > FORMAT_VERSION:
        raise SaveError("save.newer_format", version=version)
    if version < 1:
        raise SaveError("save.not_a_save")
    data = migrate(data, version)
    game, mode = data.get("game"), data.get("mode")
    if not isinstance(game, str) or not isinstance(mode, str):
        raise SaveError("save.not_a_save")
    try:
        eng: Engine[Any] = find_engine(game, mode)
    except RulesError:
        raise SaveError("save.unknown_game", game=game, mode=mode) from None
    saved_version = data.get("cardset_version")
    if not isinstance(saved_version, int) or isinstance(saved_version, bool):
        raise SaveError("save.not_a_save")  # no version of the cards to name
    if saved_version != getattr(eng, "cardset_version", 0):
        raise SaveError("save.cardset_version", saved=saved_version, current=getattr(eng, "cardset_version", 0))
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise SaveError("save.bad_seed", seed=seed)
    options, moves = data.get("options"), data.get("moves")
    if not isinstance(options, dict) or not isinstance(moves, list):
        raise SaveError("save.not_a_save")
    try:
        match: Match[Any] = Match(eng, options, seed)
    except RulesError as exc:
        raise SaveError.because("save.bad_options", exc, game) from None
    for number, raw in enumerate(moves, 1):
        try:
            move: Move = Move.from_dict(raw, eng.moves)
            match.play(move)
        except BadMoveData as exc:
            raise SaveError("save.bad_move", **exc.params, number=number, reason=exc.code) from None
        except IllegalMove as exc:
            raise SaveError.because("save.illegal_move", exc, game, number=number) from None
    return match


def migrate(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A save of an older format version as the current version writes it (a copy: the file is only read)."""
    if version < 2:
        options = data.get("options")
        if isinstance(options, dict) and "seats" in options and PLAYERS not in options:
            options = {(PLAYERS if k == "seats" else k): v for k, v in options.items()}
            data = {**data, "options": options, "format_version": 2}
    return data


def parse_json(text: str) -> Any:
    """The JSON in a save's text; SaveError if there is none within bounds."""
    try:
        return files.parse_json(text)
    except files.BadJson as exc:
        raise SaveError("save.not_json", **exc.params, reason=exc.code) from None


def loads(text: str) -> Match[Any]:
    """The match a save's JSON text describes; SaveError for text that is not a valid save."""
    return from_dict(parse_json(text))


def read_json(path: Path) -> Any:
    """The JSON in a save file, read without changing it; SaveError if it is not readable JSON."""
    try:
        text = files.read_text(path, MAX_SAVE_BYTES)
    except files.FileRefused as exc:
        raise SaveError("save.too_large" if exc.reason == "too_large" else "save.not_a_file") from None
    except UnicodeDecodeError:
        raise SaveError("save.not_json", reason="file_error.not_utf8") from None
    except OSError as exc:
        raise SaveError("save.unreadable", reason=exc) from None
    return parse_json(text)


def load(path: Path) -> Match[Any]:
    """Read a save. The file is only read, never changed, whatever is wrong with it."""
    return from_dict(read_json(path))


def write_atomic(path: Path, text: str, *, named: bool = False) -> None:
    """Write one of the app's files (a save, the settings, statistics, a journal) with the one writer
    (cardsets/files.py): readers see either the old file or the whole new one, and a device, a FIFO,
    a folder or (unless the person ``named`` the path) a link there is refused, not replaced.

    A lone surrogate (which no UTF-8 file can hold, and which a loader refuses) is written as "?":
    saving a game must never fail over one character of a name or a note."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(path)) from None
    files.write_bytes(path, text.encode("utf-8", errors="replace"), named=named, private=not named)


def save(path: Path, match: Match[Any], named: bool = False) -> None:
    """Write the game to ``path``; ``named``: the person chose the path (Save as), see write_atomic."""
    write_atomic(path, to_json(match), named=named)
