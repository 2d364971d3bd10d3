"""The Chrononauts timeline: conditions, flips, patches, the Nexus, the UltraParadox, destruction.

Scenarios T-01 ... T-21 of CHR-21 (timeline parts; T-06 needs the full game and is not here),
plus property checks of CHR-4.3 to CHR-4.5 against an independent oracle.
"""
from __future__ import annotations

import random

import pytest

from helpers import (
    AVERT_DISASTER,
    BERLIN,
    DEMO,
    ENG,
    HALT_ATTACK,
    LINCHPINS,
    POST_1962_LINCHPINS,
    POST_1962_RIPPLEPOINTS,
    PREVENT_ASSASSINATION,
    RESTORE_HISTORY,
    REVERSE_FATE,
    RIPPLEPOINTS,
    RULES,
    SABOTAGE,
    TOKYO,
    WORLD_WAR_3,
    assert_invariant,
    inst,
    kinds,
    open_years,
    pairs,
    paradoxed_for,
    play_inverter,
    play_patch,
    position,
    solo_state,
)
from rules import IllegalMove
from rules.chrononauts.moves import Discard, PlayCard
from rules.chrononauts.timeline import Timeline, card_kind

PRE_1963_LINCHPINS = [1865, 1912, 1914, 1915, 1936, 1937, 1941, 1943, 1957]


def flipped(year: int, prime: bool) -> tuple[str, dict[str, object]]:
    return ("linchpin_flipped", {"year": year, "prime": prime})


def opened(year: int) -> tuple[str, dict[str, object]]:
    return ("paradox_opened", {"year": year})


def closed(year: int) -> tuple[str, dict[str, object]]:
    return ("paradox_closed", {"year": year})


def voided(year: int, card: str) -> tuple[str, dict[str, object]]:
    return ("patch_voided", {"year": year, "card": card})


def illegal_code(tl: Timeline, card: str, year: int) -> str:
    """The IllegalMove code for playing `card` on `year` now ('' if legal)."""
    try:
        if card in RULES.inverters:
            RULES.check_inverter(tl, card, year)
        else:
            RULES.check_patch(tl, card, year)
    except IllegalMove as exc:
        return exc.code
    return ""


# --- CHR-3.3, CHR-4.2: conditions --------------------------------------------------------------


def test_chr33_true_history_has_no_paradox() -> None:
    """CHR-3.3: every card on its true side, no patches, nothing paradoxed."""
    assert paradoxed_for(()) == set()
    tl = ENG.new_state({}, 7).timeline
    assert tl.prime == set() and tl.paradoxed == set() and tl.patches == {}


@pytest.mark.parametrize(
    ("year", "primes", "expected"),
    [
        (1868, {1865}, True),  # single
        (1868, set(), False),
        (1933, {1912}, True),  # OR
        (1933, {1915}, True),
        (1933, set(), False),
        (1944, {1936}, False),  # AND needs both
        (1944, {1941}, False),
        (1944, {1936, 1941}, True),
        (1974, {1865}, False),
        (1974, {1865, 1963}, True),
        (1945, {1936}, True),  # the Nexus: OR over three (D-3)
        (1945, {1941}, True),
        (1945, {1943}, True),
        (1945, {1957}, False),
        (1962, {1943}, True),
        (1962, {1957}, True),
    ],
)
def test_chr42_condition_kinds(year: int, primes: set[int], expected: bool) -> None:
    """CHR-4.2, CHR-5.1.1, CHR-5.2.1, CHR-1.3, CHR-1.5: single, OR and AND conditions."""
    assert RULES.condition(year, primes) is expected


def test_chr45_conditions_are_monotone() -> None:
    """CHR-4.5: turning a linchpin prime never restores a ripplepoint (checked on every
    ripplepoint over every combination of its own linchpins)."""
    for year in RIPPLEPOINTS:
        of = RULES.ripplepoints[year].of
        for mask in range(1 << len(of)):
            primes = {y for i, y in enumerate(of) if mask >> i & 1}
            for extra in of:
                if RULES.condition(year, primes):
                    assert RULES.condition(year, primes | {extra}), (year, primes, extra)


