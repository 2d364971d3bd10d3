"""The Bacchanalia card set: Deus and Umbra cards, and the prompt keys the table shows (BAC-2, BAC-7)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsets import fields as checks
from cardsets.fields import Provenance
from cardsets.yamlfile import Document, Path_, load_valid

DEUS_TYPES = ("bacchus", "pluto", "accusator", "satyrus", "miles", "minerva", "venus", "amans", "vinum")
UMBRA_TYPES = (*DEUS_TYPES, "parcae")
IN_PLAY = ("one", "half", "per_player")
STARTS = ("centre", "set_aside", "each_player")
MAX_PLAYERS = 6

# Prompt keys shared by the engine (which names them in state and events) and the text files.
ARUSPEX_PROMPTS = (
    "aruspex.tie", "aruspex.accusator_low", "aruspex.accusator_high", "aruspex.amans", "aruspex.bacchus",
    "aruspex.miles_low", "aruspex.miles_two", "aruspex.miles_high", "aruspex.minerva.with",
    "aruspex.minerva.apart", "aruspex.pluto", "aruspex.satyrus", "aruspex.venus_memory",
    "aruspex.venus_released.with", "aruspex.venus_released.apart", "aruspex.vinum_symbol", "aruspex.vinum_plain",
)
INTRO_QUESTIONS = ("intro.who", "intro.mirror", "intro.amans", "intro.flight", "intro.accuser", "intro.where")
INTRO_HINTS = ("intro.hint_sketch", "intro.hint_festival")
SCENES = ("scene.stay", "scene.must_move", "scene.may_move")
RESULTS = ("result.tie",)  # a dominant result that is no single type (the types have their type.<name>)
PROMPTS = (
    "prompt.give_deus", "prompt.introduce", "prompt.bacchus_arrival", "prompt.sacrifice", "prompt.give_bacchus",
    "prompt.take", "prompt.return", "prompt.narrate", "prompt.lock", "prompt.question", "prompt.choose_finale",
    "prompt.finale_narrate", "prompt.handover", "prompt.minerva_eye", "prompt.with_amans",
)
FINALE_TEXTS = (
    "finale.amans", "finale.miles.happy", "finale.miles.death", "finale.miles.twist", "finale.sudden.twist",
    "finale.option.1", "finale.option.2", "finale.option.3", "finale.option.4", "finale.option.5",
    "finale.branch.free_lose_amans", "finale.branch.save_amans_die",
    "outcome.escaped", "outcome.happy", "outcome.death", "outcome.lost", "outcome.free_lose_amans",
    "outcome.save_amans_die",
)



@dataclass(frozen=True)
class DeusCard:
    """One Deus card of Bacchanalia (BAC-2.1): its type, its copies, how many a game uses, where they start."""

    id: str
    type: str
    count: int  # copies in the box
    in_play: str  # one / half / per_player
    start: str  # centre / set_aside / each_player
    provenance: Provenance

    def copies_in_play(self, players: int) -> int:
        """BAC-2.1: how many copies a game of `players` uses."""
        if self.in_play == "half":
            return (players + 1) // 2
        if self.in_play == "per_player":
            return players
        return 1


@dataclass(frozen=True)
class UmbraCard:
    """One Umbra card of Bacchanalia (BAC-2): its type, its copies and whether it carries the Vinum symbol."""

    id: str
    type: str
    count: int
    symbol: bool
    provenance: Provenance


@dataclass(frozen=True)
class BacchanaliaSet:
    """The Bacchanalia card set: the Deus and the Umbra cards, as cards.yaml gives them."""

    version: int
    deus: tuple[DeusCard, ...]
    umbra: tuple[UmbraCard, ...]
    by_id: Mapping[str, DeusCard | UmbraCard] = field(default_factory=dict)

    def deus_of(self, kind: str) -> DeusCard:
        """The Deus card of type `kind`."""
        return next(d for d in self.deus if d.type == kind)

    def notes(self) -> dict[str, str]:
        """Card id -> its note on its data, for the cards that have one."""
        cards: tuple[DeusCard | UmbraCard, ...] = (*self.deus, *self.umbra)
        return {card.id: card.provenance.note for card in cards if card.provenance.note}

    def text_keys(self) -> list[str]:
        """Every string key the cards and the table's prompts need in a language file."""
        keys: list[str] = []
        for d in self.deus:
            keys += [f"{d.id}.name", f"{d.id}.text"]
        keys += [f"{u.id}.name" for u in self.umbra]
        keys += [f"type.{t}" for t in UMBRA_TYPES]
        keys += [*ARUSPEX_PROMPTS, *INTRO_QUESTIONS, *INTRO_HINTS, *SCENES, *RESULTS, *PROMPTS, *FINALE_TEXTS]
        return keys


def load(path: Path, label: str | None = None) -> BacchanaliaSet:
    """Load and validate cards.yaml. Raises CardSetError listing every problem."""
    return load_valid(path, label, parse)


