"""A monkey for the tables: random clicks, drags, keys, buttons, undos, language switches and saves
on every game's table inside the real main window, with strong checks after every step.

Half of the actions are aimed (a draggable card onto one of its lit targets, a card then its
target by clicks, a button of the prompt bar), so games get far; the other half are blind
(anywhere on the felt, any key). After every step (see `Monkey.check`):

- no exception escaped a Qt slot or handler (pytest-qt's capture, per step);
- the scene is exactly what a table built from scratch draws: a fresh table of the same class on a
  copy of the match, with the same person looking and the same held choices, draws the same items
  (keys, whole faces, resting positions — the end of any slide —, z, rotation, marks) and the same
  captions, prompt, buttons, log lines and detail; so an incremental redraw that forgot something fails;
- no secret shows: no card the person looking may not see (`engine.hidden_from` of that seat, or of
  PUBLIC while the curtain is down or everybody looks) is an item; none is named on a face, a caption,
  the prompt bar, a button, the detail panel or the status bar (the log is history: it rightly names
  a card shown once and hidden again, so it is held to the log a fresh table writes, and no card's
  instance id may show in it); what the draw pile holds is no secret, only its order;
- the engine is sound: legal moves compute for every seat, no card was created or lost, Undo and Redo
  are enabled exactly when the table allows them, and the table always offers a way on.

The run is seeded (`random.Random(seed)`); every failure names the table, seed and step, with the
last actions, so `CONVIVIUM_MONKEY_SEED` replays it.
"""
from __future__ import annotations

import copy
import json
import random
import re
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

import shiboken6
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtWidgets import (QApplication, QGraphicsRectItem, QGraphicsScene,
                               QGraphicsSimpleTextItem, QGraphicsTextItem)
import table_driver
from table_driver import Dialogs, _send, view_point

from desktop.frame.card_item import CardItem
from desktop.frame import plain
from desktop.frame.seat_table import IN_MENUS, SeatTable
from desktop.games.chrononauts.solonauts_scene import SolonautsScene
from desktop.shell.main_window import MainWindow
from rules.kernel import PUBLIC
from rules.saves import to_dict

LANGUAGES = ("en", "it", "es", "nl")
K = Qt.Key
M = Qt.KeyboardModifier
KEYS: tuple[tuple[Qt.Key, Qt.KeyboardModifier], ...] = (
    *((K(K.Key_1 + i), M.NoModifier) for i in range(9)),
    (K.Key_Left, M.NoModifier), (K.Key_Right, M.NoModifier), (K.Key_Up, M.NoModifier), (K.Key_Down, M.NoModifier),
    (K.Key_Tab, M.NoModifier), (K.Key_Backtab, M.ShiftModifier), (K.Key_Return, M.NoModifier),
    (K.Key_Enter, M.NoModifier), (K.Key_Space, M.NoModifier), (K.Key_Escape, M.NoModifier),
    (K.Key_Delete, M.NoModifier), (K.Key_Backspace, M.NoModifier), (K.Key_H, M.NoModifier),
    (K.Key_Z, M.ControlModifier), (K.Key_Z, M.ControlModifier | M.ShiftModifier), (K.Key_Y, M.ControlModifier),
    (K.Key_F1, M.NoModifier), (K.Key_A, M.NoModifier))
# What a person does, and how often: about half aimed (so games get far), half blind.
WEIGHTS = {"aimed_drag": 20, "aimed_click": 10, "button": 16, "click": 10, "double_click": 4, "right_click": 4,
           "hover": 5, "drag": 8, "key": 12, "undo": 5, "redo": 2, "language": 2, "save_reopen": 1}
# Choices a table holds before they are moves: a fresh table gets them too, as the live one holds them.
HELD = ("looking", "detail_key", "answering", "kill_first", "kill_two", "picks", "placing",
        "private_round", "watch_replay", "read_only")
# What the keyboard's user has opened or where their focus is: theirs, like a card held, not the view's.
PERSONAL = ("KeysPanel", "FocusRing")
OWN_FACES_EVERY = 10  # the twin paints with faces of its own (no cache shared) every this many steps
STUCK_STEPS = 20  # this many steps in a row with nothing offered (no lit card, button or curtain): stuck