# --- T-01 ... T-05: ripples and regular patches -----------------------------------------------


def test_t01_single_ripple() -> None:
    """T-01, CHR-4.2, CHR-4.4, CHR-9.1.2: Avert Disaster on 1937 opens 1950 only."""
    tl = position()
    assert RULES.patch_target(tl, "pat_1950") is None
    events, gone = play_inverter(tl, AVERT_DISASTER, 1937)
    assert pairs(events) == [flipped(1937, True), opened(1950)]
    assert gone == []
    assert tl.prime == {1937}
    assert open_years(tl) == {1950}
    assert RULES.inverter_targets(tl, AVERT_DISASTER) == [1912, 1915]
    assert RULES.patch_target(tl, "pat_1950") == 1950
    assert_invariant(tl)


def test_t02_or_ripple() -> None:
    """T-02, CHR-4.2: 1969 (OR) is already paradoxed; 1974 (AND) needs 1865 too."""
    tl = position(primes={1957})
    assert open_years(tl) == {1962, 1969}
    events, _ = play_inverter(tl, PREVENT_ASSASSINATION, 1963)
    assert pairs(events) == [flipped(1963, True), opened(1968)]
    assert 1974 not in tl.paradoxed
    assert open_years(tl) == {1962, 1968, 1969}
    assert_invariant(tl)


def test_t03_and_needs_both() -> None:
    """T-03, CHR-4.2, CHR-9.2.1: pat_1974 is illegal until both 1865 and 1963 are prime."""
    tl = position(primes={1963})
    assert open_years(tl) == {1968, 1969}
    assert illegal_code(tl, "pat_1974", 1974) == "illegal.not_a_paradox"
    events, _ = play_inverter(tl, PREVENT_ASSASSINATION, 1865)
    assert pairs(events) == [flipped(1865, True), opened(1868), opened(1974)]
    assert open_years(tl) == {1868, 1968, 1969, 1974}
    assert RULES.patch_target(tl, "pat_1974") == 1974
    assert_invariant(tl)


def test_t04_restoring_one_and_linchpin_voids() -> None:
    """T-04, CHR-4.4 step 2, CHR-4.7, D-4: void first, then close, for 1868 and for 1974 in date order."""
    tl = position(primes={1865, 1963}, patched={1868, 1974})
    assert open_years(tl) == {1968, 1969}
    events, gone = play_inverter(tl, RESTORE_HISTORY, 1865)
    assert pairs(events) == [
        flipped(1865, False),
        voided(1868, "pat_1868"), closed(1868),
        voided(1974, "pat_1974"), closed(1974),
    ]
    assert gone == ["pat_1868", "pat_1974"]
    assert tl.patches == {}
    assert open_years(tl) == {1968, 1969}
    assert_invariant(tl)


def test_t04_voided_patches_reach_the_discard_pile() -> None:
    """T-04, CHR-4.7, CHR-9.1.5: the voided patches go to the discard pile, after them the inverter."""
    restore = inst(RESTORE_HISTORY, 1)
    state = solo_state(primes={1865, 1963}, patched={1868, 1974},
                       hand=[restore], waiting=["id_dexter", "id_renee", "id_boris", "id_ingrid", "id_gustav", "id_svetlana"])
    ENG.apply(state, PlayCard(0, restore, 1865))
    assert state.discard[-3:] == ["pat_1868", "pat_1974", restore]
    assert state.timeline.patches == {}


