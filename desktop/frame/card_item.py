"""A card on the table: a face to paint and nothing else.

Items know only their key (a card instance or a zone) and the face the table gives them;
they never look at the rules. The scene decides what is legal and where things go.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QAbstractAnimation, QEasingCurve, QPointF, QPropertyAnimation, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPixmap, QTextLayout,
                           QTextOption, QTransform)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from desktop.frame import kept_fits
from desktop.frame.hyphens import SOFT_HYPHEN, hyphenated

HIGHLIGHT = QColor("#ffc629")
SELECTED = QColor("#3d8bfd")
PIP = "#2e7d5b"
CARD_BACK = "#26324f"  # the back of every game's cards (and the hot-seat veil)
ANIMATION_MS = 200  # set to 0 to place cards at once (tests, benchmarks)
BAND = 20.0  # height of the coloured band at the top of a face
MARGIN = 6.0  # from the left and right edges of a face to its texts
WORD_WRAP = QTextOption()  # how a face's texts wrap, laid out line by line (made once)
WORD_WRAP.setWrapMode(QTextOption.WrapMode.WordWrap)
WRAPPED = int(Qt.TextFlag.TextWordWrap)  # the same, as drawText's and boundingRect's flag
# Where a text lies in its box (made once: Qt's flags are slow to look up and combine, and every fit asks).
CENTRED = Qt.AlignmentFlag.AlignCenter
CENTRED_TOP = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
CENTRED_FOOT = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom
LEFT_MIDDLE = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
RIGHT_MIDDLE = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
ELIDE_RIGHT = Qt.TextElideMode.ElideRight  # a text cut short ends in "…"


@dataclass(frozen=True)
class CardFace:
    """Everything painted on one card, already in the player's language."""

    width: float
    height: float
    header: str  # colour of the top band
    paper: str  # background colour
    kind_label: str = ""  # small text in the band, left
    year: str = ""  # large text in the band, right
    title: str = ""
    body: str = ""
    corner: str = ""  # lower-left: the Time Index, or a band's label that would run into the year
    stamp: str = ""  # big diagonal word, e.g. PARADOX
    stamp_colour: str = "#c62828"
    reconstructed: bool = False
    face_down: bool = False
    plate: bool = False  # a patch lying on the timeline: a coloured plate with its title only
    pips: tuple[bool, ...] = ()  # small dots in the foot, filled for each part of a goal already met
    covered: float = 0.0  # height at the foot hidden under another card (a patch): kept free of text
    ink: str = "#1d1b16"
    border: str = "#3a352c"


@lru_cache(maxsize=4096)
def _fitted(text: str, width: float, height: float, pixel: int, bold: bool) -> QFont:
    """The largest font up to `pixel` px at which `text` wraps inside width × height."""
    size = pixel
    while True:
        wide, high = _wrapped_size(text, width, size, bold)
        if (high <= height and wide <= width + 0.5) or size <= 6:
            return _font(size, bold)
        size -= 1


@lru_cache(maxsize=16384)
def _wrapped_size(text: str, width: float, pixel: int, bold: bool) -> tuple[float, float]:
    """The width and height `text` takes wrapped into `width` at `pixel` px. Every fit asks it at each size it
    tries, and again for each height it is given (a card growing to its text, a rule text under names of
    different lengths): the room is not part of the question, so the text is measured once (issue #42)."""
    rect = _metrics(pixel, bold).boundingRect(QRectF(0, 0, width, 10_000), WRAPPED, text)
    return rect.width(), rect.height()


def text_fits(text: str, width: float, height: float, pixel: int, bold: bool) -> bool:
    """Whether `text` fits at its full size (used to flag overflowing translations)."""
    return _fitted(text, width, height, pixel, bold).pixelSize() == pixel


