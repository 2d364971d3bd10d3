"""Secrets are safe in pixels, not only in words (issue #12): what a table shows a person who may not see a
secret is the same whichever way the secret lies, down to the pixel.

For every table with hidden information (Chrononauts and Artifaxx, Bacchus' Banquet, Parsifal, and
Bacchanalia, whose one secret is the deck's order), random seeded games are played some way in, then
a viewer is chosen (the public, as behind the curtain or at a shared prompt, or a seat) and the
secrets hidden from them are dealt another way (tests/desktop/secret_twins.py). Two tables, one on
each deal, are driven through the same gestures by the scene's own handlers; whenever the table
shows that viewer's view, or the public one, both tables must render the same image and hold the same
texts, tooltips and accessible names. A response window's countdown runs at both tables alike, a second at a
time, as a gesture (issue #36): its seconds must not tell who could answer. The state behind a picture includes what gestures leave on the
table (the keyboard's ring, a card picked up, the card under the pointer): the host of Bacchus'
Banquet arranging the round's three cards must not leave a ring that tells the Keep card from the gift.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtWidgets import QApplication
from guide_driver import do_step
from secret_twins import (KEYS, NAMES, Gesture, Side, button_gesture, colours, difference, first_difference,
                          idle_gesture, make_side, move_gesture, options_for, perform, random_moves, redeal,
                          shown_viewer, snapshot, table_for, twin_match)

from cardsets import tutorial
from desktop.frame.guide import Guide
from desktop.frame.i18n import Translator
from desktop.shell import guided
from desktop.shell.main_window import MainWindow
from rules.kernel import PUBLIC

pytestmark = pytest.mark.slow  # every table drawn twice through whole games: the full run only

SHOWN_ONCE = frozenset({"id_revealed"})  # events showing a secret card that no view keeps afterwards
POSITIONS = 50  # compared positions per table, at least
RUN_TO = 90  # positions compared per table in all (the least is met with room to spare)
PER_GAME = 8  # positions compared per game at most: more games, dealt and viewed in more ways
MAX_GESTURES = 40  # per game, after the deal is made another way
PICTURES = os.environ.get("CONVIVIUM_PIXELS_DIR", "")  # keep every compared picture here (to look at them)


_TRANSLATORS: dict[str, Translator] = {}


def translator(game: str) -> Translator:
    """The game's texts in English (read once: a catalog comes from disk)."""
    if game not in _TRANSLATORS:
        _TRANSLATORS[game] = Translator("en", game)
    return _TRANSLATORS[game]


@dataclass(frozen=True)
class Table:
    name: str
    game: str
    mode: str
    seats: tuple[int, int]
    depth: int  # at most this many random moves before the two deals part
    secret_turns: bool = True  # someone looks at a private view (a curtain goes up)


TABLES = (Table("chrononauts", "chrononauts", "chrononauts", (2, 4), 50),
          Table("artifaxx", "chrononauts", "artifaxx", (2, 4), 50),
          Table("banquet", "banquet", "standard", (3, 5), 90),
          Table("banquet_open", "banquet", "open_privileges", (3, 5), 60),
          Table("parsifal", "parsifal", "standard", (2, 5), 60, secret_turns=False),
          Table("bacchanalia", "bacchanalia", "standard", (3, 5), 60, secret_turns=False))


@dataclass
class Tally:
    positions: int = 0  # pictures compared
    after_private: int = 0  # ... with someone else's private look since the last one
    counting: int = 0  # ... with a response window's countdown showing
    games: int = 0