def test_t05_or_patch_survives_a_partial_restore() -> None:
    """T-05, CHR-4.7: 1969 stays patched while 1957 is prime; voided when 1969 is restored."""
    tl = position(primes={1957, 1963}, patched={1969})
    assert open_years(tl) == {1962, 1968}
    events, gone = play_inverter(tl, RESTORE_HISTORY, 1963)
    assert pairs(events) == [flipped(1963, False), closed(1968)]
    assert gone == []
    assert tl.patches == {1969: "pat_1969"}
    assert open_years(tl) == {1962}
    events, gone = play_inverter(tl, REVERSE_FATE, 1957)
    assert pairs(events) == [flipped(1957, False), closed(1962), voided(1969, "pat_1969"), closed(1969)]
    assert gone == ["pat_1969"]
    assert open_years(tl) == set() and tl.paradoxed == set()
    assert_invariant(tl)


# --- T-07 ... T-10: the 1945 Nexus ----------------------------------------------------------


def test_t07_patch_only_on_an_open_paradox() -> None:
    """T-07, CHR-9.2.1, CHR-4.8: 1945 is patched, so demo is illegal though 1936' holds."""
    tl = position(primes={1936, 1943}, patched={1945: TOKYO})
    assert RULES.patch_fits(RULES.patches[DEMO], tl.prime)
    assert illegal_code(tl, DEMO, 1945) == "illegal.already_patched"
    assert RULES.patch_target(tl, DEMO) is None
    assert RULES.patch_target(tl, BERLIN) is None


def test_t08_unstable_void_reopens_1945() -> None:
    """T-08, CHR-4.4 step 3, CHR-5.1.4: restoring 1943 voids tokyo; 1945 stays paradoxed, open."""
    tl = position(primes={1936, 1943}, patched={1945: TOKYO})
    assert open_years(tl) == {1939, 1942, 1948, 1962}
    events, gone = play_inverter(tl, RESTORE_HISTORY, 1943)
    assert pairs(events) == [flipped(1943, False), closed(1962), voided(1945, TOKYO)]
    assert gone == [TOKYO]
    assert 1945 in tl.paradoxed
    assert open_years(tl) == {1939, 1942, 1945, 1948}
    assert RULES.patch_target(tl, DEMO) == 1945
    assert illegal_code(tl, BERLIN, 1945) == "illegal.config_not_met"
    assert illegal_code(tl, TOKYO, 1945) == "illegal.config_not_met"
    assert_invariant(tl)


def test_t09_only_the_matching_configuration() -> None:
    """T-09, CHR-5.1.3, D-5: with 1941' alone, only berlin fits 1945."""
    tl = position(primes={1941})
    assert open_years(tl) == {1945}
    assert 1944 not in tl.paradoxed
    assert RULES.patch_target(tl, BERLIN) == 1945
    for patch in (TOKYO, DEMO):
        assert RULES.patch_target(tl, patch) is None
        with pytest.raises(IllegalMove) as err:
            RULES.check_patch(tl, patch, 1945)
        assert err.value.code == "illegal.config_not_met"


def test_t10_two_fit_each_voids_on_its_own() -> None:
    """T-10, CHR-5.1.3, CHR-5.1.4: berlin survives a restore of 1936 (1941' still holds)."""
    tl = position(primes={1936, 1941})
    assert open_years(tl) == {1939, 1942, 1944, 1945, 1948}
    assert RULES.patch_target(tl, DEMO) == 1945
    assert RULES.patch_target(tl, BERLIN) == 1945
    assert RULES.patch_target(tl, TOKYO) is None
    assert pairs(play_patch(tl, BERLIN)) == [("patch_placed", {"year": 1945, "card": BERLIN})]
    events, gone = play_inverter(tl, RESTORE_HISTORY, 1936)
    assert pairs(events) == [flipped(1936, False), closed(1939), closed(1942), closed(1944), closed(1948)]
    assert gone == []
    assert 1945 in tl.paradoxed and tl.patches == {1945: BERLIN}
    assert open_years(tl) == set()
    assert_invariant(tl)


