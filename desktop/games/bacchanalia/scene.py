"""The Bacchanalia table: the Aruspex on the left, the players' areas on the right, the centre below.

Each player's Deus lie in front of their plate; the Umbra of the turn are stacked on the Deus
they honour, the others lie loose beside them; a locked Umbra and a Bacchus owed a question are
turned 90°. The scene draws one view and never judges a move: it is handed `dests` made from
legal_moves by the table. Nothing is secret in this game, so there is no curtain to draw under.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, Signal
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSceneMouseEvent, QGraphicsTextItem

from desktop.frame.card_table import DECK_KEY, DISCARD_KEY, CardTable
from desktop.frame.i18n import Translator
from desktop.games.bacchanalia.faces import DEUS_SIZE, ORACLE_SIZE, PLATE_SIZE, ZONE_SIZE, BacchanaliaFaces
from rules.bacchanalia.state import BacState

WIDTH, HEIGHT = 1200.0, 850.0
M = 12.0
ORACLE_W, ORACLE_H = 340.0, 522.0
SEATS_X = M + ORACLE_W + 16
SEAT_W, SEAT_H = 410.0, 226.0
STACK = 17.0  # how much of each stacked Umbra shows: its band, with the name (its text box ends at 18)
CENTRE_KEY = "zone:centre"
LOCK_KEY = "zone:lock"
ASIDE_KEY = "zone:aside"
PARCAE_KEY = "zone:parcae"
ORACLE_KEY = "oracle"


def seat_key(seat: int) -> str:
    return f"seat:{seat}"


@dataclass
class Board:
    """What the table says around the cards, already in the players' language."""

    names: list[str]
    plates: list[tuple[str, ...]]  # the status lines under each name
    heading: str = ""  # HTML beside the ruling Deus
    text: str = ""  # HTML under it: the Aruspex, the prompt, the questions
    result: str | None = None
    tied: tuple[str, ...] = ()
    clock: str = ""
    lock_zone: bool = False
    parcae_limit: int | None = None
    tilted: frozenset[str] = field(default_factory=frozenset)  # Deus shown turned: Bacchus owed a question


