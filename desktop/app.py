"""Starting the app: settings, card sets, the window, and the offer to resume."""
from __future__ import annotations

import argparse
import sys

from cardsets.yamlfile import CardSetError


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="convivium", description="A table for card games.")
    parser.add_argument("--lang", choices=["it", "es", "en", "nl", "qps"],
                        help="language of the table (qps: a pseudo-language that lengthens every text)")
    parser.add_argument("--deal", help="start Solonauts with this deal number")
    parser.add_argument("--ids", type=int, choices=range(6, 11), metavar="6-10", default=None,
                        help="travellers to bring home")
    args = parser.parse_args(argv)

    from PySide6.QtWidgets import QApplication, QMessageBox

    from desktop import storage
    from desktop.i18n import Translator, default_language
    from desktop.main_window import MAX_DEAL, MainWindow, parse_deal, random_deal

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Convivium")
    app.setOrganizationName("Convivium")
    settings = storage.load_settings()
    language = args.lang or settings.get("language") or default_language()
    try:
        tr = Translator(str(language))
    except CardSetError as exc:
        print("The card files have problems:\n" + str(exc), file=sys.stderr)
        QMessageBox.critical(None, "Convivium", "The card files have problems:\n\n" + str(exc))
        return 1
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
        QMessageBox.critical(None, "Convivium", "The card files have problems:\n\n" + str(exc))
        return 1

    marker = storage.running_marker()
    crashed = marker.exists()
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError:
        pass
    window.show()
    options = window.remembered_options()
    if args.ids is not None:
        options["ids"] = args.ids
    if args.deal is not None:
        window.new_game(options, random_deal() if seed is None else seed)
    elif not window.offer_resume(crashed):
        window.new_game(options, random_deal())
    return int(app.exec())
