"""The network rows of `convivium bench` (issue #41, item 9), over loopback with TLS and pinning as in real use.

The host runs in a child process of its own (`host_main`), as a real host does, serving tables on request; the
joiners are bots in this process that play at random among the legal moves each update offers. Measured:
- a move's round trip: from a joiner sending its move to every one of the six joiners at the table holding the
  update it caused (median and 95th percentile);
- the host's memory per table: the growth of the host process's resident memory, divided by the tables, once
  `MEMORY_TABLES` tables are open with their joiners connected and a few moves played;
- `TABLES` tables of bot games (two joiners and an easy computer each) played to their end by one host process,
  `AT_ONCE` at a time: how many failed (a joiner's error or lost connection, a game not over within
  `GAME_SECONDS`), and how long they took.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from network import tls
from network.client import Client
from network.host import Host
from network.invite import Invite, parse_link
from network.protocol import Refused, Update
from network.server import Limits, Server
from rules import PLAYERS, Match, engine

ROUND_TRIP_TABLE = ("parsifal", "standard", ["remote"] * 6)  # six joiners, nobody else
ROUND_TRIP_MOVES = 150
BOT_TABLE = ("banquet", "standard", ["remote", "remote", "easy"])
MEMORY_TABLES = 20
MEMORY_MOVES = 10  # moves each table has played when the memory is read
TABLES = 100
AT_ONCE = 25
GAME_SECONDS = 120.0  # a bot game not over by then counts as a failure
# Bots answer each update at once, far faster than the rate a person is allowed.
BOT_LIMITS = Limits(rate=10_000, burst=10_000)


# --- the host's process ----------------------------------------------------------------------------------------

def _rss_kb() -> int:
    """This process's resident memory in KiB (0 where /proc is not there)."""
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return 0


class _HostProcess:
    """The child's side: reads one command a line on stdin, answers one JSON line on stdout.
    `open GAME MODE KINDS SEED COUNT` opens COUNT tables (seeds SEED…) and answers their remote seats' links;
    `rss` answers the resident memory; `quit` ends."""

    def __init__(self, folder: Path) -> None:
        self.context, self.fingerprint = tls.host_identity(folder)
        self.servers: list[Server] = []

    async def open(self, game: str, mode: str, kinds: list[str], seed: int, count: int) -> list[list[str]]:
        links = []
        for n in range(count):
            host = Host(Match(engine(game, mode), {PLAYERS: len(kinds)}, seed + n), kinds)
            server = Server(host, bind="127.0.0.1", port=0, tls=self.context, limits=BOT_LIMITS)
            port = await server.start()
            self.servers.append(server)
            links.append([i.link() for s, i in sorted(host.invites("127.0.0.1", port, self.fingerprint).items(),
                                                       key=lambda item: item[0] or 0)])
        return links

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[str] = asyncio.Queue()
        threading.Thread(target=lambda: [loop.call_soon_threadsafe(lines.put_nowait, line) for line in sys.stdin]
                         + [loop.call_soon_threadsafe(lines.put_nowait, "quit")], daemon=True).start()
        while (line := (await lines.get()).split()) != ["quit"]:
            if line[0] == "open":
                answer: Any = await self.open(line[1], line[2], line[3].split(","), int(line[4]), int(line[5]))
            else:
                answer = _rss_kb()
            print(json.dumps(answer), flush=True)
        for server in self.servers:
            await server.close()


def host_main() -> None:
    """The child process's entry point."""
    asyncio.run(_HostProcess(Path(tempfile.mkdtemp(prefix="convivium-bench-host-"))).run())


class _Child:
    """The bench's side of the host's process."""

    def __init__(self) -> None:
        code = "from desktop.tools.bench_network import host_main; host_main()"
        self.process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, env=dict(os.environ))
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin: IO[str] = self.process.stdin
        self.stdout: IO[str] = self.process.stdout

    def ask(self, line: str) -> Any:
        self.stdin.write(line + "\n")
        self.stdin.flush()
        return json.loads(self.stdout.readline())

    def open(self, table: tuple[str, str, list[str]], seed: int, count: int) -> list[list[Invite]]:
        game, mode, kinds = table
        return [[parse_link(link) for link in links]
                for links in self.ask(f"open {game} {mode} {','.join(kinds)} {seed} {count}")]

    def close(self) -> None:
        try:
            self.stdin.write("quit\n")
            self.stdin.flush()
            self.process.wait(30)
        finally:
            self.stdin.close()
            self.stdout.close()
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()


# --- the joiners -------------------------------------------------------------------------------------------------

async def _bot_joiner(invite: Invite, seed: int, stop_at: int | None = None) -> Client:
    """A joiner that plays at random among its legal moves until the game is over (or has `stop_at` moves); it
    is returned still connected."""
    rnd = random.Random(seed)
    client = Client(invite, f"Bot{invite.seat}")
    await client.connect()
    while True:
        latest = client.latest
        if latest is not None and (latest.over or (stop_at is not None and latest.moves >= stop_at)):
            return client
        message = await client.receive()
        latest = client.latest
        if isinstance(message, (Update, Refused)) and latest is not None and latest.legal and not latest.over:
            await client.play(rnd.choice(latest.legal))  # a refusal: the update it acted on was stale


