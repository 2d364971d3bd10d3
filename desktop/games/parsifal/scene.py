"""The Parsifal table (PAR-15): the deck, the common area, Limbo, and one control area per player.

Characters stand in columns in their owner's area, their artifacts tucked under them showing
only a band; a blocker's card lies on the foot of the card it blocks (the oldest one), so the
blocked card's name, abilities and missions stay readable; a second target of the same blocker
gets a small seal there instead. The scene draws one view and never judges a move: the table
hands it `dests` (card -> target key -> move) made from legal_moves.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QGraphicsSceneMouseEvent, QGraphicsSimpleTextItem

from desktop.frame import card_table, kept_fits
from desktop.frame.card_item import CardFace, CardItem, left_out, likely_height, text_floor
from desktop.frame.card_table import DECK_KEY, GAP, LABEL, MARGIN, CardTable, Dests, seen_scale
from desktop.frame.growth import Growths, kept
from desktop.frame.i18n import Translator
from desktop.games.parsifal.faces import CARD, COMMON_CARD, COVER, LIMBO_PLATE, PLATE, SEAL, ParsifalFaces
from rules.parsifal.missions import conditions
from rules.parsifal.state import ParState, card_type

WIDTH, HEIGHT = 1480.0, 950.0  # the narrowest floor; a wide window widens it (ParsifalScene.fit_room)
WIDEST_FLOOR = 1800.0
COMMON_KEY = "zone:common"
LIMBO_KEY = "zone:limbo"
PENDING_KEY = "zone:pending"
TOP_Y = 32.0
TOP_H = 124.0
DECK_SIZE = (112.0, TOP_H)  # "Turnos restantes: 18" on one line at 1280×720
COMMON_X = MARGIN + DECK_SIZE[0] + 16
COMMON_W = 7 * (COMMON_CARD[0] + 6) + 6
WIDEST_COMMON = 1.4 * COMMON_CARD[0]
LIMBO_X = COMMON_X + COMMON_W + 14
LIMBO_COLUMNS = 2  # three to a row cut the longest names; eight plates fit before the rows close up
WIDEST_LIMBO_PLATE = 1.25 * LIMBO_PLATE[0]
AREAS_Y = TOP_Y + TOP_H + 22
AREA_BAND = 26.0
# The captions over the zones and in the areas' bands: 9 px on screen where a real 1280×720 screen draws the narrowest
# floor (0.56, the window 1264×672 inside a window manager's frame); 20 units tall, within the band.
CAPTION_PIXEL = 17
COLUMN_H = 2 * CARD[1] - COVER + PLATE[1] - 4  # a blocked card, its blocker, one artifact under it
ZONE_PAPER = "#285443"
ZONE_BORDER = "#163628"
AREA_BAND_COLOUR = "#3d6b58"
ACTIVE_BAND = "#d9b43c"
GRID = {2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}  # players -> columns, rows of areas


def area_key(seat: int) -> str:
    return f"area:{seat}"


def seal_key(target: str) -> str:
    return f"seal:{target}"


@dataclass
class Seating:
    """Who sits where and what the moment says; the scene draws it, the table decides it."""

    names: list[str]
    viewer: int | None
    curtain: str = ""
    pending: str = ""  # the declared action while the window is open
    waiting: str = ""  # who may still interrupt it
    status: str = ""  # the turn
    turns_left: int | None = None  # once the deck is spent (PAR-9.4)
    hand: list[str] = field(default_factory=list)  # the cards the number keys pick
    titles: list[str] = field(default_factory=list)  # the areas' names: a computer's says so (else `names`)


class ParsifalScene(CardTable):
    def __init__(self, faces: ParsifalFaces, tr: Translator) -> None:
        super().__init__(tr, WIDTH, HEIGHT)
        self.faces = faces
        self.par_view: ParState | None = None
        self.seating = Seating([], None)
        self.area_rects: dict[int, tuple[float, float, float, float]] = {}
        self.view_scale: float | None = None  # screen pixels per unit at the view's fit, once a view shows it
        self._growths = _GROWTHS  # how far each face grows for its text at a floor, for every table (_grown)
        self._areas: dict[int, tuple[object, _AreaDrawing]] = {}  # each area as last drawn, and what it was drawn from
        self._rows: dict[Hashable, list[float]] = {}  # each row's columns' widths, by its grid and faces (_area)
        self._laid: dict[Hashable, _AreaDrawing] = {}  # each column as laid, by its cards, faces, width and grid
        self._whole: dict[Hashable, bool] = {}  # whether a column of these faces reads whole at a width, in a grid
        self._said: object = None  # what the captions were last made from (_refresh_labels)
        self._labels: dict[str, QGraphicsSimpleTextItem] = {}
        for key, pos in (("status", (MARGIN, 5)), ("common", (COMMON_X, 5)), ("limbo", (LIMBO_X, 5)),
                         ("pending", (self._pending_x(), 5))):
            self._labels[key] = self._caption(pos, CAPTION_PIXEL)

    def _caption(self, pos: tuple[float, float], pixel: int, colour: str = LABEL) -> QGraphicsSimpleTextItem:
        item = self.label(pos, pixel, bold=True, colour=colour)
        item.setZValue(0.5)  # above the zone it names, below every card
        return item

    # --- drawing ----------------------------------------------------------------------

    def show(self, view: ParState, dests: Dests, seating: Seating) -> None:
        """Bring the items in line with `view`."""
        self.par_view = view
        self.seating = seating
        self.set_dests(dests)
        faces = self.faces
        wanted: dict[str, tuple[QPointF, float]] = {}
        self.put(DECK_KEY, faces.deck(len(view.deck), seating.turns_left, DECK_SIZE))
        wanted[DECK_KEY] = (QPointF(MARGIN, TOP_Y), 1)
        self.put(COMMON_KEY, _zone(COMMON_W, TOP_H))
        wanted[COMMON_KEY] = (QPointF(COMMON_X, TOP_Y), 0)
        # A few artifacts share out the zone's width: wider cards, their rule text on fewer lines, and wider still
        # (as far as their share goes) where a rule text would end in "…" (Dutch "Graal", issue #36).
        share = (COMMON_W - 6) / max(1, len(view.common)) - 6
        start = min(WIDEST_COMMON, max(COMMON_CARD[0], share))
        width = _common_width([faces.artifact(artifact, start) for artifact in view.common], share, self.view_scale)
        for i, artifact in enumerate(view.common):
            self.put(artifact, faces.artifact(artifact, width))
            wanted[artifact] = (QPointF(COMMON_X + 6 + i * (width + 6),
                                        TOP_Y + (TOP_H - COMMON_CARD[1]) / 2), 2 + i * 0.01)
        self._place_limbo(view, wanted)
        if seating.pending:
            pending_x = self._pending_x()
            pending_size = (self.sceneRect().width() - MARGIN - pending_x, TOP_H)
            self.put(PENDING_KEY, faces.pending(seating.pending, seating.waiting, pending_size))
            wanted[PENDING_KEY] = (QPointF(pending_x, TOP_Y), 1)
        self.scales: dict[str, float] = {}  # cards of a crowded area are drawn smaller (the rest at 1)
        self.lain_on: dict[str, list[str]] = {}  # a blocked character -> its blocker lying on its foot, their artifacts
        self._place_areas(view, wanted)
        self.place(wanted)
        for key, item in self.items_by_key.items():
            item.set_scale(self.scales.get(key, 1.0))
        self._refresh_labels(view)
        self.refresh_marks()
        self.set_curtain(seating.curtain)

    def _place_limbo(self, view: ParState, wanted: dict[str, tuple[QPointF, float]]) -> None:
        """Limbo face up, in order of arrival; a long Limbo packs its rows closer (PAR-15.1)."""
        plate = self.limbo_plate()
        self.put(LIMBO_KEY, _zone(LIMBO_COLUMNS * (plate + 6) + 6, TOP_H))
        wanted[LIMBO_KEY] = (QPointF(LIMBO_X, TOP_Y), 0)
        rows = max(1, math.ceil(len(view.limbo) / LIMBO_COLUMNS))
        step = min(LIMBO_PLATE[1] + 4, (TOP_H - 12 - LIMBO_PLATE[1]) / max(1, rows - 1))
        for i, tarot in enumerate(view.limbo):
            self.put(tarot, self.faces.in_limbo(tarot, plate))
            col, row = i % LIMBO_COLUMNS, i // LIMBO_COLUMNS
            wanted[tarot] = (QPointF(LIMBO_X + 6 + col * (plate + 6), TOP_Y + 6 + row * step), 2 + i * 0.01)

    def limbo_plate(self) -> float:
        """A Limbo plate's width: a wider table gives some of its width to Limbo's names ("Flower Maiden")."""
        return min(WIDEST_LIMBO_PLATE, LIMBO_PLATE[0] + (self.sceneRect().width() - WIDTH) / LIMBO_COLUMNS)

    def _pending_x(self) -> float:
        return LIMBO_X + LIMBO_COLUMNS * (self.limbo_plate() + 6) + 6 + 12

    def _place_areas(self, view: ParState, wanted: dict[str, tuple[QPointF, float]]) -> None:
        faces = self.faces
        cols, rows = GRID.get(view.players, (3, 2))
        ah = (HEIGHT - MARGIN - AREAS_Y - (rows - 1) * 10) / rows
        lines: dict[str, tuple[tuple[str, str, bool], ...]] = {}  # copies share their missions (PAR-8.4)

        def lines_of(character: str) -> tuple[tuple[str, str, bool], ...]:
            type_id = card_type(character)
            found = lines.get(type_id)
            if found is None:
                found = lines[type_id] = tuple(conditions(faces.cards, view, character))
            return found

        lying = {b.blocker: view.lies_over(b.blocker) for b in view.blocks}
        block_on = {b.target: b.blocker for b in view.blocks}
        self.area_rects = {}
        for seat in range(view.players):
            # The areas of a row share its width: five players' second row is two areas, each half of it, not two
            # thirds beside a third of bare felt while six characters shared a third and were cut.
            in_row = min(cols, view.players - seat // cols * cols)
            aw = (self.sceneRect().width() - 2 * MARGIN - (in_row - 1) * 10) / in_row
            ax = MARGIN + (seat % cols) * (aw + 10)
            ay = AREAS_Y + (seat // cols) * (ah + 10)
            self.area_rects[seat] = (ax, ay, aw, ah)
            here = [c for c in view.owned_by(seat) if c not in lying]
            blocker_here = {c: block_on[c] for c in here if lying.get(block_on.get(c, "")) == c}
            key = area_key(seat)
            self.put(key, _zone(aw, ah, ACTIVE_BAND if seat == view.active and view.step != "over"
                                else AREA_BAND_COLOUR))
            wanted[key] = (QPointF(ax, ay), 0)
            # Everything the cards of the area are drawn from: the same as last time, they are laid as they were
            # (issue #42); a turn passing changes only the band.
            known = (ax, ay, aw, ah, self.view_scale, self.translator.language, tuple(
                (c, lines_of(c), block_on.get(c, ""), tuple(view.held.get(c, ())),
                 *((b, lines_of(b), self._name(view.owner[b]) if view.owner[b] != seat else "",
                    tuple(view.held.get(b, ()))) if (b := blocker_here.get(c, "")) else ()))
                for c in here))
            kept = self._areas.get(seat)
            if kept is None or kept[0] != known:
                kept = self._areas[seat] = (known, self._area(view, seat, here, blocker_here, block_on, lines_of))
            kept[1].lay(self, wanted)

    def _area(self, view: ParState, seat: int, here: list[str], blocker_here: dict[str, str],
              block_on: dict[str, str], lines_of: Callable[[str], tuple[tuple[str, str, bool], ...]]) -> _AreaDrawing:
        """A player's characters in columns in their area, the blockers lying on them, their artifacts. A column
        whose texts would be cut at the row's width takes the width they need, from the row's bare felt and then
        from columns that read whole narrower (growing taller instead)."""
        ax, ay, aw, ah = self.area_rects[seat]
        # The tallest column: a character, the blocker lying on it, and all their artifacts in a row under them.
        tallest = max((_column_height(len(view.held.get(c, [])) + len(view.held.get(blocker_here.get(c, ""), [])),
                                      c in blocker_here) for c in here), default=CARD[1])
        grid = _columns(len(here), aw, ah, tallest)
        floor = text_floor(None if self.view_scale is None else self.view_scale * grid.scale)
        drawing = _AreaDrawing()
        for first in range(0, len(here), grid.per_row):
            row = range(first, min(len(here), first + grid.per_row))
            laid: dict[tuple[int, float], _AreaDrawing] = {}

            def lay(i: int, width: float) -> _AreaDrawing:
                """Column `i` at `width`, laid from its own top left corner."""
                if (i, width) not in laid:
                    laid[i, width] = self._column(view, here[i], blocker_here.get(here[i], ""), block_on, lines_of,
                                                  seat, width, grid)
                return laid[i, width]

            def whole_at(i: int, width: float) -> bool:
                """Whether column `i` reads whole at `width`: laid only as far as its first text cut short. What a
                column of the same faces was found to do at a width is known for the next rows it stands in: a
                move changes a column or two of a row, and its other columns were tried there before."""
                def trial() -> bool:
                    try:
                        laid[i, width] = self._column(view, here[i], blocker_here.get(here[i], ""), block_on,
                                                      lines_of, seat, width, grid, trial=True)
                        return True
                    except _Cut:
                        return False

                return kept(self._whole, (said[i - first], width, grid), trial, WHOLE_KEPT)

            base = grid.size[0]
            widths = [base] * len(row)
            if floor is not None:
                said = tuple((floor, grid.row_h, self._column_faces(view, here[i], blocker_here.get(here[i], ""),
                                                                    block_on, lines_of, seat, base)) for i in row)

                def share() -> list[float]:
                    name = kept_fits.answer_key((grid, said))
                    found = _ROWS.get(name)
                    if found is not None and len(found) == len(row):
                        return list(found)
                    shared = [base] * len(row)
                    if not all(whole_at(i, base) for i in row):
                        # The widths tried on the way are kept between starts only if drawn (kept_fits.measuring).
                        with kept_fits.measuring():
                            shared = _shared_widths(grid, said, lambda k, width: whole_at(row[k], width))
                    _ROWS.put(name, shared)
                    return shared
                # A row as it was (a window sized back, a move elsewhere in the area, an earlier start) is not tried
                # again: its columns are laid once, at their widths.
                widths = kept(self._rows, (grid, said), share, ROWS_KEPT)
            x = ax + 8
            for k, (i, width) in enumerate(zip(row, widths)):
                if floor is None:
                    column = lay(i, width)
                else:  # a column as it was (a move elsewhere in the area) is not laid again
                    blocker = blocker_here.get(here[i], "")
                    cards = (here[i], blocker, block_on.get(here[i], ""), *view.held.get(blocker, ()),
                             *view.held.get(here[i], ()))
                    column = kept(self._laid, (said[k], cards, width, grid), partial(lay, i, width), COLUMNS_KEPT)
                drawing.add(column, x, ay + AREA_BAND + 4 + (i // grid.per_row) * grid.row_h * grid.scale, i * 10)
                x += (width + GAP) * grid.scale
        return drawing

    def _column_faces(self, view: ParState, character: str, blocker: str, block_on: dict[str, str],
                      lines_of: Callable[[str], tuple[tuple[str, str, bool], ...]], seat: int,
                      width: float) -> tuple[CardFace, ...]:
        """The faces of a column at the grid's size, before they grow: all its words, and what decides its width."""
        faces = self.faces
        blocked = character in block_on
        owner = view.owner[blocker] if blocker else seat
        lying = (faces.character(blocker, lines_of(blocker), False, False, self._name(owner) if owner != seat else "",
                                 (width, CARD[1])),) if blocker else ()
        held = (*view.held.get(blocker, ()), *view.held.get(character, ()))
        return (faces.character(character, lines_of(character), blocked, blocked, size=(width, CARD[1])), *lying,
                *(faces.tucked(artifact, width, PLATE[1]) for artifact in held))

    def _column(self, view: ParState, character: str, blocker: str, block_on: dict[str, str],
                lines_of: Callable[[str], tuple[tuple[str, str, bool], ...]], seat: int, width: float,
                grid: AreaGrid, trial: bool = False) -> _AreaDrawing:
        """One column of an area `width` wide, from its top left corner, as the first of its area (z): the
        character, the blocker lying on its foot, their artifacts. On `trial`, _Cut is raised at the first card
        whose texts are cut short."""
        faces, scale = self.faces, grid.scale
        drawing = _AreaDrawing()
        size = (width, CARD[1])
        z = 10.0
        blocked = character in block_on
        plates = len(view.held.get(character, [])) + len(view.held.get(blocker, []))
        # What the row leaves under this column goes to its cards, as far as their texts need it.
        spare = grid.row_h - _column_height(plates, bool(blocker))
        face, whole = self._grown(lambda s: faces.character(character, lines_of(character), blocked, blocked, size=s),
                                  size, spare, scale)
        if trial and not whole:
            raise _Cut(character)
        spare -= face.height - size[1]
        drawing.put(character, face, QPointF(0, 0), z, scale)
        foot = QPointF(0, (face.height - COVER) * scale)
        if blocker:
            drawing.lain_on[character] = [blocker, *view.held.get(blocker, []), *view.held.get(character, [])]
            # Over every column of the area: a neighbour must not hide the blocker's band. Its artifacts
            # come first under it, then the blocked card's own, which the blocker would cover.
            over = 500.0
            owner = view.owner[blocker]
            tag = self._name(owner) if owner != seat else ""  # whose blocker lies here
            lies, whole = self._grown(lambda s: faces.character(blocker, lines_of(blocker), False, False, tag, s),
                                      size, spare, scale)
            if trial and not whole:
                raise _Cut(blocker)
            spare -= lies.height - size[1]
            drawing.put(blocker, lies, foot, over, scale)
            after, spare = self._tuck(view, blocker, width, foot.y() + (lies.height - 1) * scale, over, scale,
                                      drawing, spare, trial)
            self._tuck(view, character, width, after, over, scale, drawing, spare, trial)
        else:
            self._tuck(view, character, width, (face.height - 1) * scale, z, scale, drawing, spare, trial)
            if blocked:
                # As wide as its card leaves it: "Geblokkeerd door Bloemenmeisje" was cut on a seal of its own width.
                drawing.put(seal_key(character), faces.seal(block_on[character], max(SEAL[0], width - 16)),
                            foot + QPointF(8, 5) * scale, 500.0, scale)
        return drawing

    def _grown(self, make: Callable[[tuple[float, float]], CardFace], size: tuple[float, float], spare: float,
               scale: float, most: float | None = None) -> tuple[CardFace, bool]:
        """The face `make` gives at `size`, or taller by up to `spare` (never over `most`), as far as its rule text
        needs to show whole at the view's scale (a card left with "…" while the area has bare felt under it), and
        whether it shows whole; `most` is TALLEST unless told. A face whose text is cut at every height grows no
        further than TALLEST_CUT (or `most`). `make` gives the same face at any size but for its size."""
        face = make(size)
        if self.view_scale is None:
            return face, True
        seen = self.view_scale * scale
        tallest = min(size[1] + spare, TALLEST if most is None else most)
        heights = [size[1]]  # the heights it may take, GROW_STEP apart
        while heights[-1] + GROW_STEP <= tallest:
            heights.append(heights[-1] + GROW_STEP)
        # A taller face of the same words is the face `make` would give at that height, without making its words again.
        floor = text_floor(seen)
        assert floor is not None
        need = likely_height(face, floor)
        step = self._growths.first_whole(
            (face, floor), len(heights), lambda k: not left_out(replace(face, height=heights[k]), seen),
            likely=next((k for k, h in enumerate(heights) if h >= need), None))
        if step is None:  # as much room as a cut card takes: the rest is in the detail panel
            cut = max(h for h in heights if h <= (TALLEST_CUT if most is None else most))
            return face if cut == size[1] else replace(face, height=cut), False
        return face if step == 0 else replace(face, height=heights[step]), True

    def _tuck(self, view: ParState, holder: str, width: float, first: float, z: float, scale: float,
              drawing: _AreaDrawing, spare: float = 0.0, trial: bool = False) -> tuple[float, float]:
        """The holder's artifacts `width` wide from `first` down (just under the foot's rounded corners, so both
        lines of the band show), in the order they came (PAR-15.2). A plate whose words would be cut takes a line
        more from the `spare` height its column leaves. Returns where a next plate would go, and the spare left.
        On `trial`, _Cut is raised at the first plate whose words are cut short."""
        y = first
        for k, artifact in enumerate(view.held.get(holder, [])):
            face, whole = self._grown(partial(self._plate, artifact), (width, PLATE[1]), spare, scale, PLATE_TALLEST)
            if trial and not whole:
                raise _Cut(artifact)
            spare -= face.height - PLATE[1]
            drawing.put(artifact, face, QPointF(0, y), z - 1 + k * 0.01, scale)
            y += (face.height + 2) * scale
        return y, spare

    def _plate(self, artifact: str, size: tuple[float, float]) -> CardFace:
        return self.faces.tucked(artifact, size[0], size[1])

    def _name(self, seat: int) -> str:
        names = self.seating.names
        return names[seat] if seat < len(names) else str(seat + 1)

    def _refresh_labels(self, view: ParState) -> None:
        seating = self.seating
        areas = tuple((seat, rect, seat == view.active and view.step != "over",
                       seating.titles[seat] if seat < len(seating.titles) else self._name(seat),
                       len(view.owned_by(seat))) for seat, rect in self.area_rects.items())
        said = (seating.status, len(view.limbo), bool(seating.pending), self.sceneRect().width(), areas,
                self.translator.language)
        if said == self._said:
            return  # the same words in the same places: nothing to say again (issue #42)
        self._said = said
        t = self.translator.text
        self._labels["status"].setText(seating.status)
        self._labels["common"].setText(t("label.common"))
        self._labels["limbo"].setText(t("label.limbo_count", count=len(view.limbo)))
        self._labels["pending"].setText(t("label.declared") if seating.pending else "")
        self._labels["pending"].setPos(self._pending_x(), 5)
        for seat, (ax, ay, _aw, _ah), active, name, count in areas:
            key = f"area:{seat}"
            label = self._labels.get(key)
            if label is None:
                label = self._labels[key] = self._caption((ax + 8, ay + 2), CAPTION_PIXEL)
            label.setPos(ax + 8, ay + 1)
            label.setBrush(QBrush(QColor("#1d1b16" if active else LABEL)))  # Qt repaints only what changed
            label.setText(t("label.area_active" if active else "label.area", player=name, count=count))
            label.setVisible(True)
        for key, label in self._labels.items():
            if key.startswith("area:") and int(key[5:]) not in self.area_rects:
                label.setVisible(False)

    def ring_rect(self, key: str, rect: QRectF) -> QRectF:
        """A blocked character's ring goes round its blocker lying on its foot and the artifacts under them
        too: round the card alone it crossed the blocker's band and name (at 1280×720), and stopped short
        of them it would strike through the card's last line, which ends where the blocker lies."""
        for lying in self.lain_on.get(key, []):
            item = self.items_by_key.get(lying)
            if item is not None and item.isVisible():
                rect = rect.united(item.sceneBoundingRect())
        return rect

    def fit_room(self, width: float, height: float) -> None:
        """As wide as the view's shape at the floor's height, so the areas get the width a wide window
        would otherwise leave as bare felt on both sides (their cards grow wider and need fewer lines)."""
        if width <= 0 or height <= 0:
            return
        wanted = min(WIDEST_FLOOR, max(WIDTH, 10 * math.floor(HEIGHT * width / height / 10)))
        seen = seen_scale(width, height, wanted, HEIGHT)
        if (wanted, seen) != (self.sceneRect().width(), self.view_scale):
            self.view_scale = seen
            self.setSceneRect(0, 0, wanted, HEIGHT)
            self.redraw()

    def redraw(self) -> None:
        if self.par_view is not None:
            self.show(self.par_view, self.dests, self.seating)

    def retranslate(self) -> None:
        self.faces.clear()
        self._areas.clear()
        self._said = None
        super().retranslate()

    # --- where things land ----------------------------------------------------------------

    def hand_cards(self) -> list[str]:
        return list(self.seating.hand)

    def own_cards(self) -> list[str]:
        view, viewer = self.par_view, self.seating.viewer
        if view is None or viewer is None:
            return []
        mine = view.owned_by(viewer)
        held = [artifact for character in mine for artifact in view.held.get(character, [])]
        return [key for key in [*mine, *held] if key in self.items_by_key]

    def accessible_text(self, key: str) -> tuple[str, str]:
        """An area, the common artifacts and Limbo said with whose they are and how many cards lie there;
        the cards from their faces."""
        view = self.par_view
        t = self.translator.text
        if view is not None and key.startswith("area:"):
            seat = int(key[5:])
            turn = t("a11y.area_turn") if seat == view.active and view.step != "over" else ""
            return t("a11y.area", player=self._name(seat), count=len(view.owned_by(seat))), turn
        if view is not None and key == COMMON_KEY:
            return t("a11y.common", count=len(view.common)), ""
        if view is not None and key == LIMBO_KEY:
            return t("a11y.limbo", count=len(view.limbo)), ""
        return super().accessible_text(key)

    def drop_zones(self) -> list[str]:
        """Every character and zone: a landing that is not lit is explained, not ignored."""
        view = self.par_view
        characters = list(view.owner) if view is not None else []
        zones = [k for k in self.items_by_key if k.startswith(("zone:", "area:")) and k != DECK_KEY]
        return [*characters, *zones]

    def most_overlapped(self, item: CardItem, keys: Iterable[str]) -> str:
        """A card dropped on a character means that character, even though its area lies under both."""
        keys = list(keys)
        cards = [k for k in keys if not k.startswith(("zone:", "area:"))]
        return super().most_overlapped(item, cards) or super().most_overlapped(item, keys)

    def card_at(self, pos: QPointF) -> CardItem | None:
        item = super().card_at(pos)
        if item is not None and item.key.startswith("seal:"):
            return self.items_by_key.get(item.key[5:], item)  # a seal stands for the card it lies on
        return item

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        # A character can be both something that moves and a target: with a card held, a click on one
        # of its lit targets plays, rather than picking the target up in its place. A click on a place that
        # is not lit, or on the bare felt, keeps the card held and says why, as a refused drag does.
        if not self.curtain_up and event.button() == Qt.MouseButton.LeftButton and self.selected and not self.help_shown:
            item = self.card_at(event.scenePos())
            if item is None or item.key != self.selected:
                if item is not None and item.key in self.dests.get(self.selected, {}):
                    self.activate(item.key)
                    event.accept()
                    return
                if item is None or (item.key in self.drop_zones() and not item.key.startswith("seal:")):
                    self.drop_refused.emit(self.selected, item.key if item is not None else "")
                    event.accept()
                    return
        super().mousePressEvent(event)