class CardItem(QGraphicsObject):
    def __init__(self, key: str, face: CardFace) -> None:
        super().__init__()
        self.key = key
        self._face = face
        self._bounds = _bounds(face)
        self._highlight = False
        self._selected = False
        self._dim = False
        self.focused = False  # the keyboard focus is on it (the scene draws the ring, see FocusRing)
        self._animation: QPropertyAnimation | None = None
        self.setAcceptHoverEvents(True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # --- what to show -------------------------------------------------------------

    @property
    def face(self) -> CardFace:
        return self._face

    def set_face(self, face: CardFace) -> None:
        if face is not self._face and face != self._face:  # a redraw mostly gives each card the face it kept
            old = self._face
            if (face.width, face.height) != (old.width, old.height):
                self.prepareGeometryChange()
                self._bounds = _bounds(face)
            self._face = face
            if _band_only(old, face):
                # A turn passing recolours a whole area's band: repainting the area and every card on it for that
                # cost most of a redraw (issue #42). Qt keeps one rectangle to repaint per item: the band's.
                self.update(QRectF(-3, -3, face.width + 6, BAND + 6))
            else:
                self.update()

    def set_scale(self, scale: float) -> None:
        # Qt's setScale marks the item's area for repainting and its place in the scene's index for updating even
        # when the scale stays as it was: a redraw sets every item's scale (issue #42).
        if scale != self.scale():
            self.setScale(scale)

    def set_marks(self, highlight: bool, selected: bool, dim: bool = False) -> None:
        if (highlight, selected, dim) != (self._highlight, self._selected, self._dim):
            self._highlight, self._selected, self._dim = highlight, selected, dim
            self.update()

    @property
    def highlighted(self) -> bool:
        return self._highlight

    @property
    def selected(self) -> bool:
        return self._selected

    def move_to(self, pos: QPointF) -> bool:
        """Slide to a place on the table (at once when animations are off); whether the card is sliding there."""
        slide = self._slide()
        if slide is not None:
            if slide.endValue() == pos:
                return True  # already on its way there: starting again would only jerk it
            slide.stop()
        if ANIMATION_MS <= 0 or not self.isVisible() or self.pos() == pos:
            self.setPos(pos)
            return False
        animation = self._animation
        if animation is None:
            # One animation per card, reused: it starts from wherever the card is each time.
            animation = self._animation = QPropertyAnimation(self, b"pos", self)
            animation.setEasingCurve(QEasingCurve.Type.OutCubic)
        animation.setDuration(ANIMATION_MS)
        animation.setEndValue(pos)
        animation.start()
        return True

    def _slide(self) -> QPropertyAnimation | None:
        """The card's animation while it runs (a stopped one ends where the card once went)."""
        animation = self._animation
        return animation if animation is not None and animation.state() == QAbstractAnimation.State.Running else None

    def finish_slide(self) -> None:
        """Land at once where the card is sliding to (if it is)."""
        slide = self._slide()
        if slide is not None:
            slide.setCurrentTime(slide.duration())

    @property
    def sliding(self) -> bool:
        """Whether the card is on its way somewhere (`resting_pos` is not where it is)."""
        return self._animation is not None and self._slide() is not None

    @property
    def resting_pos(self) -> QPointF:
        """Where the card comes to rest: the end of its slide, or where it is."""
        slide = self._slide()
        return QPointF(slide.endValue()) if slide is not None else self.pos()

    # --- painting -----------------------------------------------------------------

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return self._bounds  # Qt asks at every paint and index update: made once per size (never changed in place)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        # Drawn small, a card shows what can be read at its size (the detail panel shows the rest).
        transform = painter.worldTransform()
        scale = on_screen(transform)
        if transform.type().value > QTransform.TransformationType.TxScale.value \
                or painter.device().devicePixelRatio() != 1:
            paint_face(painter, self._face, self._highlight, self._selected, self._dim, scale)
            return
        # A face lies on whole pixels: the card in the next place, or the same card after a slide, shows the same
        # pixels (Qt's own cache of a card that only moved does no differently). A face is painted once at a scale
        # and copied from then on, without laying its texts out again (issue #42): a table draws most faces again
        # and again (a player's hand each time they look, a seat after each turn, a card after it moved).
        left, top = round(transform.dx()), round(transform.dy())
        key = (self._face, self._highlight, self._selected, self._dim, transform.m11(), transform.m22())
        found = _RENDERED.get(key)
        if found is None:
            found = _render(key)
        _RENDERED.move_to_end(key)
        pixmap, (x, y) = found
        painter.save()
        painter.setWorldTransform(QTransform())
        painter.drawPixmap(left + x, top + y, pixmap)
        painter.restore()


def _bounds(face: CardFace) -> QRectF:
    """A card's item rectangle: the face, and 3 px around it for the selection and highlight outlines."""
    return QRectF(-3, -3, face.width + 6, face.height + 6)


def _band_only(old: CardFace, new: CardFace) -> bool:
    """Whether `new` differs from `old` only in its band's colour and number: then nothing else on it moves (on a
    face with no kind label: a long one would go under the band, in the band's colour)."""
    return (not (old.plate or old.face_down or old.kind_label or new.kind_label)
            and replace(old, header="", year="") == replace(new, header="", year=""))


RENDERED_BYTES = 16 << 20  # faces kept painted (CardItem.paint): a few hundred cards at a large window's size
_RENDERED: OrderedDict[tuple[Any, ...], tuple[QPixmap, tuple[int, int]]] = OrderedDict()  # key -> pixmap, corner
_rendered_bytes = [0]


def forget_rendered() -> None:
    """Let go of every face kept painted (CardItem.paint): each is painted afresh next time."""
    _RENDERED.clear()
    _rendered_bytes[0] = 0


def _render(key: tuple[Any, ...]) -> tuple[QPixmap, tuple[int, int]]:
    """The face of `key` (CardItem.paint) painted at scale sx × sy: a pixmap, and where its corner lies from the
    whole pixel of the face's origin; kept."""
    face, highlight, selected, dim, sx, sy = key
    placed = QTransform(sx, 0, 0, sy, 0, 0)
    area = placed.mapRect(_bounds(face)).toAlignedRect()
    pixmap = QPixmap(max(1, area.width()), max(1, area.height()))
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.setWorldTransform(placed * QTransform.fromTranslate(-area.x(), -area.y()))
    paint_face(painter, face, highlight, selected, dim, on_screen(placed))
    painter.end()
    found = _RENDERED[key] = (pixmap, (area.x(), area.y()))
    _rendered_bytes[0] += 4 * pixmap.width() * pixmap.height()
    while _rendered_bytes[0] > RENDERED_BYTES and len(_RENDERED) > 1:
        old, _corner = _RENDERED.popitem(last=False)[1]
        _rendered_bytes[0] -= 4 * old.width() * old.height()
    return found


class FocusRing(QGraphicsItem):
    """The keyboard focus: a dark band with a light dashed line outside a card's edge.

    Drawn apart from the card (its own item, above the cards) so a card lying over the focused
    one cannot hide it, and in two colours so it shows on the felt, on pale paper and on dark
    backs alike; its shape (outside the edge, dashed) is unlike the selection and lit marks,
    which colour the card's own edge. Outside the edge may still be on another card (a Parsifal
    artifact's name, tucked just under its holder): where words show, the ring is cut (`keep_clear`).
    """

    # 5 px beyond the card's edge in all: the captions between rows of cards have 5 px to spare
    # on either side (tests/desktop/frame/test_focus_ring_room.py).
    OUTSET = 3.0
    BAND = 4.0  # the dark band's width, centred on the ring

    def __init__(self) -> None:
        super().__init__()
        self._rect = QRectF()
        self._clear = QPainterPath()  # where it is not painted (scene coordinates, as its own)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        # Painted again only when it moves or is resized, not whenever a card under it is (issue #42).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def surround(self, rect: QRectF) -> None:
        """Ring `rect` (scene coordinates)."""
        outer = rect.adjusted(-self.OUTSET, -self.OUTSET, self.OUTSET, self.OUTSET)
        if outer != self._rect:
            self.prepareGeometryChange()
            self._rect = outer

    def keep_clear(self, words: QPainterPath) -> None:
        """Paint nothing over `words` (scene coordinates): the words shown on the cards it crosses."""
        if words != self._clear:
            self._clear = words
            self.update()

    @property
    def rect(self) -> QRectF:
        return QRectF(self._rect)

    @property
    def outline(self) -> QRectF:
        """The outer edge of what is painted."""
        half = self.BAND / 2
        return self._rect.adjusted(-half, -half, half, half)

    @property
    def band(self) -> QPainterPath:
        """Where it may paint: between the outer edge and the inner edge of what is painted."""
        half = self.BAND / 2
        ring = QPainterPath()
        ring.addRect(self.boundingRect())
        inner = QPainterPath()
        inner.addRect(self._rect.adjusted(half + 1, half + 1, -half - 1, -half - 1))
        return ring.subtracted(inner)

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return self._rect.adjusted(-3, -3, 3, 3)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self._clear.isEmpty():
            whole = QPainterPath()
            whole.addRect(self.boundingRect())
            painter.setClipPath(whole.subtracted(self._clear))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(FOCUS_DARK), self.BAND))
        painter.drawRoundedRect(self._rect, 9, 9)
        light = QPen(QColor(FOCUS_LIGHT), 2.2, Qt.PenStyle.DashLine)
        light.setDashPattern([3.0, 2.0])
        painter.setPen(light)
        painter.drawRoundedRect(self._rect, 9, 9)


