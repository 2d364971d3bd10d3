"""The Bacchanalia engine (BAC): setup, introductions, the nine steps, finales, the end.

The engine runs the turn as a small state machine (`Turn.step`): after every move it goes on
by itself until a player owes a decision (`BacState.awaiting`, owed by `BacState.decider`).
Where a required decision has only one meaningful option the engine takes it and says so
with `auto: True` in the event (BAC-1.10, A-19). Narration is never judged: prompts are text
keys in the state and the events, and the players' declarations are recorded as they come.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from random import Random
from typing import Any

from cardsets.bacchanalia.loader import INTRO_QUESTIONS, BacchanaliaSet
from cardsets.instances import instances
from rules.bacchanalia.honour import (BRANCHES, MAY_MOVE, OPTION_OF_TYPE, OUTCOME_OF_OPTION, ROWS, STAY, VINUM,
                                      aruspex_row, card_kind, counts, dominant, miles_outcome, place, prompt_key)
from rules.bacchanalia.moves import (ALL_MOVES, AskBacchusQuestion, AskQuestion, ChooseFinale, DeclareBacchusArrivalDone,
                                     DeclareFinaleNarrated, DeclareIntroductionDone, DeclareNarrationDone,
                                     DeclareTimeUp, DeclareWithAmans, GiftMinerva, GiveBacchus, GiveDeus, LockUmbra,
                                     ReturnDeus, SacrificeVinum, TakeDeus)
from rules.bacchanalia.options import PLAYERS_MAX, PLAYERS_MIN, parse_options
from rules.bacchanalia.reasons import why_illegal
from rules.bacchanalia.state import BacState, Seat, Turn
from rules.redeal import Pool, child_seed, unseen
from rules.kernel import HIDDEN, Description, Engine, Event, IllegalMove, Move, Result, Target, shuffle

HAND = 4  # BAC-6.2.1
# Decisions of the active player during which they may also declare meeting or parting (BAC-6.7.6).
AMANS_WINDOWS = ("arrival", "sacrifice", "give_bacchus", "take", "return", "narrate", "finale_narrate", "choose")
# Minerva's eye is open while another player narrates a normal turn's steps 1-8 (BAC-8.1); an Amans
# finale is the narration of step 7 of a normal turn (BAC-10.1), so it is open then too.
MINERVA_WINDOWS = ("arrival", "sacrifice", "give_bacchus", "take", "return", "narrate", "finale_narrate", "question")
# Undo never steps back over chance, and never out of the turn in progress (docs/design.md §History and undo).
BARRIERS = frozenset({"umbra_drawn", "deck_rebuilt", "reshuffled", "turn_started"})
PROMPT_OF = {
    "give_deus": "prompt.give_deus", "intro": "prompt.introduce", "arrival": "prompt.bacchus_arrival",
    "sacrifice": "prompt.sacrifice", "give_bacchus": "prompt.give_bacchus", "take": "prompt.take",
    "return": "prompt.return", "narrate": "prompt.narrate", "question": "prompt.question",
    "choose": "prompt.choose_finale", "finale_narrate": "prompt.finale_narrate", "handover": "prompt.handover",
}
_TEXT_FIELDS = {LockUmbra: "element", AskBacchusQuestion: "text", AskQuestion: "text"}
MAX_TYPED = 300  # characters of a typed element or question: a sentence or two, never a book in a save




class BacchanaliaEngine(Engine[BacState]):
    """The rules of Bacchanalia (docs/rules/bacchanalia.md), played with one Bacchanalia card set."""

    game = "bacchanalia"
    mode = "standard"
    moves = ALL_MOVES
    # A locked Umbra lies face down; the element typed for it and a question's words are said aloud at the table,
    # not kept in the log.
    private_fields = {"LockUmbra": frozenset({"card", "element"}), "AskQuestion": frozenset({"text"}),
                      "AskBacchusQuestion": frozenset({"text"})}
    # Umbra go to the discard pile face up (BAC-2.6), and a reshuffle due in the same move (BAC-6.10.1) takes them
    # into the deck: the cards discarded are named to everyone all the same (Engine.face_up_events).
    face_up_events = frozenset({"umbra_discarded"})

    def __init__(self, cards: BacchanaliaSet) -> None:
        self.cards = cards
        self.cardset_version = cards.version
        self._type: dict[str, str] = {d.id: d.type for d in cards.deus}
        self._type.update({u.id: u.type for u in cards.umbra})
        self._symbol = {u.id: u.symbol for u in cards.umbra}
        self._kind_of: dict[str, str] = {}  # instance -> type, filled as instances are met
        # Options name Umbra cards without the 'umbra_' prefix, so no card instance hides in them.
        self.default_composition = {u.id.removeprefix("umbra_"): u.count for u in cards.umbra}

    # --- card facts -----------------------------------------------------------------

    def kind(self, instance: str) -> str:
        """The type (bacchus, miles, parcae...) of a Deus or Umbra instance."""
        found = self._kind_of.get(instance)
        if found is None:
            found = self._kind_of[instance] = self._type[card_kind(instance)]
        return found

    def has_symbol(self, instance: str) -> bool:
        """Whether a card instance carries the Vinum symbol (BAC-6.5.6)."""
        return self._symbol.get(card_kind(instance), False)

    def holds(self, seat: Seat, kind: str) -> str | None:
        """The first Deus of `kind` the seat holds, if any."""
        return next((d for d in seat.deus if self.kind(d) == kind), None)

    def in_game(self, state: BacState) -> list[int]:
        """The seats still in the game, in seat order: a player who has completed a finale is out (BAC-1.6)."""
        return [p for p, seat in enumerate(state.seats) if seat.in_game]

    def is_card(self, instance: str) -> bool:
        """Whether `instance` is a Deus or Umbra card of this set."""
        return card_kind(instance) in self._type

    def _others_in_game(self, state: BacState, player: int) -> list[int]:
        n = len(state.seats)
        order = [(player + i) % n for i in range(1, n)]
        return [p for p in order if state.seats[p].in_game]

    # --- set-up -------------------------------------------------------------------

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        return parse_options(raw, self.default_composition)

    def new_state(self, options: Mapping[str, Any], seed: int) -> BacState:
        """The position before the first decision (BAC-3), dealt from `seed`."""
        opts = self.options(options)
        n = opts["players"]
        rng = Random(seed)
        seats = [Seat() for _ in range(n)]
        centre: list[str] = []
        set_aside: list[str] = []
        box: list[str] = []
        for card in self.cards.deus:
            copies = instances(card.id, card.count)
            used = card.copies_in_play(n)
            box += copies[used:]
            if card.start == "centre":
                centre += copies[:used]
            elif card.start == "set_aside":
                set_aside += copies[:used]
            else:  # BAC-3.5: a Vinum each; dealt now, it never counts toward the two of the round
                for seat, vinum in zip(seats, copies[:used]):
                    seat.deus.append(vinum)
        deck: list[str] = []
        for umbra in self.cards.umbra:
            count = opts["umbra_composition"][umbra.id.removeprefix("umbra_")]
            deck += instances(umbra.id, count) if count else []
        shuffle(rng, deck)  # BAC-3.6
        state = BacState(opts, rng, seats, deck, centre=centre, set_aside=set_aside, box=box)
        self._setup_next(state, opts["setup_starter"], [])
        return state

    def player_range(self) -> tuple[int, int]:
        return PLAYERS_MIN, PLAYERS_MAX

    def players(self, state: BacState) -> int:
        """The number of seats, players out of the game included."""
        return len(state.seats)

    # --- questions ----------------------------------------------------------------

    def is_over(self, state: BacState) -> bool:
        """Whether the game has ended (BAC-9)."""
        return state.phase == "over"


    def result(self, state: BacState) -> Result:
        """A tale told together names no winner; `reason` is what set off the Sudden ending (BAC-9.3), if it came."""
        return Result(state.phase == "over", (), None, state.sudden_trigger if state.sudden_ending else None)

    def gesture(self, state: BacState, move: Move) -> tuple[str, Target] | None:
        """A Deus onto a seat (given, or taken by its taker), back to "centre", a Vinum to "discard", an
        Umbra onto "lock"."""
        if isinstance(move, GiveDeus):
            return move.card, move.to
        if isinstance(move, (GiveBacchus, GiftMinerva)):
            card = self.holds(state.seats[move.player], "bacchus" if isinstance(move, GiveBacchus) else "minerva")
            return (card, move.to) if card else None
        if isinstance(move, TakeDeus):
            return move.card, move.player
        if isinstance(move, ReturnDeus):
            return move.card, "centre"
        if isinstance(move, SacrificeVinum):
            return move.card, "discard"
        if isinstance(move, LockUmbra):
            return move.card, "lock"
        return None

    def to_act(self, state: BacState) -> frozenset[int]:
        if state.phase == "over":
            return frozenset()
        return frozenset(p for p in range(len(state.seats)) if self.legal_moves(state, p))

    def decider(self, state: BacState) -> int | None:
        """The seat the story waits for (BAC-6): once questions are open every seat may act, so the lowest
        seat to act, the kernel's default, is not the one who owes the awaited decision."""
        return None if state.phase == "over" else state.decider

    def waiting_for(self, state: BacState) -> frozenset[int]:
        """Whose decision the game waits for (the table's hot-seat curtain follows this, not to_act)."""
        return frozenset() if state.phase == "over" else frozenset({state.decider})

    def prompt(self, state: BacState) -> tuple[str, dict[str, Any]]:
        """The text key the table shows for the awaited decision, and its parameters.

        Parameters that are themselves text keys (`questions`, `hints`, `scene`, `options`,
        `outcome`, `twist`) tell the table what else to show beside the main prompt.
        """
        s, t = state, state.turn
        key = PROMPT_OF.get(s.awaiting, "")
        params: dict[str, Any] = {"player": s.active}
        if s.awaiting == "intro":
            params["questions"] = list(INTRO_QUESTIONS)
            first = s.active == s.options["first_player"]
            params["hints"] = ["intro.hint_sketch", "intro.hint_festival"] if first else []
        elif s.awaiting == "narrate":
            key = t.prompt or key
            params["scene"] = f"scene.{t.scene}"
            params["hints"] = ["prompt.lock"] if t.locked is None else []
        elif s.awaiting == "choose":
            params["options"] = [f"finale.option.{o}" for o in t.options]
        elif s.awaiting == "finale_narrate":
            outcome = s.seats[s.active].outcome
            if t.kind == "normal":
                key = "finale.amans"
            elif t.kind == "miles":
                params["outcome"] = f"finale.miles.{outcome}"
            elif outcome in BRANCHES:
                params["outcome"] = f"finale.branch.{outcome}"
            else:
                params["outcome"] = f"finale.option.{s.seats[s.active].option}"
            if t.twist_allowed:
                params["twist"] = "finale.miles.twist" if t.kind == "miles" else "finale.sudden.twist"
        elif s.awaiting == "question":
            params["asker"] = s.decider
        return key, params

    def legal_moves(self, state: BacState, player: int) -> list[Move]:
        if state.phase == "over" or not 0 <= player < len(state.seats):
            return []
        moves: list[Move] = []
        if player == state.decider:
            moves += self._required(state)
        moves += self._optional(state, player)
        return moves

    def _required(self, state: BacState) -> list[Move]:
        s, t, p = state, state.turn, state.decider
        seat = s.seats[p]
        wait = s.awaiting
        if wait == "give_deus":
            targets = self._recipients(s, p)
            return [GiveDeus(p, to, card) for card in s.centre for to in targets]
        if wait == "intro":
            return [DeclareIntroductionDone(p)]
        if wait == "arrival":
            return [DeclareBacchusArrivalDone(p)]
        if wait == "sacrifice":
            return [SacrificeVinum(p, c) for c in t.drawn if self.kind(c) == VINUM]
        if wait in ("give_bacchus", "handover"):
            return [GiveBacchus(p, to) for to in self._others_in_game(s, p)]
        if wait == "take":
            return list(self.take_options(s))
        if wait == "return":
            return [ReturnDeus(p, d) for d in self._return_options(seat)]
        if wait == "narrate":
            scene = t.scene
            return [DeclareNarrationDone(p, moved) for moved in (False, True)
                    if scene == MAY_MOVE or moved == (scene != STAY)]
        if wait == "question":
            return [AskBacchusQuestion(p)]
        if wait == "choose":
            return [ChooseFinale(p, o, b) for o, b in self._choices(t)]
        if wait == "finale_narrate":
            return [DeclareFinaleNarrated(p, twist) for twist in (False, True) if not twist or t.twist_allowed]
        return []  # pragma: no cover - every awaited decision is listed above

    def _optional(self, state: BacState, player: int) -> list[Move]:
        s, t = state, state.turn
        seat = s.seats[player]
        moves: list[Move] = []
        own = player == s.active and s.decider == s.active and s.phase == "turn" and seat.in_game
        if own and s.awaiting == "narrate" and t.locked is None and seat.locked is None:
            moves += [LockUmbra(player, c) for c in t.area if c != t.carried and self.kind(c) != "parcae"]
        if own and s.awaiting in AMANS_WINDOWS:
            if seat.with_amans:
                moves.append(DeclareWithAmans(player, False))
            elif self.holds(seat, "amans"):
                moves.append(DeclareWithAmans(player, True))
        if player != s.active and seat.in_game and self.holds(seat, "minerva") and self._minerva_open(s):
            moves.append(GiftMinerva(player, s.active))
        if s.options["length"] == "time_limit" and s.phase == "turn" and not s.sudden_ending:
            moves.append(DeclareTimeUp(player))
        if player != s.active and s.phase != "setup":
            moves.append(AskQuestion(player))  # BAC-8.2: any time, as often as the table finds courteous
        return moves

    def _minerva_open(self, s: BacState) -> bool:
        if s.phase == "intro":
            return True
        return s.phase == "turn" and s.turn.kind == "normal" and s.awaiting in MINERVA_WINDOWS

    def _recipients(self, s: BacState, giver: int) -> list[int]:
        """BAC-3.3, A-3: anyone but the giver holding fewer than two (Vinum aside)."""
        return [p for p in range(len(s.seats)) if p != giver and self._gifts(s.seats[p]) < 2]

    def _gifts(self, seat: Seat) -> int:
        return sum(1 for d in seat.deus if self.kind(d) != VINUM)

    def take_options(self, s: BacState) -> list[TakeDeus]:
        """BAC-6.7.3-4: what the row's take may take now (a named take prefers the centre)."""
        row = ROWS[s.turn.row or ""]
        p = s.active
        if row.take == "open":
            if s.centre:
                return [TakeDeus(p, c, None) for c in s.centre]
            return [TakeDeus(p, d, q) for q in self._others_in_game(s, p)
                    for d in s.seats[q].deus if self.kind(d) != VINUM]
        wanted = row.take or ""
        if wanted == "amans" and self.holds(s.seats[p], "amans"):
            return []  # it stays
        here = [c for c in s.centre if self.kind(c) == wanted]
        if here:
            return [TakeDeus(p, c, None) for c in here]
        return [TakeDeus(p, d, q) for q in self._others_in_game(s, p)
                for d in s.seats[q].deus if self.kind(d) == wanted]

    def _return_options(self, seat: Seat) -> list[str]:
        return [d for d in seat.deus if self.kind(d) not in (VINUM, "bacchus")]  # BAC-7, BAC-7.1

    def _choices(self, t: Turn) -> list[tuple[int, str | None]]:
        out: list[tuple[int, str | None]] = []
        for option in t.options:
            out += [(4, b) for b in BRANCHES] if option == 4 else [(option, None)]
        return out

    # --- checking -----------------------------------------------------------------

    def check(self, state: BacState, move: Move) -> None:
        self.at_the_door(state, move)
        if state.phase == "over":
            raise IllegalMove("illegal.game_over")
        if not 0 <= move.player < len(state.seats):
            raise IllegalMove("illegal.no_such_player", player=move.player)
        field_name = _TEXT_FIELDS.get(type(move))
        plain = move
        if field_name is not None:
            if not isinstance(getattr(move, field_name), str):
                raise IllegalMove("illegal.unknown_move", move=type(move).__name__)
            if len(getattr(move, field_name)) > MAX_TYPED:
                raise IllegalMove("illegal.text_too_long", limit=MAX_TYPED)
            plain = dataclasses.replace(move, **{field_name: ""})  # type: ignore[arg-type]
        if plain in self.legal_moves(state, move.player):
            return
        code, params = why_illegal(self, state, move)
        raise IllegalMove(code, **params)

    # --- changes ------------------------------------------------------------------

    def apply(self, state: BacState, move: Move) -> list[Event]:
        self.check(state, move)
        ev: list[Event] = []
        s, t = state, state.turn
        p = move.player
        if isinstance(move, AskQuestion):
            ev.append(Event("question_asked", {"player": p, "to": s.active, "text": move.text}))
        elif isinstance(move, DeclareTimeUp):
            ev.append(Event("time_up", {"player": p}))
            self._trigger(s, "time_limit", ev)
        elif isinstance(move, GiftMinerva):
            self._move_deus(s, self.holds(s.seats[p], "minerva") or "", p, move.to)
            t.minerva_gift = True
            ev.append(Event("minerva_gifted", {"player": p, "to": move.to, "card": s.seats[move.to].deus[-1]}))
        elif isinstance(move, DeclareWithAmans):
            s.seats[p].with_amans = move.value
            ev.append(Event("amans_met" if move.value else "amans_parted", {"player": p}))
        elif isinstance(move, LockUmbra):
            t.area.remove(move.card)
            t.locked = move.card
            s.seats[p].locked = move.card
            s.seats[p].locked_on_turn = s.turn_number
            ev.append(Event("umbra_locked", {"player": p, "card": move.card, "element": move.element}))
        elif isinstance(move, GiveDeus):
            self._give_deus(s, move, ev)
        else:
            self._decide(s, move, ev)
            self._run(s, ev)
        return ev

    def _decide(self, s: BacState, move: Move, ev: list[Event], auto: bool = False) -> None:
        """Apply an awaited decision and move the turn on one step (the caller runs the rest)."""
        t, p = s.turn, move.player
        seat = s.seats[p]
        mark = {"auto": True} if auto else {}
        if isinstance(move, DeclareIntroductionDone):
            seat.introduced = True
            ev.append(Event("introduction_done", {"player": p}))
            t.step = "end"
        elif isinstance(move, DeclareBacchusArrivalDone):
            seat.arrival_pending = False
            ev.append(Event("bacchus_arrived", {"player": p}))
            t.step = "draw" if t.kind == "normal" else "finale_draw"
        elif isinstance(move, SacrificeVinum):
            self._sacrifice(s, move.card, ev, auto)
            t.step = "honour"
        elif isinstance(move, GiveBacchus):
            card = self.holds(seat, "bacchus") or ""
            self._move_deus(s, card, p, move.to)
            receiver = s.seats[move.to]
            receiver.arrival_pending = True
            if t.step in ("handover", "leave"):  # BAC-11.2, A-17: no question after a finale
                t.step = "leave"
            else:  # BAC-6.6.2
                receiver.question_pending = True
                t.bacchus_to = move.to
                t.step = "take"
            ev.append(Event("bacchus_given", {"player": p, "to": move.to, "card": card, **mark}))
        elif isinstance(move, TakeDeus):
            source = "centre" if move.source is None else move.source
            if move.source is None:
                s.centre.remove(move.card)
                s.seats[p].deus.append(move.card)
            else:
                self._move_deus(s, move.card, move.source, p)
            if self.kind(move.card) == "bacchus":
                s.bacchus_assigned = True
            ev.append(Event("deus_taken", {"player": p, "card": move.card, "source": source, **mark}))
            t.take_done = True
            t.step = "centre"
        elif isinstance(move, ReturnDeus):
            seat.deus.remove(move.card)
            s.centre.append(move.card)
            ev.append(Event("deus_returned", {"player": p, "card": move.card, **mark}))
            t.return_done = True
            t.step = "changes"
        elif isinstance(move, DeclareNarrationDone):
            t.moved = move.moved
            ev.append(Event("narration_done", {"player": p, "moved": move.moved}))
            t.step = "question"
        elif isinstance(move, AskBacchusQuestion):
            seat.question_pending = False
            ev.append(Event("bacchus_question", {"player": p, "to": s.active, "text": move.text}))
            t.step = "after_question"
        elif isinstance(move, ChooseFinale):
            seat.option, seat.branch = move.option, move.branch
            seat.outcome = move.branch if move.option == 4 else OUTCOME_OF_OPTION[move.option]
            ev.append(Event("finale_chosen", {"player": p, "option": move.option, "branch": move.branch,
                                              "outcome": seat.outcome, **mark}))
            t.step = "finale_narrate"
        elif isinstance(move, DeclareFinaleNarrated):
            seat.twist = move.twist
            ev.append(Event("finale_narrated", {"player": p, "finale": self._finale_kind(s), "twist": move.twist,
                                                "outcome": seat.outcome}))
            t.step = "question"
        else:  # pragma: no cover - check() lets no other move through
            raise IllegalMove("illegal.unknown_move", move=type(move).__name__)

    # --- setup (BAC-3) ------------------------------------------------------------

    def _give_deus(self, s: BacState, move: GiveDeus, ev: list[Event], auto: bool = False) -> None:
        s.centre.remove(move.card)
        s.seats[move.to].deus.append(move.card)
        if self.kind(move.card) == "bacchus":
            s.bacchus_assigned = True  # BAC-3.7; no flags in setup
        ev.append(Event("deus_given", {"player": move.player, "to": move.to, "card": move.card,
                                       **({"auto": True} if auto else {})}))
        self._setup_next(s, (move.player + 1) % len(s.seats), ev)

    def _setup_next(self, s: BacState, giver: int, ev: list[Event]) -> None:
        """BAC-3.3-3.4: the next giver with someone to give to, until all hold two or the centre is empty."""
        n = len(s.seats)
        if not s.centre or all(self._gifts(seat) >= 2 for seat in s.seats):
            ev.append(Event("distribution_done", {"left": list(s.centre)}))
            s.phase = "intro"
            self._start_turn(s, s.options["first_player"], ev)
            return
        for step in range(n):
            candidate = (giver + step) % n
            if self._recipients(s, candidate):
                break
            ev.append(Event("giver_skipped", {"player": candidate}))
        s.active = s.decider = candidate
        s.awaiting = "give_deus"
        kinds = {card_kind(c) for c in s.centre}
        targets = self._recipients(s, candidate)
        if len(kinds) == 1 and len(targets) == 1:
            self._give_deus(s, GiveDeus(candidate, targets[0], s.centre[0]), ev, auto=True)

    # --- the turn machine ---------------------------------------------------------

    def _start_turn(self, s: BacState, player: int, ev: list[Event]) -> None:
        n = len(s.seats)
        first = s.options["first_player"]
        if s.turn_number == 0 or (player - first) % n <= (s.active - first) % n:
            s.round += 1
        s.active = s.decider = player
        s.turn_number += 1
        seat = s.seats[player]
        if s.phase == "intro":
            kind = "intro"
        elif seat.miles_finale_pending:  # BAC-5.6, A-16
            kind = "miles"
            seat.miles_finale_pending = False
        else:
            kind = "sudden" if s.sudden_ending else "normal"
        s.turn = Turn(kind=kind, step="intro" if kind == "intro" else "arrival")
        ev.append(Event("turn_started", {"player": player, "turn": s.turn_number, "kind": kind}))
        if kind in ("miles", "sudden"):
            ev.append(Event("finale_started", {"player": player, "finale": kind}))
        self._run(s, ev)

    def _wait(self, s: BacState, awaiting: str, decider: int | None = None) -> None:
        s.awaiting = awaiting
        s.decider = s.active if decider is None else decider

    def _run(self, s: BacState, ev: list[Event]) -> None:
        """Carry the turn on until a player owes a decision (or the game is over)."""
        while s.phase != "over":
            t = s.turn
            seat = s.seats[s.active]
            step = t.step
            if step == "intro":
                return self._wait(s, "intro")
            if step == "arrival":  # BAC-6.1, A-24
                if seat.arrival_pending:
                    return self._wait(s, "arrival")
                t.step = "draw" if t.kind == "normal" else "finale_draw"
            elif step == "draw":  # BAC-6.2
                # The locked card joins this turn's Umbra and stops being locked: were it
                # kept in both places, a Parcae pausing the turn before the honouring would hold
                # it twice, and a release would discard it twice.
                t.carried, seat.locked = seat.locked, None
                t.area = [t.carried] if t.carried else []
                for _ in range(HAND - len(t.area)):
                    card = self._draw(s, ev)
                    if card is None:
                        break
                    t.drawn.append(card)
                    t.area.append(card)
                t.step = "minerva"
            elif step == "minerva":  # BAC-6.3
                t.step = "honour"
                if self.holds(seat, "minerva") and not t.minerva_gift:
                    vinum = [c for c in t.drawn if self.kind(c) == VINUM]
                    if len({self.has_symbol(c) for c in vinum}) > 1:
                        t.step = "minerva"
                        return self._wait(s, "sacrifice")
                    if vinum:
                        self._sacrifice(s, vinum[0], ev, auto=True)
                    else:
                        self._to_centre(s, s.active, "minerva", ev, "minerva_left")
            elif step == "honour":  # BAC-6.4, BAC-6.5
                self._honour(s, ev)
                t.step = "bacchus"
            elif step == "bacchus":  # BAC-6.6
                t.step = "take"
                if self.holds(seat, "bacchus") and t.result != "bacchus":
                    targets = self._others_in_game(s, s.active)
                    if len(targets) > 1:
                        t.step = "bacchus"
                        return self._wait(s, "give_bacchus")
                    if targets:
                        self._decide(s, GiveBacchus(s.active, targets[0]), ev, auto=True)
            elif step == "take":  # BAC-6.7.1, 6.7.3-5
                row = ROWS[t.row or ""]
                if t.prompt is None:
                    t.prompt = prompt_key(row, seat.with_amans)
                    ev.append(Event("aruspex", {"player": s.active, "row": row.id, "prompt": t.prompt,
                                                "scene": row.scene, "count": s.parcae_count}))
                t.step = "centre"
                if row.take and not t.take_done:
                    options = self.take_options(s)
                    if len({(card_kind(o.card), o.source) for o in options}) > 1:
                        t.step = "take"
                        return self._wait(s, "take")
                    if options:
                        self._decide(s, options[0], ev, auto=True)
                    else:
                        ev.append(Event("nothing_taken", {"player": s.active, "what": row.take}))
            elif step == "centre":
                row = ROWS[t.row or ""]
                if row.to_centre:
                    self._to_centre(s, s.active, row.to_centre, ev, "deus_to_centre")
                t.step = "return"
            elif step == "return":
                t.step = "changes"
                if ROWS[t.row or ""].choose_return and not t.return_done:
                    returnable = self._return_options(seat)
                    if len({card_kind(d) for d in returnable}) > 1:
                        t.step = "return"
                        return self._wait(s, "return")
                    if returnable:
                        self._decide(s, ReturnDeus(s.active, returnable[0]), ev, auto=True)
            elif step == "changes":
                self._row_changes(s, ev)
                t.step = "narrate"
            elif step == "narrate":
                return self._wait(s, "finale_narrate" if t.row == "amans" else "narrate")
            elif step == "question":  # BAC-6.8
                asker = t.bacchus_to
                if asker is not None and s.seats[asker].question_pending:
                    return self._wait(s, "question", asker)
                t.step = "after_question"
            elif step == "after_question":
                t.step = "tidy" if t.kind == "normal" and t.row != "amans" else "release"
            elif step == "tidy":  # BAC-6.9
                if t.area:
                    ev.append(Event("umbra_discarded", {"player": s.active, "cards": list(t.area)}))
                s.discard += t.area
                t.area = []
                t.step = "end"
            elif step == "finale_draw":  # BAC-10.2a-b, BAC-10.3a-b
                self._finale_draw(s, ev)
            elif step == "miles_result":
                self._miles_result(s, ev)
                t.step = "finale_narrate"
            elif step == "sudden_options":
                self._sudden_options(s, ev)
            elif step == "choose":
                choices = self._choices(t)
                if len(choices) > 1:
                    return self._wait(s, "choose")
                option, branch = choices[0]
                self._decide(s, ChooseFinale(s.active, option, branch), ev, auto=True)
            elif step == "finale_narrate":
                return self._wait(s, "finale_narrate")
            elif step == "release":  # BAC-11.1
                cards = t.area + ([seat.locked] if seat.locked else [])
                if cards:
                    ev.append(Event("umbra_discarded", {"player": s.active, "cards": cards}))
                s.discard += cards
                t.area, seat.locked = [], None
                t.step = "handover"
            elif step == "handover":  # BAC-11.2
                t.step = "leave"
                if self.holds(seat, "bacchus"):
                    targets = self._others_in_game(s, s.active)
                    if len(targets) > 1:
                        t.step = "handover"
                        return self._wait(s, "handover")
                    if targets:
                        self._decide(s, GiveBacchus(s.active, targets[0]), ev, auto=True)
            elif step == "leave":  # BAC-11.3-11.4
                self._leave(s, ev)
                t.step = "end"
            elif step == "end":
                return self._end_turn(s, ev)
            else:  # pragma: no cover
                raise AssertionError(f"unknown step {step!r}")
        return None

    # --- the pieces of a turn -----------------------------------------------------

    def _draw(self, s: BacState, ev: list[Event]) -> str | None:
        """One Umbra from the top (BAC-6.2.2-4); the Parcae counts at once (A-9)."""
        if not s.deck:
            if not s.discard:
                return None
            s.deck, s.discard = s.discard, []
            assert s.rng is not None
            shuffle(s.rng, s.deck)
            ev.append(Event("deck_rebuilt", {"size": len(s.deck)}))
        card = s.deck.pop()
        ev.append(Event("umbra_drawn", {"player": s.active, "card": card}))
        if self.kind(card) == "parcae":
            s.parcae_count += 1
            s.reshuffle_pending = True
            ev.append(Event("parcae_drawn", {"player": s.active, "count": s.parcae_count}))
            if s.parcae_count >= 1 and not s.amans_released:  # BAC-6.2.4
                s.amans_released = True
                for amans in list(s.set_aside):
                    s.set_aside.remove(amans)
                    s.centre.append(amans)
                    ev.append(Event("amans_released", {"card": amans}))
            if len(self.in_game(s)) == 2:
                self._trigger(s, "parcae_two_left", ev)  # BAC-9.2b
            limit = s.options["parcae_limit"]
            if limit is not None and s.parcae_count >= limit:
                self._trigger(s, "parcae_limit", ev)  # BAC-9.2d
        return card

    def _trigger(self, s: BacState, why: str, ev: list[Event]) -> None:
        """BAC-9.3: the Sudden ending, once and for good."""
        if not s.sudden_ending:
            s.sudden_ending, s.sudden_trigger = True, why
            ev.append(Event("sudden_ending", {"trigger": why}))

    def _sacrifice(self, s: BacState, card: str, ev: list[Event], auto: bool) -> None:
        """BAC-6.3.1: a drawn Vinum goes straight to the discard pile."""
        s.turn.area.remove(card)
        s.turn.sacrificed = card
        s.discard.append(card)
        ev.append(Event("vinum_sacrificed", {"player": s.active, "card": card, **({"auto": True} if auto else {})}))

    def _to_centre(self, s: BacState, player: int, kind: str, ev: list[Event], event: str) -> None:
        card = self.holds(s.seats[player], kind)
        if card is None:
            return
        s.seats[player].deus.remove(card)
        s.centre.append(card)
        ev.append(Event(event, {"player": player, "card": card}))

    def _move_deus(self, s: BacState, card: str, giver: int, to: int) -> None:
        s.seats[giver].deus.remove(card)
        s.seats[to].deus.append(card)
        if self.kind(card) == "bacchus":
            s.bacchus_assigned = True
            gone = s.seats[giver]
            if gone.question_pending:  # BAC-6.6.3, A-21: taken back before its question
                gone.question_pending = gone.arrival_pending = False

    def _honour(self, s: BacState, ev: list[Event]) -> None:
        """Steps 4 and 5: place the turn's Umbra and find the dominant result."""
        t, seat = s.turn, s.seats[s.active]
        self._place_and_judge(s, seat, t)
        seat.locked = None  # the lock ends once its card has been counted
        row = aruspex_row(t.result or "", t.variant, s.parcae_count, s.amans_released)
        t.row, t.scene = row.id, row.scene
        ev.append(Event("umbra_placed", {"player": s.active, "piles": {d: list(p) for d, p in t.piles.items() if p}}))
        ev.append(Event("dominant", {"player": s.active, "result": t.result, "tied": list(t.tied),
                                     "reason": t.reason, "variant": t.variant}))
        if row.id == "amans":
            ev.append(Event("finale_started", {"player": s.active, "finale": "amans"}))

    def _place_and_judge(self, s: BacState, seat: Seat, t: Turn) -> None:
        piles, _unplaced = place(seat.deus, t.area, self.kind, self.kind)
        t.piles = piles
        t.counts = counts(piles, self.kind)
        found = dominant(t.counts, self.holds(seat, "satyrus") is not None)
        t.result, t.tied, t.reason = found.result, list(found.tied), found.reason
        if found.result == VINUM:  # BAC-6.5.6
            placed = [c for d, pile in piles.items() if self.kind(d) == VINUM for c in pile]
            t.variant = "symbol" if any(self.has_symbol(c) for c in placed) else "plain"

    def _row_changes(self, s: BacState, ev: list[Event]) -> None:
        """The 'state change' column of BAC-7."""
        t, seat = s.turn, s.seats[s.active]
        if t.row == "miles_two" and seat.with_amans:  # BAC-7.2: the card stays, the lovers part
            seat.with_amans = False
            ev.append(Event("amans_parted", {"player": s.active, "auto": True}))
        if t.row == "miles_high":
            seat.miles_finale_pending = True
            ev.append(Event("captured", {"player": s.active}))

    def _finale_draw(self, s: BacState, ev: list[Event]) -> None:
        t, seat = s.turn, s.seats[s.active]
        if seat.locked:  # BAC-10.2a, BAC-10.3b
            ev.append(Event("umbra_discarded", {"player": s.active, "cards": [seat.locked]}))
            s.discard.append(seat.locked)
            seat.locked = None
        if t.kind == "sudden" and all(self.kind(d) == VINUM for d in seat.deus):
            t.options = [3]  # BAC-10.3a: no draw
            t.step = "choose"
            return
        while len(t.area) < HAND and any(self.kind(c) != VINUM for c in (*s.deck, *s.discard)):
            card = self._draw(s, ev)
            if card is None:  # pragma: no cover - the loop condition leaves a card to draw
                break
            if self.kind(card) == VINUM:  # BAC-10.2b: straight to the discard pile
                s.discard.append(card)
                ev.append(Event("umbra_discarded", {"player": s.active, "cards": [card]}))
            else:
                t.area.append(card)
        t.step = "miles_result" if t.kind == "miles" else "sudden_options"

    def _miles_result(self, s: BacState, ev: list[Event]) -> None:
        """BAC-10.2c-d."""
        t, seat = s.turn, s.seats[s.active]
        self._place_and_judge(s, seat, t)
        seat.outcome = miles_outcome(t.result or "", t.tied)
        t.twist_allowed = seat.outcome == "death" and any(self.kind(c) == "parcae" for c in t.area)
        ev.append(Event("umbra_placed", {"player": s.active, "piles": {d: list(p) for d, p in t.piles.items() if p}}))
        ev.append(Event("dominant", {"player": s.active, "result": t.result, "tied": list(t.tied),
                                     "reason": t.reason, "variant": t.variant}))
        ev.append(Event("finale_outcome", {"player": s.active, "finale": "miles", "outcome": seat.outcome,
                                           "twist_allowed": t.twist_allowed}))

    def _sudden_options(self, s: BacState, ev: list[Event]) -> None:
        """BAC-10.3c-e."""
        t, seat = s.turn, s.seats[s.active]
        held = {self.kind(d) for d in seat.deus}
        if any(self.kind(c) == "parcae" for c in t.area):
            t.options, t.twist_allowed = [1, 2, 3, 4, 5], True
        else:
            shown = {self.kind(c) for c in t.area} & held
            t.options = sorted({OPTION_OF_TYPE[k] for k in shown if k in OPTION_OF_TYPE})
        if t.options:
            ev.append(Event("finale_options", {"player": s.active, "options": list(t.options),
                                               "twist_allowed": t.twist_allowed}))
            t.step = "choose"
            return
        ev.append(Event("umbra_discarded", {"player": s.active, "cards": list(t.area)}))
        s.discard += t.area
        t.area = []
        wanted = held | {"parcae"}
        if any(self.kind(c) in wanted and self.kind(c) != VINUM for c in (*s.deck, *s.discard)):
            t.step = "finale_draw"  # D-2: draw four again
        else:
            t.options = [3]
            t.step = "choose"

    def _finale_kind(self, s: BacState) -> str:
        return "amans" if s.turn.kind == "normal" else s.turn.kind

    def _leave(self, s: BacState, ev: list[Event]) -> None:
        """BAC-11.3-11.4, then BAC-9.2a."""
        p = s.active
        seat = s.seats[p]
        for card in [d for d in seat.deus if self.kind(d) not in (VINUM, "bacchus")]:
            seat.deus.remove(card)
            s.centre.append(card)
            ev.append(Event("deus_to_centre", {"player": p, "card": card}))
        seat.finale = self._finale_kind(s)
        if seat.finale == "amans":
            seat.outcome = "escaped"
        seat.in_game = False
        seat.with_amans = seat.arrival_pending = seat.question_pending = seat.miles_finale_pending = False
        s.finished.append(p)
        ev.append(Event("player_out", {"player": p, "finale": seat.finale, "outcome": seat.outcome,
                                       "option": seat.option, "branch": seat.branch, "twist": seat.twist}))
        if len(self.in_game(s)) == 1:
            self._trigger(s, "one_left", ev)

    def _end_turn(self, s: BacState, ev: list[Event]) -> None:
        """BAC-6.10: the Parcae reshuffle, then the next player in the game (or the end)."""
        if s.reshuffle_pending:
            s.deck += s.discard
            s.discard = []
            assert s.rng is not None
            shuffle(s.rng, s.deck)
            s.reshuffle_pending = False
            ev.append(Event("reshuffled", {"size": len(s.deck)}))
        following = self._others_in_game(s, s.active)
        if s.seats[s.active].in_game and not following:
            following = [s.active]
        if not following:
            s.phase, s.awaiting = "over", ""
            s.turn = Turn(kind="over", step="over")  # the last turn's cards may be back in the deck
            ev.append(Event("game_over", {"finished": list(s.finished)}))
            return
        nxt = following[0]
        if s.phase == "intro" and s.seats[nxt].introduced:
            s.phase = "turn"
            ev.append(Event("introductions_done", {}))
        self._start_turn(s, nxt, ev)

    # --- copies and pictures ------------------------------------------------------

    def clone(self, state: BacState) -> BacState:
        """A deep copy of `state`, its random generator included."""
        return state.copy()

    def view(self, state: BacState, player: int) -> BacState:
        seen = state.copy(with_rng=False)
        seen.deck = [HIDDEN] * len(state.deck)  # BAC-2.6: only the deck order is hidden
        return seen

    def to_dict(self, state: BacState) -> dict[str, Any]:
        return state.to_dict()

    def all_cards(self, state: BacState) -> Sequence[str]:
        s = state
        held = [c for seat in s.seats for c in (*seat.deus, *([seat.locked] if seat.locked else []))]
        return [*s.deck, *s.discard, *s.centre, *s.set_aside, *s.box, *held, *s.turn.area]

    def sample(self, view: BacState, player: int, rng: Random) -> BacState:
        """BAC-2.6: only the deck's order is hidden; its unseen cards are shuffled into it again."""
        state = view.copy(with_rng=False)
        state.rng = Random(child_seed(rng))
        pool = Pool(unseen(self, view), rng)
        state.deck = pool.fill(view.deck)
        pool.done()
        return state

    def hidden_from(self, state: BacState, player: int) -> Collection[str]:
        return list(state.deck)

    def undo_barrier(self, events: Sequence[Event]) -> bool:
        """Multiplayer undo never steps back over a draw, a shuffle or the start of another turn."""
        return any(e.kind in BARRIERS for e in events)