def _zone(width: float, height: float, band: str = ZONE_PAPER) -> CardFace:
    """A zone on the felt: a panel, with a coloured band for a player's area."""
    return CardFace(width, height, band, ZONE_PAPER, border=ZONE_BORDER)


def _column_height(plates: int, blocker: bool) -> float:
    """A column's height: the character, the blocker lying on its foot, the artifacts in a row under them."""
    return (2 * CARD[1] - COVER if blocker else CARD[1]) + plates * (PLATE[1] + 2)


WIDEST = 1.6 * CARD[0]  # a row's spare width shared out: wider lines of rule text, not a banner (but _shared_widths)
TALLEST = 2 * CARD[1]  # a card grown for its text, as far as its row leaves room (ParsifalScene._grown)
TALLEST_CUT = 1.4 * CARD[1]  # ... one whose text is cut at any height: taller, it showed a line more at a larger picture
GROW_STEP = 6.0  # a card whose text needs more room grows by this much at a time
WIDEN_STEP = 4 * GROW_STEP  # a column whose texts need more width takes this much at a time (_shared_widths)
PLATE_TALLEST = 2.5 * PLATE[1]  # an artifact's plate grown for its words: three lines of them under its name
GROWN_KEPT = 2048  # faces grown to their text that are remembered (ParsifalScene._grown)
GROWN_KEPT_BETWEEN = 4096  # ... and kept between starts
ROWS_KEPT = 256  # rows of an area whose columns' widths a table remembers (ParsifalScene._area)
COLUMNS_KEPT = 512  # columns as laid that a table remembers (ParsifalScene._area)
WHOLE_KEPT = 4096  # columns tried at a width that a table remembers the answer for (ParsifalScene._area)


