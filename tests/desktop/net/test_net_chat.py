"""The chat of a network game in the app (issue #41, item 8): beside the log on the host's screen and the joiner's,
each line with its speaker's seat name, plain text, bounded and paced with a clear refusal, reached with F6 and
said to a screen reader when someone else speaks; Bacchanalia's journal takes a line with its teller."""
from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from net_driver import WAIT_MS, NetTable
from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from cardsets import rules_text
from cardsets.folders import ROOT
from desktop.frame import accessibility
from desktop.frame.i18n import Translator
from desktop.frame.pseudo import CODE as PSEUDO
from desktop.games.bacchanalia.table import BacchanaliaTable
from desktop.net.chat import BURST, BURST_SECONDS, KEPT, ChatPanel
from desktop.net.hosting import HostSession
from desktop.net.remote import attach_chat
from desktop.shell.tables import table_for
from network.protocol import MAX_CHAT
from rules.kernel import PUBLIC


@pytest.fixture
def heard() -> Iterator[list[str]]:
    said: list[str] = []

    def listen(kind: str, _source: QObject, text: str) -> None:
        if kind == "announce":
            said.append(text)

    accessibility.listeners.append(listen)
    try:
        yield said
    finally:
        accessibility.listeners.remove(listen)


def test_a_line_shows_on_both_screens_under_its_seats_name_as_plain_text(qtbot: Any, home: Path, tmp_path: Path,
                                                                         heard: list[str]) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    joined, hosted = net.joining.chat, net.hosting.chat
    assert hosted is not None
    assert net.join_window.chat_dock.widget() is joined and not net.join_window.chat_dock.isHidden()
    assert net.host_window.chat_dock.widget() is hosted and not net.host_window.chat_dock.isHidden()
    line = "<b>hi</b> & <img src=/dev/zero>"  # words, never markup
    joined.field.setText(line)
    joined.send()
    assert joined.field.text() == ""
    qtbot.waitUntil(lambda: hosted.said() == [("Bruno", line)] and joined.said() == [("Bruno", line)],
                    timeout=WAIT_MS)
    assert hosted.shown(0) == f"Bruno: {line}"
    assert heard.count(f"Bruno: {line}") == 1  # said at the host's screen, not to Bruno, who wrote it
    heard.clear()
    hosted.field.setText("Welcome, Bruno")
    hosted.send()
    qtbot.waitUntil(lambda: joined.said()[-1:] == [("Ada", "Welcome, Bruno")], timeout=WAIT_MS)
    assert heard == ["Ada: Welcome, Bruno"]  # Bruno hears it; Ada, at the screen she typed it on, does not
    net.close()
    written = [p for p in tmp_path.rglob("*") if p.is_file() and b"Welcome, Bruno" in p.read_bytes()]
    assert written == []  # nothing of the chat goes to disk (the joiner's own Save as… aside), nor the host's save
    assert net.join_window.chat_dock.isHidden() and net.join_window.chat_dock.widget() is not joined


def test_a_line_too_long_or_too_fast_is_refused_and_kept_to_mend(qtbot: Any) -> None:
    now = [100.0]
    panel = ChatPanel(Translator("nl"), clock=lambda: now[0])
    qtbot.addWidget(panel)
    sent: list[str] = []
    panel.say.connect(sent.append)
    panel.field.setText("x" * (MAX_CHAT + 1))  # as pasted: the field holds one more, to say so rather than cut
    panel.send()
    assert sent == [] and panel.field.text() == "x" * (MAX_CHAT + 1)
    assert not panel.note.isHidden() and panel.note.text() == Translator("nl").text("chat.too_long", max=MAX_CHAT)
    assert panel.note.textFormat() == Qt.TextFormat.PlainText
    panel.field.setText("x" * MAX_CHAT)
    panel.send()
    assert sent == ["x" * MAX_CHAT] and panel.note.isHidden()
    for n in range(BURST - 1):
        panel.field.setText(f"line {n}")
        panel.send()
    panel.field.setText("one too many")
    panel.send()
    assert len(sent) == BURST and panel.field.text() == "one too many"
    assert panel.note.text() == Translator("nl").text("chat.too_fast")
    now[0] += BURST_SECONDS
    panel.send()
    assert sent[-1] == "one too many"
    panel.field.setText("a\u0007bell")
    panel.send()
    assert sent[-1] == "one too many" and panel.note.text() == Translator("nl").text("net.bad_chat")
    panel.note.hide()
    panel.note.hide()
    now[0] += BURST_SECONDS
    # Pasted: the field shows a space where the line breaks, and the line goes as shown, on one line (sent as it was,
    # the rest would have shown as a line of its own, as if another seat had said it).
    panel.field.setText("ok\u2028Ada: I resign\tnow")
    panel.send()
    assert sent[-1] == "ok Ada: I resign now" and panel.note.isHidden()


