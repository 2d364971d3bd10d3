"""Pure rules of a turn's cards: placement, the dominant result, the Aruspex row, finale tables.

Nothing here changes a state; the engine feeds these functions card types and applies the
answers. Card instances are a card id plus '#n' when the set has several copies.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardsets.instances import card_kind as card_kind  # the name the Bacchanalia modules import

TIE = "tie"
VINUM = "vinum"
STAY, MUST_MOVE, MAY_MOVE = "stay", "must_move", "may_move"




def place(held: Sequence[str], umbra: Sequence[str], deus_type: Callable[[str], str],
          umbra_type: Callable[[str], str]) -> tuple[dict[str, list[str]], list[str]]:
    """BAC-6.4: put each Umbra on a held Deus of its type, spreading evenly over copies.

    Returns the pile on every held Deus and the Umbra left unplaced (Parcae, unheld types).
    """
    piles: dict[str, list[str]] = {d: [] for d in held}
    unplaced: list[str] = []
    for card in umbra:
        kind = umbra_type(card)
        copies = [d for d in held if deus_type(d) == kind]
        if not copies:
            unplaced.append(card)
            continue
        # BAC-6.4.3: never a second card on one copy while a sibling has fewer.
        target = min(copies, key=lambda d: len(piles[d]))
        piles[target].append(card)
    return piles, unplaced


def counts(piles: dict[str, list[str]], deus_type: Callable[[str], str]) -> dict[str, int]:
    """BAC-6.4.3: a type's count is its highest pile (types with nothing placed are left out)."""
    out: dict[str, int] = {}
    for deus, pile in piles.items():
        if pile:
            kind = deus_type(deus)
            out[kind] = max(out.get(kind, 0), len(pile))
    return out


@dataclass(frozen=True)
class Dominant:
    """A turn's dominant result (BAC-6.5) and the clause of BAC-6.5 that decided it."""

    result: str  # a Deus type or TIE
    tied: tuple[str, ...]  # the tied types for a TIE
    reason: str  # single / vinum_tie_win / vinum_tie_loss / tie / no_match


def dominant(type_counts: dict[str, int], holds_satyrus: bool) -> Dominant:
    """BAC-6.5, in its order: no match, single top, Vinum with Satyrus, Vinum drops out."""
    if not type_counts:
        return Dominant(VINUM, (), "no_match")
    top = max(type_counts.values())
    tied = sorted(t for t, n in type_counts.items() if n == top)  # types, not copies
    if len(tied) == 1:
        return Dominant(tied[0], (), "single")
    if VINUM in tied and holds_satyrus:
        return Dominant(VINUM, (), "vinum_tie_win")
    rest = [t for t in tied if t != VINUM]
    if len(rest) == 1:
        return Dominant(rest[0], (), "vinum_tie_loss")
    return Dominant(TIE, tuple(rest), "tie")


@dataclass(frozen=True)
class Row:
    """One row of the Aruspex table (BAC-7): what the engine does and what the scene requires."""

    id: str
    scene: str
    take: str | None = None  # "miles", "amans" (named takes) or "open"
    to_centre: str | None = None  # the Deus type the player then gives up, if held
    choose_return: bool = False  # TIE
    split_prompt: bool = False  # prompt differs with / apart from the Amans


ROWS: dict[str, Row] = {r.id: r for r in (
    Row("tie", MUST_MOVE, choose_return=True),
    Row("accusator_low", MUST_MOVE, take="miles", to_centre="accusator"),
    Row("accusator_high", MUST_MOVE, take="miles", to_centre="accusator"),
    Row("amans", MUST_MOVE),
    Row("bacchus", STAY),
    Row("miles_low", MUST_MOVE, to_centre="accusator"),
    Row("miles_two", MUST_MOVE, to_centre="accusator"),
    Row("miles_high", MUST_MOVE, to_centre="accusator"),
    Row("minerva", STAY, to_centre="minerva", split_prompt=True),
    Row("pluto", MUST_MOVE, take="miles", to_centre="pluto"),
    Row("satyrus", MUST_MOVE),
    Row("venus_memory", MUST_MOVE),
    Row("venus_released", MUST_MOVE, take="amans", to_centre="venus", split_prompt=True),
    Row("vinum_symbol", MAY_MOVE, take="open"),
    Row("vinum_plain", STAY),
)}


def aruspex_row(result: str, variant: str | None, parcae_count: int, amans_released: bool) -> Row:
    """BAC-7: the row for a result at the current Parcae count."""
    if result == "accusator":
        return ROWS["accusator_low" if parcae_count <= 1 else "accusator_high"]
    if result == "miles":
        return ROWS["miles_low" if parcae_count <= 1 else "miles_two" if parcae_count == 2 else "miles_high"]
    if result == "venus":
        return ROWS["venus_released" if amans_released else "venus_memory"]
    if result == VINUM:
        return ROWS["vinum_symbol" if variant == "symbol" else "vinum_plain"]
    return ROWS[result]


def prompt_key(row: Row, with_amans: bool) -> str:
    """The text key of what the Aruspex row tells the player; some rows speak differently with or apart from the
    Amans."""
    if row.split_prompt:
        return f"aruspex.{row.id}.{'with' if with_amans else 'apart'}"
    return f"aruspex.{row.id}"


# BAC-10.3: the Sudden finale's options, by the type named dominant.
OPTION_OF_TYPE = {"amans": 1, "venus": 1, "pluto": 2, "bacchus": 3, "satyrus": 3, "minerva": 4,
                  "miles": 5, "accusator": 5}
BRANCHES = ("free_lose_amans", "save_amans_die")
OUTCOME_OF_OPTION = {1: "happy", 2: "death", 3: "lost", 5: "death"}


def miles_outcome(result: str, tied: Sequence[str]) -> str:
    """BAC-10.2d, A-15: happy only with Amans or Venus on top (alone or tied only with each other)."""
    if result in ("amans", "venus"):
        return "happy"
    if result == TIE and set(tied) <= {"amans", "venus"}:
        return "happy"
    return "death"
