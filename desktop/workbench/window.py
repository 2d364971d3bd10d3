"""The translator's workbench: a card set in two languages, card by card and string by string."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QCloseEvent, QColor, QImage, QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFileDialog, QHBoxLayout, QHeaderView, QLabel,
                               QListWidget, QMainWindow, QMessageBox, QPushButton, QSplitter, QTableWidget,
                               QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget)

import cardsets
from cardsets import glossary, plurals
from cardsets.folders import folder
from cardsets.text import LANGUAGE_NAMES, LANGUAGES, NOTE_SUFFIX, REFERENCE, Catalog
from cardsets.yamlfile import CardSetError, Problem
from desktop.frame import plain, screen_fit
from desktop.frame.card_item import CardFace
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator
from desktop.frame.pseudo import CODE as PSEUDO
from desktop.frame.pseudo import with_pseudo
from desktop.workbench.adapters import Adapter, adapter_for
from desktop.workbench.edit import string_file
from desktop.workbench.editor import StringEditor
from desktop.workbench.model import STATES, SideRow, Snapshot, build, overflowing_roles
from desktop.workbench.print_deck import PrintError, print_game
from desktop.workbench.render import SCALE, face_image
from desktop.workbench.source import GameSource, Texts, load_game, load_ui
from desktop.workbench.watch import CardSetWatcher

FILTERS = ("all", "missing", "stale", "overflow")
STATE_COLOURS = {"missing": "#c62828", "stale": "#ef6c00", "overflow": "#d81b60", "placeholder": "#6a1b9a",
                 "unknown": "#37474f"}


class Workbench(QMainWindow):
    """Reads the card sets under ``root`` (tests give a copy) and follows every save of their files."""

    def __init__(self, tr: Translator, root: Path = cardsets.ROOT, game: str = "chrononauts",
                 source: str = "en", target: str = "it", watch: bool = True) -> None:
        super().__init__()
        self.tr_ = tr
        self.root = root
        self.source: GameSource | None = None
        self.ui: Texts | None = None
        self.snapshot: Snapshot | None = None
        self.errors: list[Problem] = []
        self.terms: glossary.Glossary | None = None
        self._filling = False

        self.game_box = QComboBox()
        for name in cardsets.games(root):
            self.game_box.addItem(name, name)  # named in the workbench's language by retranslate
        self.game_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.source_box = QComboBox()
        self.target_box = QComboBox()
        for code in LANGUAGES:
            self.source_box.addItem(LANGUAGE_NAMES[code], code)
            self.target_box.addItem(LANGUAGE_NAMES[code], code)
        self.target_box.addItem("", PSEUDO)
        self.filter_box = QComboBox()
        for name in FILTERS:
            self.filter_box.addItem("", name)
        self._select(self.game_box, game)
        self._select(self.source_box, source)
        self._select(self.target_box, target)
        self.labels = {key: QLabel() for key in ("wb.game", "wb.source", "wb.target", "wb.filter")}
        self.counts = QLabel()
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.banner.setStyleSheet("background: #fdecea; color: #8e1b12; padding: 6px; border: 1px solid #e0a39c")
        self.banner.hide()

        self.cards = QTableWidget(0, 4)
        self.cards.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.cards.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.cards.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.cards.verticalHeader().hide()
        self.cards.setIconSize(QSize(210, 190))
        self.cards.setWordWrap(True)
        header = self.cards.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.cards.setColumnWidth(0, 210)
        self.cards.setColumnWidth(1, 214)
        self.cards.setColumnWidth(2, 214)
        self.no_faces = QLabel()
        self.no_faces.setWordWrap(True)
        self.no_faces.setAlignment(Qt.AlignmentFlag.AlignCenter)
        cards_page = QWidget()
        cards_layout = QVBoxLayout(cards_page)
        cards_layout.setContentsMargins(0, 0, 0, 0)
        cards_layout.addWidget(self.no_faces)
        cards_layout.addWidget(self.cards, 1)

        self.strings = QTableWidget(0, 6)
        self.strings.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.strings.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.strings.verticalHeader().hide()
        self.strings.setWordWrap(True)
        for column, width in enumerate((220, 120, 300, 300, 100)):
            self.strings.setColumnWidth(column, width)
        self.strings.horizontalHeader().setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.problems = QListWidget()
        self.problems.setWordWrap(True)

        self.tabs = QTabWidget()
        self.tabs.addTab(cards_page, "")
        self.tabs.addTab(self.strings, "")
        self.tabs.addTab(self.problems, "")
        # The game's glossary beside the strings: its fixed word per term, in both languages.
        self.glossary = QTableWidget(0, 3)
        self.glossary.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.glossary.verticalHeader().hide()
        self.glossary.setWordWrap(True)
        self.glossary.setColumnWidth(0, 240)
        self.glossary.setColumnWidth(1, 240)
        self.glossary.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.tabs.addTab(self.glossary, "")

        bar = QHBoxLayout()
        for key, box in (("wb.game", self.game_box), ("wb.source", self.source_box), ("wb.target", self.target_box),
                         ("wb.filter", self.filter_box)):
            bar.addWidget(self.labels[key])
            bar.addWidget(box)
            bar.addSpacing(10)
        bar.addStretch(1)
        bar.addWidget(self.counts)
        self.print_button = QPushButton()
        self.print_button.clicked.connect(self.print_deck)
        bar.addWidget(self.print_button)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addLayout(bar)
        layout.addWidget(self.banner)
        # Below the lists, the string picked in them: edited there, its cards redrawn as it is typed.
        self.editor = StringEditor(tr)
        self.adapter: Adapter | None = None
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.tabs)
        split.addWidget(self.editor)
        split.setStretchFactor(0, 1)
        split.setChildrenCollapsible(False)
        layout.addWidget(split, 1)
        self.setCentralWidget(page)

        self._shown = {box: box.currentIndex() for box in (self.game_box, self.source_box, self.target_box)}
        self.game_box.currentIndexChanged.connect(lambda _i: self._leave_for(self.game_box, self.reload))
        self.source_box.currentIndexChanged.connect(lambda _i: self._leave_for(self.source_box, self.rebuild))
        self.target_box.currentIndexChanged.connect(lambda _i: self._leave_for(self.target_box, self.rebuild))
        self.strings.currentCellChanged.connect(lambda row, _c, old, _o: self._string_picked(row, old))
        self.cards.currentCellChanged.connect(lambda row, _c, old, _o: self._side_picked(row, old))
        self.editor.key_chosen.connect(self._key_picked)
        self.editor.edited.connect(self._redraw)
        self.editor.saved.connect(self.reload)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Save), self, self.editor.save)
        self.filter_box.currentIndexChanged.connect(lambda _i: self.apply_filter())
        self.tabs.currentChanged.connect(lambda _i: self._show_counts())
        tr.language_changed.connect(lambda _code: self.retranslate())
        tr.texts_changed.connect(self.retranslate)
        self.watcher: CardSetWatcher | None = None
        if watch:
            self.watcher = CardSetWatcher(root, self)
            self.watcher.changed.connect(self.reload)
        self.retranslate()
        self.reload()
        screen_fit.fit_to_screen(self, QSize(1280, 860))

    @staticmethod
    def _select(box: QComboBox, value: str) -> None:
        index = box.findData(value)
        if index >= 0:
            box.setCurrentIndex(index)

    @property
    def game(self) -> str:
        return str(self.game_box.currentData())

    @property
    def source_lang(self) -> str:
        return str(self.source_box.currentData())

    @property
    def target_lang(self) -> str:
        return str(self.target_box.currentData())

    def set_languages(self, source: str, target: str) -> None:
        self._select(self.source_box, source)
        self._select(self.target_box, target)

    def set_filter(self, name: str) -> None:
        self._select(self.filter_box, name)

    def print_deck(self) -> None:
        """The shown game in the target language as a PDF, by the same code as `convivium print`."""
        name, _filter = QFileDialog.getSaveFileName(self, self.tr_.text("wb.print"),
                                                    f"{self.game}-{self.target_lang}.pdf", "PDF (*.pdf)")
        if not name:
            return
        try:
            print_game(self.root, self.game, self.target_lang, Path(name))
        except (PrintError, CardSetError) as exc:
            cause = exc.cause if isinstance(exc, PrintError) else None
            # the file named as the command line names it (the writer gives it as the error's filename)
            reason = str(exc) if cause is None else f"{cause.filename or name}: {file_trouble(self.tr_, cause)}"
            box = QMessageBox(QMessageBox.Icon.Warning, self.tr_.text("wb.print"),
                              self.tr_.text("wb.print_failed", reason=reason), parent=self)
            box.setTextFormat(Qt.TextFormat.PlainText)
            box.exec()

    # --- reading --------------------------------------------------------------------

    def reload(self) -> None:
        """Read the files again; if they cannot be read, say where and keep what is shown."""
        try:
            source = load_game(self.root, self.game)
            ui = load_ui(self.root)
        except CardSetError as exc:
            self.errors = exc.problems
        else:
            self.errors = []
            self.source, self.ui = source, ui
        self._show_errors()
        if not self.errors or self.snapshot is None or self.snapshot.game != self.game:
            self.rebuild()

    def rebuild(self) -> None:
        if self.source is None or self.ui is None or self.source.game != self.game:
            self.snapshot = None
            self.cards.setRowCount(0)
            self.strings.setRowCount(0)
            self.problems.clear()
            self._show_counts()
            return
        self.snapshot = build(self.source, self.ui, self.source_lang, self.target_lang)
        self.adapter = adapter_for(self.source)
        self._filling = True  # the tables' rows change under the selection: that is not a translator's pick
        try:
            self._fill_cards(self.snapshot)
            self._fill_strings(self.snapshot)
        finally:
            self._filling = False
        self._fill_problems(self.snapshot)
        self._fill_glossary()
        self._show_counts()
        self.apply_filter()
        self._follow_edit()

    # --- showing --------------------------------------------------------------------

    def retranslate(self) -> None:
        t = self.tr_.text
        self.setWindowTitle(f"{t('wb.title')} — {t('app.name')}")
        for i in range(self.game_box.count()):
            game = str(self.game_box.itemData(i))
            self.game_box.setItemText(i, self.tr_.name_of(game, f"game.{game}"))
        for key, label in self.labels.items():
            label.setText(t(key))
        self.target_box.setItemText(self.target_box.findData(PSEUDO), t("language.pseudo"))
        for i, name in enumerate(FILTERS):
            self.filter_box.setItemText(i, t(f"wb.filter.{name}"))
        self.cards.setHorizontalHeaderLabels([t("wb.col.card"), t("wb.col.source"), t("wb.col.target"),
                                              t("wb.col.state")])
        self.strings.setHorizontalHeaderLabels([t("wb.col.key"), t("wb.col.place"), t("wb.col.source"),
                                                t("wb.col.target"), t("wb.col.state"), t("wb.col.where")])
        self.tabs.setTabText(0, t("wb.tab.cards"))
        self.tabs.setTabText(1, t("wb.tab.strings"))
        self.tabs.setTabText(self.tabs.indexOf(self.glossary), t("wb.tab.glossary"))
        self.glossary.setHorizontalHeaderLabels([t("wb.col.source"), t("wb.col.target"), ""])
        self.no_faces.setText(t("wb.no_faces"))
        self.print_button.setText(t("wb.print"))
        self.editor.retranslate()
        self._show_errors()
        if self.snapshot is not None:
            self.rebuild()
        else:
            self._show_counts()

    def _show_errors(self) -> None:
        if not self.errors:
            self.banner.hide()
            return
        t = self.tr_.text
        lines = [t("wb.not_reloaded" if self.snapshot is not None else "wb.cannot_read")]
        lines += [str(p) for p in self.errors[:8]]
        if len(self.errors) > 8:
            lines.append(t("wb.more_problems", count=len(self.errors) - 8))
        self.banner.setText("\n".join(lines))
        self.banner.show()

    def _show_counts(self) -> None:
        t = self.tr_.text
        snap = self.snapshot
        problems = len(snap.problems) if snap else 0
        self.tabs.setTabText(2, t("wb.tab.problems", count=problems))
        if snap is None:
            self.counts.setText("")
            return
        # The numbers of the list in view, so that each is the count of rows its filter shows.
        c = snap.card_counts if self.tabs.currentIndex() == 0 else snap.counts
        self.counts.setText(t("wb.counts", missing=c.missing, stale=c.stale, overflow=c.overflow))
        self.no_faces.setVisible(not snap.has_faces)
        self.cards.setVisible(snap.has_faces)

    def _state_text(self, states: frozenset[str]) -> str:
        return ", ".join(self.tr_.text(f"wb.state.{s}") for s in STATES if s in states) or self.tr_.text("wb.state.ok")

    def _fill_cards(self, snap: Snapshot) -> None:
        t = self.tr_.text
        self.cards.setRowCount(len(snap.sides))
        for row, side in enumerate(snap.sides):
            places = [str(p) for p in (side.card_place, side.string_place) if p is not None]
            label = QTableWidgetItem("\n".join([side.card_id, t(f"wb.side.{side.side}"), *places]))
            label.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self.cards.setItem(row, 0, label)
            badges = [(s, t(f"wb.state.{s}")) for s in ("missing", "stale", "placeholder") if s in side.states]
            tall = 0
            for column, face, over, marks in ((1, side.source, side.source_overflow, []),
                                              (2, side.target, side.target_overflow, badges)):
                item = QTableWidgetItem()
                image = face_image(face, over, marks, self._preview_scale(face, column))
                tall = max(tall, image.height())
                item.setData(Qt.ItemDataRole.DecorationRole, QPixmap.fromImage(image))
                item.setToolTip(plain.tooltip("\n".join(x for x in (face.title, face.body) if x)))
                item.setData(Qt.ItemDataRole.UserRole, face.title)
                self.cards.setItem(row, column, item)
            state = self._state_cell(row, side)
            # A plate is low: the row is at least as tall as the lines beside it.
            lines = max(label.text().count("\n"), state.text().count("\n")) + 1
            self.cards.setRowHeight(row, max(tall + 10, lines * self.cards.fontMetrics().lineSpacing() + 10))

    def _preview_scale(self, face: CardFace, column: int) -> float:
        """The scale a face is drawn at in its column: enlarged as render.SCALE says, or as far as the column
        holds it whole. A plate in Parsifal's Limbo ran past its column, its right end cut off."""
        return min(SCALE, (self.cards.columnWidth(column) - 8) / (face.width + 6))

    def _state_cell(self, row: int, side: SideRow) -> QTableWidgetItem:
        state = QTableWidgetItem(self._notes(side))
        state.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._colour(state, side.states)
        self.cards.setItem(row, 3, state)
        return state

    def _notes(self, side: SideRow) -> str:
        if not side.notes:
            return self.tr_.text("wb.state.ok")
        t = self.tr_.text
        return "\n".join(f"{t('wb.state.' + state)}: {key}" for state, key in
                         (note.split(": ", 1) for note in side.notes))

    @staticmethod
    def _colour(item: QTableWidgetItem, states: frozenset[str]) -> None:
        first = next((s for s in STATES if s in states), None)
        if first is not None:
            item.setForeground(QColor(STATE_COLOURS[first]))

    def _fill_strings(self, snap: Snapshot) -> None:
        t = self.tr_.text
        self.strings.setRowCount(len(snap.strings))
        for row, s in enumerate(snap.strings):
            cells = [s.key, t(f"place.{s.place}"), s.source, s.target, self._state_text(s.states),
                     str(s.where) if s.where else ""]
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                if column == 4:
                    self._colour(item, s.states)
                self.strings.setItem(row, column, item)

    def _fill_glossary(self) -> None:
        loaded, problems = glossary.load(folder(self.game, self.root) / glossary.FILE_NAME,
                                         f"{self.game}/{glossary.FILE_NAME}")
        self.terms = loaded if loaded is not None and not problems else None
        terms = self.terms.terms if self.terms is not None else []
        self.glossary.setRowCount(len(terms))
        for row, term in enumerate(terms):
            words = [term.en if lang == "en" else (term.renderings[lang].term if lang in term.renderings else "")
                     for lang in (self.source_lang, self.target_lang)]
            for column, value in enumerate([*words, term.note]):
                self.glossary.setItem(row, column, QTableWidgetItem(value))
        self.glossary.resizeRowsToContents()

    def _fill_problems(self, snap: Snapshot) -> None:
        self.problems.clear()
        for problem in snap.problems:
            self.problems.addItem(str(problem))

    def apply_filter(self) -> None:
        wanted = str(self.filter_box.currentData())
        snap = self.snapshot
        if snap is None:
            return
        for row, side in enumerate(snap.sides):
            self.cards.setRowHidden(row, wanted != "all" and wanted not in side.states)
        for row, s in enumerate(snap.strings):
            self.strings.setRowHidden(row, wanted != "all" and wanted not in s.states)

    def visible_cards(self) -> list[tuple[str, str]]:
        """(card id, side) of the rows the filter lets through, in order."""
        if self.snapshot is None:
            return []
        return [(side.card_id, side.side) for row, side in enumerate(self.snapshot.sides)
                if not self.cards.isRowHidden(row)]

    # --- editing one string ----------------------------------------------------------

    def _leave_for(self, box: QComboBox, then: Callable[[], None]) -> None:
        """Another game or language: only once the string being edited is saved or dropped."""
        if not self.editor.may_leave():
            box.blockSignals(True)
            box.setCurrentIndex(self._shown[box])
            box.blockSignals(False)
            return
        self._shown[box] = box.currentIndex()
        then()

    def _stay(self, table: QTableWidget, old_row: int) -> None:
        table.blockSignals(True)
        if old_row >= 0:
            table.setCurrentCell(old_row, 0)
        table.blockSignals(False)

    def _string_picked(self, row: int, old_row: int) -> None:
        snap = self.snapshot
        if self._filling or snap is None or not 0 <= row < len(snap.strings):
            return
        key = snap.strings[row].key
        if key == self.editor.key:
            return
        if not self.editor.may_leave():
            self._stay(self.strings, old_row)
            return
        self.editor.offer(self._forms_of(key), key)
        self.edit_string(key)

    def _forms_of(self, key: str) -> list[str]:
        """Every plural form of the counted string `key` is one of, in the target language; else just `key`."""
        snap, parts = self.snapshot, plurals.split(key)
        if snap is None or parts is None:
            return [key]
        forms = [plurals.form(parts[0], c) for c in plurals.categories(self.target_lang)]
        return forms if key in forms and all(any(s.key == f for s in snap.strings) for f in forms) else [key]

    def _side_picked(self, row: int, old_row: int) -> None:
        snap = self.snapshot
        if self._filling or snap is None or not 0 <= row < len(snap.sides):
            return
        side = snap.sides[row]
        keys = list(side.strings) or list(side.keys.values())
        if not keys:
            return
        first = side.keys.get("title", keys[0])
        if first != self.editor.key and not self.editor.may_leave():
            self._stay(self.cards, old_row)
            return
        self.editor.offer(keys, first)
        if first != self.editor.key:
            self.edit_string(first)

    def _key_picked(self, key: str) -> None:
        if key == self.editor.key:
            return
        if not self.editor.may_leave():
            self.editor.offer([self.editor.key_box.itemData(i) for i in range(self.editor.key_box.count())],
                              self.editor.key or key)
            return
        self.edit_string(key)

    def edit_string(self, key: str) -> None:
        """Put ``key`` of the target language in the editor, as its file has it now."""
        source, ui = self.source, self.ui
        if source is None or ui is None:
            return
        t = self.tr_.text
        lang = self.target_lang
        if lang == PSEUDO:
            self.editor.clear(t("wb.edit.pseudo"))
            return
        head = key[: -len(NOTE_SUFFIX)] if key.endswith(NOTE_SUFFIX) else ""
        if lang == REFERENCE and head in source.card_places:
            self.editor.clear(t("wb.edit.note_in_cards"))
            return
        file = string_file(self.root, self.game, source.texts.catalog, key, lang)
        own = file.name == self.game
        catalog = source.texts.catalog if own else ui.catalog
        source_text = catalog.strings.get(self.source_lang, {})
        self.editor.load(key, file, source_text.get(key, source_text.get(str(catalog.source(lang, key)), "")),
                         catalog.sources(lang), source.cards.notes() if own else {},
                         self.terms if own else None)

    def _follow_edit(self) -> None:
        """After a reload: an edit in progress keeps its text (and the file it started from); else the
        editor shows the string as the file has it now, in the language now chosen."""
        key, file = self.editor.key, self.editor.file
        if key is None or file is None:
            return
        if self.editor.dirty:
            self._redraw(key, self.editor.value)
        elif file.name not in (self.game, "ui") or self.snapshot is None \
                or not any(s.key == key for s in self.snapshot.strings):
            self.editor.clear()
        else:
            self.edit_string(key)

    def _redraw(self, key: str, value: str) -> None:
        """The card sides that show ``key``, drawn by the table's code with ``value`` in its place."""
        snap, source, ui, file = self.snapshot, self.source, self.ui, self.editor.file
        if snap is None or source is None or ui is None or self.adapter is None or file is None:
            self.editor.show_faces([])
            return
        lang = self.target_lang
        game, app = source.texts.catalog, ui.catalog
        if file.name == self.game:
            game = _with(game, lang, key, value)
        else:
            app = _with(app, lang, key, value)
        tr = Translator(lang, self.game, ui=with_pseudo(app), texts=with_pseudo(game))
        images: list[QImage] = []
        for row, side in enumerate(snap.sides):
            if key not in side.strings:
                continue
            drawn = next((s for s in self.adapter.sides(side.card_id, tr) if s.side == side.side), None)
            if drawn is None:
                continue
            face, over = drawn.face, overflowing_roles(drawn.face)
            image = face_image(face, over)
            # The state column follows the typing too: a text grown too long says so before it is saved.
            notes = (*(n for n in side.notes if not n.startswith("overflow:")),
                     *(f"overflow: {drawn.keys.get(role, role)}" for role in over))
            self._state_cell(row, replace(side, notes=notes, states=frozenset(n.split(":", 1)[0] for n in notes)))
            item = self.cards.item(row, 2)
            if item is not None:
                scale = self._preview_scale(face, 2)
                cell = image if scale == SCALE else face_image(face, over, (), scale)
                item.setData(Qt.ItemDataRole.DecorationRole, QPixmap.fromImage(cell))
                item.setData(Qt.ItemDataRole.UserRole, face.title)
                item.setToolTip(plain.tooltip("\n".join(x for x in (face.title, face.body) if x)))
            images.append(image)
        self.editor.show_faces(images)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.editor.may_leave():
            event.ignore()
            return
        super().closeEvent(event)


def _with(catalog: Catalog, lang: str, key: str, value: str) -> Catalog:
    """``catalog`` with one string replaced, for drawing; the catalog itself is left as read."""
    return Catalog({**catalog.strings, lang: {**catalog.strings.get(lang, {}), key: value}}, catalog.stamps)
