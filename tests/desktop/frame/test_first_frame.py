"""Work that waits for a window's first frame (desktop/frame/first_frame.py, issue #42): not in the event loop's
first turn, which on a real screen comes before the window is drawn, but once it has been; once only; never for a
window that is never drawn."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication, QWidget

from desktop.frame.first_frame import after_first_frame


def test_the_work_waits_for_the_first_paint_and_runs_once(qtbot: Any) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    ran: list[int] = []
    after_first_frame(window, lambda: ran.append(len(ran)))
    for _ in range(3):  # turns of the event loop with the window not drawn yet: a zero timer would have run
        QApplication.processEvents()
    assert ran == []
    window.resize(300, 200)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: ran == [0])
    window.update()
    window.repaint()
    for _ in range(3):
        QApplication.processEvents()
    assert ran == [0]


def test_a_window_gone_before_it_was_drawn_runs_nothing(qtbot: Any) -> None:
    window = QWidget()
    ran: list[int] = []
    after_first_frame(window, lambda: ran.append(1))
    window.deleteLater()
    qtbot.wait(20)
    assert ran == []
