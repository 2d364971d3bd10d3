"""Card sets: YAML data a person can edit, and the loader that validates it.

Nothing here knows about the rules engines or the desktop app.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cardsets import chrononauts, text
from cardsets.chrononauts import CardSetError, ChrononautsSet
from cardsets.text import LANGUAGES, Catalog
from cardsets.yamlfile import Problem

ROOT = Path(__file__).resolve().parent
GAMES = ("chrononauts",)

__all__ = ["CardSetError", "ChrononautsSet", "Catalog", "LANGUAGES", "GAMES", "ROOT",
           "load_chrononauts", "load_texts", "load_ui_texts", "validate_all", "Report"]


@lru_cache(maxsize=None)
def load_chrononauts(root: Path = ROOT) -> ChrononautsSet:
    return chrononauts.load(root / "chrononauts" / "cards.yaml", "chrononauts/cards.yaml")


@lru_cache(maxsize=None)
def load_texts(game: str, root: Path = ROOT) -> Catalog:
    """The strings of one game; raises CardSetError if a language file is broken."""
    required = load_chrononauts(root).text_keys() if game == "chrononauts" else []
    catalog, problems = text.load(root / game / "text", f"{game}/text", required)
    if problems:
        raise CardSetError(problems)
    return catalog


@lru_cache(maxsize=None)
def load_ui_texts(root: Path = ROOT) -> Catalog:
    catalog, problems = text.load(root / "ui" / "text", "ui/text")
    if problems:
        raise CardSetError(problems)
    return catalog


@dataclass
class Report:
    """What `convivium check` found for one card set."""

    name: str
    problems: list[Problem]
    missing: dict[str, list[str]]
    stale: dict[str, list[str]]


def validate_all(root: Path = ROOT) -> list[Report]:
    """Validate every card set and the app strings, collecting every problem (never raising)."""
    reports = []
    for game in GAMES:
        doc_problems: list[Problem] = []
        required: list[str] = []
        try:
            required = chrononauts.load(root / game / "cards.yaml", f"{game}/cards.yaml").text_keys()
        except CardSetError as exc:
            doc_problems += exc.problems
        catalog, problems = text.load(root / game / "text", f"{game}/text", required)
        reports.append(_report(game, doc_problems + problems, catalog))
    catalog, problems = text.load(root / "ui" / "text", "ui/text")
    reports.append(_report("ui", problems, catalog))
    return reports


def _report(name: str, problems: list[Problem], catalog: Catalog) -> Report:
    return Report(name, sorted(problems),
                  {lang: catalog.missing(lang) for lang in LANGUAGES},
                  {lang: catalog.stale(lang) for lang in LANGUAGES})