FOCUS_DARK = "#101010"
FOCUS_LIGHT = "#ffffff"


@dataclass(frozen=True)
class TextBox:
    """One piece of text on a face: where it goes and at what size it would like to be."""

    role: str  # which field of the CardFace: title, body, kind_label, year, corner, mark
    rect: QRectF
    text: str
    pixel: int  # the nominal size; the text shrinks below it only when it must
    bold: bool
    colour: str
    align: Qt.AlignmentFlag


def face_layout(face: CardFace, title_room: float | None = None) -> list[TextBox]:
    """The text boxes of a face, in painting order; paint_face and the overflow check both use it.
    `title_room` gives the title that height exactly and the body the rest (a face seen small)."""
    return list(_laid_out(face, title_room))


@lru_cache(maxsize=4096)  # measured again at each redraw and at each step of a card growing to its text (issue #42)
def _laid_out(face: CardFace, title_room: float | None) -> tuple[TextBox, ...]:
    return tuple(_layout(face, title_room))


def _layout(face: CardFace, title_room: float | None) -> list[TextBox]:
    w, h = face.width, face.height
    if face.plate:
        # A plate is a label on a card that has its own title: all of it goes to the text.
        right = PLATE_MARK if face.reconstructed else 4.0
        if face.body:  # a name over a line of what it does (an artifact under its holder)
            half = (h - 2) / 2
            boxes = [TextBox("title", QRectF(4, 1, w - 4 - right, half), face.title, PLATE_PIXEL, True, "#ffffff",
                             CENTRED_FOOT),
                     TextBox("body", QRectF(4, 1 + half, w - 4 - right, half), face.body, BODY_PIXEL, False,
                             "#f3e3c3", CENTRED_TOP)]
        else:
            boxes = [TextBox("title", QRectF(4, 1, w - 4 - right, h - 2), face.title, PLATE_PIXEL, True, "#ffffff",
                             CENTRED)]
        if face.reconstructed:
            boxes.append(TextBox("mark", QRectF(w - 18, h - 11, 15, 9), "[R]", 7, False, "#d8efe3", RIGHT_MIDDLE))
        return boxes
    if face.face_down:
        return [TextBox("title", QRectF(8, 8, w - 16, h - 16), face.title, 16, True, "#f4ead5", CENTRED)]
    left, top = MARGIN, BAND + 3
    boxes = list(_band_boxes(w, face.kind_label, face.year))
    inner = w - 2 * left
    foot = _foot(face)
    room = h - top - max(foot, face.covered)
    if face.body or face.stamp:
        # The title gets what the body leaves, within bounds: a short rule gives a long title room.
        title_h = room * 0.52
        if face.body:
            needed = wrapped_height(face.body, inner, BODY_PIXEL) + 2
            title_h = room - min(max(needed, room * 0.3), room * 0.55)
        if title_room is not None:
            title_h = min(title_room, room)
        boxes.append(TextBox("title", QRectF(left, top, inner, title_h), face.title, 13, True, face.ink, CENTRED))
        boxes.append(TextBox("body", QRectF(left, top + title_h, inner, room - title_h), face.body, BODY_PIXEL, False, "#4a443a",
                             CENTRED_TOP))
    else:
        boxes.append(TextBox("title", QRectF(left, top, inner, room), face.title, 13, True, face.ink, CENTRED))
    if face.corner:
        # The foot's width, short of the [R] mark at its right.
        boxes.append(TextBox("corner", QRectF(left, h - foot, w - 2 * left - 22, foot - 1), face.corner, 9, False, "#6b6356",
                             LEFT_MIDDLE))
    if face.reconstructed:
        boxes.append(TextBox("mark", QRectF(w - 24, h - foot, 20, foot - 1), "[R]", 8, False, "#8a7f6c", RIGHT_MIDDLE))
    return boxes


BODY_PIXEL = 10
PLATE_PIXEL = 11  # a plate's name: a patch on its year, an artifact under its holder
PLATE_MARK = 10.0  # a reconstructed plate's text stops this far from its right edge: the [R] mark's corner
FOOT_MARKS = 9.0  # the foot's height kept for the corner marks (the more mark, the [R] dot) when its text is left out


def _band_boxes(w: float, kind_label: str, year: str) -> tuple[TextBox, TextBox]:
    """The kind label (left) and the year (right) in the coloured band of a face `w` wide."""
    kind_w = w * 0.62 if year else w - 2 * MARGIN  # with no year the label has the whole band
    return (TextBox("kind_label", QRectF(MARGIN, 2, kind_w, BAND - 4), kind_label, 10, False, "#ffffff", LEFT_MIDDLE),
            TextBox("year", QRectF(w * 0.45, 1, w * 0.55 - 6, BAND - 2), year, 15, True, "#ffffff", RIGHT_MIDDLE))


def wrapped_height(text: str, width: float, pixel: int, bold: bool = False) -> float:
    """The height `text` takes wrapped into `width` at `pixel` px (a plate sized to hold its name)."""
    return _wrapped_size(text, width, pixel, bold)[1]


def _foot(face: CardFace) -> float:
    return 12.0 if face.corner or face.reconstructed or face.pips else 2.0


LEGIBLE = 0.7  # a text shrunk below this share of its nominal size is too small to read on the table


def overflows(box: TextBox) -> bool:
    """Whether a box's text does not fit it on the face at the table's normal size.

    The table shrinks a text, one pixel at a time, until it wraps inside its box (`_fitted`).
    A text *overflows* when it fits only once shrunk below LEGIBLE (70 %) of the box's
    nominal pixel size, or does not fit even at the smallest size the table uses (6 px):
    a title of nominal 13 px that needs 9 px overflows, one that fits at 10 px does not.
    """
    if not box.text:
        return False
    font = _fitted(box.text, box.rect.width(), box.rect.height(), box.pixel, box.bold)
    if font.pixelSize() < LEGIBLE * box.pixel:
        return True
    wide, high = _wrapped_size(box.text, box.rect.width(), font.pixelSize(), box.bold)
    return high > box.rect.height() or wide > box.rect.width() + 0.5


