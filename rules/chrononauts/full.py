"""Chrononauts (CHR-6 to CHR-14) and Artifaxx (CHR-15): the multiplayer modes.

One engine class plays both; `ArtifaxxEngine` switches off the timeline, the IDs and the
hand-size win. Everything about the timeline is delegated to `timeline.Rules`.

A turn is a loop the engine runs by itself between decisions (`_settle`): resolve what lies in
the resolving zone, top down, while no response window is open and no choice is due; then take
the next play step; then end the turn, check the acting player's win and start the next turn.
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from itertools import permutations
from random import Random
from typing import Any, ClassVar

from cardsets.chrononauts.loader import ActionCard, ArtifactCard, ChrononautsSet, MissionCard, TimewarpCard
from rules.chrononauts.full_effects import SIMPLE_EFFECTS, draw, pay, swap
from rules.chrononauts.full_state import (CHOOSE_QUICK_TRIP, CHOOSE_REWIND, FETCHED, ID, MIRACLE, MISSION, Entry,
                                          FullState, artifaxx_deck, full_deck)
from rules.chrononauts.moves import (CLOCKWISE, COUNTERCLOCKWISE, ChooseQuickTrip, ChooseRewind, KeepDeal, KillTime,
                                     MiracleStop, Mulligan, NoResponse, PassResponse, PlayCard, PlayMemo,
                                     PlayOnArtifact)
from rules.chrononauts.timeline import LAST_REACHABLE_IN_ULTRA, Rules, Timeline, card_kind
from rules.redeal import Pool, child_seed, fresh_deal, unseen
from rules.kernel import (HIDDEN, PLAYERS, BadOption, Description, Engine, Event, IllegalMove, Move, ResponseWindow, Result,
                          Target, check_players, rng_picture, shuffle)

SEATS_MIN, SEATS_MAX, SEATS_DEFAULT = 2, 6, 3  # CHR-6.1, D-1
DEAL = 3  # play cards dealt to each player (CHR-6.4)
HAND_WIN = 10  # CHR-12.4, D-22
RESPONSE_MODES = ("each", "shared")  # CHR-10.4
TURN_LIMIT_MAX = 10_000  # CHR-12.7, D-26: for simulations; far beyond any game's length

# Events after which multiplayer undo stops (CHR-14.5): a draw or reshuffle, a search, a hand
# swap, an ID or Mission swap, another player's answer, the end of a turn, the end of the game.
BARRIER_EVENTS = frozenset({
    "cards_drawn", "deck_reshuffled", "quick_trip_search", "quick_trip_shuffled", "hands_passed",
    "hands_vortexed", "mission_swapped", "id_swapped", "id_revealed", "response_passed", "memo_played",
    "window_closed", "turn_started", "game_won", "game_ended", "universe_destroyed", "deal_kept", "mulligan",
})

Choice = tuple[int | None, str | None]  # (target, artifact) of one way to play a card


class ChrononautsEngine(Engine[FullState]):
    """The rules of the full game of Chrononauts (docs/rules/chrononauts.md), played with one card set; Artifaxx
    is its subclass."""

    game = "chrononauts"
    mode: ClassVar[str] = "chrononauts"
    moves = (KeepDeal, Mulligan, PlayCard, PlayOnArtifact, KillTime, PlayMemo, PassResponse, NoResponse,
             ChooseRewind, ChooseQuickTrip, MiracleStop)
    timeline_game: ClassVar[bool] = True  # False: Artifaxx (CHR-15.6)

    def __init__(self, cards: ChrononautsSet) -> None:
        self.cards = cards
        self.cardset_version = cards.version
        self.rules = Rules(cards)
        self.artifacts: dict[str, ArtifactCard] = {a.id: a for a in cards.artifacts}
        self.timewarps: dict[str, TimewarpCard] = {t.id: t for t in cards.timewarps}
        self.actions: dict[str, ActionCard] = {a.id: a for a in cards.actions}
        self.mission_cards: dict[str, MissionCard] = {m.id: m for m in cards.missions}
        self.paintings = {a.id: a.realness for a in cards.artifacts if a.realness}
        # What each play card is, worked out once: every card of every hand is asked this at every move.
        self._kinds: dict[str, str] = {c: self._kind_of(c) for c in full_deck(cards)}
        self.memos = [c for c, kind in self._kinds.items() if kind == "memo"]

    # --- options and the deal (CHR-6, CHR-15.3) -----------------------------------------------

    def option_names(self) -> tuple[str, ...]:
        """The options this mode knows; any other is refused (BadOption)."""
        return (PLAYERS, "first_player", "mission_mulligan", "response_mode", "turn_limit")

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(raw) - set(self.option_names()))
        if unknown:
            raise BadOption("option.unknown", name=unknown[0])
        seats = check_players(raw, SEATS_MIN, SEATS_MAX, SEATS_DEFAULT)
        first = raw.get("first_player", "random")
        if first != "random" and not (_is_int(first) and 0 <= first < seats):
            raise BadOption("option.first_player", value=first, seats=seats)
        opts: dict[str, Any] = {PLAYERS: seats, "first_player": first}
        for name, default in (("mission_mulligan", True), ("parents_as_never_existed", False)):
            if name in self.option_names():
                value = raw.get(name, default)
                if not isinstance(value, bool):
                    raise BadOption("option.bad_value", name=name, value=value)
                opts[name] = value
        mode = raw.get("response_mode", "each")
        if mode not in RESPONSE_MODES:
            raise BadOption("option.bad_value", name="response_mode", value=mode)
        limit = raw.get("turn_limit")
        if limit is not None and not (_is_int(limit) and 1 <= limit <= TURN_LIMIT_MAX):
            raise BadOption("option.bad_value", name="turn_limit", value=limit)
        opts.update(response_mode=mode, turn_limit=limit)
        return opts

    def deck(self, options: Mapping[str, Any]) -> list[str]:
        """The play deck's card instances before the shuffle (CHR-6.3)."""
        return full_deck(self.cards)

    def new_state(self, options: Mapping[str, Any], seed: int) -> FullState:
        """The position of the first decision (CHR-6), dealt from `seed`."""
        opts = self.options(options)
        seats = opts[PLAYERS]
        rng = Random(seed)
        # CHR-6.3: shuffle the ID deck, the Mission deck, the play deck; then pick the first player.
        id_deck = [i.id for i in self.cards.identities] if self.timeline_game else []
        shuffle(rng, id_deck)
        mission_deck = [m.id for m in self.cards.missions]
        shuffle(rng, mission_deck)
        pile = self.deck(opts)
        shuffle(rng, pile)
        first = int(rng.random() * seats) if opts["first_player"] == "random" else opts["first_player"]
        order = [(first + k) % seats for k in range(seats)]
        missions = [""] * seats
        ids: list[str | None] = [None] * seats
        for p in order:  # CHR-6.4: one Mission each, then one ID each, then three cards round-robin
            missions[p] = mission_deck.pop()
        if self.timeline_game:
            for p in order:
                ids[p] = id_deck.pop()
        hands: list[list[str]] = [[] for _ in range(seats)]
        for _ in range(DEAL):
            for p in order:
                hands[p].append(pile.pop())
        setup: list[tuple[int, str]] = []
        for p in order:
            setup += [(p, ID)] if self.timeline_game else []
            setup += [(p, MISSION)] if opts["mission_mulligan"] else []
        state = FullState(opts, rng, Timeline(), pile, [], id_deck, mission_deck, hands, ids, missions,
                          [[] for _ in range(seats)], setup, first)
        if not setup:
            self._settle(state, [])
        return state

    def player_range(self) -> tuple[int, int]:
        return SEATS_MIN, SEATS_MAX  # Artifaxx too: 2-4 recommended, 2-6 accepted (CHR-2.3, CHR-15.1)

    def players(self, state: FullState) -> int:
        """The number of seats."""
        return state.seats

    # --- card data ---------------------------------------------------------------------------

    def _kind(self, card: str) -> str:
        """What a card instance is: inverter, patch, artifact, or its timewarp or action kind."""
        kind = self._kinds.get(card)
        return kind if kind is not None else self._kind_of(card)

    def _kind_of(self, card: str) -> str:
        """`_kind` read from the card set."""
        cid = card_kind(card)
        if cid in self.rules.inverters:
            return "inverter"
        if cid in self.rules.patches:
            return "patch"
        if cid in self.artifacts:
            return "artifact"
        if cid in self.timewarps:
            return self.timewarps[cid].kind
        return self.actions[cid].kind

    def effect(self, state: FullState, card: str) -> str:
        """The kind a card plays as: in Artifaxx, Your Parents Never Met may play as It Never Existed."""
        return self._kind(card)

    def is_timewarp(self, card: str) -> bool:
        """Whether a card instance is a Timewarp (CHR-9.5)."""
        return card_kind(card) in self.timewarps

    def blocked_year(self, state: FullState, year: int) -> bool:
        """CHR-5.2.4: while the UltraParadox lasts, nothing after 1962 can be reached."""
        return self.timeline_game and year > LAST_REACHABLE_IN_ULTRA and self.rules.ultraparadox(state.timeline)

    # --- questions ---------------------------------------------------------------------------

    def is_over(self, state: FullState) -> bool:
        """Whether the game has ended (CHR-12)."""
        return state.result is not None


    def result(self, state: FullState) -> Result:
        """`reason` is the game's end code: won (one winner, CHR-12), destroyed (CHR-12.6), turn_limit (CHR-12.7)."""
        winners = (state.winner,) if state.winner is not None else ()
        return Result(state.result is not None, winners, None, state.result)

    def gesture(self, state: FullState, move: Move) -> tuple[str, Target] | None:
        """A card onto its target (a year, a seat or a direction, as the card reads it), onto an artifact (its
        id), onto "discard" (Killing Time with one card), or onto the table with no target (None)."""
        if isinstance(move, PlayCard):
            return move.card, move.target
        if isinstance(move, PlayOnArtifact):
            return move.card, move.artifact
        if isinstance(move, KillTime) and move.second is None:
            return move.first, "discard"
        if isinstance(move, PlayMemo):
            return move.card, None
        return None

    def to_act(self, state: FullState) -> frozenset[int]:
        """CHR-18.2."""
        if state.result is not None:
            return frozenset()
        if state.setup:
            return frozenset({state.setup[0][0]})
        if state.window is not None:
            return frozenset(state.window)
        return frozenset({state.current})

    def choices(self, state: FullState, player: int, card: str) -> list[Choice]:
        """Every (target, artifact) with which `player` may play `card` now; empty: not playable.

        The same for every source (CHR-8.2): hand, mini-hand, discard pile, draw pile.
        """
        kind = self.effect(state, card)
        tl = state.timeline
        if kind == "inverter":
            return [(y, None) for y in self.rules.inverter_targets(tl, card_kind(card))]
        if kind == "patch":
            year = self.rules.patch_target(tl, card_kind(card))
            return [] if year is None else [(year, None)]
        if kind == "artifact":
            return [] if self.blocked_year(state, self.artifacts[card].year) else [(None, None)]
        if kind == "memo":
            return []  # CHR-8.7: only into a response window
        if kind in ("fast_forward", "time_vortex"):
            return [(None, None)]
        if kind == "rewind":
            return [(None, None)] if self._can_rewind(state, player) else []
        if kind == "quick_trip":
            return [(None, None)] if state.draw else []  # CHR-11.5-11.6: never the pile's contents
        if kind == "discontinuity":
            return [(CLOCKWISE, None), (COUNTERCLOCKWISE, None)]
        if kind in ("new_mission", "parents_never_met"):
            return [(q, None) for q in range(state.seats)]
        own = state.tables[player]
        if kind in ("sell_artifact", "perform_miracle"):
            if kind == "perform_miracle" and self.miracle_running(state):
                return []  # CHR-11.3: one Miracle at a time (docs/rules/chrononauts.md, Decisions)
            return [(None, a) for a in own]
        if kind == "get_there_first":
            return [(None, a) for q, table in enumerate(state.tables) if q != player for a in table
                    if not self.blocked_year(state, self.artifacts[a].year)]
        assert kind == "it_never_existed", kind
        return [(None, a) for table in state.tables for a in table]

    def miracle_running(self, state: FullState) -> bool:
        """Whether a Perform a "Miracle" card is resolving: its player plays from the mini-hand (CHR-11.3)."""
        return any(e.stage == MIRACLE for e in state.stack)

    def rewind_choices(self, state: FullState, player: int) -> list[tuple[str, Choice]]:
        """CHR-11.4: non-timewarp cards of the discard pile that are legal to play now."""
        return list(self._rewinds(state, player))

    def _can_rewind(self, state: FullState, player: int) -> bool:
        """Whether `rewind_choices` has any, found without listing them all (asked of a Rewind in a hand at every
        move)."""
        return next(self._rewinds(state, player), None) is not None

    def _rewinds(self, state: FullState, player: int) -> Iterator[tuple[str, Choice]]:
        return ((card, choice) for card in dict.fromkeys(state.discard) if not self.is_timewarp(card)
                for choice in self.choices(state, player, card))

    def quick_trip_choices(self, state: FullState, player: int) -> list[tuple[str, Choice]]:
        """CHR-11.5: non-timewarp cards of the draw pile that are legal to play now."""
        return [(card, choice) for card in sorted(set(state.draw)) if not self.is_timewarp(card)
                for choice in self.choices(state, player, card)]

    def _plays(self, state: FullState, player: int, cards: Sequence[str]) -> list[Move]:
        moves: list[Move] = []
        for card in cards:
            for target, artifact in self.choices(state, player, card):
                moves.append(PlayCard(player, card, target) if artifact is None else
                             PlayOnArtifact(player, card, artifact))
        return moves

    def legal_moves(self, state: FullState, player: int) -> list[Move]:
        if player not in self.to_act(state):
            return []
        if state.setup:
            kind = state.setup[0][1]
            return [KeepDeal(player, kind), Mulligan(player, kind)]
        if state.window is not None:  # CHR-10.4
            first: Move = PassResponse(player) if state.options["response_mode"] == "each" else NoResponse(player)
            return [first, *(PlayMemo(player, c) for c in state.hands[player] if self._kind(c) == "memo")]
        top = state.stack[-1] if state.stack else None
        if top is not None and top.stage == CHOOSE_REWIND:
            return [ChooseRewind(player, card, t, a) for card, (t, a) in self.rewind_choices(state, player)]
        if top is not None and top.stage == CHOOSE_QUICK_TRIP:
            return [ChooseQuickTrip(player, None), *(ChooseQuickTrip(player, card, t, a)
                                                     for card, (t, a) in self.quick_trip_choices(state, player))]
        if top is not None and top.stage == MIRACLE:
            return [*self._plays(state, player, state.mini), MiracleStop(player)]
        hand = state.hands[player]
        kills: list[Move] = [KillTime(player, a) for a in hand]
        kills += [KillTime(player, a, b) for a in hand for b in hand if a != b]
        return [*self._plays(state, player, hand), *kills]

    def window(self, state: FullState) -> ResponseWindow | None:
        """CHR-10.11: the open window as the one question every table asks: who played the card on top, who may
        still answer (every other player, CHR-10.3, whether or not they hold a Memo) and how "nobody" closes it."""
        if state.window is None or not state.stack or state.result is not None:
            return None
        return ResponseWindow("memo", state.stack[-1].player, tuple(state.window), state.turn,
                              tuple(self.nobody_answers(state)))

    def nobody_answers(self, state: FullState) -> list[Move]:
        """The moves that let the open window close with no Memo played (CHR-10.4): the one
        `NoResponse` in `shared` mode, a `PassResponse` of every player yet to answer in `each`
        mode. A table on one screen that asks "does anybody play a Memo?" plays these on "nobody",
        so it works in either mode; none while no window is open."""
        if state.window is None:
            return []
        if state.options["response_mode"] == "shared":
            return [NoResponse(min(state.window))]
        return [PassResponse(q) for q in sorted(state.window)]

    def check(self, state: FullState, move: Move) -> None:
        self.at_the_door(state, move)
        if state.result is not None:
            raise IllegalMove("illegal.game_over")
        if move.player not in self.to_act(state):
            raise IllegalMove("illegal.not_your_turn", player=move.player)
        if not self._is_legal(state, move):
            raise self._reason(state, move)

    def _is_legal(self, state: FullState, move: Move) -> bool:
        """`move in legal_moves(state, move.player)`, without listing every move."""
        p = move.player
        top = state.stack[-1] if state.stack else None
        if state.setup or state.window is not None or (top is not None and top.stage != MIRACLE):
            return move in self.legal_moves(state, p)
        if isinstance(move, (PlayCard, PlayOnArtifact)):
            source = state.mini if top is not None else state.hands[p]
            target = move.target if isinstance(move, PlayCard) else None
            artifact = move.artifact if isinstance(move, PlayOnArtifact) else None
            return move.card in source and (target, artifact) in self.choices(state, p, move.card)
        if isinstance(move, KillTime):
            hand = state.hands[p]
            return top is None and move.first in hand and move.second in (None, *hand) and move.first != move.second
        return isinstance(move, MiracleStop) and top is not None

    def _reason(self, state: FullState, move: Move) -> IllegalMove:
        """Why a move by a player who may act is not among the legal ones (`at_the_door` has refused any
        move that is not one of the game's)."""
        top = state.stack[-1] if state.stack else None
        if state.setup:
            return IllegalMove("illegal.setup_pending")
        if state.window is not None:
            if isinstance(move, PlayMemo):
                return IllegalMove("illegal.not_a_memo" if move.card in state.hands[move.player]
                                   else "illegal.not_in_hand", card=card_kind(move.card))
            return IllegalMove("illegal.response_pending")
        if top is not None and top.stage in (CHOOSE_REWIND, CHOOSE_QUICK_TRIP):
            if isinstance(move, (ChooseRewind, ChooseQuickTrip)) and move.card is not None:
                pile = state.discard if top.stage == CHOOSE_REWIND else state.draw
                if move.card not in pile:
                    return IllegalMove("illegal.not_there", card=card_kind(move.card))
                if self.is_timewarp(move.card):
                    return IllegalMove("illegal.no_timewarp", card=card_kind(move.card))
                return self._card_reason(state, move.player, move.card, move.target, move.artifact)
            return IllegalMove("illegal.choice_pending")
        if isinstance(move, (PlayCard, PlayOnArtifact)):
            source = state.mini if top is not None and top.stage == MIRACLE else state.hands[move.player]
            if move.card not in source:
                return IllegalMove("illegal.not_in_hand", card=card_kind(move.card))
            target = move.target if isinstance(move, PlayCard) else None
            artifact = move.artifact if isinstance(move, PlayOnArtifact) else None
            return self._card_reason(state, move.player, move.card, target, artifact)
        if isinstance(move, KillTime):
            if top is not None:
                return IllegalMove("illegal.choice_pending")
            if move.first == move.second:
                return IllegalMove("illegal.same_card", card=card_kind(move.first))
            missing = move.first if move.first not in state.hands[move.player] else move.second or ""
            return IllegalMove("illegal.not_in_hand", card=card_kind(missing))
        return IllegalMove("illegal.not_now")

    def _card_reason(self, state: FullState, player: int, card: str, target: int | None,
                     artifact: str | None) -> IllegalMove:
        kind = self.effect(state, card)
        cid = card_kind(card)
        try:
            if kind == "inverter":
                self.rules.check_inverter(state.timeline, cid, target)
            elif kind == "patch":
                self.rules.check_patch(state.timeline, cid, target)
        except IllegalMove as exc:
            return exc
        if kind == "memo":
            return IllegalMove("illegal.memo_only_as_response", card=cid)
        if kind == "artifact" and self.blocked_year(state, self.artifacts[cid].year):
            return IllegalMove("illegal.ultraparadox_blocks", card=cid, year=self.artifacts[cid].year)
        if kind == "perform_miracle" and self.miracle_running(state):
            return IllegalMove("illegal.one_miracle_at_a_time", card=cid)
        options = self.choices(state, player, card)
        if not options:
            return IllegalMove("illegal.no_target", card=cid)
        # The target given is not one of its legal ones: say what kind of target the card takes (CHR-8.1).
        if all(target is None and artifact is None for target, artifact in options):
            return IllegalMove("illegal.artifact_no_target" if kind == "artifact" else "illegal.takes_no_target",
                               card=cid)
        if all(artifact is not None for _target, artifact in options):
            return IllegalMove("illegal.takes_an_artifact", card=cid)
        if kind == "discontinuity":
            return IllegalMove("illegal.takes_a_direction", card=cid)
        if kind in ("new_mission", "parents_never_met"):
            return IllegalMove("illegal.takes_a_player", card=cid)
        return IllegalMove("illegal.bad_target", card=cid)

    # --- changes -----------------------------------------------------------------------------

    def apply(self, state: FullState, move: Move) -> list[Event]:
        self.check(state, move)
        events: list[Event] = []
        p = move.player
        if isinstance(move, (KeepDeal, Mulligan)):
            state.setup.pop(0)
            if isinstance(move, Mulligan):
                swap(state, p, move.kind)
                events.append(Event("mulligan", {"player": p, "kind": move.kind}))
            else:
                events.append(Event("deal_kept", {"player": p, "kind": move.kind}))
        elif isinstance(move, (PlayCard, PlayOnArtifact)):
            miracle = bool(state.stack) and state.stack[-1].stage == MIRACLE
            (state.mini if miracle else state.hands[p]).remove(move.card)
            if miracle:
                state.miracle_plays -= 1  # CHR-10.10: used up even if cancelled
            else:
                state.steps -= 1  # CHR-7.3
            target = move.target if isinstance(move, PlayCard) else None
            artifact = move.artifact if isinstance(move, PlayOnArtifact) else None
            self._put(state, Entry(move.card, p, "mini_hand" if miracle else "hand", target, artifact), events)
        elif isinstance(move, KillTime):
            state.steps -= 1
            dropped = [move.first] if move.second is None else [move.first, move.second]
            for card in dropped:
                state.hands[p].remove(card)
                state.discard.append(card)
            events.append(Event("time_killed", {"player": p, "cards": dropped}))
            if move.second is not None:
                draw(state, p, 1, state.hands[p], events)
        elif isinstance(move, PlayMemo):
            state.hands[p].remove(move.card)
            events.append(Event("memo_played", {"player": p, "card": move.card,
                                                "against": state.stack[-1].card}))
            state.window = None
            self._put(state, Entry(move.card, p, "hand"), events, announce=False)
        elif isinstance(move, PassResponse):
            assert state.window is not None
            state.window.remove(p)
            events.append(Event("response_passed", {"player": p}))
            if not state.window:
                state.window = None
                events.append(Event("window_closed", {}))
        elif isinstance(move, NoResponse):
            state.window = None
            events.append(Event("window_closed", {}))
        elif isinstance(move, ChooseRewind):
            state.stack[-1].stage = FETCHED
            state.discard.remove(move.card)
            events.append(Event("rewind_chosen", {"player": p, "card": move.card}))
            self._put(state, Entry(move.card, p, "discard", move.target, move.artifact), events)
        elif isinstance(move, ChooseQuickTrip):
            state.stack[-1].stage = FETCHED
            if move.card is not None:
                state.draw.remove(move.card)
            shuffle(state.own_rng(), state.draw)  # CHR-11.5.3: before the picked card is played
            events.append(Event("quick_trip_shuffled", {"player": p, "card": move.card}))
            if move.card is not None:
                self._put(state, Entry(move.card, p, "draw", move.target, move.artifact), events)
        elif isinstance(move, MiracleStop):
            state.miracle_plays = 0
        self._settle(state, events)
        return events

    def _put(self, state: FullState, entry: Entry, events: list[Event], announce: bool = True) -> None:
        """CHR-8.3: the card goes face up into the resolving zone and a window opens (CHR-10.2)."""
        state.stack.append(entry)
        if announce:
            events.append(Event("card_played", {"player": entry.player, "card": entry.card, "source": entry.source,
                                                "target": entry.target, "artifact": entry.artifact}))
        # Asked at every play, and a Memo still unseen mostly turns up at once: no set of the discard pile is made.
        if all(m in state.discard or any(e.card == m for e in state.stack) for m in self.memos):
            return  # CHR-10.4c: every Memo is in plain sight, so nobody can answer
        state.window = [q for q in range(state.seats) if q != entry.player]
        events.append(Event("window_opened", {"card": entry.card, "players": list(state.window)}))

    def _settle(self, state: FullState, events: list[Event]) -> None:
        """Run everything automatic until a decision is due or the game is over (CHR-18.1)."""
        while state.result is None and not state.setup and state.window is None:
            if state.stack:
                top = state.stack[-1]
                if top.stage in (CHOOSE_REWIND, CHOOSE_QUICK_TRIP):
                    return
                if top.stage == MIRACLE:
                    if state.miracle_plays > 0 and state.mini:
                        return
                    self._end_miracle(state, events)
                elif top.stage == FETCHED:
                    self._finish(state, events)
                elif self._kind(top.card) == "memo":
                    self._cancel(state, events)
                else:
                    self._resolve(state, top, events)
                continue
            if state.steps > 0 and state.hands[state.current]:
                return
            state.steps = 0  # CHR-7.3: a step is dropped when the hand is empty
            self._end_turn(state, events)

    def _cancel(self, state: FullState, events: list[Event]) -> None:
        """CHR-10.6: a Memo cancels the entry beneath it; both go to the discard pile."""
        memo = state.stack.pop()
        victim = state.stack.pop()
        state.discard += [victim.card, memo.card]
        events.append(Event("card_cancelled", {"card": victim.card, "by": memo.card, "player": victim.player}))

    def _finish(self, state: FullState, events: list[Event]) -> None:
        """An action or timewarp reaches the discard pile only once it has fully resolved (D-13)."""
        entry = state.stack.pop()
        state.discard.append(entry.card)
        events.append(Event("card_resolved", {"card": entry.card, "player": entry.player}))

    def _resolve(self, state: FullState, entry: Entry, events: list[Event]) -> None:
        kind = self.effect(state, entry.card)
        p = entry.player
        if kind == "inverter":
            assert entry.target is not None
            flipped, voided = self.rules.flip(state.timeline, entry.target)
            events += flipped
            state.discard += voided
            self._finish(state, events)
            if self.rules.destroyed(state.timeline):  # CHR-5.3: everyone loses, at once
                state.result = "destroyed"
            return
        if kind == "patch":
            assert entry.target is not None
            state.stack.pop()
            events += self.rules.place_patch(state.timeline, entry.card, entry.target)
            draw(state, p, 1, state.hands[p], events)  # CHR-9.2.2: the bonus draw
            return
        if kind == "artifact":
            state.stack.pop()
            state.tables[p].append(entry.card)
            events.append(Event("artifact_fetched", {"player": p, "card": entry.card}))
            return
        if kind == "rewind":
            entry.stage = CHOOSE_REWIND if self._can_rewind(state, p) else FETCHED
            return
        if kind == "quick_trip":
            entry.stage = CHOOSE_QUICK_TRIP if state.draw else FETCHED
            if state.draw:
                events.append(Event("quick_trip_search", {"player": p}))
            return
        if kind == "perform_miracle":
            self._start_miracle(state, entry, events)
            return
        if kind == "fast_forward":
            self._fast_forward(state, entry, events)
        elif kind == "sell_artifact":
            self._sell(state, entry, events)
        else:
            SIMPLE_EFFECTS[kind](state, entry, events)
        self._finish(state, events)

    def _fast_forward(self, state: FullState, entry: Entry, events: list[Event]) -> None:
        """CHR-11.1: draw 2, then two more play steps."""
        card = self.timewarps[card_kind(entry.card)]
        draw(state, entry.player, card.draw, state.hands[entry.player], events)
        state.steps += card.plays
        events.append(Event("steps_added", {"player": entry.player, "count": card.plays}))

    def _sell(self, state: FullState, entry: Entry, events: list[Event]) -> None:
        """CHR-9.4.2: pay the artifact, draw 2, or 3 with the card's bonus."""
        action = self.actions[card_kind(entry.card)]
        bonus = self._bonus(state, action, entry.artifact or "")
        pay(state, entry, events)
        draw(state, entry.player, action.bonus_draw if bonus else action.draw,
                   state.hands[entry.player], events)

    def _start_miracle(self, state: FullState, entry: Entry, events: list[Event]) -> None:
        """CHR-11.3 steps 1-3: pay, set the hand aside, draw the mini-hand."""
        action = self.actions[card_kind(entry.card)]
        bonus = self._bonus(state, action, entry.artifact or "")
        pay(state, entry, events)
        entry.artifact = None  # paid: the card may be reshuffled into the hidden pile below
        state.mini = []
        draw(state, entry.player, action.bonus_draw if bonus else action.draw, state.mini, events)
        state.miracle_plays = action.bonus_plays if bonus else action.plays
        entry.stage = MIRACLE
        events.append(Event("miracle_started", {"player": entry.player, "cards": len(state.mini),
                                                "plays": state.miracle_plays}))

    def _end_miracle(self, state: FullState, events: list[Event]) -> None:
        """CHR-11.3 steps 4-5: the mini-hand left is discarded and the set-aside hand returns."""
        left, state.mini, state.miracle_plays = state.mini, [], 0
        state.discard += left
        events.append(Event("miracle_ended", {"player": state.stack[-1].player, "discarded": left}))
        self._finish(state, events)

    def _bonus(self, state: FullState, action: ActionCard, artifact: str) -> bool:
        """Whether the artifact paid earns the bonus (CHR-9.4.2, CHR-13.4)."""
        if self.artifacts[artifact].category != action.bonus:
            return False
        return artifact not in self.paintings or self.most_real(state, artifact)

    def most_real(self, state: FullState, painting: str) -> bool:
        """CHR-13.3, D-24: no Mona Lisa of higher realness lies on any table."""
        mine = self.paintings[painting]
        return not any(self.paintings.get(a, 0) > mine for table in state.tables for a in table)

    # --- turns and the end of the game (CHR-7, CHR-12) ---------------------------------------

    def _end_turn(self, state: FullState, events: list[Event]) -> None:
        if state.turn > 0:
            p = state.current
            events.append(Event("turn_ended", {"player": p}))
            won = self.wins(state, p)
            if won:  # CHR-12.5: reveal what proves it, and win
                state.result, state.winner, state.won_by = "won", p, won
                if ID in won:
                    state.revealed.append(state.ids[p] or "")
                if MISSION in won:
                    state.revealed.append(state.missions[p])
                events.append(Event("game_won", {"player": p, "by": list(won), "id": state.ids[p] if ID in won else None,
                                                 "mission": state.missions[p] if MISSION in won else None,
                                                 "hand": len(state.hands[p])}))
                return
            limit = state.options["turn_limit"]
            if limit is not None and state.turn >= limit:  # CHR-12.7, D-26
                state.result = "turn_limit"
                events.append(Event("game_ended", {"reason": "turn_limit", "turns": state.turn}))
                return
            state.current = (p + 1) % state.seats
        state.turn += 1
        state.steps = 1
        events.append(Event("turn_started", {"player": state.current, "turn": state.turn}))
        draw(state, state.current, 1, state.hands[state.current], events)

    def wins(self, state: FullState, player: int) -> list[str]:
        """The win conditions `player` meets now (CHR-12.2-12.4; Artifaxx: the Mission, CHR-15.5)."""
        out: list[str] = []
        ident = state.ids[player]
        if self.timeline_game and ident is not None and self.rules.identity_home(state.timeline, ident):
            out.append(ID)
        if self.mission_done(state, player):
            out.append(MISSION)
        if self.timeline_game and len(state.hands[player]) >= HAND_WIN:
            out.append("hand")
        return out

    def mission_done(self, state: FullState, player: int) -> bool:
        """CHR-12.3: each slot filled by a different artifact on the player's own table."""
        slots = self.mission_cards[state.missions[player]].slots
        table = state.tables[player]
        if len(table) < len(slots):
            return False
        for chosen in permutations(table, len(slots)):
            if all((a in self.paintings and self.most_real(state, a)) if slot.most_real else a in slot.any_of
                   for slot, a in zip(slots, chosen)):
                return True
        return False

    # --- copies and pictures -----------------------------------------------------------------

    def clone(self, state: FullState) -> FullState:
        """A copy of `state`: drawing from one never changes the other, for a state draws through `own_rng`, which
        gives it a generator of its own first."""
        return state.copy()

    def _searcher(self, state: FullState) -> int | None:
        top = state.stack[-1] if state.stack else None
        return top.player if top is not None and top.stage == CHOOSE_QUICK_TRIP else None

    def view(self, state: FullState, player: int) -> FullState:
        """CHR-14.3: hide other hands, IDs, Missions and mini-hands, and every deck's order."""
        seen = state.copy()
        seen.rng = None
        for q in range(state.seats):
            if q == player:
                continue
            seen.hands[q] = [HIDDEN] * len(state.hands[q])
            ident = state.ids[q]
            if ident is not None and ident not in state.revealed:
                seen.ids[q] = HIDDEN
            if state.missions[q] not in state.revealed:
                seen.missions[q] = HIDDEN
        # CHR-11.5.1: the searcher sees what the pile holds, sorted, never its order.
        seen.draw = sorted(state.draw) if self._searcher(state) == player else [HIDDEN] * len(state.draw)
        seen.id_deck = [HIDDEN] * len(state.id_deck)
        seen.mission_deck = [HIDDEN] * len(state.mission_deck)
        if player != state.current:  # only the acting player performs a Miracle
            seen.mini = [HIDDEN] * len(state.mini)
        return seen

    # The cards the whole table saw (Engine.face_up_events): the deck reshuffled at the end of the turn takes the
    # discard pile, which everyone can see (CHR-11.4), back under the draw pile, and Your Parents Never Met shows
    # the old ID to everyone before it goes under its deck (CHR-9.4.8). Masked by the position after the move, the
    # log said "Bruno was ? all along!". The cards events name that stay secret are the ones drawn into a hand.
    face_up_events: ClassVar[frozenset[str]] = frozenset({
        "card_played", "card_discarded", "time_killed", "window_opened", "memo_played", "card_cancelled",
        "card_resolved", "patch_placed", "patch_voided", "artifact_fetched", "artifact_spent", "artifact_taken",
        "artifact_destroyed", "rewind_chosen", "quick_trip_shuffled", "miracle_ended", "id_revealed", "game_won",
    })

    def hidden_from(self, state: FullState, player: int) -> Collection[str]:
        out: list[str] = [*state.id_deck, *state.mission_deck]
        if self._searcher(state) != player:
            out += state.draw
        for q in range(state.seats):
            if q != player:
                out += state.hands[q]
                out += [c for c in (state.ids[q], state.missions[q]) if c is not None and c not in state.revealed]
        if state.current != player:
            out += state.mini
        return out

    def to_dict(self, state: FullState) -> dict[str, Any]:
        tl = state.timeline
        rng = rng_picture(state.rng)
        return {
            "mode": self.mode, "options": dict(state.options), "rng": rng,
            "prime": sorted(tl.prime), "paradoxed": sorted(tl.paradoxed),
            "patches": {str(y): p for y, p in sorted(tl.patches.items())},
            "draw": list(state.draw), "discard": list(state.discard), "id_deck": list(state.id_deck),
            "mission_deck": list(state.mission_deck), "hands": [list(h) for h in state.hands],
            "ids": list(state.ids), "missions": list(state.missions), "tables": [list(t) for t in state.tables],
            "setup": [[p, kind] for p, kind in state.setup], "current": state.current, "steps": state.steps,
            "stack": [e.to_dict() for e in state.stack],
            "window": None if state.window is None else list(state.window),
            "mini": list(state.mini), "miracle_plays": state.miracle_plays, "turn": state.turn,
            "result": state.result, "winner": state.winner, "won_by": list(state.won_by),
            "revealed": list(state.revealed),
        }

    def all_cards(self, state: FullState) -> Sequence[str]:
        return [*state.draw, *state.discard, *state.id_deck, *state.mission_deck,
                *(c for h in state.hands for c in h), *(c for c in state.ids if c is not None), *state.missions,
                *(c for t in state.tables for c in t), *state.timeline.patches.values(),
                *(e.card for e in state.stack), *state.mini]

    def sample(self, view: FullState, player: int, rng: Random) -> FullState:
        """Hands, the mini-deck, the draw pile, unseen IDs and Missions dealt again from what the view shows
        nowhere, each kind among its own places."""
        eng = self
        fresh, _cards = fresh_deal(eng, view.options)
        ids = {*fresh.id_deck, *(i for i in fresh.ids if i is not None)}
        missions = {*fresh.mission_deck, *fresh.missions}
        left = unseen(eng, view)
        play = Pool([c for c in left if c not in ids and c not in missions], rng)
        idp = Pool([c for c in left if c in ids], rng)
        mis = Pool([c for c in left if c in missions], rng)
        state = eng.clone(view)
        state.rng = Random(child_seed(rng))
        state.hands = [play.fill(h) for h in view.hands]
        state.mini = play.fill(view.mini)
        state.draw = play.fill(view.draw)
        if HIDDEN not in view.draw:  # the searcher of Quick Trip sees the pile sorted, not its order
            state.draw = Pool(state.draw, rng).cards
        state.ids = [idp.take() if i == HIDDEN else i for i in view.ids]
        state.id_deck = idp.fill(view.id_deck)
        state.missions = mis.fill(view.missions)
        state.mission_deck = mis.fill(view.mission_deck)
        for pool in (play, idp, mis):
            pool.done()
        return state

    def undo_barrier(self, events: Sequence[Event]) -> bool:
        """CHR-14.5: multiplayer undo never crosses chance, a reveal, another player or a turn's end. A play that
        opens a window is no barrier until someone answers it (CHR-10.12): `window_opened` is not one."""
        return any(e.kind in BARRIER_EVENTS for e in events)


class ArtifaxxEngine(ChrononautsEngine):
    """CHR-15: no timeline, no IDs; the Mission is the only win."""

    mode: ClassVar[str] = "artifaxx"
    timeline_game: ClassVar[bool] = False

    def option_names(self) -> tuple[str, ...]:
        """The options of the full game and `parents_as_never_existed` (CHR-15.2)."""
        return (*super().option_names(), "parents_as_never_existed")

    def deck(self, options: Mapping[str, Any]) -> list[str]:
        """The Artifaxx play deck (CHR-15.2), with Your Parents Never Met when the option asks for it."""
        return artifaxx_deck(self.cards, options["parents_as_never_existed"])

    def effect(self, state: FullState, card: str) -> str:
        kind = self._kind(card)
        return "it_never_existed" if kind == "parents_never_met" else kind  # CHR-15.2, D-30


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
