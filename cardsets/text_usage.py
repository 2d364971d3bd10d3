"""Where the code says a text, each placeholder is filled: a `convivium check` step.

Each translation has the placeholders of its English (cardsets/text.py), but a string whose call leaves a
placeholder out still shows it raw ("There is no option called {name}"), and a key no catalog has shows the key
itself. So the code is read (as text, never imported: this layer imports no other): every call with a fixed key,
`text("key", ...)` (and its short name `t`) and the typed errors (`IllegalMove("illegal.x", card=...)`), must name
a string of the texts it is said with, and pass each placeholder that string has in every language. A call that
passes a dict of arguments (`**params`) is left out, and so is a key made at run time.

The texts a call is said with: a game's rules (rules/<game>/) and table (desktop/games/<game>/) speak their game's
texts, then the app's; anything else the app's, or any game's that has the key (the shared frame speaks through
each game's translator; an error of rules/kernel.py is said by every game).
"""
from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from cardsets.text import PLURAL_ONE, PLURAL_OTHER, Catalog, placeholders
from cardsets.yamlfile import Problem

CODE = ("rules", "network", "desktop")  # the folders read, beside the card sets' folder
# The typed errors whose first argument is a text key (rules.kernel.RulesError's kind, and the frame's own), and the
# network's farewells (network/protocol.py's Bye), which carry one to the joiner.
ERRORS = frozenset({"RulesError", "IllegalMove", "BadOption", "NothingToUndo", "NothingToRedo", "SaveError",
                    "BadName", "BotSeatError", "BadMessage", "BadInvite", "NotSecure", "Bye"})
SAYERS = frozenset({"text", "t"})
UI = "ui"


def call_name(node: ast.Call) -> str | None:
    """The name a call is made by: `f` for `f(...)` and `obj.f(...)`, None for any other callee."""
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def fixed_key(node: ast.Call) -> str | None:
    """The call's first argument if it is a text key written out ("option.unknown")."""
    first = node.args[0] if node.args else None
    if not isinstance(first, ast.Constant) or not isinstance(first.value, str):
        return None
    key = first.value
    return key if "." in key and " " not in key and "/" not in key else None


def calls(code: Path) -> Iterator[tuple[Path, ast.Call, str]]:
    """Every call of the code under `code` (its rules/ and desktop/) that says a text with a fixed key."""
    for folder in CODE:
        for path in sorted((code / folder).rglob("*.py")):
            try:
                tree = ast.parse(path.read_text(encoding="utf-8"))
            except (OSError, SyntaxError, UnicodeDecodeError):
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and call_name(node) in SAYERS | ERRORS:
                    key = fixed_key(node)
                    if key is not None:
                        yield path, node, key


def _has(catalog: Catalog, key: str) -> bool:
    return catalog.has(key) or catalog.has(key + PLURAL_OTHER)


def game_of(where: tuple[str, ...]) -> str | None:
    """The game whose rules or table a file of the code (its path, split) is part of."""
    if len(where) > 2 and where[0] == "rules":
        return where[1]
    return where[2] if where[:2] == ("desktop", "games") else None


def speakers(catalogs: Mapping[str, Catalog], where: tuple[str, ...], key: str) -> list[Catalog]:
    """The catalogs `key` is said from at `where` (a path inside the code, split)."""
    game = game_of(where)
    if game is not None and game in catalogs:
        own = catalogs[game]
        return [own] if _has(own, key) else [catalogs[UI]] if _has(catalogs[UI], key) else []
    if _has(catalogs[UI], key):
        return [catalogs[UI]]
    return [catalog for name, catalog in catalogs.items() if name != UI and _has(catalog, key)]


def problems(catalogs: Mapping[str, Catalog], code: Path, games: Sequence[str] = ()) -> list[Problem]:
    """What a player would read raw: `catalogs` are the texts (UI and each game's), `code` the folder holding
    rules/ and desktop/. `games` are the games of the code: one without texts here (a tree holding some games
    only) has its files left out, and a key found nowhere may be one of its own, so it is not said missing."""
    absent = set(games) - set(catalogs)
    found: list[Problem] = []
    for path, node, key in calls(code):
        if any(k.arg is None for k in node.keywords):
            continue  # arguments in a dict: only a run shows them (tests/desktop/frame/test_messages_filled.py)
        given = {str(k.arg) for k in node.keywords}
        where = path.relative_to(code).parts
        if game_of(where) in absent:
            continue
        file = "/".join(where)
        said_from = speakers(catalogs, where, key)
        if not said_from and not absent:
            found.append(Problem(file, node.lineno, node.col_offset + 1, f"no text {key!r}: the key itself would show"))
        for catalog in said_from:
            for lang, strings in sorted(catalog.strings.items()):
                for form in (key, key + PLURAL_ONE, key + PLURAL_OTHER):
                    if form not in strings:
                        continue
                    # A counted string gets its count from the call's only number (desktop/frame/i18n.py).
                    missing = (placeholders(strings[form]) or set()) - given - ({"count"} if form != key else set())
                    if missing:
                        found.append(Problem(file, node.lineno, node.col_offset + 1,
                                             f"{form!r} in {lang} has {sorted(missing)}, which this call does not "
                                             f"give (it gives {sorted(given)})"))
    return found


def check(root: Path, code: Path | None = None) -> list[Problem]:
    """The `convivium check` step: the texts under `root` against the code beside the card sets (or `code`).
    Nothing if a catalog cannot be read: the check says why already."""
    import cardsets

    code = code if code is not None else cardsets.ROOT.parent
    if not all((code / folder).is_dir() for folder in CODE):
        return []
    try:
        catalogs = {UI: cardsets.load_ui_texts(root), **{game: cardsets.load_texts(game, root)
                                                        for game in cardsets.games(root)}}
    except (cardsets.CardSetError, OSError):
        return []
    return problems(catalogs, code, cardsets.GAMES)
