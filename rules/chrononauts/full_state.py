"""The state of a Chrononauts or Artifaxx game (CHR-18.3) and the card instances it deals."""
from __future__ import annotations

from dataclasses import dataclass, field
from random import Random
from typing import Any

from cardsets.chrononauts.loader import ChrononautsSet
from cardsets.instances import instances
from rules.chrononauts.timeline import Timeline
from rules.kernel import copy_rng

ID, MISSION = "id", "mission"  # the two private objective cards (and their mulligans, CHR-6.6)

# Stages of a card in the resolving zone (CHR-8.3, CHR-11).
PLAYED = ""  # waiting for its window, or to resolve
CHOOSE_REWIND = "rewind"  # Rewind resolving: its player picks a card from the discard pile
CHOOSE_QUICK_TRIP = "quick_trip"  # Quick Trip resolving: its player searches the draw pile
MIRACLE = "miracle"  # Perform a "Miracle" resolving: its player plays from the mini-hand
FETCHED = "fetched"  # Rewind or Quick Trip whose pick is done: it goes to the discard pile next


@dataclass
class Entry:
    """A card in the resolving zone, with the targets named when it was played (CHR-8.1)."""

    card: str
    player: int
    source: str  # hand, mini_hand, discard (Rewind) or draw (Quick Trip)
    target: int | None = None
    artifact: str | None = None
    stage: str = PLAYED

    def to_dict(self) -> dict[str, Any]:
        """The entry as plain JSON-ready data."""
        return {"card": self.card, "player": self.player, "source": self.source, "target": self.target,
                "artifact": self.artifact, "stage": self.stage}


@dataclass
class FullState:
    """A whole position of Chrononauts or Artifaxx (CHR-18): the timeline, the decks, every seat's cards and
    what is resolving."""

    options: dict[str, Any]
    rng: Random | None  # None in a view
    timeline: Timeline  # stays True History in Artifaxx
    draw: list[str]  # the top card is the last one
    discard: list[str]  # public; the top card is the last one
    id_deck: list[str]  # top last; a swapped card goes under (index 0)
    mission_deck: list[str]
    hands: list[list[str]]  # during a Miracle, its player's hand is the set-aside hand
    ids: list[str | None]  # None in Artifaxx
    missions: list[str]
    tables: list[list[str]]
    setup: list[tuple[int, str]]  # mulligan decisions still due, in order (CHR-6.6)
    current: int  # the acting player
    steps: int = 0  # play steps pending (CHR-7.2)
    stack: list[Entry] = field(default_factory=list)  # the resolving zone, top last
    window: list[int] | None = None  # players still to answer the top card (None: no window)
    mini: list[str] = field(default_factory=list)  # a running Miracle's mini-hand
    miracle_plays: int = 0  # plays left from the mini-hand
    turn: int = 0
    result: str | None = None  # won, destroyed, turn_limit
    winner: int | None = None
    won_by: list[str] = field(default_factory=list)  # id, mission, hand
    revealed: list[str] = field(default_factory=list)  # ID and Mission cards shown to everyone

    @property
    def seats(self) -> int:
        """The number of seats."""
        return len(self.hands)

    def own_rng(self) -> Random:
        """The generator, this state's own from here on: every draw takes it through here. Copies of a state
        (`copy`, and the engine's `clone`, undo's snapshots) share the generator until one of them draws: the game
        draws seldom (a reshuffle, a Time Vortex, a Quick Trip) and a copy of its 625 words at every move played
        was most of the cost of a move (issue #42)."""
        assert self.rng is not None, "a view draws nothing"
        self.rng = copy_rng(self.rng)
        return self.rng

    def copy(self) -> FullState:
        """A copy that shares nothing with this state but the random generator, which neither draws from but
        through `own_rng`."""
        # Every field in order, as `__init__` takes them: `dataclasses.replace` looked each one up by name, and a
        # copy is made at every move played (undo's snapshot).
        return FullState(
            dict(self.options), self.rng, self.timeline.copy(), list(self.draw), list(self.discard),
            list(self.id_deck), list(self.mission_deck), [list(h) for h in self.hands], list(self.ids),
            list(self.missions), [list(t) for t in self.tables], list(self.setup), self.current, self.steps,
            [Entry(e.card, e.player, e.source, e.target, e.artifact, e.stage) for e in self.stack],
            None if self.window is None else list(self.window), list(self.mini), self.miracle_plays, self.turn,
            self.result, self.winner, list(self.won_by), list(self.revealed))




def full_deck(cards: ChrononautsSet) -> list[str]:
    """The 80 play cards of the full game (CHR-2.1)."""
    out: list[str] = []
    for inv in cards.inverters:
        out += instances(inv.id, inv.count)
    out += [p.id for p in cards.patches]
    out += [a.id for a in cards.artifacts]
    for tw in cards.timewarps:
        out += instances(tw.id, tw.count)
    for act in cards.actions:
        out += instances(act.id, act.count)
    return out


def artifaxx_deck(cards: ChrononautsSet, with_parents: bool) -> list[str]:
    """Artifaxx: artifacts, timewarps and actions, Your Parents Never Met only on request (CHR-15.2)."""
    out = [a.id for a in cards.artifacts]
    for tw in cards.timewarps:
        out += instances(tw.id, tw.count)
    for act in cards.actions:
        if act.kind != "parents_never_met" or with_parents:
            out += instances(act.id, act.count)
    return out
