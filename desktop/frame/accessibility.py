"""The table as a screen reader sees it.

Qt exposes widgets to accessibility, not the items of a graphics scene. A factory installed
once gives a table's view (a QGraphicsView over a CardTable) an interface whose children are
the scene's card items (and the curtain while it is down), each named by the game's scene
(`CardTable.accessible_text`), with its role, state and place on the screen. The items are
QObjects, so Qt keeps and drops their interfaces as they come and go.

What changes is told as it changes (`Watcher`): after every redraw each item whose name,
description or "picked up" state changed sends its change event, items that come and go send
children-changed, and the focus move is told last. A hidden table exposes nothing (nor does a
stacked widget's hidden page), so a reader never walks a table nobody sees.

`announce` says a line (a log event, a new prompt) twice over: as a QAccessibleAnnouncementEvent
(object:announcement, which newer readers queue politely) and as a notification that shows
(object:state-changed:showing on an object of role Notification, which Orca 43, the one Debian
12 ships, speaks while it ignores announcements). The lines said in one turn of the event loop
go out as one notification, for Orca lets each notification cut the previous one short.
`listeners` hear all of it (tests, and any future spoken feedback), since Qt for Python has no
update handler to install.

An interface outlives the Python side of its object for a moment: a widget's Python wrapper is let go first in
its destructor, and Qt drops the interface only later in that destructor, asking it meanwhile about its parent to
tell a reader the object went (and at exit every window goes so). Each interface here is then invalid and answers
nothing (`_alive`): a Python error raised there, printed while Python shuts down, crashed the app (issue #37).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, QPoint, QRect, QTimer
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent, QAccessibleInterface, \
    QAccessibleObject, QWindow
from PySide6.QtWidgets import QAccessibleWidget, QApplication, QGraphicsView, QStackedWidget, QWidget

from desktop.frame.card_item import CardItem
from desktop.frame.card_table import CardTable

if TYPE_CHECKING:
    from PySide6.QtWidgets import QComboBox

# kind, object, text. Kinds: "announce" (a line said), "notify" (the notification saying the lines of a turn),
# "focus", and the changes of a table's items: "name", "description", "selected", "unselected", "add", "remove",
# "reorder" (the reading order changed).
Listener = Callable[[str, QObject, str], None]
listeners: list[Listener] = []
_installed = False
HERALDS_KEPT = 8  # notifications a reader may still be asking about (Orca reads the name after the event)
GONE_KEPT = 64  # items gone from a table, likewise
LATE_QUESTIONS_MS = 3000  # how long a reader still asks about the objects of the events it has queued


def install() -> None:
    """Give tables their interfaces (once per process)."""
    global _installed
    if not _installed:
        QAccessible.installFactory(_factory)
        _installed = True


def _factory(_class_name: str, obj: QObject) -> QAccessibleInterface | None:
    if isinstance(obj, CardItem):
        return CardAccess(obj)
    if isinstance(obj, CurtainToken):
        return CurtainAccess(obj)
    if isinstance(obj, QGraphicsView) and isinstance(obj.scene(), CardTable):
        return TableAccess(obj)
    if isinstance(obj, Herald):
        return HeraldAccess(obj)
    if type(obj) is QStackedWidget:  # noqa: E721 - Qt's own stack only, a subclass may list its pages itself
        return StackAccess(obj)
    return None


def _alive(obj: QObject | None) -> bool:
    """Whether `obj` is there to ask (its C++ side not deleted, nor being deleted: see the module's docstring)."""
    return obj is not None and shiboken6.isValid(obj)


def let_go(obj: QObject) -> None:
    """Delete `obj` (a closed dialog) once a reader has stopped asking about it. Orca asks about the focused button
    of a box after the box has closed, as the events of its closing reach it: deleted at once, Qt's bridge found
    nothing there ("Could not find accessible on path")."""
    QTimer.singleShot(LATE_QUESTIONS_MS, obj, obj.deleteLater)


def _tell(kind: str, obj: QObject, text: str) -> None:
    for listener in list(listeners):
        listener(kind, obj, text)


def _send(event: QAccessibleEvent) -> None:
    if QAccessible.isActive():
        QAccessible.updateAccessibility(event)


def announce(source: QObject, text: str, notify: bool = True) -> None:
    """Have a screen reader say `text` (politely: after what it is saying). `notify` False: no notification,
    for the object taking the focus says it (Orca 43 lets a notification cut short what the focus says)."""
    if not text:
        return
    _send(QAccessibleAnnouncementEvent(source, text))
    window = source.window() if isinstance(source, QWidget) else None
    if notify and window is not None and (QAccessible.isActive() or listeners):
        pending = window.findChild(_Pending)
        if not isinstance(pending, _Pending):
            pending = _Pending(window)
        pending.add(text)
    _tell("announce", source, text)


def say_choices(root: QWidget) -> None:
    """Every combo box under `root` says its new choice when the keyboard changes it: Orca 43 says nothing when
    the arrows change a closed combo box (a choice made with the pointer or by the program is not said)."""
    from PySide6.QtWidgets import QComboBox  # a dialog's: its type is made when the first one is (issue #42)

    for combo in root.findChildren(QComboBox):
        combo.currentIndexChanged.connect(lambda _index, combo=combo: _say_choice(combo))


def _say_choice(combo: QComboBox) -> None:
    if combo.hasFocus():
        announce(combo, combo.currentText())


class _Pending(QObject):
    """The lines said in this turn of the event loop, to go out as one notification when it ends."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.lines: list[str] = []

    def add(self, text: str) -> None:
        if not self.lines:
            QTimer.singleShot(0, self, self.flush)
        self.lines.append(text)

    def flush(self) -> None:
        lines, self.lines = self.lines, []
        if not lines:
            return
        text = " ".join(line if line[-1:] in ".!?…:" else line + "." for line in lines)
        herald = Herald(self.window, text)
        _send(QAccessibleEvent(herald, QAccessible.Event.ObjectShow))
        _tell("notify", herald, text)
        old = [child for child in self.window.findChildren(Herald)]
        for stale in old[:-HERALDS_KEPT]:
            stale.deleteLater()


def flush() -> None:
    """Send the notifications waiting for the end of this turn of the event loop now (tests)."""
    for window in QApplication.topLevelWidgets():
        for pending in window.findChildren(_Pending):
            pending.flush()


class Herald(QObject):
    """One notification: the lines of one moment, as a reader is told them."""

    def __init__(self, window: QWidget, text: str) -> None:
        super().__init__(window)
        self.window = window
        self.text = text


def focus_moved(view: QGraphicsView, key: str) -> None:
    """The keyboard focus went to the item `key` of the view's table: tell the screen reader."""
    if not _alive(view):
        return  # the view went, its table stays a moment longer
    scene = view.scene()
    if not isinstance(scene, CardTable):
        return
    target: QObject | None = (curtain_token(view) if key == "curtain" else scene.items_by_key.get(key))
    if target is None:
        return
    if not view.hasFocus():
        return  # the view says it when it gets the keyboard (TableView.focusInEvent)
    _send(QAccessibleEvent(target, QAccessible.Event.Focus))
    if listeners:
        name = QAccessible.queryAccessibleInterface(target)
        for listener in list(listeners):
            listener("focus", target, name.text(QAccessible.Text.Name) if name is not None else key)


class Watcher(QObject):
    """Tells a reader what changed on a view's table after each redraw (see the module's docstring)."""

    def __init__(self, view: QGraphicsView, table: CardTable) -> None:
        super().__init__(view)
        self.view = view
        self.seen: dict[str, tuple[QObject, str, str, bool]] = {}  # key -> object, name, description, picked up
        self.summary = ""
        self.gone: list[CardItem] = []
        table.drawn.connect(self.sync)
        table.item_leaving.connect(self.leaving)

    def leaving(self, item: object) -> None:
        """An item leaves the table: said while it is still there (afterwards Qt knows it no longer)."""
        if isinstance(item, CardItem) and self.seen.pop(item.key, None) is not None:
            _send(QAccessibleEvent(item, QAccessible.Event.ObjectDestroyed))
            _tell("remove", item, item.key)
            # Kept a while: a reader asks about the events it has queued after the item is gone.
            self.gone = [*self.gone[-GONE_KEPT + 1:], item]

    def sync(self) -> None:
        if not (QAccessible.isActive() or listeners) or not _alive(self.view):
            return
        table = QAccessible.queryAccessibleInterface(self.view)
        if not isinstance(table, TableAccess):
            return
        now: dict[str, tuple[QObject, str, str, bool]] = {}
        for obj in table.children():
            face = QAccessible.queryAccessibleInterface(obj)
            if face is not None:
                key = obj.key if isinstance(obj, CardItem) else "curtain"
                now[key] = (obj, face.text(QAccessible.Text.Name), face.text(QAccessible.Text.Description),
                            bool(face.state().selected))
        # A list shown or hidden as a whole (a new table, another page of the window) is told by the view's own
        # show, hide or focus, and a reader asks for its items then: an add or remove for each of some fifty items
        # kept Orca busy for seconds and lost the next key's speech (issue #37).
        whole = not self.seen or not now
        for key, (obj, name, _description, _held) in self.seen.items():
            if key not in now and not whole:  # the curtain lifted, a card gone: the object lives on, out of the list
                _send(QAccessibleEvent(obj, QAccessible.Event.ObjectDestroyed))
                _tell("remove", obj, name)
        for key, (obj, name, description, held) in now.items():
            before = self.seen.get(key)
            if before is None:
                if not whole:
                    _send(QAccessibleEvent(obj, QAccessible.Event.ObjectCreated))
                    _tell("add", obj, name)
                continue
            if name != before[1]:
                _send(QAccessibleEvent(obj, QAccessible.Event.NameChanged))
                _tell("name", obj, name)
            if description != before[2]:
                _send(QAccessibleEvent(obj, QAccessible.Event.DescriptionChanged))
                _tell("description", obj, description)
            if held != before[3]:
                _send(QAccessibleEvent(obj, QAccessible.Event.SelectionAdd if held else QAccessible.Event.SelectionRemove))
                _tell("selected" if held else "unselected", obj, name)
        kept = [key for key in self.seen if key in now]
        if kept != [key for key in now if key in self.seen]:  # items moved in reading order: the list is reordered
            _send(QAccessibleEvent(self.view, QAccessible.Event.ObjectReorder))
            _tell("reorder", self.view, "")
        self.seen = now
        summary = table.text(QAccessible.Text.Description)
        if summary != self.summary:
            self.summary = summary
            _send(QAccessibleEvent(self.view, QAccessible.Event.DescriptionChanged))
            _tell("description", self.view, summary)


def watch(view: QGraphicsView) -> None:
    """Tell a reader what changes on `view`'s table from now on (once per view)."""
    table = _table(view)
    if table is not None and not isinstance(view.findChild(Watcher), Watcher):
        Watcher(view, table)


def shown(view: QGraphicsView) -> None:
    """`view` has just been shown: what its table shows now is what a reader knows, told by the view's own show."""
    watcher = view.findChild(Watcher)
    if isinstance(watcher, Watcher):
        watcher.sync()


class CurtainToken(QObject):
    """Stands for the curtain (a plain graphics item, no QObject) in the accessibility tree."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view


def curtain_token(view: QGraphicsView) -> CurtainToken:
    token = view.findChild(CurtainToken)
    return token if isinstance(token, CurtainToken) else CurtainToken(view)


def _table(view: QGraphicsView) -> CardTable | None:
    if not _alive(view):
        return None
    scene = view.scene()
    return scene if isinstance(scene, CardTable) else None


def _screen_rect(view: QGraphicsView, rect: QRect) -> QRect:
    return QRect(view.viewport().mapToGlobal(rect.topLeft()), rect.size())


class _Leaf(QAccessibleObject):
    """What a child of the table shares: no children, the table as parent, the view's window."""

    def __init__(self, obj: QObject) -> None:
        super().__init__(obj)

    def view(self) -> QGraphicsView | None:
        raise NotImplementedError

    def isValid(self) -> bool:  # noqa: N802 - Qt override
        return self.view() is not None

    def window(self) -> QWindow | None:  # type: ignore[override]  # Qt takes none
        view = self.view()
        return view.window().windowHandle() if view is not None else None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        view = self.view()
        return QAccessible.queryAccessibleInterface(view) if view is not None else None

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        return None

    def childCount(self) -> int:  # noqa: N802 - Qt override
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        return -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802 - Qt takes none
        return None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802 - Qt takes none
        return None


class CardAccess(_Leaf):
    """A card, a zone or a seat plate: named by its game's scene."""

    def __init__(self, item: CardItem) -> None:
        super().__init__(item)
        self.item = item

    def _scene(self) -> CardTable | None:
        scene = self.item.scene() if _alive(self.item) else None
        return scene if isinstance(scene, CardTable) and _alive(scene) else None

    def view(self) -> QGraphicsView | None:
        scene = self._scene()
        views = [view for view in scene.views() if _alive(view)] if scene is not None else []
        return views[0] if views else None

    def isValid(self) -> bool:  # noqa: N802 - Qt override
        # Gone from the table it is nameless and invisible, not an error for a reader asking late; gone for good
        # (its object deleted) it is.
        return _alive(self.item)

    def text(self, kind: QAccessible.Text) -> str:
        scene = self._scene()
        if scene is None:
            return ""
        name, description = scene.accessible_text(self.item.key)
        if kind == QAccessible.Text.Name:
            return name
        if kind == QAccessible.Text.Description:
            tr = scene.translator
            held = scene.selected == self.item.key  # the card picked up, never the target the keyboard is on
            extra = []
            if self.item.highlighted:
                extra.append(tr.text("a11y.can_play_here"))
            if self.item.key in scene.dests and scene.dests[self.item.key] and not held:
                extra.append(tr.text("a11y.can_move"))
            if held:
                extra.append(tr.text("a11y.held"))
            return sentences([description, *extra])
        return ""

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.ListItem

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        if not _alive(self.item):
            return state
        state.focusable = True
        state.selectable = True
        state.focused = self.item.focused
        scene = self._scene()
        state.selected = scene is not None and scene.selected == self.item.key
        view = self.view()
        state.invisible = not self.item.isVisible() or view is None or not view.isVisible()
        return state

    def rect(self) -> QRect:
        view = self.view()
        if view is None:
            return QRect()
        return _screen_rect(view, view.mapFromScene(self.item.sceneBoundingRect()).boundingRect())


class CurtainAccess(_Leaf):
    """The veil over the table: says who the screen passes to, and nothing of the cards."""

    def __init__(self, token: CurtainToken) -> None:
        super().__init__(token)
        self.token = token

    def view(self) -> QGraphicsView | None:
        return self.token.view if _alive(self.token) and _alive(self.token.view) else None

    def text(self, kind: QAccessible.Text) -> str:
        view = self.view()
        table = _table(view) if view is not None else None
        if table is None or not table.curtain_up:
            return ""
        if kind == QAccessible.Text.Description:
            return table.curtain_note  # what was just done, said after who is to look
        if kind != QAccessible.Text.Name:
            return ""
        return table.translator.text("a11y.curtain", words=table.curtain_words)

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Button  # Enter or Space lifts it

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        view = self.view()
        table = _table(view) if view is not None else None
        state.focusable = table is not None
        state.focused = table is not None and table.curtain_up
        return state

    def rect(self) -> QRect:
        view = self.view()
        return _screen_rect(view, view.viewport().rect()) if view is not None else QRect()


class TableAccess(QAccessibleObject):
    """The table's view: a list whose items are the curtain (while down) and the cards in reading order."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view

    def children(self) -> list[QObject]:
        """The curtain while it is down, then the items in reading order; nothing while the view is hidden."""
        table = _table(self.view)
        if table is None or not self.view.isVisible():
            return []
        items: list[QObject] = [curtain_token(self.view)] if table.curtain_up else []
        return items + [table.items_by_key[key] for key in table.accessible_keys()]

    def isValid(self) -> bool:  # noqa: N802 - Qt override
        return _alive(self.view)

    def window(self) -> QWindow | None:  # type: ignore[override]  # Qt takes none
        return self.view.window().windowHandle() if _alive(self.view) else None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        if not _alive(self.view):
            return None
        parent: QObject | None = self.view.parentWidget() or QApplication.instance()
        return QAccessible.queryAccessibleInterface(parent) if parent is not None else None

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        children = self.children()
        return QAccessible.queryAccessibleInterface(children[index]) if 0 <= index < len(children) else None

    def childCount(self) -> int:  # noqa: N802 - Qt override
        return len(self.children())

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        obj = child.object()
        children = self.children()
        return children.index(obj) if obj in children else -1

    def childAt(self, x: int, y: int) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802 - Qt takes none
        table = _table(self.view)
        if table is None:
            return None
        if table.curtain_up:
            return QAccessible.queryAccessibleInterface(curtain_token(self.view))
        point = self.view.mapToScene(self.view.viewport().mapFromGlobal(QPoint(x, y)))
        item = table.card_at(point)
        return QAccessible.queryAccessibleInterface(item) if item is not None else None

    def focusChild(self) -> QAccessibleInterface | None:  # type: ignore[override]  # noqa: N802 - Qt takes none
        table = _table(self.view)
        if table is None or not table.focused_key:
            return None
        key = table.focused_key
        target: QObject | None = curtain_token(self.view) if key == "curtain" else table.items_by_key.get(key)
        return QAccessible.queryAccessibleInterface(target) if target is not None else None

    def text(self, kind: QAccessible.Text) -> str:
        table = _table(self.view)
        if table is None:
            return ""
        if kind == QAccessible.Text.Name:
            return table.translator.text("a11y.table")
        if kind == QAccessible.Text.Description:
            summary = "" if table.curtain_up else table.accessible_summary()
            return " ".join(part for part in (summary, table.translator.text("a11y.table_help")) if part)
        return ""

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.List

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        if not _alive(self.view):
            state.invisible = True
            return state
        state.focusable = True
        state.focused = self.view.hasFocus()
        state.invisible = not self.view.isVisible()
        return state

    def rect(self) -> QRect:
        return QRect(self.view.mapToGlobal(QPoint(0, 0)), self.view.size()) if _alive(self.view) else QRect()


class HeraldAccess(QAccessibleObject):
    """A notification: its name is the lines it says."""

    def __init__(self, herald: Herald) -> None:
        super().__init__(herald)
        self.herald = herald

    def isValid(self) -> bool:  # noqa: N802 - Qt override
        return _alive(self.herald) and _alive(self.herald.window)

    def window(self) -> QWindow | None:  # type: ignore[override]  # Qt takes none
        return self.herald.window.windowHandle() if self.isValid() else None

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        return QAccessible.queryAccessibleInterface(self.herald.window) if self.isValid() else None

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        return None

    def childCount(self) -> int:  # noqa: N802 - Qt override
        return 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        return -1

    def text(self, kind: QAccessible.Text) -> str:
        return self.herald.text if kind == QAccessible.Text.Name and _alive(self.herald) else ""

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Notification

    def state(self) -> QAccessible.State:
        return QAccessible.State()

    def rect(self) -> QRect:
        return QRect()


class StackAccess(QAccessibleWidget):
    """A stacked widget shows one page: a reader is given that one, never the hidden ones behind it."""

    def __init__(self, stack: QStackedWidget) -> None:
        super().__init__(stack, QAccessible.Role.LayeredPane)
        self.stack = stack

    def isValid(self) -> bool:  # noqa: N802 - Qt override
        return _alive(self.stack) and super().isValid()

    def _page(self) -> QWidget | None:
        if not _alive(self.stack):
            return None
        page = self.stack.currentWidget()
        return page if page is not None and not page.isWindow() else None

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        page = self._page()
        return QAccessible.queryAccessibleInterface(page) if index == 0 and page is not None else None

    def childCount(self) -> int:  # noqa: N802 - Qt override
        return 1 if self._page() is not None else 0

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        page = self._page()
        return 0 if page is not None and child.object() is page else -1


def sentences(parts: list[str]) -> str:
    """Parts of a description said one after another: each its own sentence, never two full stops."""
    said = ""
    for part in (part.strip() for part in parts):
        if not part:
            continue
        if said:
            said = (said if said[-1] in ".!?…:;" else said + ".") + " " + part[0].upper() + part[1:]
        else:
            said = part
    return said

