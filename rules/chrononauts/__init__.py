"""Chrononauts: the timeline rules (timeline.py) and the modes built on them: the solitaire
Solonauts (solonauts.py), the full game and Artifaxx (full.py).

Each mode's module is imported when its engine is first asked for, so a Solonauts table does
not load the full game's rules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, overload

from rules.chrononauts.solonauts import SoloState, SolonautsEngine
from rules.info import GameInfo, ModeInfo
from rules.kernel import Engine, Move

if TYPE_CHECKING:  # the full game's engines and state come with their mode: a Solonauts table needs neither
    from rules.chrononauts.full import ArtifaxxEngine, ChrononautsEngine
    from rules.chrononauts.full_state import FullState

    State = SoloState | FullState  # Solonauts', or the full game's and Artifaxx's
    MOVES: tuple[type[Move], ...]


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
# Solonauts is one pass through a deck of 41 (CHR-16.2): at most one move a card, and a resignation. The full
# game and Artifaxx shuffle their discards back (CHR-14.1), so only a cap ends a game nobody wins.
INFO = GameInfo("chrononauts", "game.chrononauts", {
    "solonauts": ModeInfo(players=(1, 1), default_players=1, hidden_information=True, chance=True, max_moves=42,
                          always_ends=True, bots=False, name_key="mode.solonauts"),
    "chrononauts": ModeInfo(players=(2, 6), default_players=3, hidden_information=True, chance=True, max_moves=4000,
                            always_ends=False, bots=True, name_key="mode.chrononauts"),
    "artifaxx": ModeInfo(players=(2, 6), default_players=3, hidden_information=True, chance=True, max_moves=4000,
                         always_ends=False, bots=True, name_key="mode.artifaxx"),
})
MODES = tuple(ENGINES)


@overload
def load(mode: Literal["solonauts"]) -> SolonautsEngine: ...
@overload
def load(mode: Literal["chrononauts"]) -> ChrononautsEngine: ...
@overload
def load(mode: Literal["artifaxx"]) -> ArtifaxxEngine: ...
def load(mode: str) -> Engine[Any]:
    """The engine of one mode, bound to the installed card set (one per process)."""
    from rules.registry import engine

    return engine("chrononauts", mode)


def __getattr__(name: str) -> object:
    """`FullState`, `State` and `MOVES` (every game exports its state type and its moves, see `rules`), made when
    first asked for: a Solonauts start does not load the full game's state nor make its moves (issue #42)."""
    if name == "MOVES":
        return _moves()
    if name not in ("FullState", "State"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rules.chrononauts.full_state import FullState

    return FullState if name == "FullState" else SoloState | FullState


def _moves() -> tuple[type[Move], ...]:
    from rules.chrononauts import moves

    return (moves.PlayCard, moves.Discard, moves.Resign, moves.PlayOnArtifact, moves.KeepDeal, moves.Mulligan,
            moves.KillTime, moves.PlayMemo, moves.PassResponse, moves.NoResponse, moves.ChooseRewind,
            moves.ChooseQuickTrip, moves.MiracleStop)


__all__ = ["ENGINES", "INFO", "FullState", "MODES", "MOVES", "SoloState", "SolonautsEngine", "State", "load"]
