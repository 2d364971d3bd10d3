"""A picture as PNG bytes, for the one writer (cardsets/files.py) to put on disk.

Qt's own ``save(path)`` opens the path itself: it writes into a FIFO (and waits there), replaces a
device, and leaves half a file on a full disk. Drawn into memory first, the picture is written like
every other file.
"""
from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QImage, QPixmap


def png_bytes(picture: QImage | QPixmap) -> bytes:
    """The picture encoded as PNG; OSError if Qt cannot encode it."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    pixmap = picture if isinstance(picture, QPixmap) else QPixmap.fromImage(picture)
    encoded = pixmap.save(buffer, "PNG")
    buffer.close()
    if not encoded:
        raise OSError(None, "the picture could not be encoded as PNG")
    return bytes(data.data())
