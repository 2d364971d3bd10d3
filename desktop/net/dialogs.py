"""The dialogs of network play: joining with an invitation or a table found on this network, hosting (which game,
then who sits where, each seat a person here, a person joining or a computer), and the invitations to hand out.
Everything typed or shown is plain text, bounded."""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton, QVBoxLayout,
                               QWidget)

from desktop.frame import accessibility, dialogs, plain, screen_fit
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatSetupDialog, SeatTable
from network import names as net_names
from network.discovery import Browser, Found
from network.invite import MAX_LINK, SCHEME, BadInvite, Invite, is_short, parse_code, parse_link, parse_short
from network.protocol import BadMessage, MAX_NAME_RAW
from network.views import readable
from rules.bots import LEVELS
from rules.kernel import RulesError

REMOTE = "remote"  # a seat's kind: a person joining from another computer
LOCAL = "local"


LIST_ROWS = 5  # tables shown at once in the Join dialog's list (it scrolls beyond)


def read_invite(text: str, picked: Found | None = None, found: Sequence[Found] = ()) -> Invite:
    """The invitation a link or a code spells; a short code is for the table `picked` on this network, or for the
    only one of `found` whose host it names. BadInvite for anything else."""
    text = text.strip()
    if text.lower().startswith(SCHEME + ":"):
        return parse_link(text)
    if not is_short(text):
        return parse_code(text)  # an older, long code
    code = parse_short(text)
    if picked is None:
        fitting = [table for table in found if code.fits(table.fingerprint)]
        if len(fitting) != 1:
            raise BadInvite("net.code_pick_table")
        picked = fitting[0]
    return code.at(picked.address, picked.port, picked.table, picked.fingerprint)


@functools.lru_cache(maxsize=64)
def _joinable(game: str, mode: str) -> bool:
    """Whether this app can join a table of `game` and `mode`, as another computer announces them."""
    try:
        return readable(game, mode)
    except RulesError:
        return False  # a game or mode this copy does not have


class Finder(Protocol):
    """What looks for tables on the network (network/discovery.py's Browser; a fake in tests)."""

    def start(self) -> bool: ...

    def close(self) -> None: ...


class NetworkTables(QObject):
    """The tables on this network, brought to the GUI thread: `changed` carries the whole list each time."""

    changed = Signal(object)

    def __init__(self, finder: Callable[[Callable[[list[Found]], None]], Finder] | None = None) -> None:
        super().__init__()
        self.finder = (finder or Browser)(self._found)

    def _found(self, tables: list[Found]) -> None:
        try:
            self.changed.emit(tables)  # called from zeroconf's thread: a queued signal
        except RuntimeError:
            pass  # the dialog has gone meanwhile

    def start(self) -> bool:
        return self.finder.start()

    def close(self) -> None:
        self.finder.close()


