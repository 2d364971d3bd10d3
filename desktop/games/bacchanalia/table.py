"""Bacchanalia for 3-6 people on one screen: the engine runs the cards, the players narrate.

Nothing is secret in this game but the order of the Umbra deck (BAC-2.6), so every seat's view
equals the public one and no curtain ever falls: everybody watches the whole table. The table
follows `waiting_for` (whose decision the game awaits), shows the engine's `prompt`, and maps
legal_moves onto drags (give, take, return, sacrifice, lock, Minerva's gift) and buttons (told,
stayed or moved, finale choices). Beside it, the story journal (desktop/games/bacchanalia/journal.py).
"""
from __future__ import annotations

import html
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetricsF, QKeyEvent
from PySide6.QtWidgets import (QComboBox, QFileDialog, QFormLayout, QHBoxLayout, QListWidget,
                               QPlainTextEdit, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from desktop.frame import plain, storage
from desktop.frame.card_table import DISCARD_KEY
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator
from desktop.frame.origin import origin_html
from desktop.frame.panels import DetailPanel
from desktop.frame.seat_table import SeatGame, SeatTable, add_seat_items
from desktop.games.bacchanalia.faces import BacchanaliaFaces
from desktop.games.bacchanalia.fold import FoldStrip, ResizeSplitter
from desktop.games.bacchanalia.journal import Journal, ending_text, export, scenes, story
from desktop.games.bacchanalia.scene import (CENTRE_KEY, HEADING_W, LOCK_KEY, ORACLE_KEY, BacchanaliaScene, Board,
                                             seat_key)
from desktop.games.bacchanalia.wrapped_choice import WrappedChoice
from rules.bacchanalia.engine import BacchanaliaEngine
from rules.bacchanalia.honour import ROWS, card_kind, prompt_key
from rules.bacchanalia.moves import (AskBacchusQuestion, ChooseFinale, DeclareBacchusArrivalDone,
                                     DeclareFinaleNarrated, DeclareIntroductionDone, DeclareNarrationDone,
                                     DeclareTimeUp, DeclareWithAmans, GiftMinerva, GiveBacchus, GiveDeus, LockUmbra,
                                     ReturnDeus, SacrificeVinum, TakeDeus)
from rules.bacchanalia.state import BacState
from rules.kernel import PUBLIC, Event, Move, RulesError
from rules.match import Match

Dests = dict[str, dict[str, Move]]
SAVE_DELAY_MS = 1500  # a note is saved this long after the last keystroke, not at every one
JOURNAL_SETTING = "bacchanalia.journal"  # in the app settings: {"open": bool, "width": px once the player drags it}
JOURNAL_WIDTH = (170, 280)  # px: the journal's width by default, from a small window to a large one
JOURNAL_MIN = 150  # px: narrower, its scene list and buttons would be cut
UNBOUNDED = 16777215  # Qt's QWIDGETSIZE_MAX (PySide6 does not export it)


class BacchanaliaGame(SeatGame):
    """A Bacchanalia match, the names at each seat, and the story journal (kept in the save)."""

    match: Match[BacState]

    def __init__(self, match: Match[Any], names: list[str]) -> None:
        super().__init__(match, names)
        self.journal = Journal()

    @property
    def engine(self) -> BacchanaliaEngine:
        eng = self.match.engine
        assert isinstance(eng, BacchanaliaEngine)
        return eng

    @property
    def state(self) -> BacState:
        state: BacState = self.match.state
        return state

    def save_data(self) -> dict[str, Any]:
        return {**super().save_data(), "journal": self.journal.to_dict()}

    def restore(self, data: dict[str, Any]) -> None:
        self.journal = Journal.from_dict(data.get("journal"))


class BacchanaliaTable(SeatTable):
    GAME = "bacchanalia"
    GAME_CLASS = BacchanaliaGame

    game: BacchanaliaGame
    scene: BacchanaliaScene

    def __init__(self, tr: Translator, game: BacchanaliaGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None) -> None:
        super().__init__(tr, game, autosave, log, detail)
        self.scene.poked.connect(self._on_poked)
        self._journal_turns: list[int] = []
        self._journal_turn = -1  # the scene the editor writes for
        self._current_turn = -1
        self._build_journal()
        self._save_soon = QTimer(self)
        self._save_soon.setSingleShot(True)
        self._save_soon.setInterval(SAVE_DELAY_MS)
        self._save_soon.timeout.connect(self._autosave)
        self._last_tick = time.monotonic()
        self.clock = QTimer(self)
        self.clock.setInterval(1000)
        self.clock.timeout.connect(self.tick)
        if self.game.state.options["length"] == "time_limit":
            self.clock.start()
        self.refresh()

    def make_scene(self) -> BacchanaliaScene:
        eng = self.game.engine
        self.faces = BacchanaliaFaces(eng.kind, lambda cid: eng.cards.by_id[cid].provenance.reconstructed, self.tr_)
        return BacchanaliaScene(self.faces, self.tr_)

    # --- set-up --------------------------------------------------------------------------

    @classmethod
    def setup_options(cls, tr: Translator, form: QFormLayout) -> Callable[[int], dict[str, Any]]:
        t = tr.text
        length = QComboBox()
        for value in ("until_all_finales", "time_limit", "parcae_limit"):
            length.addItem(t(f"setup.length.{value}"), value)
        minutes = QSpinBox()
        minutes.setRange(10, 600)
        minutes.setSingleStep(15)
        minutes.setValue(120)
        minutes.setSuffix(t("setup.minutes_suffix"))
        parcae = QSpinBox()
        parcae.setRange(1, 20)
        parcae.setValue(3)
        starter, first = QComboBox(), QComboBox()
        for combo in (starter, first):
            add_seat_items(combo, tr, cls.SEATS[1])
        form.addRow(t("setup.length"), length)
        form.addRow(t("setup.minutes"), minutes)
        form.addRow(t("setup.parcae"), parcae)
        form.addRow(t("setup.starter"), starter)
        form.addRow(t("setup.first"), first)

        def follow() -> None:
            minutes.setEnabled(length.currentData() == "time_limit")
            parcae.setEnabled(length.currentData() == "parcae_limit")
        length.currentIndexChanged.connect(follow)
        follow()

        def read(players: int) -> dict[str, Any]:
            chosen = str(length.currentData())
            options: dict[str, Any] = {"length": chosen,
                                       "setup_starter": min(int(starter.currentData()), max(0, players - 1)),
                                       "first_player": min(int(first.currentData()), max(0, players - 1))}
            if chosen == "time_limit":
                options["minutes"] = minutes.value()
            elif chosen == "parcae_limit":
                options["parcae_limit"] = parcae.value()
            return options
        return read

    # --- who decides, what the table shows ----------------------------------------------

    def decider(self) -> int | None:
        """Whose decision the game waits for; the others' optional moves (Minerva's gift) need no turn."""
        waiting = self.game.engine.waiting_for(self.game.state)
        return min(waiting) if waiting else None

    def name(self, seat: int) -> str:
        names = self.game.names
        return names[seat] if 0 <= seat < len(names) else str(seat + 1)

    def dests(self) -> Dests:
        """Drags made from legal_moves: others' optional moves first, so the decider's required ones win a clash."""
        state = self.game.state
        eng = self.game.engine
        if eng.is_over(state):
            return {}
        moves: list[Move] = []
        match = self.game.match  # its legal moves: at a network table, only those of the seats played here
        for seat in range(len(state.seats)):
            if seat != state.decider:
                moves += match.legal_moves(seat)
        moves += match.legal_moves(state.decider)
        out: Dests = {}
        for move in moves:
            found = self._dest(move)
            if found is not None:
                out.setdefault(found[0], {})[found[1]] = move
        return out

    def _dest(self, move: Move) -> tuple[str, str] | None:
        """The engine's gesture for a move, on this scene's keys."""
        found = self.game.engine.gesture(self.game.state, move)
        if found is None:
            return None
        card, target = found
        if isinstance(target, int):
            return card, seat_key(target)
        places = {"centre": CENTRE_KEY, "discard": DISCARD_KEY, "lock": LOCK_KEY}
        return (card, places[target]) if target in places else None

    def draw(self, viewer: int | None, curtain: str) -> None:
        view: BacState = self.game.view(PUBLIC)
        board = self._board(view)
        self.scene.show_table(view, self.dests() if viewer is not None else {}, board)  # type: ignore[arg-type]
        self.scene.set_curtain(curtain)
        self._sync_journal()

    def _board(self, view: BacState) -> Board:
        t = self.tr_.text
        eng = self.game.engine
        plates: list[tuple[str, ...]] = []
        tilted: set[str] = set()
        for q, seat in enumerate(view.seats):
            lines: list[str] = []
            if not seat.in_game and view.phase != "setup":
                lines.append(t(f"outcome.{seat.outcome}") if seat.outcome else t("table.out"))
            else:
                if q == view.active and view.phase != "setup":
                    lines.append(t("table.telling"))
                for flag, key in ((seat.with_amans, "table.with_amans"), (seat.arrival_pending, "table.arrival"),
                                  (seat.question_pending, "table.owes_question"),
                                  (seat.miles_finale_pending, "table.captured")):
                    if flag:
                        lines.append(t(key))
            plates.append(tuple(lines))
            bacchus = eng.holds(seat, "bacchus")
            if seat.question_pending and bacchus:
                tilted.add(bacchus)
        turn = view.turn
        ruler = turn.result if view.phase == "turn" and turn.kind == "normal" else "over" if eng.is_over(view) else None
        lockable = any(isinstance(m, LockUmbra) for m in eng.legal_moves(view, view.active)) if not eng.is_over(view) else False
        return Board(list(self.game.names), plates, *self._oracle(view), result=ruler, tied=tuple(turn.tied),
                     clock=self.clock_text(), lock_zone=lockable or (view.awaiting == "narrate" and turn.locked is not None),
                     parcae_limit=view.options["parcae_limit"], tilted=frozenset(tilted))

    def _oracle(self, view: BacState) -> tuple[str, tuple[str, ...]]:
        """The heading beside the ruling Deus and the text under it, as HTML blocks, most needed first (a panel
        short of room shows the first ones; a list is one block an item, so it is cut between items)."""
        t = self.tr_.text
        eng = self.game.engine
        turn = view.turn
        player = self.name(view.active)
        esc = html.escape
        if eng.is_over(view):
            return _heading(t("table.over"), []), tuple(
                f"<p style='font-size:14px; margin:0 0 4px 0'>• <b>{esc(self.name(q))}</b>: {esc(self._ending(q))}</p>"
                for q in view.finished)
        key, params = eng.prompt(view)
        # The heading's lines are markup: a line of words (a name in it) is escaped where it is made.
        subs = [esc(t("table.scene_of", turn=view.turn_number, player=player))] if view.phase != "setup" else []
        if view.phase == "setup":
            title = t("table.setup_heading")
            subs = [esc(t("table.giver", player=player))]
        elif turn.kind == "intro":
            title = t("table.intro_heading", player=player)
        elif turn.kind in ("miles", "sudden") or turn.row == "amans":
            title = t("table.finale_heading", player=player)
        elif turn.result is not None:
            title = t("result.tie") if turn.result == "tie" else t(f"type.{turn.result}")
        else:
            title = t("table.scene_heading", player=player)
        if view.phase != "setup":
            subs.append(esc(t("table.parcae_count", count=view.parcae_count)))
        if turn.scene is not None and view.awaiting not in ("question",) and turn.kind == "normal" and turn.row != "amans":
            subs.append(f"<b style='color:#8e2424'>{esc(t(f'scene.{turn.scene}'))}</b>")
        if view.sudden_ending:
            subs.append(f"<b>{esc(t('table.sudden'))}</b>")
        parts: list[str] = []
        aruspex = turn.prompt
        if aruspex is None and turn.row is not None and turn.kind == "normal":
            aruspex = prompt_key(ROWS[turn.row], view.seats[view.active].with_amans)
        if aruspex is not None and key != aruspex:
            parts.append(f"<p style='font-size:15px; margin:0 0 6px 0'><i>{esc(t(aruspex))}</i></p>")
        main = {**params, "player": player, "asker": self.name(params.get("asker", view.decider))}
        if key:
            parts.append(f"<p style='font-size:15px; margin:0 0 6px 0'><b>{esc(t(key, **main))}</b></p>")
        for number, question in enumerate(params.get("questions", []), 1):
            parts.append(f"<p style='font-size:13px; margin:2px 0'>{number}. {esc(t(question))}</p>")
        for extra in ("outcome", "twist"):
            if extra in params:
                parts.append(f"<p style='font-size:14px; margin:6px 0'>{esc(t(params[extra]))}</p>")
        for option in params.get("options", []):
            parts.append(f"<p style='font-size:13px; margin:2px 0'>• {esc(t(option))}</p>")
        if turn.bacchus_to is not None and view.seats[turn.bacchus_to].question_pending and view.awaiting != "question":
            parts.append(f"<p style='font-size:13px; margin:6px 0; color:#6a2c70'><b>"
                         f"{esc(t('table.question_owed', asker=self.name(turn.bacchus_to), player=player))}</b></p>")
        for hint in params.get("hints", []):
            parts.append(f"<p style='font-size:13px; margin:6px 0; color:#4a443a'>{esc(t(hint))}</p>")
        return _heading(title, subs), tuple(parts)

    def _ending(self, seat: int) -> str:
        s = self.game.state.seats[seat]
        return ending_text(self.tr_.text, {"finale": s.finale, "outcome": s.outcome, "twist": s.twist})

    # --- the prompt bar -----------------------------------------------------------------

    def offer(self, viewer: int | None) -> None:
        t = self.tr_.text
        state = self.game.state
        eng = self.game.engine
        if viewer is None:
            return
        wait = state.awaiting
        active = self.name(state.active)
        self.say(t(f"table.bar.{wait}", player=active, asker=self.name(state.decider)))
        for move in eng.legal_moves(state, viewer):
            if isinstance(move, DeclareIntroductionDone):
                self.button("intro_done", t("table.btn.intro_done"), self.player(move))
            elif isinstance(move, DeclareBacchusArrivalDone):
                self.button("arrived", t("table.btn.arrived"), self.player(move))
            elif isinstance(move, DeclareNarrationDone):
                self.button("moved" if move.moved else "stayed", t("table.btn.moved" if move.moved else
                                                                   "table.btn.stayed"), self.player(move))
            elif isinstance(move, AskBacchusQuestion):
                self.button("asked", t("table.btn.asked"), self.player(move))
            elif isinstance(move, ChooseFinale):
                key = f"ending_{move.option}" + (f"_{move.branch}" if move.branch else "")
                label = t(f"table.btn.branch.{move.branch}") if move.branch else t("table.btn.ending", option=move.option)
                self.button(key, label, self.player(move))
            elif isinstance(move, DeclareFinaleNarrated):
                self.button("twist" if move.twist else "finale_done",
                            t("table.btn.twist" if move.twist else "table.btn.finale_done"), self.player(move))
            elif isinstance(move, DeclareWithAmans):
                self.button("meet" if move.value else "part", t("table.btn.meet" if move.value else "table.btn.part"),
                            self.player(move))
            elif isinstance(move, DeclareTimeUp):
                self.button("time_up", t("table.btn.time_up"), self.player(move))
        for seat in range(len(state.seats)):
            for move in self.game.match.legal_moves(seat) if seat != viewer else []:
                if isinstance(move, GiftMinerva):
                    self.button("minerva", t("table.btn.minerva", player=self.name(seat)), self.player(move))

    def end_text(self) -> str:
        state = self.game.state
        lines = "; ".join(f"{self.name(q)}: {self._ending(q)}" for q in state.finished)
        return self.tr_.text("table.end", endings=lines)

    # --- words ----------------------------------------------------------------------------

    def _words(self, params: dict[str, Any]) -> dict[str, object]:
        t = self.tr_.text
        out: dict[str, object] = {}
        for name, value in params.items():
            if name in ("player", "to", "asker") and isinstance(value, int):
                out[name] = self.name(value)
            elif name == "card" and isinstance(value, str) and self.game.engine.is_card(value):
                out[name] = self.faces.name(value)
            elif name == "cards" and isinstance(value, list):  # to the face-up discard (BAC-2.6, BAC-6.9.1)
                cards = [c for c in value if isinstance(c, str) and self.game.engine.is_card(c)]
                out[name] = ", ".join(self.faces.name(c) for c in cards)
            elif name == "result" and isinstance(value, str):
                out[name] = t("result.tie") if value == "tie" else t(f"type.{value}")
            elif name == "outcome" and isinstance(value, str):
                out[name] = t(f"outcome.{value}")
            else:
                out[name] = value
        return out

    def event_text(self, event: Event) -> str:
        return self.tr_.text(f"event.{event.kind}", **self._words(dict(event.params)))

    def reason(self, error: RulesError) -> str:
        return self.tr_.text(error.code, **self._words(dict(error.params)))

    def detail_of(self, key: str) -> tuple[Any, str] | None:
        if key == ORACLE_KEY:  # the ruling Deus and all the Aruspex says, which its panel may have had to cut
            board = self.scene.board
            return self.scene.items_by_key[ORACLE_KEY].face, board.heading + board.text
        if not self.game.engine.is_card(key):
            return None
        cid = card_kind(key)
        name = html.escape(self.faces.name(key))
        body = self.tr_.text(f"{cid}.text") if cid.startswith("deus_") else self.tr_.text("table.umbra_detail")
        extra = origin_html(self.tr_, "bacchanalia", cid, self.game.engine.cards.by_id[cid].provenance.reconstructed)
        return self.faces.card(key), f"<h3>{name}</h3><p>{html.escape(body)}</p>{extra}"

    # --- refused gestures ---------------------------------------------------------------

    def meant_move(self, card: str, target: str) -> Move | None:
        return self._meant(card, target)

    def _meant(self, card: str, target: str) -> Move | None:
        state = self.game.state
        eng = self.game.engine
        if not eng.is_card(card):
            return None
        kind = eng.kind(card)
        if target.startswith("seat:"):
            to = int(target[5:])
            if state.awaiting == "give_deus":
                return GiveDeus(state.decider, to, card)
            if kind == "bacchus" and state.awaiting in ("give_bacchus", "handover"):
                return GiveBacchus(state.decider, to)
            if kind == "minerva":
                holder = next((q for q, s in enumerate(state.seats) if card in s.deus), state.decider)
                return GiftMinerva(holder, to)
            if state.awaiting == "take":
                return self._take(card)
        elif target == CENTRE_KEY:
            return ReturnDeus(state.decider, card)
        elif target == LOCK_KEY:
            return LockUmbra(state.active, card)
        elif target == DISCARD_KEY:
            return SacrificeVinum(state.decider, card)
        return None

    def _take(self, card: str) -> TakeDeus:
        state = self.game.state
        holder = next((q for q, s in enumerate(state.seats) if card in s.deus), None)
        return TakeDeus(state.active, card, holder)

    def _on_poked(self, key: str) -> None:
        """A click on a card that cannot move now: during a take or a lock, the rules say why not."""
        state = self.game.state
        eng = self.game.engine
        if not eng.is_card(key) or eng.is_over(state):
            return
        if state.awaiting == "take" and (key in state.centre or any(key in s.deus for s in state.seats)):
            self.explain(self._take(key))
        elif state.awaiting == "narrate" and (key in state.turn.area or key == state.seats[state.active].locked):
            self.explain(LockUmbra(state.active, key))

    # --- playing ----------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        if isinstance(move, LockUmbra) and not move.element:
            element = self.ask_element()
            if element is None or not element.strip():  # BAC-6.7.8c: the table polices the element: named
                if element is not None:
                    self.show_message(self.tr_.text("table.element_needed"))
                self.scene.redraw()  # the card slides back home
                return False
            move = LockUmbra(move.player, move.card, element.strip())
        over = self.game.engine.is_over(self.game.state)
        played = super().play(move)
        if played and not over and self.game.engine.is_over(self.game.state):
            t = self.tr_.text
            if self.ask(t("journal.export_title"), t("journal.export_at_end"), [t("journal.export_yes"),
                                                                                t("journal.export_no")]) == 0:
                self.export_story()
        return played

    def ask_element(self) -> str | None:
        """What the scene brought in that lets a card be kept (BAC-6.7.8c); None if the player gave up."""
        from PySide6.QtWidgets import QInputDialog

        text, ok = QInputDialog.getText(self, self.tr_.text("table.lock"), self.tr_.text("table.element_question"))
        return text if ok else None

    # --- the clock (BAC-4.3: the engine keeps no time) -----------------------------------------

    def limit_seconds(self) -> float | None:
        minutes = self.game.state.options.get("minutes")
        return float(minutes) * 60 if self.game.state.options["length"] == "time_limit" and minutes else None

    def clock_text(self) -> str:
        state = self.game.state
        if state.options["length"] != "time_limit":
            return ""
        elapsed = int(self.game.journal.elapsed)
        limit = self.limit_seconds()
        if state.sudden_ending or (limit is not None and elapsed >= limit):
            return self.tr_.text("table.clock_up")
        if limit is None:
            return self.tr_.text("table.clock_played", time=_hms(elapsed))
        return self.tr_.text("table.clock_left", time=_hms(int(limit) - elapsed))

    def tick(self) -> None:
        now = time.monotonic()
        if not self.game.engine.is_over(self.game.state):
            self.game.journal.elapsed += now - self._last_tick
        self._last_tick = now
        self.time_check()
        self.scene.set_clock(self.clock_text())

    def time_check(self) -> None:
        """Once the agreed time has run out, the table declares it as soon as the rules let it (A-23)."""
        state = self.game.state
        limit = self.limit_seconds()
        if limit is None or state.sudden_ending or self.game.journal.elapsed < limit:
            return
        seat = self.decider()
        if seat is not None and DeclareTimeUp(seat) in self.game.match.legal_moves(seat):
            self.play(DeclareTimeUp(seat))

    # --- the story journal ----------------------------------------------------------------------

    def _build_journal(self) -> None:
        panel = QWidget()
        panel.setMinimumWidth(JOURNAL_MIN)
        column = QVBoxLayout(panel)
        column.setContentsMargins(6, 6, 6, 6)
        self.journal_title = plain.label()
        self.journal_title.setStyleSheet("font-weight: bold; font-size: 15px")
        self.journal_title.setWordWrap(True)  # a narrow journal (a small window) keeps its whole name
        self.journal_scene = WrappedChoice()  # a narrow journal wraps the scene's name: "Escena 6: entra Fa" was cut
        self.journal_edit = QPlainTextEdit()
        self.journal_export = QPushButton()
        self.journal_help = plain.label()
        self.journal_help.setWordWrap(True)
        self.journal_help.setStyleSheet("color: #5a5448")
        for widget in (self.journal_title, self.journal_scene):
            column.addWidget(widget)
        column.addWidget(self.journal_edit, 1)
        column.addWidget(self.journal_help)
        column.addWidget(self.journal_export)
        self.journal_panel = panel
        self.journal_scene.currentIndexChanged.connect(self._journal_pick)
        self.journal_edit.textChanged.connect(self._journal_typed)
        self.journal_edit.installEventFilter(JournalKeys(self.journal_edit, self.view))
        self.journal_export.clicked.connect(self.export_story)
        # The strip beside the journal folds it away, leaving the table the width (and so the legibility) it needs.
        self.journal_strip = FoldStrip()
        self.journal_strip.toggled.connect(lambda shown: self.show_journal(shown))
        side = QWidget()
        row = QHBoxLayout(side)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.journal_strip)
        row.addWidget(panel, 1)
        self.journal_side = side
        # The view shares its row with the journal; the splitter lets people give either more room.
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        index = layout.indexOf(self.view)
        layout.removeWidget(self.view)
        self.splitter = ResizeSplitter(self._fit_journal)
        self.splitter.addWidget(self.view)
        self.splitter.addWidget(side)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setCollapsible(0, False)
        self.splitter.setCollapsible(1, False)
        self.splitter.splitterMoved.connect(self._journal_dragged)
        layout.insertWidget(index, self.splitter, 1)
        self._journal_width: int | None = None  # dragged by the player; None: it follows the window
        self._journal_words()
        self.show_journal(True, remember=False)

    # --- the journal's fold and width, kept in the app settings ----------------------------------

    def use_settings(self, settings: dict[str, Any]) -> None:
        """Open or folded, and the width, as the player left them last time."""
        super().use_settings(settings)
        kept = settings.get(JOURNAL_SETTING)
        kept = kept if isinstance(kept, dict) else {}
        width = kept.get("width")
        # A hand-edited file may say anything: a width is a whole number of pixels, within reason.
        self._journal_width = width if isinstance(width, int) and not isinstance(width, bool) \
            and JOURNAL_MIN <= width <= 2000 else None
        self.show_journal(kept.get("open", True) is not False, remember=False)

    @property
    def journal_open(self) -> bool:
        return self.journal_strip.isChecked()

    def show_journal(self, shown: bool, remember: bool = True) -> None:
        """Open the journal beside the table, or fold it to its strip."""
        strip = self.journal_strip
        strip.blockSignals(True)
        strip.setChecked(shown)
        strip.blockSignals(False)
        strip.update()
        self.journal_panel.setVisible(shown)
        # Folded, the side is the strip and no more: the handle cannot drag it open half-way.
        self.journal_side.setMaximumWidth(UNBOUNDED if shown else strip.sizeHint().width())
        self._fit_journal()
        if remember:
            self._remember_journal()

    def _default_journal_width(self) -> int:
        """A fifth of the row, within bounds: narrower in a small window, where the table needs the room."""
        low, high = JOURNAL_WIDTH
        return max(low, min(high, round(self.splitter.width() * 0.18)))

    def _fit_journal(self) -> None:
        """The journal at its width (the player's, or one that suits the window); the table has the rest."""
        total = sum(self.splitter.sizes())
        if total <= 0:
            return
        side = self._journal_width or self._default_journal_width() if self.journal_open \
            else self.journal_strip.sizeHint().width()
        side = min(side, max(0, total - 200))
        if self.splitter.sizes()[1] != side:
            self.splitter.setSizes([total - side, side])

    def _journal_dragged(self, pos: int, index: int) -> None:
        if self.journal_open:
            self._journal_width = self.splitter.sizes()[1]
            self._remember_journal()

    def _remember_journal(self) -> None:
        settings = self.settings
        if settings is None:
            return  # a table of no window (a replay, a test): nothing to keep
        kept: dict[str, Any] = {"open": self.journal_open}
        if self._journal_width is not None:
            kept["width"] = self._journal_width
        if settings.get(JOURNAL_SETTING) != kept:
            settings[JOURNAL_SETTING] = kept
            storage.save_settings(settings)

    def _journal_words(self) -> None:
        t = self.tr_.text
        self.journal_title.setText(t("journal.panel"))
        self.journal_strip.setText(t("journal.panel"))
        self.journal_strip.updateGeometry()
        self.journal_edit.setPlaceholderText(t("journal.placeholder"))
        self.journal_edit.setAccessibleName(t("journal.panel"))  # a placeholder is gone once a note is typed
        self.journal_export.setText(t("journal.export"))
        self.journal_help.setText(t("journal.help"))

    def retranslate(self) -> None:
        self._journal_words()
        self._journal_turns = []  # the scene names are said again
        super().retranslate()

    def _sync_journal(self) -> None:
        """Offer every scene told so far; a new scene moves the editor to it, old notes stay as written."""
        if not hasattr(self, "journal_scene"):
            return  # the first refresh comes from the frame, before the panel exists
        told = scenes(self.game.match.seen_events(PUBLIC))
        turns = [0] + [s.turn for s in told]
        current = turns[-1]
        if turns != self._journal_turns:
            t = self.tr_.text
            combo = self.journal_scene
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(t("journal.prologue"), 0)
            for s in told:
                combo.addItem(t(f"journal.scene.{s.kind}", turn=s.turn, player=self.name(s.player)), s.turn)
            combo.blockSignals(False)
            self._journal_turns = turns
            if current != self._current_turn or self._journal_turn not in turns:
                self._current_turn = current
                self._journal_turn = current
            combo.blockSignals(True)
            combo.setCurrentIndex(turns.index(self._journal_turn))
            combo.blockSignals(False)
            combo.updateGeometry()  # as tall as the new scene's name needs
            self._journal_show()

    def _journal_pick(self, index: int) -> None:
        turn = self.journal_scene.itemData(index)
        if isinstance(turn, int):
            self._journal_turn = turn
            self._journal_show()

    def _journal_show(self) -> None:
        text = self.game.journal.note(self._journal_turn)
        if self.journal_edit.toPlainText() != text:
            self.journal_edit.blockSignals(True)
            self.journal_edit.setPlainText(text)
            self.journal_edit.blockSignals(False)

    def _journal_typed(self) -> None:
        self.game.journal.write(self._journal_turn, self.journal_edit.toPlainText())
        self._save_soon.start()

    def take_chat_line(self, teller: str, text: str) -> None:
        """A chat line into the note of the scene on show, with its teller: over the network the story is told in
        the chat (desktop/net/chat.py), and the journal keeps the parts the table wants kept."""
        line = self.tr_.text("chat.line", player=teller, text=text)
        note = self.game.journal.note(self._journal_turn).rstrip("\n")
        self.game.journal.write(self._journal_turn, f"{note}\n{line}" if note else line)
        self._journal_show()
        self.show_journal(True)
        self._save_soon.start()
        self.show_message(self.tr_.text("chat.in_journal"), error=False)

    def choose_export_path(self) -> Path | None:
        t = self.tr_.text
        suggested = storage.data_dir() / time.strftime("bacchanalia-%Y%m%d-%H%M.md")
        name, _ = QFileDialog.getSaveFileName(self, t("journal.export_title"), str(suggested), "*.md")
        return Path(name) if name else None

    def export_story(self) -> bool:
        """Write the story as Markdown; a file that cannot be written is said plainly, and nothing is lost."""
        path = self.choose_export_path()
        if path is None:
            return False
        t = self.tr_.text
        text = story(self.game.journal, self.game.match.seen_events(PUBLIC), self.game.names, t)
        try:
            export(path, text)
        except OSError as exc:
            words = t("journal.export_failed", file=str(path), reason=file_trouble(self.tr_, exc))
            self.show_message(words)
            self.inform(t("journal.export_title"), words)
            return False
        self.show_message(t("journal.exported", file=str(path)), error=False)  # done, as asked: no alarm
        return True

    def _autosave(self) -> None:
        self._save_soon.stop()
        super()._autosave()


