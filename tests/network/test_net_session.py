"""The joiner a GUI uses (network/session.py): the client in a thread of its own, handing every message to a
callback and saying once, with a text key, why the table is gone."""
from __future__ import annotations

import asyncio
import json
import queue
import threading
from pathlib import Path
from typing import Any

from network import tls
from network.host import Host
from network.invite import Invite
from network.protocol import PROTOCOL_VERSION, Message, Play, Update, Welcome
from network.server import Server
from network.session import Session
from rules import PLAYERS, Match, engine


async def _next(box: queue.Queue[Any]) -> Any:
    return await asyncio.get_running_loop().run_in_executor(None, box.get, True, 10)


async def _serving(folder: Path) -> tuple[Host, Server, Invite]:
    """A Banquet for three on loopback TLS, seat 0 a person's to join (its invitation), the others computers."""
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "easy", "easy"])
    cert, key = tls.host_certificate(folder)
    server = Server(host, bind="127.0.0.1", port=0, tls=tls.server_context(cert, key))
    port = await server.start()
    return host, server, host.invites("127.0.0.1", port, tls.file_fingerprint(cert))[0]


def test_a_session_plays_from_its_own_thread_and_says_when_the_host_is_gone(tmp_path: Path) -> None:
    async def scenario() -> list[Any]:
        host, server, invite = await _serving(tmp_path)
        box: queue.Queue[Any] = queue.Queue()
        session = Session(invite, "Ada", box.put,
                          lambda reason: box.put(("closed", reason.code)))
        session.start()
        got: list[Any] = [await _next(box) for _ in range(3)]  # welcome, seats, update
        while not (isinstance(got[-1], Update) and got[-1].legal):  # the computers, who think apart, act first
            got.append(await _next(box))
        update = got[-1]
        assert isinstance(update, Update) and update.legal
        moves = update.moves
        session.send(Play(update.legal[0]))
        while not (isinstance(got[-1], Update) and got[-1].moves > moves):
            got.append(await _next(box))
        await server.close()  # the host goes away
        while got[-1] != ("closed", "net.host_gone"):
            got.append(await _next(box))
        session.close()
        return got

    got = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert isinstance(got[0], Welcome) and got[0].seat == 0
    assert [g for g in got if isinstance(g, tuple)] == [("closed", "net.host_gone")]  # said once


def test_a_session_says_why_it_could_not_join(tmp_path: Path) -> None:
    async def scenario() -> list[str]:
        host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "easy", "easy"])
        cert, key = tls.host_certificate(tmp_path / "host")
        server = Server(host, bind="127.0.0.1", port=0, tls=tls.server_context(cert, key))
        port = await server.start()
        invite = host.invites("127.0.0.1", port, tls.file_fingerprint(cert))[0]
        impostor = host.invites("127.0.0.1", port, tls.file_fingerprint(tls.host_certificate(tmp_path / "x")[0]))[0]
        reasons = []
        for attempt, name in ((impostor, "Ada"), (invite, "<b>Ada</b>")):
            box: queue.Queue[Any] = queue.Queue()
            session = Session(attempt, name, box.put, lambda reason, box=box: box.put(("closed", reason.code)))
            session.start()
            while not isinstance(answer := await _next(box), tuple):
                assert isinstance(answer, Message)
            reasons.append(answer[1])
            session.close()
        await server.close()
        box = queue.Queue()
        gone = Session(invite, "Ada", box.put, lambda reason: box.put(("closed", reason.code)))
        gone.start()  # the host has stopped listening
        reasons.append((await _next(box))[1])
        gone.close()
        return reasons

    reasons = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert reasons == ["net.wrong_certificate", "net.name_markup", "net.cannot_reach"]


def session_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("convivium-") and t.is_alive()]


