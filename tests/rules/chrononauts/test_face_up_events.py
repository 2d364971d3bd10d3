"""What the whole table saw is told whole in every reader's log (docs/rules/chrononauts.md CHR-9.4.8, CHR-11.4,
CHR-13.1, CHR-13.2).

Events are masked by the position right after their move (`Match.seen_events`), which hid cards the move itself
put away again: the ID Your Parents Never Met shows to everyone goes under the ID deck, and the deck reshuffled at
the end of a turn takes the discard pile, which everyone can see, back under the draw pile. The log said "Bruno
was ? all along!" and "Bruno takes ? back from the discard pile". A card drawn into a hand still reaches nobody
else's log.
"""
from __future__ import annotations

from typing import Any

import pytest
from conformance import random_match

from rules import PUBLIC
from rules.chrononauts.full import ChrononautsEngine
from rules.kernel import HIDDEN, Event
from rules.match import Match


def played(mode: str, seats: int, seed: int, moves: int) -> Match[Any]:
    return random_match("chrononauts", mode, seed, moves, seats)


def masked(value: Any, hidden: set[str]) -> Any:
    """A card `hidden` from the reader is HIDDEN, in a list too (which keeps its length)."""
    if isinstance(value, list):
        return [masked(v, hidden) for v in value]
    return HIDDEN if isinstance(value, str) and value in hidden else value


def readers(match: Match[Any]) -> list[int]:
    return [PUBLIC, *range(match.engine.players(match.state))]


def pairs(match: Match[Any], reader: int) -> list[tuple[Event, Event]]:
    return list(zip(match.events(), match.seen_events(reader)))


@pytest.mark.parametrize("seed", range(8))
def test_your_parents_never_met_shows_the_old_id_to_everyone(seed: int) -> None:
    """CHR-9.4.8, CHR-13.1: the ID is shown to every player before it goes under the ID deck; the one taken in its
    place stays the player's own (CHR-13.2)."""
    match = played("chrononauts", 4, seed, 400)
    shown = [e for e in match.events() if e.kind == "id_revealed"]
    if not shown:
        pytest.skip("no Your Parents Never Met resolved in this game")
    for reader in readers(match):
        seen = [s for e, s in pairs(match, reader) if e.kind == "id_revealed"]
        assert seen == shown and HIDDEN not in [s.params["id"] for s in seen], reader


def test_a_card_fetched_from_the_discard_pile_is_named_though_the_deck_then_takes_it() -> None:
    """CHR-11.4: Rewind plays a card from the discard pile, which everyone sees. In this Artifaxx game the turn
    ends in the same move and the deck is reshuffled from the discard pile: the card lies in the draw pile after
    it, and every line of the move still names it."""
    match = played("artifaxx", 3, 21, 150)
    steps = match.steps()
    found = [(i, e) for i, (events, _state) in enumerate(steps) for e in events
             if e.kind == "rewind_chosen" and any(x.kind == "deck_reshuffled" for x in events)]
    assert found, "the game this test was written on has changed: find another with a Rewind and a reshuffle"
    index, rewind = found[0]
    card = rewind.params["card"]
    assert card in steps[index][1].draw  # put away again by the same move
    named = [e for e in steps[index][0] if card in e.params.values()]
    for reader in readers(match):
        seen = match.engine.log_view(steps[index][1], named, reader)
        assert seen == named, reader


@pytest.mark.parametrize(("mode", "seats", "seed"), [("chrononauts", 4, 1), ("chrononauts", 6, 2), ("artifaxx", 4, 3)])
def test_face_up_events_reach_everyone_and_the_rest_are_masked_as_before(mode: str, seats: int, seed: int) -> None:
    """The list is all that changed: any other event is masked by the position after its move, as in every game
    (a card drawn from the deck, a new ID or Mission, are named to nobody else)."""
    match = played(mode, seats, seed, 500)
    eng = match.engine
    assert isinstance(eng, ChrononautsEngine)
    told_whole = 0
    for reader in readers(match):
        seen = iter(match.seen_events(reader))
        for events, after in match.steps():
            hidden = set(eng.hidden_from(after, reader))
            for raw in events:
                shown = next(seen)
                if raw.kind in eng.face_up_events:
                    assert shown == raw, (reader, raw)
                    told_whole += any(isinstance(v, str) and v in hidden for v in raw.params.values())
                else:
                    assert shown == Event(raw.kind, {k: masked(v, hidden) for k, v in raw.params.items()}), reader
    assert told_whole > 0  # this game has lines that masking by the position after their move got wrong
