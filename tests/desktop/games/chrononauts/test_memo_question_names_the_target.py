"""The Memo question after a card played on something (CHR-10) says what it was played on, as a player says it
aloud at a real table (CHR-8.1): whether to cancel Reverse Fate hangs on the linchpin it turns, and the table said
only "Reverse Fate has just been played" until the card had done its work."""
from __future__ import annotations

import pytest
from chrononauts_driver import keep_all, lift, start
from PySide6.QtWidgets import QApplication

from cardsets.text import LANGUAGES
from desktop.shell.main_window import MainWindow


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_memo_question_and_the_zone_name_the_year_played_on(window: MainWindow, language: str) -> None:
    window.set_language(language)
    for seed in range(1, 40):  # a deal whose first player holds a card played on the timeline
        hs = start(window, seed, ["Anna", "Bram", "Cees"])
        keep_all(hs)
        if hs.scene.curtain_up:
            lift(hs)
        played = [(card, key) for card, targets in hs.scene.dests.items() for key in targets if key.startswith("tl:")]
        if played:
            break
    card, key = played[0]
    hs.scene.select(card)
    assert hs.scene.activate(key)
    QApplication.processEvents()
    assert hs.game.state.window is not None, "the others may answer with a Memo"
    year = key.removeprefix("tl:")
    assert year in hs.prompt.text()
    assert year in hs.scene.seating.window
