"""The Bacchanalia table: the Aruspex on the left above the piles, the players' areas two a row on the
right, the centre below them.

Sized to be read at 1280×720 beside the journal (about 0.77 of its units a pixel): cards are wide
enough for their names at 9 px, nothing lies over another card's name (a crowded area wraps to a
second line, a row grows for a tall pile), and the Aruspex's text keeps its size; what its panel has
no room for scrolls, with a bar that says so (and a click on the panel shows it all in the detail panel).

Each player's Deus lie in front of their plate; the Umbra of the turn are stacked on the Deus
they honour, the others lie loose beside them; a locked Umbra and a Bacchus owed a question are
turned 90°. The scene draws one view and never judges a move: it is handed `dests` made from
legal_moves by the table. Nothing is secret in this game, so there is no curtain to draw under.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsRectItem, QGraphicsSceneMouseEvent, QGraphicsSceneWheelEvent,
                               QGraphicsTextItem)

from desktop.frame.card_item import HIGHLIGHT, SELECTED, CardFace, CardItem, left_out, text_floor
from desktop.frame.card_table import DECK_KEY, DISCARD_KEY, CardTable, seen_scale
from desktop.frame.growth import kept
from desktop.frame.i18n import Translator
from desktop.games.bacchanalia.faces import (COUNTER_SIZE, DEUS_SIZE, ORACLE_SIZE, PLATE_SIZE, ZONE_SIZE,
                                              BacchanaliaFaces)
from rules.bacchanalia.state import BacState

M = 10.0
CARD_W, CARD_H = DEUS_SIZE
GAP = 6.0  # between two cards side by side: no card ever lies over another's name
# Screen pixels per unit beside the journal on a 1280×720 screen, where the window manager's title bar and
# borders leave the window 1264×672 (0.715; a bare 1280×720 window gives 0.78): what a card's text must read at,
# at the table's least height (a taller table is seen smaller: BacchanaliaScene.grow_scale).
SMALLEST_SCALE = 0.71
GROW_STEP = 4.0  # a card grows for its rule text by this much at a time
STACK = 17.0  # how much of each stacked Umbra shows: its band, with the name (its text box ends at 18)
# The Aruspex on the left, full height; the four piles in a block under it, and the lock (when there is one) between.
ORACLE_W = 286.0
HEADING_W = ORACLE_W - ORACLE_SIZE[0] - 28  # the heading's width, beside the ruling Deus
PILES_H = COUNTER_SIZE[1] + 10 + ZONE_SIZE[1]
LOCK_H = 60.0  # the lock across the panel's foot: its name and its hint, each on a line where they fit
SEATS_X = M + ORACLE_W + 12
SEAT_W = PLATE_SIZE[0] + 6.0  # two seats side by side: four cards each before a row wraps
MAX_PLATE_H = 3 * PLATE_SIZE[1]  # a plate grows for its news to three lines at most
# A card grown for its rule text, by its face, whether it lies on its side, the room and felt it may take and the floor
# it is seen at, for every table: growing searches heights at each width, and a table is drawn again at every move
# with most of its cards where they were (a scene update took 14 ms at six seats where it took 1, issue #42).
_GROWN: dict[tuple[CardFace, bool, float, float, int | None], CardFace] = {}
GROWN_KEPT = 4096
WIDTH = SEATS_X + 2 * SEAT_W + M
# The least height: tall enough for the Aruspex's questions above the piles. With it the table is about
# as wide as it is tall times 1.4, the shape the view has beside the journal at 1280×720 and 1920×1080.
MIN_HEIGHT = 740.0
CAPTION_H = 26.0  # the centre's caption above its row, clear of a focus ring round the zone
CENTRE_KEY = "zone:centre"
LOCK_KEY = "zone:lock"
ASIDE_KEY = "zone:aside"
PARCAE_KEY = "zone:parcae"
ORACLE_KEY = "zone:aruspex"  # the Aruspex: its card, and (as a place to point at) its whole panel
SCROLL_BAR = 8.0  # the width kept at the panel's right edge for the bar of the Aruspex's words
AREA_PEN = QPen(QColor(255, 255, 255, 40), 1)


def seat_key(seat: int) -> str:
    return f"seat:{seat}"


@dataclass
class Board:
    """What the table says around the cards, already in the players' language."""

    names: list[str]
    plates: list[tuple[str, ...]]  # the status lines under each name
    heading: str = ""  # HTML beside the ruling Deus
    parts: tuple[str, ...] = ()  # HTML blocks under it, most needed first: the Aruspex, the prompt, the questions
    result: str | None = None
    tied: tuple[str, ...] = ()
    clock: str = ""
    lock_zone: bool = False
    parcae_limit: int | None = None
    tilted: frozenset[str] = field(default_factory=frozenset)  # Deus shown turned: Bacchus owed a question

    @property
    def text(self) -> str:
        """All the Aruspex says, as HTML (the detail panel shows it when the panel has no room for it all)."""
        return "".join(self.parts)


