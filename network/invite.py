"""The invitation a host gives each joiner: a `convivium://` link, and the same facts as a code to read out.

    convivium://192.168.1.20:45817/Tb3xQk9a?seat=1&token=...&fp=...
    convivium://192.168.1.20:45817/Tb3xQk9a?seat=watch&token=...&fp=...   (a spectator, if the host allows)

The link carries the host's address and port, the table, the seat, the seat's secret token and the SHA-256
fingerprint of the host's certificate (hex), which the joiner pins; without `fp` the link is for plain
WebSocket, which only a loopback address may use (network/tls.py). Anything that is not exactly this is refused
with BadInvite, never guessed at.

The short code is what a person reads aloud on the same network: 24 characters of Crockford's base32 in groups of
four, carrying the seat, a 47-bit secret drawn from the seat's token (`code_token`, which the host takes as well
as the token itself) and the first 64 bits of the certificate's fingerprint, then a check character that catches
any one character mistyped and any two neighbours swapped. Where the table is (address, port, table id and the
whole fingerprint) comes from discovery on the local network (network/discovery.py), and the code must agree
with the fingerprint found there. docs/protocol.md says why these bits are enough. The older long code (72
characters of RFC 4648 base32, an IPv4 host's every fact) is still read.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
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
CROCKFORD: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # no I, L, O or U: nothing to mistake for another
READ_AS: Final = {"I": "1", "L": "1", "O": "0"}  # what Crockford's base32 reads a look-alike as
SEAT_BITS, SECRET_BITS, SHORT_FP_BITS = 4, 47, 64
SHORT_DATA: Final = (SEAT_BITS + SECRET_BITS + SHORT_FP_BITS) // 5  # 23 characters, then the check: 24
WATCH_SEAT: Final = 15  # a spectator's short code
CODE_TOKEN: Final = "code-"  # the token a short code sends, which the host compares with its seat's (code_token)


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
        return _grouped(letters)

    def short_code(self) -> str | None:
        """The invitation as a short code to read aloud on the same network (TLS only; None otherwise)."""
        if self.fingerprint is None or len(self.fingerprint) < SHORT_FP_BITS // 4:
            return None
        seat = WATCH_SEAT if self.seat is None else self.seat
        number = (((seat << SECRET_BITS) | _secret(self.token)) << SHORT_FP_BITS) | int(self.fingerprint[:16], 16)
        digits = [(number >> (5 * i)) & 31 for i in reversed(range(SHORT_DATA))]
        return _grouped("".join(CROCKFORD[d] for d in [*digits, _check(digits)]))


@dataclass(frozen=True)
class ShortCode:
    """What a short code says: the seat, the token to send (`code_token` of the seat's) and the first 64 bits of the
    host's fingerprint (hex). Where the table is comes from discovery (`at`)."""

    seat: int | None
    token: str
    fingerprint: str

    def fits(self, fingerprint: str) -> bool:
        """Whether a table announcing `fingerprint` is the one this code was given for."""
        return hmac.compare_digest(fingerprint[:len(self.fingerprint)], self.fingerprint)

    def at(self, host: str, port: int, table: str, fingerprint: str) -> Invite:
        """The invitation to the table found at `host`:`port`, pinned to its whole `fingerprint`; BadInvite
        (net.code_other_table) if the code was given for another host."""
        if not FINGERPRINT.fullmatch(fingerprint) or len(fingerprint) != 64 or not self.fits(fingerprint):
            raise BadInvite("net.code_other_table")
        return _checked(host, port, table, self.seat, self.token, fingerprint)


def code_token(token: str) -> str:
    """The token a short code carries for `token`: what the host accepts in its place."""
    return f"{CODE_TOKEN}{_secret(token):012x}"


def token_matches(given: str, token: str) -> bool:
    """Whether a joiner's `given` token is the seat's `token`, or its short code's (compared in constant time)."""
    return hmac.compare_digest(given.encode(), token.encode()) or \
        hmac.compare_digest(given.encode(), code_token(token).encode())


def _secret(token: str) -> int:
    """47 bits drawn from a token (the token stays the host's; only these travel in a short code)."""
    digest = hashlib.sha256(b"convivium short code\0" + token.encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SECRET_BITS)


def _gf_times(a: int, b: int) -> int:
    """a times b in GF(32), modulo x^5 + x^2 + 1."""
    out = 0
    for _ in range(5):
        if b & 1:
            out ^= a
        b >>= 1
        a <<= 1
        if a & 32:
            a ^= 0b100101
    return out


def _check(digits: list[int]) -> int:
    """The check character: the digits weighed by the powers of x in GF(32) (x has order 31), so that one
    character changed, or two neighbours swapped, always changes it."""
    check, weight = 0, 2
    for digit in digits:
        check ^= _gf_times(digit, weight)
        weight = _gf_times(weight, 2)
    return check


def _grouped(letters: str) -> str:
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
    try:  # a fourth field, or one with no "=", is a ValueError of parse_qs's own
        query = parse_qs(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query), max_num_fields=3) \
            if parts.query else {}
    except ValueError:
        raise BadInvite("net.bad_invite") from None
    if set(query) - {"seat", "token", "fp"} or any(len(v) != 1 for v in query.values()):
        raise BadInvite("net.bad_invite")
    seat = query.get("seat", [""])[0]
    if not re.fullmatch(r"[0-9]", seat) and seat != WATCH:
        raise BadInvite("net.bad_invite")
    fp = query["fp"][0] if "fp" in query else None
    return _checked(host, port, parts.path.removeprefix("/"), None if seat == WATCH else int(seat),
                    query.get("token", [""])[0], fp)


def parse_short(code: str) -> ShortCode:
    """What a short code says (spaces, dashes and case do not matter; I and L read as 1, O as 0); BadInvite with a
    reason a person can act on: a letter that is never in a code, a typo the check catches, a wrong length."""
    if not isinstance(code, str) or len(code) > 200:
        raise BadInvite("net.bad_invite")
    letters = re.sub(r"[\s-]", "", code).upper()
    for letter in letters:
        if letter not in CROCKFORD and letter not in READ_AS:
            raise BadInvite("net.code_letter", letter=letter if letter.isprintable() else "?")
    if len(letters) != SHORT_DATA + 1:
        raise BadInvite("net.code_length", length=SHORT_DATA + 1)
    digits = [CROCKFORD.index(READ_AS.get(letter, letter)) for letter in letters]
    if _check(digits[:-1]) != digits[-1]:
        raise BadInvite("net.code_typo")
    number = 0
    for digit in digits[:-1]:
        number = number << 5 | digit
    seat = number >> (SECRET_BITS + SHORT_FP_BITS)
    secret = (number >> SHORT_FP_BITS) & ((1 << SECRET_BITS) - 1)
    if seat >= MAX_SEATS and seat != WATCH_SEAT:
        raise BadInvite("net.bad_invite")
    return ShortCode(None if seat == WATCH_SEAT else seat, f"{CODE_TOKEN}{secret:012x}",
                     f"{number & ((1 << SHORT_FP_BITS) - 1):016x}")


def is_short(text: str) -> bool:
    """Whether `text` has a short code's length (so that its own reasons, not the long code's, are told)."""
    return len(re.sub(r"[\s-]", "", text)) == SHORT_DATA + 1


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
