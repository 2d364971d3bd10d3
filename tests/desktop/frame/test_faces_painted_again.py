"""A face the table paints again at the same size is copied from the pixels it had, not laid out again
(CardItem.paint, issue #42): the same pixels, for less work at each redraw; the focus ring, likewise, is copied
back over a card that changed rather than drawn again."""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsScene

from desktop.frame import card_item
from desktop.frame.card_item import CardFace, CardItem
from desktop.frame.panels import TableView

FACE = CardFace(132, 116, "#2e7d5b", "#e3f3ea", kind_label="Patch", year="1963",
                title="Kennedy's Second Term Paves the Way",
                body="Play on a paradox of 1963 or later: it is patched. A word of rule text wider than most: "
                     "buitensporigheid.", corner="P3", reconstructed=True)


def faces_painted(monkeypatch: pytest.MonkeyPatch) -> list[CardFace]:
    """Every face painted from now on, none kept from before."""
    card_item.forget_rendered()
    painted: list[CardFace] = []
    real = card_item.paint_face

    def counting(painter: QPainter, face: CardFace, *args: Any) -> None:
        painted.append(face)
        real(painter, face, *args)

    monkeypatch.setattr(card_item, "paint_face", counting)
    return painted


def shown(view: TableView) -> QImage:
    return view.viewport().grab().toImage()


@pytest.mark.parametrize("at", [QPointF(20, 30), QPointF(20.37, 30.61)])
def test_a_face_painted_again_is_copied_pixel_for_pixel(qapp: Any, monkeypatch: pytest.MonkeyPatch,
                                                        at: QPointF) -> None:
    painted = faces_painted(monkeypatch)
    scene = QGraphicsScene(0, 0, 400, 300)
    item = CardItem("c", FACE)
    item.setPos(at)
    scene.addItem(item)
    view = TableView(scene)
    view.resize(300, 240)
    view.show()
    view.setTransform(QTransform.fromScale(0.6, 0.6))
    QApplication.processEvents()
    first = shown(view)
    for _ in range(4):  # each update paints the card's cache again
        item.update()
        QApplication.processEvents()
    assert len(painted) == 1  # once, into the pixels kept; copied from then on
    assert shown(view) == first
    paint_face = card_item.paint_face
    monkeypatch.setattr(CardItem, "paint", lambda self, painter, option, widget=None: paint_face(
        painter, self.face, False, False, False, card_item.on_screen(painter.worldTransform())))
    item.update()
    QApplication.processEvents()
    assert shown(view) == first  # as a face painted anew each time
    view.close()
    QApplication.processEvents()


def test_the_focus_ring_is_not_painted_again_when_the_card_under_it_changes(qapp: Any,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The ring (a dark band and a dashed line, smoothed) lies over its card: when the card's face changes, the
    ring is copied back over it as it was, not drawn again (issue #42); it is drawn again when it moves."""
    from dataclasses import replace

    from desktop.frame.card_item import FocusRing

    rings: list[int] = []
    real = FocusRing.paint
    monkeypatch.setattr(FocusRing, "paint", lambda self, *args: rings.append(1) or real(self, *args))
    scene = QGraphicsScene(0, 0, 400, 300)
    item = CardItem("c", FACE)
    item.setPos(40, 40)
    scene.addItem(item)
    ring = FocusRing()
    scene.addItem(ring)
    ring.surround(item.sceneBoundingRect())
    view = TableView(scene)
    view.resize(300, 240)
    view.show()
    QApplication.processEvents()
    assert rings
    rings.clear()
    for n in range(3):
        item.set_face(replace(FACE, title=f"Another name {n}"))
        QApplication.processEvents()
    assert rings == []
    ring.surround(item.sceneBoundingRect().adjusted(0, 0, 20, 0))
    QApplication.processEvents()
    assert rings
    view.close()
    QApplication.processEvents()


def test_a_face_moved_by_a_fraction_of_a_pixel_is_copied_not_painted(qapp: Any,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A face lies on whole pixels: the same card a fraction of a pixel further on (a hand closing up, the view a
    little smaller) is copied, not painted again; a third of a six-seat table's faces were painted twice only for
    that (issue #42)."""
    painted = faces_painted(monkeypatch)
    scene = QGraphicsScene(0, 0, 400, 300)
    view = TableView(scene)
    view.resize(300, 240)
    view.show()
    view.setTransform(QTransform.fromScale(0.6, 0.6))
    for n, x in enumerate((20.0, 20.37, 21.1, 23.45, 30.9)):  # a new card each time: nothing of Qt's own cache
        item = CardItem(f"c{n}", FACE)
        item.setPos(QPointF(x, 30.61 + x / 7))
        scene.addItem(item)
        QApplication.processEvents()
        scene.removeItem(item)
    assert len(painted) == 1  # once, into the pixels kept: copied wherever it lies from then on
    view.close()
    QApplication.processEvents()
