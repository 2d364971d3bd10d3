"""The screen-reader tests' sessions run once per test run, one at a time (bus_harness.once_per_run): two Orca
sessions at once stopped each other, and their tests were skipped as if Orca were not installed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from bus_harness import HERE, ROOT, once_per_run

# A worker of its own asking for the session "evening": it makes it (noting that it did, and taking a second to do it)
# or takes the one another worker made.
ASKER = """
import json, os, sys, time
from pathlib import Path
from bus_harness import once_per_run
class Temp:
    def getbasetemp(self):
        return Path(sys.argv[1])
def session():
    with open(sys.argv[2], "a") as made:
        made.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")
    time.sleep(1)
    return {"made by": os.environ["PYTEST_XDIST_WORKER"]}
print(json.dumps(once_per_run("evening", Temp(), session)))
"""


def test_two_workers_asking_at_once_share_one_session(tmp_path: Path) -> None:
    made = tmp_path / "made.txt"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(ROOT)]), "QT_QPA_PLATFORM": "offscreen"}
    askers = []
    for worker in ("gw0", "gw1"):
        (tmp_path / f"popen-{worker}").mkdir()
        askers.append(subprocess.Popen([sys.executable, "-c", ASKER, str(tmp_path / f"popen-{worker}"), str(made)],
                                       env={**env, "PYTEST_XDIST_WORKER": worker}, stdout=subprocess.PIPE, text=True))
    reports = [json.loads(asker.communicate(timeout=60)[0].splitlines()[-1]) for asker in askers]
    assert len(made.read_text().splitlines()) == 1  # one session, made by whichever asked first
    assert reports[0] == reports[1]
    assert reports[0]["made by"] in ("gw0", "gw1")


def test_a_skipped_session_is_tried_again(tmp_path_factory: pytest.TempPathFactory) -> None:
    tries: list[str] = []

    def skipped() -> dict[str, object]:
        tries.append("skipped")
        pytest.skip("no bus here")

    with pytest.raises(pytest.skip.Exception):
        once_per_run("tried-again", tmp_path_factory, skipped)
    assert once_per_run("tried-again", tmp_path_factory, lambda: {"steps": []}) == {"steps": []}
    assert once_per_run("tried-again", tmp_path_factory, skipped) == {"steps": []}  # kept: not made again
    assert tries == ["skipped"]
