"""Why a file could not be read or written is said in the player's language, never with the C library's English
("Permission denied") or Python's json messages ("Expecting value: line 1 column 1") inside a translated sentence.

Two ways a reason reaches a player: an OSError said by desktop/frame/file_trouble.py, and a damaged save's
reason (rules/saves.py SaveError) said by Translator.reason, the file read through the real path."""
from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from cardsets.files import FileRefused
from cardsets.text import LANGUAGES
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator
from rules import saves
from rules.match import Match
from rules.registry import engine
from rules.saves import SaveError

MAPPED = ["ENOSPC", "EACCES", "EPERM", "ENOENT", "ENOTDIR", "EROFS", "EISDIR", "ENAMETOOLONG", "EEXIST", "EBUSY",
          "EADDRINUSE", *(["EDQUOT"] if hasattr(errno, "EDQUOT") else [])]
# What must never reach a player: the words Python's json module, our own English messages and libc say.
ENGLISH = ["Expecting", "line 1 column", "char ", "not UTF-8", "unknown move type", "Errno", "utf-8", "codec"]
RAW_KEY_PARTS = ("json.", "move_data.", "file_error.", "{")


@pytest.fixture(scope="module")
def translators() -> dict[str, Translator]:
    return {lang: Translator(lang) for lang in LANGUAGES}


def said_plainly(text: str, *also_absent: str) -> None:
    for english in (*ENGLISH, *also_absent):
        assert english not in text, (english, text)
    for raw in RAW_KEY_PARTS:
        assert raw not in text, (raw, text)  # a key or placeholder the catalog did not fill


# --- an OSError, said by file_trouble -------------------------------------------------------------------------


@pytest.mark.parametrize("name", MAPPED)
def test_each_common_error_has_a_phrase_of_its_own_in_every_language(name: str,
                                                                     translators: dict[str, Translator]) -> None:
    number = getattr(errno, name)
    error = OSError(number, os.strerror(number), "/somewhere/game.convivium.json")
    english = file_trouble(translators["en"], error)
    for lang, tr in translators.items():
        phrase = file_trouble(tr, error)
        said_plainly(phrase, os.strerror(number), name)  # its own words: no libc sentence, no errno name
        assert phrase == phrase.strip() and phrase
        if lang != "en":
            assert phrase != english, lang  # translated, not English standing in


@pytest.mark.parametrize("name", ["EIO", "EMFILE", "ELOOP"])
def test_any_other_error_says_the_system_refused_and_names_it(name: str, translators: dict[str, Translator]) -> None:
    number = getattr(errno, name)
    error = OSError(number, os.strerror(number))
    phrases = {lang: file_trouble(tr, error) for lang, tr in translators.items()}
    for lang, phrase in phrases.items():
        assert name in phrase, phrase  # a name a helper can look up
        said_plainly(phrase, os.strerror(number))
        assert phrase == translators[lang].text("file_error.other", code=name)
    assert len(set(phrases.values())) == len(LANGUAGES)


def test_an_error_without_a_number_is_said_without_one(translators: dict[str, Translator]) -> None:
    for tr in translators.values():
        phrase = file_trouble(tr, OSError("something odd happened"))
        said_plainly(phrase, "something odd", "None")


@pytest.mark.parametrize("reason", ["not_a_file", "too_large", "exists"])
def test_a_refused_file_is_said_in_every_language(reason: str, translators: dict[str, Translator]) -> None:
    refused = FileRefused(Path("/somewhere/game.convivium.json"), reason, 5_000_000)
    english = file_trouble(translators["en"], refused)
    for lang, tr in translators.items():
        phrase = file_trouble(tr, refused)
        said_plainly(phrase, refused.strerror, "--force", "5,000,000")
        if lang != "en":
            assert phrase != english


def test_a_file_that_is_not_utf8_is_said_so(translators: dict[str, Translator]) -> None:
    try:
        b"Caf\xe9".decode("utf-8")
    except UnicodeDecodeError as exc:
        for tr in translators.values():
            said_plainly(file_trouble(tr, exc), str(exc))


# --- a damaged save, read through the real path ---------------------------------------------------------------


def a_save_text() -> str:
    match = Match(engine("chrononauts", "solonauts"), {"ids": 8}, 1234)
    match.play(match.legal_moves(0)[0])
    return saves.to_json(match)


def refused(path: Path) -> SaveError:
    with pytest.raises(SaveError) as err:
        saves.load(path)
    return err.value


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_save_cut_short_is_said_in_the_players_language(lang: str, tmp_path: Path,
                                                          translators: dict[str, Translator]) -> None:
    text = a_save_text()
    path = tmp_path / "cut.convivium.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    tr = translators[lang]
    said = tr.reason(refused(path))
    said_plainly(said)
    assert said == tr.text("save.not_json", reason=tr.text("json.ends_early"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_save_broken_inside_names_the_line_and_column(lang: str, tmp_path: Path,
                                                        translators: dict[str, Translator]) -> None:
    lines = a_save_text().splitlines()
    lines[3] = "  oops " + lines[3]  # line 4, column 3: the first character JSON does not expect
    path = tmp_path / "broken.convivium.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    said = translators[lang].reason(refused(path))
    said_plainly(said, "line 4 column 3")
    assert "4" in said and "3" in said
    assert translators[lang].text("json.syntax", line=4, column=3) in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_save_that_is_not_utf8_is_said_in_the_players_language(lang: str, tmp_path: Path,
                                                                 translators: dict[str, Translator]) -> None:
    path = tmp_path / "latin1.convivium.json"
    path.write_bytes(a_save_text().replace("\"moves\"", "\"mov\xe9s\"").encode("latin-1"))
    said = translators[lang].reason(refused(path))
    said_plainly(said)
    assert said == translators[lang].text("save.not_json", reason=translators[lang].text("file_error.not_utf8"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_move_of_an_unknown_kind_is_said_with_its_number_and_name(lang: str, tmp_path: Path,
                                                                    translators: dict[str, Translator]) -> None:
    data = json.loads(a_save_text())
    data["moves"].append({"type": "Teleport", "player": 0})
    path = tmp_path / "tampered.convivium.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    said = translators[lang].reason(refused(path))
    said_plainly(said)
    assert "Teleport" in said and str(len(data["moves"])) in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_save_that_cannot_be_read_says_why_in_the_players_language(lang: str, tmp_path: Path,
                                                                     translators: dict[str, Translator]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    tr = translators[lang]
    said = tr.reason(refused(blocker / "game.convivium.json"))
    said_plainly(said, os.strerror(errno.ENOTDIR))
    assert said == tr.text("save.unreadable", reason=tr.text("file_error.not_found"))
