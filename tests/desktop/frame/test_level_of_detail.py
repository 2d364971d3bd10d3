"""A card drawn small shows only what can be read at that size (issue #11, item 4), and says what it is
(issue #36, item 2).

Seen at `scale` screen pixels per unit, a face draws no text below READABLE (9) px. Its name is never cut
while the face can hold it: it wraps (a word wider than the card breaks with a hyphen) and takes the rule
text's room first; the rule text then shows the lines that fit, the last ending in "…"; the kind label
stays beside a number drawn smaller. A field left out whole (a corner, a kind label that cannot sit in the
band) is marked by three dots in the lower right corner; the "[R]" mark becomes a dot. Without a scale
(the detail panel, the hover zoom, the workbench, print) every text is drawn, as before.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetricsF, QImage, QPainter, QTransform
from PySide6.QtWidgets import QApplication, QGraphicsScene

from desktop.frame import card_item
from desktop.frame.card_item import (READABLE, CardFace, CardItem, left_out, more_marked, on_screen, paint_face,
                                     shown_texts, stamp_font)
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


def whole(text: str) -> str:
    """A shown text as words: its soft hyphens and line breaks gone."""
    return " ".join(text.replace("\u00ad", "").split())


def test_a_long_name_wraps_whole_where_the_face_can_hold_it(qapp: Any) -> None:
    """A timeline card at the scale of a 1280×720 window: its three-line name reads whole, the rule text
    keeps what is left ("Archduke Ferdinand Assa…" was cut before)."""
    face = CardFace(128, 92, "#5b3d8f", "#f2edfa", kind_label="True history", year="1914",
                    title="Archduke Ferdinand Assassinated", body="Ripples: 1918", corner="C2")
    shown = {text.role: text for text in shown_texts(face, 0.76)}
    assert whole(shown["title"].text) == face.title
    assert "title" not in left_out(face, 0.76)
    word = CardFace(128, 92, "#5b3d8f", "#f2edfa", year="1943", title="Manhattanproject", body="Rimpelingen: 1945")
    (title,) = [text for text in shown_texts(word, 0.76) if text.role == "title"]
    assert whole(title.text) == "Manhattanproject" and "…" not in title.text  # broken with a hyphen, not cut


def test_the_rule_text_shows_the_lines_that_fit_and_ends_in_an_ellipsis(qapp: Any) -> None:
    """A Spanish hand card in a 1280×720 window: its rule text was left out on a half-empty card; now the
    lines that fit show, ending in "…", and the name stays whole."""
    body = ("Elige una carta de la pila de descartes y juégala en el acto. La carta que juegues no puede ser una "
            "distorsión temporal, y si no hay ninguna que puedas jugar, esta carta no hace nada.")
    face = CardFace(128, 116, "#0f6b73", "#e2f4f5", kind_label="Distorsión temporal", title="Rebobinar", body=body)
    shown = {text.role: text for text in shown_texts(face, 0.76)}
    assert whole(shown["title"].text) == "Rebobinar"
    rule = whole(shown["body"].text)
    assert rule.endswith("…") and body.startswith(rule[:-1].strip()) and len(rule) > 40
    assert shown["body"].font.pixelSize() * 0.76 >= READABLE
    assert left_out(face, 0.76) == ["body"]  # cut short, and said so by its "…"
    assert not more_marked(face, 0.76)


def test_the_kind_label_stays_beside_a_smaller_number(qapp: Any) -> None:
    """"Repercusión" and "1917" share the band at the scale of a 1280×720 window (the label was dropped)."""
    face = CardFace(128, 92, "#1f5fa8", "#e9f0fa", kind_label="Repercusión", year="1917",
                    title="EE. UU. declara la guerra a Alemania", body="Paradoja si 1915′ está alterado.")
    shown = {text.role: text for text in shown_texts(face, 0.76)}
    kind, year = shown["kind_label"], shown["year"]
    assert kind.text == "Repercusión" and year.text == "1917"
    assert min(kind.font.pixelSize(), year.font.pixelSize()) * 0.76 >= READABLE
    right_of_kind = kind.rect.left() + QFontMetricsF(kind.font).horizontalAdvance(kind.text)
    assert right_of_kind < year.rect.right() - QFontMetricsF(year.font).horizontalAdvance(year.text)


def test_a_kind_label_as_tall_as_the_number_stays_in_the_band(qapp: Any) -> None:
    """Seen at a 1280×720 Parsifal table (15 item px a line), "geblokkeerd" fits beside "0/2" in the band as
    the number does, a pixel from its edges; it went under the band, and took a line from the rule text."""
    face = CardFace(180, 204, "#8e2c2c", "#f3e6e1", kind_label="geblokkeerd", year="0/3", title="Schildknaap",
                    body="Van kamp doen wisselen (drie gelijke) · Artefacten doorgeven\n○ heeft Brood\n○ heeft Wijn\n"
                         "○ Amfortas heeft Graal", covered=36.0)
    shown = {text.role: text for text in shown_texts(face, 0.607)}
    kind, year = shown["kind_label"], shown["year"]
    assert kind.text == "geblokkeerd" and kind.rect.bottom() <= card_item.BAND and kind.font.pixelSize() * 0.607 >= READABLE
    assert QFontMetricsF(kind.font).height() <= kind.rect.height()
    right_of_kind = kind.rect.left() + QFontMetricsF(kind.font).horizontalAdvance(kind.text)
    assert right_of_kind < year.rect.right() - QFontMetricsF(year.font).horizontalAdvance(year.text)
    assert shown["title"].rect.top() < card_item.BAND + 4  # the name right under the band


def test_a_field_left_out_is_marked_in_the_corner(qapp: Any) -> None:
    """Seen small, FACE leaves its corner out: three dots in the lower right corner say there is more."""
    assert "corner" in left_out(FACE, 0.55) and more_marked(FACE, 0.55)
    assert not more_marked(FACE, 2.0)  # large, it shows everything

    def corner_ink(face: CardFace, scale: float) -> int:
        image = QImage(200, 200, QImage.Format.Format_ARGB32)
        image.fill(0)
        painter = QPainter(image)
        painter.scale(scale, scale)
        paint_face(painter, face, scale=scale)
        painter.end()
        # The dots' strip: left of the [R] dot, above the foot's edge.
        box = [(x, y) for x in range(int((face.width - 34) * scale), int((face.width - 16) * scale))
               for y in range(int((face.height - 8) * scale), int((face.height - 2) * scale))]
        return sum(1 for x, y in box if image.pixelColor(x, y).name() in ("#6b6356", "#7a7366", "#8a8275")
                   or image.pixelColor(x, y).value() < 160)

    plain = CardFace(128, 92, "#1f5fa8", "#e9f0fa", year="1945", title="A-Bombs", reconstructed=True)
    assert not more_marked(plain, 0.55)
    assert corner_ink(FACE, 0.55) > corner_ink(plain, 0.55)


def test_a_foot_too_low_for_its_text_gets_a_line_where_the_name_and_rule_text_stay_whole(qapp: Any) -> None:
    """Issue #36: a Time Index ("A1") or a kind label sent to the foot ("Verlichting", a Dutch Banquet row card)
    was left out whole at 1280×720, its 11-unit foot lower than a line at the floor, on cards with room to
    spare above it. It now takes a line (across the card, a long word broken between syllables); where that
    would cut the name or the rule text, they keep the room and the foot is left out as before."""
    index = CardFace(128, 92, "#5b3d8f", "#f2edfa", kind_label="True history", year="1943", title="Manhattan Project",
                     body="Ripples: 1945, 1962", corner="A1")
    row_card = CardFace(70, 96, "#2f6690", "#f6efe0", year="−2", title="Dance", corner="Verlichting", reconstructed=True)
    for face in (index, row_card):
        assert left_out(face, 0.83 if face is index else 0.66) == [], face.corner
    shown = {text.role: text.text for text in shown_texts(row_card, 0.66)}
    assert shown["corner"].replace("\u00ad", "") == "Verlichting" and "\u00ad" in shown["corner"]
    # Where a line for the index would cut the rule text, the rule text keeps the foot's room.
    crowded = CardFace(128, 92, "#1f5fa8", "#e9f0fa", kind_label="Ripplepoint", year="1945",
                       title="Europe in Ruins After WWI", body="Paradox if 1936 is altered.", corner="C1")
    assert left_out(crowded, 0.76) == ["corner"]


def test_a_rule_text_word_wider_than_the_card_breaks_between_syllables(qapp: Any) -> None:
    """Issue #36: Dutch Minerva's "buitensporigheid" is wider than its card at 9 px; it was cut with "…" on a
    card with lines to spare. It breaks with a hyphen between syllables, and where the rule text is still cut
    short the hyphen is drawn at the break."""
    minerva = CardFace(80, 158, "#2f5d8a", "#f7f0e0", kind_label="Minerva", title="Minerva",
                       body="De godin die waakt en buitensporigheid bestraft.")
    assert left_out(minerva, 0.78) == []
    body = next(text.text for text in shown_texts(minerva, 0.78) if text.role == "body")
    assert "\u00ad" in body and body.replace("\u00ad", "") == minerva.body
    short = CardFace(80, 112, "#2f5d8a", "#f7f0e0", kind_label="Minerva", title="Minerva", body=minerva.body)
    cut = next(text.text for text in shown_texts(short, 0.78) if text.role == "body")
    assert cut.endswith("…") and "-\n" in cut


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
    card_item.forget_rendered()  # a face painted twice before is copied, not painted
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


def test_a_rule_text_cut_short_keeps_only_the_lines_drawn_whole(qapp: Any) -> None:
    """Qt sets wrapped lines a whole pixel apart (at 13 px, 15.1 px high but 16 apart): a rule text shows no more
    lines than its box holds as drawText lays them out, or the last line's foot is clipped. A Dutch patch in a
    Solonauts hand kept five lines in 75.9 units ("gewijzigd zijn." lost its descenders); four fit."""
    body = "Er is geen bom klaar, dus de oorlog eindigt met een invasie. Instabiel; 1943 moet gewijzigd zijn."
    face = CardFace(164, 144, "#2e7d5b", "#e3f3ea", kind_label="Pleister", year="1945′",
                    title="Geallieerden vallen Tokio binnen", body=body)
    checked = 0
    for height in range(128, 152, 2):
        for text in shown_texts(replace(face, height=float(height)), READABLE / 13):
            metrics = QFontMetricsF(text.font)
            needed = metrics.boundingRect(text.rect.adjusted(0, 0, 0, 10_000), int(Qt.TextFlag.TextWordWrap),
                                          text.text).height()
            assert needed <= text.rect.height() + 0.01, (height, text.role, text.text)
            checked += text.role == "body"
    assert checked == 12


def test_a_text_fitted_into_ever_taller_rooms_is_measured_once_at_each_size(qapp: Any,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A card growing to its text (a Parsifal character, a Chrononauts hand card) is drawn small at height after
    height: its texts are fitted into each room, but a text's wrapped size depends on its width and font alone,
    so each is measured once at each size, whatever the room (issue #42)."""
    measured: list[tuple[str, float, float]] = []

    class Counting(QFontMetricsF):
        def boundingRect(self, *args: Any) -> Any:  # noqa: N802 - Qt override
            if len(args) == 3:  # a text wrapped into a rectangle
                measured.append((args[2], args[0].width(), self.height()))
            return super().boundingRect(*args)

    monkeypatch.setattr(card_item, "QFontMetricsF", Counting)
    monkeypatch.setattr(card_item, "_metrics", lambda pixel, bold: Counting(card_item._font(pixel, bold)))  # not kept
    # Words of its own: no earlier test has had them measured.
    face = CardFace(128, 92, "#1f5fa8", "#e9f0fa", kind_label="Quiblet", year="1907",
                    title="Xylographic Quorum of the Unmeasured Zeppelins",
                    body="Zephyrs quibble over jousting vexillology until the fjord's quartz glimmers twice.")
    for step in range(8):
        for scale in (0.55, 0.75):
            shown_texts(replace(face, height=92 + 6 * step), scale)
    assert measured
    assert len(measured) == len(set(measured))


@pytest.mark.parametrize("title", ["Crisis", "A-Bombs Dropped on Japan", LONG_TITLE])
def test_a_stamp_stays_on_its_card(qapp: Any, title: str) -> None:
    """The stamp is turned: its frame's corners reach lower than its edge, and they ran a pixel or two past the
    card's foot when a long name pushed the stamp down to it."""
    stamped = CardFace(128, 92, "#7a1616", "#f6d9d6", title=title, stamp="PARADOSSO", stamp_colour="#0000ff")
    zoom = 3
    image = QImage(int(stamped.width * zoom), int((stamped.height + 12) * zoom), QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(zoom, zoom)
    paint_face(painter, stamped, scale=zoom)
    painter.end()
    below = [(x, y) for y in range(int((stamped.height + 1) * zoom), image.height()) for x in range(image.width())
             if image.pixelColor(x, y).alpha() > 0]
    assert below == []
