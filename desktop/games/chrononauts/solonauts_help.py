"""The solitaire player's helpers: a hint, deals that can be won, the deal of the day, and, when
a deal ends, whether it could have been won, with its winning line replayed on the table.

The searches run in the background (`Background`); an answer that arrives after the game has
moved on is dropped.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer

from desktop.frame.background import Background
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.solonauts_scene import DISCARD_KEY, SolonautsScene, timeline_key
from desktop.games.chrononauts.solonauts_session import GameSession
from rules.chrononauts import deals
from rules.chrononauts.moves import Discard, PlayCard
from rules.chrononauts.solonauts import SolonautsEngine
from rules.kernel import Move
from rules.registry import engine

if TYPE_CHECKING:  # the searches are imported when first asked for, not when the table starts (issue #42)
    import datetime

    from rules.chrononauts.hints import Hint
    from rules.chrononauts.solver import Solution

VERDICT_NODES = 200_000  # enough for most deals (docs/solonauts-winnability.md) …
VERDICT_SECONDS = 4.0  # … but the player does not wait longer than this for the verdict
SEARCH_TRIES = 40  # random deals tried for one proven winnable
REPLAY_STEP_MS = 700
HINT_SAMPLES: int | None = None  # None: the hint search's own (rules.chrononauts.hints.SAMPLES)
HINT_NODES: int | None = None  # None: rules.chrononauts.hints.BUDGET


def _solonauts() -> SolonautsEngine:
    return engine("chrononauts", "solonauts")


class SoloWindow(Protocol):
    """The table the helpers work for, as they see it (desktop/games/chrononauts/solonauts_table.py, which makes them)."""

    @property
    def tr_(self) -> Translator: ...

    @property
    def session(self) -> GameSession | None: ...

    @property
    def scene(self) -> SolonautsScene: ...

    def show_prompt(self, text: str) -> None: ...

    def play_on_autosave(self) -> Path | None: ...

    def start(self, session: GameSession, save_path: Path | None = None) -> None: ...

    def new_game(self, options: dict[str, Any], seed: int) -> None: ...

    def refresh_table(self) -> None: ...

    def show_replay_bar(self, shown: bool) -> None: ...

    def show_message(self, text: str, error: bool = True) -> None: ...

    def announce_end(self, verdict: Solution | None = None) -> None: ...


class SoloHelp(QObject):
    def __init__(self, window: SoloWindow, parent: QObject) -> None:
        super().__init__(parent)
        self.window = window
        self.background = Background(self)
        self.line: list[Move] = []  # the winning line being replayed, if any
        self.step = 0
        self.verdicts: dict[tuple[int, int], Solution] = {}  # (deal, ids) -> what the solver found
        self._player = QTimer(self)
        self._player.setInterval(REPLAY_STEP_MS)
        self._player.timeout.connect(self._play_on)

    @property
    def replaying(self) -> bool:
        return bool(self.line)

    def _t(self, key: str, **params: object) -> str:
        return self.window.tr_.text(key, **params)

    # --- a hint -----------------------------------------------------------------------------

    def hint(self) -> None:
        session = self.window.session
        if session is None or session.over or self.replaying:
            self.window.show_message(self._t("hint.game_over"))
            return
        view = session.view  # the deck hidden: the hint cannot peek at its order
        played = len(session.match.moves)
        rng = Random(session.match.seed * 64 + played)  # the same position gets the same hint
        self.window.show_message(self._t("hint.thinking"), error=False)

        from rules.chrononauts import hints

        def show(found: Hint) -> None:
            if self.window.session is not session or len(session.match.moves) != played:
                return  # the game moved on while we thought
            self._show_hint(found)

        samples = hints.SAMPLES if HINT_SAMPLES is None else HINT_SAMPLES
        nodes = hints.BUDGET if HINT_NODES is None else HINT_NODES
        self.background.run(lambda: hints.hint(_solonauts(), view, rng, samples=samples, budget=nodes), show)

    def _show_hint(self, found: Hint) -> None:
        move = found.move
        if move is None:
            self.window.show_message(self._t("hint.game_over"))
            return
        assert isinstance(move, (PlayCard, Discard)), move
        card = move.card
        title = self.window.tr_.card_title(card)
        if isinstance(move, PlayCard) and move.target is not None:
            self.window.scene.point_at(card, timeline_key(move.target))
            what = self._t("hint.play", card=title, year=move.target)
        else:
            self.window.scene.point_at(card, DISCARD_KEY)
            what = self._t("hint.discard", card=title)
        params: dict[str, object] = dict(found.params)
        if "ids" in params and isinstance(params["ids"], list):
            params["ids"] = ", ".join(self.window.tr_.card_title(i) for i in params["ids"])
        self.window.show_message(f"{what} {self._t(found.reason, **params)}", error=False)

    # --- deals that can be won ------------------------------------------------------------------

    def start_found_deal(self, kind: str, options: dict[str, Any], today: datetime.date | None = None) -> None:
        """Start a deal proven winnable ("winnable") or the deal of the day ("daily")."""
        ids = int(options["ids"])
        self.window.show_message(self._t("new.searching"), error=False)
        job: Callable[[], int | None]
        if kind == "daily":
            import datetime

            day = today or datetime.date.today()
            job = lambda: deals.daily_deal(day, ids)  # noqa: E731
        else:
            rng = Random(Random().getrandbits(64))

            def job() -> int | None:
                try:
                    return deals.solvable_deal(rng, ids, max_tries=SEARCH_TRIES)
                except RuntimeError:
                    return None

        def start(seed: int | None) -> None:
            if seed is None:
                self.window.show_message(self._t("new.search_failed"), error=False)
                seed = Random().randrange(deals.MAX_DEAL + 1)
            self.window.new_game(options, seed)

        self.background.run(job, start)

    # --- when a deal ends ---------------------------------------------------------------------

    def deal_ended(self) -> None:
        """Say the result; for a lost deal, first find out whether it could have been won."""
        session = self.window.session
        if session is None or not session.over:
            return
        if self.replaying:
            self._player.stop()
            return
        state = session.match.state
        key = (session.match.seed, int(state.options["ids"]))
        if state.result == "won" or key in self.verdicts:
            self.window.announce_end(self.verdicts.get(key))
            return
        self.window.show_message(self._t("end.checking"), error=False)
        from rules.chrononauts.solver import solve

        eng = _solonauts()
        start = eng.new_state(state.options, session.match.seed)

        def tell(found: Solution) -> None:
            self.verdicts[key] = found
            if self.window.session is session and session.over:
                self.window.announce_end(found)

        self.background.run(lambda: solve(eng, start, max_nodes=VERDICT_NODES,
                                          deadline=time.monotonic() + VERDICT_SECONDS), tell)

    # --- a winning line, step by step --------------------------------------------------------------

    def replay(self, options: dict[str, Any], seed: int, line: list[Move]) -> None:
        """Deal again and show `line` one move at a time; the player steps with the replay bar."""
        session = GameSession.new(options, seed, self.window.tr_, None)
        session.locked = True
        session.counted = True  # shown a winning line: not a game of one's own
        self.window.start(session)
        self.line, self.step = list(line), 0
        self.window.show_replay_bar(True)
        self._say_step()

    def next(self) -> None:
        session = self.window.session
        if not self.replaying or session is None or self.step >= len(self.line):
            self._player.stop()
            return
        move = self.line[self.step]
        self.step += 1
        session.locked = False  # the table plays it through the ordinary path, animation and log included
        try:
            session.play(move)
        finally:
            session.locked = True
            self.window.refresh_table()
        self._say_step()

    def back(self) -> None:
        session = self.window.session
        if self.replaying and session is not None and self.step > 0 and session.undo():
            self.step -= 1
            self._say_step()

    def play_all(self) -> None:
        if self.replaying:
            self._player.start()

    def _play_on(self) -> None:
        self.next()
        if self.step >= len(self.line):
            self._player.stop()

    def stop(self) -> None:
        """End the replay; the player may play on from here (the game stays out of the statistics)."""
        self._player.stop()
        session = self.window.session
        self.line, self.step = [], 0
        self.window.show_replay_bar(False)
        if session is not None:
            session.locked = False
            session.autosave = self.window.play_on_autosave()  # the player plays on from here
            self.window.refresh_table()
        self.window.show_message(self._t("replay.stopped"), error=False)

    def _say_step(self) -> None:
        self.window.show_prompt(self._t("replay.step", n=self.step, total=len(self.line)))
