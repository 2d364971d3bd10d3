"""A host saves as it goes without letting a seat make the disk its limit (network/autosave.py): a flood of moves and
undos over loopback makes a bounded number of writes and its last state reaches the disk once the table is quiet;
the end of the game and a seat left are written at once. The JSON and the disk are the writer's thread's: the loop
answers the players while a save is being written, the saves land in order, one at a time, and the newest is on disk
once the writer is waited for. The saver's clock and timers are the test's: it says when time passes, so nothing here
waits for the wall clock (a slow disk is a write that waits for the test to let it go)."""
from __future__ import annotations

import asyncio
import errno
import json
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from network import command
from network.autosave import BUSY, QUIET, Autosave, SaveWriter, keep_saved
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
        saver, self.writer = command.saver_for(self.path, host)
        self.saver = Autosave(self.write, clock=time.clock, later=time.later)
        self.handed_over = saver.write  # the command's own: the host's data, to its writer
        keep_saved(host, self.saver)

    def write(self) -> None:
        self.writes += 1
        self.handed_over()

    def data(self) -> Any:
        self.writer.wait()
        return saves.read_json(self.path) if self.path.exists() else {}

    def moves(self) -> list[Any]:
        return list(self.data().get("moves", []))


class SlowDisk:
    """A file write that waits for the test to let it go (`release`), as on a slow disk, and remembers what it wrote
    and how many writes were under way at once."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.entered = threading.Event()  # a write has begun
        self.written: list[dict[str, Any]] = []
        self.inside = 0
        self.most_at_once = 0
        self.lock = threading.Lock()

    def write(self, path: Path, text: str) -> None:
        with self.lock:
            self.inside += 1
            self.most_at_once = max(self.most_at_once, self.inside)
        self.entered.set()
        try:
            assert self.release.wait(30), "the test never let the write go"
            saves.write_atomic(path, text)
            self.written.append(json.loads(text))
        finally:
            with self.lock:
                self.inside -= 1


def banquet(seed: int = 5) -> Host:
    return Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, seed), ["remote", "remote", "remote"])


async def seated(host: Host) -> tuple[Server, Client]:
    """`host` served on loopback with no rate limit worth the name, and a client in the seat that decides first,
    with the table it was sent."""
    server = Server(host, bind="127.0.0.1", port=0, tls=None, limits=Limits(rate=10_000, burst=10_000))
    port = await server.start()
    seat = host.engine.decider(host.match.state)
    assert seat is not None
    client = Client(host.invites("127.0.0.1", port, None)[seat], "Ada")
    await client.connect()
    while client.latest is None:
        await client.receive()
    return server, client


async def act(client: Client) -> Update | Refused:
    """Take back the seat's last move if it may, else play its first legal move; then read up to the answer."""
    latest = client.latest
    assert latest is not None
    if latest.can_undo:
        await client.undo()
    else:
        await client.play(latest.legal[0])
    while not isinstance(answer := await client.receive(), (Update, Refused)):
        pass
    return answer


def test_a_flood_of_moves_and_undos_makes_few_writes_and_its_last_state_reaches_the_disk(tmp_path: Path) -> None:
    time = Time()
    host = banquet()
    saved = Saved(tmp_path, host, time)
    flood, step = 600, 0.004  # messages, and the seconds between two (250 a second, past any person)

    async def scenario() -> None:
        server, client = await seated(host)
        assert saved.writes == 0  # a seat taken with nothing waiting to be written writes nothing
        for _ in range(flood):
            await act(client)
            time.passes(step)
        assert saved.writes <= flood * step / BUSY + 1  # one a message before
        time.passes(QUIET)  # the flood is over: once the table is quiet, its last state is on disk
        await asyncio.to_thread(saved.writer.wait)
        assert json.loads(saved.path.read_text(encoding="utf-8")) == host.save_data()
        written = saved.writes
        time.passes(BUSY)
        await act(client)  # one more change, and no time passes: it waits to be written
        assert saved.writes == written
        await client.close()  # the seat is left a while after the last write: what waits is written at once
        while any(s.connection is not None for s in host.seats):
            await asyncio.sleep(0.01)
        await asyncio.to_thread(saved.writer.wait)
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
    ended = Host.from_save(saved.data())
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