def band_collides(face: CardFace) -> bool:
    """Whether the kind label runs into the year: their boxes share the middle of the band,
    so each fits its own box and yet the two texts can overlap."""
    if face.plate or face.face_down or not (face.kind_label and face.year):
        return False  # no band, or nothing for the label to run into
    return _texts_collide(face.width, face.kind_label, face.year)


@lru_cache(maxsize=1024)  # a table asks again at every redraw (the discard pile's label)
def _texts_collide(w: float, kind_label: str, year: str) -> bool:
    kind, year_box = _band_boxes(w, kind_label, year)
    widths = [QFontMetricsF(_fitted(b.text, b.rect.width(), b.rect.height(), b.pixel, b.bold)).horizontalAdvance(b.text)
              for b in (kind, year_box)]
    return kind.rect.left() + widths[0] + 4 > year_box.rect.right() - widths[1]


# --- level of detail: what a face drawn small still shows ----------------------------------

READABLE = 9.0  # px on screen: a smaller text cannot be read at arm's length (issue #11, item 4)


def on_screen(transform: QTransform) -> float:
    """How many screen pixels one unit of an item's height covers (scale and rotation both)."""
    return math.hypot(transform.m21(), transform.m22())


@dataclass(frozen=True)
class ShownText:
    """A text as a face paints it: perhaps cut short, at the size it fits."""

    role: str
    rect: QRectF
    text: str
    font: QFont
    colour: str
    align: Qt.AlignmentFlag


def words_drawn(face: CardFace, scale: float | None = None) -> list[QRectF]:
    """Where the words painted on `face` seen at `scale` lie (face coordinates): each text's own lines, tighter
    than the box it is fitted into (a centred name leaves its box's sides bare)."""
    return [QRectF(rect) for rect in _words_drawn(face, text_floor(scale))]


@lru_cache(maxsize=1024)  # the focus ring asks for its neighbours' at every move (issue #42)
def _words_drawn(face: CardFace, floor: int | None) -> tuple[QRectF, ...]:
    return tuple(QFontMetricsF(text.font).boundingRect(text.rect, int(text.align | Qt.TextFlag.TextWordWrap), text.text)
                 for text in _paint_plan(face, floor).shown)


def shown_texts(face: CardFace, scale: float | None = None) -> list[ShownText]:
    """The texts painted on `face` seen at `scale` screen pixels per unit (None: every text, as fitted).

    Seen small, no text is drawn below READABLE px. The name is never cut while the card can hold it:
    it wraps onto more lines and takes the rule text's room first. The rule text then shows as many
    lines as are left, its last one ending in "…"; the kind label steps aside only when it cannot sit
    beside the number at READABLE px. Whatever is left out or cut short is marked (`left_out`, the
    corner mark) and the hover zoom and the detail panel show it all.
    """
    if scale is None:
        return [ShownText(b.role, b.rect, b.text, _fitted(b.text, b.rect.width(), b.rect.height(), b.pixel, b.bold),
                          b.colour, b.align) for b in face_layout(face) if b.text]
    return list(_shown_small(face, _floor(scale)))


@lru_cache(maxsize=4096)  # asked at every paint of every card
def _shown_small(face: CardFace, floor: int) -> tuple[ShownText, ...]:
    # Kept from earlier starts too: fitting the first table's faces was a third of its first paint (issue #42).
    key = kept_fits.face_key(face, floor)
    rows = kept_fits.shown(key)
    if rows is not None:
        return tuple(ShownText(role, QRectF(x, y, w, h), text, _font(pixel, bold), colour, Qt.AlignmentFlag(align))
                     for role, x, y, w, h, text, pixel, bold, colour, align in rows)
    shown = _fitted_small(face, floor)
    kept_fits.keep(key, [[t.role, t.rect.x(), t.rect.y(), t.rect.width(), t.rect.height(), t.text, t.font.pixelSize(),
                          t.font.bold(), t.colour, int(t.align.value)] for t in shown], face, floor)
    return shown


def _fitted_small(face: CardFace, floor: int) -> tuple[ShownText, ...]:
    boxes = {box.role: box for box in face_layout(face) if box.text}
    raised = _tall_foot(boxes, face, floor)
    if raised is not boxes:
        shown = _shown_in(face, raised, floor)
        whole = {text.role: _flat(text.text) for text in shown}
        if all(whole.get(role) == _flat(box.text) for role, box in boxes.items() if role in ("title", "body")):
            return shown
    return _shown_in(face, boxes, floor)


def _shown_in(face: CardFace, boxes: dict[str, TextBox], floor: int) -> tuple[ShownText, ...]:
    band = _band_shown(face, boxes, floor)
    shown = [*band, *_name_and_rule(face, boxes, floor)]
    kind = boxes.get("kind_label")
    if kind is not None and not any(text.role == "kind_label" for text in band) and not face.plate:
        shown = _kind_below_band(face, boxes, floor, band) or shown
    for role in ("corner", "mark"):
        box = boxes.get(role)
        font = _readable(box, floor) if box is not None else None
        if box is not None and font is not None:
            shown.append(ShownText(box.role, box.rect, box.text, font, box.colour, box.align))
    return tuple(shown)


def _tall_foot(boxes: dict[str, TextBox], face: CardFace, floor: int) -> dict[str, TextBox]:
    """`boxes` with the foot's text (a Time Index, "A1"; a kind label sent down from a narrow band) given a
    line at `floor` px where its own box is too low or narrow to read it there: in the foot, short of the
    marks at its right, or else across the card just above the marks; the name and the rule text above give
    up the room (a card under a patch keeps its covered foot, where no text goes; a stamped one keeps its foot
    for the stamp). The caller takes it only where the name and the rule text stay whole: they matter more
    than the foot."""
    corner = boxes.get("corner")
    if corner is None or face.covered or face.pips or face.stamp or _readable(corner, floor) is not None:
        return boxes
    line = _metrics(floor, corner.bold).height() + 1
    mark = boxes.get("mark")
    # The marks at the foot's right: the [R] mark where it reads, else its dot and the "more" dots (_more_mark).
    marks = 22.0 if mark is not None and _readable(mark, floor) is not None else 16.0 if face.reconstructed else 8.0
    left, bottom = corner.rect.left(), corner.rect.bottom()
    across = face.width - 2 * left
    text = corner.text
    for rect in (QRectF(left, bottom - line, face.width - MARGIN - marks - left, line),
                 QRectF(left, face.height - FOOT_MARKS - line, across, line)):
        if _fitted_within(text, rect.width(), rect.height(), floor, floor, corner.bold) is not None:
            break
    else:
        # A word wider than the card ("Verlichting" on a Banquet row card) breaks between its syllables.
        broken = _whole_name(text, across, 2 * line + 2, floor, corner.bold)
        if broken is None:
            return boxes
        text, high = broken
        rect = QRectF(left, face.height - FOOT_MARKS - high, across, high)
    raised = dict(boxes, corner=replace(corner, rect=rect, text=text))
    for role in ("title", "body"):
        box = boxes.get(role)
        if box is not None and box.rect.bottom() > rect.top():
            raised[role] = replace(box, rect=QRectF(box.rect.left(), box.rect.top(), box.rect.width(),
                                                    max(0.0, rect.top() - box.rect.top())))
    return raised