class Twins:
    """One game, as played (a) and with the viewer's secrets dealt another way (b), driven alike."""

    def __init__(self, table: Table, seed: int, qtbot: Any, tally: Tally, folder: Path) -> None:
        self.spec = table
        self.seed = seed
        self.rng = random.Random(seed)
        self.rng_b = random.Random(seed + 1)  # what someone looking privately does differently at table b
        self.tally = tally
        self.folder = folder
        rng = self.rng
        cls = table_for(table.game)
        self.seats = rng.randint(*table.seats)
        names = NAMES[:self.seats]
        played = cls.GAME_CLASS.start(table.game, table.mode, names, options_for(table.game, table.mode, rng),
                                      rng.randrange(2**31))
        random_moves(played.match, rng, rng.randint(0, table.depth))
        self.eng = played.engine
        self.viewer = rng.choice([PUBLIC, *range(self.seats)])
        state_b, self.names = redeal(self.eng, played.state, self.viewer, rng, rng.randint(1, 12))
        state_a = self.eng.clone(played.state)
        assert self.eng.view(state_a, self.viewer) == self.eng.view(state_b, self.viewer)  # the premise
        tr = translator(table.game)
        self.a = make_side(cls, tr, cls.GAME_CLASS(twin_match(played.match, state_a), list(names)), qtbot)
        self.b = make_side(cls, tr, cls.GAME_CLASS(twin_match(played.match, state_b), list(names)), qtbot)
        self.alike = {PUBLIC: True, self.viewer: True}  # has the view stayed the same at both tables?
        self.trail: list[str] = []

    # --- running ----------------------------------------------------------------------------------

    def run(self) -> None:
        fresh, private, compared = True, False, 0
        for step in range(MAX_GESTURES):
            shown = shown_viewer(self.a.table)
            if shown in self.alike and fresh and self.comparable(shown):
                self.compare(step, shown, private)
                fresh, private, compared = False, False, compared + 1
                if compared == PER_GAME:
                    return
            if not any(self.alike.values()) or self.eng.is_over(self.a.game.state):
                return
            # Someone else looking alone (the others looked away): what they do unseen may differ at table b.
            is_private = shown not in (PUBLIC, self.viewer) and self.a.game.secret_differs(shown)
            gesture_a, gesture_b = self.choose(is_private)
            self.trail.append(f"{step} [{'private ' if is_private else ''}seat {shown}] a: {gesture_a}"
                              + ("" if gesture_a == gesture_b else f"  b: {gesture_b}"))
            self.a.answers.draw = self.b.answers.draw = self.rng.random()
            perform(self.a, gesture_a)
            perform(self.b, gesture_b)
            fresh, private = True, private or is_private
            shown_apart = self.shown(self.a) != self.shown(self.b)
            for seat in self.alike:
                self.alike[seat] = self.alike[seat] and self.same_view(seat) and not shown_apart

    @staticmethod
    def shown(side: Any) -> list[Any]:
        """Cards the rules show everyone without keeping them in sight (Your Parents Never Met's old ID, D-39,
        goes back into the ID deck): once the two deals show different ones, the views have parted."""
        return [e.params for e in side.game.match.events() if e.kind in SHOWN_ONCE]

    def same_view(self, seat: int) -> bool:
        return bool(self.eng.view(self.a.game.state, seat) == self.eng.view(self.b.game.state, seat))

    def comparable(self, seat: int) -> bool:
        """Both tables stand where `seat` cannot tell them apart (the premise of the comparison)."""
        return (self.alike[seat] and self.same_view(seat) and self.a.table.decider() == self.b.table.decider()
                and len(self.a.game.match.moves) == len(self.b.game.match.moves))

    def choose(self, private: bool) -> tuple[Gesture, Gesture]:
        """A gesture at table a, and its counterpart at table b."""
        rng, a, b = self.rng, self.a, self.b
        if a.scene.curtain_up:
            return ("lift",), ("lift",) if b.scene.curtain_up else ("key", KEYS[0])
        if a.table.countdown.running and rng.random() < 0.4:
            return ("tick",), ("tick",)  # a second of a shared question's countdown, at both tables (issue #36)
        roll = rng.random()
        gesture: Gesture | None = None
        if roll < 0.5:
            gesture = move_gesture(a, rng)
        if gesture is None and roll < 0.8:
            gesture = button_gesture(a, rng)
        if gesture is None:
            gesture = idle_gesture(a, rng)
            if not private and gesture[0] == "key" and rng.random() < 0.15:
                gesture = ("key", KEYS[-1])  # Enter: play on the focused target, or pick the focused card up
        if not private:
            return gesture, gesture  # the viewer's own view, or everybody's: the same at both tables
        kind = gesture[0]
        if kind in ("drag", "clicks"):
            if self.arranging() and gesture[1] not in getattr(a.table, "placing", {}).values():
                return gesture, self.arrange_another_way(kind)
            # The same move (a drag may outlast it: made the same way, so both pointers agree afterwards).
            return gesture, (kind, self.mapped(gesture[1]), self.mapped(gesture[2]))
        if kind in ("hover", "click", "key") and self.rng_b.random() < 0.5:
            return gesture, idle_gesture(b, self.rng_b)  # unseen, so anything
        if kind == "button":
            return gesture, ("button", ":".join(self.mapped(part) for part in gesture[1].split(":")))
        return gesture, (kind, *(self.mapped(x) if isinstance(x, str) else x for x in gesture[1:]))

    def mapped(self, key: str) -> str:
        """The item at table b standing for `key` at table a: a hidden card's counterpart in the other deal."""
        return self.names.get(key, key)

    def arranging(self) -> bool:
        """Bacchus' Banquet: the host places the round's cards in the slots, unseen by the viewer (BB-5.3)."""
        state = self.a.game.state
        return self.spec.game == "banquet" and state.phase == "arrange" and self.viewer != state.active

    def arrange_another_way(self, kind: str) -> Gesture:
        """At table b the host places one more card too, any card in any free slot: their arrangement, and the
        order they make it in, are theirs alone."""
        scene = self.b.scene
        placed = set(getattr(self.b.table, "placing", {}).values())
        pairs = sorted((card, slot) for card, targets in scene.dests.items() if card not in placed
                       for slot in targets if slot in scene.items_by_key)
        if not pairs:
            return ("key", KEYS[0])
        card, slot = self.rng_b.choice(pairs)
        return (kind, card, slot)

    # --- comparing -----------------------------------------------------------------------------------

    def compare(self, step: int, shown: int, private: bool) -> None:
        snap_a, snap_b = snapshot(self.a), snapshot(self.b)
        self.tally.positions += 1
        self.tally.after_private += private
        self.tally.counting += self.a.table.countdown.running
        if PICTURES:
            folder = Path(PICTURES)
            folder.mkdir(parents=True, exist_ok=True)
            snap_a.image.save(str(folder / f"{self.spec.name}-{self.seed}-{step}.png"))
        if self.tally.positions % 10 == 1:  # a real table, not a blank or curtain-only picture
            assert colours(snap_a.image) > 40, "the picture is nearly blank"
            assert len(self.a.scene.items_by_key) >= 5, "the table shows almost no cards"
        if snap_a.image == snap_b.image and snap_a.words == snap_b.words:
            return
        where = "the picture" if snap_a.image != snap_b.image else "the words"
        stem = self.folder / f"{self.spec.name}-{self.seed}-{step}"
        snap_a.image.save(f"{stem}-played.png")
        snap_b.image.save(f"{stem}-redealt.png")
        box = difference(snap_a.image, snap_b.image)
        trail = "\n  ".join(self.trail[-14:])
        raise AssertionError(
            f"{self.spec.name}, game seed {self.seed}, step {step}: {where} shown to "
            f"{'the public' if shown == PUBLIC else f'seat {shown}'} differs between the game as played and "
            f"the same game with its secrets dealt another way (viewer {self.viewer}, cards renamed {self.names})\n"
            f"pixels differ within x={box.x()} y={box.y()} w={box.width()} h={box.height()}; "
            f"pictures: {stem}-*.png\nfirst different entry:{first_difference(snap_a.words, snap_b.words)}\n"
            f"gestures:\n  {trail}")


