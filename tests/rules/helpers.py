"""Position builders shared by the Chrononauts rules tests.

Positions are given the way the digest's scenarios give them (CHR-21): the linchpins on their
prime side and the patches on the timeline. Which ripplepoints are paradoxed is always derived
from the card data through `Rules.condition`, so every position obeys CHR-4.3.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from rules import Event, engine
from rules.chrononauts.solonauts import SoloState, SolonautsEngine, deck_instances
from rules.chrononauts.timeline import Rules, Timeline, card_kind

ENG = cast(SolonautsEngine, engine("chrononauts", "solonauts"))
RULES: Rules = ENG.rules

# Card kinds (ids in cards.yaml).
REVERSE_FATE = "inv_reverse_fate"
RESTORE_HISTORY = "inv_restore_history"
PREVENT_ASSASSINATION = "inv_prevent_assassination"
AVERT_DISASTER = "inv_avert_disaster"
HALT_ATTACK = "inv_halt_attack"
SABOTAGE = "inv_sabotage"
TOKYO = "pat_1945_tokyo"
DEMO = "pat_1945_demo"
BERLIN = "pat_1945_berlin"
WORLD_WAR_3 = "pat_1962"

ALL_INSTANCES: tuple[str, ...] = tuple(deck_instances(ENG.cards))
ALL_IDS: tuple[str, ...] = tuple(i.id for i in ENG.cards.identities)
LINCHPINS: tuple[int, ...] = RULES.linchpins
RIPPLEPOINTS: tuple[int, ...] = tuple(sorted(RULES.ripplepoints))
POST_1962_LINCHPINS = (1963, 1980, 1981, 1993)
POST_1962_RIPPLEPOINTS = (1968, 1969, 1974, 1986, 1991, 1995, 1999)


def inst(kind: str, n: int = 1) -> str:
    """The instance name of copy `n` of a card kind ('inv_reverse_fate#3'; single cards: the id)."""
    inverter = RULES.inverters.get(kind)
    if inverter is not None and inverter.count > 1:
        assert 1 <= n <= inverter.count, (kind, n)
        return f"{kind}#{n}"
    assert n == 1, (kind, n)
    return kind


def paradoxed_for(primes: Iterable[int]) -> set[int]:
    """The ripplepoints whose condition holds when exactly `primes` are prime (CHR-4.2)."""
    prime = set(primes)
    return {y for y in RIPPLEPOINTS if RULES.condition(y, prime)}


def position(primes: Iterable[int] = (), patched: Mapping[int, str] | Iterable[int] = ()) -> Timeline:
    """A consistent timeline: `primes` prime, paradoxes derived, `patched` covered.

    `patched` is either a mapping year -> patch instance, or years whose single patch is
    'pat_<year>' (1945 needs the mapping form).
    """
    prime = set(primes)
    assert prime <= set(LINCHPINS), prime - set(LINCHPINS)
    patches = dict(patched) if isinstance(patched, Mapping) else {y: f"pat_{y}" for y in patched}
    paradoxed = paradoxed_for(prime)
    for year, patch in patches.items():
        card = RULES.patches[card_kind(patch)]
        assert card.year == year, (year, patch)
        assert year in paradoxed, f"{year} is not paradoxed under primes {sorted(prime)}"
        assert RULES.patch_fits(card, prime), f"{patch} does not fit primes {sorted(prime)}"
    return Timeline(prime, paradoxed, patches)


def open_years(tl: Timeline) -> set[int]:
    return set(tl.open_paradoxes())


def pairs(events: Sequence[Event]) -> list[tuple[str, dict[str, Any]]]:
    """Events as comparable (kind, params) pairs."""
    return [(e.kind, dict(e.params)) for e in events]


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def play_inverter(tl: Timeline, inverter: str, year: int) -> tuple[list[Event], list[str]]:
    """Check and resolve an inverter on a bare timeline (no Memo windows: they are not built)."""
    RULES.check_inverter(tl, inverter, year)
    return RULES.flip(tl, year)


def play_patch(tl: Timeline, patch: str) -> list[Event]:
    """Check and place a patch on its own year."""
    year = RULES.patches[card_kind(patch)].year
    RULES.check_patch(tl, card_kind(patch), year)
    return RULES.place_patch(tl, patch, year)


def assert_invariant(tl: Timeline) -> None:
    """CHR-4.3: paradoxed iff the condition holds; patches only on paradoxed years of their own
    year; a 1945 patch only while its configuration holds."""
    assert tl.paradoxed == paradoxed_for(tl.prime)
    for year, patch in tl.patches.items():
        card = RULES.patches[card_kind(patch)]
        assert card.year == year
        assert year in tl.paradoxed
        assert RULES.patch_fits(card, tl.prime)


def solo_state(
    primes: Iterable[int] = (),
    patched: Mapping[int, str] | Iterable[int] = (),
    hand: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    waiting: Sequence[str] = (),
    home: Sequence[str] = (),
    seed: int = 0,
) -> SoloState:
    """A Solonauts state with the given position, hand and ID rows.

    `deck` lists the draw pile bottom to top (the top card is the last). When it is None, every
    play card not placed elsewhere forms the deck in a fixed order; when it is given, the cards
    left over go to the discard pile, so the 41 cards are always all there exactly once.
    `waiting` + `home` are the dealt IDs (6 to 10 of them, CHR-16.2); the rest are unused.
    """
    dealt = [*waiting, *home]
    assert 6 <= len(dealt) <= 10, len(dealt)
    assert len(set(dealt)) == len(dealt) and set(dealt) <= set(ALL_IDS)
    state = ENG.new_state({"ids": len(dealt)}, seed)
    state.timeline = position(primes, patched)
    placed = [*hand, *discard, *state.timeline.patches.values()]
    rest = [c for c in ALL_INSTANCES if c not in placed]
    if deck is None:
        state.deck, state.discard = rest, list(discard)
    else:
        state.deck = list(deck)
        state.discard = list(discard) + [c for c in rest if c not in deck]
    state.hand = list(hand)
    state.waiting = list(waiting)
    state.home = list(home)
    state.unused_ids = [i for i in ALL_IDS if i not in dealt]
    assert sorted(ENG.all_cards(state)) == sorted(ALL_INSTANCES + ALL_IDS), "a card is missing or doubled"
    return state
