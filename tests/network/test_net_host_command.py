"""`convivium host` (issue #41, item 2): headless (PySide6 cannot even be imported), it prints the
invitations, serves until the game ends and saves as it goes; killed and started again with --resume, it
carries on the same match and the joiners come back with the same links."""
from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from network.client import Client
from network.host import Host
from network.invite import Invite, parse_link
from network.protocol import Refused, Update
from rules import saves

NO_QT = "import sys; sys.modules['PySide6'] = None; from desktop.cli import main; sys.exit(main(sys.argv[1:]))"


def start(data: Path, *extra: str, port: str | None = "0") -> tuple[subprocess.Popen[str], list[Invite]]:
    """`convivium host` on loopback, on any free port unless told (None: the command's own choice)."""
    where = ["--port", port] if port is not None else []
    process = subprocess.Popen([sys.executable, "-c", NO_QT, "host", "banquet", "--players", "3",
                                "--seats", "remote,remote,easy", "--bind", "127.0.0.1", *where, "--insecure",
                                "--data", str(data), "--seed", "5", *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    assert process.stdout is not None
    invites: list[Invite] = []
    while len(invites) < 2:
        line = process.stdout.readline()
        if not line:
            raise AssertionError(process.stderr.read() if process.stderr else "no output")
        if "convivium://" in line:
            invites.append(parse_link(line.split(": ", 1)[1].strip()))
    return process, invites


def stop(process: subprocess.Popen[str]) -> None:
    """Kill `process` if it still runs (as a crash or a power cut would) and close its pipes."""
    if process.poll() is None:
        process.send_signal(signal.SIGKILL)
    process.communicate()


async def play(invites: list[Invite], until: int | None, seed: int, then: Callable[[], None] = lambda: None) -> int:
    """Both joiners play at random until the table has `until` moves (None: the end), then `then` is done while they
    are still seated; the number of moves."""
    rnd = random.Random(seed)
    clients = [Client(invite, name) for invite, name in zip(invites, ("Ada", "Bruno"))]
    for client in clients:
        await client.connect()

    async def run(client: Client) -> None:
        while True:
            latest = client.latest
            if latest is not None and (latest.over or (until is not None and latest.moves >= until)):
                return
            if latest is not None and latest.legal:
                await client.play(rnd.choice(latest.legal))
            while not isinstance(await client.receive(), (Update, Refused)):
                pass

    await asyncio.gather(*(run(c) for c in clients))
    then()
    for client in clients:
        await client.close()
    latest = clients[0].latest
    assert latest is not None
    return latest.moves


def test_a_killed_host_resumes_the_same_match_with_the_same_invitations(tmp_path: Path) -> None:
    first, invites = start(tmp_path)
    try:
        moves = asyncio.run(asyncio.wait_for(play(invites, 12, 1), 60))
        # The joiners have left: written at once, though a power cut may take the last second of play (autosave.py).
        deadline = time.monotonic() + 30
        while saved_moves(tmp_path) < moves and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop(first)
    saved: Any = saves.read_json(tmp_path / "hosted.convivium.json")
    assert len(saved["moves"]) >= moves
    second, again = start(tmp_path, "--resume", port=None)
    try:
        assert again == invites  # the same port too: the joiners' invitations still lead to the table
        asyncio.run(asyncio.wait_for(play(again, None, 2), 60))
        second.wait(30)
    finally:
        stop(second)
    assert second.returncode == 0
    host = Host.from_save(saves.read_json(tmp_path / "hosted.convivium.json"))
    assert host.engine.is_over(host.match.state)
    assert host.match.moves[:len(saved["moves"])] == Host.from_save(saved).match.moves


def saved_moves(data: Path) -> int:
    try:
        return len(saves.read_json(data / "hosted.convivium.json")["moves"])
    except saves.SaveError:
        return 0


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM])
def test_a_host_stopped_by_ctrl_c_or_its_service_manager_writes_every_move_first(tmp_path: Path, how: int) -> None:
    """Stopped while the joiners are seated and their last moves may still wait to be written: they are on disk."""
    process, invites = start(tmp_path)
    try:
        moves = asyncio.run(asyncio.wait_for(play(invites, 16, 4, then=lambda: process.send_signal(how)), 60))
        assert process.wait(30) == 130
    finally:
        stop(process)
    assert saved_moves(tmp_path) == moves


@pytest.mark.parametrize("bind", ["0.0.0.0", "192.168.1.1"])
def test_insecure_is_refused_off_loopback(tmp_path: Path, bind: str) -> None:
    done = subprocess.run([sys.executable, "-c", NO_QT, "host", "banquet", "--players", "3", "--seats",
                           "remote,remote,easy", "--bind", bind, "--insecure", "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "loopback" in done.stderr


def test_a_new_game_does_not_replace_one_in_progress(tmp_path: Path) -> None:
    first, _ = start(tmp_path)
    stop(first)
    done = subprocess.run([sys.executable, "-c", NO_QT, "host", "banquet", "--players", "3", "--seats",
                           "remote,remote,easy", "--bind", "127.0.0.1", "--insecure", "--data", str(tmp_path)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "--resume" in done.stderr
