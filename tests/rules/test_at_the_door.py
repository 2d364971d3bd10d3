"""Typed refusals at the engine's door (issue #40, item 6): a bad deal number, something that is not a move,
and another game's move are each refused for what they are, in words every language has, and leave the
match as it was."""
from __future__ import annotations

import random
from typing import Any

import pytest

import cardsets
from rules import BadOption, IllegalMove, Match, engine, modes
from rules.kernel import Move
from rules.match import SEED_LIMIT
from rules.parsifal.moves import Take

EVERY_MODE = [(game, mode) for game, ms in modes().items() for mode in ms]


@pytest.mark.parametrize("seed", [-1, "abc", 1.5, True, None, SEED_LIMIT])
@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_a_bad_deal_number_is_refused_before_any_state(game: str, mode: str, seed: Any) -> None:
    with pytest.raises(BadOption) as refused:
        Match(engine(game, mode), {}, seed)
    assert refused.value.code == "match.bad_seed"


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_the_largest_deal_number_is_a_deal(game: str, mode: str) -> None:
    assert Match(engine(game, mode), {}, SEED_LIMIT - 1).seed == SEED_LIMIT - 1


@pytest.mark.parametrize("thing", [object(), {"type": "PlayCard"}, "PlayCard", None])
@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_what_is_not_a_move_is_refused_as_unknown_and_changes_nothing(game: str, mode: str, thing: Any) -> None:
    match: Match[Any] = Match(engine(game, mode), {}, 5)
    before = match.engine.to_dict(match.state)
    with pytest.raises(IllegalMove) as refused:
        match.play(thing)
    assert refused.value.code == "illegal.unknown_move"
    assert match.engine.to_dict(match.state) == before and match.moves == []


@pytest.mark.parametrize(("game", "mode"), [gm for gm in EVERY_MODE if gm[0] != "parsifal"])
def test_another_games_move_is_refused_as_unknown_not_as_out_of_turn(game: str, mode: str) -> None:
    match: Match[Any] = Match(engine(game, mode), {}, 5)
    seat = min(match.engine.to_act(match.state))
    with pytest.raises(IllegalMove) as refused:
        match.play(Take(seat, "parsifal_knight", "parsifal_grail"))  # a Parsifal move, by the seat to act
    assert refused.value.code == "illegal.unknown_move"


def test_a_move_of_this_game_still_plays() -> None:
    match: Match[Any] = Match(engine("banquet", "standard"), {}, 5)
    rng = random.Random(5)
    for _ in range(10):
        seat = min(match.engine.to_act(match.state))
        move: Move = rng.choice(match.legal_moves(seat))
        match.play(move)
    assert len(match.moves) == 10


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_refusals_have_words_in_every_language(lang: str) -> None:
    ui = cardsets.load_ui_texts()
    assert "-5" in ui.text(lang, "match.bad_seed", seed=-5)
    assert "{" not in ui.text(lang, "illegal.unknown_move", move="Take")
