"""Noticing that a translator saved a card-set file, so what is on screen follows within a second."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QFileSystemWatcher, QObject, QTimer, Signal

import cardsets
from cardsets.folders import folder

DEBOUNCE_MS = 150  # an editor's save is several writes; wait for the last one
POLL_MS = 1000  # a look at the files' times and sizes, for when the system's file events do not come


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
        # File events can fail to come: a network folder, or a system out of inotify instances
        # (128 per user by default). A cheap look every second catches what they miss.
        self._seen = self._stamps()
        self._poll = QTimer(self)
        self._poll.setInterval(POLL_MS)
        self._poll.timeout.connect(self._look)
        self._poll.start()
        self._rewatch()

    def _folders(self) -> list[Path]:
        folders = [self.root / "ui" / "text"]
        for game in cardsets.games(self.root):
            folders += [folder(game, self.root), folder(game, self.root) / "text"]
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

    def _stamps(self) -> dict[Path, tuple[int, int]]:
        stamps: dict[Path, tuple[int, int]] = {}
        for folder in self._folders():
            for path in folder.glob("*.yaml"):
                try:
                    info = path.stat()
                except OSError:
                    continue
                stamps[path] = (info.st_mtime_ns, info.st_size)
        return stamps

    def _look(self) -> None:
        now = self._stamps()
        if now != self._seen:
            self._seen = now
            self._poke()

    def _fire(self) -> None:
        self._seen = self._stamps()
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
