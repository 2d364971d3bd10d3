"""One running Convivium per data folder: a second copy would take the same autosaves and each would
write over the other's games.

The running app holds a lock file in the data folder (QLockFile: a crashed app's lock is stale, its
process gone, and is taken over; the crash resume then runs as before). It also listens on a local
socket named after the data folder, so that a second copy can ask it to come to the front and quit, handing it
the invitation it was started with (`convivium join LINK`).
"""
from __future__ import annotations

import hashlib
import os
import stat
import sys
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

from desktop.frame import dialogs
from desktop.frame.i18n import Translator

LOCK_NAME = "convivium.lock"
RAISE = b"raise\n"
JOIN = b"join "  # then an invitation, on a line of its own after RAISE
MAX_MESSAGE = 4096  # bytes a second copy may send: a line to come forward and an invitation fit in far less
WAIT_MS = 3000  # a guard against a hung first copy, not a measure


def server_name(folder: Path) -> str:
    """The local socket's name: one per data folder (a hash, since a path may hold any character)."""
    digest = hashlib.sha256(str(folder.resolve()).encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return f"convivium-{digest}"


class InstanceLock(QObject):
    """The running app's hold on its data folder, and its ear for a second copy."""

    raise_requested = Signal()  # a second copy asked this one to come to the front
    join_requested = Signal(str)  # and to join a game with this invitation (checked by the Join dialog)

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.lock = QLockFile(str(folder / LOCK_NAME))
        self.lock.setStaleLockTime(0)  # stale only when its process is gone, however long it has run
        self.server: QLocalServer | None = None

    def obstacle(self) -> str | None:
        """What stands where the lock file goes, if it is not a file: "folder", "link" or "special" (a device, a
        pipe, a socket). QLockFile would take a folder there for another copy's lock, and wait forever on a pipe."""
        try:
            mode = os.lstat(self.folder / LOCK_NAME).st_mode
        except OSError:
            return None  # nothing there (or a folder we cannot look into: `claim` copes with that)
        if stat.S_ISREG(mode):
            return None
        return "folder" if stat.S_ISDIR(mode) else "link" if stat.S_ISLNK(mode) else "special"

    def claim(self) -> bool:
        """Take the folder; False only if another running Convivium holds it. A folder where no lock
        can be made at all (read-only, full) is not refused: the app runs as it did before the lock."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True
        if not self.lock.tryLock(0):
            return self.lock.error() != QLockFile.LockError.LockFailedError
        self._listen()
        return True

    def _listen(self) -> None:
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        name = server_name(self.folder)
        if not server.listen(name):
            QLocalServer.removeServer(name)  # a crashed run's socket file: the lock says it is ours now
            if not server.listen(name):
                return  # no way to be called to the front; the lock still keeps the folder
        server.newConnection.connect(self._connected)
        self.server = server

    def _connected(self) -> None:
        assert self.server is not None
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            pending = bytearray()  # a line may come in pieces
            socket.readyRead.connect(lambda s=socket, p=pending: self._read(s, p))
            socket.disconnected.connect(socket.deleteLater)
            self._read(socket, pending)  # what arrived before readyRead was connected

    def _read(self, socket: QLocalSocket, pending: bytearray) -> None:
        pending += bytes(socket.readAll().data())
        if len(pending) > MAX_MESSAGE:
            pending.clear()  # not one of ours
            socket.abort()
            return
        while b"\n" in pending:
            line, _, rest = bytes(pending).partition(b"\n")
            pending[:] = rest
            if line == RAISE.strip():
                self.raise_requested.emit()
            elif line.startswith(JOIN):
                self.join_requested.emit(line[len(JOIN):].decode("utf-8", "replace"))

    def release(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        self.lock.unlock()


def ask_to_come_forward(folder: Path, join: str | None = None) -> bool:
    """Ask the copy holding `folder` to show its window, and to join a game with the invitation `join` if given;
    True if it got the message."""
    socket = QLocalSocket()
    socket.connectToServer(server_name(folder))
    if not socket.waitForConnected(WAIT_MS):
        return False
    link = " ".join((join or "").split())[:1000].encode("utf-8", "replace")  # one line, bounded
    socket.write(RAISE + (JOIN + link + b"\n" if link else b""))
    sent = socket.waitForBytesWritten(WAIT_MS)
    socket.disconnectFromServer()
    if socket.state() != QLocalSocket.LocalSocketState.UnconnectedState:
        socket.waitForDisconnected(WAIT_MS)
    return sent


def claim_or_hand_over(tr: Translator, folder: Path, join: str | None = None) -> InstanceLock | None:
    """The lock if this copy may run; None if another one has the folder (then, if the person wants,
    that one has been asked to come to the front, and to join with the invitation `join`), or if something that
    is not a file stands where the lock goes (the person is told what and where). This copy then quits without
    writing anything."""
    lock = InstanceLock(folder)
    t = tr.text
    blocked = lock.obstacle()
    if blocked is not None:  # not another copy: say what is in the way and where, and start nothing
        text = t("instance.blocked", path=str(folder / LOCK_NAME), what=t(f"instance.blocked.{blocked}"))
        print(text, file=sys.stderr)
        dialogs.warn(None, t("instance.blocked_title"), text)
        return None
    if lock.claim():
        return lock
    choice = dialogs.ask(None, t("instance.title"), t("instance.running"), [t("instance.show"), t("instance.quit")])
    if choice == 0 and not ask_to_come_forward(folder, join):
        dialogs.inform(None, t("instance.title"), t("instance.not_reached"))
    return None
