"""Two tables that must look alike: the game as played, and the same game with its secrets dealt another way.

For a viewer (PUBLIC, or a seat), the hidden cards are dealt again (`redeal`): cards the viewer cannot
see change places within their kind (the deck's order, the other hands, the secret guests and
privileges, the IDs and Missions not yet shown), and in Bacchus' Banquet the round's three cards may
lie in other slots. The viewer's view stays the same (the test asserts it).

Both tables are then driven through the same gestures, by the scene's own mouse and key handlers and
the prompt bar's buttons (`perform`): a card the viewer cannot see is named by its counterpart in the
other deal. While someone else looks alone, what they do without playing (pointing, picking a card up
and putting it down, the arrows) may differ altogether between the two tables, and so may the Banquet
host's arrangement and the order it is made in. Whenever a table shows the viewer's view (or the
public one), everything it shows must be the same at both: the pixels, and every text, tooltip and
accessible name of its widgets and items (`snapshot`).
"""
from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt
from PySide6.QtGui import QImage, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import (QAbstractButton, QApplication, QGraphicsItem, QGraphicsRectItem, QGraphicsSimpleTextItem,
                               QGraphicsTextItem, QHBoxLayout, QLabel, QListWidget, QTextEdit, QVBoxLayout, QWidget)

import table_driver

from desktop.frame.card_item import CardItem
from desktop.frame.i18n import Translator
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.shell.tables import table_class
from rules.kernel import PUBLIC, Engine
from rules.match import Match

SIZE = (1280, 720)
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
K = Qt.Key
IDLE_KEYS = (K.Key_Left, K.Key_Right, K.Key_Up, K.Key_Down, K.Key_Tab, K.Key_Backtab, K.Key_Escape)
KEYS = (*IDLE_KEYS, K.Key_Return)

Gesture = tuple[Any, ...]  # ("lift",) ("drag", card, target) ("clicks", card, target) ("click", key)
#                            ("hover", key) ("button", key) ("key", Qt.Key) ("tick",): a second of a countdown


# --- dealing the secrets another way ----------------------------------------------------------------


def rename(thing: Any, names: dict[str, str]) -> Any:
    """`thing` with every string in `names` replaced, however deep (dataclasses, lists, dicts, sets)."""
    if isinstance(thing, str):
        return names.get(thing, thing)
    if isinstance(thing, list):
        return [rename(x, names) for x in thing]
    if isinstance(thing, tuple):
        return tuple(rename(x, names) for x in thing)
    if isinstance(thing, (set, frozenset)):
        return type(thing)(rename(x, names) for x in thing)
    if type(thing) is dict:
        return {rename(k, names): rename(v, names) for k, v in thing.items()}
    if dataclasses.is_dataclass(thing) and not isinstance(thing, type):
        changes = {f.name: rename(getattr(thing, f.name), names) for f in dataclasses.fields(thing) if f.init}
        return dataclasses.replace(thing, **changes)
    return thing  # a random generator, a number, None


def kinds(eng: Engine[Any], state: Any, viewer: int) -> list[list[str]]:
    """The cards hidden from `viewer`, in groups whose cards may change places (the same kind of card)."""
    hidden = set(eng.hidden_from(state, viewer))
    if eng.mode == "solonauts":
        groups = [[*state.deck], [*state.unused_ids]]
    elif eng.game == "chrononauts":
        groups = [[*state.draw, *(c for hand in state.hands for c in hand), *state.mini],
                  [*state.id_deck, *(i for i in state.ids if i is not None)],
                  [*state.mission_deck, *state.missions]]
    elif eng.game == "banquet":
        groups = [[*state.deck, *state.discard_pile],
                  [*state.guest_stack, *state.guest_box_unseen, *(g for g in state.guests if g is not None)],
                  [*state.privilege_box, *(p for privileges in state.privileges for p in privileges)]]
    else:  # Parsifal and Bacchanalia hide the deck's order only
        groups = [list(state.deck)]
    return [[c for c in dict.fromkeys(group) if c in hidden] for group in groups]


