"""Nothing reaches a seat that its player may not see (issue #41, item 6): at random positions of random games
of every game for several, the hidden cards are dealt again consistently with seat k's view
(`Engine.sample`), and the bytes the host sends to seat k are compared in the two worlds: what it is sent
on joining (the view, the seat list), after another seat's move that leaves k's view the same in both
worlds (k's update with its events as k learns them), its refusals of k's bad moves, and its answer to
k's undo. They must be identical, byte for byte, and as many. A spectator, sent the public view, likewise.

The other way two worlds differ for k is another seat's secret choice: two moves of seat j that leave k's view
the same and read the same in the log (a move's private fields left out, `Engine.describe`) must send k the
same bytes too."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from network.host import Host
from network.invite import new_table_id, new_token
from network.protocol import Hello, Play, Say, Undo, encode
from rules import PLAYERS, PUBLIC, Match, Move, engine, info

GAMES = [("chrononauts", "chrononauts"), ("chrononauts", "artifaxx"), ("banquet", "standard"),
         ("banquet", "open_privileges"), ("parsifal", "standard"), ("bacchanalia", "standard")]
TABLE = new_table_id()
TOKENS = [new_token() for _ in range(10)]
WATCH = new_token()
SPECTATOR = 50  # the spectator's connection


def seated(match: Match[Any]) -> Host:
    """A host of `match` with every seat a person joining, all of them connected (connection i holds seat i), and
    a spectator watching."""
    count = match.engine.players(match.state)
    host = Host(match, ["remote"] * count, table=TABLE, tokens=TOKENS[:count], watch_token=WATCH, answer_wait=3)
    for seat in range(count):
        host.receive(seat, encode(Hello(TABLE, seat, TOKENS[seat], f"P{seat}")))
    host.receive(SPECTATOR, encode(Hello(TABLE, None, WATCH, "Fan")))
    return host


def told(host: Host, seat: int, raw: bytes, sender: int) -> list[bytes]:
    """What `seat` is sent when `sender` sends `raw`."""
    return [s.data for s in host.receive(sender, raw) if s.connection == seat]


def twin_hosts(match: Match[Any], at: int, seat: int, rng: random.Random) -> tuple[Host, Host]:
    """Two hosts at the position before move `at`: the real one and one re-dealt from `seat`'s view."""
    real, twin = match.prefix(at), match.prefix(at)
    eng = match.engine
    twin.state = eng.sample(eng.view(real.state, seat), seat, rng)
    return seated(real), seated(twin)


def probes(host: Host, seat: int, rng: random.Random) -> list[str]:
    """Bad moves `seat` might send: other seats' legal moves (naming cards `seat` may not see) as its own."""
    eng, state = host.engine, host.match.state
    others = [m for s in range(eng.players(state)) if s != seat for m in eng.legal_moves(state, s)]
    return [eng.notation(m) for m in rng.sample(others, min(3, len(others)))]


def compare(match: Match[Any], at: int, seat: int, rng: random.Random) -> int:
    """Every comparison at one position for one seat; returns how many byte lists were compared."""
    eng = match.engine
    a, b = twin_hosts(match, at, seat, rng)
    compared = 0

    def same(raw: bytes, sender: int) -> None:
        nonlocal compared
        assert told(a, seat, raw, sender) == told(b, seat, raw, sender), (eng.game, at, seat, raw)
        compared += 1

    # Joining again (a reconnection): the welcome, the seat list and the update with the view.
    same(encode(Hello(TABLE, seat, TOKENS[seat], f"P{seat}")), 100 + seat)
    a.connections[seat] = b.connections[seat] = seat  # back on connection `seat`, for the rest
    a.seats[seat].connection = b.seats[seat].connection = seat
    # Refusals of bad moves, a chat line, an undo asked for.
    for text in probes(a, seat, rng):
        same(encode(Play(text)), seat)
    same(encode(Say("hm")), seat)
    same(encode(Undo()), seat)
    # A move: the one played next in the game, or one of this seat's if it may act.
    move: Move = match.moves[at]
    if seat in eng.to_act(a.match.state) and rng.random() < 0.5:
        move = rng.choice(eng.legal_moves(a.match.state, seat))
    if move in eng.legal_moves(b.match.state, move.player):
        after_a, after_b = eng.clone(a.match.state), eng.clone(b.match.state)
        shown_a = [e for e in eng.apply(after_a, move) if e.kind in eng.face_up_events]
        shown_b = [e for e in eng.apply(after_b, move) if e.kind in eng.face_up_events]
        # Else the move showed `seat` what differs: in the view after it, or face up to the whole table and then
        # put away (Engine.face_up_events: a card played and reshuffled into the deck, an ID shown).
        if eng.view(after_a, seat) == eng.view(after_b, seat) and shown_a == shown_b:
            same(encode(Play(eng.notation(move))), move.player)
            if move.player == seat:
                same(encode(Undo()), seat)
    return compared + compare_choices(match, at, seat)


