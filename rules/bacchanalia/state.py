"""Everything about a Bacchanalia position (BAC-14), with plain copies and a JSON picture."""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from rules.kernel import copy_rng, rng_picture


@dataclass
class Seat:
    """One player (BAC-14.4)."""

    deus: list[str] = field(default_factory=list)  # Deus instances held, Vinum included
    in_game: bool = True
    introduced: bool = False
    locked: str | None = None  # the locked Umbra, until counted at step 5 of the next turn
    locked_on_turn: int = 0
    with_amans: bool = False
    arrival_pending: bool = False
    question_pending: bool = False  # Bacchus shown tilted until step 8
    miles_finale_pending: bool = False
    finale: str | None = None  # amans / miles / sudden, once completed
    outcome: str | None = None
    option: int | None = None
    branch: str | None = None
    twist: bool = False

    def copy(self) -> Seat:
        """A copy that shares no list with this seat."""
        return Seat(list(self.deus), self.in_game, self.introduced, self.locked, self.locked_on_turn,
                    self.with_amans, self.arrival_pending, self.question_pending, self.miles_finale_pending,
                    self.finale, self.outcome, self.option, self.branch, self.twist)

    def to_dict(self) -> dict[str, Any]:
        """The seat as plain JSON-ready data."""
        out = dict(self.__dict__)
        out["deus"] = list(self.deus)
        return out


@dataclass
class Turn:
    """The turn in progress (BAC-14.6). `step` names where the turn stands."""

    kind: str = "intro"  # intro / normal / miles / sudden
    step: str = "start"
    area: list[str] = field(default_factory=list)  # this turn's Umbra (or the finale's four)
    drawn: list[str] = field(default_factory=list)  # drawn this turn, in order
    carried: str | None = None  # the locked card that came into this turn
    sacrificed: str | None = None
    minerva_gift: bool = False  # Minerva arrived by gift during this turn (BAC-8.1: her step is next turn)
    piles: dict[str, list[str]] = field(default_factory=dict)  # Deus instance -> Umbra placed on it
    counts: dict[str, int] = field(default_factory=dict)
    result: str | None = None  # a Deus type or "tie"
    tied: list[str] = field(default_factory=list)
    reason: str | None = None
    variant: str | None = None  # Vinum: plain / symbol
    row: str | None = None
    prompt: str | None = None
    scene: str | None = None
    take_done: bool = False
    return_done: bool = False
    bacchus_to: int | None = None
    locked: str | None = None  # card locked this turn
    moved: bool | None = None
    options: list[int] = field(default_factory=list)  # Sudden finale: eligible options
    twist_allowed: bool = False

    def copy(self) -> Turn:
        """A copy that shares no list or dict with this turn."""
        return Turn(self.kind, self.step, list(self.area), list(self.drawn), self.carried, self.sacrificed,
                    self.minerva_gift, {d: list(p) for d, p in self.piles.items()}, dict(self.counts), self.result,
                    list(self.tied), self.reason, self.variant, self.row, self.prompt, self.scene, self.take_done,
                    self.return_done, self.bacchus_to, self.locked, self.moved, list(self.options),
                    self.twist_allowed)

    def to_dict(self) -> dict[str, Any]:
        """The turn as plain JSON-ready data."""
        out = dict(self.__dict__)
        out["area"], out["drawn"], out["tied"], out["options"] = list(self.area), list(self.drawn), \
            list(self.tied), list(self.options)
        out["piles"] = {d: list(p) for d, p in self.piles.items()}
        out["counts"] = dict(self.counts)
        return out


@dataclass
class BacState:
    """A whole Bacchanalia position (BAC-14): the seats, the piles, the turn in progress and whose decision it
    is."""

    options: dict[str, Any]
    rng: Random | None  # None in a view: the deck order is not for the players
    seats: list[Seat]
    deck: list[str]  # the top card is the last one
    discard: list[str] = field(default_factory=list)
    centre: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    box: list[str] = field(default_factory=list)
    phase: str = "setup"  # setup / intro / turn / over
    awaiting: str = "give_deus"  # the decision the game waits for ("" once over)
    active: int = 0  # the giver during setup, else the player on turn
    decider: int = 0  # who owes the awaited decision
    parcae_count: int = 0
    reshuffle_pending: bool = False
    sudden_ending: bool = False
    sudden_trigger: str | None = None
    amans_released: bool = False
    bacchus_assigned: bool = False
    turn_number: int = 0
    round: int = 0
    turn: Turn = field(default_factory=Turn)
    finished: list[int] = field(default_factory=list)  # players in the order they completed a finale

    def copy(self, with_rng: bool = True) -> BacState:
        """A deep copy; without the random generator when `with_rng` is false (a view has none)."""
        return BacState(
            dict(self.options), copy_rng(self.rng) if self.rng and with_rng else None, [s.copy() for s in self.seats],
            list(self.deck), list(self.discard), list(self.centre), list(self.set_aside), list(self.box),
            self.phase, self.awaiting, self.active, self.decider, self.parcae_count, self.reshuffle_pending,
            self.sudden_ending, self.sudden_trigger, self.amans_released, self.bacchus_assigned, self.turn_number,
            self.round, self.turn.copy(), list(self.finished))

    def to_dict(self) -> dict[str, Any]:
        """The state as plain JSON-ready data, the generator's exact state included."""
        rng = rng_picture(self.rng)
        out: dict[str, Any] = dict(self.__dict__)
        out["options"] = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.options.items()}
        out["rng"] = rng
        out["seats"] = [s.to_dict() for s in self.seats]
        for name in ("deck", "discard", "centre", "set_aside", "box", "finished"):
            out[name] = list(getattr(self, name))
        out["turn"] = self.turn.to_dict()
        return out
