"""Every engine and mode the property tests play, with how hypothesis draws its options.

Each case reuses the game's own conformance pieces from tests/rules: the move chooser that
finishes a game once hypothesis's choices run out (it steers towards an end, so games stay
short) and the game's `check` of its own invariants.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

import test_bacchanalia_conformance as bac_conf
import test_banquet_conformance as ban_conf
import test_chrononauts_conformance as chr_conf
import test_conformance as solo_conf
import test_parsifal_conformance as par_conf
from chrononauts_helpers import choose as chr_choose
from conformance import Chooser
from rules import Engine, Move, engine
from rules.bacchanalia.moves import AskBacchusQuestion, AskQuestion, LockUmbra

Options = Callable[[int], st.SearchStrategy[dict[str, Any]]]


def _same(move: Move) -> Move:
    return move


# Bacchanalia's typed fields are never judged (bacchanalia/moves.py): legal_moves lists them empty.
_BAC_TEXT = {LockUmbra: "element", AskBacchusQuestion: "text", AskQuestion: "text"}


def _bac_plain(move: Move) -> Move:
    name = _BAC_TEXT.get(type(move))
    return dataclasses.replace(move, **{name: ""}) if name else move  # type: ignore[arg-type]


@dataclass(frozen=True)
class Case:
    game: str
    mode: str
    players: tuple[int, ...]
    options: Options  # given the number of players
    finish: Chooser
    check: Callable[[], Callable[[Any], None]]  # a fresh checker per game (some keep a memory)
    max_moves: int
    plain: Callable[[Move], Move] = _same  # the form legal_moves lists a move in

    @property
    def name(self) -> str:
        return f"{self.game}/{self.mode}"

    @property
    def engine(self) -> Engine[Any]:
        return engine(self.game, self.mode)


def _solonauts(_players: int) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({"ids": st.integers(6, 10)})


def _chrononauts(extra: bool) -> Options:
    def draw(seats: int) -> st.SearchStrategy[dict[str, Any]]:
        fields: dict[str, st.SearchStrategy[Any]] = {
            "players": st.just(seats),
            "first_player": st.one_of(st.just("random"), st.integers(0, seats - 1)),
            "mission_mulligan": st.booleans(),
            "response_mode": st.sampled_from(("each", "shared")),
            "turn_limit": st.integers(1, 30),  # CHR-12.7; keeps random games short
        }
        if extra:
            fields["parents_as_never_existed"] = st.booleans()
        return st.fixed_dictionaries(fields)
    return draw


def _bacchanalia(players: int) -> st.SearchStrategy[dict[str, Any]]:
    """The small decks of the conformance tests with any game length; any other deck (the
    default one, or any counts the options accept) with a Parcae limit: with few Miles and
    Amans a game `until_all_finales` may legitimately never end (BAC-9.1, BAC-9.2d)."""
    seat = st.integers(0, players - 1)
    names = [k for k in bac_conf.TINY_DECK if k != "parcae"]  # the Parcae is always one (BAC-2.3)
    small = st.fixed_dictionaries({"umbra_composition": st.sampled_from((bac_conf.TINY_DECK, bac_conf.SMALL_DECK))})
    length = st.one_of(
        st.fixed_dictionaries({"length": st.just("until_all_finales")}),
        st.fixed_dictionaries({"length": st.just("parcae_limit"), "parcae_limit": st.integers(1, 4)}),
        st.fixed_dictionaries({"length": st.just("time_limit")}, optional={"minutes": st.integers(1, 240)}),
    )
    other = st.fixed_dictionaries({"length": st.just("parcae_limit"), "parcae_limit": st.integers(1, 3)},
                                  optional={"umbra_composition": st.fixed_dictionaries(
                                      {k: st.integers(0, 4) for k in names})})
    deck_and_length = st.one_of(st.builds(lambda a, b: {**a, **b}, small, length), other)
    base = st.fixed_dictionaries({"players": st.just(players), "setup_starter": seat, "first_player": seat})
    return st.builds(lambda a, b: {**a, **b}, base, deck_and_length)


def _banquet(privileges: tuple[str, ...]) -> Options:
    def draw(seats: int) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries({"players": st.just(seats), "privileges": st.sampled_from(privileges)})
    return draw


def _parsifal(players: int) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({
        "players": st.just(players), "first_player": st.integers(0, players - 1),
        "direction": st.sampled_from(("clockwise", "counterclockwise")),
        # Not "unlimited": a random game where nobody completes a mission then never ends (PAR-9.2).
        "rounds_after_deck": st.integers(1, 20),
    })


CASES = (
    Case("chrononauts", "solonauts", (1,), _solonauts, solo_conf.choose, lambda: solo_conf.check_solonauts, 42),
    Case("chrononauts", "chrononauts", (2, 3, 4, 5, 6), _chrononauts(False), chr_choose,
         lambda: chr_conf.checker(chr_conf.FULL), 2000),
    Case("chrononauts", "artifaxx", (2, 3, 4, 5, 6), _chrononauts(True), chr_choose,
         lambda: chr_conf.checker(chr_conf.ARTIFAXX), 2000),
    Case("bacchanalia", "standard", (3, 4, 5, 6), _bacchanalia, bac_conf.choose, lambda: bac_conf.check_bacchanalia,
         5000, _bac_plain),
    Case("banquet", "standard", (3, 4, 5), _banquet(("hidden", "off")), ban_conf.choose,
         lambda: ban_conf.checker(ban_conf.ENG), 1500),
    Case("banquet", "open_privileges", (3, 4, 5), _banquet(("open",)), ban_conf.choose,
         lambda: ban_conf.checker(ban_conf.OPEN), 1500),
    Case("parsifal", "standard", (2, 3, 4, 5, 6), _parsifal, par_conf.choose, lambda: par_conf.check_parsifal, 3000),
)
