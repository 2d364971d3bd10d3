"""Chrononauts and Artifaxx for 2-6 people sharing one screen (hot-seat).

The window draws views, never the state: a private view only once the person it belongs to has
lifted the curtain, the public view (a non-player's) otherwise. Which moves exist comes from
legal_moves alone; this module only maps them onto cards, seats, zones and buttons.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QListWidget

import cardsets
from desktop.frame.card_item import CardFace
from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel
from desktop.frame.seat_table import SeatGame, SeatTable, WindowWords, add_seat_items
from desktop.games.chrononauts.card_chooser import CardChooser, Choice
from desktop.games.chrononauts.faces import ChrononautsFaces, full_face
from desktop.games.chrononauts.full_scene import STACK_KEY, FullScene, Seating, artifact_key, direction_key, seat_key
from desktop.games.chrononauts.solonauts_scene import DISCARD_KEY
from rules.chrononauts.full import ChrononautsEngine
from rules.chrononauts.full_state import CHOOSE_QUICK_TRIP, CHOOSE_REWIND, ID, MIRACLE, FullState
from rules.chrononauts.moves import (ChooseQuickTrip, ChooseRewind, KeepDeal, KillTime, MiracleStop, Mulligan, PlayCard,
                                     PlayMemo, PlayOnArtifact)
from rules.chrononauts.timeline import card_kind
from rules.kernel import PUBLIC, Event, Move, ResponseWindow
from rules.match import Match

Dests = dict[str, dict[str, Move]]


class HotSeatGame(SeatGame):
    """A Chrononauts or Artifaxx match with the names of the people at each seat."""

    fixed_options = {"response_mode": "shared"}  # one screen: one shared Memo prompt
    bot_options = {"response_mode": "each"}  # a computer lets a card stand for itself, not for the whole table

    match: Match[FullState]

    @classmethod
    def new(cls, mode: str, names: list[str], options: dict[str, Any], seed: int) -> HotSeatGame:
        game = cls.start("chrononauts", mode, names, options, seed)
        assert isinstance(game, HotSeatGame)
        return game

    @property
    def engine(self) -> ChrononautsEngine:
        eng = self.match.engine
        assert isinstance(eng, ChrononautsEngine)
        return eng

    @property
    def state(self) -> FullState:
        state: FullState = self.match.state
        return state

    def view(self, seat: int) -> FullState:
        view: FullState = super().view(seat)
        return view

    def secret_differs(self, seat: int) -> bool:
        """Does `seat` see anything the public view hides (hand, ID, Mission, mini-hand, a search)?"""
        own, public = self.view(seat), self.view(PUBLIC)
        return (own.hands[seat] != public.hands[seat] or own.ids[seat] != public.ids[seat]
                or own.missions[seat] != public.missions[seat] or own.mini != public.mini or own.draw != public.draw)

    def target_key(self, card: str, target: int | None) -> str:
        """Where on the table a card lands for `target` (the kinds of target differ by card)."""
        if target is None:
            return STACK_KEY
        kind = self.engine.effect(self.state, card)
        if kind == "discontinuity":
            return direction_key(target)
        if kind in ("new_mission", "parents_never_met"):
            return seat_key(target)
        return f"tl:{target}"

    def dests(self, seat: int) -> Dests:
        """card -> key it lands on -> move, from the engine's gestures of the legal moves."""
        out: Dests = {}
        for move in self.match.legal_moves(seat):
            found = self.engine.gesture(self.state, move)
            if found is None:
                continue
            card, target = found
            if isinstance(move, PlayOnArtifact) and isinstance(target, str):
                key = artifact_key(target)
            elif target == "discard":
                key = DISCARD_KEY
            else:
                key = self.target_key(card, target if isinstance(target, int) else None)
            out.setdefault(card, {})[key] = move
        return out