class JoinDialog(QDialog):
    """The tables found on this network, the invitation (a `convivium://` link, or a code: for a table picked in the
    list, the short code) and the name to sit under."""

    def __init__(self, tr: Translator, parent: QWidget | None, link: str = "", name: str = "",
                 finder: Callable[[Callable[[list[Found]], None]], Finder] | None = None) -> None:
        super().__init__(parent)
        self.tr_ = tr
        t = tr.text
        self.setWindowTitle(t("net.join_title"))
        form = QFormLayout(self)
        self.found: list[Found] = []
        self.tables = QListWidget()
        self.tables.setAccessibleName(t("net.lan_title").rstrip(":"))
        self.tables.setFixedHeight(self.fontMetrics().lineSpacing() * LIST_ROWS + 2 * self.tables.frameWidth() + 8)
        self.tables.currentRowChanged.connect(self._picked)
        form.addRow(plain.label(t("net.lan_title")))
        form.addRow(self.tables)
        self.lan_status = plain.label()
        self.lan_status.setWordWrap(True)
        form.addRow(self.lan_status)
        self.invite_edit = QLineEdit(link)
        self.invite_edit.setMaxLength(MAX_LINK)
        self.invite_edit.setPlaceholderText(t("net.join_invite_hint"))
        self.invite_edit.setMinimumWidth(self.invite_edit.fontMetrics().horizontalAdvance("x" * 60))
        self.invite_edit.setAccessibleName(t("net.join_invite").rstrip(":"))
        form.addRow(t("net.join_invite"), self.invite_edit)
        self.name_edit = QLineEdit(name)
        self.name_edit.setMaxLength(MAX_NAME_RAW)
        self.name_edit.setAccessibleName(t("net.join_name").rstrip(":"))
        form.addRow(t("net.join_name"), self.name_edit)
        self.error = dialogs.refusal_line()
        self.error.setMinimumHeight(2 * self.error.fontMetrics().lineSpacing())  # a reason appears without a jump
        form.addRow(self.error)
        form.addRow(dialogs.start_cancel(self, t("net.join_button"), t("new.cancel")))
        self.invite: Invite | None = None
        self.name = ""
        self.network: NetworkTables | None = NetworkTables(finder)
        self.network.changed.connect(self.show_tables)
        looking = self.network.finder
        self.destroyed.connect(lambda: looking.close())  # a dialog dropped without closing lets go too
        # Looking never blocks and never fails the dialog: without multicast the list says so and links still work.
        self.searching = self.network.start()
        self.lan_status.setText(t("net.lan_looking" if self.searching else "net.lan_unavailable"))
        self.tables.setEnabled(self.searching)
        screen_fit.keep_on_screen(self)

    def show_tables(self, tables: object) -> None:
        """The tables found now (a list of Found), those this app can join, in the player's language."""
        if not isinstance(tables, list) or self.network is None:
            return
        t = self.tr_.text
        picked = self.picked()
        self.found = [f for f in tables if isinstance(f, Found) and _joinable(f.game, f.mode)]
        self.tables.blockSignals(True)
        self.tables.clear()
        for table in self.found:
            item = QListWidgetItem(t("net.lan_table", game=self.tr_.name_of(table.game, "game." + table.game),
                                     mode=self.tr_.name_of(table.game, f"mode.{table.game}.{table.mode}"),
                                     players=table.players, count=table.open, host=table.label))
            item.setData(Qt.ItemDataRole.UserRole, table.name)
            self.tables.addItem(item)  # a list item is never rich text: the host's name shows as written
            if picked is not None and table.name == picked.name:
                self.tables.setCurrentItem(item)
        self.tables.blockSignals(False)
        if self.searching:
            self.lan_status.setText(t("net.lan_pick") if self.picked() is not None else
                                    "" if self.found else t("net.lan_none"))

    def picked(self) -> Found | None:
        """The table chosen in the list, if any."""
        row = self.tables.currentRow()
        return self.found[row] if 0 <= row < len(self.found) else None

    def _picked(self, row: int) -> None:
        if 0 <= row < len(self.found):
            t = self.tr_.text
            self.invite_edit.setPlaceholderText(t("net.join_code_hint"))
            self.lan_status.setText(t("net.lan_pick"))
            self.invite_edit.setFocus()

    def done(self, result: int) -> None:
        network, self.network = self.network, None
        if network is not None:
            network.changed.disconnect(self.show_tables)
            network.close()  # zeroconf's threads end with the dialog
        super().done(result)

    def accept(self) -> None:
        try:
            self.invite = read_invite(self.invite_edit.text(), self.picked(), self.found)
        except BadInvite as exc:
            self._refuse(exc, self.invite_edit)
            return
        try:
            self.name = net_names.clean(self.name_edit.text())
        except BadMessage as exc:
            self._refuse(exc, self.name_edit)
            return
        super().accept()

    def _refuse(self, exc: BadInvite | BadMessage, edit: QLineEdit) -> None:
        dialogs.refuse(self.error, self.tr_.reason(exc))
        edit.setFocus()
        edit.selectAll()


def joinable(tables: Sequence[type[SeatTable]]) -> list[tuple[str, str]]:
    """(game, mode) of every mode of `tables` whose views a joiner can read, in their order."""
    return [(table.GAME, mode) for table in tables for mode in table.MODES if readable(table.GAME, mode)]


class HostGameDialog(QDialog):
    """Which game to host (those a joiner's app can play, of `tables`)."""

    def __init__(self, tr: Translator, parent: QWidget | None, tables: Sequence[type[SeatTable]]) -> None:
        super().__init__(parent)
        t = tr.text
        self.setWindowTitle(t("net.host_title"))
        form = QFormLayout(self)
        # What hosting means, before anything is asked: the seats come next, then the invitations to send.
        intro = plain.label(t("net.host_intro"))
        intro.setWordWrap(True)
        intro.setMinimumWidth(intro.fontMetrics().averageCharWidth() * 60)
        form.addRow(intro)
        self.setAccessibleDescription(intro.text())
        self.game = QComboBox()
        first: dict[str, str] = {}  # each game once, with its first mode: the set-up that follows offers the others
        for game, mode in joinable(tables):
            first.setdefault(game, mode)
        for game, mode in first.items():
            self.game.addItem(t("game." + game), (game, mode))
        self.game.setAccessibleName(t("net.host_game").rstrip(":"))
        form.addRow(t("net.host_game"), self.game)
        self.spectators = QCheckBox(t("net.let_watch"))  # one more invitation, to watch (docs/protocol.md)
        form.addRow(self.spectators)
        form.addRow(dialogs.start_cancel(self, t("net.next"), t("new.cancel")))
        accessibility.say_choices(self)

    def chosen(self) -> tuple[str, str]:
        game, mode = self.game.currentData()
        return str(game), str(mode)