class MonkeyFailure(AssertionError):
    pass


class RandomDialogs(Dialogs):
    """Every question answered at random (including closing the box), from the monkey's generator."""

    def __init__(self, rng: random.Random) -> None:
        super().__init__()
        self.rng = rng

    def ask(self, title: str, text: str, buttons: list[str], safe: int | None = None) -> int:
        self.asked.append((title, text, buttons))
        return self.rng.randrange(-1, len(buttons))


@dataclass
class Game:
    """One table to play: the game and mode it opens, and how many may sit at it."""

    name: str
    game: str  # "solonauts" for the window's own table
    mode: str
    seats: tuple[int, int]


GAMES = (Game("solonauts", "solonauts", "solonauts", (1, 1)),
         Game("chrononauts", "chrononauts", "chrononauts", (2, 6)),
         Game("artifaxx", "chrononauts", "artifaxx", (2, 6)),
         Game("bacchanalia", "bacchanalia", "standard", (3, 6)),
         Game("banquet", "banquet", "standard", (3, 5)),
         Game("banquet_open", "banquet", "open_privileges", (3, 5)),
         Game("parsifal", "parsifal", "standard", (2, 6)))


@dataclass
class Tally:
    steps: int = 0
    actions: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    moved: Counter[str] = field(default_factory=Counter)  # steps of each kind that played a move
    games: int = 0
    finished: int = 0
    reopened: int = 0


