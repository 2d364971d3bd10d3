"""Re-dealing is part of every engine (issue #40, items 1 and 2; docs/design.md §Engines).

`engine.sample(view, player, rng)` gives a full state whose view for `player` is `view`; a view itself is
never played on (NotAState); and `event_view` tells each player no more than their view does: in two worlds
that `player` cannot tell apart, the same move gives `player` the same events, as long as it leaves the
two worlds alike for them."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from conformance import random_states

from rules import PUBLIC, Match, Move, engine, modes
from rules.kernel import HIDDEN, NotAState

EVERY_MODE = [(game, mode) for game, ms in modes().items() for mode in ms]


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_a_sample_has_the_view_it_was_made_from(game: str, mode: str) -> None:
    eng = engine(game, mode)
    rng = random.Random(1)
    checked = 0
    for seed in (1, 2):
        for state in random_states(game, mode, seed, 80)[::4]:
            for player in range(eng.players(state)):
                view = eng.view(state, player)
                sample = eng.sample(view, player, rng)
                assert eng.view(sample, player) == view
                assert Counter(eng.all_cards(sample)) == Counter(eng.all_cards(state))
                assert HIDDEN not in json.dumps(eng.to_dict(sample))
                checked += 1
    assert checked > 10


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_a_view_is_never_played_on(game: str, mode: str) -> None:
    eng = engine(game, mode)
    state = random_states(game, mode, 3, 10)[-1]
    seat = min(eng.to_act(state))
    move = eng.legal_moves(state, seat)[0]
    view = eng.view(state, seat)
    with pytest.raises(NotAState):
        eng.apply(view, move)
    eng.apply(eng.sample(view, seat, random.Random(2)), move)  # a sample of it is


def event_views(eng: Any, state: Any, move: Move, viewer: int) -> tuple[Any, list[Any]]:
    """Play `move` on a copy of `state`: the viewer's view after it, and its events as the viewer learns them."""
    after = eng.clone(state)
    events = eng.apply(after, move)
    return eng.view(after, viewer), [eng.event_view(after, e, viewer) for e in events]


def face_up(eng: Any, events: list[Any]) -> list[Any]:
    """The events that show everybody their cards (`face_up_events`): what the move showed the whole table."""
    return [e for e in events if e.kind in eng.face_up_events]


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_events_tell_a_player_nothing_their_view_hides(game: str, mode: str) -> None:
    eng = engine(game, mode)
    rng = random.Random(4)
    compared = 0
    for seed in (1, 2, 3):
        for state in random_states(game, mode, seed, 120)[::3]:
            for viewer in [*range(eng.players(state)), PUBLIC]:
                twin = eng.sample(eng.view(state, viewer), viewer, rng) if viewer != PUBLIC else None
                if twin is None:  # the public: a twin dealt from any seat's view that hides more than it
                    twin = eng.sample(eng.view(state, PUBLIC), PUBLIC, rng)
                for seat in sorted(eng.to_act(state)):
                    theirs = {repr(m) for m in eng.legal_moves(twin, seat)}
                    for move in eng.legal_moves(state, seat):
                        if repr(move) not in theirs:
                            continue  # a move of a card the viewer cannot see, not there in the other world
                        view_a, told_a = event_views(eng, state, move, viewer)
                        view_b, told_b = event_views(eng, twin, move, viewer)
                        if view_a != view_b or face_up(eng, told_a) != face_up(eng, told_b):
                            # The move showed the viewer something, which the view after it keeps or not (a card
                            # played and reshuffled away, an ID shown and put under its deck): the worlds are told
                            # apart now.
                            continue
                        assert told_a == told_b, (move, viewer)
                        compared += 1
    assert compared > 20


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_moves_a_player_cannot_tell_apart_tell_them_the_same(game: str, mode: str) -> None:
    """Two choices of another seat that the table cannot tell apart, the same log words (`describe`, which
    leaves out a move's private fields) and the same view after them for the viewer (which card goes in which
    face-down slot), give the viewer the same events: what a player chose in secret stays secret."""
    eng = engine(game, mode)
    compared = 0
    for seed in (1, 2, 3):
        for state in random_states(game, mode, seed, 120)[::2]:
            for viewer in [*range(eng.players(state)), PUBLIC]:
                for seat in sorted(eng.to_act(state) - {viewer}):
                    told: dict[str, list[Any]] = {}
                    for move in eng.legal_moves(state, seat):
                        view, events = event_views(eng, state, move, viewer)
                        words = eng.describe(move)
                        key = json.dumps([eng.to_dict(view), words.key, words.params], sort_keys=True, default=str)
                        if key in told:
                            assert told[key] == events, (move, viewer)
                            compared += 1
                        told.setdefault(key, events)
    if game == "banquet":  # BB-5.3: the host arranges the round's cards in secret; the other games choose openly
        assert compared > 0


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_a_log_seen_at_once_is_each_event_seen_alone(game: str, mode: str) -> None:
    """`log_view` works out what a player may not see once for a whole log (a table redraws its log after every
    move, issue #42): it tells each player exactly what `event_view` tells them of each event."""
    eng = engine(game, mode)
    match = Match(eng, {}, 5)
    rng = random.Random(5)
    for _ in range(150):
        if eng.is_over(match.state):
            break
        match.play(rng.choice(match.legal_moves(min(eng.to_act(match.state)))))
    events = match.events()
    assert events
    for viewer in [*range(eng.players(match.state)), PUBLIC]:
        assert eng.log_view(match.state, events, viewer) == [eng.event_view(match.state, e, viewer) for e in events]