@pytest.mark.parametrize("table", TABLES, ids=[t.name for t in TABLES])
def test_a_viewer_sees_the_same_whichever_way_the_secrets_lie(table: Table, qtbot: Any, tmp_path: Path) -> None:
    """Issue #12 (BB-17, CHR-14.3, PAR-1.3, BAC-2.6): the picture a viewer is shown is a function of their view."""
    tally = Tally()
    seed = 1000 * (TABLES.index(table) + 1)
    while tally.positions < RUN_TO and tally.games < 100:
        twins = Twins(table, seed + tally.games, qtbot, tally, tmp_path)
        try:
            twins.run()
        finally:
            for side in (twins.a, twins.b):
                side.window.close()
                shiboken6.delete(side.window)  # at once: no event loop runs to delete it later
        tally.games += 1
    assert tally.positions >= POSITIONS, f"only {tally.positions} positions compared in {tally.games} games"
    if table.secret_turns:
        assert tally.after_private >= 10, f"only {tally.after_private} positions after a private look"
    if table_for(table.game).RESPONSE_WINDOWS:
        assert tally.counting >= 3, f"only {tally.counting} positions with a countdown showing"


@pytest.mark.parametrize("mode", ["standard", "open_privileges"])
def test_the_order_the_host_arranges_in_leaves_no_mark(mode: str, qtbot: Any) -> None:
    """BB-5.3, BB-17.5.1 (issue #12): the host drags two of the round's cards onto Discard and Keep in either order
    and offers the gift with a button; the privilege question everybody then sees shows no ring on the slot
    filled last."""
    sides = []
    for order in ((0, 1), (1, 0)):
        table = table_for("banquet")
        game = table.GAME_CLASS.start("banquet", mode, NAMES[:4], {}, 7)
        side = make_side(table, translator("banquet"), game, qtbot)
        sides.append(side)
        perform(side, ("lift",))
        for card in [c for c in game.state.circle if c is not None][:3]:
            perform(side, ("click", card))
        if side.scene.curtain_up:
            perform(side, ("lift",))
        hand = list(game.state.hand)
        for i in order:
            perform(side, ("drag", hand[i], ("slot:discard", "slot:keep")[i]))
        offer = next(key for key in side.table.buttons if key.startswith("offer:"))
        perform(side, ("button", offer))
        assert game.state.phase == "window" and shown_viewer(side.table) == PUBLIC  # everybody looks
    a, b = snapshot(sides[0]), snapshot(sides[1])
    assert a.words == b.words, first_difference(a.words, b.words)
    assert a.image == b.image
    for side in sides:
        side.window.close()
        shiboken6.delete(side.window)


