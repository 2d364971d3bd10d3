"""Bacchus' Banquet: the engine (BB-3 to BB-18).

A move is checked against `legal_moves`, applied, and then the engine runs every automatic
step (BB-18.1) until somebody has a real decision to take: the return of the gift, the Keep,
the refill, knock-outs, replacements and win checks. A decision with a single legal option
is taken for its player too (BB-1.9), except a privilege poll.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from random import Random
from typing import Any

from cardsets.banquet.loader import BanquetSet
from cardsets.instances import instances
from rules.banquet.moves import (
    ALL_MOVES, AcceptGift, Arrange, ClaimGift, DeclineClaim, OfferGift, PassPrivilege, PickCards, PlayClaim,
    PlayExchange, PlayGiveBack, PlaySpecialGift, RefuseGift, ResolveCard,
)
from rules.banquet.objectives import Judge, card_kind
from rules.banquet.state import (
    ARRANGE, BELT_TOP, CATCH_UP, CIRCLE_SIZE, CLAIM, GIFT, KEEP, OFFER, OVER, PICK, RESOLVE, RESPOND,
    SLOT_NAMES, WINDOW, BanquetState, Pending,
)
from rules.redeal import Pool, child_seed, fresh_deal, unseen
from rules.kernel import (HIDDEN, PLAYERS, BadOption, Description, Engine, Event, IllegalMove, Move, ResponseWindow,
                          Result, Target, check_players, shuffle)

SEATS_MIN, SEATS_MAX, SEATS_DEFAULT = 3, 5, 4  # BB-2.2
PRIVILEGE_MODES = {"standard": ("hidden", "off"), "open_privileges": ("open",)}  # BB-3.1, BB-15

# Events after which undo may not step back (BB-18.4, D-30): a card face, a guest or a
# privilege shown, chance, or a decision by somebody other than the active player.
BARRIER_EVENTS = frozenset({
    "card_revealed", "guest_knocked_out", "replacement_drawn", "circle_refilled", "deck_reshuffled",
    "privilege_played", "privilege_passed", "gift_passed", "claim_declined", "game_over",
})


@lru_cache(maxsize=64)
def _picks_of(player: int, cards: tuple[str, ...]) -> tuple[tuple[PickCards, ...], frozenset[frozenset[str]]]:
    """Every pick of three of `cards` (BB-5.1) in their order, and the cards of each as a set (what makes
    two picks equal). Kept because a random playout asks for them three times a pick (the automatic step,
    the player, `check`), and building and comparing the 35 picks of a full circle each time was a quarter
    of its time (issue #42)."""
    trios = list(combinations(cards, 3))
    return tuple([PickCards(player, *trio) for trio in trios]), frozenset([frozenset(trio) for trio in trios])


def deck_instances(cards: BanquetSet) -> list[str]:
    """The 93 action cards as instances: a card id, plus '#n' when the set has several copies."""
    out: list[str] = []
    for a in cards.actions:
        out += instances(a.id, a.count)
    return out


class BanquetEngine(Engine[BanquetState]):
    """The rules of Bacchus' Banquet (docs/rules/banquet.md) in one of its privilege modes, played with one card
    set."""

    game = "banquet"
    moves = ALL_MOVES
    # Which cards a player picked and how they arranged them stays theirs (BB-5, BB-6).
    private_fields = {"PickCards": frozenset({"first", "second", "third"}),
                      "Arrange": frozenset({"discard", "keep", "gift"})}

    def __init__(self, cards: BanquetSet, mode: str = "standard") -> None:
        assert mode in PRIVILEGE_MODES, mode
        self.mode = mode  # type: ignore[misc]  # one class serves both modes
        self.cards = cards
        self.cardset_version = cards.version
        self.judge = Judge(cards)
        self.effects = {a.id: a.effect for a in cards.actions}
        self.privilege_cards = {p.id: p for p in cards.privileges}
        self.caligula = next(g.id for g in cards.guests if g.team == "caligula")
        self.public_guests = frozenset(g.id for g in cards.guests if g.public)
        self.conspirators = frozenset(g.id for g in cards.guests if g.team == "conspirators")

    # --- set-up (BB-3) --------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(raw) - {PLAYERS, "privileges"}
        if unknown:
            raise BadOption("option.unknown", name=sorted(unknown)[0])
        seats = check_players(raw, SEATS_MIN, SEATS_MAX, SEATS_DEFAULT)
        allowed = PRIVILEGE_MODES[self.mode]
        privileges = raw.get("privileges", allowed[0])
        if privileges not in allowed:
            raise BadOption("option.privileges", value=privileges, allowed=", ".join(allowed))
        return {PLAYERS: seats, "privileges": privileges}

    def new_state(self, options: Mapping[str, Any], seed: int) -> BanquetState:
        """The position of the first pick (BB-3): guests, privileges and the deck dealt from `seed`."""
        opts = self.options(options)
        n = opts[PLAYERS]
        rng = Random(seed)
        state = BanquetState(opts, rng, n)
        others = [g.id for g in self.cards.guests if g.id != self.caligula]
        shuffle(rng, others)  # BB-3.8: the 8 guests, the n dealt, the privileges, the deck
        dealt = [self.caligula, *others[:n - 1]]
        state.guest_stack = others[n - 1:]
        shuffle(rng, dealt)
        state.guests = list(dealt)
        caligula_seat = dealt.index(self.caligula)
        state.privileges = [[] for _ in range(n)]
        if opts["privileges"] != "off":  # BB-3.5
            pile = [p.id for p in self.cards.privileges]
            shuffle(rng, pile)
            state.privileges[caligula_seat] = [pile.pop(0), pile.pop(0)]
            for seat in state.clockwise(caligula_seat)[1:]:
                state.privileges[seat] = [pile.pop(0)]
            state.privilege_box = pile
        else:
            state.privilege_box = [p.id for p in self.cards.privileges]
        deck = deck_instances(self.cards)
        shuffle(rng, deck)
        state.circle = list(deck[:CIRCLE_SIZE])
        state.deck = deck[CIRCLE_SIZE:]
        state.belts = [0] * n
        state.rows = [[] for _ in range(n)]
        state.active = caligula_seat  # BB-3.7
        return state

    def player_range(self) -> tuple[int, int]:
        return SEATS_MIN, SEATS_MAX

    def players(self, state: BanquetState) -> int:
        """The number of seats, guests who sit out included."""
        return state.seats

    # --- questions ------------------------------------------------------------------------

    def is_over(self, state: BanquetState) -> bool:
        """Whether the game has ended."""
        return state.phase == OVER


    def result(self, state: BanquetState) -> Result:
        """`reason` is the end code: won, or the draws of BB-14.5 and BB-13.8; the belts are no score."""
        return Result(state.phase == OVER, tuple(state.winners), None, state.end_reason)

    def gesture(self, state: BanquetState, move: Move) -> tuple[str, Target] | None:
        """The gift onto a seat (offered, passed on, accepted or claimed by its taker); a privilege onto the
        slot it claims, "exchange" for a swap, onto the seat it sends the gift to, or None (give back).
        Picking and arranging take several cards at once: no gesture."""
        gift = state.slots[GIFT]
        if isinstance(move, (OfferGift, RefuseGift)) and gift is not None:
            return gift, move.to
        if isinstance(move, (AcceptGift, ClaimGift)) and gift is not None:
            return gift, move.player
        if isinstance(move, PlayClaim):
            return move.card, move.slot
        if isinstance(move, PlayExchange):
            return move.card, "exchange"
        if isinstance(move, PlayGiveBack):
            return move.card, None
        if isinstance(move, PlaySpecialGift):
            return move.card, move.to
        return None

    def to_act(self, state: BanquetState) -> frozenset[int]:
        """BB-18.2: exactly one person decides at any time."""
        if state.phase == OVER:
            return frozenset()
        if state.phase == CATCH_UP:
            assert state.claimant is not None
            return frozenset({state.claimant})
        if state.phase == WINDOW:
            return frozenset({state.poll[0]})
        if state.phase == RESPOND:
            assert state.holder is not None
            return frozenset({state.holder})
        if state.phase == RESOLVE:
            assert state.pending is not None
            return frozenset({state.pending.to})
        return frozenset({state.active})

    def window(self, state: BanquetState) -> ResponseWindow | None:
        """BB-17.5.6: the privilege poll as the one question every table asks: who handed the gift on, who is
        still polled (BB-12.5) in priority order, and the passes that close it, now or for the rest of the round."""
        if state.phase != WINDOW:
            return None
        poll = tuple(state.poll)
        return ResponseWindow("privilege", state.previous, poll, state.round,
                              tuple(PassPrivilege(s, False) for s in poll), tuple(PassPrivilege(s, True) for s in poll))

    def offer_targets(self, state: BanquetState) -> list[int]:
        """BB-6.1: every other seated player."""
        return [s for s in state.clockwise(state.active)[1:] if state.seated(s)]

    def refusal_targets(self, state: BanquetState) -> list[int]:
        """BB-6.5, BB-13.10: players not yet offered; then only the active player (if seated)."""
        holder = state.holder
        assert holder is not None
        fresh = [s for s in state.clockwise(holder)[1:]
                 if state.seated(s) and s != state.active and s not in state.offered]
        if fresh:
            return fresh
        return [state.active] if state.seated(state.active) and holder != state.active else []

    def eligible_for_catch_up(self, state: BanquetState) -> int | None:
        """BB-7.1: the one seated non-active player every other seated player leads by 2 cards."""
        seated = [s for s in range(state.seats) if state.seated(s)]
        for p in seated:
            if p != state.active and all(len(state.rows[q]) >= len(state.rows[p]) + 2 for q in seated if q != p):
                return p
        return None

    def privilege_plays(self, state: BanquetState, player: int) -> list[Move]:
        """The privileges `player` could play in the current window, ignoring whose turn it is."""
        moves: list[Move] = []
        holder = state.holder
        for card in state.privileges[player]:
            priv = self.privilege_cards[card]
            if priv.kind == "claim" and player != state.active:  # BB-12.7, D-22
                moves += [PlayClaim(player, card, slot) for slot in priv.slots if state.slots[slot] is not None]
            elif priv.kind == "exchange" and all(state.slots[s] is not None for s in priv.slots):
                moves.append(PlayExchange(player, card))
            elif priv.kind == "give_back" and player == holder and state.previous is not None \
                    and state.seated(state.previous):
                moves.append(PlayGiveBack(player, card))
            elif priv.kind == "special_gift" and player == holder:
                moves += [PlaySpecialGift(player, card, s) for s in state.clockwise(player)[1:] if state.seated(s)]
        return moves

    def legal_moves(self, state: BanquetState, player: int) -> list[Move]:
        if player not in self.to_act(state):
            return []
        phase = state.phase
        if phase == PICK:
            return list(self._picks(state)[0])
        if phase == ARRANGE:
            return [Arrange(player, *order) for order in permutations(state.hand)]
        if phase == CATCH_UP:
            return [ClaimGift(player), DeclineClaim(player)]
        if phase == OFFER:
            return [OfferGift(player, s) for s in self.offer_targets(state)]
        if phase == WINDOW:
            return [*self.privilege_plays(state, player), PassPrivilege(player, False), PassPrivilege(player, True)]
        if phase == RESPOND:
            return [AcceptGift(player), *(RefuseGift(player, s) for s in self.refusal_targets(state))]
        assert phase == RESOLVE and state.pending is not None
        return [ResolveCard(player, choice) for choice in state.pending.choices]

    def _picks(self, state: BanquetState) -> tuple[tuple[PickCards, ...], frozenset[frozenset[str]]]:
        """The active player's picks from the circle as it is (BB-5.1)."""
        return _picks_of(state.active, tuple(c for c in state.circle if c is not None))

    def check(self, state: BanquetState, move: Move) -> None:
        self.at_the_door(state, move)
        if isinstance(move, PickCards) and state.phase == PICK and move.player in self.to_act(state):
            legal = move.cards() in self._picks(state)[1]  # as `move in legal_moves`, without comparing 35 picks
        else:
            legal = move in self.legal_moves(state, move.player)
        if not legal:
            raise IllegalMove(self._reason(state, move), player=move.player)

    def _reason(self, state: BanquetState, move: Move) -> str:
        """The text key saying why a move that is not legal now is refused (BB-18.3)."""
        if state.phase == OVER:
            return "illegal.game_over"
        if not 0 <= move.player < state.seats:
            return "illegal.no_such_player"
        if isinstance(move, (PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift)):
            return self._privilege_reason(state, move)
        if isinstance(move, PassPrivilege):
            return "illegal.not_polled"
        if isinstance(move, (ClaimGift, DeclineClaim)):
            return "illegal.not_eligible"
        if isinstance(move, (AcceptGift, RefuseGift)):
            if state.phase != RESPOND or move.player != state.holder:
                return "illegal.not_offered_to_you"
            if isinstance(move, RefuseGift) and move.to in state.offered:
                return "illegal.already_offered"
            if isinstance(move, RefuseGift) and move.to == state.active:
                return "illegal.active_not_yet"
            return "illegal.bad_target"
        if isinstance(move, ResolveCard):
            if state.phase != RESOLVE or state.pending is None or move.player != state.pending.to:
                return "illegal.nothing_to_resolve"
            return "illegal.no_such_choice"
        if move.player != state.active:
            return "illegal.not_your_turn"
        if isinstance(move, PickCards) and state.phase == PICK:
            return "illegal.bad_pick"
        if isinstance(move, Arrange) and state.phase == ARRANGE:
            return "illegal.not_the_picked_cards"
        if isinstance(move, OfferGift) and state.phase == OFFER:
            return "illegal.bad_target"
        return "illegal.not_now"

    def _privilege_reason(self, state: BanquetState, move: Move) -> str:
        assert isinstance(move, (PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift))
        if state.options["privileges"] == "off":
            return "illegal.no_privileges"
        if state.privilege_used:
            return "illegal.privilege_used_this_round"
        if state.accepter is not None:
            return "illegal.privilege_too_late"
        if state.phase != WINDOW:
            return "illegal.privilege_not_now"
        kinds = {PlayClaim: "claim", PlayExchange: "exchange", PlayGiveBack: "give_back",
                 PlaySpecialGift: "special_gift"}
        priv = self.privilege_cards.get(move.card)
        if move.card not in state.privileges[move.player] or priv is None or priv.kind != kinds[type(move)]:
            return "illegal.not_your_privilege"
        if move.player != state.poll[0]:
            return "illegal.not_polled"
        if isinstance(move, PlayClaim):
            if move.player == state.active:
                return "illegal.claim_by_active"
            return "illegal.slot_not_on_card"
        if isinstance(move, (PlayGiveBack, PlaySpecialGift)) and move.player != state.holder:
            return "illegal.not_holder"
        return "illegal.bad_target"

    # --- changes --------------------------------------------------------------------------

    def apply(self, state: BanquetState, move: Move) -> list[Event]:
        self.check(state, move)
        events: list[Event] = []
        self._do(state, move, events)
        self._auto(state, events)
        return events

    def _auto(self, state: BanquetState, events: list[Event]) -> None:
        """BB-1.9: a decision with exactly one legal option is taken for its player (not a poll)."""
        while state.phase not in (OVER, WINDOW):
            (player,) = self.to_act(state)
            legal = self.legal_moves(state, player)
            if len(legal) != 1:
                return
            events.append(Event("automatic", {"player": player, "move": type(legal[0]).__name__}))
            self._do(state, legal[0], events)

    def _do(self, state: BanquetState, move: Move, events: list[Event]) -> None:
        p = move.player
        if isinstance(move, PickCards):
            trio = [c for c in state.circle if c is not None and c in move.cards()]  # BB-5.1: any order
            state.circle = [None if c in trio else c for c in state.circle]
            state.hand, state.picked = list(trio), list(trio)
            state.phase = ARRANGE
            events.append(Event("cards_picked", {"player": p, "cards": list(trio)}))
        elif isinstance(move, Arrange):
            state.slots = {"discard": move.discard, "keep": move.keep, "gift": move.gift}
            state.hand = []
            events.append(Event("cards_arranged", {"player": p, "discard": move.discard, "keep": move.keep,
                                                   "gift": move.gift}))
            state.claimant = self.eligible_for_catch_up(state)  # BB-7.3
            state.phase = CATCH_UP if state.claimant is not None else OFFER
        elif isinstance(move, ClaimGift):
            events.append(Event("gift_claimed", {"player": p}))
            state.claimant = None
            self._gift_accepted(state, p, events)
        elif isinstance(move, DeclineClaim):
            events.append(Event("claim_declined", {"player": p}))
            state.claimant = None
            state.phase = OFFER
        elif isinstance(move, OfferGift):
            state.holder, state.previous, state.offered = move.to, p, [move.to]
            events.append(Event("gift_offered", {"player": p, "to": move.to}))
            self._open_window(state, events)
        elif isinstance(move, AcceptGift):
            self._gift_accepted(state, p, events)
        elif isinstance(move, RefuseGift):
            events.append(Event("gift_passed", {"player": p, "to": move.to}))
            self._pass_gift(state, move.to, events)
        elif isinstance(move, ResolveCard):
            pending = state.pending
            assert pending is not None
            state.pending = None
            self._carry_out(state, pending.card, pending.to, pending.route, move.choice, events)
        elif isinstance(move, PassPrivilege):
            state.poll.pop(0)
            if move.rest_of_round:
                state.passed.append(p)
            events.append(Event("privilege_passed", {"player": p, "rest_of_round": move.rest_of_round}))
            if not state.poll:
                self._holder_answers(state, events)
        else:
            self._play_privilege(state, move, events)

    def _pass_gift(self, state: BanquetState, to: int, events: list[Event]) -> None:
        state.previous, state.holder = state.holder, to
        if to != state.active:
            state.offered.append(to)
        self._open_window(state, events)

    def _open_window(self, state: BanquetState, events: list[Event]) -> None:
        """BB-12.5-12.6: poll, in priority order, everyone who may still play a privilege now."""
        if state.options["privileges"] == "off" or state.privilege_used:
            self._holder_answers(state, events)
            return
        poll = [s for s in state.clockwise(state.active)
                if state.seated(s) and state.privileges[s] and s not in state.passed]
        if state.options["privileges"] == "open":
            poll = [s for s in poll if self.privilege_plays(state, s)]
        state.poll = poll
        if poll:
            state.phase = WINDOW
            events.append(Event("privilege_window", {"holder": state.holder, "poll": list(poll)}))
        else:
            self._holder_answers(state, events)

    def _holder_answers(self, state: BanquetState, events: list[Event]) -> None:
        holder = state.holder
        assert holder is not None
        if not state.seated(holder):  # BB-13.10: as if they had refused
            targets = self.refusal_targets(state)
            if targets:
                events.append(Event("gift_passed", {"player": holder, "to": targets[0]}))
                self._pass_gift(state, targets[0], events)
            else:
                last = next(s for s in reversed(state.offered) if state.seated(s))
                self._gift_accepted(state, last, events)
            return
        if holder == state.active:  # BB-6.6: the return is accepted for the active player
            self._gift_accepted(state, holder, events)
            return
        state.phase = RESPOND

    def _play_privilege(self, state: BanquetState, move: Move, events: list[Event]) -> None:
        assert isinstance(move, (PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift))
        p = move.player
        state.privileges[p].remove(move.card)
        state.removed.append(move.card)  # BB-12.1
        state.privilege_used, state.poll = True, []
        events.append(Event("privilege_played", {"player": p, "card": move.card}))
        if isinstance(move, PlayClaim):
            events.append(Event("slot_claimed", {"player": p, "slot": move.slot}))
            if move.slot == "gift":  # D-23: claiming the gift is accepting it
                self._gift_accepted(state, p, events)
                return
            card = state.slots[move.slot]
            assert card is not None
            state.slots[move.slot] = None
            self._receive(state, card, p, CLAIM, events)
        elif isinstance(move, PlayExchange):
            first, second = self.privilege_cards[move.card].slots
            state.slots[first], state.slots[second] = state.slots[second], state.slots[first]
            events.append(Event("slots_exchanged", {"player": p, "first": first, "second": second}))
            self._holder_answers(state, events)
        elif isinstance(move, PlayGiveBack):
            assert state.previous is not None
            events.append(Event("gift_forced", {"player": p, "to": state.previous}))
            self._gift_accepted(state, state.previous, events)
        else:
            assert isinstance(move, PlaySpecialGift)
            events.append(Event("gift_forced", {"player": p, "to": move.to}))
            self._gift_accepted(state, move.to, events)

    def _gift_accepted(self, state: BanquetState, player: int, events: list[Event]) -> None:
        """BB-6.7-6.8: the gift is turned up and applied; its receiver is the gift accepter."""
        card = state.slots["gift"]
        assert card is not None
        state.slots["gift"] = None
        state.accepter, state.holder, state.poll = player, None, []
        events.append(Event("gift_accepted", {"player": player}))
        self._receive(state, card, player, GIFT, events)

    # --- applying a card (BB-10) ---------------------------------------------------------

    def _receive(self, state: BanquetState, card: str, to: int, route: str, events: list[Event]) -> None:
        events.append(Event("card_revealed", {"card": card, "to": to, "route": route}))
        effect = self.effects[card_kind(card)]
        row = state.rows[to]
        if self.judge.kind(card) == "special" and any(self.effects[card_kind(c)] == effect for c in row):
            state.removed.append(card)  # BB-10.2, D-20: a duplicate is removed, no prompt
            events.append(Event("duplicate_removed", {"card": card, "player": to}))
            self._after_card(state, card, to, route, applied=False, knocked=[], events=events)
            return
        choices = ["apply"]
        if any(self.effects[card_kind(c)] == "food_taster" for c in row):
            choices.append("food_taster")
        if self.judge.kind(card) == "dish" and any(self.effects[card_kind(c)] == "umbra" for c in row):
            choices.append("umbra")
        if len(choices) > 1:  # BB-11.5, D-34: the owner decides after seeing the card
            state.pending = Pending(card, to, route, choices)
            state.phase = RESOLVE
            return
        self._carry_out(state, card, to, route, "apply", events)

    def _carry_out(self, state: BanquetState, card: str, to: int, route: str, choice: str,
                   events: list[Event]) -> None:
        row = state.rows[to]
        if choice != "apply":  # BB-10.3: cancelled, no effect of any kind
            used = next(c for c in row if self.effects[card_kind(c)] == choice)
            row.remove(used)
            state.removed += [card, used]
            events.append(Event("card_cancelled", {"card": card, "player": to, "by": used}))
            self._after_card(state, card, to, route, applied=False, knocked=[], events=events)
            return
        value = self.judge.values[card_kind(card)]
        hymn = self.judge.kind(card) == "wine" and any(self.effects[card_kind(c)] == "hymn" for c in row)
        row.append(card)  # BB-10.4
        events.append(Event("card_applied", {"card": card, "player": to}))
        targets = {to: state.belts[to] + value}
        if hymn:  # BB-10.5, D-18
            for s in range(state.seats):
                if s != to and state.seated(s):
                    targets[s] = state.belts[s] + 1
            events.append(Event("hymn_sung", {"player": to}))
        knocked = [s for s in state.clockwise(to) if s in targets and targets[s] > BELT_TOP]
        for s, raw in targets.items():
            if s not in knocked:
                new = max(0, raw)  # BB-10.8: the floor at 0
                if new != state.belts[s]:
                    events.append(Event("buckle_moved", {"player": s, "from": state.belts[s], "to": new}))
                state.belts[s] = new
        self._knock_out(state, knocked, events)
        self._after_card(state, card, to, route, applied=True, knocked=knocked, events=events)

    def _knock_out(self, state: BanquetState, batch: list[int], events: list[Event]) -> None:
        """BB-13.1-13.4 for a whole batch, then the checks and replacements of BB-10.7."""
        if not batch:
            self._check_end(state, events)
            return
        caligula_out = False
        for s in batch:
            guest = state.guests[s]
            assert guest is not None
            caligula_out |= guest == self.caligula
            state.guest_box.append(guest)
            state.knockouts.append((s, guest))
            state.removed += state.rows[s]
            state.rows[s] = []
            state.belts[s] = 0
            state.guests[s] = None
            state.active_knocked |= s == state.active
            events.append(Event("guest_knocked_out", {"player": s, "guest": guest}))
        # BB-10.7: seats emptied by this batch are filled before anyone counts who is left (BB-13.8)
        if self._check_end(state, events, seats_filled=False):
            return
        if caligula_out:  # BB-13.6, D-12: the conspirators left in the stack go to the box unseen
            purged = [g for g in state.guest_stack if g in self.conspirators]
            state.guest_stack = [g for g in state.guest_stack if g not in self.conspirators]
            state.guest_box_unseen += purged
            if purged:
                events.append(Event("conspirators_purged", {"count": len(purged)}))
        for s in batch:  # BB-13.5, BB-13.8
            if state.guest_stack:
                state.guests[s] = state.guest_stack.pop(0)
                events.append(Event("replacement_drawn", {"player": s, "guest": state.guests[s]}))
            else:
                events.append(Event("sits_out", {"player": s}))
        self._check_end(state, events)

    def _check_end(self, state: BanquetState, events: list[Event], *, seats_filled: bool = True) -> bool:
        """BB-14.5: winners first; else the draw after 3 knock-outs; else, once the replacements
        are drawn (`seats_filled`), too few seated players (BB-13.8)."""
        winners = self.judge.winners(state)
        if winners:
            self._end(state, winners, "won", events)
        elif len(state.knockouts) >= 3:
            self._end(state, [], "draw", events)
        elif seats_filled and sum(1 for s in range(state.seats) if state.seated(s)) < 2:
            self._end(state, [], "too_few_seated", events)
        return state.phase == OVER

    def _end(self, state: BanquetState, winners: list[int], reason: str, events: list[Event]) -> None:
        state.phase, state.winners, state.end_reason = OVER, winners, reason
        state.poll, state.pending, state.claimant = [], None, None
        shown = {"guests": list(state.guests), "privileges": [list(p) for p in state.privileges]}  # D-26
        events.append(Event("game_over", {"winners": list(winners), "reason": reason, **shown}))

    def _after_card(self, state: BanquetState, card: str, to: int, route: str, *, applied: bool,
                    knocked: list[int], events: list[Event]) -> None:
        if state.phase == OVER:
            return  # BB-4.2, D-33: nothing more of the round happens
        if not applied:
            self._check_end(state, events)
            if state.phase == OVER:
                return
        if route == GIFT:  # BB-8, said in the log: the next host is not always the one who took the gift
            why = "gift" if not applied else "knocked_out" if to in knocked else \
                "doze" if self.effects[card_kind(card)] == "doze" else "gift"
            state.next_active = to if why == "gift" else state.left_neighbour(to)
            events.append(Event(f"next_host_{why}", {"player": to, "host": state.next_active}))
            self._keep(state, events)
        elif route == KEEP:
            self._end_round(state, events)
        else:  # a Keep or Discard claim: the chain goes on (BB-12.8)
            self._holder_answers(state, events)

    # --- the end of the round (BB-9) -------------------------------------------------------

    def _keep(self, state: BanquetState, events: list[Event]) -> None:
        card = state.slots["keep"]
        if card is None:
            self._end_round(state, events)
            return
        state.slots["keep"] = None
        if state.active_knocked or not state.seated(state.active):  # BB-9.2, D-10
            state.discard_pile.append(card)
            events.append(Event("keep_discarded", {"player": state.active}))
            self._end_round(state, events)
            return
        self._receive(state, card, state.active, KEEP, events)

    def _end_round(self, state: BanquetState, events: list[Event]) -> None:
        card = state.slots["discard"]
        if card is not None:  # BB-9.3: never revealed
            state.discard_pile.append(card)
            state.slots["discard"] = None
        drawn: list[tuple[int, str]] = []
        for pos in range(CIRCLE_SIZE):  # BB-9.4-9.5
            if state.circle[pos] is not None:
                continue
            if not state.deck and state.discard_pile:
                assert state.rng is not None
                state.deck, state.discard_pile = state.discard_pile, []
                shuffle(state.rng, state.deck)
                events.append(Event("deck_reshuffled", {"cards": len(state.deck)}))
            if not state.deck:
                break
            state.circle[pos] = state.deck.pop(0)
            drawn.append((pos, state.circle[pos] or ""))
        if drawn:
            events.append(Event("circle_refilled", {"cards": [c for _pos, c in drawn],
                                                    "positions": [pos for pos, _c in drawn]}))
        self._start_round(state, events)

    def _start_round(self, state: BanquetState, events: list[Event]) -> None:
        nxt = state.next_active
        assert nxt is not None
        state.active = nxt if state.seated(nxt) else state.left_neighbour(nxt)  # BB-8.4
        if state.active != nxt:
            events.append(Event("next_host_sits_out", {"player": nxt, "host": state.active}))
        state.round += 1
        state.hand, state.picked, state.slots = [], [], dict.fromkeys(SLOT_NAMES)
        state.claimant = state.holder = state.previous = state.accepter = state.next_active = None
        state.offered, state.passed, state.poll = [], [], []
        state.privilege_used = state.active_knocked = False
        events.append(Event("round_started", {"round": state.round, "active": state.active}))
        if sum(1 for c in state.circle if c is not None) < 3:  # BB-4.3, D-1
            self._end(state, [], "exhausted", events)
        else:
            state.phase = PICK

    # --- copies and pictures ---------------------------------------------------------------

    def clone(self, state: BanquetState) -> BanquetState:
        """A deep copy of `state`, its random generator included."""
        return state.copy()

    def to_dict(self, state: BanquetState) -> dict[str, Any]:
        return state.to_dict()

    def _sees_guest(self, state: BanquetState, player: int, seat: int) -> bool:
        guest = state.guests[seat]
        return guest is None or seat == player or guest in self.public_guests or state.phase == OVER

    def _sees_privileges(self, state: BanquetState, player: int, seat: int) -> bool:
        return seat == player or state.options["privileges"] == "open" or state.phase == OVER

    def view(self, state: BanquetState, player: int) -> BanquetState:
        """BB-17.1: a copy holding exactly what `player` may see."""
        seen = state.copy(with_rng=False)
        seen.deck = [HIDDEN] * len(state.deck)
        seen.discard_pile = [HIDDEN] * len(state.discard_pile)
        if state.phase != OVER:  # D-26: all guests and privileges are shown at the end
            seen.guest_stack = [HIDDEN] * len(state.guest_stack)
            seen.guest_box_unseen = [HIDDEN] * len(state.guest_box_unseen)
            seen.privilege_box = [HIDDEN] * len(state.privilege_box)
        seen.guests = [g if self._sees_guest(state, player, s) else HIDDEN for s, g in enumerate(state.guests)]
        seen.privileges = [list(p) if self._sees_privileges(state, player, s) else [HIDDEN] * len(p)
                           for s, p in enumerate(state.privileges)]
        if player != state.active:
            seen.slots = {k: (None if v is None else HIDDEN) for k, v in state.slots.items()}
        return seen

    def hidden_from(self, state: BanquetState, player: int) -> Collection[str]:
        """The card instances `player` may not see (the slot faces are among the picked three, on show)."""
        hidden = [*state.deck, *state.discard_pile]
        if state.phase != OVER:
            hidden += [*state.guest_stack, *state.guest_box_unseen, *state.privilege_box]
        for s in range(state.seats):
            guest = state.guests[s]
            if guest is not None and not self._sees_guest(state, player, s):
                hidden.append(guest)
            if not self._sees_privileges(state, player, s):
                hidden += state.privileges[s]
        return hidden

    def _event_view(self, event: Event, player: int, hidden: set[str]) -> Event:
        """BB-17.2: an event as `player` may see it. Which of the round's three cards lies in which slot is
        the arranger's alone, and a replacement guest the drawer's; the cards hidden from `player` after the
        move are masked as in every game."""
        if event.kind == "cards_arranged" and player != event.params["player"]:
            return Event(event.kind, {"player": event.params["player"]})
        if event.kind == "replacement_drawn" and player != event.params["player"]:
            return Event(event.kind, {"player": event.params["player"]})
        return super()._event_view(event, player, hidden)

    def sample(self, view: BanquetState, player: int, rng: Random) -> BanquetState:
        """BB-17: the deck, the discard pile, unseen guests and privileges, and the round's cards in their
        face-down slots are dealt again from what the view shows nowhere."""
        eng = self
        fresh, _cards = fresh_deal(eng, view.options)
        guests = {*(g for g in fresh.guests if g is not None), *fresh.guest_stack, *fresh.guest_box,
                  *fresh.guest_box_unseen}
        privileges = {*(p for mine in fresh.privileges for p in mine), *fresh.privilege_box}
        left = unseen(eng, view)
        hidden_slots = [name for name, card in view.slots.items() if card == HIDDEN]
        round_cards = Pool([c for c in view.picked if c in left], rng).cards
        in_slots, discarded = round_cards[:len(hidden_slots)], round_cards[len(hidden_slots):]
        cards = [c for c in left if c not in guests and c not in privileges and c not in round_cards]
        state = view.copy()
        state.rng = Random(child_seed(rng))
        state.slots = dict(view.slots)
        for name, card in zip(hidden_slots, in_slots):
            state.slots[name] = card
        # The round's cards not in a slot went to the discard pile; the rest of that pile is any card.
        pile = Pool(cards, rng)
        below = discarded + [pile.take() for _ in range(len(view.discard_pile) - len(discarded))]
        state.discard_pile = Pool(below, rng).cards
        state.deck = pile.fill(view.deck)
        pile.done()
        gp = Pool([c for c in left if c in guests], rng)
        state.guests = [gp.take() if g == HIDDEN else g for g in view.guests]
        state.guest_stack = gp.fill(view.guest_stack)
        state.guest_box_unseen = gp.fill(view.guest_box_unseen)
        gp.done()
        pp = Pool([c for c in left if c in privileges], rng)
        state.privileges = [pp.fill(mine) for mine in view.privileges]
        state.privilege_box = pp.fill(view.privilege_box)
        pp.done()
        return state

    def all_cards(self, state: BanquetState) -> Sequence[str]:
        slots = [c for c in state.slots.values() if c is not None]
        pending = [state.pending.card] if state.pending else []
        return [*state.deck, *(c for c in state.circle if c is not None), *state.hand, *slots, *pending,
                *state.discard_pile, *state.removed, *(c for row in state.rows for c in row),
                *(g for g in state.guests if g is not None), *state.guest_stack, *state.guest_box,
                *state.guest_box_unseen, *(c for p in state.privileges for c in p), *state.privilege_box]

    def undo_barrier(self, events: Sequence[Event]) -> bool:
        return any(e.kind in BARRIER_EVENTS for e in events)