def _at(box: TextBox, font: QFont, rect: QRectF | None = None, text: str | None = None) -> ShownText:
    return ShownText(box.role, box.rect if rect is None else rect, box.text if text is None else text, font,
                     box.colour, box.align)


@lru_cache(maxsize=256)  # one font per size, shared by every text fitted and drawn at it: never changed
def _font(pixel: int, bold: bool) -> QFont:
    font = QFont()
    font.setBold(bold)
    font.setPixelSize(pixel)
    return font


@lru_cache(maxsize=256)
def _metrics(pixel: int, bold: bool) -> QFontMetricsF:
    return QFontMetricsF(_font(pixel, bold))


@lru_cache(maxsize=16384)
def _advance(word: str, pixel: int, bold: bool) -> float:
    """How wide `word` is at `pixel` px: the same at every width a card is tried at as it grows (issue #42)."""
    return _metrics(pixel, bold).horizontalAdvance(word)


def _band_shown(face: CardFace, boxes: dict[str, TextBox], floor: int) -> list[ShownText]:
    """The kind label and the number in the band: the number is kept (cut short if it must), the label
    takes the band's width left of the number and gives way only if even then it cannot be read."""
    year, kind = boxes.get("year"), boxes.get("kind_label")
    shown: list[ShownText] = []
    year_width = 0.0
    if year is not None:
        font = _readable(year, floor)
        if font is None:
            font = _font(floor, year.bold)
            shown.append(_at(year, font, text=_cut_short(year.text, year.rect.width(), year.rect.height(), floor, True)))
        else:
            shown.append(_at(year, font))
        year_width = _advance(shown[0].text, font.pixelSize(), font.bold())
    if kind is None:
        return shown
    room = kind.rect
    if year is not None:
        # Beside the number as it is drawn, with 4 px between them.
        room = QRectF(room.left(), room.top(), year.rect.right() - year_width - 4 - room.left(), room.height())
        if _fitted_within(kind.text, room.width(), room.height(), max(kind.pixel, floor), floor, kind.bold) is None \
                and shown[0].font.pixelSize() > floor:
            # The number steps down to the floor before the label gives way.
            small = _font(floor, True)
            if _fitted_within(year.text, year.rect.width(), year.rect.height(), floor, floor, True) is not None:
                shown[0] = _at(year, small)
                year_width = _advance(year.text, floor, True)
                room = QRectF(room.left(), room.top(), year.rect.right() - year_width - 4 - room.left(), room.height())
    font = _fitted_within(kind.text, room.width(), room.height(), max(kind.pixel, floor), floor, kind.bold) \
        if room.width() > 0 else None
    if font is None and room.width() > 0:
        # Too tall for its box: the band's height but a pixel at either edge, as the number has, before the
        # label goes under the band and takes a line from the name and the rule text.
        room = QRectF(room.left(), 1, room.width(), BAND - 2)
        font = _fitted_within(kind.text, room.width(), room.height(), floor, floor, kind.bold)
    if font is not None:
        shown.append(_at(kind, font, room))
    elif face.kind_label == face.title:
        # A band that repeats the title is the name a stacked card still shows (Bacchanalia): kept.
        font = _font(floor, kind.bold)
        shown.append(_at(kind, font, text=_cut_short(kind.text, kind.rect.width(), kind.rect.height(), floor, kind.bold)))
    return shown


def _kind_below_band(face: CardFace, boxes: dict[str, TextBox], floor: int,
                     band: list[ShownText]) -> list[ShownText] | None:
    """A kind label too long for the band ("Distorsión temporal"), in the band's colour on the paper just
    under it, if there the name stays whole and the rule text whole or three lines long at least; else None."""
    kind = boxes["kind_label"]
    width = face.width - 2 * MARGIN
    font = _fitted_within(kind.text, width, 2 * _metrics(floor, False).lineSpacing() + 1, floor, floor,
                          False)
    if font is None:
        return None
    high = wrapped_height(kind.text, width, floor, False)
    named = _name_and_rule(face, boxes, floor, high)
    title = boxes.get("title")
    body = boxes.get("body")
    shown_title = next((text for text in named if text.role == "title"), None)
    shown_body = next((text for text in named if text.role == "body"), None)
    if title is None or shown_title is None or _flat(shown_title.text) != _flat(title.text):
        return None
    if body is not None and not face.stamp and (shown_body is None or _flat(shown_body.text) != _flat(body.text)
                                                and shown_body.text.count("\n") < 2):
        return None
    below = ShownText("kind_label", QRectF(MARGIN, BAND + 1, width, high), kind.text, font, face.header,
                      CENTRED_TOP)
    return [*band, below, *named]


