"""The winnability study's log files: runs made in pieces add up, the last verdict counting."""
from __future__ import annotations

from pathlib import Path
from random import Random

from rules.chrononauts.study import Outcome, main, percent, read_log, rounded, summary, unknown_deals, wilson

LOG = """\
10 3 unknown 1.2 5001
10 4 unknown 1.1 5001
10 5 win 0.1 40
8 3 unknown 0.9 5001
10 3 win 4.0 30211
"""


def test_a_later_line_decides_a_deal(tmp_path: Path) -> None:
    log = tmp_path / "all.log"
    log.write_text(LOG, encoding="utf-8")
    outcomes = read_log(str(log))
    assert [(o.seed, o.verdict) for o in outcomes[10]] == [(3, "win"), (4, "unknown"), (5, "win")]
    assert unknown_deals(str(log), 10) == {4}
    assert unknown_deals(str(log), 8) == {3}
    assert unknown_deals(str(log), 6) == set()


def test_a_rerun_takes_only_the_deals_still_unknown(tmp_path: Path) -> None:
    before = tmp_path / "before.log"
    before.write_text("6 0 unknown 1.0 5001\n6 1 unknown 1.0 5001\n6 1 win 0.2 80\n", encoding="utf-8")
    after = tmp_path / "after.log"
    assert main(["--deals", "3", "--ids", "6", "--budget", "20000", "--unknown-from", str(before),
                 "--log", str(after)]) == 0
    rows = [line.split() for line in after.read_text(encoding="utf-8").splitlines()]
    assert [(r[0], r[1]) for r in rows] == [("6", "0")]
    assert rows[0][2] in ("win", "loss")


def test_the_range_is_rounded_outwards() -> None:
    """The low end (wins only) rounds down and the high end (wins and unknown) rounds up, so the
    printed range always holds the proven one."""
    assert percent(1939, 2000, up=False) == "96.95%" and percent(1, 3, up=False) == "33.33%"
    assert percent(2, 3, up=True) == "66.67%" and percent(2, 3, up=False) == "66.66%"
    assert percent(0, 7, up=True) == "0.00%" and percent(7, 7, up=False) == "100.00%"
    outcomes = [Outcome(0, "win", 0.1, 10), Outcome(1, "loss", 0.1, 10), Outcome(2, "unknown", 0.1, 10)]
    assert "| 33.33% – 66.67% |" in summary(6, outcomes)


def test_two_workers_log_every_deal_once(tmp_path: Path) -> None:
    """Deals are logged as they end, in any order; each deal of the run gets exactly one line."""
    log = tmp_path / "run.log"
    assert main(["--deals", "4", "--first", "10", "--ids", "6", "--budget", "3000", "--jobs", "2",
                 "--log", str(log)]) == 0
    rows = [line.split() for line in log.read_text(encoding="utf-8").splitlines()]
    assert sorted(int(r[1]) for r in rows) == [10, 11, 12, 13]
    assert sorted(o.seed for o in read_log(str(log))[6]) == [10, 11, 12, 13]


def test_the_wilson_interval_matches_the_textbook() -> None:
    """Wilson's score interval at 95%: 5 of 10 gives 23.66%–76.34%; none of 10 still allows up
    to 27.75%, all of 10 down to 72.25%."""
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert rounded(wilson(0, 10)[0], up=False) == "0.00%" and round(wilson(0, 10)[1], 4) == 0.2775
    assert round(wilson(10, 10)[0], 4) == 0.7225 and rounded(wilson(10, 10)[1], up=True) == "100.00%"
    assert rounded(0.236598, up=False) == "23.65%" and rounded(0.763402, up=True) == "76.35%"


def test_the_wilson_interval_holds_the_true_share_about_95_times_in_100() -> None:
    """Samples of 200 deals drawn from a game where 70% of the deals are winnable: the interval
    must hold 70% in about 95% of the samples (it would fall far short if its width were
    wrong)."""
    rng = Random(8)
    runs = 2000
    held = 0
    for _ in range(runs):
        wins = sum(rng.random() < 0.7 for _ in range(200))
        low, high = wilson(wins, 200)
        held += low <= 0.7 <= high
    assert 0.93 * runs <= held <= 0.97 * runs


def test_the_confidence_range_widens_the_proven_one() -> None:
    """The range for every deal number starts below the proven wins' share and ends above the
    share of wins plus unknown deals."""
    outcomes = ([Outcome(s, "win", 0.1, 10) for s in range(70)] + [Outcome(s, "loss", 0.1, 10) for s in range(70, 90)]
                + [Outcome(s, "unknown", 0.1, 10) for s in range(90, 100)])
    row = summary(10, outcomes)
    low, high = wilson(70, 100)[0], wilson(80, 100)[1]
    assert f"| 70.00% – 80.00% | {rounded(low, up=False)} – {rounded(high, up=True)} |" in row
    assert low < 0.70 and high > 0.80
