"""The Chrononauts and Artifaxx table: seats, the timeline, the resolving zone and one hand.

It reuses the Solonauts scene's dragging, clicking and keyboard paths; only what is drawn
differs. The scene draws one view of the state and never judges a move: the window hands it
`dests` (card -> target key -> move) made from legal_moves. While the curtain is up the
window gives it the public view, so no secret card of anybody exists as an item.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import product
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QPointF

from desktop.frame import card_table, kept_fits
from desktop.frame.card_item import READABLE, CardFace, CardItem, left_out, text_floor
from desktop.frame.card_table import seen_scale
from desktop.frame.growth import first_true, kept
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.faces import (HAND_SIZE, PATCH_MARGIN, SEAT_SIZE, WIDEN_STEP, ChrononautsFaces,
                                              artifact_plate, full_face, hand_width, seat_face,
                                              tall_enough, year_sides)
from desktop.games.chrononauts.solonauts_scene import DECK_KEY, DISCARD_KEY, GAP, MARGIN, Dests, SolonautsScene
from rules.chrononauts.full_state import FullState
from rules.chrononauts.timeline import Timeline
from rules.kernel import HIDDEN

K = TypeVar("K")
V = TypeVar("V")

CAPTION = 15  # px: a caption on the felt still reads at 9 px in a 1280×720 window
STACK_KEY = "zone:stack"  # the resolving zone: cards that need no target are dropped here
# The timeline over the table's whole width; under it the viewer's row and hand on the left and the seats in
# two columns on the right, each with its artifacts under it: a table wider than tall, like the windows it is
# shown in. Its size follows the view's (TableShape): the least floor its texts can have there (card_item.text_floor)
# decides the scale, and the table takes all the room that scale leaves, as wide as the view allows and as tall as
# its rows of years and its hand need at that width. A 1320-unit table left kind labels and rule texts out of the
# years, the hand and the Mission in the window a real 1280×720 screen gives (1264×672), with felt bare beside it.
WIDTH = 1320.0  # the narrowest table
WIDEST = 1800.0  # a wider window's felt stays bare on either side
WIDTH_STEP = 40.0  # a table's widths: a window dragged a little keeps its table, measured once
TIMELINE_Y = 12.0  # the top row's focus ring still on the felt
YEAR_LOW, YEAR_HIGH, YEAR_STEP = 92.0, 148.0, 4.0
# The hand's cards are as tall as the deck's cards need to read whole in a hand of HAND_OF (three dealt, one drawn)
# at the width the row gives them, up to HAND_HIGH: the hand's words were cut at 116 units in every language.
HAND_OF, HAND_HIGH = 4, 180.0
ROW_DROP = 36.0  # from the timeline's foot to the row: the row's caption, clear of a focus ring round a year
SEATS_W = 2 * SEAT_SIZE[0] + GAP
HAND_DROP = HAND_SIZE[1] + 34  # from the row to the hand, past its caption
SEAT_Y = 12.0  # Artifaxx's seats: one column down the right
# A seat's plate from a name and one line to a name and four (a computer's level, its cards, its ID and Mission),
# in a 1280x720 screen's window; a computer's plate among six seats at the window such a screen gives (1264x672) is
# seen at under half size, on a table as wide as its words allow (TableShape), and needs some 148.
SEAT_LOW, SEAT_HIGH = 36.0, 176.0
SEAT_GAP = 4.0  # between a seat's last artifact and the next seat down its column: three seats share it
# A timeline row's height by its years' faces and the scale, for every table, where the table is seen smaller than its
# shape was measured for (a long column of seats): a new game's timeline has the same words as the last one.
_ROW_HEIGHTS: dict[tuple[tuple[CardFace, ...], int | None], float] = {}
ROW_HEIGHTS_KEPT = 64  # four rows in a few languages at a few windows' scales
# A seat's plate by its words and the floor of its scale, for every table: the same players sit at the next game,
# and a seat's count of cards goes up and down through the same few numbers.
_SEAT_FACES: dict[tuple[str, str, bool, str, int | None], CardFace] = {}
SEAT_FACES_KEPT = 512
# An artifact's plate under its seat by its name and the floor of its scale: as tall as the name needs there, up to
# four lines ("Mona Lisa, falsa" was cut on one line, under a seat of six at 1264x672).
_ARTIFACT_FACES: dict[tuple[CardFace, int | None], CardFace] = {}
ARTIFACT_HIGH = 84.0
# Artifaxx has no timeline (CHR-15.1): nothing is drawn for it, and its room goes to larger cards, the
# Mission with its three artifacts, the resolving zone, the piles and the hand, in two rows. They fill the
# window's height too, and their texts are drawn larger with them: each is a face LIGHT_ZOOM times smaller
# than the place it takes, shown LIGHT_ZOOM times larger (its words half as large again as Chrononauts').
LIGHT_CARD = (176.0, 264.0)
LIGHT_ZOOM = 1.5
LIGHT_FACE = (LIGHT_CARD[0] / LIGHT_ZOOM, LIGHT_CARD[1] / LIGHT_ZOOM)
LIGHT_LEFT_W = 5 * (LIGHT_CARD[0] + GAP) - GAP  # the Mission, the zone and its fan, the piles: a narrower
# table than Chrononauts', drawn larger in the same window
# The ID and the Mission left of the resolving zone, beside the timeline's game: an ID (a name and three years) reads
# whole at a hand card's width, a Mission (three artifacts) needs two columns or more.
MISSION_LOW, MISSION_HIGH = 2 * HAND_SIZE[0] + GAP, 3 * HAND_SIZE[0] + 2 * GAP
# A Mission's width by the set's Missions and the scale's floor, for every table.
_MISSION_WIDTHS: dict[tuple[tuple[CardFace, ...], int | None], float] = {}
HAND_WIDEST = 3 * HAND_SIZE[0]  # a hand card given the row's bare felt, three of them to the row
LIGHT_ROW_Y = 34.0
LIGHT_HAND_Y = LIGHT_ROW_Y + LIGHT_CARD[1] + 40  # the caption between clear of a ring round the larger cards
LIGHT_HEIGHT = LIGHT_HAND_Y + LIGHT_CARD[1] + MARGIN


STACK_STEP = 30.0  # the least a card on the resolving zone shows of the one under it


@dataclass(frozen=True)
class TableShape:
    """How wide the Chrononauts table is, how tall each row of its timeline and its hand: the window's size and the
    language decide it, never what is dealt."""

    width: float = WIDTH
    rows: tuple[float, ...] = (YEAR_LOW,) * 4
    hand_h: float = HAND_SIZE[1]
    floor: int | None = None  # the texts' floor the heights were measured at (None: before a view shows the table)

    @property
    def year_w(self) -> float:
        """A year's width: eight to a row over the whole width."""
        return (self.width - 2 * MARGIN + GAP) / 8 - GAP

    @property
    def left_w(self) -> float:
        """The width of the row and the hand, left of the seats' two columns."""
        return self.width - 2 * MARGIN - SEATS_W - 2 * GAP

    @property
    def hand_w(self) -> float:
        """The width a card of a hand of HAND_OF gets from the row's width."""
        return min(HAND_WIDEST, (self.left_w + GAP) / HAND_OF - GAP)

    @property
    def row_y(self) -> float:
        """The top of the row (the viewer's ID and Mission, the resolving zone, the piles), under the timeline."""
        return TIMELINE_Y + sum(self.rows) + (len(self.rows) - 1) * GAP + ROW_DROP

    @property
    def height(self) -> float:
        """The table's height down to the hand's foot (a long column of seats may go further)."""
        return self.row_y + HAND_DROP + self.hand_h + MARGIN


