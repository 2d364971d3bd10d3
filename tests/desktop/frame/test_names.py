"""Players' names (issue #12, item 5): cleaned one way at set-up and when a save is opened, refused
when nobody could see them, when they are too long, or when two players could not be told apart."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QDialog
from table_driver import Dialogs, make_window

from desktop.frame import names
from desktop.frame.names import MAX_LENGTH, BadName
from desktop.frame.seat_table import SeatGame, SeatSetupDialog
from desktop.games.chrononauts.full_table import ChrononautsTable, HotSeatGame
from desktop.shell.main_window import MainWindow
from rules.saves import SaveError


def code_of(name: str) -> str:
    with pytest.raises(BadName) as caught:
        names.clean(name)
    return caught.value.code


# --- cleaning ---------------------------------------------------------------------------------


def test_a_name_is_trimmed_and_its_inner_spaces_are_one_space() -> None:
    assert names.clean("  Ada \t  Lovelace \n") == "Ada Lovelace"
    assert names.clean("\u00a0Bo\u3000") == "Bo"  # no-break and ideographic spaces are spaces too


def test_a_name_is_composed_and_loses_what_nobody_sees() -> None:
    assert names.clean("Rene\u0301e") == "Renée"  # one character, as typed on another keyboard
    assert names.clean("A\u200bd\u200da\ufeff") == "Ada"  # zero-width space and joiner, byte-order mark
    assert names.clean("\u202eEve") == "Eve"  # a right-to-left override would turn the curtain's words around
    assert names.clean("Zoë \u0301") == "Zoë \u0301"  # an accent is kept: it shows


@pytest.mark.parametrize("blank", ["\u200b", "\u200b\u200d\ufeff", "   ", "\u3164\u3164", "\u2800", "\u0301\u0302", ""])
def test_a_name_with_nothing_visible_is_refused(blank: str) -> None:
    assert code_of(blank) == "names.invisible"


def test_forty_characters_are_a_name_and_forty_one_are_refused() -> None:
    assert names.clean("x" * MAX_LENGTH) == "x" * MAX_LENGTH
    assert names.clean("  " + "é" * MAX_LENGTH + "\u200b ") == "é" * MAX_LENGTH  # counted after cleaning
    assert code_of("x" * (MAX_LENGTH + 1)) == "names.too_long"
    assert code_of("x" * 1_000_000) == "names.too_long"


def test_half_a_surrogate_pair_is_not_text() -> None:
    assert code_of("Ada\ud800") == "names.not_text"


def test_two_players_whose_names_differ_only_in_case_are_refused() -> None:
    with pytest.raises(BadName) as caught:
        names.check(["Ada", "Bo", "ada"])
    assert caught.value.code == "names.duplicate"
    assert caught.value.params == {"name": "ada", "first": 1, "seat": 3}
    with pytest.raises(BadName):
        names.check(["Ada", "A\u200bda "])  # the same once cleaned
    assert names.check([" Ada", "Adam"]) == ["Ada", "Adam"]


CYRILLIC_ADA = "\u0410da"  # "Аda": a Cyrillic A, then Latin letters


@pytest.mark.parametrize(("first", "second"), [("Ada", CYRILLIC_ADA), ("Al", "AI"), ("ADA", CYRILLIC_ADA),
                                               ("Bob", "\U0001d401ob"), ("Carla", "CarIa"), ("m", "rn")])
def test_two_players_whose_names_look_alike_are_refused(first: str, second: str) -> None:
    """Issue #39, item 7: "Pass to Ada" could not say which Ada. Names are compared by their confusable skeletons
    (UTS #39), so a letter of another alphabet, or a capital I for an l, makes no other name."""
    with pytest.raises(BadName) as caught:
        names.check(["Bo", first, second])
    assert caught.value.code == "names.lookalike"
    assert caught.value.params == {"name": second, "other": first, "first": 2, "seat": 3}


@pytest.mark.parametrize("pair", [["Anna", "Анна"], ["Zoë", "Zoe"], ["Olga", "Ольга"], ["Ada", "Ida"], ["Jo", "Joe"]])
def test_names_that_only_share_letters_are_two_names(pair: list[str]) -> None:
    assert names.check(pair) == pair


def test_markup_in_a_name_is_kept_as_written() -> None:
    eve = 'Eve<img src="/none.png"><b>bold</b>'
    assert names.clean(eve) == eve


def test_a_new_game_refuses_names_that_cannot_be_told_apart() -> None:
    with pytest.raises(BadName):
        HotSeatGame.new("chrononauts", ["Ada", "ADA"], {"first_player": 0}, 1)


# --- the set-up dialog ------------------------------------------------------------------------


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def setup(main: MainWindow, typed: list[str]) -> SeatSetupDialog:
    dialog = SeatSetupDialog(main.tr_, main, [], ChrononautsTable, "chrononauts")
    for edit, text in zip(dialog.name_edits, typed):
        edit.setText(text)
    dialog.accept()
    return dialog


def test_the_setup_dialog_takes_names_cleaned(main: MainWindow) -> None:
    dialog = setup(main, ["  Ada  ", "", "B\u200bo"])
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.names() == ["Ada", "Bo"]


@pytest.mark.parametrize(("typed", "said"), [
    (["Ada", "ada"], "Seats 1 and 2 have the same name, “ada”"),
    (["Ada", "\u200b"], "Seat 2: this name has no letter"),
    (["x" * (MAX_LENGTH + 1), "Bo"], f"Seat 1: this name is longer than {MAX_LENGTH} characters"),
])
def test_the_setup_dialog_refuses_a_name_and_stays_open_with_what_was_typed(main: MainWindow, typed: list[str],
                                                                             said: str) -> None:
    dialog = setup(main, typed)
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert said in dialog.error.text()
    assert [e.text() for e in dialog.name_edits[:2]] == typed


def test_the_setup_dialog_says_why_in_the_players_language(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    main = make_window(qtbot, dialogs, "it")
    dialog = setup(main, ["Ada", "ADA"])
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "I posti 1 e 2 hanno lo stesso nome" in dialog.error.text()


@pytest.mark.parametrize("language", ["en", "it", "es", "nl"])
def test_the_setup_dialog_refuses_names_that_look_alike_in_each_language(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                         language: str) -> None:
    main = make_window(qtbot, dialogs, language)
    dialog = setup(main, ["Ada", CYRILLIC_ADA])
    assert dialog.result() != QDialog.DialogCode.Accepted
    said = main.tr_.text("names.lookalike", name=CYRILLIC_ADA, other="Ada", first=1, seat=2)
    assert dialog.error.text() == said and "{" not in said and "names." not in said


def test_a_pasted_book_stops_at_the_field_and_is_refused(main: MainWindow) -> None:
    dialog = setup(main, ["Ada", "y" * 1_000_000])
    assert len(dialog.name_edits[1].text()) <= names.RAW_LIMIT
    assert dialog.result() != QDialog.DialogCode.Accepted and "Seat 2" in dialog.error.text()


# --- saves ------------------------------------------------------------------------------------


def saved_with(tmp_path: Path, players: list[Any]) -> Path:
    game = HotSeatGame.new("chrononauts", ["Ada", "Bo"], {"first_player": 0}, 3)
    data = json.loads(game.to_json())
    data["players"] = players
    path = tmp_path / "game.convivium.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(("players", "reason"), [
    (["Ada", "B" * 1_000_000], "names.too_long"),
    (["Ada", "B" * (MAX_LENGTH + 1)], "names.too_long"),
    (["\u200b\u200b", "Bo"], "names.invisible"),
])
def test_a_save_with_a_name_that_cannot_be_used_is_refused(tmp_path: Path, players: list[str], reason: str) -> None:
    with pytest.raises(SaveError) as caught:
        HotSeatGame.load(saved_with(tmp_path, players))
    assert caught.value.code == "save.bad_name" and caught.value.params["reason"] == reason


