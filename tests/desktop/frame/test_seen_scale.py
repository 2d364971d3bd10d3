"""The scale a scene sizes its texts for before the view has fitted it (card_table.seen_scale) is never above the
scale the view then shows it at: a text sized to read at 9 px must read at 9 px on the screen (issue #36)."""
from __future__ import annotations

import random

from desktop.frame.card_item import text_floor
from desktop.frame.card_table import seen_scale


def shown_at(room_w: float, room_h: float, width: float, height: float) -> float:
    """The view's own scale: the viewport less its 2-pixel margins, the table fitted whole (TableView)."""
    return min((room_w - 4) / width, (room_h - 4) / height)


def test_a_six_seat_bacchanalia_is_sized_for_the_scale_it_is_shown_at() -> None:
    """The view showed the table at 0.59977, the scene had sized it for 0.600 (rounded up): one text floor
    larger, so the kept "Vinum con il simbolo" ended in "…" though the scene had grown it to read whole."""
    room, table = (801, 533), (1026, 882)
    assert text_floor(seen_scale(*room, *table)) == text_floor(shown_at(*room, *table))


def test_never_above_the_view_and_within_a_thousandth() -> None:
    rng = random.Random(42)
    for _ in range(20_000):
        room = (rng.uniform(300, 2600), rng.uniform(200, 1500))
        table = (rng.uniform(600, 1600), rng.uniform(400, 1400))
        real = shown_at(*room, *table)
        seen = seen_scale(*room, *table)
        assert real - 0.001 <= seen <= real + 1e-9, (room, table, seen, real)
        assert text_floor(seen) >= text_floor(real)  # sized for at least the floor the screen needs
