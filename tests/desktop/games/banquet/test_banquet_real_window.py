"""Bacchus' Banquet in the window a real 1280×720 screen leaves: a window manager's title bar and borders make
it 1264×672, and the table's scale 0.60 instead of the 0.66 of a bare 1280×720 window. There the person
looking reads their own guest whole: its team, its name and its progress (BB-3.4, BB-17.1). Before, Spanish
Caligula lost "El emperador" and had "Caídos 0/3" under the "more" mark; Dutch guests lost their progress."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, _send, make_window, view_point

from desktop.frame.card_item import broken_words, left_out, on_screen, shown_texts
from desktop.games.banquet.table import BanquetTable
from desktop.shell.main_window import MainWindow

REAL_WINDOW = (1264, 672)  # 1280×720 less openbox's borders and title bar, as the window is measured there
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena"]


def lift(bt: BanquetTable) -> None:
    """A click on the curtain, as the person now alone at the screen does."""
    at = view_point(bt, QPointF(bt.scene.width() / 2, bt.scene.height() / 2))  # type: ignore[arg-type]
    port = bt.view.viewport()
    _send(port, QEvent.Type.MouseButtonPress, at, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
    _send(port, QEvent.Type.MouseButtonRelease, at, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)


def own_guest_left_out(main: MainWindow, seats: int, seed: int) -> list[str]:
    """What the host's own guest card leaves out in a real window, with the host alone at the screen."""
    bt = main.new_hotseat("banquet", "standard", NAMES[:seats], {}, seed)
    assert isinstance(bt, BanquetTable)
    main.resize(*REAL_WINDOW)
    for _ in range(3):
        QApplication.processEvents()
    if bt.scene.curtain_up:
        lift(bt)
        QApplication.processEvents()
    viewer = bt.scene.drawing.viewer if bt.scene.drawing is not None else None
    assert viewer is not None and not bt.scene.curtain_up
    item = bt.scene.items_by_key[f"guest:{viewer}"]
    assert not item.face.face_down
    scale = on_screen(item.deviceTransform(bt.view.viewportTransform()))
    assert scale < 0.62  # the real window's scale, not a bare 1280×720's
    return [f"{item.face.title}: {field}" for field in left_out(item.face, scale)]


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_looking_players_guest_reads_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                        lang: str) -> None:
    main = make_window(qtbot, dialogs, lang)
    lost: list[str] = []
    for seats in (3, 5):
        for seed in range(8):
            lost += own_guest_left_out(main, seats, seed)
    assert lost == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_every_privilege_reads_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                               lang: str) -> None:
    """A player's own privileges are theirs to play (BB-12): every one reads whole on its plate, not only the ones
    a few deals hand out. Before, "Reclamar: Guar…", "Rivendica: Scar…" and "Intercambio: G…" were cut to one
    line at the real window's scale."""
    main = make_window(qtbot, dialogs, lang)
    bt = main.new_hotseat("banquet", "standard", NAMES[:5], {}, 1)
    assert isinstance(bt, BanquetTable)
    main.resize(*REAL_WINDOW)
    for _ in range(3):
        QApplication.processEvents()
    item = bt.scene.items_by_key["guest:0"]
    scale = on_screen(item.deviceTransform(bt.view.viewportTransform()))
    assert scale < 0.62
    faces = bt.scene.faces
    cut = [faces.privilege(card).title for card in faces.privileges if left_out(faces.privilege(card), scale)]
    assert len(faces.privileges) >= 8 and cut == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_gift_held_in_a_display_breaks_no_word_in_a_real_1280x720_window(qtbot: Any, home: Path,
                                                                            dialogs: Dialogs, lang: str) -> None:
    """The gift travels face down from display to display (BB-6): its back says what it is in one word. Spanish
    read "Rega-lo", broken on a card 70 units wide."""
    main = make_window(qtbot, dialogs, lang)
    bt = main.new_hotseat("banquet", "standard", NAMES[:4], {}, 2)
    assert isinstance(bt, BanquetTable)
    main.resize(*REAL_WINDOW)
    match = bt.game.match
    while bt.game.state.holder is None:  # the host picks, arranges and offers: the gift reaches a display
        match.play(next(m for seat in range(4) for m in match.legal_moves(seat)))
    bt.refresh()
    for _ in range(3):
        QApplication.processEvents()
    item = bt.scene.items_by_key["in:gift"]
    assert item.face.face_down
    scale = on_screen(item.deviceTransform(bt.view.viewportTransform()))
    assert scale < 0.62
    assert [word for shown in shown_texts(item.face, scale) for word in broken_words(shown)] == []