def _tall_enough(faces: list[CardFace], high: float, scale: float | None) -> float:
    """The least height from the `faces`' own up to `high`, in YEAR_STEPs, at which they all show whole at `scale`
    (else `high`, all there is), as tall_enough finds it for each, but the search shared: the wordiest face's need is
    found by halving, and each other face is first asked whether it shows whole at the height found so far (most
    do: one fit each, where halving for them all fitted every face at each height tried)."""
    if scale is None or not faces:
        return faces[0].height if faces else high
    low = faces[0].height
    heights = [low, *(min(high, low + YEAR_STEP * k) for k in range(1, math.ceil((high - low) / YEAR_STEP) + 1))]

    def whole(face: CardFace, at: int) -> bool:
        return not left_out(replace(face, height=heights[at]), scale)

    need, last = 0, len(heights) - 1  # the last is all there is, whole or not
    for face in sorted(faces, key=lambda face: -len(face.title) - len(face.body)):
        if need < last and not whole(face, need):
            need = first_true(need + 1, last, partial(whole, face))
    return heights[need]


def floor_scale(floor: int) -> float:
    """The least scale, to seen_scale's three places, at which the view shows texts of `floor` item pixels whole."""
    return math.ceil(READABLE / floor * 1000) / 1000


# The shapes measured so far, for every scene: (language, view width, view height) -> the texts they were measured
# with, and the shape; and what a shape measures, by (language, width, floor). Between starts, by a digest of the
# width, the floor and the faces measured: measuring the rows at the widths a window's size leads to was most of
# opening a table, asked again at every start in the same words and window. The code that measures: the faces'
# fitting, the scale a view shows a table at, the faces and this module.
_SHAPES: dict[tuple[str, float, float], tuple[tuple[object, ...], TableShape]] = {}
_MEASURED: dict[tuple[str, float, int], tuple[tuple[object, ...], TableShape]] = {}
SHAPES_KEPT = 64  # a few languages at a few windows' sizes
_WORDS_KEYS: dict[str, tuple[tuple[object, ...], str]] = {}  # language -> its words, and their digest
_MEASURING = (*kept_fits.FITTING, Path(card_table.__file__).resolve(),
              *(Path(__file__).resolve().parent / name for name in ("faces.py", "full_scene.py")))


