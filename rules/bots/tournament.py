"""Games between bots, and their figures: win rates with 95% intervals, and the time per move.

`convivium tournament GAME --players N --seats hard,normal,easy --games K` plays K games; the seats'
levels turn round by one seat every game, so no level keeps the first seat. Every game is seeded
from the tournament's seed, and every bot decision from the game's seed and the move's number, so a
run repeats itself exactly (the hard bot's time cap aside, which a normal machine never reaches).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from rules.bots import LEVELS, Bot, decision_rng, games_with_bots, make_bot
from rules.kernel import PLAYERS, Move
from rules.match import Match
from rules.registry import engine, info

Z95 = 1.959964


@dataclass
class GameRecord:
    """One game of a tournament: the level of each seat, who won, the moves, and whether it ended within the
    bound."""

    levels: tuple[str, ...]  # by seat
    winners: tuple[int, ...]
    moves: list[Move]
    finished: bool


@dataclass
class LevelTally:
    """The games of one bot level: seats played, wins, moves and the time they took."""

    seats: int = 0  # seat-games played at this level
    wins: int = 0
    moves: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)  # seconds of each decision with a choice (several moves)


@dataclass
class Tally:
    """A tournament's totals: games played, unfinished or won by nobody, and the tally of each level."""

    games: int = 0
    unfinished: int = 0
    nobody: int = 0  # games over with no winner (the world destroyed, a draw)
    levels: dict[str, LevelTally] = field(default_factory=dict)


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(game: str, mode: str, bots: Sequence[Bot], seed: int, options: dict[str, Any] | None = None,
              tally: Tally | None = None) -> GameRecord:
    """One game, seat `i` played by `bots[i]`; each bot sees only its view."""
    eng = engine(game, mode)
    match: Match[Any] = Match(eng, {**(options or {}), PLAYERS: len(bots)}, seed)
    ply = 0
    cap = info(game).mode(mode).max_moves
    while not eng.is_over(match.state) and ply < cap:
        acting = sorted(eng.to_act(match.state))
        if not acting:
            break
        seat = acting[0]  # several may answer a window: they answer in seat order
        legal = eng.legal_moves(match.state, seat)
        view = eng.view(match.state, seat)
        started = time.thread_time()  # processor time: a busy machine's other programs do not inflate it
        move = bots[seat].choose(view, seat, legal, decision_rng(seed, ply))
        spent = time.thread_time() - started
        if tally is not None:
            level = tally.levels.setdefault(bots[seat].level, LevelTally())
            level.moves += 1
            level.seconds += spent
            if len(legal) > 1:
                level.times.append(spent)
        match.play(move)  # the rules judge it: an illegal move raises
        ply += 1
    result = eng.result(match.state)
    return GameRecord(tuple(b.level for b in bots), result.winners, match.moves, result.over)


def tournament(game: str, mode: str, seats: Sequence[str], games: int, seed: int = 1,
               options: dict[str, Any] | None = None, tuning: dict[str, Any] | None = None,
               progress: Callable[[int, int], None] | None = None) -> Tally:
    """The tally of `games` games between the bot levels `seats` (the hard one tuned by `tuning`), the seats
    turning round by one every game so that no level keeps the first seat."""
    bots = {level: make_bot(game, mode, level, **(tuning or {}) if level == "hard" else {}) for level in set(seats)}
    tally = Tally()
    n = len(seats)
    for g in range(games):
        levels = [seats[(i - g) % n] for i in range(n)]  # the seats turn round by one every game
        record = play_game(game, mode, [bots[lv] for lv in levels], seed * 100_003 + g, options, tally)
        tally.games += 1
        tally.unfinished += not record.finished
        tally.nobody += record.finished and not record.winners
        for seat, level in enumerate(levels):
            entry = tally.levels.setdefault(level, LevelTally())
            entry.seats += 1
            entry.wins += seat in record.winners
        if progress is not None:
            progress(g + 1, games)
    return tally


