"""Live reload for a running table: its Translator follows the saved card-set files."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Slot

from cardsets.yamlfile import CardSetError
from desktop.frame.i18n import Translator
from desktop.workbench.source import load_game, load_ui
from desktop.workbench.watch import shared_watcher


def reload_translator(tr: Translator, root: Path, game: str) -> CardSetError | None:
    """Give ``tr`` the texts as they are on disk now; on a broken file keep the old ones and
    return why (the window says it in the player's language: desktop.frame.problem_words)."""
    try:
        ui = load_ui(root).catalog
        texts = load_game(root, game).texts.catalog
    except CardSetError as exc:
        return exc
    tr.replace_texts(ui, texts)
    return None


class Follower(QObject):
    """Reloads a Translator when the card sets change; lives as long as its parent (a window)."""

    def __init__(self, tr: Translator, root: Path, game: str, parent: QObject,
                 on_problem: Callable[[CardSetError], None]) -> None:
        super().__init__(parent)
        self.tr_, self.root, self.game, self.on_problem = tr, root, game, on_problem
        shared_watcher(root).changed.connect(self.reload)

    @Slot()
    def reload(self) -> None:
        problem = reload_translator(self.tr_, self.root, self.game)
        if problem is not None:
            self.on_problem(problem)


def follow_saves(tr: Translator, root: Path, game: str, parent: QObject,
                 on_problem: Callable[[CardSetError], None]) -> Follower:
    return Follower(tr, root, game, parent, on_problem)
