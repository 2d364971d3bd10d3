"""Where everything lies in a game of Bacchus' Banquet (BB-19), and what each player may see."""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from rules.kernel import copy_rng, rng_picture

CIRCLE_SIZE = 7  # BB-3.6
BELT_TOP = 10  # BB-10.8: exactly 10 is safe, beyond it the character is knocked out
SLOT_NAMES = ("discard", "keep", "gift")

# Phases (BB-19.2).
PICK, ARRANGE, CATCH_UP, OFFER, WINDOW, RESPOND, RESOLVE, OVER = (
    "pick", "arrange", "catch_up", "offer", "window", "respond", "resolve", "over")

# Routes by which a card reaches a character; they say how the round goes on after it.
GIFT, KEEP, CLAIM = "gift", "keep", "claim"


@dataclass
class Pending:
    """A revealed card whose receiver chooses to apply it or cancel it (BB-10.3)."""

    card: str
    to: int
    route: str  # gift, keep or claim
    choices: list[str]


@dataclass
class BanquetState:
    """A whole Bacchus' Banquet position: the circle, the rows, the guests, the privileges and the round in
    progress."""

    options: dict[str, Any]
    rng: Random | None  # None in a view
    seats: int
    phase: str = PICK
    round: int = 1
    active: int = 0
    deck: list[str] = field(default_factory=list)  # the top card first
    circle: list[str | None] = field(default_factory=list)  # by position; None: empty until the refill
    discard_pile: list[str] = field(default_factory=list)  # face down
    removed: list[str] = field(default_factory=list)  # face up, out of the game (D-11)
    guests: list[str | None] = field(default_factory=list)  # per seat; None: sits out (BB-13.8)
    guest_stack: list[str] = field(default_factory=list)  # the top guest first
    guest_box: list[str] = field(default_factory=list)  # knocked-out guests, face up
    guest_box_unseen: list[str] = field(default_factory=list)  # conspirators purged unseen (BB-13.6)
    privileges: list[list[str]] = field(default_factory=list)  # unused privileges per seat
    privilege_box: list[str] = field(default_factory=list)  # never dealt
    belts: list[int] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    knockouts: list[tuple[int, str]] = field(default_factory=list)  # (seat, guest) in order
    # --- the round (BB-19.5)
    hand: list[str] = field(default_factory=list)  # picked and not yet arranged
    picked: list[str] = field(default_factory=list)  # the round's three cards, on show (BB-5.1)
    slots: dict[str, str | None] = field(default_factory=lambda: dict.fromkeys(SLOT_NAMES))
    claimant: int | None = None  # the player eligible for the catch-up claim (BB-7)
    holder: int | None = None
    previous: int | None = None  # who handed the gift to the holder (BB-6.2)
    offered: list[int] = field(default_factory=list)
    privilege_used: bool = False
    passed: list[int] = field(default_factory=list)  # passed for the rest of the round
    poll: list[int] = field(default_factory=list)  # players still to answer in this window
    accepter: int | None = None
    next_active: int | None = None
    active_knocked: bool = False  # BB-9.2
    pending: Pending | None = None
    # --- the end (BB-19.6)
    winners: list[int] = field(default_factory=list)
    end_reason: str | None = None  # won, draw, exhausted, too_few_seated

    def seated(self, seat: int) -> bool:
        """Whether `seat` still has a guest in play (BB-13.8: one who lost theirs sits out)."""
        return self.guests[seat] is not None

    def clockwise(self, start: int) -> list[int]:
        """Every seat, starting at `start` and going clockwise."""
        return [(start + k) % self.seats for k in range(self.seats)]

    def left_neighbour(self, seat: int) -> int:
        """The next seat clockwise with a character in play (BB-1.1, D-25); `seat` if none."""
        return next((s for s in self.clockwise(seat)[1:] if self.seated(s)), seat)

    def copy(self, with_rng: bool = True) -> BanquetState:
        """A deep copy; without the random generator when `with_rng` is false (views drop it)."""
        pending = self.pending
        return BanquetState(
            dict(self.options), copy_rng(self.rng) if self.rng and with_rng else None, self.seats, self.phase, self.round,
            self.active, list(self.deck), list(self.circle), list(self.discard_pile), list(self.removed),
            list(self.guests), list(self.guest_stack), list(self.guest_box), list(self.guest_box_unseen),
            [list(p) for p in self.privileges], list(self.privilege_box), list(self.belts),
            [list(r) for r in self.rows], list(self.knockouts), list(self.hand), list(self.picked),
            dict(self.slots), self.claimant, self.holder, self.previous, list(self.offered),
            self.privilege_used, list(self.passed), list(self.poll), self.accepter, self.next_active,
            self.active_knocked,
            Pending(pending.card, pending.to, pending.route, list(pending.choices)) if pending else None,
            list(self.winners), self.end_reason)

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON-ready data, the generator's exact state included."""
        rng = rng_picture(self.rng)
        p = self.pending
        return {
            "options": dict(self.options), "rng": rng, "seats": self.seats, "phase": self.phase,
            "round": self.round, "active": self.active, "deck": list(self.deck), "circle": list(self.circle),
            "discard_pile": list(self.discard_pile), "removed": list(self.removed), "guests": list(self.guests),
            "guest_stack": list(self.guest_stack), "guest_box": list(self.guest_box),
            "guest_box_unseen": list(self.guest_box_unseen), "privileges": [list(x) for x in self.privileges],
            "privilege_box": list(self.privilege_box), "belts": list(self.belts),
            "rows": [list(r) for r in self.rows], "knockouts": [list(k) for k in self.knockouts],
            "hand": list(self.hand), "picked": list(self.picked), "slots": dict(self.slots),
            "claimant": self.claimant, "holder": self.holder, "previous": self.previous,
            "offered": list(self.offered), "privilege_used": self.privilege_used, "passed": list(self.passed),
            "poll": list(self.poll), "accepter": self.accepter, "next_active": self.next_active,
            "active_knocked": self.active_knocked,
            "pending": None if p is None else {"card": p.card, "to": p.to, "route": p.route,
                                               "choices": list(p.choices)},
            "winners": list(self.winners), "end_reason": self.end_reason,
        }