def _is_known(kept: object) -> bool:
    """What a growth knows of a face as `_KeptGrowths` keeps it: the steps known too small, a step known whole."""
    return (isinstance(kept, list) and len(kept) == 2 and type(kept[0]) is int and 0 <= kept[0] < 1000
            and (kept[1] is None or type(kept[1]) is int and kept[0] <= kept[1] < 1000))


class _KeptGrowths(Growths):
    """What is known of the faces grown, and of the columns widened, kept between starts too (kept_fits), under a
    digest of the face (its words and first size) or of the column's faces, with the floor it is seen at: a card
    met in an earlier game is not measured again to know how far it grows. The code that measures: the faces'
    fitting, the scale a view shows a table at, the faces and these steps."""

    SOURCES = (*kept_fits.FITTING, Path(card_table.__file__).resolve(),
               *(Path(__file__).resolve().parent / name for name in ("faces.py", "scene.py")))

    def __init__(self, kept: int) -> None:
        super().__init__(kept)
        self._shelf = kept_fits.Shelf("growths/parsifal", self.SOURCES, _is_known, lambda: GROWN_KEPT_BETWEEN)
        self._names: dict[Hashable, str] = {}

    def _recalled(self, key: Hashable) -> tuple[int, int | None]:
        found = self._known.get(key)
        if found is None:
            kept = self._shelf.get(self._name(key))
            found = (0, None) if kept is None else (kept[0], kept[1])
            super()._remember(key, found)
        return found

    def _remember(self, key: Hashable, known: tuple[int, int | None]) -> None:
        if self._known.get(key) != known:
            self._shelf.put(self._name(key), list(known))
        super()._remember(key, known)

    def _name(self, key: Hashable) -> str:
        """The digest `key` is kept under: a new face's is asked for when it is recalled and again when what its
        search learnt is remembered, and the digest of a column's faces is no small part of a redraw."""
        return kept(self._names, key, partial(kept_fits.answer_key, key), self._kept)


