"""The newest line of the log is shown whole after it is written (issue #16, item 5: it was often half cut off)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication, QListWidget
from table_driver import Dialogs, make_window


def _last_line_is_whole(log: QListWidget) -> bool:
    last = log.item(log.count() - 1)
    return log.viewport().rect().contains(log.visualItemRect(last))


def test_every_new_log_line_of_a_table_for_several_is_shown_whole(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs, "nl")
    # A short log, which scrolls after a few lines, at the narrowest width the tables are made for: narrower,
    # a Banquet prompt with three answers in Dutch (824 px of buttons) squeezes the side column for a move.
    main.resize(1280, 620)
    table = main.new_hotseat("banquet", "standard", ["Anna", "Bruno", "Carla", "Dario"], {}, 7)
    QApplication.processEvents()
    rnd = random.Random(7)
    eng, checked = table.game.engine, 0
    for _ in range(120):
        if eng.is_over(table.game.state):
            break
        state = table.game.state
        seat = rnd.choice(sorted(eng.to_act(state)))
        table.play(rnd.choice(eng.legal_moves(state, seat)))
        QApplication.processEvents()  # the list lays its lines out later, as on screen
        log = main.log
        if log.verticalScrollBar().maximum() > 0:  # only a log longer than its window can cut a line
            assert _last_line_is_whole(log), (log.count(), log.item(log.count() - 1).text())
            checked += 1
    assert checked >= 20


def test_every_new_log_line_of_solonauts_is_shown_whole(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs, "it")
    main.resize(1000, 620)
    main.new_game(main.remembered_options(), 5)
    session = main.table.session
    assert session is not None
    rnd = random.Random(5)
    checked = 0
    for _ in range(120):
        moves = session.match.legal_moves(0)
        if not moves:
            break
        session.play(rnd.choice(moves))
        QApplication.processEvents()
        if main.log.verticalScrollBar().maximum() > 0:
            assert _last_line_is_whole(main.log)
            checked += 1
    assert checked >= 10


def test_a_log_scrolled_up_to_read_stays_where_it_was_put(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs)
    main.resize(1000, 620)
    table = main.new_hotseat("banquet", "standard", ["Anna", "Bruno", "Carla", "Dario"], {}, 7)
    for n in range(60):
        main.log.addItem(f"line {n}")
    main.log.scrollToBottom()
    QApplication.processEvents()
    bar = main.log.verticalScrollBar()
    bar.setValue(0)  # someone reads the beginning
    main.log.addItem("one more line")
    QApplication.processEvents()
    assert bar.value() == 0
    assert table is main.table


def test_a_tables_own_log_shown_after_many_moves_shows_its_newest_line(qtbot: Any, home: Path) -> None:
    """A table's log is not laid out at every line while nobody sees it (issue #42); once shown, it follows its
    newest line all the same (a network game's replay shows the table's own log beside it)."""
    from desktop.frame.i18n import Translator
    from desktop.shell.tables import table_class

    table_type = table_class("banquet")
    assert table_type is not None
    played = table_type.GAME_CLASS.start("banquet", "standard", ["Anna", "Bruno", "Carla", "Dario"], {}, 7)
    table = table_type(Translator("en").for_game("banquet"), played)
    qtbot.addWidget(table)
    rnd = random.Random(7)
    for _ in range(40):
        if played.engine.is_over(played.state):
            break
        seat = rnd.choice(sorted(played.engine.to_act(played.state)))
        played.match.play(rnd.choice(played.match.legal_moves(seat)))
        table.refresh()
    log = table.log
    assert log.count() > 20
    log.setWordWrap(True)  # as beside a network game's replay (desktop/net/seat_replay.py)
    log.resize(300, 200)
    log.show()
    qtbot.addWidget(log)
    QApplication.processEvents()
    assert log.verticalScrollBar().maximum() > 0 and _last_line_is_whole(log)
