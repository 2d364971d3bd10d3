"""A hostile joiner gets nowhere (issue #41, item 7): each trick is answered with a clear refusal (a text key),
changes nothing, and the host keeps serving the other seats. The host's own checks are driven directly; the
transport's limits (rate, silence, frame size, number of connections) over real WebSockets on loopback."""
from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from network.client import Client
from network.host import MAX_SPECTATORS, Host, Send
from network.invite import Invite
from network.protocol import (CHAT_BURST, CHAT_SECONDS, MAX_HELLO_BYTES, MAX_JOINER_BYTES, PROTOCOL_VERSION,
                              BadMessage, Bye, Hello, Message, Play, Refused, Said, Say, Undo, Update, Welcome, decode,
                              encode)
from network.server import Limits, Server
from rules import PLAYERS, Match, engine


def banquet_host() -> Host:
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "remote"])
    for seat in range(3):
        host.receive(seat, encode(Hello(host.table, seat, host.seats[seat].token, f"P{seat}")))
    return host


def replies(host: Host, connection: int, raw: bytes | str) -> list[Message]:
    return [decode(s.data, from_joiner=False) for s in host.receive(connection, raw) if s.connection == connection]


def refused(host: Host, connection: int, raw: bytes | str) -> str:
    """The one refusal `connection` gets for `raw`, checking that nothing changed and nobody else was told."""
    before = (host.engine.to_dict(host.match.state), [(s.name, s.connection) for s in host.seats])
    sends = host.receive(connection, raw)
    assert [s.connection for s in sends] == [connection]
    answer = decode(sends[0].data, from_joiner=False)
    assert isinstance(answer, Refused)
    assert (host.engine.to_dict(host.match.state), [(s.name, s.connection) for s in host.seats]) == before
    return answer.reason


def still_serves(host: Host) -> None:
    """The seat to act plays a legal move and every seat is sent its update."""
    seat = min(host.engine.to_act(host.match.state))
    move = host.match.legal_moves(seat)[0]
    connection = host.seats[seat].connection
    assert connection is not None
    sends = host.receive(connection, encode(Play(host.engine.notation(move))))
    assert host.match.last_move == move
    assert sorted(s.connection for s in sends) == sorted(host.connections)


def test_malformed_messages_are_refused_and_the_others_still_play() -> None:
    host = banquet_host()
    hello = json.loads(encode(Hello(host.table, 0, host.seats[0].token, "Ada")))
    assert refused(host, 0, b"{\"type\": \"move\", ") == "net.bad_json"
    assert refused(host, 0, b"x" * (MAX_JOINER_BYTES + 1)) == "net.too_large"
    assert refused(host, 0, json.dumps({"type": "shutdown", "v": PROTOCOL_VERSION})) == "net.unknown_type"
    assert refused(host, 0, json.dumps({**hello, "v": 0})) == "net.bad_version"
    assert refused(host, 0, encode(Play("NoSuchMove x=1"))) == "move.bad_notation"
    assert refused(host, 0, encode(Say("\x1b[2Jhi"))) == "net.bad_chat"
    assert refused(host, 9, encode(Play("Pass"))) == "net.hello_first"
    still_serves(host)


@pytest.mark.parametrize("line", ["ok\nAda: I resign, Bruno wins", "ok\u2028Ada: I resign", "ok\u2029x", "a\tb"],
                         ids=["newline", "line separator", "paragraph separator", "tab"])
def test_a_chat_line_that_breaks_onto_another_line_is_refused(line: str) -> None:
    """Each chat line shows after its speaker's name: a break inside one would let its rest pass for a line of
    another seat's (Bruno's "ok" then "Ada: I resign" on a line of its own). The host refuses it, and a joiner's app
    shows one from a host (of this protocol, not refusing them yet) on one line."""
    host = banquet_host()
    assert refused(host, 1, encode(Say(line))) == "net.bad_chat"
    said = decode(encode(Said(1, line)), from_joiner=False)
    assert isinstance(said, Said) and said.text == line.translate({ord(c): " " for c in "\n\t\u2028\u2029"})
    assert [type(m) for m in replies(host, 1, encode(Say("ok, Ada: your turn")))] == [Said]
    still_serves(host)