def parse(doc: Document) -> BacchanaliaSet | None:
    """Validate a parsed cards.yaml; problems are added to ``doc``."""
    if doc.problems:
        return None
    data = doc.data
    if not checks.mapping(doc, (), data, ["set", "version", "deus", "umbra"]):
        return None
    if data["set"] != "bacchanalia":
        doc.problem(("set",), f"this file is for set {data['set']!r}, expected 'bacchanalia'")
    checks.of_type(doc, ("version",), data["version"], int)
    deus = [d for i, raw in enumerate(_items(doc, "deus")) if (d := _deus(doc, ("deus", i), raw))]
    umbra = [u for i, raw in enumerate(_items(doc, "umbra")) if (u := _umbra(doc, ("umbra", i), raw))]
    if doc.problems:
        return None
    ids = checks.unique_ids(doc, [(("deus", i, "id"), c.id) for i, c in enumerate(deus)])
    checks.unique_ids(doc, [(("umbra", i, "id"), c.id) for i, c in enumerate(umbra)], ids)
    _cross_check(doc, deus, umbra)
    if doc.problems:
        return None
    by_id: dict[str, DeusCard | UmbraCard] = {d.id: d for d in deus}
    by_id.update({u.id: u for u in umbra})
    return BacchanaliaSet(data["version"], tuple(deus), tuple(umbra), by_id)


def _items(doc: Document, key: str) -> list[Any]:
    value = doc.data[key]
    return value if checks.of_type(doc, (key,), value, list) else []


def _common(doc: Document, path: Path_, raw: dict[str, Any], prefix: str, types: tuple[str, ...]) -> bool:
    ok = True
    ident = raw["id"]
    if not checks.of_type(doc, path + ("id",), ident, str):
        ok = False
    elif not ident.startswith(prefix) or not ident.isascii() or not ident.replace("_", "").isalnum() \
            or ident != ident.lower():
        doc.problem(path + ("id",), f"id {ident!r} must be lower-case ASCII letters, digits and '_', starting with {prefix!r}")
        ok = False
    ok &= checks.one_of(doc, path + ("type",), raw["type"], types)
    if checks.of_type(doc, path + ("count",), raw["count"], int) and raw["count"] < 1:
        doc.problem(path + ("count",), f"count must be at least 1, not {raw['count']}")
        ok = False
    elif not isinstance(raw["count"], int) or isinstance(raw["count"], bool):
        ok = False
    return ok


def _deus(doc: Document, path: Path_, raw: Any) -> DeusCard | None:
    if not checks.mapping(doc, path, raw, ["id", "type", "count", "in_play", "start", "source"], ["note"]):
        return None
    ok = _common(doc, path, raw, "deus_", DEUS_TYPES)
    ok &= checks.one_of(doc, path + ("in_play",), raw["in_play"], IN_PLAY)
    ok &= checks.one_of(doc, path + ("start",), raw["start"], STARTS)
    provenance = checks.provenance(doc, path, raw, require_note=True)
    if not ok:
        return None
    return DeusCard(raw["id"], raw["type"], raw["count"], raw["in_play"], raw["start"], provenance)


def _umbra(doc: Document, path: Path_, raw: Any) -> UmbraCard | None:
    if not checks.mapping(doc, path, raw, ["id", "type", "count", "source"], ["symbol", "note"]):
        return None
    ok = _common(doc, path, raw, "umbra_", UMBRA_TYPES)
    symbol = raw.get("symbol", False)
    if "symbol" in raw:
        ok &= checks.of_type(doc, path + ("symbol",), symbol, bool)
        if raw["type"] != "vinum":
            doc.key_problem(path + ("symbol",), "only Vinum cards can carry the symbol (BAC-2.4)")
            ok = False
    provenance = checks.provenance(doc, path, raw, require_note=True)
    if not ok:
        return None
    return UmbraCard(raw["id"], raw["type"], raw["count"], bool(symbol), provenance)


def _cross_check(doc: Document, deus: list[DeusCard], umbra: list[UmbraCard]) -> None:
    seen: dict[str, int] = {}
    for i, card in enumerate(deus):
        if card.type in seen:
            doc.problem(("deus", i, "type"), f"type {card.type!r} already has a Deus card (entry {seen[card.type] + 1})")
        seen.setdefault(card.type, i)
        needed = card.copies_in_play(MAX_PLAYERS)
        if card.count < needed:
            doc.problem(("deus", i, "count"), f"{card.count} {card.type} cards are too few: six players use {needed}")
        if (card.type == "amans") != (card.start == "set_aside"):
            doc.problem(("deus", i, "start"), "the Amans card, and only it, starts set aside (BAC-3.2)")
        if (card.type == "vinum") != (card.start == "each_player"):
            doc.problem(("deus", i, "start"), "the Vinum cards, and only they, are dealt one to each player (BAC-3.5)")
        if card.type == "vinum" and card.in_play != "per_player":
            doc.problem(("deus", i, "in_play"), "every player holds a Vinum, so it must be 'per_player'")
    for kind in DEUS_TYPES:
        if kind not in seen:
            doc.problem(("deus",), f"no Deus card of type {kind!r}")
    umbra_types = {c.type for c in umbra}
    for i, u in enumerate(umbra):
        if u.type == "parcae" and u.count != 1:
            doc.problem(("umbra", i, "count"), f"there is exactly one Parcae card, not {u.count} (BAC-2.3)")
    parcae = [i for i, c in enumerate(umbra) if c.type == "parcae"]
    for i in parcae[1:]:
        doc.problem(("umbra", i, "type"), "there is exactly one Parcae card (BAC-2.3)")
    for kind in UMBRA_TYPES:
        if kind not in umbra_types:
            doc.problem(("umbra",), f"no Umbra card of type {kind!r}")
