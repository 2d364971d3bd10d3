"""The dialogs of network play: Join refuses what is not an invitation or a name, with the reason and nothing lost;
Host offers a person joining at every seat, asks for one at least and hosts only the games a joiner can play; the
invitations are plain text to copy; `convivium join LINK` opens the app on the invitation."""
from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QLineEdit, QPushButton
from net_driver import NetTable, net_threads
from table_driver import Dialogs, make_window

from desktop import cli
from desktop.frame.i18n import Translator
from desktop.games.bacchanalia.table import BacchanaliaTable
from desktop.games.banquet.table import BanquetTable
from desktop.net.dialogs import REMOTE, HostGameDialog, HostSetupDialog, InvitationsDialog, JoinDialog
from desktop.shell import app
from desktop.shell.single_instance import InstanceLock, ask_to_come_forward
from desktop.shell.tables import seat_games, table_class
from network.discovery import Found
from network.invite import Invite, code_token

FP = "ab" * 32
INVITE = Invite("192.168.1.20", 45817, "Tb3xQk9a", 1, "i9y_koYkPqEGU5jwRqWoUw", FP)


def test_join_refuses_what_is_not_an_invitation_and_keeps_what_was_typed(qtbot: Any) -> None:
    tr = Translator("en")
    dialog = JoinDialog(tr, None, "convivium://evil.example:1/x?seat=1", "Ada")
    qtbot.addWidget(dialog)
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.invite is None
    assert dialog.error.text() == tr.text("net.bad_invite")
    assert dialog.invite_edit.text() == "convivium://evil.example:1/x?seat=1"  # nothing lost
    dialog.invite_edit.setText(INVITE.link())
    dialog.name_edit.setText("<b>Ada</b>")
    dialog.accept()
    assert dialog.error.text() == tr.text("net.name_markup") and dialog.invite is not None
    assert dialog.result() != QDialog.DialogCode.Accepted


CODE = INVITE.code() or ""


@pytest.mark.parametrize("typed", [INVITE.link(), f"  {CODE}  ", CODE.lower().replace("-", " ")])
def test_join_takes_a_link_or_a_code_and_a_cleaned_name(qtbot: Any, typed: str) -> None:
    dialog = JoinDialog(Translator("it"), None, typed, "  Ada   Lovelace ")
    qtbot.addWidget(dialog)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.name == "Ada Lovelace"
    assert dialog.invite is not None and (dialog.invite.host, dialog.invite.seat, dialog.invite.token) == \
        (INVITE.host, INVITE.seat, INVITE.token)


class FakeFinder:
    """Stands in for the network browser: the test says what is found (`on_change`), or that nothing can be."""

    def __init__(self, works: bool = True) -> None:
        self.works, self.closed = works, False
        self.on_change: Callable[[list[Found]], None] = lambda _tables: None

    def __call__(self, on_change: Callable[[list[Found]], None]) -> FakeFinder:
        self.on_change = on_change
        return self

    def start(self) -> bool:
        return self.works

    def close(self) -> None:
        self.closed = True


def found(label: str, fp: str = FP, game: str = "banquet", table: str = "Tb3xQk9a", open_seats: int = 1) -> Found:
    return Found(f"{label} {table}._convivium._tcp.local.", label, "10.0.0.9", 45900, table, game, "standard", 3,
                 open_seats, 1, fp)


def test_join_lists_the_tables_on_this_network_and_takes_the_picked_ones_code(qtbot: Any) -> None:
    tr, finder = Translator("it"), FakeFinder()
    dialog = JoinDialog(tr, None, "", "Ada", finder=finder)
    qtbot.addWidget(dialog)
    assert dialog.lan_status.text() == tr.text("net.lan_looking")
    tables = [found("Bruno's <b>pc</b>", "cd" * 32), found("Cleo", open_seats=2), found("Dario", game="nogame")]
    finder.on_change(tables)
    shown = [dialog.tables.item(row).text() for row in range(dialog.tables.count())]
    game, mode = tr.text("game.banquet"), tr.text("mode.banquet.standard")
    assert shown == [tr.text("net.lan_table", game=game, mode=mode, players=3, count=1, host="Bruno's <b>pc</b>"),
                     tr.text("net.lan_table", game=game, mode=mode, players=3, count=2, host="Cleo")]  # no unknown game
    assert "1 posto libero" in shown[0] and "2 posti liberi" in shown[1]
    dialog.tables.setCurrentRow(1)
    assert dialog.invite_edit.placeholderText() == tr.text("net.join_code_hint")
    assert dialog.lan_status.text() == tr.text("net.lan_pick")
    dialog.invite_edit.setText(INVITE.short_code() or "")
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and finder.closed
    assert dialog.invite == Invite("10.0.0.9", 45900, "Tb3xQk9a", 1, code_token(INVITE.token), FP)