def _are_widths(kept: object) -> bool:
    """A row's columns' widths as `_area` keeps them: a few, each a card's width at the least."""
    return (isinstance(kept, list) and 0 < len(kept) <= 12
            and all(type(w) in (int, float) and CARD[0] <= w <= 4 * WIDEST_FLOOR for w in kept))


# The widths of a row's columns, between starts, by a digest of the grid and the faces at its width (what
# _shared_widths decides them from); the code that decides them is that of _KeptGrowths.
ROWS_KEPT_BETWEEN = 2048
_ROWS = kept_fits.Shelf("layouts/parsifal", _KeptGrowths.SOURCES, _are_widths, lambda: ROWS_KEPT_BETWEEN)


# How far a face grows for its text at a scale, for every table: the same words at the same size and scale grow alike
# in any game, and a new table's first redraws need not measure again the cards the last one met (issue #42).
_GROWTHS = _KeptGrowths(GROWN_KEPT)


def _common_width(faces: list[CardFace], share: float, seen: float | None) -> float:
    """How wide the common area's artifacts are drawn, given their faces at the width they start from: a step wider
    at a time, as far as their `share` of the zone goes, until no rule text would end in "…" at the view's scale
    `seen` (Dutch "Graal", issue #36). Each face's own first width is found by halving, as a card's height is (a
    wider card never hides more of its text), and kept: a new artifact in the zone measures only itself (issue #42)."""
    if not faces:
        return share  # no artifact to draw
    widths = [faces[0].width]
    while widths[-1] + GROW_STEP <= share:
        widths.append(widths[-1] + GROW_STEP)
    if seen is None or len(widths) == 1:
        return widths[0]

    def first_whole(face: CardFace, scale: float) -> int:
        step = _GROWTHS.first_whole(("wider", face, text_floor(scale)), len(widths),
                                    lambda k: not left_out(replace(face, width=widths[k]), scale))
        return len(widths) - 1 if step is None else step  # all the room there is: the rest is in the detail panel
    return widths[max(first_whole(face, seen) for face in faces)]