def test_t10_variant_demo_voids_and_1945_reopens() -> None:
    """T-10, CHR-5.1.4: had demo been played, the same restore voids it and 1945 is open again."""
    tl = position(primes={1936, 1941}, patched={1945: DEMO})
    events, gone = play_inverter(tl, RESTORE_HISTORY, 1936)
    assert kinds(events) == ["linchpin_flipped"] + ["paradox_closed"] * 4 + ["patch_voided"]
    assert gone == [DEMO]
    assert open_years(tl) == {1945}
    assert RULES.patch_target(tl, BERLIN) == 1945
    assert_invariant(tl)


# --- T-11 ... T-13: the UltraParadox -------------------------------------------------------


def test_t11_ultraparadox_starts() -> None:
    """T-11, CHR-5.2.2, CHR-9.2.3: World War 3 on 1962 starts the UltraParadox."""
    tl = position(primes={1957})
    assert open_years(tl) == {1962, 1969}
    assert not RULES.ultraparadox(tl)
    events = play_patch(tl, WORLD_WAR_3)
    assert pairs(events) == [("patch_placed", {"year": 1962, "card": WORLD_WAR_3}), ("ultraparadox_started", {})]
    assert RULES.ultraparadox(tl)
    assert open_years(tl) == {1969}


def test_t11_ultraparadox_bars_post_1962_inverters_and_patches() -> None:
    """T-11, CHR-5.2.4a-b, CHR-9.1.6: the inverter targets and patches left under the UltraParadox
    (artifacts, Rewind, Quick Trip and Get There First are not built yet)."""
    tl = position(primes={1957}, patched={1962})
    assert illegal_code(tl, "pat_1969", 1969) == "illegal.ultraparadox_blocks"
    assert RULES.patch_target(tl, "pat_1969") is None
    assert RULES.inverter_targets(tl, REVERSE_FATE) == PRE_1963_LINCHPINS
    assert RULES.inverter_targets(tl, PREVENT_ASSASSINATION) == [1865, 1914]
    assert RULES.inverter_targets(tl, HALT_ATTACK) == [1941]
    assert RULES.inverter_targets(tl, SABOTAGE) == [1943]
    assert RULES.inverter_targets(tl, RESTORE_HISTORY) == [1957]
    for year in POST_1962_LINCHPINS:
        assert illegal_code(tl, REVERSE_FATE, year) == "illegal.ultraparadox_blocks", year
    assert illegal_code(tl, PREVENT_ASSASSINATION, 1963) == "illegal.ultraparadox_blocks"
    assert illegal_code(tl, PREVENT_ASSASSINATION, 1980) == "illegal.ultraparadox_blocks"
    assert illegal_code(tl, HALT_ATTACK, 1993) == "illegal.ultraparadox_blocks"


def test_t11_post_1962_primes_cannot_be_restored_during_ultraparadox() -> None:
    """CHR-5.2.4a: Restore History and Prevent Assassination cannot reach 1963-1993 either way."""
    tl = position(primes={1957, 1963, 1981, 1993}, patched={1962})
    assert RULES.inverter_targets(tl, RESTORE_HISTORY) == [1957]
    assert illegal_code(tl, RESTORE_HISTORY, 1963) == "illegal.ultraparadox_blocks"
    assert illegal_code(tl, PREVENT_ASSASSINATION, 1981) == "illegal.ultraparadox_blocks"
    assert RULES.inverter_targets(tl, REVERSE_FATE) == PRE_1963_LINCHPINS


ALL_POST_OPEN = {1865, 1957, 1963, 1980, 1981, 1993}  # opens every post-1962 ripplepoint


