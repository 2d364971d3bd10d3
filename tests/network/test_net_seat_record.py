"""A joiner's own record of a network game (issue #41, item 6: "a joiner's save or replay file holds only what that
seat saw"): the file is the same bytes in every world the seat cannot tell apart, it is read back checked like a
save, and what is not a record, or a damaged one, is refused with a reason."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_net_noninterference import GAMES, TABLE, TOKENS, played, twin_hosts

from network.host import Host
from network.protocol import Hello, Play, Say, Update, decode, encode
from network.seat_record import NOT_ONE, STEP_BYTES, SeatRecord, from_data, is_record, load
from rules import saves
from rules.match import Match

REJOIN = 77  # the seat's connection in these tests


def record_of(host: Host, seat: int, then: list[tuple[bytes, int]]) -> SeatRecord:
    """The record `seat` keeps when it joins `host` (again) and then `then` is sent (raw, by connection)."""
    sent = host.receive(REJOIN, encode(Hello(TABLE, seat, TOKENS[seat], f"P{seat}")))
    for raw, sender in then:
        sent += host.receive(REJOIN if sender == seat else sender, raw)
    told = [decode(s.data, from_joiner=False) for s in sent if s.connection == REJOIN]
    record = SeatRecord(told[0])
    for message in told[1:]:
        record.take(message)
    return record


@pytest.mark.parametrize(("game", "mode"), GAMES)
def test_the_record_is_the_same_bytes_in_every_world_the_seat_cannot_tell_apart(game: str, mode: str) -> None:
    rng = random.Random(11)
    compared = 0
    for seed in range(1, 4):
        match: Match[Any] = played(game, mode, seed)
        for at in sorted(rng.sample(range(len(match.moves)), min(6, len(match.moves)))):
            seat = rng.randrange(match.engine.players(match.state))
            a, b = twin_hosts(match, at, seat, rng)
            eng, move = match.engine, match.moves[at]
            then = [(encode(Say("a line")), (seat + 1) % eng.players(match.state))]
            if move in eng.legal_moves(b.match.state, move.player):
                after_a, after_b = eng.clone(a.match.state), eng.clone(b.match.state)
                eng.apply(after_a, move)
                eng.apply(after_b, move)
                if eng.view(after_a, seat) == eng.view(after_b, seat):  # else the move showed the seat a difference
                    then.append((encode(Play(eng.notation(move))), move.player))
            first, second = record_of(a, seat, then), record_of(b, seat, then)
            assert first.to_json().encode() == second.to_json().encode(), (game, at, seat)
            assert len(first.steps) == 1 + (len(then) - 1) and first.said
            compared += 1
    assert compared >= 10


def test_a_record_reads_back_as_it_was_written(tmp_path: Path) -> None:
    match = played("banquet", "standard", 2)
    real = match.prefix(len(match.moves) // 2)
    a, _b = twin_hosts(match, len(match.moves) // 2, 1, random.Random(1))
    record = record_of(a, 1, [(encode(Say("ciao <b>")), 0)])
    path = tmp_path / "seat.convivium.json"
    saves.write_atomic(path, record.to_json(), named=True)
    again = load(path)
    assert again == record and again.to_json() == record.to_json() and not again.stopped
    assert is_record(json.loads(path.read_text())) and not is_record(saves.to_dict(real))


def damaged(data: dict[str, Any]) -> list[dict[str, Any]]:
    step = data["steps"][0]
    return [
        {**data, "format_version": 2},
        {**data, "steps": []},
        {k: v for k, v in data.items() if k != "said"},
        {**data, "stopped": "no"},
        {**data, "welcome": {**data["welcome"], "game": "chess"}},
        {**data, "steps": [{**step, "view": {**step["view"], "hosts": "?"}}]},  # a view no table can draw
        {**data, "steps": [{**step, "type": "said"}]},
        {**data, "said": [{"type": "said", "v": 1, "seat": 0, "text": "x" * 301}]},
        {**data, "said": [{"type": "said", "v": 1, "seat": 0, "text": "ok"}] * 501},
        # What a replay window read without asking (an IndexError or a TypeError when opened, before these checks): a
        # seat the table does not have, a table of another size than its views, an event that is not {kind, params}.
        {**data, "welcome": {**data["welcome"], "seat": 7}},
        {**data, "welcome": {**data["welcome"], "players": data["welcome"]["players"] - 1}},
        {**data, "welcome": {**data["welcome"], "players": 10}},
        {**data, "steps": [{**step, "events": [{"kind": "x", "params": []}]}]},
        {**data, "steps": [{**step, "events": [{"params": {}}]}]},
        {**data, "steps": [{**step, "events": [{"kind": "<b>x</b>", "params": {}}]}]},
    ]


def test_a_damaged_record_or_another_file_is_refused_with_its_reason() -> None:
    match = played("banquet", "standard", 2)
    a, _b = twin_hosts(match, 5, 0, random.Random(1))
    data = json.loads(record_of(a, 0, []).to_json())
    for bad in damaged(data):
        with pytest.raises(saves.SaveError) as refused:
            from_data(bad)
        assert refused.value.code == NOT_ONE
    with pytest.raises(saves.SaveError):
        from_data(saves.to_dict(match))


def test_a_record_of_an_endless_game_stops_keeping_updates_before_its_bound() -> None:
    match = played("bacchanalia", "standard", 1)
    a, _b = twin_hosts(match, 3, 0, random.Random(1))
    record = record_of(a, 0, [])
    update = record.steps[0]
    while not record.stopped:
        record.take(update)
    assert record.size <= STEP_BYTES < record.size + len(encode(update))
    assert len(record.to_json().encode()) < saves.MAX_SAVE_BYTES
    assert isinstance(update, Update)
