"""The Solonauts table: the 8 × 4 timeline, the travellers, the hand, the deck and the discard.

Dragging, clicking and the keyboard are the shared CardTable's; this module only lays out a view.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from desktop.frame import card_table, kept_fits
from desktop.frame.card_item import CardFace, text_floor
from desktop.frame.card_table import DECK_KEY, DISCARD_KEY, FELT, GAP, LABEL, MARGIN, CardTable, Dests, seen_scale
from desktop.frame.growth import kept
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.faces import (HAND_SIZE, HAND_WIDEST, ID_SIZE, PATCH_MARGIN,
                                              TIMELINE_SIZE, ChrononautsFaces, hand_width, tall_enough, year_sides)
from desktop.games.chrononauts.words import card_words
from rules.chrononauts.solonauts import IDS_DEFAULT, SoloState
from rules.chrononauts.timeline import Timeline

__all__ = ["DECK_KEY", "DISCARD_KEY", "FELT", "GAP", "LABEL", "MARGIN", "Dests", "SolonautsScene", "timeline_key"]

# From the top: the travellers at home, the timeline over the table's whole width, the travellers still lost in
# time, and the hand with the deck and the discard at its right. The timeline's years and the travellers share
# eight columns (more when more travellers play); every row is as tall as its cards' words need at the scale
# the view shows the table at, so the table's shape and size depend on the language and the window only: the
# same all through a game, whatever is dealt (issue #36, the Solonauts timeline read whole).
CAPTION = 15  # px: a caption on the felt reads at 10 px or more in a 1280×720 window
HOME_Y = 30.0  # under the home row's caption
ROW_CAPTION = 28.0  # from a row of travellers down to the timeline: the Ultraparadox caption's line
WAITING_DROP = 25.0  # from the timeline's foot to the waiting travellers, past their caption
HAND_DROP = 32.0  # from the waiting travellers to the hand, past its caption
COLUMNS = 8  # the timeline's years to a row
KEPT_FACES = 2048  # faces a table keeps made (SolonautsScene._kept_face): a game's cards at its hand's few widths
YEAR_HIGH, ID_HIGH, HAND_HIGH, GROW_STEP = 148.0, 112.0, 220.0, 4.0  # how tall a row may grow for its words
NARROWEST = 2 * MARGIN + COLUMNS * (TIMELINE_SIZE[0] + GAP) - GAP  # the table's width in a tall window
WIDEST_SHAPE = 1.8  # width over height: a wider window's extra felt stays bare on either side


@dataclass(frozen=True)
class Layout:
    """Where the rows of the Solonauts table lie, and how large its cards are."""

    width: float
    rows: tuple[float, ...] = (TIMELINE_SIZE[1],) * 4  # each row of years' height
    traveller_h: float = ID_SIZE[1]
    hand_h: float = HAND_SIZE[1]  # the hand's cards and the piles'
    travellers: int = IDS_DEFAULT

    @staticmethod
    def shaped(shape: float, rows: tuple[float, ...], traveller_h: float, hand_h: float,
               travellers: int) -> Layout:
        """The layout as wide as a view of `shape` (width over height) leaves room for."""
        low = Layout(NARROWEST, rows, traveller_h, hand_h, travellers)
        wanted = 10 * math.floor(low.height * min(shape, WIDEST_SHAPE) / 10)
        return replace(low, width=max(NARROWEST, wanted))

    @property
    def column(self) -> float:
        """A year's width: eight to a row over the whole width."""
        return (self.width - 2 * MARGIN + GAP) / COLUMNS - GAP

    @property
    def traveller(self) -> tuple[float, float]:
        """A traveller's size: a year's width, narrower when more than eight travellers share the row."""
        room = (self.width - 2 * MARGIN + GAP) / max(COLUMNS, self.travellers) - GAP
        return min(self.column, room), self.traveller_h

    @property
    def pile(self) -> tuple[float, float]:
        """The deck's and the discard's size: the widest a card of a hand of five takes (seven to the row)."""
        return min(HAND_WIDEST, (self.width - 2 * MARGIN - 7 * GAP) / 7), self.hand_h

    @property
    def timeline_y(self) -> float:
        return HOME_Y + self.traveller_h + ROW_CAPTION

    def row_y(self, row: int) -> float:
        return self.timeline_y + sum(self.rows[:row]) + row * GAP

    @property
    def waiting_y(self) -> float:
        return self.row_y(4) - GAP + WAITING_DROP

    @property
    def hand_y(self) -> float:
        return self.waiting_y + self.traveller_h + HAND_DROP

    @property
    def deck_x(self) -> float:
        return self.width - MARGIN - 2 * self.pile[0] - GAP

    @property
    def height(self) -> float:
        return self.hand_y + self.hand_h + MARGIN


