"""What a game says about itself, in one place (after OpenSpiel's `GameType`): its modes, how many may
play, whether anything is hidden or left to chance, how long a game may run, whether computers can sit
at it, and the text keys of its names. Every package `rules.<game>` declares one `INFO`; the registry
serves it (`rules.info(game)`), and tools, playouts and the tournament read their per-game facts from it
instead of writing them again.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class ModeInfo:
    """One way to play a game.

    `players` is the fewest and the most the engine accepts and `default_players` what a new game gets;
    `hidden_information`: some player may not see some card (a hand, a deck's order); `chance`: the deal
    number changes the game; `max_moves`: a playout or tournament game still running after that many
    moves is stopped as nobody's win, and `always_ends` says whether the rules alone guarantee an end
    within it (a solitaire's single pass through its deck does; games whose deck cycles do not);
    `bots`: computer players can take a seat; `name_key`: the mode's name in the text catalogs."""

    players: tuple[int, int]
    default_players: int
    hidden_information: bool
    chance: bool
    max_moves: int
    always_ends: bool
    bots: bool
    name_key: str


@dataclass(frozen=True)
class GameInfo:
    """A game: its name's text key and its modes, by the names the registry and the saves use."""

    game: str
    name_key: str
    modes: Mapping[str, ModeInfo]

    def mode(self, mode: str) -> ModeInfo:
        """The facts of one mode; KeyError for a mode the game does not have."""
        return self.modes[mode]
