"""The exact Solonauts solver (CHR-16 with the deck order known) and the deals built on it.

Hand-built positions with known answers, real deals whose lines are replayed through the
engine, and a brute-force cross-check of end positions that covers every pruning rule.
"""
from __future__ import annotations

import datetime
import time
from random import Random

import pytest

from helpers import AVERT_DISASTER, ENG, HALT_ATTACK, REVERSE_FATE, inst, solo_state
from rules.chrononauts import solver
from rules.chrononauts.deals import daily_candidates, daily_deal, is_winnable, solvable_deal
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SoloState
from rules.chrononauts.solver import Solution, solve
from rules.kernel import Move

# Dealt IDs that are already home in the hand-built positions (CHR-16.7: home is for good).
HOME = ["id_renee", "id_boris", "id_ingrid", "id_svetlana", "id_moonbeam"]
# primes, with 1918 patched, giving 12 open paradoxes while 1957 and 1963 stay true (Dexter's
# configuration apart from 1993).
TWELVE_OPEN = (1865, 1912, 1914, 1915, 1936, 1937, 1941, 1943, 1980)


def replay(state: SoloState, line: list[Move]) -> SoloState:
    """Play a line through the real engine on a copy (apply checks every move)."""
    work = ENG.clone(state)
    for move in line:
        ENG.apply(work, move)
    return work


def assert_wins(state: SoloState, sol: Solution) -> None:
    assert sol.verdict == "win"
    assert not any(isinstance(m, Resign) for m in sol.line)
    assert replay(state, sol.line).result == "won"


# --- hand-built positions ------------------------------------------------------------------------


def test_one_move_win() -> None:
    """CHR-16.6, CHR-16.9a: the last waiting ID goes home with the patch in hand."""
    state = solo_state(primes=[1915], patched=[1917], hand=["pat_1933", inst(REVERSE_FATE, 1), "pat_1950"],
                       deck=[], waiting=["id_cornelius"], home=HOME)
    sol = solve(ENG, state)
    assert_wins(state, sol)
    assert sol.line == [PlayCard(0, "pat_1933", 1933)]


def test_lost_when_a_needed_patch_is_discarded() -> None:
    """CHR-16.8: the discard pile never comes back, so an ID whose patch lies there is stuck."""
    state = solo_state(primes=[1915], patched=[1917], hand=[inst(REVERSE_FATE, 1), "pat_1950"],
                       discard=["pat_1933"], waiting=["id_cornelius"], home=HOME)
    assert len(state.deck) > 30  # plenty of cards left: only the discard decides
    sol = solve(ENG, state)
    assert sol.verdict == "loss" and sol.line == []


def test_lost_when_the_only_way_home_destroys_the_universe() -> None:
    """CHR-5.3, CHR-16.9b: 12 open; Dexter needs 1995', and opening it makes 13."""
    state = solo_state(primes=TWELVE_OPEN, patched=[1918], hand=[inst(HALT_ATTACK), "pat_1995"], deck=[],
                       waiting=["id_dexter"], home=HOME)
    assert len(state.timeline.open_paradoxes()) == 12
    assert solve(ENG, state).verdict == "loss"


def test_two_move_win_in_the_only_order() -> None:
    """CHR-9.2.1, CHR-16.6: with one paradox fewer, Halt Attack first, then the patch, wins."""
    state = solo_state(primes=TWELVE_OPEN, patched=[1918, 1950], hand=["pat_1995", inst(HALT_ATTACK)], deck=[],
                       waiting=["id_dexter"], home=HOME)
    sol = solve(ENG, state)
    assert_wins(state, sol)
    assert sol.line == [PlayCard(0, HALT_ATTACK, 1993), PlayCard(0, "pat_1995", 1995)]


def test_three_move_win_opens_before_patching() -> None:
    """T-40 (CHR-16.6): Avert Disaster on 1915 must come before both of Cornelius's patches."""
    hand = ["pat_1933", "pat_1917", inst(REVERSE_FATE, 1), "pat_1950", inst(AVERT_DISASTER, 1)]
    state = solo_state(hand=hand, deck=[], waiting=["id_cornelius"], home=HOME)
    sol = solve(ENG, state)
    assert_wins(state, sol)
    assert len(sol.line) == 3
    first = sol.line[0]
    assert isinstance(first, PlayCard) and first.target == 1915
    assert {(m.card, m.target) for m in sol.line[1:] if isinstance(m, PlayCard)} == {("pat_1917", 1917), ("pat_1933", 1933)}