class Monkey:
    def __init__(self, main: MainWindow, dialogs: RandomDialogs, rng: random.Random, game: Game, seed: int,
                 folder: Path) -> None:
        self.main = main
        self.dialogs = dialogs
        self.rng = rng
        self.game = game
        self.seed = seed
        self.folder = folder
        self.tally = Tally()
        self.trail: list[str] = []
        self.deferred: list[Callable[[], object]] = []
        self.patched: object = None
        self.cards: Counter[str] = Counter()
        self.idle = 0
        self.saves = 0
        self.weights = dict(WEIGHTS)

    # --- the table in front of the monkey ------------------------------------------------------------

    @property
    def solo(self) -> bool:
        return self.game.game == "solonauts"

    @property
    def table(self) -> Any:
        """The table now shown (Solonauts' too)."""
        return self.main.table

    @property
    def scene(self) -> Any:
        return self.table.scene

    def match(self) -> Any:
        if self.solo:
            assert self.main.table.session is not None
            return self.main.table.session.match
        return self.main.table.game.match if self.main.table is not None else None

    def new_game(self) -> None:
        seed = self.rng.randrange(2**31)
        if self.solo:
            self.main.new_game({"ids": self.rng.randrange(6, 11)}, seed)
        else:
            low, high = self.game.seats
            names = [f"{n}{i + 1}" for i, n in enumerate(self.rng.sample(NAMES, self.rng.randint(low, high)))]
            options: dict[str, Any] = {}
            if self.game.game == "bacchanalia" and self.rng.random() < 0.5:
                options = {"length": "parcae_limit", "parcae_limit": self.rng.randint(1, 4)}  # no wall clock
            if self.game.mode == "standard" and self.game.game == "banquet" and self.rng.random() < 0.3:
                options = {"privileges": "off"}
            self.main.new_hotseat(self.game.game, self.game.mode, names, options, seed)
        self.tally.games += 1
        self.trail.append(f"new game {seed}")
        self.adopt()

    def adopt(self) -> None:
        """Answer the dialogs a table opens itself, for the table now shown (a reopen makes a new one)."""
        table = self.table
        self.patched = table
        match = self.match()
        self.cards = Counter(match.engine.all_cards(match.state))
        if self.solo:
            table.help.play_all = table.help.next  # the replay steps when told, not on a clock
            return
        rng = self.rng
        if hasattr(table, "pick"):
            table.pick = lambda _title, _text, items: rng.randrange(-1, len(items))
        if hasattr(table, "ask_element"):
            table.ask_element = lambda: rng.choice([None, "", "  ", "a torch", "the wine"])
        if hasattr(table, "choose_export_path"):
            table.choose_export_path = lambda: rng.choice([None, self.folder / "story.md"])

    # --- running ----------------------------------------------------------------------------

    def run(self, steps: int, qtbot: Any) -> Tally:
        self.new_game()
        try:
            self.check()
        except AssertionError as exc:
            self.fail(-1, str(exc))
        for step in range(steps):
            kind = self.rng.choices(list(self.weights), list(self.weights.values()))[0]
            before = len(self.match().moves)
            with qtbot.captureExceptions() as caught:
                try:
                    self.finish_slides()
                    self.act(kind)
                    self.settle()
                except Exception as exc:  # noqa: BLE001 - said with the seed and step below
                    caught.append((type(exc), exc, exc.__traceback__))
            self.tally.steps += 1
            self.tally.actions[kind] += 1
            if caught:
                text = "".join(traceback.format_exception(*caught[0]))
                self.fail(step, f"exception:\n{text}")
            match = self.match()
            played = len(match.moves) > before
            self.tally.moves += played
            self.tally.moved[kind] += played
            self.idle = 0 if played else self.idle + 1
            try:
                self.check()
            except AssertionError as exc:
                self.fail(step, str(exc))
            if match.engine.is_over(match.state) and self.rng.random() < 0.2:
                self.tally.finished += 1
                self.new_game()
        return self.tally

    def fail(self, step: int, text: str) -> None:
        trail = "\n  ".join(self.trail[-12:])
        raise MonkeyFailure(f"monkey on {self.game.name}, seed {self.seed}, step {step}: {text}\n"
                            f"last actions:\n  {trail}")

    def settle(self) -> None:
        """What the window leaves for later (QTimer.singleShot) happens now, in order; then the events."""
        while self.deferred:
            self.deferred.pop(0)()
        QApplication.processEvents()
        if self.table is not self.patched:
            self.adopt()

    def finish_slides(self) -> None:
        """Every card where its slide ends before the next action: what the pointer meets must not depend
        on how fast the machine ran (the check after the action still sees cards in mid-slide)."""
        self.scene.finish_slides()

    # --- actions ---------------------------------------------------------------------------

    def act(self, kind: str) -> None:
        getattr(self, f"do_{kind}")()

    def note(self, text: str) -> None:
        self.trail.append(f"{self.tally.steps}: {text}")

    def do_aimed_drag(self) -> None:
        move = self.aimed()
        if move is None:
            self.do_click()
            return
        card, target = move
        start, end = self.grip(card), self.grip(target)
        self.note(f"drag {card} -> {target}")
        self.drag(start, self.scene.items_by_key[target].sceneBoundingRect().center() if end is None else end)

    def do_aimed_click(self) -> None:
        move = self.aimed()
        if move is None:
            self.do_key()
            return
        card, target = move
        self.note(f"click {card} then {target}")
        self.click(self.grip(card) or self.centre(card))
        if target in self.scene.items_by_key:
            self.click(self.grip(target) or self.centre(target))

    def aimed(self) -> tuple[str, str] | None:
        """A card that may move and one of its lit targets, or the curtain (a click on it lifts it)."""
        scene = self.scene
        if scene.curtain_up:
            return None
        pairs = [(card, target) for card, targets in scene.dests.items() for target in targets
                 if card in scene.items_by_key and target in scene.items_by_key]
        return self.rng.choice(pairs) if pairs else None

    def do_button(self) -> None:
        buttons = getattr(self.table, "buttons", {})
        live = [key for key, widget in buttons.items() if widget.isVisible() and widget.isEnabled()]
        if self.solo or not live:
            self.do_click()
            return
        onward = [key for key in live if key not in ("undo", "save")]
        key = self.rng.choice(onward if onward and self.rng.random() < 0.85 else live)  # undo is its own action
        self.note(f"button {key}")
        buttons[key].click()

    def do_click(self) -> None:
        point = self.somewhere()
        self.note(f"click at {point.x():.0f},{point.y():.0f}")
        self.click(point)

    def do_double_click(self) -> None:
        point = self.somewhere()
        self.note(f"double-click at {point.x():.0f},{point.y():.0f}")
        port, at = self.table.view.viewport(), view_point(self.table, point)
        left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
        _send(port, QEvent.Type.MouseButtonPress, at, left, left)
        _send(port, QEvent.Type.MouseButtonRelease, at, left, none)
        _send(port, QEvent.Type.MouseButtonDblClick, at, left, left)
        _send(port, QEvent.Type.MouseButtonRelease, at, left, none)

    def do_right_click(self) -> None:
        point = self.somewhere()
        self.note(f"right-click at {point.x():.0f},{point.y():.0f}")
        self.click(point, Qt.MouseButton.RightButton)

    def do_hover(self) -> None:
        point = self.somewhere()
        self.note(f"hover at {point.x():.0f},{point.y():.0f}")
        _send(self.table.view.viewport(), QEvent.Type.MouseMove, view_point(self.table, point),
              Qt.MouseButton.NoButton, Qt.MouseButton.NoButton)

    def do_drag(self) -> None:
        start, end = self.somewhere(), self.somewhere()
        self.note(f"drag {start.x():.0f},{start.y():.0f} -> {end.x():.0f},{end.y():.0f}")
        self.drag(start, end)

    def do_key(self) -> None:
        key, modifiers = self.rng.choice(KEYS)
        self.note(f"key {key.name} {modifiers}")
        from pytestqt.qt_compat import qt_api
        qt_api.QtTest.QTest.keyClick(self.table.view, key, modifiers)

    def do_undo(self) -> None:
        self.note("undo")
        self.main.act_undo.trigger()

    def do_redo(self) -> None:
        self.note("redo")
        self.main.act_redo.trigger()

    def do_language(self) -> None:
        code = self.rng.choice(LANGUAGES)
        self.note(f"language {code}")
        self.main.set_language(code)

    def do_save_reopen(self) -> None:
        """Save through the window, open the file again: the same game, at the same point."""
        match = self.match()
        before = json.dumps(to_dict(match), sort_keys=True)
        self.saves += 1
        path = self.folder / f"monkey-{self.saves}.convivium.json"
        self.note(f"save and reopen {path.name}")
        assert self.main.save_to(path)
        assert self.main.open_file(path), self.dialogs.informed[-1:]
        self.settle()
        after = json.dumps(to_dict(self.match()), sort_keys=True)
        assert json.loads(before)["moves"] == json.loads(after)["moves"], "a reopened save lost moves"
        self.tally.reopened += 1

    # --- the mouse ------------------------------------------------------------------------

    def somewhere(self) -> QPointF:
        """A point anywhere on the table, or on one of its items (cards, zones, plates) half the time."""
        scene = self.scene
        items = list(scene.items_by_key)
        if items and self.rng.random() < 0.5:
            rect = scene.items_by_key[self.rng.choice(items)].sceneBoundingRect()
            return QPointF(self.rng.uniform(rect.left(), rect.right()), self.rng.uniform(rect.top(), rect.bottom()))
        rect = scene.sceneRect()
        return QPointF(self.rng.uniform(rect.left(), rect.right()), self.rng.uniform(rect.top(), rect.bottom()))

    def centre(self, key: str) -> QPointF:
        centre: QPointF = self.scene.items_by_key[key].sceneBoundingRect().center()
        return centre

    def grip(self, key: str) -> QPointF | None:
        """A point where the item `key` itself is under the pointer (another card may cover its centre)."""
        return table_driver.grip(self.scene, key)

    def click(self, point: QPointF, button: Qt.MouseButton = Qt.MouseButton.LeftButton) -> None:
        port, at = self.table.view.viewport(), view_point(self.table, point)
        _send(port, QEvent.Type.MouseButtonPress, at, button, button)
        _send(port, QEvent.Type.MouseButtonRelease, at, button, Qt.MouseButton.NoButton)

    def drag(self, start: QPointF | None, end: QPointF) -> None:
        if start is None:
            return
        port = self.table.view.viewport()
        left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
        _send(port, QEvent.Type.MouseButtonPress, view_point(self.table, start), left, left)
        for i in range(1, 7):
            _send(port, QEvent.Type.MouseMove, view_point(self.table, start + (end - start) * (i / 6)), none, left)
        _send(port, QEvent.Type.MouseButtonRelease, view_point(self.table, end), left, none)

    # --- the checks -------------------------------------------------------------------------------

    def check(self) -> None:
        self.check_engine()
        if self.solo:
            self.check_solonauts()
        else:
            self.check_table()

    def check_solonauts(self) -> None:
        main = self.main
        session = main.table.session
        assert session is not None
        fresh = SolonautsScene(main.table.faces, main.tr_)
        room = main.table.view.viewport().size()  # laid out to its window's shape, as the live one is
        fresh.fit_room(room.width(), room.height())
        fresh.show_view(session.view, session.dests())
        hold_same_choice(self.scene, fresh)
        try:
            compare(picture(self.scene), picture(fresh), "scene")
        finally:
            shiboken6.delete(fresh)
        shown = [main.log.item(i).text() for i in range(main.log.count())]
        told = [session.event_text(e) for e in session.match.events() if e.kind != "linchpin_flipped"]
        assert shown == told, f"the log is stale: {shown[-3:]} != {told[-3:]}"
        self.check_secrets(0, main.tr_.card_title)
        replaying = main.table.help.replaying
        assert main.act_undo.isEnabled() == (session.match.can_undo() and not replaying), "Undo out of step"
        assert main.act_redo.isEnabled() == (session.match.can_redo() and not replaying), "Redo out of step"

    def check_table(self) -> None:
        table = self.main.table
        assert table is not None
        twin = fresh_twin(table, own_faces=self.tally.steps % OWN_FACES_EVERY == 0)
        try:
            compare(table_picture(table, self.main), table_picture(twin, None), "table")
        finally:
            for thing in (twin.scene, twin.log, twin.detail, twin):
                shiboken6.delete(thing)  # at once: no event loop runs to delete it later
        seat = table.decider()
        up = table.scene.curtain_up
        assert up or seat is None or table.looking == seat, (
            f"no curtain, yet {table.looking} looks while {seat} decides")
        viewer = seat if seat is not None and not up else PUBLIC
        self.check_secrets(viewer, title_function(table))
        assert self.main.act_undo.isEnabled() == table.can_take_back(), "Undo enabled out of step with the table"
        assert self.main.act_redo.isEnabled() == table.can_redo(), "Redo enabled out of step with the table"
        state = table.game.state
        if table.game.engine.is_over(state) or up or any(table.scene.dests.values()) or \
                set(table.buttons) - {"save", "undo"}:
            self.idle = 0
        assert self.idle < STUCK_STEPS, "stuck: nothing to drag, no button, no curtain, and the game not over"

    def check_engine(self) -> None:
        match = self.match()
        eng, state = match.engine, match.state
        seats = eng.players(state)
        for seat in range(seats):
            eng.legal_moves(state, seat)
        assert eng.to_act(state) <= frozenset(range(seats))
        assert Counter(eng.all_cards(state)) == self.cards, "cards were created or lost"

    def check_secrets(self, viewer: int, title: Callable[[str], str]) -> None:
        match = self.match()
        eng, state = match.engine, match.state
        if eng.is_over(state):
            return
        hidden = set(eng.hidden_from(state, viewer))
        if not hidden:
            return
        keys = set(self.scene.items_by_key)
        shown_keys = hidden & keys
        assert not shown_keys, f"hidden cards are items for seat {viewer}: {sorted(shown_keys)}"
        words = "\n".join(self.words(history=False, bodies=False))
        seen = set(eng.all_cards(state)) - hidden
        # The draw pile's order is secret, not what it holds (everything not elsewhere): its names are not.
        pile = set(getattr(state, "deck", None) or getattr(state, "draw", None) or [])
        names = {title(c) for c in hidden - pile} - {title(c) for c in seen | pile}
        # A longer public title may hold a secret card's name ('Sabotage' in a year's 'Sabotage of the
        # Manhattan Project'): those are read past; the name alone, anywhere, is a leak.
        public = {title(c) for c in seen} | {item.face.title for item in self.scene.items_by_key.values()}
        for name in names:
            longer = sorted((p for p in public if name in p and p != name), key=len, reverse=True)
            text = words
            for phrase in longer:
                text = text.replace(phrase, "")
            found = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)
            assert found is None, f"a hidden card is named for seat {viewer}: {name!r} in\n{context(text, found)}"
        everything = "\n".join(self.words())
        for card in hidden:
            if "#" in card or "_" in card:  # an instance's own name, never meant for a person
                assert not re.search(rf"(?<![\w#]){re.escape(card)}(?![\w#])", everything), (
                    f"a hidden card's id shows for seat {viewer}: {card}")

    def words(self, history: bool = True, bodies: bool = True) -> Iterator[str]:
        """Everything written where the person looking can read it. Without `history`: not the log, which
        rightly names a card shown once and hidden again (an identity revealed, then shuffled back); without
        `bodies`: no card's rule text, which may name other cards (a Mission lists the artifacts it needs)."""
        main, table = self.main, self.table
        yield from scene_words(self.scene, bodies)
        for i in range(main.log.count() if history else 0):
            yield main.log.item(i).text()
        detail = main.detail.text.toPlainText()
        yield detail if bodies else detail.split("\n")[0]
        face = main.detail._face
        if face is not None:
            yield from (face.kind_label, face.year, face.title, face.corner, face.stamp)
            yield face.body if bodies else ""
        yield from (main.prompt.text(), main.message.text(), main.score.text(), main.statusBar().currentMessage())
        if not self.solo:
            yield from (table.prompt.text(), table.message.text())
            yield from (widget.text() for widget in table.buttons.values())


NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def title_function(table: Any) -> Callable[[str], str]:
    faces = getattr(table, "faces", None)
    if table.GAME in ("bacchanalia", "parsifal"):
        return faces.name  # type: ignore[no-any-return, union-attr]
    if table.GAME == "banquet":
        from desktop.games.banquet.faces import title
        return lambda card: title(table.tr_, card)
    return table.tr_.card_title  # type: ignore[no-any-return]


def context(words: str, found: re.Match[str] | None) -> str:
    if found is None:
        return ""
    return words[max(0, found.start() - 120):found.end() + 120]


# --- what a scene shows ----------------------------------------------------------------------------


def resting(item: CardItem) -> tuple[float, float]:
    """Where an item comes to rest: the end of its slide if it is sliding."""
    pos = item.resting_pos
    return round(pos.x(), 2), round(pos.y(), 2)


def picture(scene: QGraphicsScene) -> dict[str, Any]:
    """Everything a scene shows: its cards (face, resting place, z, turn, marks) and every other item."""
    cards: dict[str, Any] = {}
    keyed = getattr(scene, "items_by_key", {})
    for key, item in keyed.items():
        assert item.scene() is scene, f"{key} is keyed but not on the table"
        cards[key] = (item.face, resting(item), item.zValue(), item.rotation(), item.isVisible(),
                      item.highlighted, item.selected, item._dim)
    others: list[Any] = []
    for item in scene.items():
        if not item.isVisible() or type(item.topLevelItem()).__name__ in PERSONAL:
            continue
        if isinstance(item, CardItem):
            if keyed.get(item.key) is not item:
                others.append(("orphan card", item.key, item.face.title))
            continue
        pos = (round(item.scenePos().x(), 1), round(item.scenePos().y(), 1))
        if isinstance(item, QGraphicsSimpleTextItem):
            if item.text():
                others.append(("text", item.text(), pos, item.brush().color().name()))
        elif isinstance(item, QGraphicsTextItem):
            if item.toPlainText():
                others.append(("rich", item.toPlainText(), pos, round(item.scale(), 2)))
        elif isinstance(item, QGraphicsRectItem):
            rect = item.rect()
            others.append(("rect", (round(rect.x(), 1), round(rect.y(), 1), round(rect.width(), 1),
                                    round(rect.height(), 1)), pos, item.brush().color().name(), item.opacity()))
        else:
            others.append((type(item).__name__, pos, *(getattr(item, a) for a in ("position", "seated")
                                                          if hasattr(item, a))))
    others.sort(key=repr)
    return {"cards": cards, "others": others, "curtain": (getattr(scene, "curtain_words", ""),)}