def _name_and_rule(face: CardFace, boxes: dict[str, TextBox], floor: int, drop: float = 0.0) -> list[ShownText]:
    """The title, whole wherever the face can hold it, and as much of the rule text as the rest holds;
    `drop` lowers the title's top (a kind label lies above it)."""
    title, body = boxes.get("title"), boxes.get("body")
    if title is None:
        return []
    if drop:
        title = replace(title, rect=title.rect.adjusted(0, drop, 0, 0))
        if title.rect.height() <= 0:
            return []
    left, top, width = title.rect.left(), title.rect.top(), title.rect.width()
    if body is not None:
        # A word of the rule text wider than the card ("buitensporigheid") breaks between syllables too.
        breakable = _breakable(body.text, body.rect.width(), floor, body.bold)
        if breakable != body.text:  # most rule texts break as they are: no copy of the box made
            body = replace(body, text=breakable)
    title_font = _readable(title, floor)
    if body is None or face.stamp:
        if title_font is not None:
            return [_at(title, title_font)]
        room = title.rect.height()
        if face.stamp:
            # A long name on a stamped card takes the room down to a stamp at the floor's size, set below it.
            room = face.height - top - _metrics(floor, True).height() - 8
        name = _whole_name(title.text, width, max(room, title.rect.height()), floor, title.bold)
        if name is not None:
            text, high = name
            rect = title.rect if not face.stamp else QRectF(left, top, width, high)
            return [_at(title, _font(floor, title.bold), rect, text)]
        return [_at(title, _font(floor, title.bold), text=_cut_short(title.text, width, title.rect.height(), floor,
                                                                      title.bold))]
    body_font = _readable(body, floor)
    if title_font is not None and body_font is not None:
        # The name at the top and the rule text under it, as on a card that needs the room: centred in its
        # box, a short name would float mid-card beside names at the top of the row's other cards.
        high = min(title.rect.height(), wrapped_height(title.text, width, title_font.pixelSize(), title.bold) + 2)
        rest = QRectF(left, top + high, width, body.rect.bottom() - top - high)
        rule_font = _fitted_within(body.text, width, rest.height(), max(body.pixel, floor), floor, body.bold)
        return [_at(title, title_font, QRectF(left, top, width, high)), _at(body, rule_font or body_font, rest)]
    # The two share the room from the title's top to the body's foot: the title takes the lines it needs.
    room = body.rect.bottom() - top
    corner = boxes.get("corner")
    if corner is not None and not face.pips and _readable(corner, floor) is None:
        # The foot's text cannot be read at this size: the rule text takes its place, short of the corner marks.
        room = max(room, face.height - max(face.covered, FOOT_MARKS) - top)
    sizes = sorted({floor, *([title_font.pixelSize()] if title_font is not None else [])}, reverse=True)
    for size in sizes:
        name = _whole_name(title.text, width, room, size, title.bold)
        if name is None:
            continue
        text, high = name
        rest = QRectF(left, top + high, width, room - high)
        whole = _fitted_within(body.text, width, rest.height(), max(body.pixel, floor), floor, body.bold)
        if whole is not None or size == sizes[-1]:
            shown = [_at(title, _font(size, title.bold), QRectF(left, top, width, high), text)]
            if whole is not None:
                shown.append(_at(body, whole, rest))
            elif rest.height() >= _metrics(floor, body.bold).height():
                shown.append(_at(body, _font(floor, body.bold), rest,
                                 _cut_short(body.text, width, rest.height(), floor, body.bold)))
            return shown
    # Not even the whole room holds the name: it is cut short there, and the rule text waits in the detail panel.
    return [_at(title, _font(floor, title.bold), QRectF(left, top, width, room),
                _cut_short(title.text, width, room, floor, title.bold))]


def _hyphenable(word: str) -> str:
    """`word` with a soft hyphen wherever it may break: three letters at least on either side (a word with
    no syllable break that fits, which no name on our cards is)."""
    if len(word) < 6:
        return SOFT_HYPHEN.join(word)
    return word[:3] + "".join(SOFT_HYPHEN + letter for letter in word[3:-3]) + SOFT_HYPHEN + word[-3:]


@lru_cache(maxsize=4096)
def _breakable(text: str, width: float, pixel: int, bold: bool) -> str:
    """`text` with its words wider than `width` at `pixel` px made to break between syllables (hyphens.py)."""
    if _widest_word(text, pixel, bold) <= width:
        return text  # every word fits as it is, as at most widths a card is tried at

    def advance(part: str) -> float:
        return _advance(part, pixel, bold)

    return "\n".join(" ".join(word if advance(word) <= width else hyphenated(word, width, advance) or _hyphenable(word)
                               for word in line.split(" "))
                     for line in text.split("\n"))


@lru_cache(maxsize=4096)
def _widest_word(text: str, pixel: int, bold: bool) -> float:
    """How wide the widest of the words of `text` is at `pixel` px (`_breakable`): the same at every width."""
    advance = _metrics(pixel, bold).horizontalAdvance
    return max(advance(word) for line in text.split("\n") for word in line.split(" "))


@lru_cache(maxsize=4096)
def _whole_name(text: str, width: float, room: float, pixel: int, bold: bool) -> tuple[str, float] | None:
    """The name as drawn whole at `pixel` px within `width` and its height, if `room` holds it: a word
    wider than the card breaks between syllables, as evenly as it can ("Manhattan-project", hyphens.py)."""
    breakable = _breakable(text, width, pixel, bold)
    wide, high = _wrapped_size(breakable, width, pixel, bold)
    if wide > width + 0.5 or high + 2 > room:
        return None
    return breakable, min(room, high + 2)


def broken_words(shown: ShownText) -> list[str]:
    """The words `shown` breaks across lines as it is drawn, a hyphen where each breaks ("Bloemen-meisje")."""
    layout = QTextLayout(shown.text, shown.font)
    layout.setTextOption(WORD_WRAP)
    layout.beginLayout()
    ends = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(shown.rect.width())
        ends.append(line.textStart() + line.textLength())
    layout.endLayout()
    text = shown.text
    broken = []
    for end in ends[:-1]:
        if end > 0 and text[end - 1] == SOFT_HYPHEN:
            start = max(text.rfind(" ", 0, end), text.rfind("\n", 0, end)) + 1
            stop = min((i for i in (text.find(" ", end), text.find("\n", end)) if i >= 0), default=len(text))
            broken.append((text[start:end - 1] + "-" + text[end:stop]).replace(SOFT_HYPHEN, ""))
    return broken


def likely_height(face: CardFace, floor: int) -> float:
    """A first guess at the height `face` (its width as it is) needs for its name and rule text to show whole at
    `floor` px: both wrapped at that size in their boxes' widths, between its band and its foot (a plate's two
    halves, each as tall as the taller). Where a search for that height starts (growth.Growths.first_whole):
    whether a face shows whole is for `left_out` alone to say."""
    boxes = [box for box in _laid_out(face, None) if box.role in ("title", "body") and box.text]
    high = [_wrapped_size(_breakable(box.text, box.rect.width(), floor, box.bold), box.rect.width(), floor,
                          box.bold)[1] for box in boxes]
    if face.plate:
        return len(high) * max(high, default=0.0) + 2
    top = boxes[0].rect.top() if boxes else 0.0
    return top + sum(high) + 2 * len(high) + max(_foot(face), face.covered)


FIELDS = ("kind_label", "body", "corner")  # what a face seen small may leave out, with a mark that says so


