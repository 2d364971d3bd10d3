"""Bacchus' Banquet in the window a real 1280×720 screen leaves: a window manager's title bar and borders make
it 1264×672, and the table's scale 0.60 instead of the 0.66 of a bare 1280×720 window. There the person
looking reads their own guest whole: its team, its name and its progress (BB-3.4, BB-17.1). Before, Spanish
Caligula lost "El emperador" and had "Caídos 0/3" under the "more" mark; Dutch guests lost their progress."""
from __future__ import annotations

import copy
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QPointF, QRectF, QSizeF, Qt
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, _send, make_window, view_point

from desktop.frame.card_item import broken_words, left_out, on_screen, shown_texts
from desktop.games.banquet.faces import title
from desktop.games.banquet.table import BanquetTable
from desktop.shell.main_window import MainWindow
from rules.banquet.state import BanquetState
from rules.kernel import HIDDEN

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


def five_at_the_real_window(qtbot: Any, dialogs: Dialogs, lang: str) -> BanquetTable:
    """A Banquet for five, dealt with seed 1, in the window a real 1280×720 screen gives."""
    main = make_window(qtbot, dialogs, lang)
    bt = main.new_hotseat("banquet", "standard", NAMES[:5], {}, 1)
    assert isinstance(bt, BanquetTable)
    main.resize(*REAL_WINDOW)
    for _ in range(3):
        QApplication.processEvents()
    return bt


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_every_privilege_reads_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                               lang: str) -> None:
    """A player's own privileges are theirs to play (BB-12): every one reads whole on its plate, not only the ones
    a few deals hand out. Before, "Reclamar: Guar…", "Rivendica: Scar…" and "Intercambio: G…" were cut to one
    line at the real window's scale."""
    bt = five_at_the_real_window(qtbot, dialogs, lang)
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


# Rows of eight that were cut short on the player's own display, as the table at 1264×672 drew them: "Wine Cup +2",
# "Aceitunas +1", "Cabezada −2", "Lauwerkrans" (Caligula's progress lines widen the guest beside them), and the wine
# and silver of Claudius's row; each with the gift held beside the row. Suffixes no deal gives: keys of their own.
CROWDED_ROWS = {
    "caligula": (["gift_wreath#91", "carp#92", "olives#95", "doze#91", "wine_cup#94", "wine_cup#95", "carp#91",
                  "dance#92"], ["special_gift"]),
    "claudius": (["wine_sip#91", "wine_cup#91", "wine_sip#93", "gift_mirror#92", "gift_mirror#91", "umbra#92",
                  "gift_wreath#93", "wine_jug#94"], []),
}


def crowd(bt: BanquetTable, guest: str) -> tuple[int, BanquetState]:
    """The looking player's display drawn with a crowded row, the guest `guest` and the gift held."""
    drawing = bt.scene.drawing
    assert drawing is not None and drawing.viewer is not None
    seat = drawing.viewer
    view = copy.deepcopy(drawing.view)
    view.rows[seat], view.privileges[seat] = (list(cards) for cards in CROWDED_ROWS[guest])
    view.guests[seat], view.holder, view.pending = guest, seat, None
    view.slots["gift"] = HIDDEN
    bt.scene.show_banquet(replace(drawing, view=view, progress={**drawing.progress, **bt._progress(view, seat)}),
                          bt.scene.dests)
    return seat, view


def resting(bt: BanquetTable, key: str) -> QRectF:
    item = bt.scene.items_by_key[key]
    return QRectF(item.resting_pos, QSizeF(item.face.width, item.face.height))


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
@pytest.mark.parametrize("seats", [3, 4, 5])
def test_a_crowded_row_of_the_looking_player_reads_whole_and_hides_nothing(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                          lang: str, seats: int) -> None:
    """The cards a player accepted are theirs to count (BB-10): in the real window, at 1280×720 and at 1920×1080,
    every name and value of a crowded row reads whole, while the display holds the gift beside it. The plates take
    the width their words need and the felt under the guest and the gift; none lies over another, the guest, a
    privilege, the gift or the belt, nor outside the display. Before, a row of eight in columns of equal plates cut
    "Wine Cup +2", "Aceitunas +1", "Cabezada −2" and "Lauwerkrans" at 1264×672."""
    main = make_window(qtbot, dialogs, lang)
    bt = main.new_hotseat("banquet", "standard", NAMES[:seats], {}, 1)
    assert isinstance(bt, BanquetTable)
    lift(bt)
    cut: list[str] = []
    for size in (REAL_WINDOW, (1280, 720), (1920, 1080)):
        main.resize(*size)
        for _ in range(3):
            QApplication.processEvents()
        for guest in CROWDED_ROWS:
            seat, view = crowd(bt, guest)
            row = [resting(bt, card) for card in view.rows[seat]]
            others = [resting(bt, key) for key in (f"guest:{seat}", *view.privileges[seat], "in:gift")]
            belt = bt.scene.belts[seat]
            others.append(belt.mapRectToScene(belt.boundingRect()))
            display = resting(bt, f"seat:{seat}")
            for i, (card, rect) in enumerate(zip(view.rows[seat], row)):
                item = bt.scene.items_by_key[card]
                scale = on_screen(item.deviceTransform(bt.view.viewportTransform()))
                cut += [f"{size} {item.face.title}" for field in left_out(item.face, scale) if field == "title"]
                assert display.contains(rect), (size, item.face.title)
                assert not any(rect.intersects(other) for other in [*row[:i], *others]), (size, item.face.title)
    assert cut == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_a_displays_note_stays_on_its_display(qtbot: Any, home: Path, dialogs: Dialogs, lang: str) -> None:
    """A display's note under the belt says its wine points and the guests it lost before (BB-13): with no privilege
    beside it, it starts at the display's left and ends on the display, where Dutch "Wijnpunten: 1 · Eerder
    uitgeschakeld: Claudius" ran past its edge onto the felt and the next display."""
    bt = five_at_the_real_window(qtbot, dialogs, lang)
    drawing = bt.scene.drawing
    assert drawing is not None
    view = copy.deepcopy(drawing.view)
    for seat in range(view.seats):
        view.privileges[seat] = []
        view.knockouts.append((seat, "claudius"))
    bt.scene.show_banquet(replace(drawing, view=view, seat_notes=bt._seat_notes(view)), bt.scene.dests)
    for seat in range(view.seats):
        note = bt.scene._seat_labels[seat]
        assert title(bt.tr_, "claudius") in note.text()
        assert resting(bt, f"seat:{seat}").contains(note.sceneBoundingRect()), note.text()
