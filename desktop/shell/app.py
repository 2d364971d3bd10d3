"""Starting the app: settings, card sets, the window, and the offer to resume."""
from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from cardsets.yamlfile import CardSetError

if TYPE_CHECKING:
    from desktop.shell.main_window import MainWindow

APP_ID = "io.github.convivium.Convivium"  # the .desktop file, the icon and the AppStream id
OTHER_COMMANDS = """other commands:
  convivium check      check every card set and text catalog
  convivium translate  open the translators' workbench
  convivium join LINK  join a game hosted on another computer (its invitation: a convivium:// link or a code)
  convivium host GAME  host a game without a window (convivium host --help)
  convivium bench      measure start-up, the engines, the redraws and the network (--compare REV)"""


def hold_collector() -> None:
    """Start-up makes a few hundred thousand objects that live as long as the app (modules, classes, Qt's enums, the
    card sets, the window): Python's cyclic collector walked them again and again while they were made, about 10 ms
    of start-up (issue #42). It waits until the window is made (`release_collector`)."""
    gc.disable()


def release_collector() -> None:
    """The collector runs again, leaving out of its walks the objects made so far: they live as long as the window
    (a few dozen were garbage when measured), and its first walk of them all took longer than the start it saved."""
    gc.freeze()
    gc.enable()


def read_before_qt() -> None:
    """Import the Qt-free modules the first table needs before Qt: PySide's import hook reads the source of every
    module imported after it, looking for its own name (for its `__feature__` switches, which we don't use)."""
    import cardsets  # noqa: F401
    import rules.chrononauts.solonauts  # noqa: F401
    import rules.match  # noqa: F401
    import rules.saves  # noqa: F401


def run(argv: list[str]) -> int:
    hold_collector()
    try:
        return _run(argv)
    finally:
        gc.unfreeze()  # the window has gone (or never came): its objects are walked as any others
        gc.enable()


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="convivium", description="A table for card games.", epilog=OTHER_COMMANDS,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", choices=["it", "es", "en", "nl", "qps"],
                        help="language of the table (qps: a pseudo-language that lengthens every text)")
    parser.add_argument("--deal", help="start Solonauts with this deal number")
    parser.add_argument("--ids", type=int, choices=range(6, 11), metavar="6-10", default=None,
                        help="travellers to bring home")
    parser.add_argument("--screenshot", metavar="PNG",
                        help="draw the table with a new deal into this picture and quit (the saved game is not touched)")
    parser.add_argument("--force", action="store_true", help="with --screenshot: replace the picture if it exists")
    parser.add_argument("--join", metavar="LINK", help="open the Join dialog on this invitation (convivium join LINK)")
    picture = parser.add_argument_group("pictures of any table (with --screenshot)")
    # Not listed here: naming every game would read every game's registration at each start.
    picture.add_argument("--game", help="a game, or a mode with a name of its own such as artifaxx "
                                        "(an unknown name is answered with the list)")
    picture.add_argument("--mode", help="the game's mode (default: its first)")
    picture.add_argument("--players", type=int, metavar="N", help="how many play (default: 4, or the nearest allowed)")
    picture.add_argument("--seed", type=int, metavar="S", default=0, help="the deal, and the draw of the moves")
    picture.add_argument("--moves", type=int, metavar="K", default=0, help="random legal moves played first")
    picture.add_argument("--size", metavar="WxH", help="the window's size (default 1600x1000; 1480x900 without --game)")
    args = parser.parse_args(argv)
    shot = None
    if args.screenshot or args.game is not None or args.size is not None:
        from desktop.shell.screenshot import BadShot, read_shot, read_size, writable

        try:
            if not args.screenshot:
                raise BadShot("--game and --size draw a picture: give --screenshot PNG too")
            if args.game is not None:
                shot = read_shot(args.game, args.mode, args.players, args.seed, args.moves, args.size, args.screenshot,
                                 args.force)
            else:
                read_size(args.size)
                writable(args.screenshot, args.force)
        except BadShot as exc:
            parser.error(str(exc))  # exits 2 with the usage
    shot_home = ""
    if args.screenshot:
        # A throwaway data folder: the picture's deal must not replace the player's autosave.
        shot_home = tempfile.mkdtemp(prefix="convivium-screenshot-")
        os.environ["CONVIVIUM_HOME"] = shot_home

    read_before_qt()
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from desktop.frame import dialogs, storage
    from desktop.frame.i18n import Translator, default_language
    from desktop.shell.deal_numbers import parse_deal, random_deal
    from desktop.shell.main_window import MainWindow
    from rules.chrononauts.deals import MAX_DEAL

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Convivium")
    app.setOrganizationName("Convivium")
    set_icon()
    settings = storage.load_settings()
    import cardsets

    cardsets.read_translations_from(storage.translations_dir())  # the user's imported translations
    language = args.lang or settings.get("language") or default_language()
    try:
        tr = Translator(str(language))
    except CardSetError as exc:
        print("The card files have problems:\n" + str(exc), file=sys.stderr)
        dialogs.warn(None, "Convivium", cannot_start(str(language), exc))
        return 1
    from desktop.shell.single_instance import claim_or_hand_over

    # Before anything is written: a second copy on the same folder would take the same autosaves.
    instance = claim_or_hand_over(tr, storage.data_dir(), args.join)
    if instance is None:
        return 0
    # Now the folder is ours: a settings file that cannot be read is kept aside (and said once the window is up).
    settings, settings_kept = storage.read_settings()
    seed: int | None = None
    if args.deal is not None:
        try:
            seed = parse_deal(args.deal)
        except ValueError:
            print(tr.text("cli.bad_deal", text=args.deal, max=MAX_DEAL), file=sys.stderr)
            return 2
    try:
        window = MainWindow(tr, settings)
    except CardSetError as exc:
        print("The card files have problems:\n" + str(exc), file=sys.stderr)
        dialogs.warn(None, "Convivium", cannot_start(tr.language, exc))
        return 1
    release_collector()  # the window is made: what follows (a dialog, the event loop) runs as any code does
    instance.raise_requested.connect(window.come_forward)
    # `convivium join LINK` while this copy runs: asked once the socket's message is read, not inside its reading
    instance.join_requested.connect(lambda link: QTimer.singleShot(0, lambda: window.join_dialog(link)))

    if settings_kept is not None:
        window.tell_at_start(tr.text("settings.damaged", file=str(settings_kept)))
    window.tell_translation_problems()

    marker = storage.running_marker()
    crashed = marker.exists()
    storage.remove_stale_temp_files()
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass
    window.show()
    options = window.remembered_options()
    if args.ids is not None:
        options["ids"] = args.ids
    if args.screenshot:
        from desktop.frame import card_item

        card_item.ANIMATION_MS = 0  # the picture shows the cards where they land, not on their way
        if shot is not None:
            from desktop.shell.screenshot import BadShot, set_table

            window.inform = lambda title, text: print(text, file=sys.stderr)  # type: ignore[method-assign]  # no one to click OK
            try:
                set_table(window, shot)
            except BadShot as exc:
                print(f"convivium: {exc}", file=sys.stderr)
                window.close()
                instance.release()
                return 2
        else:
            from desktop.shell.screenshot import read_size

            window.resize(*(read_size(args.size) if args.size else (1480, 900)))
            window.new_game(options, random_deal() if seed is None else seed)
        code = screenshot(window, Path(args.screenshot), Path(shot_home), args.force)
        instance.release()
        return code
    if args.deal is not None or args.join is not None:
        window.take_in_old_autosave()  # an earlier version's game waits among the games in progress
        window.new_game(options, random_deal() if seed is None else seed)
        if args.join is not None:  # asked once the window is up, the invitation filled in (checked on Join)
            link = args.join[:2000]
            QTimer.singleShot(0, lambda: window.join_dialog(link))
    elif not window.offer_resume(crashed):
        window.new_game(options, random_deal())
    code = int(app.exec())
    instance.release()
    return code


