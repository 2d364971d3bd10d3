"""A patch lying on its year reads whole at the window a real 1280×720 screen gives (1264×672 inside a window
manager's frame), and the year under it keeps its own name whole: a one-line plate cut a third of the Italian patch
names there ("Fabbrica di zeppelin aperta a Seul" → "Fabbrica di zeppe…")."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import CardItem, left_out, on_screen
from desktop.shell.main_window import MainWindow
from rules.chrononauts.moves import PlayCard
from rules.chrononauts.timeline import Timeline

REAL_SCREEN = (1264, 672)


def patch_all_you_can(window: MainWindow, moves: int) -> None:
    """Play `moves` moves, a patch onto the timeline whenever one may go there."""
    session = window.table.session
    assert session is not None
    for _ in range(moves):
        legal = session.match.legal_moves(0)
        if not legal:
            return
        patches = [m for m in legal if isinstance(m, PlayCard) and m.target and m.card.startswith("pat")]
        assert session.play(patches[0] if patches else legal[0])
    QApplication.processEvents()


@pytest.mark.parametrize("language", ["it", "nl"])
def test_every_patch_name_reads_whole_on_its_year(qtbot: Any, window: MainWindow, language: str) -> None:
    window.language_actions[language].trigger()
    window.resize(*REAL_SCREEN)
    QApplication.processEvents()
    scene, view = window.table.scene, window.table.view
    seen = on_screen(view.viewportTransform())
    assert seen < 0.8  # the table is seen small enough that a one-line plate's name is drawn larger than it was made
    faces, lay = window.table.faces, scene.table_layout
    cut = []
    for kind, patch in faces.rules.patches.items():  # every patch on its year, as the table would lay it there
        patched = Timeline(paradoxed={patch.year}, patches={patch.year: kind})
        year = scene.year_face(patch.year, patched, (lay.column, lay.rows[faces.cards.by_year[patch.year].row]))
        cut += [face.title for face in (year, faces.patch_on_year(kind, year)) if "title" in left_out(face, seen)]
    assert cut == []

    patch_all_you_can(window, 60)
    placed = [item for item in scene.items() if isinstance(item, CardItem) and item.face.plate]
    assert placed, "no patch was played: pick another deal"
    for plate in placed:
        shown = on_screen(plate.deviceTransform(view.viewportTransform()))
        assert "title" not in left_out(plate.face, shown), plate.face.title
        year = next(item for item in scene.items_by_key.values()
                    if item.sceneBoundingRect().contains(plate.sceneBoundingRect().center()) and item is not plate)
        assert "title" not in left_out(year.face, shown), year.face.title  # the paradox's own name, above the patch
        assert year.sceneBoundingRect().contains(plate.sceneBoundingRect())  # the plate lies on its year