def _heights(kept: object) -> bool:
    """The rows' and the hand's heights as `FullScene._measured` keeps them, each within what it may grow to."""
    lows, highs = (YEAR_LOW,) * 4 + (HAND_SIZE[1],), (YEAR_HIGH,) * 4 + (HAND_HIGH,)
    return (isinstance(kept, list) and len(kept) == len(lows)
            and all(type(h) in (int, float) and low <= h <= high for h, low, high in zip(kept, lows, highs)))


_KEPT = kept_fits.Shelf("layouts/chrononauts", _MEASURING, _heights, lambda: SHAPES_KEPT)


def seat_key(seat: int) -> str:
    return f"seat:{seat}"


def seat_columns(heights: Sequence[float], columns: int, room: float) -> list[int]:
    """The column each seat goes to, its plate and artifacts `heights[q]` tall, the columns `room` tall. Each in turn
    where a column is shortest: side by side in the order of play while nobody has artifacts. When that runs past
    the room, the seats are shared out so that the longest column is as short as it can be (in the order of play
    down each column): in turn, a seat with artifacts could fill one column while the other stood half empty
    (four seats, two artifacts in Spanish), and a table made taller for it is seen smaller, with its years cut."""
    tops = [0.0] * columns
    chosen = []
    for height in heights:
        column = tops.index(min(tops))
        chosen.append(column)
        tops[column] += height
    if max(tops, default=0.0) <= room or columns == 1:
        return chosen
    best = max(tops)
    # Six seats in two columns are 32 ways to try (the first seat's column is either's, by symmetry).
    for shared in product(range(columns), repeat=max(0, len(heights) - 1)):
        tops = [0.0] * columns
        for height, column in zip(heights, (0, *shared)):
            tops[column] += height
        if max(tops) < best - 1e-6:
            best, chosen = max(tops), [0, *shared]
    return chosen


def direction_key(direction: int) -> str:
    return f"dir:{direction}"


def artifact_key(artifact: str) -> str:
    return f"art:{artifact}"


@dataclass
class Seating:
    """Who sits where, and whose eyes the drawn view is for (None: everybody's, no secrets)."""

    names: list[str]
    viewer: int | None
    acting: frozenset[int]
    curtain: str = ""  # the curtain's text; empty when the table is uncovered
    window: str = ""  # the resolving zone's caption
    computers: dict[int, str] = field(default_factory=dict)  # seat -> its plate's band: a computer, and its level
    timeline: bool = True  # False in Artifaxx, which has none (CHR-15.1)


