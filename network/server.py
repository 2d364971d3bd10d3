"""The host on the wire: WebSocket (RFC 6455) through the `websockets` package, on asyncio.

It carries bytes between connections and `network.host.Host`, and keeps the limits a hostile joiner meets before the
host reads a word: at most `max_connections` at once, of which at most `waiting_per_address` from one address
without a seat yet; a connection that has not said a good `hello` `hello_seconds` after it opened is closed,
whatever else it said; each connection may send `rate` messages a second (bursts of `burst`), the rest refused, and
one that keeps flooding is closed; a frame over 4 × 64 KiB is cut by websockets itself (close code 1009), a message
over 64 KiB is refused by `protocol.decode`. Before all that, at most `max_sockets` connections are open at once,
counted from the moment they are accepted: asyncio gives each TLS connection a 256 KiB buffer then, long before its
handshake ends and websockets hands it over, so without that bound a thousand connections that never finish a
handshake held 300 MB (three thousand, a gigabyte) until their 10 seconds ran out. Each connection has its own
outgoing queue and writer, so a joiner that stops reading slows nobody else: past `max_queued` messages, or
`max_queued_bytes` of them (a spectator that stops reading held up to 512 views in memory), it is dropped. The
host's rules run in the loop's thread. A computer decides in a worker thread, from a copy of its seat's view, so
that a hard computer thinking holds no connection: the loop answers every joiner meanwhile, and the move is played
(on the loop) only if the table has not changed since the computer began (an undo, a window closing).
"""
from __future__ import annotations

import asyncio
import socket
import ssl
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from websockets.asyncio.server import Server as WsServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from network.host import Host, Send
from network.protocol import MAX_JOINER_BYTES, Bye, Refused, encode

CLOSE_NORMAL: Final = 1000
CLOSE_POLICY: Final = 1008  # RFC 6455: the message broke the rules of this endpoint
CLOSE_BUSY: Final = 1013  # RFC 6455: try again later


@dataclass(frozen=True)
class Limits:
    """What one connection may do. The defaults fit people at a table with room to spare."""

    max_connections: int = 64
    # Connections from one address not seated yet: one computer holding every place by opening connections that never
    # say hello, each again as its 10 seconds run out, kept the players out. Friends behind one router each say hello
    # within a moment of connecting.
    waiting_per_address: int = 8
    max_sockets: int = 128  # open at once from accept on, handshakes under way included; past it, closed at once
    hello_seconds: float = 10.0
    rate: float = 20.0  # messages a second, sustained
    burst: int = 40
    strikes: int = 20  # messages refused in a row for going too fast before the connection is closed
    max_queued: int = 512  # messages waiting for a joiner that does not read
    max_queued_bytes: int = 4 * 1024 * 1024  # and their bytes: four of the largest messages a host sends (1 MiB)


class _Counted(socket.socket):
    """A connection the listener accepted: it is counted until closed (asyncio closes it when its transport ends)."""

    def __init__(self, listener: _Listener, accepted: socket.socket) -> None:
        super().__init__(accepted.family, accepted.type, accepted.proto, fileno=accepted.detach())
        self.listener = listener
        self.counted = True

    def close(self) -> None:
        if self.counted:
            self.counted = False
            self.listener.open -= 1
        super().close()


class _Listener(socket.socket):
    """The listening socket: it hands out at most `cap` connections open at once, and closes any more as soon as it
    accepts them, before a byte of their TLS is read."""

    def __init__(self, family: int, proto: int, cap: int) -> None:
        super().__init__(family, socket.SOCK_STREAM, proto)  # IPPROTO_TCP: asyncio sets TCP_NODELAY on such only
        self.cap, self.open = cap, 0

    def accept(self) -> tuple[socket.socket, Any]:
        while True:
            accepted, address = super().accept()  # BlockingIOError once none waits: asyncio stops accepting there
            if self.open < self.cap:
                self.open += 1
                return _Counted(self, accepted), address
            accepted.close()


