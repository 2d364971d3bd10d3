"""The solver's compact model and its newer shortcuts, each checked against the engine itself.

The compact position (`Search.play`, `Search.moves`) must agree with `SolonautsEngine.apply`
and `legal_moves` on random playouts; the order forced by patches on the timeline and the
table of lost positions must never call a won position lost (checked by brute force through
the engine, with no shortcut at all).
"""
from __future__ import annotations

import dataclasses
from random import Random

import pytest

from helpers import ENG, RESTORE_HISTORY, REVERSE_FATE, SABOTAGE, inst, solo_state
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SoloState
from rules.chrononauts.solver import DISCARD, Pos, Search, Step, solve, tables
from rules.chrononauts.timeline import card_kind
from test_solver import brute_force, replay

HOME = ["id_renee", "id_boris", "id_ingrid", "id_svetlana", "id_moonbeam"]
T = tables(ENG.rules)


def step_of(move: PlayCard | Discard) -> Step:
    target = move.target if isinstance(move, PlayCard) and move.target is not None else DISCARD
    return T.kind_index[card_kind(move.card)], target


def compact(search: Search, state: SoloState) -> tuple[int, int, tuple[int, ...], int, int]:
    """The engine's state as the solver sees it, relative to the search's root."""
    prime = sum(T.lbit[y] for y in state.timeline.prime)
    placed = sum(T.pbit[card_kind(p)] for p in state.timeline.patches.values())
    hand = tuple(sorted(T.kind_index[card_kind(c)] for c in state.hand))
    drawn = len(search.deck) - len(state.deck)
    waiting = sum(1 << i for i, ident in enumerate(search.ids) if ident in state.waiting)
    return prime, placed, hand, drawn, waiting


def test_compact_moves_follow_the_engine_on_random_playouts() -> None:
    """CHR-16.4 to CHR-16.9: after every legal move of random games, the compact position the
    solver computes is the engine's own, the universe ends in both or neither (CHR-5.3), and
    every move the solver tries is a legal move of the engine."""
    rng = Random(7)
    checked = 0
    for seed in range(12):
        state = ENG.new_state({"ids": rng.choice([6, 8, 10])}, seed)
        search = Search(ENG, state)
        while state.result is None:
            pos = compact(search, state)
            legal = {step_of(m) for m in ENG.legal_moves(state, 0) if isinstance(m, (PlayCard, Discard))}
            assert set(search.moves(pos)) <= legal
            for move in ENG.legal_moves(state, 0):
                if not isinstance(move, (PlayCard, Discard)):
                    continue  # Resign
                child = ENG.clone(state)
                ENG.apply(child, move)
                after = search.play(pos, step_of(move))
                if child.reason == "destroyed":
                    assert after is None
                else:
                    assert after == compact(search, child)
                checked += 1
            moves = [m for m in ENG.legal_moves(state, 0) if not isinstance(m, Resign)]
            plays = [m for m in moves if isinstance(m, PlayCard)]
            ENG.apply(state, rng.choice(plays if plays and rng.random() < 0.6 else moves))
    assert checked > 1000


@pytest.mark.slow
def test_a_cycle_of_forced_orders_is_lost() -> None:
    """CHR-4.7, CHR-4.8, CHR-16.8: Gustav's homecoming needs 1865 true, which closes 1974 and
    voids the patch Lyudmila needs there; hers needs 1915 true, which closes 1917 and voids
    Gustav's. Whoever goes first strands the other, so the position is lost although the hand
    holds enough cards and inverters for every flip and patch."""
    hand = ["pat_1918", inst(REVERSE_FATE, 1), inst(REVERSE_FATE, 2), inst(RESTORE_HISTORY, 1), "pat_1999"]
    state = solo_state(primes=[1865, 1915, 1963], patched=[1917, 1969, 1974], hand=hand, deck=[],
                       waiting=["id_gustav", "id_lyudmila"], home=HOME)
    search = Search(ENG, state)
    assert search.bound(search.root(state)) is None  # the order rule settles it
    assert not brute_force(state, {})
    assert solve(ENG, state).verdict == "loss"
    # With Gustav's patch in hand instead of on 1917 (and two inverters more to come) there is
    # no cycle, and the position is won.
    lighter = solo_state(primes=[1865, 1915, 1963], patched=[1969, 1974], hand=["pat_1917", *hand[:4]],
                         deck=[inst(REVERSE_FATE, 3), inst(RESTORE_HISTORY, 2)],
                         waiting=["id_gustav", "id_lyudmila"], home=HOME)
    lighter_search = Search(ENG, lighter)
    assert lighter_search.bound(lighter_search.root(lighter)) is not None
    assert brute_force(lighter, {})
    assert solve(ENG, lighter).verdict == "win"


