"""Chrononauts: the timeline rules and the game modes built on them."""
from rules.chrononauts.full import ArtifaxxEngine, ChrononautsEngine
from rules.chrononauts.full_state import FullState
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SoloState, SolonautsEngine
from rules.chrononauts.timeline import Rules, Timeline, card_kind
from rules.kernel import Engine


def _solonauts() -> Engine[SoloState]:
    import cardsets

    return SolonautsEngine(cardsets.load_chrononauts())


def _chrononauts() -> Engine[FullState]:
    import cardsets

    return ChrononautsEngine(cardsets.load_chrononauts())


def _artifaxx() -> Engine[FullState]:
    import cardsets

    return ArtifaxxEngine(cardsets.load_chrononauts())


ENGINES = {"solonauts": _solonauts, "chrononauts": _chrononauts, "artifaxx": _artifaxx}

__all__ = ["ArtifaxxEngine", "ChrononautsEngine", "Discard", "ENGINES", "FullState", "PlayCard", "Resign", "Rules",
           "SoloState", "SolonautsEngine", "Timeline", "card_kind"]
