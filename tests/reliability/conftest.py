"""Reliability tests: hypothesis profiles, shared helpers on sys.path, and the figures summary.

The tests are rootless (no ``__init__.py``): this folder, tests/rules (for `conformance.py`
and the games' position helpers) and its game folders (for each game's conformance choosers) are put
on ``sys.path`` here.

Profiles: ``ci`` (the default) is derandomized and keeps no example database, so a CI run is
the same every time; ``CONVIVIUM_FUZZ=long`` selects ``long``, random and 25 times the examples,
for a campaign by hand; ``CONVIVIUM_FUZZ=quick`` does not shrink a failure; ``CONVIVIUM_FUZZ=<n>`` scales the examples by n (still derandomized).
``CONVIVIUM_FIGURES=1`` prints what was run (games, moves, refused moves, files) at the end.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, settings

_HERE = Path(__file__).resolve().parent
_RULES = _HERE.parent / "rules"
for _folder in (_HERE, _RULES, *(_RULES / game for game in ("bacchanalia", "banquet", "chrononauts", "parsifal"))):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))

import tally  # noqa: E402

# Examples are whole games or whole files: some are slow and large by design, and CI must
# never fail on a health check's timing.
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example,
          HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture]
settings.register_profile("ci", derandomize=True, database=None, deadline=None, print_blob=True,
                          suppress_health_check=_QUIET)
settings.register_profile("long", derandomize=False, database=None, deadline=None, print_blob=True,
                          suppress_health_check=_QUIET)
settings.register_profile("quick", parent=settings.get_profile("ci"),
                          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # no shrinking: a first look
settings.load_profile(tally.SCALE_NAME if tally.SCALE_NAME in ("long", "quick") else "ci")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if os.environ.get("CONVIVIUM_FIGURES") and tally.COUNTS:
        terminalreporter.section("reliability figures")
        for line in tally.summary():
            terminalreporter.write_line(line)
