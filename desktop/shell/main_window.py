"""The main window, the shell around the table on show: the menus, the card detail and the log beside the
table, the status bar, opening and saving, and the games in progress. Every game, Solonauts too, is played
by its own table (desktop/shell/tables.py), which the window puts in its centre and listens to."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QFontMetrics, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QListWidget, QMainWindow, QMenu, QStackedWidget, QWidget

import cardsets
from desktop.frame import accessibility, dialogs, first_frame, plain, screen_fit, storage
from desktop.frame.card_table import CardTable
from desktop.frame.file_trouble import file_trouble
from desktop.frame.i18n import Translator, use_qt_language
from desktop.frame.keys_help import rows_for
from desktop.frame.panels import DetailPanel, TableView, follow_newest
from desktop.frame.problem_words import error_words, place_words
from desktop.shell.deal_numbers import random_deal
from rules.chrononauts.solonauts import IDS_DEFAULT
from rules.kernel import BadOption, RulesError
from rules.registry import engine
from rules import saves
from rules.saves import SaveError
from cardsets.yamlfile import CardSetError

if TYPE_CHECKING:  # a game's table is loaded when such a game starts
    from desktop.frame.seat_table import SeatGame, SeatTable
    from desktop.net.dialogs import InvitationsDialog
    from desktop.net.hosting import HostSession
    from desktop.net.remote import JoinSession
    from desktop.shell.games_list import GamesDialog
    from desktop.shell.how_to_play import HowToPlay
    from desktop.shell.replay import ReplayWindow

OFFERS = ("restart", "statistics", "hint", "daily")  # menu entries a game's table has or not (`SeatTable.offers`)
SOLO = ("chrononauts", "solonauts")  # the game the app opens on




LAYOUT = "window_layout"  # the settings' entry for the docks' layout
SIZE = QSize(1480, 900)  # the window's size on a screen it has not been on yet, where the screen has room
LEAVING_MS = 3000  # how long a table that left the window lives on, hidden and still


class MainWindow(QMainWindow):
    def __init__(self, tr: Translator, settings: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.tr_ = tr
        self.settings = settings if settings is not None else {}
        accessibility.install()  # before any widget a reader may ask about: the stack shows it only its page
        # One window for every game: the table on show in the centre (an empty place before the first).
        self.centre = QStackedWidget()
        self.empty = QWidget()
        self.centre.addWidget(self.empty)
        self.setCentralWidget(self.centre)
        self.table: SeatTable | None = None
        self.save_path: Path | None = None
        self.net: JoinSession | HostSession | None = None  # the game on show is played over the network
        self.joining: JoinSession | None = None  # a seat asked for, its table not up yet
        self.invitations: InvitationsDialog | None = None
        self.seat_replay: QMainWindow | None = None  # a joiner's record shown again (desktop/net/seat_replay.py)
        self.join_asking: QDialog | None = None  # the Join dialog while it is open

        self.detail = DetailPanel()
        self.detail_dock = QDockWidget()
        self.detail_dock.setObjectName("detail")
        self.detail_dock.setWidget(self.detail)
        self.detail_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.detail_dock)
        self.log = QListWidget()
        self.log.setWordWrap(True)
        follow_newest(self.log)
        self.log_dock = QDockWidget()
        self.log_dock.setObjectName("log")
        self.log_dock.setWidget(self.log)
        self.log_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.log_dock)
        self.chat_dock = QDockWidget()  # a network game's chat (desktop/net/chat.py), under the log while one is on
        self.chat_dock.setObjectName("chat")
        self.chat_dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.chat_dock)
        self.splitDockWidget(self.log_dock, self.chat_dock, Qt.Orientation.Vertical)
        self.chat_dock.hide()

        # Plain text: messages quote file names and reasons read from files.
        self.prompt = plain.label()
        self.message = plain.label()
        self.message.setStyleSheet(dialogs.REFUSAL_STYLE)
        self.message.setWordWrap(True)  # a long refusal is read whole, on two lines (see _make_room)
        self._prompt_gives_way = False  # a message too long for its own room takes the prompt's while shown
        self.score = plain.label()
        self.deal_label = plain.label()
        self.statusBar().addWidget(self.prompt, 1)
        self.statusBar().addWidget(self.message, 2)
        self.statusBar().addPermanentWidget(self.score)
        self.statusBar().addPermanentWidget(self.deal_label)
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self.clear_message)

        self._build_actions()
        from desktop.shell import guided  # Help → Guided first game and its first-start offer: all of it there
        self.act_guided = guided.install(self)
        tr.language_changed.connect(self._on_language)
        use_qt_language(tr.language)
        tr.texts_changed.connect(self.retranslate)
        # A translator saving a card-set file sees the table change at once: watched once the window is first drawn,
        # for start-up does only what the first table needs (issue #42).
        self.text_watcher: QObject | None = None
        first_frame.after_first_frame(self, self._follow_saves)
        self.workbench: QWidget | None = None
        self.how_to_play: HowToPlay | None = None
        self.replay_window: ReplayWindow | None = None
        self.retranslate()
        screen_fit.restore_geometry(self, self.settings, SIZE)
        self.restore_layout()

    # --- menus ----------------------------------------------------------------------

    def _action(self, key: str, slot: Any, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None) -> QAction:
        action = QAction(self)
        action.setData(key)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _offer(self, action: str, key: str, shortcut: str | None = None) -> QAction:
        """A menu entry of the table's own (`OFFERS`): enabled only while the table on show offers it."""
        return self._action(key, lambda: self.take_offer(action), shortcut)

    def _build_actions(self) -> None:
        K = QKeySequence.StandardKey
        self.act_new = self._action("menu.new", self.new_game_dialog, K.New)
        self.act_restart = self._offer("restart", "menu.restart", "Ctrl+R")
        self.act_open = self._action("menu.open", self.open_dialog, K.Open)
        self.act_save = self._action("menu.save", self.save, K.Save)
        self.act_save_as = self._action("menu.save_as", self.save_as, K.SaveAs)
        self.act_quit = self._action("menu.quit", self.close, K.Quit)
        self.act_undo = self._action("menu.undo", self.undo, K.Undo)
        self.act_redo = self._action("menu.redo", self.redo, K.Redo)
        self.act_help = self._action("menu.how_to_play", self.show_help)  # F1 lists the keys (act_keys)
        self.act_about = self._action("menu.about", self.show_about)
        self.act_translations = self._action("menu.translations", self.open_workbench)
        self.act_statistics = self._offer("statistics", "menu.statistics")
        self.act_hint = self._offer("hint", "menu.hint", "H")
        self.act_daily = self._offer("daily", "menu.daily", "Ctrl+D")
        self.offer_actions = dict(zip(OFFERS, (self.act_restart, self.act_statistics, self.act_hint, self.act_daily)))
        self.act_redo.setShortcuts(K.Redo)  # every binding of the platform: Ctrl+Shift+Z as well as Ctrl+Y
        self.act_keys = self._action("keys.menu", self.show_keys, "F1")
        self.act_keys.setShortcuts([QKeySequence("F1"), QKeySequence("?")])
        self.act_log = self._action("keys.menu_log", self.toggle_log_focus, "L")
        self.act_mine = self._action("keys.menu_mine", self.say_own, "I")
        self.act_side = self._action("menu.side_panel", self.toggle_side_panel, "F9")
        self.act_side.setCheckable(True)
        self.act_replay = self._action("replay.open", self.open_replay_dialog)
        self.act_watch = self._action("replay.watch_game", self.watch_replay)
        self.act_games = self._action("menu.games_in_progress", self.show_games_in_progress)
        self.act_join = self._action("menu.join", lambda: self.join_dialog())  # not handed the action's `checked`
        self.act_host = self._action("menu.host", self.host_dialog)
        self.act_invitations = self._action("menu.invitations", self.show_invitations)  # while hosting
        self.menu_game = self.menuBar().addMenu("")
        for act in (self.act_new, self.act_games, self.act_join, self.act_host, self.act_invitations, self.act_daily, self.act_restart, self.act_open, self.act_save,
                    self.act_save_as):
            self.menu_game.addAction(act)
        self.menu_game.addAction(self.act_replay)
        self.menu_game.addAction(self.act_watch)
        self.menu_game.addSeparator()
        self.menu_game.addAction(self.act_hint)
        self.menu_game.addAction(self.act_log)
        self.menu_game.addAction(self.act_mine)
        self.menu_game.addAction(self.act_side)
        self.menu_game.addAction(self.act_statistics)
        self._build_pace_menu()
        self._build_wait_menu()
        self.menu_game.addSeparator()
        self.menu_game.addAction(self.act_quit)
        self.menu_edit = self.menuBar().addMenu("")
        self.menu_edit.addAction(self.act_undo)
        self.menu_edit.addAction(self.act_redo)
        self.menu_language = self.menuBar().addMenu("")
        self.language_group = QActionGroup(self)
        self.language_actions: dict[str, QAction] = {}
        for code, name in Translator.languages():
            act = QAction(name, self, checkable=True)
            act.setChecked(code == self.tr_.language)
            act.triggered.connect(lambda _checked=False, c=code: self.set_language(c))
            self.language_group.addAction(act)
            self.menu_language.addAction(act)
            self.language_actions[code] = act
        self.menu_tools = self.menuBar().addMenu("")
        self.menu_tools.addAction(self.act_translations)
        self.menu_help = self.menuBar().addMenu("")
        self.menu_help.addAction(self.act_keys)
        self.menu_help.addAction(self.act_help)
        self.menu_help.addAction(self.act_about)
        self.actions_by_key = [self.act_new, self.act_restart, self.act_open, self.act_save, self.act_save_as,
                               self.act_quit, self.act_undo, self.act_redo, self.act_help, self.act_about,
                               self.act_translations, self.act_statistics, self.act_hint, self.act_daily]
        self.actions_by_key += [self.act_keys, self.act_log, self.act_mine, self.act_side]
        self.actions_by_key += [self.act_replay, self.act_watch, self.act_games, *self.pace_actions.values()]
        self.actions_by_key += [self.act_join, self.act_host, self.act_invitations]

    def _build_pace_menu(self) -> None:
        """Game → Computers' pace: the set-up's choice, changed at any time; it takes effect at the next move."""
        from desktop.frame import bot_seats

        self.menu_pace, self.pace_actions = self._radio_menu(bot_seats.PACES, self.set_bot_pace)
        for name, act in self.pace_actions.items():
            act.setData(f"bots.pace_{name}")
        self._check_pace()

    def _radio_menu(self, choices: Iterable[Any], choose: Callable[[Any], None]) -> tuple[QMenu, dict[Any, QAction]]:
        """A submenu of the Game menu with one checkable entry per choice, one checked at a time; its words are
        set by the caller (they follow the language)."""
        menu = self.menu_game.addMenu("")
        group = QActionGroup(self)
        actions: dict[Any, QAction] = {}
        for choice in choices:
            act = QAction(self, checkable=True)
            act.triggered.connect(lambda _checked=False, c=choice: choose(c))
            group.addAction(act)
            menu.addAction(act)
            actions[choice] = act
        return menu, actions

    def _check_pace(self) -> None:
        from desktop.frame import bot_seats

        chosen = self.settings.get("bot_pace")
        chosen = chosen if chosen in bot_seats.PACES else bot_seats.DEFAULT_PACE
        for name, act in self.pace_actions.items():
            act.setChecked(name == chosen)

    def set_bot_pace(self, name: str) -> None:
        """The computers' pace, kept in the settings and given to the table on show."""
        from desktop.frame import bot_seats

        self.settings["bot_pace"] = name
        storage.save_settings(self.settings)
        if self.table is not None:
            self.table.bot_seats.pace = bot_seats.pace_ms(name)
        self._check_pace()

    def _build_wait_menu(self) -> None:
        """Game → Time to answer: how long a response window's question waits before nobody has answered
        (desktop/frame/answer_wait.py); it takes effect at once."""
        from desktop.frame import answer_wait

        # Its words are set by retranslate, which the window's start calls as a language switch does.
        self.menu_wait, self.wait_actions = self._radio_menu(answer_wait.CHOICES, self.set_answer_wait)

    def _name_wait_menu(self) -> None:
        from desktop.frame import answer_wait

        t = self.tr_.text
        self.menu_wait.setTitle(t("window.wait"))
        wait = answer_wait.wait_of(self.settings.get(answer_wait.SETTING))
        chosen = answer_wait.ALWAYS if wait is None else wait
        for choice, act in self.wait_actions.items():
            act.setText(t("window.wait_always") if choice == answer_wait.ALWAYS else
                        t("window.wait_none") if choice == 0 else t("window.wait_seconds", count=choice))
            act.setChecked(choice == chosen)

    def set_answer_wait(self, choice: object) -> None:
        """The wait at a response window, kept in the settings the table reads; an open question is put again."""
        from desktop.frame import answer_wait

        self.settings[answer_wait.SETTING] = choice
        storage.save_settings(self.settings)
        if self.table is not None and self.table.RESPONSE_WINDOWS and not self.table.read_only:
            self.table.countdown.stop()
            self.table.refresh()
        self._name_wait_menu()

    def retranslate(self) -> None:
        """Every word of the window in its language: at start, on a language switch, after a translator's save."""
        t = self.tr_.text
        for act in self.actions_by_key:
            act.setText(t(str(act.data())))
        self.menu_game.setTitle(t("menu.game"))
        self.menu_pace.setTitle(t("bots.pace"))
        self._name_wait_menu()
        self.menu_edit.setTitle(t("menu.edit"))
        self.menu_language.setTitle(t("menu.language"))
        self.menu_tools.setTitle(t("menu.tools"))
        self.menu_help.setTitle(t("menu.help"))
        self.detail_dock.setWindowTitle(t("detail.title"))
        self.log_dock.setWindowTitle(t("log.title"))
        self.chat_dock.setWindowTitle(t("chat.title"))
        self.log.setAccessibleName(t("a11y.log"))
        self.detail.set_name(t("a11y.detail"))
        for code, act in self.language_actions.items():
            act.setChecked(code == self.tr_.language)
        if self.invitations is not None:  # kept while hosting, to show again
            self.invitations.retranslate()
        self._retranslate_table()

    def _retranslate_table(self) -> None:
        """The words that follow the table on show: the table's own (its log and detail are in the docks), then
        the window's around it (`_name_table`)."""
        if self.table is not None:
            self.table.retranslate()
        else:
            self.detail.show_hint(self.tr_.text("detail.hint"))
        self._name_table()

    def _name_table(self) -> None:
        """The window's words that follow the table on show: its title, the chat of a network game, the status
        line. A new table, made in the window's language, asks only these: the menus' words follow the language
        alone (naming them again was a fifth of a new table's cost), and its own it already has (issue #42)."""
        self.setWindowTitle(self.table.title() if self.table is not None else self.tr_.text("app.name"))
        if self.net is not None and self.net.chat is not None:
            self.net.chat.retranslate()
        self._refresh_status()

    def set_language(self, code: str) -> None:
        self.tr_.set_language(code)

    def _on_language(self, code: str) -> None:
        self.settings["language"] = code
        storage.save_settings(self.settings)
        use_qt_language(code)
        # A passing message ("Saved to …", a hint, a refusal) was said in the old language: it goes.
        self.statusBar().clearMessage()
        self.clear_message()
        if self.table is not None:
            self.table.message.clear()
        self.retranslate()

    # --- dialogs (tests replace ask/inform to answer without a person) ---------------

    def ask(self, title: str, text: str, buttons: list[str], safe: int | None = None) -> int:
        """Ask a question; the index of the button chosen (-1 if the box was closed)."""
        return dialogs.ask(self, title, text, buttons, safe)

    def inform(self, title: str, text: str) -> None:
        dialogs.inform(self, title, text)

    def file_dialog(self, saving: bool) -> str:
        """The file name a person picks ("" if none); tests answer here in their place."""
        from PySide6.QtWidgets import QFileDialog  # its types are made when first asked for (issue #42)

        t = self.tr_.text
        start = str(self.save_path or storage.data_dir())
        if saving:
            # No confirmation from Qt: it would ask about the name typed, before the suffix is added.
            name, _ = QFileDialog.getSaveFileName(self, t("save.title"), start, t("file.filter"),
                                                  options=QFileDialog.Option.DontConfirmOverwrite)
        else:
            name, _ = QFileDialog.getOpenFileName(self, t("open.title"), start, t("file.filter"))
        return name

    def choose_file(self, saving: bool) -> Path | None:
        name = self.file_dialog(saving)
        if not name:
            return None
        path = Path(name)
        if not saving:
            return path
        if not path.name.endswith(storage.SAVE_SUFFIX):
            stem = path.name.removesuffix(".json").removesuffix(".convivium")
            path = path.with_name(stem + storage.SAVE_SUFFIX)
        return path if self.may_replace(path) else None

    def may_replace(self, path: Path) -> bool:
        """True if nothing is at `path`, or the person agreed to replace the file there (named in the question)."""
        if not path.exists():
            return True
        t = self.tr_.text
        question = t("save.replace_question", file=path.name, folder=str(path.parent))
        return self.ask(t("save.replace_title"), question, [t("save.replace_yes"), t("save.replace_no")], safe=1) == 0

    # --- new games ----------------------------------------------------------------------

    def remembered_options(self) -> dict[str, Any]:
        """The options of the last Solonauts deal started, as far as the rules still accept them."""
        solo = engine(*SOLO)
        try:
            return solo.options({"ids": self.settings.get("ids", IDS_DEFAULT)})
        except BadOption:  # a hand-edited or outdated settings file
            return solo.options({})

    def _remember(self, options: dict[str, Any]) -> None:
        ids = options.get("ids", IDS_DEFAULT)
        if self.settings.get("ids") != ids:  # most deals keep the last one's count: no file written at each start
            self.settings["ids"] = ids
            storage.save_settings(self.settings)

    def new_game(self, options: dict[str, Any], seed: int) -> SeatTable:
        """A Solonauts deal, the game the app opens on. It takes the autosave of the Solonauts deal on the table only
        if nothing is lost (no move played, or the deal over); a deal in progress, like a game for several, stays
        among the games in progress."""
        from desktop.shell.tables import table_for

        table = table_for(*SOLO)
        assert table is not None
        self._remember(options)
        game = table.GAME_CLASS.start(*SOLO, ["1"], options, seed)
        on_table = self.table
        shown = self.show_table(game, on_table.spare_autosave() if on_table is not None else None)
        assert shown is not None  # Solonauts speaks from the window's own catalog, read before the window opened
        return shown

    def new_game_dialog(self) -> None:
        from desktop.shell.new_game_dialog import NewGameDialog  # its widgets' types are made when first shown (#42)

        engine = self.table.game.engine if self.table is not None else None
        dialog = NewGameDialog(self.tr_, self, int(self.remembered_options()["ids"]),
                               (engine.game, engine.mode) if engine is not None else None)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        if dialog.chosen_mode() != "solonauts":
            self.hotseat_dialog(dialog.chosen_game(), dialog.chosen_mode(), dialog.seed)
        elif dialog.seed is not None:
            self.new_game(dialog.options(), dialog.seed)
        else:
            self.find_deal(dialog.chosen_kind(), dialog.options())

    def find_deal(self, kind: str, options: dict[str, Any]) -> None:
        """A Solonauts deal searched for ("winnable", "daily") by the Solonauts table, which deals it once found;
        from another game's table, a Solonauts table is put up first."""
        from desktop.shell.tables import table_for

        table = self.table
        if table is None or type(table) is not table_for(*SOLO):
            table = self.new_game(options, random_deal())
        table.take_offer(kind, options)

    def take_offer(self, action: str) -> None:
        """A menu entry of the table's own (hint, daily deal, statistics, restart)."""
        if self.table is not None and self.table.offers(action):
            self.table.take_offer(action, self.remembered_options())

    def hotseat_dialog(self, game: str, mode: str, seed: int | None) -> None:
        from desktop.frame.seat_table import SeatSetupDialog
        from desktop.shell.tables import table_class

        table = table_class(game)
        if table is None or self.unavailable(game):
            return
        names = [str(n) for n in self.settings.get("hotseat_names", []) if isinstance(n, str)]
        bots = self.settings.get("hotseat_bots")
        remembered = {int(k): v for k, v in bots.items() if str(k).isdigit()} if isinstance(bots, dict) else {}
        dialog = SeatSetupDialog(self.translator_for(game), self, names, table, mode, remembered,
                                 self.settings.get("bot_pace"))
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        self.settings["bot_pace"] = dialog.chosen_pace()  # the menu shows it once the table is up (show_table)
        self.new_hotseat(game, dialog.chosen_mode(), dialog.names(), dialog.options(),
                         random_deal() if seed is None else seed, dialog.bots())

    def new_hotseat(self, game: str, mode: str, names: list[str], options: dict[str, Any], seed: int,
                    bots: dict[int, str] | None = None) -> SeatTable | None:
        from desktop.shell.tables import table_class

        table = table_class(game)
        if table is None:
            raise ValueError(f"no table for {game}")
        started = table.GAME_CLASS.start(game, mode, names, options, seed, bots)
        self.settings["hotseat_names"] = list(names)  # offered again next time
        self.settings["hotseat_bots"] = {str(seat): level for seat, level in (bots or {}).items()}
        storage.save_settings(self.settings)
        return self.show_table(started)

    def translator_for(self, game: str) -> Translator:
        """Chrononauts speaks from the window's own catalog; another game needs its own cards' texts
        (CardSetError if they cannot be read)."""
        return self.tr_ if game == "chrononauts" else self.tr_.for_game(game)

    def tell_translation_problems(self) -> None:
        """At start: each of the user's translation files the readers refuse is left out (cardsets.read_translations_from);
        say which, and why, once the window is up."""
        for name in ("ui", *cardsets.games()):
            for problem in cardsets.translation_problems(name)[:1]:  # one reason is enough to go and look
                path = Path(problem.file)
                shown = path.relative_to(storage.data_dir()) if path.is_relative_to(storage.data_dir()) else path
                self.tell_at_start(self.tr_.text("translations.not_used", file=str(shown),
                                                 problem=place_words(self.tr_, problem)))

    def unavailable(self, game: str) -> bool:
        """True, after saying why, if ``game``'s card files cannot be read: that game cannot be played
        now, the others can, and its games in progress are kept as they are for when it can again."""
        try:
            self.translator_for(game)
        except CardSetError as exc:
            self.inform(self.tr_.text("game.unavailable_title"),
                        self.tr_.text("game.unavailable", game=self.tr_.text(f"game.{game}"),
                                      problem=error_words(self.tr_, exc)))
            return True
        return False

    # --- the table on show ----------------------------------------------------------------

    def show_table(self, game: SeatGame, slot: Path | None = None, keep: bool = True) -> SeatTable | None:
        """Put a game on the table, played by its own table (desktop/shell/tables.py). It is saved in `slot`, its
        own autosave in the list of games in progress; without one (a new game, a file opened) it gets a new
        one, so that no game in progress is ever written over; not at all without `keep` (a game over the network:
        its secrets stay with the host). None, after saying why, if the game's card files cannot be read: the
        table on show stays, and `slot` is not touched."""
        from desktop.frame import bot_seats
        from desktop.frame.seat_table import made_for
        from desktop.shell.tables import table_for

        cls = table_for(game.engine.game, game.engine.mode)
        assert cls is not None  # only games with a table are started or opened here
        if self.unavailable(cls.GAME):
            return None
        self._leave_table()
        autosave = (slot or storage.new_game_slot()) if keep else None
        with made_for(self.centre.size()):  # drawn first in the room it is shown in
            table = cls(self.translator_for(cls.GAME), game, autosave, self.log, self.detail)
        table.scene.help_rows = rows_for(cls.GAME, game.engine.mode)  # F1 lists only the keys that do something
        table.ask = self.ask  # type: ignore[method-assign]  # one place answers questions (tests too)
        table.inform = self.inform  # type: ignore[method-assign]
        table.save_dialog = self.save_as  # type: ignore[method-assign]  # the bar's Save as is the menu's
        table.watch_replay = self.watch_replay if keep else None  # a network game's moves are the host's
        table.use_settings(self.settings)  # a table's own choices (Bacchanalia's journal folded) are kept with the app's
        table.bot_seats.pace = bot_seats.pace_ms(self.settings.get("bot_pace"))  # the computers' pace, the player's setting
        self._check_pace()
        table.changed.connect(self._refresh_status)
        table.said.connect(self.show_said)
        table.dealt.connect(self._remember)
        table._autosave()
        for note in table.start_notes():
            self.tell_at_start(note)
        self.table = table
        self.save_path = None
        # Drawn once, now that it has what the window gives it (its settings, the replay it offers at the end), in
        # the room it was made for: drawn as it was made and again here, the first draw was wasted (#42). Drawn
        # before it is shown, its first words are not told to a screen reader as a change: they come with its focus.
        table.first_draw()
        self.centre.addWidget(table)
        self.centre.setCurrentWidget(table)
        self.clear_message()  # a new table opens on its prompt, not on a line about the card its first draw focused
        self._name_table()
        table.view.setFocus()
        return table

    def _leave_table(self) -> None:
        """The table on show goes (its game stays in its autosave)."""
        table, self.table = self.table, None
        self._leave_network()
        if table is None:
            return
        table.changed.disconnect(self._refresh_status)
        table.said.disconnect(self.show_said)
        table.dealt.disconnect(self._remember)
        table.leave()
        self.centre.removeWidget(table)
        table.hide()
        table.scene.drawn.emit()  # a screen reader is told its items go while Qt still knows them
        # A reader asks about events it queued after the objects went: deleted at once, they were "not found".
        QTimer.singleShot(LEAVING_MS, table.deleteLater)
        self.centre.setCurrentWidget(self.empty)
        self.save_path = None

    def table_view(self) -> TableView | None:
        """The view of the table on show."""
        return self.table.view if self.table is not None else None

    def undo(self) -> None:
        """Undo as the table on show allows it (Solonauts: any move; a game for several: only one's own), or say
        why it does nothing: a key that does nothing silently leaves a blind player guessing."""
        if self.table is None:
            return
        if self.table.can_take_back():
            self.table.undo()
        else:
            self.table.show_message(self.table.undo_refusal())

    def redo(self) -> None:
        if self.table is None:
            return
        if self.table.can_redo():
            self.table.redo()
        else:
            self.table.show_message(self.table.tr_.text("status.nothing_to_redo"))

    def show_message(self, text: str, error: bool = True) -> None:
        """A line beside the prompt: a refusal or a problem in red, anything else (a hint) in ink; said to a screen
        reader too, as every passing line of the window is (issue #37)."""
        self.show_said(text, error)
        accessibility.announce(self.message, text)

    def show_said(self, text: str, error: bool = True) -> None:
        """The line a table showed and has said itself (`SeatTable.said`)."""
        self.message.setStyleSheet(dialogs.REFUSAL_STYLE if error else "color: #1d4f8a; font-weight: bold")
        self.message.setText(text)
        self._make_room()
        self._message_timer.start(6000 if error else 12000)

    def show_status(self, text: str) -> None:
        """A short note on the status line ("Saved to …"), said to a screen reader too."""
        self.statusBar().showMessage(text, 4000)
        accessibility.announce(self.statusBar(), text)

    def _message_room(self) -> int:
        """The height kept for messages: two lines of bold words under a table that speaks through the status
        line (Solonauts), so that a refusal never moves the table; none under a table with a line of its own."""
        font = self.message.font()
        font.setBold(True)
        return 2 * QFontMetrics(font).lineSpacing() + 2 if self.prompt.text() else 0

    def _make_room(self) -> None:
        """The message is read whole: on two lines beside the prompt; where that is not enough, the prompt
        gives it its room while it is shown, and a message longer still makes the line taller."""
        label = self.message
        width = label.width()
        if self.prompt.isVisible() and label.heightForWidth(width) > self._message_room():
            self._prompt_gives_way = True
            bar = self.statusBar().layout()
            width += self.prompt.width() + (bar.spacing() if bar is not None else 0)
            self.prompt.hide()
        label.setFixedHeight(max(self._message_room(), label.heightForWidth(width)))

    def clear_message(self) -> None:
        self.message.clear()
        self.message.setFixedHeight(self._message_room())
        if self._prompt_gives_way:
            self._prompt_gives_way = False
            self.prompt.setVisible(bool(self.prompt.text()))

    def tell_at_start(self, text: str) -> None:
        """A note at start-up (a damaged file was kept aside): said once the first game is on the table,
        whose drawing clears the line, after any other such note, and for long enough to read a path."""
        def say() -> None:
            self.show_message(" ".join(part for part in (self.message.text(), text) if part))
            self._message_timer.start(30_000)

        QTimer.singleShot(0, say)

    def _refresh_status(self) -> None:
        """The status line and the menus for the table on show: its prompt, its undo rules, its own entries."""
        table = self.table
        prompt, score, deal = table.status() if table is not None else ("", "", "")
        for label, text in ((self.prompt, prompt), (self.score, score), (self.deal_label, deal)):
            label.setText(text)
            # Nor does a screen reader find an empty label (a game for several has its bar).
            label.setVisible(bool(text) and not (label is self.prompt and self._prompt_gives_way))
        if not self.message.text():
            self.message.setFixedHeight(self._message_room())
        self.act_undo.setEnabled(table is not None and table.can_take_back())
        self.act_redo.setEnabled(table is not None and table.can_redo())
        for action, act in self.offer_actions.items():
            act.setEnabled(table is not None and table.offers(action))
        for act in (self.act_save, self.act_save_as, self.act_watch):
            act.setEnabled(table is not None and table.game.seats_here is None)  # a network game is the host's
        if getattr(self.net, "record", None) is not None:  # but a joiner may keep what its seat saw
            self.act_save.setEnabled(True)
            self.act_save_as.setEnabled(True)
        self.act_invitations.setEnabled(self.invitations is not None)

    # --- network play (desktop/net/) ------------------------------------------------------------------

    def join_dialog(self, link: str = "") -> None:
        """Game → Join a game: the invitation and a name, then the seat's table once the host has seated us."""
        from desktop.net.dialogs import JoinDialog

        asking = self.join_asking
        if isinstance(asking, JoinDialog):  # one at a time: another invitation (a second copy's message) goes in it
            if link:
                asking.invite_edit.setText(link)
            asking.activateWindow()
            return
        remembered = self.settings.get("net_name")
        dialog = JoinDialog(self.tr_, self, link, remembered if isinstance(remembered, str) else "")
        self.join_asking = dialog
        try:
            answer = dialog.exec()
        finally:
            self.join_asking = None
        if answer != QDialog.DialogCode.Accepted or dialog.invite is None:
            return
        self.settings["net_name"] = dialog.name
        storage.save_settings(self.settings)
        self.join(dialog.invite, dialog.name)

    def join(self, invite: Any, name: str) -> JoinSession:
        """Ask the host of `invite` for its seat under `name`; the table goes up when the host has seated us."""
        from desktop.net.remote import JoinSession
        from desktop.shell.tables import table_for

        if self.joining is not None:
            self.joining.stop()
        session = JoinSession(self.tr_, invite, name, table_for, make_table=self._remote_table)
        session.failed.connect(lambda why: self._join_failed(session, why))
        self.joining = session
        session.start()
        return session

    def _remote_table(self, _cls: type[SeatTable], game: SeatGame) -> SeatTable:
        session, self.joining = self.joining, None  # its table goes up: no longer a seat asked for
        table = self.show_table(game, keep=False)
        if table is None:  # its card files cannot be read, which the window has said
            if session is not None:
                QTimer.singleShot(0, session.stop)
            raise BadOption("net.game_not_joinable", game=game.engine.game)
        self.net = session
        self._show_chat()
        return table

    def _join_failed(self, session: JoinSession, why: object) -> None:
        """Before its table is up: said in a box, and nothing changes here (the table shows it once it is up)."""
        if session is self.joining:
            self.joining = None
            session.stop()
            reason = self.tr_.reason(why) if isinstance(why, RulesError) else str(why)
            self.inform(self.tr_.text("net.join_title"), reason)

    def host_dialog(self) -> None:
        """Game → Host a game on the network: which game, who sits where, then the table and the invitations."""
        from desktop.net.dialogs import HostGameDialog, HostSetupDialog
        from desktop.net.hosting import hosted_in_progress
        from desktop.shell.tables import seat_games, table_class, table_for

        if hosted_in_progress(storage.data_dir()):
            t = self.tr_.text
            choice = self.ask(t("net.host_title"), t("net.resume_hosted"),
                              [t("net.carry_on"), t("net.host_new"), t("new.cancel")], 0)
            if choice == 0:
                self.resume_hosted()
            if choice != 1:
                return
        tables = [t for t in map(table_class, seat_games()) if t is not None]
        chooser = HostGameDialog(self.tr_, self, tables)
        if chooser.exec() != QDialog.DialogCode.Accepted or chooser.game.count() == 0:
            return
        game, mode = chooser.chosen()
        table = table_for(game, mode)
        if table is None or self.unavailable(game):
            return
        names = [str(n) for n in self.settings.get("hotseat_names", []) if isinstance(n, str)]
        dialog = HostSetupDialog(self.translator_for(game), self, names, table, mode)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        started = table.GAME_CLASS.start(game, dialog.chosen_mode(), dialog.names(), dialog.options(), random_deal(),
                                         dialog.bots())
        self.host(started, dialog.kinds(), spectators=chooser.spectators.isChecked())

    def host(self, started: SeatGame, kinds: list[str], listening: Any = None,
             spectators: bool = False) -> HostSession | None:
        """Serve `started` with its seats of `kinds` (local, remote, a computer's level), put the host's table up and
        show the invitations; None, after saying why, if the table cannot be opened to the network."""
        from desktop.net.hosting import HostSession, Listening

        return self._serve(HostSession.new(started, kinds, listening or Listening(folder=storage.data_dir()),
                                           spectators))

    def resume_hosted(self, listening: Any = None) -> HostSession | None:
        """Carry on the hosted game saved in the data folder, with the same invitations (its joiners come back by
        themselves); None, after saying why, if it cannot be read or served."""
        from desktop.frame.seat_table import saved_game
        from desktop.net.hosting import SAVE_NAME, HostSession, Listening
        from desktop.shell.tables import table_for

        where = listening or Listening(folder=storage.data_dir())
        held = saved_game(where.folder / SAVE_NAME) if where.folder is not None else None
        table = table_for(*held) if held is not None else None
        try:
            if table is None:
                raise SaveError("net.not_a_host_save")
            if self.unavailable(table.GAME):
                return None
            session = HostSession.resumed(table.GAME_CLASS, lambda seat: self.tr_.text("hs.seat", seat=seat + 1),
                                          where)
        except SaveError as exc:
            self.inform(self.tr_.text("net.host_title"), self.tr_.reason(exc))
            return None
        return self._serve(session)

    def _serve(self, session: HostSession) -> HostSession | None:
        """Open `session`'s table to the network, put it up and show its invitations."""
        from desktop.net.dialogs import InvitationsDialog

        self._leave_network()  # a game hosted before lets go of its port
        try:
            invites = session.start()
        except (OSError, RulesError) as exc:
            if self.table is not None and self.table.game.seats_here is not None:
                self._leave_table()  # its connections are closed: it can no longer be played
            reason = self.tr_.reason(exc) if isinstance(exc, RulesError) else file_trouble(self.tr_, exc)
            self.inform(self.tr_.text("net.host_title"), self.tr_.text("net.cannot_listen", reason=reason))
            return None
        table = self.show_table(session.game, keep=False)
        if table is None:
            session.stop()
            return None
        session.attach(table)
        session.stopped.connect(self._hosting_stopped)
        self.net = session
        self._show_chat()
        self.invitations = InvitationsDialog(self.tr_, self, invites, session.watch_invite)
        self.show_invitations()
        return session

    def _hosting_stopped(self) -> None:
        """The host chose Save and stop: the table goes, and the window says where the game is carried on."""
        self._leave_table()
        self.inform(self.tr_.text("net.host_title"), self.tr_.text("net.saved_and_stopped"))

    def show_invitations(self) -> None:
        """Game → Invitations: the hosted game's invitations again (a joiner who lost theirs, a dialog closed)."""
        if self.invitations is not None:
            self.invitations.show()
            self.invitations.raise_()
            self.invitations.activateWindow()
        self._refresh_status()

    def _show_chat(self) -> None:
        """The network game's chat under the log."""
        chat = self.net.chat if self.net is not None else None
        if chat is not None:
            screen_fit.settle_layouts()  # the side panel may have just lost the guided-game offer
            self.chat_dock.setWidget(chat)
            self.chat_dock.setVisible(self.detail_dock.isVisibleTo(self))  # folded with the side panel (F9)
            self._lay_out_docks()

    def _leave_network(self) -> None:
        """The network game on show goes: the connection closes (a joiner's seat waits on the host; a hosted
        table closes for everyone) and its thread ends; its chat goes with it."""
        self.chat_dock.hide()
        chat = self.chat_dock.widget()
        if chat is not None:
            chat.setParent(None)  # the session's again, ended with it: the next game's chat starts empty
        net, self.net = self.net, None
        if net is not None:
            net.stop()
        joining, self.joining = self.joining, None  # another game went up while a seat was asked for: it stays
        if joining is not None:
            joining.stop()
        if self.invitations is not None:
            self.invitations.close()
            self.invitations.deleteLater()  # a dialog kept hidden would stay in a screen reader's tree
            self.invitations = None

    # --- opening, saving, and the games in progress ----------------------------------------------

    def open_dialog(self) -> None:
        path = self.choose_file(saving=False)
        if path is not None:
            self.open_file(path)

    def open_file(self, path: Path) -> bool:
        """Open a save on its game's table. A game in progress (from the list, or played on from a replay) goes
        on in its own autosave; any other file is left as it was, and the game carries on in a new one."""
        from desktop.shell.tables import load_game

        try:
            _table, game = load_game(path)
        except SaveError as exc:
            opened = self.open_seat_record(path)  # not a game to play on: a seat's record of a network game
            if opened is not None:
                return opened
            self.inform(self.tr_.text("open.title"), self.tr_.text("open.failed", file=path.name, reason=self.tr_.reason(exc)))
            return False
        slot = path if storage.is_game_slot(path) else None
        if self.show_table(game, slot) is None:
            return False
        self.save_path = None if slot is not None else path  # Save writes the file opened
        return True

    def open_seat_record(self, path: Path) -> bool | None:
        """A joiner's own record of a network game (network/seat_record.py), shown again read-only in a window of its
        own: whether it opened; None if the file does not say it is one. One that says so but cannot be read is
        refused with why."""
        from desktop.net.remote import DRAWING_ERRORS
        from desktop.net.seat_replay import SeatReplay
        from desktop.shell.tables import table_for
        from network import seat_record

        try:
            data = saves.read_json(path)
        except SaveError:
            return None  # not JSON at all: the save's own refusal says why
        if not seat_record.is_record(data):
            return None
        try:
            record = seat_record.from_data(data)
            table = table_for(record.welcome.game, record.welcome.mode)
            if table is None:
                raise SaveError(seat_record.NOT_ONE)
        except SaveError as exc:
            self.inform(self.tr_.text("open.title"), self.tr_.text("open.failed", file=path.name, reason=self.tr_.reason(exc)))
            return False
        if self.unavailable(table.GAME):
            return False
        try:
            replay = SeatReplay(self.translator_for(table.GAME), record, table, path.name)
        except (RulesError, *DRAWING_ERRORS):  # its first step cannot be drawn: a file made by hand, or damaged
            self.inform(self.tr_.text("open.title"), self.tr_.text("open.failed", file=path.name,
                                                                   reason=self.tr_.text(seat_record.NOT_ONE)))
            return False
        old, self.seat_replay = self.seat_replay, replay
        if old is not None:
            old.close()
            old.deleteLater()
        self.seat_replay.show()
        self.seat_replay.raise_()
        self.seat_replay.activateWindow()  # its keys (arrows, Home, End) are the window's shortcuts
        return True

    def save(self) -> None:
        if self.save_path is None:
            self.save_as()
        else:
            self.save_to(self.save_path)

    def save_as(self) -> None:
        path = self.choose_file(saving=True)
        if path is not None:
            self.save_to(path)

    def save_to(self, path: Path) -> bool:
        if self.table is None:
            return False
        record = getattr(self.net, "record", None)  # a joiner keeps only what its seat saw (desktop/net/remote.py)
        try:
            if record is not None:
                saves.write_atomic(path, record.to_json(), named=True)
            else:
                self.table.game.save(path, named=True)
        except OSError as exc:
            why = file_trouble(self.tr_, exc)
            self.inform(self.tr_.text("save.title"), self.tr_.text("save.failed", file=path.name, reason=why))
            return False
        if record is None:
            self.save_path = path  # Save writes it again; a record is written anew by Save as…
        self.show_status(self.tr_.text("status.saved", file=path.name))
        return True

    def take_in_old_autosave(self) -> None:
        """Earlier versions autosaved Solonauts beside the settings: that game moves into a slot of the games in
        progress, once. One that cannot be read is kept aside under a new name and the player is told."""
        old = storage.legacy_autosave_path()
        if not old.is_file():  # nearly always: what reads one is imported only when there is one (issue #42)
            return
        from desktop.shell.games_list import as_damaged
        from desktop.shell.tables import load_game

        try:
            load_game(old)
        except SaveError as exc:
            kept = storage.set_aside(old)  # someone may want to look at it
            if kept is not None:
                reason = self.tr_.reason(as_damaged(exc))
                self.tell_at_start(self.tr_.text("resume.damaged", reason=reason, file=str(kept)))
            return
        storage.move_into_games(old, "solonauts")

    def offer_resume(self, crashed: bool) -> bool:
        """At start: offer the game played last (the others wait in Games in progress)."""
        from desktop.shell.games_list import Damaged, game_name, last_played

        self.take_in_old_autosave()
        damaged: list[Damaged] = []
        last = last_played(damaged=damaged)
        for entry in damaged:
            self.tell_at_start(self.tr_.text("games.damaged", reason=self.tr_.reason(entry.error), file=str(entry.path)))
        if last is None:
            return False
        t = self.tr_.text
        # Which game: a group that plays several finds the one it left, or starts afresh knowing what it leaves.
        text = t("resume.after_crash" if crashed else "resume.unfinished", game=game_name(self.tr_, last.table, last.game),
                 players=last.players(self.tr_))
        if self.ask(t("resume.title"), text, [t("resume.yes"), t("resume.no")]) != 0:
            return False
        return self.show_table(last.game, last.path) is not None

    def show_games_in_progress(self) -> None:
        """Game → Games in progress: the list; the game opened goes on in its own autosave."""
        from desktop.shell.games_list import GamesDialog

        on_table = self.table.autosave if self.table is not None else None
        dialog = GamesDialog(self.tr_, self.ask, on_table, self)
        self.games_dialog = dialog  # kept so tests can reach it
        dialog.accepted.connect(lambda: self._open_game_in_progress(dialog))
        dialog.open()

    def _open_game_in_progress(self, dialog: GamesDialog) -> None:
        entry = dialog.chosen
        if entry is not None and not dialog.is_on_table(entry):
            self.show_table(entry.game, entry.path)

    def come_forward(self) -> None:
        """Another copy of Convivium, started on the same data folder, asked for this window."""
        if self.isMinimized():
            self.showNormal()
        self.show()
        self.raise_()
        self.activateWindow()

    # --- replays -----------------------------------------------------------------------------

    def open_replay_dialog(self) -> None:
        path = self.choose_file(saving=False)
        if path is not None:
            self.open_replay(path)

    def open_replay(self, path: Path) -> ReplayWindow | None:
        """Any save as a replay (desktop/shell/replay.py); a file that cannot be read is refused with the reason."""
        from desktop.shell.replay import open_replay

        try:
            replay = open_replay(self.tr_, path, self.play_on, self)
        except SaveError as exc:
            if self.open_seat_record(path) is not None:
                return None  # a seat's record of a network game has a replay of its own (desktop/net/seat_replay.py)
            self.inform(self.tr_.text("open.title"), self.tr_.text("open.failed", file=path.name, reason=self.tr_.reason(exc)))
            return None
        except CardSetError as exc:  # the game's card files cannot be read: the replay cannot show its cards
            self.inform(self.tr_.text("open.title"), self.tr_.text("open.failed", file=path.name,
                                                                    reason=error_words(self.tr_, exc)))
            return None
        return self._show_replay(replay)

    def watch_replay(self) -> ReplayWindow | None:
        """The game on the table, from its first move, in a replay window (the game itself goes on here)."""
        from desktop.shell.games_list import game_title
        from desktop.shell.replay import ReplayWindow, stage_for_game

        if self.table is None or self.table.game.seats_here is not None:
            return None
        stage, match = stage_for_game(self.tr_, self.table.game)
        name = self.save_path.name if self.save_path is not None else game_title(self.tr_, type(self.table), self.table.game)
        return self._show_replay(ReplayWindow(self.tr_, stage, match, name, self.play_on, self))

    def play_on(self, path: Path) -> bool:
        """Play from here: the replay wrote `path`, a new autosave among the games in progress; it becomes the
        live game, and the game that was on the table stays in its own."""
        return self.open_file(path)

    def _show_replay(self, replay: ReplayWindow) -> ReplayWindow:
        old, self.replay_window = self.replay_window, replay  # one replay at a time; tests reach it here
        if old is not None:
            self.tr_.language_changed.disconnect(old.retranslate)
            old.close()
            old.deleteLater()
        self.tr_.language_changed.connect(replay.retranslate)
        replay.show()
        replay.raise_()
        replay.activateWindow()  # its keys (arrows, Page Up/Down, Space) are the window's shortcuts
        return replay

    # --- tools and help ---------------------------------------------------------------------------

    def open_workbench(self) -> None:
        """Tools → Translations: the cards in English beside the table's language."""
        from desktop.workbench.window import Workbench

        if self.workbench is None:
            target = self.tr_.language if self.tr_.language != "en" else "it"
            self.workbench = Workbench(self.tr_, cardsets.ROOT, "chrononauts", "en", target)
        self.workbench.show()
        self.workbench.raise_()

    def _follow_saves(self) -> None:
        from desktop.workbench.live import follow_saves

        self.text_watcher = follow_saves(self.tr_, cardsets.ROOT, "chrononauts", self, self._texts_not_reloaded)

    def _texts_not_reloaded(self, error: CardSetError) -> None:
        self.show_message(self.tr_.text("status.texts_not_reloaded", problem=error_words(self.tr_, error)))

    def show_keys(self) -> None:
        """F1 or ?: the keys, listed over the table on show (again: hidden)."""
        view = self.table_view()
        scene = view.scene() if view is not None else None
        if isinstance(scene, CardTable) and view is not None:
            scene.toggle_help()
            if scene.help_shown:
                view.setFocus(Qt.FocusReason.OtherFocusReason)  # Esc or F1 on the table closes the list again

    def say_own(self) -> None:
        """I: the cards only the person looking may see, read aloud to them (a game for several)."""
        if self.table is not None:
            self.table.say_own()

    def toggle_log_focus(self) -> None:
        """L: the keyboard to the log (shown if it was closed), and L again back to the table."""
        view = self.table_view()
        if self.log.hasFocus():
            if view is not None:
                view.setFocus()
            return
        self.log_dock.show()
        self.log_dock.raise_()
        self.log.setFocus()
        if self.log.count():
            self.log.setCurrentRow(self.log.count() - 1)

    def rules_on_table(self) -> str | None:
        """The rules text of the game on the table (`cardsets.rules_text.NAMES`), None if none is on."""
        from desktop.shell.how_to_play import rules_name

        return rules_name(self.table.GAME, self.table.game.engine.mode) if self.table is not None else None

    def show_help(self) -> None:
        """Help → How to play: the rules of the game on the table, at their summary."""
        from desktop.shell.how_to_play import HowToPlay

        if self.how_to_play is None:
            self.how_to_play = HowToPlay(self.tr_, self.settings, self)
        self.how_to_play.open_on(self.rules_on_table())

    def show_about(self) -> None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            number = version("convivium")
        except PackageNotFoundError:
            number = "dev"
        self.inform(self.tr_.text("menu.about").replace("&", ""), self.tr_.text("about.text", version=number))

    # --- the side panel: folded away or narrowed, as the player left it ---------------------------

    def toggle_side_panel(self) -> None:
        """F9: the card and the log beside the table, or the whole width for the table."""
        self.show_side_panel(not self.detail_dock.isVisibleTo(self))

    def show_side_panel(self, shown: bool) -> None:
        screen_fit.settle_layouts()
        for dock in (self.detail_dock, self.log_dock):
            dock.setVisible(shown)
        self.chat_dock.setVisible(shown and self.net is not None)
        self._lay_out_docks()
        self.act_side.setChecked(shown)
        self.remember_layout()

    def _lay_out_docks(self) -> None:
        """Lay the docks out again at once, within the window as it is. A dock just shown is laid out against its
        neighbours' old heights: the card panel kept the height it had beside the guided-game offer, and lay over
        the log's title once the chat came under it."""
        layout = self.layout()
        if layout is not None:  # a QMainWindow always has its own
            layout.setGeometry(layout.geometry())

    def remember_layout(self) -> None:
        """The docks' place, width and folding, and the window's size on this screen, kept in the settings
        (Qt's own state, written as text)."""
        self.settings[LAYOUT] = screen_fit.encode(self.saveState())
        screen_fit.remember_geometry(self, self.settings)
        storage.save_settings(self.settings)

    def restore_layout(self) -> None:
        """The layout the player left; a value that is not Qt's (a hand-edited file) is ignored."""
        saved = screen_fit.decode(self.settings.get(LAYOUT))
        if saved is not None:
            self.restoreState(saved)
            self.chat_dock.setVisible(self.net is not None)  # no chat before a network game
        self.act_side.setChecked(self.detail_dock.isVisibleTo(self))

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt override
        self.remember_layout()
        self._leave_network()
        if self.workbench is not None:
            self.workbench.close()
        if self.how_to_play is not None:
            self.how_to_play.close()
        try:
            storage.running_marker().unlink(missing_ok=True)
        except OSError:
            pass
        super().closeEvent(event)
