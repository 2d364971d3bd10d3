"""Chrononauts: the timeline rules and the game modes built on them."""
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SoloState, SolonautsEngine
from rules.chrononauts.timeline import Rules, Timeline, card_kind

__all__ = ["Discard", "PlayCard", "Resign", "Rules", "SoloState", "SolonautsEngine", "Timeline", "card_kind"]
