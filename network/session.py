"""A joiner for a program with a GUI: the asyncio client in a thread of its own.

The GUI's thread never waits on the network. `on_message` is called from the session's thread for every
message the host sends (a Qt window re-emits it as a signal, which Qt delivers in the GUI thread); `send`
may be called from any thread; `on_closed` is called once, with the text key that says why the table is
gone: the host's refusal or farewell, a certificate that is not the pinned one, a host that cannot be
reached or that went away.
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from network import tls
from network.client import Client
from network.invite import Invite
from network.protocol import BadMessage, Bye, Message

JOIN_SECONDS = 15.0  # connecting, the TLS handshake and the host's welcome


class Session:
    """One seat's connection to a host, run in a daemon thread."""

    def __init__(self, invite: Invite, name: str, on_message: Callable[[Message], None],
                 on_closed: Callable[[str], None]) -> None:
        self.client = Client(invite, name)
        self.on_message, self.on_closed = on_message, on_closed
        self.loop = asyncio.new_event_loop()
        self.leaving = False
        self.over = False  # set in the session's thread when the connection is over
        self.thread = threading.Thread(target=self._main, daemon=True, name="convivium-session")

    def start(self) -> None:
        """Connect and take the seat, in the session's thread; messages then arrive through `on_message`."""
        self.thread.start()

    def send(self, message: Message) -> None:
        """Send a joiner's message (from any thread); dropped once the session is over."""
        try:
            self.loop.call_soon_threadsafe(self._send_soon, message)
        except RuntimeError:
            pass  # the session is over: its loop is closed

    def _send_soon(self, message: Message) -> None:
        if not self.over and self.client.ws is not None:
            self.loop.create_task(self.client.send(message))

    def close(self, wait: float = 5.0) -> None:
        """Leave the table (the seat waits for its player) and stop the thread."""
        self.leaving = True
        try:
            # Coroutines are made in the session's thread (here and in `send`): a loop that ends first never leaves
            # one unawaited.
            self.loop.call_soon_threadsafe(self._close_soon)
        except RuntimeError:
            pass  # the session was already over: its loop is closed
        if self.thread.is_alive():
            self.thread.join(wait)

    def _close_soon(self) -> None:
        if not self.over:  # once the session is over there is nothing left to close
            self.loop.create_task(self.client.close())

    def _main(self) -> None:
        asyncio.set_event_loop(self.loop)  # this thread's loop, for whatever asks for the current one
        try:
            self.loop.run_until_complete(self._run())
            pending = asyncio.all_tasks(self.loop)  # a close asked while the connection was ending
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        finally:
            self.loop.close()

    async def _run(self) -> None:
        reason = "net.host_gone"
        try:
            self.on_message(await asyncio.wait_for(self.client.connect(), JOIN_SECONDS))
            while True:
                message = await self.client.receive()
                self.on_message(message)
                if isinstance(message, Bye):
                    reason = message.reason
        except (BadMessage, tls.NotSecure) as refused:
            reason = refused.code
        except ConnectionClosed:
            reason = "net.left" if self.leaving else reason
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI):
            reason = "net.unreachable"
        finally:
            self.over = True
            self.on_closed(reason)