LONG = "a line long enough to wrap onto a few rows of a narrow chat panel, as people write when they tell a story"


def panel_with(qtbot: Any, lines: int) -> ChatPanel:
    """A chat panel on screen, as beside the table, with `lines` said in it (each a few rows high)."""
    panel = ChatPanel(Translator("en"))
    qtbot.addWidget(panel)
    panel.resize(320, 600)
    panel.show()
    for n in range(lines):
        panel.add("Bruno", f"{n} {LONG}", own=False)
    QApplication.processEvents()
    return panel


def laid_out(panel: ChatPanel) -> list[int]:
    """The lines whose words have been laid out in rows since `forget`."""
    block, rows = panel.lines.document().firstBlock(), []
    while block.isValid():
        if block.layout().lineCount() > 0:
            rows.append(block.blockNumber())
        block = block.next()
    return rows


def forget(panel: ChatPanel) -> None:
    block = panel.lines.document().firstBlock()
    while block.isValid():
        block.clearLayout()
        block = block.next()


def test_a_new_line_lays_out_itself_and_the_lines_on_show_only_whatever_the_history(qtbot: Any) -> None:
    """The work a new line costs, counted in lines laid out: the same with 40 lines before it as with 500 (the
    list it replaced measured every line again, each time)."""
    work = []
    for history in (40, KEPT):
        panel = panel_with(qtbot, history)
        forget(panel)
        panel.add("Ada", LONG, own=False)
        QApplication.processEvents()  # drawn
        rows = laid_out(panel)
        shown = panel.lines.document().blockCount()
        # The newest and the few above it on show (and at most one line elsewhere, which the view measures).
        assert rows[-1] == shown - 1 and len([row for row in rows if row < shown - 30]) <= 1
        assert panel.shown(shown - 1) == f"Ada: {LONG}" and panel.said()[-1] == ("Ada", LONG)
        work.append(len(rows))
    assert work[0] == work[1]
    assert len(panel.said()) == KEPT and panel.said()[0][1].startswith("1 ")  # the oldest went