@pytest.mark.slow
def test_one_forced_order_still_wins() -> None:
    """Only Lyudmila's patches on the timeline: she must go home before Gustav (his homecoming
    would void 1974), and that order wins: 1915 back to true, then Gustav's flips and patches."""
    hand = [inst(RESTORE_HISTORY, 1), "pat_1917", inst(REVERSE_FATE, 1), "pat_1918", inst(REVERSE_FATE, 2)]
    deck = [inst(REVERSE_FATE, 3), inst(SABOTAGE)]
    state = solo_state(primes=[1865, 1915, 1963], patched=[1969, 1974], hand=hand, deck=deck,
                       waiting=["id_gustav", "id_lyudmila"], home=HOME)
    assert brute_force(state, {})
    sol = solve(ENG, state)
    assert sol.verdict == "win"
    end = replay(state, sol.line)
    assert end.result == "won" and end.home[-2:] == ["id_lyudmila", "id_gustav"]


def test_lost_table_covers_positions_with_more_ids_waiting() -> None:
    """CHR-16.7: a position lost with some IDs waiting is lost with those and more waiting,
    and says nothing about a position where one of them is home."""
    state = ENG.new_state({"ids": 8}, 0)
    search = Search(ENG, state)
    prime, placed, hand, drawn, _ = search.root(state)
    search.mark_lost((prime, placed, hand, drawn, 0b0110))
    assert search.is_lost((prime, placed, hand, drawn, 0b0110))
    assert search.is_lost((prime, placed, hand, drawn, 0b1111))
    assert not search.is_lost((prime, placed, hand, drawn, 0b0100))
    assert not search.is_lost((prime, placed, hand, drawn + 1, 0b1111))
    search.mark_lost((prime, placed, hand, drawn, 0b0100))  # a stronger fact replaces the weaker
    assert search.lost[(prime, placed, hand, drawn)] == [(placed & T.plain_patches, 0b0100)]


def test_lost_table_covers_positions_with_fewer_single_year_patches_placed() -> None:
    """A position lost with a single-year patch on the timeline is lost with it in the discard
    pile (`Search.is_lost`); not so for World War 3, which blocks cards (CHR-5.2.4)."""
    state = ENG.new_state({"ids": 8}, 0)
    search = Search(ENG, state)
    prime, _, hand, drawn, waiting = search.root(state)
    plain = T.pbit["pat_1918"] | T.pbit["pat_1942"]
    assert plain & T.plain_patches == plain and not T.ultra_patch & T.plain_patches
    search.mark_lost((prime, plain | T.ultra_patch, hand, drawn, waiting))
    assert search.is_lost((prime, plain | T.ultra_patch, hand, drawn, waiting))
    assert search.is_lost((prime, T.pbit["pat_1918"] | T.ultra_patch, hand, drawn, waiting))
    assert search.is_lost((prime, T.ultra_patch, hand, drawn, waiting))
    assert not search.is_lost((prime, plain, hand, drawn, waiting))
    assert not search.is_lost((prime, plain | T.pbit["pat_1929"] | T.ultra_patch, hand, drawn, waiting))
    search.mark_lost((prime, T.ultra_patch, hand, drawn, waiting))  # covered by the first: kept apart
    search.mark_lost((prime, plain | T.pbit["pat_1929"] | T.ultra_patch, hand, drawn, waiting))
    assert search.lost[(prime, T.ultra_patch, hand, drawn)] == [(plain | T.pbit["pat_1929"], waiting)]


@pytest.mark.slow
def test_a_single_year_patch_placed_never_hurts() -> None:
    """What `is_lost` relies on, by brute force through the engine: take a single-year patch
    off the timeline into the discard pile, and a lost position stays lost."""
    checked = lost = 0
    for state in near_end_positions(10, 1, 5):
        for year, card in sorted(state.timeline.patches.items()):
            if not T.pbit[card_kind(card)] & T.plain_patches:
                continue
            without = ENG.clone(state)
            del without.timeline.patches[year]
            without.discard.append(card)
            if not brute_force(state, {}):
                assert not brute_force(without, {}), ENG.to_dict(state)
                lost += 1
            checked += 1
    assert checked >= 10 and lost >= 3


def near_end_positions(count: int, left: int, seed: int) -> list[SoloState]:
    """Positions with `left` cards in the deck: along winning lines of real deals, then a few
    random legal moves off them (so both wins and losses)."""
    rng = Random(seed)
    out: list[SoloState] = []
    deal = 100
    while len(out) < count:
        deal += 1
        state = ENG.new_state({"ids": rng.choice([6, 8, 10])}, deal)
        sol = solve(ENG, state, max_nodes=2000)
        if sol.verdict != "win":
            continue
        for move in sol.line:
            if len(state.deck) <= left:
                break
            ENG.apply(state, move)
        for _ in range(rng.choice([0, 1, 2, 3])):
            if state.result is not None:
                break
            ENG.apply(state, rng.choice([m for m in ENG.legal_moves(state, 0) if not isinstance(m, Resign)]))
        if state.result is None:
            out.append(state)
    return out


