"""The texts of card faces, as fitted, are kept between starts (desktop/frame/kept_fits.py, issue #42): a start
that finds them shows every face exactly as fitting it afresh would, and a kept file that is damaged, of another
shape or made with other fonts is fitted anew and written again, never a crash."""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_card_faces_fit import solonauts_faces

import cardsets
from desktop.frame import card_item, kept_fits
from desktop.frame.card_item import CardFace, ShownText
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.faces import ChrononautsFaces
from rules import engine
from rules.chrononauts.timeline import Rules

ROOT = Path(__file__).resolve().parents[3]
FLOORS = (9, 14)  # seen at full size, and small enough for the names to wrap and the rule texts to be cut


@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache folder of the test's own, and a process that has read nothing from it yet."""
    monkeypatch.setenv("CONVIVIUM_CACHE", str(tmp_path))
    kept_fits.forget()
    yield tmp_path / "faces" / "fitted.json"
    kept_fits.forget()


def faces(lang: str) -> list[CardFace]:
    rules: Rules = engine("chrononauts", "solonauts").rules
    return list(solonauts_faces(ChrononautsFaces(cardsets.load_chrononauts(), rules, Translator(lang)), rules).values())


def shown(face: CardFace, floor: int) -> tuple[ShownText, ...]:
    """What the face shows, asked as a fresh process asks (no answer remembered in memory)."""
    return card_item._shown_small.__wrapped__(face, floor)


def next_start() -> None:
    kept_fits.save()  # as the process ends
    kept_fits.forget()


def no_fitting(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(face: CardFace, floor: int) -> Any:
        raise AssertionError(f"fitted again: {face.title!r}")

    monkeypatch.setattr(card_item, "_fitted_small", refused)


@pytest.mark.parametrize("lang", ["nl", "it"])
def test_a_later_start_shows_every_face_as_fitted_without_fitting_again(
        qapp: Any, kept: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    fitted = {(face, floor): shown(face, floor) for face in faces(lang) for floor in FLOORS}
    assert any(text.font.pixelSize() < 12 or "…" in text.text for each in fitted.values() for text in each)
    next_start()
    assert kept.is_file()
    no_fitting(monkeypatch)
    assert {key: shown(*key) for key in fitted} == fitted  # texts, boxes, fonts, colours and alignments alike


@pytest.mark.parametrize("damage", [b"not JSON {", b"", b'{"version": 2}', b"[1, 2, 3]", b"\xff\xfe not UTF-8", b"bad rows",
                                    b"huge alignment", b"huge box"])
def test_a_damaged_file_is_fitted_anew_and_written_again(
        qapp: Any, kept: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes) -> None:
    some = faces("en")[:12]
    fitted = [shown(face, 9) for face in some]
    next_start()
    rows = {b"bad rows": ["title", 0, 0, 1, 1, "x", "big", True, "#000", 1],
            b"huge alignment": ["title", 0, 0, 1, 1, "x", 9, True, "#000", 2**40],
            b"huge box": ["title", 0, 0, 1e300, 1, "x", 9, True, "#000", 1]}
    if damage in rows:  # the right key, and a row no face can have under every face
        data = json.loads(kept.read_text("utf-8"))
        data["value"] = {face: [rows[damage]] for face in data["value"]}
        damage = json.dumps(data).encode("utf-8")
    kept.write_bytes(damage)
    kept_fits.forget()
    assert [shown(face, 9) for face in some] == fitted
    next_start()
    no_fitting(monkeypatch)
    assert [shown(face, 9) for face in some] == fitted  # written again, whole


def test_other_fonts_fit_anew(qapp: Any, kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    face = faces("en")[0]
    fitted = shown(face, 9)
    next_start()
    monkeypatch.setattr(kept_fits, "_fonts", lambda: ["another font"])
    calls = []
    real = card_item._fitted_small

    def fitting(face: CardFace, floor: int) -> tuple[ShownText, ...]:
        calls.append((face, floor))
        return real(face, floor)

    monkeypatch.setattr(card_item, "_fitted_small", fitting)
    assert shown(face, 9) == fitted and calls == [(face, 9)]


def test_the_file_keeps_the_faces_last_asked_for(qapp: Any, kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept_fits, "ENTRIES_KEPT", 10)
    some = faces("en")[:30]
    for face in some:
        shown(face, 9)
    shown(some[0], 9)  # asked for again: among the newest
    next_start()
    names = list(json.loads(kept.read_text("utf-8"))["value"])
    assert names == [kept_fits.face_key(face, 9) for face in [*some[21:], some[0]]]


def test_a_face_measured_then_asked_outside_the_measure_is_kept(qapp: Any, kept: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A face a layout fitted while it was measured, and the table then asks for (is a hand's card whole at this
    width?) without drawing it, is kept like a face drawn: it was fitted again at the next start."""
    face, seen = faces("en")[0], card_item.READABLE / 14
    card_item._left_out.cache_clear()
    card_item._shown_small.cache_clear()
    with kept_fits.measuring():
        card_item.left_out(face, seen)
    card_item.left_out(face, seen)  # outside the measure, remembered in memory: no fitting, and kept all the same
    next_start()
    no_fitting(monkeypatch)
    card_item._shown_small.cache_clear()
    assert shown(face, 14)


START_AT_1280 = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from desktop.frame import card_item, kept_fits
fitted, drawn = [], set()
real_fit, real_drawn = card_item._fitted_small, kept_fits.drawn
card_item._fitted_small = lambda face, floor: fitted.append(1) or real_fit(face, floor)
kept_fits.drawn = lambda face, floor: drawn.add(kept_fits.face_key(face, floor)) or real_drawn(face, floor)
from desktop.frame.i18n import Translator
from desktop.shell.main_window import MainWindow
window = MainWindow(Translator("en"), {})
window.resize(1280, 720)
window.show()
window.new_game({"ids": 8}, 1234)
window.grab()
kept_fits.save()
kept = json.loads((kept_fits._FACES.entry).read_text("utf-8"))["value"]
print(json.dumps({"fitted": len(fitted), "drawn": sorted(drawn), "kept": sorted(kept)}))
"""


def test_a_start_keeps_the_faces_it_draws_not_every_size_its_layout_tried(tmp_path: Path) -> None:
    """The Solonauts table tries its rows at many heights before it takes one, and keeps the layout it takes on a shelf
    of its own: the faces of the heights tried were kept too, 755 of 764 at 1280×720, and read back whole at every start
    for nothing (issue #42). Now the file holds the faces drawn, and the next start fits none."""
    import subprocess
    import sys

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", CONVIVIUM_HOME=str(tmp_path))
    env.pop("CONVIVIUM_CACHE", None)
    starts = [json.loads(subprocess.run([sys.executable, "-c", START_AT_1280], env=env, capture_output=True, text=True,
                                        check=True, cwd=ROOT).stdout) for _ in range(2)]
    first, second = starts
    assert set(first["drawn"]) <= set(first["kept"])
    # The layout was measured: a thousand faces fitted, kept were those drawn and the few the table asks outside
    # the layout's measure (the hand's width); every one of them was kept before.
    assert len(first["kept"]) * 4 < first["fitted"]
    assert second["fitted"] == 0 and set(second["kept"]) == set(first["kept"])
