"""The frame every table for several people shares: which games open, in which language, from which files."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog

from desktop.frame.i18n import Translator
from desktop.frame.registration import games
from desktop.frame.seat_table import SeatGame, saved_game
from desktop.shell.main_window import MainWindow
from desktop.shell.new_game_dialog import NewGameDialog
from desktop.shell.tables import seat_games, table_class


def test_the_new_game_dialog_offers_every_game_with_a_table(window: MainWindow) -> None:
    dialog = NewGameDialog(window.tr_, window)
    offered = [dialog.game.itemData(i) for i in range(dialog.game.count())]
    assert offered == seat_games() and offered[0] == "chrononauts"
    assert set(offered) <= set(games())
    for index, game in enumerate(offered):
        dialog.game.setCurrentIndex(index)
        modes = [dialog.mode.itemData(i) for i in range(dialog.mode.count())]
        table = table_class(game)
        assert table is not None
        assert modes == (["solonauts"] if game == "chrononauts" else []) + list(table.MODES)
        assert dialog.game.itemText(index) == window.tr_.text(f"game.{game}") != f"game.{game}"


def test_the_new_game_dialog_begins_on_the_game_on_the_table(window: MainWindow,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A group that has just played the Banquet asks for another: Game → New game began on Solonauts every time."""
    begun: list[tuple[str, str]] = []

    def look(dialog: NewGameDialog) -> int:
        begun.append((dialog.chosen_game(), dialog.chosen_mode()))
        return int(QDialog.DialogCode.Rejected)

    monkeypatch.setattr(NewGameDialog, "exec", look)
    window.new_game_dialog()  # Solonauts on the table
    assert window.new_hotseat("banquet", "open_privileges", ["Ada", "Bruno", "Carla"], {}, 3) is not None
    window.new_game_dialog()
    window.new_hotseat("chrononauts", "artifaxx", ["Ada", "Bruno"], {}, 3)
    window.new_game_dialog()
    assert begun == [("chrononauts", "solonauts"), ("banquet", "open_privileges"), ("chrononauts", "artifaxx")]


def test_the_deal_rows_belong_to_solonauts_alone(window: MainWindow) -> None:
    dialog = NewGameDialog(window.tr_, window)
    rows = (dialog.ids, dialog.deal, dialog.kind)
    assert dialog.chosen_mode() == "solonauts" and all(row.isVisibleTo(dialog) for row in rows)
    dialog.mode.setCurrentIndex(dialog.mode.findData("artifaxx"))
    assert not any(row.isVisibleTo(dialog) for row in rows)  # hidden, not greyed: they mean nothing there
    dialog.game.setCurrentIndex(dialog.game.findData("banquet"))
    assert not any(row.isVisibleTo(dialog) for row in rows)
    dialog.game.setCurrentIndex(dialog.game.findData("chrononauts"))
    assert dialog.chosen_mode() == "solonauts" and all(row.isVisibleTo(dialog) for row in rows)


def test_a_games_translator_speaks_the_windows_language() -> None:
    window_tr = Translator("en")
    game_tr = window_tr.for_game("banquet")
    assert game_tr.text("app.name") == "Convivium"  # the UI catalog is shared
    window_tr.set_language("it")
    assert game_tr.language == "it"
    game_tr.set_language("nl")  # switching from a game's table switches the window
    assert window_tr.language == "nl" == game_tr.language


def test_every_engine_for_several_is_told_how_many_play() -> None:
    for game, mode in (("chrononauts", "chrononauts"), ("banquet", "standard"), ("bacchanalia", "standard"),
                       ("parsifal", "standard")):
        names = ["Ada", "Bea", "Cyd"]
        started = SeatGame.start(game, mode, names, {}, 7)
        assert started.engine.players(started.state) == 3 and started.names == names


def test_a_save_names_its_game_or_is_not_a_save(tmp_path: Path) -> None:
    junk = tmp_path / "junk.convivium.json"
    junk.write_text("{not json", encoding="utf-8")
    assert saved_game(junk) is None
    junk.write_text(json.dumps(["a list"]), encoding="utf-8")
    assert saved_game(junk) is None
    game = SeatGame.start("banquet", "open_privileges", ["Ada", "Bea", "Cyd"], {}, 3)
    path = tmp_path / "banquet.convivium.json"
    game.save(path)
    assert saved_game(path) == ("banquet", "open_privileges")
    again = SeatGame.load(path)
    assert again.names == ["Ada", "Bea", "Cyd"] and again.engine.to_dict(again.state) == game.engine.to_dict(game.state)


def test_every_set_up_dialog_speaks_its_games_words(window: MainWindow) -> None:
    """The options of a game are worded in that game's catalog: no raw text key may show."""
    import re

    from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel

    from desktop.frame.seat_table import SeatSetupDialog

    raw_key = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)+$")
    for game in seat_games():
        table = table_class(game)
        assert table is not None
        dialog = SeatSetupDialog(window.translator_for(game), window, [], table)
        words = [w.text() for w in dialog.findChildren(QLabel) + dialog.findChildren(QCheckBox)]
        words += [c.itemText(i) for c in dialog.findChildren(QComboBox) for i in range(c.count())]
        assert words and not [w for w in words if raw_key.match(w)], game
