"""What the tests on the real accessibility stack share (test_atspi_bus.py, test_orca_speech.py) and what their apps
share (atspi_app.py, orca_app.py).

The test side: `run_on_bus` starts an X server (Xvfb) and runs a session script under `dbus-run-session` (which
starts the AT-SPI bus, a reader and the app), then reads the session's report, its last JSON line: it skips the
test when the stack cannot run here, and fails it when the session broke. A test module asks for its session's
report through `once_per_run`, so that the session runs once, alone, whichever worker asks first. The app side: `serve` runs a driver,
which plays one step each time the session says "go" on stdin and prints `STEP <json>`.
"""
from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop.frame import card_item

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
SYSTEM_PYTHON = "/usr/bin/python3"
LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")
PACKAGES = {"Xvfb": "xvfb", "dbus-run-session": "dbus"}  # the Debian package of a tool, where its name differs
GIVE_UP_MS = 180_000  # an app never outlives a test that gave up on it
STEP_MARK = "--- the next step"  # the app's stderr line as each step begins


def missing(*tools: str) -> str:
    """Why the stack (and `tools`) cannot run here ('' when it can)."""
    if not sys.platform.startswith("linux"):
        return "AT-SPI is the Linux accessibility bus"
    for tool in ("Xvfb", "dbus-run-session", *tools):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install {PACKAGES.get(tool, tool)})"
    if not any(os.path.exists(path) for path in LAUNCHERS):
        return "at-spi-bus-launcher is not installed (apt-get install at-spi2-core)"
    if not os.path.exists(SYSTEM_PYTHON) or subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"],
                                                           capture_output=True).returncode != 0:
        return "the system Python has no pyatspi (apt-get install python3-pyatspi)"
    return ""


def run_on_bus(command: list[str], home: Path, timeout: float) -> dict[str, Any]:
    """Run `command` (a session script) under `dbus-run-session` on a fresh Xvfb display, the app's files in `home`;
    its report: the last JSON line it printed. Skips when the stack is missing or the session says why it cannot
    run ({"skip": reason}); fails when it printed no report or an error."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        if not display:
            pytest.skip("Xvfb could not open a display")
        env = {key: value for key, value in os.environ.items() if not key.startswith(("QT_", "DBUS_", "AT_SPI"))}
        env.update(DISPLAY=f":{display}", PYTHONPATH=str(ROOT), CONVIVIUM_HOME=str(home))
        done = subprocess.run(["dbus-run-session", "--", *command], capture_output=True, text=True, env=env,
                              timeout=timeout, cwd=ROOT)
    finally:
        xvfb.terminate()
        xvfb.wait(10)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        pytest.fail(f"the session said nothing:\n{done.stdout}\n{done.stderr}")
    found: dict[str, Any] = json.loads(lines[-1])
    if "skip" in found:
        pytest.skip(found["skip"])
    assert "error" not in found, found.get("error")
    return found


def once_per_run(name: str, tmp_path_factory: pytest.TempPathFactory, session: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The report of the session `name`, made by `session` once per test run, and never while another is running.

    The tests of one module are spread over pytest-xdist's workers (and a worker may come back to a module after
    another, making its module fixtures again), so each would start its own session, at the same time as others:
    Orca's `--replace` stops any other Orca of the same user, and every session it stopped skipped its tests as "Orca
    did not start". Here every session waits for the one running (a lock in the folder the workers share) and the
    first report made is kept there for the others. A skipped or failed session keeps nothing: the next asker
    tries again, alone."""
    own = tmp_path_factory.getbasetemp()
    shared = own.parent if os.environ.get("PYTEST_XDIST_WORKER") else own
    kept = shared / f"bus-session-{name}.json"
    with (shared / "bus-sessions.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            found: dict[str, Any] = json.loads(kept.read_text())
            return found
        found = session()
        kept.write_text(json.dumps(found))
        return found


def serve(make_driver: Callable[[], object]) -> int:
    """The app's side: a QApplication whose driver (made by `make_driver`) plays a step at each "go"; its exit code.
    Cards land at once, so a step's changes are over when it reports."""
    card_item.ANIMATION_MS = 0
    app = QApplication(sys.argv[:1])
    driver = make_driver()
    print("READY", flush=True)
    QTimer.singleShot(GIVE_UP_MS, app.quit)
    code = app.exec()
    del driver
    return code


def stderr_of_steps(found: dict[str, Any]) -> list[str]:
    """What the app wrote on stderr during each step of a session's report (a step ends as the next begins)."""
    return str(found["stderr"]).split(STEP_MARK + "\n")[1:]


SPOKEN = re.compile(r"^(\d\d:\d\d:\d\d\.\d+) - SPEECH OUTPUT: '(.*)'(?: voice=\w+)?\{.*\}$")


def orca_session(app_script: str, home: Path, timeout: float) -> dict[str, Any]:
    """Orca listening to `app_script` (orca_session.py, on the bus): the session's report, each of its `steps` given
    what Orca said from its start to the next step's (`heard`) and what the app wrote on stderr meanwhile."""
    reason = missing("orca", "xdotool")
    if reason:
        pytest.skip(reason)
    debug = home / "orca.debug"
    found = run_on_bus([sys.executable, str(HERE / "orca_session.py"), str(debug), str(HERE / app_script)], home,
                       timeout)
    spoken = [match.groups() for match in map(SPOKEN.match, debug.read_text(errors="replace").splitlines()) if match]
    steps: list[dict[str, Any]] = found["steps"]
    for step, following, stderr in zip(steps, [*steps[1:], None], stderr_of_steps(found)):
        end = following["began"] if following is not None else "99"
        step["heard"] = " ".join(text for when, text in spoken if step["began"] <= when < end)
        step["stderr"] = stderr
    return found
