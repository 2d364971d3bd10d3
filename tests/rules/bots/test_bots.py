"""Computer players (issue #15): re-dealt secrets agree with the view, bots play whole legal games from
their view alone, a seed replays the same game, and the levels are ordered by strength."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from rules import engine
from rules.bots import Bot, Hard, decision_rng, games_with_bots, kit_for, make_bot
from rules.bots.tournament import play_game, tournament, wilson
from rules.kernel import HIDDEN, Move

MODES = [(game, mode) for game, modes in games_with_bots().items() for mode in modes]
QUICK = {"iterations": 2, "width": 2, "depth": 2}  # a hard bot small enough for tests


def players_for(game: str, mode: str) -> int:
    low, high = engine(game, mode).player_range()
    return min(max(low, 3), high)


def positions(game: str, mode: str, seed: int, every: int = 7, limit: int = 400) -> list[Any]:
    """States met along a random game, one in `every` moves."""
    eng = engine(game, mode)
    state = eng.new_state(eng.options({"players": players_for(game, mode)}), seed)
    rng = random.Random(seed)
    found = []
    for ply in range(limit):
        if eng.is_over(state):
            break
        if ply % every == 0:
            found.append(eng.clone(state))
        seat = rng.choice(sorted(eng.to_act(state)))
        eng.apply(state, rng.choice(eng.legal_moves(state, seat)))
    return found


@pytest.mark.parametrize(("game", "mode"), MODES)
def test_a_sample_shows_the_seat_what_the_game_shows_it(game: str, mode: str) -> None:
    """The sampler re-deals only what the seat cannot see: same view, same cards, and the hidden cards
    of the sample are a permutation of those hidden in the game."""
    eng, kit = engine(game, mode), kit_for(game, mode)
    rng = random.Random(3)
    checked = 0
    for seed in (1, 2):
        for state in positions(game, mode, seed):
            for seat in range(eng.players(state)):
                view = eng.view(state, seat)
                sample = kit.sample(view, seat, rng)
                assert eng.view(sample, seat) == view
                assert Counter(eng.hidden_from(sample, seat)) == Counter(eng.hidden_from(state, seat))
                assert Counter(eng.all_cards(sample)) == Counter(eng.all_cards(state))
                assert HIDDEN not in json.dumps(eng.to_dict(sample))
                checked += 1
    assert checked > 10


@pytest.mark.parametrize(("game", "mode"), MODES)
def test_samples_vary_where_the_seat_cannot_see(game: str, mode: str) -> None:
    """Samples are re-deals, not the game itself read back: two generators deal two different states."""
    eng, kit = engine(game, mode), kit_for(game, mode)
    state = positions(game, mode, 5)[1]
    view = eng.view(state, 0)
    deals = {json.dumps(eng.to_dict(kit.sample(view, 0, random.Random(s))), sort_keys=True) for s in range(4)}
    assert len(deals) > 1


class Spy:
    """A bot that checks it is handed its seat's view of the game and nothing more, then lets `inner` decide."""

    def __init__(self, inner: Bot, game: str, mode: str, real: list[Any]) -> None:
        self.inner, self.level, self.eng, self.real = inner, inner.level, engine(game, mode), real
        self.calls = 0

    def choose(self, view: Any, seat: int, legal: Any, rng: random.Random) -> Move:
        state = self.real[-1]  # the state the table asked the seat's view of
        assert view == self.eng.view(state, seat) and view.rng is None
        picture = json.dumps(self.eng.to_dict(view))
        secrets = set(self.eng.hidden_from(state, seat))
        assert not any(f'"{card}"' in picture for card in secrets)
        self.calls += 1
        move = self.inner.choose(view, seat, legal, rng)
        assert json.dumps(self.eng.to_dict(view)) == picture  # the bot does not write on what it sees
        assert move in legal
        return move


def bounded(game: str) -> dict[str, Any]:
    """Options that end a game in bounded time whatever is played (CHR-12.7's turn limit)."""
    return {"turn_limit": 40} if game == "chrononauts" else {}


