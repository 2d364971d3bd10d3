"""Orca listening to Convivium, run inside `dbus-run-session` on an X display (tests/desktop/frame/test_orca_speech.py):

    orca_session.py DEBUG_FILE APP_SCRIPT

It starts the accessibility bus (at-spi-bus-launcher) and Orca with its debug log as the speech (`orca --replace
--debug-file=DEBUG_FILE`: no speech server is needed, Orca writes what it would say there), then the app
(APP_SCRIPT, e.g. orca_app.py), and tells it "go" step by step, each once Orca has fallen silent after the last.
It prints one JSON document: {"steps": [each step's STEP report], "stderr": the app's messages, "code": its exit
code (None if it had to be killed)}; {"skip": reason}
and exit 2 when the bus or Orca cannot start.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

QUIET = 2.0  # seconds without a new spoken line after which Orca is taken to have said a step
SPEAK_MAX = 15.0  # seconds a step may keep Orca talking (a loaded machine slows it; a flood once took 2.5)
LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")


def fail(reason: str) -> None:
    print(json.dumps({"skip": reason}))
    sys.exit(2)


def silent_orca(home: Path) -> Path:
    """A data folder whose Orca has no voice: it still writes each SPEECH OUTPUT line to its debug log, and does not
    wait for a speech server that may never answer (speech-dispatcher's autospawn hung for half a minute)."""
    data = home / "orca-data"
    (data / "orca").mkdir(parents=True, exist_ok=True)
    (data / "orca" / "orca-customizations.py").write_text(
        "import orca.speech\norca.speech._initSpeechServer = lambda *args: None\n")
    return data


class Log:
    """Orca's debug log, read as it grows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.read = 0

    def spoken(self) -> int:
        """The SPEECH OUTPUT lines written since the last call."""
        if not self.path.exists():
            return 0
        with self.path.open("rb") as log:
            log.seek(self.read)
            new = log.read()
        end = new.rfind(b"\n") + 1  # a line being written is read next time, whole
        self.read += end
        return new[:end].count(b"SPEECH OUTPUT")

    def settle(self) -> None:
        """Wait until Orca has said nothing new for QUIET seconds (at most SPEAK_MAX)."""
        start = quiet_since = time.monotonic()
        while time.monotonic() - quiet_since < QUIET and time.monotonic() - start < SPEAK_MAX:
            time.sleep(0.1)
            if self.spoken():
                quiet_since = time.monotonic()


def line_of(app: subprocess.Popen[str], timeout: float) -> str:
    assert app.stdout is not None
    ready, _, _ = select.select([app.stdout], [], [], timeout)
    return app.stdout.readline() if ready else ""


def main() -> None:
    debug, script = Path(sys.argv[1]), sys.argv[2]
    launcher = next((path for path in LAUNCHERS if os.path.exists(path)), None)
    if launcher is None:
        fail("at-spi-bus-launcher is not installed (at-spi2-core)")
    bus = subprocess.Popen([launcher, "--launch-immediately"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)  # Orca started before the bus is up never hears of it
    orca = subprocess.Popen(["orca", "--replace", f"--debug-file={debug}"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL,
                            env=dict(os.environ, XDG_DATA_HOME=str(silent_orca(debug.parent))))
    app: subprocess.Popen[str] | None = None
    steps: list[dict[str, object]] = []
    try:
        log = Log(debug)
        end = time.monotonic() + 30
        while not log.spoken():
            if time.monotonic() > end or orca.poll() is not None:
                fail("Orca did not start (no speech in its debug log)")
            time.sleep(0.2)
        env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", QT_QPA_PLATFORM="xcb",
                   QT_LOGGING_RULES="qt.accessibility.atspi.warning=true")  # Qt's bridge says what Orca asked in vain
        app = subprocess.Popen([sys.executable, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
        if line_of(app, 30).strip() != "READY":
            app.kill()
            print(json.dumps({"error": "the app did not start:\n" + (app.stderr.read() if app.stderr else "")}))
            sys.exit(1)
        log.settle()  # Orca says the window
        assert app.stdin is not None
        while True:
            app.stdin.write("go\n")
            app.stdin.flush()
            line = line_of(app, 60)
            if not line.startswith("STEP "):
                break
            steps.append(json.loads(line[5:]))
            log.settle()
    finally:
        if app is not None and app.poll() is None:
            app.stdin.close()  # type: ignore[union-attr]
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
        for process in (orca, bus):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
    print(json.dumps({"steps": steps, "stderr": app.stderr.read() if app is not None and app.stderr else "",
                      "code": app.returncode if app is not None else None}))


if __name__ == "__main__":
    main()
