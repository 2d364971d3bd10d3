"""Solonauts hints: the move that most often still wins, judged without peeking at the deck.

The player sees the hand, the timeline and the discard pile, and knows which cards are still
in the deck but not their order (CHR-16.1). So the hint deals random orders of the unseen
cards, asks the exact solver (with a small node budget) whether each legal move still wins on
that order, and suggests the move that kept a win within reach most often. Every move is judged
on a few orders, the best few on all of them. Only the length of `state.deck` is read, never its
contents, so a view (deck hidden) gives the same hint. A cap hit counts as no win, so the odds
are a lower estimate, rough early in the game (the start of a deal needs more search than the
budget allows) and sharp near the end.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from rules.chrononauts.moves import Discard, PlayCard
from rules.chrononauts.solonauts import SOLO, SoloState, SolonautsEngine, deck_instances
from rules.chrononauts.solver import DISCARD, Capped, Pos, Search, Step, tables
from rules.chrononauts.timeline import card_kind
from rules.kernel import Move, shuffle

SAMPLES = 12
BUDGET = 200  # search nodes per move and sample; a cap hit counts as "no win found"
SCREEN_SAMPLES = 3  # orders every legal move is judged on
FINALISTS = 5  # moves judged on all the orders


@dataclass
class Hint:
    """The hinted move for a Solonauts position, the share of sampled deck orders it still wins, and why (a text
    key)."""

    move: Move | None  # None only when the game is over
    odds: float  # share of the sampled deck orders still won after the move
    reason: str  # a text key: hint.wins_now, hint.sends_home, hint.best_odds, hint.no_win_found, hint.game_over
    params: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Option:
    move: Move
    step: Step
    card: str
    wins: int = 0
    tried: int = 0  # sampled orders this move was judged on
    home: list[str] = field(default_factory=list)  # IDs the move sends home at once
    plays: int = 1 << 30  # least cards still to play after it (solver's bound), over the samples


def unseen_cards(engine: SolonautsEngine, state: SoloState) -> list[str]:
    """The play cards the player cannot see: neither in hand, nor discarded, nor on the timeline."""
    seen = set(state.hand) | set(state.discard) | set(state.timeline.patches.values())
    return [c for c in deck_instances(engine.cards) if c not in seen]


def hint(engine: SolonautsEngine, view_or_state: SoloState, rng: Random, *,
         samples: int = SAMPLES, budget: int = BUDGET) -> Hint:
    """Suggest a move for the Solonauts seat; deterministic for a given `rng` state."""
    state = view_or_state
    if engine.is_over(state):
        return Hint(None, 0.0, "hint.game_over")
    options = _options(engine, state)
    unseen = sorted(unseen_cards(engine, state))
    orders = []
    for _ in range(samples):
        order = list(unseen)
        shuffle(rng, order)
        orders.append(order)
    # Successive halving: every move on the first few orders, then only the best few on the
    # rest, so the time goes to the moves worth comparing.
    first = orders[:SCREEN_SAMPLES]
    for order in first:
        _judge(engine, state, order, options, budget)
    options.sort(key=_rank)
    finalists = options[:FINALISTS]
    for order in orders[len(first):]:
        _judge(engine, state, order, finalists, budget)
    best = min(finalists, key=_rank) if finalists else None
    if best is None:
        return Hint(None, 0.0, "hint.game_over")
    odds = best.wins / best.tried if best.tried else 0.0
    percent = round(100 * odds)
    if best.home and len(best.home) == len(state.waiting):
        return Hint(best.move, odds, "hint.wins_now", {"ids": best.home})
    if best.home:
        return Hint(best.move, odds, "hint.sends_home", {"ids": best.home, "odds": percent})
    if best.wins:
        return Hint(best.move, odds, "hint.best_odds", {"odds": percent, "samples": best.tried})
    return Hint(best.move, odds, "hint.no_win_found", {"samples": best.tried})


def _rank(option: _Option) -> tuple[float, int, bool, int, Step]:
    """Best first: odds, IDs sent home now, plays before discards, least left to do (the
    solver's bound), then a fixed order of (card kind, target)."""
    odds = option.wins / option.tried if option.tried else 0.0
    return (-odds, -len(option.home), isinstance(option.move, Discard), option.plays, option.step)


def _options(engine: SolonautsEngine, state: SoloState) -> list[_Option]:
    """One legal move per distinct effect: copies of a card kind do the same thing."""
    t = tables(engine.rules)
    out: dict[Step, _Option] = {}
    for move in engine.legal_moves(state, SOLO):
        if not isinstance(move, (PlayCard, Discard)):
            continue  # Resign never wins
        kind = t.kind_index[card_kind(move.card)]
        target = move.target if isinstance(move, PlayCard) and move.target is not None else DISCARD
        step = (kind, target)
        if step not in out or move.card < out[step].card:
            out[step] = _Option(move, step, move.card)
    return list(out.values())


def _judge(engine: SolonautsEngine, state: SoloState, order: list[str], options: list[_Option], budget: int) -> None:
    """Add one sampled deck order's verdict to every option."""
    # Search reads the deck in draw order; `order` stands for state.deck (top card last).
    search = Search(engine, state, list(reversed(order)))
    root: Pos = search.root(state)
    for option in options:
        option.tried += 1
        after = search.play(root, option.step)
        if after is None:
            continue  # the universe is destroyed: lost on every order
        option.home = [search.ids[i] for i in range(len(search.ids)) if root[4] & ~after[4] & (1 << i)]
        if not after[4]:
            option.wins += 1
            option.plays = 0
            continue
        plays = search.assess(after)
        if plays is None:
            continue
        option.plays = min(option.plays, plays)
        search.nodes, search.max_nodes = 0, budget
        try:
            if search.solve_root(after) is not None:
                option.wins += 1
        except Capped:
            pass
