"""Noticing that a translator saved a card-set file, so what is on screen follows within a second."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QFileSystemWatcher, QObject, QTimer, Signal

import cardsets

DEBOUNCE_MS = 150  # an editor's save is several writes; wait for the last one


class CardSetWatcher(QObject):
    """Emits ``changed`` once after a burst of writes to any YAML file of the card sets under ``root``."""

    changed = Signal()

    def __init__(self, root: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.root = root
        self._watcher = QFileSystemWatcher(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DEBOUNCE_MS)
        self._timer.timeout.connect(self._fire)
        self._watcher.fileChanged.connect(self._poke)
        self._watcher.directoryChanged.connect(self._poke)
        self._rewatch()

    def _folders(self) -> list[Path]:
        folders = [self.root / "ui" / "text"]
        for game in cardsets.games(self.root):
            folders += [self.root / game, self.root / game / "text"]
        return [f for f in folders if f.is_dir()]

    def _rewatch(self) -> None:
        # Editors that save by writing a new file and renaming it over the old one leave the
        # watcher holding a file that no longer exists; watching the folders notices the rename,
        # and adding the files again follows the new ones.
        folders = self._folders()
        files = [f for folder in folders for f in folder.glob("*.yaml")]
        wanted = {str(p) for p in (*folders, *files)}
        watched = set(self._watcher.files()) | set(self._watcher.directories())
        missing = sorted(wanted - watched)
        if missing:
            self._watcher.addPaths(missing)

    def _poke(self, _path: str = "") -> None:
        self._timer.start()

    def _fire(self) -> None:
        self._rewatch()
        self.changed.emit()


_SHARED: dict[Path, CardSetWatcher] = {}


def shared_watcher(root: Path) -> CardSetWatcher:
    """One watcher per card-set root for the whole process: every table window listens to it,
    so opening many windows (or running many tests) never runs out of inotify instances."""
    watcher = _SHARED.get(root)
    if watcher is None:
        watcher = _SHARED[root] = CardSetWatcher(root, QCoreApplication.instance())
    return watcher