def swap_slots(state: Any, rng: random.Random) -> Any:
    """Bacchus' Banquet: the round's three cards arranged another way (BB-5.3), for eyes that cannot see it."""
    slots = [s for s, c in state.slots.items() if c is not None]
    if len(slots) < 2:
        return state
    a, b = rng.sample(slots, 2)
    other = state.copy()
    other.slots[a], other.slots[b] = state.slots[b], state.slots[a]
    return other


def redeal(eng: Engine[Any], state: Any, viewer: int, rng: random.Random, swaps: int) -> tuple[Any, dict[str, str]]:
    """Another state `viewer` (and the public) cannot tell from `state`, and the renaming of cards that made it."""
    names: dict[str, str] = {}
    seen = (eng.view(state, viewer), eng.view(state, PUBLIC))
    other = eng.clone(state)
    for _ in range(swaps):
        groups = [g for g in kinds(eng, state, viewer) if len(g) > 1]
        if eng.game == "banquet" and viewer != state.active and rng.random() < 0.5:
            tried = swap_slots(other, rng)
            if (eng.view(tried, viewer), eng.view(tried, PUBLIC)) == seen:
                other = tried
            continue
        if not groups:
            break
        a, b = rng.sample(rng.choice(groups), 2)  # the cards lying in two places of the real state
        trial = {**names, a: names.get(b, b), b: names.get(a, a)}
        tried = rename(eng.clone(state), trial)
        tried = _keep_slots(eng, other, tried)
        if (eng.view(tried, viewer), eng.view(tried, PUBLIC)) == seen:
            other, names = tried, {k: v for k, v in trial.items() if k != v}
    return other, names


def _keep_slots(eng: Engine[Any], had: Any, tried: Any) -> Any:
    """A renaming starts again from the real state: keep the arrangement swapped so far."""
    if eng.game == "banquet":
        tried.slots = dict(had.slots)
    return tried


# --- a table in a window of fixed size -----------------------------------------------------------------


class Answers:
    """The dialogs a table opens, answered alike on both tables (a number drawn once per gesture)."""

    def __init__(self) -> None:
        self.draw = 0.0

    def index(self, count: int) -> int:
        return int(self.draw * (count + 1)) - 1  # -1: the box closed


@dataclass
class Side:
    """One of the two tables: its window, table and match."""

    table: SeatTable
    window: QWidget
    answers: Answers

    @property
    def game(self) -> SeatGame:
        return self.table.game

    @property
    def scene(self) -> Any:
        return self.table.scene


def make_side(cls: type[SeatTable], tr: Translator, game: SeatGame, qtbot: Any) -> Side:
    answers = Answers()
    table = cls(tr, game)
    any_table: Any = table
    any_table.ask = lambda _title, _text, buttons: answers.index(len(buttons))
    any_table.inform = lambda _title, _text: None
    if hasattr(table, "pick"):
        any_table.pick = lambda _title, _text, items: answers.index(len(items))
    if hasattr(table, "ask_element"):
        any_table.ask_element = lambda: "the wine"
    if hasattr(table, "choose_export_path"):
        any_table.choose_export_path = lambda: None
    window = QWidget()
    row = QHBoxLayout(window)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(table, 1)
    side = QVBoxLayout()
    table.detail.setFixedWidth(240)
    side.addWidget(table.detail, 2)
    side.addWidget(table.log, 1)
    row.addLayout(side)
    window.setFixedSize(*SIZE)
    qtbot.addWidget(window)  # closed when the test ends: a window left open is read by the next test's checks
    window.show()
    QApplication.processEvents()
    return Side(table, window, answers)


def shown_viewer(table: SeatTable) -> int:
    """Whose view the table shows now: a seat that has lifted its curtain, else the public's."""
    seat = table.decider()
    if table.scene.curtain_up or seat is None or table.looking != seat:
        return PUBLIC
    return seat


# --- gestures, through the scene's own handlers -------------------------------------------------------


