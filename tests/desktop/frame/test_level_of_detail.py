"""A card drawn small shows only what can be read at that size (issue #11, item 4).

Seen at `scale` screen pixels per unit, a face draws no text below READABLE (9) px: its name and
number keep that size and are cut short ("…") when room lacks; its body, kind label, corner and
"[R]" mark are left out (the mark becomes a dot). Without a scale (the detail panel, the hover
zoom, the workbench, print) every text is drawn, as before.
"""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFontMetricsF, QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsScene

from desktop.frame import card_item
from desktop.frame.card_item import READABLE, CardFace, CardItem, on_screen, shown_texts, stamp_font
from desktop.frame.panels import TableView

LONG_TITLE = "Videotape of the Creation of the Universe in its Director's Cut"
FACE = CardFace(128, 92, "#1f5fa8", "#e9f0fa", kind_label="Ripplepoint", year="1945", title="A-Bombs Dropped on Japan",
                body="Paradox if neither 1936 nor 1941 is altered, or if 1943 is.", corner="C1", reconstructed=True)


def roles(face: CardFace, scale: float | None) -> list[str]:
    return [text.role for text in shown_texts(face, scale)]


def test_without_a_scale_every_text_is_drawn(qapp: Any) -> None:
    assert roles(FACE, None) == ["kind_label", "year", "title", "body", "corner", "mark"]


@pytest.mark.parametrize("scale", [0.45, 0.55, 0.6, 0.75, 0.9])
def test_seen_small_no_text_is_below_nine_pixels_and_the_name_and_number_stay(qapp: Any, scale: float) -> None:
    shown = shown_texts(FACE, scale)
    assert {"title", "year"} <= {text.role for text in shown}
    for text in shown:
        assert text.font.pixelSize() * scale >= READABLE, text.role


def test_seen_small_the_body_and_the_mark_are_left_out_and_the_title_takes_the_room(qapp: Any) -> None:
    small = {text.role: text for text in shown_texts(FACE, 0.55)}
    assert "body" not in small and "mark" not in small and "corner" not in small
    full = {text.role: text for text in shown_texts(FACE, None)}
    assert small["title"].rect.height() > full["title"].rect.height()


def test_a_long_name_is_cut_short_rather_than_shrunk(qapp: Any) -> None:
    plate = CardFace(84, 26, "#7a5c1e", "#7a5c1e", title=LONG_TITLE, plate=True)
    (title,) = shown_texts(plate, 0.6)
    assert title.font.pixelSize() * 0.6 >= READABLE
    assert title.text.endswith("…") and title.text.replace("…", "").strip() in LONG_TITLE
    metrics = QFontMetricsF(title.font)
    assert all(metrics.horizontalAdvance(line) <= title.rect.width() + 0.5 for line in title.text.split("\n"))


def test_a_stamp_stays_readable(qapp: Any) -> None:
    stamped = CardFace(128, 92, "#7a1616", "#f6d9d6", title="Crisis", stamp="PARADOSSO")
    assert stamp_font(stamped, 0.4).pixelSize() * 0.4 >= READABLE


def test_the_table_paints_at_the_view_scale(qapp: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """CardItem.paint hands paint_face the card's scale on screen; the detail view's pixmap hands none."""
    seen: list[float | None] = []
    original = card_item.paint_face

    def spy(painter: QPainter, face: CardFace, highlight: bool = False, selected: bool = False, dim: bool = False,
            scale: float | None = None) -> None:
        seen.append(scale)
        original(painter, face, highlight, selected, dim, scale)

    monkeypatch.setattr(card_item, "paint_face", spy)
    scene = QGraphicsScene(0, 0, 400, 300)
    scene.addItem(CardItem("c", FACE))
    view = TableView(scene)
    view.resize(200, 150)
    view.show()
    view.setTransform(QTransform.fromScale(0.5, 0.5))
    image = QImage(200, 150, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    assert seen and seen[-1] == pytest.approx(0.5, rel=0.05)  # render() fits the viewport to the image
    card_item.face_pixmap(FACE, 2.0)
    assert seen[-1] is None
    view.close()
    QApplication.processEvents()


def test_on_screen_measures_height_through_rotation(qapp: Any) -> None:
    assert on_screen(QTransform().scale(0.5, 0.5).rotate(90)) == pytest.approx(0.5)
