"""How far a card grows for its text: the first of a row of sizes (wider or taller, a step apart) at which
its texts show whole at the view's scale.

A larger card never hides more of its text, so the row is searched from a guess (where one is given) and by
halving, and what was learnt of a face is kept: the sizes known too small and the smallest known to show it
whole. That depends on the face (its words and first size) and the scale alone, not on how many sizes the room
allows this time, which a move elsewhere on the table changes (issue #42): a redraw measures only the faces it
has not met. `kept` keeps other values measured once (a table's faces, a row's height) in a store of bounded size.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def first_true(low: int, high: int, test: Callable[[int], bool]) -> int:
    """The first of low … high - 1 at which `test` holds, found by halving (it holds from some step on), else high."""
    while low < high:
        middle = (low + high) // 2
        if test(middle):
            high = middle
        else:
            low = middle + 1
    return low


def kept(store: dict[K, V], key: K, make: Callable[[], V], most: int) -> V:
    """The value `store` keeps for `key`, made by `make` the first time it is asked for. A store holding `most`
    values is emptied first: a long game's or a dragged window's older values are made again if ever needed."""
    if key not in store:
        if len(store) >= most:
            store.clear()
        store[key] = make()
    return store[key]


class Growths:
    """What is known of the faces a table has grown (each key: a face and a scale)."""

    def __init__(self, kept: int) -> None:
        self._known: dict[Hashable, tuple[int, int | None]] = {}  # key -> (steps known too small, a step known whole)
        self._kept = kept

    def clear(self) -> None:
        self._known.clear()

    def first_whole(self, key: Hashable, count: int, whole_at: Callable[[int], bool], least: int = 0,
                    likely: int | None = None) -> int | None:
        """The first of steps `least` … count - 1 at which `whole_at` (the face's text shows whole at that step), or
        None if at none.

        The order of the measures is what makes a redraw quick (issue #42). A `likely` step (a guess from the face's
        words) is tried first, then the steps under it while they show whole, two at most: a good guess answers in
        two measures, not the five or so of halving. Then `least`: a column as wide as its neighbours asks only
        whether it reads whole a step wider (most that do read whole there), not how little it needs. Then the last
        step (most faces that grow at all need more than the room has), then the rest are halved."""
        known = low, whole = self._recalled(key)
        high = whole if whole is not None and whole < count else count  # `count`: whole at none of the steps
        if high <= least:
            return least if least < count else None
        if likely is not None and max(low, least) <= likely < high:
            if whole_at(likely):
                high = likely
                for under in (likely - 1, likely - 2):
                    if under < max(low, least):
                        break
                    if not whole_at(under):
                        low = under + 1
                        break
                    high = under
            else:
                low = likely + 1
        if low < least:
            if high == least or whole_at(least):
                self._remember(key, (low, least))
                return least
            low = least + 1
        if low < high == count:  # none known whole within reach: the last step first
            if whole_at(count - 1):
                high = count - 1
            else:
                low = count
        low = high = first_true(low, high, whole_at)
        if (low, high if high < count else whole) != known:  # a redraw that learnt nothing stores nothing
            self._remember(key, (low, high if high < count else whole))
        return high if high < count else None

    def _recalled(self, key: Hashable) -> tuple[int, int | None]:
        """What is known of `key`: the steps known too small, and a step known whole (None: none known)."""
        return self._known.get(key, (0, None))

    def _remember(self, key: Hashable, known: tuple[int, int | None]) -> None:
        if len(self._known) >= self._kept and key not in self._known:
            self._known.clear()  # a long game's older faces: measured again if ever needed
        self._known[key] = known
