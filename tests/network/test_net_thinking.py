"""A computer thinks off the host's event loop (issue #41, item 4: computer players run on the host): while one
decides, every connection is still answered, and its move is played only if the table has not moved meanwhile."""
from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.client import connect

from network.client import Client
from network.host import Host
from network.protocol import Hello, Refused, decode, encode
from network.server import Limits, Server
from rules import PLAYERS, Match, engine
from rules.bots import Bot, make_bot
from rules.kernel import Move


class HeldBot:
    """An easy computer that, once asked, waits until the test lets it answer: a hard one thinking for long."""

    level = "easy"

    def __init__(self, inner: Bot) -> None:
        self.inner = inner
        self.thinking, self.go, self.done = threading.Event(), threading.Event(), threading.Event()

    def choose(self, view: Any, seat: int, legal: Sequence[Move], rng: random.Random) -> Move:
        self.thinking.set()
        self.go.wait(10)  # bounded, so that a loop it holds (the old way) lets the test end and fail
        self.done.set()
        return self.inner.choose(view, seat, legal, rng)


def up_to_the_computer(host: Host) -> None:
    """The people play their first legal moves, straight on the host, until the computer is to decide."""
    while host.computer_to_move() is None:
        seat = min(host.engine.to_act(host.match.state))
        host.play(seat, host.match.legal_moves(seat)[0])


def test_while_a_computer_thinks_the_host_still_answers_every_connection() -> None:
    held = HeldBot(make_bot("banquet", "standard", "easy"))

    async def scenario() -> None:
        host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["remote", "remote", "easy"])
        host.think_inline = False
        up_to_the_computer(host)
        host.bot_for = lambda game, mode, level: held
        server = Server(host, bind="127.0.0.1", port=0, tls=None, limits=Limits(rate=10_000, burst=10_000))
        before = len(host.match.moves)
        port = await server.start()
        while not held.thinking.is_set():
            await asyncio.sleep(0.01)
        ada = Client(host.invites("127.0.0.1", port, None)[0], "Ada")
        await ada.connect()  # a hello answered with a welcome
        await ada.say("still there?")
        while not ada.said:
            await ada.receive()
        assert ada.ws is not None
        await asyncio.wait_for(await ada.ws.ping(), 10)  # the keep-alive is answered
        async with connect(f"ws://127.0.0.1:{port}/{host.table}") as stranger:
            await stranger.send("{not json")
            assert isinstance(decode(await stranger.recv(), from_joiner=False), Refused)
        assert not held.done.is_set(), "all of that was answered while the computer was still thinking"
        assert len(host.match.moves) == before
        held.go.set()
        while ada.latest is None or ada.latest.moves == before:
            await ada.receive()
        assert ada.latest.moves > before and host.match.moves[before].player == 2
        await ada.close()
        await server.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_computers_move_is_dropped_when_the_table_moved_while_it_thought() -> None:
    """A person takes their move back while the computer decides what to answer it (the rules allow it: nobody
    has acted on it yet); the computer's move, decided on the old table, is not played."""
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 3), ["remote", "remote", "easy"])
    host.think_inline = False
    rnd = random.Random(3)
    while True:
        assert not host.engine.is_over(host.match.state)
        decision = host.next_decision()
        last = host.match.last_move
        if decision is not None and last is not None and last.player != decision.seat and host.match.can_undo():
            break
        if decision is not None:
            host.decided(decision, decision.decide())
            continue
        seat = min(host.engine.to_act(host.match.state))
        host.play(seat, rnd.choice(host.match.legal_moves(seat)))
    moves = list(host.match.moves)
    host.undo(last.player)
    assert host.decided(decision, decision.decide()) == []
    assert host.match.moves == moves[:-1]
    assert last.player in host.engine.to_act(host.match.state)  # the person chooses again
    host.play(last.player, last)  # the same move again: the computer is asked anew, from this table
    again = host.next_decision()
    assert again is not None and again.seat == decision.seat and again.stamp == host.stamp
    host.decided(again, again.decide())
    assert host.match.moves[:len(moves)] == moves and len(host.match.moves) == len(moves) + 1


def test_a_stand_ins_move_is_dropped_when_its_person_came_back_while_it_thought() -> None:
    """The computer playing for an absent person decides; the person comes back with their token before it is
    done: the seat is theirs again, and the computer's move for it is not played."""
    host = Host(Match(engine("banquet", "standard"), {PLAYERS: 3}, 9), ["remote"] * 3)
    host.think_inline = False
    for seat in range(3):
        host.receive(seat, encode(Hello(host.table, seat, host.seats[seat].token, f"P{seat}")))
    first = host.engine.decider(host.match.state)
    assert first is not None
    host.leave(first)
    host.clock = lambda: float("inf")  # gone for ever so long
    host.stand_in_for_absent(60, "easy")
    decision = host.next_decision()
    assert decision is not None and decision.seat == first
    host.receive(9, encode(Hello(host.table, first, host.seats[first].token, "Back")))
    assert host.decided(decision, decision.decide()) == []
    assert host.match.moves == [] and host.next_decision() is None