def table_picture(table: SeatTable, main: MainWindow | None) -> dict[str, Any]:
    """A seat table's scene, prompt bar, log (the window's dock for the live one) and detail."""
    log = main.log if main is not None else table.log
    detail = main.detail if main is not None else table.detail
    out = picture(table.scene)
    # What the bar offers; a table on show may leave Undo and Save as… to the menus where the prompt needs the room.
    shown = [(key, widget.text()) for key, widget in table.buttons.items()]
    offered = [(key, plain.button_text(label)) for key, label in table.offered()]
    assert shown == [choice for choice in offered if choice in shown]
    assert {key for key, _label in offered} - {key for key, _label in shown} <= set(IN_MENUS)
    out["bar"] = (table.prompt.text(), offered)
    out["log"] = [log.item(i).text() for i in range(log.count())]
    out["detail"] = (detail.text.toPlainText(), detail._face)
    journal = getattr(table, "journal_scene", None)
    if journal is not None:
        out["journal"] = [journal.itemText(i) for i in range(journal.count())]
    return out


def scene_words(scene: QGraphicsScene, bodies: bool = True) -> Iterator[str]:
    for item in scene.items():
        if isinstance(item, CardItem):
            face = item.face
            yield from (item.key, face.kind_label, face.year, face.title, face.corner, face.stamp)
            yield face.body if bodies else ""
        elif isinstance(item, QGraphicsSimpleTextItem):
            yield item.text()
        elif isinstance(item, QGraphicsTextItem):
            yield item.toPlainText()