FLOOR = Layout(NARROWEST)  # before a view shows the table


def timeline_key(year: int) -> str:
    return f"tl:{year}"


# The table's layouts measured so far, for every scene: (language, view width, view height, travellers) -> the texts
# and cards they were measured with, and the layout. A new table, or the same words asked again (a language
# switched back), is not measured again: that measuring was a tenth of the start (issue #42). Texts reloaded
# (the translator's workbench) are other objects, and are measured anew.
_LAYOUTS: dict[tuple[str, float, float, int], tuple[tuple[object, ...], Layout]] = {}


def _heights(kept: object) -> bool:
    """Rows' heights as `_layout_for` keeps them: the four rows of years, the travellers', the hand's, each within
    what its row may grow to (a hand-edited file cannot make a row of another size)."""
    lows = (TIMELINE_SIZE[1],) * 4 + (ID_SIZE[1], HAND_SIZE[1])
    highs = (YEAR_HIGH,) * 4 + (ID_HIGH, HAND_HIGH)
    return (isinstance(kept, list) and len(kept) == len(lows)
            and all(type(h) in (int, float) and low <= h <= high for h, low, high in zip(kept, lows, highs)))


# Between starts, by a digest of the window's size, the travellers and every face measured: the first table's
# layout was a tenth of the start, asked again at every start in the same words and window (issue #42). The code
# that measures: the faces' fitting, the scale a view shows a table at, the faces and this layout.
LAYOUTS_KEPT = 64
_MEASURING = (*kept_fits.FITTING, Path(card_table.__file__).resolve(),
              *(Path(__file__).resolve().parent / name for name in ("faces.py", "solonauts_scene.py")))
_KEPT = kept_fits.Shelf("layouts/solonauts", _MEASURING, _heights, lambda: LAYOUTS_KEPT)


