"""Every word of a set-up dialog fits its widget, in every language (issue #16, item 5: placeholders and
"Met de klok mee" were clipped). Measured after layout, as the dialog opens."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import (QApplication, QCheckBox, QComboBox, QDialog, QLabel, QLineEdit, QRadioButton,
                               QStyle, QStyleOptionComboBox, QStyleOptionFrame)

from cardsets.text import LANGUAGES
from desktop.frame.i18n import Translator
from desktop.frame.screen_fit import title_width
from desktop.frame.seat_table import SeatSetupDialog
from desktop.shell.new_game_dialog import NewGameDialog
from desktop.shell.tables import seat_games, table_class


def clipped(dialog: QDialog) -> list[str]:
    """The texts of `dialog` that do not fit the room their widget gives them, its title in the window
    manager's bar too."""
    found: list[str] = [dialog.windowTitle()] if dialog.width() < title_width(dialog) else []
    for label in dialog.findChildren(QLabel):
        text = label.text()
        if not text or not label.isVisible():
            continue
        if label.wordWrap():
            need = label.heightForWidth(label.contentsRect().width())
            if need > label.contentsRect().height():
                found.append(text)
        elif label.fontMetrics().horizontalAdvance(text) > label.contentsRect().width():
            found.append(text)
    for button in (*dialog.findChildren(QCheckBox), *dialog.findChildren(QRadioButton)):
        if button.isVisible() and button.sizeHint().width() > button.width():
            found.append(button.text())
    for edit in dialog.findChildren(QLineEdit):
        if not edit.isVisible() or isinstance(edit.parent(), QComboBox):
            continue
        option = QStyleOptionFrame()
        edit.initStyleOption(option)
        room = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
        margins = edit.textMargins()
        room_width = room.width() - margins.left() - margins.right() - 4  # Qt's own horizontal margin, 2 a side
        if edit.fontMetrics().horizontalAdvance(edit.placeholderText()) > room_width:
            found.append(edit.placeholderText())
    for combo in dialog.findChildren(QComboBox):
        if not combo.isVisible():
            continue
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        room = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                            QStyle.SubControl.SC_ComboBoxEditField, combo)
        for i in range(combo.count()):
            if combo.fontMetrics().horizontalAdvance(combo.itemText(i)) > room.width():
                found.append(combo.itemText(i))
    return found


def opened(qtbot: Any, dialog: QDialog) -> QDialog:
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    QApplication.processEvents()
    return dialog


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_game_dialog_fits_its_words(qtbot: Any, lang: str) -> None:
    dialog = opened(qtbot, NewGameDialog(Translator(lang), None))
    for index in range(dialog.game.count()):  # each game's modes fill the mode list
        dialog.game.setCurrentIndex(index)
        QApplication.processEvents()
        assert clipped(dialog) == [], dialog.chosen_game()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", seat_games())
def test_each_games_seat_set_up_fits_its_words(qtbot: Any, lang: str, game: str) -> None:
    table = table_class(game)
    assert table is not None
    tr = Translator(lang) if game == "chrononauts" else Translator(lang).for_game(game)
    dialog = opened(qtbot, SeatSetupDialog(tr, None, [], table))
    assert clipped(dialog) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_reads_whole_and_is_said(qtbot: Any, lang: str) -> None:
    """The red line under a set-up dialog's fields grows the dialog to the lines its reason wraps to, and a screen
    reader is told it: a deal number refused in Dutch was cut at its top and foot (laid out one line high), and the
    seats' dialog said its refusals to the eye alone."""
    from desktop.frame import accessibility

    heard: list[str] = []
    accessibility.listeners.append(lambda kind, _source, text: heard.append(text) if kind == "announce" else None)
    try:
        new = opened(qtbot, NewGameDialog(Translator(lang), None))
        new.deal.setText("12abc" + "9" * 40)
        new.accept()
        QApplication.processEvents()
        assert new.error.text() and new.error.text() in heard
        assert clipped(new) == [], lang
        new.mode.setCurrentIndex(new.mode.findData("chrononauts"))  # a game for several: no deal number
        assert new.error.text() == ""  # the refusal spoke of a row no longer on show
        new.accept()  # nor is the number hidden with it refused again: the seats' dialog comes next
        assert new.result() == QDialog.DialogCode.Accepted and new.seed is None and new.error.text() == ""
        table = table_class("chrononauts")
        assert table is not None
        seats = opened(qtbot, SeatSetupDialog(Translator(lang), None, [], table))
        for combo in seats.kind_combos:  # every seat a computer: the rules want a person among them
            combo.setCurrentIndex(1)
        seats.accept()
        QApplication.processEvents()
        assert seats.result() == 0 and seats.error.text() and seats.error.text() in heard
        assert clipped(seats) == [], lang
    finally:
        accessibility.listeners.pop()
