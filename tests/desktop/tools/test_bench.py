"""The bench's own figures of reference and its comparison of two revisions (issue #42). No test asserts on
time: these check that the floor and the references are measured and that the comparison reads rows back."""
from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from desktop.tools import bench_compare, benchmark

ROOT = Path(__file__).resolve().parents[3]
ROWS = [("start to first drawn table (offscreen)", "1401 ms", "< 600 ms", False),
        ("  start-up in floors", "2.31×", "≤ 1.8×", False),
        ("random playout banquet, moves per second", "9,078", "≥ 10,000", False),
        ("legal_moves, mid-game Solonauts", "18 µs", "< 200 µs", True),
        ("  chrononauts: worst of those", "1.49 s", "≤ 3 s", True),
        ("resident memory of the app", "78 MB", "< 200 MB", True)]


def test_the_printed_table_reads_back_row_by_row() -> None:
    assert bench_compare.rows(benchmark.table_text(ROWS)) == {what: figure for what, figure, _b, _ok in ROWS}


def test_a_rate_is_a_cost_inverted_and_units_are_seconds() -> None:
    assert bench_compare.cost("legal_moves, mid-game Solonauts", "18 µs") == pytest.approx(18e-6)
    assert bench_compare.cost("start to first drawn table", "1401 ms") == pytest.approx(1.401)
    assert bench_compare.cost("random playout banquet, moves per second", "9,078") == pytest.approx(1 / 9078)
    assert bench_compare.cost("  start-up in floors", "2.31×") == pytest.approx(2.31)
    assert bench_compare.cost("what", "-") is None


def test_now_over_then_is_the_ratio_of_median_costs() -> None:
    then = [{"a": "10 ms", "rate, moves per second": "1,000"}, {"a": "30 ms", "rate, moves per second": "1,000"}]
    now = [{"a": "10 ms", "rate, moves per second": "2,000", "new row": "5 ms"}]
    by_row = {what: (was, now_, ratio) for what, was, now_, ratio in bench_compare.table(now, then)}
    assert by_row["a"] == ("30 ms", "10 ms", "0.50×")  # the median of 10 and 30 ms is 20 ms
    assert by_row["rate, moves per second"][2] == "0.50×"  # twice the rate: half the cost
    assert by_row["new row"] == ("—", "5 ms", "—")


def test_each_revision_runs_its_own_bench(tmp_path: Path) -> None:
    """2026-11-25's bench lives in desktop/benchmark.py: asked for desktop.tools.benchmark, that tree would run
    this one's bench (the installed package fills in what it lacks) against its own rules (issue #42)."""
    assert bench_compare.bench_module(bench_compare.ROOT) == "desktop.tools.benchmark"
    (tmp_path / "desktop").mkdir()
    (tmp_path / "desktop" / "benchmark.py").write_text("")
    assert bench_compare.bench_module(tmp_path) == "desktop.benchmark"