def test_a_seat_that_floods_the_chat_is_refused_past_five_lines_in_ten_seconds() -> None:
    """Within the transport's 20 messages a second, one seat could bury everyone's chat (a panel keeps 500 lines) and
    slow every screen that shows it; the host now keeps it to the chat panel's own pace."""
    host = banquet_host()
    now = [1000.0]
    host.clock = lambda: now[0]
    for n in range(CHAT_BURST):
        assert [type(m) for m in replies(host, 0, encode(Say(f"line {n}")))] == [Said]
    assert refused(host, 0, encode(Say("one too many"))) == "chat.too_fast"
    assert [type(m) for m in replies(host, 1, encode(Say("my turn to speak")))] == [Said]  # each seat its own pace
    now[0] += CHAT_SECONDS
    assert [type(m) for m in replies(host, 0, encode(Say("one too many")))] == [Said]


def test_a_connection_without_a_seat_is_refused_more_than_a_hello_before_it_is_read() -> None:
    """Anyone who can reach the port may send 20 messages a second of 64 KiB before any hello, and measuring the
    nesting of 64 KiB of brackets took the host 2 ms each (60 such connections kept it busy, a seated player's answer
    180 ms late). Without a seat, a message longer than a hello is refused unread; a seated one is read as before."""
    host = banquet_host()
    long_line = encode(Say("[" * (MAX_HELLO_BYTES + 1)))
    assert refused(host, 20, long_line) == "net.too_large"  # read, it would have been net.hello_first
    assert refused(host, 0, long_line) == "net.bad_field"  # a seat's: read, and too long a chat line
    assert refused(host, 20, encode(Say("hi"))) == "net.hello_first"
    assert [type(m) for m in replies(host, 20, encode(Hello(host.table, 1, host.seats[1].token, "P1")))][0] is Welcome


def test_a_move_out_of_turn_or_for_another_seat_is_refused() -> None:
    host = banquet_host()
    eng, state = host.engine, host.match.state
    acting = min(eng.to_act(state))
    other = next(s for s in range(3) if s not in eng.to_act(state))
    theirs = eng.notation(host.match.legal_moves(acting)[0])  # read as `other`'s own move: not theirs to make
    assert refused(host, other, encode(Play(theirs))).startswith("illegal.")
    assert refused(host, other, encode(Undo())) == "net.cannot_undo"
    still_serves(host)
    # Undo after someone else has acted: only the seat's own last move, before anyone answers it.
    mover = host.match.last_move.player if host.match.last_move else acting
    assert refused(host, (mover + 1) % 3, encode(Undo())) == "net.cannot_undo"


def test_forged_tokens_and_bad_seats_are_refused() -> None:
    host = banquet_host()
    tokens = [s.token for s in host.seats]
    assert refused(host, 20, encode(Hello(host.table, 1, tokens[0], "Eve"))) == "net.bad_token"
    assert refused(host, 20, encode(Hello(host.table, 1, "A" * 22, "Eve"))) == "net.bad_token"
    assert refused(host, 20, encode(Hello("Zzzzzzzz", 1, tokens[1], "Eve"))) == "net.unknown_table"
    assert refused(host, 20, encode(Hello(host.table, 5, tokens[1], "Eve"))) == "net.bad_seat"
    assert refused(host, 1, encode(Hello(host.table, 1, tokens[1], "Bo"))) == "net.already_seated"
    still_serves(host)


@pytest.mark.parametrize(("name", "reason"), [
    ("<b>Eve</b>", "net.name_markup"), ("Eve&amp;", "net.name_markup"), ("E\x00ve", "net.name_control"),
    ("Eve\u202e", "net.name_control"), ("   ", "net.name_blank"), ("E" * 41, "net.name_too_long"),
])
def test_a_name_with_markup_or_control_characters_is_refused(name: str, reason: str) -> None:
    host = banquet_host()
    assert refused(host, 20, encode(Hello(host.table, 1, host.seats[1].token, name))) == reason
    assert host.seats[1].name == "P1"


@pytest.mark.parametrize("name", ["P0", "p2", "\u0420\u0030", "\u0440\u0032"],
                         ids=["same", "case", "cyrillic P", "cyrillic p"])