def _listen(bind: str, port: int, cap: int) -> _Listener:
    """A listener on `bind`:`port` (the first address `bind` names), as asyncio would open it; OSError if it cannot."""
    family, _kind, proto, _name, address = socket.getaddrinfo(bind or None, port, type=socket.SOCK_STREAM,
                                                              flags=socket.AI_PASSIVE)[0]
    listener = _Listener(family, proto, cap)
    try:
        if sys.platform != "win32":  # as asyncio: a host started again at once may listen on its port again
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        listener.bind(address)
        listener.listen(100)
    except OSError:
        listener.close()
        raise
    return listener


@dataclass
class _Bucket:
    """A token bucket: `take` says whether one more message fits the rate."""

    rate: float
    burst: int
    tokens: float = 0.0
    at: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Server:
    """Serves one `Host` on `bind`:`port` (0: any free port; `port` tells which once started)."""

    def __init__(self, host: Host, *, bind: str, port: int, tls: ssl.SSLContext | None,
                 limits: Limits = Limits(), stand_in: tuple[str, float] | None = None) -> None:
        """`stand_in`: (level, seconds): a computer of that level plays for a person gone that long."""
        self.host = host
        host.think_inline = False  # the computers decide in `_think`, off the loop
        self.stand_in = stand_in
        self._thinking: asyncio.Task[None] | None = None
        self._closing = False
        # One worker per table: its computers decide one at a time, in the order the rules ask them.
        self._thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="convivium-computer")
        self._watchdog: asyncio.Task[None] | None = None
        self._armed: int | None = None  # the host's stamp the window countdown runs for
        self.bind, self.port, self.tls, self.limits = bind, port, tls, limits
        self.queues: dict[int, asyncio.Queue[Send | None]] = {}
        self.queued: dict[int, int] = {}  # bytes in each connection's queue, not yet handed to its socket
        self.waiting: dict[int, str] = {}  # the address of each connection that has no seat yet
        self.next_id = 0
        self.over = asyncio.Event()
        self._server: WsServer | None = None

    async def start(self) -> int:
        """Start listening; returns the port."""
        listener = _listen(self.bind, self.port, self.limits.max_sockets)
        self._server = await serve(self._handle, sock=listener, ssl=self.tls, max_size=4 * MAX_JOINER_BYTES,
                                   max_queue=4, compression=None, close_timeout=2)
        self.port = self._server.sockets[0].getsockname()[1] if self.port == 0 else self.port
        self._think_soon()
        if self.host.engine.is_over(self.host.match.state):
            self.over.set()
        if self.stand_in is not None:
            self._watchdog = asyncio.create_task(self._watch(*self.stand_in))
        return self.port

    async def _watch(self, level: str, after: float) -> None:
        """Now and then, let a computer stand in for whoever has been gone `after` seconds."""
        while not self.over.is_set():
            await asyncio.sleep(min(5.0, after / 4))
            self.deliver(self.host.stand_in_for_absent(after, level))
            if self.host.engine.is_over(self.host.match.state):
                self.over.set()

    async def close(self) -> None:
        """Stop listening and close every connection."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        self._closing = True
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinker.shutdown(wait=False, cancel_futures=True)  # a decision under way ends in its thread, unused
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        # Then let the worker end, a decision under way with it: the connections are closed by now, and whoever
        # stops the host (a window closing, a test) finds no thread of it left. Only that one decision is waited for.
        self._thinker.shutdown(wait=True)

    def deliver(self, sends: Sequence[Send]) -> None:
        """Queue each message for its connection's writer (a connection gone meanwhile is skipped), then start
        the host's window countdown if a new question is put to the people, or a computer's thinking if one is to
        decide."""
        self._arm()
        self._think_soon()
        for send in sends:
            queue = self.queues.get(send.connection)
            if queue is None:
                continue
            waiting = self.queued.get(send.connection, 0) + len(send.data)
            if queue.qsize() >= self.limits.max_queued or waiting > self.limits.max_queued_bytes:
                queue.put_nowait(None)  # the writer closes it
                continue
            self.queued[send.connection] = waiting
            queue.put_nowait(send)

    def _arm(self) -> None:
        stamp = self.host.counting()
        if stamp is not None and stamp != self._armed and self.host.answer_wait is not None:
            self._armed = stamp
            asyncio.get_running_loop().call_later(self.host.answer_wait, self._ring, stamp)

    def _think_soon(self) -> None:
        idle = self._thinking is None or self._thinking.done()
        if idle and not self._closing and self.host.computer_to_move() is not None:
            self._thinking = asyncio.get_running_loop().create_task(self._think())

    async def _think(self) -> None:
        """Let the computers decide in the worker, one after the other, until a person is to; each move is played
        here, on the loop, if the table is still where its computer found it."""
        loop = asyncio.get_running_loop()
        while (decision := self.host.next_decision()) is not None:
            move = await loop.run_in_executor(self._thinker, decision.decide)
            self.deliver(self.host.decided(decision, move))
        if self.host.engine.is_over(self.host.match.state):
            self.over.set()

    def _ring(self, stamp: int) -> None:
        """The countdown started at `stamp` ran out: the host closes the window if nothing changed meanwhile."""
        self.deliver(self.host.nobody_answers(stamp))
        if self.host.engine.is_over(self.host.match.state):
            self.over.set()

    async def _writer(self, ws: ServerConnection, connection: int, queue: asyncio.Queue[Send | None]) -> None:
        try:
            while True:
                send = await queue.get()
                if send is None:
                    await ws.close(CLOSE_POLICY, "net.too_slow_reader")
                    return
                await ws.send(send.data.decode())
                self.queued[connection] -= len(send.data)
                if send.close:
                    await ws.close(CLOSE_NORMAL, "bye")
                    return
        except ConnectionClosed:
            return

    async def _handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else ""
        waiting = sum(1 for other in self.waiting.values() if other == address)
        if len(self.queues) >= self.limits.max_connections or waiting >= self.limits.waiting_per_address:
            try:
                await ws.send(encode(Bye("net.table_full")).decode())
                await ws.close(CLOSE_BUSY, "net.table_full")
            except ConnectionClosed:
                pass
            return
        self.next_id += 1
        connection = self.next_id
        queue: asyncio.Queue[Send | None] = asyncio.Queue()
        self.queues[connection] = queue
        self.waiting[connection] = address
        writer = asyncio.create_task(self._writer(ws, connection, queue))
        try:
            await self._read(ws, connection)
            await asyncio.wait_for(asyncio.shield(writer), self.limits.hello_seconds)
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            self.queues.pop(connection, None)
            self.queued.pop(connection, None)
            self.waiting.pop(connection, None)
            writer.cancel()
            self.deliver(self.host.leave(connection))

    async def _read(self, ws: ServerConnection, connection: int) -> None:
        """Read the connection's messages until it closes or is closed; returns once its last words are queued."""
        bucket = _Bucket(self.limits.rate, self.limits.burst, tokens=float(self.limits.burst))
        strikes = 0
        loop = asyncio.get_running_loop()
        # A good hello by then, whatever else comes first: a message every few seconds held a place at the table for
        # good, and 64 such connections kept every player out.
        deadline = loop.time() + self.limits.hello_seconds
        while True:
            try:
                if connection in self.host.connections:
                    raw = await ws.recv()
                else:
                    raw = await asyncio.wait_for(ws.recv(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                self.deliver([Send(connection, encode(Bye("net.no_hello")), close=True)])
                return
            if not bucket.take():
                strikes += 1
                if strikes > self.limits.strikes:
                    self.deliver([Send(connection, encode(Bye("net.flood")), close=True)])
                    return
                self.deliver([Send(connection, encode(Refused("net.too_fast", {})))])
                continue
            strikes = 0  # a flood is too many refused in a row, not a few bursts over a long game
            sends = self.host.receive(connection, raw)
            if connection in self.host.connections:
                self.waiting.pop(connection, None)  # seated: its address may open others
            self.deliver(sends)
            if any(s.close for s in sends if s.connection == connection):
                return
            if self.host.engine.is_over(self.host.match.state):
                self.over.set()
