"""Each game declares its facts once (`rules.info`, issue #40 item 7), and they are checked against what its
engine does: the modes it plays, the players it takes, whether anything is hidden or left to chance, how
long a game may run, and names every language has."""
from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import cardsets
from rules import PLAYERS, BadOption, Match, engine, info, modes
from rules.bots import bot_modes, games_with_bots

EVERY_MODE = [(game, mode) for game, ms in modes().items() for mode in ms]


def options(game: str, mode: str, players: int) -> dict[str, Any]:
    low, high = info(game).mode(mode).players
    return {} if low == high else {PLAYERS: players}


@pytest.mark.parametrize("game", sorted(modes()))
def test_a_game_declares_exactly_the_modes_it_plays(game: str) -> None:
    declared = info(game)
    assert declared.game == game
    assert tuple(declared.modes) == tuple(importlib.import_module(f"rules.{game}").ENGINES)


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_a_game_exports_the_names_every_game_exports(game: str, mode: str) -> None:
    """`rules` promises each game package's ENGINES, MODES, INFO, MOVES, State and load; Chrononauts makes its State
    when first asked for, so that a Solonauts start does not load the full game's (issue #42)."""
    package = importlib.import_module(f"rules.{game}")
    for name in ("ENGINES", "MODES", "INFO", "MOVES", "State", "load"):
        assert name in package.__all__ and getattr(package, name) is not None, name
    low = info(game).mode(mode).players[0]
    assert isinstance(engine(game, mode).new_state(options(game, mode, low), 1), package.State)


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(BadOption) as refused:
        info("whist")
    assert refused.value.params == {"mode": "whist"}


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_the_declared_players_are_the_engines(game: str, mode: str) -> None:
    facts, eng = info(game).mode(mode), engine(game, mode)
    assert facts.players == eng.player_range()
    assert eng.players(Match(eng, {}, 1).state) == facts.default_players


@pytest.mark.parametrize(("game", "mode"), EVERY_MODE)
def test_hidden_information_and_chance_are_declared_as_played(game: str, mode: str) -> None:
    facts, eng = info(game).mode(mode), engine(game, mode)
    players = facts.default_players
    deals = {repr(eng.to_dict(eng.new_state(eng.options(options(game, mode, players)), seed))) for seed in range(5)}
    assert (len(deals) > 1) == facts.chance
    hidden = False
    for seed in range(3):
        match: Match[Any] = Match(eng, options(game, mode, players), seed)
        rnd = random.Random(seed)
        for _ in range(40):
            hidden = hidden or any(eng.hidden_from(match.state, p) for p in range(players))
            if eng.is_over(match.state):
                break
            seat = rnd.choice(sorted(eng.to_act(match.state)))
            match.play(rnd.choice(match.legal_moves(seat)))
    assert hidden == facts.hidden_information


@pytest.mark.parametrize(("game", "mode"), [gm for gm in EVERY_MODE if info(gm[0]).mode(gm[1]).always_ends])
def test_a_game_said_to_always_end_ends_within_its_bound(game: str, mode: str) -> None:
    facts, eng = info(game).mode(mode), engine(game, mode)
    for seed in range(150):
        match: Match[Any] = Match(eng, options(game, mode, facts.default_players), seed)
        rnd = random.Random(seed)
        while not eng.is_over(match.state):
            assert len(match.moves) < facts.max_moves, f"deal {seed} runs past {facts.max_moves} moves"
            seat = rnd.choice(sorted(eng.to_act(match.state)))
            match.play(rnd.choice(match.legal_moves(seat)))


def test_the_bots_sit_where_the_games_say() -> None:
    assert games_with_bots() == {game: tuple(m for m in ms if info(game).mode(m).bots)
                                 for game, ms in modes().items() if any(info(game).mode(m).bots for m in ms)}
    assert bot_modes("bacchanalia") == () and "solonauts" not in bot_modes("chrononauts")
    assert bot_modes("whist") == ()


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
@pytest.mark.parametrize("game", sorted(modes()))
def test_every_name_has_words_in_every_language(game: str, lang: str) -> None:
    ui, texts = cardsets.load_ui_texts(), cardsets.load_texts(game)
    declared = info(game)
    for key in (declared.name_key, *(m.name_key for m in declared.modes.values())):
        catalog = texts if texts.has(key) else ui
        assert key in catalog.strings[lang], f"{key} has no {lang} text"
