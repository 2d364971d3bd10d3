"""A finished or saved game watched move by move: a timeline, turn jumps, play at a speed, the log
following along, and "play from here" to carry on as a live game from any position.

The game is drawn by its own table (desktop/shell/replay_stage.py) from the public view, so a replay of a
game still running shows no hidden card; "show everything" exists only once the game is over, or in
Solonauts, where the player saw everything but the order of the deck.
"""
from __future__ import annotations

import errno
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QSize, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (QCheckBox, QComboBox, QHBoxLayout, QListWidget, QListWidgetItem, QMainWindow,
                               QPushButton, QSlider, QSplitter, QVBoxLayout, QWidget)

from desktop.frame import accessibility, plain, screen_fit, storage
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.shell.replay_stage import Stage
from desktop.shell.replay_track import ReplayTrack
from rules.match import Match
from rules.saves import write_atomic

SPEEDS = (0.5, 1.0, 2.0, 4.0)  # moves per second
DEFAULT_SPEED = 1.0
MOVE_ROLE = Qt.ItemDataRole.UserRole  # a log line's position: the move it belongs to


def load_stage(tr: Translator, path: Path) -> tuple[Stage, Match[Any]]:
    """Read a save for a replay (only read: the file is never written). Raises SaveError."""
    from desktop.shell.tables import load_game

    table, game = load_game(path)
    return Stage(_stage_tr(tr, table), game, table), game.match


def _stage_tr(tr: Translator, table: type[SeatTable]) -> Translator:
    return tr if table.GAME == "chrononauts" else tr.for_game(table.GAME)


def stage_for_game(tr: Translator, game: SeatGame) -> tuple[Stage, Match[Any]]:
    """A stage for a game on the table now; the replay gets its own copy, replayed from the moves."""
    from desktop.shell.tables import table_for
    from rules.saves import from_dict, to_dict

    table = table_for(game.engine.game, game.engine.mode)
    assert table is not None
    twin = type(game)(from_dict(to_dict(game.match)), list(game.names))
    twin.bots = dict(game.bots)  # a game played on from the replay keeps its computer players
    twin.restore(game.save_data())
    return Stage(_stage_tr(tr, table), twin, table), twin.match


