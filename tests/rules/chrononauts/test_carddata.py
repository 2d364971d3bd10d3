"""The Chrononauts card data as the rules read it (CHR-17, loader checks CHR-17.9).

The expected tables below restate the digest's CHR-17.1-17.4; they pin the YAML to the rules.
"""
from __future__ import annotations

from collections import Counter

import pytest

from cardsets import load_chrononauts
from helpers import ALL_INSTANCES, BERLIN, DEMO, LINCHPINS, RIPPLEPOINTS, RULES, TOKYO, paradoxed_for, position
from rules.chrononauts.timeline import Timeline

CARDS = load_chrononauts()

# CHR-17.1: ripplepoint -> (op, linchpins)
RULE_TABLE: dict[int, tuple[str, tuple[int, ...]]] = {
    1868: ("single", (1865,)), 1917: ("single", (1915,)), 1918: ("single", (1914,)),
    1929: ("single", (1912,)), 1933: ("or", (1912, 1915)), 1939: ("single", (1936,)),
    1942: ("single", (1936,)), 1944: ("and", (1936, 1941)), 1945: ("or", (1936, 1941, 1943)),
    1948: ("single", (1936,)), 1950: ("single", (1937,)), 1962: ("or", (1943, 1957)),
    1968: ("single", (1963,)), 1969: ("or", (1957, 1963)), 1974: ("and", (1865, 1963)),
    1986: ("and", (1980, 1981)), 1991: ("single", (1981,)), 1995: ("single", (1993,)),
    1999: ("single", (1980,)),
}
LINCHPIN_YEARS = (1865, 1912, 1914, 1915, 1936, 1937, 1941, 1943, 1957, 1963, 1980, 1981, 1993)

# CHR-17.3
INVERTER_TABLE: dict[str, tuple[int, dict[int, str] | None, str]] = {
    "inv_reverse_fate": (9, None, "either"),
    "inv_restore_history": (3, None, "to_true"),
    "inv_prevent_assassination": (3, {1865: "to_prime", 1914: "to_prime", 1963: "to_prime", 1980: "to_prime", 1981: "to_true"}, "either"),
    "inv_avert_disaster": (3, {1912: "to_prime", 1915: "to_prime", 1937: "to_prime"}, "either"),
    "inv_halt_attack": (1, {1941: "to_prime", 1993: "to_prime"}, "either"),
    "inv_sabotage": (1, {1943: "to_prime", 1957: "to_prime"}, "either"),
}

# CHR-17.4: id -> (true year, patched years, needs_prime, needs_true)
ID_TABLE: dict[str, tuple[int, tuple[int, int], set[int], set[int]]] = {
    "id_squa_tront": (1945, (1950, 1962), {1937, 1957}, {1936, 1941, 1943}),
    "id_yitzchak": (1917, (1942, 1948), {1936}, {1915}),
    "id_renee": (1986, (1995, 1999), {1980, 1993}, {1981}),
    "id_gustav": (1868, (1917, 1918), {1914, 1915}, {1865}),
    "id_ingrid": (1918, (1939, 1968), {1936, 1963}, {1914}),
    "id_cornelius": (1929, (1917, 1933), {1915}, {1912}),
    "id_lyudmila": (1933, (1969, 1974), {1865, 1963}, {1912, 1915}),
    "id_hannelore": (1944, (1939, 1942), {1936}, {1941}),
    "id_boris": (1948, (1986, 1991), {1980, 1981}, {1936}),
    "id_tadeusz": (1950, (1868, 1944), {1865, 1936, 1941}, {1937}),
    "id_svetlana": (1968, (1929, 1969), {1912, 1957}, {1963}),
    "id_dexter": (1969, (1918, 1995), {1914, 1993}, {1957, 1963}),
    "id_jasmine": (1991, (1974, 1999), {1865, 1963, 1980}, {1981}),
    "id_moonbeam": (1995, (1968, 1986), {1963, 1980, 1981}, {1993}),
}


def all_configurations() -> list[frozenset[int]]:
    """Every one of the 2^13 sets of prime linchpins."""
    return [frozenset(y for i, y in enumerate(LINCHPINS) if mask >> i & 1) for mask in range(1 << len(LINCHPINS))]


CONFIGS = all_configurations()
PARADOXED = {c: frozenset(paradoxed_for(c)) for c in CONFIGS}


# --- CHR-17.9.1: counts ------------------------------------------------------------------------


