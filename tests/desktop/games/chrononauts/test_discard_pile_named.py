"""The discard pile is called the discard pile, in the player's language, with its top card after (issue #36:
it was named after its top card in the hints, in the refusals and for a screen reader)."""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest
from chrononauts_driver import keep_all, lift, start
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from cardsets.text import LANGUAGES
from desktop.frame.card_item import shown_texts
from desktop.frame.hyphens import SOFT_HYPHEN
from desktop.games.chrononauts.solonauts_scene import DISCARD_KEY
from rules.chrononauts.moves import KillTime


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_discard_pile_is_named_as_a_pile(qtbot: Any, home: Path, language: str) -> None:
    main = make_window(qtbot, Dialogs())
    hs = start(main, 0)
    keep_all(hs)
    if hs.scene.curtain_up:
        lift(hs)
    seat = hs.decider()
    assert seat is not None
    kill = next(m for m in hs.game.match.legal_moves(seat) if isinstance(m, KillTime) and m.second is None)
    assert hs.play(kill)  # CHR-7.2b: the card goes to the discard pile, face up on top
    main.set_language(language)
    QApplication.processEvents()
    t = hs.tr_.text
    top = hs.tr_.card_title(kill.first)
    assert hs._name(DISCARD_KEY) == t("a11y.discard_pile")  # in a hint's or a refusal's words
    assert top not in hs._name(DISCARD_KEY)
    assert hs.scene.accessible_text(DISCARD_KEY)[0] == t("a11y.discard", card=top)  # for a screen reader
    shown = hs.detail_of(DISCARD_KEY)  # the card up close: the pile's name, then its top card
    assert shown is not None and shown[1].startswith(f"<p><b>{t('a11y.discard_pile')}</b></p>")
    assert html.escape(top) in shown[1]


def test_the_solonauts_discard_pile_too(qtbot: Any, home: Path) -> None:
    main = make_window(qtbot, Dialogs())
    main.new_game({"ids": 8}, 1234)
    table = main.table
    assert table is not None
    t = table.tr_.text
    assert table.scene.accessible_text(DISCARD_KEY)[0] == t("a11y.discard_pile")  # empty: its name alone
    card = table.scene.hand_cards()[0]
    table.scene.select(card)
    assert table.scene.activate(DISCARD_KEY)
    QApplication.processEvents()
    assert table._name(DISCARD_KEY) == t("a11y.discard_pile")
    assert table.scene.accessible_text(DISCARD_KEY)[0] == t("a11y.discard", card=table.tr_.card_title(card))


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_empty_solonauts_discard_pile_says_its_name_once(qtbot: Any, home: Path, language: str) -> None:
    main = make_window(qtbot, Dialogs())
    main.set_language(language)
    main.new_game({"ids": 8}, 1234)
    table = main.table
    assert table is not None
    name = table.tr_.text("label.discard")
    face = table.scene.items_by_key[DISCARD_KEY].face
    for scale in (None, 0.6, 1.0):  # as fitted, and drawn small at a window's sizes
        painted = [" ".join(text.text.replace(SOFT_HYPHEN, "").split()) for text in shown_texts(face, scale)]
        assert painted.count(name) == 1, (scale, painted)
