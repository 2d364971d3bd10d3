"""Help → How to play: the rules of the game on the table, in the player's language.

The texts are the rules files of the card sets (`cardsets.rules_text`): a small Markdown form that
this module turns into HTML itself, escaping every word first, so nothing a file says is ever
read as markup; a picture is a card face painted by the table's own code, handed to the document
as an image resource (no file, no link is ever followed or loaded).
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, QUrl, Signal
from PySide6.QtGui import QColor, QHideEvent, QImage, QKeyEvent, QResizeEvent, QTextCharFormat, QTextCursor, \
    QTextDocument
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QHBoxLayout, QLineEdit,
                               QListWidget, QListWidgetItem, QSplitter, QTextEdit,
                               QVBoxLayout, QWidget)

import cardsets
from cardsets import rules_text
from cardsets.rules_text import FIRST, NAMES, RulesText, Section
from cardsets.text import LANGUAGE_NAMES, LANGUAGES, REFERENCE
from desktop.frame import accessibility, plain, screen_fit, storage
from desktop.frame.i18n import Translator
from desktop.frame.problem_words import GENERIC, problem_words
from desktop.frame.registration import in_menu_order, name_of, title_key
from desktop.workbench.adapters import card_picture

GAME_SETTING, SIZE_SETTING = "how_to_play_game", "how_to_play_size"
DEFAULT_SIZE = QSize(980, 700)
HIGHLIGHT = "#ffe27a"
TEXT_SCALE = 1.3  # the rules are read at length: larger than the menus' text
READING_WIDTH = 760  # pixels
STYLE = "p, li { line-height: 125%; } li { margin-bottom: 3px; } h2 { margin-bottom: 10px; } h3 { margin-top: 14px; }"

_CARD = re.compile(r"\[\[([^\[\]\n]*)\]\]")
_PICTURE = re.compile(r"^!\[\[([^\[\]\n]*)\]\] *$")
_NUMBERED = re.compile(r"^(\d+)\. +(.*)$")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![*\w])\*(?![\s*])(.+?)(?<![\s*])\*(?![*\w])")
_SLOT = "\x00{}\x00"  # where a card's title goes once the marks are read (a title may hold a '*')
_SLOTS = re.compile("\x00(\\d+)\x00")


def rules_name(game: str, mode: str) -> str | None:
    """The rules text of a game and mode on the table (a mode with a name of its own has its own text)."""
    name = name_of(game, mode)
    return name if name in NAMES else None


def _inline(text: str, title_of: Callable[[str], str]) -> str:
    """One line of text as HTML: escaped first, then card titles, bold and italic (nothing else)."""
    titles: list[str] = []

    def slot(match: re.Match[str]) -> str:
        titles.append(html.escape(title_of(match.group(1))))
        return _SLOT.format(len(titles) - 1)

    out = html.escape(_CARD.sub(slot, text.replace("\x00", "")), quote=False)
    out = _BOLD.sub(r"<b>\1</b>", out)
    out = _ITALIC.sub(r"<i>\1</i>", out)
    return _SLOTS.sub(lambda m: titles[int(m.group(1))], out)


def section_html(section: Section, title_of: Callable[[str], str], has_picture: Callable[[str], bool]) -> str:
    """A section as the browser shows it. `has_picture(id)` says whether "card:<id>" is in the
    document's resources; a card without one is its title in a frame."""
    out = [f"<h2>{html.escape(section.heading)}</h2>"]
    paragraph: list[str] = []
    items: list[str] = []
    pictures: list[str] = []  # pictures one after the other stand side by side
    kind = ""  # the list open: "ul", "ol" or ""

    def picture(card: str) -> str:
        title = html.escape(title_of(card))
        if has_picture(card):
            return f'<img src="card:{html.escape(card)}" alt="{title}">'
        return f'<table border="1" cellpadding="12" cellspacing="0"><tr><td><b>{title}</b></td></tr></table>'

    def close() -> None:
        nonlocal kind
        if paragraph:
            out.append(f"<p>{' '.join(paragraph)}</p>")
            paragraph.clear()
        if kind:
            out.append(f"<{kind}>" + "".join(f"<li>{item}</li>" for item in items) + f"</{kind}>")
            items.clear()
            kind = ""
        if pictures:
            cells = "".join(f'<td valign="middle">{picture(card)}</td>' for card in pictures)
            out.append(f'<table align="center" cellspacing="10"><tr>{cells}</tr></table>')
            pictures.clear()

    for line in section.lines:
        stripped = line.strip()
        shown = _PICTURE.match(stripped)
        numbered = _NUMBERED.match(stripped)
        if not stripped:
            if not pictures:
                close()
        elif shown:
            if not pictures:
                close()
            pictures.append(shown.group(1))
        elif stripped.startswith("### "):
            close()
            out.append(f"<h3>{_inline(stripped[4:], title_of)}</h3>")
        elif stripped.startswith("- ") or numbered:
            wanted = "ul" if numbered is None else "ol"
            if paragraph or pictures or kind != wanted:
                close()
            kind = wanted
            items.append(_inline(stripped[2:] if numbered is None else numbered.group(2), title_of))
        elif kind and line.startswith(" "):
            items[-1] += " " + _inline(stripped, title_of)  # an item's text carried on
        else:
            if kind or pictures:
                close()
            paragraph.append(_inline(stripped, title_of))
    close()
    return "\n".join(out)