def test_a_save_with_half_a_surrogate_pair_in_a_name_is_refused(tmp_path: Path) -> None:
    path = saved_with(tmp_path, ["Ada", "Bo"])
    path.write_text(path.read_text(encoding="utf-8").replace('"Bo"', '"Bo\\ud800"'), encoding="utf-8")
    with pytest.raises(SaveError):
        SeatGame.load(path)


def test_a_save_is_cleaned_and_repeated_names_are_told_apart_by_seat(tmp_path: Path) -> None:
    """A file from before names had to differ still opens: the second Ada becomes "Ada (2)"."""
    assert HotSeatGame.load(saved_with(tmp_path, [" Ada\u200b ", "ADA"])).names == ["Ada", "ADA (2)"]
    assert names.from_save(["Ada", "ada", "Ada (2)"]) == ["Ada", "ada (5)", "Ada (2)"]


def test_a_save_with_names_that_look_alike_opens_with_them_told_apart_by_seat(tmp_path: Path) -> None:
    """A hand-made file with "Ada" and "Аda" still opens, and the table can tell its players apart."""
    loaded = HotSeatGame.load(saved_with(tmp_path, ["Ada", CYRILLIC_ADA])).names
    assert loaded == ["Ada", f"{CYRILLIC_ADA} (2)"]
    assert names.from_save(["Al", "AI", "AI (2)"]) == ["Al", "AI (5)", "AI (2)"]


def test_file_open_refuses_a_million_character_name_with_the_reason(main: MainWindow, dialogs: Dialogs,
                                                                   tmp_path: Path) -> None:
    assert not main.open_file(saved_with(tmp_path, ["Ada", "B" * 1_000_000]))
    assert main.table is None
    (_title, text), = dialogs.informed
    assert f"A player's name in this file cannot be used. Seat 2: this name is longer than {MAX_LENGTH}" in text
