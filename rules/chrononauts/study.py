"""How many Solonauts deals can be won? Solve deals 0, 1, 2, ... exactly and count.

    python -m rules.chrononauts.study --deals 2000 --ids 6 8 10

"Winnable" means: a player who knew the order of the deck, and played perfectly, would win.
The solver (`rules.chrononauts.solver`) searches every line; a deal on which it runs out of
its node budget is counted as unknown, never as won or lost.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass

from rules.chrononauts.solver import solve
from rules.registry import engine

BUDGET = 30_000
Z_95 = 1.959964  # the normal quantile of 97.5%: each end of the interval misses at most 2.5% of the time
HEADER = ("| IDs | deals | winnable | not winnable | unknown (budget hit) | winnable of decided "
          "| winnable, all deals (low – high) | every deal number, 95% confidence "
          "| median time | worst time | median nodes |\n"
          "|---|---|---|---|---|---|---|---|---|---|---|")


@dataclass
class Outcome:
    """One solved deal: its seed, the verdict, the time and the nodes it took."""

    seed: int
    verdict: str
    seconds: float
    nodes: int


def solve_deal(args: tuple[int, int, int]) -> Outcome:
    """Solve one deal, given as (seed, IDs, node budget); a worker process's task."""
    seed, ids, budget = args
    eng = engine("chrononauts", "solonauts")
    state = eng.new_state({"ids": ids}, seed)
    t0 = time.perf_counter()
    sol = solve(eng, state, max_nodes=budget)
    return Outcome(seed, sol.verdict, time.perf_counter() - t0, sol.nodes)


def summary(ids: int, outcomes: list[Outcome]) -> str:
    """One row of the study's Markdown table for deals with `ids` IDs: counts, the winnable share and its
    bounds, times."""
    wins = sum(o.verdict == "win" for o in outcomes)
    losses = sum(o.verdict == "loss" for o in outcomes)
    unknown = len(outcomes) - wins - losses
    times = [o.seconds for o in outcomes]
    decided = wins + losses
    share = f"{wins / decided:.1%}" if decided else "-"
    low, high = percent(wins, len(outcomes), up=False), percent(wins + unknown, len(outcomes), up=True)
    every_low = rounded(wilson(wins, len(outcomes))[0], up=False)
    every_high = rounded(wilson(wins + unknown, len(outcomes))[1], up=True)
    every = f"{every_low} – {every_high}"
    return (f"| {ids} | {len(outcomes)} | {wins} | {losses} | {unknown} | {share} | {low} – {high} | {every} "
            f"| {statistics.median(times) * 1000:.0f} ms | {max(times):.2f} s | {statistics.median(o.nodes for o in outcomes):.0f} |")


def percent(count: int, total: int, *, up: bool) -> str:
    """count / total in percent with two decimals, rounded down or up, so that a proven range
    printed never claims more than was proven."""
    return _in_percent(-(-count * 10_000 // total) if up else count * 10_000 // total)


def wilson(count: int, total: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a share seen `count` times in `total` draws.

    Deal numbers are seeds, so deals 0 to n - 1 are a random sample of all deals, and the
    share in the sample is an estimate of the share among every deal number. `summary` takes
    the low end for the proven wins and the high end for the wins plus the deals still unknown:
    the sample's true count of winnable deals lies between the two, so the range it prints
    holds the share of every deal number at least 95% of the time.
    """
    share = count / total
    spread = z * z / total
    centre = (share + spread / 2) / (1 + spread)
    half = z * math.sqrt(share * (1 - share) / total + spread / (4 * total)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def rounded(share: float, *, up: bool) -> str:
    """A share in percent with two decimals, rounded outwards like `percent`."""
    return _in_percent(math.ceil(share * 10_000) if up else math.floor(share * 10_000))


def _in_percent(hundredths: int) -> str:
    """Hundredths of a percent, written as a percent with two decimals."""
    return f"{hundredths // 100}.{hundredths % 100:02d}%"


def read_log(log: str) -> dict[int, list[Outcome]]:
    """The outcomes a --log file holds, per number of IDs (a deal solved twice counts once,
    the later line winning), so runs made in pieces can be summed up together."""
    found: dict[tuple[int, int], Outcome] = {}
    with open(log, encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                ids, seed, verdict, seconds, nodes = line.split()
                found[int(ids), int(seed)] = Outcome(int(seed), verdict, float(seconds), int(nodes))
    out: dict[int, list[Outcome]] = {}
    for (count, _), outcome in sorted(found.items()):
        out.setdefault(count, []).append(outcome)
    return out


def unknown_deals(log: str, ids: int) -> set[int]:
    """The deals with `ids` IDs that a --log file leaves unknown: their last line says so (a
    later run may have decided a deal an earlier one could not)."""
    return {o.seed for o in read_log(log).get(ids, []) if o.verdict == "unknown"}


def main(argv: list[str] | None = None) -> int:
    """The study's command line (see the module's docstring); returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rules.chrononauts.study", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per number of IDs (seeds 0, 1, ...)")
    parser.add_argument("--ids", type=int, nargs="+", default=[6, 8, 10])
    parser.add_argument("--budget", type=int, default=BUDGET, help="solver nodes per deal before 'unknown'")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--first", type=int, default=0, help="first deal number")
    parser.add_argument("--log", help="also write one line per deal to this file: ids seed verdict seconds nodes")
    parser.add_argument("--unknown-from", metavar="LOG",
                        help="solve again only the deals a previous --log left unknown (say a bigger --budget)")
    parser.add_argument("--summary-of", metavar="LOG", help="solve nothing: sum up the deals a --log file holds")
    args = parser.parse_args(argv)
    if args.summary_of:
        print(HEADER)
        for ids, outcomes in sorted(read_log(args.summary_of).items()):
            print(summary(ids, outcomes))
        return 0
    print(f"Method: exact depth-first search with the deck order known, node budget {args.budget} per deal; "
          f"deals {args.first}..{args.first + args.deals - 1}; {args.jobs} worker(s).")
    print(HEADER)
    for ids in args.ids:
        seeds = list(range(args.first, args.first + args.deals))
        if args.unknown_from:
            seeds = sorted(unknown_deals(args.unknown_from, ids) & set(seeds))
            if not seeds:
                continue
        work = [(seed, ids, args.budget) for seed in seeds]
        with ProcessPoolExecutor(args.jobs) as pool:
            outcomes = []
            # One deal per task, logged the moment it ends (in any order; `read_log` sorts):
            # a long run stopped midway loses only the deals in progress.
            for future in as_completed([pool.submit(solve_deal, item) for item in work]):
                outcome = future.result()
                outcomes.append(outcome)
                if args.log:
                    with open(args.log, "a", encoding="utf-8") as log:
                        log.write(f"{ids} {outcome.seed} {outcome.verdict} {outcome.seconds:.4f} {outcome.nodes}\n")
        print(summary(ids, outcomes), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
