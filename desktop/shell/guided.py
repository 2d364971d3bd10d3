"""Help → Guided first game, and the offer of one the first time a game is started on this machine.

The main window holds only a hook (`install`): the menu entry and the offer live here. A guided game is a
game like any other, on the script's fixed deal with the script's names at the seats, put on the table the
way the window puts every game, with a `Guide` (desktop/frame/guide.py) over it. A script or its words
that cannot be read never crash the app: a broken translation falls back to the English words and the
guide says so; a broken script (or English) is refused with the reason.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QDockWidget, QFrame, QHBoxLayout, QListWidget, QMenu, QPushButton, QSizePolicy,
                               QStackedWidget, QVBoxLayout, QWidget)

import cardsets
from cardsets.folders import tutorials
from cardsets.text import LANGUAGES, REFERENCE, Catalog
from cardsets.yamlfile import Problem
from desktop.frame import names as player_names
from desktop.frame import accessibility, plain, storage
from desktop.frame.bubble import BUBBLE_STYLE
from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel
from desktop.frame.problem_words import problem_words
from desktop.frame.registration import in_menu_order, name_of, title_key
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.shell.tables import table_for

if TYPE_CHECKING:  # the scripts, the guide and its replays are imported when a guided game starts (issue #42)
    from cardsets.tutorial import Script
    from desktop.frame.guide import Guide

# The guided games there are, by name, with their card sets: the offer asks at every start, the scripts themselves
# (cardsets.tutorial) are read when one is played.
_SCRIPTS = tutorials()
PLAYED = "played_games"  # the settings' list of the guided games' names already started (or offered) here
MENU_KEY = "menu.guided"


class Window(Protocol):
    """What the guide needs of the main window (desktop/shell/main_window.py)."""

    tr_: Translator
    settings: dict[str, Any]
    table: SeatTable | None
    centre: QStackedWidget
    menu_help: QMenu
    actions_by_key: list[QAction]
    log: QListWidget
    detail: DetailPanel
    detail_dock: QDockWidget

    def ask(self, title: str, text: str, buttons: list[str], safe: int | None = ...) -> int: ...

    def inform(self, title: str, text: str) -> None: ...

    def show_table(self, game: SeatGame, slot: Any = ...) -> SeatTable: ...


@dataclass
class Loaded:
    script: Script
    words: Catalog
    language: str  # the language the words are shown in
    notice: Problem | None  # why they are shown in English (None when they are not)


def load(name: str, language: str, root: Any = None) -> Loaded | Problem:
    """The script `name` and its words in `language`, or why it cannot be played (said to the player by
    desktop.frame.problem_words)."""
    root = root or cardsets.ROOT
    from cardsets import tutorial
    from rules import tutorial as replays

    script, problems = tutorial.load(name, root)
    if script is None or problems:
        return problems[0] if problems else Problem(tutorial.label_of(name), 1, 1, "cannot be read")
    found = tutorial.check(root, [name]) + replays.replay(script)
    words, _ = tutorial.load_texts(script.cardset, root)
    label = tutorial.text_label(script.cardset)

    def about(problem: Problem, lang: str) -> bool:  # a translation's own file, or a string it lacks
        return problem.file == f"{label}/{lang}.yaml" or problem.message.endswith(f"{label}/{lang}.yaml")

    # A problem of the script itself, or of its English words, leaves nothing to show.
    fatal = [p for p in found if not any(about(p, lang) for lang in LANGUAGES if lang != REFERENCE)]
    if fatal:
        return fatal[0]
    own = [p for p in found if about(p, language)]
    if own:
        return Loaded(script, words, REFERENCE, own[0])
    return Loaded(script, words, language, None)


def names_played(settings: dict[str, Any]) -> list[str]:
    raw = settings.get(PLAYED, [])
    return [n for n in raw if isinstance(n, str)] if isinstance(raw, list) else []


def name_on(table: SeatTable | None) -> str | None:
    """The script for the game on `table` (the names of the rules texts: a mode may have its own)."""
    if table is None:
        return None
    name = name_of(table.GAME, table.game.engine.mode)
    return name if name in _SCRIPTS else None


def begin(window: Window, name: str) -> Guide | None:
    """Put the guided game `name` on the table with its guide; None (the reason said) if it cannot be."""
    from cardsets import tutorial
    from desktop.frame.guide import Guide, seat_names
    from rules import tutorial as replays

    tr = window.tr_
    t = tr.text
    loaded = load(name, tr.language)
    if isinstance(loaded, Problem):
        window.inform(t("guide.title"), t("guide.broken", reason=problem_words(tr, loaded)))
        return None
    script = loaded.script
    words = loaded.words
    language = loaded.language
    cls = table_for(script.game, script.mode)
    if cls is None:
        window.inform(t("guide.title"), t("guide.broken", reason=f"no table for {script.game}"))
        return None
    names = seat_names(script, _own_name(window, script) or words.text(language, tutorial.YOU))
    if cls.SEATS == (1, 1):
        game = cls.GAME_CLASS(replays.start(script), names)
    else:
        game = cls.GAME_CLASS.start(script.game, script.mode, names, dict(script.options), script.seed)
    _remember(window, name)
    table = window.show_table(game)  # as the window puts any game on the table, Solonauts too
    notice = _notice(tr, loaded)
    guide = Guide(table, script, lambda key, **params: words.text(language, key, **params), t, notice)
    guide.finished.connect(lambda completed: _ended(window, table, completed))
    table.guide = guide  # type: ignore[attr-defined]  # kept alive with its table (and found by tests)
    Relanguage(window, guide, name)
    return guide


class Relanguage(QObject):
    """The guide's words follow a language switch (its buttons follow the window's translator by themselves)."""

    def __init__(self, window: Window, guide: Guide, name: str) -> None:
        super().__init__(guide)  # goes with the guide: the connection below goes with it
        self.window, self.guide, self.name = window, guide, name
        window.tr_.language_changed.connect(self.switch)

    def switch(self, code: str) -> None:
        loaded = load(self.name, code)
        if isinstance(loaded, Problem) or self.guide.done:
            return  # a script that broke meanwhile: the words said so far stay
        words, language = loaded.words, loaded.language
        notice = _notice(self.window.tr_, loaded)
        self.guide.use_words(lambda key, **params: words.text(language, key, **params), notice)


def _notice(tr: Translator, loaded: Loaded) -> str:
    """Why the guide's words are in English, in the player's language ('' when they are not)."""
    return "" if loaded.notice is None else tr.text("guide.english", reason=problem_words(tr, loaded.notice))


def _own_name(window: Window, script: Script) -> str:
    """The name the player last sat under at a game for several, if no other seat of the script has it."""
    raw = window.settings.get("hotseat_names")
    first = raw[0] if isinstance(raw, list) and raw and isinstance(raw[0], str) else ""
    try:
        (name,) = player_names.check([first]) if first.strip() else ("",)
    except player_names.BadName:
        return ""
    return name if name not in script.players else ""


def _ended(window: Window, table: SeatTable, completed: bool) -> None:
    """The guide has gone: the game plays on; the player is told so in the table's message line."""
    table.show_message(window.tr_.text("guide.done" if completed else "guide.left"), error=False)


