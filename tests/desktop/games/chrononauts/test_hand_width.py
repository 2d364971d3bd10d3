"""How wide a hand's cards are drawn (faces.hand_width, issue #36) costs little at each redraw (issue #42): the widths
tried are halved, not stepped through, and what a card needs is measured once, whatever hand it is in."""
from __future__ import annotations

from typing import Any

from desktop.frame import card_item
from desktop.frame.card_item import CardFace, left_out
from desktop.frame.card_table import GAP
from desktop.games.chrononauts.faces import HAND_SIZE, HAND_WIDEST, WIDEN_STEP, hand_width

SCALE = 0.66  # about a 1280×720 window's
WORDY = "A long rule text of many words that wants a wider card than the one it is dealt " * 2


def face(body: str, width: float, title: str = "Atomic Test Ends the War") -> CardFace:
    return CardFace(width, HAND_SIZE[1], "#2e7d5b", "#e3f3ea", kind_label="Patch", title=title, body=body)


def test_a_hand_widens_as_far_as_its_words_need_and_is_measured_once(qapp: Any) -> None:
    tried: list[float] = []

    def make(card: str, width: float) -> CardFace:
        tried.append(width)
        return face(WORDY, width)

    width = hand_width(["patch#1"], make, 1000.0, SCALE)
    assert HAND_SIZE[0] < width <= 2 * HAND_SIZE[0]
    assert not left_out(make("patch#1", width), SCALE) or width == 2 * HAND_SIZE[0]
    narrower = width - WIDEN_STEP
    assert narrower < HAND_SIZE[0] or left_out(make("patch#1", narrower), SCALE)  # the narrowest that shows it whole
    tried.clear()
    fitted = card_item._shown_small.cache_info().misses
    assert hand_width(["patch#1"], make, 1000.0, SCALE) == width
    assert card_item._shown_small.cache_info().misses == fitted  # the faces asked for again are known: none fitted
    assert set(tried) <= {HAND_SIZE[0], width}  # the face naming it, and the one found whole (or all the room)


def test_halving_tries_few_widths(qapp: Any) -> None:
    tried: list[float] = []

    def make(card: str, width: float) -> CardFace:
        tried.append(width)
        return CardFace(width, HAND_SIZE[1], "#b85f12", "#fdf0e1", kind_label="Inverter", title="Undo",
                        body="word " * 400)  # never whole: the widest is the answer

    assert hand_width(["undo#1"], make, 1000.0, SCALE) == HAND_WIDEST
    assert len(tried) <= 7  # the base width and about log2(17) more; stepping tried all 17


def test_a_card_drawn_into_a_hand_is_the_only_one_measured(qapp: Any) -> None:
    """A move changes one card of a hand (one drawn, one played): the others' needs are known, so the redraw
    measures the new card alone, and the hand takes the width its wordiest card needs (or all its room)."""
    bodies = {"a": "Short.", "b": WORDY, "c": "Pick up a card.", "d": WORDY + "and more besides, to the very end."}
    measured: list[str] = []

    def make(card: str, width: float) -> CardFace:
        if width > HAND_SIZE[0]:
            measured.append(card)
        return face(bodies[card], width, f"Card {card}")  # faces of its own: none measured by another test

    first = hand_width(["a", "c", "b"], make, 1000.0, SCALE)
    assert first > HAND_SIZE[0] and "b" in measured
    measured.clear()
    second = hand_width(["a", "c", "d"], make, 1000.0, SCALE)
    assert set(measured) == {"d"} and second >= first
    assert not left_out(make("d", second), SCALE) or second == HAND_WIDEST
    room = 3 * (HAND_SIZE[0] + 12 + GAP) - GAP  # three cards 12 wider than dealt, and nothing more
    assert hand_width(["a", "c", "d"], make, room, SCALE) == HAND_SIZE[0] + 12