def test_chr1791_counts() -> None:
    """CHR-17.9.1, CHR-2.1, CHR-16.2, CHR-1.2, CHR-1.3: 13 L + 19 R, 14 IDs, 20 inverters, 21 patches,
    41 play cards."""
    assert sum(c.is_linchpin for c in CARDS.timeline) == 13
    assert sum(not c.is_linchpin for c in CARDS.timeline) == 19
    assert len(CARDS.identities) == 14
    assert len(CARDS.patches) == 21
    assert sum(i.count for i in CARDS.inverters) == 20
    assert len(ALL_INSTANCES) == 41 == len(set(ALL_INSTANCES))


def test_chr173_inverter_split_and_targets() -> None:
    """CHR-17.3, D-35: split 9/3/3/3/1/1 and the listed targets and directions."""
    got = {i.id: (i.count, None if i.targets is None else dict(i.targets), i.direction) for i in CARDS.inverters}
    assert got == INVERTER_TABLE
    assert sorted(i.count for i in CARDS.inverters) == [1, 1, 3, 3, 3, 9]


# --- CHR-17.1, CHR-3: the timeline -------------------------------------------------------------


def test_chr171_years_and_rules() -> None:
    """CHR-17.1, CHR-4.2: the linchpin years and every ripplepoint's rule."""
    assert tuple(c.year for c in CARDS.timeline if c.is_linchpin) == LINCHPIN_YEARS
    assert {c.year: (c.op, tuple(c.of)) for c in CARDS.timeline if not c.is_linchpin} == RULE_TABLE


def test_chr31_time_index_in_date_order() -> None:
    """CHR-3.1, CHR-3.2, D-2: Time Index A1 ... D8 follows date order, row by row."""
    ordered = sorted(CARDS.timeline, key=lambda c: c.year)
    assert [c.ti for c in ordered] == [f"{row}{col}" for row in "ABCD" for col in range(1, 9)]
    assert (ordered[0].year, ordered[-1].year) == (1865, 1999)


def test_chr1792_ripples_are_the_inverse_of_the_rules() -> None:
    """CHR-3.4, CHR-17.9.2: each linchpin's ripples are exactly the years whose rule names it."""
    rule_years = {c.year: set(c.of) for c in CARDS.timeline if not c.is_linchpin}
    for card in CARDS.timeline:
        if card.is_linchpin:
            assert sorted(card.ripples) == sorted(y for y, of in rule_years.items() if card.year in of), card.year
    for of in rule_years.values():
        assert of <= set(LINCHPIN_YEARS)


def test_chr1792_one_patch_per_year_three_on_1945() -> None:
    """CHR-17.9.2, CHR-17.2, CHR-5.1.2: every patch year is a ripplepoint; 1945 has three, the others one."""
    per_year = Counter(p.year for p in CARDS.patches)
    assert set(per_year) == set(RIPPLEPOINTS)
    assert per_year[1945] == 3
    assert all(n == 1 for y, n in per_year.items() if y != 1945)
    assert set(CARDS.by_year[1945].patches) == {TOKYO, DEMO, BERLIN}
    for card in CARDS.timeline:
        if not card.is_linchpin and card.year != 1945:
            assert card.patches == (f"pat_{card.year}",)
    assert [c.year for c in CARDS.timeline if c.nexus] == [1945]
    assert [c.year for c in CARDS.timeline if c.ultra] == [1962]
    assert [p.id for p in CARDS.patches if p.ultraparadox] == ["pat_1962"]


def test_chr1793_1945_configurations_imply_the_1945_rule() -> None:
    """CHR-17.9.3, CHR-5.1.2: tokyo 1943', demo 1936', berlin 1941'; each implies 1945 paradoxed
    in every configuration (so a fitting patch never lies on a true 1945)."""
    fits = {p.id: set(p.playable_if_prime) for p in CARDS.patches if p.playable_if_prime}
    assert fits == {TOKYO: {1943}, DEMO: {1936}, BERLIN: {1941}}
    for prime_set in fits.values():
        for config in CONFIGS:
            if prime_set <= config:
                assert 1945 in PARADOXED[config]


# --- CHR-17.4, CHR-17.9.4: identities ----------------------------------------------------------


def test_chr174_identity_table() -> None:
    """CHR-17.4: each ID's years and the configuration it needs."""
    got = {i.id: (i.true_year, i.patched, set(i.needs_prime), set(i.needs_true)) for i in CARDS.identities}
    assert got == ID_TABLE


