"""A card set's texts read fresh from disk, with the place of every card and string.

The loaders in `cardsets` are cached for the table; the workbench must see a file the moment
a translator saves it, so it reads through `cardsets.text.load` itself. It takes a card-set
root, so tests point it at a copy and never touch the shipped files.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsets import text
from cardsets import fields as checks
from cardsets.folders import folder
from cardsets.text import LANGUAGES, Catalog
from cardsets.yamlfile import CardSetError, Document, Problem, id_lines, read


@dataclass(frozen=True)
class Where:
    """A line in a card-set file, named as `convivium check` names it."""

    file: str
    line: int
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass
class Texts:
    """One folder of language files: the catalog and where each key stands in each file."""

    label: str  # e.g. "chrononauts/text"
    catalog: Catalog
    places: dict[str, dict[str, Where]]  # language -> key -> where
    problems: list[Problem]  # not fatal: the strings are shown, the problem beside them

    def where(self, lang: str, key: str) -> Where | None:
        return self.places.get(lang, {}).get(key)


@dataclass
class GameSource:
    game: str
    cards: Any  # the game's loaded set (ChrononautsSet, …)
    card_places: dict[str, Where]  # card id -> where it stands in cards.yaml
    texts: Texts
    problems: list[Problem] = field(default_factory=list)


def load_texts(folder: Path, label: str, required: list[str] | None = None,
               notes: dict[str, str] | None = None) -> Texts:
    """Read ``folder/<lang>.yaml``; raises CardSetError if a file cannot be read or parsed at all.

    A broken file would otherwise read as a language with no strings: everything missing.
    """
    docs = {lang: read(folder / f"{lang}.yaml", f"{label}/{lang}.yaml") for lang in LANGUAGES}
    fatal = [p for doc in docs.values() for p in doc.problems]
    if fatal:
        raise CardSetError(fatal)
    catalog, problems = text.load(folder, label, required or (), notes)
    places = {lang: {str(path[1]): Where(doc.file, line, column)
                     for path, (line, column) in doc.key_positions.items()
                     if len(path) == 2 and path[0] == "strings"}
              for lang, doc in docs.items()}
    return Texts(label, catalog, places, sorted(problems))


def load_ui(root: Path) -> Texts:
    return load_texts(root / "ui" / "text", "ui/text")


def load_game(root: Path, game: str) -> GameSource:
    """A game's cards and texts, read now; raises CardSetError when they cannot be shown."""
    label = f"{game}/cards.yaml"
    module = importlib.import_module(f"cardsets.{game}.loader")
    cards = module.load(folder(game, root) / "cards.yaml", label)
    doc = read(folder(game, root) / "cards.yaml", label)
    places = card_places(doc)
    texts = load_texts(folder(game, root) / "text", f"{game}/text", cards.text_keys(), cards.notes())
    unknown = unknown_card_keys(texts, set(places), label)
    return GameSource(game, cards, places, texts, sorted(texts.problems + unknown))


def card_places(doc: Document) -> dict[str, Where]:
    """Every mapping with a text ``id`` in cards.yaml, wherever it is nested: the cards."""
    return {card: Where(doc.file, line) for card, line in id_lines(doc).items()}


def unknown_card_keys(texts: Texts, card_ids: set[str], cards_file: str) -> list[Problem]:
    """Keys ``<card_id>.<...>`` whose card id looks like one of the set's (same prefix) but is not in it.

    A renamed or mistyped card leaves its strings behind, and the loader cannot tell them
    from messages; the prefix (``tl_``, ``pat_``…) is what marks a key as naming a card.
    """
    prefixes = {card[: card.index("_") + 1] for card in card_ids if "_" in card}
    problems: list[Problem] = []
    for lang in LANGUAGES:
        for key, where in texts.places.get(lang, {}).items():
            head = key.split(".", 1)[0]
            if "." in key and head not in card_ids and any(head.startswith(p) for p in prefixes):
                hint = checks.suggestion(head, card_ids)
                problems.append(Problem(where.file, where.line, where.column,
                                        f"{key!r} names card {head!r}, which is not in {cards_file}{hint}"))
    return problems
