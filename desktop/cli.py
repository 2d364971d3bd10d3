"""The `convivium` command: the app by default, `check`, `translate`, `rules`, `bench` and `tournament` for tools,
`host` for a headless network host, `join LINK` for the app opened on a network game's invitation."""
from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "check" and any(a == "--report" or a.startswith("--report=") for a in args[1:]):
        # The report measures text with Qt's fonts, so it lives in desktop/; plain check stays Qt-free.
        from desktop.tools.report import main as report_main

        return report_main(args[1:])
    if args and args[0] == "check" and "--legibility" in args[1:]:
        # It draws every table to measure its texts on screen: Qt again, so desktop/ too.
        from desktop.tools.legibility import main as legibility_main

        return legibility_main(args[1:])
    if args and args[0] == "check":
        from cardsets import text_usage
        from cardsets.check import main as check_main
        from rules.tutorial import check as replay_tutorials

        # The guided games, replayed through the rules; and each text the code says, with every placeholder given.
        return check_main(args[1:], extra=lambda root: replay_tutorials(root) + text_usage.check(root))
    if args and args[0] == "rules":
        from cardsets.rules_text import main as rules_main

        return rules_main(args[1:])
    if args and args[0] == "tournament":
        from rules.bots.tournament import main as tournament_main

        return tournament_main(args[1:])
    if args and args[0] == "host":
        # A headless host for a server: the network layer on asyncio, no Qt.
        from network.command import main as host_main

        return host_main(args[1:])
    if args and args[0] == "translate" and any(a in ("export", "import") for a in args[1:]):
        # PO and XLIFF exchange needs no display, so it runs where the workbench cannot (QtCore alone
        # finds the data folder, where imports go and whose translations export reads).
        from cardsets.exchange import main as exchange_main

        return exchange_main(args[1:], translations=_translations_dir())
    if args and args[0] == "translate":
        from desktop.workbench.app import main as translate_main

        return translate_main(args[1:])
    if args and args[0] == "print":
        from desktop.workbench.print_deck import main as print_main

        return print_main(args[1:])
    if args and args[0] == "bench":
        from desktop.tools.benchmark import main as bench_main

        return bench_main(args[1:])
    from desktop.shell.app import run

    if args and args[0] == "join":  # the app, opened on an invitation
        return run(["--join", *args[1:]])
    return run(args)


def _translations_dir() -> Path:
    """The translations folder in the app's data folder, found as the app finds it (Qt's paths need
    the application's names; no application object is made)."""
    from PySide6.QtCore import QCoreApplication

    from desktop.frame import storage

    QCoreApplication.setApplicationName("Convivium")
    QCoreApplication.setOrganizationName("Convivium")
    return storage.translations_dir()


if __name__ == "__main__":
    sys.exit(main())
