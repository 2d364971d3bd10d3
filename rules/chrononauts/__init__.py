"""Chrononauts: the timeline rules (timeline.py) and the modes built on them: the solitaire
Solonauts (solonauts.py), the full game and Artifaxx (full.py).

Each mode's module is imported when its engine is first asked for, so a Solonauts table does
not load the full game's rules.
"""
from __future__ import annotations

from typing import Any

from rules.kernel import Engine


def _solonauts() -> Engine[Any]:
    import cardsets
    from rules.chrononauts.solonauts import SolonautsEngine

    return SolonautsEngine(cardsets.load_chrononauts())


def _chrononauts() -> Engine[Any]:
    import cardsets
    from rules.chrononauts.full import ChrononautsEngine

    return ChrononautsEngine(cardsets.load_chrononauts())


def _artifaxx() -> Engine[Any]:
    import cardsets
    from rules.chrononauts.full import ArtifaxxEngine

    return ArtifaxxEngine(cardsets.load_chrononauts())


ENGINES = {"solonauts": _solonauts, "chrononauts": _chrononauts, "artifaxx": _artifaxx}