def test_a_short_code_for_no_table_found_says_to_pick_one(qtbot: Any) -> None:
    tr, finder = Translator("en"), FakeFinder()
    dialog = JoinDialog(tr, None, INVITE.short_code() or "", "Ada", finder=finder)
    qtbot.addWidget(dialog)
    for tables, reason in (([], "net.code_pick_table"),
                           ([found("Bruno", "cd" * 32)], "net.code_pick_table"),
                           ([found("Cleo"), found("Cleo", table="Zz9yXx8w")], "net.code_pick_table")):
        finder.on_change(tables)
        dialog.accept()
        assert dialog.result() != QDialog.DialogCode.Accepted and dialog.error.text() == tr.text(reason)
    finder.on_change([found("Bruno", "cd" * 32), found("Cleo")])
    dialog.tables.setCurrentRow(0)  # a table whose host is not the code's
    dialog.accept()
    assert dialog.error.text() == tr.text("net.code_other_table")
    finder.on_change([found("Cleo")])  # the only table of the code's host: no need to pick it
    dialog.tables.setCurrentRow(-1)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.invite is not None
    assert dialog.invite.host == "10.0.0.9" and dialog.invite.fingerprint == FP


def test_a_table_hosted_from_the_app_is_found_by_the_join_dialog_and_its_code_leads_to_it(qtbot: Any,
                                                                                         home: Path) -> None:
    from desktop.games.banquet.table import BanquetGame
    from desktop.net.hosting import HostSession, Listening

    started = BanquetGame.start("banquet", "standard", ["Ada", "Guest 1", "Cleo"], {}, 5)
    hosting = HostSession.new(started, ["local", REMOTE, "local"], Listening(bind="127.0.0.1", port=0, folder=home))
    invite = hosting.start()[1]
    tr = Translator("en")
    dialog = JoinDialog(tr, None, "", "Bruno")  # looking on loopback (conftest.py)
    qtbot.addWidget(dialog)
    try:
        # Its own table: another test's host may be announced on loopback meanwhile.
        qtbot.waitUntil(lambda: any(f.table == invite.table for f in dialog.found), timeout=15_000)
        row = next(n for n, f in enumerate(dialog.found) if f.table == invite.table)
        assert dialog.found[row].open == 1 and dialog.tables.count() == len(dialog.found)
        dialog.tables.setCurrentRow(row)
        dialog.invite_edit.setText(invite.short_code() or "")
        dialog.accept()
        assert dialog.result() == QDialog.DialogCode.Accepted
        assert dialog.invite == Invite("127.0.0.1", invite.port, invite.table, 1, code_token(invite.token),
                                       invite.fingerprint)
    finally:
        dialog.reject()
        hosting.stop()
    assert not net_threads()
    assert not [t.name for t in threading.enumerate() if "zeroconf" in t.name.lower()]  # the looking stopped too


def test_without_multicast_join_says_so_and_a_link_still_joins(qtbot: Any) -> None:
    tr = Translator("nl")
    dialog = JoinDialog(tr, None, INVITE.link(), "Ada", finder=FakeFinder(works=False))
    qtbot.addWidget(dialog)
    assert dialog.lan_status.text() == tr.text("net.lan_unavailable") and dialog.tables.count() == 0
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.invite == INVITE


def test_host_offers_a_person_joining_at_every_seat_and_asks_for_one(qtbot: Any) -> None:
    tr = Translator("en").for_game("banquet")
    dialog = HostSetupDialog(tr, None, ["Ada", "", "Cleo"], BanquetTable)
    qtbot.addWidget(dialog)
    assert all(combo.findData(REMOTE) >= 0 for combo in dialog.kind_combos)
    assert dialog.kind_combos[1].currentData() == REMOTE  # the second seat joins unless told otherwise
    assert dialog.name_edits[1].placeholderText() == tr.text("net.guest_name", number=1)
    dialog.kind_combos[2].setCurrentIndex(dialog.kind_combos[2].findData("easy"))
    assert dialog.kinds() == ["local", REMOTE, "easy"] and dialog.bots() == {2: "easy"}
    assert dialog.names() == ["Ada", "Guest 1", "Cleo"]
    dialog.kind_combos[1].setCurrentIndex(0)
    dialog.name_edits[1].setText("Bruno")
    dialog.accept()
    assert dialog.error.text() == tr.text("net.need_remote") and dialog.result() != QDialog.DialogCode.Accepted


