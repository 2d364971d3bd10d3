"""Computer players: easy, normal and hard, for every game a table deals to a bot.

A bot decides from what its seat is shown and nothing else: `choose(view, seat, legal, rng)` gets
`engine.view(state, seat)`, the seat's legal moves and a random generator. The legal moves are
computed by the table on the real state (`legal_moves(state, seat)`), because a view may lack what
the engine needs to list them (the searcher of Quick Trip sees the draw pile sorted, not in order);
they leak nothing: a seat's own choices are exactly what its player is shown on the table.

Where a bot needs the hidden cards it deals them again (`Kit.sample`, the engine's `sample`): a full state
whose view for the seat is the seat's view, the cards it cannot see spread at random over the places
it cannot see into. The three levels:

- easy plays at random among the game's sensible moves;
- normal deals the secrets once and plays the move that looks best one step ahead by the game's own
  heuristic (`Kit.score`);
- hard is determinised Monte Carlo: the best few moves by the heuristic are tried on fresh deals, every
  try played on (by the normal or the easy policy) to the game's horizon or for `depth` decisions, and
  judged by who won or, unfinished, by the heuristic. The moves compete by sequential halving: the
  better half of them goes on to the next deals. The work is counted (deals, and positions judged in
  the play-outs), so a seed replays the same moves; `seconds` of processor time is only a cap for a
  slow machine. Each game's `Kit.hard` tunes it.

A game with bots replays from its save because its moves are saved; a bot asked again at the same
point decides alike when its generator is `decision_rng(seed, ply)`.
"""
from __future__ import annotations

import importlib
import importlib.util
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Protocol

from rules.kernel import Engine, Move
from rules.redeal import child_seed
from rules.registry import engine, info, modes

LEVELS = ("easy", "normal", "hard")
WIN, LOSS, NOBODY = 1.0, 0.0, 0.25  # a play-out's worth: won, someone else won, nobody won


def bot_modes(game: str) -> tuple[str, ...]:
    """The modes of `game` computers play, as the game declares (`rules.info`: not Bacchanalia, told aloud for
    people, nor Solonauts, for one); asking imports that game's rules alone, so a table starting loads no other."""
    if game not in modes():
        return ()
    return tuple(mode for mode, facts in info(game).modes.items() if facts.bots)


def games_with_bots() -> dict[str, tuple[str, ...]]:
    """Every game computers play, with those modes (this imports every game's rules)."""
    return {game: found for game in modes() if (found := bot_modes(game))}


class Bot(Protocol):
    """A computer player of one level: what a table asks for a seat's move."""

    level: str

    def choose(self, view: Any, seat: int, legal: Sequence[Move], rng: Random) -> Move:
        """One of `legal`, decided from `view` (the seat's view) alone."""


def decision_rng(seed: int, ply: int) -> Random:
    """The generator a bot seeded `seed` decides the game's `ply`-th move with (stable across runs)."""
    return Random(f"bot:{seed}:{ply}")


