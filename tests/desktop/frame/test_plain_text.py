"""Text from players and files is shown as written, never read as markup (issue #12, item 2).

A name such as `Eve<img src="/dev/zero">` made Qt read the file it names until memory ran out, and the
autosave brought it back at every start: every surface that shows a name or a file's words must show
the tag literally."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QApplication, QLabel, QMessageBox
from table_driver import Dialogs, make_window
from chrononauts_driver import keep_all, lift

from desktop.frame import dialogs as message_boxes
from desktop.frame.seat_table import SeatSetupDialog
from desktop.games.bacchanalia.table import BacchanaliaTable
from desktop.games.chrononauts.card_chooser import CardChooser, Choice
from desktop.games.chrononauts.faces import full_face
from desktop.games.chrononauts.full_table import ChrononautsTable
from desktop.shell.main_window import MainWindow
from desktop.shell.replay import open_replay

EVE = 'Eve<img src="/none.png"><b>bold</b>'  # an image that is not there: nothing is read if it leaks
BO = "<i>Bo</i> & Co"


def literal(label: QLabel, text: str) -> bool:
    """The label shows `text` as written: plain text, with the markup in it."""
    return label.textFormat() == Qt.TextFormat.PlainText and text in label.text()


def shown_tooltip(tip: str) -> str:
    """The words a tooltip shows: Qt reads it as HTML exactly when it might be rich text."""
    document = QTextDocument()
    if GuiQt.mightBeRichText(tip):
        document.setHtml(tip)
    else:
        document.setPlainText(tip)
    return document.toPlainText()


def answered(action: Callable[[], object]) -> tuple[Qt.TextFormat, str, list[str]]:
    """Run `action`, which opens a message box; its text format, text and buttons, then it is closed."""
    seen: list[tuple[Qt.TextFormat, str, list[str]]] = []

    def close() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, close)
            return
        seen.append((box.textFormat(), box.text(), [b.text() for b in box.buttons()]))
        box.done(0)
    QTimer.singleShot(0, close)
    action()
    return seen[0]


def test_message_boxes_show_names_as_written(qtbot: Any) -> None:
    fmt, text, buttons = answered(lambda: message_boxes.ask(None, "Who?", f"Pass to {EVE}", [EVE, BO]))
    assert fmt == Qt.TextFormat.PlainText and text == f"Pass to {EVE}"
    assert buttons == [EVE, "<i>Bo</i> && Co"]  # "&&" is how a button shows one "&" (not a shortcut)
    fmt, text, _buttons = answered(lambda: message_boxes.inform(None, "Saved", f"{EVE} saved"))
    assert fmt == Qt.TextFormat.PlainText and text == f"{EVE} saved"


# --- a hot-seat game with such names, from set-up to a reopened save ----------------------------------


def start(main: MainWindow) -> ChrononautsTable:
    hs = main.new_hotseat("chrononauts", "chrononauts", [EVE, BO], {"first_player": 0}, 5)
    assert isinstance(hs, ChrononautsTable)
    QApplication.processEvents()
    return hs


def test_a_hot_seat_game_shows_the_names_as_written(qtbot: Any, home: Path, dialogs: Dialogs, tmp_path: Path) -> None:
    main = make_window(qtbot, dialogs)
    dialog = SeatSetupDialog(main.tr_, main, [EVE, BO], ChrononautsTable, "chrononauts")
    dialog.accept()
    assert dialog.names() == [EVE, BO]
    hs = start(main)
    # The curtain: its words on the table, the prompt bar under them.
    assert hs.scene.curtain_up and EVE in hs.scene.curtain_words
    assert literal(hs.prompt, f"Pass to {EVE}") and hs.prompt.accessibleName() == hs.prompt.text()
    lift(hs)
    assert literal(hs.prompt, f"{EVE}: keep the ID")
    keep_all(hs)
    hs.show_message(f"{BO} cannot")
    assert literal(hs.message, f"{BO} cannot")
    assert literal(main.prompt, "") and literal(main.message, "")  # the Solonauts status bar is plain too
    # Saved, then opened with File → Open: the same names, still plain.
    path = tmp_path / "names.convivium.json"
    hs.game.save(path)
    assert main.open_file(path)
    opened = main.table
    assert opened is not None and opened is not hs and opened.game.names == [EVE, BO]
    assert literal(opened.prompt, EVE) or literal(opened.prompt, BO)
    # The autosave, carried on at the next start.
    again = make_window(qtbot, dialogs)
    dialogs.answers = [0]
    assert again.offer_resume(crashed=True)
    assert again.table is not None and again.table.game.names == [EVE, BO]
    assert literal(again.table.prompt, EVE) or literal(again.table.prompt, BO)


def test_the_setup_dialog_quotes_a_name_as_written(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    dialog = SeatSetupDialog(main.tr_, main, [EVE, EVE.upper()], ChrononautsTable, "chrononauts")
    dialog.accept()
    assert literal(dialog.error, EVE.upper())


def test_the_card_chooser_shows_a_name_in_its_labels_and_tooltips(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    hs = start(main)
    card = hs.game.state.hands[0][0]
    words = f"{main.tr_.card_title(card)} → {EVE}"
    chooser = CardChooser(main, "Rewind", f"Which card, {EVE}?", [Choice(words, full_face(hs.faces, card))], "None")
    qtbot.addWidget(chooser)
    assert literal(chooser.card_labels[0], words)
    assert all(label.textFormat() == Qt.TextFormat.PlainText for label in chooser.findChildren(QLabel)
               if label.text())
    assert shown_tooltip(chooser.card_buttons[0].toolTip()) == words


def test_the_bacchanalia_heading_shows_a_name_that_starts_like_markup(qtbot: Any, home: Path,
                                                                      dialogs: Dialogs) -> None:
    """The heading is HTML of ours: "<b>Ada</b> gives" was read as markup because it began with "<"."""
    main = make_window(qtbot, dialogs)
    names = ["<b>Ada</b>", "<b>Bruno</b>", "<b>Chiara</b>"]
    table = main.new_hotseat("bacchanalia", "standard", names, {}, 3)
    assert isinstance(table, BacchanaliaTable)
    state = table.game.state
    assert state.phase == "setup"
    assert f"{names[state.active]} gives" in table.scene.heading.toPlainText()


def test_a_replay_shows_names_and_the_files_name_as_written(qtbot: Any, home: Path, dialogs: Dialogs,
                                                            tmp_path: Path) -> None:
    main = make_window(qtbot, dialogs)
    hs = start(main)
    path = tmp_path / "Eve[*].convivium.json"  # "[*]" in a title is Qt's unsaved-changes mark
    hs.game.save(path)
    replay = open_replay(main.tr_, path)
    qtbot.addWidget(replay)
    replay.show()
    qtbot.waitExposed(replay)
    handle = replay.windowHandle()
    assert handle is not None and "Eve[*]" in handle.title()
    replay.seek(0)
    assert literal(replay.status, EVE) or literal(replay.status, BO)