def cannot_start(language: str, error: CardSetError) -> str:
    """Why the app cannot start: in the player's language when the app's own texts can be read (a game's card
    files cannot), else in English, with the checker's detail (the words to say it in are what is broken)."""
    import cardsets
    from cardsets.text import Catalog
    from desktop.frame.i18n import Translator
    from desktop.frame.problem_words import error_words

    try:
        tr = Translator(language, ui=cardsets.load_ui_texts(), texts=Catalog())
    except CardSetError:
        return "The card files have problems:\n\n" + str(error)
    return tr.text("app.cannot_start", problem=error_words(tr, error))


def set_icon() -> None:
    """The theme's icon when Convivium is installed with its .desktop file, else the one bundled with
    a standalone build (PyInstaller puts data files under sys._MEIPASS)."""
    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    QApplication.setDesktopFileName(APP_ID)  # lets the desktop match the window to its menu entry

    icon = QIcon.fromTheme(APP_ID)
    bundle = getattr(sys, "_MEIPASS", None)
    if icon.isNull() and bundle is not None:
        icon = QIcon(str(Path(bundle) / "icons" / f"{APP_ID}.png"))
    if not icon.isNull():
        QApplication.setWindowIcon(icon)


def screenshot(window: MainWindow, path: Path, home: Path, replace: bool = False) -> int:
    """Draw the window into `path` once it is laid out; then close it and forget its data folder.
    The PNG is made in memory and written by the one writer (cardsets/files.py): never into a FIFO
    or a device, never half a picture."""
    from PySide6.QtWidgets import QApplication

    from cardsets import files
    from desktop.frame.pictures import png_bytes

    for _ in range(3):  # the docks and the view settle their sizes over a few passes
        QApplication.processEvents()
    picture = window.grab()
    window.close()
    shutil.rmtree(home, ignore_errors=True)
    try:
        files.write_bytes(path, png_bytes(picture), replace=replace, named=True)
    except OSError as exc:
        print(f"convivium: could not write the picture to {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    return 0
