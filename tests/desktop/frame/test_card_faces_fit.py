"""Every card the Solonauts table draws fits its boxes, in every language (the workbench's rule).

Too long means the text fits only once shrunk below 70 % of its box's size (`overflows`), or the
kind label runs into the year in the coloured band. Text widths depend on the font, so the check
runs where the table is drawn with the reference font of our CI and the development machines.
"""
from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QFont, QFontInfo

import cardsets
from cardsets.text import LANGUAGES
from desktop.frame.card_item import CardFace, band_collides, face_layout, overflows
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.faces import ChrononautsFaces
from rules import engine
from rules.chrononauts.timeline import Rules, Timeline

REFERENCE_FONT = "DejaVu Sans"


def solonauts_faces(faces: ChrononautsFaces, rules: Rules) -> dict[str, CardFace]:
    """Each face the table can show: both sides of every timeline card, patches in hand and on the
    timeline, inverters, every card on top of the discard pile, and travellers waiting and home."""
    out: dict[str, CardFace] = {}
    for card in faces.cards.timeline:
        turned = Timeline(prime={card.year}) if card.is_linchpin else Timeline(paradoxed={card.year})
        out[f"{card.id} (first side)"] = faces.timeline(card.year, Timeline())
        out[f"{card.id} (other side)"] = faces.timeline(card.year, turned)
    for patch in rules.patches:
        out[f"{patch} (hand)"] = faces.play_card(patch)
        out[f"{patch} (on the timeline)"] = faces.play_card(patch, on_timeline=True)
    for inverter in rules.inverters:
        out[inverter] = faces.play_card(inverter)
    for card in [*rules.patches, *rules.inverters]:  # the pile holds at most 41 cards: two digits
        out[f"{card} (on a discard pile of 41)"] = faces.discard(card, 41)
    for ident in rules.identities:
        out[f"{ident} (waiting)"] = faces.identity(ident, False, Timeline())
        out[f"{ident} (home)"] = faces.identity(ident, True, Timeline())
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_solonauts_card_fits_in_every_language(qapp: Any, lang: str) -> None:
    if QFontInfo(QFont()).family() != REFERENCE_FONT:
        pytest.skip(f"text widths are judged with {REFERENCE_FONT}, the table's font here is another")
    rules: Rules = engine("chrononauts", "solonauts").rules  # type: ignore[attr-defined]
    faces = ChrononautsFaces(cardsets.load_chrononauts(), rules, Translator(lang))
    drawn = solonauts_faces(faces, rules)
    assert len(drawn) == 2 * 32 + 2 * 21 + 6 + 27 + 2 * 14
    too_long = {name: [box.role for box in face_layout(face) if overflows(box)] for name, face in drawn.items()}
    too_long = {name: roles for name, roles in too_long.items() if roles}
    collided = sorted(name for name, face in drawn.items() if band_collides(face))
    assert too_long == {} and collided == []


def test_the_check_catches_a_title_too_long(qapp: Any) -> None:
    """The rule can fail: a long title in a timeline card's box is caught."""
    face = CardFace(128.0, 92.0, "#000", "#fff", title="Wereldtentoonstellingsgebouw" * 2, body="1912")
    assert [box.role for box in face_layout(face) if overflows(box)] == ["title"]
