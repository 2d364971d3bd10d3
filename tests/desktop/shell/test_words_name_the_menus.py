"""A text that sends the player to a menu writes the path as the app does everywhere, "Game → Hint", with the words
the window shows: a guide that said "Edit, Undo" read as two things to press, and a path to a command the menu does
not hold leaves a new player searching."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cardsets import text, tutorial
from cardsets.text import LANGUAGES
from desktop.shell.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[3] / "cardsets"
PATH = re.compile(r"\b(?P<menu>[A-ZÀ-Ý][^\W\d_]*) → (?P<rest>.*)")  # "1865 → 1868" is a ripple, not a path


def words(label: str) -> str:
    return label.replace("&", "").rstrip("…").strip()


def texts(language: str) -> dict[str, str]:
    """The app's texts and the guided games', by catalog and key, as the loaders read them, and the How to play
    pages, by file."""
    catalogs = [("ui", text.load(ROOT / "ui" / "text", "ui/text")[0])]
    catalogs += [(name, tutorial.load_texts(name, ROOT)[0]) for name in tutorial.cardsets_with_tutorials(ROOT)]
    found = {f"{name}:{key}": value for name, catalog in catalogs
             for key, value in catalog.strings.get(language, {}).items()}
    for path in sorted(ROOT.glob(f"*/rules/*.{language}.md")):
        found[str(path.relative_to(ROOT))] = path.read_text(encoding="utf-8")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_menu_path_in_words_leads_to_a_command(qtbot: Any, window: MainWindow, language: str) -> None:
    window.language_actions[language].trigger()
    menus = {words(menu.title()): [words(act.text()) for act in menu.actions() if act.text()]
             for menu in (window.menu_game, window.menu_edit, window.menu_language, window.menu_tools,
                          window.menu_help)}
    paths = 0
    wrong = []
    for where, said in texts(language).items():
        for line in said.splitlines():
            for found in PATH.finditer(line):
                paths += 1
                menu, rest = found["menu"], found["rest"]
                if menu not in menus:
                    wrong.append(f"{where}: no menu {menu!r} in {line!r}")
                elif not any(rest.startswith(command) for command in menus[menu]):
                    wrong.append(f"{where}: the {menu} menu holds none of {rest[:30]!r}")
    assert wrong == []
    assert paths >= 10  # the Solonauts guide's Undo and Hint among them


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_menu_path_is_written_as_a_list(language: str) -> None:
    every = texts(language)
    menus = [re.escape(words(every[f"ui:menu.{name}"])) for name in ("game", "edit", "help")]
    listed = [f"{where}: {said}" for where, said in every.items() if re.search(rf"\b(?:{'|'.join(menus)}), [A-Z]", said)]
    assert listed == []
