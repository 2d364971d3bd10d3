"""The chat of a network game, beside the log: the lines said at the table, each with its speaker's seat name, and
a field to say one.

Lines are plain text everywhere (the lines are a plain-text view, never markup; the refusal is a plain label). A line is
checked here before it goes, with the protocol's bounds (network/protocol.py `MAX_CHAT`, and the host's own check for
an empty line, a line break or a control character: `chat_line`), and the panel refuses more than `BURST` lines
within `BURST_SECONDS`, as the host does (network/host.py `say`), so a person typing fast is told why before the line
goes. A line from someone else is said to a screen reader. The lines live in this panel only: nothing here is written
to disk (a joiner's own save, network/seat_record.py, is the one place they are kept).

A new line costs the same whatever came before it. The lines were a word-wrapped list, which measured every line again
each time one came (6 to 7 ms a line at 500 lines, against 1 at 10, offscreen; more on a slower machine: a chatty table
made the window stutter); they are now one plain-text view, one paragraph a line, that lays out only the new line and
those on screen (0.5 to 1 ms at any length). The view follows the newest line while the
reader is at the bottom and stays where they are once they scroll up; the arrows move between the lines, and the line
under the caret is the chosen one (for the journal).

Each line is shown in the form of the language spoken (`chat.line`), the lines already on show too: after a language
switch they are worded again in place (only those whose form changed), the reader left on the line they read and the
chosen line kept, and nothing old said again to a screen reader.
"""
from __future__ import annotations

import re
import time
from collections import deque
from collections.abc import Callable
from typing import Final

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent, QPalette, QTextCursor, QTextFormat
from PySide6.QtWidgets import QHBoxLayout, QLineEdit, QPlainTextEdit, QPushButton, QTextEdit, QVBoxLayout, QWidget

from desktop.frame import accessibility, plain
from desktop.frame.i18n import Translator
from network.protocol import CHAT_BURST, CHAT_SECONDS, MAX_CHAT, chat_line, chat_too_fast

BURST: Final = CHAT_BURST  # lines, as the host allows them
BURST_SECONDS: Final = CHAT_SECONDS
KEPT: Final = 500  # lines on show; older ones go (a long evening's chat must not grow without end)
# What a pasted line may hold that the field shows as a space: the line is sent as shown (the host takes no break).
_SHOWN_AS_SPACE: Final = re.compile("[\t\u2028\u2029]")
# What would start a new paragraph in the lines: a line is one paragraph, so that the n-th is the n-th said.
_BREAKS: Final = re.compile("[\r\n\u2028\u2029]")


