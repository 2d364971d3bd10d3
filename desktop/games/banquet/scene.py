"""The Bacchus' Banquet table: the circle of seven around the deck, the three slots, and one
display per player (guest, privileges, row of accepted cards, belt and buckle).

The scene draws one view and never judges a move: the table hands it `dests` made from
legal_moves. Items of cards nobody at the screen may see are keyed by their place
('guest:2', 'in:gift'), never by the card, and wear a back: no secret exists in the scene.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from math import ceil

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsObject, QGraphicsScene, QGraphicsSimpleTextItem,
                               QGraphicsTextItem, QStyleOptionGraphicsItem, QWidget)

from desktop.frame.card_item import PLATE_MARK, READABLE, CardFace, left_out, on_screen
from desktop.frame.card_table import DECK_KEY, DISCARD_KEY, LABEL, CardTable, Dests
from desktop.frame.i18n import Translator
from desktop.games.banquet.faces import CARD, GUEST, PRIVILEGE, ROW_CARD, BanquetFaces, title
from rules.banquet.state import BELT_TOP, CIRCLE_SIZE, SLOT_NAMES, BanquetState
from rules.kernel import HIDDEN

WIDTH, HEIGHT = 1440.0, 880.0
DISPLAY = (460.0, 216.0)  # three side by side fill the table's width
TOP_Y, BOTTOM_Y = 12.0, HEIGHT - 12.0 - DISPLAY[1]
CIRCLE_CENTRE = QPointF(245.0, 440.0)  # midway between the displays above and below
# The circle's seven places, clockwise from the top, in steps of a card and a gap round the deck: three above it,
# one each side, two below. A round circle of cards this size overlaps its neighbours' name bands.
CIRCLE_PLACES = ((0.0, -1.0), (1.0, -1.0), (1.0, 0.0), (0.5, 1.0), (-0.5, 1.0), (-1.0, 0.0), (-1.0, -1.0))
assert len(CIRCLE_PLACES) == CIRCLE_SIZE
SLOT_X, SLOT_Y, SLOT_STEP = 500.0, 300.0, CARD[0] + 10
TRAY_Y = 448.0
PILE_X = SLOT_X + 3 * SLOT_STEP + 24
INFO_X = PILE_X + 2 * SLOT_STEP + 16  # the round's facts, right of the piles
# Inside a display: the guest and the privileges down the left, wide enough for their names whole at 9 px
# in a 1280×720 window (the longest privileges take two lines), the row and the belt on their right.
GIFT_CARD = (74.0, ROW_CARD[1])  # the gift in a display: "Regalo" whole at 9 px on a 1280×720 screen, not "Rega-lo"
GIFT_AT = QPointF(DISPLAY[0] - 8 - GIFT_CARD[0], 24.0)  # where a display holds the gift being offered, or a card waiting for a choice
ROW_X = 8 + GUEST[0] + 8
ROW_WIDTH = GIFT_AT.x() - ROW_X - 8  # the row's room while the gift's place is kept free
BELT_AT = QPointF(8 + PRIVILEGE[0] + 6, 162.0)  # low enough for the row's plates above it
BELT_SIZE = (DISPLAY[0] - 8 - BELT_AT.x(), 30.0)
ROW_TOP, ROW_BOTTOM = 26.0, BELT_AT.y() - 3
ROW_WIDEST = 1.5 * ROW_CARD[0]  # a few cards in a row take its spare width: wider lines, not a banner
# Screen pixels per unit on a 1280×720 screen, where a window manager's title bar and borders leave the window
# 1264×672 (0.60; a bare 1280×720 window gives 0.66): what a card's text must read at.
SMALLEST_SCALE = 0.60
NAME_PIXEL = ceil(READABLE / SMALLEST_SCALE - 0.001)  # a name's size in scene units that shows at 9 px there (15)
GROW_STEP = 4.0  # a guest grows for its progress lines by this much at a time
WIDEST_GUEST = PRIVILEGE[0]  # a guest widened for its progress lines stays within the privileges under it
TRAY_KEY = "zone:tray"
REMOVED_KEY = "zone:removed"


def seat_key(seat: int) -> str:
    return f"seat:{seat}"


def slot_key(slot: str) -> str:
    return f"slot:{slot}"


def in_slot_key(slot: str) -> str:
    return f"in:{slot}"


@dataclass
class Drawing:
    """One picture of the table: the view and who looks, plus what the table holds before it is a move."""

    view: BanquetState
    names: list[str]
    viewer: int | None
    acting: int | None
    curtain: str = ""
    picks: list[str] = field(default_factory=list)  # chosen from the circle, not yet a PickCards
    placing: dict[str, str] = field(default_factory=dict)  # slot -> card, not yet an Arrange
    status: dict[int, str] = field(default_factory=dict)  # seat -> a word in its band
    fates: dict[str, str] = field(default_factory=dict)  # picked card -> where it went, for everyone
    progress: dict[int, str] = field(default_factory=dict)  # seat -> objective progress, only for eyes allowed
    winners: list[int] = field(default_factory=list)
    lines: dict[str, str] = field(default_factory=dict)  # caption name -> text
    seat_notes: dict[int, str] = field(default_factory=dict)
    instant: set[str] = field(default_factory=set)  # keys a click plays at once (their one target)


Layout = tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...], bool]  # sizes, places, full cards
Reach = tuple[tuple[float, float, float], ...]  # (top, left, right): a line of plates from that height down may span so


def _row_places(plates: list[CardFace], room: float, bottom: float = ROW_BOTTOM, names: list[str] | None = None,
                left: float = ROW_X, reach: Reach = ()) -> tuple[list[tuple[float, float]], list[QPointF], bool]:
    """The size and place of each card of a row (_row_layout), laid out once for the same plates, names and room:
    each redraw lays out every display's row, and most rows have not changed (issue #42)."""
    sizes, places, full = _row_layout(tuple(plates), room, bottom,
                                      tuple(plate.title for plate in plates) if names is None else tuple(names), left,
                                      reach)
    return list(sizes), [QPointF(x, y) for x, y in places], full


