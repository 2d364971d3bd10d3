"""What a Chrononauts redraw measures (issue #42): a seat whose count of cards changed, a hand that takes all its
room and a new table's timeline each cost a fit or two, not a search, and give the same sizes as the search."""
from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from desktop.frame import card_item
from desktop.frame.card_item import CardFace, left_out
from desktop.frame.i18n import Translator
from desktop.games.chrononauts import faces, full_scene
from desktop.games.chrononauts.faces import HAND_SIZE, HAND_WIDEST, hand_width, tall_enough
from desktop.shell.tables import table_class

SCALE = 0.66  # about a 1280×720 window's


def fits_counted(monkeypatch: Any) -> list[CardFace]:
    """Every face fitted from now on (a face met before is not fitted again)."""
    fitted: list[CardFace] = []
    real = card_item._fitted_small

    def counting(face: CardFace, floor: int) -> Any:
        fitted.append(face)
        return real(face, floor)

    monkeypatch.setattr(card_item, "_fitted_small", counting)
    card_item._shown_small.cache_clear()
    card_item._left_out.cache_clear()
    monkeypatch.setattr(card_item.kept_fits, "shown", lambda _key: None)  # nothing kept from an earlier start
    return fitted


def plate(lines: str, height: float) -> CardFace:
    return CardFace(138, height, "#3a352c", "#ece5d6", title="Annamaria", body=lines)


@pytest.mark.parametrize("lines", ["5 cards", "5 cards\nTemporal Fugitive", "7 cards\nTemporal Fugitive\nMission: Save the Future"])
def test_a_seat_measured_near_its_old_height_gets_the_height_the_search_finds(qapp: Any, lines: str) -> None:
    low, high, step = 36.0, 88.0, 4.0
    searched = tall_enough(lambda h: [plate(lines, h)], low, high, step, SCALE)
    for near in (low, *(low + step * k for k in range(1, 14)), 50.5):
        assert tall_enough(lambda h: [plate(lines, h)], low, high, step, SCALE, near) == searched


def test_a_seat_whose_count_changed_is_measured_twice_not_searched(qapp: Any, monkeypatch: Any) -> None:
    low, high, step = 36.0, 88.0, 4.0
    before = tall_enough(lambda h: [plate("6 cards\nTemporal Fugitive", h)], low, high, step, SCALE)
    assert low < before < high
    fitted = fits_counted(monkeypatch)
    after = tall_enough(lambda h: [plate("5 cards\nTemporal Fugitive", h)], low, high, step, SCALE, before)
    assert after == before
    assert len(fitted) == 2  # its old height and the step below; the search measured four or five


def test_a_hand_that_takes_all_its_room_measures_the_face_it_draws(qapp: Any, monkeypatch: Any) -> None:
    fitted = fits_counted(monkeypatch)

    def make(card: str, width: float) -> CardFace:
        body = "word " * (300 if card == "wordy" else 2)
        return CardFace(width, HAND_SIZE[1], "#2e7d5b", "#e3f3ea", kind_label="Patch", title=f"Card {card}", body=body)

    width = hand_width(["short", "wordy", "terse"], make, 1000.0, SCALE)
    assert width == HAND_WIDEST
    left_out(make("wordy", width), SCALE)  # the face then drawn: already fitted
    assert [face.title for face in fitted] == ["Card wordy"]  # the search measured another width first, then this


def test_a_hands_other_cards_are_each_measured_once(qapp: Any, monkeypatch: Any) -> None:
    fitted = fits_counted(monkeypatch)
    wordy = "A long rule text of many words that wants a wider card than the one it is dealt, and a bit more."

    def make(card: str, width: float) -> CardFace:
        body = wordy if card == "wordy" else "Short."
        return CardFace(width, HAND_SIZE[1], "#2e7d5b", "#e3f3ea", kind_label="Patch", title=f"Card {card}", body=body)

    cards = ["a", "wordy", "b", "c"]
    width = hand_width(cards, make, 1400.0, SCALE)
    assert HAND_SIZE[0] < width < HAND_WIDEST  # the wordy card needs some room, not all
    assert not left_out(make("wordy", width), SCALE)
    for card in "abc":
        assert [face.width for face in fitted if face.title == f"Card {card}"] == [width]


def test_a_second_table_measures_no_timeline_row(qapp: Any, monkeypatch: Any) -> None:
    rows: list[float] = []
    real = full_scene._tall_enough

    def counting(faces: Any, high: float, *args: Any) -> float:
        if high == full_scene.YEAR_HIGH:
            rows.append(high)
        return real(faces, high, *args)

    monkeypatch.setattr(full_scene, "_tall_enough", counting)
    for store in (full_scene._ROW_HEIGHTS, full_scene._SHAPES, full_scene._MEASURED):
        store.clear()
    monkeypatch.setattr(full_scene._KEPT, "answers", {})  # nothing kept from an earlier table or start
    table = table_class("chrononauts")
    assert table is not None
    heights = []
    for seed in (1, 2):
        played = table.GAME_CLASS.start("chrononauts", "chrononauts", ["Ann", "Bob", "Cy"], {}, seed)
        window = table(Translator("en"), played)
        window.resize(1280, 720)
        window.show()
        QApplication.processEvents()
        rnd = random.Random(seed)
        player = rnd.choice(sorted(played.engine.to_act(played.state)))
        played.match.play(rnd.choice(played.match.legal_moves(player)))
        window.refresh()
        QApplication.processEvents()
        heights.append(window.scene._year_heights())
        if seed == 1:
            assert rows and len(rows) % 4 == 0  # the four rows, measured for the first table (at each scale shown)
            rows.clear()
        window.close()
    assert rows == [] and heights[0] == heights[1]


def test_a_rows_shared_search_finds_what_each_faces_search_finds(qapp: Any) -> None:
    """full_scene._tall_enough (one search for a row's faces) gives tall_enough's height, and all there is when no
    height shows a face whole: in a small window it asked past its last height, and the error inside Qt's resize
    crashed the app."""
    def face(body: str) -> CardFace:
        return CardFace(150, 92, "#1f5fa8", "#e9f0fa", kind_label="Ripplepoint", title="A Year", body=body)

    faces = [face("Short."), face("A rule of a few more words than the first. " * 2), face("Paradox if 1912 is prime.")]
    assert full_scene._tall_enough(faces, 148.0, SCALE) == tall_enough(
        lambda high: [CardFace(150, high, "#1f5fa8", "#e9f0fa", kind_label="Ripplepoint", title="A Year", body=f.body)
                      for f in faces], 92.0, 148.0, full_scene.YEAR_STEP, SCALE)
    never = [face("word " * 400), face("other " * 300)]  # two: the second was asked past the last height
    assert full_scene._tall_enough([*faces, *never], 148.0, SCALE) == 148.0
