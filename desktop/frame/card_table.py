"""What every game's table shares: cards as items keyed by name, dragging, clicking and the
keyboard onto lit targets, and the hot-seat veil.

Dragging happens in the scene's own mouse handlers (no QDrag), as in KDE Patience, so tests
can drive it. A table never judges a move: it is handed `dests`, a map from each card that
may move to the item keys it may land on and the move each landing means (made from
legal_moves by the window). A subclass only says where its items go: it calls `put` for each
item of the view and `place` with their positions, then `refresh_marks`.

The keyboard has one focus (`focused_key`, shown by a ring): with no card held it moves over
every item (arrows: the nearest that way; Tab: the next card that may move); Enter picks the
focused card up, and from then on the focus walks the lit targets only, Enter plays there and
Escape puts the card down. Keys are stable, so the focus survives a redraw. A game names its
items for screen readers in `accessible_text` (desktop/frame/accessibility.py asks it).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from PySide6.QtCore import SIGNAL, QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsRectItem, QGraphicsScene, QGraphicsSceneMouseEvent,
                               QGraphicsSimpleTextItem)

from desktop.frame.card_item import CARD_BACK, CardFace, CardItem, FocusRing, on_screen, words_drawn
from desktop.frame.focus import nearest, reading_order
from desktop.frame.i18n import Translator
from desktop.frame.keys_help import TABLE_ROWS, KeysPanel
from rules.kernel import Move

Dests = Mapping[str, Mapping[str, Move]]  # card key -> target item key -> move

MARGIN = 16.0
GAP = 8.0
DISCARD_KEY = "zone:discard"
DECK_KEY = "zone:deck"
DRAG_THRESHOLD = 4.0
FELT = "#1f4a3a"
LABEL = "#e8dfc8"
VEIL = CARD_BACK
CURTAIN_Z = 1000.0
RING_Z = 900.0  # above every card, under the curtain
VEIL_OPACITY = 0.6  # the public table stays readable under a curtain
ARROWS = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)


class CardTable(QGraphicsScene):
    move_chosen = Signal(object)  # Move
    drop_refused = Signal(str, str)  # card, target item key ("" when dropped on nothing)
    hovered = Signal(str)  # item key
    pinned = Signal(str)  # item key (right click)
    selection_changed = Signal(str)  # card key, "" for none
    curtain_lifted = Signal()  # a deliberate click on the veil: the next person alone is looking
    focus_changed = Signal(str)  # the key the keyboard focus moved to ("curtain" on the veil, "" for none)
    idle_key = Signal()  # a key with nothing to act on: the table says so, rather than nothing happening
    leave = Signal(bool)  # Tab with nothing that may move: the keyboard goes on to the prompt bar (forward?)
    drawn = Signal()  # the items, marks and curtain are as they will stay until the next change (screen readers)
    item_leaving = Signal(object)  # a CardItem about to leave the table (still on it)
    help_toggled = Signal(bool)  # the keys listed over the table were shown (True) or hidden (screen readers)

    def __init__(self, tr: Translator, width: float, height: float) -> None:
        super().__init__(0, 0, width, height)
        self.translator = tr
        self.setBackgroundBrush(QBrush(QColor(FELT)))
        self.items_by_key: dict[str, CardItem] = {}
        self.dests: dict[str, dict[str, Move]] = {}
        self.selected = ""
        self.focus_target = ""
        self._drag: tuple[CardItem, QPointF, QPointF] | None = None  # item, grab offset, press point
        self._dragging = False
        self._veil: tuple[QGraphicsRectItem, QGraphicsRectItem, QGraphicsSimpleTextItem] | None = None
        self.curtain_note = ""  # what a screen reader hears after the curtain's words: the lines of the last move
        self._free_focus = ""  # where the focus rests while no card is held
        self._put_down = ""  # the card last put down: Tab goes on to the next one
        self._focus_shown = ""  # the key the ring was last put on
        self.shows_focus = True  # a replay has no focus to show: nothing on it can be picked
        self._ring = FocusRing()
        self._ring_settled: tuple[str, QRectF] | None = None  # the ring's card and where it rests, its words cut for
        self._sliding: list[CardItem] = []  # the cards on their way at the last `place`, some perhaps landed since
        self._ring.setZValue(RING_Z)
        self._ring.hide()
        self.addItem(self._ring)
        self._help: KeysPanel | None = None
        self.help_rows: tuple[str, ...] = TABLE_ROWS

    # --- what a subclass provides -------------------------------------------------------

    def redraw(self) -> None:
        """Draw the last view again (a language switch, a card sliding back home)."""

    def fit_room(self, width: float, height: float) -> None:
        """The view shows the table in `width` × `height` pixels now: a table that lays itself out to the
        window's shape does it here (most keep their floor and are scaled to fit)."""

    def hand_cards(self) -> list[str]:
        """The cards the number keys pick, in the order they lie."""
        return []

    def own_cards(self) -> list[str]:
        """The cards in the looking player's own area, their hand aside (an ID, a Mission, their guests)."""
        return []

    def private_cards(self) -> list[str]:
        """What the looking player may have read aloud to them alone: their hand, then their own area."""
        return list(dict.fromkeys([*self.hand_cards(), *self.own_cards()]))

    def drop_zones(self) -> list[str]:
        """Every key a dragged card could land on (a refused landing is explained, not ignored)."""
        return [key for targets in self.dests.values() for key in targets]

    # --- drawing -------------------------------------------------------------------------

    def set_dests(self, dests: Dests) -> None:
        self.dests = {card: dict(targets) for card, targets in dests.items()}
        if self.selected not in self.dests:
            self.selected, self.focus_target = "", ""

    def put(self, key: str, face: CardFace) -> CardItem:
        """The item for `key` showing `face`: made (arriving from the deck) or given the new face."""
        item = self.items_by_key.get(key)
        if item is None:
            item = CardItem(key, face)
            item.setPos(self.entry_point(key))
            # The ring follows its card while it slides or is dragged (a bound slot: no lambda keeps the item alive).
            item.xChanged.connect(self._follow)
            item.yChanged.connect(self._follow)
            self.addItem(item)
            self.items_by_key[key] = item
        else:
            item.set_face(face)
        return item

    def finish_slides(self) -> None:
        """Every card where its slide ends, at once."""
        for item in self.items_by_key.values():
            item.finish_slide()

    def entry_point(self, key: str) -> QPointF:
        # New cards arrive from the deck, so a refill visibly comes from there.
        deck = self.items_by_key.get(DECK_KEY)
        return deck.pos() if deck is not None else QPointF(0, 0)

    def place(self, wanted: Mapping[str, tuple[QPointF, float]]) -> None:
        """Bring the items in line with `wanted` (key -> position, z): the rest leave, cards that moved slide."""
        for key in list(self.items_by_key):
            if key not in wanted:
                self.item_leaving.emit(self.items_by_key[key])
                self.removeItem(self.items_by_key.pop(key))
        # The cards on their way somewhere: earlier ones not landed yet, and the ones set sliding now.
        self._sliding = [item for item in self._sliding if item.scene() is self and item.sliding]
        for key, (pos, z) in wanted.items():
            item = self.items_by_key[key]
            if item.zValue() != z:  # most keep theirs, and Qt's setter calls the item's itemChange even then
                item.setZValue(z)
            if item.move_to(pos):
                self._sliding.append(item)

    def label(self, pos: tuple[float, float], pixel: int = 14, bold: bool = False,
              colour: str = LABEL) -> QGraphicsSimpleTextItem:
        """A caption on the felt (zones, counters)."""
        item = QGraphicsSimpleTextItem()
        font = QFont()
        font.setPixelSize(pixel)
        font.setBold(bold)
        item.setFont(font)
        item.setBrush(QBrush(QColor(colour)))
        item.setPos(*pos)
        # Laid out and drawn again only when its words change, not whenever a card near it is (issue #42).
        item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.addItem(item)
        return item

    def refresh_marks(self) -> None:
        targets = self.dests.get(self.selected, {})
        for key, item in self.items_by_key.items():
            # A card that may move itself is still lit when the held card may land on it (a Parsifal
            # character taking an artifact): what is lit is exactly where a drop is accepted.
            lit = key in targets and key != self.selected
            item.set_marks(lit, key == self.selected or (lit and key == self.focus_target))
        self._show_focus()

    def retranslate(self) -> None:
        self.redraw()
        if self.help_shown:  # the keys listed over the table, in the new words
            self.toggle_help(True)

    # --- the hot-seat veil ------------------------------------------------------------------

    @property
    def curtain_up(self) -> bool:
        return self._veil is not None and self._veil[0].isVisible()

    @property
    def curtain_words(self) -> str:
        return self._veil[2].text() if self.curtain_up and self._veil is not None else ""

    @property
    def curtain_band(self) -> QRectF | None:
        """Where the curtain's words are, while it is down: what lies over the table must leave them readable."""
        return self._veil[1].sceneBoundingRect() if self.curtain_up and self._veil is not None else None

    def set_curtain(self, text: str, opaque: bool = False) -> None:
        """Cover the table with a veil saying `text`, or lift it ('').

        A veil, not a wall: under it the table is drawn from the public view (no secret exists in
        the scene), so what everybody may see stays readable while it is up. An `opaque` one hides a
        table that is not the one to play (a Solonauts deal while another is searched for).
        """
        if not text and (self._veil is None or not self._veil[0].isVisible()):
            # No curtain to lift: laying a hidden veil out again would have the whole table repainted (issue #42).
            if self._veil is not None:
                self._show_focus()
            return
        if self._veil is None:
            self._veil = self._make_veil()
        veil, band, words = self._veil
        rect = self.sceneRect()
        veil.setRect(rect)
        veil.setOpacity(1.0 if opaque else VEIL_OPACITY)
        veil.setVisible(bool(text))
        words.setText(text)
        box = words.boundingRect()
        # A long name or language must not run past the table: the words shrink to fit its width.
        scale = min(1.0, (rect.width() * 0.92 - 56) / max(1.0, box.width()))
        words.setScale(scale)
        words.setPos(rect.x() + (rect.width() - box.width() * scale) / 2,
                     rect.y() + (rect.height() - box.height() * scale) / 2)
        band.setRect(words.sceneBoundingRect().adjusted(-28, -18, 28, 18))
        self._show_focus()

    def _make_veil(self) -> tuple[QGraphicsRectItem, QGraphicsRectItem, QGraphicsSimpleTextItem]:
        veil = QGraphicsRectItem(self.sceneRect())
        veil.setBrush(QBrush(QColor(VEIL)))
        veil.setPen(Qt.PenStyle.NoPen)
        veil.setZValue(CURTAIN_Z)
        veil.setOpacity(VEIL_OPACITY)
        veil.setFlag(QGraphicsItem.GraphicsItemFlag.ItemDoesntPropagateOpacityToChildren)
        self.addItem(veil)
        band = QGraphicsRectItem(veil)  # solid behind the words, so they read on any card
        band.setBrush(QBrush(QColor(VEIL)))
        band.setPen(QPen(QColor(LABEL), 1.5))
        words = QGraphicsSimpleTextItem(veil)
        font = QFont()
        font.setPixelSize(30)
        font.setBold(True)
        words.setFont(font)
        words.setBrush(QBrush(QColor(LABEL)))
        return veil, band, words

    # --- choosing without the mouse (click and keyboard paths) ----------------------

    def select(self, card: str) -> None:
        """Pick up a card: its legal targets light up. Selecting it again puts it down."""
        if card not in self.dests or card == self.selected:
            card = ""
        if card or self.selected:
            self._free_focus = card or self.selected  # put down, the focus stays on the card
        self._put_down = "" if card else self.selected
        self.selected = card
        targets = self.ordered_targets()
        self.focus_target = targets[0] if targets else ""
        self.refresh_marks()
        self.selection_changed.emit(card)

    def click_card(self, card: str) -> None:
        """A click on a card that may move: pick it up, or put it down again. A game may play a card with
        only one place at once on a click or its number key (never on Tab or Enter: they only pick it up)."""
        self.select(card)

    def forget_gestures(self) -> None:
        """Another person looks now: what the last one's hands left goes (the card held, where the keyboard
        rested, a drag under way), for the ring on a card would tell what they did where nobody else looked.
        The focus starts again from what the new view shows (`_show_focus`)."""
        self._drag = None
        self._dragging = False
        self.selected = self.focus_target = ""
        self._free_focus = self._put_down = ""

    def point_at(self, card: str, target: str) -> None:
        """Hold `card` with the focus on `target`, as a hint shows a move; Enter then plays it."""
        self.select(card)
        if self.selected == card and target in self.dests.get(card, {}):
            self.focus_target = target
            self.refresh_marks()

    def ordered_targets(self) -> list[str]:
        """The selected card's targets in reading order, the discard last."""
        keys = [k for k in self.dests.get(self.selected, {}) if k in self.items_by_key]
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
        self.refresh_marks()

    def cycle_hand(self, step: int) -> None:
        """Tab with no card held: the next card that may move; with none, the next item to read. Past the
        last (the first, going back), the keyboard leaves for the prompt bar; a table without one wraps."""
        hand = self.movable()
        current = self.selected or self._free_focus
        if hand and current in hand and current != self._put_down:
            self.select(current)  # the focused card first, unless it was just put down
            return
        order = hand or self._reading_order()
        if not order:
            self._leave(step > 0)
            return
        index = order.index(current) if current in order else (-1 if step > 0 else len(order))
        after = index + step
        if not 0 <= after < len(order):
            if self._leave(step > 0):
                return
            after %= len(order)
        if hand:
            self.select(order[after])
        else:
            self._free_focus = order[after]
            self._show_focus()
            self.hovered.emit(order[after])

    def _leave(self, forward: bool) -> bool:
        """The keyboard on to the prompt bar, if the table has one listening."""
        if self.receivers(SIGNAL("leave(bool)")) == 0:
            return False
        self.leave.emit(forward)
        return True

    def movable(self) -> list[str]:
        """The cards that may move now: the hand's first (in its order), then the rest in reading order."""
        hand = [card for card in self.hand_cards() if card in self.dests and self.dests[card]]
        rest = [key for key in self._reading_order() if key in self.dests and self.dests[key] and key not in hand]
        return hand + rest

    def activate(self, target: str | None = None) -> bool:
        """Play the selected card on `target` (default: the focused one). False if not legal."""
        key = self.focus_target if target is None else target
        move = self.dests.get(self.selected, {}).get(key)
        if move is None:
            return False
        self._free_focus = key  # until the redraw says where the focus may rest
        self.selected, self.focus_target = "", ""
        self.move_chosen.emit(move)
        return True

    def event(self, event: QEvent) -> bool:
        # QGraphicsScene keeps Tab for moving the focus between items and never passes it on;
        # on a table Tab moves between targets like the arrows (Ctrl+Tab still leaves the table).
        if (isinstance(event, QKeyEvent) and event.type() == QEvent.Type.KeyPress
                and event.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab)
                and not event.modifiers() & Qt.KeyboardModifier.ControlModifier):
            self.keyPressEvent(event)
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        key = event.key()
        if self.help_shown:
            if key in (Qt.Key.Key_F1, Qt.Key.Key_Escape) or event.text() == "?":
                self.toggle_help(False)
        elif key == Qt.Key.Key_F1 or event.text() == "?":
            self.toggle_help(True)
        elif self.curtain_up:
            if key in ENTER:
                self.curtain_lifted.emit()  # the person in front of the screen says they alone are looking
            elif key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
                self._leave(key == Qt.Key.Key_Tab)  # nothing to pick up under the veil: on to the bar
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            hand = self.hand_cards()
            if key - Qt.Key.Key_1 < len(hand):
                self.click_card(hand[key - Qt.Key.Key_1])  # a card named by its number, as if clicked
            else:
                self.idle_key.emit()
        elif key in ARROWS:
            self.move_focus(*ARROWS[Qt.Key(key)])
        elif key == Qt.Key.Key_Tab:
            self.cycle_target(1)
        elif key == Qt.Key.Key_Backtab:
            self.cycle_target(-1)
        elif key in ENTER:
            self.press()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            if not self.activate(DISCARD_KEY):
                self.idle_key.emit()
        elif key == Qt.Key.Key_Escape:
            dragged = self._dragging
            self._drag, self._dragging = None, False  # a card being dragged is put down too: where it came from
            self.select("")
            if dragged:
                self.redraw()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def press(self) -> None:
        """Enter: play the held card on the focused target, or pick up the focused card."""
        if self.selected:
            if not self.activate():
                self.idle_key.emit()
        elif self.focused_key in self.dests and self.dests[self.focused_key]:
            self.select(self.focused_key)
        elif self.focused_key:
            self.hovered.emit(self.focused_key)  # a card that cannot move: read it in the detail panel
        else:
            self.idle_key.emit()

    def move_focus(self, dx: int, dy: int) -> None:
        """An arrow: with a card held, to the nearest lit target that way (else the next one);
        with none, to the nearest item that way."""
        if self.selected:
            targets = self.ordered_targets()
            rects = {key: self.items_by_key[key].sceneBoundingRect() for key in targets}
            here = self.focus_target or self.selected
            rects[here] = self.items_by_key[here].sceneBoundingRect()
            found = nearest(rects, here, dx, dy)
            if found and found in targets:
                self.focus_target = found
                self.refresh_marks()
            else:
                self.cycle_target(1 if dx + dy > 0 else -1)
            return
        rects = self._rects()
        found = nearest(rects, self.focused_key, dx, dy)
        if found:
            self._free_focus = found
            self._show_focus()
            self.hovered.emit(found)

    # --- the focus, drawn --------------------------------------------------------------

    @property
    def focused_key(self) -> str:
        """The item the keyboard is on: the lit target (a card held), else the held card, else where it rests;
        'curtain' while the veil is down."""
        if self.curtain_up:
            return "curtain"
        if self.selected:
            return self.focus_target or self.selected
        if self._free_focus in self.items_by_key and self.items_by_key[self._free_focus].isVisible():
            return self._free_focus
        return ""

    def _rects(self) -> dict[str, QRectF]:
        return {key: item.sceneBoundingRect() for key, item in self.items_by_key.items() if item.isVisible()}

    def _reading_order(self) -> list[str]:
        return reading_order(self._rects())

    def _first_focus(self) -> str:
        """Where the focus rests when its card has gone: the first card that may move (`movable`), else the first
        item in reading order. The hand's first needs no reading order, which measures every item (issue #42)."""
        hand = [card for card in self.hand_cards() if card in self.dests and self.dests[card]]
        if hand:
            return hand[0]
        order = self._reading_order()
        return next((key for key in order if key in self.dests and self.dests[key]), order[0] if order else "")

    def _show_focus(self) -> None:
        """Put the ring where the focus is; a focus whose card has gone rests on the first card that may move."""
        if not self.curtain_up and not self.selected and self.focused_key == "":
            self._free_focus = self._first_focus()
        key = self.focused_key
        for name, item in self.items_by_key.items():
            item.focused = name == key
        if key == "curtain" and self._veil is not None:
            self._ring.surround(self._veil[1].sceneBoundingRect())
            self._ring.keep_clear(QPainterPath())
            self._ring.setZValue(CURTAIN_Z + 1)
        elif key:
            # A place may be larger than its card (a whole area).
            self._ring_settled = None  # the table was drawn again: the cards round the ring may have moved
            self._ring_round(key, self.ring_rect(key, self.target_rect(key)))
            self._ring.setZValue(RING_Z)
        self._ring.setVisible(bool(key) and self.shows_focus)
        self.drawn.emit()  # what changed is told before where the focus went
        if key != self._focus_shown:
            self._focus_shown = key
            self.focus_changed.emit(key)

    def _follow(self) -> None:
        item = self.sender()
        if isinstance(item, CardItem) and item.focused and not self.curtain_up:
            self._ring_round(item.key, self.ring_rect(item.key, item.sceneBoundingRect()))

    def _ring_round(self, key: str, rect: QRectF) -> None:
        """The ring round `rect`, the place of `key`, cut where it would cross words on a card where the card comes to
        rest (see `words_shown`): worked out once for a slide, not at each of its steps (at every move, issue #42),
        and again at each step of a drag."""
        item = self.items_by_key.get(key)
        settled = (key, rect.translated(item.resting_pos - item.pos()) if item is not None else rect)
        if settled != self._ring_settled:
            self._ring.surround(settled[1])
            self._ring.keep_clear(self.words_shown(self._ring.band))
            self._ring_settled = settled
        self._ring.surround(rect)

    def words_shown(self, band: QPainterPath) -> QPainterPath:
        """The words painted on cards that `band` crosses and that show, where their cards come to rest (scene
        coordinates, a screen pixel to spare around them): what lies under a card above them is not shown. Only
        what a face shows counts, so a face-down card's ring is cut as any back's is, whatever the card is."""
        area = band.boundingRect()
        view = next(iter(self.views()), None)
        spare = 1.0 if view is None else 1.0 / max(on_screen(view.viewportTransform()), 0.05)
        words, above = QPainterPath(), QPainterPath()
        # Asked for a place, the scene sorts its items top first; asked for all of them, it leaves them unsorted. The
        # cards in the band's way now and those still sliding, which may come to rest there, are all that can show
        # words in it or cover them: the rest of the table is not looked at (at every move, issue #42).
        mode, order = Qt.ItemSelectionMode.IntersectsItemBoundingRect, Qt.SortOrder.DescendingOrder
        crossing = self.items(area, mode, order, QTransform())
        sliding = {id(item) for item in self._sliding if item.sliding}
        if sliding:
            wanted = sliding | {id(item) for item in crossing}
            everywhere = self.items(self.itemsBoundingRect(), mode, order, QTransform())
            crossing = [item for item in everywhere if id(item) in wanted]
        for item in crossing:
            if not isinstance(item, CardItem) or not item.isVisible():
                continue
            # Where it comes to rest: cards still sliding after a redraw land around a ring put there already.
            placed = item.sceneTransform()
            if id(item) in sliding:
                shift = item.resting_pos - item.pos()
                placed *= QTransform.fromTranslate(shift.x(), shift.y())
            face = placed.mapRect(QRectF(0, 0, item.face.width, item.face.height))
            if not face.intersects(area):
                continue
            scale = None if view is None else on_screen(item.deviceTransform(view.viewportTransform()))
            for rect in words_drawn(item.face, scale):
                shown = QPainterPath()
                shown.addRect(placed.mapRect(rect).adjusted(-spare, -spare, spare, spare))
                visible = shown.subtracted(above) if shown.intersects(band) else QPainterPath()
                if not visible.isEmpty():
                    words = words.united(visible)
            card = QPainterPath()
            card.addRect(face)
            above = above.united(card)
        return words

    @property
    def focus_ring(self) -> FocusRing:
        return self._ring

    # --- the keys, listed over the table ------------------------------------------------

    @property
    def help_shown(self) -> bool:
        return self._help is not None and self._help.isVisible()

    @property
    def help_panel(self) -> KeysPanel | None:
        return self._help

    def toggle_help(self, wanted: bool | None = None) -> None:
        """Show the keys over the table (or hide them); `wanted` None flips."""
        was = self.help_shown
        show = not was if wanted is None else wanted
        if show:
            if self._help is None:
                self._help = KeysPanel()
                self.addItem(self._help)
            self._help.fill(self.translator, self.help_rows, self.sceneRect())
            self._help.show()
        elif self._help is not None:
            self._help.hide()
        if show != was:
            self.help_toggled.emit(show)

    # --- for screen readers -------------------------------------------------------------------

    def accessible_text(self, key: str) -> tuple[str, str]:
        """The name and description a screen reader says for the item `key`, from what it shows.

        A game's scene overrides this with names made from its view (never more than the face shows).
        """
        item = self.items_by_key.get(key)
        if item is None:
            return "", ""
        return face_words(self.translator, item.face)

    def pile_name(self, key: str) -> str:
        """What the pile `key` is called in a line of text ('' if it is no pile of this table's): a pile is not
        named after the card on its top."""
        return ""

    def accessible_summary(self) -> str:
        """A line about the whole table (the counts a glance gives); a game's scene may say more."""
        hand = self.hand_cards()
        return self.translator.text("a11y.hand", count=len(hand)) if hand else ""

    def accessible_keys(self) -> list[str]:
        """The items a screen reader walks, in reading order."""
        return self._reading_order()

    # --- the mouse ----------------------------------------------------------------

    def card_at(self, pos: QPointF) -> CardItem | None:
        for item in self.items(pos):
            if isinstance(item, CardItem) and (self._drag is None or item is not self._drag[0]):
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        if self.help_shown:
            self.toggle_help(False)  # any click closes the keys
            event.accept()
            return
        if self.curtain_up:
            # Only a deliberate click lifts it: the next person has said they alone are looking.
            if event.button() == Qt.MouseButton.LeftButton:
                self.curtain_lifted.emit()
            event.accept()
            return
        item = self.card_at(event.scenePos())
        if item is not None and not self.selected:
            self._free_focus = item.key  # the keyboard carries on from the card last touched
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
            if self._drag is None:  # picking it up played it, and someone else looks now (forget_gestures)
                return
            item.setZValue(100)
        item.setPos(event.scenePos() - grab)
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802 - Qt override
        if self._drag is None or event.button() != Qt.MouseButton.LeftButton:
            return
        item, _grab, _pressed = self._drag
        if not self._dragging:
            self._drag = None
            self.click_card(item.key)
            event.accept()
            return
        target = self.landing(item, event.scenePos())  # while dragged, the card itself is not under the pointer
        self._drag = None
        self._dragging = False
        if target in self.dests.get(item.key, {}):
            self.activate(target)
        else:
            self.drop_refused.emit(item.key, target)
            self.select("")
            self.redraw()  # slide back home
        event.accept()

    def landing(self, item: CardItem, pointer: QPointF) -> str:
        """Where a dragged card lands: on the topmost place under the pointer, the one the person aimed at
        and saw lit or not (a big card hanging over a small lit neighbour must not land there instead; a
        card lying in a zone is not a place, the zone under it is); with the pointer on the bare felt,
        where most of the card lies. '' for nowhere a card could land."""
        zones = self.drop_zones()
        places = set(zones)
        under = [found for found in self.items(pointer) if isinstance(found, CardItem) and found is not item]
        if under:
            return next((found.key for found in under if found.key in places), "")
        return self.most_overlapped(item, zones)

    def most_overlapped(self, item: CardItem, keys: Iterable[str]) -> str:
        """The key among `keys` whose card `item` covers most, or '' if it covers none."""
        rect = item.sceneBoundingRect()
        best, best_area = "", 0.0
        for key in keys:
            other = self.items_by_key.get(key)
            if other is None or other is item:
                continue
            overlap = rect.intersected(other.sceneBoundingRect())
            area = overlap.width() * overlap.height()
            if area > best_area:
                best, best_area = key, area
        return best

    def target_rect(self, key: str) -> QRectF:
        return self.items_by_key[key].sceneBoundingRect()

    def ring_rect(self, key: str, rect: QRectF) -> QRectF:
        """What the focus ring goes round for `key`, whose place is `rect`: a table where a card lies over
        another's foot keeps the ring of the one below off the one above (its name)."""
        return rect

    def keys(self) -> Iterable[str]:
        return self.items_by_key.keys()


def seen_scale(room_w: float, room_h: float, width: float, height: float) -> float:
    """The scale TableView shows a table of width × height at in a viewport of room_w × room_h pixels (inside its
    2-pixel margins), to three places and never above it: what a scene sizes its texts for before the view has
    fitted it. Rounded up, 0.59977 became 0.600, and a name sized to read at 9 px at 0.600 read at 8.997 px on
    screen, under the floor: Bacchanalia's kept "Vinum con il simbolo" ended in "…" though the scene had grown it."""
    return math.floor(min((room_w - 4) / width, (room_h - 4) / height) * 1000 + 1e-6) / 1000  # 1e-6: 0.6 as 0.59999…


def face_words(tr: Translator, face: CardFace) -> tuple[str, str]:
    """What a face says, as a name and a description: a back says only that it is face down."""
    if face.face_down:
        return tr.text("a11y.face_down"), face.title
    name = ", ".join(part for part in (face.year, face.title.replace("\n", " ")) if part)
    details = [part for part in (face.kind_label, face.body.replace("\n", "; "), face.stamp) if part]
    return name or face.kind_label, ". ".join(details)
