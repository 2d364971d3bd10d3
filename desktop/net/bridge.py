"""The network core (pure asyncio) beside Qt: an event loop in a thread of its own, and a joiner's connection on it.

Nothing here touches a widget from the loop's thread: what arrives is handed over by signals, which Qt delivers
on the GUI thread (a signal emitted from another thread is queued); what the GUI sends is scheduled on the loop
with `asyncio.run_coroutine_threadsafe`. `stop` ends every task and joins the thread: no thread outlives the
window (tests check).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine
from typing import Any, Final, TypeVar

from PySide6.QtCore import QObject, Signal
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from network.client import Client
from network.invite import Invite
from network.protocol import BadMessage, Bye, Message, Welcome
from rules.kernel import RulesError

T = TypeVar("T")
RETRY_SECONDS: Final = 1.0  # between two attempts to reach the host again; a seat waits for its player
OPEN_SECONDS: Final = 10.0  # to reach the host and be seated, at most


class Loop:
    """An asyncio event loop running in a daemon thread until `stop`."""

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_forever()
        finally:  # as asyncio.run ends: every task still there is cancelled and awaited, then the loop is closed
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def submit(self, work: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Run `work` on the loop; its future may be waited for from any thread. RuntimeError once it has stopped."""
        if self.loop.is_closed():
            work.close()  # never started, so never left unawaited
            raise RuntimeError("the loop has stopped")
        return asyncio.run_coroutine_threadsafe(work, self.loop)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop, its tasks cancelled, and join its thread (idempotent)."""
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout)


class Joiner(QObject):
    """One seat's connection to a host, kept up: when it drops, it is opened again with the seat's token until
    the host says goodbye or `stop` is called.

    `received` carries every message of the host (Welcome, Seats, Update, Said, Refused); `lost` says the
    connection dropped and is being opened again; `failed` carries why the seat cannot be reached any more (a
    RulesError: its code is a text key), after which nothing is tried again."""

    received = Signal(object)
    lost = Signal()
    failed = Signal(object)

    def __init__(self, invite: Invite, name: str, retry_seconds: float = RETRY_SECONDS) -> None:
        super().__init__()
        self.invite, self.name, self.retry_seconds = invite, name, retry_seconds
        self.loop = Loop("convivium-joiner")
        self.client: Client | None = None
        self.seated = False  # the host has welcomed us once: a drop is then retried
        self.task: concurrent.futures.Future[None] | None = None

    def start(self) -> None:
        self.task = self.loop.submit(self._run())

    async def _run(self) -> None:
        while True:
            client = Client(self.invite, self.name)
            try:
                welcome: Welcome = await asyncio.wait_for(client.connect(open_timeout=OPEN_SECONDS), OPEN_SECONDS)
            except RulesError as refused:  # a refused hello, a wrong certificate, plain WebSocket off loopback
                self.failed.emit(refused)
                return
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI):
                if not self.seated:
                    self.failed.emit(BadMessage("net.cannot_reach", host=self.invite.host[:100], port=self.invite.port))
                    return
                await asyncio.sleep(self.retry_seconds)
                continue
            self.client, self.seated = client, True
            self.received.emit(welcome)
            try:
                while True:
                    message = await client.receive()
                    if isinstance(message, Bye):
                        self.failed.emit(BadMessage(message.reason))
                        await client.close()
                        return
                    self.received.emit(message)
            except BadMessage as wrong:  # the host sent what no host sends: nothing it says can be trusted now
                await client.close()
                self.failed.emit(wrong)
                return
            except (ConnectionClosed, OSError):
                self.client = None
                self.lost.emit()
                await asyncio.sleep(self.retry_seconds)

    def send(self, message: Message) -> None:
        """Send `message` if connected (while the connection is lost it is dropped: the table waits for it)."""
        client = self.client
        if client is not None:
            try:
                self.loop.submit(self._send(client, message))
            except RuntimeError:
                pass  # stopped meanwhile: nothing more is sent

    async def _send(self, client: Client, message: Message) -> None:
        try:
            await client.send(message)
        except (ConnectionClosed, OSError):
            pass  # the reader finds the connection gone and says so

    def drop(self) -> None:
        """Close the connection as a network would drop it (the reader opens it again): for tests and trials."""
        client = self.client
        if client is not None and client.ws is not None and not self.loop.loop.is_closed():
            self.loop.loop.call_soon_threadsafe(client.ws.transport.abort)

    def stop(self) -> None:
        """Leave the table and end the thread."""
        client = self.client
        if client is not None:
            try:
                self.loop.submit(client.close()).result(2.0)
            except (concurrent.futures.TimeoutError, RuntimeError, ConnectionClosed, OSError):
                pass
        self.loop.stop()
