"""Solonauts as a one-seat game of the shared table frame (issue #14).

One seat, so no curtain: nothing is hidden from whoever watches but the order of the deck, which the
player does not see either. Undo is unlimited. The game's own helpers (the hint, the verdict on a lost
deal and its winning line, the statistics, the deal of the day) are parts of this table; the main
window only offers them in its menus (`offers`, `take_offer`) and shows the table's status line (`status`).
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QBoxLayout, QListWidget, QToolBar

import cardsets

from desktop.frame import accessibility, storage
from desktop.frame.card_item import CardFace
from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.games.chrononauts.faces import ChrononautsFaces
from desktop.games.chrononauts.solonauts_help import SoloHelp
from desktop.games.chrononauts.solonauts_scene import SolonautsScene
from desktop.games.chrononauts.solonauts_session import PLAYER, GameSession
from desktop.games.chrononauts.solonauts_stats import Statistics
from desktop.games.chrononauts.solonauts_stats import default_path as stats_path
from rules.chrononauts import deals
from rules.chrononauts.moves import PlayCard
from rules.chrononauts.solonauts import IDS_MAX, IDS_MIN, SoloState
from rules.kernel import Event, Move
from rules.match import Match
from rules.registry import engine
from rules.saves import to_dict

if TYPE_CHECKING:
    from desktop.games.chrononauts.solonauts_stats_dialog import StatisticsDialog  # when first asked for
    from rules.chrononauts.solver import Solution  # the solver itself is imported when a search starts

UNTOLD = frozenset({"linchpin_flipped"})  # events the log leaves out: the card_played line before says it better
DECK_SHOWN = 8  # the next cards a replay's "show everything" names; the rest are counted
ACTIONS = frozenset({"hint", "daily", "statistics", "restart"})  # the menu entries only this game has
FOUND_DEALS = ("winnable", "daily")  # deals searched for before they are dealt (`take_offer`)


class SoloGame(SeatGame):
    """A Solonauts match: one seat, nothing the public view hides that the player sees."""

    match: Match[SoloState]

    @classmethod
    def new(cls, options: dict[str, Any], seed: int) -> SoloGame:
        return cls(Match(engine("chrononauts", "solonauts"), options, seed), ["1"])

    def view(self, seat: int) -> SoloState:
        state: SoloState = self.engine.view(self.state, PLAYER)
        return state

    def secret_differs(self, seat: int) -> bool:
        return False  # one seat: nobody else to look away

    def save_data(self) -> dict[str, Any]:
        return to_dict(self.match)  # the match alone, as Solonauts always wrote it: nobody's name to keep


class SolonautsTable(SeatTable):
    """The Solonauts table: its scene, the session's play, undo and redo, and the player's helpers."""

    GAME = "chrononauts"
    GAME_CLASS = SoloGame
    END_EVENTS = frozenset({"game_won", "game_lost"})
    NOTHING_HIDDEN = True

    game: SoloGame
    scene: SolonautsScene

    def __init__(self, tr: Translator, game: SoloGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None,
                 stats: Statistics | None = None) -> None:
        self.faces = ChrononautsFaces(cardsets.load_chrononauts(), game.engine.rules, tr)  # type: ignore[attr-defined]
        super().__init__(tr, game, autosave, log, detail)
        self.bar.hide()  # the prompt and the messages are the main window's status line, as ever
        self.message.hide()
        self._stats = stats
        self.pinned = ""
        self.scene.hovered.disconnect(self.show_detail)
        self.scene.pinned.disconnect(self.show_detail)
        self.scene.hovered.connect(self._on_hover)
        self.scene.pinned.connect(self._on_pin)
        self.scene.selection_changed.connect(lambda _card: self.changed.emit())
        self.help = SoloHelp(self, self)
        self.stats_dialog: StatisticsDialog | None = None  # the last one shown (tests read it)
        self._start_notes: list[str] = []
        self.veil = ""  # while a deal is searched for, over a deal nobody has touched: it is not the one to play
        self._build_replay_bar()
        self.session = self._session(game.match, autosave)
        if autosave is not None and stats is None:  # a table played at (a replay's has no autosave)
            self._read_stats()
        self.refresh()

    def _build_replay_bar(self) -> None:
        """The bar that steps through a winning line, above the table; shown only while one is shown."""
        self.replay_bar = QToolBar()
        self.replay_actions: list[QAction] = []
        for key, slot, shortcut in (("replay.back", self.help.back, "Left"), ("replay.next", self.help.next, "Right"),
                                    ("replay.play", self.help.play_all, "Space"),
                                    ("replay.stop", self.help.stop, "Escape")):
            action = QAction(self.tr_.text(key), self)
            action.setData(key)
            action.setShortcut(QKeySequence(shortcut))
            action.triggered.connect(slot)
            action.setEnabled(False)
            self.replay_bar.addAction(action)
            self.replay_actions.append(action)
        column = self.layout()
        assert isinstance(column, QBoxLayout)
        column.insertWidget(0, self.replay_bar)
        self.replay_bar.hide()

    def _read_stats(self) -> None:
        """The player's record, read as the table opens: a damaged file is kept aside, and said."""
        self._stats = Statistics(stats_path())
        damaged = self._stats.set_aside
        if damaged is not None:
            self._start_notes.append(self.tr_.text("stats.damaged", file=str(damaged)))

    def start_notes(self) -> list[str]:
        return list(self._start_notes)

    def _session(self, match: Match[SoloState], autosave: Path | None) -> GameSession:
        session = GameSession(match, self.tr_, autosave)
        session.changed.connect(self._on_changed)
        session.refused.connect(self.show_message)
        return session

    # --- what the frame asks of a game's table ----------------------------------------------

    def make_scene(self) -> SolonautsScene:
        return SolonautsScene(self.faces, self.tr_)

    def draw(self, viewer: int | None, curtain: str) -> None:
        live = self.session.match is self.game.match  # else a replay's position (desktop/shell/replay_stage.py)
        self.scene.show_view(self.game.view(PLAYER), self.session.dests() if live else {})
        self.scene.set_curtain(self.veil, opaque=True)  # a click on it changes nothing: the deal found replaces it

    def offer(self, viewer: int | None) -> None:
        """Nothing to offer in a bar: the cards are played on the table, the helpers are in the menus."""

    def event_text(self, event: Event) -> str:
        return self.session.event_text(event)

    def end_text(self) -> str:
        state = self.game.state
        return self.tr_.text(f"solonauts.end.{state.reason}", of=state.options["ids"])

    def shown_in_log(self, event: Event) -> bool:
        return event.kind not in UNTOLD

    def situation(self) -> str:
        state = self.game.state
        score = self.tr_.text("solonauts.score", score=state.score, of=state.options["ids"])
        return score if state.result is None else f"{self.end_text()}  {score}"

    def hidden_shown(self) -> str:
        """Solonauts hides nothing but the order of its deck: showing everything names the next cards."""
        deck = list(reversed(self.game.state.deck))  # drawn from the end
        if not deck:
            return ""
        names = [self.tr_.card_title(card) for card in deck[:DECK_SHOWN]]
        more = len(deck) - len(names)
        return self.tr_.text("replay.deck_order", cards=", ".join(names)) + (
            " " + self.tr_.text("replay.deck_more", count=more) if more else "")

    def detail_of(self, key: str) -> tuple[CardFace, str] | None:
        view = self.scene.view_state
        if view is None or key.startswith("zone:"):
            return None
        return self.faces.detail(key, view.timeline, home=key in view.home)

    def decider(self) -> int | None:
        return None if self.game.engine.is_over(self.game.state) else PLAYER

    def title(self) -> str:
        t = self.tr_.text
        return f"{t('app.name')} — {t('game.chrononauts')}: {t('mode.solonauts')}"

    def retranslate(self) -> None:
        for action in self.replay_actions:
            action.setText(self.tr_.text(str(action.data())))
        super().retranslate()

    @classmethod
    def in_progress_line(cls, tr: Translator, game: SeatGame) -> str:
        """One player: the deal and how far it has come, rather than a name. Also said inside a sentence (the offer
        to resume after a crash), where two spaces read as a slip: a middle dot parts them, as on the tables."""
        state: SoloState = game.state
        score = tr.text("solonauts.score", score=state.score, of=state.options["ids"])
        return f"{tr.text('status.deal', seed=game.match.seed)} · {score}"

    # --- the status line and the menus -----------------------------------------------------------

    def status(self) -> tuple[str, str, str]:
        """The prompt, the score and the deal number, for the main window's status bar."""
        t = self.tr_.text
        state = self.game.state
        score = t("solonauts.score", score=state.score, of=state.options["ids"])
        deal = t("status.deal", seed=self.game.match.seed)
        if self.veil:  # the deal under it is not the one to play; the message line says what is going on
            return "", "", ""
        if self.help.replaying:
            prompt = t("replay.step", n=self.help.step, total=len(self.help.line))
        elif self.session.over:
            prompt = self.end_text()
        elif self.scene.selected:
            card = self.tr_.card_title(self.scene.selected)
            only_discard = set(self.scene.dests.get(self.scene.selected, {})) <= {"zone:discard"}
            prompt = t("solonauts.no_target" if only_discard else "solonauts.prompt_selected", card=card)
        else:
            prompt = t("solonauts.prompt")
        return prompt, score, deal

    def offers(self, action: str) -> bool:
        """Is this game's own menu entry (`ACTIONS`) available now?"""
        if action in ("hint", "restart") and self.veil:
            return False  # the deal under the veil is not the one to play
        if action == "hint":
            return not self.session.over and not self.help.replaying
        return action in ACTIONS

    def take_offer(self, action: str, options: dict[str, Any]) -> None:
        """A menu entry of `ACTIONS`, or a deal to search for (`FOUND_DEALS`) with `options`."""
        if action == "hint":
            self.hint()
        elif action == "restart":
            self.restart()
        elif action == "statistics":
            self.show_statistics()
        elif action in FOUND_DEALS:
            if not self.game.match.moves and not self.read_only:  # nothing of this deal is lost by hiding it
                self.veil = self.tr_.text("new.searching")  # e.g. the table put up for the search from another game
                self.refresh()
            self.help.start_found_deal(action, options)

    def show_message(self, text: str, error: bool = True, spoken: bool = True) -> None:
        self.message.setText(text)
        self.said.emit(text, error)
        if spoken:
            accessibility.announce(self.message, text)

    # --- playing ------------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        if self.read_only or not self.guarded(move):
            return False
        return self.session.play(move)

    def meant_move(self, card: str, target: str) -> Move | None:
        """A card dropped on a year of the timeline means playing it there; the rules say if they refuse it."""
        return PlayCard(PLAYER, card, int(target[3:])) if target.startswith("tl:") else None

    def _on_changed(self, events: list[Event]) -> None:
        self.show_message("")  # a refusal or a hint was about the position before
        self.refresh()
        if self.session.autosave_error is not None:
            self.show_message(self.autosave_trouble(self.session.autosave_error))
        if any(e.kind in self.END_EVENTS for e in events):
            self._count_finished_game()
            QTimer.singleShot(250, self, self.help.deal_ended)  # tied to the table: gone with it

    def can_undo(self) -> bool:
        """Unlimited: any move back to the deal, except while a winning line is shown."""
        return self.game.match.can_undo() and not self.help.replaying

    def can_redo(self) -> bool:
        return self.game.match.can_redo() and not self.help.replaying

    def undo(self) -> None:
        if not self.guarded(None) or self.help.replaying:
            return
        before = list(self.announced)
        if self.session.undo():
            self.say_taken_back(before)
        else:
            self.show_message(self.tr_.text("status.nothing_to_undo"))

    def undo_refusal(self) -> str:
        return self.tr_.text("status.nothing_to_undo")  # any move may be taken back: there is none

    def redo(self) -> None:
        if self.help.replaying:
            return
        self.redoing = True
        try:
            if not self.session.redo():
                self.show_message(self.tr_.text("status.nothing_to_redo"))
        finally:
            self.redoing = False

    def _autosave(self) -> None:
        self.session._autosave()
        failed = self.session.autosave_error
        self.save_trouble = "" if failed is None else self.autosave_trouble(failed)

    # --- the card under the pointer -------------------------------------------------------------

    def _on_hover(self, key: str) -> None:
        if not self.pinned:
            self.show_detail(key)

    def _on_pin(self, key: str) -> None:
        self.pinned = "" if key == self.pinned else key
        self.show_detail(key)

    # --- deals ------------------------------------------------------------------------------------

    def start(self, session: GameSession, save_path: Path | None = None) -> None:
        """Put `session`'s match on this table (a winning line shown, a new deal)."""
        old = self.session
        old.changed.disconnect(self._on_changed)
        old.refused.disconnect(self.show_message)
        old.deleteLater()
        session.changed.connect(self._on_changed)
        session.refused.connect(self.show_message)
        self.session = session
        self.game = SoloGame(session.match, list(self.game.names))
        self.scene.selected = ""
        self.detail_key = self.pinned = ""  # a card of the last deal is not on this table
        self.veil = ""
        self.refresh()
        self.view.setFocus()

    def new_game(self, options: dict[str, Any], seed: int) -> None:
        """A new deal on this table. A deal in progress keeps its autosave and waits in Games in progress (a new game
        never takes the place of one in progress); the new deal gets a slot of its own."""
        if self.autosave is not None and self.spare_autosave() is None:
            self.autosave = storage.new_game_slot()
        self.deal(options, seed)

    def deal(self, options: dict[str, Any], seed: int) -> None:
        """`seed`'s deal on this table, autosaved where the last one was."""
        self.start(GameSession.new(options, seed, self.tr_, self.autosave))
        self._autosave()
        self.dealt.emit(dict(options))

    def spare_autosave(self) -> Path | None:
        """This table's autosave if a new deal may take it: nothing is lost, no move played or the deal over."""
        match = self.game.match
        return self.autosave if not match.moves or match.engine.is_over(match.state) else None

    def restart(self) -> None:
        """The same deal from its start, in its own autosave: the player asked to play it again."""
        self.deal(dict(self.game.match.options), self.game.match.seed)

    def hint(self) -> None:
        self.help.hint()

    @property
    def stats(self) -> Statistics:
        """The player's record, read when first needed (a replay's table never touches the file)."""
        if self._stats is None:
            self._stats = Statistics(stats_path())
        return self._stats

    def _count_finished_game(self) -> None:
        """A game counts once in the statistics, however often its last move is undone and played."""
        session = self.session
        if session.counted:
            return
        session.counted = True
        state = session.match.state
        self.stats.record(int(state.options["ids"]), state.result == "won", state.score)

    def show_statistics(self) -> StatisticsDialog:
        from desktop.games.chrononauts.solonauts_stats_dialog import StatisticsDialog

        t = self.tr_.text

        def confirm() -> bool:
            buttons = [t("stats.reset_yes"), t("stats.reset_no")]
            return self.ask(t("stats.title"), t("stats.reset_question"), buttons, 1) == 0

        dialog = StatisticsDialog(self.stats, self.tr_, range(IDS_MIN, IDS_MAX + 1), confirm, self.window())
        self.stats_dialog = dialog
        dialog.open()
        return dialog

    def announce_end(self, verdict: Solution | None = None) -> None:
        """The score, what the solver found about a lost deal, and what to do next."""
        session = self.session
        if not session.over:
            return
        t = self.tr_.text
        state = session.match.state
        won = state.result == "won"
        lines = [self.end_text(), t("solonauts.score", score=state.score, of=state.options["ids"])]
        buttons = [t("end.again"), t("end.new"), t("end.close")]
        if not won and verdict is not None:
            lines.append(t({"win": "end.could_win", "loss": "end.could_not_win"}.get(verdict.verdict, "end.unknown")))
            if verdict.verdict == "win":
                buttons.append(t("end.show_line"))
        self.said.emit("", True)
        choice = self.ask(t("end.title_won" if won else "end.title_lost"), "\n".join(lines), buttons)
        options = dict(session.match.options)
        if choice == 0:
            self.restart()
        elif choice == 1:
            self.new_game(options, random.SystemRandom().randrange(deals.MAX_DEAL + 1))
        elif choice == 3 and verdict is not None:
            self.help.replay(options, session.match.seed, verdict.line)

    # --- what the helpers ask of the table (solonauts_help.SoloWindow) ----------------------------

    def refresh_table(self) -> None:
        self.refresh()

    def show_replay_bar(self, shown: bool) -> None:
        self.replay_bar.setVisible(shown)
        for action in self.replay_actions:
            action.setEnabled(shown)
        self.refresh()

    def show_prompt(self, text: str) -> None:
        self.changed.emit()  # the step is said by `status`

    def play_on_autosave(self) -> Path | None:
        return self.autosave
