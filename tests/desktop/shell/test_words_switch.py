"""Words on screen after a language switch (issue 16, item 5): Qt's own dialogs and buttons speak the
chosen language from the qtbase translations PySide6 ships, and nothing the old language said stays
in the status bar."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLibraryInfo
from PySide6.QtWidgets import QAbstractButton, QApplication, QFileDialog, QLabel, QWidget
from table_driver import Dialogs, make_window

from desktop.frame.i18n import use_qt_language

QT_CANCEL = {"en": "Cancel", "it": "Annulla", "es": "Cancelar", "nl": "Annuleren"}


def qt_says(text: str) -> str:
    return QCoreApplication.translate("QPlatformTheme", text)


@pytest.mark.parametrize("code", ["it", "es", "nl"])
def test_the_installed_qt_ships_its_own_words_in_our_languages(code: str) -> None:
    folder = Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))
    assert (folder / f"qtbase_{code}.qm").is_file()


def test_qt_speaks_the_chosen_language_from_the_start_and_after_a_switch(qtbot: Any, home: Path) -> None:
    window = make_window(qtbot, Dialogs(), "nl")
    assert qt_says("Cancel") == QT_CANCEL["nl"]
    for code in ("es", "it", "en", "nl"):
        window.set_language(code)
        assert qt_says("Cancel") == QT_CANCEL[code], code
    window.set_language("en")


def file_dialog_words(code: str) -> dict[tuple[str, str], str]:
    """The words of Qt's own Save as… dialog (the one drawn by Qt, as at a desktop with no dialogs of its own)
    opened in `code`: each label's and button's text, by the widget's name and role."""
    use_qt_language(code)
    dialog = QFileDialog(None, "Save as")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    words: dict[tuple[str, str], str] = {}
    for widget in dialog.findChildren(QWidget):
        if isinstance(widget, (QLabel, QAbstractButton)) and widget.text():
            words[(widget.objectName(), "text")] = widget.text()
        if widget.toolTip():
            words[(widget.objectName(), "tip")] = widget.toolTip()
    dialog.deleteLater()
    return words


@pytest.mark.parametrize("code", ["it", "es", "nl"])
def test_qts_own_file_dialog_speaks_the_language_whole(qapp: QApplication, code: str) -> None:
    """Qt 6.11's dialog asks for "&Look in:" and "Files of &type:", which Qt's Dutch, Italian and Spanish catalogs
    know only without the shortcut letter: Save as… in Dutch showed those two labels in English."""
    try:
        english = file_dialog_words("en")
        assert {"&Look in:", "Files of &type:"} <= set(english.values())
        said = file_dialog_words(code)
        assert sorted(text for key, text in english.items() if said.get(key) == text) == []
        assert QCoreApplication.translate("QFileDialog", "&Look in:") != "&Look in:"
    finally:
        use_qt_language("en")


def test_a_switch_leaves_no_message_in_the_old_language(qtbot: Any, home: Path) -> None:
    window = make_window(qtbot, Dialogs(), "es")
    window.show_message(window.tr_.text("status.drop_outside"))
    window.statusBar().showMessage(window.tr_.text("status.saved", file="partida.convivium.json"))
    table = window.new_hotseat("parsifal", "standard", ["Anna", "Bruno"], {}, 3)
    table.show_message(window.tr_.text("status.drop_outside"))
    spanish = window.tr_.text("status.drop_outside")
    window.set_language("it")
    shown = [window.message.text(), window.statusBar().currentMessage(), table.message.text(), window.prompt.text()]
    assert not any(spanish in text for text in shown), shown
    window.set_language("en")