def test_a_name_another_seat_goes_by_or_one_that_looks_the_same_is_refused(name: str) -> None:
    """Seat 1 may not go by "P0" (seat 0's), "p2", nor "Р0" with a Cyrillic Р: its chat lines would read as seat
    0's."""
    host = banquet_host()
    assert refused(host, 20, encode(Hello(host.table, 1, host.seats[1].token, name))) == "net.name_taken"
    assert [type(m) for m in replies(host, 20, encode(Hello(host.table, 1, host.seats[1].token, "P1")))][0] is Welcome


def test_the_newer_device_takes_the_seat_and_the_older_is_told_why() -> None:
    host = banquet_host()
    sends = host.receive(30, encode(Hello(host.table, 1, host.seats[1].token, "  Bruno   B. ")))
    bye = [s for s in sends if s.connection == 1]
    assert len(bye) == 1 and bye[0].close and decode(bye[0].data, from_joiner=False) == Bye("net.replaced")
    assert host.seats[1].connection == 30 and host.seats[1].name == "Bruno B."
    assert host.leave(1) == []  # the old device closing changes nothing
    assert replies(host, 30, encode(Say("back"))) == [Said(1, "back")]
    still_serves(host)


# --- the transport's limits, over real WebSockets -------------------------------------------------------------

async def _serving(limits: Limits) -> tuple[Host, Server, str]:
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "easy"])
    server = Server(host, bind="127.0.0.1", port=0, tls=None, limits=limits)
    port = await server.start()
    return host, server, f"ws://127.0.0.1:{port}/{host.table}"


async def _messages(ws: Any) -> list[Message]:
    """Everything the host sends on `ws` until it closes the connection."""
    got: list[Message] = []
    try:
        while True:
            got.append(decode(await asyncio.wait_for(ws.recv(), 10), from_joiner=False))
    except ConnectionClosed:
        return got


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 60))


def test_a_flood_is_refused_then_closed_and_the_others_are_served() -> None:
    async def scenario() -> None:
        host, server, url = await _serving(Limits(rate=5, burst=5, strikes=10))
        invites = host.invites("127.0.0.1", server.port, None)
        honest = Client(invites[1], "Ann")
        await honest.connect()
        async with connect(url) as flood:
            for _ in range(40):
                await flood.send(encode(Say("spam")).decode())
            got = await _messages(flood)
        reasons = [m.reason for m in got if isinstance(m, (Refused, Bye))]
        assert "net.too_fast" in reasons and reasons[-1] == "net.flood"
        await honest.say("still here")
        while not honest.said:
            await honest.receive()
        assert honest.said == [(1, "still here")]
        await honest.close()
        await server.close()
    run(scenario())


def test_a_silent_connection_is_closed() -> None:
    async def scenario() -> None:
        _host, server, url = await _serving(Limits(hello_seconds=0.3))
        async with connect(url) as silent:
            got = await _messages(silent)
        assert got == [Bye("net.no_hello")]
        await server.close()
    run(scenario())


def test_a_connection_that_talks_but_never_says_a_good_hello_is_closed() -> None:
    """The time for a hello started again with every message: a connection sending a line every few seconds, each
    refused, held its place for good, and 64 of them kept every player out (`net.table_full`)."""
    async def scenario() -> None:
        _host, server, url = await _serving(Limits(hello_seconds=0.5))
        async with connect(url) as chatty:
            talking = True
            for _ in range(40):  # a line every 0.2 s, each one refused, for up to 8 s
                try:
                    await chatty.send(encode(Say("hi")))
                except ConnectionClosed:
                    talking = False  # closed by the host while it still talked
                    break
                await asyncio.sleep(0.2)
            got = await _messages(chatty)
            assert not talking
            assert got[-1] == Bye("net.no_hello") and all(m == Refused("net.hello_first", {}) for m in got[:-1])
        await server.close()
    run(scenario())


