"""A joiner: connects to a host's invitation, checks the host's certificate against the invitation's
fingerprint before a word is sent, says hello with the seat's token, then sends moves, undo and chat and
receives what its seat may know. Used by the tests, and by the app through a thread of its own.
"""
from __future__ import annotations

import ssl
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from network import tls
from network.invite import Invite
from network.protocol import (MAX_HOST_BYTES, PROTOCOL_VERSION, BadMessage, Bye, Claim, Hello, Message, Play, Refused,
                              Said, Say, Seats, Undo, Update, Welcome, decode, encode)


class Client:
    """One connection to a host, for the seat of `invite`. `latest` is the last update received, `seats` the
    last seat list, `said` the chat lines so far."""

    def __init__(self, invite: Invite, name: str) -> None:
        self.invite, self.name = invite, name
        self.ws: ClientConnection | None = None
        self.welcome: Welcome | None = None
        self.latest: Update | None = None
        self.seats: Seats | None = None
        self.said: list[tuple[int, str]] = []

    async def connect(self, **options: Any) -> Welcome:
        """Open the connection and take the seat: the host's Welcome, or BadMessage with the host's refusal
        (NotSecure for a certificate that is not the pinned one, or plain WebSocket off loopback)."""
        context: ssl.SSLContext | None = None
        if self.invite.fingerprint is None:
            tls.check_plain(self.invite.host)
        else:
            context = tls.client_context()
        self.ws = await connect(self.invite.url(), ssl=context, max_size=MAX_HOST_BYTES, compression=None, **options)
        if self.invite.fingerprint is not None:
            shown = self.ws.transport.get_extra_info("ssl_object")
            try:
                tls.check_pin(shown.getpeercert(binary_form=True) if shown is not None else None,
                              self.invite.fingerprint)
            except tls.NotSecure:
                await self.ws.close()
                raise
        await self.send(Hello(self.invite.table, self.invite.seat, self.invite.token, self.name))
        while True:
            message = await self.receive()
            if isinstance(message, Welcome):
                self.welcome = message
                return message
            if isinstance(message, (Refused, Bye)):
                await self.close()
                raise BadMessage(message.reason, **(message.params if isinstance(message, Refused) else {}))

    async def send(self, message: Message) -> None:
        """Send any message of a joiner (connect first)."""
        assert self.ws is not None, "connect first"
        await self.ws.send(encode(message).decode())

    async def play(self, notation: str) -> None:
        """Play a move of the seat, written in the engine's notation (one of the last update's `legal`)."""
        await self.send(Play(notation))

    async def undo(self) -> None:
        """Ask to take back the seat's own last move."""
        await self.send(Undo())

    async def claim(self) -> None:
        """Say "I answer" to the open response window: its countdown stops while the seat chooses."""
        await self.send(Claim())

    async def say(self, line: str) -> None:
        """Send a chat line to the table."""
        await self.send(Say(line))

    async def receive(self) -> Message:
        """The host's next message, checked; ConnectionClosed at the end. BadMessage for one that is not ours, said
        from this side (decode's own reasons are the host's words for a joiner's message: "the host could not read
        it", "the field view..."): net.host_version for another version of the protocol, else net.bad_view."""
        assert self.ws is not None, "connect first"
        try:
            message = decode(await self.ws.recv(), from_joiner=False)
        except BadMessage as wrong:
            if wrong.code == "net.bad_version":
                raise BadMessage("net.host_version", version=PROTOCOL_VERSION) from None
            raise BadMessage("net.bad_view") from None
        if isinstance(message, Update):
            self.latest = message
        elif isinstance(message, Seats):
            self.seats = message
        elif isinstance(message, Said):
            self.said.append((message.seat, message.text))
        return message

    async def close(self) -> None:
        """Leave the table: the seat waits for its player to come back with the same invitation."""
        if self.ws is not None:
            await self.ws.close()
