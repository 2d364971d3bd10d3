"""A host saves as it goes without letting a seat make the disk its limit (network/autosave.py): a flood of moves and
undos over loopback makes a bounded number of writes and its last state reaches the disk once the table is quiet;
the end of the game and a seat left are written at once. The saver's clock and timers are the test's: it says when
time passes, so nothing here waits for the wall clock."""
from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from network import command
from network.autosave import BUSY, QUIET, Autosave, keep_saved
from network.client import Client
from network.host import Host
from network.protocol import Hello, Refused, Update, encode
from network.server import Limits, Server
from rules import PLAYERS, Match, engine, saves


class Time:
    """The saver's clock and its timers, moved on by the test."""

    def __init__(self) -> None:
        self.now = 0.0
        self.waiting: list[tuple[float, Callable[[], None]]] = []

    def clock(self) -> float:
        return self.now

    def later(self, delay: float, call: Callable[[], None]) -> None:
        self.waiting.append((self.now + delay, call))

    def passes(self, seconds: float) -> None:
        """`seconds` go by: each timer due by then runs, in order (one may set another)."""
        end = self.now + seconds
        while due := sorted((t for t in self.waiting if t[0] <= end), key=lambda t: t[0]):
            when, call = due[0]
            self.waiting.remove(due[0])
            self.now = max(self.now, when)
            call()
        self.now = end


class Saved:
    """The host's save file, and how many times it was written."""

    def __init__(self, folder: Path, host: Host, time: Time) -> None:
        self.path = folder / command.SAVE_NAME
        self.writes = 0
        self.host = host
        self.saver = Autosave(self.write, clock=time.clock, later=time.later)
        keep_saved(host, self.saver)

    def write(self) -> None:
        self.writes += 1
        command._save(self.path, self.host)

    def moves(self) -> list[Any]:
        return list(saves.read_json(self.path)["moves"]) if self.path.exists() else []


def banquet(seed: int = 5) -> Host:
    return Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, seed), ["remote", "remote", "remote"])


async def act(client: Client) -> None:
    """Take back the seat's last move if it may, else play its first legal move; then read up to the answer."""
    latest = client.latest
    assert latest is not None
    if latest.can_undo:
        await client.undo()
    else:
        await client.play(latest.legal[0])
    while not isinstance(await client.receive(), (Update, Refused)):
        pass


def test_a_flood_of_moves_and_undos_makes_few_writes_and_its_last_state_reaches_the_disk(tmp_path: Path) -> None:
    time = Time()
    host = banquet()
    saved = Saved(tmp_path, host, time)
    flood, step = 600, 0.004  # messages, and the seconds between two (250 a second, past any person)

    async def scenario() -> None:
        server = Server(host, bind="127.0.0.1", port=0, tls=None, limits=Limits(rate=10_000, burst=10_000))
        port = await server.start()
        seat = host.engine.decider(host.match.state)
        assert seat is not None
        client = Client(host.invites("127.0.0.1", port, None)[seat], "Ada")
        await client.connect()
        while client.latest is None:
            await client.receive()
        assert saved.writes == 0  # a seat taken with nothing waiting to be written writes nothing
        for _ in range(flood):
            await act(client)
            time.passes(step)
        assert saved.writes <= flood * step / BUSY + 1  # one a message before
        time.passes(QUIET)  # the flood is over: once the table is quiet, its last state is on disk
        assert json.loads(saved.path.read_text(encoding="utf-8")) == host.save_data()
        written = saved.writes
        time.passes(BUSY)
        await act(client)  # one more change, and no time passes: it waits to be written
        assert saved.writes == written
        await client.close()  # the seat is left a while after the last write: what waits is written at once
        while host.seats[seat].connection is not None:
            await asyncio.sleep(0.01)
        assert saved.writes == written + 1 and saved.moves() == host.save_data()["moves"]
        await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_seat_that_comes_moves_and_goes_without_end_writes_no_more_than_a_flood(tmp_path: Path) -> None:
    """Each person leaving writes what waits at once, but not more often than once a second: one seat connecting,
    playing and leaving again and again would write at each."""
    time = Time()
    host = banquet()
    saved = Saved(tmp_path, host, time)
    seat = host.engine.decider(host.match.state)
    assert seat is not None
    cycles, step = 200, 0.01
    for connection in range(cycles):
        host.receive(connection, encode(Hello(host.table, seat, host.seats[seat].token, "Ada")))
        if host.match.can_undo():
            host.undo(seat)
        else:
            host.play(seat, host.match.legal_moves(seat)[0])
        host.leave(connection)
        time.passes(step)
    assert 1 <= saved.writes <= cycles * step / BUSY + 1  # 200 before
    time.passes(BUSY)
    assert saved.moves() == host.save_data()["moves"]


def test_the_move_that_ends_the_game_is_written_at_once(tmp_path: Path) -> None:
    time = Time()
    host = banquet(seed=11)
    saved = Saved(tmp_path, host, time)
    rnd = random.Random(3)
    while not host.engine.is_over(host.match.state):
        seat = min(host.engine.to_act(host.match.state))
        host.play(seat, rnd.choice(host.match.legal_moves(seat)))  # no time passes: no timer is due
    assert saved.writes == 1  # one for the whole game, at its end
    ended = Host.from_save(saves.read_json(saved.path))
    assert ended.match.moves == host.match.moves and ended.engine.is_over(ended.match.state)


def test_changes_are_written_once_quiet_or_once_a_second_while_they_keep_coming() -> None:
    time, written = Time(), []
    saver = Autosave(lambda: written.append(time.now), clock=time.clock, later=time.later)
    saver.changed()
    time.passes(QUIET / 2)
    assert written == []  # not quiet yet
    time.passes(QUIET)
    assert written == [QUIET]
    busy = 10 * QUIET
    for _ in range(100):  # a change every tenth of a quiet moment: never quiet
        saver.changed()
        time.passes(busy / 100)
    during = written[1:]
    assert busy / BUSY - 1 <= len(during) <= busy / BUSY + 1
    assert all(later - earlier >= BUSY for earlier, later in zip(during, during[1:]))
    assert len(time.waiting) == 1  # one timer waits, not one per change
    time.passes(QUIET)
    assert not saver.pending and time.waiting == []
    count = len(written)
    saver.flush()  # nothing waits: nothing is written
    assert len(written) == count