class RulesBrowser(QTextEdit):
    """The rules' text, read-only: it shows only what it is given, and loads nothing. A read-only QTextEdit, not a
    QTextBrowser, which Qt gives a reader as a label (Orca said "The rules label" and nothing as the arrows moved):
    this one is a text whose lines the arrows read. H and Shift+H move the caret to the next or previous heading
    and say it, for Orca 43 moves by heading (its own H) only in web pages and documents it has a script for."""

    beyond = Signal(int)  # H past the last heading (1) or Shift+H before the first (-1): the section after or before

    def __init__(self) -> None:
        super().__init__()
        self.setReadOnly(True)
        # A caret the arrows move: a screen reader reads the line, word or letter it lands on (without it the
        # arrows only scroll, and a reader says nothing).
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                     | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * TEXT_SCALE)
        self.setFont(font)
        self.document().setDefaultStyleSheet(STYLE)
        self.document().setDocumentMargin(18)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        # Lines as long as the eye follows easily; a narrow window wraps at its own width.
        if self.viewport().width() > READING_WIDTH + 40:
            self.setLineWrapMode(QTextEdit.LineWrapMode.FixedPixelWidth)
            self.setLineWrapColumnOrWidth(READING_WIDTH)
        else:
            self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        super().resizeEvent(event)

    def loadResource(self, kind: int, name: QUrl | str) -> Any:  # noqa: N802 - Qt override
        return None  # the pictures are in the document already; anything else stays out

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        plain_key = not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
        if event.key() == Qt.Key.Key_H and plain_key:
            step = -1 if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else 1
            if not self.to_heading(step):
                self.beyond.emit(step)
            event.accept()
            return
        super().keyPressEvent(event)

    def to_heading(self, step: int, start: bool = False) -> bool:
        """The caret to the next heading (`step` 1) or the previous one (-1), from the caret or, with `start`, from
        the document's end in the direction of travel; the heading said. False when there is none that way."""
        document = self.document()
        if start:
            block = document.firstBlock() if step > 0 else document.lastBlock()
        else:
            here = self.textCursor().block()
            block = here.next() if step > 0 else here.previous()
        while block.isValid() and block.blockFormat().headingLevel() == 0:
            block = block.next() if step > 0 else block.previous()
        if not block.isValid():
            return False
        self.setTextCursor(QTextCursor(block))
        self.ensureCursorVisible()
        accessibility.announce(self, block.text(), notify=False)  # Orca 43 reads the caret's line itself
        return True


