"""A hostile joiner against the app's host (desktop/net/hosting.py): what a connection sends that changes nothing at
the table costs the host's screen nothing."""
from __future__ import annotations

from desktop.net.hosting import _AppHost
from network.protocol import Hello, Say, Seats, encode
from rules import PLAYERS, Match, engine


def test_junk_from_a_connection_redraws_nothing_on_the_hosts_screen() -> None:
    """The app's host told its screen the seats after every message any connection sent, so junk from one that
    holds no seat (a thousand lines a second from 60 connections, all refused) redrew the host's table as often.
    It now tells the seats when they change."""
    host = _AppHost(Match(engine("banquet", "standard"), {PLAYERS: 3}, 7), ["local", "remote", "remote"])
    told: list[Seats] = []
    host.seated = told.append
    for _ in range(50):
        host.receive(20, b'{"junk": 1}')
        host.receive(20, encode(Say("hi")))
    assert told == [host.seats_message()]  # the seats as they are, once
    host.receive(20, encode(Hello(host.table, 1, host.seats[1].token, "Bruno")))
    host.receive(20, encode(Say("hello all")))
    host.leave(20)
    assert [(s.seats[1]["name"], s.seats[1]["here"]) for s in told[1:]] == [("Bruno", True), ("Bruno", False)]