def _remember(window: Window, name: str) -> None:
    played = names_played(window.settings)
    if name not in played:
        window.settings[PLAYED] = [*played, name]
        storage.save_settings(window.settings)


def choose(window: Window) -> str | None:
    """The script for the game on the table, else the one the player picks."""
    on = name_on(window.table)
    if on is not None:
        return on
    t = window.tr_.text
    names = in_menu_order(_SCRIPTS)
    labels = [window.tr_.name_of(_SCRIPTS[n], title_key(n)) for n in names]
    chosen = window.ask(t("guide.title"), t("guide.which"), labels)
    return names[chosen] if 0 <= chosen < len(names) else None


def start(window: Window) -> Guide | None:
    """Help → Guided first game."""
    name = choose(window)
    return begin(window, name) if name is not None else None


class OfferBar(QFrame):
    """The offer of a guided game. Upright at the top of the side column, beside the table, it takes nothing off
    the table; with the side panel folded away (F9) it lies in one row between the prompt and the table. Either
    way it covers none of the table (the hand, the deck, the keys listed with F1) while it waits for an answer."""

    def __init__(self, parent: QWidget, upright: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("guide")
        self.setStyleSheet(BUBBLE_STYLE)
        self.heading = plain.label()
        self.heading.setStyleSheet("font-weight: bold; color: #7a5c00")
        self.text = plain.label()
        self.text.setWordWrap(True)
        self.leave = QPushButton()
        self.next = QPushButton()
        self.next.setDefault(True)
        if upright:
            # The side column's width is the player's: the offer wraps its words to it, never widens it.
            self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
            column = QVBoxLayout(self)
            column.setContentsMargins(10, 6, 10, 6)
            column.addWidget(self.heading)
            column.addWidget(self.text)
            buttons = QHBoxLayout()
            buttons.addStretch(1)
            buttons.addWidget(self.leave)
            buttons.addWidget(self.next)
            column.addLayout(buttons)
            return
        # One row, the heading beside the words: the table gives up one line's height, not three.
        row = QHBoxLayout(self)
        row.setContentsMargins(12, 3, 12, 3)
        row.addWidget(self.heading)
        row.addWidget(self.text, 1)
        row.addWidget(self.leave)
        row.addWidget(self.next)


class Offer(QObject):
    """The first start of a game never played here: a bar above the table offers its guided game, once."""

    def __init__(self, window: Window) -> None:
        super().__init__(window.centre)
        self.window = window
        self.bubble: OfferBar | None = None
        self.offered_on: SeatTable | None = None  # the table the offer is for
        self.offered_name = ""  # and its guided game
        window.centre.currentChanged.connect(self._on_table)
        window.detail_dock.visibilityChanged.connect(self._side_panel_shown)
        window.tr_.language_changed.connect(self._words)

    def _on_table(self, _index: int) -> None:
        window = self.window
        table = window.table
        if self.bubble is not None and (self.offered_on is not table or window.centre.currentWidget() is not table):
            self.withdraw()  # the offer was for a table no longer on show
        if table is None or window.centre.currentWidget() is not table or getattr(table, "guide", None) is not None:
            return
        if table.game.seats_here is not None:  # a game over the network: a guided one would take it off the screen
            return
        name = name_on(table)
        if name is None or name in names_played(window.settings) or table.game.match.moves:
            return
        _remember(window, name)
        self.show(table, name)

    def show(self, table: SeatTable, name: str) -> OfferBar:
        window = self.window
        beside = window.detail_dock.isVisibleTo(window)  # type: ignore[arg-type]
        bubble = self.bubble = OfferBar(window.detail if beside else table, upright=beside)
        self.offered_on, self.offered_name = table, name
        bubble.destroyed.connect(lambda _gone=None, shown=bubble: self._forget(shown))
        # It goes with its table (a new game, a guided one): the offer must not speak through it afterwards.
        table.destroyed.connect(lambda _gone=None, shown=bubble: self._withdraw(shown))
        self._words()
        bubble.next.clicked.connect(lambda: self._answer(name, True))
        bubble.leave.clicked.connect(lambda: self._answer(name, False))
        if beside:
            column = window.detail.layout()
            assert isinstance(column, QVBoxLayout)  # DetailPanel's column: the card's picture, its text
            column.insertWidget(0, bubble)
        else:
            layout = table.layout()
            assert isinstance(layout, QVBoxLayout)  # SeatTable's column: the prompt bar, the table, the message
            layout.insertWidget(layout.indexOf(table.bar) + 1, bubble)
        bubble.show()
        return bubble

    def _side_panel_shown(self, _shown: bool) -> None:
        """F9 folds the side panel away with the offer in it, or brings it back: the offer moves, unanswered."""
        bubble, table = self.bubble, self.offered_on
        if bubble is None or table is None or not shiboken6.isValid(self.window):  # the window may be closing
            return
        beside = self.window.detail_dock.isVisibleTo(self.window)  # type: ignore[arg-type]
        if (bubble.parent() is self.window.detail) != beside:
            name = self.offered_name
            self.withdraw()
            self.show(table, name)

    def _withdraw(self, shown: OfferBar) -> None:
        if self.bubble is shown:
            self.withdraw()

    def _forget(self, bubble: OfferBar) -> None:
        if self.bubble is bubble:
            self.bubble = self.offered_on = None

    def _words(self, _code: str = "") -> None:
        """The offer's words, in the window's language (again after a switch)."""
        bubble, t = self.bubble, self.window.tr_.text
        if bubble is None:
            return
        bubble.heading.setText(t("guide.title"))
        bubble.text.setText(t("guide.offer"))
        bubble.next.setText(plain.button_text(t("guide.offer_yes")))
        bubble.leave.setText(plain.button_text(t("guide.offer_no")))

    def _answer(self, name: str, wanted: bool) -> None:
        table = self.offered_on
        self.withdraw()
        if wanted:
            begin(self.window, name)
        elif table is not None:
            table.view.setFocus()  # the answer was clicked in the side column: the keys go back to the table

    def withdraw(self) -> None:
        """Take the offer away unanswered (a picture of a game in progress, which is never offered one)."""
        if self.bubble is not None:
            self.bubble.hide()
            accessibility.let_go(self.bubble)  # a reader may still ask about the button that answered it
            self.bubble = self.offered_on = None


def install(window: Any) -> QAction:
    """The main window's hook: Help → Guided first game, and the offer on a game's first start."""
    action = QAction(window)
    action.setData(MENU_KEY)
    action.triggered.connect(lambda: start(window))
    window.menu_help.insertAction(window.act_help, action)  # beside How to play
    window.actions_by_key.append(action)  # named again on a language switch
    action.setText(window.tr_.text(MENU_KEY))
    window.guided_offer = Offer(window)
    return action