def _send(side: Side, kind: QEvent.Type, point: QPointF, button: Qt.MouseButton, buttons: Qt.MouseButton) -> None:
    port = side.table.view.viewport()
    at: QPoint = side.table.view.mapFromScene(point)
    event = QMouseEvent(kind, QPointF(at), QPointF(port.mapToGlobal(at)), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(port, event)


def grip(side: Side, key: str) -> QPointF | None:
    """A point where the item `key` itself is under the pointer (another card may cover its centre)."""
    return table_driver.grip(side.scene, key)


def click_at(side: Side, point: QPointF) -> None:
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    _send(side, QEvent.Type.MouseButtonPress, point, left, left)
    _send(side, QEvent.Type.MouseButtonRelease, point, left, none)


def perform(side: Side, gesture: Gesture) -> None:
    kind = gesture[0]
    scene = side.scene
    if kind == "lift":
        click_at(side, scene.sceneRect().center())
    elif kind == "drag":
        start = grip(side, gesture[1])
        target = scene.items_by_key.get(gesture[2])
        if start is None or target is None:
            return
        end = grip(side, gesture[2]) or target.sceneBoundingRect().center()
        left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
        _send(side, QEvent.Type.MouseButtonPress, start, left, left)
        for i in range(1, 7):
            _send(side, QEvent.Type.MouseMove, start + (end - start) * (i / 6), none, left)
        _send(side, QEvent.Type.MouseButtonRelease, end, left, none)
    elif kind == "clicks":
        for key in gesture[1:]:
            point = grip(side, key)
            if point is None:
                return
            click_at(side, point)
    elif kind == "click":
        point = grip(side, gesture[1])
        if point is not None:
            click_at(side, point)
    elif kind == "hover":
        point = grip(side, gesture[1])
        if point is not None:
            _send(side, QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton, Qt.MouseButton.NoButton)
    elif kind == "button":
        button = side.table.buttons.get(gesture[1])
        if button is not None and button.isVisible() and button.isEnabled():
            button.click()
    elif kind == "key":
        for event_type in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(scene, QKeyEvent(event_type, gesture[1], Qt.KeyboardModifier.NoModifier))
    elif kind == "tick":  # time is the test's (tests/desktop/conftest.py): a response window's countdown goes on
        side.table.countdown.tick()
    QApplication.processEvents()
    scene.finish_slides()


def idle_gesture(side: Side, rng: random.Random) -> Gesture:
    """Something done without playing: pointing at a card, picking one up or putting it down, a key."""
    keys = sorted(side.scene.items_by_key)
    movable = sorted(k for k, targets in side.scene.dests.items() if targets and k in side.scene.items_by_key)
    roll = rng.random()
    if roll < 0.35 and keys:
        return ("hover", rng.choice(keys))
    if roll < 0.6 and movable:
        return ("click", rng.choice(movable))
    return ("key", rng.choice(IDLE_KEYS))


def move_gesture(side: Side, rng: random.Random) -> Gesture | None:
    scene = side.scene
    pairs = sorted((card, target) for card, targets in scene.dests.items() for target in targets
                   if card in scene.items_by_key and target in scene.items_by_key)
    if not pairs:
        return None
    card, target = rng.choice(pairs)
    return ("drag" if rng.random() < 0.7 else "clicks", card, target)


def button_gesture(side: Side, rng: random.Random) -> Gesture | None:
    # The answer settings too ("Don't ask me to answer", "Not this turn"): pressed behind the curtain, they
    # lead on to pictures the others see (a refusal's message line once moved the table 7 px).
    live = sorted(key for key, widget in side.table.buttons.items()
                  if key != "save" and widget.isVisible() and widget.isEnabled())
    onward = [key for key in live if key not in ("undo", "start_over")]  # going back is done, now and then
    if not live:
        return None
    return ("button", rng.choice(onward if onward and rng.random() < 0.95 else live))


# --- what a person sees -------------------------------------------------------------------------------


@dataclass
class Snapshot:
    image: QImage
    words: list[Any] = field(default_factory=list)


def snapshot(side: Side) -> Snapshot:
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
    side.window.activateWindow()  # both pictures with their window active: a focused button shows its frame
    QApplication.processEvents()
    assert QApplication.activeWindow() is side.window
    side.scene.finish_slides()
    for item in side.scene.items():
        # An item's cached pixmap keeps the sub-pixel place it was first painted at (a drag leaves it off
        # the grid): painted afresh, each item shows only what it is now.
        mode = item.cacheMode()
        if mode != QGraphicsItem.CacheMode.NoCache:
            item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
            item.setCacheMode(mode)
    image = side.window.grab().toImage()
    return Snapshot(image, list(widget_words(side.window)) + list(scene_words(side.scene)))


def widget_words(root: QWidget) -> Iterable[Any]:
    for widget in root.findChildren(QWidget):
        if not widget.isVisible():
            continue
        words: list[Any] = [type(widget).__name__, widget.toolTip(), widget.accessibleName(),
                            widget.accessibleDescription()]
        if isinstance(widget, (QLabel, QAbstractButton)):
            words.append(widget.text())
        if isinstance(widget, QTextEdit):
            words.append(widget.toPlainText())
        if isinstance(widget, QListWidget):
            words += [widget.item(i).text() for i in range(widget.count())]
        yield tuple(words)


def scene_words(scene: Any) -> Iterable[Any]:
    """Every item of the scene as drawn: cards (face, place, marks, focus), captions, and what a screen reader says."""
    for key in sorted(scene.items_by_key):
        item: CardItem = scene.items_by_key[key]
        pos = item.resting_pos
        yield ("card", key, item.face, round(pos.x(), 1), round(pos.y(), 1), item.zValue(), item.isVisible(),
               item.highlighted, item.selected, item.focused, item.toolTip(), scene.accessible_text(key))
    others: list[Any] = []
    for item in scene.items():
        if isinstance(item, CardItem) or not item.isVisible():
            continue
        pos = (round(item.scenePos().x(), 1), round(item.scenePos().y(), 1))
        if isinstance(item, QGraphicsSimpleTextItem):
            others.append(("text", item.text(), pos))
        elif isinstance(item, QGraphicsTextItem):
            others.append(("rich", item.toPlainText(), pos))
        elif isinstance(item, QGraphicsRectItem):
            rect = item.rect()
            others.append(("rect", rect.x(), rect.y(), rect.width(), rect.height(), pos))
        else:
            box = item.sceneBoundingRect()
            others.append((type(item).__name__, box.x(), box.y(), box.width(), box.height(), item.zValue()))
    yield from sorted(others, key=repr)
    yield ("focus", scene.focused_key, scene.selected, scene.focus_target, scene.curtain_words)
    yield ("reader", scene.accessible_summary(), scene.accessible_keys())


def colours(image: QImage) -> int:
    """How many colours a coarse grid over the picture finds (a blank picture has one)."""
    found = {image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)}
    return len(found)