@pytest.mark.parametrize("year", POST_1962_RIPPLEPOINTS)
def test_chr524b_post_1962_patches_barred(year: int) -> None:
    """CHR-5.2.4b: every post-1962 patch is illegal during the UltraParadox, legal without it."""
    without = position(primes=ALL_POST_OPEN)
    assert year in open_years(without)
    assert RULES.patch_target(without, f"pat_{year}") == year
    during = position(primes=ALL_POST_OPEN, patched={1962})
    assert illegal_code(during, f"pat_{year}", year) == "illegal.ultraparadox_blocks"
    assert RULES.patch_target(during, f"pat_{year}") is None


def test_chr524_pre_1963_patch_still_legal_during_ultraparadox() -> None:
    """CHR-5.2.4 (everything else stays legal), D-6, CHR-1.8: 1962 and earlier stay reachable."""
    tl = position(primes=ALL_POST_OPEN, patched={1962})
    assert RULES.patch_target(tl, "pat_1868") == 1868


def test_t12_bookkeeping_past_1962() -> None:
    """T-12, CHR-5.2.5, D-7: during the UltraParadox 1969 still closes with its linchpins."""
    tl = position(primes={1943, 1957}, patched={1962})
    assert open_years(tl) == {1945, 1969}
    events, gone = play_inverter(tl, REVERSE_FATE, 1957)
    assert pairs(events) == [flipped(1957, False), closed(1969)]
    assert gone == []
    assert 1962 in tl.paradoxed and tl.patches == {1962: WORLD_WAR_3}
    assert RULES.ultraparadox(tl)
    assert open_years(tl) == {1945}
    assert_invariant(tl)


def test_t13_ultraparadox_ends() -> None:
    """T-13, CHR-5.2.2: restoring 1957 voids World War 3 and post-1962 plays are legal again."""
    tl = position(primes={1957}, patched={1962})
    assert open_years(tl) == {1969}
    events, gone = play_inverter(tl, RESTORE_HISTORY, 1957)
    assert pairs(events) == [
        flipped(1957, False), voided(1962, WORLD_WAR_3), closed(1962), closed(1969), ("ultraparadox_ended", {}),
    ]
    assert gone == [WORLD_WAR_3]
    assert not RULES.ultraparadox(tl)
    assert tl.paradoxed == set()
    assert RULES.inverter_targets(tl, REVERSE_FATE) == list(LINCHPINS)
    assert RULES.inverter_targets(tl, PREVENT_ASSASSINATION) == [1865, 1914, 1963, 1980]


# --- T-14, T-15: going home (CHR-12.2, CHR-5.2.4e) ---------------------------------------------


def test_t14_ultraparadox_blocks_a_post_1962_home() -> None:
    """T-14, CHR-12.2, CHR-5.2.4e: Dexter's titles are all readable, but 1969 and 1995 are
    after 1962, so he cannot go home while World War 3 lies on 1962."""
    tl = position(primes={1914, 1943, 1993}, patched={1918, 1995, 1962})
    assert open_years(tl) == {1945}
    assert 1969 not in tl.paradoxed
    assert not RULES.identity_home(tl, "id_dexter")


def test_t14_same_position_with_1962_open_goes_home() -> None:
    """T-14 variant, CHR-12.2: with 1962 open instead of patched, Dexter goes home."""
    tl = position(primes={1914, 1943, 1993}, patched={1918, 1995})
    assert open_years(tl) == {1945, 1962}
    assert RULES.identity_home(tl, "id_dexter")


def test_t15_squa_tront_goes_home_inside_the_ultraparadox() -> None:
    """T-15, CHR-5.2.6: Squa Tront's years are all <= 1962; the open 1969 does not matter."""
    tl = position(primes={1937, 1957}, patched={1962})
    assert open_years(tl) == {1950, 1969}
    assert not RULES.identity_home(tl, "id_squa_tront")
    play_patch(tl, "pat_1950")
    assert RULES.ultraparadox(tl)
    assert 1945 not in tl.paradoxed
    assert open_years(tl) == {1969}
    assert RULES.identity_home(tl, "id_squa_tront")


