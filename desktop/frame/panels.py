"""The view that shows a table scaled to the window, the panel that shows one card large, and the log's following."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import (QFocusEvent, QKeyEvent, QKeySequence, QPainter, QPen, QPixmap, QResizeEvent, QShowEvent,
                           QTransform)
from PySide6.QtWidgets import (QGraphicsScene, QGraphicsView, QLabel, QListWidget, QSizePolicy, QTextBrowser, QVBoxLayout,
                               QWidget)

from desktop.frame.card_item import CardFace, face_pixmap
from desktop.frame.card_table import CardTable

DETAIL_SCALE = 2.2
ZOOMS = (1.0, 1.25, 1.5, 2.0, 2.5, 3.0)  # times the whole table in the window: a small window's cards brought close


class TableView(QGraphicsView):
    """Shows the whole table, scaled to the window; a screen reader reads its cards (desktop/frame/accessibility.py)."""

    def __init__(self, scene: QGraphicsScene) -> None:
        from desktop.frame import accessibility

        accessibility.install()
        super().__init__(scene)
        if isinstance(scene, CardTable):
            accessibility.watch(self)
            scene.focus_changed.connect(lambda key: accessibility.focus_moved(self, key))
            scene.help_toggled.connect(self._help_toggled)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setBackgroundBrush(scene.backgroundBrush())
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.zoom = 1.0  # 1: the whole table fits the window
        scene.sceneRectChanged.connect(self._table_resized)  # a table that reflows its floor is fitted again

    def _table_resized(self, rect: QRectF) -> None:
        self._fit()

    def showEvent(self, event: QShowEvent) -> None:
        from desktop.frame import accessibility

        super().showEvent(event)
        # The window draws a new table before it shows it: a reader's list starts from the table as shown, so that
        # the first move's changes are told card by card (desktop/frame/accessibility.py).
        accessibility.shown(self)

    def set_zoom(self, zoom: float) -> None:
        """Show the table `zoom` times larger than fits the window (1: all of it); scroll bars reach the rest."""
        self.zoom = min(max(zoom, ZOOMS[0]), ZOOMS[-1])
        policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff if self.zoom == 1 else Qt.ScrollBarPolicy.ScrollBarAsNeeded
        self.setHorizontalScrollBarPolicy(policy)
        self.setVerticalScrollBarPolicy(policy)
        self._fit()

    def _fit(self) -> None:
        # Fitted to the room inside the frame, scroll bars or not, so zooming in and out comes back to the same scale.
        rect = self.sceneRect()
        room = self.contentsRect()
        if rect.isEmpty() or room.isEmpty():
            return
        fit = min((room.width() - 4) / rect.width(), (room.height() - 4) / rect.height())
        self.setTransform(QTransform.fromScale(fit * self.zoom, fit * self.zoom))
        if self.zoom == 1:
            self.centerOn(rect.center())

    def _zoom_key(self, event: QKeyEvent) -> bool:
        """Ctrl+= or Ctrl++ zooms in, Ctrl+- out, Ctrl+0 shows the whole table again."""
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        if event.matches(QKeySequence.StandardKey.ZoomIn) or (ctrl and event.key() in (Qt.Key.Key_Equal, Qt.Key.Key_Plus)):
            self.set_zoom(next((z for z in ZOOMS if z > self.zoom), ZOOMS[-1]))
        elif event.matches(QKeySequence.StandardKey.ZoomOut) or (ctrl and event.key() == Qt.Key.Key_Minus):
            self.set_zoom(next((z for z in reversed(ZOOMS) if z < self.zoom), ZOOMS[0]))
        elif ctrl and event.key() == Qt.Key.Key_0:
            self.set_zoom(1.0)
        else:
            return False
        return True

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt override
        if self._zoom_key(event):
            event.accept()
            return
        scene = self.scene()
        if event.key() == Qt.Key.Key_F6 and isinstance(scene, CardTable):
            scene.leave.emit(True)  # to the prompt bar's buttons, where a table has them (desktop/frame/keyboard.py)
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        # Qt tells a screen reader the view has the focus once this returns: the card (or the curtain) the
        # keyboard is on is told after that, or a reader would say only "Card table".
        QTimer.singleShot(0, self, self._focus_told)

    def _focus_told(self) -> None:
        from desktop.frame import accessibility

        scene = self.scene()
        if isinstance(scene, CardTable) and self.hasFocus() and scene.focused_key:
            accessibility.focus_moved(self, scene.focused_key)

    def _help_toggled(self, shown: bool) -> None:
        """The keys listed over the table are read out when they show; when they go, where the keyboard is."""
        from desktop.frame import accessibility

        scene = self.scene()
        if not isinstance(scene, CardTable):
            return
        panel = scene.help_panel
        if shown and panel is not None:
            accessibility.announce(self, panel.spoken())
        elif self.hasFocus() and scene.focused_key:
            accessibility.focus_moved(self, scene.focused_key)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        scene = self.scene()
        if isinstance(scene, CardTable):
            room = self.contentsRect()
            scene.fit_room(room.width(), room.height())  # may change the scene's rect, which fits it again
        self._fit()

    def sizeHint(self) -> QSize:
        return QSize(1120, 800)


class DetailPanel(QWidget):
    """The card under the pointer, large enough to read, with its full text."""

    def __init__(self) -> None:
        super().__init__()
        layout = QVBoxLayout(self)
        self.picture = QLabel()
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setMinimumHeight(int(116 * DETAIL_SCALE) + 8)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.picture.setMinimumWidth(160)
        # Ignored width: the pixmap follows the panel, never the other way round.
        self.picture.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._face: CardFace | None = None
        self._hint = ""  # the hint shown while no card is
        self._place: tuple[int, int, float] | None = None  # the outline's size drawn, while no card is shown
        layout.addWidget(self.picture)
        layout.addWidget(self.text, 1)

    def set_name(self, name: str) -> None:
        """What a screen reader calls the panel and its text (the caller's language)."""
        self.setAccessibleName(name)
        self.text.setAccessibleName(name)

    @property
    def shown_face(self) -> CardFace | None:
        """The card the panel shows, or None while it shows where one will be."""
        return self._face

    def show_card(self, face: CardFace, html_text: str) -> None:
        self._face = face
        self._hint = ""
        self._place = None  # the card's picture replaces the outline
        self.picture.setAccessibleName(" ".join(face.title.split()))  # the picture says which card it is
        self._render()
        self.text.setHtml(html_text)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._render()

    def _render(self) -> None:
        # As large as the panel allows, up to DETAIL_SCALE: a narrow dock must not crop the card.
        face = self._face
        if face is None:
            self._render_place()
            return
        room = max(40.0, self.picture.width() - 8.0)
        high = max(40.0, self.picture.height() - 8.0)  # an offer above it in the column leaves it less height
        scale = min(DETAIL_SCALE, room / (face.width + 6), high / (face.height + 6))
        self.picture.setPixmap(face_pixmap(face, scale, self.devicePixelRatioF() or 1.0))

    def show_hint(self, text: str) -> None:
        # Asked after every redraw while no card is shown: the same words and outline are not set again (issue #42).
        if self._face is None and self._hint == text:
            return
        self._face = None
        self._hint = text
        self.picture.setAccessibleName("")
        self._render_place()
        self.text.setPlainText(text)

    def _render_place(self) -> None:
        """With no card to show, the outline of where one will be: a blank panel looked broken."""
        ratio = self.devicePixelRatioF() or 1.0
        height = max(40, min(self.picture.minimumHeight(), self.picture.height()) - 16)
        width = min(max(40, self.picture.width() - 16), round(height * 0.72))
        if self._place == (width, height, ratio):
            return
        self._place = (width, height, ratio)
        pixmap = QPixmap(round(width * ratio), round(height * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        painter = QPainter(pixmap)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        pen = QPen(self.palette().mid().color(), 2, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawRoundedRect(QRectF(2, 2, width - 4, height - 4), 10, 10)
        painter.end()
        self.picture.setPixmap(pixmap)


def follow_newest(log: QListWidget) -> None:
    """Keep the newest line whole in view: the list lays wrapped lines out later (when it is painted), and the dock
    can shrink after it too, so a log read at its bottom goes on following its bottom when its length changes. A
    table adding lines need not scroll: a log nobody sees is never laid out (issue #42). Once per log."""
    if log.property("follows_newest"):
        return
    log.setProperty("follows_newest", True)
    bar = log.verticalScrollBar()
    following = True  # False while someone reads further up: then the log stays where they put it

    def moved(value: int) -> None:
        nonlocal following
        following = value == bar.maximum()

    def resized(_low: int, high: int) -> None:
        if following:
            bar.setValue(high)

    bar.valueChanged.connect(moved)
    bar.rangeChanged.connect(resized)
