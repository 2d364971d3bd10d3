"""The High Card card set: three cards, each with its worth, and the keys its table says."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardsets import fields as checks
from cardsets.yamlfile import Document, load_valid

# What the table says besides the cards' names (desktop/games/toy/table.py).
TABLE_KEYS = ("game.toy", "mode.toy.standard", "prompt.lay", "event.card_laid", "event.game_won", "end.won",
              "end.highest", "log.lay", "illegal.not_in_hand", "zone.table", "zone.hand", "face.worth")


@dataclass(frozen=True)
class ToySet:
    """The cards by id, with their worth."""

    version: int
    worth: dict[str, int]

    def text_keys(self) -> list[str]:
        return [f"{card}.name" for card in self.worth] + list(TABLE_KEYS)

    def notes(self) -> dict[str, str]:
        return {}


def load(path: Path, label: str | None = None) -> ToySet:
    """Load and validate cards.yaml. Raises CardSetError listing every problem."""
    return load_valid(path, label, parse)


def parse(doc: Document) -> ToySet | None:
    """Validate a parsed cards.yaml; problems are added to ``doc``."""
    if doc.problems or not checks.mapping(doc, (), doc.data, ["set", "version", "cards"]):
        return None
    data = doc.data
    if data["set"] != "toy":
        doc.problem(("set",), f"this file is for set {data['set']!r}, expected 'toy'")
    checks.of_type(doc, ("version",), data["version"], int)
    worth: dict[str, int] = {}
    cards = data["cards"] if checks.of_type(doc, ("cards",), data["cards"], list) else []
    for i, raw in enumerate(cards):
        if checks.mapping(doc, ("cards", i), raw, ["id", "worth"]) and checks.of_type(doc, ("cards", i, "id"), raw["id"], str) \
                and checks.of_type(doc, ("cards", i, "worth"), raw["worth"], int):
            worth[raw["id"]] = raw["worth"]
    return None if doc.problems else ToySet(data["version"], worth)
