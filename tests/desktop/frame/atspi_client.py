"""The reader's side of the AT-SPI test (tests/desktop/frame/test_atspi_bus.py), run by the SYSTEM Python
(/usr/bin/python3, which has pyatspi) inside `dbus-run-session`, on an X display.

    atspi_client.py PYTHON APP_SCRIPT

It starts the accessibility bus (at-spi-bus-launcher), listens to every object:, focus: and window: event,
starts the app (PYTHON APP_SCRIPT: tests/desktop/frame/atspi_app.py) and, step by step, tells it "go", takes
the app's own report of what a reader should find, waits for the events to arrive, and walks the app's tree
as a reader sees it. It prints one JSON document: {"steps": [{"app": ..., "events": [...], "tree": [...]}],
"stderr": the app's messages, "code": its exit code (None if it had to be killed)}. Exit 2 when the bus cannot be started (the test then skips).
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time

SETTLE = 0.6  # seconds for a step's events to cross the bus
LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher",
             "/usr/lib/at-spi2/at-spi-bus-launcher")


def fail(reason: str) -> None:
    print(json.dumps({"skip": reason}))
    sys.exit(2)


try:
    import pyatspi
    from gi.repository import GLib
except ImportError as exc:
    fail(f"no pyatspi in this Python: {exc}")

events: list[dict[str, object]] = []


def describe(obj: object) -> dict[str, object]:
    try:
        return {"name": obj.name, "role": obj.getRoleName(), "path": str(getattr(obj, "path", ""))}  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - a reader meets dead objects all the time
        return {"name": None, "role": None, "path": None}


def heard(event: object) -> None:
    source = describe(event.source)  # type: ignore[attr-defined]
    data = event.any_data  # type: ignore[attr-defined]
    if not isinstance(data, (str, int)):
        # A child added or removed is not asked about: one removed is gone (as a reader finds, asking, Qt warns).
        data = None if data is None or event.type.startswith("object:children-changed") else describe(data)["name"]  # type: ignore[attr-defined]
    if event.type.startswith("focus"):  # type: ignore[attr-defined]
        try:
            source["description"] = event.source.description  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001
            source["description"] = None
    events.append({"type": event.type, "detail1": event.detail1, **source, "data": data})  # type: ignore[attr-defined]


def walk(obj: object, depth: int = 0, out: list[dict[str, object]] | None = None) -> list[dict[str, object]]:
    """Every object a reader reaches from `obj`, with its role, name, states and depth."""
    out = [] if out is None else out
    try:
        states = [pyatspi.stateToString(s) for s in obj.getState().getStates()]  # type: ignore[attr-defined]
        node = {**describe(obj), "description": obj.description, "states": states, "depth": depth,  # type: ignore[attr-defined]
                "children": obj.childCount}  # type: ignore[attr-defined]
        out.append(node)
        for i in range(obj.childCount if depth < 30 else 0):  # type: ignore[attr-defined]
            child = obj.getChildAtIndex(i)  # type: ignore[attr-defined]
            if child is not None:
                walk(child, depth + 1, out)
    except Exception as exc:  # noqa: BLE001
        out.append({"error": str(exc), "depth": depth})
    return out


def pump(seconds: float) -> None:
    context = GLib.MainContext.default()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while context.pending():
            context.iteration(False)
        time.sleep(0.01)


def app_line(app: subprocess.Popen[str], timeout: float) -> str:
    """The app's next line on stdout, pumping the bus meanwhile (a reader keeps listening while it waits)."""
    end = time.monotonic() + timeout
    assert app.stdout is not None
    while time.monotonic() < end:
        ready, _, _ = select.select([app.stdout], [], [], 0.02)
        if ready:
            return app.stdout.readline()
        pump(0.0)
    return ""


def main() -> None:
    python, script = sys.argv[1], sys.argv[2]
    launcher = next((path for path in LAUNCHERS if os.path.exists(path)), None)
    if launcher is None:
        fail("at-spi-bus-launcher is not installed (at-spi2-core)")
    bus = subprocess.Popen([launcher, "--launch-immediately"], stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    if bus.poll() is not None:
        fail("at-spi-bus-launcher could not start")
    for kind in ("object:", "focus:", "window:"):
        pyatspi.Registry.registerEventListener(heard, kind)
    env = dict(os.environ, QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1", QT_ACCESSIBILITY="1", QT_QPA_PLATFORM="xcb",
               QT_LOGGING_RULES="qt.accessibility.atspi.warning=true")
    app = subprocess.Popen([python, script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, env=env)
    steps: list[dict[str, object]] = []
    try:
        if app_line(app, 30).strip() != "READY":
            app.kill()
            problem = app.stderr.read() if app.stderr else ""
            if "platform plugin" in problem:  # Qt's X11 libraries are missing: the stack, not the app
                fail("Qt cannot open the X display (libxcb-cursor0 and friends): " + problem[-300:])
            print(json.dumps({"error": "the app did not start:\n" + problem}))
            sys.exit(1)
        pump(SETTLE)
        while True:
            events.clear()
            assert app.stdin is not None
            app.stdin.write("go\n")
            app.stdin.flush()
            line = app_line(app, 30)
            if not line.startswith("STEP "):
                break
            pump(SETTLE)
            desktop = pyatspi.Registry.getDesktop(0)
            tree = []
            for i in range(desktop.childCount):
                found = desktop.getChildAtIndex(i)
                if found is not None and found.name == os.path.basename(script):
                    tree = walk(found)
            steps.append({"app": json.loads(line[5:]), "events": list(events), "tree": tree})
    finally:
        if app.poll() is None:
            app.stdin.close()  # type: ignore[union-attr]
            try:
                app.wait(10)
            except subprocess.TimeoutExpired:
                app.kill()
        bus.terminate()
    print(json.dumps({"steps": steps, "stderr": app.stderr.read() if app.stderr else "", "code": app.returncode}))


if __name__ == "__main__":
    main()