def test_a_retrying_session_comes_back_to_its_seat_after_a_drop_and_leaves_no_thread(tmp_path: Path) -> None:
    async def scenario() -> list[Any]:
        host, server, invite = await _serving(tmp_path)
        box: queue.Queue[Any] = queue.Queue()
        session = Session(invite, "Ada", box.put,
                          lambda reason: box.put(("closed", reason.code)), lambda: box.put("lost"), 0.05)
        session.start()
        got: list[Any] = [await _next(box)]
        session.drop()  # as a network would
        while not (got.count("lost") == 1 and isinstance(got[-1], Welcome)):
            got.append(await _next(box))
        session.close()
        while not isinstance(got[-1], tuple):
            got.append(await _next(box))
        await server.close()
        return got

    got = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert isinstance(got[0], Welcome) and got[-1] == ("closed", "net.left")
    welcomes = [g for g in got if isinstance(g, Welcome)]
    assert len(welcomes) == 2 and welcomes[0] == welcomes[1]  # the same seat again
    assert not session_threads()


def test_a_session_closed_at_once_says_it_left_once_and_leaves_no_thread() -> None:
    said: list[str] = []
    session = Session(Invite("127.0.0.1", 9, "Tb3xQk9a", 0, "A" * 22, None), "Ada", lambda _m: None,
                      lambda reason: said.append(reason.code), retry_seconds=0.05)
    session.start()
    session.close()
    assert said == ["net.left"] or said == ["net.cannot_reach"]  # whichever came first, said once
    assert not session_threads()


def test_a_session_closed_as_its_connection_opens_leaves_and_ends_its_thread(monkeypatch: Any) -> None:
    """Python 3.11's asyncio.wait_for loses a cancellation that arrives as the connection it waits for opens: the
    session then took the seat and held it for good, in a thread that never ended (a person who started another
    game while a seat was being asked for; a test of the network tables found the thread still there). A close at
    that moment still leaves the table."""
    import network.session

    said: list[str] = []
    session = Session(Invite("127.0.0.1", 9, "Tb3xQk9a", 0, "A" * 22, None), "Ada", lambda _m: None,
                      lambda reason: said.append(reason.code), retry_seconds=0.05)

    class Opening:
        """A connection that opens at the very moment the close arrives (in the session's thread, as `close` sends
        it): no await between them, as when the host's welcome and the close come in the same turn of the loop."""

        ws = None

        def __init__(self, *_args: Any) -> None:
            pass

        async def connect(self, **_options: Any) -> Welcome:
            session._close_soon()
            return Welcome("t1", "banquet", "standard", 0, 3)

        async def receive(self) -> Message:
            await asyncio.Event().wait()  # the host says nothing more
            raise AssertionError("unreachable")

        async def close(self) -> None:
            pass

    monkeypatch.setattr(network.session, "Client", Opening)
    session.start()
    session.thread.join(5)
    alive = session.thread.is_alive()
    if alive:
        session.close(1)  # let the thread go, whatever this test says
    assert not alive and said == ["net.left"]


def test_a_host_message_that_is_not_ours_is_said_from_the_joiners_side() -> None:
    """decode's reasons are the host's words about a joiner's message: read by a joiner, a host of a newer protocol
    said "this table speaks version 2" (the joiner's own) and a host's bad field "the field “seat” of the message"
    (an English field name in any language). A joiner now says the host speaks another version, or that it sent
    something that is not a Convivium table."""
    from websockets.asyncio.server import ServerConnection, serve

    answers = [json.dumps({"type": "refused", "v": PROTOCOL_VERSION + 1, "reason": "net.bad_version",
                           "params": {"expected": PROTOCOL_VERSION + 1}}),
               json.dumps({"type": "welcome", "v": PROTOCOL_VERSION, "table": "Tb3xQk9a", "game": "banquet",
                           "mode": "standard", "seat": "one", "players": 3}),
               "not json at all"]

    async def fake_host(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(answers.pop(0))

    async def scenario() -> list[str]:
        reasons = []
        async with serve(fake_host, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            for _ in range(3):
                box: queue.Queue[Any] = queue.Queue()
                session = Session(Invite("127.0.0.1", port, "Tb3xQk9a", 0, "A" * 22, None), "Ada", box.put,
                                  lambda reason, box=box: box.put(("closed", reason.code, reason.params)))
                session.start()
                answer = await _next(box)
                reasons.append(answer[1])
                session.close()
        assert answer[2] == {}
        return reasons

    assert asyncio.run(asyncio.wait_for(scenario(), 60)) == ["net.host_version", "net.bad_view", "net.bad_view"]
