"""`convivium bench --compare REV`: this tree's bench against another revision's, on the same machine at the
same time. The other revision is checked out in a temporary git worktree; the two benches run alternately
(now, then, then, now…) so that a change of load falls on both; every row is printed with its figure then and
now and the ratio now / then of its cost (time, or the inverse of a rate): 1.00× is as fast as before, below
is faster. Figures move by a factor of two from one minute to the next on a loaded machine; a ratio taken this
way does not. CI does not run it; BENCHMARKS.md shows its output.
"""
from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# A row of the bench's table: what, the figure, the budget, then ok or OVER (every revision prints this shape).
ROW = re.compile(r"^(?P<what> *\S.*?)\s{2,}(?P<measured>\S(?:.*?\S)?)\s{2,}(?P<budget>\S(?:.*?\S)?)\s{2,}(?:ok|OVER)\s*$")
FIGURE = re.compile(r"^(?P<number>[0-9][0-9,]*(?:\.[0-9]+)?)\s*(?P<unit>ms|µs|s|MB|×)?$")
UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "MB": 1.0, "×": 1.0, None: 1.0}
HIGHER_IS_BETTER = ("per second", "per reference work")


def rows(output: str) -> dict[str, str]:
    """The bench's printed table, row name -> figure as printed (indented sub-rows keep their indent)."""
    found: dict[str, str] = {}
    for line in output.splitlines():
        match = ROW.match(line.rstrip("\n"))
        if match and match["what"] != "what":
            found[match["what"]] = match["measured"]
    return found


def cost(what: str, measured: str) -> float | None:
    """A row's figure as a cost (lower is better): a time or a size as it is, a rate inverted; None when the
    figure is not a number."""
    match = FIGURE.match(measured.strip())
    if match is None:
        return None
    value = float(match["number"].replace(",", "")) * UNITS[match["unit"]]
    if value <= 0:
        return None
    return 1 / value if any(words in what for words in HIGHER_IS_BETTER) else value


def bench_module(tree: Path) -> str:
    """The bench module of the revision checked out at `tree`: desktop/tools/ since the folders per layer,
    desktop/benchmark.py before (2026-11-25's). Named by what the tree holds: a module it lacks would be
    imported from the installed tree instead, and the bench would measure a mix of the two."""
    return "desktop.tools.benchmark" if (tree / "desktop" / "tools" / "benchmark.py").is_file() else "desktop.benchmark"