def test_an_unknown_revision_is_refused_by_name() -> None:
    done = subprocess.run([sys.executable, "-m", "desktop.cli", "bench", "--compare", "no-such-revision-here"],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "no-such-revision-here" in done.stderr


def test_the_floor_and_the_app_are_timed_in_turn_after_a_first_start_and_a_warm_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's first start has every cache empty (its own row) and warms the app up, a floor's start and a
    Qt-alone window's warm them up (as pyperf does, none is counted); then the floor, the app and the window of the
    app's shape in turn: the medians, and the most memory of the app's counted runs."""
    ran: list[str] = []
    apps = iter([(1.5, 95), (0.7, 70), (1.1, 80), (0.9, 75)])  # the first start, then the three counted
    shapes = iter([0.6, 0.7, 0.8, 0.75])  # the warm-up, then three

    def fake(script: str) -> tuple[float, int]:
        name = {benchmark.FLOOR_SCRIPT: "floor", benchmark.SHAPE_SCRIPT: "shape"}.get(script, "app")
        ran.append(name)
        return (0.5, 0) if name == "floor" else (next(shapes), 0) if name == "shape" else next(apps)

    monkeypatch.setattr(benchmark, "_fresh_process", fake)
    assert benchmark.bench_first_table(repeats=3) == {"app": 0.9, "floor": 0.5, "rss": 80, "first": 1.5,
                                                      "first_rss": 95, "shape": 0.75}
    assert ran == ["app", "floor", "shape"] + ["floor", "app", "shape"] * 3


def test_the_window_of_the_apps_shape_is_qt_alone_and_draws() -> None:
    """The reference window imports nothing of ours, and draws (it prints the moment it has)."""
    assert "desktop" not in benchmark.SHAPE_SCRIPT and "cardsets" not in benchmark.SHAPE_SCRIPT
    drawn, _memory = benchmark._fresh_process(benchmark.SHAPE_SCRIPT)
    assert 0 < drawn < 60


def test_a_start_ends_when_the_script_has_drawn_not_when_its_process_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process tears its widgets and objects down after it has drawn: that is not start-up (issue #42). The
    start is counted from the spawn to the moment the script prints, on the clock both processes share."""
    monkeypatch.setattr(benchmark.time, "time", lambda: 100.0)  # the bench's clock at the spawn
    printed = types.SimpleNamespace(stdout="100.25 87\n")  # the script: drawn at 100.25, 87 MB

    def run(*_args: object, **_kwargs: object) -> types.SimpleNamespace:
        monkeypatch.setattr(benchmark.time, "time", lambda: 103.0)  # the process ended long after it drew
        return printed

    monkeypatch.setattr(benchmark.subprocess, "run", run)
    assert benchmark._fresh_process(benchmark.FIRST_TABLE_SCRIPT) == (0.25, 87)


def test_a_start_writes_pythons_compiled_files_as_a_players_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """With PYTHONDONTWRITEBYTECODE set where the bench runs, no start wrote them and every timed start compiled again
    each module changed since (card_item's 1,100 lines among them): start-up read 0.1-0.2 floors slower than a
    player's. The starts are spawned without it, the other revision's bench too."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    script = "import os, time; print(repr(time.time()), int('PYTHONDONTWRITEBYTECODE' in os.environ))"
    assert benchmark._fresh_process(script)[1] == 0
    seen: dict[str, str] = {}

    def run(*_args: object, env: dict[str, str], **_kwargs: object) -> types.SimpleNamespace:
        seen.update(env)
        return types.SimpleNamespace(returncode=0, stdout="")

    monkeypatch.setattr(bench_compare.subprocess, "run", run)
    bench_compare.run_bench(ROOT)
    assert "PYTHONDONTWRITEBYTECODE" not in seen and seen["PYTHONPATH"] == str(ROOT)


@pytest.mark.slow
def test_the_floor_is_a_real_start_of_qt() -> None:
    took, _memory = benchmark._fresh_process(benchmark.FLOOR_SCRIPT)
    assert took > 0


def test_the_references_measure_work(qapp: Any) -> None:
    assert benchmark.reference_python() > 0
    assert benchmark.reference_scene() > 0


def test_rows_an_older_revision_lacks_are_named_in_a_note() -> None:
    """`--compare` against a revision before the network rows: they are printed with no ratio, and named."""
    then = [{"a": "10 ms"}, {"a": "12 ms"}]
    now = [{"a": "10 ms", "network: a move to all 6 joiners, loopback TLS, p95": "4.0 ms"}]
    assert bench_compare.missing_then(now, then) == ["network: a move to all 6 joiners, loopback TLS, p95"]
    assert bench_compare.missing_then(now, now) == []


def test_the_network_rows_come_from_a_host_in_a_process_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few moves, tables and games, so that the test is short: every figure is measured, no game fails."""
    from desktop.tools import bench_network

    for name, value in (("ROUND_TRIP_MOVES", 6), ("MEMORY_TABLES", 2), ("TABLES", 3), ("AT_ONCE", 2)):
        monkeypatch.setattr(bench_network, name, value)
    figures = bench_network.bench_network()
    assert figures.failures == 0 and 0 < figures.median <= figures.p95
    rows = bench_network.network_rows(figures)
    assert bench_compare.rows(benchmark.table_text(rows)).keys() == {what for what, *_rest in rows}
    assert "3 tables of bot games" in rows[3][0]


@pytest.mark.parametrize("script", ["FIRST_TABLE_ON_SCREEN", "FLOOR_ON_SCREEN"])
def test_a_start_on_a_screen_ends_at_its_windows_first_paint(script: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """On a screen the app and the floor run their event loop until their window's first paint is done, and say
    when; a script whose window is never painted would never print. Run here on the offscreen platform."""
    monkeypatch.setenv("CONVIVIUM_HOME", str(tmp_path))
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    printed = subprocess.run([sys.executable, "-c", getattr(benchmark, script)], cwd=ROOT, capture_output=True,
                             text=True, timeout=60)
    drawn, memory = printed.stdout.split()
    assert printed.returncode == 0 and float(drawn) > 0 and memory == "0"


def test_the_rows_on_a_screen_come_only_with_a_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not benchmark.has_screen()
    monkeypatch.setenv("DISPLAY", ":9")
    assert benchmark.has_screen()


def _rounds(figures: dict[str, list[str]]) -> list[dict[str, str]]:
    return [{what: values[i] for what, values in figures.items()} for i in range(len(next(iter(figures.values()))))]


def test_pyperf_tells_a_change_from_the_spread_of_the_rounds() -> None:
    """A row well apart in every round is named with its speed-up; rows whose rounds mingle are called not
    significant; ratio rows are left to the table (they are quotients of rows that are judged)."""
    then = _rounds({"scene update after a move": ["3.80 ms", "3.70 ms", "3.90 ms", "3.75 ms"],
                    "apply one move, chrononauts": ["26 µs", "25 µs", "26 µs", "25 µs"],
                    "random playout, moves per second": ["39,000", "39,500", "38,800", "39,200"],
                    "  start-up in floors": ["2.30×", "2.31×", "2.29×", "2.30×"]})
    now = _rounds({"scene update after a move": ["2.30 ms", "2.40 ms", "2.35 ms", "2.33 ms"],
                   "apply one move, chrononauts": ["25 µs", "26 µs", "26 µs", "25 µs"],
                   "random playout, moves per second": ["39,100", "38,900", "39,300", "39,400"],
                   "  start-up in floors": ["2.10×", "2.11×", "2.12×", "2.10×"]})
    said = bench_compare.significance(now, then)
    lines = said.splitlines()
    changed = next(line for line in lines if line.startswith("| scene update after a move"))
    assert "faster" in changed
    hidden = next(line for line in lines if "not significant" in line)
    assert "apply one move, chrononauts" in hidden and "random playout, moves per second" in hidden
    assert "floors" not in said


def test_without_pyperf_the_comparison_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyperf", None)  # an import of it fails
    said = bench_compare.significance([{"undo one move": "0.2 µs"}], [{"undo one move": "0.2 µs"}])
    assert "pyperf is not installed" in said and ".[bench]" in said


def test_pyperf_is_given_times_rates_and_memory_in_its_own_units() -> None:
    unit = bench_compare.pyperf_unit
    assert unit("apply one move", "17 µs") == "second"
    assert unit("random playout, moves per second", "39,010") == "second"  # a rate, given as seconds per move
    assert unit("resident memory of the app", "73 MB") == "byte"
    assert unit("  start-up in floors", "2.29×") is None
    assert unit("  moves per reference work", "49.54") is None
    assert unit("network: 100 tables of bot games on one host, failures", "0") is None
