"""A card's detail view says where its data comes from, with the card's note in the player's language."""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

import cardsets
from cardsets.text import LANGUAGES, REFERENCE, Catalog, note_key
from desktop.frame.i18n import Translator
from desktop.frame.origin import origin_html
from desktop.games.bacchanalia.table import BacchanaliaTable
from desktop.games.parsifal.table import ParsifalTable
from desktop.shell.main_window import MainWindow
from rules.bacchanalia.honour import card_kind


def first_noted(game: str) -> tuple[str, str]:
    notes = cardsets.load_set(game).notes()
    return next(iter(notes.items()))


@pytest.mark.parametrize("game", cardsets.GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_reconstructed_card_shows_its_note_in_the_players_language(game: str, lang: str) -> None:
    card, english = first_noted(game)
    catalog = cardsets.load_texts(game)
    tr = Translator(lang, game)
    shown = origin_html(tr, game, card, reconstructed=True)
    assert html.escape(tr.text("detail.reconstructed")) in shown
    said = catalog.strings[lang][note_key(card)]
    assert html.escape(said) in shown
    if lang != REFERENCE:
        assert said != english and html.escape(english) not in shown


def test_a_translation_older_than_the_english_note_gives_way_to_the_english() -> None:
    """Someone who owns the printed game corrected the note in cards.yaml: the old Italian may no
    longer be true of the data, so the view shows the new English until it is translated again."""
    card, _english = first_noted("chrononauts")
    shipped = cardsets.load_texts("chrononauts")
    strings = {lang: dict(table) for lang, table in shipped.strings.items()}
    strings[REFERENCE][note_key(card)] = "Corrected: every part of this card is printed."
    catalog = Catalog(strings, shipped.stamps)
    old_italian = strings["it"][note_key(card)]

    tr = Translator("it", "chrononauts", texts=catalog)
    shown = origin_html(tr, "chrononauts", card, reconstructed=True)
    assert "Corrected: every part of this card is printed." in shown
    assert html.escape(old_italian) not in shown
    # The rest of the view stays Italian.
    assert html.escape(tr.text("detail.reconstructed")) in shown
    assert html.escape(tr.text("detail.note", note="Corrected")) in shown


def test_a_printed_card_without_a_note_says_only_that_it_is_printed() -> None:
    tr = Translator("nl", "chrononauts")
    printed = next(t for t in cardsets.load_chrononauts().timeline if not t.provenance.reconstructed and not t.provenance.note)
    shown = origin_html(tr, "chrononauts", printed.id, reconstructed=False)
    assert html.escape(tr.text("detail.printed")) in shown
    assert "cards.yaml" not in shown and html.escape(tr.text("detail.note", note="")) not in shown


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs, language="es")


def test_parsifal_shows_a_characters_note_in_its_detail_view(main: MainWindow) -> None:
    table = main.new_hotseat("parsifal", "standard", ["Marta", "Luca", "Ana"], {"first_player": 0}, 7)
    assert isinstance(table, ParsifalTable)
    QApplication.processEvents()
    notes = cardsets.load_set("parsifal").notes()
    key = next(k for k in table.scene.items_by_key if k.split("#")[0] in notes)
    table.show_detail(key)
    spanish = cardsets.load_texts("parsifal").strings["es"][note_key(key.split("#")[0])]
    assert spanish in table.detail.text.toPlainText()


def test_bacchanalia_shows_a_cards_note_in_its_detail_view(main: MainWindow) -> None:
    table = main.new_hotseat("bacchanalia", "standard", ["Marta", "Luca", "Ana"], {}, 3)
    assert isinstance(table, BacchanaliaTable)
    QApplication.processEvents()
    notes = cardsets.load_set("bacchanalia").notes()
    key = next(k for k in table.scene.items_by_key if table.game.engine.is_card(k) and card_kind(k) in notes)
    table.show_detail(key)
    spanish = cardsets.load_texts("bacchanalia").strings["es"][note_key(card_kind(key))]
    assert spanish in table.detail.text.toPlainText()


@pytest.mark.parametrize("game", cardsets.GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_players_read_player_words_never_the_file_to_correct(game: str, lang: str) -> None:
    """Issue 16, item 6: a reconstructed card says so in player terms; which file to correct is for the
    workbench and `convivium check`, never the card panel, in any language."""
    tr = Translator(lang, game)
    card, _english = first_noted(game)
    shown = origin_html(tr, game, card, reconstructed=True)
    for maintainers in ("cards.yaml", "cardsets/", ".yaml", "{file}"):
        assert maintainers not in shown, f"{game}/{lang}: {shown}"
    assert tr.text("detail.reconstructed") != tr.text("detail.printed")