def test_an_oversized_frame_closes_the_connection_and_a_large_message_is_refused() -> None:
    async def scenario() -> None:
        _host, server, url = await _serving(Limits())
        async with connect(url, max_size=None) as big:
            await big.send("x" * (MAX_JOINER_BYTES + 10))
            answer = decode(await big.recv(), from_joiner=False)
            assert answer == Refused("net.too_large", {"limit": MAX_HELLO_BYTES})  # no seat yet: a hello's bound
            await big.send("x" * (5 * MAX_JOINER_BYTES))
            await _messages(big)
            assert big.close_code == 1009  # RFC 6455: message too big
        await server.close()
    run(scenario())


def test_connections_past_the_cap_are_turned_away() -> None:
    async def scenario() -> None:
        _host, server, url = await _serving(Limits(max_connections=2))
        async with connect(url) as first, connect(url) as second, connect(url) as third:
            assert await _messages(third) == [Bye("net.table_full")]
            assert third.close_code == 1013
            del first, second
        await server.close()
    run(scenario())


def test_one_address_holds_at_most_a_few_places_waiting_for_a_hello() -> None:
    """One computer opening connections that never say hello, each again as its 10 seconds ran out, held every place
    (64) and kept the players out: an address has at most `waiting_per_address` connections without a seat. A seat
    taken from that address does not count."""
    async def scenario() -> None:
        host, server, url = await _serving(Limits(waiting_per_address=2))
        ann = Client(host.invites("127.0.0.1", server.port, None)[1], "Ann")
        await ann.connect()  # seated, from the same address as the rest
        async with connect(url) as first, connect(url) as second, connect(url) as third:
            for waiting in (first, second):  # answered, so each is known to the host before the third comes
                await waiting.send(encode(Say("hi")).decode())
                assert decode(await waiting.recv(), from_joiner=False) == Refused("net.hello_first", {})
            assert await _messages(third) == [Bye("net.table_full")]
        await ann.close()
        await server.close()
    run(scenario())


def test_a_connection_that_stops_reading_holds_at_most_its_bytes_in_the_hosts_memory() -> None:
    """A spectator that stopped reading held up to 512 of the host's messages (each up to 1 MiB) until the keepalive
    closed it, 32 such spectators hundreds of megabytes: past `max_queued_bytes` it is dropped, as past
    `max_queued` messages."""
    async def scenario() -> None:
        host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "remote"])
        server = Server(host, bind="127.0.0.1", port=0, tls=None, limits=Limits(max_queued_bytes=1_000_000))
        stuck: asyncio.Queue[Send | None] = asyncio.Queue()
        server.queues[9] = stuck  # a connection whose writer waits on a socket nobody reads
        server.deliver([Send(9, b"x" * 100_000) for _ in range(20)])
        held = [stuck.get_nowait() for _ in range(stuck.qsize())]
        kept = [send for send in held if send is not None]
        assert len(kept) == 10 and sum(len(send.data) for send in kept) <= 1_000_000
        assert held[len(kept)] is None  # where its writer closes it
    run(scenario())


def test_sockets_that_never_speak_are_bounded_from_the_moment_they_are_accepted(tmp_path: Any) -> None:
    """asyncio gives a TLS connection a 256 KiB buffer when it is accepted, long before its handshake ends and the
    host counts it: 3,000 sockets that said nothing held a gigabyte on the host. Past `max_sockets` open at once, a
    connection is now closed as soon as it is accepted; once the silent ones go, a joiner is served again."""
    from network import tls

    async def scenario() -> None:
        host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "easy"])
        cert, key = tls.host_certificate(tmp_path / "host")
        server = Server(host, bind="127.0.0.1", port=0, tls=tls.server_context(cert, key),
                        limits=Limits(max_sockets=6))
        port = await server.start()
        silent = [await asyncio.open_connection("127.0.0.1", port) for _ in range(6)]
        late_reader, late_writer = await asyncio.open_connection("127.0.0.1", port)
        assert await asyncio.wait_for(late_reader.read(), 5) == b""  # closed by the host before a byte of TLS
        for _reader, writer in silent:
            writer.close()
        invite = Invite("127.0.0.1", port, host.table, 0, host.seats[0].token, tls.file_fingerprint(cert))
        client = Client(invite, "Ada")
        for _ in range(50):  # until the host has seen the silent ones go
            try:
                await client.connect()
                break
            except (OSError, ConnectionClosed):
                await asyncio.sleep(0.05)
        assert client.welcome is not None
        await client.close()
        late_writer.close()
        await server.close()
    run(scenario())


