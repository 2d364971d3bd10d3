"""Bots for Parsifal: the deck's order dealt again, and the reference policy's judgement.

Only the order of the deck is hidden (PAR-1.3), so a sample shuffles the cards the view shows
nowhere into the deck. The heuristic is the balance checks' reference policy (PAR-12,
`rules.parsifal.balance`): your best character's share of met conditions against the best
opponent's, which makes blocking the leader worth a move, and interrupting only an action that lets
someone else win or sharply raises the active player's position.
"""
from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any, ClassVar

from rules.bots import Kit as BaseKit
from rules.kernel import Move
from rules.parsifal import balance
from rules.parsifal.engine import ParsifalEngine
from rules.parsifal.state import ParState


class Kit(BaseKit):
    """What Parsifal's bots know: play-outs through the seat's next turn, judged and played by the balance
    study's policy (rules.parsifal.balance)."""

    scale = 3.0
    eng: ParsifalEngine
    # Only the draws differ between deals, so few deals; the play-outs run to the end of the seat's next turn.
    hard: ClassVar[dict[str, Any]] = {"iterations": 6, "width": 8, "depth": 60, "budget": 8000}

    def horizon(self, start: ParState, state: ParState, seat: int) -> bool:
        """Through the seat's next turn: what the others answer, and what the seat then makes of it."""
        n = start.players
        mine = start.turn + (seat - start.active - 1) % n + 1
        return state.turn > mine

    def score(self, state: ParState, seat: int) -> float:
        return balance.value(self.eng, state, seat)

    def greedy(self, state: ParState, seat: int, moves: Sequence[Move], rng: Random) -> Move:
        if state.step == "window":
            return balance.respond(self.eng, state, seat, list(moves))
        chosen = balance.choose(self.eng, state, seat, rng)
        return chosen if chosen in moves else super().greedy(state, seat, moves, rng)

    def after(self, state: ParState, seat: int, move: Move) -> float:
        """A declared action is judged resolved, as if nobody interrupted it (the reference policy's way)."""
        trial = self.eng.clone(state)
        balance.settle(self.eng, trial, move)
        return self.worth(trial, seat)
