"""Rules engines: pure Python, no Qt, no YAML, no player-visible text.

>>> from rules import Match, engine
>>> match = Match(engine("chrononauts", "solonauts"), {"ids": 8}, seed=1234)
>>> move = match.legal_moves(0)[0]
>>> events = match.play(move)
>>> match.undo() == move
True

Every game package `rules.<game>` exports the same names: `ENGINES` and `MODES` (the modes it plays),
`MOVES` (every move class), `State` (its state type) and `load(mode)` (the engine of a mode, bound
to the installed card set, typed).
"""
from rules.kernel import (PLAYERS, PUBLIC, AmbiguousMove, BadNotation, BadOption, Description, Engine, Event, IllegalMove, Move, NothingToRedo,
                          NothingToUndo, Result, RulesError, Target)
from rules.info import GameInfo, ModeInfo
from rules.match import Match
from rules.registry import engine, info, modes

__all__ = ["AmbiguousMove", "BadNotation", "BadOption", "Description", "Engine", "Event", "GameInfo", "IllegalMove", "Match", "ModeInfo", "Move",
           "NothingToRedo", "NothingToUndo", "PLAYERS", "PUBLIC", "Result", "RulesError", "Target", "engine", "info",
           "modes"]
