"""A joiner for a program with a window: the asyncio client in a thread of its own, kept up.

The window's thread never waits on the network. `on_message` is called from the session's thread for every
message the host sends (a Qt window re-emits it as a signal, which Qt delivers in its own thread:
desktop/net/bridge.py); `send` may be called from any thread. With `retry_seconds`, a seat's connection that
drops is opened again with the seat's token (`on_lost` says so each time) until the host says goodbye or `close`
is called. `on_closed` is called once, with a RulesError whose code is a text key saying why the table is gone:
the host's refusal or farewell, a certificate that is not the pinned one, a host that cannot be reached
(`net.cannot_reach`), one that went away without retrying (`net.host_gone`), or leaving (`net.left`).
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Final

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from network.client import Client
from network.invite import Invite
from network.protocol import BadMessage, Bye, Message
from rules.kernel import RulesError

OPEN_SECONDS: Final = 10.0  # to reach the host, shake hands and be seated, at most
CLOSE_SECONDS: Final = 2.0  # to say goodbye to the host when leaving
UNREACHABLE: Final = (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI)


class Session:
    """One seat's connection to a host, run in a daemon thread."""

    def __init__(self, invite: Invite, name: str, on_message: Callable[[Message], None],
                 on_closed: Callable[[RulesError], None], on_lost: Callable[[], None] = lambda: None,
                 retry_seconds: float | None = None) -> None:
        self.invite, self.name = invite, name
        self.on_message, self.on_closed, self.on_lost = on_message, on_closed, on_lost
        self.retry_seconds = retry_seconds  # None: a dropped connection ends the session
        self.loop: asyncio.AbstractEventLoop | None = None  # made by `start`: a session never started holds nothing
        self.client: Client | None = None  # the seated connection, which `send` uses
        self.connecting: Client | None = None  # the connection being opened or held
        self.seated = False  # the host has welcomed us once: a drop is then retried
        self.over = False  # set in the session's thread once `on_closed` has been called
        # Set in the session's thread by `close`, beside cancelling the task: Python 3.11's asyncio.wait_for can lose a
        # cancellation that arrives as the connection it waits for opens, and the seat would then be held for good.
        self.leaving = False
        self.task: asyncio.Task[None] | None = None
        self.thread = threading.Thread(target=self._main, daemon=True, name="convivium-session")

    def start(self) -> None:
        """Connect and take the seat, in the session's thread; messages then arrive through `on_message`."""
        if self.loop is None and not self.over:
            self.loop = asyncio.new_event_loop()
            self.thread.start()

    def send(self, message: Message) -> None:
        """Send a joiner's message (from any thread); dropped while the connection is lost or once it is over."""
        self._soon(self._send_soon, message)

    def drop(self) -> None:
        """Cut the connection as a network would (it is opened again if the session retries): for tests and trials."""
        self._soon(self._drop_soon)

    def close(self, wait: float = 5.0) -> None:
        """Leave the table (the seat waits for its player) and stop the thread."""
        if self.loop is None:
            self.over = True  # never started: nothing to leave, and it will not start now
            return
        self._soon(self._close_soon)
        if self.thread.is_alive() and self.thread is not threading.current_thread():
            self.thread.join(wait)

    # --- in the session's thread ---------------------------------------------------------------------

    def _soon(self, callback: Callable[..., None], *args: object) -> None:
        # Coroutines are made in the session's thread: a loop that ends first never leaves one unawaited.
        if self.loop is None:
            return  # not started: nothing to send or cut
        try:
            self.loop.call_soon_threadsafe(callback, *args)
        except RuntimeError:
            pass  # the session is over: its loop is closed

    def _send_soon(self, message: Message) -> None:
        client = self.client
        if not self.over and client is not None and client.ws is not None:
            asyncio.get_running_loop().create_task(self._send(client, message))

    @staticmethod
    async def _send(client: Client, message: Message) -> None:
        try:
            await client.send(message)
        except (ConnectionClosed, OSError):
            pass  # the reader finds the connection gone and says so

    def _drop_soon(self) -> None:
        client = self.connecting
        if client is not None and client.ws is not None:
            client.ws.transport.abort()

    def _close_soon(self) -> None:
        self.leaving = True
        if self.task is not None:
            self.task.cancel()

    def _main(self) -> None:
        loop = self.loop
        assert loop is not None, "started"
        asyncio.set_event_loop(loop)  # this thread's loop, for whatever asks for the current one
        try:
            self.task = loop.create_task(self._guarded())
            loop.run_until_complete(asyncio.gather(self.task, return_exceptions=True))
            pending = asyncio.all_tasks(loop)  # a message still being sent as the connection ended
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        finally:
            loop.close()
            if not self.over:  # left before the session had even begun
                self.over = True
                self.on_closed(RulesError("net.left"))

    async def _guarded(self) -> None:
        why: RulesError = RulesError("net.left")
        try:
            why = await self._run()
        except asyncio.CancelledError:
            pass  # `close`: the player left
        finally:
            self.client = None
            client, self.connecting = self.connecting, None
            if client is not None and client.ws is not None:
                try:
                    await asyncio.wait_for(client.close(), CLOSE_SECONDS)
                except (*UNREACHABLE, asyncio.CancelledError):
                    pass
            self.over = True
            self.on_closed(why)

    async def _run(self) -> RulesError:
        """Hold the seat until the table is gone; why it is gone."""
        while True:
            self.connecting = client = Client(self.invite, self.name)
            try:
                welcome = await asyncio.wait_for(client.connect(open_timeout=OPEN_SECONDS), OPEN_SECONDS)
            except RulesError as refused:  # a refused hello, a wrong certificate, plain WebSocket off loopback
                return refused
            except UNREACHABLE:
                if not self.seated:
                    return BadMessage("net.cannot_reach", host=self.invite.host[:100], port=self.invite.port)
                if self.retry_seconds is None:
                    return RulesError("net.host_gone")
                await asyncio.sleep(self.retry_seconds)
                continue
            if self.leaving:  # closed as the connection opened, the cancellation lost on the way
                return RulesError("net.left")
            self.client, self.seated = client, True
            self.on_message(welcome)
            try:
                while True:
                    message = await client.receive()
                    self.on_message(message)
                    if isinstance(message, Bye):
                        return BadMessage(message.reason)
            except BadMessage as wrong:  # the host sent what no host sends: nothing it says can be trusted now
                return wrong
            except (ConnectionClosed, OSError):
                self.client = None
                if self.retry_seconds is None:
                    return RulesError("net.host_gone")
                self.on_lost()
                await asyncio.sleep(self.retry_seconds)