def test_finished_games() -> None:
    """CHR-16.9: a won game is a win with nothing to play; a lost one stays lost."""
    state = solo_state(primes=[1915], patched=[1917], hand=["pat_1933"], deck=[], waiting=["id_cornelius"], home=HOME)
    ENG.apply(state, PlayCard(0, "pat_1933", 1933))
    assert state.result == "won"
    assert solve(ENG, state) == Solution("win", [], 0)
    lost = ENG.new_state({"ids": 8}, 5)
    ENG.apply(lost, Resign(0))
    assert solve(ENG, lost).verdict == "loss"


# --- real deals -------------------------------------------------------------------------------


def test_lines_found_on_real_deals_replay_to_a_win() -> None:
    """CHR-16.9a: a winning line from the start of real deals, replayed through `apply`, wins."""
    replayed = 0
    for seed in range(12):
        if replayed == 4:
            break
        state = ENG.new_state({"ids": 8}, seed)
        sol = solve(ENG, state, max_nodes=1000)
        if sol.verdict == "win":
            assert_wins(state, sol)
            assert sum(isinstance(m, PlayCard) for m in sol.line) >= 8  # at least one patch per ID
            replayed += 1
    assert replayed >= 4


def test_forgetting_remembered_bounds_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search remembers `bound` for positions it met; emptying that memory every few
    positions must give the same verdicts, lines and counts of positions (wins and losses)."""
    deals = [(6, 18), (8, 925), (8, 0), (8, 3), (10, 7)]
    plain = [solve(ENG, ENG.new_state({"ids": ids}, seed), max_nodes=5000) for ids, seed in deals]
    assert {sol.verdict for sol in plain} == {"win", "loss"}
    monkeypatch.setattr(solver, "_BOUNDS_KEPT", 3)
    for (ids, seed), before in zip(deals, plain):
        after = solve(ENG, ENG.new_state({"ids": ids}, seed), max_nodes=5000)
        assert (after.verdict, after.line, after.nodes) == (before.verdict, before.line, before.nodes)


def test_solver_does_not_change_the_state() -> None:
    """The solver works on its own copy: deck, hand, timeline and RNG are untouched (CHR-16.10:
    asking the solver must not change the game being played)."""
    for seed in (0, 1, 2):
        state = ENG.new_state({"ids": 8}, seed)
        ENG.apply(state, ENG.legal_moves(state, 0)[0])
        before = ENG.to_dict(state)
        solve(ENG, state, max_nodes=500)
        assert ENG.to_dict(state) == before


def test_caps_give_unknown() -> None:
    """A node budget or a deadline already past stops the search: "unknown", never a guess."""
    state = ENG.new_state({"ids": 8}, 0)
    sol = solve(ENG, state, max_nodes=1)
    assert sol.verdict == "unknown" and sol.line == [] and sol.nodes <= 2
    assert solve(ENG, state, deadline=time.monotonic() - 1.0).verdict == "unknown"
    assert solve(ENG, state).verdict in ("win", "loss")  # without caps it decides


# --- brute force on end positions: checks every pruning rule --------------------------------------


def brute_force(state: SoloState, seen: dict[str, bool]) -> bool:
    """Whether some line of legal moves wins, by trying them all through the engine."""
    if state.result is not None:
        return state.result == "won"
    tl = state.timeline
    key = repr((sorted(tl.prime), sorted(tl.patches.items()), sorted(state.hand), state.deck, state.waiting))
    if key not in seen:
        seen[key] = False
        for move in ENG.legal_moves(state, 0):
            if isinstance(move, Resign):
                continue
            child = ENG.clone(state)
            ENG.apply(child, move)
            if brute_force(child, seen):
                seen[key] = True
                break
    return seen[key]


def end_positions() -> list[SoloState]:
    """Positions with one card left in the deck: along winning lines of real deals, and one
    move off them (a mix of wins and losses)."""
    out: list[SoloState] = []
    lines = 0
    for seed in range(8):
        if lines == 3:
            break
        state = ENG.new_state({"ids": 6}, seed)
        sol = solve(ENG, state, max_nodes=1000)
        if sol.verdict != "win":
            continue
        lines += 1
        for move in sol.line:
            if len(state.deck) <= 1:
                break
            ENG.apply(state, move)
        if state.result is not None:
            continue
        out.append(state)
        for move in ENG.legal_moves(state, 0):
            if not isinstance(move, Resign):
                child = ENG.clone(state)
                ENG.apply(child, move)
                out.append(child)
    return out


def test_solver_agrees_with_brute_force_on_end_positions() -> None:
    """Every verdict, win or loss, matches an exhaustive search with no pruning at all."""
    positions = end_positions()
    wins = losses = 0
    for state in positions:
        truth = brute_force(state, {})
        sol = solve(ENG, state)
        assert sol.verdict == ("win" if truth else "loss"), ENG.to_dict(state)
        if truth:
            assert state.result == "won" or replay(state, sol.line).result == "won"
            wins += 1
        else:
            losses += 1
    assert wins >= 4 and losses >= 4


def test_brute_force_sees_discards_and_draws() -> None:
    """The cross-check itself: a position won only by discarding to draw the patch needed."""
    hand = ["pat_1950", "pat_1868", "pat_1929", "pat_1969", "pat_1974"]  # none playable now
    state = solo_state(primes=[1915], patched=[1917], hand=hand, deck=["pat_1933"], waiting=["id_cornelius"], home=HOME)
    assert brute_force(state, {})
    sol = solve(ENG, state)
    assert_wins(state, sol)
    assert isinstance(sol.line[0], Discard)


# --- deals ---------------------------------------------------------------------------------------


def test_is_winnable_matches_the_solver() -> None:
    """A deal number and the number of IDs fix the game (CHR-16.3); the answer is the solver's."""
    for seed in range(3):
        verdict = solve(ENG, ENG.new_state({"ids": 6}, seed), max_nodes=500).verdict
        expected = {"win": True, "loss": False, "unknown": None}[verdict]
        assert is_winnable(seed, 6, 500) is expected


