"""A seat whose person has been gone for a while is played by a computer until they come back (issue #41,
item 5): the others are told (the seat list says a computer plays it), the game goes on, and the person's
token gives them their seat back."""
from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from network.client import Client
from network.host import Host
from network.protocol import Hello, Play, Refused, Seats, Update, decode, encode
from network.server import Limits, Server
from rules import PLAYERS, Match, engine


class Clock:
    """Time that moves only when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_computer_stands_in_for_an_absent_person_until_they_come_back() -> None:
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 9), ["remote"] * 3)
    clock = host.clock = Clock()
    for seat in range(3):
        host.receive(seat, encode(Hello(host.table, seat, host.seats[seat].token, f"P{seat}")))
    host.leave(1)
    clock.now += 59
    assert host.stand_in_for_absent(60, "easy") == []
    clock.now += 2
    told = host.stand_in_for_absent(60, "easy")
    seats = [decode(s.data, from_joiner=False) for s in told if s.connection == 0][0]
    assert isinstance(seats, Seats) and seats.seats[1]["kind"] == "computer" and not seats.seats[1]["here"]
    # The game goes on with seat 1 played by the computer: the people never wait for it.
    rnd = random.Random(1)
    for _ in range(40):
        state = host.match.state
        if host.engine.is_over(state):
            break
        assert host.engine.decider(state) != 1  # the computer has already played for seat 1
        people = sorted(host.engine.to_act(state) - {1})
        seat = rnd.choice(people)
        host.receive(seat, encode(Play(host.engine.notation(rnd.choice(host.match.legal_moves(seat))))))
    assert any(m.player == 1 for m in host.match.moves)
    back = host.receive(7, encode(Hello(host.table, 1, host.seats[1].token, "P1")))
    assert host.seats[1].stand_in is None and host.seats[1].connection == 7
    listed = [decode(s.data, from_joiner=False) for s in back if s.connection == 0]
    assert isinstance(listed[0], Seats) and listed[0].seats[1]["kind"] == "remote"


def test_the_host_hands_one_gone_seat_to_a_computer_and_no_seat_whose_person_is_here() -> None:
    """The app's host chooses a seat itself (desktop/net/hosting.py): only a person's seat, while they are gone."""
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 9), ["remote", "remote", "easy"])
    host.receive(0, encode(Hello(host.table, 0, host.seats[0].token, "P0")))
    assert host.stand_in_for([0, 2], "normal") == []  # P0 is here; seat 2 is a computer's already
    assert host.seats[0].stand_in is None
    told = host.stand_in_for([1], "normal")
    seats = [decode(s.data, from_joiner=False) for s in told if s.connection == 0][0]
    assert isinstance(seats, Seats) and seats.seats[1]["kind"] == "computer" and seats.seats[0]["kind"] == "remote"
    assert host.seats[1].stand_in == "normal" and host.stand_in_for([1], "easy") == []
    with pytest.raises(ValueError):
        host.stand_in_for([0], "grandmaster")


def test_no_stand_in_where_computers_cannot_play() -> None:
    host = Host(Match(engine("bacchanalia", "standard"), {PLAYERS: 3}, 9), ["remote"] * 3)
    with pytest.raises(ValueError):
        host.stand_in_for_absent(1, "easy")


def test_a_host_plays_on_with_a_stand_in_for_a_seat_nobody_took() -> None:
    async def scenario() -> Any:
        host = Host(Match(engine("parsifal", "standard"), {PLAYERS: 3}, 4), ["remote", "remote", "easy"])
        server = Server(host, bind="127.0.0.1", port=0, tls=None, limits=Limits(rate=10_000, burst=10_000),
                        stand_in=("easy", 0.2))
        port = await server.start()
        client = Client(host.invites("127.0.0.1", port, None)[0], "Ada")
        await client.connect()
        rnd = random.Random(3)
        while client.latest is None or not client.latest.over:
            if client.latest is not None and client.latest.legal:
                await client.play(rnd.choice(client.latest.legal))
            while not isinstance(await client.receive(), (Update, Refused)):
                pass
        await client.close()
        await server.close()
        return host

    host = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert host.engine.is_over(host.match.state) and host.seats[1].stand_in == "easy"