def test_chr122_open_paradox_on_a_patched_year_blocks_home() -> None:
    """CHR-12.2: a patched year left open (not yet covered) blocks the ID (cf. T-28)."""
    tl = position(primes={1936}, patched={1942})
    assert not RULES.identity_home(tl, "id_yitzchak")
    play_patch(tl, "pat_1948")
    assert RULES.identity_home(tl, "id_yitzchak")
    tl2 = position(primes={1915, 1936}, patched={1942, 1948})  # 1917 paradoxed: true title gone
    assert not RULES.identity_home(tl2, "id_yitzchak")


def test_chr122_progress_reads_each_of_the_three_titles() -> None:
    """CHR-12.2: Gustav (1868; 1917', 1918') - which titles show, one by one; home needs all three."""
    tl = position(primes={1914, 1915}, patched={1918})
    assert RULES.identity_progress(tl, "id_gustav") == (True, False, True)  # 1917 open, not yet covered
    assert not RULES.identity_home(tl, "id_gustav")
    play_patch(tl, "pat_1917")
    assert RULES.identity_progress(tl, "id_gustav") == (True, True, True)
    assert RULES.identity_home(tl, "id_gustav")
    tl2 = position(primes={1865, 1914, 1915}, patched={1917, 1918})  # 1868 paradoxed: the true title is gone
    assert RULES.identity_progress(tl2, "id_gustav") == (False, True, True)
    assert not RULES.identity_home(tl2, "id_gustav")
    assert RULES.identity_progress(position(), "id_gustav") == (True, False, False)


# --- T-16, T-17: destroying the universe (CHR-5.3) --------------------------------------------

T16_PRIMES = {1865, 1912, 1914, 1915, 1936, 1937, 1957}
T16_OPEN = {1868, 1917, 1918, 1929, 1933, 1939, 1942, 1945, 1948, 1950, 1962, 1969}


def test_t16_thirteenth_paradox_destroys() -> None:
    """T-16, CHR-5.3.1, CHR-5.3.2: the flip that opens the 13th paradox destroys the universe."""
    tl = position(primes=T16_PRIMES)
    assert open_years(tl) == T16_OPEN
    assert not RULES.destroyed(tl)
    events, _ = play_inverter(tl, HALT_ATTACK, 1993)
    assert pairs(events) == [flipped(1993, True), opened(1995), ("universe_destroyed", {"open": 13})]
    assert RULES.destroyed(tl)


def test_t16_variant_patched_paradoxes_do_not_count() -> None:
    """T-16 variant, CHR-5.3.3, CHR-1.4: with 1950 patched the same flip leaves 12 open; play goes on."""
    tl = position(primes=T16_PRIMES, patched={1950})
    events, _ = play_inverter(tl, HALT_ATTACK, 1993)
    assert "universe_destroyed" not in kinds(events)
    assert len(open_years(tl)) == 12
    assert not RULES.destroyed(tl)


def test_chr532_one_flip_can_jump_past_13() -> None:
    """CHR-5.3.2, D-8: counted once after the whole update; 1936 opens four years at once."""
    tl = position(primes={1865, 1912, 1914, 1915, 1937, 1957, 1963})
    assert len(open_years(tl)) == 10
    events, _ = play_inverter(tl, REVERSE_FATE, 1936)
    assert kinds(events).count("universe_destroyed") == 1
    assert events[-1].kind == "universe_destroyed" and events[-1].params["open"] == 14
    assert len(open_years(tl)) == 14


