"""Bots for Bacchus' Banquet: the secrets dealt again, and what a position is worth.

Hidden are the deck and the discard pile, the guests of the others (but the public guest), the
guests and privileges never dealt, the others' privileges (unless privileges are open) and, for
everybody but the active player, which of the round's three cards lies in which slot. A sample puts
the round's cards that its view shows nowhere else into the hidden slots (those left over went to
the discard pile), and the other unseen cards at random into the places of their kind.

The heuristic: get on with your guest's objective, keep the others' objectives back, and guard your
belt: beyond ten your guest is knocked out, so a belt near the top is a danger.
"""
from __future__ import annotations

import zlib
from collections.abc import Sequence
from random import Random
from typing import Any, ClassVar

from cardsets.banquet.loader import Condition
from rules.banquet.engine import BanquetEngine
from rules.banquet.state import BELT_TOP, BanquetState
from rules.bots import Kit as BaseKit
from rules.kernel import Move


class Kit(BaseKit):
    """What the Banquet's bots know: a round's worth of random play-outs, and how near each guest is to its
    objective."""

    scale = 0.6
    eng: BanquetEngine
    # Play-outs are cheap and luck is large: many deals, many moves, random play to the round's end.
    hard: ClassVar[dict[str, Any]] = {"iterations": 96, "width": 35, "depth": 40, "greedy": False, "budget": 15000}

    def horizon(self, start: BanquetState, state: BanquetState, seat: int) -> bool:
        """A round's cards are all delivered at its end: judge the position there."""
        return state.round != start.round

    def follow(self, state: Any, seat: int) -> bool:
        return seat in self.eng.to_act(state) and len(self.eng.to_act(state)) == 1

    def sensible(self, state: Any, seat: int, legal: Sequence[Move]) -> list[Move]:
        return list(legal)

    def _share(self, state: BanquetState, seat: int, condition: Condition) -> float:
        if condition.op == "any_of":
            return max(self._share(state, seat, c) for c in condition.parts)
        if condition.op == "all_of":
            return sum(self._share(state, seat, c) for c in condition.parts) / len(condition.parts)
        return min(1.0, self.eng.judge.measure(state, seat, condition.op) / max(1, condition.amount))

    def progress(self, state: BanquetState, seat: int) -> float:
        """How near `seat`'s guest is to its objective, 0 to 1, less a penalty for a belt near the top; -1 once
        knocked out."""
        guest = state.guests[seat]
        if guest is None:
            return -1.0  # knocked out
        belt = state.belts[seat]
        danger = max(0, belt - (BELT_TOP - 4)) / 4  # guard the belt: beyond the top the guest is out
        return self._share(state, seat, self.eng.judge.objectives[guest]) - 0.5 * danger

    def score(self, state: BanquetState, seat: int) -> float:
        theirs = max((self.progress(state, s) for s in range(state.seats) if s != seat), default=0.0)
        return self.progress(state, seat) - 0.6 * theirs

    def after(self, state: BanquetState, seat: int, move: Move) -> float:
        """A pick or an arrangement delivers its cards only later in the round: the position is judged once
        the round has played on (twice, at random) to its end or a dozen decisions on."""
        total = 0.0
        rng = Random(zlib.crc32(f"{state.round}:{state.phase}:{move!r}".encode()))  # same question, same answer
        for _ in range(PLAYOUTS):
            trial = self.eng.clone(state)
            self.play(trial, move)
            for _step in range(12):
                if self.eng.is_over(trial) or trial.round != state.round:
                    break
                then = self.rollout_move(trial, rng, greedy=False)
                if then is None:
                    break
                self.play(trial, then)
            total += self.worth(trial, seat)
        return total / PLAYOUTS


PLAYOUTS = 2
