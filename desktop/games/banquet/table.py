"""Bacchus' Banquet for 3-5 people sharing one screen (hot-seat).

The table draws views, never the state: the person deciding sees their own view only behind
their curtain (BB-17.5.1); between decisions everybody sees the public one. Which moves exist
comes from legal_moves alone; this module maps them onto cards, displays, slots and buttons.
Two choices are held here before they are moves: the three picks and the arrangement (each
is one move in the engine, so one card at a time on the felt is the table's own business).
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QCheckBox, QFormLayout, QListWidget

from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel
from desktop.frame.seat_table import SeatGame, SeatSetupDialog, SeatTable, WindowWords
from desktop.games.banquet.faces import BanquetFaces, title
from desktop.games.banquet.scene import (REMOVED_KEY, TRAY_KEY, BanquetScene, Drawing, in_slot_key, seat_key,
                                         slot_key)
from desktop.frame.card_item import CardFace
from rules.banquet.engine import BanquetEngine
from rules.banquet.moves import (AcceptGift, Arrange, ClaimGift, OfferGift, PassPrivilege, PickCards,
                                 PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift, RefuseGift, ResolveCard)
from rules.banquet.objectives import card_kind
from rules.banquet.state import (ARRANGE, CATCH_UP, OFFER, OVER, PICK, RESOLVE, RESPOND, SLOT_NAMES, WINDOW,
                                 BanquetState)
from rules.kernel import HIDDEN, PUBLIC, Event, Move, ResponseWindow
from rules.match import Match

Dests = dict[str, dict[str, Move]]
PRIVILEGE_MOVES = (PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift)
# What the line above the tray repeats from the last step: what everybody should not miss.
NEWS = ("guest_knocked_out", "replacement_drawn", "sits_out", "privilege_played", "slots_exchanged", "gift_forced",
        "card_applied", "card_cancelled", "duplicate_removed", "hymn_sung")

# Event parameters that hold a seat, said as that seat's name; but a buckle moves "from" one belt value
# "to" another, numbers that must stay numbers even when they happen to be a seat's index.
_SEAT_PARAMS = ("player", "to", "holder", "active", "host")
_VALUE_PARAMS: dict[str, tuple[str, ...]] = {"buckle_moved": ("from", "to")}

# A seat's own choices (rules/banquet/engine.py's events): after one, the guest it plays is no longer news to it.
OWN_DECISIONS = frozenset({"cards_picked", "cards_arranged", "gift_offered", "gift_passed", "gift_accepted",
                           "gift_claimed", "claim_declined", "privilege_played", "privilege_passed"})


class BanquetGame(SeatGame):
    """A Bacchus' Banquet match with the names of the people at each seat."""

    match: Match[BanquetState]

    @classmethod
    def start(cls, game: str, mode: str, names: list[str], options: dict[str, Any], seed: int,
              bots: dict[int, str] | None = None) -> SeatGame:
        if mode != "standard":  # only the standard game can be played without privileges (BB-3.1)
            options = {k: v for k, v in options.items() if k != "privileges"}
        return super().start(game, mode, names, options, seed, bots)

    @property
    def engine(self) -> BanquetEngine:
        eng = self.match.engine
        assert isinstance(eng, BanquetEngine)
        return eng

    @property
    def state(self) -> BanquetState:
        return self.match.state

    def view(self, seat: int) -> BanquetState:
        view: BanquetState = super().view(seat)
        return view

    def secret_differs(self, seat: int) -> bool:
        """The arrangement is a secret decision even when the host's view holds nothing else (BB-5.3)."""
        state = self.state
        if state.phase == ARRANGE and seat == state.active:
            return True
        return super().secret_differs(seat)


