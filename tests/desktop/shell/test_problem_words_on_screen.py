"""A translation of the player's that the readers refuse is said in the player's language: the file, the line and
the column, and what is wrong, never the checker's English (which `convivium check` and the workbench keep).

The app once put the checker's sentence into the translated one: "Je vertaling translations/ui/nl.yaml blijft buiten
gebruik, de geïnstalleerde telt: 4:10: YAML syntax: mapping values are not allowed here".
"""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from table_driver import Dialogs, make_window

import cardsets
from desktop.frame import storage

# How each language says a place in a file, and the checker's English that must not show.
PLACE_WORDS = {"en": ("line", "column"), "it": ("riga", "colonna"), "es": ("línea", "columna"),
               "nl": ("regel", "kolom")}
CHECKER_ENGLISH = ("missing string", "English is the reference", "placeholder", "mapping values", "not UTF-8",
                   "expected", "YAML syntax", "missing key", "0xff")


@pytest.fixture
def mine(home: Path) -> Iterator[Path]:
    """The player's translations folder, read from now on (as the app does at start), and forgotten after."""
    folder = storage.translations_dir()
    (folder / "ui").mkdir(parents=True)
    yield folder
    cardsets.read_translations_from(None)


def installed(lang: str) -> list[str]:
    return (cardsets.ROOT / "ui" / "text" / f"{lang}.yaml").read_text(encoding="utf-8").splitlines()


def first_line(lines: list[str], start: str) -> int:
    return next(i for i, line in enumerate(lines) if line.startswith(start))


def syntax_error(lines: list[str]) -> tuple[bytes, int, int]:
    """A value with a second colon: YAML stops at that colon."""
    at = first_line(lines, "  menu.game:")
    lines[at] = "  menu.game: Partita: nuova"
    return "\n".join(lines).encode(), at + 1, len("  menu.game: Partita") + 1


def missing_key(lines: list[str]) -> tuple[bytes, int, int]:
    """`strings:` misspelt: the file has no strings (said where the file's mapping starts)."""
    at = first_line(lines, "strings:")
    lines[at] = "stringhe:"
    return "\n".join(lines).encode(), first_line(lines, "language:") + 1, 1


def placeholder_changed(lines: list[str]) -> tuple[bytes, int, int]:
    """A string whose {file} was translated too: said where its text starts."""
    at = next(i for i, line in enumerate(lines) if line.startswith("  ") and "{file}" in line)
    lines[at] = lines[at].replace("{file}", "{fiel}")
    return "\n".join(lines).encode(), at + 1, lines[at].index(": ") + 3


def not_utf8(lines: list[str]) -> tuple[bytes, int, int]:
    """A Latin-1 byte where UTF-8 was wanted: said at that byte."""
    at = first_line(lines, "  menu.game:")
    lines[at] = "  menu.game: \x00"
    data = "\n".join(lines).encode().replace(b"\x00", b"\xff")
    return data, at + 1, len("  menu.game: ") + 1


# What is wrong, as each language says it (a word or two of its phrase).
CASES = {
    "syntax": (syntax_error, {"en": "layout of the text", "it": "struttura del testo", "es": "estructura del texto",
                              "nl": "opbouw van de tekst"}),
    "missing_key": (missing_key, {"en": "is missing", "it": "manca la chiave", "es": "falta la clave",
                                  "nl": "ontbreekt"}),
    "placeholder": (placeholder_changed, {"en": "where the English has", "it": "dove l'inglese ha",
                                          "es": "donde el inglés tiene", "nl": "waar het Engels"}),
    "utf8": (not_utf8, {"en": "its text is not in UTF-8", "it": "il testo non è in UTF-8",
                        "es": "su texto no está en UTF-8", "nl": "de tekst is geen UTF-8"}),
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_a_refused_translation_is_said_in_the_players_language(
        qtbot: Any, dialogs: Dialogs, mine: Path, lang: str, case: str) -> None:
    broken = "it" if lang == "en" else lang  # English is never translated: an English player's Italian file
    make, said = CASES[case]
    data, line, column = make(installed(broken))
    (mine / "ui" / f"{broken}.yaml").write_bytes(data)
    cardsets.read_translations_from(mine)
    window = make_window(qtbot, dialogs, lang)
    window.tell_translation_problems()
    qtbot.waitUntil(lambda: f"translations/ui/{broken}.yaml" in window.message.text())
    message = window.message.text()
    line_word, column_word = PLACE_WORDS[lang]
    assert f"{line_word} {line}, {column_word} {column}" in message
    assert said[lang] in message
    assert not [english for english in CHECKER_ENGLISH if english in message], message


def test_a_translation_lacking_a_string_is_used_and_shows_that_string_in_english(
        qtbot: Any, dialogs: Dialogs, mine: Path) -> None:
    """A string missing is no reason to refuse a file: that string alone is shown in English (and the valid
    file does not stop the window saying what it refuses of another)."""
    lines = installed("nl")
    del lines[first_line(lines, "  menu.game:")]
    (mine / "ui" / "nl.yaml").write_text("\n".join(lines), encoding="utf-8")
    data, _line, _column = syntax_error(installed("it"))
    (mine / "ui" / "it.yaml").write_bytes(data)
    cardsets.read_translations_from(mine)
    window = make_window(qtbot, dialogs, "nl")
    window.tell_translation_problems()
    qtbot.waitUntil(lambda: "translations/ui/it.yaml" in window.message.text())
    assert "translations/ui/nl.yaml" not in window.message.text()
    assert window.tr_.text("menu.game") == cardsets.load_ui_texts().text("en", "menu.game")
