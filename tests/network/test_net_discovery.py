"""Tables found on the network (network/discovery.py), on loopback only: a host's announcement carries public facts
and never a token, keeps its open seats up to date and says goodbye; a browser reads it back, refuses what is not
exactly one of ours, keeps a bounded list; and a short code with the table found joins its seat over TLS."""
from __future__ import annotations

import asyncio
import queue
import threading
from pathlib import Path
from typing import Any

import pytest

from network import discovery, tls
from network.client import Client
from network.discovery import MAX_LABEL, SERVICE, Announcer, Browser, Found, read_found
from network.host import Host
from network.invite import code_token, parse_short
from network.protocol import PROTOCOL_VERSION
from network.server import Server
from rules import PLAYERS, Match, engine

LOOPBACK = ["127.0.0.1"]
FP = "ab" * 32


def zeroconf_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if "zeroconf" in t.name.lower() and t.is_alive()]


async def _next(box: queue.Queue[Any]) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, box.get, True, 10)


async def _until(box: queue.Queue[Any], wanted: Any) -> list[Found]:
    while True:
        tables: list[Found] = await _next(box)
        if wanted(tables):
            return tables


def test_a_table_is_announced_found_joined_by_its_short_code_and_forgotten(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "REFRESH_SECONDS", 0.05)

    async def scenario() -> tuple[list[list[Found]], Host]:
        host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "easy"])
        cert, key = tls.host_certificate(tmp_path)
        fingerprint = tls.file_fingerprint(cert)
        server = Server(host, bind="127.0.0.1", port=0, tls=tls.server_context(cert, key))
        port = await server.start()
        box: queue.Queue[Any] = queue.Queue()
        # Only this table: another test's host, or a developer's, may be announced on loopback meanwhile.
        browser = Browser(lambda tables: box.put([t for t in tables if t.table == host.table]), interfaces=LOOPBACK)
        assert browser.start()
        announcing = asyncio.create_task(Announcer(LOOPBACK, "Ada's <b>laptop</b>").run(host, "127.0.0.1", port,
                                                                                         fingerprint))
        seen = [await _until(box, bool)]
        code = host.invites("127.0.0.1", port, fingerprint)[1].short_code()
        assert code is not None
        client = Client(parse_short(code).at(seen[0][0].address, seen[0][0].port, seen[0][0].table,
                                             seen[0][0].fingerprint), "Bruno")
        welcome = await client.connect()
        assert welcome.seat == 1 and host.seats[1].name == "Bruno"
        seen.append(await _until(box, lambda tables: tables and tables[0].open == 1))  # one seat taken
        announcing.cancel()
        assert await asyncio.gather(announcing, return_exceptions=True)
        seen.append(await _until(box, lambda tables: not tables))  # the goodbye: gone at once
        await client.close()
        await server.close()
        browser.close()
        return seen, host

    seen, host = asyncio.run(asyncio.wait_for(scenario(), 60))
    first = seen[0][0]
    assert (first.label, first.game, first.mode, first.players, first.open, first.version, first.table) == \
        ("Ada's <b>laptop</b>", "banquet", "standard", 3, 2, PROTOCOL_VERSION, host.table)
    assert first.address == "127.0.0.1"
    assert seen[1][0].open == 1 and seen[2] == []
    assert not zeroconf_threads()


def test_an_announcement_holds_no_token(tmp_path: Path) -> None:
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "easy"],
                watch_token="w" * 22)
    record = discovery.txt(host, FP)
    assert set(record) == {"v", "game", "mode", "players", "open", "table", "fp"}
    secrets = [s.token for s in host.seats] + ["w" * 22]
    secrets += [code_token(secret) for secret in secrets]
    assert not any(secret in value or secret[5:] in value for secret in secrets for value in record.values())


def props(**changed: str | None) -> dict[bytes, bytes | None]:
    fields: dict[str, str | None] = {"v": "1", "game": "banquet", "mode": "standard", "players": "3", "open": "2",
                                     "table": "Tb3xQk9a", "fp": FP, **changed}
    return {k.encode(): None if v is None else v.encode() for k, v in fields.items()}


NAME = "Ada Tb3xQk9a." + SERVICE


