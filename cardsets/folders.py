"""Where each card set lies.

The installed card sets are the folders ``<game>/`` of this package's folder (`ROOT`), and of the other
folders of the `cardsets` package: a game installed outside the repository brings one, named by the
environment variable CONVIVIUM_GAMES (docs/new-game.md). A tool given another root (a copy being edited, a
test's folder) reads that root alone.
"""
from __future__ import annotations

import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent


def roots(root: Path = ROOT) -> list[Path]:
    """The folders card sets are looked for in: `root`, and for the installed root the package's other folders
    after it."""
    if root != ROOT:
        return [root]
    found = [ROOT]
    for entry in importlib.import_module("cardsets").__path__:  # named, not imported: the package imports this module
        path = Path(entry).resolve()
        if path not in found:
            found.append(path)
    return found


def folder(game: str, root: Path = ROOT) -> Path:
    """The folder of `game`'s card set (``<root>/<game>``, or the first other folder that holds it)."""
    return next((r / game for r in roots(root) if (r / game / "cards.yaml").is_file()), root / game)


def games(root: Path = ROOT) -> tuple[str, ...]:
    """The games whose card sets lie under `root` (and beside it, see `roots`), in alphabetical order."""
    return tuple(sorted({p.parent.name for r in roots(root) for p in r.glob("*/cards.yaml")}))


def tutorials(root: Path = ROOT) -> dict[str, str]:
    """The guided games there are (``<cardset>/tutorial/<name>.yaml``, `cardsets.tutorial`), by name in alphabetical
    order, with the card set each belongs to: the files on disk say."""
    found = {path.stem: path.parent.parent.name for r in roots(root) for path in r.glob("*/tutorial/*.yaml")}
    return dict(sorted(found.items()))
