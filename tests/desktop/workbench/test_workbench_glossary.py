"""The workbench shows the game's glossary beside the strings (issue #13, item 2)."""
from __future__ import annotations

import shutil
from pathlib import Path

from pytestqt.qtbot import QtBot

import cardsets
from desktop.frame.i18n import Translator
from desktop.workbench.window import Workbench


def copy_sets(root: Path, *games: str) -> Path:
    for name in (*games, "ui"):
        shutil.copytree(cardsets.ROOT / name, root / name, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return root


def rows(bench: Workbench) -> list[list[str]]:
    table = bench.glossary
    return [[item.text() if (item := table.item(r, c)) else "" for c in range(2)] for r in range(table.rowCount())]


def test_the_glossary_tab_lists_the_terms_in_both_languages(qtbot: QtBot, tmp_path: Path) -> None:
    root = copy_sets(tmp_path, "chrononauts", "parsifal")
    bench = Workbench(Translator("en"), root, game="chrononauts", source="en", target="it", watch=False)
    qtbot.addWidget(bench)
    assert ["Linchpin", "Linchpin"] in rows(bench) and ["Memo", "Memo"] in rows(bench)
    assert bench.tabs.tabText(bench.tabs.indexOf(bench.glossary)) == "Glossary"
    bench.set_languages("es", "nl")
    assert ["Nota", "Briefje"] in rows(bench) and ["eje", "kantelpunt"] in rows(bench)
    bench.game_box.setCurrentIndex(bench.game_box.findData("parsifal"))
    assert ["Grial", "Graal"] in rows(bench)
    bench.tr_.set_language("nl")
    bench.retranslate()
    assert bench.tabs.tabText(bench.tabs.indexOf(bench.glossary)) == "Woordenlijst"  # in the workbench's language