def _flat(text: str) -> str:
    return " ".join(text.replace(SOFT_HYPHEN, "").split())


def left_out(face: CardFace, scale: float | None) -> list[str]:
    """The roles of `face` not drawn whole at `scale`: "title" when the name is cut, and the FIELDS
    left out or cut short (the hover zoom and the detail panel show them)."""
    floor = text_floor(scale)
    if floor is not None:
        kept_fits.asked(face, floor)
    return list(_left_out(face, floor))


@lru_cache(maxsize=4096)  # a card growing to its text asks at each step, at every redraw (issue #42)
def _left_out(face: CardFace, floor: int | None) -> tuple[str, ...]:
    scale = None if floor is None else READABLE / floor  # what is shown depends on the floor alone (_shown_small)
    shown = {text.role: _flat(text.text) for text in shown_texts(face, scale)}
    missing = []
    for box in face_layout(face):
        if box.text and box.role in ("title", *FIELDS) and shown.get(box.role) != _flat(box.text):
            if box.role == "kind_label" and face.kind_label == face.title and shown.get("title") == _flat(face.title):
                continue  # a band that repeats a name shown whole
            missing.append(box.role)
    return tuple(missing)


def _readable(box: TextBox, floor: int) -> QFont | None:
    """The largest font from the box's size (or `floor`, if larger) down to `floor` at which its text fits."""
    return _fitted_within(box.text, box.rect.width(), box.rect.height(), max(box.pixel, floor), floor, box.bold)


@lru_cache(maxsize=4096)
def _fitted_within(text: str, width: float, height: float, top: int, floor: int, bold: bool) -> QFont | None:
    for size in range(top, floor - 1, -1):
        wide, high = _wrapped_size(text, width, size, bold)
        if high <= height and wide <= width + 0.5:
            return _font(size, bold)
    return None