@dataclass(frozen=True)
class AreaGrid:
    """How an area's characters stand: their scale, their size before it (at the least: `_grown`), how many to a
    row, and the room a row gives them before the scale."""

    scale: float
    size: tuple[float, float]
    row_h: float  # a row's height: what a column may fill
    per_row: int
    row_w: float  # a row's width: each column takes its own width and a GAP of it


def _columns(count: int, aw: float, ah: float, column_h: float = COLUMN_H) -> AreaGrid:
    """The characters of an area in as many rows as keep them largest, shrunk rather than overlapping, so
    every name and artifact shows; they take the width the rows leave and the rows share out the height,
    so their abilities and missions need fewer lines (PAR-15)."""
    inner_w, inner_h = aw - 16, ah - AREA_BAND - 6
    row_h = max(column_h, COLUMN_H)  # room for a blocker to come, so one block does not reflow the area
    best = (0.0, 1, 1)
    for rows in range(1, max(1, count) + 1):
        per_row = math.ceil(max(1, count) / rows)
        scale = min(1.0, (inner_w + GAP) / (per_row * (CARD[0] + GAP)), inner_h / (rows * row_h))
        if scale > best[0] + 1e-9:
            best = (scale, per_row, rows)
    scale, per_row, rows = best
    # The row's spare width and height, at the scale the height allows: the height goes to the cards whose
    # texts need it (ParsifalScene._grown).
    row_w = (inner_w + GAP) / scale
    width = min(WIDEST, max(CARD[0], row_w / per_row - GAP))
    return AreaGrid(scale, (width, CARD[1]), max(row_h, inner_h / rows / scale), per_row, row_w)


