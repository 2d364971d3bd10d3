"""A language switch during every prompt of every table (issue #16, item 5): once the switch is made, no
string of the old language is left on screen — not on the cards, the prompt bar, the status bar, the log,
the keys shown by F1, nor in How to play left open beside the table.

The dialogs that ask something (set-up, a question, a choice of card) are modal (`exec`, `open`): while one
is open the window's menus, and so its language menu, take no input, so no switch can happen under them.

"Old language" strings are the catalogs' words in the language left, cut at their placeholders, keeping
pieces long enough to be unmistakable and that the new language does not also use (a title the same in
both languages is no leftover)."""
from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from monkey import GAMES, Game
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QListWidget, QTextEdit, QWidget
from table_driver import Dialogs, make_window
from test_keyboard_every_table import seated

import cardsets
from desktop.shell.main_window import MainWindow
from desktop.tools.legibility import scene_texts

SWITCHES = [("en", "nl"), ("nl", "it"), ("it", "es"), ("es", "en")]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MIN_PIECE = 14  # shorter pieces ("Bruno", "OK") may well be the same words in another language


def pieces(text: str) -> Iterator[str]:
    for piece in PLACEHOLDER.split(text):
        piece = " ".join(piece.split()).strip(" .,:;!?()«»\"'—-")
        if len(piece) >= MIN_PIECE and " " in piece:
            yield piece


def leftovers(game: str, old: str, new: str) -> set[str]:
    """Pieces of the old language's strings that the new language never says."""
    catalogs = [cardsets.load_ui_texts(), cardsets.load_texts(game)]
    said_now = "\n".join(value for catalog in catalogs for value in catalog.strings.get(new, {}).values())
    found: set[str] = set()
    for catalog in catalogs:
        before, after = catalog.strings.get(old, {}), catalog.strings.get(new, {})
        for key, value in before.items():
            if after.get(key) == value:
                continue
            found.update(piece for piece in pieces(value) if piece not in said_now)
    return found


def widget_words(widgets: Iterable[QWidget]) -> Iterator[str]:
    for top in widgets:
        if not top.isVisible():
            continue
        yield top.windowTitle()
        for label in top.findChildren(QLabel):
            if label.isVisible():
                yield label.text()
        for button in top.findChildren(QAbstractButton):
            if button.isVisible():
                yield button.text()
        for listing in top.findChildren(QListWidget):
            if listing.isVisible():
                yield from (listing.item(row).text() for row in range(listing.count()))
        for edit in top.findChildren(QTextEdit):
            if edit.isVisible():
                yield edit.toPlainText()


def on_screen(main: MainWindow, table: Any) -> str:
    words = [*widget_words(QApplication.topLevelWidgets()), main.statusBar().currentMessage()]
    words += [text.text for text in scene_texts(table.view)]
    return "\n".join(" ".join(word.split()) for word in words if word)


def switch_and_look(main: MainWindow, table: Any, game: str, old: str, new: str) -> list[str]:
    main.set_language(new)
    QApplication.processEvents()
    shown = on_screen(main, table)
    # Whole words only: Italian "storia alternativa" lies inside Spanish "historia alternativa".
    return sorted(piece for piece in leftovers(game, old, new)
                  if re.search(rf"(?<!\w){re.escape(piece)}(?!\w)", shown))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_no_word_of_the_old_language_stays_on_screen_after_a_switch(game: Game, qtbot: Any, home: Path) -> None:
    rng = random.Random(f"switch-{game.name}")
    main = make_window(qtbot, Dialogs())
    if game.game == "solonauts":
        main.new_game({}, rng.randrange(2**31))
        table = main.table
    else:
        table = seated(main, game, rng)
    main.show_help()  # How to play stays open beside the table, as a newcomer keeps it
    kinds_seen: set[str] = set()
    for step in range(40):
        old, new = SWITCHES[step % len(SWITCHES)]
        if main.tr_.language != old:
            main.set_language(old)
        if step % 5 == 2:
            table.scene.toggle_help(True)  # the keys, listed over the table
        state = "curtain" if table.scene.curtain_up else (
            "window" if table.game.engine.window(table.game.state) is not None else "prompt")
        kinds_seen.add(state)
        left = switch_and_look(main, table, "chrononauts" if game.game == "solonauts" else game.game, old, new)
        assert not left, f"{old}→{new} at step {step} ({state}): {left[:5]}"
        table.scene.toggle_help(False)
        if table.game.engine.is_over(table.game.state):
            break
        if table.scene.curtain_up:
            table.lift_curtain()
        else:
            onward = [key for key, b in table.buttons.items()
                      if key not in ("save", "undo", "auto_pass", "back") and b.isVisible() and b.isEnabled()]
            moves = [(card, target) for card, targets in table.scene.dests.items() for target in targets]
            if moves and (not onward or rng.random() < 0.6):
                card, target = rng.choice(moves)
                table.scene.select(card)
                table.scene.activate(target)
            elif onward:
                table.buttons[rng.choice(onward)].click()
        QApplication.processEvents()
    assert "prompt" in kinds_seen
    if game.game in ("chrononauts", "banquet"):  # hidden hands: the switch was also made under a curtain
        assert "curtain" in kinds_seen, kinds_seen