@dataclass
class Column:
    """Cards one above the other in a player's area: a Deus (or none) and the Umbra lying on it."""

    card: str | None
    pile: list[str]
    turned: bool = False  # lying across: it takes its height in width

    @property
    def width(self) -> float:
        return CARD_H if self.turned else CARD_W

    @property
    def height(self) -> float:
        card = CARD_W if self.turned else CARD_H
        return max(card, 22 + (len(self.pile) - 1) * STACK + CARD_H) if self.pile else card


class BacchanaliaScene(CardTable):
    poked = Signal(str)  # a click on a card that cannot move now (the table may say why)

    def __init__(self, faces: BacchanaliaFaces, tr: Translator) -> None:
        super().__init__(tr, WIDTH, MIN_HEIGHT)
        self.faces = faces
        self.view_state: BacState | None = None
        self.board = Board([], [])
        self.panel = QGraphicsRectItem(M, M, ORACLE_W, MIN_HEIGHT - 2 * M - PILES_H - 8)
        self.panel.setBrush(QBrush(QColor("#f3ead6")))
        self.panel.setPen(QPen(QColor("#8a7a55"), 1.5))
        self.panel.setZValue(-1)
        self.addItem(self.panel)
        self.heading = QGraphicsTextItem()
        self.heading.setPos(M + 20 + ORACLE_SIZE[0], M + 8)
        self.heading.setTextWidth(HEADING_W)
        self.addItem(self.heading)
        # All the Aruspex says, whole: what the panel has no room for scrolls (the wheel over the panel), and a
        # bar at its edge shows there is more and where the reader is.
        self.oracle_clip = QGraphicsRectItem()
        self.oracle_clip.setFlag(QGraphicsItem.GraphicsItemFlag.ItemClipsChildrenToShape)
        self.oracle_clip.setPen(QPen(Qt.PenStyle.NoPen))
        self.addItem(self.oracle_clip)
        self.oracle_text = QGraphicsTextItem(self.oracle_clip)
        self.oracle_text.setTextWidth(ORACLE_W - 12 - SCROLL_BAR)
        self.scroll_track = QGraphicsRectItem()
        self.scroll_track.setBrush(QBrush(QColor("#e2d6b8")))
        self.scroll_thumb = QGraphicsRectItem()
        self.scroll_thumb.setBrush(QBrush(QColor("#8a7a55")))
        for bar in (self.scroll_track, self.scroll_thumb):
            bar.setPen(QPen(Qt.PenStyle.NoPen))
            self.addItem(bar)
        self.text_scroll = 0.0  # how far down the Aruspex's words are scrolled
        self._html: tuple[str, tuple[str, ...], float] = ("", (), 0.0)
        self.centre_label = self.label((SEATS_X, 0), 16, True)  # 12 px on screen at 1280×720
        self.clock = self.label((M, 0), 20, True)
        self.seat_areas: list[QGraphicsRectItem] = []
        self.room: tuple[float, float] | None = None  # the view's room in pixels, once a view shows the table
        # The scale the cards grow their words for (_grown): the smallest window's, or less where the view shows a
        # table taller than the least (piles of Umbra) smaller still.
        self.grow_scale = SMALLEST_SCALE

    # --- drawing --------------------------------------------------------------------

    def show_table(self, view: BacState, dests: dict[str, dict[str, object]], board: Board) -> None:
        self.view_state = view
        self.board = board
        self.set_dests(dests)  # type: ignore[arg-type]
        faces = self.faces
        wanted: dict[str, tuple[QPointF, float]] = {}
        turns: dict[str, bool] = {}
        self.put(ORACLE_KEY, faces.oracle(board.result, board.tied))
        wanted[ORACLE_KEY] = (QPointF(M + 8, M + 8), 1)
        bottom = self._seats(view, board, wanted, turns)
        bottom = self._centre(view, wanted, bottom)
        height = max(MIN_HEIGHT, bottom + M)
        if text_floor(self._seen(height)) != text_floor(self.grow_scale):
            # The table's height does not hang on how far its cards grow: one more pass grows them for it.
            self.grow_scale = self._seen(height)
            self.show_table(view, dests, board)
            return
        if self.sceneRect().height() != height:
            self.setSceneRect(0, 0, WIDTH, height)  # the view fits the table again
        lock_h = self._piles(view, board, wanted, height)
        self.place(wanted)
        for key, item in self.items_by_key.items():
            turned = turns.get(key, False)
            if turned:  # about its middle, wherever a face grown for its words has it
                item.setTransformOriginPoint(item.face.width / 2, item.face.height / 2)
            if (item.rotation() == 90) != turned:
                item.setRotation(90 if turned else 0)
        panel_h = height - 2 * M - PILES_H - 8 - (lock_h + 8 if lock_h else 0)
        self.panel.setRect(M, M, ORACLE_W, panel_h)
        if self._html != (board.heading, board.parts, panel_h):
            self._html = (board.heading, board.parts, panel_h)
            self.heading.setHtml(board.heading)
            self._fit_text(board.parts, panel_h)
        self.set_clock(board.clock)
        self.refresh_marks()

    def _seen(self, height: float) -> float:
        """The scale the cards grow for, with the table `height` units tall in the view's room."""
        if self.room is None:
            return SMALLEST_SCALE
        return min(SMALLEST_SCALE, seen_scale(*self.room, WIDTH, height))

    def fit_room(self, width: float, height: float) -> None:
        """A smaller room than the smallest window's (or a taller table) shows the cards smaller: they grow again
        for it."""
        if width <= 0 or height <= 0 or (width, height) == self.room:
            return
        self.room = (width, height)
        if text_floor(self._seen(self.sceneRect().height())) != text_floor(self.grow_scale):
            self.redraw()

    def set_clock(self, text: str) -> None:
        """The time left, at the right end of the centre's caption line."""
        self.clock.setText(text)
        self.clock.setPos(WIDTH - M - self.clock.boundingRect().width(), self.centre_label.y())

    def _fit_text(self, parts: tuple[str, ...], panel_h: float) -> None:
        """All the Aruspex says, at its size, in the room the panel has; what does not fit is scrolled to (never
        shrunk: a smaller text would fall below 9 px at 1280×720, and never left out)."""
        top = M + ORACLE_SIZE[1] + 14
        self.oracle_clip.setRect(M + 6, top, ORACLE_W - 12, panel_h - ORACLE_SIZE[1] - 14 - 6)
        self.oracle_text.setHtml("".join(parts))
        self.text_scroll = 0.0
        self.scroll_text(0.0)

    def text_overflow(self) -> float:
        """How much taller the Aruspex's words are than the room they have (0 when they fit)."""
        return max(0.0, self.oracle_text.boundingRect().height() - self.oracle_clip.rect().height())

    def scroll_text(self, by: float) -> None:
        """Scroll the Aruspex's words `by` units (down for more), within their length; redraw the bar."""
        room, over = self.oracle_clip.rect(), self.text_overflow()
        self.text_scroll = min(max(0.0, self.text_scroll + by), over)
        self.oracle_text.setPos(room.x(), room.y() - self.text_scroll)
        track = QRectF(room.right() - SCROLL_BAR + 2, room.y(), SCROLL_BAR - 2, room.height())
        self.scroll_track.setRect(track)
        height = track.height() * room.height() / (room.height() + over)  # the share of the words in sight
        down = self.text_scroll / over if over else 0.0
        self.scroll_thumb.setRect(QRectF(track.x(), track.y() + (track.height() - height) * down, track.width(), height))
        for bar in (self.scroll_track, self.scroll_thumb):
            bar.setVisible(over > 0)

    def wheelEvent(self, event: QGraphicsSceneWheelEvent) -> None:  # noqa: N802 - Qt override
        if self.panel.contains(event.scenePos()) and self.text_overflow() > 0 and not self.curtain_up:
            self.scroll_text(-event.delta() / 120 * 3 * 18)  # three lines a notch, as text boxes scroll
            event.accept()
            return
        super().wheelEvent(event)

    def _seats(self, view: BacState, board: Board, wanted: dict[str, tuple[QPointF, float]],
               turns: dict[str, bool]) -> float:
        """Two seats a row; a row as tall as its tallest area. Returns where the seats end."""
        n = len(view.seats)
        while len(self.seat_areas) < n:
            frame = QGraphicsRectItem(0, 0, SEAT_W - 6, 10)
            frame.setPen(AREA_PEN)
            frame.setBrush(QBrush(QColor(0, 0, 0, 28)))
            frame.setZValue(-1)
            self.addItem(frame)
            self.seat_areas.append(frame)
        for q, frame in enumerate(self.seat_areas):
            frame.setVisible(q < n)
        columns = [self._columns(view, board, q) for q in range(n)]
        lines = [self._lines(cols) for cols in columns]
        plates = [self._plate(view, board, q) for q in range(n)]
        # The two plates of a row as tall as the taller one needs: the cards under them start level.
        tall = [max(face.height for face in plates[q - q % 2:q - q % 2 + 2]) for q in range(n)]
        plates = [face if face.height == tall[q] else self._plate(view, board, q, tall[q])
                  for q, face in enumerate(plates)]
        heights = [plates[q].height + 4 + sum(h for _, h in seat) + 6 * (len(seat) - 1) for q, seat in enumerate(lines)]
        rows = [max(heights[q:q + 2]) for q in range(0, n, 2)]
        # With few players the rows share the height the Aruspex needs anyway (up to a card's more each).
        spare = MIN_HEIGHT - 2 * M - sum(rows) - 8 * len(rows) - CAPTION_H - CARD_H - 10
        extra = min(CARD_H, max(0.0, spare / len(rows))) if rows else 0.0
        y = M
        for r, row_h in enumerate(rows):
            for q in range(2 * r, min(n, 2 * r + 2)):
                sx = SEATS_X + (q % 2) * SEAT_W
                self.seat_areas[q].setRect(0, 0, SEAT_W - 6, row_h + extra + 4)
                self.seat_areas[q].setPos(sx - 3, y - 2)
                self._seat(view, q, plates[q], sx, y, lines[q], wanted, turns, row_h - heights[q] + extra)
            y += row_h + extra + 8
        return y

    def _columns(self, view: BacState, board: Board, q: int) -> list[Column]:
        """A player's cards as columns: each Deus with the turn's Umbra on it, the loose Umbra, the kept card."""
        t = view.turn
        kind = self.faces.kind
        seat = view.seats[q]
        active = view.phase != "over" and q == view.active
        piles = t.piles if active else {}
        area = list(t.area) if active else []
        # An Umbra honouring a Deus that has left the player (the Accusator gone back to the centre) lies loose:
        # left on its Deus's pile it was drawn nowhere, though it can still be kept for the next turn.
        placed = {c for d, pile in piles.items() if d in seat.deus for c in pile}
        loose = [c for c in area if c not in placed]
        deus = sorted(seat.deus, key=lambda d: (d in board.tilted, kind(d) == "vinum", kind(d), d))
        out = [Column(d, list(piles.get(d, [])), d in board.tilted) for d in deus]
        if loose:
            out.append(Column(None, loose))  # no Deus under them: these Umbra honour nobody
        locked = seat.locked if not (active and t.carried == seat.locked) else None
        if locked is not None:
            out.append(Column(locked, [], True))
        return out

    @staticmethod
    def _lines(columns: list[Column]) -> list[tuple[list[Column], float]]:
        """The columns in lines across the area: a line that would run past it wraps (nothing overlaps)."""
        lines: list[tuple[list[Column], float]] = []
        room = SEAT_W - 6
        x = room
        for col in columns:
            if x + col.width > room:
                lines.append(([], 0.0))
                x = 0.0
            cols, h = lines[-1]
            cols.append(col)
            lines[-1] = (cols, max(h, col.height))
            x += col.width + GAP
        return lines or [([], CARD_H)]

    def _plate(self, view: BacState, board: Board, q: int, height: float | None = None) -> CardFace:
        """Seat `q`'s plate, `height` tall, or as tall as its words need to read whole at the scale the cards grow
        for: a second line for "Elena · Bacchus sta arrivando · Deve la domanda di Bacchus"."""
        seat = view.seats[q]
        name = board.names[q] if q < len(board.names) else str(q + 1)
        news = board.plates[q] if q < len(board.plates) else ()
        active = view.phase != "over" and q == view.active
        out = not seat.in_game and view.phase != "setup"
        face = self.faces.plate(name, news, active, out, height or PLATE_SIZE[1])
        while height is None and left_out(face, self.grow_scale) and face.height < MAX_PLATE_H:
            face = self.faces.plate(name, news, active, out, face.height + GROW_STEP)
        return face

    def _seat(self, view: BacState, q: int, plate: CardFace, sx: float, sy: float,
              lines: list[tuple[list[Column], float]], wanted: dict[str, tuple[QPointF, float]],
              turns: dict[str, bool], spare: float = 0.0) -> None:
        """One player's area under their plate; `spare` is the bare felt under its last line, where a card may
        grow."""
        self.put(seat_key(q), plate)
        wanted[seat_key(q)] = (QPointF(sx, sy), 1)
        y = sy + plate.height + 4
        z = 2
        for i, (cols, line_h) in enumerate(lines):
            x = sx
            room = line_h + (spare if i == len(lines) - 1 else 0.0)
            felt = SEAT_W - 6 - sum(col.width + GAP for col in cols) + GAP  # the line's bare felt at its end
            for col in cols:
                width = col.width
                if col.card is not None:
                    face = self._grown(col, room, felt)
                    width = face.height if col.turned else face.width  # a card on its side is as wide as it is tall
                    felt -= width - col.width
                    self.put(col.card, face)
                    turns[col.card] = col.turned
                    # A card turned 90° about its middle moves this far left and down.
                    shift = (face.height - face.width) / 2 if col.turned else 0.0
                    wanted[col.card] = (QPointF(x + shift, y - shift), z)
                # The Umbra of the turn lie on the Deus they honour below its band (or loose, level with them).
                for j, umbra in enumerate(col.pile):
                    self.put(umbra, self.faces.card(umbra))
                    wanted[umbra] = (QPointF(x + (col.width - CARD_W) / 2, y + 22 + j * STACK), z + 1 + j)
                x += width + GAP
                z += 10
            y += line_h + 6

    def _grown(self, col: Column, room: float, wider: float = 0.0) -> CardFace:
        """The face of a column's card, taller (within `room`) as far as its rule text needs to show whole in
        the smallest window, and where no height in the room is enough, wider too, by `wider` at most (the felt
        its line leaves: Dutch "Degene die je personage beschuldigt." in a full line at the foot of six seats); a
        card with Umbra lying on it keeps its size."""
        assert col.card is not None
        face = self.faces.card(col.card)
        if col.pile:
            return face
        card = col.card
        grow = self._grown_on_its_side if col.turned else self._grown_upright
        return kept(_GROWN, (face, col.turned, room, wider, text_floor(self.grow_scale)),
                    lambda: grow(card, room, wider), GROWN_KEPT)

    def _grown_upright(self, card: str, room: float, wider: float) -> CardFace:
        """`_grown` for a card standing up: each width from its own up by `wider`, as tall as its words need within
        `room`; the first whole one, else the card at its width."""
        first = face = self.faces.card(card)
        for extra in range(0, int(wider // GROW_STEP) + 1):
            face = self.faces.card(card, CARD_H, CARD_W + extra * GROW_STEP)
            while left_out(face, self.grow_scale) and face.height + GROW_STEP <= room:
                face = self.faces.card(card, face.height + GROW_STEP, face.width)
            if extra == 0:
                first = face
            if not left_out(face, self.grow_scale):
                return face
        return first  # no room reads it whole: it keeps its width, cut short with "…" (the detail panel has it all)

    def _grown_on_its_side(self, card: str, room: float, wider: float) -> CardFace:
        """The face of a card turned 90° (a Bacchus owed his question), grown as far as its rule text needs: its
        width runs down the line, within the line's `room`, and its height across it, into the felt the line leaves
        at its end (`wider`). Where neither is enough it takes only the line's height, which no card needs, and ends
        in "…" (the detail panel has it all): "Il dio del vino, signore della fe…" had felt beside it to spare."""
        first = face = self.faces.card(card)
        while left_out(face, self.grow_scale) and face.width + GROW_STEP <= room:
            first = face = self.faces.card(card, face.height, face.width + GROW_STEP)
        while left_out(face, self.grow_scale) and face.height + GROW_STEP <= CARD_H + wider:
            face = self.faces.card(card, face.height + GROW_STEP, face.width)
        return first if left_out(face, self.grow_scale) else face

    def _centre(self, view: BacState, wanted: dict[str, tuple[QPointF, float]], top: float) -> float:
        """The centre under the seats: its zone, then one column per figure, copies stacked showing their bands.
        Returns where it ends."""
        tr = self.translator
        self.centre_label.setPos(SEATS_X, top)
        self.centre_label.setText(tr.text("table.centre_caption"))
        y = top + CAPTION_H
        self.put(CENTRE_KEY, self.faces.zone(tr.text("table.centre"), tr.text("table.centre_count", count=len(view.centre))))
        wanted[CENTRE_KEY] = (QPointF(SEATS_X, y), 0)
        groups: dict[str, list[str]] = {}
        for card in sorted(view.centre, key=lambda c: (self.faces.kind(c), c)):
            groups.setdefault(self.faces.kind(card), []).append(card)
        x, z = SEATS_X + ZONE_SIZE[0] + 12, 2
        row_h = CARD_H
        right = WIDTH - M
        # In one row, the front card of each figure takes the felt left under it, down to the table's least height
        # or the foot of the row's tallest pile, for its words (a giver reads them to choose), and where that is not
        # enough, the felt the row leaves at its end: the table grows no taller for it. Before, with the seats
        # filling the least height, "Quien acusa a tu pers…" had all the row's end to spare.
        felt = right - (x + len(groups) * (CARD_W + GAP) - GAP)
        one_row = felt >= 0
        foot = max(MIN_HEIGHT - M, y + max((len(cards) - 1) * STACK + CARD_H for cards in groups.values())) \
            if groups else 0.0
        for cards in groups.values():
            if x + CARD_W > right:  # more figures than the row holds: a second row
                x, y = SEATS_X + ZONE_SIZE[0] + 12, y + row_h + 8
                row_h = CARD_H
            width = CARD_W
            for i, card in enumerate(cards):
                face = self.faces.card(card)
                if one_row and i == len(cards) - 1:
                    face = self._grown(Column(card, []), foot - (y + i * STACK), felt)
                    width = face.width
                    felt -= width - CARD_W
                self.put(card, face)
                wanted[card] = (QPointF(x, y + i * STACK), z)
                z += 1
                row_h = max(row_h, i * STACK + face.height)
            x += width + GAP
        return y + row_h

    def _piles(self, view: BacState, board: Board, wanted: dict[str, tuple[QPointF, float]], height: float) -> float:
        """Under the Aruspex: the deck and the Parcae drawn (counters), under them the discard and the Amans set
        aside; the lock, when there is one, across the panel's foot above them all. Returns the lock's height (0 for
        none): the panel gives it up."""
        tr = self.translator
        y = height - M - PILES_H
        low = y + COUNTER_SIZE[1] + 10
        step = ZONE_SIZE[0] + 10
        self.put(DECK_KEY, self.faces.deck(len(view.deck)))
        wanted[DECK_KEY] = (QPointF(M, y), 0)
        # The Parcae drawn widen to the panel's edge as far as their words need ("Parcae getrokk…" in Dutch).
        parcae = self.faces.parcae(view.parcae_count, board.parcae_limit)
        while left_out(parcae, self.grow_scale) and parcae.width + GROW_STEP <= ORACLE_W - step:
            parcae = self.faces.parcae(view.parcae_count, board.parcae_limit, parcae.width + GROW_STEP)
        self.put(PARCAE_KEY, parcae)
        wanted[PARCAE_KEY] = (QPointF(M + step, y), 0)
        self.put(DISCARD_KEY, self.faces.discard(view.discard[-1] if view.discard else None, len(view.discard)))
        wanted[DISCARD_KEY] = (QPointF(M, low), 0)
        if view.set_aside:
            # The Amans set aside widens for its words (a player reads who it stands for) as far as the panel's
            # edge; a Deus's width left "De geliefde van wie deze ka…".
            amans = view.set_aside[0]
            room = M + ORACLE_W - (M + step)
            face = self.faces.card(amans)
            while left_out(face, self.grow_scale) and face.width + GROW_STEP <= room:
                face = self.faces.card(amans, width=face.width + GROW_STEP)
            self.put(amans, face)
            wanted[amans] = (QPointF(M + step, low), 1)
        else:
            self.put(ASIDE_KEY, self.faces.zone(tr.text("table.aside"), tr.text("table.aside_empty")))
            wanted[ASIDE_KEY] = (QPointF(M + step, low), 0)
        if not board.lock_zone:
            return 0.0
        # As wide as the panel, and as tall as its words need to read whole (a narrow lock beside the piles cut
        # "Trascina qui una delle Umbra di que…"): the Aruspex's words give up that much of their room, and scroll.
        face = self.faces.zone(tr.text("table.lock"), tr.text("table.lock_body"), (ORACLE_W, LOCK_H))
        while left_out(face, self.grow_scale) and face.height + GROW_STEP <= PILES_H:
            face = self.faces.zone(face.title, face.body, (ORACLE_W, face.height + GROW_STEP))
        self.put(LOCK_KEY, face)
        wanted[LOCK_KEY] = (QPointF(M, y - 8 - face.height), 0)
        return face.height

    def redraw(self) -> None:
        if self.view_state is not None:
            self.show_table(self.view_state, self.dests, self.board)  # type: ignore[arg-type]

    def retranslate(self) -> None:
        self.faces.clear()
        self._html = ("", (), 0.0)
        super().retranslate()

    def accessible_text(self, key: str) -> tuple[str, str]:
        """A seat said with its player and what its plate shows; the rest from its face."""
        if key.startswith("seat:") and key in self.items_by_key:
            seat = int(key[5:])
            names = self.board.names
            name = names[seat] if seat < len(names) else str(seat + 1)
            return self.translator.text("a11y.seat", player=name), self.items_by_key[key].face.kind_label
        return super().accessible_text(key)

    def drop_zones(self) -> list[str]:
        return [key for key in self.items_by_key if key.startswith("seat:") or key in (CENTRE_KEY, LOCK_KEY, DISCARD_KEY)]

    # --- a player's whole area is their plate: a card given to them may land anywhere on it -----------------

    def seat_at(self, point: QPointF) -> str:
        """The seat whose area holds `point` ('' for none)."""
        for q, frame in enumerate(self.seat_areas):
            if frame.isVisible() and frame.sceneBoundingRect().contains(point) and seat_key(q) in self.items_by_key:
                return seat_key(q)
        return ""

    def target_rect(self, key: str) -> QRectF:
        """A seat is its whole area, where it is lit and where a drop lands (its name bar is only the top); the
        Aruspex is its panel."""
        if key.startswith("seat:") and int(key[5:]) < len(self.seat_areas):
            return self.seat_areas[int(key[5:])].sceneBoundingRect().united(super().target_rect(key))
        if key == ORACLE_KEY:  # the Aruspex is its whole panel: the card and all it says
            return self.panel.sceneBoundingRect()
        return super().target_rect(key)

    def landing(self, item: CardItem, pointer: QPointF) -> str:
        """As on any table; let go over a player's area, on a card of theirs or the felt between, it is their seat
        when the card may go to them (the prompt says their plate, and the whole area is lit)."""
        found = super().landing(item, pointer)
        targets = self.dests.get(item.key, {})
        seat = self.seat_at(pointer)
        aimed = found in targets and self.target_rect(found).contains(pointer)  # not a neighbour the card hangs over
        return seat if seat in targets and not aimed else found

    def refresh_marks(self) -> None:
        super().refresh_marks()
        targets = self.dests.get(self.selected, {})
        for q, frame in enumerate(self.seat_areas):
            key = seat_key(q)
            colour = SELECTED if key == self.focus_target and key in targets else HIGHLIGHT if key in targets else None
            frame.setPen(QPen(colour, 3.5) if colour is not None else AREA_PEN)

    def hand_cards(self) -> list[str]:
        """The number keys pick the cards that may move now, in reading order."""
        keys = [k for k in self.dests if k in self.items_by_key]
        return sorted(keys, key=lambda k: (self.items_by_key[k].y(), self.items_by_key[k].x()))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        item = self.card_at(event.scenePos())
        targets = self.dests.get(self.selected, {})
        seat = self.seat_at(event.scenePos())
        if (seat in targets and (item is None or item.key not in targets) and not (self.help_shown or self.curtain_up)
                and event.button() == Qt.MouseButton.LeftButton):
            self.activate(seat)  # a card held, and a click anywhere on the player's lit area: given to them
            event.accept()
            return
        idle = not self.selected
        on_panel = item is None and self.panel.contains(event.scenePos()) and not (self.help_shown or self.curtain_up)
        super().mousePressEvent(event)
        if idle and item is not None and item.key not in self.dests and not self.curtain_up:
            self.poked.emit(item.key)
        if on_panel and ORACLE_KEY in self.items_by_key:
            self.pinned.emit(ORACLE_KEY)  # all the Aruspex says, in the detail panel
