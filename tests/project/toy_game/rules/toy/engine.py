"""High Card: each player is dealt two of twelve cards (ones, twos and threes) and, in seat order, lays one
face up; once everyone has, the highest card laid wins, ties sharing the win."""
from __future__ import annotations

import copy
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from rules.kernel import (HIDDEN, PLAYERS, Engine, Event, IllegalMove, Move, Result, Target, check_players,
                          rng_picture, shuffle)

VALUES = {"one": 1, "two": 2, "three": 3}
COPIES = 4
HAND = 2


@dataclass(frozen=True)
class Lay(Move):
    """Lay `card`, from the player's hand, face up on the table."""

    card: str


@dataclass
class ToyState:
    """Who holds what, what lies on the table (seat -> card), the cards never dealt, whose turn it is."""

    hands: list[list[str]]
    laid: dict[int, str] = field(default_factory=dict)
    stock: list[str] = field(default_factory=list)
    turn: int = 0
    rng: Random | None = None


def deck() -> list[str]:
    """Every card, in order: `one#1` to `three#4`."""
    return [f"{kind}#{n}" for kind in VALUES for n in range(1, COPIES + 1)]


def value(card: str) -> int:
    """A card's worth: `two#5` is worth 2."""
    return VALUES.get(card.partition("#")[0], 0)


class ToyEngine(Engine[ToyState]):
    """The rules of High Card."""

    game = "toy"
    mode = "standard"
    moves = (Lay,)

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return {PLAYERS: check_players(raw, 2, 4, 3)}

    def new_state(self, options: Mapping[str, Any], seed: int) -> ToyState:
        players = self.options(options)[PLAYERS]
        rng = Random(seed)
        cards = deck()
        shuffle(rng, cards)
        hands = [cards[HAND * p:HAND * (p + 1)] for p in range(players)]
        return ToyState(hands, stock=cards[HAND * players:], rng=rng)

    def player_range(self) -> tuple[int, int]:
        return 2, 4

    def players(self, state: ToyState) -> int:
        return len(state.hands)

    def result(self, state: ToyState) -> Result:
        if not self.is_over(state):
            return Result(False)
        best = max(value(card) for card in state.laid.values())
        winners = tuple(sorted(seat for seat, card in state.laid.items() if value(card) == best))
        scores = tuple(value(state.laid[seat]) for seat in range(self.players(state)))
        return Result(True, winners, scores, "end.highest")

    def gesture(self, state: ToyState, move: Move) -> tuple[str, Target] | None:
        return (move.card, "table") if isinstance(move, Lay) else None

    def to_act(self, state: ToyState) -> frozenset[int]:
        return frozenset() if self.is_over(state) else frozenset({state.turn})

    def legal_moves(self, state: ToyState, player: int) -> list[Move]:
        if player not in self.to_act(state):
            return []
        return [Lay(player, card) for card in state.hands[player]]

    def check(self, state: ToyState, move: Move) -> None:
        self.at_the_door(state, move)
        assert isinstance(move, Lay)
        if move.player not in self.to_act(state):
            raise IllegalMove("illegal.not_your_turn")
        if move.card not in state.hands[move.player]:
            raise IllegalMove("illegal.not_in_hand", card=move.card)

    def apply(self, state: ToyState, move: Move) -> list[Event]:
        self.check(state, move)
        assert isinstance(move, Lay)
        state.hands[move.player].remove(move.card)
        state.laid[move.player] = move.card
        state.turn += 1
        events = [Event("card_laid", {"player": move.player, "card": move.card})]
        if self.is_over(state):
            events.append(Event("game_won", {"players": list(self.result(state).winners)}))
        return events

    def sample(self, view: ToyState, player: int, rng: Random) -> ToyState:
        state = self.clone(view)
        seen = {*view.hands[player], *view.laid.values()}
        unseen = [card for card in deck() if card not in seen]
        shuffle(rng, unseen)
        for seat, hand in enumerate(state.hands):
            if seat != player:
                state.hands[seat] = [unseen.pop() for _ in hand]
        state.stock = unseen
        state.rng = Random(rng.random())
        return state

    def clone(self, state: ToyState) -> ToyState:
        return copy.deepcopy(state)

    def view(self, state: ToyState, player: int) -> ToyState:
        seen = self.clone(state)
        for seat, hand in enumerate(seen.hands):
            if seat != player:
                seen.hands[seat] = [HIDDEN] * len(hand)
        seen.stock = [HIDDEN] * len(seen.stock)
        seen.rng = None
        return seen

    def to_dict(self, state: ToyState) -> dict[str, Any]:
        return {"hands": state.hands, "laid": {str(k): v for k, v in state.laid.items()}, "stock": state.stock,
                "turn": state.turn, "rng": rng_picture(state.rng)}

    def is_over(self, state: ToyState) -> bool:
        return state.turn >= len(state.hands)

    def all_cards(self, state: ToyState) -> Sequence[str]:
        return [*(card for hand in state.hands for card in hand), *state.laid.values(), *state.stock]

    def hidden_from(self, state: ToyState, player: int) -> Collection[str]:
        return [card for seat, hand in enumerate(state.hands) if seat != player for card in hand] + list(state.stock)

    def undo_barrier(self, events: Sequence[Event]) -> bool:
        return True  # a card laid face up has been seen by everyone
