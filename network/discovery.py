"""Finding hosted tables on the local network: mDNS/DNS-SD (RFC 6762/6763) through the `zeroconf` library.

A host announces each table as a `_convivium._tcp.local.` service. Its TXT record carries only what anyone on the
network may know: the game and mode, the number of players and of seats still open, the protocol version, the
table id and the certificate's fingerprint (which a short code's must match, network/invite.py). Never a token.

Whatever another computer announces is untrusted: `read_found` takes a service apart field by field, with bounds
on every value, and drops anything that is not exactly what a host of ours sends; a browser keeps at most
`MAX_TABLES` tables. Where multicast cannot be had (no network, a sandbox, a firewall) both sides say so with
False and nothing else changes: hosting and joining by a link still work.
"""
from __future__ import annotations

import asyncio
import re
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from zeroconf import Error as ZeroconfError
from zeroconf import InterfaceChoice, IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncZeroconf

from network.invite import FINGERPRINT, HOST
from network.protocol import MAX_SEATS, PROTOCOL_VERSION, TABLE

if TYPE_CHECKING:
    from network.host import Host

SERVICE: Final = "_convivium._tcp.local."
MAX_TABLES: Final = 32  # a network announcing more is not a living room; the rest are not listed
MAX_LABEL: Final = 40  # characters of a host's name shown
MAX_NAME: Final = 255  # a DNS name's whole length
MAX_VALUE: Final = 80  # bytes of one TXT value
GAME_WORD: Final = re.compile(r"[a-z][a-z0-9_]{0,29}")
REFRESH_SECONDS: Final = 2.0  # how often a host looks whether its open seats changed
RESOLVE_MS: Final = 1500  # how long a browser waits for a table's details
ERRORS: Final = (OSError, ZeroconfError, ValueError, RuntimeError)  # what "no multicast here" looks like


@dataclass(frozen=True)
class Found:
    """A table announced on the network, as read (every field checked and bounded)."""

    name: str  # the service's full name: which announcement this is
    label: str  # the hosting computer's name, cleaned (plain text, at most MAX_LABEL characters)
    address: str
    port: int
    table: str
    game: str
    mode: str
    players: int
    open: int
    version: int
    fingerprint: str


def txt(host: Host, fingerprint: str, seats_open: int | None = None) -> dict[str, str]:
    """The TXT record of `host`'s table: public facts only."""
    return {"v": str(PROTOCOL_VERSION), "game": host.engine.game, "mode": host.engine.mode,
            "players": str(len(host.seats)), "table": host.table, "fp": fingerprint,
            "open": str(open_seats(host) if seats_open is None else seats_open)}


def open_seats(host: Host) -> int:
    """Seats for a person joining that nobody holds now."""
    return sum(1 for s in host.seats if s.kind == "remote" and s.connection is None)


def clean_label(text: str) -> str:
    """A name from the network made safe to show: printable characters only, one line, bounded."""
    shown = "".join(c if c.isprintable() else " " for c in text[:MAX_NAME])
    return " ".join(shown.split())[:MAX_LABEL]