def test_solvable_deal_is_proven_winnable() -> None:
    """CHR-16.3: the deal number drawn is one the solver proves winnable, the same for the same
    random generator."""
    seed = solvable_deal(Random(3), 6, 500)
    assert is_winnable(seed, 6, 500) is True
    assert solvable_deal(Random(3), 6, 500) == seed  # the same generator, the same deal


def test_daily_deal_is_the_same_for_everyone_on_a_date() -> None:
    """CHR-16.3: the day's number depends only on the date and the number of IDs, and is the
    first of the day's candidates that is proven winnable."""
    day = datetime.date(2026, 11, 23)
    deal = daily_deal(day, 6, 500)
    assert deal == daily_deal(day, 6, 500)
    assert deal in daily_candidates(day, 6)
    assert daily_candidates(day, 6) == daily_candidates(datetime.date(2026, 11, 23), 6)
    assert daily_candidates(day, 6) != daily_candidates(day + datetime.timedelta(days=1), 6)
    assert daily_candidates(day, 6) != daily_candidates(day, 8)
    first_proven = next(s for s in daily_candidates(day, 6) if is_winnable(s, 6, 500))
    assert deal == first_proven


# The deals of 15 June 2030 with the shipped budget. The day's deal is the first candidate the
# solver proves winnable within that budget, so a change to the search (its order, a new
# shortcut) can move it, and then two players on two versions would get different deals of the
# day. If this test fails after such a change, the change also moves the deal of the day.
DAILY_2030_06_15 = {6: 1183628852, 7: 260507206, 8: 2038823134, 9: 939652964, 10: 348037353}


@pytest.mark.parametrize("ids", sorted(DAILY_2030_06_15))
def test_the_deal_of_the_day_stays_the_same_across_versions(ids: int) -> None:
    """CHR-16.3: golden deals of the day; with 10 IDs the first candidate is not proven winnable
    within the budget, so the fallback to the next one is pinned too."""
    day = datetime.date(2030, 6, 15)
    assert daily_deal(day, ids) == DAILY_2030_06_15[ids]
    assert (daily_candidates(day, ids).index(DAILY_2030_06_15[ids]) > 0) == (ids == 10)


@pytest.mark.parametrize("ids", [6, 10])
def test_daily_candidates_are_valid_deal_numbers(ids: int) -> None:
    """Deal numbers are seeds from 0 to 2^31 - 1, the range the table accepts."""
    assert all(0 <= s <= 2**31 - 1 for s in daily_candidates(datetime.date(2030, 1, 1), ids))
