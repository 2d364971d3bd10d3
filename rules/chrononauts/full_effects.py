"""What the cards of the full game do to hands, tables and decks when they resolve.

Plain functions on a `FullState`, none of which needs card data: the draw with deck cycling
(CHR-14.1), ID and Mission swaps (CHR-13.1), paying an artifact (CHR-8.4) and the actions whose
effect is the same whatever their numbers (CHR-9.4). The engine (`full.py`) decides when.
"""
from __future__ import annotations

from collections.abc import Callable

from rules.chrononauts.full_state import ID, Entry, FullState
from rules.chrononauts.moves import CLOCKWISE
from rules.kernel import Event, shuffle


def draw(state: FullState, player: int, count: int, into: list[str], events: list[Event]) -> None:
    """Draw into a hand, a set-aside hand or a mini-hand, cycling the deck only when needed."""
    got = 0
    for _ in range(count):
        if not state.draw:
            if not state.discard:
                break  # D-25: both piles empty, the draw is skipped
            state.draw, state.discard = state.discard, []
            shuffle(state.own_rng(), state.draw)
            events.append(Event("deck_reshuffled", {"cards": len(state.draw)}))
        into.append(state.draw.pop())
        got += 1
    events.append(Event("cards_drawn", {"player": player, "count": got,
                                        "to": "mini_hand" if into is state.mini else "hand"}))


def swap(state: FullState, player: int, kind: str) -> None:
    """CHR-13.1: the old card goes face down under its deck; the player takes the top card."""
    if kind == ID:
        old = state.ids[player]
        assert old is not None
        state.id_deck.insert(0, old)
        state.ids[player] = state.id_deck.pop()
    else:
        state.mission_deck.insert(0, state.missions[player])
        state.missions[player] = state.mission_deck.pop()


def owner(state: FullState, artifact: str) -> int:
    """The seat whose table holds `artifact`."""
    return next(q for q, table in enumerate(state.tables) if artifact in table)


def pay(state: FullState, entry: Entry, events: list[Event]) -> None:
    """CHR-8.4, D-37: the cost is paid on resolution, from the player's own table."""
    assert entry.artifact is not None
    state.tables[entry.player].remove(entry.artifact)
    state.discard.append(entry.artifact)
    events.append(Event("artifact_spent", {"player": entry.player, "card": entry.artifact}))


def get_there_first(state: FullState, entry: Entry, events: list[Event]) -> None:
    """CHR-9.4.1: an artifact on another player's table moves to yours."""
    assert entry.artifact is not None
    source = owner(state, entry.artifact)
    state.tables[source].remove(entry.artifact)
    state.tables[entry.player].append(entry.artifact)
    events.append(Event("artifact_taken", {"player": entry.player, "from": source, "card": entry.artifact}))


def it_never_existed(state: FullState, entry: Entry, events: list[Event]) -> None:
    """CHR-9.4.7: an artifact on any table goes to the discard pile."""
    assert entry.artifact is not None
    source = owner(state, entry.artifact)
    state.tables[source].remove(entry.artifact)
    state.discard.append(entry.artifact)
    events.append(Event("artifact_destroyed", {"player": source, "card": entry.artifact}))


def discontinuity(state: FullState, entry: Entry, events: list[Event]) -> None:
    """CHR-9.4.4: every hand moves one seat the chosen way, all at once."""
    way = entry.target if entry.target is not None else CLOCKWISE
    n = state.seats
    state.hands = [state.hands[(q - way) % n] for q in range(n)]
    events.append(Event("hands_passed", {"direction": "clockwise" if way == CLOCKWISE else "counterclockwise"}))


def time_vortex(state: FullState, entry: Entry, events: list[Event]) -> None:
    """CHR-9.4.5: gather every hand, shuffle, deal one at a time from the card's player."""
    pool = [c for hand in state.hands for c in hand]
    shuffle(state.own_rng(), pool)
    state.hands = [[] for _ in range(state.seats)]
    seat = entry.player
    while pool:
        state.hands[seat].append(pool.pop())
        seat = (seat + 1) % state.seats
    events.append(Event("hands_vortexed", {"player": entry.player}))


def new_mission(state: FullState, entry: Entry, events: list[Event]) -> None:
    """CHR-9.4.6, D-39: the old Mission is never shown."""
    assert entry.target is not None
    swap(state, entry.target, "mission")
    events.append(Event("mission_swapped", {"player": entry.target}))


def parents_never_met(state: FullState, entry: Entry, events: list[Event]) -> None:
    """CHR-9.4.8, D-39: the old ID is shown to everyone; the new one stays secret."""
    who = entry.target
    assert who is not None
    events.append(Event("id_revealed", {"player": who, "id": state.ids[who]}))
    swap(state, who, ID)
    events.append(Event("id_swapped", {"player": who}))


Effect = Callable[[FullState, Entry, list[Event]], None]

# The actions that need nothing but the state and the targets named at play time.
SIMPLE_EFFECTS: dict[str, Effect] = {
    "get_there_first": get_there_first,
    "it_never_existed": it_never_existed,
    "discontinuity": discontinuity,
    "time_vortex": time_vortex,
    "new_mission": new_mission,
    "parents_never_met": parents_never_met,
}