class HowToPlay(QDialog):
    """Sections on the left (summary first, glossary last), a search field above them, the section's
    text on the right; a chooser for the game at the top. Non-modal: it stays open beside the table."""

    def __init__(self, tr: Translator, settings: dict[str, Any], parent: QWidget | None = None,
                 root: Path = cardsets.ROOT) -> None:
        super().__init__(parent)
        self.tr_ = tr
        self.settings = settings
        self.root = root
        self.rules: RulesText | None = None
        self.name = ""
        self._titles: dict[tuple[str, str], Callable[[str], str]] = {}
        self._texts: dict[str, str] = {}  # section id -> its words as read, for the search
        self.setModal(False)
        self.setSizeGripEnabled(True)

        self.game_label = plain.label()
        self.chooser = QComboBox()
        for name in in_menu_order(NAMES):
            self.chooser.addItem("", name)
        self.game_label.setBuddy(self.chooser)
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.note = plain.label()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #8a4b00")
        self.sections = QListWidget()
        self.sections.setWordWrap(True)
        font = self.sections.font()
        font.setPointSizeF(font.pointSizeF() * 1.1)
        self.sections.setFont(font)
        self.sections.setStyleSheet("QListWidget::item { padding: 3px 4px; }")
        self.browser = RulesBrowser()
        self.buttons = QDialogButtonBox()
        self.close_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self.buttons.rejected.connect(self.reject)

        top = QHBoxLayout()
        top.addWidget(self.game_label)
        top.addWidget(self.chooser)
        top.addStretch(1)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.search)
        column.addWidget(self.sections, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(self.browser)
        split.setStretchFactor(1, 1)
        split.setSizes([260, 700])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.note)
        layout.addWidget(split, 1)
        layout.addWidget(self.buttons)

        self.chooser.currentIndexChanged.connect(self._game_chosen)
        self.search.textChanged.connect(self._filter)
        self.sections.currentItemChanged.connect(lambda _now, _before: self._show_current())
        self.browser.beyond.connect(self._next_section)
        tr.language_changed.connect(self._relanguage)
        tr.texts_changed.connect(self._relanguage)
        self.resize(self._remembered_size())
        screen_fit.keep_on_screen(self)
        self.retranslate()

    # --- what is shown ------------------------------------------------------------------

    def open_on(self, name: str | None, section: str = FIRST) -> None:
        """Show the rules of `name` (the game on the table), or the last chosen if none, at `section`."""
        if name not in NAMES:
            remembered = self.settings.get(GAME_SETTING)
            name = remembered if isinstance(remembered, str) and remembered in NAMES else "solonauts"
        self.search.clear()
        self.show_rules(name, section)
        self.show()
        self.raise_()
        self.activateWindow()

    def show_rules(self, name: str, section: str = FIRST) -> None:
        self.name = name
        self.chooser.blockSignals(True)
        self.chooser.setCurrentIndex(self.chooser.findData(name))
        self.chooser.blockSignals(False)
        self.rules, note = self._load(name)
        self.note.setText(note)
        self.note.setVisible(bool(note))
        self._texts = {}
        self.sections.blockSignals(True)
        self.sections.clear()
        rules = self.rules
        for part in rules.sections if rules is not None else ():
            item = QListWidgetItem(part.heading)
            item.setData(Qt.ItemDataRole.UserRole, part.id)
            self.sections.addItem(item)
            self._texts[part.id] = self._words(part)
        self.sections.blockSignals(False)
        self._retitle()
        self._filter(self.search.text(), section)

    def _words(self, part: Section) -> str:
        """What the player reads in a section (card titles, not ids), to search in."""
        lang = self.rules.lang if self.rules is not None else REFERENCE
        return rules_text.plain(RulesText(self.name, lang, "", (part,)), self._title_of(lang)).casefold()

    def _load(self, name: str) -> tuple[RulesText | None, str]:
        """The rules in the player's language, else in English with a note saying why."""
        lang = self.tr_.language if self.tr_.language in LANGUAGES else REFERENCE
        rules, problems = rules_text.load(name, lang, self.root)
        if rules is not None and not problems:
            return rules, ""
        if lang != REFERENCE:
            english, _problems = rules_text.load(name, REFERENCE, self.root)
            if english is not None:
                return english, self.tr_.text("howto.fallback", language=LANGUAGE_NAMES[lang])
        if rules is not None:
            return rules, ""  # a flaw in the English text itself: show what could be read
        return None, self.tr_.text("howto.unreadable", problem=problem_words(self.tr_, problems[0]) if problems
                                   else self.tr_.text(GENERIC))

    def _title_of(self, lang: str) -> Callable[[str], str]:
        cardset = NAMES[self.name]
        lookup = self._titles.get((cardset, lang))
        if lookup is None:
            lookup = self._titles[(cardset, lang)] = rules_text.title_lookup(cardset, lang, self.root)
        return lookup

    def current_section(self) -> str:
        item = self.sections.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item is not None and not item.isHidden() else ""

    def visible_sections(self) -> list[str]:
        return [str(self.sections.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.sections.count())
                if not self.sections.item(i).isHidden()]

    def _filter(self, words: str, wanted: str = "") -> None:
        """Hide the sections that do not hold every word typed; keep or move the selection."""
        needles = words.casefold().split()
        keep = wanted or self.current_section()
        first: QListWidgetItem | None = None
        chosen: QListWidgetItem | None = None
        for i in range(self.sections.count()):
            item = self.sections.item(i)
            section_id = str(item.data(Qt.ItemDataRole.UserRole))
            shown = all(n in self._texts.get(section_id, "") for n in needles)
            item.setHidden(not shown)
            if shown:
                first = first or item
                if section_id == keep:
                    chosen = item
        target = chosen or first
        if target is not None and target is not self.sections.currentItem():
            self.sections.setCurrentItem(target)  # shows it
        else:
            self._show_current()

    def _show_current(self) -> None:
        section_id = self.current_section()
        rules = self.rules
        part = rules.section(section_id) if rules is not None and section_id else None
        document = self.browser.document()
        if part is None or rules is None:
            document.clear()
            if self.rules is not None:
                self.browser.setPlainText(self.tr_.text("howto.nothing_found"))
            return
        title_of = self._title_of(rules.lang)
        pictures: dict[str, QImage] = {}

        def has_picture(card: str) -> bool:
            if card not in pictures:
                image = self._picture(card)
                if image is None:
                    return False
                pictures[card] = image
            return True

        body = section_html(part, title_of, has_picture)
        document.clear()
        for card, image in pictures.items():
            document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(f"card:{card}"), image)
        self.browser.setHtml(body)
        self.browser.setAccessibleDescription(part.heading)  # which section a reader is in
        self._highlight()

    def _next_section(self, step: int) -> None:
        """H past the section's last heading: the next section shown, the caret on its first heading (Shift+H: the
        previous one, on its last)."""
        shown = self.visible_sections()
        here = self.current_section()
        at = shown.index(here) + step if here in shown else -1
        if not 0 <= at < len(shown):
            return
        for row in range(self.sections.count()):
            if self.sections.item(row).data(Qt.ItemDataRole.UserRole) == shown[at]:
                self.sections.setCurrentRow(row)
        self.browser.to_heading(step, start=True)

    def _picture(self, card: str) -> QImage | None:
        """The card painted by the table's code; None (and its title in a frame) if it cannot be."""
        try:
            image = card_picture(NAMES[self.name], card, self.tr_, self.root)
        except Exception:  # noqa: BLE001 - a picture is an illustration: a broken one never stops the rules
            return None
        return image if image is not None and not image.isNull() else None

    def _highlight(self) -> None:
        """Mark every word searched for in the section shown."""
        marks: list[QTextEdit.ExtraSelection] = []
        look = QTextCharFormat()
        look.setBackground(QColor(HIGHLIGHT))
        document = self.browser.document()
        for word in self.search.text().split():
            cursor = document.find(word)
            while not cursor.isNull() and len(marks) < 500:
                mark = QTextEdit.ExtraSelection()
                mark.cursor = cursor
                mark.format = look
                marks.append(mark)
                cursor = document.find(word, cursor)
        self.browser.setExtraSelections(marks)
        if marks:  # the first match in sight
            first = min((QTextCursor(m.cursor) for m in marks), key=lambda c: c.position())
            first.clearSelection()
            self.browser.setTextCursor(first)
            self.browser.ensureCursorVisible()

    def marked(self) -> list[str]:
        """The words marked in the section shown (what a test reads)."""
        return [QTextCursor(s.cursor).selectedText() for s in self.browser.extraSelections()]

    # --- the player's choices -----------------------------------------------------------

    def _game_chosen(self, _index: int) -> None:
        name = str(self.chooser.currentData())
        if name in NAMES and name != self.name:
            self.settings[GAME_SETTING] = name
            storage.save_settings(self.settings)
            self.search.clear()
            self.show_rules(name)

    def _relanguage(self, *_args: object) -> None:
        self._titles.clear()
        self.retranslate()
        if self.name:
            self.show_rules(self.name, self.current_section() or FIRST)

    def retranslate(self) -> None:
        t = self.tr_.text
        self.game_label.setText(t("howto.game"))
        for i in range(self.chooser.count()):
            name = str(self.chooser.itemData(i))
            self.chooser.setItemText(i, self.tr_.name_of(NAMES[name], title_key(name)))
        self.search.setPlaceholderText(t("howto.search"))
        self.search.setAccessibleName(t("howto.search"))
        self.sections.setAccessibleName(t("howto.sections"))
        self.browser.setAccessibleName(t("howto.text"))
        self.close_button.setText(plain.button_text(t("howto.close")))
        self._retitle()

    def _retitle(self) -> None:
        title = self.tr_.text("howto.title")
        if self.rules is not None:
            title = f"{title} — {self.rules.title}"
        self.setWindowTitle(plain.window_title(title))

    # --- its size, remembered -------------------------------------------------------------

    def _remembered_size(self) -> QSize:
        size = self.settings.get(SIZE_SETTING)
        if (isinstance(size, list) and len(size) == 2 and all(isinstance(n, int) for n in size)
                and 400 <= size[0] <= 10_000 and 300 <= size[1] <= 10_000):
            return QSize(size[0], size[1])
        return DEFAULT_SIZE

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt override
        self.settings[SIZE_SETTING] = [self.width(), self.height()]
        storage.save_settings(self.settings)
        super().hideEvent(event)