def report(tally: Tally, seats: Sequence[str]) -> list[str]:
    """A tournament's tally as lines of a table: win rates with their 95% interval and the time per move."""
    lines = [f"{tally.games} games; nobody won {tally.nobody}, unfinished {tally.unfinished}",
             f"{'level':<8}{'seats':>6}{'wins':>6}{'win rate':>10}  {'95% interval':<16}{'ms/move':>9}"
             f"{'median':>9}{'worst':>9}"]
    for level in dict.fromkeys(seats):
        t = tally.levels.get(level, LevelTally())
        low, high = wilson(t.wins, t.seats)
        rate = t.wins / t.seats if t.seats else 0.0
        per_move = 1000 * t.seconds / t.moves if t.moves else 0.0
        # The mean counts forced moves too; the median and the worst are of decisions with a choice.
        median = 1000 * statistics.median(t.times) if t.times else 0.0
        worst = 1000 * max(t.times, default=0.0)
        lines.append(f"{level:<8}{t.seats:>6}{t.wins:>6}{rate:>9.1%}  [{low:5.1%}, {high:5.1%}]  {per_move:>8.2f}"
                     f"{median:>9.1f}{worst:>9.1f}")
    return lines


def progress_bar(out: TextIO) -> Callable[[int, int], None]:
    """A progress callback for `tournament` that draws a bar with the time left on `out`."""
    started = time.monotonic()

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        spent = time.monotonic() - started
        left = spent / done * (total - done)
        out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, {spent:.0f} s, ~{left:.0f} s left")
        if done == total:
            out.write("\n")
        out.flush()
    return show


def game_and_mode(name: str, mode: str | None) -> tuple[str, str]:
    """A mode with a name of its own (`artifaxx`, the Chrononauts mode) is that mode; otherwise a game with its first
    mode unless one is named."""
    every = games_with_bots()
    # A mode is named on its own when its name is a proper name: its text key is "mode.<mode>", not "mode.<game>.<mode>".
    own = {m: g for g, ms in every.items() for m in ms if m not in every and info(g).mode(m).name_key == f"mode.{m}"}
    if name in own and mode is None:
        return own[name], name
    if name not in every:
        raise SystemExit(f"no bots for {name!r}: one of {', '.join([*every, *own])}")
    chosen = mode or every[name][0]
    if chosen not in every[name]:
        raise SystemExit(f"no mode {chosen!r} for {name}: one of {', '.join(every[name])}")
    return name, chosen


def main(argv: list[str] | None = None) -> int:
    """The `convivium tournament` command: plays the games and prints the report; returns the exit status."""
    parser = argparse.ArgumentParser(prog="convivium tournament", description="Play games between bots.")
    parser.add_argument("game", help="a game computers play, or a mode with a name of its own (artifaxx)")
    parser.add_argument("--mode", help="the game's mode (banquet: standard or open_privileges)")
    parser.add_argument("--players", type=int, help="seats at the table (default: one per --seats entry)")
    parser.add_argument("--seats", default="hard,normal,easy", help="levels by seat, e.g. hard,normal,easy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, help="the hard bot's deals per decision")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    game, mode = game_and_mode(args.game, args.mode)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    if any(s not in LEVELS for s in seats):
        parser.error(f"--seats: levels are {', '.join(LEVELS)}")
    players = args.players or len(seats)
    if players < len(seats):
        parser.error("--players is fewer than the --seats listed")
    seats += [seats[-1]] * (players - len(seats))  # the last level fills the table
    low, high = engine(game, mode).player_range()
    if not low <= players <= high:
        parser.error(f"{game} {mode} is played by {low} to {high}")
    tuning = {} if args.iterations is None else {"iterations": args.iterations}
    bar = None if args.quiet else progress_bar(sys.stderr)
    tally = tournament(game, mode, seats, args.games, args.seed, tuning=tuning, progress=bar)
    print(f"{game} {mode}, {players} players, seats {','.join(seats)}, seed {args.seed}")
    for line in report(tally, seats):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