def test_t17_a_restore_destroys_via_the_nexus() -> None:
    """T-17, CHR-4.5, CHR-5.3: restoring 1943 reopens 1945 (tokyo voided) -> 13 open."""
    primes = {1865, 1912, 1914, 1915, 1936, 1937, 1943, 1957, 1993}
    tl = position(primes=primes, patched={1945: TOKYO})
    assert len(open_years(tl)) == 12
    events, gone = play_inverter(tl, RESTORE_HISTORY, 1943)
    assert 1962 in tl.paradoxed  # 1957' keeps it
    assert gone == [TOKYO]
    assert pairs(events) == [flipped(1943, False), voided(1945, TOKYO), ("universe_destroyed", {"open": 13})]
    assert open_years(tl) == {1868, 1917, 1918, 1929, 1933, 1939, 1942, 1945, 1948, 1950, 1962, 1969, 1995}
    assert RULES.destroyed(tl)


# --- T-18 ... T-21: inverter targets (CHR-9.1, CHR-17.3) ---------------------------------------


def test_t18_avert_disaster_one_way() -> None:
    """T-18, CHR-9.1.2, CHR-9.1.3, CHR-9.1.4: Avert Disaster only to prime; Restore History only to true."""
    tl = position(primes={1912})
    assert RULES.inverter_targets(tl, AVERT_DISASTER) == [1915, 1937]
    assert illegal_code(tl, AVERT_DISASTER, 1912) == "illegal.wrong_direction"
    assert RULES.inverter_targets(tl, RESTORE_HISTORY) == [1912]
    assert RULES.inverter_targets(tl, REVERSE_FATE) == list(LINCHPINS)
    assert len(LINCHPINS) == 13


def test_t19_prevent_assassination() -> None:
    """T-19, CHR-17.3: no re-killing JFK, Hitler not protected; 1981 back to true closes 1991."""
    tl = position(primes={1963, 1981})
    assert open_years(tl) == {1968, 1969, 1991}
    assert RULES.inverter_targets(tl, PREVENT_ASSASSINATION) == [1865, 1914, 1980, 1981]
    assert illegal_code(tl, PREVENT_ASSASSINATION, 1963) == "illegal.wrong_direction"
    assert illegal_code(tl, PREVENT_ASSASSINATION, 1936) == "illegal.linchpin_not_listed"
    events, _ = play_inverter(tl, PREVENT_ASSASSINATION, 1981)
    assert pairs(events) == [flipped(1981, False), closed(1991)]
    assert open_years(tl) == {1968, 1969}


def test_t20_halt_attack_and_sabotage() -> None:
    """T-20, CHR-17.3."""
    tl = position()
    assert RULES.inverter_targets(tl, HALT_ATTACK) == [1941, 1993]
    assert RULES.inverter_targets(tl, SABOTAGE) == [1943, 1957]
    events, _ = play_inverter(tl, SABOTAGE, 1943)
    assert pairs(events) == [flipped(1943, True), opened(1945), opened(1962)]
    assert open_years(tl) == {1945, 1962}
    assert RULES.inverter_targets(tl, SABOTAGE) == [1957]
    assert RULES.inverter_targets(tl, RESTORE_HISTORY) == [1943]


def test_t21_restore_history_without_target() -> None:
    """T-21, CHR-8.6, D-16: with no prime linchpin Restore History cannot be played, only discarded."""
    tl = position()
    assert RULES.inverter_targets(tl, RESTORE_HISTORY) == []
    restore = inst(RESTORE_HISTORY, 2)
    state = solo_state(hand=[restore, inst(REVERSE_FATE, 4)],
                       waiting=["id_dexter", "id_renee", "id_boris", "id_ingrid", "id_gustav", "id_svetlana"])
    moves = ENG.legal_moves(state, 0)
    assert not [m for m in moves if isinstance(m, PlayCard) and m.card == restore]
    assert Discard(0, restore) in moves
    with pytest.raises(IllegalMove) as err:
        ENG.check(state, PlayCard(0, restore, 1936))
    assert err.value.code == "illegal.wrong_direction"