def new_save_path(position: int, folder: Path) -> Path:
    """A fresh file in `folder` for a game played on from a replay, never an existing one. Its name is
    fixed ASCII, the move and the time: no game title or file name (translated or typed text) goes in."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1, 10_000):
        tail = "" if n == 1 else f"-{n}"
        path = folder / f"played-on-from-move-{position}-{stamp}{tail}{storage.SAVE_SUFFIX}"
        if not path.exists():
            return path
    raise FileExistsError(errno.EEXIST, "no free file name", str(folder))  # said as "a file with that name exists"


class ReplayWindow(QMainWindow):
    """The replay: the table, the log of every move, and the controls under them."""

    def __init__(self, tr: Translator, stage: Stage, match: Match[Any], name: str,
                 play_live: Callable[[Path], bool] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.tr_ = tr
        self.stage = stage
        self.track = ReplayTrack(match)
        self._rows: list[int] = []  # the log row each position's lines start at (built with the log)
        self.name = name  # the file's name (or the game's) in the title; never in a file name
        self.play_live = play_live
        self.shown: Match[Any] = match
        self.solo = stage.table.NOTHING_HIDDEN  # Solonauts: nothing hidden but the deck's order

        self.log = QListWidget()
        self.log.setWordWrap(True)
        self.log.setSelectionMode(QListWidget.SelectionMode.MultiSelection)
        self.log.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.log.itemClicked.connect(self._log_clicked)
        side = QSplitter(Qt.Orientation.Vertical)
        side.addWidget(stage.detail)
        side.addWidget(self.log)
        side.setSizes([380, 520])
        side.setMinimumWidth(300)
        self.status = plain.label()  # it names the players, and files on failure
        self.status.setWordWrap(True)
        self.extra = plain.label()
        self.extra.setWordWrap(True)
        self.extra.setStyleSheet("color: #1d4f8a")
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setRange(0, self.track.total)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the window's keys, not the slider's own
        self.slider.valueChanged.connect(self.seek)
        self.position_label = plain.label()
        self.buttons: dict[str, QPushButton] = {}
        self.speed = QComboBox()
        for speed in SPEEDS:
            self.speed.addItem("", speed)
        self.speed.setCurrentIndex(SPEEDS.index(DEFAULT_SPEED))
        self.speed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.speed.currentIndexChanged.connect(self._speed_chosen)
        self.speed_label = plain.label()
        self.everything = QCheckBox()
        self.everything.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.everything.setVisible(self.solo or self.track.over)  # hidden cards stay hidden in a running game
        self.everything.toggled.connect(lambda _on: self.redraw())
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.step_played)
        self._speed_chosen(self.speed.currentIndex())

        controls = QHBoxLayout()
        for key, slot in (("start", lambda: self.seek(0)), ("prev_turn", self.previous_turn),
                          ("back", lambda: self.seek(self.track.position - 1)), ("play", self.toggle_play),
                          ("forward", lambda: self.seek(self.track.position + 1)), ("next_turn", self.next_turn),
                          ("end", lambda: self.seek(self.track.total))):
            button = QPushButton()
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _checked=False, s=slot: s())
            controls.addWidget(button)
            self.buttons[key] = button
        controls.addWidget(self.speed_label)
        controls.addWidget(self.speed)
        controls.addStretch(1)
        self.play_here = QPushButton()
        self.play_here.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.play_here.clicked.connect(self.play_from_here)
        self.play_here.setEnabled(play_live is not None)
        # Show all and Play from here beside the slider: one row with the steps was wider than a laptop.
        timeline = QHBoxLayout()
        timeline.addWidget(self.slider, 1)
        timeline.addWidget(self.position_label)
        timeline.addWidget(self.everything)
        timeline.addWidget(self.play_here)

        column = QVBoxLayout()
        column.addWidget(self.status)
        column.addWidget(self.extra)
        column.addWidget(stage.widget, 1)
        column.addLayout(timeline)
        column.addLayout(controls)
        left = QWidget()
        left.setLayout(column)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(left)
        body.addWidget(side)
        body.setStretchFactor(0, 1)
        body.setSizes([1100, 360])
        self.setCentralWidget(body)

        for keys, slot in (("Left", lambda: self.seek(self.track.position - 1)),
                           ("Right", lambda: self.seek(self.track.position + 1)),
                           ("Home", lambda: self.seek(0)), ("End", lambda: self.seek(self.track.total)),
                           ("PgUp", self.previous_turn), ("PgDown", self.next_turn), ("Space", self.toggle_play)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.activated.connect(slot)

        self.retranslate()  # also builds the log, in the words of the language
        screen_fit.fit_to_screen(self, QSize(1480, 900))
        self.seek(0)

    # --- words ---------------------------------------------------------------------------------

    def retranslate(self) -> None:
        t = self.tr_.text
        self.setWindowTitle(plain.window_title(f"{t('replay.title', name=self.name)} — {t('app.name')}"))
        for key, button in self.buttons.items():
            button.setText(t(f"replay.{key}" if key != "play" else
                             ("replay.pause" if self.timer.isActive() else "replay.watch")))
            button.setToolTip(t(f"replay.tip.{key}"))
        for i, speed in enumerate(SPEEDS):
            self.speed.setItemText(i, t("replay.speed_value", speed="½" if speed == 0.5 else f"{speed:g}"))
        self.speed_label.setText(t("replay.speed"))
        self.everything.setText(t("replay.show_all"))
        self.play_here.setText(t("replay.play_from_here"))
        self.log.setAccessibleName(t("a11y.log"))  # what a screen reader calls them: they show no words of their own
        self.slider.setAccessibleName(t("replay.moves"))
        self.stage.retranslate()
        self._build_log()
        self.redraw()

    def _build_log(self) -> None:
        """Every line the game's log holds, each knowing the move it came from (0: the deal)."""
        self.log.clear()
        track = self.track
        lines = self.stage.log_events(track.match)
        # Where each move's lines end in the whole log, from what each move made happen: asking the
        # stage for the log at every position would cost the square of the moves.
        ends = [len(self.stage.log_events(track.at(0)))]  # what the deal itself does (Parsifal's first draw)
        for events in track.move_events:
            ends.append(ends[-1] + self.stage.logged(events))
        self._rows = [0]  # [m]: the log row where move m's lines start (m = total + 1: the end of the log)
        start = QListWidgetItem(self.tr_.text("replay.log_start"))
        start.setData(MOVE_ROLE, 0)
        self.log.addItem(start)
        for event in lines[:ends[0]]:
            item = QListWidgetItem(f"      {self.stage.event_text(event)}")
            item.setData(MOVE_ROLE, 0)
            self.log.addItem(item)
        for move in range(1, track.total + 1):
            self._rows.append(self.log.count())
            said = lines[ends[move - 1]:ends[move]]
            texts = [self.stage.event_text(e) for e in said] or [self.tr_.text("replay.log_move", n=move)]
            for n, text in enumerate(texts):
                item = QListWidgetItem(f"{move}. {text}" if n == 0 else f"      {text}")
                item.setData(MOVE_ROLE, move)
                self.log.addItem(item)
        self._rows.append(self.log.count())

    # --- moving along ----------------------------------------------------------------------------

    def seek(self, position: int) -> None:
        self.track.seek(position)
        self.redraw()

    def previous_turn(self) -> None:
        self.seek(self.track.previous_turn())

    def next_turn(self) -> None:
        self.seek(self.track.next_turn())

    def redraw(self) -> None:
        track = self.track
        position = track.position
        self.shown = track.at(position)
        everything = self.everything.isVisible() and self.everything.isChecked()
        self.stage.show(self.shown, everything)
        t = self.tr_.text
        self.status.setText(self.stage.situation(self.shown))
        self.extra.setText(self.stage.extra(self.shown, everything))
        self.extra.setVisible(bool(self.extra.text()))
        self.position_label.setText(t("replay.position", n=position, total=track.total,
                                      turn=track.turn_of(position) + 1))
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.buttons["start"].setEnabled(position > 0)
        self.buttons["back"].setEnabled(position > 0)
        self.buttons["prev_turn"].setEnabled(position > 0)
        self.buttons["forward"].setEnabled(position < track.total)
        self.buttons["next_turn"].setEnabled(position < track.total)
        self._select_log(position)

    def _select_log(self, position: int) -> None:
        self.log.blockSignals(True)
        self.log.clearSelection()
        mine = [self.log.item(row) for row in range(self._rows[position], self._rows[position + 1])]
        for item in mine:
            item.setSelected(True)
        self.log.blockSignals(False)
        if mine:
            self.log.setCurrentItem(mine[0], QItemSelectionModel.SelectionFlag.NoUpdate)
            self.log.scrollToItem(mine[-1])  # the whole move in sight, its first line above all
            self.log.scrollToItem(mine[0])

    def selected_log(self) -> list[str]:
        return [item.text() for item in self.log.selectedItems()]

    def _log_clicked(self, item: QListWidgetItem) -> None:
        self.seek(int(item.data(MOVE_ROLE)))

    # --- playing at a speed ------------------------------------------------------------------------

    def _speed_chosen(self, index: int) -> None:
        self.timer.setInterval(int(1000 / SPEEDS[index]))

    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.timer.stop()
        else:
            if self.track.position >= self.track.total:
                self.seek(0)  # play again from the start
            self.timer.start()
        self.buttons["play"].setText(self.tr_.text("replay.pause" if self.timer.isActive() else "replay.watch"))

    def step_played(self) -> None:
        """One tick of play: the next move, stopping at the end."""
        self.seek(self.track.position + 1)
        if self.track.position >= self.track.total and self.timer.isActive():
            self.toggle_play()

    # --- playing on ----------------------------------------------------------------------------------

    def play_from_here(self) -> Path | None:
        """A new save holding the moves up to here, opened as a live game; the replayed file is untouched."""
        if self.play_live is None:
            return None
        if self.timer.isActive():
            self.toggle_play()
        # The game goes on among the games in progress: its own autosave, beside the game it came from.
        folder = storage.games_dir()
        path: Path | None = None
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = new_save_path(self.track.position, folder)
            write_atomic(path, self.stage.save_text(self.track.at(self.track.position)))
        except OSError as exc:
            name = path.name if path is not None else str(folder)
            self.status.setText(self.tr_.text("save.failed", file=name, reason=file_trouble(self.tr_, exc)))
            accessibility.announce(self.status, self.status.text())
            return None
        if not self.play_live(path):
            try:
                path.unlink()  # written a moment ago for this game alone, and not played
            except OSError:
                pass
            return None
        self.close()
        return path

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.timer.stop()
        super().closeEvent(event)


def open_replay(tr: Translator, path: Path, play_live: Callable[[Path], bool] | None = None,
                parent: QWidget | None = None) -> ReplayWindow:
    """The replay of a save file; raises SaveError (with the reason) if the file cannot be read."""
    stage, match = load_stage(tr, path)
    return ReplayWindow(tr, stage, match, path.name, play_live, parent)