@pytest.mark.slow
def test_solver_agrees_with_brute_force_near_the_end() -> None:
    """Every verdict matches an exhaustive search with no shortcut, on positions with two
    cards left in the deck; every line found replays through `apply` to a win."""
    wins = losses = 0
    for state in near_end_positions(24, 2, 11):
        truth = brute_force(state, {})
        sol = solve(ENG, state)
        assert sol.verdict == ("win" if truth else "loss"), ENG.to_dict(state)
        if truth:
            assert replay(state, sol.line).result == "won"
            wins += 1
        else:
            losses += 1
    assert wins >= 5 and losses >= 5


# --- past a late patch the hand carries at most four cards (`Search.late_homes_fit`) ---------------

LATE_IDS = ["id_dexter", "id_gustav", "id_lyudmila", "id_svetlana"]  # a walk home for all four: 5 flips
LATE_PRIMES = [1865, 1912, 1914, 1993]  # a configuration those five flips can start from
LATE_PATCHES = ["pat_1918", "pat_1995", "pat_1969", "pat_1929", "pat_1917", "pat_1974"]


def late_state(draw: list[str], hand: list[str] | None = None) -> SoloState:
    """`draw` is the deck in the order it will be drawn; the hand is five Reverse Fates unless given."""
    hand = [inst(REVERSE_FATE, n) for n in range(1, 6)] if hand is None else hand
    return solo_state(primes=LATE_PRIMES, hand=hand, deck=list(reversed(draw)), waiting=LATE_IDS,
                      home=["id_renee", "id_boris"])


def test_a_reverse_fate_drawn_too_early_cannot_be_carried_to_the_late_patches() -> None:
    """CHR-16.8: the hand holds five cards. Each of the four IDs needs a patch among the last four
    cards, so the five flips that take the timeline through all their homes (CHR-12.2) come
    after those cards are drawn; at each of those draws the hand holds at most four other
    cards. With the sixth Reverse Fate on top of the deck the hand can carry only four of the
    six inverters that far: lost, although six inverters for five flips and twelve cards for
    eleven plays leave the ordinary counts satisfied. The same cards with that Reverse Fate at
    the bottom of the deck win."""
    early = late_state([inst(REVERSE_FATE, 6), *LATE_PATCHES])
    search = Search(ENG, early)
    assert search.bound(search.root(early)) is not None  # the counts alone see no loss
    assert not search.late_homes_fit(search.root(early))
    refuted = solve(ENG, early)
    assert refuted.verdict == "loss" and refuted.nodes == 0  # settled at the root
    late = late_state([*LATE_PATCHES, inst(REVERSE_FATE, 6)])
    assert fits_at_root(late)
    sol = solve(ENG, late)
    assert sol.verdict == "win" and replay(late, sol.line).result == "won"


def test_a_patch_drawn_before_a_late_one_takes_a_place_in_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    """CHR-16.8, CHR-4.7: all four IDs wait on a patch drawn no sooner than Dexter's 1995
    (1995 itself, 1969, 1917), so they go home after that draw. Their patches drawn before it
    (1918, 1929 and here Lyudmila's 1974) must by then lie on the timeline, fitting its
    configuration, or wait in hand. No configuration lets enough of them lie there while the
    hand also carries the inverters for the walk home: lost at the root, though the four-card
    limit counted on inverters alone leaves room. Drawing 1995 before 1974 wins with the same
    cards."""
    draw = ["pat_1918", "pat_1929", "pat_1974", "pat_1995", "pat_1969", "pat_1917", inst(REVERSE_FATE, 6)]
    lost = late_state(draw)
    search = Search(ENG, lost)
    pos = search.root(lost)
    assert search.bound(pos) is not None and inverters_alone_fit(search, pos)
    assert not search.late_homes_fit(pos)
    refuted = solve(ENG, lost)
    assert refuted.verdict == "loss" and refuted.nodes == 0
    draw[2], draw[3] = draw[3], draw[2]
    won = late_state(draw)
    assert fits_at_root(won)
    sol = solve(ENG, won)
    assert sol.verdict == "win" and replay(won, sol.line).result == "won"
    monkeypatch.setattr(Search, "late_homes_fit", lambda self, pos: True)
    assert solve(ENG, lost).verdict == "loss"  # the exhaustive search agrees


def fits_at_root(state: SoloState) -> bool:
    search = Search(ENG, state)
    return search.late_homes_fit(search.root(state))


