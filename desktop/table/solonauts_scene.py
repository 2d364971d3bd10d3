"""The Solonauts table: the 8 × 4 timeline, the travellers, the hand, the deck and the discard.

Dragging happens in the scene's own mouse handlers (no QDrag), as in KDE Patience, so tests
can drive it. The scene never judges a move: it is handed `dests`, a map from each card
that may move to the item keys it may land on and the move each landing means.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPen
from PySide6.QtWidgets import QGraphicsRectItem, QGraphicsScene, QGraphicsSceneMouseEvent, QGraphicsSimpleTextItem

from desktop.i18n import Translator
from desktop.table.card_item import CardFace, CardItem
from desktop.table.chrononauts_faces import (HAND_SIZE, ID_SIZE, PATCH_MARGIN, PATCH_ON_TIMELINE, TIMELINE_SIZE,
                                              ChrononautsFaces)
from rules.chrononauts.solonauts import SoloState
from rules.kernel import Move

Dests = Mapping[str, Mapping[str, Move]]  # card instance -> target item key -> move

MARGIN = 16.0
GAP = 8.0
HOME_Y = 30.0
TIMELINE_Y = HOME_Y + ID_SIZE[1] + 28
WAITING_Y = TIMELINE_Y + 4 * (TIMELINE_SIZE[1] + GAP) + 20
HAND_Y = WAITING_Y + ID_SIZE[1] + 28
WIDTH = 2 * MARGIN + 8 * (TIMELINE_SIZE[0] + GAP) - GAP
HEIGHT = HAND_Y + HAND_SIZE[1] + MARGIN
DISCARD_KEY = "zone:discard"
DECK_KEY = "zone:deck"
DRAG_THRESHOLD = 4.0
FELT = "#1f4a3a"
LABEL = "#e8dfc8"


def timeline_key(year: int) -> str:
    return f"tl:{year}"


class SolonautsScene(QGraphicsScene):
    move_chosen = Signal(object)  # Move
    drop_refused = Signal(str, str)  # card, target item key ("" when dropped on nothing)
    hovered = Signal(str)  # item key
    pinned = Signal(str)  # item key (right click)
    selection_changed = Signal(str)  # card instance, "" for none

    def __init__(self, faces: ChrononautsFaces, tr: Translator) -> None:
        super().__init__(0, 0, WIDTH, HEIGHT)
        self.faces = faces
        self.translator = tr
        self.setBackgroundBrush(QBrush(QColor(FELT)))
        self.items_by_key: dict[str, CardItem] = {}
        self.dests: dict[str, dict[str, Move]] = {}
        self.view_state: SoloState | None = None
        self.selected = ""
        self.focus_target = ""
        self._drag: tuple[CardItem, QPointF, QPointF] | None = None  # item, grab offset, press point
        self._dragging = False
        self._home_slots: list[QGraphicsRectItem] = []
        self._labels: dict[str, QGraphicsSimpleTextItem] = {}
        for key, pos in (("label.home", (MARGIN, HOME_Y - 20)), ("label.waiting", (MARGIN, WAITING_Y - 20)),
                         ("label.hand", (MARGIN, HAND_Y - 20)), ("counter", (WIDTH * 0.5, HOME_Y - 20)),
                         ("ultra", (WIDTH * 0.5, TIMELINE_Y - 22))):
            label = QGraphicsSimpleTextItem()
            font = QFont()
            font.setPixelSize(14)
            font.setBold(key in ("counter", "ultra"))
            label.setFont(font)
            label.setBrush(QBrush(QColor("#ffb4a8" if key == "ultra" else LABEL)))
            label.setPos(*pos)
            self.addItem(label)
            self._labels[key] = label

    # --- drawing a view ------------------------------------------------------------

    def show_view(self, view: SoloState, dests: Dests) -> None:
        """Bring the items in line with a view of the state; cards that moved slide."""
        self.view_state = view
        self.dests = {card: dict(targets) for card, targets in dests.items()}
        if self.selected not in self.dests:
            self.selected = ""
            self.focus_target = ""
        tl = view.timeline
        wanted: dict[str, tuple[QPointF, float]] = {}
        for card in self.faces.cards.timeline:
            key = timeline_key(card.year)
            self._put(key, self.faces.timeline(card.year, tl))
            wanted[key] = (self._grid_pos(card.row, card.column), 1)
        for year, patch in tl.patches.items():
            self._put(patch, self.faces.play_card(patch, True))
            wanted[patch] = (wanted[timeline_key(year)][0]
                             + QPointF(PATCH_MARGIN, TIMELINE_SIZE[1] - PATCH_ON_TIMELINE[1] - PATCH_MARGIN), 2)
        for row, y, home in ((view.home, HOME_Y, True), (view.waiting, WAITING_Y, False)):
            for i, ident in enumerate(row):
                self._put(ident, self.faces.identity(ident, home, tl))
                wanted[ident] = (QPointF(MARGIN + i * (ID_SIZE[0] + GAP), y), 1)
        for i, instance in enumerate(view.hand):
            self._put(instance, self.faces.play_card(instance))
            wanted[instance] = (QPointF(MARGIN + i * (HAND_SIZE[0] + GAP), HAND_Y), 3)
        deck_x = WIDTH - MARGIN - 2 * HAND_SIZE[0] - GAP
        self._put(DECK_KEY, self.faces.deck(len(view.deck)))
        wanted[DECK_KEY] = (QPointF(deck_x, HAND_Y), 0)
        top = view.discard[-1] if view.discard else None
        self._put(DISCARD_KEY, self.faces.discard(top, len(view.discard)))
        wanted[DISCARD_KEY] = (QPointF(deck_x + HAND_SIZE[0] + GAP, HAND_Y), 0)

        self.place(wanted)
        self._refresh_home_slots(int(view.options["ids"]))
        self._refresh_labels()
        self._refresh_marks()

    def place(self, wanted: Mapping[str, tuple[QPointF, float]]) -> None:
        """Bring the items in line with `wanted` (key -> position, z): the rest leave, cards that moved slide."""
        for key in list(self.items_by_key):
            if key not in wanted:
                self.removeItem(self.items_by_key.pop(key))
        for key, (pos, z) in wanted.items():
            item = self.items_by_key[key]
            item.setZValue(z)
            item.move_to(pos)

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

    def _put(self, key: str, face: CardFace) -> None:
        item = self.items_by_key.get(key)
        if item is None:
            item = CardItem(key, face)
            item.setPos(self._entry_point(key))
            self.addItem(item)
            self.items_by_key[key] = item
        else:
            item.set_face(face)

    def _entry_point(self, key: str) -> QPointF:
        # New cards arrive from the deck, so a refill visibly comes from there.
        deck = self.items_by_key.get(DECK_KEY)
        return deck.pos() if deck is not None and not key.startswith("tl:") else QPointF(0, 0)

    def _grid_pos(self, row: int, column: int) -> QPointF:
        return QPointF(MARGIN + column * (TIMELINE_SIZE[0] + GAP), TIMELINE_Y + row * (TIMELINE_SIZE[1] + GAP))

    def retranslate(self) -> None:
        self.redraw()

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

    def _refresh_marks(self) -> None:
        targets = self.dests.get(self.selected, {})
        for key, item in self.items_by_key.items():
            if key in self.dests:
                item.set_marks(False, key == self.selected, dim=False)
            else:
                item.set_marks(key in targets, key == self.focus_target and key in targets)

    # --- choosing without the mouse (click and keyboard paths) ----------------------

    def select(self, card: str) -> None:
        """Pick up a card: its legal targets light up. Selecting it again puts it down."""
        if card not in self.dests or card == self.selected:
            card = ""
        self.selected = card
        targets = self.ordered_targets()
        self.focus_target = targets[0] if targets else ""
        self._refresh_marks()
        self.selection_changed.emit(card)

    def point_at(self, card: str, target: str) -> None:
        """Hold `card` with the focus on `target`, as a hint shows a move; Enter then plays it."""
        self.select(card)
        if self.selected == card and target in self.dests.get(card, {}):
            self.focus_target = target
            self._refresh_marks()

    def ordered_targets(self) -> list[str]:
        """The selected card's targets in reading order: timeline left to right, then the discard."""
        keys = list(self.dests.get(self.selected, {}))
        return sorted(keys, key=lambda k: (k == DISCARD_KEY, self.items_by_key[k].y(), self.items_by_key[k].x()))

    def cycle_target(self, step: int) -> None:
        """Move the focus to the next target of the held card; with no card held, hold the next one."""
        targets = self.ordered_targets()
        if not self.selected:
            self.cycle_hand(step)
            return
        if not targets:
            return
        index = targets.index(self.focus_target) if self.focus_target in targets else -1
        self.focus_target = targets[(index + step) % len(targets)]
        self._refresh_marks()

    def cycle_hand(self, step: int) -> None:
        hand = [card for card in self.hand_cards() if card in self.dests]
        if hand:
            index = hand.index(self.selected) if self.selected in hand else (-1 if step > 0 else 0)
            self.select(hand[(index + step) % len(hand)])

    def activate(self, target: str | None = None) -> bool:
        """Play the selected card on `target` (default: the focused one). False if not legal."""
        key = self.focus_target if target is None else target
        move = self.dests.get(self.selected, {}).get(key)
        if move is None:
            return False
        self.selected, self.focus_target = "", ""
        self.move_chosen.emit(move)
        return True

    def event(self, event: QEvent) -> bool:
        # QGraphicsScene keeps Tab for moving the focus between items and never passes it on;
        # on this table Tab moves between targets like the arrows (Ctrl+Tab still leaves the table).
        if (isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
                and not event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            self.keyPressEvent(event)
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key = event.key()
        hand = self.hand_cards()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9 and key - Qt.Key.Key_1 < len(hand):
            self.select(hand[key - Qt.Key.Key_1])
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Tab):
            self.cycle_target(1)
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Backtab):
            self.cycle_target(-1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            self.activate()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.activate(DISCARD_KEY)
        elif key == Qt.Key.Key_Escape:
            self.select("")
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # --- the mouse ----------------------------------------------------------------

    def card_at(self, pos: QPointF) -> CardItem | None:
        for item in self.items(pos):
            if isinstance(item, CardItem) and (self._drag is None or item is not self._drag[0]):
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        item = self.card_at(event.scenePos())
        if event.button() == Qt.MouseButton.RightButton:
            if item is not None:
                self.pinned.emit(item.key)
            event.accept()
            return
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if item is not None and item.key in self.dests:
            self._drag = (item, event.scenePos() - item.pos(), event.scenePos())
            self._dragging = False
        elif item is not None and self.selected and item.key in self.dests[self.selected]:
            self.activate(item.key)
        elif item is not None and self.selected:
            self.drop_refused.emit(self.selected, item.key)
        else:
            self.select("")
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._drag is None:
            item = self.card_at(event.scenePos())
            if item is not None:
                self.hovered.emit(item.key)
            return
        item, grab, pressed = self._drag
        if not self._dragging and (event.scenePos() - pressed).manhattanLength() < DRAG_THRESHOLD:
            return
        if not self._dragging:
            self._dragging = True
            if self.selected != item.key:
                self.select(item.key)
            item.setZValue(100)
        item.setPos(event.scenePos() - grab)
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._drag is None or event.button() != Qt.MouseButton.LeftButton:
            return
        item, _grab, _pressed = self._drag
        self._drag = None
        if not self._dragging:
            self.select(item.key)  # a click: pick the card up, or put it down again
            event.accept()
            return
        self._dragging = False
        # The card lands where most of it lies; a sliver over a lit neighbour does not count.
        target = self.most_overlapped(item, self.drop_zones())
        if target in self.dests.get(item.key, {}):
            self.activate(target)
        else:
            self.drop_refused.emit(item.key, target)
            self.select("")
            self.redraw()  # slide back home
        event.accept()

    def drop_zones(self) -> list[str]:
        """Everything a card could ever be dropped on: the timeline and the discard."""
        return [key for key in self.items_by_key if key.startswith("tl:") or key == DISCARD_KEY]

    def most_overlapped(self, item: CardItem, keys: Iterable[str]) -> str:
        """The key among `keys` whose card `item` covers most, or '' if it covers none."""
        rect = item.sceneBoundingRect()
        best, best_area = "", 0.0
        for key in keys:
            overlap = rect.intersected(self.items_by_key[key].sceneBoundingRect())
            area = overlap.width() * overlap.height()
            if area > best_area:
                best, best_area = key, area
        return best

    def target_rect(self, key: str) -> QRectF:
        return self.items_by_key[key].sceneBoundingRect()

    def keys(self) -> Iterable[str]:
        return self.items_by_key.keys()