def test_a_game_without_computers_still_offers_a_person_joining(qtbot: Any) -> None:
    dialog = HostSetupDialog(Translator("nl").for_game("bacchanalia"), None, ["Ada", "", "Cleo"], BacchanaliaTable)
    qtbot.addWidget(dialog)
    assert [dialog.kind_combos[0].itemData(i) for i in range(dialog.kind_combos[0].count())] == [None, REMOTE]
    assert dialog.kinds() == ["local", REMOTE, "local"] and dialog.bots() == {}


def test_only_the_games_a_joiner_can_play_are_offered(qtbot: Any) -> None:
    tables = [t for t in map(table_class, seat_games()) if t is not None]
    dialog = HostGameDialog(Translator("en"), None, tables)
    qtbot.addWidget(dialog)
    offered = [dialog.game.itemData(i) for i in range(dialog.game.count())]
    # each game once, at its first mode: the set-up that follows offers the others (Artifaxx, the open privileges)
    assert offered == [("chrononauts", "chrononauts"), ("bacchanalia", "standard"), ("banquet", "standard"),
                       ("parsifal", "standard")]  # not Solonauts: a solitaire has no seat to join


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_hosting_says_what_comes_next_before_asking_for_a_game(qtbot: Any, lang: str) -> None:
    """The first step of hosting was a game box and "Next" in a window too narrow for its own title: it now says
    that seats and invitations follow and that the game runs on this computer, in a window its title fits."""
    tables = [t for t in map(table_class, seat_games()) if t is not None]
    tr = Translator(lang)
    dialog = HostGameDialog(tr, None, tables)
    qtbot.addWidget(dialog)
    dialog.show()
    intro = tr.text("net.host_intro")
    shown = [label.text() for label in dialog.findChildren(QLabel) if label.isVisible()]
    assert intro in shown and dialog.accessibleDescription() == intro
    assert dialog.width() >= dialog.fontMetrics().horizontalAdvance(dialog.windowTitle()) + 120


def test_the_invitations_are_plain_text_to_copy(qtbot: Any) -> None:
    plain_host = Invite("127.0.0.1", 45817, "Tb3xQk9a", 2, "A" * 22, None)  # no code without TLS
    dialog = InvitationsDialog(Translator("es"), None, {1: INVITE, 2: plain_host})
    qtbot.addWidget(dialog)
    link, code = dialog.fields[1]
    assert link.text() == INVITE.link() and link.isReadOnly() and link.cursorPosition() == 0
    assert code is not None and code.text() == INVITE.short_code()  # the short one, to read aloud
    assert dialog.fields[2][1] is None
    dialog.copy(link.text())
    assert QApplication.clipboard().text() == INVITE.link()
    assert dialog.copied.text() == Translator("es").text("net.copied")
    assert all(isinstance(edit, QLineEdit) for edit in (link, code))


def test_the_invitations_kept_while_hosting_follow_a_language_switch(qtbot: Any, home: Path, tmp_path: Path) -> None:
    """The dialog is made once per hosted game and shown again from the menu: its words are the language's now."""
    net = NetTable(qtbot, tmp_path / "tls", language="it")
    window = net.host_window
    dialog = window.invitations
    assert dialog is not None
    link = dialog.fields[1][0]
    dialog.copy(link.text())

    def words() -> list[str]:
        shown = [label.text() for label in dialog.findChildren(QLabel) if label.text()]
        buttons = [button.text() for button in dialog.findChildren(QPushButton)]
        return [dialog.windowTitle(), *shown, *buttons, link.accessibleName()]

    def said(tr: Translator) -> list[str]:
        return [tr.text("net.invites_title"), tr.text("net.invites_intro"), tr.text("net.invite_seat", seat=2),
                tr.text("net.link"), tr.text("net.code"), tr.text("net.copied"), tr.text("net.copy"),
                tr.text("net.close"), tr.text("net.copy_link", seat=2)]

    italian = words()
    assert set(said(Translator("it"))) <= set(italian)
    window.set_language("nl")
    dutch = words()
    assert set(said(Translator("nl"))) <= set(dutch)
    assert not (set(said(Translator("it"))) - set(said(Translator("nl")))) & set(dutch)  # no Italian word is left
    assert link.text() == net.hosting.invites[1].link()
    net.close()


def test_the_menu_names_join_host_and_invitations_in_every_language(qtbot: Any, home: Path) -> None:
    window = make_window(qtbot, Dialogs())
    for language in ("en", "it", "es", "nl"):
        window.set_language(language)
        for act, key in ((window.act_join, "menu.join"), (window.act_host, "menu.host"),
                         (window.act_invitations, "menu.invitations")):
            assert act.text() == window.tr_.text(key) and act in window.menu_game.actions()
            assert act.text().count("&") == 1