class BanquetTable(SeatTable):
    """The circle, the slots and every player's display; the accept / pass and privilege prompts."""

    GAME = "banquet"
    GAME_CLASS = BanquetGame
    END_EVENTS = frozenset({"game_over"})
    RESPONSE_WINDOWS = True

    game: BanquetGame
    scene: BanquetScene

    def __init__(self, tr: Translator, game: BanquetGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None) -> None:
        super().__init__(tr, game, autosave, log, detail)
        self.picks: list[str] = []  # chosen from the circle, not yet played
        self.placing: dict[str, str] = {}  # slot -> card, not yet played
        self.private_round = 0  # the round whose host lifted their own curtain
        self.refresh()

    def refresh(self) -> None:
        state = self.game.state
        if state.phase == ARRANGE and self.looking == state.active and self.private_round != state.round:
            # A host with nothing secret picked in front of everybody; the arrangement is not that (BB-5.3).
            self.looking = None
        super().refresh()

    def lift_curtain(self) -> None:
        state = self.game.state
        if self.decider() == state.active and state.phase in (PICK, ARRANGE):
            self.private_round = state.round
        super().lift_curtain()

    def make_scene(self) -> BanquetScene:
        self.faces = BanquetFaces(self.game.engine.cards, self.tr_)
        return BanquetScene(self.faces, self.tr_)

    @classmethod
    def setup_options(cls, tr: Translator, form: QFormLayout) -> Callable[[int], dict[str, Any]]:
        off = QCheckBox(tr.text("table.option.no_privileges"))
        form.addRow(off)
        dialog = form.parentWidget()
        if isinstance(dialog, SeatSetupDialog):  # privileges on the table cannot also be left out
            def follow() -> None:
                off.setEnabled(dialog.chosen_mode() == "standard")
            dialog.mode.currentIndexChanged.connect(follow)
            follow()
        return lambda _players: {"privileges": "off"} if off.isChecked() and off.isEnabled() else {}

    # --- who decides, and what they may see --------------------------------------------

    def draw(self, viewer: int | None, curtain: str) -> None:
        game = self.game
        state = game.state
        view = game.view(PUBLIC if viewer is None else viewer)
        self._forget_stale(viewer)
        dests = self.dests(viewer) if viewer is not None else {}
        acting = state.holder if state.phase == WINDOW else self.decider()
        drawing = Drawing(view, [self.seat_label(q) for q in range(len(game.names))], viewer, acting, curtain, list(self.picks), dict(self.placing),
                          self._statuses(view), self._fates(view, viewer), self._progress(view, viewer),
                          list(view.winners), self._lines(view, viewer), self._seat_notes(view),
                          set(dests) if state.phase == PICK else set())
        self.scene.show_banquet(drawing, dests)

    def _forget_stale(self, viewer: int | None) -> None:
        """Picks and placings belong to the host looking now, in their phase; anything else lapses."""
        state = self.game.state
        if not (state.phase == PICK and viewer == state.active and all(c in state.circle for c in self.picks)):
            self.picks = []
        if not (state.phase == ARRANGE and viewer == state.active
                and all(c in state.hand for c in self.placing.values())):
            self.placing = {}

    # --- legal moves onto the felt ---------------------------------------------------------

    def dests(self, seat: int) -> Dests:
        state = self.game.state
        legal = self.game.match.legal_moves(seat)
        out: Dests = {}
        if state.phase == PICK:
            for card in state.circle:
                if card is None or card in self.picks:
                    continue
                wanted = {*self.picks, card}
                pick = next((m for m in legal if isinstance(m, PickCards)
                             and wanted <= {m.first, m.second, m.third}), None)
                if pick is not None:
                    out[card] = {TRAY_KEY: pick}
            return out
        if state.phase == ARRANGE:
            for card in state.hand:
                for slot in SLOT_NAMES:
                    if slot in self.placing:
                        continue
                    placed = {s: c for s, c in self.placing.items() if c != card}
                    placed[slot] = card
                    move = next((m for m in legal if isinstance(m, Arrange)
                                 and all(getattr(m, s) == c for s, c in placed.items())), None)
                    if move is not None:
                        out.setdefault(card, {})[slot_key(slot)] = move
            return out
        # One card onto one place: where each legal move lands is the engine's gesture (rules.kernel); the
        # table only says which item shows that card and that place.
        if state.slots["gift"] is not None:
            out[in_slot_key("gift")] = {}  # even with no target: a refused drop is explained
        for play in [*legal, *self._privilege_plays(seat)]:
            gesture = self.game.engine.gesture(state, play)
            if gesture is None:
                continue
            card, target = gesture
            item = in_slot_key("gift") if card == state.slots["gift"] else card
            for place in self._places(seat, card, target):
                out.setdefault(item, {})[place] = play
        for card in state.privileges[seat]:
            out.setdefault(card, {})  # a privilege that cannot be played now is still held to be explained
        return out

    def _places(self, seat: int, card: str, target: object) -> list[str]:
        """The table's items for a gesture's target: a seat, a slot of the row, every slot a swap may take
        (the privilege's own), and the seat a give-back returns the gift to (the engine's None)."""
        state = self.game.state
        if isinstance(target, int):
            return [seat_key(target)]
        if target == "exchange":
            return [in_slot_key(slot) for slot in self.game.engine.privilege_cards[card].slots]
        if target is None:
            return [seat_key(state.previous)] if state.previous is not None else []
        return [in_slot_key(str(target))]

    def _privilege_plays(self, seat: int) -> list[PlayClaim | PlayExchange | PlayGiveBack | PlaySpecialGift]:
        """The privileges `seat` may play now: its legal ones, or, for whoever said yes to the public question,
        the ones it may play once the players before it in the poll have passed (BB-12.5)."""
        state = self.game.state
        if state.phase != WINDOW or seat not in state.poll or self.game.paused is not None:
            return []  # nothing is played on a paused table (a lost connection, a seat's record watched again)
        moves = self.game.engine.privilege_plays(state, seat)
        return [m for m in moves if isinstance(m, PRIVILEGE_MOVES)]

    # --- the buttons of the moment ------------------------------------------------------

    def offer(self, viewer: int | None) -> None:
        if viewer is None:
            return
        self._offer_to(viewer, self.game.state, self.game.match.legal_moves(viewer))
        guest = self._guest_news(viewer)
        if guest and self._text:
            self.say(f"{guest} {self._text}")

    def _guest_news(self, seat: int) -> str:
        """The guest `seat` plays, said at its first decision and at the first after it drew a new one (BB-13.5): a
        sighted player sees that card in front of them, and it is theirs alone (BB-17.1). `offer` asks only the
        seat looking, so only its owner hears it. Read from what that seat has seen happen, not from what this
        screen said before: the same position, reopened or joined again, says the same words."""
        guest = self.game.state.guests[seat]
        if guest is None:
            return ""
        key = "table.prompt.your_guest"
        for event in reversed(self.game.match.seen_events(seat)):
            if event.params.get("player") != seat:
                continue
            if event.kind == "replacement_drawn":
                key = "event.replacement_drawn.own"
                break
            if event.kind in OWN_DECISIONS:
                return ""
        return self.tr_.text(key, guest=title(self.tr_, guest))

    def _offer_to(self, viewer: int, state: BanquetState, legal: list[Move]) -> None:
        t = self.tr_.text
        names = self.game.names
        name = names[viewer]
        if state.phase == PICK:
            self.say(t("table.prompt.pick", player=name, count=len(self.picks)))
            if self.picks:
                self.button("start_over", t("table.start_over"), self.start_over)
        elif state.phase == ARRANGE:
            self.say(t("table.prompt.arrange", player=name))
            if self.placing:
                self.button("start_over", t("table.start_over"), self.start_over)
        elif state.phase == CATCH_UP:
            self.say(t("table.prompt.catch_up", player=name))
            for m in legal:
                key = "claim" if isinstance(m, ClaimGift) else "decline"
                self.button(key, t(f"table.{key}"), self.player(m))
        elif state.phase == OFFER:
            self.say(t("table.prompt.offer", player=name))
            for m in legal:
                if isinstance(m, OfferGift):
                    self.button(f"offer:{m.to}", t("table.offer_to", player=names[m.to]), self.player(m))
        elif state.phase == RESPOND:
            giver = names[state.previous] if state.previous is not None else ""
            self.say(t("table.prompt.respond", player=name, giver=giver))
            for m in legal:
                if isinstance(m, AcceptGift):
                    self.button("accept", t("table.accept"), self.player(m))
                elif isinstance(m, RefuseGift):
                    self.button(f"pass:{m.to}", t("table.pass_to", player=names[m.to]), self.player(m))
        elif state.phase == RESOLVE and state.pending is not None:
            self.say(t("table.prompt.resolve", player=name, card=title(self.tr_, state.pending.card)))
            for m in legal:
                if isinstance(m, ResolveCard):
                    self.button(f"resolve:{m.choice}", t(f"choice.{m.choice}"), self.player(m))

    # --- picking and arranging, one card at a time ----------------------------------------

    def _on_move(self, move: object) -> None:
        assert isinstance(move, Move)
        state = self.game.state
        card, target = self.scene.chosen
        if isinstance(move, PickCards) and state.phase == PICK and card:
            self.picks.append(card)
            if len(self.picks) < 3:
                self.message.clear()
                self.refresh()
                return
            chosen, self.picks = set(self.picks), []
            move = next(m for m in self.game.match.legal_moves(move.player)
                        if isinstance(m, PickCards) and {m.first, m.second, m.third} == chosen)
        elif isinstance(move, Arrange) and state.phase == ARRANGE and card and target.startswith("slot:"):
            self.placing = {s: c for s, c in self.placing.items() if c != card}
            self.placing[target[5:]] = card
            if len(self.placing) < 2:
                self.message.clear()
                self.refresh()
                return
            # Two cards placed leave one card and one slot: the arrangement is complete.
            placed, self.placing = dict(self.placing), {}
            move = next(m for m in self.game.match.legal_moves(move.player)
                        if isinstance(m, Arrange) and all(getattr(m, s) == c for s, c in placed.items()))
        elif isinstance(move, PRIVILEGE_MOVES):
            self.play_privilege_move(move)
            return
        self.play(move)

    def start_over(self) -> None:
        self.picks, self.placing = [], {}
        self.refresh()

    def can_take_back(self) -> bool:
        return self.can_undo() or bool(self.picks or self.placing)

    def undo(self) -> None:
        if self.picks or self.placing:  # what the table holds goes first: it never reached the engine
            self.start_over()
            self.say_put_back()
        else:
            super().undo()

    # --- the shared privilege question (BB-12.5, BB-17.5.4, BB-17.5.6) ---------------------------

    def window_words(self, window: ResponseWindow) -> WindowWords:
        t = self.tr_.text
        holder = self.game.state.holder
        assert holder is not None
        return WindowWords(t("table.ask_privilege", holder=self.game.names[holder]),
                           ("no_privilege", t("table.no_privilege")), ("privilege", t("table.have_privilege")),
                           t("table.who_title"), t("table.who"), ("no_privilege_round", t("table.no_privilege_round")))

    def offer_answer(self, seat: int, window: ResponseWindow) -> None:
        t = self.tr_.text
        plays = self._privilege_plays(seat)
        cards = list(dict.fromkeys(m.card for m in plays))
        # The seat asked is the one looking: its own privileges, which a sighted player sees on its buttons, are named.
        self.say(t("table.prompt.privilege", player=self.game.names[seat],
                   cards="; ".join(title(self.tr_, card) for card in cards)) if plays
                 else t("table.prompt.no_privilege", player=self.game.names[seat]))
        for card in cards:
            self.button(f"play:{card}", t("table.play", card=title(self.tr_, card)), self._privilege_button(card))

    def _privilege_button(self, card: str) -> Callable[[], None]:
        return lambda: self.play_privilege(card)

    def play_privilege(self, card: str) -> None:
        """A privilege's button: its one play, or a question when it names two slots or a person."""
        seat = self.answering
        if seat is None:
            return
        moves = [m for m in self._privilege_plays(seat) if m.card == card]
        if len(moves) > 1:
            labels = [self._play_label(m) for m in moves]
            chosen = self.ask(title(self.tr_, card), self.tr_.text("table.which"), labels)
            if not 0 <= chosen < len(moves):
                return
            moves = [moves[chosen]]
        if moves:
            self.play_privilege_move(moves[0])

    def _play_label(self, move: Move) -> str:
        if isinstance(move, PlayClaim):
            return self.tr_.text(f"slot.{move.slot}")
        if isinstance(move, PlaySpecialGift):
            return self.game.names[move.to]
        return title(self.tr_, getattr(move, "card", ""))

    def play_privilege_move(self, move: Move) -> None:
        """The players polled before the one who said yes pass this time (the first in priority plays)."""
        state = self.game.state
        if state.phase == WINDOW and move.player in state.poll and move in self._privilege_plays(move.player):
            while self.game.state.poll[0] != move.player:
                self.game.match.play(PassPrivilege(self.game.state.poll[0], False))
        self.play(move)

    # --- a hint (desktop/frame/seat_hint.py) ------------------------------------------------------

    def hint_moves(self, seat: int) -> list[Move]:
        """The picks that keep the cards already chosen, the arrangements that keep the cards already placed."""
        legal = super().hint_moves(seat)
        if self.picks:
            legal = [m for m in legal if isinstance(m, PickCards) and set(self.picks) <= m.cards()]
        if self.placing:
            legal = [m for m in legal if isinstance(m, Arrange)
                     and all(getattr(m, slot) == card for slot, card in self.placing.items())]
        return legal

    def hint_gesture(self, move: Move) -> tuple[str, str] | None:
        """A pick or an arrangement is made a card at a time: the next card of it."""
        dests = self.scene.dests
        if isinstance(move, PickCards):
            card = next((c for c in self.game.state.circle if c in move.cards() and c not in self.picks), None)
            return (card, TRAY_KEY) if card is not None and TRAY_KEY in dests.get(card, {}) else None
        if isinstance(move, Arrange):
            for slot in SLOT_NAMES:
                card = getattr(move, slot)
                if slot not in self.placing and slot_key(slot) in dests.get(card, {}):
                    return card, slot_key(slot)
            return None
        return super().hint_gesture(move)

    def hint_words(self, move: Move, gesture: tuple[str, str] | None) -> str:
        t = self.tr_.text
        name = self.tr_
        if isinstance(move, PickCards):
            cards = [c for c in self.game.state.circle if c is not None and c in move.cards()]
            return t("hint.do.pick", cards=", ".join(title(name, c) for c in cards))
        if isinstance(move, Arrange):
            return t("hint.do.arrange", keep=title(name, move.keep), gift=title(name, move.gift),
                     discard=title(name, move.discard))
        if isinstance(move, (OfferGift, RefuseGift)):
            return t("hint.do.give", player=self.seat_name(move.to))
        if isinstance(move, AcceptGift):
            return t("hint.do.accept")
        if isinstance(move, (PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift)):
            return t("table.play", card=title(name, move.card))
        return super().hint_words(move, gesture)

    # --- refused drops: ask the rules why ------------------------------------------------

    def _on_refused(self, card: str, target: str) -> None:
        seat = self.looking
        if target.startswith("guest:"):
            target = seat_key(int(target[6:]))  # the guest card stands for its display
        lit = self.scene.dests.get(card, {})
        if target in lit:
            self._on_move(lit[target])
            return
        move = self._meant(seat, card, target) if seat is not None else None
        if move is None:
            self.show_message(self.tr_.text("status.drop_outside"))
            self.scene.redraw()
        else:
            self.explain(move)

    def meant_move(self, card: str, target: str) -> Move | None:
        seat = self.looking
        return self._meant(seat, card, target) if seat is not None else None

    def _meant(self, seat: int, card: str, target: str) -> Move | None:
        """The move a drop stands for, legal or not, so the engine can say why it refuses it."""
        state = self.game.state
        to = int(target[5:]) if target.startswith("seat:") else None
        slot = target.split(":")[1] if target.startswith(("in:", "slot:")) else None
        if card == in_slot_key("gift") and to is not None:
            if to == seat:
                return ClaimGift(seat) if state.phase == CATCH_UP else AcceptGift(seat)
            return OfferGift(seat, to) if seat == state.active and state.phase == OFFER else RefuseGift(seat, to)
        priv = self.game.engine.privilege_cards.get(card)
        if priv is None or card not in state.privileges[seat]:
            return None
        if priv.kind == "claim" and slot is not None:
            return PlayClaim(seat, card, slot)
        if priv.kind == "exchange" and slot is not None:
            return PlayExchange(seat, card)
        if priv.kind == "give_back":
            return PlayGiveBack(seat, card)
        if priv.kind == "special_gift" and to is not None:
            return PlaySpecialGift(seat, card, to)
        return None

    # --- words on the table --------------------------------------------------------------------

    def _statuses(self, view: BanquetState) -> dict[int, str]:
        t = self.tr_.text
        out: dict[int, str] = {}
        for seat in range(view.seats):
            if view.guests[seat] is None:
                out[seat] = t("table.status.out")
            elif seat == view.holder:
                out[seat] = t("table.status.holder")
            elif view.phase == OVER:
                continue  # the banquet is over: who hosted or refused the last gift no longer matters
            elif seat == view.active:
                out[seat] = t("table.status.host")
            elif seat in view.offered:
                out[seat] = t("table.status.refused")
        return out

    def _fates(self, view: BanquetState, viewer: int | None) -> dict[str, str]:
        """Where each of the round's three cards went, as far as the eyes looking may know (BB-17.4)."""
        t = self.tr_.text
        out: dict[str, str] = {}
        for card in view.picked:
            owner = next((s for s in range(view.seats) if card in view.rows[s]), None)
            if owner is not None:
                out[card] = t("table.fate.row", player=self.game.names[owner])
            elif view.pending is not None and view.pending.card == card:
                out[card] = t("table.fate.waiting", player=self.game.names[view.pending.to])
            elif card in view.removed:
                out[card] = t("table.fate.removed")
            elif viewer is not None and viewer == view.active:
                slot = next((s for s, c in view.slots.items() if c == card), None)
                out[card] = t(f"slot.{slot}") if slot is not None else ""
        return out

    def _progress(self, view: BanquetState, viewer: int | None) -> dict[int, str]:
        """Objective progress names the objective: only for its owner, or a guest everyone knows (BB-17.3)."""
        judge = self.game.engine.judge
        out: dict[int, str] = {}
        for seat in range(view.seats):
            guest = view.guests[seat]
            if guest is None or guest == HIDDEN:
                continue
            if seat != viewer and guest not in self.game.engine.public_guests and view.phase != OVER:
                continue
            parts = [self.tr_.text(f"table.progress.{op}", now=now, need=max(need, 1))
                     for op, now, need in judge.progress(view, seat)]
            out[seat] = "\n".join(parts)
        return out

    def _seat_notes(self, view: BanquetState) -> dict[int, str]:
        t = self.tr_.text
        judge = self.game.engine.judge
        out: dict[int, str] = {}
        for seat in range(view.seats):
            parts = [t("table.note.wine", points=judge.wine_points(view.rows[seat]))]
            earlier = [title(self.tr_, g) for s, g in view.knockouts if s == seat]
            if earlier:
                parts.append(t("table.note.earlier", guests=", ".join(earlier)))
            if len(view.privileges[seat]):
                parts.append(t("table.note.privileges", count=len(view.privileges[seat])))
            out[seat] = "  ·  ".join(parts)
        return out

    def _lines(self, view: BanquetState, viewer: int | None) -> dict[str, str]:
        t = self.tr_.text
        names = self.game.names
        judge = self.game.engine.judge
        host = names[view.active]
        if view.phase == OVER:
            status = self.end_text()
        else:
            doing = {PICK: "table.doing.pick", ARRANGE: "table.doing.arrange", OFFER: "table.doing.offer"}
            who = view.holder if view.holder is not None else view.claimant
            if view.phase in doing:
                what = t(doing[view.phase], player=host)
            elif view.phase == CATCH_UP and who is not None:
                what = t("table.doing.catch_up", player=names[who])
            elif view.phase in (WINDOW, RESPOND) and who is not None:
                what = t("table.doing.gift", player=names[who])
            elif view.phase == RESOLVE and view.pending is not None:
                what = t("table.doing.resolve", player=names[view.pending.to], card=title(self.tr_, view.pending.card))
            else:
                what = ""
            status = t("table.round", round=view.round) + " — " + what
        info = [t("table.info.daggers", count=judge.daggers_on_table(view)),
                t("table.info.knockouts", count=len(view.knockouts)),
                t("table.info.stack", count=len(view.guest_stack))]
        if view.options.get("privileges") != "off":
            info.append(t("table.info.privilege_used" if view.privilege_used else "table.info.privilege_free"))
        tray = "table.tray.picks" if view.phase == PICK and viewer == view.active else "table.tray"
        return {"status": status, "news": self._news(), "slots": t("table.slots", player=host),
                "tray": t(tray), "info": "\n".join(info)}

    def _news(self) -> str:
        """The last step's events everybody should notice (a knock-out, a privilege, a card taken)."""
        events = [e for e in self._public(self.game.match.last_events()) if e.kind in NEWS]
        return "   ".join(self.event_text(e) for e in events[-3:])

    # --- the log -----------------------------------------------------------------------------

    def _public(self, events: list[Event]) -> list[Event]:
        """Raw events carry secret faces; the screen shows them as a player at no seat sees them (BB-17.2)."""
        return self.game.engine.log_view(self.game.state, events, PUBLIC)

    def event_text(self, event: Event) -> str:
        names = self.game.names
        params: dict[str, object] = {}
        for name, value in event.params.items():
            if (name in _SEAT_PARAMS and name not in _VALUE_PARAMS.get(event.kind, ())
                    and isinstance(value, int) and 0 <= value < len(names)):
                params[name] = names[value]
            elif name in ("card", "guest", "discard", "keep", "gift", "by") and isinstance(value, str):
                params[name] = title(self.tr_, value)
            elif name in ("slot", "first", "second") and isinstance(value, str):
                params[name] = self.tr_.text(f"slot.{value}")
            elif name == "winners" and isinstance(value, list):
                params[name] = ", ".join(names[w] for w in value)
            elif isinstance(value, list):
                params[name] = len(value)
            else:
                params[name] = value
        key = f"table.event.{event.kind}"
        if not self.tr_.game.has(key):
            key = f"event.{event.kind}"
        try:
            return self.tr_.text(key, **params)
        except (KeyError, IndexError, ValueError):
            return event.kind

    def end_text(self) -> str:
        state = self.game.state
        t = self.tr_.text
        if state.end_reason == "won":
            winners = [t("table.winner_is", player=self.game.names[w], guest=title(self.tr_, state.guests[w] or ""))
                       for w in state.winners]
            return t("end.won", winners=", ".join(winners), count=len(winners))  # "Winner: Ada", one of them
        return t(f"end.{state.end_reason}")

    # --- the card under the pointer --------------------------------------------------------------

    def card_under(self, key: str) -> str | None:
        """The card an item shows, read from the drawn view: only what the person looking may see."""
        drawing = self.scene.drawing
        if drawing is None or key not in self.scene.items_by_key:
            return None
        view = drawing.view
        card: str | None = None
        if key.startswith("in:"):
            card = view.slots.get(key[3:])
        elif key.startswith("guest:"):
            card = view.guests[int(key[6:])]
        elif key == REMOVED_KEY:
            card = view.removed[-1] if view.removed else None
        elif ":" not in key:
            card = key
        return None if card is None or card == HIDDEN else card

    def detail_of(self, key: str) -> tuple[CardFace, str] | None:
        card = self.card_under(key)
        if card is None or card_kind(card) not in {*self.faces.actions, *self.faces.guests, *self.faces.privileges}:
            return None
        return self.faces.detail_face(card), self.faces.detail_html(card)