class Kit:
    """What a game tells its bots: how to deal the secrets again, and what a position is worth."""

    scale = 1.0  # a `score` this large is a clear lead
    hard: ClassVar[dict[str, Any]] = {}  # the game's own tuning of the hard bot (iterations, width, depth, greedy)

    def __init__(self, eng: Engine[Any]) -> None:
        self.eng = eng

    def sample(self, view: Any, seat: int, rng: Random) -> Any:
        """A full state whose view for `seat` is `view`, read from `view` alone: the engine's own."""
        return self.eng.sample(view, seat, rng)

    def score(self, state: Any, seat: int) -> float:
        """How good a full, unfinished `state` looks for `seat`: positive is ahead."""
        raise NotImplementedError

    def sensible(self, state: Any, seat: int, legal: Sequence[Move]) -> list[Move]:
        """The moves worth considering (never empty when `legal` is not)."""
        return list(legal)

    def play(self, state: Any, move: Move) -> None:
        """Apply `move` to the full `state`, as a play-out does."""
        self.eng.apply(state, move)

    def worth(self, state: Any, seat: int) -> float:
        """A position's worth between LOSS and WIN: the result once over, else the heuristic squashed."""
        result = self.eng.result(state)
        if result.over:
            if seat in result.winners:
                return WIN
            return LOSS if result.winners else NOBODY
        return 0.5 + 0.45 * math.tanh(self.score(state, seat) / self.scale)

    def horizon(self, start: Any, state: Any, seat: int) -> bool:
        """Whether a play-out from `start` has gone far enough to judge `state` (else it stops on `depth`)."""
        return False

    def follow(self, state: Any, seat: int) -> bool:
        """Whether the heuristic looks one step further when `seat` alone decides next (Banquet: pick, then arrange)."""
        return False

    def after(self, state: Any, seat: int, move: Move) -> float:
        """The worth of `state` after `move`, looking one step further while `follow` says so."""
        trial = self.eng.clone(state)
        self.play(trial, move)
        if self.eng.is_over(trial) or not self.follow(trial, seat):
            return self.worth(trial, seat)
        best = -math.inf
        for then in self.sensible(trial, seat, self.eng.legal_moves(trial, seat)):
            last = self.eng.clone(trial)
            self.play(last, then)
            best = max(best, self.worth(last, seat))
        return best if best > -math.inf else self.worth(trial, seat)

    def greedy(self, state: Any, seat: int, moves: Sequence[Move], rng: Random) -> Move:
        """The move whose position one step on is worth most, ties broken at random."""
        best, best_worth = moves[0], -math.inf
        for move in moves:
            value = self.after(state, seat, move) + rng.random() * 1e-9
            if value > best_worth:
                best, best_worth = move, value
        return best

    def ranked(self, state: Any, seat: int, moves: Sequence[Move], rng: Random) -> list[Move]:
        """`moves`, the best by one step of the heuristic first."""
        marks: list[tuple[float, int, Move]] = []
        for i, move in enumerate(moves):
            marks.append((self.after(state, seat, move) + rng.random() * 1e-9, i, move))
        return [m for _w, _i, m in sorted(marks, key=lambda x: (-x[0], x[1]))]

    def rollout_move(self, state: Any, rng: Random, greedy: bool) -> Move | None:
        """In a full state, a move of the first seat to act: the heuristic's choice, or a random sensible
        move; None when nobody may act."""
        acting = sorted(self.eng.to_act(state))
        if not acting:
            return None
        seat = acting[0]
        moves = self.sensible(state, seat, self.eng.legal_moves(state, seat))
        if not moves:
            return None
        if greedy and len(moves) > 1:
            return self.greedy(state, seat, moves, rng)
        return moves[int(rng.random() * len(moves))]


# --- dealing the secrets again: each engine's `sample` (rules/redeal.py) ----------------------------------


# --- the three levels ----------------------------------------------------------------------------------


@dataclass
class Easy:
    """The easy computer player: a random move among the sensible ones."""

    kit: Kit
    level: str = "easy"

    def choose(self, view: Any, seat: int, legal: Sequence[Move], rng: Random) -> Move:
        """A random move among `legal`'s sensible ones."""
        moves = self.kit.sensible(view, seat, legal)
        return moves[int(rng.random() * len(moves))]


@dataclass
class Normal:
    """The normal computer player: one deal of the secrets, then the best move one step ahead by the game's
    heuristic."""

    kit: Kit
    level: str = "normal"

    def choose(self, view: Any, seat: int, legal: Sequence[Move], rng: Random) -> Move:
        """The sensible move that scores best one step ahead, on one deal of the cards the seat cannot see."""
        moves = self.kit.sensible(view, seat, legal)
        if len(moves) == 1:
            return moves[0]
        world = self.kit.sample(view, seat, rng)
        return self.kit.greedy(world, seat, moves, rng)