@lru_cache(maxsize=1024)
def _row_layout(plates: tuple[CardFace, ...], room: float, bottom: float, names: tuple[str, ...],
                left: float, reach: Reach = ()) -> Layout:
    """The size and place (in the display) of each card of a row `room` wide, given the plates it would
    show in a crowd (name and value) and the cards' `names`, and whether they are full cards: one line of
    full cards while they fit with their names whole, as wide as the row leaves them up to ROW_WIDEST (a
    kind label sent to the foot, "Verlichting", reads in one line there), then plates in two columns
    (three if two do not fit), the names that take two lines (three, where the row has the height) at
    NAME_PIXEL paired on the same lines, each line as tall as its names need, so every name and value shows
    whole; then, where columns cut a name, plates as wide as their own words (_flowed), the lines low enough
    spanning the room `reach` gives them (under the guest, under the gift held beside the row); never
    overlapping. The row starts `left` units into the display (right of its guest)."""
    count = len(plates)
    font = QFont()
    font.setBold(True)
    font.setPixelSize(NAME_PIXEL)
    metrics = QFontMetricsF(font)
    line = metrics.height()
    per_line = max(1, int((room + 4) // (ROW_CARD[0] + 4)))
    width = min(ROW_WIDEST, max(ROW_CARD[0], (room + 4) / max(1, count) - 4))
    # A full card's name has its width less the margins and three lines under its band (card_item.face_layout).
    card_text = width - 12
    if count <= per_line and all(metrics.horizontalAdvance(word) <= card_text and metrics.boundingRect(
            QRectF(0, 0, card_text, 1000), int(Qt.TextFlag.TextWordWrap), name).height() <= 3 * line
                                 for name in names for word in name.split()):
        return ((width, ROW_CARD[1]),) * count, tuple((left + i * (width + 4), ROW_TOP) for i in range(count)), True

    def lines_for(plate: CardFace, width: float) -> int:
        """How many lines a plate `width` wide needs for its name (9: more than it can hold)."""
        text_width = width - 4 - (PLATE_MARK if plate.reconstructed else 4)  # card_item.face_layout's plate
        rect = metrics.boundingRect(QRectF(0, 0, text_width, 1000), int(Qt.TextFlag.TextWordWrap), plate.title)
        return round(rect.height() / line) if rect.width() <= text_width + 0.5 else 9

    choices = []
    for columns in (2, 3):
        width = (room - (columns - 1) * 4) / columns
        needs = [lines_for(plate, width) for plate in plates]
        # Two lines a plate at most, or three where the row has the height ("Lingue di fenicottero +3").
        for most in (2, 3):
            order = sorted(range(count), key=lambda i: -min(most, needs[i]))
            heights = [min(most, needs[order[i]]) * line + 5 for i in range(0, count, columns)]
            crowded = sum(heights) + (len(heights) - 1) * 3 > bottom - ROW_TOP
            choices.append((crowded, sum(1 for n in needs if n > most), columns, most, width, heights, order))
    # The first that fits with every name whole; else the one that leaves fewest names cut.
    crowded, cut, columns, _most, width, heights, order = min(choices)
    if crowded or cut:
        flowed = _flowed(plates, room, bottom, left, metrics, reach)
        if flowed is not None:
            return flowed
    if crowded:  # more plates than the room holds even so: one line each, as many lines as it takes, names cut
        lines = ceil(count / columns)
        heights = [(bottom - ROW_TOP - (lines - 1) * 3) / lines] * lines
        order = list(range(count))
    sizes = [(width, 0.0)] * count
    places = [(0.0, 0.0)] * count
    y = ROW_TOP
    for first, high in zip(range(0, count, columns), heights):
        for k, i in enumerate(order[first:first + columns]):
            sizes[i] = (width, high)
            places[i] = (left + k * (width + 4), y)
        y += high + 3
    return tuple(sizes), tuple(places), False


def _flowed(plates: tuple[CardFace, ...], room: float, bottom: float, left: float, metrics: QFontMetricsF,
            reach: Reach) -> Layout | None:
    """A crowded row as plates each as wide as its name and value need at NAME_PIXEL, side by side as many as a
    line of the row holds: lines of one line of text (two, for the widest plates, where the row's height is not
    enough for them in one), the fewest of them that hold the row, None if the row's height holds too few. The
    widest plate goes first, each into the line it leaves least room in; every line then shares out its spare
    width. Columns of equal plates wrap a name like "Aceitunas +1" onto a second line the row has no height for,
    where a short "Carpa +2" leaves its neighbour the width to read in one. A line whose top is as low as a rule of
    `reach` spans from that rule's left to its right, as far as the rules it is low enough for reach."""
    # A plate's text lies 1 unit under its top and 4 units in from its left, 4 (a reconstructed card: its mark's
    # corner) from its right (card_item.face_layout); its lines are set as Qt sets them, a whole pixel apart.
    high = {n: metrics.boundingRect(QRectF(0, 0, 1000, 1000), int(Qt.TextFlag.TextWordWrap), "\n".join("X" * n)
                                    ).height() + 3 for n in (1, 2)}
    margins = [4 + (PLATE_MARK if plate.reconstructed else 4) + 1 for plate in plates]
    needs = {1: [ceil(_text_width(metrics, plate.title, 1)) + m for plate, m in zip(plates, margins)],
             2: [ceil(_text_width(metrics, plate.title, 2)) + m for plate, m in zip(plates, margins)]}
    order = sorted(range(len(plates)), key=lambda i: -needs[1][i])
    room_left = bottom - ROW_TOP + 3
    patterns = [[2] * twos + [1] * ones  # the taller lines at the top: the lower lines reach wider, and hold more
                for twos in range(int(room_left // (high[2] + 3)) + 1)
                for ones in range(int((room_left - twos * (high[2] + 3)) // (high[1] + 3)) + 1) if twos + ones]
    for tall in patterns:
        tops = [ROW_TOP + sum(high[n] + 3 for n in tall[:k]) for k in range(len(tall))]
        spans = [(min([left, *(x for y, x, _ in reach if top >= y)]),
                  max([left + room, *(x for y, _, x in reach if top >= y)])) for top in tops]
        left_over = [right - start for start, right in spans]
        lines: list[list[int]] = [[] for _ in tall]
        for i in order:
            fits = [k for k in range(len(tall)) if needs[tall[k]][i] + (4 if lines[k] else 0) <= left_over[k]]
            if not fits:
                break
            k = min(fits, key=lambda k: left_over[k])
            left_over[k] -= needs[tall[k]][i] + (4 if lines[k] else 0)
            lines[k].append(i)
        else:
            sizes = [(0.0, 0.0)] * len(plates)
            places = [(0.0, 0.0)] * len(plates)
            for k, held in enumerate(lines):
                spare = left_over[k] / max(1, len(held))
                x = spans[k][0]
                for i in held:
                    sizes[i] = (needs[tall[k]][i] + spare, high[tall[k]])
                    places[i] = (x, tops[k])
                    x += sizes[i][0] + 4
            return tuple(sizes), tuple(places), False
    return None


def _text_width(metrics: QFontMetricsF, text: str, lines: int) -> float:
    """The least width `text` takes wrapped into `lines` lines at most, as laid out (the advance, not the ink's
    narrower bounds), as a plate will fit it. The row's layout is kept (_row_layout): measured once a row."""
    def wrapped(width: float) -> QRectF:
        return metrics.boundingRect(QRectF(0, 0, width, 10_000), int(Qt.TextFlag.TextWordWrap), text)

    whole = wrapped(10_000).width()
    low, high = 1, ceil(whole)  # the widths that hold it are high and up: found in halves
    while low < high:
        middle = (low + high) // 2
        rect = wrapped(middle)
        if rect.width() <= middle + 0.5 and round(rect.height() / metrics.height()) <= lines:
            high = middle
        else:
            low = middle + 1
    return min(whole, wrapped(high).width())


class BeltItem(QGraphicsObject):
    """A leather belt with holes 0-10 and the buckle at the character's position (BB-10.8)."""

    def __init__(self) -> None:
        super().__init__()
        self.position = 0
        self.seated = True
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # painted again only when it changes

    def set_state(self, position: int, seated: bool) -> None:
        if (position, seated) != (self.position, self.seated):
            self.position, self.seated = position, seated
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt override
        return QRectF(-2, -2, BELT_SIZE[0] + 4, BELT_SIZE[1] + 4)

    @staticmethod
    def number_pixel(scale: float) -> int:
        """The holes' numbers: 10 px, larger when the belt is drawn small, as far as a hole holds them."""
        return max(10, min(18, ceil(READABLE / max(scale, 0.05) - 0.001)))

    def painted_texts(self, scale: float) -> list[tuple[str, float]]:
        """The texts paint() draws by hand, with their size in the item's units (for the legibility check)."""
        return [(str(n), float(self.number_pixel(scale))) for n in range(BELT_TOP + 1)]

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        w, h = BELT_SIZE
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#3b2412"), 1))
        painter.setBrush(QBrush(QColor("#8b5a2b" if self.seated else "#6f6a60")))
        painter.drawRoundedRect(QRectF(0, 4, w, h - 8), 5, 5)
        step = (w - 24) / BELT_TOP
        font = QFont()
        font.setPixelSize(self.number_pixel(on_screen(painter.worldTransform())))
        font.setBold(True)
        painter.setFont(font)
        for n in range(BELT_TOP + 1):
            x = 12 + n * step
            if self.seated and n == self.position:
                painter.setPen(QPen(QColor("#5c4300"), 1.5))
                painter.setBrush(QBrush(QColor("#f2c14e")))
                painter.drawRoundedRect(QRectF(x - 11, 0, 22, h), 4, 4)
                painter.setPen(QColor("#2b1d00"))
            else:
                painter.setPen(QColor("#f3e3c3"))
            painter.drawText(QRectF(x - 11, 0, 22, h), int(Qt.AlignmentFlag.AlignCenter), str(n))


class BanquetScene(CardTable):
    def __init__(self, faces: BanquetFaces, tr: Translator) -> None:
        super().__init__(tr, WIDTH, HEIGHT)
        # Few items, many of them sliding after each move: keeping an index costs more than it saves.
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.NoIndex)
        self.faces = faces
        self.drawing: Drawing | None = None
        self.chosen: tuple[str, str] = ("", "")  # the card and target of the last move chosen on the felt
        self.instant: set[str] = set()
        self.hand: list[str] = []
        self.belts: dict[int, BeltItem] = {}
        self._labels = {name: self.label((0, 0), pixel=pixel, bold=bold) for name, pixel, bold in (
            ("status", 17, True), ("slots", NAME_PIXEL, False), ("tray", NAME_PIXEL, False),
            ("info", NAME_PIXEL, False))}  # as small as a name: 9 px on screen in the smallest window
        self._seat_labels: dict[int, QGraphicsSimpleTextItem] = {}
        self.news = QGraphicsTextItem()  # what just happened: it may run to two lines, so it wraps
        font = QFont()
        font.setPixelSize(16)
        font.setBold(True)
        self.news.setFont(font)
        self.news.setDefaultTextColor(QColor(LABEL))
        self.news.setTextWidth(WIDTH - SLOT_X - 20)
        self.news.setPos(SLOT_X - 4, TRAY_Y + CARD[1] + 16)
        self.addItem(self.news)
        self.picked_list = QGraphicsTextItem()  # the round's three, named in the tray once they are arranged
        self.picked_list.setFont(self._labels["tray"].font())
        self.picked_list.setDefaultTextColor(QColor(LABEL))
        self.picked_list.setTextWidth(2 * SLOT_STEP + CARD[0])
        self.picked_list.setPos(SLOT_X + 4, TRAY_Y + 6)
        self.picked_list.setZValue(3)  # over the tray's zone
        self.addItem(self.picked_list)
        self._name_labels: dict[int, QGraphicsSimpleTextItem] = {}
        self._displays: dict[int, tuple[object, list[tuple[str, CardFace, QPointF, float]]]] = {}  # as last drawn

    # --- positions ------------------------------------------------------------------------

    @staticmethod
    def display_origin(seat: int, seats: int) -> QPointF:
        """Seats run clockwise: along the top from the left, then along the bottom from the right."""
        top = (seats + 1) // 2
        if seat < top:
            row_x = (WIDTH - top * DISPLAY[0] - (top - 1) * 20) / 2
            return QPointF(row_x + seat * (DISPLAY[0] + 20), TOP_Y)
        bottom = seats - top
        k = seat - top
        row_x = (WIDTH - bottom * DISPLAY[0] - (bottom - 1) * 20) / 2
        return QPointF(row_x + (bottom - 1 - k) * (DISPLAY[0] + 20), BOTTOM_Y)

    @staticmethod
    def circle_point(position: int) -> QPointF:
        across, down = CIRCLE_PLACES[position]
        return QPointF(CIRCLE_CENTRE.x() + across * (CARD[0] + 10) - CARD[0] / 2,
                       CIRCLE_CENTRE.y() + down * (CARD[1] + 8) - CARD[1] / 2)

    @staticmethod
    def slot_point(slot: str) -> QPointF:
        return QPointF(SLOT_X + SLOT_NAMES.index(slot) * SLOT_STEP, SLOT_Y)

    @staticmethod
    def tray_point(i: int) -> QPointF:
        return QPointF(SLOT_X + 6 + i * SLOT_STEP, TRAY_Y + 6)

    # --- drawing -------------------------------------------------------------------------

    def show_banquet(self, drawing: Drawing, dests: Dests) -> None:
        self.drawing = drawing
        self.instant = set(drawing.instant)
        self.set_dests(dests)
        view, faces, t = drawing.view, self.faces, self.translator.text
        wanted: dict[str, tuple[QPointF, float]] = {}

        def put(key: str, face: CardFace, pos: QPointF, z: float) -> None:
            assert key not in wanted, key
            self.put(key, face)
            wanted[key] = (pos, z)

        # The deck in the middle of the circle, the circle around it.
        put(DECK_KEY, faces.back(t("table.deck", count=len(view.deck))),
            CIRCLE_CENTRE - QPointF(CARD[0] / 2, CARD[1] / 2), 0)
        circle = [c for c in view.circle if c is not None and c not in drawing.picks]
        for place, card in enumerate(view.circle):
            if card is not None and card in circle:
                put(card, faces.action(card), self.circle_point(place), 1)
        self.hand = list(drawing.picks) if view.phase == "pick" else [c for c in view.hand if c not in
                                                                         drawing.placing.values()]
        # The three slots and what lies in them.
        for slot in SLOT_NAMES:
            put(slot_key(slot), faces.zone(slot, t(f"slot.{slot}")), self.slot_point(slot), 0)
        for slot, card in drawing.placing.items():
            put(card, faces.action(card, CARD, t(f"slot.{slot}")), self.slot_point(slot), 2)
        for slot, card in view.slots.items():
            if card is None:
                continue
            if slot == "gift" and view.holder is not None:  # above the holder's row
                pos, size, z = self.display_origin(view.holder, view.seats) + GIFT_AT, GIFT_CARD, 30.0
            else:
                pos, size, z = self.slot_point(slot), CARD, 2.0
            slot_name = t(f"slot.{slot}")
            face = faces.back(slot_name, size) if card == HIDDEN else faces.action(card, size, slot_name)
            put(in_slot_key(slot), face, pos, z)
        # The tray: the picks being chosen, the cards to arrange, then the round's three with their fates.
        put(TRAY_KEY, faces.zone("tray", "", (2 * SLOT_STEP + CARD[0] + 12, CARD[1] + 12)),
            QPointF(SLOT_X, TRAY_Y), 0)
        if view.phase in ("pick", "arrange"):
            for i, card in enumerate(self.hand if view.phase == "pick" else view.hand):
                if card not in drawing.placing.values():
                    put(card, faces.action(card), self.tray_point(i), 2)
        # Once arranged, the three lie in the slots (then in a row, a pile, on their way): drawn there, once. The
        # tray names them, for everyone knows which three they are (BB-5.1), and where each went.
        picked = "\n".join(self.fated(card, drawing.fates.get(card, "")) for card in view.picked) \
            if view.phase not in ("pick", "arrange") else ""
        if self.picked_list.toPlainText() != picked:  # the same words set again are laid out and repainted again
            self.picked_list.setPlainText(picked)
        # The piles.
        put(DISCARD_KEY, faces.back(t("table.discard_pile", count=len(view.discard_pile))),
            QPointF(PILE_X, SLOT_Y), 0)
        top = view.removed[-1] if view.removed else None
        removed_face = faces.zone("removed", t("table.removed_pile", count=len(view.removed)))
        if top is not None:
            removed_face = faces.detail_face(top)
        put(REMOVED_KEY, removed_face, QPointF(PILE_X + SLOT_STEP, SLOT_Y), 0)
        # The displays.
        for seat in range(view.seats):
            self._display(seat, drawing, put)
        self.place(wanted)
        self._captions(drawing)
        self.refresh_marks()
        self.set_curtain(drawing.curtain)

    def fated(self, card: str, fate: str) -> str:
        """A card of the round named, with where it went as far as the eyes looking know."""
        name = title(self.translator, card)
        return f"{name} {fate}" if fate.startswith("→") else f"{name} ({fate})" if fate else name

    def _display(self, seat: int, drawing: Drawing, put: Callable[[str, CardFace, QPointF, float], None]) -> None:
        view = drawing.view
        origin = self.display_origin(seat, view.seats)
        name = drawing.names[seat] if seat < len(drawing.names) else str(seat + 1)
        pending = view.pending
        holds = view.holder == seat and view.slots["gift"] is not None or pending is not None and pending.to == seat
        # Everything the display's cards are drawn from, as the eyes looking now see it: the same as last time, they
        # are laid as they were (issue #42).
        known = (view.seats, drawing.status.get(seat, ""), drawing.acting == seat, view.guests[seat],
                 seat in drawing.winners, drawing.progress.get(seat, ""), tuple(view.privileges[seat]),
                 tuple(view.rows[seat]), holds, pending.card if pending is not None and pending.to == seat else "",
                 self.translator.language)
        kept = self._displays.get(seat)
        if kept is None or kept[0] != known:
            kept = self._displays[seat] = (known, self._display_cards(seat, drawing, origin, holds))
        for key, face, pos, z in kept[1]:
            put(key, face, pos, z)
        caption = self._name_labels.get(seat)
        if caption is None:
            caption = self._name_labels[seat] = self.label((0, 0), pixel=15, bold=True, colour="#ffffff")
            caption.setZValue(5)
        caption.setPos(origin.x() + 8, origin.y())
        caption.setText(name)  # Qt skips the same words: nothing repainted
        belt = self.belts.get(seat)
        if belt is None:
            belt = self.belts[seat] = BeltItem()
            self.addItem(belt)
        belt.setPos(origin + BELT_AT)
        belt.setZValue(1)
        belt.set_state(view.belts[seat], view.guests[seat] is not None)
        note = self._seat_labels.get(seat)
        if note is None:
            note = self._seat_labels[seat] = self.label((0, 0), pixel=NAME_PIXEL)
        top = BELT_AT.y() + BELT_SIZE[1] + 6
        # Right of the privileges, clear of a ringed one; with none, from the display's left where the guest's foot
        # leaves the felt bare: "Wijnpunten: 1 · Eerder uitgeschakeld: Claudius" ran past the display's edge.
        guest_foot = next(pos.y() - origin.y() + face.height
                          for key, face, pos, _z in kept[1] if key == f"guest:{seat}")
        left = 12.0 if not view.privileges[seat] and guest_foot + 4 <= top else BELT_AT.x() + 4
        note.setPos(origin.x() + left, origin.y() + top)
        note.setText(drawing.seat_notes.get(seat, ""))

    def _display_cards(self, seat: int, drawing: Drawing, origin: QPointF,
                       holds: bool) -> list[tuple[str, CardFace, QPointF, float]]:
        """A display's plate, guest, privileges, row and the card waiting for a choice: key, face, place, z."""
        view, faces, t = drawing.view, self.faces, self.translator.text
        cards: list[tuple[str, CardFace, QPointF, float]] = []

        def put(key: str, face: CardFace, pos: QPointF, z: float) -> None:
            cards.append((key, face, pos, z))

        put(seat_key(seat), faces.plate(DISPLAY[0], DISPLAY[1], "", drawing.status.get(seat, ""), "",
                                        drawing.acting == seat), origin, 0)
        guest = view.guests[seat]
        if guest is None:
            face = faces.back(t("table.sits_out"), GUEST)
        elif guest == HIDDEN:
            face = faces.back(t("table.guest_back"), GUEST)
        else:
            won = seat in drawing.winners  # the stamp takes the place of the progress lines
            progress, stamp = "" if won else drawing.progress.get(seat, ""), t("table.winner") if won else ""
            face = faces.guest(guest, progress, stamp)
            # Longer progress lines (Dutch) take the bare felt down to the privileges, as far as they need
            # to read whole in the smallest window; the progress shown is the one its viewer may see.
            top_privilege = DISPLAY[1] - 4 - len(view.privileges[seat]) * (PRIVILEGE[1] + 4)
            tallest = top_privilege - 4 - 24
            while left_out(face, SMALLEST_SCALE) and face.height + GROW_STEP <= tallest:
                face = faces.guest(guest, progress, stamp, face.height + GROW_STEP)
            # Where the privileges leave it no height ("Uitgeschakeld 0/3" over a fourth line), it widens into
            # the row's room instead, never past the privileges' own width.
            while left_out(face, SMALLEST_SCALE) and face.width + GROW_STEP <= WIDEST_GUEST:
                face = faces.guest(guest, progress, stamp, face.height, face.width + GROW_STEP)
        row_x = 8 + face.width + 8
        put(f"guest:{seat}", face, origin + QPointF(8, 24), 1)
        for i, card in enumerate(view.privileges[seat]):
            shown = card != HIDDEN
            key = card if shown else f"priv:{seat}:{i}"
            # From the display's foot up: a single privilege leaves the row its room down to the belt.
            put(key, faces.privilege(card if shown else None),
                origin + QPointF(8, DISPLAY[1] - 4 - (i + 1) * (PRIVILEGE[1] + 4)), 1)
        row = view.rows[seat]
        pending = view.pending
        # The gift's place is kept free only while needed; a widened guest takes its extra width from the row.
        room = (ROW_WIDTH if holds else DISPLAY[0] - ROW_X - 8) - (row_x - ROW_X)
        plates = [faces.row_plate(card, ROW_CARD) for card in row]
        lowest = DISPLAY[1] - 4 - len(view.privileges[seat]) * (PRIVILEGE[1] + 4)  # the top privilege's top
        names = [faces.action(card, ROW_CARD).title for card in row]
        # A crowded row's lower lines may take the felt under the guest (the privileges lie lower than the row) and,
        # while the display holds the gift, the display's width under it.
        reach = ((24 + face.height + 4, 8.0, row_x + room),
                 *(((GIFT_AT.y() + GIFT_CARD[1] + 3, row_x, DISPLAY[0] - 8),) if holds else ()))
        sizes, places, full = _row_places(plates, room, min(ROW_BOTTOM, lowest - 3), names, row_x, reach)
        for i, (card, size, pos) in enumerate(zip(row, sizes, places)):
            put(card, faces.action(card, size) if full else faces.row_plate(card, size), origin + pos, 2 + i)
        if pending is not None and pending.to == seat:
            put(pending.card, faces.action(pending.card, ROW_CARD, t("table.waiting")), origin + GIFT_AT, 30)
        return cards

    def _captions(self, drawing: Drawing) -> None:
        lines = drawing.lines
        if self.news.toPlainText() != lines.get("news", ""):
            self.news.setPlainText(lines.get("news", ""))
        # A caption's foot clear of the focus ring round the cards under it, at NAME_PIXEL (15: "questo" dipped into it).
        spots = {"status": (SLOT_X, 238.0), "slots": (SLOT_X, SLOT_Y - 26),
                 "tray": (SLOT_X, TRAY_Y - 26), "info": (INFO_X, SLOT_Y)}
        for name, item in self._labels.items():
            item.setPos(*spots[name])
            item.setText(lines.get(name, ""))
        for extra in (self.belts, self._seat_labels, self._name_labels):  # fewer seats than last time
            for seat in [s for s in extra if s >= drawing.view.seats]:
                self.removeItem(extra.pop(seat))

    def redraw(self) -> None:
        if self.drawing is not None:
            self.show_banquet(self.drawing, self.dests)

    def retranslate(self) -> None:
        self.faces.clear()
        self._displays.clear()
        super().retranslate()

    def own_cards(self) -> list[str]:
        drawing = self.drawing
        if drawing is None or drawing.viewer is None:
            return []
        view, seat = drawing.view, drawing.viewer
        return [f"guest:{seat}", *(card for card in view.privileges[seat] if card != HIDDEN), *view.rows[seat]]

    def private_cards(self) -> list[str]:
        """The whole hand (not only the cards that may move now), the gift held, then the player's own area."""
        gift = [key for key in (in_slot_key("gift"),) if key in self.items_by_key]
        return list(dict.fromkeys([*self.hand, *gift, *self.own_cards()]))

    # --- choosing ---------------------------------------------------------------------------

    def hand_cards(self) -> list[str]:
        if self.instant:
            return [c for c in self.instant_order() if c in self.dests]
        return [c for c in self.hand if c in self.dests] or [k for k in self.dests if self.dests[k]]

    def instant_order(self) -> list[str]:
        view = self.drawing.view if self.drawing is not None else None
        return [c for c in (view.circle if view is not None else []) if c is not None and c in self.instant]

    def click_card(self, card: str) -> None:
        """A card whose only use is one place (a circle card while picking) goes there on a click; the
        keyboard picks it up like any other, so Tab never plays."""
        targets = self.dests.get(card, {})
        if card in self.instant and len(targets) == 1:
            self.selected = card
            self.activate(next(iter(targets)))
            return
        super().click_card(card)

    def activate(self, target: str | None = None) -> bool:
        key = self.focus_target if target is None else target
        self.chosen = (self.selected, key)
        return super().activate(target)

    def accessible_text(self, key: str) -> tuple[str, str]:
        """A display said with its owner, gifts and belt; the rest from its face (a back says only that)."""
        drawing = self.drawing
        if drawing is not None and key.startswith("seat:"):
            seat = int(key[5:])
            view = drawing.view
            name = drawing.names[seat] if seat < len(drawing.names) else str(seat + 1)
            return (self.translator.text("a11y.display", player=name, count=len(view.rows[seat]), belt=view.belts[seat]),
                    drawing.status.get(seat, ""))
        if drawing is not None and key == TRAY_KEY:  # a bare zone: named by the caption over it
            return drawing.lines.get("tray", ""), self.picked_list.toPlainText().replace("\n", "; ")
        if key.startswith("priv:") and key in self.items_by_key:  # another's privilege: a plate without its name
            return self.translator.text("a11y.face_down"), self.items_by_key[key].face.title
        return super().accessible_text(key)

    def drop_zones(self) -> list[str]:
        return [key for key in self.items_by_key
                if key.startswith(("seat:", "slot:", "guest:", "in:")) or key == TRAY_KEY]
