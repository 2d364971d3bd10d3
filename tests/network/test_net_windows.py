"""Response windows across machines (issue #41, item 4): a question to the table (a Memo, CHR-10.11; a
privilege, BB-17.5.6; an interrupt, PAR-15.6) is answered by each seat on its own screen, and costs nobody a
click when nobody answers: after the host's countdown, the window closes as if everyone asked had passed,
unless someone claimed it ("I answer"). The countdown is the host's word, public like the window itself."""
from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from network.client import Client
from network.host import Host
from network.protocol import Claim, Hello, Play, Refused, Update, decode, encode
from network.server import Limits, Server
from rules import PLAYERS, Match, engine

WINDOWED = [("chrononauts", "chrononauts", 3), ("banquet", "standard", 4), ("parsifal", "standard", 3)]


def seated(game: str, mode: str, players: int, seed: int) -> Host:
    host = Host(Match(engine(game, mode), {PLAYERS: players}, seed), ["remote"] * players, answer_wait=3)
    for seat in range(players):
        host.receive(seat, encode(Hello(host.table, seat, host.seats[seat].token, f"P{seat}")))
    return host


def to_a_question(host: Host, rnd: random.Random) -> bool:
    """Play at random, never passing a window, until one asks the people; False if the game ends first."""
    for _ in range(500):
        if host.counting() is not None:
            return True
        state = host.match.state
        if host.engine.is_over(state):
            return False
        seat = rnd.choice(sorted(host.engine.to_act(state)))
        host.receive(seat, encode(Play(host.engine.notation(rnd.choice(host.match.legal_moves(seat))))))
    return False


@pytest.mark.parametrize(("game", "mode", "players"), WINDOWED)
def test_nobody_answering_in_time_closes_the_window_with_everyone_asked_passing(game: str, mode: str,
                                                                               players: int) -> None:
    rnd = random.Random(2)
    host = seated(game, mode, players, 5)
    closed = 0
    for _ in range(5):
        if not to_a_question(host, rnd):
            break
        question, stamp, before = host.people_asked(), host.counting(), len(host.match.moves)
        assert question is not None and stamp is not None
        assert all(host.update_for(seat, []).countdown == 3 for seat in range(players))
        told = host.nobody_answers(stamp)
        played = host.match.moves[before:]
        assert told and played and played[0] == question.nobody[0]
        assert all(m in question.nobody for m in played[:len(question.nobody)] if m.player in question.asked)
        assert host.nobody_answers(stamp) == []  # the same countdown never rings twice
        closed += 1
    assert closed


@pytest.mark.parametrize(("game", "mode", "players"), WINDOWED)
def test_a_claimed_question_waits_for_the_answer(game: str, mode: str, players: int) -> None:
    rnd = random.Random(3)
    host = seated(game, mode, players, 6)
    assert to_a_question(host, rnd)
    question, stamp = host.people_asked(), host.counting()
    assert question is not None and stamp is not None
    outsider = next((s for s in range(players) if s not in question.asked), None)
    if outsider is not None:
        refusal = decode(host.receive(outsider, encode(Claim()))[0].data, from_joiner=False)
        assert refusal == Refused("net.cannot_claim", {})
    sends = host.receive(question.asked[0], encode(Claim()))
    updates = [decode(s.data, from_joiner=False) for s in sends]
    assert len(updates) == players and all(isinstance(u, Update) and u.countdown is None for u in updates)
    before = len(host.match.moves)
    assert host.counting() is None and host.nobody_answers(stamp) == [] and len(host.match.moves) == before


def test_a_host_closes_unanswered_windows_by_itself_over_loopback() -> None:
    """Joiners that never pass a window: the host's countdown closes each one, and the game goes on."""
    async def scenario() -> Host:
        host = Host(Match(engine("chrononauts", "chrononauts"), {PLAYERS: 2}, 8), ["remote", "remote"],
                    answer_wait=0.05)
        server = Server(host, bind="127.0.0.1", port=0, tls=None, limits=Limits(rate=10_000, burst=10_000))
        port = await server.start()
        invites = host.invites("127.0.0.1", port, None)

        async def joiner(seat: int) -> None:
            rnd = random.Random(seat)
            client = Client(invites[seat], f"P{seat}")
            await client.connect()
            while client.latest is None or (client.latest.moves < 80 and not client.latest.over):
                latest = client.latest
                answers = [m for m in latest.legal if not m.startswith("Pass")] if latest else []
                if answers and latest is not None and latest.countdown is None:
                    await client.play(rnd.choice(answers))
                while not isinstance(await client.receive(), (Update, Refused)):
                    pass
            await client.close()

        await asyncio.gather(joiner(0), joiner(1))
        await server.close()
        return host

    host: Any = asyncio.run(asyncio.wait_for(scenario(), 60))
    passes = [m for m in host.match.moves if type(m).__name__.startswith("Pass")]
    assert len(host.match.moves) >= 80 and passes  # only the host passed for them
