"""Bots for Chrononauts and Artifaxx: the secrets dealt again, and what a position is worth.

Hidden are the other hands, the unshown IDs and Missions, a Miracle's mini-hand and the order of
every deck. The cards of the game are known (a fresh deal with the same options lists them), so the
cards a seat cannot see are those its view shows nowhere: play cards go back into the hidden hands,
the mini-hand and the draw pile, IDs into the hidden IDs and the ID deck, Missions likewise.

The heuristic follows the game's own advice: get your ID's three titles readable (hold the patches
your ID's patched years need), fill your Mission's slots with artifacts on your table, grow your hand
towards ten, and keep the open paradoxes away from the thirteen that end the world for everyone.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rules.bots import Kit as BaseKit
from rules.chrononauts.full import ChrononautsEngine
from rules.chrononauts.full_state import FullState
from rules.chrononauts.moves import KillTime
from rules.chrononauts.timeline import UNIVERSE_LIMIT, card_kind
from rules.kernel import Move

HAND_WIN = 10


class Kit(BaseKit):
    """What the Chrononauts' bots know: no killing time while a card can be played, and how near a player is to
    a win."""

    scale = 0.5
    eng: ChrononautsEngine
    # The search measured against normal (issue #15): the best 4 moves, each on all 6 deals, 4 decisions on.
    hard: ClassVar[dict[str, Any]] = {"halving": False}

    def sensible(self, state: Any, seat: int, legal: Sequence[Move]) -> list[Move]:
        """Killing time throws cards away: only when nothing else may be played."""
        plays = [m for m in legal if not isinstance(m, KillTime)]
        return plays or list(legal)

    def progress(self, state: FullState, player: int) -> float:
        """How near `player` is to a win, 0 to 1: the best of the ID, the Mission and the hand's size."""
        eng, rules = self.eng, self.eng.rules
        hand = state.hands[player]
        best = self._mission(state, player)
        total = best
        ident = state.ids[player]
        if eng.timeline_game and ident is not None:
            tl = state.timeline
            true_ok, first, second = rules.identity_progress(tl, ident)
            parts = float(true_ok + first + second)
            for year, ok in zip(rules.identities[ident].patched, (first, second)):
                if not ok and any(card_kind(c) in rules.ripplepoints[year].patches for c in hand):
                    parts += 0.5  # the patch that year needs, held for when it opens
            id_part = parts / 3
            hand_part = 0.9 * min(len(hand), HAND_WIN) / HAND_WIN
            best = max(best, id_part, hand_part)
            total += id_part + hand_part
        return best + 0.1 * total

    def _mission(self, state: FullState, player: int) -> float:
        eng = self.eng
        slots = list(eng.mission_cards[state.missions[player]].slots)
        if not slots:
            return 0.0
        filled = 0.0
        for pile, weight in ((state.tables[player], 1.0), (state.hands[player], 0.4)):
            for artifact in pile:
                if artifact not in eng.artifacts:
                    continue
                fits = next((s for s in slots if artifact in s.any_of or (s.most_real and artifact in eng.paintings)),
                            None)
                if fits is not None:
                    slots.remove(fits)
                    filled += weight
        return filled / len(eng.mission_cards[state.missions[player]].slots)

    def score(self, state: FullState, seat: int) -> float:
        mine = self.progress(state, seat)
        theirs = max((self.progress(state, q) for q in range(state.seats) if q != seat), default=0.0)
        open_now = len(state.timeline.open_paradoxes())
        danger = max(0, open_now - (UNIVERSE_LIMIT - 5)) * 0.15  # the world ending is a loss for all
        return mine - 0.7 * theirs - danger
