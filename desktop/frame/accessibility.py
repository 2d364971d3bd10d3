"""The table as a screen reader sees it.

Qt exposes widgets to accessibility, not the items of a graphics scene. A factory installed
once gives a table's view (a QGraphicsView over a CardTable) an interface whose children are
the scene's card items (and the curtain while it is down), each named by the game's scene
(`CardTable.accessible_text`), with its role, state and place on the screen. The items are
QObjects, so Qt keeps and drops their interfaces as they come and go.

`announce` says a line (a log event) through QAccessibleAnnouncementEvent; `listeners` hear
every announcement and focus move too (tests, and any future spoken feedback), since Qt for
Python has no update handler to install.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent, QAccessibleEvent, QAccessibleInterface, \
    QAccessibleObject, QWindow
from PySide6.QtWidgets import QApplication, QGraphicsView

from desktop.frame.card_item import CardItem
from desktop.frame.card_table import CardTable

Listener = Callable[[str, QObject, str], None]  # kind ("announce" or "focus"), object, text
listeners: list[Listener] = []
_installed = False


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
    return None


def announce(source: QObject, text: str) -> None:
    """Have a screen reader say `text` (politely: after what it is saying)."""
    if not text:
        return
    QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(source, text))
    for listener in list(listeners):
        listener("announce", source, text)


def focus_moved(view: QGraphicsView, key: str) -> None:
    """The keyboard focus went to the item `key` of the view's table: tell the screen reader."""
    scene = view.scene()
    if not isinstance(scene, CardTable):
        return
    target: QObject | None = (curtain_token(view) if key == "curtain" else scene.items_by_key.get(key))
    if target is None:
        return
    if QAccessible.isActive() and view.hasFocus():
        QAccessible.updateAccessibility(QAccessibleEvent(target, QAccessible.Event.Focus))
    if listeners:
        name = QAccessible.queryAccessibleInterface(target)
        for listener in list(listeners):
            listener("focus", target, name.text(QAccessible.Text.Name) if name is not None else key)


class CurtainToken(QObject):
    """Stands for the curtain (a plain graphics item, no QObject) in the accessibility tree."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view


def curtain_token(view: QGraphicsView) -> CurtainToken:
    token = view.findChild(CurtainToken)
    return token if isinstance(token, CurtainToken) else CurtainToken(view)


def _table(view: QGraphicsView) -> CardTable | None:
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
        scene = self.item.scene()
        return scene if isinstance(scene, CardTable) else None

    def view(self) -> QGraphicsView | None:
        scene = self._scene()
        views = scene.views() if scene is not None else []
        return views[0] if views else None

    def isValid(self) -> bool:  # noqa: N802 - Qt override
        return self._scene() is not None

    def text(self, kind: QAccessible.Text) -> str:
        scene = self._scene()
        if scene is None:
            return ""
        name, description = scene.accessible_text(self.item.key)
        if kind == QAccessible.Text.Name:
            return name
        if kind == QAccessible.Text.Description:
            tr = scene.translator
            extra = []
            if self.item.highlighted:
                extra.append(tr.text("a11y.can_play_here"))
            if self.item.key in scene.dests and scene.dests[self.item.key] and not self.item.selected:
                extra.append(tr.text("a11y.can_move"))
            if self.item.selected:
                extra.append(tr.text("a11y.held"))
            return ". ".join(part for part in (description, *extra) if part)
        return ""

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.ListItem

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        state.selectable = True
        state.focused = self.item.focused
        state.selected = self.item.selected
        state.invisible = not self.item.isVisible()
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
        return self.token.view

    def text(self, kind: QAccessible.Text) -> str:
        table = _table(self.token.view)
        if table is None or kind != QAccessible.Text.Name:
            return ""
        return table.translator.text("a11y.curtain", words=table.curtain_words)

    def role(self) -> QAccessible.Role:
        return QAccessible.Role.Button  # Enter or Space lifts it

    def state(self) -> QAccessible.State:
        state = QAccessible.State()
        state.focusable = True
        table = _table(self.token.view)
        state.focused = table is not None and table.curtain_up
        return state

    def rect(self) -> QRect:
        return _screen_rect(self.token.view, self.token.view.viewport().rect())


class TableAccess(QAccessibleObject):
    """The table's view: a list whose items are the curtain (while down) and the cards in reading order."""

    def __init__(self, view: QGraphicsView) -> None:
        super().__init__(view)
        self.view = view

    def _children(self) -> list[QObject]:
        table = _table(self.view)
        if table is None:
            return []
        items: list[QObject] = [curtain_token(self.view)] if table.curtain_up else []
        return items + [table.items_by_key[key] for key in table.accessible_keys()]

    def window(self) -> QWindow | None:  # type: ignore[override]  # Qt takes none
        return self.view.window().windowHandle()

    def parent(self) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        parent: QObject | None = self.view.parentWidget() or QApplication.instance()
        return QAccessible.queryAccessibleInterface(parent) if parent is not None else None

    def child(self, index: int) -> QAccessibleInterface | None:  # type: ignore[override]  # Qt takes none
        children = self._children()
        return QAccessible.queryAccessibleInterface(children[index]) if 0 <= index < len(children) else None

    def childCount(self) -> int:  # noqa: N802 - Qt override
        return len(self._children())

    def indexOfChild(self, child: QAccessibleInterface) -> int:  # noqa: N802 - Qt override
        obj = child.object()
        children = self._children()
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
        state.focusable = True
        state.focused = self.view.hasFocus()
        return state

    def rect(self) -> QRect:
        return QRect(self.view.mapToGlobal(QPoint(0, 0)), self.view.size())

