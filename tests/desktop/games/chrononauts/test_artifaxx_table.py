"""Artifaxx on the table (issue #36): no timeline is drawn, for the game has none (docs/rules/chrononauts.md
CHR-15.1, CHR-15.6, D-30), its room goes to the Mission, the resolving zone, the piles and the hand; and a
card dropped where it cannot go says why and where it can (CHR-8.1)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from chrononauts_driver import NAMES, keep_all, lift
from table_driver import Dialogs, centre, drag, make_window

from desktop.frame.card_item import left_out, on_screen
from desktop.games.chrononauts.full_scene import LIGHT_CARD, LIGHT_ZOOM
from desktop.games.chrononauts.full_table import ChrononautsTable
from desktop.shell.main_window import MainWindow
from rules.chrononauts.moves import PlayCard
from rules.chrononauts.timeline import card_kind
from rules.kernel import IllegalMove


def begin(main: MainWindow, mode: str, seed: int) -> ChrononautsTable:
    hs = main.new_hotseat("chrononauts", mode, NAMES[:3], {"first_player": 0}, seed)
    assert isinstance(hs, ChrononautsTable)
    keep_all(hs)
    if hs.scene.curtain_up:
        lift(hs)
    return hs


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def test_artifaxx_draws_no_timeline_and_its_cards_take_the_room(main: MainWindow) -> None:
    """CHR-15.1: a Chrononauts table lays out the 32 years; Artifaxx lays out none, nor counts paradoxes."""
    full = begin(main, "chrononauts", 3)
    assert sum(key.startswith("tl:") for key in full.scene.items_by_key) == 32
    light = begin(main, "artifaxx", 3)
    scene = light.scene
    assert not [key for key in scene.items_by_key if key.startswith("tl:")]
    assert not any(key.startswith("tl:") for targets in scene.dests.values() for key in targets)
    paradoxes = light.tr_.text("label.open_paradoxes", count=0)
    assert paradoxes not in scene._labels["counter"].text()
    assert scene.accessible_summary() == light.tr_.text("a11y.hand", count=len(scene.hand)) + "."  # nor a reader
    # The Mission and the hand take the larger places, their words drawn larger too (issue #36: the felt
    # was left bare round cards drawn at Chrononauts' size of text).
    for key in ["own:mission", *scene.hand]:
        item = scene.items_by_key[key]
        assert item.scale() == LIGHT_ZOOM > 1
        assert (item.face.width * item.scale(), item.face.height * item.scale()) == pytest.approx(LIGHT_CARD)


@pytest.mark.parametrize("language", ["en", "es", "nl"])
def test_the_mission_shows_its_artifacts(qtbot: Any, home: Path, dialogs: Dialogs, language: str) -> None:
    """A Mission is the three artifacts it needs: its face shows them whole on the table, in both modes."""
    main = make_window(qtbot, dialogs, language)
    for mode in ("chrononauts", "artifaxx"):
        for seed in range(4):
            hs = begin(main, mode, seed)
            item = hs.scene.items_by_key["own:mission"]
            scale = on_screen(item.deviceTransform(hs.view.viewportTransform()))
            mission = card_kind(hs.game.state.missions[hs.looking])  # type: ignore[index]
            assert item.face.body == hs.tr_.text(f"{mission}.text")
            assert left_out(item.face, scale) == [], (mode, seed, item.face.title)


def test_a_refused_artifact_says_why_and_where_it_can_go(main: MainWindow) -> None:
    """The Real Mona Lisa dropped on a seat: the rules say an artifact takes no target (CHR-8.1), and the
    table names where it can go, its lit place (the resolving zone), from the legal moves."""
    for seed in range(200):
        hs = begin(main, "artifaxx", seed)
        seat = hs.looking
        artifacts = [card for card in hs.scene.hand if card_kind(card).startswith("art_")
                     and "zone:stack" in hs.scene.dests.get(card, {})]
        if seat is not None and artifacts and hs.game.state.current == seat:
            break
    else:
        pytest.fail("no deal gives the first player a playable artifact")
    card = artifacts[0]
    before = hs.game.match.moves
    drag(hs, card, centre(hs, "seat:1"))  # type: ignore[arg-type]  # the table stands for its window
    assert hs.game.match.moves == before
    with pytest.raises(IllegalMove) as refused:
        hs.game.engine.check(hs.game.state, PlayCard(seat, card, 1))
    assert refused.value.code == "illegal.artifact_no_target"
    said = hs.message.text()
    assert said.startswith(hs.tr_.reason(refused.value))
    where = said[len(hs.tr_.reason(refused.value)):]
    lit = [key for key in hs.scene.dests[card] if key != card]
    assert "zone:stack" in lit and all(hs._name(key) in where for key in lit), said
