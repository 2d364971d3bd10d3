"""How wide a hand's cards are drawn (faces.hand_width, issue #36) costs little at each redraw (issue #42): the widths
tried are halved, not stepped through, and the same hand in the same room is measured once."""
from __future__ import annotations

from typing import Any

from desktop.frame.card_item import CardFace, left_out
from desktop.games.chrononauts.faces import HAND_SIZE, WIDEN_STEP, hand_width

SCALE = 0.66  # about a 1280×720 window's


def test_a_hand_widens_as_far_as_its_words_need_and_is_measured_once(qapp: Any) -> None:
    tried: list[float] = []

    def make(width: float) -> list[CardFace]:
        tried.append(width)
        return [CardFace(width, HAND_SIZE[1], "#2e7d5b", "#e3f3ea", kind_label="Patch", title="Atomic Test Ends the War",
                         body="A long rule text of many words that wants a wider card than the one it is dealt " * 2)]

    width = hand_width(make, 1000.0, SCALE)
    assert HAND_SIZE[0] < width <= 2 * HAND_SIZE[0]
    assert not left_out(make(width)[0], SCALE) or width == 2 * HAND_SIZE[0]
    narrower = width - WIDEN_STEP
    assert narrower < HAND_SIZE[0] or left_out(make(narrower)[0], SCALE)  # the narrowest that shows it whole
    tried.clear()
    assert hand_width(make, 1000.0, SCALE) == width and tried == [HAND_SIZE[0]]  # only the faces that name it


def test_halving_tries_few_widths(qapp: Any) -> None:
    tried: list[float] = []

    def make(width: float) -> list[CardFace]:
        tried.append(width)
        return [CardFace(width, HAND_SIZE[1], "#b85f12", "#fdf0e1", kind_label="Inverter", title="Undo",
                         body="word " * 400)]  # never whole: the widest is the answer

    assert hand_width(make, 1000.0, SCALE) == 2 * HAND_SIZE[0]
    assert len(tried) <= 7  # the base width and about log2(17) more; stepping tried all 17