def compare_choices(match: Match[Any], at: int, seat: int) -> int:
    """Two secret choices of another seat that `seat` (or PUBLIC: the spectator) cannot tell apart send it the
    same bytes."""
    eng = match.engine
    connection = SPECTATOR if seat == PUBLIC else seat
    state = match.prefix(at).state
    compared = 0
    for mover in sorted(eng.to_act(state) - {seat}):
        alike: dict[str, list[Move]] = {}
        for move in eng.legal_moves(state, mover):
            after = eng.clone(state)
            eng.apply(after, move)
            words = eng.describe(move)
            key = json.dumps([eng.to_dict(eng.view(after, seat)), words.key, dict(words.params)], sort_keys=True,
                             default=repr)
            alike.setdefault(key, []).append(move)
        for first, second in [moves[:2] for moves in alike.values() if len(moves) > 1][:3]:
            sent = [told(seated(match.prefix(at)), connection, encode(Play(eng.notation(m))), mover)
                    for m in (first, second)]
            assert sent[0] == sent[1], (eng.game, at, seat, first, second)
            compared += 1
    return compared


def played(game: str, mode: str, seed: int) -> Match[Any]:
    """A random game to its end (or its move bound), with a number of players drawn from the seed."""
    eng = engine(game, mode)
    facts = info(game).mode(mode)
    low, high = facts.players
    match: Match[Any] = Match(eng, {PLAYERS: low + seed % (high - low + 1)}, seed)
    rnd = random.Random(seed)
    while not eng.is_over(match.state) and len(match.moves) < min(facts.max_moves, 300):
        seat = rnd.choice(sorted(eng.to_act(match.state)))
        match.play(rnd.choice(match.legal_moves(seat)))
    return match


def check_game(game: str, mode: str, positions: int, seed: int) -> None:
    rng = random.Random(seed)
    done = compared = 0
    while done < positions:
        match = played(game, mode, seed + done)
        if not match.moves:
            continue
        for at in sorted(rng.sample(range(len(match.moves)), min(10, len(match.moves)))):
            seat = rng.randrange(match.engine.players(match.state))
            compared += compare(match, at, seat, rng)
            done += 1
    assert compared >= positions * 4


def compare_public(match: Match[Any], at: int, rng: random.Random) -> int:
    """A spectator is sent the same bytes in every world the public view allows: on joining, and after a move
    that leaves the public view the same."""
    eng = match.engine
    real, twin = match.prefix(at), match.prefix(at)
    twin.state = eng.sample(eng.view(real.state, PUBLIC), PUBLIC, rng)
    a, b = seated(real), seated(twin)
    hello = encode(Hello(TABLE, None, WATCH, "Fan"))
    assert told(a, 99, hello, 99) == told(b, 99, hello, 99)
    move = match.moves[at]
    choices = compare_choices(match, at, PUBLIC)
    if move not in eng.legal_moves(b.match.state, move.player):
        return 1 + choices
    after_a, after_b = eng.clone(a.match.state), eng.clone(b.match.state)
    eng.apply(after_a, move)
    eng.apply(after_b, move)
    if eng.view(after_a, PUBLIC) != eng.view(after_b, PUBLIC):
        return 1 + choices
    raw = encode(Play(eng.notation(move)))
    assert told(a, SPECTATOR, raw, move.player) == told(b, SPECTATOR, raw, move.player), (eng.game, at)
    return 2 + choices


@pytest.mark.parametrize(("game", "mode"), GAMES)
def test_a_spectator_is_sent_the_same_bytes_in_every_world_the_public_view_allows(game: str, mode: str) -> None:
    rng = random.Random(7)
    compared = 0
    for seed in range(1, 6):
        match = played(game, mode, seed)
        for at in sorted(rng.sample(range(len(match.moves)), min(10, len(match.moves)))):
            compared += compare_public(match, at, rng)
    assert compared >= 60


@pytest.mark.parametrize(("game", "mode"), GAMES)
def test_a_seat_is_sent_the_same_bytes_in_every_world_its_view_allows(game: str, mode: str) -> None:
    check_game(game, mode, positions=50, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "mode"), GAMES)
def test_a_seat_is_sent_the_same_bytes_at_many_more_positions(game: str, mode: str) -> None:
    check_game(game, mode, positions=600, seed=1000)
