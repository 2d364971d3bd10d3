"""The offer of a guided game goes with its table when nobody answered it (issue #36: after the Solonauts guide,
every language switch raised "QLabel already deleted", for the offer still spoke to the bubble of the table that
had gone)."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication

from desktop.shell import guided, main_window
from desktop.shell.main_window import MainWindow


def test_a_language_switch_after_the_guide_of_an_unanswered_offer(qtbot: Any, window: MainWindow,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(main_window, "LEAVING_MS", 0)  # the table that leaves is deleted at once
    assert window.guided_offer.bubble is not None  # type: ignore[attr-defined]  # Solonauts' first start
    guide = guided.start(window)  # Help → Guided first game, the offer left unanswered
    assert guide is not None
    guide.leave()
    QApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.guided_offer.bubble is None  # type: ignore[attr-defined]
    for language in ("nl", "it", "en"):  # an exception in a slot fails the test (pytest-qt)
        window.set_language(language)
        QApplication.processEvents()
    assert window.menu_game.title() == window.tr_.text("menu.game")
