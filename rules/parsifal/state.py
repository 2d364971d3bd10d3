"""A Parsifal position (PAR-14) and the questions every rule asks of it."""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from rules.kernel import Move, rng_picture


class _Types(dict[str, str]):
    """Instance -> type, filled on first ask: the rules ask this constantly, of only 30 instances."""

    def __missing__(self, instance: str) -> str:
        found = self[instance] = instance.split("#", 1)[0]
        return found


TYPES = _Types()  # hot loops index it directly; a lookup is cheaper than a call


def card_type(instance: str) -> str:
    """'ammaliatrice#3' -> 'ammaliatrice' (PAR-1.2)."""
    return TYPES[instance]


@dataclass(frozen=True)
class BlockRecord:
    """PAR-1.7: `blocker` keeps `target` blocked; `source` is 'own' or the enabling artifact."""

    blocker: str
    target: str
    source: str
    seq: int


@dataclass
class ParState:
    """A whole Parsifal position: the deck, the common area and Limbo, every character's owner and artifacts,
    the blocks, and the turn in progress."""

    options: dict[str, Any]
    rng: Random | None  # None in a view
    deck: list[str]  # index 0 is the top (PAR-3.2)
    common: list[str] = field(default_factory=list)  # arrival order
    limbo: list[str] = field(default_factory=list)  # arrival order, for display only
    owner: dict[str, int] = field(default_factory=dict)  # every character in play
    held: dict[str, list[str]] = field(default_factory=dict)  # artifacts in the order they came under
    entered: dict[str, int] = field(default_factory=dict)  # turn each character entered play
    blocks: list[BlockRecord] = field(default_factory=list)
    seq: int = 0  # the next block's sequence number
    active: int = 0
    turn: int = 1
    step: str = "action"  # action | window | after_action | extra | over
    actions: int = 0  # actions resolved this turn
    extra: str | None = None  # 'holder' / 'other' once Bread or Wine was spent this turn
    extra_char: str | None = None  # who held the spent Bread or Wine
    pending: Move | None = None  # the declared action while the response window is open
    declined: list[int] = field(default_factory=list)
    acted: bool = False  # an action resolved or an interrupt happened this turn (PAR-9.3)
    last_draw_turn: int | None = None  # L of PAR-9.2
    idle_turns: int = 0  # consecutive all-pass turns after L
    winners: list[int] = field(default_factory=list)
    winning: list[str] = field(default_factory=list)  # the characters whose missions completed
    reason: str | None = None  # missions | safeguard | all_passed

    @property
    def players(self) -> int:
        """The number of players."""
        n: int = self.options["players"]
        return n

    def is_blocked(self, character: str) -> bool:
        """Whether a block is in force on `character` (PAR-1.7)."""
        for b in self.blocks:
            if b.target == character:
                return True
        return False

    def blocked(self) -> set[str]:
        """Every character with a block in force on it (PAR-1.7)."""
        return {b.target for b in self.blocks}

    def blocks_by(self, character: str) -> list[BlockRecord]:
        """The blocks `character` has in force, as blocker (PAR-1.7)."""
        return [b for b in self.blocks if b.blocker == character]

    def lies_over(self, character: str) -> str | None:
        """PAR-6.1.3, 6.1.8: a blocker's card lies over the oldest target it still blocks."""
        mine = self.blocks_by(character)
        return min(mine, key=lambda b: b.seq).target if mine else None

    def holder_of(self, artifact: str) -> str | None:
        """The character `artifact` lies under, or None (PAR-1.6)."""
        return next((c for c, items in self.held.items() if artifact in items), None)

    def owned_by(self, player: int) -> list[str]:
        """The characters `player` owns (PAR-1.4)."""
        return [c for c, p in self.owner.items() if p == player]

    def copy(self) -> ParState:
        """A copy that shares no list or dict with this state, but shares the random generator: the deal is its only
        draw, so it never changes afterwards."""
        return ParState(
            dict(self.options), self.rng, list(self.deck), list(self.common), list(self.limbo),
            dict(self.owner), {c: list(a) for c, a in self.held.items()}, dict(self.entered), list(self.blocks),
            self.seq, self.active, self.turn, self.step, self.actions, self.extra, self.extra_char, self.pending,
            list(self.declined), self.acted, self.last_draw_turn, self.idle_turns, list(self.winners),
            list(self.winning), self.reason)

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON-ready data, the generator's exact state included."""
        rng = rng_picture(self.rng)
        return {
            "options": dict(self.options), "rng": rng, "deck": list(self.deck), "common": list(self.common),
            "limbo": list(self.limbo),
            # a list, in the order they came into play (the order tables lay them out): JSON's objects keep none
            "characters": [{"card": c, "owner": p, "held": list(self.held[c]), "entered": self.entered[c]}
                           for c, p in self.owner.items()],
            "blocks": [[b.blocker, b.target, b.source, b.seq] for b in self.blocks], "seq": self.seq,
            "active": self.active, "turn": self.turn, "step": self.step, "actions": self.actions,
            "extra": self.extra, "extra_char": self.extra_char,
            "pending": self.pending.to_dict() if self.pending else None, "declined": list(self.declined),
            "acted": self.acted, "last_draw_turn": self.last_draw_turn, "idle_turns": self.idle_turns,
            "winners": list(self.winners), "winning": list(self.winning), "reason": self.reason,
        }

