"""Solonauts deals the solver has proven winnable, and one deal of the day for everybody.

A deal number is the seed of `SolonautsEngine.new_state`; with the number of IDs it fixes the
whole game, deck order included, so the exact solver can tell whether the deal can be won by a
player who plays perfectly (knowing the order, which a real player does not).
"""
from __future__ import annotations

import hashlib
from random import Random
from typing import TYPE_CHECKING

from rules.chrononauts.solonauts import SolonautsEngine
from rules.registry import engine

if TYPE_CHECKING:  # a date is handed in: the table does not load datetime before the daily deal is asked for
    import datetime

MAX_DEAL = 2**31 - 1  # the largest deal number the table accepts
BUDGET = 20_000  # solver nodes per deal: most deals are settled in far fewer
DAILY_TRIES = 12  # candidates of the day tried before falling back on the first one
MAX_TRIES = 200


def _engine() -> SolonautsEngine:
    return engine("chrononauts", "solonauts")


def is_winnable(seed: int, ids: int, budget: int = BUDGET) -> bool | None:
    """True or False as the solver proves it; None when the node budget ran out first."""
    from rules.chrononauts.solver import solve  # a search started: the table imports this module at start

    eng = _engine()
    verdict = solve(eng, eng.new_state({"ids": ids}, seed), max_nodes=budget).verdict
    return None if verdict == "unknown" else verdict == "win"


def solvable_deal(rng: Random, ids: int, budget: int = BUDGET, max_tries: int = MAX_TRIES) -> int:
    """A random deal number proven winnable. Raises RuntimeError if `max_tries` draws fail
    (with the default budget about four deals in five are proven winnable)."""
    for _ in range(max_tries):
        seed = rng.randrange(MAX_DEAL + 1)
        if is_winnable(seed, ids, budget):
            return seed
    raise RuntimeError(f"no winnable deal proven in {max_tries} tries")


def daily_candidates(date: datetime.date, ids: int, count: int = DAILY_TRIES) -> list[int]:
    """The day's deal numbers in the order they are tried: a hash, the same on every machine
    (Python's own `hash` is salted per process, so it would not do)."""
    out = []
    for n in range(count):
        digest = hashlib.sha256(f"solonauts:{date.isoformat()}:{ids}:{n}".encode()).digest()
        out.append(int.from_bytes(digest[:8], "big") % (MAX_DEAL + 1))
    return out


def daily_deal(date: datetime.date, ids: int, budget: int = BUDGET) -> int:
    """The deal of the day: the first of the day's candidates proven winnable, else the first.

    Depends only on the date, `ids` and `budget` (the solver is deterministic and counts nodes,
    not time), so everybody gets the same number. A change to the search can change which
    candidates it proves within the budget; a golden test pins some days so that such a change
    is seen (`test_the_deal_of_the_day_stays_the_same_across_versions`).
    """
    candidates = daily_candidates(date, ids)
    for seed in candidates:
        if is_winnable(seed, ids, budget):
            return seed
    return candidates[0]
