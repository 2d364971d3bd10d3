"""Rules engines: pure Python, no Qt, no YAML, no player-visible text.

>>> from rules import Match, engine
>>> match = Match(engine("chrononauts", "solonauts"), {"ids": 8}, seed=1234)
>>> move = match.legal_moves(0)[0]
>>> events = match.play(move)
>>> match.undo() == move
True

Every game package `rules.<game>` exports the same names: `ENGINES` and `MODES` (the modes it plays), `INFO`
(what it declares about itself, `rules.info(game)`),
`MOVES` (every move class), `State` (its state type) and `load(mode)` (the engine of a mode, bound
to the installed card set, typed).

A game installed outside the repository is a `rules/<game>/` folder in a folder named by the environment
variable CONVIVIUM_GAMES (docs/new-game.md): that `rules/` folder joins this package.
"""
import os

from rules.info import GameInfo, ModeInfo
from rules.kernel import (HIDDEN, PLAYERS, PUBLIC, AmbiguousMove, BadNotation, BadOption, Description, Engine, Event,
                          IllegalMove, Move, NotAState, NothingToRedo, NothingToUndo, Result, RulesError, Target)
from rules.match import Match
from rules.registry import engine, info, modes

__path__ = [*__path__, *(os.path.join(extra, "rules")
                         for extra in os.environ.get("CONVIVIUM_GAMES", "").split(os.pathsep) if extra)]

__all__ = ["AmbiguousMove", "BadNotation", "BadOption", "Description", "Engine", "Event", "GameInfo", "HIDDEN",
           "IllegalMove", "Match", "ModeInfo", "Move", "NotAState", "NothingToRedo", "NothingToUndo", "PLAYERS", "PUBLIC",
           "Result", "RulesError", "Target", "engine", "info", "modes"]