class JournalKeys(QObject):
    """F6 or Esc in the journal: back to the table, as F6 and Esc leave the prompt bar (desktop/frame/keyboard.py).
    Enter stays a new line there: a scene's note may run to several paragraphs."""

    def __init__(self, edit: QWidget, view: QWidget) -> None:
        super().__init__(edit)
        self.view = view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_F6, Qt.Key.Key_Escape)):
            self.view.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        return False


def _heading(title: str, subs: list[str]) -> str:
    """The title is words, escaped here; each sub is markup, escaped by whoever wrote it (guessing from a
    leading "<" read a name such as "<img src=…> gives" as markup)."""
    lines = "".join(f"<div style='font-size:13px'>{s}</div>" for s in subs)
    return f"<div style='font-size:{_heading_pixel(title)}px; font-weight:bold'>{html.escape(title)}</div>{lines}"


HEADING_PIXEL, SMALLEST_HEADING = 22, 16  # 16 units still show 11 px in a 1280×720 window


def _heading_pixel(title: str) -> int:
    """The title's size: 22 px, or smaller where one of its words is wider than the heading, which would then
    break inside the word ("Si distribuisc|ono i Deus"); a word too wide even at the smallest size breaks."""
    room = HEADING_W - 8  # the text document keeps a 4-unit margin either side
    font = QFont()
    font.setBold(True)
    for pixel in range(HEADING_PIXEL, SMALLEST_HEADING, -1):
        font.setPixelSize(pixel)
        metrics = QFontMetricsF(font)
        if all(metrics.horizontalAdvance(word) <= room for word in title.split()):
            return pixel
    return SMALLEST_HEADING


def _hms(seconds: int) -> str:
    seconds = max(0, seconds)
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"