def guide_twin(guide: Guide, state: Any, qtbot: Any) -> Side:
    """A table of its own at the step `guide` stands at, with its game standing at `state`, looked at by the same
    person and with the same guide over it."""
    table = guide.table
    game = type(table.game)(twin_match(table.game.match, state), list(table.game.names))
    side = make_side(type(table), table.tr_, game, qtbot)
    side.table.looking, side.table.answering = table.looking, table.answering
    side.table.refresh()
    twin = Guide(side.table, guide.script, guide.words, guide.ui, first=guide.index)
    assert twin.step is guide.step
    QApplication.processEvents()
    return side


@pytest.mark.parametrize("name", list(tutorial.NAMES))
def test_no_step_of_a_guided_game_shows_a_secret(name: str, qtbot: Any, window: MainWindow, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #36: the person taking a guided game sits at the first seat and the guide plays the others; at every
    step the table they are shown is the same whichever way the cards hidden from that seat lie (BB-17,
    CHR-14.3, PAR-1.3, BAC-2.6). The Banquet guide once showed Bruno's guest when it played his move for him."""
    from desktop.games.bacchanalia.table import BacchanaliaTable

    monkeypatch.setattr(BacchanaliaTable, "ask_element", lambda _self: "a lantern")
    guide = guided.begin(window, name)
    assert guide is not None
    eng, rng, compared = guide.table.game.engine, random.Random(name), 0
    while not guide.done:
        state = guide.table.game.state
        other, renamed = redeal(eng, state, 0, rng, 12)
        assert renamed or other != state, f"{name}: nothing hidden to deal another way"
        sides = [guide_twin(guide, eng.clone(state), qtbot), guide_twin(guide, other, qtbot)]
        try:
            a, b = snapshot(sides[0]), snapshot(sides[1])
            if a.image != b.image or a.words != b.words:
                stem = tmp_path / f"{name}-{guide.step.id}"
                a.image.save(f"{stem}-played.png")
                b.image.save(f"{stem}-redealt.png")
                box = difference(a.image, b.image)
                raise AssertionError(
                    f"{name}, step {guide.step.id}: the table differs with the first seat's hidden cards dealt "
                    f"another way (renamed {renamed}); pixels within x={box.x()} y={box.y()} w={box.width()} "
                    f"h={box.height()}; pictures {stem}-*.png{first_difference(a.words, b.words)}")
        finally:
            for side in sides:
                side.window.close()
                shiboken6.delete(side.window)
        compared += 1
        do_step(qtbot, guide)
    assert compared >= len(guide.script.steps) // 2, f"{name}: only {compared} steps compared"