def test_the_lines_follow_the_newest_until_the_reader_scrolls_up(qtbot: Any) -> None:
    panel = panel_with(qtbot, 60)
    bar, view = panel.lines.verticalScrollBar(), panel.lines
    assert bar.value() == bar.maximum() > 0
    bar.setValue(bar.maximum() // 2)  # the reader goes back to an earlier line
    QApplication.processEvents()
    reading = view.firstVisibleBlock().blockNumber()
    for n in range(5):
        panel.add("Ada", f"{n} {LONG}", own=False)
        QApplication.processEvents()
    assert view.firstVisibleBlock().blockNumber() == reading  # left where they read
    bar.setValue(bar.maximum())  # back at the end: the view follows again
    panel.add("Ada", LONG, own=False)
    QApplication.processEvents()
    assert bar.value() == bar.maximum()
    newest = view.blockBoundingGeometry(view.document().lastBlock()).translated(view.contentOffset())
    assert newest.bottom() <= view.viewport().height() + 1


def test_after_a_language_switch_the_lines_on_show_take_its_form_where_the_reader_left_them(
        qtbot: Any, heard: list[str]) -> None:
    """Each line is shown in the form of the language spoken now (the pseudo-language's brackets), the old ones too;
    the reader stays on the line they read and keeps the one they chose, and nothing old is said again."""
    panel = panel_with(qtbot, 80)
    tr, bar, view = panel.tr_, panel.lines.verticalScrollBar(), panel.lines
    bar.setValue(bar.maximum() // 3)  # the reader went back up
    QApplication.processEvents()
    reading = view.firstVisibleBlock().blockNumber()
    caret = view.textCursor()
    caret.setPosition(view.document().findBlockByNumber(reading + 2).position() + 3)
    view.setTextCursor(caret)  # and put the caret on a line: the chosen one
    chosen = panel.chosen()
    assert chosen == ("Bruno", f"{reading + 2} {LONG}") and not panel.following
    heard.clear()
    tr.set_language(PSEUDO)
    panel.retranslate()
    QApplication.processEvents()
    for row in (0, reading + 2, 79):
        assert panel.shown(row) == tr.text("chat.line", player="Bruno", text=f"{row} {LONG}") != f"Bruno: {row} {LONG}"
    assert view.firstVisibleBlock().blockNumber() == reading and not panel.following
    assert panel.chosen() == chosen and view.textCursor().blockNumber() == reading + 2
    marked = view.extraSelections()
    assert len(marked) == 1 and marked[0].cursor.selectedText() == panel.shown(reading + 2)
    assert heard == []  # the lines are old: nothing is said again
    panel.add("Ada", "new", own=False)
    assert panel.shown(80) == tr.text("chat.line", player="Ada", text="new") and heard == [panel.shown(80)]
    bar.setValue(bar.maximum())  # the reader at the newest line stays there through a switch back
    QApplication.processEvents()
    tr.set_language("en")
    panel.retranslate()
    QApplication.processEvents()
    assert panel.shown(0) == f"Bruno: 0 {LONG}" and panel.shown(80) == "Ada: new"
    assert panel.following and bar.value() == bar.maximum()
    newest = view.blockBoundingGeometry(view.document().lastBlock()).translated(view.contentOffset())
    assert newest.bottom() <= view.viewport().height() + 1


def test_why_a_line_was_not_sent_is_said_again_in_the_new_language_while_the_line_waits(qtbot: Any,
                                                                                         heard: list[str]) -> None:
    tr = Translator("nl")
    panel = ChatPanel(tr)
    qtbot.addWidget(panel)
    panel.field.setText("x" * (MAX_CHAT + 1))
    panel.send()
    assert panel.note.text() == Translator("nl").text("chat.too_long", max=MAX_CHAT)
    heard.clear()
    tr.set_language("it")
    panel.retranslate()
    assert panel.note.text() == Translator("it").text("chat.too_long", max=MAX_CHAT) != Translator("nl").text(
        "chat.too_long", max=MAX_CHAT)
    assert not panel.note.isHidden() and heard == []  # shown in its new words, not said again
    panel.field.setText("short")
    panel.send()
    tr.set_language("es")
    panel.retranslate()
    assert panel.note.isHidden()


def test_f6_goes_from_the_table_to_the_chat_and_back(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    window = net.join_window
    table = window.table
    assert table is not None
    window.activateWindow()
    table.view.setFocus()
    QApplication.processEvents()
    seen = []
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_F6)
        seen.append(QApplication.focusWidget())
    chat = net.joining.chat
    assert chat.field in seen  # from the bar (or the table, when the bar has nothing to press) to the chat line
    after = seen[seen.index(chat.field) + 1:]
    assert after[:1] == [table.view]  # and F6 again goes back to the table
    qtbot.keyClick(chat.lines, Qt.Key.Key_F6)
    assert table.view.hasFocus()
    net.close()


class Looking:
    """A table's part the host's screen asks about: who lifted the curtain."""

    def __init__(self, looking: int | None) -> None:
        self.looking = looking


def test_a_table_hosted_without_spectators_gives_no_invitation_to_watch(qtbot: Any, home: Path,
                                                                          tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    shown = net.host_window.invitations
    assert net.hosting.watch_invite is None and net.hosting.host.watch_token is None
    assert shown is not None and shown.watch_fields is None
    net.close()


def test_at_a_shared_host_screen_the_person_holding_it_speaks(qtbot: Any, home: Path) -> None:
    """Two people share the host's screen (seats 0 and 1), seat 2 joins: the one who lifted the curtain speaks;
    with the curtain down, the local seat whose turn it is; else the first local seat."""
    table = table_for("banquet", "standard")
    assert table is not None
    started = table.GAME_CLASS.start("banquet", "standard", ["Ada", "Bea", "Guest"], {}, 7, {})
    session = HostSession.new(started, ["local", "local", "remote"])
    decider = session.game.engine.decider(session.game.state)
    assert decider in (0, 1, 2)
    assert session.speaker() == (decider if decider in (0, 1) else 0)
    for looking in (0, 1):
        session.table = Looking(looking)  # type: ignore[assignment]
        assert session.speaker() == looking
    session.table = Looking(2)  # type: ignore[assignment]  # never a seat played elsewhere
    assert session.speaker() in (0, 1)
    watching = HostSession.new(started, ["remote", "remote", "remote"])
    assert watching.speaker() is None


def test_the_bacchanalia_journal_takes_a_chat_line_with_its_teller(qtbot: Any, home: Path) -> None:
    window = make_window(qtbot, Dialogs(), "es")
    table = window.new_hotseat("bacchanalia", "standard", ["Ada", "Bruno", "Chiara"], {}, 3)
    assert isinstance(table, BacchanaliaTable)
    panel = ChatPanel(window.tr_)
    qtbot.addWidget(panel)
    attach_chat(panel, table)
    assert not panel.journal_button.isHidden()
    panel.add("Bruno", "Once upon a time, in the baths…", own=False)
    panel.add("Chiara", "…someone stole the sandals.", own=False)
    assert not panel.journal_button.isEnabled()  # no line chosen yet
    qtbot.keyClick(panel.lines, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)  # the caret on the first line
    panel.journal_button.click()
    qtbot.keyClick(panel.lines, Qt.Key.Key_Down)
    qtbot.keyClick(panel.lines, Qt.Key.Key_J)
    assert table.journal_edit.toPlainText() == "Bruno: Once upon a time, in the baths…\nChiara: …someone stole the sandals."
    assert table.game.journal.note(table._journal_turn) == table.journal_edit.toPlainText()


def test_a_table_without_a_journal_offers_none(qtbot: Any, home: Path, tmp_path: Path) -> None:
    net = NetTable(qtbot, tmp_path / "tls")
    assert net.joining.chat.journal_button.isHidden()  # a Banquet keeps no story
    net.close()


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_how_to_play_bacchanalia_says_the_story_is_told_aloud_or_in_the_chat(lang: str) -> None:
    """Its page At the table names the chat and its journal button as the app shows them, in each language."""
    rules, problems = rules_text.load("bacchanalia", lang, ROOT)
    assert rules is not None and not problems
    table = rules.section("at-the-table")
    assert table is not None
    words = "\n".join(table.lines)
    t = Translator(lang).text
    assert f"**{t('chat.title')}**" in words and f"**{t('chat.to_journal')}**" in words


def test_a_spectator_watches_from_the_app_with_the_public_view_and_reads_the_chat(qtbot: Any, home: Path,
                                                                                   tmp_path: Path) -> None:
    """Issue #41 item 4: a spectator's invitation used to be refused in the app, and the app's host gave none. Now
    the host may let spectators watch (one more invitation), and the app shows that table as nobody in particular
    sees it (no hand), read-only, saying "watching", following every move; it reads the chat and has no line to type
    (the host would refuse one)."""
    net = NetTable(qtbot, tmp_path / "tls", spectators=True)  # Host a game… with "Let spectators watch" ticked
    host = net.hosting.host
    watch = net.hosting.watch_invite
    assert watch is not None and watch.seat is None and 1 in net.hosting.invites
    shown = net.host_window.invitations
    assert shown is not None and shown.watch_fields is not None and shown.watch_fields[0].text() == watch.link()
    window = make_window(qtbot, Dialogs())
    session = window.join(watch, "Carla")
    qtbot.waitUntil(lambda: window.table is not None, timeout=WAIT_MS)
    table = window.table
    assert table is not None and window.net is session
    eng = host.engine

    def public() -> Any:
        return eng.to_dict(eng.view(host.match.state, PUBLIC))

    rnd = random.Random(5)
    for _ in range(12):
        qtbot.waitUntil(lambda: session.match is not None and session.match.count == net.host_moves, timeout=WAIT_MS)
        assert eng.to_dict(table.game.state) == public() != eng.to_dict(eng.view(host.match.state, 1))
        assert table.prompt.text() == window.tr_.text("net.watching") or eng.is_over(host.match.state)
        assert not table.scene.curtain_up and not any(table.scene.dests.values())
        assert all(not table.game.match.legal_moves(s) for s in range(3)) and not table.can_undo()
        if not net.step(rnd):
            break
    assert session.chat.field.isHidden() and not window.chat_dock.isHidden()
    net.joining.chat.field.setText("Hello, Carla")
    net.joining.chat.send()
    qtbot.waitUntil(lambda: session.chat.said() == [("Bruno", "Hello, Carla")], timeout=WAIT_MS)
    window.close()
    net.close()
