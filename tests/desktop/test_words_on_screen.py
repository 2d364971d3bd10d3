"""Slips in the words on screen (issue #16, item 5): headers, names, menus that say the same thing twice."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cardsets.text import LANGUAGES
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.solonauts_stats import Statistics
from desktop.games.chrononauts.solonauts_stats_dialog import StatisticsDialog


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_statistics_columns_share_a_header(qtbot: Any, tmp_path: Path, lang: str) -> None:
    """It read "Won | Won": the games won and the share of games won."""
    dialog = StatisticsDialog(Statistics(tmp_path / "stats.json"), Translator(lang), range(6, 11), lambda: False)
    qtbot.addWidget(dialog)
    table = dialog.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert len(set(headers)) == len(headers), headers
    rows = [table.verticalHeaderItem(r).text() for r in range(table.rowCount())]
    assert len(set(rows)) == len(rows), rows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_rows_of_the_new_game_dialog_share_a_label(qtbot: Any, lang: str) -> None:
    """Dutch said "Spel" for both the game and the kind of deal."""
    from PySide6.QtWidgets import QFormLayout, QLabel

    from desktop.shell.new_game_dialog import NewGameDialog

    dialog = NewGameDialog(Translator(lang), None)
    qtbot.addWidget(dialog)
    form = dialog.layout()
    assert isinstance(form, QFormLayout)
    labels = []
    for row in range(form.rowCount()):
        item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
        if item is not None and isinstance(item.widget(), QLabel):
            labels.append(item.widget().text())
    assert len(labels) >= 4 and len(set(labels)) == len(labels), labels


PLAYER_WORD = {"en": r"[Pp]layer", "it": r"[Gg]iocatore", "es": r"[Jj]ugador", "nl": r"[Ss]peler"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_players_name_is_never_preceded_by_the_word_player(lang: str) -> None:
    """Spanish read "El jugador Anna da…": a name needs no "the player" before it (and in es and it that
    word has a gender). Only a seat that does not exist is still called a player with its number."""
    import re

    import cardsets

    catalogs = [cardsets.load_ui_texts(), *(cardsets.load_texts(g) for g in
                                            ("chrononauts", "banquet", "bacchanalia", "parsifal"))]
    before_a_name = re.compile(PLAYER_WORD[lang] + r" \{(player|to|asker|name|actor|recipient)\}")
    slips = [key for catalog in catalogs for key, text in catalog.strings[lang].items()
             if before_a_name.search(text) and not key.endswith("no_such_player")]
    assert slips == []


@pytest.mark.parametrize("game", ["bacchanalia", "parsifal", "chrononauts"])
def test_the_set_up_options_name_the_seats_as_typed(qtbot: Any, game: str) -> None:
    """The Bacchanalia set-up listed "Seat 1…6" under who starts, not the names just typed."""
    from PySide6.QtWidgets import QComboBox

    from desktop.frame.seat_table import SeatSetupDialog
    from desktop.shell.tables import table_class

    table = table_class(game)
    assert table is not None
    tr = Translator("en").for_game(game) if game != "chrononauts" else Translator("en")
    dialog = SeatSetupDialog(tr, None, [], table)
    qtbot.addWidget(dialog)
    for edit, name in zip(dialog.name_edits, ["Anna", "", "Carla", "Dario"]):
        edit.setText(name)  # a blank row sits nobody: Carla takes the second seat
    seat_lists = [c for c in dialog.findChildren(QComboBox) if c.itemText(c.count() - 1) == "Seat 6"]
    assert seat_lists  # who starts (Bacchanalia: also who sets up)
    for combo in seat_lists:
        texts = {combo.itemData(i): combo.itemText(i) for i in range(combo.count())}
        assert (texts[0], texts[1], texts[2]) == ("Anna", "Carla", "Dario")
        assert texts[3] == "Seat 4"


def test_no_italian_passive_agrees_with_a_card_name_it_cannot_know() -> None:
    """It read "È appena stata giocata Rotolo": with essere the participle agrees with the card's name,
    whose gender the sentence cannot know; "la carta {card}" gives it one."""
    import re

    import cardsets

    passive = re.compile(r"\bstat[aoie] (\w+ )?\w+[aoie] \{(card|artifact|guest|target)\}")
    catalogs = [cardsets.load_ui_texts(), *(cardsets.load_texts(g) for g in
                                            ("chrononauts", "banquet", "bacchanalia", "parsifal"))]
    assert [k for c in catalogs for k, v in c.strings["it"].items() if passive.search(v)] == []
    assert passive.search("È appena stata giocata {card}.")  # the slip it was written for
