"""Chrononauts and Artifaxx for 2-6 people sharing one screen (hot-seat).

The window draws views, never the state: a private view only once the person it belongs to has
lifted the curtain, the public view (a non-player's) otherwise. Which moves exist comes from
legal_moves alone; this module only maps them onto cards, seats, zones and buttons.
"""
from __future__ import annotations

import html
import json
from dataclasses import replace
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QPushButton, QVBoxLayout, QWidget)

import cardsets
from desktop import dialogs, storage
from desktop.card_chooser import CardChooser, Choice
from desktop.i18n import Translator
from desktop.main_window import DetailPanel, TableView  # the same view and detail panel as Solonauts
from desktop.table.chrononauts_faces import ChrononautsFaces, full_face
from desktop.table.full_scene import STACK_KEY, FullScene, Seating, artifact_key, direction_key, seat_key
from desktop.table.solonauts_scene import DISCARD_KEY
from rules.chrononauts.full import ChrononautsEngine
from rules.chrononauts.full_state import CHOOSE_QUICK_TRIP, CHOOSE_REWIND, MIRACLE, FullState
from rules.chrononauts.moves import (ChooseQuickTrip, ChooseRewind, KeepDeal, KillTime, MiracleStop, Mulligan,
                                     NoResponse, PlayCard, PlayMemo, PlayOnArtifact)
from rules.chrononauts.timeline import card_kind
from rules.kernel import Event, IllegalMove, Move
from rules.match import Match
from rules.registry import engine
from rules.saves import SaveError, from_dict, to_dict, write_atomic

MODES = ("chrononauts", "artifaxx")
SEATS_MIN, SEATS_MAX = 2, 6
PUBLIC = -1  # a seat nobody sits in: its view hides every secret
Dests = dict[str, dict[str, Move]]


def autosave_path() -> Path:
    return storage.hotseat_autosave_path()


def is_hotseat_save(path: Path) -> bool:
    """Does the file hold a game for several players (so the hot-seat table must open it)?"""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("game") == "chrononauts" and data.get("mode") in MODES


class HotSeatGame:
    """A multiplayer match with the names of the people at each seat (the engine knows seats only)."""

    def __init__(self, match: Match[FullState], names: list[str]) -> None:
        self.match = match
        self.names = names

    @classmethod
    def new(cls, mode: str, names: list[str], options: dict[str, Any], seed: int) -> HotSeatGame:
        opts = dict(options, seats=len(names), response_mode="shared")  # one screen: one shared prompt
        return cls(Match(engine("chrononauts", mode), opts, seed), list(names))

    @property
    def engine(self) -> ChrononautsEngine:
        eng = self.match.engine
        assert isinstance(eng, ChrononautsEngine)
        return eng

    @property
    def state(self) -> FullState:
        state: FullState = self.match.state
        return state

    def to_json(self) -> str:
        data = to_dict(self.match)
        data["players"] = list(self.names)  # the loader of rules ignores it; we read it back
        return json.dumps(data, indent=1, ensure_ascii=False) + "\n"

    def save(self, path: Path) -> None:
        write_atomic(path, self.to_json())

    @classmethod
    def load(cls, path: Path) -> HotSeatGame:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise SaveError("save.not_json", detail=str(exc)[:200]) from None
        match: Match[FullState] = from_dict(data)
        names = data.get("players")
        seats = match.engine.players(match.state)
        if not isinstance(names, list) or len(names) != seats or not all(isinstance(n, str) for n in names):
            names = [str(n + 1) for n in range(seats)]
        return cls(match, names)

    def view(self, seat: int) -> FullState:
        return self.engine.view(self.state, seat)

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
        out: Dests = {}
        for move in self.match.legal_moves(seat):
            if isinstance(move, PlayCard):
                out.setdefault(move.card, {})[self.target_key(move.card, move.target)] = move
            elif isinstance(move, PlayOnArtifact):
                out.setdefault(move.card, {})[artifact_key(move.artifact)] = move
            elif isinstance(move, KillTime) and move.second is None:
                out.setdefault(move.first, {})[DISCARD_KEY] = move
            elif isinstance(move, PlayMemo):
                out.setdefault(move.card, {})[STACK_KEY] = move
        return out


