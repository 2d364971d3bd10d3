"""The network core (pure asyncio) beside Qt: an event loop in a thread of its own (the host's), and a joiner's
connection (the core's session, network/session.py, which runs its own thread) told to Qt by signals.

Nothing here touches a widget from another thread: what arrives is handed over by signals, which Qt delivers
on the GUI thread (a signal emitted from another thread is queued); what the GUI sends is scheduled on the loop
with `asyncio.run_coroutine_threadsafe`. `stop` ends every task and joins the thread: no thread outlives the
window (tests check).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections import deque
from collections.abc import Coroutine
from typing import Any, Final, TypeVar

from PySide6.QtCore import QObject, Qt, Signal

from network.invite import Invite
from network.protocol import Message
from network.session import Session
from rules.kernel import RulesError

T = TypeVar("T")
RETRY_SECONDS: Final = 1.0  # between two attempts to reach the host again; a seat waits for its player


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


INBOX: Final = 16  # the host's messages the window has not read yet (1 MiB at most each); then the session waits
BATCH: Final = 4  # read in one go, before the window draws and answers its people again


class Joiner(QObject):
    """One seat's connection to a host, kept up: the network core's session (network/session.py), whose thread
    holds the connection, told to Qt by signals. When it drops it is opened again with the seat's token until the
    host says goodbye or `stop` is called.

    `received` carries every message of the host (Welcome, Seats, Update, Said, Refused, Bye); `lost` says the
    connection dropped and is being opened again; `failed` carries why the seat cannot be reached any more (a
    RulesError: its code is a text key), after which nothing is tried again.

    What the session's thread tells waits in a bounded inbox, read on the window's thread BATCH at a time: a host
    that sends without end (a million chat lines) is held back by its own connection while the session waits for
    room, where one signal queued per message filled the window's event queue until it stopped drawing, and its
    memory with it."""

    received = Signal(object)
    lost = Signal()
    failed = Signal(object)
    _arrived = Signal()  # the inbox has something, and nobody is reading it yet

    def __init__(self, invite: Invite, name: str, retry_seconds: float = RETRY_SECONDS) -> None:
        super().__init__()
        self.invite, self.name = invite, name
        self.stopping = False
        self._inbox: deque[tuple[str, tuple[object, ...]]] = deque()  # in the order the session told them
        self._room = threading.Condition()
        self._reading = False  # a read of the inbox is due on the window's thread
        self._arrived.connect(self._read, Qt.ConnectionType.QueuedConnection)
        self.session = Session(invite, name, lambda message: self._tell("received", message), self._closed,
                               lambda: self._tell("lost"), retry_seconds)

    def _tell(self, signal: str, *args: object) -> None:
        """In the session's thread: keep the news for the window's thread, waiting while INBOX of them are unread."""
        with self._room:
            while len(self._inbox) >= INBOX and not self.stopping:
                self._room.wait(0.2)
            if self.stopping:
                return  # the window let go of this seat: nothing more is told
            self._inbox.append((signal, args))
            wake, self._reading = not self._reading, True
        if wake:
            try:
                self._arrived.emit()  # queued to this object's thread (the GUI's)
            except RuntimeError:
                pass  # the window let go of this seat meanwhile

    def _read(self) -> None:
        """In the window's thread: at most BATCH pieces of news, then the window draws before the rest are read."""
        for _ in range(BATCH):
            with self._room:
                if not self._inbox or self.stopping:
                    self._reading = False
                    return
                signal, args = self._inbox.popleft()
                self._room.notify()
            getattr(self, signal).emit(*args)
        self._arrived.emit()  # queued: behind whatever the window has to do meanwhile

    def _closed(self, why: RulesError) -> None:
        if not self.stopping:  # leaving is no failure
            self._tell("failed", why)

    def start(self) -> None:
        self.session.start()

    def send(self, message: Message) -> None:
        """Send `message` if connected (while the connection is lost it is dropped: the table waits for it)."""
        self.session.send(message)

    def drop(self) -> None:
        """Close the connection as a network would drop it (it is opened again): for tests and trials."""
        self.session.drop()

    def stop(self) -> None:
        """Leave the table and end the thread."""
        with self._room:
            self.stopping = True
            self._room.notify_all()  # a session waiting for room in the inbox gives up
        self.session.close()