@dataclass
class Hard:
    """The hard computer player: the best few moves by the heuristic, each played out on several deals of the
    secrets (see `choose`)."""

    kit: Kit
    iterations: int = 6  # deals the last moves standing are each tried on
    width: int = 4  # moves searched: the best by the heuristic
    depth: int = 4  # decisions played out after each move, at most (a game's `horizon` may stop sooner)
    greedy: bool = True  # play out with the normal policy (else the easy one)
    halving: bool = True  # keep only the better half of the moves after each share of the deals (else try all on all)
    budget: int = 1_000_000  # work (see `try_move`) after which the search stops: bounds the time, and replays
    seconds: float = 2.5  # a cap of processor time only: the search normally stops on its iterations or budget
    level: str = "hard"

    def choose(self, view: Any, seat: int, legal: Sequence[Move], rng: Random) -> Move:
        """Sequential halving: every candidate is tried on the first deals, the better half goes on to the
        next deals, and so on; all candidates of a round share the deals and the play-outs' generators,
        so they are compared on the same luck."""
        kit = self.kit
        moves = kit.sensible(view, seat, legal)
        if len(moves) == 1:
            return moves[0]
        seeds = [child_seed(rng) for _ in range(self.iterations)]
        deals: list[Any] = []
        first = kit.sample(view, seat, Random(seeds[0]))
        candidates = list(moves) if len(moves) <= self.width else kit.ranked(first, seat, moves, rng)[:self.width]
        totals = [0.0] * len(candidates)
        tried = [0] * len(candidates)
        alive = list(range(len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(candidates)))) if self.halving else 1
        chunk = max(1, math.ceil(self.iterations / rounds))
        # The cap counts this thread's time on the processor: other programs on a busy machine do not cut the search.
        deadline = time.thread_time() + self.seconds
        work = 0

        def mean(i: int) -> float:
            return totals[i] / tried[i] if tried[i] else -math.inf

        while len(deals) < self.iterations and work < self.budget:
            for d in range(len(deals), min(len(deals) + chunk, self.iterations)):
                deals.append(first if d == 0 else kit.sample(view, seat, Random(seeds[d])))
                for i in alive:
                    worth, spent = self.try_move(deals[d], seat, candidates[i], Random(seeds[d] + 1))
                    totals[i] += worth
                    tried[i] += 1
                    work += spent
                    if work >= self.budget or time.thread_time() > deadline:
                        break
                if work >= self.budget or time.thread_time() > deadline:
                    break
            if len(deals) >= self.iterations or work >= self.budget or time.thread_time() > deadline:
                break
            alive.sort(key=lambda i: (-mean(i), i))
            alive = alive[:max(1, (len(alive) + 1) // 2)]
            if len(alive) == 1:
                break
        best = min(alive, key=lambda i: (-mean(i), i))
        return candidates[best]

    def try_move(self, world: Any, seat: int, move: Move, rng: Random) -> tuple[float, int]:
        """`move` played in a copy of `world`, the game played on to the horizon: the end's worth, and the
        work done (positions judged by the heuristic, or moves drawn at random)."""
        kit, eng = self.kit, self.kit.eng
        trial = eng.clone(world)
        kit.play(trial, move)
        work = 1
        for _ in range(self.depth):
            if eng.is_over(trial) or kit.horizon(world, trial, seat):
                break
            acting = sorted(eng.to_act(trial))
            if not acting:
                break
            options = kit.sensible(trial, acting[0], eng.legal_moves(trial, acting[0]))
            if not options:
                break
            if self.greedy and len(options) > 1:
                step = kit.greedy(trial, acting[0], options, rng)
                work += len(options)
            else:
                step = options[int(rng.random() * len(options))]
                work += 1
            kit.play(trial, step)
        return kit.worth(trial, seat), work


def kit_for(game: str, mode: str) -> Kit:
    """The bots' kit of a game and mode; ValueError for one without bots (see `bot_modes`). The kits of the games
    shipped lie here (`rules/bots/<game>.py`); a game installed beside Convivium brings its own, in `rules/<game>/bots.py`."""
    if mode not in bot_modes(game):
        raise ValueError(f"no bots for {game} {mode}")
    shipped = importlib.util.find_spec(f"rules.bots.{game}") is not None
    module = importlib.import_module(f"rules.bots.{game}" if shipped else f"rules.{game}.bots")
    made: Kit = module.Kit(engine(game, mode))
    return made


def make_bot(game: str, mode: str, level: str, **tuning: Any) -> Bot:
    """A bot of `level` for a game mode; `tuning` sets the hard bot's iterations, width, depth, seconds."""
    kit = kit_for(game, mode)
    if level == "easy":
        return Easy(kit)
    if level == "normal":
        return Normal(kit)
    if level == "hard":
        return Hard(kit, **{**kit.hard, **tuning})
    raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
