"""Game → Games in progress: every game still running, each in its own autosave (storage.games_dir()),
with its players (or, for Solonauts, its deal and score) and when it was last played; open one, or delete it.

A new game never takes the place of one in progress: it gets its own autosave, and the one that
was on the table stays in this list.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QDateTime, QLocale, Qt
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QLabel, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from desktop.frame import accessibility, screen_fit, storage
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatGame, SeatTable, mode_key, saved_game
from rules.registry import modes
from rules.saves import SaveError, read_json

COLUMNS = ("games.column.game", "games.column.players", "games.column.last_played")


@dataclass
class GameInProgress:
    path: Path  # its autosave, where it goes on being saved when it is opened
    table: type[SeatTable]
    game: SeatGame
    last_played: float  # seconds since the epoch: the autosave's time

    @property
    def names(self) -> list[str]:
        return list(self.game.names)

    def players(self, tr: Translator) -> str:
        """Who plays it, as the list says (a game of one says its deal instead)."""
        return self.table.in_progress_line(tr, self.game)


@dataclass(frozen=True)
class Damaged:
    """An autosave that could not be read: why, and where it is now (set aside, or left where it was)."""

    path: Path
    error: SaveError


def as_damaged(error: SaveError) -> SaveError:
    """Why one of our own autosaves could not be read. Its shape gone, it is damaged: "not a saved game" would
    deny what the player knows it is."""
    return SaveError("save.damaged") if error.code == "save.not_a_save" else error


def read_slot(path: Path) -> GameInProgress | Damaged:
    """The game an autosave holds, or, if it cannot be read, the file set aside (never deleted)."""
    from desktop.shell.tables import table_for

    held = saved_game(path)
    table = table_for(*held) if held is not None else None
    try:
        if table is None:
            read_json(path)  # a file that is not JSON says why itself
            raise SaveError("save.not_a_save")
        game = table.GAME_CLASS.load(path)
        when = path.stat().st_mtime
    except (SaveError, OSError) as exc:
        error = as_damaged(exc) if isinstance(exc, SaveError) else SaveError("save.unreadable", reason=exc)
        # Someone may want to look at it: kept under a new name, so nothing writes over it.
        return Damaged(storage.set_aside(path) or path, error)
    return GameInProgress(path, table, game, when)


def games_in_progress(keep: Path | None = None, damaged: list[Damaged] | None = None) -> list[GameInProgress]:
    """The games not yet over, played last first. A finished game is no longer in
    progress: its autosave is removed, unless it is `keep` (the game on the table). Autosaves that
    cannot be read are set aside and added to `damaged`, for the player to be told."""
    return list(_in_progress(keep, damaged))


def last_played(damaged: list[Damaged] | None = None) -> GameInProgress | None:
    """The game in progress played last, the one a start offers: the autosaves are read newest first up to it, each
    a whole game replayed, so a player with many games waits for one (issue #42). The older ones are read when the
    list is opened (GamesDialog), which says which are damaged and removes the finished."""
    return next(_in_progress(None, damaged), None)


def _in_progress(keep: Path | None, damaged: list[Damaged] | None) -> Iterator[GameInProgress]:
    for path in storage.game_slots():
        entry = read_slot(path)
        if isinstance(entry, Damaged):
            if damaged is not None:
                damaged.append(entry)
            continue
        if entry.game.engine.is_over(entry.game.state):
            if keep is None or not _same_file(path, keep):
                try:
                    path.unlink()
                except OSError:
                    pass
            continue
        yield entry


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def game_title(tr: Translator, table: type[SeatTable], game: SeatGame) -> str:
    """The game's name in the player's language, with its mode when it has more than one."""
    name = tr.name_of(table.GAME, f"game.{table.GAME}")
    mode = tr.name_of(table.GAME, mode_key(table.GAME, game.engine.mode)) if len(modes()[table.GAME]) > 1 else name
    return name if mode == name else f"{name}: {mode}"


def game_name(tr: Translator, table: type[SeatTable], game: SeatGame) -> str:
    """The game as people name it in a sentence: its mode's name when it has several (Solonauts, Artifaxx), else the
    game's ("a game of Parsifal"); game_title's "Chrononauts: Solonauts" is a heading's."""
    if len(modes()[table.GAME]) > 1:
        return tr.name_of(table.GAME, mode_key(table.GAME, game.engine.mode))
    return tr.name_of(table.GAME, f"game.{table.GAME}")


def when_played(tr: Translator, seconds: float) -> str:
    """A date and time as people write them in the player's language (the pattern is in the catalog)."""
    moment = QDateTime.fromMSecsSinceEpoch(int(seconds * 1000))
    return QLocale(tr.language).toString(moment, tr.text("games.date_format"))


class GamesDialog(QDialog):
    """The list; Open ends the dialog with `chosen` set, Delete asks first, Close changes nothing."""

    def __init__(self, tr: Translator, ask: Callable[..., int], on_table: Path | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tr_, self.ask, self.on_table = tr, ask, on_table
        self.entries: list[GameInProgress] = []
        self.chosen: GameInProgress | None = None
        t = tr.text
        self.setWindowTitle(t("games.title"))
        layout = QVBoxLayout(self)
        self.note = QLabel()
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setHorizontalHeaderLabels([t(key) for key in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.table.setAccessibleName(t("games.title"))
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.itemDoubleClicked.connect(lambda _item: self.open_selected())
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox()
        self.open_button = buttons.addButton(t("games.open"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.delete_button = buttons.addButton(t("games.delete"), QDialogButtonBox.ButtonRole.DestructiveRole)
        self.close_button = buttons.addButton(t("games.close"), QDialogButtonBox.ButtonRole.RejectRole)
        self.open_button.clicked.connect(self.open_selected)
        self.delete_button.clicked.connect(self.delete_selected)
        self.close_button.clicked.connect(self.reject)
        layout.addWidget(buttons)
        self.fill()
        self.resize(760, 380)
        screen_fit.keep_on_screen(self)

    def fill(self) -> None:
        """Read the autosaves again and show them, the one played last on top and selected."""
        t = self.tr_.text
        damaged: list[Damaged] = []
        self.entries = games_in_progress(keep=self.on_table, damaged=damaged)
        self.table.setRowCount(len(self.entries))
        for row, entry in enumerate(self.entries):
            here = self.on_table is not None and _same_file(entry.path, self.on_table)
            cells = [game_title(self.tr_, entry.table, entry.game), entry.players(self.tr_),
                     t("games.on_table") if here else when_played(self.tr_, entry.last_played)]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)  # an item's text is never read as markup
                self.table.setItem(row, column, item)
        notes = [t("games.note") if self.entries else t("games.none")]
        notes += [t("games.damaged", reason=self.tr_.reason(d.error), file=str(d.path)) for d in damaged]
        self.note.setText("\n".join(notes))
        if self.entries:
            self.table.selectRow(0)
        self._selection_changed()

    def selected(self) -> GameInProgress | None:
        rows = self.table.selectionModel().selectedRows()
        return self.entries[rows[0].row()] if rows else None

    def is_on_table(self, entry: GameInProgress) -> bool:
        return self.on_table is not None and _same_file(entry.path, self.on_table)

    def _selection_changed(self) -> None:
        entry = self.selected()
        self.open_button.setEnabled(entry is not None)
        self.delete_button.setEnabled(entry is not None and not self.is_on_table(entry))

    def open_selected(self) -> None:
        entry = self.selected()
        if entry is not None:
            self.chosen = entry
            self.accept()

    def delete_selected(self) -> bool:
        """Delete the selected game after a question that names it; the game on the table is never deleted."""
        entry = self.selected()
        if entry is None or self.is_on_table(entry):
            return False
        t = self.tr_.text
        question = t("games.delete_question", game=game_title(self.tr_, entry.table, entry.game),
                     players=entry.players(self.tr_), when=when_played(self.tr_, entry.last_played))
        if self.ask(t("games.delete_title"), question, [t("games.delete_yes"), t("games.delete_no")], safe=1) != 0:
            return False
        try:
            entry.path.unlink()
        except OSError as exc:
            self.note.setText(t("games.delete_failed", reason=file_trouble(self.tr_, exc)))
            accessibility.announce(self.note, self.note.text())
            return False
        self.fill()
        return True

    def row_texts(self) -> list[list[str]]:
        """What each row shows, column by column (for tests)."""
        return [[self._cell(row, column) for column in range(len(COLUMNS))] for row in range(self.table.rowCount())]

    def _cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""