def test_a_client_refuses_a_host_whose_certificate_is_not_the_pinned_one(tmp_path: Any) -> None:
    from network import tls

    async def scenario() -> None:
        host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "easy"])
        cert, key = tls.host_certificate(tmp_path / "host")
        server = Server(host, bind="127.0.0.1", port=0, tls=tls.server_context(cert, key))
        port = await server.start()
        impostor = tls.file_fingerprint(tls.host_certificate(tmp_path / "impostor")[0])
        with pytest.raises(tls.NotSecure):
            await Client(host.invites("127.0.0.1", port, impostor)[0], "Ann").connect()
        assert host.seats[0].connection is None  # the token was never sent
        good = Client(host.invites("127.0.0.1", port, tls.file_fingerprint(cert))[0], "Ann")
        await good.connect()
        await good.close()
        await server.close()
    run(scenario())


def test_a_refused_hello_is_raised_by_the_client() -> None:
    async def scenario() -> None:
        host, server, _url = await _serving(Limits())
        invite = host.invites("127.0.0.1", server.port, None)[0]
        with pytest.raises(BadMessage) as caught:
            await Client(invite, "<script>").connect()
        assert caught.value.code == "net.name_markup"
        await server.close()
    run(scenario())


def mutated(host: Host, rnd: random.Random) -> str:
    """A move of some seat with one field changed to another seat's value, a stranger string or number."""
    eng, state = host.engine, host.match.state
    every = [m for s in range(len(host.seats)) for m in eng.legal_moves(state, s)]
    base = rnd.choice(every).to_dict() if every else {"type": rnd.choice(eng.moves).__name__}
    fields = [k for k in base if k not in ("type", "player")]
    if fields:
        pick = rnd.choice(fields)
        base[pick] = rnd.choice([rnd.choice(every).to_dict().get(pick, 0) if every else 0, "no_such_card", "?", -1,
                                 10**6, "", None, 1865, True])
    body = " ".join(f"{k}={json.dumps(v)}" for k, v in base.items() if k not in ("type", "player"))
    return f"{base['type']} {body}".strip()


GARBLED = [("banquet", "standard", 4), ("parsifal", "standard", 3), ("chrononauts", "chrononauts", 3),
           ("bacchanalia", "standard", 3)]


@pytest.mark.parametrize(("game", "mode", "players"), GARBLED)
def test_garbled_moves_from_any_seat_are_refused_with_a_reason_and_change_nothing(game: str, mode: str,
                                                                                  players: int) -> None:
    """Moves with a field swapped for junk (another seat's card, a card that does not exist, a wrong type) are
    refused by the rules with a reason, never a crash, whoever sends them; the game goes on."""
    host = Host(Match(engine(game, mode), {PLAYERS: players}, 3), ["remote"] * players)
    for seat in range(players):
        host.receive(seat, encode(Hello(host.table, seat, host.seats[seat].token, f"P{seat}")))
    rnd = random.Random(5)
    refusals = 0
    for _ in range(150):
        if host.engine.is_over(host.match.state):
            break
        sender = rnd.randrange(players)
        before = len(host.match.moves)
        answers = [decode(s.data, from_joiner=False) for s in host.receive(sender, encode(Play(mutated(host, rnd))))]
        if len(host.match.moves) == before:
            assert len(answers) == 1 and isinstance(answers[0], Refused)
            refusals += 1
        seat = rnd.choice(sorted(host.engine.to_act(host.match.state)))  # the game goes on
        host.receive(seat, encode(Play(host.engine.notation(rnd.choice(host.match.legal_moves(seat))))))
    assert refusals > 20