@lru_cache(maxsize=4096)
def _cut_short(text: str, width: float, height: float, pixel: int, bold: bool) -> str:
    """`text` wrapped at `pixel` px into as many lines as `height` holds (one at least), its lines kept apart
    where the text breaks them (a character's missions), the last one ending in "…" if any is left over."""
    metrics = _metrics(pixel, bold)
    lines = _wrapped_lines(text, width, pixel, bold)
    # Qt sets wrapped lines a whole pixel apart (the line spacing rounded up): as many as drawText fits, or
    # the last line's foot is clipped ("gewijzigd zijn." lost its descenders at the foot of a Dutch patch).
    first = metrics.height()
    step = _wrapped_size("X\nX", width, pixel, bold)[1] - first
    room = max(1, int((height - first) // step) + 1)
    over = len(lines) > room
    # A word longer than the width stays whole on its line: it is cut short too.
    shown = [one if wide + ELIDE_SLACK < width else metrics.elidedText(one, ELIDE_RIGHT, width)
             for one, wide in lines[:room - 1 if over else room]]
    if over:
        last = " ".join(one for one, _wide in lines[room - 1:])
        # The last line shows it goes on, even when its own words would fit.
        cut = metrics.elidedText(last, ELIDE_RIGHT, width)
        if not cut.endswith("…"):
            cut = metrics.elidedText(last + " …", ELIDE_RIGHT, width)
        shown.append(cut)
    return "\n".join(shown)


# A line the wrap laid out this much narrower than the width is one elidedText leaves as it is: eliding every line,
# even those that fit, cost a third of cutting a text short (issue #42). Qt measures a line alone no wider than
# as laid out (up to a pixel narrower, where a space followed it); the slack keeps clear of its rounding.
ELIDE_SLACK = 1.0


@lru_cache(maxsize=4096)
def _wrapped_lines(text: str, width: float, pixel: int, bold: bool) -> tuple[tuple[str, float], ...]:
    """The lines `text` wraps into at `pixel` px within `width`, kept apart where the text breaks them, each with
    its width as laid out (infinite for a line broken inside a word: its hyphen was not measured). The same for
    every height it is cut short to (a card growing to its text), so laid out once (issue #42)."""
    font = _font(pixel, bold)
    lines: list[tuple[str, float]] = []
    for paragraph in text.split("\n"):
        flat = " ".join(paragraph.split())
        layout = QTextLayout(flat, font)
        layout.setTextOption(WORD_WRAP)
        layout.beginLayout()
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(width)
            start = line.textStart()
            one = flat[start:start + line.textLength()].strip()
            if one.endswith(SOFT_HYPHEN):  # broken inside a word: it ends in the hyphen the wrap draws there
                lines.append((one[:-1] + "-", math.inf))
            elif one:
                lines.append((one, line.naturalTextWidth() if SOFT_HYPHEN not in one else math.inf))
        layout.endLayout()
    return tuple(lines)


STAMP_TURN = 6.0  # degrees the stamp is turned, anticlockwise
STAMP_PEN = 1.8


def stamp_font(face: CardFace, scale: float | None = None) -> QFont:
    """The stamp's font: as large as the card allows, never below READABLE px on screen."""
    floor = 7 if scale is None else max(7, _floor(scale))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(int(min(face.width / 6, 19)), floor))
    while font.pixelSize() > floor and QFontMetricsF(font).horizontalAdvance(face.stamp) > face.width * 0.8:
        font.setPixelSize(font.pixelSize() - 1)  # PARADOSSO and PARADOJA are longer than PARADOX
    return font


def face_pixmap(face: CardFace, scale: float, ratio: float = 1.0) -> QPixmap:
    """A face painted alone at `scale`, with its 3-pixel margin, for a label or a button."""
    pixmap = QPixmap(int((face.width + 6) * scale * ratio), int((face.height + 6) * scale * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(QColor(0, 0, 0, 0))
    painter = QPainter(pixmap)
    painter.scale(scale, scale)
    painter.translate(3, 3)
    paint_face(painter, face)
    painter.end()
    return pixmap


def paint_face(painter: QPainter, face: CardFace, highlight: bool = False, selected: bool = False,
               dim: bool = False, scale: float | None = None) -> None:
    """Paint a card face at the origin; shared by the table and the large detail view.

    With `scale` (screen pixels per unit) the face shows only what can be read at that size (`shown_texts`).
    """
    w, h = face.width, face.height
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    outline = QPainterPath()
    outline.addRoundedRect(QRectF(0, 0, w, h), 6, 6)
    if face.plate:
        painter.fillPath(outline, QBrush(QColor(face.header)))
        painter.setPen(QPen(QColor(255, 255, 255, 90), 1))
        painter.drawRoundedRect(QRectF(2.5, 2.5, w - 5, h - 5), 4, 4)
    elif face.face_down:
        painter.fillPath(outline, QBrush(QColor(face.header)))
        painter.setPen(QPen(QColor("#f4ead5"), 1.2))
        painter.drawRoundedRect(QRectF(5, 5, w - 10, h - 10), 4, 4)
    else:
        painter.fillPath(outline, QBrush(QColor(face.paper)))
        painter.save()
        painter.setClipPath(outline)
        painter.fillRect(QRectF(0, 0, w, BAND), QColor(face.header))
        painter.restore()
    plan = _paint_plan(face, text_floor(scale))
    shown = plan.shown
    for text in shown:
        painter.setFont(text.font)
        painter.setPen(QColor(text.colour))
        painter.drawText(text.rect, int(text.align | Qt.TextFlag.TextWordWrap), text.text)
    mark = plan.mark_dot
    if mark is not None:
        # Too small to read "[R]": a dot in its corner still tells a reconstructed card.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(mark.colour)))
        painter.drawEllipse(QPointF(mark.rect.right() - 3, mark.rect.center().y()), 2.5, 2.5)
    if scale is not None and plan.more:
        _more_mark(painter, face, scale)
    if face.plate or face.face_down:
        _outline(painter, w, h, highlight, selected, face.border)
        return
    left, top = MARGIN, BAND + 3
    foot = _foot(face)
    room = h - top - foot
    for i, met in enumerate(face.pips):
        painter.setPen(QPen(QColor(PIP), 1.2))
        painter.setBrush(QBrush(QColor(PIP)) if met else Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QRectF(left + i * 11, h - foot + 2, 7, 7))
    if face.stamp:
        painter.save()
        # In the body's place (a stamped card has no body), low enough to leave a two-line title clear,
        # and lower still under a longer title (never past the card's foot).
        font = stamp_font(face, scale)
        name = next((text.rect for text in shown if text.role == "title"), None)
        laid = plan.laid_title
        if name is not None and name != laid:  # a long name given more room: the stamp at the floor's size
            font.setPixelSize(min(font.pixelSize(), next(t.font.pixelSize() for t in shown if t.role == "title")))
        metrics = QFontMetricsF(font)
        tw = metrics.horizontalAdvance(face.stamp)
        frame = QRectF(-tw / 2 - 5, -metrics.height() / 2 - 2, tw + 10, metrics.height() + 4)
        # How far the frame, turned by STAMP_TURN, and its pen reach below its centre: its corners come lower than
        # its edge (a plain half height let the frame run a pixel or two past the card's foot).
        turn = math.radians(STAMP_TURN)
        half = frame.height() / 2 * math.cos(turn) + frame.width() / 2 * math.sin(turn) + STAMP_PEN / 2 + 1
        below = name.bottom() + half if name is not None and name != laid else 0.0
        painter.translate(w / 2, min(max(top + room * 0.52 + room * 0.48 * 0.6, below), h - half))
        painter.rotate(-STAMP_TURN)
        painter.setFont(font)
        colour = QColor(face.stamp_colour)
        colour.setAlpha(200)
        painter.setPen(QPen(colour, STAMP_PEN))
        painter.drawRoundedRect(frame, 3, 3)
        painter.drawText(frame, int(Qt.AlignmentFlag.AlignCenter), face.stamp)
        painter.restore()
    if dim:
        painter.fillPath(outline, QColor(255, 255, 255, 110))
    _outline(painter, w, h, highlight, selected, face.border)


def more_marked(face: CardFace, scale: float) -> bool:
    """Whether a face seen at `scale` wears the corner mark: a field of it is not on it at all (a field
    cut short ends in "…" already)."""
    shown = {text.role for text in shown_texts(face, scale)}
    return any(role not in shown for role in left_out(face, scale) if role != "title")


@dataclass(frozen=True)
class _PaintPlan:
    """What painting a face at one size works out from the face alone."""

    shown: tuple[ShownText, ...]
    mark_dot: TextBox | None  # the [R] mark, too small to read: drawn as a dot
    more: bool  # the corner mark (more_marked)
    laid_title: QRectF  # where face_layout puts the title (an empty rect if it has none)


def _floor(scale: float) -> int:
    """The least item pixels that show READABLE px at `scale` screen pixels per unit."""
    return math.ceil(READABLE / max(scale, 0.05) - 0.001)


def text_floor(scale: float | None) -> int | None:
    """What decides how a face's texts show at `scale` (left_out, shown_texts): its floor. Two scales with the same
    floor show every face alike, so what was measured at one holds at the other (a window a few pixels taller)."""
    return None if scale is None else _floor(scale)


@lru_cache(maxsize=4096)  # every paint of every card asks, and a redraw repaints the whole table (issue #42)
def _paint_plan(face: CardFace, floor: int | None) -> _PaintPlan:
    scale = None if floor is None else READABLE / floor  # any scale with this floor: all that is asked of it
    shown = tuple(shown_texts(face, scale))
    if floor is not None:
        kept_fits.drawn(face, floor)  # fitted while a layout was measured, perhaps: now worth keeping
    layout = face_layout(face)
    mark = next((box for box in layout if box.role == "mark"), None)
    if any(text.role == "mark" for text in shown):
        mark = None
    title = next((box.rect for box in layout if box.role == "title"), QRectF())
    return _PaintPlan(shown, mark, scale is not None and more_marked(face, scale), title)


def _more_mark(painter: QPainter, face: CardFace, scale: float) -> None:
    """Three dots in the lower right corner, left of the [R] dot: there is more to this card than it shows."""
    radius = max(1.0, 1.5 / scale)  # 1.5 px on screen, whatever the scale
    y = face.height - max(5.0, 2 * radius + 2)
    right = face.width - (16.0 if face.reconstructed else 6.0)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor("#ffffff" if face.plate or face.face_down else "#6b6356")))
    for i in range(3):
        painter.drawEllipse(QPointF(right - radius - i * 3.2 * radius, y), radius, radius)


def _outline(painter: QPainter, w: float, h: float, highlight: bool, selected: bool, border: str) -> None:
    if selected:
        painter.setPen(QPen(SELECTED, 3.5))
    elif highlight:
        painter.setPen(QPen(HIGHLIGHT, 3.5))
    else:
        painter.setPen(QPen(QColor(border), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(QRectF(0, 0, w, h), 6, 6)
