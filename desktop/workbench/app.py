"""`convivium translate GAME [--source LANG] [--target LANG]`: the workbench on its own."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import cardsets
from cardsets.text import LANGUAGES
from desktop.frame.pseudo import CODE as PSEUDO


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="convivium translate",
                                     description="Show a card set card by card in two languages, "
                                                 "with missing, out-of-date and too-long texts marked.")
    parser.add_argument("game", nargs="?", default="chrononauts", help="the card set (default: chrononauts)")
    parser.add_argument("--source", choices=LANGUAGES, default="en", help="the language to translate from")
    parser.add_argument("--target", choices=(*LANGUAGES, PSEUDO), default="it",
                        help=f"the language to check ({PSEUDO}: a pseudo-language that lengthens every text)")
    parser.add_argument("--root", type=Path, default=cardsets.ROOT, metavar="DIR",
                        help="the card-set folder (default: the one installed with Convivium)")
    args = parser.parse_args(argv)
    games = cardsets.games(args.root)
    if args.game not in games:
        parser.error(f"unknown game {args.game!r}; choose one of {', '.join(games)}")

    from PySide6.QtWidgets import QApplication

    from desktop.frame import storage
    from desktop.frame.i18n import Translator, default_language
    from desktop.workbench.window import Workbench

    app = QApplication.instance() or QApplication(sys.argv[:1])
    language = storage.load_settings().get("language") or default_language()
    window = Workbench(Translator(str(language)), args.root, args.game, args.source, args.target)
    window.show()
    return int(app.exec())