def test_the_loop_answers_the_players_while_a_save_is_being_written(tmp_path: Path) -> None:
    """A write that takes its time (a slow disk, a long game) is the writer's thread's: the seats' moves are answered
    meanwhile, and once it is let go the newest state follows it to the disk."""
    time, disk = Time(), SlowDisk()
    host = banquet()
    path = tmp_path / command.SAVE_NAME
    writer = SaveWriter(path, lambda exc: None, write=disk.write)
    saver = Autosave(lambda: writer.put(host.save_taken()), clock=time.clock, later=time.later)
    keep_saved(host, saver)

    async def scenario() -> None:
        server, client = await seated(host)
        await act(client)
        time.passes(QUIET)  # the table is quiet: the save is handed over, and its write waits for the disk
        assert await asyncio.to_thread(disk.entered.wait, 30)
        for _ in range(6):  # each played and answered while the write still waits
            assert isinstance(await asyncio.wait_for(act(client), 30), Update)
        assert disk.written == [] and disk.inside == 1
        time.passes(QUIET)  # a second save, handed over while the first is still being written
        disk.release.set()
        await asyncio.to_thread(writer.wait)
        assert disk.most_at_once == 1 and len(disk.written) == 2
        assert disk.written[-1] == host.save_data() == saves.read_json(path)
        await client.close()
        await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def numbered(number: int) -> Callable[[], dict[str, Any]]:
    """A save that says which it is."""
    return lambda: {"save": number}


def test_saves_are_written_in_order_one_at_a_time_and_those_piled_up_behind_a_slow_one_only_as_the_newest(
        tmp_path: Path) -> None:
    disk = SlowDisk()
    path = tmp_path / "save.json"
    writer = SaveWriter(path, lambda exc: None, write=disk.write)
    writer.put(numbered(1))
    assert disk.entered.wait(30)  # the first is being written, and waits
    for number in (2, 3, 4):
        writer.put(numbered(number))
    disk.release.set()
    writer.wait()
    assert disk.written == [{"save": 1}, {"save": 4}]  # 2 and 3 held nothing 4 does not: never written after it
    assert disk.most_at_once == 1 and saves.read_json(path) == {"save": 4}
    for number in range(5, 40):  # as fast as they come, the disk quick: never two at once, never out of order
        writer.put(numbered(number))
    writer.wait()
    numbers = [saved["save"] for saved in disk.written]
    assert numbers == sorted(set(numbers)) and numbers[-1] == 39 and disk.most_at_once == 1
    assert saves.read_json(path) == {"save": 39}
    assert not any(t.name == "convivium-save" and t.is_alive() for t in threading.enumerate())


def test_a_save_that_cannot_be_written_is_told_and_the_next_one_tries_again(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    failures: list[tuple[OSError, str]] = []
    full = [True]

    def write(where: Path, text: str) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device", str(where))
        saves.write_atomic(where, text)

    writer = SaveWriter(path, lambda exc: failures.append((exc, threading.current_thread().name)), write=write)
    writer.put(numbered(1))
    writer.wait()
    assert [(exc.errno, name) for exc, name in failures] == [(errno.ENOSPC, "convivium-save")] and not path.exists()
    full[0] = False  # room again
    writer.put(numbered(2))
    writer.wait()
    assert saves.read_json(path) == {"save": 2} and len(failures) == 1


def test_each_save_holds_the_moment_it_was_taken_and_a_stopping_host_waits_for_the_newest(tmp_path: Path) -> None:
    """A save taken while another is being written is made into data later, on the writer's thread, while the game
    has moved on: it holds the game as it was when taken. As `convivium host` stops (the game over, Ctrl+C), what waits
    to be written is handed over, and the command ends only once it is on disk, even behind a slow write."""
    time, disk = Time(), SlowDisk()
    host = banquet(seed=8)
    path = tmp_path / command.SAVE_NAME
    writer = SaveWriter(path, lambda exc: None, write=disk.write)
    saver = Autosave(lambda: writer.put(host.save_taken()), clock=time.clock, later=time.later)
    keep_saved(host, saver)
    rnd = random.Random(4)

    def play(moves: int) -> None:
        for _ in range(moves):
            seat = min(host.engine.to_act(host.match.state))
            host.play(seat, rnd.choice(host.match.legal_moves(seat)))

    play(3)
    time.passes(QUIET)
    assert disk.entered.wait(30)  # the first save is being written, slowly
    play(3)
    time.passes(QUIET)  # the second is taken, and waits behind the first
    play(3)  # the game goes on before the second is made into data
    done = threading.Event()
    waiting = threading.Thread(target=lambda: (writer.wait(), done.set()))
    waiting.start()
    assert not done.wait(0.05)  # waiting for the writer waits for the disk
    disk.release.set()
    waiting.join(30)
    assert done.is_set() and [len(saved["moves"]) for saved in disk.written] == [3, 6]
    assert saver.pending  # the last three moves wait for a quiet moment that does not come before the stop
    saver.flush()  # the host stops: what waits is handed over, and the command waits for it
    writer.wait()
    assert [len(saved["moves"]) for saved in disk.written] == [3, 6, 9]
    assert disk.written[-1] == host.save_data() == saves.read_json(path)