class ChatPanel(QWidget):
    """The lines said and a field to say one. `say` carries a line that passed the checks; `to_journal`, when a
    table has a story journal (Bacchanalia), takes the chosen line with its teller."""

    say = Signal(str)

    def __init__(self, tr: Translator, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.tr_, self.clock = tr, clock
        self.sent: deque[float] = deque(maxlen=BURST)  # when the last lines went
        self.to_journal: Callable[[str, str], None] | None = None
        self.back_to: QWidget | None = None  # where F6 and Esc take the keyboard (the table's view)
        self.lines = QPlainTextEdit()
        self.lines.setReadOnly(True)
        self.lines.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByKeyboard |
                                           Qt.TextInteractionFlag.TextSelectableByMouse)
        self.lines.setUndoRedoEnabled(False)
        self.lines.setMaximumBlockCount(KEPT)  # the oldest line goes as the next comes, the others untouched
        self.lines.setTabChangesFocus(True)
        self.spoken: deque[tuple[str, str]] = deque(maxlen=KEPT)  # each line's (speaker, text), as the lines go
        self.picked = False  # the reader has put the caret on a line (until then none is chosen)
        self.adding = False  # a line is being added (`add`)
        self.following = True  # the view shows the newest line, until the reader scrolls up
        bar = self.lines.verticalScrollBar()
        bar.valueChanged.connect(lambda value: setattr(self, "following", value >= bar.maximum()))
        # A line laid out on screen may take more rows than the view counted it for: the end moves on, so does the view.
        bar.rangeChanged.connect(lambda _low, high: bar.setValue(high) if self.following else None)
        self.field = QLineEdit()
        self.field.setMaxLength(MAX_CHAT + 1)  # one over, so a pasted line that is too long is refused, not cut
        self.send_button = QPushButton()
        self.journal_button = QPushButton()
        self.journal_button.hide()
        self.note = plain.label()
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #a03020")
        self.note.hide()
        self.refusal: Callable[[], str] | None = None  # the words of the note on show, in the language spoken
        # `chat.line` as the lines on show were worded: each new table asks `retranslate` again, mostly in the same
        # language (500 lines compared cost 7 ms). The window and a replay call it at every switch, before a new line.
        self.form = ""
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.field, 1)
        row.addWidget(self.send_button)
        column = QVBoxLayout(self)
        column.setContentsMargins(4, 4, 4, 4)
        column.addWidget(self.lines, 1)
        column.addWidget(self.journal_button)
        column.addLayout(row)
        column.addWidget(self.note)
        self.field.returnPressed.connect(self.send)
        self.send_button.clicked.connect(self.send)
        self.journal_button.clicked.connect(self.journal_chosen)
        self.lines.cursorPositionChanged.connect(self._caret_moved)
        keys = ChatKeys(self)
        self.field.installEventFilter(keys)
        self.lines.installEventFilter(keys)
        self.retranslate()

    def retranslate(self) -> None:
        t = self.tr_.text
        self.send_button.setText(t("chat.send"))
        self.journal_button.setText(t("chat.to_journal"))
        self.field.setPlaceholderText(t("chat.placeholder"))
        self.field.setAccessibleName(t("chat.field"))
        self.lines.setAccessibleName(t("chat.lines"))
        if self.refusal is not None:
            self.note.setText(self.refusal())  # the line it speaks of is still in the field, to mend
        self._reword()

    def read_only(self, only: bool) -> None:
        """Show the lines without the field to say one (a screen with no seat to speak for)."""
        for widget in (self.field, self.send_button):
            widget.setVisible(not only)

    def offer_journal(self, take: Callable[[str, str], None] | None) -> None:
        """Let the chosen line go into a story journal (`take(teller, text)`), or not (None)."""
        self.to_journal = take
        self.journal_button.setVisible(take is not None)
        self._journal_enabled()

    def add(self, speaker: str, text: str, own: bool) -> None:
        """A line said at the table; one from someone else is said to a screen reader."""
        shown = self._worded(speaker, text)
        self.adding = True  # the oldest line going may move the caret: that chooses nothing
        try:
            self.lines.appendPlainText(shown)  # plain text: never read as markup
        finally:
            self.adding = False
        self.spoken.append((speaker, text))
        if self.following:
            bar = self.lines.verticalScrollBar()
            bar.setValue(bar.maximum())
        if not own:
            accessibility.announce(self.lines, shown)

    def _worded(self, speaker: str, text: str) -> str:
        """A line as it is shown, in the language spoken now: one paragraph."""
        return _BREAKS.sub(" ", self.tr_.text("chat.line", player=speaker, text=text))

    def _reword(self) -> None:
        """The lines on show in the form of the language spoken now, each edited in place (none when the form is the
        same, as it is between most languages): the reader stays on the line at the top of the view, or at the
        newest, and the chosen line stays chosen. Not said again: the reader has heard them."""
        form = self.tr_.text("chat.line", player="\x00", text="\x01")
        if form == self.form:
            return
        self.form = form
        document = self.lines.document()
        edit: QTextCursor | None = None
        top, following = self.lines.firstVisibleBlock().blockNumber(), self.following
        for row, (speaker, text) in enumerate(self.spoken):
            block, shown = document.findBlockByNumber(row), self._worded(speaker, text)
            if not block.isValid() or block.text() == shown:
                continue
            if edit is None:
                edit = QTextCursor(document)
                edit.beginEditBlock()  # one change for the view to lay out and a reader to be told of
                self.adding = True  # the caret carried along by the edit chooses nothing
            edit.setPosition(block.position())
            edit.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
            edit.insertText(shown)
        if edit is None:
            return
        try:
            edit.endEditBlock()
        finally:
            self.adding = False
        bar = self.lines.verticalScrollBar()
        if following:
            bar.setValue(bar.maximum())
        else:  # the rows each line takes changed: the line read at the top is the one to keep there
            bar.setValue(document.findBlockByNumber(top).firstLineNumber())
        if self.picked:
            self._mark()

    def said(self) -> list[tuple[str, str]]:
        """The lines on show, oldest first, as (speaker, text)."""
        return list(self.spoken)

    def shown(self, row: int) -> str:
        """The `row`-th line on show (0: the oldest) as the reader sees it."""
        return self.lines.document().findBlockByNumber(row).text()

    def chosen(self) -> tuple[str, str] | None:
        """The line under the caret, as (speaker, text), once the reader has put it on one."""
        row = self.lines.textCursor().blockNumber()
        return self.spoken[row] if self.picked and 0 <= row < len(self.spoken) else None

    def send(self) -> None:
        """Say the typed line if it may be said; otherwise say why, and keep it in the field to mend."""
        line = _SHOWN_AS_SPACE.sub(" ", self.field.text())  # sent as the player sees it, on one line
        if not line.strip():
            return  # nothing typed: Enter on an empty field says nothing
        now = self.clock()
        if len(line) > MAX_CHAT:
            self.refuse(lambda: self.tr_.text("chat.too_long", max=MAX_CHAT))
        elif not chat_line(line):  # a control character, or a line break pasted in
            self.refuse(lambda: self.tr_.text("net.bad_chat"))
        elif chat_too_fast(self.sent, now):
            self.refuse(lambda: self.tr_.text("chat.too_fast"))
        else:
            self.sent.append(now)
            self.field.clear()
            self.note.hide()
            self.refusal = None
            self.say.emit(line)

    def refuse(self, words: Callable[[], str]) -> None:
        """Say why a line was not sent (here, or by the host), where the line is typed; `words` says it in the
        language spoken, now and after a switch (the note stays while the line waits in the field to be mended)."""
        self.refusal = words
        text = words()
        self.note.setText(text)
        self.note.show()
        accessibility.announce(self.field, text)

    def journal_chosen(self) -> None:
        line = self.chosen()
        if line is not None and self.to_journal is not None:
            self.to_journal(*line)

    def _journal_enabled(self) -> None:
        self.journal_button.setEnabled(self.chosen() is not None)

    def _caret_moved(self) -> None:
        """The reader moved the caret: its line is the chosen one, marked across the view as a list marks its item."""
        if self.adding and not self.picked:
            return
        self.picked = True
        self._mark()
        self._journal_enabled()

    def _mark(self) -> None:
        mark = QTextEdit.ExtraSelection()
        mark.cursor = self.lines.textCursor()
        mark.cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock)  # every row of the line, not the caret's
        mark.cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        palette = self.lines.palette()
        mark.format.setBackground(palette.color(QPalette.ColorRole.Highlight))
        mark.format.setForeground(palette.color(QPalette.ColorRole.HighlightedText))
        mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        self.lines.setExtraSelections([mark])


class ChatKeys(QObject):
    """F6 or Esc in the chat: back to the table, as from the prompt bar (desktop/frame/keyboard.py); J on a line
    puts it in the journal, where the table keeps one."""

    def __init__(self, panel: ChatPanel) -> None:
        super().__init__(panel)
        self.panel = panel

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        if event.key() in (Qt.Key.Key_F6, Qt.Key.Key_Escape) and self.panel.back_to is not None:
            self.panel.back_to.setFocus(Qt.FocusReason.OtherFocusReason)
            return True
        if watched is self.panel.lines and event.key() == Qt.Key.Key_J and self.panel.to_journal is not None:
            self.panel.journal_chosen()
            return True
        return False