class HotSeatDialog(QDialog):
    """Names in seat order and the options of a hot-seat game."""

    def __init__(self, tr: Translator, parent: QWidget | None, names: list[str], mode: str = "chrononauts") -> None:
        super().__init__(parent)
        self.tr_ = tr
        self.setWindowTitle(tr.text("hs.setup_title"))
        form = QFormLayout(self)
        self.mode = QComboBox()
        for m in MODES:
            self.mode.addItem(tr.text(f"mode.{m}"), m)
        self.mode.setCurrentIndex(MODES.index(mode) if mode in MODES else 0)
        form.addRow(tr.text("new.mode"), self.mode)
        self.name_edits: list[QLineEdit] = []
        for i in range(SEATS_MAX):
            edit = QLineEdit(names[i] if i < len(names) else "")
            edit.setPlaceholderText(tr.text("hs.seat_empty"))
            form.addRow(tr.text("hs.seat", seat=i + 1), edit)
            self.name_edits.append(edit)
        self.mulligan = QCheckBox(tr.text("hs.mission_mulligan"))
        self.mulligan.setChecked(True)
        form.addRow(self.mulligan)
        self.first = QComboBox()
        self.first.addItem(tr.text("hs.first_random"), "random")
        for i in range(SEATS_MAX):
            self.first.addItem(tr.text("hs.seat", seat=i + 1), i)
        form.addRow(tr.text("hs.first_player"), self.first)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e")
        self.error.setWordWrap(True)
        form.addRow(self.error)
        form.addRow(dialogs.start_cancel(self, tr.text("new.start"), tr.text("new.cancel")))

    def names(self) -> list[str]:
        return [e.text().strip() for e in self.name_edits if e.text().strip()]

    def chosen_mode(self) -> str:
        return str(self.mode.currentData())

    def options(self) -> dict[str, Any]:
        first = self.first.currentData()
        return {"mission_mulligan": self.mulligan.isChecked(),
                "first_player": first if first == "random" or first < len(self.names()) else "random"}

    def accept(self) -> None:
        if not SEATS_MIN <= len(self.names()) <= SEATS_MAX:
            self.error.setText(self.tr_.text("hs.need_players", low=SEATS_MIN, high=SEATS_MAX))
            return
        super().accept()