class SolonautsScene(CardTable):
    def __init__(self, faces: ChrononautsFaces, tr: Translator) -> None:
        super().__init__(tr, FLOOR.width, FLOOR.height)
        self.faces = faces
        self.view_state: SoloState | None = None
        self.view_scale: float | None = None  # screen pixels per unit at the view's fit, once a view shows it
        self.table_layout = FLOOR
        self._room: tuple[float, float] | None = None  # the view's size in pixels, once a view shows the table
        self._home_slots: list[QGraphicsRectItem] = []
        self._slots_drawn: tuple[int, Layout] | None = None
        self._kept_faces: dict[tuple[object, ...], CardFace] = {}  # the faces made for this table (_kept_face)
        self._labels: dict[str, QGraphicsSimpleTextItem] = {}
        for key in ("label.home", "label.waiting", "label.hand", "counter", "ultra"):
            bold = key in ("counter", "ultra")
            self._labels[key] = self.label((MARGIN, 0), CAPTION, bold=bold, colour="#ffb4a8" if key == "ultra" else LABEL)

    # --- drawing a view ------------------------------------------------------------

    def show_view(self, view: SoloState, dests: Dests) -> None:
        """Bring the items in line with a view of the state; cards that moved slide."""
        self.view_state = view
        self._lay_out()
        lay = self.table_layout
        self.set_dests(dests)
        tl = view.timeline
        wanted: dict[str, tuple[QPointF, float]] = {}
        for card in self.faces.cards.timeline:
            key = timeline_key(card.year)
            self.put(key, self.year_face(card.year, tl, (lay.column, lay.rows[card.row])))
            wanted[key] = (self._grid_pos(card.row, card.column), 1)
        for year, patch in tl.patches.items():
            under = lay.rows[self.faces.cards.by_year[year].row]  # the year's height
            plate = self.faces.patch_on_year(patch, self.year_face(year, tl, (lay.column, under)))
            self.put(patch, plate)
            wanted[patch] = (wanted[timeline_key(year)][0] + QPointF(PATCH_MARGIN, under - plate.height - PATCH_MARGIN), 2)
        size = lay.traveller
        for travellers, y, home in ((view.home, HOME_Y, True), (view.waiting, lay.waiting_y, False)):
            for i, ident in enumerate(travellers):
                self.put(ident, self.faces.identity(ident, home, tl, size))
                wanted[ident] = (QPointF(MARGIN + i * (size[0] + GAP), y), 1)
        # The piles at the right of the hand; the hand's cards widen into the rest for their rule texts.
        pile = lay.pile
        width = hand_width(view.hand, lambda card, w: self.hand_face(card, (w, lay.hand_h)),
                           lay.deck_x - 2 * GAP - MARGIN, self.view_scale)
        for i, instance in enumerate(view.hand):
            self.put(instance, self.hand_face(instance, (width, lay.hand_h)))
            wanted[instance] = (QPointF(MARGIN + i * (width + GAP), lay.hand_y), 3)
        self.put(DECK_KEY, self.faces.deck(len(view.deck), pile))
        wanted[DECK_KEY] = (QPointF(lay.deck_x, lay.hand_y), 0)
        top = view.discard[-1] if view.discard else None
        self.put(DISCARD_KEY, self.faces.discard(top, len(view.discard), pile))
        wanted[DISCARD_KEY] = (QPointF(lay.deck_x + pile[0] + GAP, lay.hand_y), 0)

        self.place(wanted)
        self._refresh_home_slots(int(view.options["ids"]))
        self._refresh_labels()
        self.refresh_marks()

    def year_face(self, year: int, tl: Timeline, size: tuple[float, float]) -> CardFace:
        """A year of the timeline at `size`, its Time Index in the band: it shows its side, paradox and patch alone,
        and most moves change few years."""
        floor = text_floor(self.view_scale)
        return self._kept_face(("year", year, year in tl.prime, year in tl.paradoxed, year in tl.patches, size, floor),
                               lambda: self.faces.timeline(year, tl, size, index_in_band=True, floor=floor))

    def hand_face(self, instance: str, size: tuple[float, float]) -> CardFace:
        """A play card in the hand at `size`."""
        return self._kept_face(("hand", instance, size), lambda: self.faces.play_card(instance, size=size))

    def _kept_face(self, key: tuple[object, ...], make: Callable[[], CardFace]) -> CardFace:
        """The face `make` gives, made once per table, language and `key` (all else it shows): a table is drawn
        again at every move, and a hand's cards are asked at each width the hand tries (issue #42)."""
        return kept(self._kept_faces, (self.translator.language, *key), make, KEPT_FACES)

    def retranslate(self) -> None:
        self._kept_faces.clear()  # texts may have been reloaded, not only switched
        super().retranslate()

    def _refresh_home_slots(self, count: int) -> None:
        # Faint places for the travellers still to come home: the goal is visible from the start.
        if self._slots_drawn == (count, self.table_layout):
            return
        for slot in self._home_slots:
            self.removeItem(slot)
        pen = QPen(QColor(LABEL), 1.2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self._home_slots = []
        w, h = self.table_layout.traveller
        for i in range(count):
            slot = QGraphicsRectItem(MARGIN + i * (w + GAP), HOME_Y, w, h)
            slot.setPen(pen)
            slot.setOpacity(0.35)
            slot.setZValue(-1)
            slot.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(slot)
            self._home_slots.append(slot)
        self._slots_drawn = (count, self.table_layout)

    def fit_room(self, width: float, height: float) -> None:
        """The table laid out for a view of `width` × `height` pixels (_lay_out), and drawn again if that changed it."""
        if width <= 0 or height <= 0 or (width, height) == self._room:
            return
        self._room = (width, height)
        if self._lay_out():
            self.redraw()

    def _lay_out(self) -> bool:
        """Take the layout for the view's room, the language and the number of travellers; True if it changed."""
        travellers = int(self.view_state.options["ids"]) if self.view_state is not None else IDS_DEFAULT
        lay, seen = (FLOOR, None) if self._room is None else self._layout_for(*self._room, travellers)
        if (lay, seen) == (self.table_layout, self.view_scale):
            return False
        self.table_layout, self.view_scale = lay, seen
        if (lay.width, lay.height) != (self.sceneRect().width(), self.sceneRect().height()):
            self.setSceneRect(0, 0, lay.width, lay.height)
        return True

    def _layout_for(self, width: float, height: float, travellers: int) -> tuple[Layout, float]:
        """The table as wide as the view's shape, each row as tall as its cards need to show all they say at the
        scale the view then shows it at: the years on every side they can show, every traveller of the set, every
        card of the deck in the hand and on the discard. A row grown lowers that scale, so the rows are measured
        again until none grows (each only ever grows, up to its HIGH). Kept in memory for these words, and between
        starts for these very faces and window (`_KEPT`)."""
        key = (self.translator.language, width, height, travellers)
        words = (self.translator.ui, self.translator.game, self.faces.rules)
        kept = _LAYOUTS.get(key)
        if kept is not None and all(a is b for a, b in zip(kept[0], words)):
            return kept[1], self._seen(kept[1], width, height)
        faces, rules = self.faces, self.faces.rules
        sides = year_sides(rules)
        years = [[(card.year, tl) for card in faces.cards.timeline if card.row == row for tl in sides] for row in range(4)]
        deck = [*rules.patches, *rules.inverters]

        def rows_of(lay: Layout, seen: float | None) -> list[tuple[Callable[[float], list[CardFace]], float, float]]:
            """Each row's faces at a height, its height now and the most it may grow to, seen at `seen` (None: the
            faces alone, which with the code that measures them name the layout kept)."""
            traveller_w, pile_w = lay.traveller[0], lay.pile[0]
            years_at = [(partial(self._year_faces, years[row], lay.column, text_floor(seen)), lay.rows[row], YEAR_HIGH)
                        for row in range(4)]
            return [*years_at,
                    (lambda h: [faces.identity(ident, home, Timeline(), (traveller_w, h))
                                for ident in rules.identities for home in (False, True)], lay.traveller_h, ID_HIGH),
                    (lambda h: [face for kind in deck for face in self._deck_faces(kind, (pile_w, h))],
                     lay.hand_h, HAND_HIGH)]

        lay = Layout.shaped(width / height, (TIMELINE_SIZE[1],) * 4, ID_SIZE[1], HAND_SIZE[1], travellers)
        # Every word and card the rows are measured for is on their faces at the first try's sizes.
        first_faces = [face for make, low, _high in rows_of(lay, None) for face in make(low)]
        name = kept_fits.answer_key((width, height, travellers, first_faces))
        heights = _KEPT.get(name)
        if heights is not None:
            lay = Layout.shaped(width / height, tuple(heights[:4]), heights[4], heights[5], travellers)
        else:
            # The faces tried on the way are kept between starts only once drawn: the layout taken has its own shelf.
            with kept_fits.measuring():
                for _ in range(12):
                    seen = self._seen(lay, width, height)
                    *rows, traveller_h, hand_h = (tall_enough(make, low, high, GROW_STEP, seen)
                                                  for make, low, high in rows_of(lay, seen))
                    grown = Layout.shaped(width / height, tuple(rows), traveller_h, hand_h, travellers)
                    if grown == lay:
                        break
                    lay = grown
            _KEPT.put(name, [*lay.rows, lay.traveller_h, lay.hand_h])
        if len(_LAYOUTS) > LAYOUTS_KEPT:
            _LAYOUTS.clear()  # a window dragged through many sizes: measured again if ever needed
        _LAYOUTS[key] = (words, lay)
        return lay, self._seen(lay, width, height)

    def _year_faces(self, years: list[tuple[int, Timeline]], width: float, floor: int | None,
                    height: float) -> list[CardFace]:
        # A row grows for a patch's whole name at the floor it is seen at: at a real 1280×720 window a one-line plate
        # cut a third of the Italian names (the full table, tighter, gives a patch the room its year leaves).
        return [self.faces.timeline(year, tl, (width, height), index_in_band=True, floor=floor, whole_patch=True)
                for year, tl in years]

    def _deck_faces(self, kind: str, size: tuple[float, float]) -> list[CardFace]:
        """A card of the deck as the hand shows it and as the discard's top (labelled with the pile)."""
        face = self.faces.play_card(kind, size=size)
        return [face, self.faces.discard_top(face, 10)]

    @staticmethod
    def _seen(lay: Layout, width: float, height: float) -> float:
        return seen_scale(width, height, lay.width, lay.height)

    def entry_point(self, key: str) -> QPointF:
        # The timeline is dealt before the deck exists; everything else arrives from the deck.
        return QPointF(0, 0) if key.startswith("tl:") else super().entry_point(key)

    def _grid_pos(self, row: int, column: int) -> QPointF:
        return QPointF(MARGIN + column * (self.table_layout.column + GAP), self.table_layout.row_y(row))

    def redraw(self) -> None:
        """Draw the last view again (a language switch, a card sliding back home)."""
        if self.view_state is not None:
            self.show_view(self.view_state, self.dests)

    def hand_cards(self) -> list[str]:
        """The cards the number keys pick, in the order they lie."""
        return list(self.view_state.hand) if self.view_state is not None else []

    def _refresh_labels(self) -> None:
        view = self.view_state
        assert view is not None
        lay = self.table_layout
        right = lay.width - MARGIN
        self._labels["label.home"].setText(f"{self.translator.text('label.home')} ({len(view.home)}/{view.options['ids']})")
        self._labels["label.home"].setY(HOME_Y - 22)
        self._labels["label.waiting"].setText(self.translator.text("label.waiting"))
        self._labels["label.waiting"].setY(lay.waiting_y - 25)
        self._labels["label.hand"].setText(self.translator.text("label.hand"))
        self._labels["label.hand"].setY(lay.hand_y - 25)
        counter = self._labels["counter"]
        counter.setText(self.translator.text("label.open_paradoxes", count=len(view.timeline.open_paradoxes())))
        counter.setPos(right - counter.boundingRect().width(), HOME_Y - 22)
        ultra = self._labels["ultra"]
        ultra.setText(self.translator.text("label.ultraparadox") if self.faces.rules.ultraparadox(view.timeline) else "")
        ultra.setPos(right - ultra.boundingRect().width(), lay.timeline_y - 24)

    # --- for screen readers ------------------------------------------------------------

    def accessible_text(self, key: str) -> tuple[str, str]:
        """A card said in words (desktop/games/chrononauts/words.py), from the view on the table."""
        tl = self.timeline_shown()
        item = self.items_by_key.get(key)
        if tl is None or item is None:
            return super().accessible_text(key)
        return card_words(self.faces, tl, key, item.face, self.hand_cards(), self.home_shown())

    def pile_name(self, key: str) -> str:
        return self.translator.text("a11y.discard_pile") if key == DISCARD_KEY else ""

    def accessible_summary(self) -> str:
        view = self.view_state
        if view is None:
            return super().accessible_summary()
        hand = self.translator.text("a11y.hand", count=len(view.hand))  # "Hand: 1 card"
        return self.translator.text("a11y.solo_summary", hand=hand, home=len(view.home),
                                    ids=view.options["ids"], open=len(view.timeline.open_paradoxes()))

    def timeline_shown(self) -> Timeline | None:
        return self.view_state.timeline if self.view_state is not None else None

    def home_shown(self) -> list[str]:
        return list(self.view_state.home) if self.view_state is not None else []

    def drop_zones(self) -> list[str]:
        """Everything a card could ever be dropped on: the timeline and the discard."""
        return [key for key in self.items_by_key if key.startswith("tl:") or key == DISCARD_KEY]