def _number(text: str, low: int, high: int) -> int | None:
    if not re.fullmatch(r"[0-9]{1,3}", text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def read_found(name: str, properties: dict[bytes, bytes | None], addresses: list[str],
               port: int | None) -> Found | None:
    """The table a service announces, or None if it is not exactly one of ours."""
    if len(name) > MAX_NAME or not name.endswith("." + SERVICE) or port is None or not 1 <= port <= 65535:
        return None
    fields: dict[str, str] = {}
    for key, value in list(properties.items())[:20]:
        if value is None or len(key) > 16 or len(value) > MAX_VALUE:
            return None
        try:
            fields[key.decode("ascii")] = value.decode("ascii")
        except UnicodeDecodeError:
            return None
    version = _number(fields.get("v", ""), 1, 999)
    players = _number(fields.get("players", ""), 1, MAX_SEATS)
    seats_open = _number(fields.get("open", ""), 0, MAX_SEATS)
    game, mode, table, fp = (fields.get(k, "") for k in ("game", "mode", "table", "fp"))
    if version is None or players is None or seats_open is None or seats_open > players:
        return None
    if not (GAME_WORD.fullmatch(game) and GAME_WORD.fullmatch(mode) and TABLE.fullmatch(table)
            and FINGERPRINT.fullmatch(fp) and len(fp) == 64):
        return None
    usable = [a for a in addresses if ":" not in a] + [f"[{a}]" for a in addresses if ":" in a]
    address = next((a for a in usable if HOST.fullmatch(a)), None)
    if address is None:
        return None
    # The table id says nothing to a person; a name that shows nothing (blank, or only invisible characters) is
    # named by its address, so that the list never says "on " and nothing more.
    label = clean_label(name[:-len(SERVICE) - 1].removesuffix(" " + table)) or address
    return Found(name, label, address, port, table, game, mode, players, seats_open, version, fp)


def _service_info(host: Host, address: str, port: int, fingerprint: str, label: str, seats_open: int) -> ServiceInfo:
    packed = socket.inet_pton(socket.AF_INET6 if ":" in address else socket.AF_INET, address.strip("[]"))
    server = "convivium-" + re.sub("[^a-z0-9]", "x", host.table.lower())  # a host name's letters only
    return ServiceInfo(SERVICE, f"{label} {host.table}.{SERVICE}", port=port, addresses=[packed],
                       properties=dict(txt(host, fingerprint, seats_open)), server=f"{server}.local.")


def interfaces_for(bind: str) -> list[str] | None:
    """Where to announce a table listening on `bind`: there only, or every interface (None) for 0.0.0.0."""
    return None if bind in ("0.0.0.0", "::", "") else [bind.strip("[]")]


def computer_name() -> str:
    """This computer's name, as others will see it in their list."""
    return clean_label(socket.gethostname().split(".")[0]) or "Convivium"


class Announcer:
    """A table announced on the network while its host serves it, run on the host's event loop.

    `run` registers the service, keeps its count of open seats up to date, and withdraws it (a goodbye, so the
    others' lists forget it at once) when cancelled. Without multicast it returns False and the host goes on."""

    def __init__(self, interfaces: list[str] | None = None, label: str | None = None) -> None:
        self.interfaces = interfaces
        self.label = label or computer_name()

    async def run(self, host: Host, address: str, port: int, fingerprint: str) -> bool:
        """Announce `host`'s table at `address`:`port` until cancelled; False at once if multicast cannot be had."""
        try:
            zc = AsyncZeroconf(interfaces=self.interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
        except ERRORS:
            return False
        try:
            shown = open_seats(host)  # what the record says (someone may sit while it is being announced)
            info = _service_info(host, address, port, fingerprint, self.label, shown)
            await (await zc.async_register_service(info, allow_name_change=True))
            while True:
                await asyncio.sleep(REFRESH_SECONDS)
                if open_seats(host) != shown:
                    shown = open_seats(host)
                    info = _service_info(host, address, port, fingerprint, self.label, shown)
                    await (await zc.async_update_service(info))
        except ERRORS:
            return False
        finally:
            try:
                await asyncio.shield(zc.async_close())  # the goodbye, then the sockets
            except ERRORS:
                pass


class Browser:
    """The tables announced on the network, kept up to date in zeroconf's own threads.

    `on_change` is called with the whole list (sorted, at most MAX_TABLES) whenever it changes, from zeroconf's
    thread. `start` returns False when multicast cannot be had."""

    def __init__(self, on_change: Callable[[list[Found]], None], interfaces: list[str] | None = None) -> None:
        self.on_change = on_change
        self.interfaces = interfaces
        self.found: dict[str, Found] = {}
        self.lock = threading.Lock()
        self.zc: Zeroconf | None = None
        self.browser: ServiceBrowser | None = None

    def start(self) -> bool:
        """Start looking, in zeroconf's threads; False if multicast cannot be had here."""
        try:
            self.zc = Zeroconf(interfaces=self.interfaces or InterfaceChoice.All, ip_version=IPVersion.V4Only)
            self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])
        except ERRORS:
            self.close()
            return False
        return True

    def tables(self) -> list[Found]:
        """The tables found now, by the name of their host."""
        with self.lock:
            return sorted(self.found.values(), key=lambda f: (f.label.casefold(), f.game, f.name))

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self.lock:
                gone = self.found.pop(name, None)
            if gone is not None:
                self.on_change(self.tables())
            return
        with self.lock:
            if name not in self.found and len(self.found) >= MAX_TABLES:
                return
        if len(name) > MAX_NAME:
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=RESOLVE_MS)
        except ERRORS:
            return
        found = None if info is None else read_found(name, dict(info.properties), info.parsed_addresses(), info.port)
        with self.lock:
            if found is None:
                changed = self.found.pop(name, None) is not None
            else:
                changed = self.found.get(name) != found
                self.found[name] = found
        if changed:
            self.on_change(self.tables())

    def close(self) -> None:
        """Stop looking (idempotent); zeroconf's threads end, and nothing more is told."""
        self.on_change = lambda _tables: None
        browser, self.browser = self.browser, None
        zc, self.zc = self.zc, None
        try:
            if browser is not None:
                browser.cancel()
            if zc is not None:
                zc.close()
        except ERRORS:
            pass