class HotSeatWindow(QWidget):
    """The hot-seat table and its prompt bar: the main window's centre while a game for several is on.

    The log and the card detail are the main window's docks, handed in, so there is one of each.
    """

    changed = Signal()  # after every redraw: the main window updates its menus (undo, redo)

    def __init__(self, tr: Translator, game: HotSeatGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None) -> None:
        super().__init__()
        self.tr_ = tr
        self.game = game
        self.autosave = autosave
        self.faces = ChrononautsFaces(cardsets.load_chrononauts(), game.engine.rules, tr)
        self.scene = FullScene(self.faces, tr)
        self.view = TableView(self.scene)
        self.bar = QWidget()
        self.bar_layout = QHBoxLayout(self.bar)
        self.bar.setFixedHeight(56)  # a prompt of another length must not resize (and redraw) the whole table
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b3261e; font-weight: bold")
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.bar)
        column.addWidget(self.view, 1)
        column.addWidget(self.message)
        self.log = log if log is not None else QListWidget()
        self.log.clear()  # the Solonauts lines do not belong to this game
        self.log_events: list[Event] = []
        self.detail = detail if detail is not None else DetailPanel()
        self.detail_key = ""
        self.buttons: dict[str, QPushButton] = {}
        self._slots: dict[str, Callable[[], object]] = {}
        self._bar_shape: tuple[str, list[tuple[str, str]]] | None = None
        self.looking: int | None = None  # who last lifted the curtain
        self.memo_seat: int | None = None  # who said "I have a Memo" in the open window
        # Killing Time's first card, held here (not in the engine) until a second card or Done.
        self.kill_first: KillTime | None = None
        self.scene.move_chosen.connect(self._on_move)
        self.scene.drop_refused.connect(self._on_refused)
        self.scene.curtain_lifted.connect(self.lift_curtain)
        self.scene.hovered.connect(self.show_detail)
        self.scene.pinned.connect(self.show_detail)
        self.refresh()

    def title(self) -> str:
        t = self.tr_.text
        return f"{t('app.name')} — {t('game.chrononauts')}: {t('mode.' + self.game.engine.mode)}"

    def retranslate(self) -> None:
        """Everything said again in the new language: table, prompt bar, log and detail."""
        self.scene.retranslate()
        self.log_events = []
        self.log.clear()
        self._bar_shape = None
        self.refresh()

    # --- dialogs (tests replace them) ------------------------------------------------

    def ask(self, title: str, text: str, buttons: list[str]) -> int:
        return dialogs.ask(self, title, text, buttons)

    def inform(self, title: str, text: str) -> None:
        dialogs.inform(self, title, text)

    def pick(self, title: str, text: str, items: list[Choice]) -> int:
        """Choose among many (a Rewind or a Quick Trip can offer dozens): the cards themselves, clickable."""
        dialog = CardChooser(self, title, text, items, self.tr_.text("hs.nothing"))
        dialog.exec()
        return dialog.chosen

    # --- who decides, and what they may see --------------------------------------------

    def decider(self) -> int | None:
        """The one person the next decision belongs to; None for the shared Memo prompt or the end."""
        state = self.game.state
        if state.result is not None:
            return None
        if state.window is not None:
            return self.memo_seat if self.memo_seat in state.window else None
        acting = self.game.engine.to_act(state)
        return min(acting) if acting else None

    def refresh(self) -> None:
        """Draw the table for whoever may look now, and offer the buttons of this moment."""
        t = self.tr_.text
        game = self.game
        state = game.state
        if state.window is None:
            self.memo_seat = None
        seat = self.decider()
        if seat is None:
            self.looking = None  # everyone looks at a shared prompt or the end: the next person gets the curtain
        curtain = ""
        if seat is not None and self.looking != seat:
            if game.secret_differs(seat):
                curtain = t("hs.curtain", player=game.names[seat])
            else:
                self.looking = seat  # nothing secret to hide from the others
        viewer = seat if seat is not None and not curtain else None
        view = game.view(PUBLIC if viewer is None else viewer)
        dests = game.dests(viewer) if viewer is not None else {}
        pending = self._pending_kill(viewer)
        if pending is not None:
            view, dests = self._kill_second_table(view, pending, viewer)
        seating = Seating(game.names, viewer, game.engine.to_act(state), curtain, self._window_text(state))
        self.scene.show_full(view, dests, seating)
        self._offer(state, viewer, curtain)
        self._rebuild_log()
        self._refresh_detail()
        self.changed.emit()

    def _pending_kill(self, viewer: int | None) -> KillTime | None:
        """The held first card of Killing Time, if its player is still the one looking and may go on."""
        held = self.kill_first
        if held is not None and (viewer != held.player or held not in self.game.match.legal_moves(held.player)):
            held = self.kill_first = None  # an undo, a new game or another player: the choice lapses
        return held

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
        return self.tr_.text("hs.window_open", card=self.tr_.card_title(state.stack[-1].card),
                             players=", ".join(self.game.names[q] for q in state.window))

    def lift_curtain(self) -> None:
        seat = self.decider()
        if seat is not None:
            self.looking = seat
            self.refresh()

    # --- the buttons of the moment ----------------------------------------------------

    def _offer(self, state: FullState, viewer: int | None, curtain: str) -> None:
        t = self.tr_.text
        self._plan: list[tuple[str, str, Callable[[], object]]] = []
        self._text = ""
        names = self.game.names
        if state.result is not None:
            self._say(self.end_text())
        elif curtain:
            self._say(curtain)
            self._button("reveal", t("hs.reveal"), self.lift_curtain)
        elif state.window is not None and viewer is None:
            self._say(t("hs.memo_prompt", card=self.tr_.card_title(state.stack[-1].card)))
            self._button("nobody", t("hs.nobody"), self.nobody_answers)
            self._button("memo", t("hs.have_memo"), self.someone_answers)
        elif state.window is not None and viewer is not None:
            self._say(t("hs.memo_private", player=names[viewer]))
            self._button("back", t("hs.back"), self.back_to_prompt)
        elif viewer is not None:
            self._offer_private(state, viewer)
        if self.can_undo():
            self._button("undo", t("menu.undo").replace("&", ""), self.undo)
        self._button("save", t("menu.save_as").replace("&", ""), self.save_dialog)
        self._build_bar()

    def _build_bar(self) -> None:
        """Rebuild the prompt bar only when it changes: relaying out widgets costs more than the table."""
        shape = (self._text, [(key, label) for key, label, _slot in self._plan])
        if shape == self._bar_shape:
            self._slots = {key: slot for key, _label, slot in self._plan}
            return
        self._bar_shape = shape
        while self.bar_layout.count():
            item = self.bar_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # at once: deleteLater alone leaves it drawn until the loop runs
                widget.deleteLater()
        self.prompt = QLabel(self._text)
        self.prompt.setWordWrap(True)
        self.bar_layout.addWidget(self.prompt, 1)
        self.buttons = {}
        self._slots = {key: slot for key, _label, slot in self._plan}
        for key, label, _slot in self._plan:
            button = QPushButton(label)
            button.clicked.connect(lambda _checked=False, k=key: self._slots[k]())
            self.bar_layout.addWidget(button)
            self.buttons[key] = button

    def _say(self, text: str) -> None:
        self._text = text

    def _offer_private(self, state: FullState, seat: int) -> None:
        t = self.tr_.text
        name = self.game.names[seat]
        legal = self.game.match.legal_moves(seat)
        top = state.stack[-1] if state.stack else None
        if state.setup:
            kind = state.setup[0][1]
            self._say(t(f"hs.setup_{kind}", player=name))
            for move in legal:
                key = "keep" if isinstance(move, KeepDeal) else "mulligan"
                self._button(key, t(f"hs.{key}"), self._player(move))
        elif self.kill_first is not None:
            self._say(t("hs.kill_second", player=name, card=self.tr_.card_title(self.kill_first.first)))
            self._button("done", t("hs.kill_done"), self.kill_done)
            self._button("take_back", t("hs.kill_take_back"), self.kill_take_back)
        elif top is not None and top.stage in (CHOOSE_REWIND, CHOOSE_QUICK_TRIP):
            self._say(t(f"hs.choose_{top.stage}", player=name))
            self._button("choose", t("hs.choose"), self.choose)
        elif top is not None and top.stage == MIRACLE:
            self._say(t("hs.miracle", player=name, plays=state.miracle_plays))
            for move in legal:
                if isinstance(move, MiracleStop):
                    self._button("stop", t("hs.miracle_stop"), self._player(move))
        else:
            self._say(t("hs.your_turn", player=name, steps=state.steps))

    def _player(self, move: Move) -> Callable[[], object]:
        return lambda: self.play(move)

    def _button(self, key: str, label: str, slot: Callable[[], object]) -> None:
        self._plan.append((key, label, slot))

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

    def show_detail(self, key: str) -> None:
        view = self.scene.full_view
        card = self.card_under(key)
        if view is None or card is None:
            return
        self.detail_key = key
        if key.startswith("tl:") or card_kind(card) in self.faces.rules.inverters or card_kind(card) in self.faces.rules.patches:
            face, text = self.faces.detail(key if key.startswith("tl:") else card, view.timeline)
        else:
            kind = card_kind(card)
            face = full_face(self.faces, card)
            name = self.tr_.card_title(card)
            body = "" if kind.startswith("id_") else self.tr_.text(f"{kind}.text")
            text = f"<h3>{html.escape(name)}</h3><p>{html.escape(body)}</p>"
        self.detail.show_card(face, text)

    def _refresh_detail(self) -> None:
        """After every redraw: the card shown must still be on the table for whoever looks now."""
        key = self.detail_key
        if key and self.card_under(key) is not None:
            self.show_detail(key)
        else:
            self.detail_key = ""
            self.detail.show_hint(self.tr_.text("detail.hint"))

    # --- the shared Memo prompt ------------------------------------------------------------

    def nobody_answers(self) -> None:
        state = self.game.state
        if state.window:
            self.play(NoResponse(min(state.window)))

    def someone_answers(self) -> None:
        """'I have a Memo': who? Then the curtain for that person, and their hand."""
        state = self.game.state
        if not state.window:
            return
        seats = sorted(state.window)
        names = [self.game.names[q] for q in seats]
        chosen = self.ask(self.tr_.text("hs.who_title"), self.tr_.text("hs.who"), names)
        if 0 <= chosen < len(seats):
            self.memo_seat = seats[chosen]
            self.refresh()

    def back_to_prompt(self) -> None:
        self.memo_seat = None
        self.refresh()

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
        if isinstance(move, KillTime) and move.second is None and self._may_add_second(move):
            self.kill_first = move  # the engine takes both cards in one move: wait for the second or Done
            self.message.clear()
            self.refresh()
            return
        self.kill_first = None
        self.play(move)

    def _may_add_second(self, move: KillTime) -> bool:
        """Killing Time: one card is enough, a second may go with it (CHR-7.2b)."""
        return any(isinstance(m, KillTime) and m.first == move.first and m.second is not None
                   for m in self.game.match.legal_moves(move.player))

    def kill_done(self) -> None:
        """Killing Time with the first card alone."""
        held, self.kill_first = self.kill_first, None
        if held is not None:
            self.play(held)

    def kill_take_back(self) -> None:
        """The first card back into the hand: nothing was played yet."""
        self.kill_first = None
        self.refresh()

    def play(self, move: Move) -> bool:
        try:
            events = self.game.match.play(move)
        except IllegalMove as exc:
            self.show_message(self.tr_.reason(exc))
            return False
        self.message.clear()
        self._autosave()
        self.refresh()
        if any(e.kind in ("game_won", "universe_destroyed", "game_ended") for e in events):
            self.inform(self.tr_.text("hs.end_title"), self.end_text())
        return True

    def _on_refused(self, card: str, target: str) -> None:
        """Why the card cannot land there, asked of the rules (never guessed)."""
        seat = self.looking
        if seat is None or not target:
            self.show_message(self.tr_.text("status.drop_outside"))
            return
        move: Move | None = None
        if target.startswith(("tl:", "seat:", "dir:")):
            move = PlayCard(seat, card, int(target.split(":")[1]))
        elif target.startswith("art:"):
            move = PlayOnArtifact(seat, card, target[4:])
        elif target == STACK_KEY:
            move = PlayMemo(seat, card) if self.game.state.window is not None else PlayCard(seat, card)
        elif target == DISCARD_KEY:
            move = KillTime(seat, card)
        if move is None:
            self.show_message(self.tr_.text("status.drop_outside"))
            return
        try:
            self.game.engine.check(self.game.state, move)
        except IllegalMove as exc:
            self.show_message(self.tr_.reason(exc))
            return
        self.show_message(self.tr_.text("status.drop_outside"))

    def show_message(self, text: str) -> None:
        self.message.setText(text)

    def can_undo(self) -> bool:
        """Only the person looking, their own last move, and never behind the curtain, a shared prompt or
        the end: undoing someone else's move would show their cards to the wrong eyes (CHR-14.5)."""
        match = self.game.match
        seat = self.decider()
        return (match.can_undo() and seat is not None and self.looking == seat and not self.scene.curtain_up
                and self.game.state.result is None and getattr(match._done[-1].move, "player", None) == seat)

    def can_redo(self) -> bool:
        """A move taken back may be played again by the one who made it, while they are looking."""
        match = self.game.match
        seat = self.decider()
        return (match.can_redo() and seat is not None and self.looking == seat and not self.scene.curtain_up
                and getattr(match._undone[-1].move, "player", None) == seat)

    def undo(self) -> None:
        if self.kill_first is not None:  # the held card first: it never reached the engine
            self.kill_take_back()
        elif self.can_undo():
            self.game.match.undo()
            self._autosave()
            self.refresh()

    def redo(self) -> None:
        if self.can_redo():
            self.game.match.redo()
            self._autosave()
            self.refresh()

    def end_text(self) -> str:
        state = self.game.state
        t = self.tr_.text
        if state.result == "won" and state.winner is not None:
            how = ", ".join(t(f"hs.won_by.{w}") for w in state.won_by)
            return t("hs.won", player=self.game.names[state.winner], how=how)
        if state.result == "destroyed":
            return t("end.destroyed")
        return t("end.turn_limit")

    # --- saving ----------------------------------------------------------------------------

    def _autosave(self) -> None:
        if self.autosave is not None:
            try:
                self.game.save(self.autosave)
            except OSError as exc:
                self.show_message(self.tr_.text("status.autosave_failed", reason=exc.strerror or str(exc)))

    def save_dialog(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getSaveFileName(self, self.tr_.text("menu.save_as").replace("&", ""),
                                              str(storage.data_dir()), f"*{storage.SAVE_SUFFIX}")
        if name:
            self.game.save(Path(name))

    # --- the log -------------------------------------------------------------------------------

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
            return self.tr_.text("hs.event.card_drawn" if params.get("count") == 1 else "hs.event.cards_drawn", **params)
        key = f"full.event.{event.kind}" if self.tr_.game.has(f"full.event.{event.kind}") else f"event.{event.kind}"
        try:
            return self.tr_.text(key, **params)
        except (KeyError, IndexError, ValueError):  # an event whose text needs what we did not give
            return event.kind

    def _rebuild_log(self) -> None:
        """Add the new lines only; start over after an undo or a language switch."""
        events = [e for step in self.game.match._done for e in step.events]
        kept = len(self.log_events)
        if events[:kept] != self.log_events or self.log.count() != kept:
            self.log.clear()
            kept = 0
        if kept == len(events):
            return
        for event in events[kept:]:
            self.log.addItem(self.event_text(event))
        self.log_events = events
        self.log.scrollToBottom()
