"""The workbench's editor of one string: type, watch the cards redraw, save that line only.

The window tells it which string to show (`load`) and draws the cards the typed text would make
(`edited` → `show_faces`); the editor keeps the typed text until it is saved or dropped, whatever
reloads happen meanwhile, and refuses to save over a file that changed on disk since it was read.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QImage, QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (QComboBox, QFormLayout, QHBoxLayout, QLabel, QPlainTextEdit, QPushButton,
                               QScrollArea, QVBoxLayout, QWidget)

from cardsets import glossary, plurals
from cardsets.text import LANGUAGE_NAMES
from cardsets.yamlfile import MAX_FILE_BYTES
from desktop.frame import accessibility, plain
from desktop.frame.dialogs import ask
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator
from desktop.workbench import edit
from desktop.workbench.edit import StringFile

DEBOUNCE_MS = 150  # redraw once the typing pauses, not at every key
PREVIEW_FACES = 6
PREVIEW_HEIGHT = 140


class StringEditor(QWidget):
    """Edits one string of one language file; ``edited`` asks the window for the faces it makes."""

    edited = Signal(str, str)  # key, typed text: redraw the cards that show it
    saved = Signal()  # a file was written: read the card sets again
    key_chosen = Signal(str)  # another of the shown card's strings was picked in the key box

    def __init__(self, tr: Translator, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tr_ = tr
        self.key: str | None = None
        self.file: StringFile | None = None
        self.base = b""  # the file as the edit started from
        self.saved_value = ""  # the string as the file has it
        self.english: dict[str, str] = {}
        self.notes: dict[str, str] = {}
        self.terms: glossary.Glossary | None = None
        self.message = ""  # how the last save went, until the text changes again
        self.message_is_error = False

        self.key_box = QComboBox()
        self.key_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.key_box.activated.connect(lambda i: self.key_chosen.emit(str(self.key_box.itemData(i))))
        self.heading = plain.label()
        self.heading.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.source = plain.label()
        self.source.setWordWrap(True)
        self.source.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.source.setStyleSheet("color: #555")
        # A counted string: a field per plural form of the language, each named by its category and a number, in
        # the language's order (one, few, many, other): the forms before the one picked above its field, the rest below.
        self.forms = plain.label()
        self.forms.setWordWrap(True)
        self.others_panel, self.later_panel = QWidget(), QWidget()
        self.others_grid, self.later_grid = QFormLayout(self.others_panel), QFormLayout(self.later_panel)
        for grid in (self.others_grid, self.later_grid):
            grid.setContentsMargins(0, 0, 0, 0)
        self.others: dict[str, QPlainTextEdit] = {}  # the other forms' fields, by key
        self.others_saved: dict[str, str] = {}  # their text as the file has it
        self.field_label = plain.label()  # the category of the form in the main field
        self.field = QPlainTextEdit()
        self.field.setTabChangesFocus(True)
        self.field.setFixedHeight(self.field.fontMetrics().lineSpacing() * 4 + 12)
        self.status = plain.label()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.save_button = QPushButton()
        self.save_button.clicked.connect(self.save)
        self.revert_button = QPushButton()
        self.revert_button.clicked.connect(self.revert)
        self.faces = QWidget()
        self.faces_layout = QHBoxLayout(self.faces)
        self.faces_layout.setContentsMargins(0, 0, 0, 0)
        self.faces_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidget(self.faces)
        scroll.setWidgetResizable(True)
        scroll.setMinimumWidth(420)

        top = QHBoxLayout()
        top.addWidget(self.heading, 1)
        top.addWidget(self.key_box)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.revert_button)
        buttons.addWidget(self.save_button)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.addLayout(top)
        left.addWidget(self.source)
        left.addWidget(self.forms)
        left.addWidget(self.others_panel)
        left.addWidget(self.field_label)
        left.addWidget(self.field)
        left.addWidget(self.later_panel)
        left.addLayout(buttons)
        left.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(left, 3)
        layout.addWidget(scroll, 2)

        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self._typed)
        self.field.textChanged.connect(self._text_changed)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self.field, self.revert,
                  context=Qt.ShortcutContext.WidgetShortcut)
        self.retranslate()
        self.clear()

    # --- what is shown ------------------------------------------------------------------

    @property
    def value(self) -> str:
        return self.field.toPlainText()

    @property
    def dirty(self) -> bool:
        return self.key is not None and self.file is not None and (self.value != self.saved_value
                                                                    or bool(self._others_changed()))

    def _others_changed(self) -> dict[str, str]:
        return {k: f.toPlainText() for k, f in self.others.items() if f.toPlainText() != self.others_saved.get(k)}

    def retranslate(self) -> None:
        t = self.tr_.text
        self.save_button.setText(plain.button_text(t("wb.edit.save")))
        self.revert_button.setText(plain.button_text(t("wb.edit.revert")))
        self.field.setPlaceholderText(t("wb.edit.placeholder"))
        self._show_heading()
        self._show_forms()
        self._show_status([])

    def offer(self, keys: list[str], current: str) -> None:
        """The strings of the card side in view, to pick from (hidden for one string)."""
        self.key_box.blockSignals(True)
        self.key_box.clear()
        for key in keys:
            self.key_box.addItem(key, key)
        self.key_box.setCurrentIndex(max(0, self.key_box.findData(current)))
        self.key_box.blockSignals(False)
        self.key_box.setVisible(len(keys) > 1)

    def clear(self, reason: str = "") -> None:
        """No string to edit (none picked, or this one cannot be edited here: ``reason`` says why)."""
        self.timer.stop()
        self.key, self.file, self.base, self.saved_value, self.message = None, None, b"", "", ""
        self._set_others({})
        self.forms.setVisible(False)
        self.field_label.setVisible(False)
        self.field.blockSignals(True)
        self.field.setPlainText("")
        self.field.blockSignals(False)
        self.field.setEnabled(False)
        self.save_button.setEnabled(False)
        self.revert_button.setEnabled(False)
        self.source.setText(reason or self.tr_.text("wb.edit.pick"))
        self._show_heading()
        self.status.setText("")
        self.show_faces([])

    def load(self, key: str, file: StringFile, source_text: str, english: dict[str, str],
             notes: dict[str, str], terms: glossary.Glossary | None) -> None:
        """Start editing ``key`` in ``file`` from the text the file has now (none: a string to add). ``english``
        maps each key of the file's language to the English it is translated from. A counted string's other
        plural forms get fields of their own, saved with it."""
        try:
            base = edit.read_base(file)
            value = edit.value_in(base, file, key)
        except (OSError, UnicodeDecodeError) as exc:
            self.clear(self.tr_.text("wb.edit.cannot_read", file=file.label, reason=file_trouble(self.tr_, exc)))
            return
        if (key, file) != (self.key, self.file):
            self.message = ""
        self.key, self.file, self.base, self.saved_value = key, file, base, value
        self.english, self.notes, self.terms = english, notes, terms
        self.source.setText(source_text)
        self.field.setEnabled(True)
        self.save_button.setEnabled(True)
        self.revert_button.setEnabled(True)
        self.field.blockSignals(True)
        self.field.setPlainText(value)
        self.field.blockSignals(False)
        self._set_others({k: edit.value_in(base, file, k) for k, _label, _t in self.plural_forms() if k != key})
        self._show_heading()
        self._show_forms()
        self._typed()

    def show_faces(self, images: list[QImage]) -> None:
        while self.faces_layout.count() > 1:
            item = self.faces_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # at once: deleteLater waits for the event loop, and it would overlap the new ones
                widget.deleteLater()
        for image in images[:PREVIEW_FACES]:
            label = QLabel()
            # Small enough for the editor's strip: the full-size faces are in the list above.
            fitted = image if image.height() <= PREVIEW_HEIGHT else image.scaledToHeight(
                PREVIEW_HEIGHT, Qt.TransformationMode.SmoothTransformation)
            label.setPixmap(QPixmap.fromImage(fitted))
            label.setAlignment(Qt.AlignmentFlag.AlignTop)
            self.faces_layout.insertWidget(self.faces_layout.count() - 1, label)
        if self.key is not None and not images:
            note = plain.label(self.tr_.text("wb.edit.no_card"))
            note.setWordWrap(True)
            self.faces_layout.insertWidget(0, note)

    def _show_heading(self) -> None:
        if self.key is None or self.file is None:
            self.heading.setText(self.tr_.text("wb.edit.title"))
            return
        self.heading.setText(self.tr_.text("wb.edit.heading", string=self.key, file=self.file.label,
                                           language=LANGUAGE_NAMES.get(self.file.lang, self.file.lang)))

    def plural_forms(self) -> list[tuple[str, str, str]]:
        """(key, "many (e.g. 1000000)", text) for each plural form of the counted string in the field, in the
        translator's words; empty for any other string."""
        parts = plurals.split(self.key or "")
        if parts is None or self.file is None or plurals.form(parts[0], "one") not in self.english:
            return []
        t = self.tr_.text
        lang = self.file.lang
        rows = []
        for category in plurals.categories(lang):
            key = plurals.form(parts[0], category)
            field = self.others.get(key)
            text_ = self.value if key == self.key else field.toPlainText() if field is not None else ""
            rows.append((key, t("wb.plural.form", category=t(f"wb.plural.name_{category}"),
                                number=plurals.example(lang, category)), text_))
        return rows

    def _set_others(self, saved: dict[str, str]) -> None:
        """A field for each other plural form (none for a string that counts nothing), as the file has them, placed
        before or after the main field by the language's order of forms, and reached by Tab in that order."""
        for grid in (self.others_grid, self.later_grid):
            while grid.rowCount():
                grid.removeRow(0)
        self.others, self.others_saved = {}, dict(saved)
        order = [key for key, _label, _text in self.plural_forms()]
        labels = {key: label for key, label, _text in self.plural_forms()}
        here = order.index(self.key) if self.key in order else len(order)
        for key, value in saved.items():
            field = QPlainTextEdit()
            field.setTabChangesFocus(True)
            field.setFixedHeight(field.fontMetrics().lineSpacing() * 2 + 12)
            field.setPlainText(value)
            field.setPlaceholderText(self.tr_.text("wb.edit.placeholder"))
            field.textChanged.connect(self._text_changed)
            self.others[key] = field
            later = key in order and order.index(key) > here
            (self.later_grid if later else self.others_grid).addRow(plain.label(labels.get(key, key) + ":"), field)
        fields: dict[str, QWidget] = {**self.others, **({self.key: self.field} if self.key else {})}
        chain = [fields[key] for key in order if key in fields]
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)
        self.others_panel.setVisible(self.others_grid.rowCount() > 0)
        self.later_panel.setVisible(self.later_grid.rowCount() > 0)

    def _show_forms(self) -> None:
        rows = self.plural_forms()
        self.forms.setVisible(bool(rows))
        self.field_label.setVisible(bool(rows))
        if not rows:
            return
        lang = self.file.lang if self.file else ""
        self.forms.setText(self.tr_.text("wb.plural.intro", language=LANGUAGE_NAMES.get(lang, lang)))
        self.field_label.setText(next(label for key, label, _t in rows if key == self.key) + ":")

    def _show_status(self, lines: list[str], error: bool = False) -> None:
        if self.message:
            lines, error = [self.message, *lines], error or self.message_is_error
        elif not lines and self.dirty:
            lines = [self.tr_.text("wb.edit.unsaved_note")]
        self.status.setText("\n".join(lines))
        self.status.setStyleSheet("color: #8e1b12" if error else "color: #555")

    # --- typing -------------------------------------------------------------------------

    def _text_changed(self) -> None:
        self.message = ""
        self.timer.start()

    def _typed(self) -> None:
        """The typed text checked as `convivium check` would check it saved, and the cards redrawn."""
        if self.key is None or self.file is None:
            return
        self._show_forms()
        others = self._others_changed()
        try:
            after = edit.new_text(self.base, self.file, self.key, self.value, self.english, others)
        except edit.TooLarge as exc:
            self._show_status([self.tr_.text("wb.edit.too_large", file=self.file.label, size=f"{exc.size:,}",
                                              limit=f"{MAX_FILE_BYTES:,}")], error=True)
            return  # nor drawn: a text that large would only stall the painting
        except edit.Refused as exc:
            self._show_status([str(exc)], error=True)
        else:
            found = sorted({p for key in (self.key, *others)
                            for p in edit.problems(self.file, key, after, self.notes, self.terms)})
            self._show_status([str(p) for p in found], error=bool(found))
        self.edited.emit(self.key, self.value)

    # --- saving and leaving -------------------------------------------------------------

    def save(self) -> bool:
        """Write the string (and, for a translation, its fingerprint); False if nothing was written."""
        if self.key is None or self.file is None:
            return False
        self.timer.stop()
        t = self.tr_.text
        self.message_is_error = True
        try:
            others = self._others_changed()
            self.base = edit.save(self.file, self.base, self.key, self.value, self.english, others)
        except edit.ChangedOnDisk:
            self.message = t("wb.edit.changed_on_disk", file=self.file.label)
        except edit.TooLarge as exc:
            self.message = t("wb.edit.too_large", file=self.file.label, size=f"{exc.size:,}",
                             limit=f"{MAX_FILE_BYTES:,}")
        except edit.Refused as exc:
            self.message = t("wb.edit.not_saved", file=self.file.label, reason=str(exc))
        except OSError as exc:
            self.message = t("wb.edit.not_saved", file=self.file.label, reason=file_trouble(self.tr_, exc))
        else:
            self.saved_value = self.value
            self.others_saved.update(others)
            self.message, self.message_is_error = t("wb.edit.saved", file=self.file.label), False
            self._show_status([])
            accessibility.announce(self.status, self.message)  # saved or not, said as well as shown
            self.saved.emit()
            return True
        self._show_status([], error=True)
        accessibility.announce(self.status, self.message)
        return False

    def revert(self) -> None:
        """Drop the edit: the text the file has."""
        if self.key is None:
            return
        self.message = ""
        self.field.setPlainText(self.saved_value)
        for key, field in self.others.items():
            field.setPlainText(self.others_saved.get(key, ""))
        self.timer.stop()
        self._typed()

    def may_leave(self) -> bool:
        """Whether the string may be left: saved, dropped, or no edit; False if the translator stays."""
        if not self.dirty:
            return True
        t = self.tr_.text
        choice = ask(self, t("wb.edit.unsaved_title"), t("wb.edit.unsaved", string=self.key or ""),
                     [t("wb.edit.save"), t("wb.edit.discard"), t("wb.edit.cancel")], safe=2)
        if choice == 0:
            return self.save()
        if choice == 1:
            self.revert()
            return True
        return False