def difference(a: QImage, b: QImage) -> QRect:
    """The box around every pixel that differs."""
    box = QRect()
    if a.size() != b.size():
        return QRect(0, 0, max(a.width(), b.width()), max(a.height(), b.height()))
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            if a.pixel(x, y) != b.pixel(x, y):
                box = box.united(QRect(x, y, 2, 2))
    return box


def first_difference(a: list[Any], b: list[Any]) -> str:
    for x, y in zip(a, b):
        if x != y:
            return f"\n  played:  {x!r}\n  redealt: {y!r}"
    return f"\n  {len(a)} against {len(b)} entries"


# --- a game, two ways ---------------------------------------------------------------------------------


def options_for(game: str, mode: str, rng: random.Random) -> dict[str, Any]:
    if game == "bacchanalia":
        return {"length": "parcae_limit", "parcae_limit": rng.randint(1, 3)}  # no wall clock
    if game == "banquet" and mode == "standard":
        return {"privileges": rng.choice(("hidden", "hidden", "off"))}
    return {}


def random_moves(match: Match[Any], rng: random.Random, count: int) -> None:
    """Up to `count` random legal moves (Bacchanalia's typed words are listed empty, and played so)."""
    eng = match.engine
    for _ in range(count):
        if eng.is_over(match.state):
            return
        acting = sorted(eng.to_act(match.state))
        if not acting:
            return
        moves = eng.legal_moves(match.state, rng.choice(acting))
        if not moves:
            return
        match.play(rng.choice(moves))


def twin_match(match: Match[Any], state: Any) -> Match[Any]:
    """A copy of `match` (its moves and events so far) standing at `state`."""
    twin = match.prefix(len(match.moves))
    twin.state = state
    return twin


def table_for(game: str) -> type[SeatTable]:
    cls = table_class(game)
    assert cls is not None
    return cls