def run_bench(tree: Path) -> str:
    """The output of the bench of the revision checked out at `tree` (its own code and card sets)."""
    env = dict(os.environ, PYTHONPATH=str(tree), QT_QPA_PLATFORM="offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # its starts are timed with their compiled files written, as ours are
    code = f"import sys; from {bench_module(tree)} import main; sys.exit(main([]))"
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the bench at {tree} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def table(now: list[dict[str, str]], then: list[dict[str, str]]) -> list[tuple[str, str, str, str]]:
    """(what, then, now, now / then) for every row of this revision's bench, the ratio of the median costs."""
    out = []
    for what in now[-1]:
        costs_now = [c for run in now if (c := cost(what, run.get(what, ""))) is not None]
        costs_then = [c for run in then if (c := cost(what, run.get(what, ""))) is not None]
        ratio = (f"{statistics.median(costs_now) / statistics.median(costs_then):.2f}×"
                 if costs_now and costs_then else "—")
        out.append((what, then[-1].get(what, "—"), now[-1][what], ratio))
    return out


def compare(revision: str, rounds: int = 2) -> int:
    """Run both benches `rounds` times each, alternately, and print the comparison; 2 if REV is not there."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        print("convivium bench --compare needs a git checkout of Convivium and git.", file=sys.stderr)
        return 2
    known = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}"],
                           capture_output=True, text=True)
    if known.returncode != 0:
        print(f"convivium bench --compare: no revision {revision!r} in {ROOT}.", file=sys.stderr)
        return 2
    folder = Path(tempfile.mkdtemp(prefix="convivium-compare-"))
    then_tree = folder / "then"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(then_tree), revision],
                   check=True)
    now_runs: list[dict[str, str]] = []
    then_runs: list[dict[str, str]] = []
    try:
        for round_ in range(max(1, rounds)):
            order = [(ROOT, now_runs), (then_tree, then_runs)]
            for tree, runs in order if round_ % 2 == 0 else reversed(order):
                print(f"round {round_ + 1}: bench of {'this tree' if tree == ROOT else revision}…", file=sys.stderr)
                runs.append(rows(run_bench(tree)))
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(then_tree)], check=False)
        shutil.rmtree(folder, ignore_errors=True)
    lines = table(now_runs, then_runs)
    width = max(len(line[0]) for line in lines)
    print(f"{'what':<{width}}  {'then (' + revision[:10] + ')':>18}  {'now':>12}  {'now / then':>10}")
    for what, then_figure, now_figure, ratio in lines:
        print(f"{what:<{width}}  {then_figure:>18}  {now_figure:>12}  {ratio:>10}")
    new_rows = missing_then(now_runs, then_runs)
    if new_rows:
        print(f"\n{len(new_rows)} rows are not in the bench of {revision[:10]} (measured now only, no ratio): "
              f"{'; '.join(what.strip() for what in new_rows)}.")
    print(f"\nWhich changes are more than the spread of the rounds: pyperf's compare_to (a t-test over the "
          f"{len(now_runs)} rounds of each build; then = {revision[:10]}, now = this tree):")
    print(significance(now_runs, then_runs))
    return 0


def significance(now: list[dict[str, str]], then: list[dict[str, str]]) -> str:
    """pyperf's `compare_to` on the rows measured in every round of both builds, each round a value: which changes
    stand out of the noise between rounds, a judgement a table of medians cannot give. Rows of ratios to the
    floor or a reference (×, or per reference work) are left to the table: they are quotients of rows given here."""
    try:
        import pyperf  # type: ignore[import-untyped]  # it ships no types
    except ImportError:
        return "pyperf is not installed: pip install -e \".[bench]\" for this judgement."
    benchmarks: list[list[Any]] = [[], []]  # then's, now's
    for what, measured in now[-1].items():
        unit = pyperf_unit(what, measured)
        sides = [[cost(what, run.get(what, "")) for run in runs] for runs in (then, now)]
        if unit is None or any(value is None for side in sides for value in side):
            continue  # a ratio, or a row some round did not measure
        scale = 1 << 20 if unit == "byte" else 1  # the bench's MB are MiB (VmRSS in kB / 1024)
        for found, side in zip(benchmarks, sides):
            found.append(pyperf.Benchmark([
                pyperf.Run([value * scale], metadata={"name": what.strip(), "unit": unit}, collect_metadata=False)
                for value in side if value is not None]))
    if not benchmarks[0]:
        return "No row was measured in every round of both builds."
    suites = [pyperf.BenchmarkSuite(found) for found in benchmarks]
    folder = Path(tempfile.mkdtemp(prefix="convivium-pyperf-"))
    try:
        paths = [folder / "then.json", folder / "now.json"]
        for suite, path in zip(suites, paths):
            suite.dump(str(path))
        done = subprocess.run([sys.executable, "-m", "pyperf", "compare_to", *map(str, paths), "--table",
                               "--table-format", "md"], capture_output=True, text=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return done.stdout.rstrip() if done.returncode == 0 else f"pyperf compare_to failed: {done.stderr.strip()}"


def pyperf_unit(what: str, measured: str) -> str | None:
    """The unit pyperf gives a row's cost: seconds (a time, or a rate inverted: seconds per move), bytes (memory);
    None for a row that is a ratio or not a number."""
    match = FIGURE.match(measured.strip())
    if match is None or match["unit"] == "×" or "per reference work" in what:
        return None
    if match["unit"] == "MB":
        return "byte"
    return "second" if match["unit"] in ("s", "ms", "µs") or "per second" in what else None


def missing_then(now: list[dict[str, str]], then: list[dict[str, str]]) -> list[str]:
    """The rows of this revision's bench that the other revision's bench does not print (a row added since, such as
    the network's): they are shown with no figure then and no ratio."""
    return [what for what in now[-1] if not any(what in run for run in then)]
