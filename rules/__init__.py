"""Rules engines: pure Python, no Qt, no YAML, no player-visible text.

>>> from rules import Match, engine
>>> match = Match(engine("chrononauts", "solonauts"), {"ids": 8}, seed=1234)
>>> move = match.legal_moves(0)[0]
>>> events = match.play(move)
>>> match.undo() == move
True
"""
from rules.kernel import BadOption, Engine, Event, IllegalMove, Move, RulesError
from rules.match import Match
from rules.registry import engine, modes

__all__ = ["BadOption", "Engine", "Event", "IllegalMove", "Match", "Move", "RulesError", "engine", "modes"]