def test_convivium_join_opens_the_app_on_the_invitation(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []

    def run(argv: list[str]) -> int:
        asked.append(argv)
        return 0

    monkeypatch.setattr(app, "run", run)
    assert cli.main(["join", INVITE.link(), "--lang", "it"]) == 0
    assert asked == [["--join", INVITE.link(), "--lang", "it"]]


def test_a_second_copy_hands_its_invitation_to_the_running_one(qtbot: Any, home: Path) -> None:
    lock = InstanceLock(home)
    assert lock.claim()
    raised: list[bool] = []
    joined: list[str] = []
    lock.raise_requested.connect(lambda: raised.append(True))
    lock.join_requested.connect(joined.append)
    assert ask_to_come_forward(home, INVITE.link())
    qtbot.waitUntil(lambda: bool(joined), timeout=30_000)
    assert raised == [True] and joined == [INVITE.link()]
    lock.release()


def test_invitations_that_come_while_the_join_dialog_is_open_go_into_it(qtbot: Any, home: Path) -> None:
    """Each `join` line of a second copy's message opened one more Join dialog over the last (a message of 4 KiB:
    hundreds of them, each to close by hand). An invitation that comes while the dialog is open now goes into it."""
    window = make_window(qtbot, Dialogs())
    other = Invite("192.168.1.21", 45817, "Tb3xQk9a", 2, "i9y_koYkPqEGU5jwRqWoUw", FP).link()
    seen: list[tuple[int, str]] = []

    def while_open() -> None:
        for _ in range(3):
            window.join_dialog(other)  # returns at once: a second copy's messages
        shown = [d for d in window.findChildren(JoinDialog) if d.isVisible()]
        seen.append((len(shown), shown[0].invite_edit.text()))
        shown[0].reject()

    QTimer.singleShot(0, while_open)
    window.join_dialog(INVITE.link())
    assert seen == [(1, other)] and window.join_asking is None


def test_hosting_again_asks_first_whether_to_carry_on_the_hosted_game(qtbot: Any, home: Path) -> None:
    from desktop.games.banquet.table import BanquetGame
    from desktop.net.hosting import SAVE_NAME, HostSession, Listening, hosted_in_progress

    started = BanquetGame.start("banquet", "standard", ["Ada", "Guest 1", "Cleo"], {}, 5)
    session = HostSession.new(started, ["local", REMOTE, "local"], Listening(bind="127.0.0.1", port=0, folder=home))
    session.start()
    session.stop()
    assert hosted_in_progress(home) and (home / SAVE_NAME).is_file()
    dialogs = Dialogs()
    dialogs.answers = [2]  # Cancel
    window = make_window(qtbot, dialogs)
    window.host_dialog()
    t = window.tr_.text
    assert dialogs.asked == [(t("net.host_title"), t("net.resume_hosted"),
                              [t("net.carry_on"), t("net.host_new"), t("new.cancel")])]
    assert dialogs.safe == [0] and window.table is None and window.net is None


def test_a_hosted_game_carried_on_listens_on_the_port_of_its_invitations(qtbot: Any, home: Path) -> None:
    from desktop.games.banquet.table import BanquetGame
    from desktop.net.hosting import SAVE_NAME, HostSession, Listening
    from rules import saves

    started = BanquetGame.start("banquet", "standard", ["Ada", "Guest 1", "Cleo"], {}, 5)
    where = Listening(bind="127.0.0.1", port=0, folder=home)  # any free port, as when the usual one is taken
    first = HostSession.new(started, ["local", REMOTE, "local"], where)
    invites = first.start()

    def saved_port() -> object:
        return saves.read_json(home / SAVE_NAME)["network"].get("port") if (home / SAVE_NAME).is_file() else None

    qtbot.waitUntil(lambda: saved_port() == invites[1].port)
    first.stop()
    again = HostSession.resumed(BanquetGame, lambda seat: f"Seat {seat + 1}", where)
    try:
        assert again.start() == invites  # the joiners' invitations lead to the table again
    finally:
        again.stop()
    assert not net_threads()


def test_the_join_menu_entry_opens_the_dialog_empty(qtbot: Any, home: Path) -> None:
    window = make_window(qtbot, Dialogs())
    opened: list[QDialog] = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, JoinDialog)
        opened.append(dialog)
        dialog.reject()

    QTimer.singleShot(0, answer)
    window.act_join.trigger()  # a menu entry hands its slot `checked`: it must not become the invitation
    assert len(opened) == 1 and isinstance(opened[0], JoinDialog) and opened[0].invite_edit.text() == ""
