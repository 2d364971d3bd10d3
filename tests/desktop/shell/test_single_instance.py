"""One Convivium per data folder (#12, item 4): a second copy would take the same autosaves, treat the
first one's running marker as a crash, and each would write over the other's games. The second copy
says one is already open, offers to bring it to the front, and quits having written nothing."""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any

import pytest
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from desktop.frame import dialogs, storage
from desktop.frame.i18n import Translator
from desktop.shell import app
from desktop.shell.main_window import MainWindow
from desktop.shell.single_instance import LOCK_NAME, InstanceLock, ask_to_come_forward, claim_or_hand_over

ROOT = Path(__file__).resolve().parents[3]
DRIVER = Path(__file__).resolve().parents[1] / "instance_driver.py"
WAIT = 120.0  # seconds; only a guard against a hung app, never a measure


def files_in(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder` with its time and size: what a copy of the app wrote shows here."""
    return {str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.stat().st_size)
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def held(home: Path) -> Any:
    """The data folder held, as the running app holds it."""
    lock = InstanceLock(home)
    assert lock.claim()
    yield lock
    lock.release()


def test_a_second_copy_on_the_same_folder_finds_it_taken(qtbot: Any, home: Path, dialogs: Dialogs,
                                                        tmp_path: Path, held: InstanceLock) -> None:
    first = make_window(qtbot, dialogs)
    second = make_window(qtbot, dialogs)  # two windows, one folder: only one may hold it
    assert first is not second
    assert not InstanceLock(home).claim()
    assert InstanceLock(tmp_path / "another folder").claim()  # another folder is another player's


def test_the_second_copy_calls_the_first_to_the_front(qtbot: Any, home: Path, dialogs: Dialogs,
                                                     held: InstanceLock) -> None:
    window = make_window(qtbot, dialogs)
    window.showMinimized()
    raised: list[bool] = []
    held.raise_requested.connect(lambda: raised.append(True))
    held.raise_requested.connect(window.come_forward)
    assert ask_to_come_forward(home)
    qtbot.waitUntil(lambda: bool(raised), timeout=30_000)
    assert not window.isMinimized() and window.isVisible()


def test_a_second_start_asks_and_quits_without_writing(monkeypatch: pytest.MonkeyPatch, qtbot: Any, home: Path,
                                                       held: InstanceLock) -> None:
    """desktop.shell.app.run, started again on a folder held by a running copy, in this same process."""
    first = MainWindow(Translator("en"), {})
    qtbot.addWidget(first)
    first.new_game({"ids": 8}, 1234)
    storage.running_marker().touch()
    before = files_in(home)
    asked: list[tuple[str, list[str]]] = []

    def ask(_parent: Any, _title: str, text: str, buttons: list[str]) -> int:
        asked.append((text, buttons))
        return 1  # Close this one

    monkeypatch.setattr(dialogs, "ask", ask)
    monkeypatch.setattr(MainWindow, "ask", lambda self, title, text, buttons: 0)  # "carry on" to anything else
    monkeypatch.setattr(QApplication, "exec", lambda *args: 0)  # never wait for a person here
    windows = len([w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)])
    assert app.run(["--lang", "en"]) == 0
    tr = Translator("en")
    assert asked == [(tr.text("instance.running"), [tr.text("instance.show"), tr.text("instance.quit")])]
    assert len([w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]) == windows
    assert files_in(home) == before  # no autosave, no marker, no settings, no statistics


@pytest.mark.parametrize("what", ["folder", "special"])
def test_something_not_a_file_where_the_lock_goes_is_said_for_what_it_is(
        monkeypatch: pytest.MonkeyPatch, qtbot: Any, home: Path, what: str) -> None:
    """Issue #39, item 7: a folder (or a pipe) named convivium.lock is not another Convivium running. The person is
    told what stands where, and the start stops there: no "already open", no wait on a pipe, nothing written."""
    home.mkdir(parents=True)
    blocker = home / LOCK_NAME
    if what == "folder":
        blocker.mkdir()
    else:
        os.mkfifo(blocker)
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "inform", lambda _parent, title, text, *_icon: told.append((title, text)))
    monkeypatch.setattr(dialogs, "ask", lambda *_args: pytest.fail("asked as if another copy were running"))
    tr = Translator("en")
    assert claim_or_hand_over(tr, home) is None
    said = tr.text("instance.blocked", path=str(blocker), what=tr.text(f"instance.blocked.{what}"))
    assert told == [(tr.text("instance.blocked_title"), said)]
    assert str(blocker) in said and ("a folder" if what == "folder" else "not an ordinary file") in said
    assert sorted(p.name for p in home.iterdir()) == [LOCK_NAME]


def test_a_lock_file_left_by_a_crash_is_no_obstacle(home: Path) -> None:
    home.mkdir(parents=True)
    (home / LOCK_NAME).write_text("12345\nconvivium\nhost\n", encoding="utf-8")
    lock = InstanceLock(home)
    assert lock.obstacle() is None


# --- real processes ----------------------------------------------------------------------------------


class Copy:
    """instance_driver.py as a subprocess, and what it says."""

    def __init__(self, home: Path, answer: int, *args: str) -> None:
        env = {**os.environ, "CONVIVIUM_HOME": str(home), "QT_QPA_PLATFORM": "offscreen",
               "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.process = subprocess.Popen([sys.executable, str(DRIVER), str(answer), *args], cwd=ROOT, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8")
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.said: list[str] = []
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def wait_for(self, prefix: str) -> str:
        while True:
            try:
                line = self.lines.get(timeout=WAIT)
            except queue.Empty:
                self.kill()
                pytest.fail(f"the app said nothing for {WAIT} s while we waited for {prefix}")
            if line is None:
                assert self.process.stderr is not None
                pytest.fail(f"the app ended before {prefix}: {self.process.stderr.read()[-2000:]}")
            self.said.append(line)
            if line.startswith(prefix):
                return line

    def kill(self) -> None:
        """SIGKILL: what a crash leaves, the lock file included."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()


def test_a_second_real_copy_brings_the_first_forward_and_quits(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = Copy(home, 1, "--deal", "7")
    second: Copy | None = None
    try:
        first.wait_for("STARTED")
        before = files_in(home)
        assert any(name.startswith("games/") for name in before) and "running" in before
        second = Copy(home, 0)  # "Show the open window"
        asked = second.wait_for("ASKED ")
        assert asked == f"ASKED {Translator('en').text('instance.running')}"
        assert second.wait_for("EXIT ") == "EXIT 0"
        assert second.process.wait(timeout=WAIT) == 0
        first.wait_for("RAISED")
        assert files_in(home) == before  # the second copy wrote nothing, the first one's games are whole
    finally:
        first.kill()
        if second is not None:
            second.kill()
    # The first copy crashed: its lock is stale and is taken over, and the crash resume runs as before.
    third = Copy(home, 0)
    try:
        offered = third.wait_for("WINDOW ")
        said = Translator("en").text("resume.after_crash", game="Solonauts", players="\0").split("\0")
        assert offered.startswith(f"WINDOW {said[0]}") and offered.endswith(said[1])  # the deal: as far as it got
        third.wait_for("STARTED")
        assert not any(line.startswith("ASKED") for line in third.said)
    finally:
        third.kill()