def _shared_widths(grid: AreaGrid, said: Sequence[Hashable], whole_at: Callable[[int, float], bool]) -> list[float]:
    """The widths of one row's columns (`said` says what each is made from): each as wide as the grid's, but a
    column whose texts are cut there takes the width they need, first from the row's bare felt, then from the
    columns that read whole narrower (their cards grow taller instead), the columns needing least served first.
    A column no width within the row makes whole keeps the grid's width: its cards' texts were cut all the same, and
    widths that follow every word of them would have a crowded table's cards painted anew at each move."""
    base, count = grid.size[0], len(said)
    room = grid.row_w - count * GAP  # what the widths may add up to
    widest = room - (count - 1) * CARD[0]
    wider = [base + k * WIDEN_STEP for k in range(int((widest - base) // WIDEN_STEP) + 1)]  # from base on
    want: list[float | None] = [base] * count  # None: no width within the row shows it whole
    short = [k for k in range(count) if not whole_at(k, base)]
    for k in short:
        # Most columns need a step or two: the first step wider is tried first, then the widest, then the halves.
        step = _GROWTHS.first_whole(("column wider", said[k], base), len(wider), lambda j: whole_at(k, wider[j]),
                                    least=1)
        want[k] = None if step is None else wider[step]
    widths = [base if w is None else w for w in want]
    if sum(widths) > room:
        # Not all at once: the columns that read whole give what they can spare, the ones needing least take it.
        narrower = [base - k * WIDEN_STEP for k in range(int((base - CARD[0]) // WIDEN_STEP), 0, -1)]
        least = [base] * count
        for k in range(count):
            if k not in short and narrower:
                step = _GROWTHS.first_whole(("column narrower", said[k], base), len(narrower) + 1,
                                            lambda j: whole_at(k, [*narrower, base][j]))
                least[k] = [*narrower, base][step if step is not None else len(narrower)]
        widths = list(least)
        for k in sorted(short, key=lambda k: want[k] or math.inf):
            need = want[k]
            if need is not None and sum(widths) + need - base <= room:
                widths[k] = need
        givers = [k for k in range(count) if least[k] < base]
        given = sum(base - least[k] for k in givers)
        back = max(0.0, min(given, room - sum(widths)))  # what is left goes back to the columns that gave it
        for k in givers:
            widths[k] += back * (base - least[k]) / given
    return widths


class _Cut(Exception):
    """A column tried at a width cuts a text short there (ParsifalScene._column on trial)."""


@dataclass
class _AreaDrawing:
    """What a player's area puts on the table: each item's face, place, z and scale, and what lies on whom."""

    faces: dict[str, CardFace] = field(default_factory=dict)
    places: dict[str, tuple[QPointF, float]] = field(default_factory=dict)
    scales: dict[str, float] = field(default_factory=dict)
    lain_on: dict[str, list[str]] = field(default_factory=dict)

    def put(self, key: str, face: CardFace, pos: QPointF, z: float, scale: float) -> None:
        self.faces[key], self.places[key], self.scales[key] = face, (pos, z), scale

    def add(self, column: _AreaDrawing, x: float, y: float, over: float) -> None:
        """A column laid from its own corner as the first of its area, put with its corner at (x, y) and `over` the
        columns before it."""
        corner = QPointF(x, y)
        self.faces.update(column.faces)
        self.places.update((key, (pos + corner, z + over)) for key, (pos, z) in column.places.items())
        self.scales.update(column.scales)
        self.lain_on.update(column.lain_on)

    def lay(self, scene: ParsifalScene, wanted: dict[str, tuple[QPointF, float]]) -> None:
        """Onto the scene, into the places `show` brings the items to."""
        for key, face in self.faces.items():
            scene.put(key, face)
        wanted.update(self.places)
        scene.scales.update(self.scales)
        scene.lain_on.update(self.lain_on)