def hold_same_choice(live: Any, twin: Any) -> None:
    """The card picked up and the target in focus are the person's, not the state's: the twin gets them."""
    if live.selected in twin.dests:
        twin.selected, twin.focus_target = live.selected, live.focus_target
        twin.refresh_marks()


@contextmanager
def quiet_init(table: SeatTable, own_faces: bool) -> Iterator[None]:
    """Build a table without its first redraw, so its one redraw is from scratch with the held choices;
    unless `own_faces`, its scene paints with the live table's faces (their cache saves most of the time)."""
    cls = type(table)
    faces = getattr(table, "faces", None)

    def make_scene(self: Any) -> Any:
        self.faces = faces
        scene: Any = type(table.scene)
        return scene(faces, table.tr_)

    with mock.patch.object(cls, "refresh", lambda self: None):
        if own_faces or faces is None:
            yield
        else:
            with mock.patch.object(cls, "make_scene", make_scene):
                yield


def fresh_twin(table: SeatTable, own_faces: bool = True) -> SeatTable:
    """A new table of the same class on a copy of the match, holding the same choices, drawn once."""
    game = copy.copy(table.game)
    game.match = copy.copy(game.match)
    game.match.state = game.engine.clone(game.state)
    cls = type(table)
    with quiet_init(table, own_faces):
        twin = cls(table.tr_, game)
    for name in HELD:
        if hasattr(table, name):
            setattr(twin, name, copy.copy(getattr(table, name)))
    room = table.view.viewport().size()  # a table laid out to its window's shape (Parsifal's) gets the same room
    twin.scene.fit_room(room.width(), room.height())
    twin.refresh()
    hold_same_choice(table.scene, twin.scene)
    return twin


def compare(live: dict[str, Any], fresh: dict[str, Any], what: str) -> None:
    """The live table against one drawn from scratch, with the first difference spelled out."""
    if live == fresh:
        return
    lines = [f"the {what} differs from a fresh one:"]
    for part in sorted(set(live) | set(fresh)):
        a, b = live.get(part), fresh.get(part)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b)):
                if a.get(key) != b.get(key):
                    lines.append(f"  {part}[{key}]: live {a.get(key)!r}\n{' ' * 8}fresh {b.get(key)!r}")
        elif isinstance(a, list) and isinstance(b, list) and part == "others":
            lines += [f"  only live: {x!r}" for x in a if x not in b]
            lines += [f"  only fresh: {x!r}" for x in b if x not in a]
        else:
            lines.append(f"  {part}: live {a!r}\n{' ' * 8}fresh {b!r}")
    raise AssertionError("\n".join(lines[:14]))
