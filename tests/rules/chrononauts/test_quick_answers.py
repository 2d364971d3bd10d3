"""The timeline's quick answers agree with its checks, over seeded random play (issue #42).

`inverter_targets` (CHR-9.1, CHR-5.2.4a), `patch_target` (CHR-9.2.1) and `identity_home` (CHR-12.2) are asked at every
move and answer from tables made once and without raising; `check_inverter`, `check_patch` and `identity_progress` say
the same things one case at a time.
After every move of random Solonauts and full games, every card of the set is asked both ways. The full game's copy
(undo's snapshot) equals the state and shares no list with it, and a Rewind in hand is playable exactly when the
discard pile holds a card it could fetch. Solonauts' snapshot shares the generator, which never draws after the deal
(CHR-16.8); the full game's snapshots share it until a state draws (a reshuffle, a Time Vortex CHR-9.4.5, a Quick Trip
CHR-11.5.3), and no draw reaches a snapshot.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from chrononauts_helpers import ARTIFAXX, FULL, REWIND

from rules import IllegalMove, Match, engine
from rules.chrononauts.full_state import FullState
from rules.chrononauts.timeline import LAST_REACHABLE_IN_ULTRA, Rules, Timeline

SOLO = engine("chrononauts", "solonauts")
MOVES = 300


def allowed(check: Callable[[], None]) -> bool:
    """Whether a check raises no IllegalMove."""
    try:
        check()
    except IllegalMove:
        return False
    return True


def agree(rules: Rules, tl: Timeline) -> None:
    """CHR-9.1, CHR-9.2.1, CHR-5.2.4, CHR-12.2: each quick answer is what the one-case checks say."""
    for inv in rules.inverters:
        flippable = [y for y in rules.linchpins if allowed(lambda: rules.check_inverter(tl, inv, y))]
        assert rules.inverter_targets(tl, inv) == flippable, inv
    for patch_id, patch in rules.patches.items():
        fits = allowed(lambda: rules.check_patch(tl, patch_id, patch.year))
        assert rules.patch_target(tl, patch_id) == (patch.year if fits else None), patch_id
    barred = rules.ultraparadox(tl)
    for ident_id, ident in rules.identities.items():
        home = all(rules.identity_progress(tl, ident_id)) and not (
            barred and any(y > LAST_REACHABLE_IN_ULTRA for y in ident.years))
        assert rules.identity_home(tl, ident_id) == home, ident_id


def test_quick_answers_on_random_timelines() -> None:
    """CHR-4.2, CHR-5.2: timelines random play seldom reaches (the UltraParadox over IDs otherwise home): random
    prime linchpins, the paradoxes they open, and a random patch of its year on some of them."""
    rules = SOLO.rules
    rnd = random.Random(42)
    by_year: dict[int, list[str]] = {}
    for patch in rules.patches.values():
        by_year.setdefault(patch.year, []).append(patch.id)
    for _ in range(MOVES):
        prime = {y for y in rules.linchpins if rnd.random() < 0.5}
        paradoxed = {y for y in rules.ripplepoints if rules.condition(y, prime)}
        patches = {y: rnd.choice(by_year[y]) for y in sorted(paradoxed) if y in by_year and rnd.random() < 0.7}
        agree(rules, Timeline(prime, paradoxed, patches))


def test_solonauts_quick_answers_agree_with_the_checks() -> None:
    """CHR-16: a few hundred seeded random moves over several deals, every timeline asked both ways."""
    played = 0
    for seed in range(40):
        state = SOLO.new_state({"ids": 8}, seed)
        rnd = random.Random(seed)
        while not SOLO.is_over(state) and played < MOVES:
            agree(SOLO.rules, state.timeline)
            SOLO.apply(state, rnd.choice(SOLO.legal_moves(state, 0)[:-1]))  # never the Resign at the end
            played += 1
    assert played == MOVES


def test_solonauts_never_draws_after_the_deal() -> None:
    """CHR-16.8: the deck is drawn from its top, never shuffled again, so a snapshot may share the generator (`clone`):
    after whole random games it stands where the deal left it, and nothing else is shared."""
    for seed in range(20):
        state = SOLO.new_state({"ids": 8}, seed)
        assert state.rng is not None
        dealt = state.rng.getstate()
        rnd = random.Random(seed)
        while not SOLO.is_over(state):
            twin = SOLO.clone(state)
            assert twin == state and twin.rng is state.rng
            assert all(getattr(twin, name) is not value for name, value in vars(state).items()
                       if isinstance(value, (list, dict)))
            SOLO.apply(state, rnd.choice(SOLO.legal_moves(state, 0)[:-1]))
        assert state.rng.getstate() == dealt


def test_full_game_quick_answers_copies_and_rewinds() -> None:
    """CHR-9, CHR-11.4, CHR-14.5: random full games of four; after every move the timeline is asked both ways, the
    copy is equal and separate, and a Rewind's one choice stands exactly when it could fetch something."""
    played = 0
    for seed in range(20):
        state = FULL.new_state({"players": 4, "turn_limit": 30}, seed)
        rnd = random.Random(seed)
        while not FULL.is_over(state) and played < MOVES:
            agree(FULL.rules, state.timeline)
            twin = state.copy()
            assert twin == state
            assert_separate(twin, state)
            for p in range(state.seats):
                assert FULL.choices(state, p, REWIND[0]) == ([(None, None)] if FULL.rewind_choices(state, p) else [])
            player = rnd.choice(sorted(FULL.to_act(state)))
            FULL.apply(state, rnd.choice(FULL.legal_moves(state, player)))
            played += 1
    assert played == MOVES


def assert_separate(twin: FullState, state: FullState) -> None:
    """No list, set or dict of one is the other's (the generator excepted: `clone` copies it)."""
    for name, value in vars(state).items():
        if isinstance(value, (list, set, dict)):
            assert getattr(twin, name) is not value, name
    for attr in ("prime", "paradoxed", "patches"):
        assert getattr(twin.timeline, attr) is not getattr(state.timeline, attr)
    for mine, theirs in [*zip(twin.hands, state.hands), *zip(twin.tables, state.tables), *zip(twin.stack, state.stack)]:
        assert mine is not theirs


def test_full_game_snapshots_keep_their_generator() -> None:
    """CHR-14.1, CHR-9.4.5, CHR-11.5.3: states share a generator with undo's snapshots until one draws (`own_rng`);
    after games with reshuffles, Time Vortexes and Quick Trips, every position a match kept is the one it was,
    generator included, and playing on from it plays the same game."""
    draws = 0
    for seed in range(12):
        for eng in (FULL, ARTIFAXX):
            match = Match(eng, {"players": 4}, seed)
            rnd = random.Random(seed)
            pictures = [eng.to_dict(match.state)]
            while not eng.is_over(match.state) and len(pictures) <= 300:
                player = rnd.choice(sorted(eng.to_act(match.state)))
                events = match.play(rnd.choice(match.legal_moves(player)))
                draws += any(e.kind in ("deck_reshuffled", "hands_vortexed", "quick_trip_shuffled") for e in events)
                pictures.append(eng.to_dict(match.state))
            for count in range(len(pictures) - 1):
                earlier = match.prefix(count)
                assert eng.to_dict(earlier.state) == pictures[count], (seed, count)
                earlier.play(match.moves[count])
                assert eng.to_dict(earlier.state) == pictures[count + 1], (seed, count)
    assert draws >= 20