@pytest.mark.parametrize(("game", "mode", "players"), GARBLED)
@pytest.mark.parametrize("junk", ["[" * 1900, '"\\ud800"', '["\\udfff"]'], ids=["deep", "surrogate", "in a list"])
def test_a_move_whose_value_is_nested_deep_or_holds_a_lone_surrogate_is_refused(game: str, mode: str, players: int,
                                                                                junk: str) -> None:
    """A field's JSON inside a move's notation is bounded like every JSON the host reads: nested 1,000 deep it made
    the parser recurse out of the stack (the connection died with 1011, no answer), and a lone surrogate came back
    in the rules' refusal (`not_in_hand(card=...)`), which could not be written as UTF-8."""
    host = Host(Match(engine(game, mode), {PLAYERS: players}, 3), ["remote"] * players)
    for seat in range(players):
        host.receive(seat, encode(Hello(host.table, seat, host.seats[seat].token, f"P{seat}")))
    for _ in range(12):  # past any setup, to where a card in hand is asked for
        seat = min(host.engine.to_act(host.match.state))
        host.receive(seat, encode(Play(host.engine.notation(host.match.legal_moves(seat)[0]))))
    seat = min(host.engine.to_act(host.match.state))
    move = host.match.legal_moves(seat)[0].to_dict()
    field = next(k for k in move if k not in ("type", "player"))
    assert refused(host, seat, encode(Play(f"{move['type']} {field}={junk}"))) == "move.bad_notation"
    still_serves(host)


@pytest.mark.parametrize("spoil", ["no block", "short token", "unknown kind", "seat missing", "bad name", "bad level"])
def test_a_damaged_host_save_is_refused_with_a_reason(spoil: str) -> None:
    from rules.saves import SaveError

    data = banquet_host().save_data()
    block = data["network"]
    if spoil == "no block":
        del data["network"]
    elif spoil == "short token":
        block["seats"][1]["token"] = "abc"
    elif spoil == "unknown kind":
        block["seats"][1]["kind"] = "admin"
    elif spoil == "seat missing":
        block["seats"].pop()
    elif spoil == "bad name":
        data["names"][0] = "<i>Ada</i>"
    else:
        block["seats"][2]["kind"], data["bots"] = "computer", {"2": "godlike"}
    with pytest.raises(SaveError) as caught:
        Host.from_save(json.loads(json.dumps(data)))
    assert caught.value.code == "net.not_a_host_save"
    assert Host.from_save(banquet_host().save_data()).table  # an unspoilt one loads


def test_spectators_come_in_only_when_the_host_lets_them_and_only_watch() -> None:
    closed = banquet_host()
    assert refused(closed, 40, encode(Hello(closed.table, None, "A" * 22, "Fan"))) == "net.no_spectators"
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote"] * 3, watch_token="W" * 22)
    for seat in range(3):
        host.receive(seat, encode(Hello(host.table, seat, host.seats[seat].token, f"P{seat}")))
    assert refused(host, 40, encode(Hello(host.table, None, host.seats[0].token, "Fan"))) == "net.bad_watch_token"
    assert refused(host, 40, encode(Hello(host.table, None, "W" * 22, "<b>Fan"))) == "net.name_markup"
    welcome, _seats, update = replies(host, 40, encode(Hello(host.table, None, "W" * 22, "Fan")))
    assert isinstance(welcome, Welcome) and welcome.seat is None
    assert isinstance(update, Update) and update.legal == [] and "?" in json.dumps(update.view)
    seat = min(host.engine.to_act(host.match.state))
    move = host.engine.notation(host.match.legal_moves(seat)[0])
    for attempt in (Play(move), Undo(), Say("psst")):
        assert refused(host, 40, encode(attempt)) == "net.spectator"
    still_serves(host)
    assert host.leave(40) == []  # a spectator leaving tells nobody


def test_spectators_leave_room_for_the_players() -> None:
    """The spectators' one invitation goes round: 64 connections of it held every place, and a player whose
    connection dropped came back to `net.table_full`. At most MAX_SPECTATORS watch at once."""
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote"] * 3, watch_token="W" * 22)
    for fan in range(MAX_SPECTATORS):
        assert isinstance(replies(host, 100 + fan, encode(Hello(host.table, None, "W" * 22, "Fan")))[0], Welcome)
    assert refused(host, 200, encode(Hello(host.table, None, "W" * 22, "Fan"))) == "net.table_full"
    assert isinstance(replies(host, 201, encode(Hello(host.table, 1, host.seats[1].token, "Bruno")))[0], Welcome)
    host.leave(100)
    assert isinstance(replies(host, 200, encode(Hello(host.table, None, "W" * 22, "Fan")))[0], Welcome)
