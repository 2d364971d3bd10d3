"""Card sets: YAML data a person can edit, and the loader that validates it.

Each game is a folder ``<game>/`` holding ``cards.yaml`` and ``text/<lang>.yaml``, read by the
module ``cardsets.<game>.loader``, whose ``load(path, label)`` returns a validated set with a
``version`` and the ``text_keys()`` every language file must provide. A new game needs
nothing else here: the folders on disk say which games exist (`cardsets.folders`).

Nothing here knows about the rules engines or the desktop app.
"""
from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol

from cardsets import catalog_cache, files, text
from cardsets.chrononauts.loader import ChrononautsSet
from cardsets.folders import ROOT, folder, games
from cardsets.text import LANGUAGES, Catalog
from cardsets.yamlfile import MAX_FILE_BYTES, CardSetError, Problem, unreadable

# A game installed outside the repository brings a `cardsets/` folder (its loader module and its card set) in a
# folder named by CONVIVIUM_GAMES, which joins this package (cardsets.folders, docs/new-game.md).
__path__ = [*__path__, *(os.path.join(extra, "cardsets")
                         for extra in os.environ.get("CONVIVIUM_GAMES", "").split(os.pathsep) if extra)]

__all__ = ["CardSet", "CardSetError", "ChrononautsSet", "Catalog", "LANGUAGES", "GAMES", "ROOT", "games",
           "load_set", "read_set", "load_chrononauts", "load_texts", "load_ui_texts", "validate_all", "Report"]


class CardSet(Protocol):
    """What every game's loaded card set offers the loader."""

    @property
    def version(self) -> int:
        """The card set's version number: a save made with another version does not load."""

    def text_keys(self) -> list[str]:
        """Every string key the cards and the table's prompts need in a language file."""

    def notes(self) -> dict[str, str]:
        """Card id -> its note on its data, for the cards that have one."""


GAMES = games()


def read_set(game: str, root: Path = ROOT) -> CardSet:
    """A game's card set read afresh from disk (`load_set` keeps the first reading)."""
    module = importlib.import_module(f"cardsets.{game}.loader")
    loaded: CardSet = module.load(folder(game, root) / "cards.yaml", f"{game}/cards.yaml")
    return loaded


@lru_cache(maxsize=None)
def load_set(game: str, root: Path = ROOT) -> CardSet:
    """A game's validated card set; raises CardSetError listing every problem."""
    return read_set(game, root)


def load_chrononauts(root: Path = ROOT) -> ChrononautsSet:
    """The Chrononauts card set under `root`, typed as such (`load_set` may return any game's)."""
    loaded = load_set("chrononauts", root)
    assert isinstance(loaded, ChrononautsSet)
    return loaded


_translations: list[Path] = []  # the user's translations folder, once the app has named it


def read_translations_from(folder: Path | None) -> None:
    """Read the user's translations (``folder/<game>/<lang>.yaml``, written by ``convivium translate
    import``) over the installed language files from now on; None: the installed files alone."""
    _translations[:] = [] if folder is None else [folder]
    load_texts.cache_clear()
    load_ui_texts.cache_clear()


def translation_problems(name: str, root: Path = ROOT) -> list[Problem]:
    """Why the user's translations of ``name`` (a game or ``ui``) are not read: each of its files the
    loader would refuse is left out whole, and the installed one is read instead."""
    return [p for _lang, found in _overlaid(name, root) if isinstance(found, list) for p in found]


@lru_cache(maxsize=None)
def load_texts(game: str, root: Path = ROOT) -> Catalog:
    """The strings of one game; raises CardSetError if a language file is broken."""
    cards = load_set(game, root)
    # `convivium check` holds the forms to CLDR; the table needs only what it shows (no locale data at start-up),
    # and what it was shown last time, if these files have not changed since (catalog_cache).
    catalog, problems = catalog_cache.load(folder(game, root) / "text", f"{game}/text", cards.text_keys(),
                                           cards.notes())
    if problems:
        raise CardSetError(problems)
    return _with_translations(catalog, game, root)


@lru_cache(maxsize=None)
def load_ui_texts(root: Path = ROOT) -> Catalog:
    catalog, problems = catalog_cache.load(root / "ui" / "text", "ui/text")
    if problems:
        raise CardSetError(problems)
    return _with_translations(catalog, "ui", root)


def _with_translations(catalog: Catalog, name: str, root: Path) -> Catalog:
    for lang, found in _overlaid(name, root):
        if isinstance(found, Catalog):
            catalog.strings[lang] = found.strings[lang]
            catalog.stamps[lang] = found.stamps[lang]
    return catalog


