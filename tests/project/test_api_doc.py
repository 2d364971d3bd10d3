"""docs/api.md is a library user's guide whose examples are run here as they are written (issue #40): a
change of the engines' interface that breaks an example fails this test."""
from __future__ import annotations

import doctest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_example_of_the_library_guide_runs_as_written() -> None:
    failed, attempted = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                                         optionflags=doctest.ELLIPSIS, raise_on_error=False, verbose=False)
    assert attempted > 20
    assert failed == 0