def inverters_alone_fit(search: Search, pos: Pos) -> bool:
    """The check's first form: the four-card limit counted on inverters only, at every draw."""
    _, _, hand, drawn, waiting = pos
    now = sum(1 for kind in hand if kind < T.n_inverters) + search.inverters_from[drawn]
    for k in range(drawn, len(search.deck)):
        late = waiting & search.late_ids[k]
        walk = next((d for d, configs in enumerate(search.tour.plain[late]) if configs), None)
        if late and (walk is None or walk > min(4, now - search.inverters_from[k]) + search.inverters_from[k]):
            return False
    return True


WW3_IDS = ["id_squa_tront", "id_ingrid", "id_dexter", "id_renee"]  # only Squa Tront comes before 1962


def ww3_state(draw: list[str]) -> SoloState:
    hand = [inst(REVERSE_FATE, 2), inst(REVERSE_FATE, 3), inst(REVERSE_FATE, 4), inst(REVERSE_FATE, 7), "pat_1999"]
    return solo_state(primes=[1915, 1936, 1937], hand=hand, deck=list(reversed(draw)), waiting=WW3_IDS,
                      home=["id_yitzchak", "id_gustav"])


def test_world_war_3_drawn_early_holds_the_late_ids_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """CHR-5.2.4e, CHR-16.8: when Ingrid's 1968 is drawn no inverter is left in the deck, and
    Squa Tront, Ingrid and Dexter still wait (on 1950, 1968, 1918), so every flip that takes
    them home must be carried in hand. World War 3 came earlier. Lying on the timeline it keeps
    Ingrid and Dexter, whose years come after 1962, from going home until 1962 is restored,
    which Squa Tront must see first; waiting in hand it takes a place from the inverters. Either
    way the hand cannot carry enough: lost at the root, though the same check with World War
    3's rules left out finds room. With World War 3 and 1950 swapped the same cards win."""
    draw = ["pat_1939", inst(REVERSE_FATE, 5), inst(REVERSE_FATE, 8), "pat_1962", inst(REVERSE_FATE, 6),
            "pat_1995", inst(REVERSE_FATE, 1), "pat_1968", "pat_1950", "pat_1918"]
    lost = ww3_state(draw)
    search = Search(ENG, lost)
    pos = search.root(lost)
    assert search.bound(pos) is not None
    assert not search.late_homes_fit(pos)
    no_ww3_rules = Search(ENG, lost)
    no_ww3_rules.tour = dataclasses.replace(search.tour, ww3=search.tour.plain, before_ww3=search.tour.plain)
    assert no_ww3_rules.late_homes_fit(pos)
    refuted = solve(ENG, lost)
    assert refuted.verdict == "loss" and refuted.nodes == 0
    draw[3], draw[8] = draw[8], draw[3]
    won = ww3_state(draw)
    sol = solve(ENG, won)
    assert sol.verdict == "win" and replay(won, sol.line).result == "won"
    monkeypatch.setattr(Search, "late_homes_fit", lambda self, pos: True)
    assert solve(ENG, lost).verdict == "loss"  # the exhaustive search agrees


def late_cases(rng: Random, count: int) -> list[SoloState]:
    """The six patches and four to seven Reverse Fates, shuffled, the first five in hand."""
    cases = []
    for _ in range(count):
        cards = [*LATE_PATCHES, *(inst(REVERSE_FATE, n) for n in range(1, rng.randint(4, 7) + 1))]
        rng.shuffle(cards)
        cases.append(late_state(cards[5:], hand=cards[:5]))
    return cases


def test_the_late_patch_check_agrees_with_the_search_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over reorderings of the same cards (the six patches in random orders, the sixth Reverse
    Fate anywhere among them) and over shuffles that also put patches in hand, the verdict with
    the check is the verdict of the exhaustive search without it, and the check settles some of
    them on its own."""
    rng = Random(3)
    cases = []
    for _ in range(150):
        draw = rng.sample(LATE_PATCHES, len(LATE_PATCHES))
        draw.insert(rng.randrange(len(draw) + 1), inst(REVERSE_FATE, 6))
        cases.append(late_state(draw))
    cases += late_cases(rng, 150)
    searches = [Search(ENG, s) for s in cases]
    roots = [search.root(s) for search, s in zip(searches, cases)]
    refuted = [not search.late_homes_fit(root) for search, root in zip(searches, roots)]
    by_patches = sum(cut and inverters_alone_fit(search, root) for cut, search, root in zip(refuted, searches, roots))
    checked = [solve(ENG, s).verdict for s in cases]
    monkeypatch.setattr(Search, "late_homes_fit", lambda self, pos: True)
    plain = [solve(ENG, s).verdict for s in cases]
    assert checked == plain
    assert all(verdict == "loss" for verdict, cut in zip(checked, refuted) if cut)
    assert sum(refuted) >= 10 and "win" in plain  # the check does not simply say "loss" to everything
    assert by_patches >= 10  # settled only because early patches take places in hand