class FullScene(SolonautsScene):
    def __init__(self, faces: ChrononautsFaces, tr: Translator, timeline: bool = True) -> None:
        super().__init__(faces, tr)
        for label in self._labels.values():  # the Solonauts captions do not apply here
            self.removeItem(label)
        self._labels = {}
        self.table_shape = TableShape()
        self.setSceneRect(0, 0, self.table_shape.width, self.table_shape.height)
        self.full_view: FullState | None = None
        self.seating = Seating([], None, frozenset(), timeline=timeline)
        self.hand: list[str] = []
        self._year_rows: dict[tuple[str, float, int | None], tuple[float, ...]] = {}
        self._mission_widths: dict[tuple[str, int | None], float] = {}
        self._seats_long = 0.0  # how far the seats' column went down from the row, at the last draw
        # Captions 27 above their cards (clear of the focus ring, 5 px outside a card): _refresh_full_labels.
        for key in ("hand", "row", "window", "counter"):
            self._labels[key] = self.label((MARGIN, 0), CAPTION)

    # --- drawing --------------------------------------------------------------------

    def show_full(self, view: FullState, dests: Dests, seating: Seating) -> None:
        """Bring the items in line with `view`, drawn for `seating.viewer`."""
        self.full_view = view
        self.seating = seating
        if seating.timeline and self._room is not None:
            # The shape is its words' too: after another language, the room shapes the table for the new ones (a
            # lookup, once they were measured), as a table made fresh in that language is.
            self._reshaped(*self._room)
        self.set_dests(dests)
        wanted: dict[str, tuple[QPointF, float]] = {}
        faces = self.faces
        tr = self.translator
        tl = view.timeline
        # `card` is a face's size, `spot` the place it takes on the table.
        card, spot, row_y, hand_y = (HAND_SIZE, HAND_SIZE, 0.0, 0.0) if seating.timeline else (
            LIGHT_FACE, LIGHT_CARD, LIGHT_ROW_Y, LIGHT_HAND_Y)
        hand_h = self.table_shape.hand_h if seating.timeline else card[1]
        left_w = self._left_w()
        if seating.timeline:
            year_w = self.table_shape.year_w
            heights = self._year_heights()
            tops = [TIMELINE_Y + sum(heights[:row]) + row * GAP for row in range(len(heights))]
            for year_card in faces.cards.timeline:
                key = f"tl:{year_card.year}"
                self.put(key, self.year_face(year_card.year, tl, (year_w, heights[year_card.row])))
                wanted[key] = (QPointF(MARGIN + year_card.column * (year_w + GAP), tops[year_card.row]), 1)
            for year, patch in tl.patches.items():
                year_face = self.year_face(year, tl, (year_w, heights[faces.cards.by_year[year].row]))
                plate = faces.patch_on_year(patch, year_face)
                self.put(patch, plate)
                wanted[patch] = (wanted[f"tl:{year}"][0] + QPointF(
                    PATCH_MARGIN, heights[faces.cards.by_year[year].row] - plate.height - PATCH_MARGIN), 2)
            row_y = tops[-1] + heights[-1] + ROW_DROP
            hand_y = row_y + HAND_DROP
            # The seats right of the row and the hand, two to a line in the order of play.
            columns, seats_y = 2, row_y  # under the row caption line, which a long resolving caption may fill
        else:  # Artifaxx: one column down the right, from the top
            columns, seats_y = 1, SEAT_Y
        seats_x = MARGIN + left_w + 2 * GAP
        width = seats_x + columns * (SEAT_SIZE[0] + GAP) - GAP + MARGIN
        base = hand_y + hand_h + MARGIN if seating.timeline else LIGHT_HEIGHT
        # Many artifacts (or computers' plates) lengthen a column of seats: the table grows rather than let them
        # overlap, and the plates are measured again at the smaller scale the taller table is seen at, or all their
        # words were cut (six seats, three of them computers, in Dutch).
        scale = self._scale_at(width, base)
        for _ in range(3):
            bottom = self._put_seats(view, seating, (seats_x, seats_y), columns, scale, wanted, base)
            seen = self._scale_at(width, max(base, bottom))
            if text_floor(seen) == text_floor(scale):
                break
            scale = seen
        height = max(base, bottom)
        self._seats_long = bottom - seats_y
        if (width, height) != (self.sceneRect().width(), self.sceneRect().height()):
            self.setSceneRect(0, 0, width, height)
        # The row above the hand: the viewer's ID and Mission, the resolving zone, the piles.
        x = MARGIN
        viewer = seating.viewer
        # The ID and the Mission left of the resolving zone, a Mission's three artifacts read whole beside the ID
        # (Artifaxx deals no ID: the Mission moves up, at its cards' size).
        wide = self._mission_w() if seating.timeline else spot[0]
        if viewer is not None:
            for kind, own in (("id", view.ids[viewer]), ("mission", view.missions[viewer])):
                if own is not None and own != HIDDEN:
                    key = f"own:{kind}"
                    own_w = wide if kind == "mission" else spot[0]
                    self.put(key, self._full_face(own, (own_w, card[1]) if seating.timeline else card))
                    wanted[key] = (QPointF(x, row_y), 1)
                    x += own_w + GAP
        stack_x = self._stack_x()
        self.put(STACK_KEY, CardFace(card[0], card[1], "#9b927f", "#ece5d6",
                                      title=tr.text("hs.resolving"), body=tr.text("hs.drop_here")))
        wanted[STACK_KEY] = (QPointF(stack_x, row_y), 0)
        taken = stack_x + spot[0]  # the row's felt taken from the left, up to the piles
        # A card answered (a Note on a play) lies beside what it answers, both read whole, where the row's felt
        # up to the deck and the discard allows; a deeper stack closes up, its top card always whole.
        piles_end = MARGIN + left_w
        fan_room = piles_end - 2 * (spot[0] + GAP) - stack_x - spot[0]
        step = min(spot[0] + GAP, max(STACK_STEP, fan_room / max(1, len(view.stack) - 1)))
        lit = [d for d in (1, -1) if any(direction_key(d) in targets for targets in self.dests.values())]
        for i, entry in enumerate(view.stack):
            key = f"stack:{i}:{entry.card}"
            at = stack_x + i * step
            size = card
            if seating.timeline and i == len(view.stack) - 1 and left_out(self._full_face(entry.card, card),
                                                                          self.view_scale):
                # The card everybody must read to answer it is as wide as its words need, in the felt up to the
                # directions (when they are lit), the deck and the discard at their least (the discard widens after).
                # Most read whole at a hand card's width: only the others are measured wider.
                room = piles_end - 2 * (spot[0] + GAP) - (spot[0] + GAP if lit else 0) - at
                size = (hand_width([entry.card], lambda top, w: self._full_face(top, (w, card[1])), room,
                                   self.view_scale, room), card[1])
            self.put(key, self._full_face(entry.card, size))
            wanted[key] = (QPointF(at, row_y), 3 + i)  # on the zone: the top one shows
            taken = at + size[0]
        # The two directions one above the other, right of the resolving zone, where its cards fan out (they are
        # lit while none resolves); the second one stepped right onto the deck and hid its count. Plates: a band
        # over the word left it one line, too short for "In senso orario" or "Met de klok mee" at 1280x720.
        dir_x = taken + GAP
        for d in lit:
            key = direction_key(d)
            self.put(key, CardFace(card[0], card[1] / 2, "#5b3d8f", "#f2edfa", plate=True,
                                    title=tr.text("hs.clockwise" if d == 1 else "hs.counterclockwise")))
            wanted[key] = (QPointF(dir_x, row_y + (0 if d == 1 else spot[1] / 2 + 2)), 1)
            taken = max(taken, dir_x + spot[0])
        # The discard at the row's right end, its top card as wide as its words need (a long Miracle) where the
        # felt up to the deck, left of it, is bare: the top card is everybody's to see, and lit as a target.
        top = view.discard[-1] if view.discard else None
        discard_w = spot[0]
        if seating.timeline and top is not None:
            count, high = len(view.discard), card[1]
            room = piles_end - taken - spot[0] - 2 * GAP
            discard_w = hand_width([top], lambda _top, w: self._discard_face(top, count, (w, high)), room,
                                   self.view_scale, room)
        discard = (discard_w, card[1]) if seating.timeline else card
        deck_x = piles_end - discard_w - GAP - spot[0]
        self.put(DECK_KEY, faces.deck(len(view.draw), card))
        wanted[DECK_KEY] = (QPointF(deck_x, row_y), 0)
        self.put(DISCARD_KEY, self._discard_face(top, len(view.discard), discard))
        wanted[DISCARD_KEY] = (QPointF(deck_x + spot[0] + GAP, row_y), 0)
        # The hand: the viewer's, or a Miracle's mini-hand while it is being played from.
        self.hand = []
        if viewer is not None:
            miracle = bool(view.mini) and viewer == view.current and HIDDEN not in view.mini
            self.hand = list(view.mini if miracle else view.hands[viewer])
        if seating.timeline:
            # The hand widens into the row's bare felt for its rule texts.
            room = left_w
            hand, high = self.hand, hand_h
            card = spot = (hand_width(hand, lambda held, w: self._full_face(held, (w, high)), room, self.view_scale,
                                      HAND_WIDEST), high)
            left_w = max(left_w, min(room, len(hand) * (card[0] + GAP) - GAP))
        spread = min(spot[0] + GAP, (left_w - spot[0]) / max(1, len(self.hand) - 1))
        for i, held in enumerate(self.hand):
            self.put(held, self._full_face(held, card))
            wanted[held] = (QPointF(MARGIN + i * spread, hand_y), 10 + i)
        self.place(wanted)
        zoom = 1.0 if seating.timeline else LIGHT_ZOOM
        for key, item in self.items_by_key.items():
            item.set_scale(1.0 if key.startswith(("seat:", "art:")) else zoom)  # the seats' column keeps its size
        self._refresh_full_labels(view, row_y, hand_y)
        self.refresh_marks()
        self.set_curtain(seating.curtain)

    def _put_seats(self, view: FullState, seating: Seating, at: tuple[float, float], columns: int,
                   scale: float | None, wanted: dict[str, tuple[QPointF, float]], foot: float) -> float:
        """Each seat's plate, measured at `scale`, with its table of artifacts underneath, a column's seats one
        after another down from `at` (seat_columns says which column, the table's `foot` the room there is): where
        the longest column ends."""
        tr = self.translator
        seats_x, seats_y = at
        blocks: list[list[CardItem]] = []  # each seat's plate and its artifacts' plates, top down
        for q in range(view.seats):
            # A computer says so in its plate's band, over the name, in words short enough for it: on a line of
            # its own, five computers' plates made the column of six seats longer than the table.
            computer = seating.computers.get(q)
            lines = [tr.text("hs.seat_cards", count=len(view.hands[q]))]
            for shown in (view.ids[q], view.missions[q]):
                if shown is not None and shown in view.revealed:
                    lines.append(tr.card_title(shown))
            drawn = self.items_by_key.get(seat_key(q))
            blocks.append([self.put(seat_key(q), self._seat_face(self._name(q), "\n".join(lines), q in seating.acting,
                                                                 scale, None if drawn is None else drawn.face.height,
                                                                 computer or "")),
                           *(self.put(artifact_key(artifact), self._artifact_face(artifact, scale))
                             for artifact in view.tables[q])])
        heights = [sum(item.face.height + 2 for item in block) + SEAT_GAP for block in blocks]
        chosen = seat_columns(heights, columns, foot - MARGIN + SEAT_GAP - seats_y)
        tops = [seats_y] * columns
        for block, column in zip(blocks, chosen):
            x, y = seats_x + column * (SEAT_SIZE[0] + GAP), tops[column]
            for i, item in enumerate(block):
                wanted[item.key] = (QPointF(x, y), 1 + i)
                y += item.face.height + 2
            tops[column] = y + SEAT_GAP
        return max(tops) - SEAT_GAP + MARGIN

    def _full_face(self, instance: str, size: tuple[float, float]) -> CardFace:
        # A card's face depends on the card and its size alone (the hand's widths, the row's, the resolving zone's).
        return self._kept_face(("full", instance, size), lambda: full_face(self.faces, instance, size))

    def _scale_at(self, width: float, height: float) -> float | None:
        """The scale the view would show a table of this size at (None before a view has shown it)."""
        if self._room is None:
            return None
        room_w, room_h = self._room
        return seen_scale(room_w, room_h, width, height)

    def _seat_face(self, name: str, lines: str, acting: bool, scale: float | None,
                   near: float | None = None, computer: str = "") -> CardFace:
        """A seat's plate only as tall as its words need at `scale`: the scale of the table without its column of
        seats, which the seats' heights must not feed back into. Three seats and their artifacts share a column
        beside the row and the hand; a column longer than the table made the table taller, and the smaller scale
        left words out of every card on it (issue #36). Before a view has shown the table: SEAT_SIZE. `near`: the
        seat's height before (its count of cards changes at most moves, rarely its lines)."""
        def grown() -> CardFace:
            plate = seat_face(name, lines, acting, computer)
            height = plate.height if scale is None else tall_enough(lambda high: [replace(plate, height=high)],
                                                                     SEAT_LOW, SEAT_HIGH, YEAR_STEP, scale, near)
            return replace(plate, height=height)

        return kept(_SEAT_FACES, (name, lines, acting, computer, text_floor(scale)), grown, SEAT_FACES_KEPT)

    def _artifact_face(self, artifact: str, scale: float | None) -> CardFace:
        """An artifact's plate under its seat, as tall as its name needs to read whole at `scale` (the seats'
        scale, as for their plates)."""
        plate = artifact_plate(self.faces, artifact)

        def grown() -> CardFace:
            return replace(plate, height=tall_enough(lambda high: [replace(plate, height=high)], plate.height,
                                                     max(plate.height, ARTIFACT_HIGH), YEAR_STEP, scale))

        return kept(_ARTIFACT_FACES, (plate, text_floor(scale)), grown, SEAT_FACES_KEPT)

    def _year_heights(self) -> tuple[float, ...]:
        """Each row of the timeline as tall as its years need to show whole at the view's scale, on either
        side and paradoxed (from YEAR_LOW up to YEAR_HIGH): a row keeps its height as the game goes on, and
        the timeline is the same for every player. The table's shape measured them, unless a long column of
        seats shows the table smaller than that."""
        scale, shape = self.view_scale, self.table_shape
        floor = text_floor(scale)
        if floor is None or (shape.floor is not None and floor <= shape.floor):
            return shape.rows  # a face whole at a floor is whole at any lower one
        year_w = shape.year_w
        known = self._year_rows.get((self.translator.language, year_w, floor))
        if known is not None:
            return known
        heights = []
        for row in range(4):
            faces = self._row_faces(row, year_w, YEAR_LOW)
            heights.append(kept(_ROW_HEIGHTS, (tuple(faces), floor), partial(_tall_enough, faces, YEAR_HIGH, scale),
                                ROW_HEIGHTS_KEPT))
        self._year_rows[(self.translator.language, year_w, floor)] = known = tuple(heights)
        return known

    def _row_faces(self, row: int, year_w: float, high: float) -> list[CardFace]:
        """The years of a row of the timeline, `year_w` × `high`, on every side they can show (year_sides)."""
        return [self.faces.timeline(card.year, tl, (year_w, high), index_in_band=True)
                for card in self.faces.cards.timeline if card.row == row for tl in year_sides(self.faces.rules)]

    def _shape_for(self, width: float, height: float) -> TableShape:
        """The table for a view of `width` × `height` pixels: the least floor its texts can have there (the view's
        scale decides it, card_item.text_floor) at which the table, as wide as the view allows at that floor, has
        the height its timeline's rows and its hand need (`_measured`). All the room a floor allows goes to the
        cards' words: the years widen and need fewer lines. Kept in memory for these words and this window."""
        key = (self.translator.language, width, height)
        known = self._kept(_SHAPES, key)
        if known is not None:
            return known
        room_w, room_h = width - 4, height - 4  # inside the view's margins (seen_scale)
        least = TableShape()
        first = text_floor(seen_scale(width, height, least.width, least.height))  # no table is seen larger
        assert first is not None
        # A few floors up at most: past them a table too tall for its floor is seen smaller, its words as measured.
        for floor in range(first, first + 4):
            scale = floor_scale(floor)
            wide = WIDTH_STEP * math.floor(min(WIDEST, room_w / scale) / WIDTH_STEP)
            shape = self._measured(max(WIDTH, wide), floor)
            if shape.height <= room_h / scale and shape.width <= room_w / scale:
                break
        if len(_SHAPES) > SHAPES_KEPT:
            _SHAPES.clear()  # a window dragged through many sizes: measured again if ever needed
        _SHAPES[key] = (self._words(), shape)
        return shape

    def _measured(self, width: float, floor: int) -> TableShape:
        """The table `width` wide with its texts seen at `floor`: each row of years as tall as its years need to
        show whole on every side (YEAR_LOW up), and the hand as tall as every card of the deck needs at the width a
        hand of HAND_OF gets (HAND_SIZE's height up). Kept in memory for these words, and between starts for these
        very words (`_KEPT`)."""
        key = (self.translator.language, width, floor)
        known = self._kept(_MEASURED, key)
        if known is not None:
            return known
        lay = TableShape(width)
        name = kept_fits.answer_key((width, floor, self._words_key()))
        heights = _KEPT.get(name)
        if heights is None:
            scale = READABLE / floor  # any scale with this floor: all that is asked of it
            # The faces tried on the way are kept between starts only once drawn: the heights found have their shelf.
            with kept_fits.measuring():
                heights = [*(_tall_enough(self._row_faces(row, lay.year_w, YEAR_LOW), YEAR_HIGH, scale)
                             for row in range(4)),
                           _tall_enough(self._hand_faces(lay.hand_w, HAND_SIZE[1]), HAND_HIGH, scale)]
            _KEPT.put(name, heights)
        lay = TableShape(width, tuple(heights[:4]), heights[4], floor)
        if len(_MEASURED) > SHAPES_KEPT:
            _MEASURED.clear()
        _MEASURED[key] = (self._words(), lay)
        return lay

    def _hand_faces(self, width: float, high: float) -> list[CardFace]:
        """Every card of the deck as a hand shows it, `width` × `high`."""
        rules, cards = self.faces.rules, self.faces.cards
        return [full_face(self.faces, kind, (width, high))
                for kind in (*rules.inverters, *rules.patches,
                             *(card.id for group in (cards.artifacts, cards.timewarps, cards.actions) for card in group))]

    def _words_key(self) -> str:
        """A digest of every word `_measured` measures, as the faces at the narrowest table's sizes say them: made
        once for these words (the faces at another width or floor say the same words, laid out by the code that
        names the shelf)."""
        known = self._kept(_WORDS_KEYS, self.translator.language)
        if known is not None:
            return known
        least = TableShape()
        faces = [*(face for row in range(4) for face in self._row_faces(row, least.year_w, YEAR_LOW)),
                 *self._hand_faces(HAND_SIZE[0], HAND_SIZE[1])]
        found = kept_fits.answer_key(faces)
        _WORDS_KEYS[self.translator.language] = (self._words(), found)
        return found

    def _words(self) -> tuple[object, ...]:
        """What the table's words are read from: an answer kept for other catalogs (a translator's file read again)
        is measured again."""
        return (self.translator.ui, self.translator.game, self.faces.rules)

    def _kept(self, answers: Mapping[K, tuple[tuple[object, ...], V]], key: K) -> V | None:
        """The answer `answers` keeps under `key`, if it was found for these very words (`_words`)."""
        known = answers.get(key)
        if known is None or not all(a is b for a, b in zip(known[0], self._words())):
            return None
        return known[1]

    def retranslate(self) -> None:
        self._year_rows.clear()
        self._mission_widths.clear()
        super().retranslate()

    def _discard_face(self, top: str | None, count: int, size: tuple[float, float] = HAND_SIZE) -> CardFace:
        if top is None:
            return self.faces.discard(None, 0, size)
        return self.faces.discard_top(self._full_face(top, size), count)

    def _name(self, seat: int) -> str:
        names = self.seating.names
        return names[seat] if seat < len(names) else str(seat + 1)

    def _refresh_full_labels(self, view: FullState, row_y: float, hand_y: float) -> None:
        tr = self.translator
        viewer = self.seating.viewer
        miracle = viewer is not None and bool(view.mini) and self.hand == view.mini
        self._labels["hand"].setText("" if viewer is None else
                                     tr.text("hs.mini_hand" if miracle else "hs.hand_of", player=self._name(viewer)))
        self._labels["hand"].setY(hand_y - 27)
        row = ""
        if viewer is not None:
            dealt_id = view.ids[viewer] is not None  # Artifaxx deals Missions only
            row = tr.text("hs.secret_of" if dealt_id else "hs.mission_of", player=self._name(viewer))
        self._labels["row"].setText(row)
        self._labels["row"].setY(row_y - 27)
        self._labels["window"].setText(self.seating.window)
        self._labels["window"].setPos(self._stack_x(), row_y - 27)
        counter = self._labels["counter"]
        steps = tr.text("hs.steps", steps=view.steps, turn=view.turn)
        if self.seating.timeline:
            counter.setText(steps + "   " + tr.text("label.open_paradoxes", count=len(view.timeline.open_paradoxes())))
        else:  # no timeline, no paradoxes (CHR-15.6)
            counter.setText(steps)
        counter.setY(hand_y - 27)  # on the hand's caption line, at its right: the timeline takes the table's top
        counter.setX(MARGIN + self._left_w() - counter.boundingRect().width())

    def _stack_x(self) -> float:
        """The resolving zone's left: right of the ID and the Mission, or the second of Artifaxx's larger cards
        (its cards fan out over the third, where a Discontinuity's directions are lit while none resolves)."""
        if self.seating.timeline:
            return MARGIN + HAND_SIZE[0] + GAP + self._mission_w() + GAP
        return MARGIN + LIGHT_CARD[0] + GAP

    def _mission_w(self) -> float:
        """How wide the viewer's Mission lies beside the ID: as wide as the wordiest Mission of the set needs to read
        whole at the view's scale (MISSION_LOW up to MISSION_HIGH), so that the resolving zone keeps its place
        whatever is dealt, and the row is the same for every player."""
        scale = self.view_scale
        known = self._mission_widths.get((self.translator.language, text_floor(scale)))
        if known is not None:
            return known
        missions = [full_face(self.faces, card.id, (MISSION_LOW, HAND_SIZE[1])) for card in self.faces.cards.missions]

        def measured() -> float:
            # The least width, found as tall_enough finds the least height.
            return tall_enough(lambda wide: [replace(face, width=wide) for face in missions], MISSION_LOW,
                               MISSION_HIGH, WIDEN_STEP, scale)

        found = kept(_MISSION_WIDTHS, (tuple(missions), text_floor(scale)), measured, ROW_HEIGHTS_KEPT)
        self._mission_widths[(self.translator.language, text_floor(scale))] = found
        return found

    def _left_w(self) -> float:
        """The width of the row and the hand, left of the seats."""
        return self.table_shape.left_w if self.seating.timeline else LIGHT_LEFT_W

    def fit_room(self, width: float, height: float) -> None:
        """The table as the view's room shapes it (`_shape_for`); the hand's cards widen for their rule texts at the
        scale the view shows the table at (hand_width); the table keeps the height its seats and artifacts give it."""
        if self._reshaped(width, height):
            self.redraw()

    def _reshaped(self, width: float, height: float) -> bool:
        """Take the shape and scale the view's room gives the table now (`fit_room`); True if they changed."""
        rect = self.sceneRect()
        if width <= 0 or height <= 0 or rect.isEmpty():
            return False
        shape = self.table_shape
        if self.seating.timeline:
            shape = self._shape_for(width, height)
            # The scale the table will be seen at once drawn, its column of seats as long as at the last draw.
            seen = seen_scale(width, height, shape.width, max(shape.height, shape.row_y + self._seats_long))
        else:
            seen = seen_scale(width, height, rect.width(), rect.height())
        if seen == self.view_scale and (width, height) == self._room and shape == self.table_shape:
            return False
        self.view_scale, self._room, self.table_shape = seen, (width, height), shape
        return True

    def redraw(self) -> None:
        if self.full_view is not None:
            self.show_full(self.full_view, self.dests, self.seating)

    def hand_cards(self) -> list[str]:
        return list(self.hand)

    def own_cards(self) -> list[str]:
        view, viewer = self.full_view, self.seating.viewer
        if view is None or viewer is None:
            return []
        return [key for key in self.items_by_key if key.startswith("own:")] + [
            artifact_key(artifact) for artifact in view.tables[viewer]]

    def timeline_shown(self) -> Timeline | None:
        return self.full_view.timeline if self.full_view is not None else None

    def home_shown(self) -> list[str]:
        return []

    def accessible_summary(self) -> str:
        if self.full_view is None:
            return ""
        hand = self.translator.text("a11y.hand", count=len(self.hand))
        if not self.seating.timeline:
            return f"{hand}."  # Artifaxx has no timeline and no paradoxes (CHR-15.6)
        return self.translator.text("a11y.full_summary", hand=hand, open=len(self.full_view.timeline.open_paradoxes()))

    def drop_zones(self) -> list[str]:
        return [key for key in self.items_by_key
                if key.startswith(("tl:", "seat:", "art:", "dir:")) or key in (DISCARD_KEY, STACK_KEY)]

    def card_at(self, pos: QPointF) -> CardItem | None:
        item = super().card_at(pos)
        if item is not None and item.key.startswith("stack:"):
            return self.items_by_key[STACK_KEY]  # a card resolving stands for its zone, the target of Memos
        return item