class HostSetupDialog(SeatSetupDialog):
    """The New game set-up, where a seat may also be a person joining from another computer."""

    def __init__(self, tr: Translator, parent: QWidget | None, names: Sequence[str], table: type[SeatTable],
                 mode: str | None = None) -> None:
        super().__init__(tr, parent, names, table, mode, {1: REMOTE})
        self.setWindowTitle(f"{tr.text('net.host_title')} — {tr.text('game.' + table.GAME)}")

    def seat_kinds(self, with_bots: bool) -> list[tuple[str, str | None]]:
        t = self.tr_.text
        kinds = super().seat_kinds(with_bots) or [(t("bots.person"), None)]
        return [kinds[0], (t("net.kind_joining"), REMOTE), *kinds[1:]]

    def _joining(self, row: int) -> bool:
        return row < len(self.kind_combos) and self.kind_combos[row].currentData() == REMOTE

    def _default_name(self, row: int) -> str:
        if self._joining(row):  # the joiner's own name replaces it when they come
            return self.tr_.text("net.guest_name", number=sum(1 for r in range(row + 1) if self._joining(r)))
        return super()._default_name(row)

    def kinds(self) -> list[str]:
        """Per seat as they will sit: local, remote, or a computer's level."""
        out = []
        for seat, _text in self._filled():
            level = self._level(seat - 1)
            out.append(REMOTE if self._joining(seat - 1) else level if level in LEVELS else LOCAL)
        return out

    def accept(self) -> None:
        if REMOTE not in self.kinds():
            dialogs.refuse(self.error, self.tr_.text("net.need_remote"))
            return
        super().accept()


class InvitationsDialog(QDialog):
    """Each remote seat's invitation, as a link and a code, each with its Copy button; plain text throughout.

    It stays made while the game is hosted (Game → Invitations shows it again), so its words follow the language:
    each is kept with how to say it (`words`), said again by `retranslate`."""

    def __init__(self, tr: Translator, parent: QWidget | None, invites: Mapping[int, Invite],
                 watch: Invite | None = None) -> None:
        super().__init__(parent)
        self.tr_ = tr
        self.words: list[Callable[[], None]] = []  # each puts one of the dialog's words in the language spoken
        self._say(self.setWindowTitle, "net.invites_title")
        column = QVBoxLayout(self)
        intro = plain.label()
        intro.setWordWrap(True)
        self._say(intro.setText, "net.invites_intro")
        column.addWidget(intro)
        form = QFormLayout()
        column.addLayout(form)
        self.fields: dict[int, tuple[QLineEdit, QLineEdit | None]] = {}
        self.copied = plain.label()
        self.was_copied = False  # "Copied" is on show
        for seat, invite in sorted(invites.items()):
            form.addRow(self._label("net.invite_seat", seat=seat + 1))
            link = self._shown(invite.link(), form, "net.link", "net.copy_link", seat=seat + 1)
            code_text = invite.short_code()  # read aloud to someone on this network (docs/protocol.md)
            code = None
            if code_text is not None:
                code = self._shown(code_text, form, "net.code", "net.copy_code", seat=seat + 1)
            else:
                form.addRow(self._label("net.code"), self._label("net.no_code"))
            self.fields[seat] = (link, code)
        self.watch_fields: tuple[QLineEdit, QLineEdit | None] | None = None  # the spectators' invitation, if any
        if watch is not None:
            form.addRow(self._label("net.invite_watch"))
            link = self._shown(watch.link(), form, "net.link", "net.copy_watch_link")
            code_text = watch.code()
            code = None if code_text is None else self._shown(code_text, form, "net.code", "net.copy_watch_code")
            self.watch_fields = (link, code)
        column.addWidget(self.copied)
        buttons = QDialogButtonBox()
        close = buttons.addButton("", QDialogButtonBox.ButtonRole.RejectRole)
        self._say(lambda text: close.setText(plain.button_text(text)), "net.close")
        buttons.rejected.connect(self.reject)
        column.addWidget(buttons)
        self.retranslate()
        screen_fit.keep_on_screen(self)

    def _say(self, put: Callable[[str], None], key: str, **params: object) -> None:
        self.words.append(lambda: put(self.tr_.text(key, **params)))

    def _label(self, key: str, **params: object) -> QLabel:
        label = plain.label()
        self._say(label.setText, key, **params)
        return label

    def _shown(self, text: str, form: QFormLayout, label: str, copy_name: str, **params: object) -> QLineEdit:
        edit = QLineEdit(text)  # selectable and plain: a line edit never reads markup
        edit.setReadOnly(True)
        edit.setCursorPosition(0)  # the start shows: where it goes, then which table
        edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance(text[:120]) + 16)
        button = QPushButton()
        self._say(edit.setAccessibleName, copy_name, **params)
        self._say(button.setAccessibleName, copy_name, **params)
        self._say(lambda words: button.setText(plain.button_text(words)), "net.copy")
        button.clicked.connect(lambda: self.copy(text))
        row = QHBoxLayout()
        row.addWidget(edit, 1)
        row.addWidget(button)
        form.addRow(self._label(label), row)
        return edit

    def retranslate(self) -> None:
        """Every word of the dialog in the language spoken now (what was copied is not said again)."""
        for put in self.words:
            put()
        self.copied.setText(self.tr_.text("net.copied") if self.was_copied else "")

    def copy(self, text: str) -> None:
        QApplication.clipboard().setText(text)
        self.was_copied = True
        self.copied.setText(self.tr_.text("net.copied"))
        accessibility.announce(self.copied, self.copied.text())