async def _until_moves(client: Client, moves: int) -> float:
    """When `client` holds the update of the table's `moves`-th move."""
    while client.latest is None or client.latest.moves < moves:
        await client.receive()
    return time.perf_counter()


async def _round_trips(child: _Child) -> list[float]:
    samples: list[float] = []
    seed = 0
    while len(samples) < ROUND_TRIP_MOVES:
        clients = []
        for invite in child.open(ROUND_TRIP_TABLE, seed, 1)[0]:
            client = Client(invite, f"P{invite.seat}")
            await client.connect()
            clients.append(client)
        rnd = random.Random(seed)
        await asyncio.gather(*(_until_moves(c, 0) for c in clients))
        while len(samples) < ROUND_TRIP_MOVES:
            latest = clients[0].latest
            assert latest is not None
            if latest.over:
                break
            mover = next(c for c in clients if c.latest is not None and c.latest.legal)
            assert mover.latest is not None
            moves = mover.latest.moves
            sent = time.perf_counter()
            await mover.play(rnd.choice(mover.latest.legal))
            arrived = await asyncio.gather(*(_until_moves(c, moves + 1) for c in clients))
            samples.append(max(arrived) - sent)
        for client in clients:
            await client.close()
        seed += 1
    return samples


async def _memory_per_table(child: _Child) -> float:
    """KiB of the host's resident memory per open table, its joiners connected."""
    warm = await asyncio.gather(*(_bot_joiner(i, n) for n, i in enumerate(child.open(BOT_TABLE, 900, 1)[0])))
    for client in warm:
        await client.close()
    before = int(child.ask("rss"))
    tables = child.open(BOT_TABLE, 1000, MEMORY_TABLES)
    clients = await asyncio.gather(*(_bot_joiner(i, n, MEMORY_MOVES) for n, invites in enumerate(tables)
                                     for i in invites))
    after = int(child.ask("rss"))
    for client in clients:
        await client.close()
    return (after - before) / MEMORY_TABLES


async def _bot_game(invites: list[Invite], seed: int, room: asyncio.Semaphore) -> bool:
    """Whether the table's game was played to its end without a fault."""
    async with room:
        try:
            clients = await asyncio.wait_for(asyncio.gather(*(_bot_joiner(i, seed + n) for n, i in enumerate(invites))),
                                             GAME_SECONDS)
        except Exception:  # noqa: BLE001 - a failure of any kind is what is counted
            return False
        ends = [c.latest for c in clients]
        for client in clients:
            await client.close()
        return all(isinstance(u, Update) and u.over and u.result is not None for u in ends)


async def _bot_tables(child: _Child) -> tuple[int, float]:
    """Failures among `TABLES` bot games on one host, and the seconds they took."""
    started = time.perf_counter()
    tables = child.open(BOT_TABLE, 0, TABLES)
    room = asyncio.Semaphore(AT_ONCE)
    done = await asyncio.gather(*(_bot_game(invites, 10 * n, room) for n, invites in enumerate(tables)))
    return done.count(False), time.perf_counter() - started


@dataclass(frozen=True)
class NetworkFigures:
    median: float  # seconds
    p95: float
    kb_per_table: float
    failures: int
    seconds: float


def bench_network() -> NetworkFigures:
    """Every network figure, from one host process."""
    child = _Child()
    try:
        async def measure() -> NetworkFigures:
            trips = await _round_trips(child)
            kb = await _memory_per_table(child)
            failures, seconds = await _bot_tables(child)
            p95 = statistics.quantiles(trips, n=20)[-1]
            return NetworkFigures(statistics.median(trips), p95, kb, failures, seconds)
        return asyncio.run(measure())
    finally:
        child.close()


def network_rows(figures: NetworkFigures) -> list[tuple[str, str, str, bool]]:
    """The figures as the bench's rows (what, figure, budget, within it)."""
    f = figures
    return [
        ("network: a move to all 6 joiners, loopback TLS, median", f"{f.median * 1000:.1f} ms", "-", True),
        ("network: a move to all 6 joiners, loopback TLS, p95", f"{f.p95 * 1000:.1f} ms", "< 50 ms", f.p95 < 0.05),
        (f"network: host memory per table ({MEMORY_TABLES} tables, joiners on)", f"{f.kb_per_table / 1024:.2f} MB",
         "< 2 MB", f.kb_per_table < 2048),
        (f"network: {TABLES} tables of bot games on one host, failures", f"{f.failures}", "0", f.failures == 0),
        (f"  time for those {TABLES} games ({AT_ONCE} at a time)", f"{f.seconds:.1f} s", "-", True),
    ]