def test_a_good_announcement_reads_back_with_its_host_named_plainly() -> None:
    found = read_found("Ada\x1b[31m\u202e\nLaptop " + "x" * 80 + " Tb3xQk9a." + SERVICE, props(), ["10.0.0.3"], 45817)
    assert found is not None and found.label == ("Ada [31m Laptop " + "x" * 80)[:MAX_LABEL]
    assert found.label.isprintable() and len(found.label) == MAX_LABEL
    assert read_found(NAME, props(), ["fe80::1"], 45817) is not None  # an IPv6 address, written as a link does
    for blank in (" Tb3xQk9a", "\u200b\u202e Tb3xQk9a", ""):  # a name that shows nothing is named by its address
        found = read_found(f"{blank}." + SERVICE, props(), ["10.0.0.3"], 45817)
        assert found is not None and found.label == "10.0.0.3"


@pytest.mark.parametrize(("name", "properties", "addresses", "port"), [
    ("Ada Tb3xQk9a._other._tcp.local.", props(), ["10.0.0.3"], 45817),
    ("x" * 250 + "." + SERVICE, props(), ["10.0.0.3"], 45817),
    (NAME, props(), ["10.0.0.3"], None),
    (NAME, props(), ["10.0.0.3"], 0),
    (NAME, props(), [], 45817),
    (NAME, props(v="x"), ["10.0.0.3"], 45817),
    (NAME, props(v=None), ["10.0.0.3"], 45817),
    (NAME, props(players="11"), ["10.0.0.3"], 45817),
    (NAME, props(open="4"), ["10.0.0.3"], 45817),  # more open seats than seats
    (NAME, props(game="Banquet<b>"), ["10.0.0.3"], 45817),
    (NAME, props(mode="m" * 31), ["10.0.0.3"], 45817),
    (NAME, props(table="t/../x"), ["10.0.0.3"], 45817),
    (NAME, props(fp=FP[:32]), ["10.0.0.3"], 45817),  # a whole fingerprint, or the code cannot be checked against it
    (NAME, props(fp="é" * 64), ["10.0.0.3"], 45817),
    (NAME, props(game="a" * 200), ["10.0.0.3"], 45817),
    (NAME, props(players="00000000000000000000003"), ["10.0.0.3"], 45817),
])
def test_an_announcement_not_exactly_ours_is_dropped(name: str, properties: dict[bytes, bytes | None],
                                                     addresses: list[str], port: int | None) -> None:
    assert read_found(name, properties, addresses, port) is None


class FakeInfo:
    def __init__(self, name: str) -> None:
        self.properties, self.port = props(table="T" + name[:3] + "abcd"), 45817

    def parsed_addresses(self) -> list[str]:
        return ["10.0.0.3"]


class FakeZeroconf:
    def __init__(self) -> None:
        self.asked: list[str] = []

    def get_service_info(self, service_type: str, name: str, timeout: int) -> FakeInfo:
        self.asked.append(name)
        return FakeInfo(name)


def test_a_browser_keeps_a_bounded_list_and_forgets_what_says_goodbye(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(discovery, "MAX_TABLES", 3)
    lists: list[list[Found]] = []
    browser = Browser(lists.append)
    zc = FakeZeroconf()
    for n in range(10):
        added = discovery.ServiceStateChange.Added
        browser._changed(zc, SERVICE, f"{n:03d} Host.{SERVICE}", added)  # type: ignore[arg-type]
    assert len(browser.tables()) == 3 and len(zc.asked) == 3  # the others are not even asked about
    browser._changed(zc, SERVICE, f"001 Host.{SERVICE}", discovery.ServiceStateChange.Removed)  # type: ignore[arg-type]
    assert [f.label for f in lists[-1]] == ["000 Host", "002 Host"]
    browser.close()


def test_without_multicast_a_browser_and_an_announcer_say_so_and_nothing_breaks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(19, "No such device")

    monkeypatch.setattr(discovery, "Zeroconf", no_network)
    monkeypatch.setattr(discovery, "AsyncZeroconf", no_network)
    assert not Browser(lambda _tables: None).start()
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "easy"])
    assert asyncio.run(Announcer().run(host, "10.0.0.3", 45817, FP)) is False