class BacchanaliaScene(CardTable):
    poked = Signal(str)  # a click on a card that cannot move now (the table may say why)

    def __init__(self, faces: BacchanaliaFaces, tr: Translator) -> None:
        super().__init__(tr, WIDTH, HEIGHT)
        self.faces = faces
        self.view_state: BacState | None = None
        self.board = Board([], [])
        panel = QGraphicsRectItem(M, M, ORACLE_W, ORACLE_H)
        panel.setBrush(QBrush(QColor("#f3ead6")))
        panel.setPen(QPen(QColor("#8a7a55"), 1.5))
        panel.setZValue(-1)
        self.addItem(panel)
        self.heading = QGraphicsTextItem()
        self.heading.setPos(M + 20 + ORACLE_SIZE[0], M + 8)
        self.heading.setTextWidth(ORACLE_W - ORACLE_SIZE[0] - 28)
        self.addItem(self.heading)
        self.oracle_text = QGraphicsTextItem()
        self.oracle_text.setPos(M + 6, M + ORACLE_SIZE[1] + 18)
        self.oracle_text.setTextWidth(ORACLE_W - 12)
        self.addItem(self.oracle_text)
        self._html = ("", "")
        self.centre_label = self.label((SEATS_X, 0), 16, True)  # 9 px on screen at 1280×720
        self.clock = self.label((M, HEIGHT - 44), 20, True)
        self.seat_areas: list[QGraphicsRectItem] = []

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
        self._seats(view, board, wanted, turns)
        self._centre(view, wanted)
        self._piles(view, board, wanted)
        self.place(wanted)
        for key, item in self.items_by_key.items():
            turned = turns.get(key, False)
            if (item.rotation() == 90) != turned:
                item.setTransformOriginPoint(item.face.width / 2, item.face.height / 2)
                item.setRotation(90 if turned else 0)
        if self._html != (board.heading, board.text):
            self._html = (board.heading, board.text)
            self.heading.setHtml(board.heading)
            self._fit_text(board.text)
        self.clock.setText(board.clock)
        self.refresh_marks()

    def _fit_text(self, text: str) -> None:
        """The Aruspex text shrinks a little rather than run under the piles (a long introduction)."""
        item = self.oracle_text
        room = ORACLE_H - ORACLE_SIZE[1] - 24
        item.setHtml(text)
        for scale in (1.0, 0.92, 0.85, 0.78, 0.72):
            item.setScale(scale)
            item.setTextWidth((ORACLE_W - 12) / scale)
            if item.boundingRect().height() * scale <= room:
                break

    def _seats(self, view: BacState, board: Board, wanted: dict[str, tuple[QPointF, float]],
               turns: dict[str, bool]) -> None:
        t = view.turn
        kind = self.faces.kind
        n = len(view.seats)
        while len(self.seat_areas) < n:
            frame = QGraphicsRectItem(0, 0, SEAT_W - 6, SEAT_H - 4)
            frame.setPen(QPen(QColor(255, 255, 255, 40), 1))
            frame.setBrush(QBrush(QColor(0, 0, 0, 28)))
            frame.setZValue(-1)
            self.addItem(frame)
            self.seat_areas.append(frame)
        for q, frame in enumerate(self.seat_areas):
            frame.setVisible(q < n)
        for q, seat in enumerate(view.seats):
            sx, sy = SEATS_X + (q % 2) * SEAT_W, M + (q // 2) * (SEAT_H + 4)
            self.seat_areas[q].setPos(sx - 3, sy - 2)
            name = board.names[q] if q < len(board.names) else str(q + 1)
            active = view.phase != "over" and q == view.active
            self.put(seat_key(q), self.faces.plate(name, board.plates[q] if q < len(board.plates) else (),
                                                   active, not seat.in_game and view.phase != "setup"))
            wanted[seat_key(q)] = (QPointF(sx, sy), 1)
            # The turn's Umbra: on the Deus they honour, or loose after the Deus; then the kept card, turned.
            piles = t.piles if active else {}
            area = list(t.area) if active else []
            placed = {c for pile in piles.values() for c in pile}
            loose = [c for c in area if c not in placed]
            deus = sorted(seat.deus, key=lambda d: (d in board.tilted, kind(d) == "vinum", kind(d), d))
            columns: list[tuple[str | None, list[str]]] = [(d, list(piles.get(d, []))) for d in deus]
            if loose:
                columns.append((None, loose))
            locked = seat.locked if not (active and t.carried == seat.locked) else None
            turned_room = DEUS_SIZE[1] - DEUS_SIZE[0]  # a card turned 90° takes its height in width
            extra = turned_room * (sum(1 for d in deus if d in board.tilted) + (locked is not None))
            x, y = sx, sy + PLATE_SIZE[1] + 4
            count = len(columns) + (locked is not None)
            gap = 8.0 if loose else 0.0
            step = min(DEUS_SIZE[0] + 6, (SEAT_W - 10 - DEUS_SIZE[0] - extra - gap) / max(1, count - 1))
            for i, (card, pile) in enumerate(columns):
                z = 2 + i * 10
                top = y
                if card is not None:
                    self.put(card, self.faces.card(card))
                    turned = card in board.tilted
                    turns[card] = turned
                    shift = turned_room / 2 if turned else 0.0
                    wanted[card] = (QPointF(x + shift, y - shift), z)
                    x += turned_room if turned else 0.0
                    top = y + 22
                else:
                    x += gap if i else 0.0  # a gap, and no Deus under them: these Umbra honour nobody
                    top = y + 22
                for j, umbra in enumerate(pile):
                    self.put(umbra, self.faces.card(umbra))
                    wanted[umbra] = (QPointF(x, top + j * STACK), z + 1 + j)
                x += step
            if locked is not None:
                self.put(locked, self.faces.card(locked))
                half = turned_room / 2
                wanted[locked] = (QPointF(x + half, y - half), 2 + len(columns) * 10)
                turns[locked] = True

    def _centre(self, view: BacState, wanted: dict[str, tuple[QPointF, float]]) -> None:
        tr = self.translator
        rows = (len(view.seats) + 1) // 2
        centre_y = M + rows * (SEAT_H + 4) + 24
        self.centre_label.setPos(SEATS_X, centre_y - 24)
        self.put(CENTRE_KEY, self.faces.zone(tr.text("table.centre"), tr.text("table.centre_count", count=len(view.centre))))
        wanted[CENTRE_KEY] = (QPointF(SEATS_X, centre_y), 0)
        self.centre_label.setText(tr.text("table.centre_caption"))
        x0 = SEATS_X + ZONE_SIZE[0] + 12
        room = 2 * SEAT_W - ZONE_SIZE[0] - 12 - 10
        groups: dict[str, list[str]] = {}
        for card in sorted(view.centre, key=lambda c: (self.faces.kind(c), c)):
            groups.setdefault(self.faces.kind(card), []).append(card)
        # Copies of one figure overlap like a small fan: every figure keeps its name readable.
        fan = 14.0
        width = sum(DEUS_SIZE[0] + 6 + fan * (len(g) - 1) for g in groups.values())
        squeeze = min(1.0, room / width) if width else 1.0
        x, z = x0, 2
        for cards in groups.values():
            for i, card in enumerate(cards):
                self.put(card, self.faces.card(card))
                wanted[card] = (QPointF(x + i * fan * squeeze, centre_y), z)
                z += 1
            x += (DEUS_SIZE[0] + 6 + fan * (len(cards) - 1)) * squeeze

    def _piles(self, view: BacState, board: Board, wanted: dict[str, tuple[QPointF, float]]) -> None:
        tr = self.translator
        y = M + ORACLE_H + 12
        step = ZONE_SIZE[0] + 10
        self.put(DECK_KEY, self.faces.deck(len(view.deck)))
        wanted[DECK_KEY] = (QPointF(M, y), 0)
        self.put(DISCARD_KEY, self.faces.discard(view.discard[-1] if view.discard else None, len(view.discard)))
        wanted[DISCARD_KEY] = (QPointF(M + step, y), 0)
        if view.set_aside:
            amans = view.set_aside[0]
            self.put(amans, self.faces.card(amans))
            wanted[amans] = (QPointF(M + 2 * step, y), 1)
        else:
            self.put(ASIDE_KEY, self.faces.zone(tr.text("table.aside"), tr.text("table.aside_empty")))
            wanted[ASIDE_KEY] = (QPointF(M + 2 * step, y), 0)
        self.put(PARCAE_KEY, self.faces.parcae(view.parcae_count, board.parcae_limit))
        wanted[PARCAE_KEY] = (QPointF(M + 3 * step, y), 0)
        if board.lock_zone:
            self.put(LOCK_KEY, self.faces.zone(tr.text("table.lock"), tr.text("table.lock_body"),
                                               (ORACLE_W, 54.0)))
            wanted[LOCK_KEY] = (QPointF(M, y + ZONE_SIZE[1] + 10), 0)

    def redraw(self) -> None:
        if self.view_state is not None:
            self.show_table(self.view_state, self.dests, self.board)  # type: ignore[arg-type]

    def retranslate(self) -> None:
        self.faces.clear()
        self._html = ("", "")
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

    def hand_cards(self) -> list[str]:
        """The number keys pick the cards that may move now, in reading order."""
        keys = [k for k in self.dests if k in self.items_by_key]
        return sorted(keys, key=lambda k: (self.items_by_key[k].y(), self.items_by_key[k].x()))

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        item = self.card_at(event.scenePos())
        idle = not self.selected
        super().mousePressEvent(event)
        if idle and item is not None and item.key not in self.dests and not self.curtain_up:
            self.poked.emit(item.key)
