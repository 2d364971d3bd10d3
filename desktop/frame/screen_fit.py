"""Windows and dialogs that fit the screen they open on (issue #36: a 1280×720 laptop shows each one whole).

A window asks for the size it would like and gets at most the screen's free area (`QScreen.availableGeometry`:
the screen without its panels) less the frame the window manager draws around it. A dialog whose contents
need more room scrolls them inside (its buttons stay outside the scrolling part, always in view). The main
window keeps its size and maximized state per screen in the settings, as Qt's own state written as text."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QByteArray, QCoreApplication, QEvent, QMargins, QObject, QSize
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

# The frame around a window not shown yet (its real size is known once the window manager has drawn it):
# a title bar and borders as thick as common desktops draw them, or a little more.
FRAME_GUESS = QMargins(8, 40, 8, 8)
STATE_MAX = 8192  # characters of one Qt state written as text: a window's or its docks' take a few hundred
GEOMETRY = "window_geometry"  # the settings' entry: {screen: the main window's geometry on that screen}
SCREENS_KEPT = 8  # screens remembered; the one used longest ago goes first
TITLE_BUTTONS = 110  # px beside a title in the window manager's bar: its menu, minimize, maximize and close buttons


def encode(state: QByteArray) -> str:
    """Qt's state (a window's geometry, its docks' layout) as text for the settings."""
    return bytes(state.toBase64().data()).decode("ascii")


def decode(text: object) -> QByteArray | None:
    """A state written by `encode`; None for anything that cannot be one (a hand-edited settings file)."""
    if not isinstance(text, str) or not text or len(text) > STATE_MAX or not text.isascii():
        return None
    return QByteArray.fromBase64(text.encode("ascii"))


def screen_of(widget: QWidget) -> QScreen:
    """The screen `widget`'s window is on, or will open on (a dialog: its parent's)."""
    parent = widget.parentWidget()
    screen = (parent.window() if parent is not None else widget.window()).screen()
    return screen if screen is not None else QGuiApplication.primaryScreen()


def frame_margins(widget: QWidget) -> QMargins:
    """The window manager's frame around `widget`'s window: measured once it has one, else a generous guess."""
    window = widget.window()
    outer, inner = window.frameGeometry(), window.geometry()
    if window.isVisible() and outer != inner:
        return QMargins(inner.left() - outer.left(), inner.top() - outer.top(),
                        outer.right() - inner.right(), outer.bottom() - inner.bottom())
    return FRAME_GUESS


def room(widget: QWidget) -> QSize:
    """The largest size (inside its frame) `widget`'s window may take on its screen."""
    return screen_of(widget).availableGeometry().marginsRemoved(frame_margins(widget)).size()


def fit_to_screen(widget: QWidget, wanted: QSize | None = None) -> None:
    """Size the window `widget` as `wanted` (by default as it is), at most the room on its screen; a window
    on show that sticks out of the screen's free area moves into it. A window not shown yet is placed when
    shown (a dialog over its parent, which Qt keeps on the screen)."""
    size = (wanted if wanted is not None else widget.size()).boundedTo(room(widget))
    if size != widget.size():
        widget.resize(size)
    if widget.isVisible():
        move_onto_screen(widget)


def settle_layouts() -> None:
    """Lay out now what waits for the event loop to be laid out. A widget shown or hidden only asks its window to
    lay itself out again; until then a dock made visible is measured against the old minimum of its neighbours, and
    Qt grows the window to that minimum at once: the network chat shown under a side panel whose guided-game offer
    had just gone made the window 731 px high on a 720 px screen. Qt never shrinks it back."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


def move_onto_screen(widget: QWidget) -> None:
    area = screen_of(widget).availableGeometry()
    frame = widget.frameGeometry()
    x = max(area.left(), min(frame.left(), area.right() + 1 - frame.width()))
    y = max(area.top(), min(frame.top(), area.bottom() + 1 - frame.height()))
    if (x, y) != (frame.left(), frame.top()):
        widget.move(x, y)


def title_width(window: QWidget) -> int:
    """The width a window needs for its title to read whole in the window manager's bar (its font is the
    desktop's: measured in the application's, bold, as most desktops draw titles)."""
    font = QFont(window.font())
    font.setBold(True)
    return QFontMetrics(font).horizontalAdvance(window.windowTitle()) + TITLE_BUTTONS


class _KeepOnScreen(QObject):
    """Fits its window each time it is shown, at the size its contents asked for and wide enough for its title
    ("New game for several — Parsifal, a game of tarots" was cut in the middle at 1280×720)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Show and isinstance(watched, QWidget) and watched.isWindow():
            fit_to_screen(watched, watched.size().expandedTo(QSize(title_width(watched), 0)))
        return False


def keep_on_screen(window: QWidget) -> QWidget:
    """`window` (a dialog) fits the screen whenever it opens, whatever size its contents asked for."""
    window.installEventFilter(_KeepOnScreen(window))
    return window


def screen_key(screen: QScreen) -> str:
    """Screens told apart by name and size: the laptop's own, the big one on the desk, a projector."""
    size = screen.size()
    return f"{screen.name()} {size.width()}x{size.height()}"


def restore_geometry(window: QWidget, settings: dict[str, Any], default: QSize) -> None:
    """The size and maximized state `window` had on this screen (else `default`), within the screen's room.
    What is not Qt's state is ignored."""
    kept = settings.get(GEOMETRY)
    state = decode(kept.get(screen_key(screen_of(window)))) if isinstance(kept, dict) else None
    if state is None or not window.restoreGeometry(state):
        window.resize(default)
    fit_to_screen(window)


def remember_geometry(window: QWidget, settings: dict[str, Any]) -> None:
    """Keep `window`'s size and maximized state for the screen it is on (the settings are saved by the caller)."""
    kept = settings.get(GEOMETRY)
    screens = {k: v for k, v in kept.items() if isinstance(k, str)} if isinstance(kept, dict) else {}
    key = screen_key(screen_of(window))
    screens.pop(key, None)  # last in the list: the newest
    screens[key] = encode(window.saveGeometry())
    settings[GEOMETRY] = dict(list(screens.items())[-SCREENS_KEPT:])