def _overlaid(name: str, root: Path) -> list[tuple[str, Any]]:
    """(language, its catalog from the user's file, or the problems that keep that file out)."""
    if not _translations:
        return []
    found: list[tuple[str, Any]] = []
    notes: dict[str, str] | None = None  # the game's notes, read only for a file to check: most starts have none (issue #42)
    for lang in LANGUAGES:
        path = _translations[0] / name / f"{lang}.yaml"
        if lang == text.REFERENCE or not path.exists():
            continue  # English is the reference: translations never change it
        if notes is None and name in games(root):
            notes = load_set(name, root).notes()
        label = f"{name}/text"
        try:
            data = files.read_bytes(path, MAX_FILE_BYTES)
        except OSError as exc:
            found.append((lang, [Problem(str(path), 1, 1, f"cannot read it: {exc.strerror or exc}", *unreadable(exc))]))
            continue
        # A form it lacks (a plural category added since it was made) shows as the language's "other" form;
        # `convivium check` and an import hold a file to CLDR's categories.
        catalog, problems = text.load_with(folder(name, root) / "text", label, lang, data, notes, all_forms=False)
        found.append((lang, [replace(p, file=str(path)) for p in problems] if problems else catalog))
    return found


@dataclass
class Report:
    """What `convivium check` found for one card set."""

    name: str
    problems: list[Problem]
    missing: dict[str, list[str]]
    stale: dict[str, list[str]]
    warnings: list[Problem] = field(default_factory=list)  # glossary findings: errors only with --strict


def validate_all(root: Path = ROOT) -> list[Report]:
    """Validate every card set and the app strings, collecting every problem (never raising)."""
    from cardsets import rules_text, tutorial  # what `check` reads; a table starting needs neither
    reports = []
    for game in games(root):
        doc_problems: list[Problem] = []
        required: list[str] = []
        notes: dict[str, str] | None = None
        try:
            cards = read_set(game, root)
            required, notes = cards.text_keys(), cards.notes()
        except CardSetError as exc:
            doc_problems += exc.problems
        catalog, problems = text.load(folder(game, root) / "text", f"{game}/text", required, notes)
        if any((folder(game, root) / "rules").glob("*.md")):  # the rules players read in the app (a set may have none yet)
            problems += rules_text.check(root, [name for name, cardset in rules_text.NAMES.items() if cardset == game])
        # Its guided first games: form, words in every language, cards (once the cards themselves can be read).
        if game in tutorial.cardsets_with_tutorials(root) and not doc_problems:
            problems += tutorial.check(root, [name for name, cardset in tutorial.NAMES.items() if cardset == game])
        rules = [name for name, cardset in rules_text.NAMES.items() if cardset == game]
        found, warnings = _glossary(root, game, catalog, rules)
        reports.append(_report(game, doc_problems + problems + found, catalog, notes_known=notes is not None))
        reports[-1].warnings = warnings
    catalog, problems = text.load(root / "ui" / "text", "ui/text")
    found, warnings = _glossary(root, "ui", catalog, [])
    reports.append(_report("ui", problems + found, catalog))
    reports[-1].warnings = warnings
    return reports


def _glossary(root: Path, name: str, catalog: Catalog, rules: list[str]) -> tuple[list[Problem], list[Problem]]:
    """A set's glossary problems (errors) and its findings in the strings, guided-game texts and rules texts
    (warnings): one word per thing wherever a player reads it."""
    from cardsets import glossary, rules_text, tutorial

    loaded, problems = glossary.load(folder(name, root) / glossary.FILE_NAME, f"{name}/{glossary.FILE_NAME}")
    if loaded is None or problems:
        return problems, []
    guided: Catalog | None = None
    if name in tutorial.cardsets_with_tutorials(root):
        guided, _unread = tutorial.load_texts(name, root)  # its own problems are tutorial.check's to report
    sources: dict[str, list[Any]] = {}
    for lang in glossary.TRANSLATIONS:
        found = [glossary.catalog_source(folder(name, root) / "text", f"{name}/text", lang)]
        if guided is not None:
            found.append(glossary.catalog_source(tutorial.text_folder(name, root), tutorial.text_label(name), lang,
                                                 english=guided.strings.get(text.REFERENCE, {})))
        found += [glossary.rules_source(rules_text.path_of(r, lang, root), rules_text.label_of(r, lang)) for r in rules]
        sources[lang] = [source for source in found if source is not None]
    return [], sorted(glossary.check(loaded, catalog, sources))


def _report(name: str, problems: list[Problem], catalog: Catalog, notes_known: bool = True) -> Report:
    # With cards.yaml unreadable, the English notes are unknown: their translations are not
    # called stale for that (the broken file is reported already).
    def judged(keys: list[str]) -> list[str]:
        return keys if notes_known else [k for k in keys if not k.endswith(text.NOTE_SUFFIX)]

    return Report(name, sorted(problems),
                  {lang: catalog.missing(lang) for lang in LANGUAGES},
                  {lang: judged(catalog.stale(lang)) for lang in LANGUAGES})
