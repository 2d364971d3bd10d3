"""The invitation a host gives each joiner: a `convivium://` link, and the same facts as a code to read out.

    convivium://192.168.1.20:45817/Tb3xQk9a?seat=1&token=...&fp=...
    convivium://192.168.1.20:45817/Tb3xQk9a?seat=watch&token=...&fp=...   (a spectator, if the host allows)

The link carries the host's address and port, the table, the seat, the seat's secret token and the SHA-256
fingerprint of the host's certificate (hex), which the joiner pins; without `fp` the link is for plain
WebSocket, which only a loopback address may use (network/tls.py). The code packs the same facts for an IPv4
host into 72 letters and digits in groups of four, with the fingerprint's first 128 bits. Anything that is
not exactly this is refused with BadInvite, never guessed at.
"""
from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import secrets
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qs, urlsplit

from network.protocol import MAX_SEATS, TABLE, TOKEN
from rules.kernel import RulesError

SCHEME: Final = "convivium"
MAX_LINK: Final = 600
TABLE_BYTES, TOKEN_BYTES, CODE_FP_BYTES = 6, 16, 16
HOST = re.compile(r"[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\]")
FINGERPRINT = re.compile(r"[0-9a-f]{32,64}")
WATCH, WATCH_BYTE = "watch", 255  # a spectator's invitation names no seat


class BadInvite(RulesError):
    """A link or code that is not an invitation: `code` is a text key (net.bad_invite)."""


def new_table_id() -> str:
    """A fresh random table id (6 bytes, base64url)."""
    return secrets.token_urlsafe(TABLE_BYTES)


def new_token() -> str:
    """A fresh secret seat token (16 random bytes, base64url): whoever holds it holds the seat."""
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(frozen=True)
class Invite:
    """Where to join (host, port, table), which seat, its secret token, and the certificate to expect."""

    host: str  # a name, an IPv4 address, or an IPv6 address in brackets
    port: int
    table: str
    seat: int | None  # None: watching the table, seated nowhere
    token: str
    fingerprint: str | None  # hex SHA-256 of the host's certificate (or its first 128 bits); None: plain ws

    def link(self) -> str:
        """The invitation as a `convivium://` link."""
        fp = f"&fp={self.fingerprint}" if self.fingerprint else ""
        seat = WATCH if self.seat is None else self.seat
        return f"{SCHEME}://{self.host}:{self.port}/{self.table}?seat={seat}&token={self.token}{fp}"

    def url(self) -> str:
        """The WebSocket address to connect to."""
        return f"{'wss' if self.fingerprint else 'ws'}://{self.host}:{self.port}/{self.table}"

    def code(self) -> str | None:
        """The invitation as a code to read out (an IPv4 host with TLS only; None otherwise)."""
        try:
            address = ipaddress.IPv4Address(self.host)
        except ValueError:
            return None
        if self.fingerprint is None:
            return None
        try:
            table, token = _unurl(self.table), _unurl(self.token)
        except (binascii.Error, ValueError):
            return None
        if len(table) != TABLE_BYTES or len(token) != TOKEN_BYTES:
            return None  # a table or token not made here (new_table_id, new_token): the link only
        seat = WATCH_BYTE if self.seat is None else self.seat
        packed = (address.packed + self.port.to_bytes(2, "big") + bytes([seat]) + table + token
                  + bytes.fromhex(self.fingerprint)[:CODE_FP_BYTES])
        letters = base64.b32encode(packed).decode().rstrip("=")
        return "-".join(letters[i:i + 4] for i in range(0, len(letters), 4))


def _unurl(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _checked(host: str, port: object, table: str, seat: object, token: str, fp: str | None) -> Invite:
    if not HOST.fullmatch(host) or not TABLE.fullmatch(table) or not TOKEN.fullmatch(token):
        raise BadInvite("net.bad_invite")
    if not isinstance(port, int) or not 1 <= port <= 65535:
        raise BadInvite("net.bad_invite")
    if seat is not None and (not isinstance(seat, int) or not 0 <= seat < MAX_SEATS):
        raise BadInvite("net.bad_invite")
    if fp is not None and not FINGERPRINT.fullmatch(fp):
        raise BadInvite("net.bad_invite")
    return Invite(host, port, table, seat, token, fp)


def parse_link(link: str) -> Invite:
    """The invitation a link spells; BadInvite for anything else."""
    if not isinstance(link, str) or len(link) > MAX_LINK:
        raise BadInvite("net.bad_invite")
    try:
        parts = urlsplit(link.strip())
        port = parts.port
    except ValueError:
        raise BadInvite("net.bad_invite") from None
    if parts.scheme != SCHEME or parts.fragment or parts.username or parts.password or port is None:
        raise BadInvite("net.bad_invite")
    host = parts.netloc.rsplit(":", 1)[0]
    query = parse_qs(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query), max_num_fields=3) \
        if parts.query else {}
    if set(query) - {"seat", "token", "fp"} or any(len(v) != 1 for v in query.values()):
        raise BadInvite("net.bad_invite")
    seat = query.get("seat", [""])[0]
    if not re.fullmatch(r"[0-9]", seat) and seat != WATCH:
        raise BadInvite("net.bad_invite")
    fp = query["fp"][0] if "fp" in query else None
    return _checked(host, port, parts.path.removeprefix("/"), None if seat == WATCH else int(seat),
                    query.get("token", [""])[0], fp)


def parse_code(code: str) -> Invite:
    """The invitation a code spells (spaces, dashes and case do not matter); BadInvite for anything else."""
    if not isinstance(code, str) or len(code) > 200:
        raise BadInvite("net.bad_invite")
    letters = re.sub(r"[\s-]", "", code).upper()
    try:
        packed = base64.b32decode(letters + "=" * (-len(letters) % 8))
    except (binascii.Error, ValueError):
        raise BadInvite("net.bad_invite") from None
    if len(packed) != 4 + 2 + 1 + TABLE_BYTES + TOKEN_BYTES + CODE_FP_BYTES:
        raise BadInvite("net.bad_invite")
    at = 7 + TABLE_BYTES
    table = base64.urlsafe_b64encode(packed[7:at]).decode().rstrip("=")
    token = base64.urlsafe_b64encode(packed[at:at + TOKEN_BYTES]).decode().rstrip("=")
    seat = None if packed[6] == WATCH_BYTE else packed[6]
    return _checked(str(ipaddress.IPv4Address(packed[:4])), int.from_bytes(packed[4:6], "big"), table, seat,
                    token, packed[at + TOKEN_BYTES:].hex())
