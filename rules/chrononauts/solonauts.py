"""Solonauts: the solitaire of Chrononauts (CHR-16), on the shared timeline rules."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from cardsets.chrononauts.loader import ChrononautsSet
from cardsets.instances import instances
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.timeline import Rules, Timeline, card_kind
from rules.redeal import Pool, child_seed, fresh_deal, unseen
from rules.kernel import (HIDDEN, PLAYERS, BadOption, Description, Engine, Event, IllegalMove, Move, Result, Target,
                          check_players, rng_picture, shuffle)

HAND_SIZE = 5  # CHR-16.3
IDS_MIN, IDS_MAX, IDS_DEFAULT = 6, 10, 8  # CHR-16.2, D-34
SOLO = 0  # the one seat


@dataclass
class SoloState:
    """A whole Solonauts position (CHR-16): the timeline, the deck, the hand and the IDs waiting or home."""

    options: dict[str, Any]
    rng: Random | None  # None in a view: the future of the deck is not for the player
    timeline: Timeline
    deck: list[str]  # the top card is the last one
    hand: list[str]
    discard: list[str]
    waiting: list[str]  # IDs dealt, not yet home
    home: list[str]  # IDs home, in the order they arrived
    unused_ids: list[str]  # the IDs left in the ID deck
    turn: int = 0
    result: str | None = None  # "won" or "lost"
    reason: str | None = None  # all_home, destroyed, out_of_cards, resigned

    @property
    def score(self) -> int:
        """The number of IDs home (CHR-16.9)."""
        return len(self.home)


def deck_instances(cards: ChrononautsSet) -> list[str]:
    """The 41 play cards as instances: a card id, plus '#n' when the set has several copies."""
    out: list[str] = []
    for inv in cards.inverters:
        out += instances(inv.id, inv.count)
    out += [p.id for p in cards.patches]
    return out


class SolonautsEngine(Engine[SoloState]):
    """The rules of Solonauts, the solitaire of Chrononauts (CHR-16)."""

    game = "chrononauts"
    mode = "solonauts"
    moves = (PlayCard, Discard, Resign)

    def __init__(self, cards: ChrononautsSet) -> None:
        self.cards = cards
        self.cardset_version = cards.version
        self.rules = Rules(cards)

    # --- set-up -------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(raw) - {"ids", PLAYERS}
        if unknown:
            raise BadOption("option.unknown", name=sorted(unknown)[0])
        check_players(raw, 1, 1, 1)
        ids = raw.get("ids", IDS_DEFAULT)
        if not isinstance(ids, int) or isinstance(ids, bool) or not IDS_MIN <= ids <= IDS_MAX:
            raise BadOption("option.ids_range", value=ids, low=IDS_MIN, high=IDS_MAX)
        return {"ids": ids, PLAYERS: 1}

    def new_state(self, options: Mapping[str, Any], seed: int) -> SoloState:
        """The first position (CHR-16.3): the IDs waiting and the hand dealt from `seed`."""
        opts = self.options(options)
        rng = Random(seed)
        id_deck = [i.id for i in self.cards.identities]
        shuffle(rng, id_deck)  # CHR-16.3: the ID deck first, then the play deck
        deck = deck_instances(self.cards)
        shuffle(rng, deck)
        waiting = [id_deck.pop() for _ in range(opts["ids"])]
        hand = [deck.pop() for _ in range(HAND_SIZE)]
        return SoloState(opts, rng, Timeline(), deck, hand, [], waiting, [], id_deck)

    def player_range(self) -> tuple[int, int]:
        return 1, 1

    def players(self, state: SoloState) -> int:
        """Always 1: a solitaire."""
        return 1

    # --- questions ----------------------------------------------------------------

    def to_act(self, state: SoloState) -> frozenset[int]:
        return frozenset() if state.result else frozenset({SOLO})

    def is_over(self, state: SoloState) -> bool:
        """Whether the game is won or lost."""
        return state.result is not None


    def result(self, state: SoloState) -> Result:
        """Won with every traveller home; the score is the travellers home (CHR-16.9, CHR-16.10)."""
        return Result(state.result is not None, (SOLO,) if state.result == "won" else (), (state.score,), state.reason)

    def gesture(self, state: SoloState, move: Move) -> tuple[str, Target] | None:
        """A card onto a year of the timeline (int) or onto "discard"."""
        if isinstance(move, PlayCard):
            return move.card, move.target
        if isinstance(move, Discard):
            return move.card, "discard"
        return None

    def targets(self, state: SoloState, card: str) -> list[int]:
        """Where a card in the hand may be played now (empty: it can only be discarded)."""
        kind = card_kind(card)
        if kind in self.rules.inverters:
            return self.rules.inverter_targets(state.timeline, kind)
        year = self.rules.patch_target(state.timeline, kind)
        return [] if year is None else [year]

    def legal_moves(self, state: SoloState, player: int) -> list[Move]:
        if state.result or player != SOLO:
            return []
        moves: list[Move] = []
        for card in state.hand:
            moves += [PlayCard(SOLO, card, year) for year in self.targets(state, card)]
        moves += [Discard(SOLO, card) for card in state.hand]
        moves.append(Resign(SOLO))
        return moves

    def check(self, state: SoloState, move: Move) -> None:
        self.at_the_door(state, move)
        if state.result:
            raise IllegalMove("illegal.game_over")
        if move.player != SOLO:
            raise IllegalMove("illegal.not_your_turn", player=move.player)
        if isinstance(move, Resign):
            return
        if not isinstance(move, (PlayCard, Discard)):
            raise IllegalMove("illegal.unknown_move", move=type(move).__name__)
        if move.card not in state.hand:
            raise IllegalMove("illegal.not_in_hand", card=card_kind(move.card))
        if isinstance(move, Discard):
            return
        kind = card_kind(move.card)
        if kind in self.rules.inverters:
            self.rules.check_inverter(state.timeline, kind, move.target)
        else:
            self.rules.check_patch(state.timeline, kind, move.target)

    # --- changes ------------------------------------------------------------------

    def apply(self, state: SoloState, move: Move) -> list[Event]:
        self.check(state, move)
        state.turn += 1
        if isinstance(move, Resign):
            return self._end(state, "lost", "resigned")
        assert isinstance(move, (PlayCard, Discard))
        state.hand.remove(move.card)
        if isinstance(move, Discard):
            state.discard.append(move.card)
            events = [Event("card_discarded", {"card": move.card})]
        else:
            events = self._play(state, move)
            if state.result:
                return events
        events += self._refill(state)
        if not state.hand:
            events += self._end(state, "lost", "out_of_cards")  # CHR-16.9c
        return events

    def _play(self, state: SoloState, move: PlayCard) -> list[Event]:
        tl = state.timeline
        kind = card_kind(move.card)
        assert move.target is not None
        events = [Event("card_played", {"card": move.card, "target": move.target})]
        if kind in self.rules.inverters:
            flipped, voided = self.rules.flip(tl, move.target)
            events += flipped
            state.discard += voided
            state.discard.append(move.card)
        else:
            events += self.rules.place_patch(tl, move.card, move.target)  # no bonus draw: CHR-16.5
        if self.rules.destroyed(tl):  # CHR-16.9b, D-33: beats any homecoming on the same play
            return events + self._end(state, "lost", "destroyed")
        for ident in list(state.waiting):
            if self.rules.identity_home(tl, ident):
                state.waiting.remove(ident)
                state.home.append(ident)
                events.append(Event("id_home", {"id": ident}))
        if not state.waiting:
            events += self._end(state, "won", "all_home")  # CHR-16.9a
        return events

    def _refill(self, state: SoloState) -> list[Event]:
        drawn = []
        while len(state.hand) < HAND_SIZE and state.deck:  # CHR-16.8: one pass, no reshuffle
            card = state.deck.pop()
            state.hand.append(card)
            drawn.append(card)
        return [Event("cards_drawn", {"cards": drawn})] if drawn else []

    def _end(self, state: SoloState, result: str, reason: str) -> list[Event]:
        state.result, state.reason = result, reason
        kind = "game_won" if result == "won" else "game_lost"
        return [Event(kind, {"reason": reason, "score": state.score, "of": state.options["ids"]})]

    # --- copies and pictures ------------------------------------------------------

    def clone(self, state: SoloState) -> SoloState:
        """A copy of `state` that shares no list, set or dict with it. The generator is shared: it shuffles the deal
        and never draws again (the deck is drawn from the top, CHR-16.8), and copying its 625 words was most of the
        cost of the snapshot `Match` keeps at every move."""
        return SoloState(dict(state.options), state.rng, state.timeline.copy(),
                         list(state.deck), list(state.hand), list(state.discard), list(state.waiting),
                         list(state.home), list(state.unused_ids), state.turn, state.result, state.reason)

    def view(self, state: SoloState, player: int) -> SoloState:
        seen = self.clone(state)
        seen.rng = None
        seen.deck = [HIDDEN] * len(state.deck)  # CHR-16.1: only the order of the decks is hidden
        seen.unused_ids = [HIDDEN] * len(state.unused_ids)
        return seen

    def to_dict(self, state: SoloState) -> dict[str, Any]:
        tl = state.timeline
        rng = rng_picture(state.rng)
        return {
            "options": dict(state.options), "rng": rng,
            "prime": sorted(tl.prime), "paradoxed": sorted(tl.paradoxed),
            "patches": {str(y): p for y, p in sorted(tl.patches.items())},
            "deck": list(state.deck), "hand": list(state.hand), "discard": list(state.discard),
            "waiting": list(state.waiting), "home": list(state.home), "unused_ids": list(state.unused_ids),
            "turn": state.turn, "result": state.result, "reason": state.reason,
        }

    def all_cards(self, state: SoloState) -> Sequence[str]:
        return [*state.deck, *state.hand, *state.discard, *state.timeline.patches.values(),
                *state.waiting, *state.home, *state.unused_ids]

    def sample(self, view: SoloState, player: int, rng: Random) -> SoloState:
        """CHR-16.1: only the decks' order is hidden; each deck's unseen cards are shuffled into it again."""
        fresh, _cards = fresh_deal(self, view.options)
        ids = {*fresh.waiting, *fresh.unused_ids, *fresh.home}
        left = unseen(self, view)
        play, idp = Pool([c for c in left if c not in ids], rng), Pool([c for c in left if c in ids], rng)
        state = self.clone(view)
        state.rng = Random(child_seed(rng))
        state.deck = play.fill(view.deck)
        state.unused_ids = idp.fill(view.unused_ids)
        play.done()
        idp.done()
        return state

    def hidden_from(self, state: SoloState, player: int) -> Collection[str]:
        return [*state.deck, *state.unused_ids]  # CHR-16.1: only what the decks hold is unseen
