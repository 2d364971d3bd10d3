"""The Translator remembers the strings it has filled (issue #42: a fifth of a Chrononauts redraw went to filling
the same strings again): by language, key and parameters, each value with its type, and only for the catalogs it
filled them from, so a language switch, new parameters or texts read again (a translator's save) say the new
words at once."""
from __future__ import annotations

from typing import Any

import pytest

from cardsets.text import Catalog
from desktop.frame.i18n import Translator


def catalog(**by_language: dict[str, str]) -> Catalog:
    return Catalog({lang: dict(by_language.get(lang, {})) for lang in ("it", "es", "en", "nl")})


UI = catalog(en={"menu.new": "New game", "got": "{player} got {count}", "cards.one": "{count} card",
                 "cards.other": "{count} cards"},
             it={"menu.new": "Nuova partita", "got": "{player} ha preso {count}", "cards.one": "{count} carta",
                 "cards.many": "{count} di carte", "cards.other": "{count} carte"})


@pytest.fixture
def fills(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys the catalogs were asked to fill."""
    asked: list[str] = []
    for name in ("text", "counted"):
        real = getattr(Catalog, name)

        def spy(self: Catalog, lang: str, key: str, *args: Any, _real: Any = real, **kwargs: Any) -> str:
            asked.append(key)
            return str(_real(self, lang, key, *args, **kwargs))

        monkeypatch.setattr(Catalog, name, spy)
    return asked


def test_a_string_asked_again_is_not_filled_again(fills: list[str]) -> None:
    tr = Translator("en", ui=UI, texts=catalog())
    assert [tr.text("menu.new") for _ in range(3)] == ["New game"] * 3
    assert [tr.text("cards", count=2) for _ in range(3)] == ["2 cards"] * 3
    assert fills == ["menu.new", "cards"]


def test_other_parameters_or_a_value_of_another_type_are_filled_anew(fills: list[str]) -> None:
    tr = Translator("en", ui=UI, texts=catalog())
    assert tr.text("got", player="Ada", count=1) == "Ada got 1"
    assert tr.text("got", player="Ada", count=True) == "Ada got True"  # True == 1, but it is not written "1"
    assert tr.text("got", player="Bo", count=1) == "Bo got 1"
    assert tr.text("cards", count=1) == "1 card"
    assert tr.text("cards", count=2) == "2 cards"
    assert len(fills) == 5


def test_a_language_switch_speaks_the_new_language_at_once_in_every_game() -> None:
    tr = Translator("en", ui=UI, texts=catalog())
    assert tr.text("menu.new") == "New game" and tr.text("cards", count=1_000_000) == "1000000 cards"
    tr.set_language("it")
    assert tr.text("menu.new") == "Nuova partita"
    assert tr.text("cards", count=1_000_000) == "1000000 di carte"
    tr.set_language("en")
    assert tr.text("menu.new") == "New game"


def test_a_game_translator_follows_the_window_language() -> None:
    tr = Translator("en")
    parsifal = tr.for_game("parsifal")
    english = parsifal.text("menu.new")
    tr.set_language("it")
    assert parsifal.text("menu.new") == tr.text("menu.new") != english


def test_texts_read_again_replace_the_remembered_strings() -> None:
    tr = Translator("en", ui=UI, texts=catalog())
    assert tr.text("menu.new") == "New game"
    tr.replace_texts(catalog(en={"menu.new": "Start a game"}), catalog())
    assert tr.text("menu.new") == "Start a game"
    tr.ui = UI  # a catalog given otherwise is spoken from too
    assert tr.text("menu.new") == "New game"


def test_a_value_that_is_not_plain_is_filled_each_time(fills: list[str]) -> None:
    class Name:
        def __init__(self) -> None:
            self.said = "Ada"

        def __str__(self) -> str:
            return self.said

    tr = Translator("en", ui=UI, texts=catalog())
    name = Name()
    assert tr.text("got", player=name, count=2) == "Ada got 2"
    name.said = "Bo"
    assert tr.text("got", player=name, count=2) == "Bo got 2"
