"""The turn prompt says what a player can still do when nothing but the discard pile is lit, and a player
who said "I answer" without a Memo is told so behind their curtain (issue #11, item 3; CHR-7.2b, CHR-10.11)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from desktop.games.chrononauts.full_table import ChrononautsTable
from rules.chrononauts.moves import KillTime, PlayMemo

NAMES = ["Marta", "Luca", "Ana"]


def games(qtbot: Any, seeds: range) -> Any:
    main = make_window(qtbot, Dialogs())
    for seed in seeds:
        table = main.new_hotseat("chrononauts", "chrononauts", NAMES, {"first_player": 0}, seed)
        assert isinstance(table, ChrononautsTable)
        rng = random.Random(seed)
        match = table.game.match
        for _ in range(400):
            if table.game.engine.is_over(match.state):
                break
            yield table
            seat = rng.choice(sorted(table.game.engine.to_act(match.state)))
            match.play(rng.choice(match.legal_moves(seat)))


def test_with_only_the_discard_pile_lit_the_prompt_says_to_kill_time(qtbot: Any, home: Path) -> None:
    """CHR-7.2b: Killing Time is always there; the prompt says so when no card can be played."""
    found = ordinary = 0
    for table in games(qtbot, range(1, 6)):
        state = table.game.state
        seat = table.decider()
        if seat is None or state.setup or table.game.engine.window(state) is not None or state.stack:
            continue
        legal = table.game.match.legal_moves(seat)
        only_kill = bool(legal) and all(isinstance(m, KillTime) for m in legal)
        if not only_kill:
            ordinary += 1
            if ordinary > 5:  # a few ordinary turns show the usual prompt; drawing each costs time
                continue
        table.looking = seat
        table.refresh()
        QApplication.processEvents()
        said = table.prompt.text()
        name = table.game.names[seat]
        assert (said == table.tr_.text("hs.only_kill_time", player=name)) == only_kill, said
        found += only_kill
        if found >= 3:
            break
    assert found >= 1, "no position where only Killing Time was legal"


def test_answering_without_a_memo_says_so(qtbot: Any, home: Path) -> None:
    """CHR-10.11: whoever says they answer and holds no Memo is told to go back or pass."""
    seen = {True: 0, False: 0}
    for table in games(qtbot, range(1, 6)):
        window = table.game.engine.window(table.game.state)
        if window is None or not window.asked:
            continue
        seat = window.asked[0]
        has_memo = any(isinstance(m, PlayMemo) for m in table.game.match.legal_moves(seat))
        table.answering = seat
        table.looking = seat
        table.refresh()
        QApplication.processEvents()
        key = "hs.memo_private" if has_memo else "hs.memo_none"
        assert table.prompt.text() == table.tr_.text(key, player=table.game.names[seat])
        table.answering = None
        seen[has_memo] += 1
        if min(seen.values()) >= 1:
            break
    assert min(seen.values()) >= 1, seen
