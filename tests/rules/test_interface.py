"""Every game and mode played through the one engine interface only (issue #14): the `players` option
within `player_range()`, `result`, `find_move` from a gesture, `describe` in the game's text catalog,
and views for PUBLIC and every seat. Nothing here knows which game it plays."""
from __future__ import annotations

import random
from typing import Any

import pytest

import cardsets
from cardsets.text import placeholders
from rules import AmbiguousMove, BadOption, IllegalMove, Match, Result, engine, modes
from rules.kernel import PUBLIC, Description, Move

MODES = [(game, mode) for game, names in modes().items() for mode in names]
MAX_MOVES = 2000


def counts(low: int, high: int) -> list[int]:
    return sorted({low, (low + high) // 2, high})


def check_description(english: dict[str, str], words: Description) -> None:
    """The key is a log line of the game's English catalog (`log.`, as the kernel's `describe` says, issue #40
    item 6) and every placeholder of its text is filled."""
    assert words.key.startswith("log.") and words.key in english, words.key
    wanted = placeholders(english[words.key])
    assert wanted is not None and wanted <= set(words.params), (words.key, wanted, words.params)
    for value in words.params.values():
        if isinstance(value, Description):
            check_description(english, value)


def check_gesture(eng: Any, state: Any, move: Move) -> None:
    """find_move turns the move's gesture back into the legal move with that gesture, or lists every one
    (the move itself among them) when several share it; a card dropped where nothing goes is an IllegalMove."""
    found = eng.gesture(state, move)
    if found is None:
        return
    card, target = found
    sharing = eng.gestures(state, move.player, card, target)
    assert move in sharing
    try:
        meant = [eng.find_move(state, move.player, card, target)]
    except AmbiguousMove as several:
        meant = several.candidates
    assert meant == sharing and all(eng.gesture(state, m) == found for m in meant)
    with pytest.raises(IllegalMove) as err:
        eng.find_move(state, move.player, card, "nowhere at all")
    assert err.value.code == "move.no_gesture"


@pytest.mark.parametrize(("game", "mode"), MODES)
def test_a_whole_game_through_the_one_interface(game: str, mode: str) -> None:
    eng = engine(game, mode)
    english = cardsets.load_texts(game).strings["en"]
    low, high = eng.player_range()
    assert 1 <= low <= high <= 6
    finished = 0
    for n, players in enumerate(counts(low, high)):
        seed = 100 * n + players
        match: Match[Any] = Match(eng, {"players": players}, seed)
        assert match.options["players"] == players == eng.players(match.state)
        rnd = random.Random(seed)
        gestures = 0
        while not (result := eng.result(match.state)).over and len(match.moves) < MAX_MOVES:
            assert (result.winners, eng.is_over(match.state)) == ((), False)
            for seat in (PUBLIC, *range(players)):
                eng.to_dict(eng.view(match.state, seat))
            player = rnd.choice(sorted(eng.to_act(match.state)))
            legal = eng.legal_moves(match.state, player)
            # Cards moved three times in four: random play that only passes may never end.
            moved = [m for m in legal if eng.gesture(match.state, m) is not None]
            move = rnd.choice(moved if moved and rnd.random() < 0.75 else legal)
            check_description(english, eng.describe(move))
            if eng.gesture(match.state, move) is not None:
                gestures += 1
                check_gesture(eng, match.state, move)
            match.play(move)
        assert gestures, "no move of a whole game was made by moving a card"
        if not result.over:
            continue  # random play may pass for ever (Artifaxx): another count must end
        finished += 1
        assert eng.is_over(match.state) and not eng.to_act(match.state)
        assert set(result.winners) <= set(range(players)) and len(set(result.winners)) == len(result.winners)
        assert result.scores is None or len(result.scores) == players
        assert result.reason is None or result.reason.isidentifier()
        public = eng.view(match.state, PUBLIC)
        assert eng.result(public) == result  # who won is no secret
    assert finished, f"no random {game}/{mode} game ended within {MAX_MOVES} moves"


@pytest.mark.parametrize(("game", "mode"), MODES)
def test_players_outside_the_range_or_an_unknown_option_are_refused(game: str, mode: str) -> None:
    """An option no game knows, or a count outside player_range(), is a BadOption naming the range."""
    eng = engine(game, mode)
    low, high = eng.player_range()
    for wrong in (low - 1, high + 1, True, "3"):
        with pytest.raises(BadOption) as err:
            eng.options({"players": wrong})
        assert err.value.code == "option.players_range"
        assert err.value.params == {"value": wrong, "low": low, "high": high}
    with pytest.raises(BadOption) as unknown:
        eng.options({"seats": low})
    assert unknown.value.code == "option.unknown" and unknown.value.params == {"name": "seats"}


def test_a_game_that_ends_names_its_winners() -> None:
    """Results agree with each game's own end: a Banquet won, a Solonauts deal scored."""
    banquet = engine("banquet", "standard")
    match: Match[Any] = Match(banquet, {"players": 3}, 43)
    rnd = random.Random(43)
    while not banquet.is_over(match.state):
        player = rnd.choice(sorted(banquet.to_act(match.state)))
        match.play(rnd.choice(banquet.legal_moves(match.state, player)))
    result = banquet.result(match.state)
    assert result.winners == tuple(match.state.winners) and result.reason == match.state.end_reason
    solo = engine("chrononauts", "solonauts")
    state = solo.new_state({}, 1)
    solo.apply(state, next(m for m in solo.legal_moves(state, 0) if type(m).__name__ == "Resign"))
    assert solo.result(state) == Result(True, (), (state.score,), "resigned")
