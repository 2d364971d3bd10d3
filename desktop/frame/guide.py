"""A guided first game over any seat table: a bubble that says what to do, and a ring on what it talks about.

The script is data (`cardsets.tutorial`); which move a step asks for is found among `legal_moves` by
`rules.tutorial`, the same code `convivium check` replays the script with. The guide knows no game: it
points at the table's own items (the card and the lit target the asked move lands on, found in the
table's `dests`, or the prompt bar's button that plays it), watches the table's `changed` signal to
see a step done, and holds back (`SeatTable.guard`) any other move, so the script and the game never
part: the later steps speak of cards the earlier ones put where they are. Leaving, at any time, takes
the bubble and the rings away; the game stays on the table and plays on as any other.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QApplication, QGraphicsPathItem, QPushButton

from cardsets.tutorial import YOU, Script, Step, base_card, is_zone
from desktop.frame import accessibility, plain
from desktop.frame.bubble import BUBBLE_WIDTH, Bubble
from desktop.frame.card_item import CardItem
from desktop.frame.card_table import CURTAIN_Z, RING_Z
from desktop.frame.seat_table import SeatTable
from rules.kernel import Move
from rules.tutorial import StepError, expected, matches

RING_COLOUR = "#ffd54a"
GUIDE_Z = RING_Z + 50  # above the cards and the focus ring, under the curtain
BUTTON_MARK = "border: 3px solid #ffd54a; border-radius: 4px; padding: 4px 10px; font-weight: bold"

Words = Callable[..., str]  # a key of the tutorial's catalog (and its placeholders) -> text


class Guide(QObject):
    """Walks a player through `script` on `table`, whose game must be the script's, at its first step."""

    finished = Signal(bool)  # the guide has gone: True at the last step, False when left

    def __init__(self, table: SeatTable, script: Script, words: Words, ui: Words, notice: str = "",
                 first: int = 0) -> None:
        super().__init__(table)
        self.table = table
        self.script = script
        self.words = words
        self.ui = ui
        self.index = first  # the step to begin at: the first, or where a guide on this game stood
        self.base = 0  # the number of moves played when the step began
        self.bypass = False  # the guide itself plays (a skipped step, another seat's move)
        self.nobody: tuple[Move, ...] = ()  # the moves that answer "nobody" to the question of the step
        self.rings: list[QGraphicsPathItem] = []
        self.ringed: list[CardItem] = []  # the items ringed, whose moves (a slide, a drag) the rings follow
        self.marked: QPushButton | None = None
        self.done = False
        self.said = ""  # the step's words as last said to a screen reader (each step is said once as it shows)
        self.bubble = Bubble(table.view.viewport())
        self.bubble.notice.setText(notice)
        self.bubble.notice.setVisible(bool(notice))
        self.bubble.next.clicked.connect(self.next)
        self.bubble.skip.clicked.connect(self.skip)
        self.bubble.leave.clicked.connect(self.leave)
        table.guard = self.allows
        table.changed.connect(self._on_changed)
        # Not the scene's `changed`: a view whose scene has it connected takes Qt's old way of repainting, where a
        # change of the whole scene repaints the table's rectangle alone; a card dragged past the table's edge then
        # stayed painted there with its ring, beside the curtain that fell after Undo.
        table.scene.drawn.connect(self._follow)
        table.view.viewport().installEventFilter(self)
        self._begin()

    def use_words(self, words: Words, notice: str) -> None:
        """Say the steps from now on with `words` (a language switch), the step on show at once."""
        self.words = words
        self.bubble.notice.setText(notice)
        self.bubble.notice.setVisible(bool(notice))
        if not self.done:
            self._show()

    # --- where the script stands ----------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    def expected(self) -> Move | None:
        """The move the step asks for, as the rules find it now (None if it asks for none)."""
        step = self.step
        if step.kind != "move":
            return None
        try:
            return expected(self.table.game.match, step)
        except StepError:
            return None  # the game was changed under the guide (a file opened): nothing to point at

    def text_of(self, step: Step) -> str:
        """The step's words, with the card it names and the name at the seat that acts."""
        card = step.card
        title = self._title(card) if card and not is_zone(card) else ""
        names = self.table.game.names
        player = names[step.by] if 0 <= step.by < len(names) else ""
        return self.words(step.text, card=title, player=player)

    def _title(self, card: str) -> str:
        """A card's name in the reader's language, as the game's catalog says it (a title or a name), else as
        its face on the table shows it."""
        tr, kind = self.table.tr_, base_card(card)
        for key in (f"{kind}.title", f"{kind}.name", f"{kind}.true.title"):
            if (text := tr.text(key)) != key:
                return text
        item = self.table.scene.items_by_key.get(card)
        return item.face.title.replace("\n", " ") if item is not None and not item.face.face_down else card

    def _begin(self) -> None:
        """Show the current step, or pass over it when what it waits for has already happened."""
        match = self.table.game.match
        self.base = len(match.moves)
        window = match.engine.window(match.state)
        self.nobody = window.nobody if window is not None and self.step.kind == "nobody" else ()
        self.bubble.refusal.clear()
        self.bubble.refusal.hide()
        if self._complete():
            self._advance()
            return
        self._show()

    def _complete(self) -> bool:
        """Has the current step been done (by the player, or by the game moving on by itself)?"""
        step, table = self.step, self.table
        moves = table.game.match.moves
        if step.kind == "curtain":
            return not table.scene.curtain_up
        if step.kind == "undo":
            return len(moves) < self.base
        if step.kind == "nobody":
            return table.game.engine.window(table.game.state) is None
        if step.kind == "move" and step.by == 0:
            return len(moves) > self.base and matches(moves[self.base], step)
        return False

    def _advance(self) -> None:
        if self.index + 1 >= len(self.script.steps):
            self._finish(True)
            return
        self.index += 1
        self._begin()

    # --- what the player does -----------------------------------------------------------

    def allows(self, move: Move | None) -> bool:
        """The table's guard: only what the step asks for goes ahead (None: an undo)."""
        if self.bypass or self.done:
            return True
        step = self.step
        if move is None:
            ok = step.kind == "undo"
        elif step.kind == "nobody":
            ok = move in self.nobody
        else:
            ok = step.kind == "move" and step.by == 0 and matches(move, step)
        if not ok:
            key = "guide.not_undo" if move is None else "guide.not_this_move"
            self.bubble.refusal.setText(self.ui(key))
            self.bubble.refusal.show()
            accessibility.announce(self.bubble.refusal, self.ui(key))
            self._place()
        return ok

    def next(self) -> None:
        """Next: an explanation read, or another seat's move played by the guide."""
        step = self.step
        if not self._waits(self.index + 1):  # else the keyboard stays on Next, which says the next step
            # First: the next step's words are then said after the card the keyboard lands on. Another seat's move
            # too: Next hides under the keyboard, which fell to Save as…, and Enter at the curtain opened it.
            self._back_to_table()
        if step.kind == "move" and step.by != 0:
            self._play_for_them(step)
        elif step.kind == "next":
            self._advance()

    def _waits(self, index: int) -> bool:
        """Does step `index` wait for Next (an explanation, another seat's move)?"""
        if index >= len(self.script.steps):
            return False
        step = self.script.steps[index]
        return step.kind == "next" or (step.kind == "move" and step.by != 0)

    def skip(self) -> None:
        """Skip step: the guide does what the step asks, so the game stays where the next step expects it."""
        step, table = self.step, self.table
        self.bypass = True
        try:
            if step.kind == "curtain":
                table.lift_curtain()
            elif step.kind == "undo":
                table.undo()
            elif step.kind == "nobody":
                table.nobody_answers()
            elif step.kind == "move":
                move = self.expected()
                if move is not None:
                    if step.by != 0:
                        table.looking = None  # nobody at the screen looked for them: the curtain falls next
                    table.play(move)
                if step.by != 0:
                    self._close_questions()
        finally:
            self.bypass = False
        self._back_to_table()  # first: the next step's words are then said after the card the keyboard lands on
        if not self.done and self.step is step:
            self._advance()

    def _back_to_table(self) -> None:
        """The keyboard goes back to the table: the click on the bubble's button took it away."""
        self.table.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def _play_for_them(self, step: Step) -> None:
        move = self.expected()
        self.bypass = True
        try:
            if move is not None:
                # Nobody lifted their curtain: whoever decides next, them again or the player, finds it down.
                self.table.looking = None
                self.table.play(move)
            self._close_questions()
        finally:
            self.bypass = False
        if not self.done and self.step is step:
            self._advance()

    def _close_questions(self) -> None:
        """After another seat's move, nobody answers the question it opens (the guide answers for them)."""
        table = self.table
        for _ in range(50):
            if table.game.engine.window(table.game.state) is None:
                return
            table.answering = None
            table.nobody_answers()

    def leave(self) -> None:
        self._finish(False)
        self._back_to_table()

    def _finish(self, completed: bool) -> None:
        if self.done:
            return
        self.done = True
        table = self.table
        if table.guard == self.allows:
            table.guard = None
        table.changed.disconnect(self._on_changed)
        table.scene.drawn.disconnect(self._follow)
        table.view.viewport().removeEventFilter(self)
        table.keep_on_bar(frozenset())
        self._clear_marks()
        self.bubble.hide()
        self.bubble.deleteLater()
        self.finished.emit(completed)

    def _on_changed(self) -> None:
        if self.done or self.bypass:
            return
        if self._complete():
            self._advance()
        else:
            self._show()

    # --- drawing -----------------------------------------------------------------------

    def _targets(self) -> tuple[list[str], QPushButton | None]:
        """The table items the step points at, and the bar's button that does what it asks (if any)."""
        step, table = self.step, self.table
        keys = [key for key in step.point if key in table.scene.items_by_key]
        button: QPushButton | None = None
        if self.behind_curtain():
            return [], table.buttons.get("reveal")
        if step.kind == "move" and step.by == 0:
            move = self.expected()
            landing = next(([card] if target == card else [card, target]
                            for card, targets in table.scene.dests.items()
                            for target, lit in targets.items() if move is not None and lit == move), [])
            keys = keys or landing  # a step that names its places (a choice made in several drags) rings those
            if not landing and move is not None:
                button = table.button_for(move)
        elif step.kind == "curtain":
            button = table.buttons.get("reveal")
        elif step.kind == "undo":
            button = table.buttons.get("undo")
        elif step.kind == "nobody":
            window = table.game.engine.window(table.game.state)
            if window is not None and not step.point:
                button = table.buttons.get(table.window_words(window).nobody[0])
        return [key for key in keys if key in table.scene.items_by_key], button

    def behind_curtain(self) -> bool:
        """Does the step wait for the player while the curtain is down (it fell when the screen changed hands)?"""
        step = self.step
        return self.table.scene.curtain_up and step.kind in ("move", "undo") and step.by == 0

    def _show(self) -> None:
        step, bubble, t = self.step, self.bubble, self.ui
        bubble.heading.setText(t("guide.heading", step=self.index + 1, steps=len(self.script.steps)))
        text = self.text_of(step)
        bubble.text.setText(f"{t('guide.lift_first')}\n\n{text}" if self.behind_curtain() else text)
        waits = self._waits(self.index)
        bubble.next.setText(plain.button_text(t("guide.next")))
        bubble.next.setVisible(waits)
        bubble.skip.setText(plain.button_text(t("guide.skip")))
        bubble.skip.setVisible(not waits)
        bubble.leave.setText(plain.button_text(t("guide.leave")))
        # A screen reader is told the step as it shows, and finds it again on the bubble's buttons.
        said = accessibility.sentences([bubble.heading.text(), bubble.text.text().replace("\n\n", " ")])
        bubble.setAccessibleName(bubble.heading.text())
        for widget in (bubble.skip, bubble.leave):
            widget.setAccessibleDescription(bubble.text.text())
        if waits:  # not as it hides: a reader still on it would say the new step's words twice
            # Said as it changes when the keyboard stays on Next from step to step; a reader coming into the bubble
            # reads its heading and words itself (Orca reads a panel's labels), and would hear them twice.
            bubble.next.setAccessibleDescription(said if bubble.next.hasFocus() else "")
        # A step that waits for Next takes the keyboard to it (Enter on the table would pick a card up): the bubble
        # (named by the heading) and the button then say the step as the focus comes, which a notification would cut.
        to_next = waits and self._keyboard_here()
        if said != self.said:
            self.said = said
            accessibility.announce(bubble, said, notify=not to_next)
        self.table.keep_on_bar(frozenset({"undo"}) if step.kind == "undo" else frozenset())
        keys, button = self._targets()
        self._clear_marks()
        for key in keys:
            ring = QGraphicsPathItem()
            ring.setPen(QPen(QColor(RING_COLOUR), 5))
            ring.setZValue(CURTAIN_Z + 2 if self.table.scene.curtain_up else GUIDE_Z)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            ring.setData(0, key)
            self.table.scene.addItem(ring)
            self.rings.append(ring)
            item = self.table.scene.items_by_key[key]
            if not any(item is ringed for ringed in self.ringed):  # a step may ring one card twice
                item.xChanged.connect(self._follow)
                item.yChanged.connect(self._follow)
                self.ringed.append(item)
        if button is not None:
            button.setStyleSheet(BUTTON_MARK)
            self.marked = button
        if keys and not self.table.scene.curtain_up:
            # The card a step talks about, read whole: on the table a small card shows little more than its name.
            self.table.show_detail(keys[0])
        self._follow()
        bubble.show()
        bubble.raise_()
        if to_next:
            bubble.next.setFocus(Qt.FocusReason.OtherFocusReason)

    def _keyboard_here(self) -> bool:
        """Is the keyboard on the table or the bubble (not in a panel or dialog the player went to)?"""
        focus = QApplication.focusWidget()
        return focus is None or focus is self.table.view or self.bubble.isAncestorOf(focus)

    def _clear_marks(self) -> None:
        for ring in self.rings:
            if ring.scene() is not None:
                ring.scene().removeItem(ring)
        self.rings = []
        for item in self.ringed:
            try:
                item.xChanged.disconnect(self._follow)
                item.yChanged.disconnect(self._follow)
            except RuntimeError:  # the item has gone from the table
                pass
        self.ringed = []
        if self.marked is not None:
            try:
                self.marked.setStyleSheet("")
            except RuntimeError:  # the bar was rebuilt: that button has gone
                pass
            self.marked = None

    @property
    def pointed(self) -> list[str]:
        """The keys of the items ringed now."""
        return [str(ring.data(0)) for ring in self.rings]

    def _follow(self, *_args: Any) -> None:
        """The rings on their items, wherever the table put them; the bubble beside them."""
        if self.done:
            return
        items = self.table.scene.items_by_key
        for ring in self.rings:
            item = items.get(str(ring.data(0)))
            if item is None:
                ring.hide()
                continue
            path = QPainterPath()
            # A place may be larger than its card: a Bacchanalia seat is the player's whole area.
            path.addRoundedRect(self.table.scene.target_rect(str(ring.data(0))).adjusted(-9, -9, 9, 9), 10, 10)
            if ring.path() != path:
                ring.setPath(path)
            ring.show()
        self._place()

    def _place(self) -> None:
        """Beside what the step points at, over none of the rings nor the curtain's words: above or below the place
        a card goes (the last ring), else beside it, else by another ring, else the free place nearest it; with
        nothing ringed, at the foot of the table. Where a crowded table leaves no room that wide, the bubble
        narrows (and grows taller) rather than cover what it talks about."""
        bubble, view = self.bubble, self.table.view
        bubble.setFixedWidth(BUBBLE_WIDTH)
        bubble.adjustSize()
        area = view.viewport().rect().adjusted(8, 8, -8, -8)
        rings = [view.mapFromScene(ring.sceneBoundingRect()).boundingRect().adjusted(-6, -6, 6, 6)
                 for ring in self.rings if ring.isVisible()]
        band = self.table.scene.curtain_band
        kept = rings + ([view.mapFromScene(band).boundingRect()] if band is not None else [])  # the curtain's words too
        fallback: QRect | None = None
        for width in (BUBBLE_WIDTH, BUBBLE_WIDTH * 4 // 5, BUBBLE_WIDTH * 2 // 3):
            spot, free_found = self._spot(area, rings, kept, width)
            fallback = fallback or spot
            if free_found:
                bubble.setFixedWidth(spot.width())
                bubble.setGeometry(spot)
                return
        assert fallback is not None
        bubble.setFixedWidth(fallback.width())
        bubble.setGeometry(fallback)

    def _spot(self, area: QRect, rings: list[QRect], kept: list[QRect], width: int) -> tuple[QRect, bool]:
        """Where a bubble `width` wide goes, and whether that place is free of every ring and the curtain's words."""
        bubble = self.bubble
        # Wrapped words need the height they take at the bubble's width, which a size hint does not give: a short
        # step's hint is taller than its words, and the bubble had an empty line under its heading.
        layout = bubble.layout()
        wrapped = layout.totalHeightForWidth(width) if layout is not None else 0
        height = min(max(bubble.minimumSizeHint().height(), wrapped), area.height())
        size = QSize(width, height)
        spot = QRect(QPoint(area.center().x() - width // 2, area.bottom() - height - 8), size)

        def free(box: QRect) -> bool:
            return area.contains(box) and not any(box.intersects(r) for r in kept)

        for ring in reversed(rings):
            x = min(max(area.left(), ring.center().x() - width // 2), area.right() - width)
            y = min(max(area.top(), ring.center().y() - height // 2), area.bottom() - height)
            tries = [QPoint(x, ring.top() - 8 - height), QPoint(x, ring.bottom() + 8),
                     QPoint(ring.right() + 8, y), QPoint(ring.left() - 8 - width, y)]
            found = [box for box in (QRect(at, size) for at in tries) if free(box)]
            if found:
                return found[0], True
        if not kept or free(spot):
            return spot, True
        # Nowhere beside a ring: the free place nearest the last one, so the bubble covers none of them. Every
        # 12 px, and flush with the right and bottom edges, where a free strip is often narrow.
        near = (rings or kept)[-1].center()
        last_x, last_y = area.right() + 1 - width, area.bottom() + 1 - height
        xs = {*range(area.left(), last_x + 1, 12), last_x}
        ys = {*range(area.top(), last_y + 1, 12), last_y}
        boxes = [box for box in (QRect(QPoint(x, y), size) for y in sorted(ys) for x in sorted(xs)) if free(box)]
        if boxes:
            return min(boxes, key=lambda box: (box.center() - near).manhattanLength()), True
        return spot, False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Resize:
            self._follow()
        return False


def seat_names(script: Script, you: str) -> list[str]:
    """The names at the seats: the script's, with the player's own seat named in their language."""
    return [you if name == YOU else name for name in script.players]
