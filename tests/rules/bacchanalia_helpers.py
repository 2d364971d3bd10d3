"""Position builders shared by the Bacchanalia rules tests.

Positions are written the way the digest's scenarios write them (BAC-16): seats A, B, C, D
clockwise; the Deus each holds (Vinum is always added); what lies in the centre; the Umbra on
top of the deck, top first ('vinum*' is a Vinum with the symbol); the Parcae count. A position
starts A's normal turn exactly as the engine would, so the first steps run at once.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from rules import Event, Move, engine
from rules.bacchanalia.engine import BacchanaliaEngine
from rules.bacchanalia.honour import card_kind
from rules.bacchanalia.state import BacState, Turn

ENG = cast(BacchanaliaEngine, engine("bacchanalia", "standard"))
A, B, C, D = 0, 1, 2, 3


def umbra_id(kind: str) -> str:
    """'miles' -> 'umbra_miles'; 'vinum*' -> 'umbra_vinum_symbol'."""
    return "umbra_vinum_symbol" if kind == "vinum*" else f"umbra_{kind}"


def kinds(cards: Iterable[str]) -> list[str]:
    """The types of Deus or Umbra instances, with 'vinum*' for a Vinum with the symbol."""
    return [("vinum*" if ENG.has_symbol(c) else ENG.kind(c)) for c in cards]


def held(state: BacState, player: int) -> list[str]:
    """The sorted types of the Deus a player holds (Vinum included)."""
    return sorted(kinds(state.seats[player].deus))


def centre(state: BacState) -> list[str]:
    return sorted(kinds(state.centre))


def position(hands: Mapping[int, Sequence[str]], *, players: int = 4, centre: Sequence[str] = (),
             draw: Sequence[str] = (), count: int = 0, released: bool | None = None,
             locked: Mapping[int, str] | None = None, with_amans: Sequence[int] = (), out: Sequence[int] = (),
             discard: int = 0, deck: int | None = None, sudden: bool = False, miles_pending: Sequence[int] = (),
             options: Mapping[str, Any] | None = None, start: bool = True) -> tuple[BacState, list[Event]]:
    """A position after setup and introductions, then A's turn started (unless start=False).

    `discard` moves that many other Umbra to the discard pile; `deck` cuts the deck to that many
    cards (the rest also go to the discard pile).
    """
    state = ENG.new_state({"players": players, **(options or {})}, seed=7)
    s = state
    pool = [*s.centre, *s.set_aside, *s.box, *(d for seat in s.seats for d in seat.deus)]
    s.centre, s.set_aside, s.box = [], [], []
    for seat in s.seats:
        seat.deus = []

    def take_deus(kind: str) -> str:
        card = next(c for c in pool if ENG.kind(c) == kind)
        pool.remove(card)
        return card

    for p in range(players):
        s.seats[p].deus.append(take_deus("vinum"))
        if p not in out:
            s.seats[p].deus += [take_deus(k) for k in hands.get(p, ())]
    s.centre = [take_deus(k) for k in centre]
    amans_free = count >= 1 if released is None else released
    if not amans_free and any(c == "deus_amans" for c in pool):
        s.set_aside = [take_deus("amans")]
    s.box = pool

    umbra = sorted([*s.deck, *s.discard], key=lambda c: (card_kind(c), len(c), c))
    top: list[str] = []
    for kind in [*(locked or {}).values(), *draw]:
        card = next(c for c in umbra if card_kind(c) == umbra_id(kind))
        umbra.remove(card)
        top.append(card)
    for p, kind in (locked or {}).items():
        s.seats[p].locked = top.pop(0)
    rest = umbra
    s.discard = []
    if deck is not None:
        keep = deck - len(top)
        s.discard, rest = rest[keep:], rest[:keep]
    s.discard += rest[:discard]
    rest = rest[discard:]
    s.deck = rest + list(reversed(top))  # the top card is the last one

    for p, seat in enumerate(s.seats):
        seat.introduced = True
        seat.in_game = p not in out
        seat.with_amans = p in with_amans
        seat.miles_finale_pending = p in miles_pending
    s.phase = "turn"
    s.parcae_count = count
    s.amans_released = amans_free
    s.bacchus_assigned = any(ENG.holds(seat, "bacchus") for seat in s.seats)
    s.sudden_ending = sudden
    s.sudden_trigger = "test" if sudden else None
    s.active = players - 1
    s.turn = Turn(kind="normal", step="end")
    s.turn_number = 4
    events: list[Event] = []
    if start:
        ENG._start_turn(s, A, events)
    return s, events


def play(state: BacState, move: Move) -> list[Event]:
    return ENG.apply(state, move)


def legal(state: BacState, player: int, kind: type[Move] | None = None) -> list[Move]:
    moves = ENG.legal_moves(state, player)
    return [m for m in moves if kind is None or isinstance(m, kind)]


def event_kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.params) for e in events if e.kind == kind]


def deus(state: BacState, player: int, kind: str) -> str:
    card = ENG.holds(state.seats[player], kind)
    assert card is not None, (player, kind)
    return card


OPTIONAL = ("AskQuestion", "DeclareWithAmans", "DeclareTimeUp", "GiftMinerva", "LockUmbra")


def required(state: BacState) -> list[Move]:
    """The awaited decision's legal moves (no optional ones)."""
    return [m for m in ENG.legal_moves(state, state.decider) if type(m).__name__ not in OPTIONAL]


def finish_turn(state: BacState) -> list[Event]:
    """Take the first legal option of every awaited decision until the next turn starts."""
    events: list[Event] = []
    number = state.turn_number
    while state.turn_number == number and not ENG.is_over(state):
        events += play(state, required(state)[0])
    return events