def test_chr1794_usage() -> None:
    """CHR-17.4, CHR-17.9.4, CHR-5.1.5: patched-year usage, no 1945 patch, 14 different true years."""
    usage = Counter(y for i in CARDS.identities for y in i.patched)
    assert {y for y, n in usage.items() if n == 1} == {1868, 1929, 1933, 1944, 1948, 1950, 1962, 1991}
    assert {y for y, n in usage.items() if n == 2} == {1917, 1918, 1939, 1942, 1968, 1969, 1974, 1986, 1995, 1999}
    assert set(usage.values()) == {1, 2}
    assert 1945 not in usage
    true_years = [i.true_year for i in CARDS.identities]
    assert sorted(true_years) == [1868, 1917, 1918, 1929, 1933, 1944, 1945, 1948, 1950, 1968, 1969, 1986, 1991, 1995]
    for ident in CARDS.identities:
        assert not set(ident.needs_prime) & set(ident.needs_true), ident.id
        assert ident.true_year not in ident.patched


def test_chr1794_squa_tront_alone_uses_1962() -> None:
    """CHR-17.9.4, CHR-5.2.6: only Squa Tront names 1962', and all his years are <= 1962."""
    assert [i.id for i in CARDS.identities if 1962 in i.patched] == ["id_squa_tront"]
    squa = next(i for i in CARDS.identities if i.id == "id_squa_tront")
    assert max(squa.years) <= 1962


@pytest.mark.parametrize("ident", sorted(ID_TABLE))
def test_chr1794_minimal_configuration(ident: str) -> None:
    """CHR-17.9.4: with needs_prime prime and all else true both patched years are paradoxed and
    the true year is not; turning any needs_true linchpin prime breaks it."""
    card = RULES.identities[ident]
    base = frozenset(card.needs_prime)
    assert set(card.patched) <= PARADOXED[base]
    assert card.true_year not in PARADOXED[base]
    for year in card.needs_true:
        spoiled = PARADOXED[base | {year}]
        assert card.true_year in spoiled or not set(card.patched) <= spoiled, (ident, year)


@pytest.mark.parametrize("ident", sorted(ID_TABLE))
def test_chr174_needs_are_exact_over_all_configurations(ident: str) -> None:
    """CHR-17.4 ("checked exhaustively over all 2^13 configurations"): the titles can all be
    readable (true year not paradoxed, both patched years paradoxed) exactly when needs_prime
    are all prime and needs_true all true; other linchpins are free."""
    card = RULES.identities[ident]
    need_p, need_t = frozenset(card.needs_prime), frozenset(card.needs_true)
    wrong = [
        sorted(c) for c in CONFIGS
        if (card.true_year not in PARADOXED[c] and set(card.patched) <= PARADOXED[c]) != (need_p <= c and not need_t & c)
    ]
    assert wrong == [], f"{ident}: {len(wrong)} configurations disagree, e.g. {wrong[:3]}"


@pytest.mark.parametrize("ident", sorted(ID_TABLE))
def test_chr122_identity_home_agrees_with_needs(ident: str) -> None:
    """CHR-12.2 with CHR-17.4: Rules.identity_home on every configuration, the ID's two patches
    placed wherever their years are paradoxed, is true exactly under the ID's needs (World War 3
    is placed only for Squa Tront, whose years are all <= 1962, CHR-5.2.6)."""
    card = RULES.identities[ident]
    need_p, need_t = frozenset(card.needs_prime), frozenset(card.needs_true)
    for config in CONFIGS:
        paradoxed = PARADOXED[config]
        tl = Timeline(set(config), set(paradoxed), {y: f"pat_{y}" for y in card.patched if y in paradoxed})
        assert RULES.identity_home(tl, ident) == (need_p <= config and not need_t & config), (ident, sorted(config))


def test_chr122_identity_home_needs_the_patches_on_the_timeline() -> None:
    """CHR-12.2: the right configuration alone is not enough; both patches must lie there."""
    tl = position(primes={1915})
    assert not RULES.identity_home(tl, "id_cornelius")
    tl = position(primes={1915}, patched={1917})
    assert not RULES.identity_home(tl, "id_cornelius")
    tl = position(primes={1915}, patched={1917, 1933})
    assert RULES.identity_home(tl, "id_cornelius")


# --- CHR-17.9.6: inverter targets ----------------------------------------------------------------


def test_chr1796_inverter_targets_are_linchpins() -> None:
    """CHR-17.9.6: every listed target is a linchpin year; Avert Disaster: exactly 1912, 1915, 1937."""
    for inv in CARDS.inverters:
        assert set(inv.targets or {}) <= set(LINCHPIN_YEARS), inv.id
    avert = next(i for i in CARDS.inverters if i.id == "inv_avert_disaster")
    assert avert.targets is not None and sorted(avert.targets) == [1912, 1915, 1937]
