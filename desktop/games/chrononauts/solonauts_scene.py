"""The Solonauts table: the 8 × 4 timeline, the travellers, the hand, the deck and the discard.

Dragging, clicking and the keyboard are the shared CardTable's; this module only lays out a view.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsSimpleTextItem

from desktop.frame.card_table import DECK_KEY, DISCARD_KEY, FELT, GAP, LABEL, MARGIN, CardTable, Dests
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.faces import (HAND_SIZE, ID_SIZE, PATCH_MARGIN, PATCH_ON_TIMELINE, TIMELINE_SIZE,
                                              ChrononautsFaces, hand_width)
from desktop.games.chrononauts.words import card_words
from rules.chrononauts.solonauts import SoloState
from rules.chrononauts.timeline import Timeline

__all__ = ["DECK_KEY", "DISCARD_KEY", "FELT", "GAP", "LABEL", "MARGIN", "Dests", "SolonautsScene", "timeline_key"]

HOME_Y = 30.0
TIMELINE_Y = HOME_Y + ID_SIZE[1] + 28
WAITING_Y = TIMELINE_Y + 4 * (TIMELINE_SIZE[1] + GAP) + 25
HAND_Y = WAITING_Y + ID_SIZE[1] + 32
WIDTH = 2 * MARGIN + 8 * (TIMELINE_SIZE[0] + GAP) - GAP
HEIGHT = HAND_Y + HAND_SIZE[1] + MARGIN
WIDEST = 1.25 * WIDTH  # a wide window's extra felt goes to the hand, up to this


def timeline_key(year: int) -> str:
    return f"tl:{year}"


class SolonautsScene(CardTable):
    def __init__(self, faces: ChrononautsFaces, tr: Translator) -> None:
        super().__init__(tr, WIDTH, HEIGHT)
        self.faces = faces
        self.view_state: SoloState | None = None
        self.view_scale: float | None = None  # screen pixels per unit at the view's fit, once a view shows it
        self._home_slots: list[QGraphicsRectItem] = []
        self._labels: dict[str, QGraphicsSimpleTextItem] = {}
        for key, pos in (("label.home", (MARGIN, HOME_Y - 22)), ("label.waiting", (MARGIN, WAITING_Y - 25)),
                         ("label.hand", (MARGIN, HAND_Y - 25)), ("counter", (WIDTH * 0.5, HOME_Y - 22)),
                         ("ultra", (WIDTH * 0.5, TIMELINE_Y - 24))):
            bold = key in ("counter", "ultra")
            self._labels[key] = self.label(pos, bold=bold, colour="#ffb4a8" if key == "ultra" else LABEL)

    # --- drawing a view ------------------------------------------------------------

    def show_view(self, view: SoloState, dests: Dests) -> None:
        """Bring the items in line with a view of the state; cards that moved slide."""
        self.view_state = view
        self.set_dests(dests)
        tl = view.timeline
        wanted: dict[str, tuple[QPointF, float]] = {}
        for card in self.faces.cards.timeline:
            key = timeline_key(card.year)
            self.put(key, self.faces.timeline(card.year, tl))
            wanted[key] = (self._grid_pos(card.row, card.column), 1)
        for year, patch in tl.patches.items():
            self.put(patch, self.faces.play_card(patch, True))
            wanted[patch] = (wanted[timeline_key(year)][0]
                             + QPointF(PATCH_MARGIN, TIMELINE_SIZE[1] - PATCH_ON_TIMELINE[1] - PATCH_MARGIN), 2)
        for row, y, home in ((view.home, HOME_Y, True), (view.waiting, WAITING_Y, False)):
            for i, ident in enumerate(row):
                self.put(ident, self.faces.identity(ident, home, tl))
                wanted[ident] = (QPointF(MARGIN + i * (ID_SIZE[0] + GAP), y), 1)
        # The piles at the right of the table, which a wide window widens (fit_room): the hand has the rest.
        deck_x = self.sceneRect().width() - MARGIN - 2 * HAND_SIZE[0] - GAP
        width = hand_width(view.hand, lambda card, w: self.faces.play_card(card, size=(w, HAND_SIZE[1])),
                           deck_x - GAP - MARGIN, self.view_scale)
        for i, instance in enumerate(view.hand):
            self.put(instance, self.faces.play_card(instance, size=(width, HAND_SIZE[1])))
            wanted[instance] = (QPointF(MARGIN + i * (width + GAP), HAND_Y), 3)
        self.put(DECK_KEY, self.faces.deck(len(view.deck)))
        wanted[DECK_KEY] = (QPointF(deck_x, HAND_Y), 0)
        top = view.discard[-1] if view.discard else None
        self.put(DISCARD_KEY, self.faces.discard(top, len(view.discard)))
        wanted[DISCARD_KEY] = (QPointF(deck_x + HAND_SIZE[0] + GAP, HAND_Y), 0)

        self.place(wanted)
        self._refresh_home_slots(int(view.options["ids"]))
        self._refresh_labels()
        self.refresh_marks()

    def _refresh_home_slots(self, count: int) -> None:
        # Faint places for the travellers still to come home: the goal is visible from the start.
        if len(self._home_slots) == count:
            return
        for slot in self._home_slots:
            self.removeItem(slot)
        pen = QPen(QColor(LABEL), 1.2, Qt.PenStyle.DashLine)
        pen.setCosmetic(True)
        self._home_slots = []
        for i in range(count):
            slot = QGraphicsRectItem(MARGIN + i * (ID_SIZE[0] + GAP), HOME_Y, ID_SIZE[0], ID_SIZE[1])
            slot.setPen(pen)
            slot.setOpacity(0.35)
            slot.setZValue(-1)
            slot.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            self.addItem(slot)
            self._home_slots.append(slot)

    def fit_room(self, width: float, height: float) -> None:
        """As wide as the view's shape at the table's height (up to WIDEST), the felt a wide window would leave
        bare on either side going to the hand; its cards widen for their rule texts at the scale the view shows
        the table at (hand_width)."""
        if width <= 0 or height <= 0:
            return
        wanted = min(WIDEST, max(WIDTH, 10 * math.floor(HEIGHT * width / height / 10)))
        seen = round(min((width - 4) / wanted, (height - 4) / HEIGHT), 3)  # as TableView fits it
        if (wanted, seen) != (self.sceneRect().width(), self.view_scale):
            self.view_scale = seen
            self.setSceneRect(0, 0, wanted, HEIGHT)
            self.redraw()

    def entry_point(self, key: str) -> QPointF:
        # The timeline is dealt before the deck exists; everything else arrives from the deck.
        return QPointF(0, 0) if key.startswith("tl:") else super().entry_point(key)

    def _grid_pos(self, row: int, column: int) -> QPointF:
        return QPointF(MARGIN + column * (TIMELINE_SIZE[0] + GAP), TIMELINE_Y + row * (TIMELINE_SIZE[1] + GAP))

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
        self._labels["label.home"].setText(f"{self.translator.text('label.home')} ({len(view.home)}/{view.options['ids']})")
        self._labels["label.waiting"].setText(self.translator.text("label.waiting"))
        self._labels["label.hand"].setText(self.translator.text("label.hand"))
        counter = self._labels["counter"]
        counter.setText(self.translator.text("label.open_paradoxes", count=len(view.timeline.open_paradoxes())))
        counter.setX(WIDTH - MARGIN - counter.boundingRect().width())
        ultra = self._labels["ultra"]
        ultra.setText(self.translator.text("label.ultraparadox") if self.faces.rules.ultraparadox(view.timeline) else "")
        ultra.setX(WIDTH - MARGIN - ultra.boundingRect().width())

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
