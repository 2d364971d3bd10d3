"""The reference policy of PAR-12 (rules/parsifal/balance.py), on small positions and a few games."""
from __future__ import annotations

from random import Random

import pytest
from parsifal_helpers import A, B, ENG, block, play, put, setup

from rules.parsifal import Block, Decline, HandOver, Interrupt, Take
from rules.parsifal.balance import LOSS, Tally, choose, main, play_game, respond, settle, value


def test_the_policy_wins_when_it_can() -> None:
    """PAR-12: win now if a legal move wins for you."""
    s = setup(players=2, common=["arco"])
    put(s, A, "titurel", "gral")
    put(s, B, "amfortas")
    assert choose(ENG, s, A, Random(0)) == Block(A, "titurel", "amfortas")


def test_the_policy_never_hands_the_win_to_another() -> None:
    """PAR-12: never make a move after which only others win, if another move exists."""
    s = setup(players=2)
    put(s, A, "kundry", "gral")
    put(s, B, "titurel")
    put(s, B, "amfortas")
    block(s, "titurel", "amfortas")
    gift = HandOver(A, "kundry", "titurel", "gral")
    after = ENG.clone(s)
    settle(ENG, after, gift)
    assert after.winners == [B] and value(ENG, after, A) == LOSS
    assert choose(ENG, s, A, Random(0)) != gift


def test_a_responder_stops_a_winning_action_and_lets_the_rest_pass() -> None:
    """PAR-12: interrupt only what would make someone else win (or sharply raise their score)."""
    s = setup(players=2)
    put(s, A, "titurel", "gral")
    put(s, B, "amfortas", "balsamo")
    play(s, Block(A, "titurel", "amfortas"))
    assert respond(ENG, s, B, ENG.legal_moves(s, B)) == Interrupt(B, "amfortas", "balsamo")
    calm = setup(players=2, common=["arco"])
    put(calm, A, "klingsor")
    put(calm, B, "amfortas", "balsamo")
    play(calm, Take(A, "klingsor", "arco"))
    assert respond(ENG, calm, B, ENG.legal_moves(calm, B)) == Decline(B)


def test_value_of_finished_games() -> None:
    s = setup(players=2)
    s.step, s.winners = "over", [A]
    assert value(ENG, s, A) > 0 > value(ENG, s, B)


def test_games_are_tallied() -> None:
    """PAR-12's figures add up over a few games, by policy and at random."""
    tally = Tally(2)
    for seed in range(2):
        play_game(ENG, 2, seed, tally)
        play_game(ENG, 2, seed, tally, random_play=True)
    assert tally.games == 4 and tally.wins + sum(tally.draws.values()) == 4
    assert len(tally.win_turns) == tally.wins and tally.seat0_wins <= tally.wins
    assert any("B-3" in line for line in tally.lines())


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "1", "--players", "2", "--random"]) == 0
    assert capsys.readouterr().out.startswith("players 2: 1 games")


def test_b5_a_shared_win_is_split_among_its_winners() -> None:
    """PAR-12 B-5: seat 0's share of wins adds up to 100% over the seats, so a shared win of k
    players counts 1/k for each; shared wins are reported per game and per win."""
    tally = Tally(4)
    shared = setup(players=4)
    put(shared, A, "ammaliatrice#1")
    put(shared, B, "ammaliatrice#2")
    shared.step, shared.winners, shared.reason = "over", [A, B], "missions"
    shared.winning = ["ammaliatrice#1", "ammaliatrice#2"]
    alone = setup(players=4)
    put(alone, B, "titurel")
    alone.step, alone.winners, alone.winning, alone.reason = "over", [B], ["titurel"], "missions"
    drawn = setup(players=4)
    drawn.step, drawn.reason = "over", "safeguard"
    for state in (shared, alone, drawn):
        tally.record(state)
    assert (tally.games, tally.wins, tally.shared) == (3, 2, 1)
    assert tally.seat0_wins == 1 and tally.seat0_credit == 0.5
    b5 = next(line for line in tally.lines() if "B-5" in line)
    assert "25.0% (a shared win split" in b5 and "counted whole: 50.0%" in b5
    assert "shared wins: 33.3% of games (50.0% of wins)" in b5


def test_b1_b2_b4_what_each_won_game_adds() -> None:
    """PAR-12 B-1 (won within the deck + 2 rounds), B-2 (wins by type, a shared win once per winning type),
    B-4 (won in the turn a winning card, or the winning type's first copy, entered play)."""
    tally = Tally(2)
    quick = setup(players=2)
    put(quick, A, "titurel")
    quick.entered["titurel"] = 12
    quick.step, quick.winners, quick.winning, quick.reason, quick.turn = "over", [A], ["titurel"], "missions", 12
    late = setup(players=2)  # the deck ran out on turn 30, and 30 + 2 rounds of 2 players is turn 34
    put(late, A, "ammaliatrice#1")
    put(late, B, "ammaliatrice#2")
    late.entered.update({"ammaliatrice#1": 10, "ammaliatrice#2": 35})
    late.step, late.winners, late.reason, late.turn, late.last_draw_turn = "over", [A, B], "missions", 35, 30
    late.winning = ["ammaliatrice#1", "ammaliatrice#2"]
    just = setup(players=2)
    put(just, B, "klingsor")
    just.entered["klingsor"] = 3
    just.step, just.winners, just.winning, just.reason, just.turn, just.last_draw_turn = (
        "over", [B], ["klingsor"], "missions", 34, 30)
    for state in (quick, late, just):
        tally.record(state)
    assert tally.won_early == 2
    assert tally.type_wins == {"titurel": 1, "ammaliatrice": 1, "klingsor": 1}
    assert (tally.won_on_entry, tally.type_on_entry) == (2, 1)
    lines = tally.lines()
    assert "B-1 won within deck + 2 rounds: 66.7%" in lines[1]
    assert lines[2].startswith("  B-2 wins by type (share of games):") and "ammaliatrice 33.3%" in lines[2]
    assert "B-4 won in the turn the winning card entered play: 66.7%; the winning type: 33.3%" in lines[4]
