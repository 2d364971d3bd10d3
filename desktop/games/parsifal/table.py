"""Parsifal, a game of tarots, for 2-6 people sharing one screen (PAR-15).

Nothing in Parsifal is secret but the order of the deck (PAR-1.3), so every seat's view equals
the public one and no curtain ever falls. Which moves exist comes from legal_moves alone: each
legal move is mapped onto a gesture (a card dropped on a character or a zone, PAR-15.5), the
rest onto buttons; a refused gesture is explained by asking the engine why.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QListWidget

from desktop.frame.card_item import CardFace
from desktop.frame.i18n import Translator
from desktop.frame.origin import origin_html
from desktop.frame.panels import DetailPanel
from desktop.frame.seat_table import SeatGame, SeatTable, WindowWords, add_seat_items
from desktop.games.parsifal.faces import ParsifalFaces
from desktop.games.parsifal.scene import COMMON_KEY, LIMBO_KEY, PENDING_KEY, ParsifalScene, Seating, area_key
from rules.kernel import PUBLIC, Description, Event, Move, ResponseWindow, RulesError
from rules.match import Match
from rules.parsifal import (Abandon, Block, Decline, EndTurn, Free, HandOver, Interrupt, ParsifalEngine, ParState,
                            SpendForExtra, Take, card_type)
from rules.parsifal.engine import ROUNDS_DEFAULT, ROUNDS_MAX, ROUNDS_MIN, UNLIMITED
from rules.parsifal.missions import conditions

Gesture = tuple[str, str]  # the card moved, the key it lands on
Dests = dict[str, dict[str, Move]]


class ParsifalGame(SeatGame):
    """A Parsifal match with the names of the people at each seat."""

    match: Match[ParState]

    @property
    def engine(self) -> ParsifalEngine:
        eng = self.match.engine
        assert isinstance(eng, ParsifalEngine)
        return eng

    @property
    def state(self) -> ParState:
        state: ParState = self.match.state
        return state

    def view(self, seat: int) -> ParState:
        view: ParState = super().view(seat)
        return view


class ParsifalTable(SeatTable):
    """The deck, the common area, Limbo and the control areas; interrupts through one shared prompt."""

    GAME = "parsifal"
    GAME_CLASS = ParsifalGame
    END_EVENTS = frozenset({"game_won", "game_drawn"})
    RESPONSE_WINDOWS = True

    game: ParsifalGame
    scene: ParsifalScene

    def __init__(self, tr: Translator, game: ParsifalGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None) -> None:
        super().__init__(tr, game, autosave, log, detail)
        self.groups: dict[Gesture, list[Move]] = {}  # every legal move behind each lit landing
        self.refresh()

    def make_scene(self) -> ParsifalScene:
        self.faces = ParsifalFaces(self.game.engine.cards, self.tr_)
        return ParsifalScene(self.faces, self.tr_)

    @classmethod
    def setup_options(cls, tr: Translator, form: QFormLayout) -> Callable[[int], dict[str, Any]]:
        """PAR-3.1: who starts, which way play goes, how long play lasts once the deck is spent."""
        first = QComboBox()
        add_seat_items(first, tr, cls.SEATS[1])
        form.addRow(tr.text("hs.first_player"), first)
        direction = QComboBox()
        direction.addItem(tr.text("hs.clockwise"), "clockwise")
        direction.addItem(tr.text("hs.counterclockwise"), "counterclockwise")
        form.addRow(tr.text("setup.direction"), direction)
        rounds = QComboBox()
        for n in range(ROUNDS_MIN, ROUNDS_MAX + 1):
            rounds.addItem(str(n), n)
        rounds.addItem(tr.text("setup.unlimited"), UNLIMITED)
        rounds.setCurrentIndex(ROUNDS_DEFAULT - ROUNDS_MIN)
        form.addRow(tr.text("setup.rounds_after_deck"), rounds)

        def read(players: int) -> dict[str, Any]:
            chosen = first.currentData()
            return {"first_player": chosen if chosen < players else 0, "direction": direction.currentData(),
                    "rounds_after_deck": rounds.currentData()}
        return read

    # --- words ------------------------------------------------------------------------

    def name(self, instance: str) -> str:
        return self.faces.name(instance)

    def describe(self, move: Move) -> str:
        """A move in words, for buttons, choosers and the declared action (the engine's `describe`)."""
        return self.words(self.game.engine.describe(move))

    def words(self, said: Description) -> str:
        """The engine's words in the table's language: tarots by name, seats by their player's name."""
        params: dict[str, object] = {}
        for key, value in said.params.items():
            if isinstance(value, Description):
                params[key] = self.words(value)
            elif isinstance(value, tuple):
                params[key] = ", ".join(self.name(x) for x in value)
            elif key == "player" and isinstance(value, int):
                params[key] = self.seat_name(value)
            elif isinstance(value, str):
                params[key] = self.name(value)
        return self.tr_.text(said.key, **params)

    def _names(self, joined: str) -> str:
        return ", ".join(self.name(x) for x in joined.split(",") if x)

    def reason(self, error: RulesError) -> str:
        """A refused move in the player's language, naming tarots as the table does."""
        params: dict[str, object] = {}
        for key, value in error.params.items():
            params[key] = self.name(value) if key == "card" and isinstance(value, str) else value
        return self.tr_.text(error.code, **params)

    # --- who decides ------------------------------------------------------------------

    def waiting(self) -> list[int]:
        """Who may still interrupt the declared action, in turn order after the active player (PAR-6.8.6)."""
        window = self.game.engine.window(self.game.state)
        return [] if window is None else list(window.asked)

    # --- gestures (PAR-15.5) -----------------------------------------------------------

    def gesture(self, move: Move) -> Gesture | None:
        """Where a legal move is made by dragging (the engine's gesture, on this scene's keys): (card moved,
        key it lands on); None: a button."""
        found = self.game.engine.gesture(self.game.state, move)
        if found is None:
            return None
        card, target = found
        if isinstance(target, int):
            return card, area_key(target)
        if target is None:
            return None  # every Parsifal gesture lands somewhere
        return card, {"common": COMMON_KEY, "limbo": LIMBO_KEY, "pending": PENDING_KEY}.get(target, target)

    def guess(self, seat: int, card: str, target: str) -> Move | None:
        """The move a refused landing most plausibly meant, for the engine to say why it is refused."""
        state = self.game.state
        holder = state.holder_of(card)
        if target == PENDING_KEY:
            return Interrupt(seat, holder, card) if holder is not None else None
        if card in state.common and target in state.owner:
            return Take(seat, target, card)
        if holder is not None and target == COMMON_KEY:
            return Abandon(seat, holder, card)
        if holder is not None and target in state.owner:
            return HandOver(seat, holder, target, card)
        if card in state.owner and target in state.owner:
            return Free(seat, card, target) if state.is_blocked(target) else Block(seat, card, target)
        return None

    def dests_for(self, viewer: int | None) -> Dests:
        """Lit landings from legal_moves; the viewer's other cards may be picked up too, to learn why not."""
        self.groups = {}
        if viewer is None:
            return {}
        dests: Dests = {}
        for move in self.game.match.legal_moves(viewer):
            found = self.gesture(move)
            if found is not None:
                self.groups.setdefault(found, []).append(move)
                dests.setdefault(found[0], {}).setdefault(found[1], move)
        state = self.game.state
        mine = state.owned_by(viewer)
        held = [a for c in mine for a in state.held[c]]
        loose = held if state.step == "window" else [*mine, *held, *state.common]
        for card in loose:
            dests.setdefault(card, {})
        return dests

    # --- drawing ----------------------------------------------------------------------

    def draw(self, viewer: int | None, curtain: str) -> None:
        game = self.game
        view = game.view(PUBLIC if viewer is None else viewer)
        dests = self.dests_for(viewer)
        state = game.state
        pending = waiting = ""
        if state.step == "window" and state.pending is not None:
            pending = self.tr_.text("face.pending", player=self.seat_name(state.active),
                                    what=self.describe(state.pending))
            waiting = self.tr_.text("face.waiting", players=", ".join(self.seat_name(p) for p in self.waiting()))
        hand = [c for c in view.owned_by(viewer) if dests.get(c)] if viewer is not None else []
        seating = Seating(game.names, viewer, curtain, pending, waiting, self.tr_.text("label.turn", turn=view.turn),
                          # A finished game has no turn left to count ("1 turn left" under "Nobody wins" read wrong).
                          None if game.engine.is_over(view) else game.engine.post_deck_turns_left(view), hand, [self.seat_label(q) for q in range(len(game.names))])
        self.scene.show(view, dests, seating)

    # --- the buttons of the moment ------------------------------------------------------

    def offer(self, viewer: int | None) -> None:
        t = self.tr_.text
        state = self.game.state
        if viewer is None:
            return
        name = self.seat_name(viewer)
        legal = self.game.match.legal_moves(viewer)
        if state.step == "after_action":
            self.say(t("prompt.spend", player=name))
            for i, move in enumerate(m for m in legal if isinstance(m, SpendForExtra)):
                self.button(f"spend:{i}", self.describe(move), self.player(move))
        else:
            more = any(self.gesture(m) is None and not isinstance(m, EndTurn) for m in legal)
            if not any(self.scene.dests.values()):  # nothing lit: never ask for a lit target
                self.say(t("prompt.nothing_lit_more" if more else "prompt.nothing_lit", player=name))
            else:
                self.say(t("prompt.extra_action" if state.step == "extra" else "prompt.turn", player=name))
            if more:
                self.button("more", t("button.more"), self.more_actions)
        self.button("end_turn", t("button.end_turn"), self.player(EndTurn(viewer)))

    def more_actions(self) -> None:
        """The actions no single gesture makes (freeing or handing over several at once)."""
        seat = self.decider()
        if seat is None:
            return
        moves = [m for m in self.game.match.legal_moves(seat) if self.gesture(m) is None and not isinstance(m, EndTurn)]
        self._choose(moves, always=True)

    def _choose(self, moves: list[Move], always: bool = False) -> None:
        """One move among several (the same words twice mean the same effect: one button); a single one
        is played at once unless `always` (a button that names no move must show what it will do)."""
        labels: dict[str, Move] = {}
        for move in moves:
            labels.setdefault(self.describe(move), move)
        if len(labels) == 1 and not always:
            self.play(next(iter(labels.values())))
            return
        chosen = self.ask(self.tr_.text("choose.title"), self.tr_.text("choose.which"), list(labels))
        if 0 <= chosen < len(labels):
            self.play(list(labels.values())[chosen])
        else:
            self.scene.redraw()  # nothing chosen: a card dropped here goes home and its targets go out

    # --- the shared response prompt (PAR-6.8.6, PAR-15.6) ---------------------------------

    def window_words(self, window: ResponseWindow) -> WindowWords:
        t = self.tr_.text
        state = self.game.state
        assert state.pending is not None
        names = ", ".join(self.seat_name(p) for p in window.asked)
        return WindowWords(t("prompt.window", player=self.seat_name(state.active), what=self.describe(state.pending),
                             players=names),
                           ("nobody", t("hs.nobody")), ("interrupt", t("button.i_interrupt")),
                           t("choose.who_title"), t("choose.who"))

    def offer_answer(self, seat: int, window: ResponseWindow) -> None:
        """What the one who said "I interrupt" may spend (nothing is hidden, so no curtain falls)."""
        t = self.tr_.text
        state = self.game.state
        assert state.pending is not None
        self.say(t("prompt.interrupter", player=self.seat_name(seat), what=self.describe(state.pending)))
        interrupts = [m for m in self.game.match.legal_moves(seat) if isinstance(m, Interrupt)]
        for i, interrupt in enumerate(interrupts):
            self.button(f"spend:{i}", self.describe(interrupt), self.player(interrupt))
        self.button("let_pass", t("button.let_pass"), self.player(Decline(seat)))

    # --- playing ------------------------------------------------------------------------

    def _on_move(self, move: object) -> None:
        assert isinstance(move, Move)
        found = self.gesture(move)
        group = self.groups.get(found, [move]) if found is not None else [move]
        if len(group) > 1:
            self._choose(group)  # several characters could do it: which one
        else:
            self.play(move)

    def meant_move(self, card: str, target: str) -> Move | None:
        seat = self.decider()
        return self.guess(seat, card, target) if seat is not None else None

    def _on_refused(self, card: str, target: str) -> None:
        seat = self.decider()
        move = self.guess(seat, card, target) if seat is not None and target else None
        if move is None:
            self.show_message(self.tr_.text("status.drop_outside"))
        else:
            self.explain(move)

    # --- a hint (desktop/frame/seat_hint.py) ------------------------------------------------------

    def hint_gesture(self, move: Move) -> tuple[str, str] | None:
        """Where the move is made by dragging: a landing several characters share asks which, and the line says."""
        found = self.gesture(move)
        if found is not None and found[1] in self.scene.dests.get(found[0], {}):
            return found
        return None

    def hint_words(self, move: Move, gesture: tuple[str, str] | None) -> str:
        return self.describe(move)

    def hint_card_name(self, card: str) -> str:
        return self.name(card)

    # --- the end and the log -----------------------------------------------------------------

    def end_text(self) -> str:
        state = self.game.state
        t = self.tr_.text
        if state.winners:
            return t("end.won", players=self._players(state.winners),
                     cards=", ".join(dict.fromkeys(self.name(c) for c in state.winning)))
        return t("end.drawn", why=t(f"game_drawn.{state.reason}"))

    def _players(self, seats: list[int]) -> str:
        return ", ".join(self.seat_name(p) for p in seats)

    def _place(self, value: object) -> str:
        """Where an artifact went or came from: the common area, a character, or a player."""
        if value == "common":
            return self.tr_.text("place.common")
        if value == "play":
            return self.tr_.text("place.play")
        if isinstance(value, int):
            return self.seat_name(value)
        return self.name(str(value))

    def log_lines(self) -> list[Event]:
        match = self.game.match
        return [*self.game.engine.opening_events(match.options, match.seed), *super().log_lines()]

    def event_text(self, event: Event) -> str:
        t = self.tr_.text
        p = event.params
        params: dict[str, object] = {}
        for key, value in p.items():
            if key in ("player",) and isinstance(value, int):
                params[key] = self.seat_name(value)
            elif key in ("card", "target", "artifact", "commanded") and isinstance(value, str):
                params[key] = self.name(value)
            elif key in ("source", "to"):
                params[key] = self._place(value)
            elif key == "players" and isinstance(value, list):
                params[key] = self._players(value)
            else:
                params[key] = value
        if event.kind == "block_ended":
            return t("event.block_ended_why", why=t(f"block_ended.{p['reason']}"), **params)
        if event.kind == "game_drawn":
            return t("event.game_drawn") + " " + t(f"game_drawn.{p['reason']}")
        if event.kind == "tarot_drawn" and p.get("to") == "common":
            return t("event.artifact_drawn", **params)
        try:
            return t(f"event.{event.kind}", **params)
        except (KeyError, IndexError, ValueError):
            return event.kind

    # --- the card under the pointer -------------------------------------------------------------

    def detail_of(self, key: str) -> tuple[CardFace, str] | None:
        state = self.game.state
        if key.startswith("seal:"):
            key = key[5:]
        if key.startswith(("zone:", "area:")) or key not in self.game.engine.all_cards(state):
            return None
        t = self.tr_.text
        faces = self.faces
        tarot = faces.cards.tarot(card_type(key))
        parts = [f"<h3>{html.escape(self.name(key))}</h3>"]
        if key in state.owner:
            parts.append(f"<p>{html.escape(t('detail.owner', player=self.seat_name(state.owner[key])))}</p>")
        if tarot.is_character:
            own = html.escape(t(f"{tarot.id}.abilities"))
            parts.append(f"<p><b>{html.escape(t('detail.abilities'))}</b> {own}</p>")
            if state.held.get(key):
                total = faces.abilities(self.game.engine.abilities(state, key))
                held = ", ".join(self.name(a) for a in state.held[key])
                parts.append(f"<p>{html.escape(t('detail.holding', artifacts=held, abilities=total))}</p>")
            parts.append(f"<p><b>{html.escape(t('detail.missions'))}</b> {html.escape(t(f'{tarot.id}.missions'))}</p>")
            lines = conditions(faces.cards, state, key) if key in state.owner else []
            if lines:
                items = "".join(f"<li>{html.escape(faces.condition(k, w))}: "
                                f"{html.escape(t('detail.done' if met else 'detail.not_done'))}</li>"
                                for k, w, met in lines)
                parts.append(f"<ul>{items}</ul>")
            for b in state.blocks:
                if b.target == key:
                    parts.append(f"<p>{html.escape(t('detail.blocked_by', card=self.name(b.blocker)))}</p>")
                elif b.blocker == key:
                    parts.append(f"<p>{html.escape(t('detail.blocking', card=self.name(b.target)))}</p>")
            in_play = key in state.owner
            face = faces.character(key, tuple(lines), state.is_blocked(key), False) if in_play \
                else faces.character_at_rest(key)
        else:
            parts.append(f"<p>{html.escape(t(f'{tarot.id}.abilities'))}</p>")
            face = faces.artifact(key)
        if key in state.limbo:
            parts.append(f"<p>{html.escape(t('detail.in_limbo'))}</p>")
        parts.append(origin_html(self.tr_, "parsifal", tarot.id, tarot.reconstructed))
        return face, "".join(parts)