class ChrononautsTable(SeatTable):
    """Chrononauts and Artifaxx for 2-6 people: the timeline, the seats, one hand, the shared Memo prompt."""

    GAME = "chrononauts"
    GAME_CLASS = HotSeatGame
    END_EVENTS = frozenset({"game_won", "universe_destroyed", "game_ended"})
    RESPONSE_WINDOWS = True

    game: HotSeatGame
    scene: FullScene

    def __init__(self, tr: Translator, game: HotSeatGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None) -> None:
        super().__init__(tr, game, autosave, log, detail)
        # Killing Time (CHR-7.2b) with one card is one drop on the discard pile. With two it is asked for with
        # the bar's button (`kill_two`); then the first card is held here (not in the engine) until the second.
        self.kill_two = False
        self.kill_first: KillTime | None = None
        self.refresh()

    def make_scene(self) -> FullScene:
        self.faces = ChrononautsFaces(cardsets.load_chrononauts(), self.game.engine.rules, self.tr_)
        return FullScene(self.faces, self.tr_, timeline=self.game.engine.mode != "artifaxx")

    @classmethod
    def setup_options(cls, tr: Translator, form: QFormLayout) -> Callable[[int], dict[str, Any]]:
        mulligan = QCheckBox(tr.text("hs.mission_mulligan"))
        mulligan.setChecked(True)
        form.addRow(mulligan)
        first = QComboBox()
        first.addItem(tr.text("hs.first_random"), "random")
        add_seat_items(first, tr, cls.SEATS[1])
        form.addRow(tr.text("hs.first_player"), first)

        def read(players: int) -> dict[str, Any]:
            chosen = first.currentData()
            return {"mission_mulligan": mulligan.isChecked(),
                    "first_player": chosen if chosen == "random" or chosen < players else "random"}
        return read

    def pick(self, title: str, text: str, items: list[Choice]) -> int:
        """Choose among many (a Rewind or a Quick Trip can offer dozens): the cards themselves, clickable."""
        dialog = CardChooser(self, title, text, items, self.tr_.text("hs.nothing"))
        dialog.exec()
        return dialog.chosen

    # --- who decides, and what they may see --------------------------------------------

    def draw(self, viewer: int | None, curtain: str) -> None:
        game = self.game
        view = game.view(PUBLIC if viewer is None else viewer)
        dests = game.dests(viewer) if viewer is not None else {}
        pending = self._pending_kill(viewer)
        if pending is not None:
            view, dests = self._kill_second_table(view, pending, viewer)
        # Words of the plate's own, short enough for its band: the set-up dialog's "Computer — makkelijk" took two
        # lines under the name, and five such seats made the table taller, so smaller, so cut everywhere.
        computers = {seat: self.tr_.text(f"hs.seat_computer_{level}") for seat, level in game.bots.items()}
        seating = Seating(game.names, viewer, game.engine.to_act(game.state), curtain, self._window_text(game.state),
                          computers, timeline=game.engine.mode != "artifaxx")
        self.scene.show_full(view, dests, seating)

    def _pending_kill(self, viewer: int | None) -> KillTime | None:
        """The held first card of Killing Time, if its player is still the one looking and may go on."""
        held = self.kill_first
        if held is not None and (viewer != held.player or held not in self.game.match.legal_moves(held.player)):
            held = self.kill_first = None  # an undo, a new game or another player: the choice lapses
        if self.kill_two and (viewer is None or not self._may_kill_two(viewer)):
            self.kill_two = False
        return held

    def _may_kill_two(self, seat: int) -> bool:
        return any(isinstance(m, KillTime) and m.second is not None for m in self.game.match.legal_moves(seat))

    def _kill_second_table(self, view: FullState, held: KillTime, seat: int | None) -> tuple[FullState, Dests]:
        """Draw the first card already on the discard; only the legal second cards may follow it."""
        assert seat is not None
        hands = [list(h) for h in view.hands]
        hands[seat] = [c for c in hands[seat] if c != held.first]
        drawn = replace(view, hands=hands, discard=[*view.discard, held.first])
        dests: Dests = {}
        for move in self.game.match.legal_moves(seat):
            if isinstance(move, KillTime) and move.first == held.first and move.second is not None:
                dests[move.second] = {DISCARD_KEY: move}
        return drawn, dests

    def _window_text(self, state: FullState) -> str:
        if state.window is None or not state.stack:
            return self.tr_.text("hs.resolving")
        return self.tr_.text("hs.window_open", card=self._answered(state),
                             players=", ".join(self.game.names[q] for q in state.window))

    def _answered(self, state: FullState) -> str:
        """The card a Memo would cancel, with what it was played on (CHR-8.1 names it aloud): whether to cancel
        Reverse Fate hangs on the linchpin it turns, New Mission on whose Mission it takes."""
        entry = state.stack[-1]
        return self.target_text(entry.card, entry.target, entry.artifact)

    # --- the buttons of the moment ----------------------------------------------------

    def offer(self, viewer: int | None) -> None:
        state = self.game.state
        if viewer is not None:
            self._offer_private(state, viewer)

    def window_words(self, window: ResponseWindow) -> WindowWords:
        t = self.tr_.text
        card = self._answered(self.game.state)
        return WindowWords(t("hs.memo_prompt", card=card), ("nobody", t("hs.nobody")), ("memo", t("hs.have_memo")),
                           t("hs.who_title"), t("hs.who"))

    def offer_answer(self, seat: int, window: ResponseWindow) -> None:
        """A Memo is played by dragging it onto the card it cancels; without one, say so (behind the curtain)."""
        has_memo = any(isinstance(move, PlayMemo) for move in self.game.match.legal_moves(seat))
        self.say(self.tr_.text("hs.memo_private" if has_memo else "hs.memo_none", player=self.game.names[seat]))

    def _offer_private(self, state: FullState, seat: int) -> None:
        t = self.tr_.text
        name = self.game.names[seat]
        legal = self.game.match.legal_moves(seat)
        top = state.stack[-1] if state.stack else None
        if state.setup:
            self.say(self._setup_question(state, seat))
            for move in legal:
                key = "keep" if isinstance(move, KeepDeal) else "mulligan"
                self.button(key, t(f"hs.{key}"), self.player(move))
        elif self.kill_first is not None:
            self.say(t("hs.kill_second", player=name, card=self.tr_.card_title(self.kill_first.first)))
            self.button("done", t("hs.kill_done"), self.kill_done)
            self.button("take_back", t("hs.kill_take_back"), self.kill_take_back)
        elif self.kill_two:
            self.say(t("hs.kill_two_first", player=name))
            self.button("kill_one", t("hs.kill_one"), self.kill_take_back)
        elif top is not None and top.stage in (CHOOSE_REWIND, CHOOSE_QUICK_TRIP):
            self.say(t(f"hs.choose_{top.stage}", player=name))
            self.button("choose", t("hs.choose"), self.choose)
        elif top is not None and top.stage == MIRACLE:
            self.say(t("hs.miracle", player=name, plays=state.miracle_plays))
            for move in legal:
                if isinstance(move, MiracleStop):
                    self.button("stop", t("hs.miracle_stop"), self.player(move))
        else:
            only_kill = bool(legal) and all(isinstance(move, KillTime) for move in legal)
            # Nothing lit but the discard pile: say what is left.
            self.say(t("hs.only_kill_time", player=name) if only_kill else
                     t("hs.your_turn", player=name, steps=state.steps))
            if self._may_kill_two(seat):
                self.button("kill_two", t("hs.kill_two"), self.kill_with_two)

    def _setup_question(self, state: FullState, seat: int) -> str:
        """Keep or swap the card dealt, named (CHR-6.6): the seat asked is the one looking, alone (`offer` asks only
        the viewer), so its own ID or Mission is said as it is shown; after an ID swapped, the new ID too."""
        t, title, name = self.tr_.text, self.tr_.card_title, self.game.names[seat]
        kind = state.setup[0][1]
        own_id = state.ids[seat]
        card = (own_id if kind == ID else state.missions[seat]) or ""
        moves = self.game.match.moves
        last = moves[-1] if moves else None
        if kind != ID and isinstance(last, Mulligan) and last.player == seat and last.kind == ID and own_id:
            return t("hs.setup_mission_new_id", player=name, id=title(own_id), card=title(card))
        return t(f"hs.setup_{kind}", player=name, card=title(card))

    # --- the card under the pointer ----------------------------------------------------------

    def card_under(self, key: str) -> str | None:
        """The card an item shows; only items of the drawn view exist, so nothing secret comes out."""
        view = self.scene.full_view
        if view is None or key.startswith(("seat:", "dir:")) or key in (STACK_KEY, "zone:deck"):
            return None
        if key not in self.scene.items_by_key:
            return None  # not drawn for the person looking now (another player's hand, a hidden ID)
        viewer = self.scene.seating.viewer
        if key == DISCARD_KEY:
            return view.discard[-1] if view.discard else None
        if key.startswith("art:"):
            return key[4:]
        if key.startswith("stack:"):
            return key.split(":", 2)[2]
        if key.startswith("own:"):
            if viewer is None:
                return None
            return view.ids[viewer] if key == "own:id" else view.missions[viewer]
        return key

    def detail_of(self, key: str) -> tuple[CardFace, str] | None:
        shown = self._card_detail(key)
        if shown is None or key != DISCARD_KEY:
            return shown
        face, text = shown  # the pile's top card, said to be the discard pile's (issue #36)
        return face, f"<p><b>{html.escape(self.tr_.text('a11y.discard_pile'))}</b></p>{text}"

    def _card_detail(self, key: str) -> tuple[CardFace, str] | None:
        view = self.scene.full_view
        card = self.card_under(key)
        if view is None or card is None:
            return None
        if key.startswith("tl:") or card_kind(card) in self.faces.rules.inverters or card_kind(card) in self.faces.rules.patches:
            return self.faces.detail(key if key.startswith("tl:") else card, view.timeline)
        kind = card_kind(card)
        if kind in self.faces.rules.identities:  # the goal and how far it is, as in Solonauts
            return full_face(self.faces, card), self.faces.detail(card, view.timeline)[1]
        name = self.tr_.card_title(card)
        body = self.tr_.text(f"{kind}.text")
        return (full_face(self.faces, card),
                f"<h3>{html.escape(name)}</h3><p>{html.escape(body)}</p>{self.faces.provenance_of(kind)}")

    # --- choosers -----------------------------------------------------------------------

    def target_text(self, card: str, target: int | None, artifact: str | None) -> str:
        title = self.tr_.card_title(card)
        if artifact is not None:
            return f"{title} → {self.tr_.card_title(artifact)}"
        if target is None:
            return title
        key = self.game.target_key(card, target)
        if key.startswith("seat:"):
            return f"{title} → {self.game.names[target]}"
        if key.startswith("dir:"):
            return f"{title} → {self.tr_.text('hs.clockwise' if target == 1 else 'hs.counterclockwise')}"
        return f"{title} → {target}"

    def choose(self) -> None:
        """Rewind or Quick Trip: the candidate cards, sorted, as buttons."""
        seat = self.decider()
        if seat is None or self.looking != seat:
            return
        moves = [m for m in self.game.match.legal_moves(seat) if isinstance(m, (ChooseRewind, ChooseQuickTrip))]
        choices = []
        for m in moves:
            assert isinstance(m, (ChooseRewind, ChooseQuickTrip))
            choices.append(Choice(self.tr_.text("hs.nothing"), None) if m.card is None else
                           Choice(self.target_text(m.card, m.target, m.artifact), full_face(self.faces, m.card)))
        # Quick Trip: copies of one card with one target look alike and the draw pile is shuffled afterwards,
        # so one button each is enough. Rewind keeps them all: which copy leaves the public discard shows.
        firsts: dict[str, int] = {}
        for i, choice in enumerate(choices):
            firsts.setdefault(choice.label if isinstance(moves[i], ChooseQuickTrip) else str(i), i)
        order = sorted(firsts.values(), key=lambda i: (choices[i].face is not None, choices[i].label))
        chosen = self.pick(self.tr_.text("hs.choose").rstrip("…."), self.tr_.text("hs.choose_text"),
                           [choices[i] for i in order])
        if 0 <= chosen < len(order):
            self.play(moves[order[chosen]])

    # --- playing ------------------------------------------------------------------------

    def _on_move(self, move: object) -> None:
        assert isinstance(move, Move)
        if isinstance(move, KillTime) and move.second is None and self.kill_two and self._may_add_second(move):
            self.kill_first = move  # the engine takes both cards in one move: wait for the second or Done
            self.message.clear()
            self.refresh()
            return
        self.kill_first = None
        self.kill_two = False
        self.play(move)

    def _may_add_second(self, move: KillTime) -> bool:
        """Killing Time: one card is enough, a second may go with it (CHR-7.2b)."""
        return any(isinstance(m, KillTime) and m.first == move.first and m.second is not None
                   for m in self.game.match.legal_moves(move.player))

    def kill_with_two(self) -> None:
        """The bar's "Discard two": the next two cards dropped on the discard pile go together."""
        self.kill_two = True
        self.refresh()

    def kill_done(self) -> None:
        """Killing Time with the first card alone."""
        held, self.kill_first = self.kill_first, None
        self.kill_two = False
        if held is not None:
            self.play(held)

    def kill_take_back(self) -> None:
        """The first card back into the hand, and a drop on the discard pile is one card again: nothing was
        played yet."""
        self.kill_first = None
        self.kill_two = False
        self.refresh()

    def meant_move(self, card: str, target: str) -> Move | None:
        seat = self.looking
        if seat is None or not target:
            return None
        if target.startswith(("tl:", "seat:", "dir:")):
            return PlayCard(seat, card, int(target.split(":")[1]))
        if target.startswith("art:"):
            return PlayOnArtifact(seat, card, target[4:])
        if target == STACK_KEY:
            return PlayMemo(seat, card) if self.game.state.window is not None else PlayCard(seat, card)
        if target == DISCARD_KEY:
            return KillTime(seat, card)
        return None

    def can_take_back(self) -> bool:
        return self.can_undo() or self.kill_first is not None or self.kill_two

    # --- a hint (desktop/frame/seat_hint.py) ------------------------------------------------------

    def hint_moves(self, seat: int) -> list[Move]:
        """None while Killing Time's first card waits for a second: that choice is half made."""
        return [] if self.kill_first is not None else super().hint_moves(seat)

    def hint_gesture(self, move: Move) -> tuple[str, str] | None:
        if isinstance(move, KillTime) and DISCARD_KEY in self.scene.dests.get(move.first, {}):
            return move.first, DISCARD_KEY  # the second card is named in the line, and asked for next
        return super().hint_gesture(move)

    def hint_words(self, move: Move, gesture: tuple[str, str] | None) -> str:
        t, title = self.tr_.text, self.tr_.card_title
        if isinstance(move, (KeepDeal, Mulligan)):
            seat = move.player
            dealt = self.game.view(seat).ids[seat] if move.kind == "id" else self.game.view(seat).missions[seat]
            if dealt is not None:
                return t("hint.do.keep" if isinstance(move, KeepDeal) else "hint.do.swap", card=title(dealt))
        if isinstance(move, KillTime):
            cards = [title(c) for c in (move.first, move.second) if c is not None]
            return t("hint.do.kill_time", cards=" + ".join(cards))
        if isinstance(move, (ChooseRewind, ChooseQuickTrip)):
            if move.card is None:
                return t("hint.do.choose_nothing")
            return t("hint.do.choose", card=self.target_text(move.card, move.target, move.artifact))
        if isinstance(move, (PlayCard, PlayMemo, PlayOnArtifact)):
            target = getattr(move, "target", None)
            artifact = getattr(move, "artifact", None)
            if gesture is not None and (gesture[1] == STACK_KEY or (target is None and artifact is None)):
                return t("hint.do.play", card=title(move.card))
            place = self.target_text(move.card, target, artifact).split(" → ", 1)[-1]
            return t("hint.do.play_on", card=title(move.card), target=place)
        return super().hint_words(move, gesture)

    def hint_card_name(self, card: str) -> str:
        return self.tr_.card_title(card)  # a card on the stack is no item of its own

    def undo(self) -> None:
        if self.kill_first is not None or self.kill_two:  # the held card first: it never reached the engine
            self.kill_take_back()
            self.say_put_back()
        else:
            super().undo()

    def end_text(self) -> str:
        state = self.game.state
        t = self.tr_.text
        if state.result == "won" and state.winner is not None:
            how = ", ".join(t(f"hs.won_by.{w}") for w in state.won_by)
            return t("hs.won", player=self.game.names[state.winner], how=how)
        if state.result == "destroyed":
            return t("end.destroyed")
        return t("end.turn_limit")

    def event_text(self, event: Event) -> str:
        params: dict[str, object] = {}
        for name, value in event.params.items():
            if name in ("player", "winner") and isinstance(value, int) and 0 <= value < len(self.game.names):
                params[name] = self.game.names[value]
            elif name in ("card", "id", "against") and isinstance(value, str):
                params[name] = self.tr_.card_title(value)
            elif isinstance(value, list):
                params[name] = len(value)
                if name == "cards":
                    params["count"] = len(value)
            else:
                params[name] = value
        if event.kind == "cards_drawn" and "player" in params:  # the Solonauts line says "you"
            return self.tr_.text("hs.event.cards_drawn", **params)
        key = f"full.event.{event.kind}" if self.tr_.game.has(f"full.event.{event.kind}") else f"event.{event.kind}"
        if event.kind in ("deal_kept", "mulligan"):  # which card was kept or swapped, the ID or the Mission (CHR-6.6)
            key = f"event.{event.kind}_{event.params.get('kind')}"
        elif event.kind == "hands_passed":  # which way, and so whose hand each player now holds (CHR-9.4.4)
            key = f"event.hands_passed_{event.params.get('direction')}"
        try:
            return self.tr_.text(key, **params)
        except (KeyError, IndexError, ValueError):  # an event whose text needs what we did not give
            return event.kind
