"""Solonauts as a one-seat table of the shared frame (issue #14): no curtain, unlimited undo, its own helpers."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QListWidget
from table_driver import DEAL

from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel
from desktop.games.chrononauts.solonauts_stats import Statistics
from desktop.games.chrononauts.solonauts_table import SoloGame, SolonautsTable
from desktop.shell.tables import table_for
from rules.saves import load as load_save


@pytest.fixture
def table(qtbot: Any, home: Path) -> SolonautsTable:
    home.mkdir(parents=True, exist_ok=True)
    made = SolonautsTable(Translator("en"), SoloGame.new({"ids": 8}, DEAL), home / "slot.convivium.json",
                          QListWidget(), DetailPanel(), Statistics(home / "stats.json"))
    made._autosave()
    qtbot.addWidget(made)
    return made


@pytest.fixture
def nothing_measured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """As in a new process on a cache folder of the test's own: no layout measured yet, none kept (the folder)."""
    from desktop.frame import kept_fits
    from desktop.games.chrononauts import solonauts_scene

    monkeypatch.setattr(solonauts_scene, "_LAYOUTS", {})
    monkeypatch.setenv("CONVIVIUM_CACHE", str(tmp_path))
    kept_fits.forget()
    yield tmp_path
    kept_fits.forget()


def first_move(table: SolonautsTable) -> object:
    return next(iter(next(iter(table.session.dests().values())).values()))


def test_solonauts_has_a_table_of_its_own_and_the_other_modes_keep_theirs() -> None:
    assert table_for("chrononauts", "solonauts") is SolonautsTable
    full = table_for("chrononauts", "chrononauts")
    assert full is not None and full.__name__ == "ChrononautsTable"


def test_one_seat_draws_no_curtain(table: SolonautsTable) -> None:
    assert not table.game.secret_differs(0)
    assert not table.scene.curtain_up
    assert table.scene.dests  # the player's cards are offered at once, nobody asked to look away


def test_undo_is_unlimited_and_says_when_there_is_nothing(table: SolonautsTable) -> None:
    said: list[str] = []
    table.said.connect(lambda text, _error: said.extend([text] if text else []))  # '' clears the line
    for _ in range(3):
        assert table.play(first_move(table))  # type: ignore[arg-type]
    assert table.can_take_back()
    for _ in range(3):
        table.undo()
    assert table.game.match.moves == [] and not said
    table.undo()
    assert said == ["Nothing to undo."]
    table.redo()
    assert len(table.game.match.moves) == 1


def test_every_move_is_autosaved_in_its_slot(table: SolonautsTable) -> None:
    assert table.autosave is not None
    table.play(first_move(table))  # type: ignore[arg-type]
    assert load_save(table.autosave).moves == table.game.match.moves


def test_the_status_line_says_the_prompt_score_and_deal(table: SolonautsTable) -> None:
    prompt, score, deal = table.status()
    assert prompt and str(DEAL) in deal.replace(",", "").replace(" ", "") and "8" in score


def test_the_helpers_are_the_tables_own(table: SolonautsTable) -> None:
    assert all(table.offers(action) for action in ("hint", "daily", "statistics", "restart"))
    table.play(first_move(table))  # type: ignore[arg-type]
    table.restart()  # the same deal again, from the start
    assert table.game.match.moves == [] and table.game.match.seed == DEAL
    dialog = table.show_statistics()
    QApplication.processEvents()
    assert dialog.isVisible()
    dialog.close()


def test_the_log_leaves_out_the_linchpin_flip(table: SolonautsTable) -> None:
    table.play(first_move(table))  # type: ignore[arg-type]
    assert all(event.kind != "linchpin_flipped" for event in table.log_lines())
    assert table.log.count() == len(table.log_lines())


def test_a_new_deal_in_the_same_words_and_window_is_not_laid_out_again(qtbot: Any, window: Any, nothing_measured: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The layout of the Solonauts table (every row as tall as its words need) was measured afresh for each new
    table, and again as the window named the new table's words: a tenth of the start (issue #42). It is kept for
    the words and the window it was measured for; a language switched back to asks nothing new either."""
    from desktop.games.chrononauts import solonauts_scene

    window.resize(1280, 720)
    window.new_game({"ids": 8}, 3)
    QApplication.processEvents()
    measured: list[object] = []
    real = solonauts_scene.tall_enough
    monkeypatch.setattr(solonauts_scene, "tall_enough", lambda *args: measured.append(args) or real(*args))
    window.new_game({"ids": 8}, 4)
    QApplication.processEvents()
    assert measured == []
    window.set_language("it")
    QApplication.processEvents()
    assert measured  # other words: measured for them
    measured.clear()
    window.set_language("en")
    QApplication.processEvents()
    assert measured == []


def test_a_later_start_lays_the_table_out_as_measured_without_measuring_it(
        qtbot: Any, window: Any, nothing_measured: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first table's layout was measured again at every start in the same words and window: twelve searches,
    a tenth of the start (issue #42). It is kept between starts for the very faces and window it was measured for:
    a later start lays the table out alike without measuring; a kept file that is damaged, or says a row is taller
    than it may grow, is measured anew."""
    from desktop.frame import kept_fits
    from desktop.games.chrononauts import solonauts_scene

    kept = nothing_measured / "layouts" / "solonauts.json"
    measured: list[object] = []
    real = solonauts_scene.tall_enough
    monkeypatch.setattr(solonauts_scene, "tall_enough", lambda *args: measured.append(args) or real(*args))

    def next_start(damage: str | None = None) -> Any:
        kept_fits.save()  # as the process ends
        kept_fits.forget()
        monkeypatch.setattr(solonauts_scene, "_LAYOUTS", {})  # a new process: nothing measured yet
        if damage is not None:
            kept.write_text(damage, "utf-8")
        measured.clear()
        window.new_game({"ids": 8}, 5)
        QApplication.processEvents()
        return window.table.scene.table_layout

    window.resize(1280, 720)  # a window of another size: this table measured for it
    QApplication.processEvents()
    first = window.table.scene.table_layout
    assert measured and first.rows != solonauts_scene.FLOOR.rows  # measured, and grown for its words
    assert next_start() == first and measured == []
    assert kept.is_file()
    assert next_start("not JSON {") == first and measured  # measured anew, and kept again
    assert next_start() == first and measured == []
    data = json.loads(kept.read_text("utf-8"))
    data["value"] = {name: [999.0] * 6 for name in data["value"]}  # no row may grow so tall
    assert next_start(json.dumps(data)) == first and measured
