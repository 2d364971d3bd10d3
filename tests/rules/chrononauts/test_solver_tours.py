"""The solver's count of flips over the IDs' home configurations (`solver._tours`).

The tables are checked against a plain breadth-first search written from the rules (CHR-4.2,
CHR-5.2.4, CHR-12.2) with none of the solver's tables, and on hand-built positions that only
this count settles.
"""
from __future__ import annotations

from collections import deque

from helpers import ENG, RESTORE_HISTORY, REVERSE_FATE, inst, solo_state
from rules.chrononauts.solver import Search, _level, _tours, solve, tables
from test_solver import brute_force

RULES = ENG.rules
T = tables(RULES)
HOME = ["id_renee", "id_ingrid", "id_svetlana", "id_moonbeam"]
FREE, BEFORE, ON, GONE = range(4)  # World War 3: no rules, still to come, on the timeline, voided


def home_configurations(ident_id: str) -> set[int]:
    """CHR-12.2: the linchpin configurations (as sets of prime years) where an ID is at home."""
    ident = RULES.identities[ident_id]
    out = set()
    for mask in range(1 << len(RULES.linchpins)):
        prime = {y for i, y in enumerate(RULES.linchpins) if mask >> i & 1}
        if all(RULES.condition(y, prime) for y in ident.patched) and not RULES.condition(ident.true_year, prime):
            out.add(mask)
    return out


def fewest_flips(ids: list[str]) -> dict[tuple[int, int, int], int]:
    """Fewest flips from (configuration, IDs already home, World War 3 phase) to every ID
    home, by a 0-1 breadth-first search backwards from the goal."""
    years = list(RULES.linchpins)
    homes = [home_configurations(i) for i in ids]
    post = [any(y > 1962 for y in RULES.identities[i].years) for i in ids]
    needs = [1962 in RULES.identities[i].patched for i in ids]
    crisis = [RULES.condition(1962, {y for b, y in enumerate(years) if m >> b & 1}) for m in range(1 << len(years))]
    full = (1 << len(ids)) - 1

    def may_go_home(x: int, phase: int) -> bool:
        if phase == ON and post[x]:
            return False  # CHR-5.2.4e
        return not (needs[x] and phase in (BEFORE, GONE))

    dist: dict[tuple[int, int, int], int] = {}
    queue: deque[tuple[int, int, int, int]] = deque()
    for config in range(1 << len(years)):
        for phase in range(4):
            queue.append((0, config, full, phase))
    while queue:
        d, config, done, phase = queue.popleft()
        if (config, done, phase) in dist:
            continue
        dist[config, done, phase] = d
        # Backwards: which states reach this one in one step?
        for x in range(len(ids)):
            if done >> x & 1 and config in homes[x] and may_go_home(x, phase):
                queue.appendleft((d, config, done & ~(1 << x), phase))
        if phase == ON and crisis[config]:
            queue.appendleft((d, config, done, BEFORE))  # World War 3 played (CHR-4.3)
        if phase == GONE and not crisis[config]:
            queue.appendleft((d, config, done, ON))  # 1962 restored: the patch is voided
        for b, year in enumerate(years):
            if phase == ON and year > 1962:
                continue  # CHR-5.2.4a
            queue.append((d + 1, config ^ (1 << b), done, phase))
    return dist


def test_tour_tables_equal_a_search_over_every_configuration() -> None:
    """CHR-4.2, CHR-5.2.4, CHR-12.2: for every set of three IDs (one needing World War 3, one
    post-1962) and every configuration, the solver's tables give the fewest flips found by
    a search straight from the rules, with World War 3 absent, on the timeline or to come."""
    ids = ["id_squa_tront", "id_boris", "id_hannelore"]
    truth = fewest_flips(ids)
    tours = _tours(tuple(ids), T)
    full = (1 << len(ids)) - 1
    big = 1 << 20
    checked = 0
    for group in range(1 << len(ids)):
        done = full & ~group
        for config in range(T.configs):
            mask = sum(T.lbit[y] for i, y in enumerate(RULES.linchpins) if config >> i & 1)
            tables_say = [_level(tours.ww3[group], mask), _level(tours.before_ww3[group], mask)]
            searched = [truth.get((config, done, ON), big), truth.get((config, done, BEFORE), big)]
            if not group & 1:  # no Squa Tront: the plain table stands for a game without the patch
                tables_say.append(_level(tours.plain[group], mask))
                searched.append(truth.get((config, done, FREE), big))
            assert tables_say == searched, (group, config)
            checked += 1
    assert checked == 8 * T.configs


def test_flips_between_homes_prove_a_loss() -> None:
    """CHR-16.9c: Gustav (1914, 1915 prime, 1865 true) and Lyudmila (1865 prime, 1912 and 1915
    true) cannot be at home together: a walk through both homes takes four flips here, and with
    two patches still to play the five cards in hand are one short. The count over each ID's
    fixed linchpins alone saw no shortfall."""
    hand = ["pat_1917", "pat_1918", inst(REVERSE_FATE, 1), inst(REVERSE_FATE, 2), inst(RESTORE_HISTORY, 1)]
    state = solo_state(primes=[1865, 1915, 1963], patched=[1969, 1974], hand=hand, deck=[],
                       waiting=["id_gustav", "id_lyudmila"], home=HOME)
    search = Search(ENG, state)
    root = search.root(state)
    assert _level(search.tour.plain[root[4]], root[0]) == 4
    assert search.bound(root) is None
    assert not brute_force(state, {})
    assert solve(ENG, state).verdict == "loss"


def test_world_war_3_must_be_voided_before_a_post_1962_id_goes_home() -> None:
    """CHR-5.2.4e, CHR-4.7: with World War 3 on the timeline, Boris (a post-1962 ID, already
    at home by his linchpins and patches) waits until 1962 is restored, and that takes a flip
    of 1957 once Squa Tront, who needs the patch, is home. With no inverter in hand the deal is
    lost; with one it is won."""
    placed = [1962, 1986, 1991]
    primes = [1937, 1957, 1980, 1981]
    waiting = ["id_squa_tront", "id_boris"]
    stuck = solo_state(primes=primes, patched=placed, hand=["pat_1950", "pat_1999"], deck=[],
                       waiting=waiting, home=HOME)
    search = Search(ENG, stuck)
    root = search.root(stuck)
    assert _level(search.tour.plain[root[4]], root[0]) == 0
    assert _level(search.tour.ww3[root[4]], root[0]) == 1
    assert search.bound(root) is None
    assert not brute_force(stuck, {})
    able = solo_state(primes=primes, patched=placed, hand=["pat_1950", inst(REVERSE_FATE, 1)], deck=[],
                      waiting=waiting, home=HOME)
    assert brute_force(able, {})
    sol = solve(ENG, able)
    assert sol.verdict == "win"
    assert [getattr(m, "target", None) for m in sol.line] == [1950, 1957]
