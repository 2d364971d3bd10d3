"""How far a card grows for its text (desktop/frame/growth.py, issue #42): the first size at which it shows whole,
found by halving, with what is known of a face kept whatever room a later redraw allows."""
from __future__ import annotations

import pytest

from desktop.frame.growth import Growths


@pytest.mark.parametrize("need", range(0, 14))
def test_the_first_whole_step_is_found_whatever_the_rooms_asked(need: int) -> None:
    """Steps from `need` on show the text whole (a larger card never hides more); rooms of every size in turn."""
    growths = Growths(10)
    for count in (12, 3, 7, 1, 13, 5, 12):
        assert growths.first_whole("face", count, lambda step: step >= need) == (need if need < count else None)


def test_a_face_is_measured_once_for_any_smaller_room() -> None:
    growths = Growths(10)
    tried: list[int] = []

    def whole_at(step: int) -> bool:
        tried.append(step)
        return step >= 5

    assert growths.first_whole("face", 12, whole_at) == 5
    assert len(tried) <= 5  # the last step, then about log2(12) more; step by step took six
    tried.clear()
    for count in (11, 6, 5, 3, 1):
        growths.first_whole("face", count, whole_at)
    assert tried == []


def test_a_face_whole_at_no_step_is_not_measured_again_in_the_same_room() -> None:
    growths = Growths(10)
    tried: list[int] = []
    assert growths.first_whole("face", 8, lambda step: tried.append(step) or False) is None
    assert tried == [7]  # the last step alone: a larger card never hides more
    assert growths.first_whole("face", 8, lambda step: tried.append(step) or False) is None
    assert tried == [7]


@pytest.mark.parametrize("least", range(0, 13))
def test_a_search_from_a_least_step_finds_the_first_whole_step_from_there(least: int) -> None:
    """A hand as wide as step `least` asks of its next card only whether it shows whole from there on."""
    for need in range(0, 14):
        growths = Growths(10)
        found = growths.first_whole("face", 12, lambda step: step >= need, least)
        expected = max(need, least)
        assert found == (expected if expected < 12 else None)
        # What was learnt stays true: a search of the whole row afterwards finds the same first step.
        assert growths.first_whole("face", 12, lambda step: step >= need) == (need if need < 12 else None)


def test_a_card_whole_at_the_least_step_is_measured_there_alone() -> None:
    growths = Growths(10)
    tried: list[int] = []

    def whole_at(step: int) -> bool:
        tried.append(step)
        return step >= 3

    assert growths.first_whole("face", 12, whole_at, least=7) == 7
    assert tried == [7]  # the old search tried the last step, then halved: four widths measured for one answer
    tried.clear()
    assert growths.first_whole("face", 12, whole_at, least=9) == 9 and tried == []  # known whole at 7: whole at 9


@pytest.mark.parametrize("likely", [*range(0, 13), None])
@pytest.mark.parametrize("least", [0, 1, 4])
def test_a_guessed_step_finds_what_halving_finds_and_teaches_only_what_is_true(likely: int | None,
                                                                              least: int) -> None:
    """Whatever the guess (right, too high, too low, past the room), the answer is the first whole step from
    `least` on, and what was learnt gives the same answers to every later search."""
    for need in range(0, 14):
        growths = Growths(10)
        found = growths.first_whole("face", 12, lambda step: step >= need, least, likely)
        expected = max(need, least)
        assert found == (expected if expected < 12 else None)
        for count in (12, 7, 3):
            assert growths.first_whole("face", count, lambda step: step >= need) == (need if need < count else None)


@pytest.mark.parametrize(("need", "likely", "measures"), [(6, 6, 2), (5, 6, 3), (4, 6, 5), (7, 6, 7)])
def test_a_good_guess_answers_in_a_few_measures(need: int, likely: int, measures: int) -> None:
    """A guess from the face's words (card_item.likely_height) is most often right or a step high: two or three
    measures, where halving 29 heights takes six. A guess further off costs what halving costs, and one more."""
    growths = Growths(10)
    tried: list[int] = []

    def whole_at(step: int) -> bool:
        tried.append(step)
        return step >= need

    assert growths.first_whole("face", 29, whole_at, likely=likely) == need
    assert len(tried) == measures, tried
    tried.clear()
    assert Growths(10).first_whole("face", 29, whole_at) == need
    assert len(tried) == 6  # halving alone: the last step, then five halves