@pytest.mark.parametrize(("game", "mode"), MODES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_finish_a_game_from_their_views(game: str, mode: str, level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every level plays a whole game; the rules judge every move (an illegal one raises), and each bot
    is handed only its seat's view, which holds none of the cards the seat may not see."""
    eng = engine(game, mode)
    real: list[Any] = []
    real_view = type(eng).view

    def watched(self: Any, state: Any, player: int) -> Any:
        real.append(state)
        return real_view(self, state, player)

    monkeypatch.setattr(type(eng), "view", watched)
    tuning = QUICK if level == "hard" else {}
    bots = [Spy(make_bot(game, mode, level, **tuning), game, mode, real) for _ in range(players_for(game, mode))]
    record = play_game(game, mode, bots, seed=11, options=bounded(game))
    assert record.finished
    assert sum(b.calls for b in bots) == len(record.moves) > 0


@pytest.mark.parametrize(("game", "mode"), MODES)
def test_a_seed_replays_the_same_game(game: str, mode: str) -> None:
    n = players_for(game, mode)
    levels = ["hard", "normal", "easy"][:n] + ["easy"] * (n - 3)
    runs = []
    for _ in range(2):
        bots = [make_bot(game, mode, lv, **(QUICK if lv == "hard" else {})) for lv in levels]
        runs.append(play_game(game, mode, bots, seed=7).moves)
    assert runs[0] == runs[1]
    bots = [make_bot(game, mode, lv, **(QUICK if lv == "hard" else {})) for lv in levels]
    assert play_game(game, mode, bots, seed=8).moves != runs[0]


def test_decision_generators_are_stable() -> None:
    assert decision_rng(3, 10).random() == decision_rng(3, 10).random()
    assert decision_rng(3, 10).random() != decision_rng(3, 11).random()


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_seats_turn_round() -> None:
    """No level keeps the first seat: over two games of two seats each level sits in each seat once."""
    tally = tournament("chrononauts", "artifaxx", ["normal", "easy"], games=2, seed=3)
    assert tally.games == 2
    assert tally.levels["normal"].seats == tally.levels["easy"].seats == 2


def test_normal_beats_easy() -> None:
    """Parsifal, three seats: the reference policy wins far more often than random sensible play."""
    tally = tournament("parsifal", "standard", ["normal", "easy", "easy"], games=12, seed=1)
    normal, easy = tally.levels["normal"], tally.levels["easy"]
    assert normal.wins / normal.seats > easy.wins / easy.seats + 0.3


@pytest.mark.slow
@pytest.mark.parametrize(("game", "mode"), [("chrononauts", "chrononauts"), ("chrononauts", "artifaxx")])
def test_hard_beats_normal(game: str, mode: str) -> None:
    tally = tournament(game, mode, ["hard", "normal"], games=20, seed=2)
    assert tally.levels["hard"].wins > tally.levels["normal"].wins


def test_hard_bot_counts_its_work_in_iterations() -> None:
    bot = make_bot("parsifal", "standard", "hard", iterations=3)
    assert isinstance(bot, Hard) and bot.iterations == 3
    with pytest.raises(ValueError):
        make_bot("bacchanalia", "standard", "easy")


def test_hard_search_stops_on_its_work_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget bounds a hard decision's time by work, not by the clock, so it replays: with a budget of
    one unit the search stops after its first play-out."""
    tries: list[Move] = []
    real_try = Hard.try_move

    def counted(self: Hard, world: Any, seat: int, move: Move, rng: random.Random) -> tuple[float, int]:
        tries.append(move)
        return real_try(self, world, seat, move, rng)

    monkeypatch.setattr(Hard, "try_move", counted)
    eng = engine("banquet", "standard")
    state = positions("banquet", "standard", 4)[0]
    seat = min(eng.to_act(state))
    legal = eng.legal_moves(state, seat)
    assert len(legal) > 2
    make_bot("banquet", "standard", "hard", budget=1).choose(eng.view(state, seat), seat, legal, decision_rng(1, 0))
    assert len(tries) == 1
    tries.clear()
    make_bot("banquet", "standard", "hard").choose(eng.view(state, seat), seat, legal, decision_rng(1, 0))
    assert len(tries) > len(legal)  # the game's own tuning: many moves, each on several deals


def test_parsifal_play_outs_run_through_the_seats_next_turn() -> None:
    """PAR-4: a turn is one player's; the hard bot judges a move once the others have answered it and the
    seat has played its next turn, wherever in the round it decides (its own turn, or a window in another's)."""
    kit = kit_for("parsifal", "standard")
    eng = kit.eng
    start = eng.new_state(eng.options({"players": 3}), 1)
    later = eng.clone(start)
    assert start.active == 0 and start.turn == 1
    for turn, done in ((3, False), (4, False), (5, True)):
        later.turn = turn
        assert kit.horizon(start, later, 0) is done  # seat 0's next turn is turn 4
    later.turn = 2
    assert kit.horizon(start, later, 1) is False  # seat 1 plays next, in turn 2
    later.turn = 3
    assert kit.horizon(start, later, 1) is True