def test_t21_inverter_on_a_ripplepoint() -> None:
    """T-21, CHR-9.1.1, CHR-4.1, CHR-1.2: PlayCard(Reverse Fate, 1945) -> not_a_linchpin; nothing changes."""
    fate = inst(REVERSE_FATE, 4)
    state = solo_state(hand=[fate], waiting=["id_dexter", "id_renee", "id_boris", "id_ingrid", "id_gustav", "id_svetlana"])
    before = ENG.to_dict(state)
    with pytest.raises(IllegalMove) as err:
        ENG.apply(state, PlayCard(0, fate, 1945))
    assert err.value.code == "illegal.not_a_linchpin"
    assert ENG.to_dict(state) == before


def test_t21_both_turn_1936_back() -> None:
    """T-21, CHR-9.1.3, CHR-9.1.4: with 1936' Reverse Fate and Restore History both reach 1936."""
    tl = position(primes={1936})
    assert 1936 in RULES.inverter_targets(tl, REVERSE_FATE)
    assert RULES.inverter_targets(tl, RESTORE_HISTORY) == [1936]


def test_chr921_patch_on_a_wrong_year() -> None:
    """CHR-9.2.1: a patch goes only on its own year, even onto another open paradox."""
    tl = position(primes={1937, 1963})
    assert illegal_code(tl, "pat_1950", 1968) == "illegal.patch_wrong_year"
    assert illegal_code(tl, "pat_1950", 1937) == "illegal.patch_wrong_year"
    assert illegal_code(tl, "pat_1950", 1950) == ""


# --- CHR-4.3 / CHR-4.4 against an independent oracle ------------------------------------------


def oracle_flip(tl: Timeline, year: int) -> tuple[set[int], dict[int, str], set[int], set[int]]:
    """What CHR-4.4 says one flip leads to: (prime, patches kept, opened, closed)."""
    prime = set(tl.prime) ^ {year}
    paradoxed = paradoxed_for(prime)
    kept = {}
    for y, patch in tl.patches.items():
        if y in paradoxed and RULES.patch_fits(RULES.patches[card_kind(patch)], prime):
            kept[y] = patch
    return prime, kept, paradoxed - tl.paradoxed, tl.paradoxed - paradoxed


def test_chr44_flip_matches_oracle_on_random_play() -> None:
    """CHR-4.3, CHR-4.4, CHR-4.7, CHR-5.2.2, CHR-5.3.1, CHR-1.10: 300 random sequences of legal inverter
    and patch plays; each flip's result and events agree with a direct reading of the rules."""
    patches = sorted(RULES.patches)
    for seed in range(300):
        rnd = random.Random(seed)
        tl = position(primes={y for y in LINCHPINS if rnd.random() < 0.3})
        for _ in range(25):
            if rnd.random() < 0.4:
                fits = [p for p in patches if RULES.patch_target(tl, p) is not None]
                if fits:
                    play_patch(tl, rnd.choice(fits))
                    assert_invariant(tl)
                    continue
            inverter = rnd.choice(sorted(RULES.inverters))
            targets = RULES.inverter_targets(tl, inverter)
            if not targets:
                continue
            year = rnd.choice(targets)
            was_ultra = RULES.ultraparadox(tl)
            want_prime, want_kept, want_opened, want_closed = oracle_flip(tl, year)
            before_patches = dict(tl.patches)
            events, gone = play_inverter(tl, inverter, year)
            assert tl.prime == want_prime
            assert tl.patches == want_kept
            assert sorted(gone) == sorted(p for y, p in before_patches.items() if y not in want_kept)
            assert {e.params["year"] for e in events if e.kind == "paradox_opened"} == want_opened
            assert {e.params["year"] for e in events if e.kind == "paradox_closed"} == want_closed
            assert sorted(e.params["card"] for e in events if e.kind == "patch_voided") == sorted(gone)
            assert ("ultraparadox_ended" in kinds(events)) == (was_ultra and not RULES.ultraparadox(tl))
            assert ("universe_destroyed" in kinds(events)) == (len(tl.open_paradoxes()) >= 13)
            assert_invariant(tl)
