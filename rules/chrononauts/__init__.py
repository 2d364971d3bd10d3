"""Chrononauts: the timeline rules and the game modes built on them."""
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SoloState, SolonautsEngine
from rules.chrononauts.timeline import Rules, Timeline, card_kind
from rules.kernel import Engine


def _solonauts() -> Engine[SoloState]:
    import cardsets

    return SolonautsEngine(cardsets.load_chrononauts())


ENGINES = {"solonauts": _solonauts}

__all__ = ["Discard", "ENGINES", "PlayCard", "Resign", "Rules", "SoloState", "SolonautsEngine", "Timeline",
           "card_kind"]
