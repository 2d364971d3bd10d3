"""Position builders shared by the Bacchus' Banquet rules tests.

Positions are given the way the digest's scenarios give them (BB-21): seats A, B, C, D, E are
0..4, cards are named by their card id ('carp'), and the helpers pick free instances
('carp#3') so that every one of the 110 cards is still there exactly once.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rules import Event, engine
from rules.banquet import BanquetEngine, BanquetState, PickCards, card_kind, deck_instances
from rules.banquet.moves import Arrange
from rules.kernel import Move

ENG = cast(BanquetEngine, engine("banquet", "standard"))
OPEN = cast(BanquetEngine, engine("banquet", "open_privileges"))
A, B, C, D, E = range(5)
ALL_ACTIONS: tuple[str, ...] = tuple(deck_instances(ENG.cards))
ALL_GUESTS: tuple[str, ...] = tuple(g.id for g in ENG.cards.guests)
ALL_PRIVILEGES: tuple[str, ...] = tuple(p.id for p in ENG.cards.privileges)
DEFAULT_GUESTS = ("caligula", "claudius", "messalina", "caesonia", "agrippina")


def table(
    seats: int = 4,
    *,
    guests: Sequence[str | None] | None = None,
    stack: Sequence[str] | None = None,
    belts: Sequence[int] | None = None,
    rows: Mapping[int, Sequence[str]] | None = None,
    privileges: Mapping[int, Sequence[str]] | None = None,
    open_privileges: bool = False,
    knockouts: Sequence[tuple[int, str]] = (),
    active: int = 0,
    circle: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    discard_pile: Sequence[str] = (),
    seed: int = 0,
) -> BanquetState:
    """A state at the start of a round (phase `pick`), built as the scenario says.

    `privileges` None means the `off` variant; otherwise `hidden` (or `open`) with exactly the
    privileges named, the rest in the box. `guests` defaults to Caligula at A and no
    conspirator; `stack` (top first) to the guests not placed, in card-set order. `circle`
    lists card ids for the first positions; the other positions and the deck get the free
    cards in card-set order, unless `deck` (card ids, top first) is given: the cards then left
    over go to the removed pile. Knocked-out guests lie face up in the box.
    """
    eng = OPEN if open_privileges else ENG
    mode = "open" if open_privileges else ("off" if privileges is None else "hidden")
    state = eng.new_state({"players": seats, "privileges": mode}, seed)
    free = list(ALL_ACTIONS)

    def take(kind: str) -> str:
        found = next((c for c in free if card_kind(c) == kind), None)
        assert found is not None, f"no free {kind} left"
        free.remove(found)
        return found

    state.guests = list(guests) if guests is not None else list(DEFAULT_GUESTS[:seats])
    boxed = [g for _s, g in knockouts]
    placed = [g for g in state.guests if g is not None] + boxed
    state.guest_stack = list(stack) if stack is not None else [g for g in ALL_GUESTS if g not in placed]
    state.guest_box = boxed
    state.guest_box_unseen = [g for g in ALL_GUESTS if g not in placed and g not in state.guest_stack]
    state.knockouts = list(knockouts)
    state.belts = list(belts) if belts is not None else [0] * seats
    state.rows = [[take(k) for k in (rows or {}).get(s, ())] for s in range(seats)]
    held = {s: list(p) for s, p in (privileges or {}).items()}
    state.privileges = [held.get(s, []) for s in range(seats)]
    if open_privileges and privileges is None:
        state.privileges = [[] for _ in range(seats)]
    state.privilege_box = [p for p in ALL_PRIVILEGES if all(p not in h for h in state.privileges)]
    front = [take(k) for k in circle]
    pile = [take(k) for k in discard_pile]
    if deck is None:
        rest = [c for c in free if c not in front]
        state.circle = [*front, *rest[:7 - len(front)]]
        state.deck = rest[7 - len(front):]
        state.removed = []
    else:
        ordered = [take(k) for k in deck]
        state.circle = list(front)
        state.circle += [None] * (7 - len(front))
        state.deck = ordered
        state.removed = [c for c in free]
    state.discard_pile = pile
    state.active = active
    state.phase = "pick"
    assert sorted(eng.all_cards(state)) == sorted(ALL_ACTIONS + ALL_GUESTS + ALL_PRIVILEGES)
    return state


def engine_of(state: BanquetState) -> BanquetEngine:
    return OPEN if state.options["privileges"] == "open" else ENG


def play(state: BanquetState, move: Move) -> list[Event]:
    return engine_of(state).apply(state, move)


def kinds_of(cards: Sequence[str]) -> list[str]:
    return [card_kind(c) for c in cards]


def in_circle(state: BanquetState, kinds: Sequence[str]) -> list[str]:
    """Instances of `kinds` lying in the circle, bringing them in from the deck when needed."""
    chosen: list[str] = []
    for kind in kinds:
        here = next((c for c in state.circle if c is not None and card_kind(c) == kind and c not in chosen), None)
        if here is None:
            here = next(c for c in state.deck if card_kind(c) == kind)
            spot = next(i for i, c in enumerate(state.circle) if c is not None and c not in chosen)
            old = state.circle[spot]
            assert old is not None
            state.deck[state.deck.index(here)] = old
            state.circle[spot] = here
        chosen.append(here)
    return chosen


def pick(state: BanquetState, kinds: Sequence[str]) -> list[str]:
    """The active player picks three cards of these kinds; returns the instances."""
    trio = in_circle(state, kinds)
    ordered = sorted(trio, key=state.circle.index)
    play(state, PickCards(state.active, *ordered))
    return trio


def arrange(state: BanquetState, discard: str, keep: str, gift: str) -> tuple[str, str, str]:
    """Pick the three kinds and arrange them as Discard / Keep / Gift; returns the instances."""
    d, k, g = pick(state, [discard, keep, gift])
    play(state, Arrange(state.active, d, k, g))
    return d, k, g


def event_kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: Sequence[Event], kind: str) -> list[dict[str, Any]]:
    return [dict(e.params) for e in events if e.kind == kind]
