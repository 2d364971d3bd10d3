"""The Parsifal card set (PAR-2, PAR-10, PAR-11): tarots whose abilities and missions are data."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsets import fields as checks
from cardsets.instances import instances
from cardsets.yamlfile import Document, Path_, load_valid

KINDS = ("character", "artifact")
SWAN = "cigno"  # PAR-2.3: the one character that never holds an artifact
CHANGE_FACTION_TYPES = ("ammaliatrice", "scudiero")  # PAR-6.3.1 (RB)
EXTRA_ACTIONS = ("holder", "other")
CHARACTERS_IN_DECK, ARTIFACTS_IN_DECK = 23, 7  # PAR-2.1 (RB)
INT_ABILITIES = ("block", "free")
FLAG_ABILITIES = ("change_faction", "hand_over", "control", "interrupt")
LIST_ABILITIES = ("send_to_limbo", "recover_from_limbo")
ABILITY_KEYS = (*INT_ABILITIES, *FLAG_ABILITIES, *LIST_ABILITIES, "extra_action")
MISSION_KEYS = ("hold", "block", "holder", "in_limbo", "with", "own_count")


@dataclass(frozen=True)
class Abilities:
    """What a card grants (PAR-6); an artifact's add to its holder's (PAR-7)."""

    block: int = 0
    free: int = 0
    change_faction: bool = False
    hand_over: bool = False
    control: bool = False
    interrupt: bool = False
    send_to_limbo: tuple[str, ...] = ()  # kinds or type ids
    recover_from_limbo: tuple[str, ...] = ()
    extra_action: str | None = None  # artifacts only: "holder" or "other"

    def __add__(self, other: Abilities) -> Abilities:
        return Abilities(
            self.block + other.block, self.free + other.free,
            self.change_faction or other.change_faction, self.hand_over or other.hand_over,
            self.control or other.control, self.interrupt or other.interrupt,
            _merge(self.send_to_limbo, other.send_to_limbo),
            _merge(self.recover_from_limbo, other.recover_from_limbo),
            self.extra_action or other.extra_action,
        )


def _merge(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    return a + tuple(x for x in b if x not in a)


@dataclass(frozen=True)
class Missions:
    """A character's conditions (PAR-8.2); `order` is the order written, for display."""

    order: tuple[str, ...] = ()
    hold: tuple[str, ...] = ()
    block: tuple[str, ...] = ()
    holder: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    in_limbo: tuple[str, ...] = ()
    with_: tuple[str, ...] = ()
    own_count: Mapping[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Tarot:
    """One tarot of Parsifal (PAR-1.1): a character or an artifact, with its abilities and missions."""

    id: str
    kind: str  # "character" or "artifact"
    count: int
    source: str
    note: str
    abilities: Abilities
    missions: Missions

    @property
    def reconstructed(self) -> bool:
        """Whether the data was worked out by us rather than printed."""
        return self.source == "reconstructed"

    @property
    def is_character(self) -> bool:
        """Whether the tarot is a character (else an artifact)."""
        return self.kind == "character"


@dataclass(frozen=True)
class ParsifalSet:
    """The Parsifal card set: the tarots, as cards.yaml gives them."""

    version: int
    tarots: tuple[Tarot, ...]  # canonical order (PAR-2.1, PAR-3.2)
    by_id: Mapping[str, Tarot] = field(default_factory=dict)

    def tarot(self, type_id: str) -> Tarot:
        """The tarot of type `type_id`."""
        return self.by_id[type_id]

    def instances(self) -> list[str]:
        """The deck's instances in canonical order: an id, plus '#n' for types with copies (PAR-1.2)."""
        out: list[str] = []
        for t in self.tarots:
            out += instances(t.id, t.count)
        return out

    def notes(self) -> dict[str, str]:
        """Card id -> its note on its data, for the cards that have one."""
        return {t.id: t.note for t in self.tarots if t.note}

    def text_keys(self) -> list[str]:
        """Every string key the cards need in a language file."""
        keys: list[str] = []
        for t in self.tarots:
            keys += [f"{t.id}.name", f"{t.id}.abilities"]
            if t.is_character:
                keys.append(f"{t.id}.missions")
        return keys


def load(path: Path, label: str | None = None) -> ParsifalSet:
    """Load and validate cards.yaml. Raises CardSetError listing every problem."""
    return load_valid(path, label, parse)


def parse(doc: Document) -> ParsifalSet | None:
    """Validate a parsed cards.yaml; problems are added to ``doc``."""
    if doc.problems:
        return None
    data = doc.data
    if not checks.mapping(doc, (), data, ["set", "version", "cards"]):
        return None
    if data["set"] != "parsifal":
        doc.problem(("set",), f"this file is for set {data['set']!r}, expected 'parsifal'")
    checks.of_type(doc, ("version",), data["version"], int)
    raw_cards = data["cards"] if checks.of_type(doc, ("cards",), data["cards"], list) else []
    shells = [(i, raw) for i, raw in enumerate(raw_cards) if _shell(doc, ("cards", i), raw)]
    if doc.problems:
        return None
    checks.unique_ids(doc, [(("cards", i, "id"), raw["id"]) for i, raw in shells])
    if doc.problems:
        return None
    kinds = {raw["id"]: raw["kind"] for _i, raw in shells}
    tarots = [_tarot(doc, ("cards", i), raw, kinds) for i, raw in shells]
    if not doc.problems:
        _counts(doc, [t for t in tarots if t is not None])
    if doc.problems:
        return None
    done = [t for t in tarots if t is not None]
    return ParsifalSet(data["version"], tuple(done), {t.id: t for t in done})


def _shell(doc: Document, path: Path_, raw: Any) -> bool:
    """The keys every card has, checked before cross-references need them."""
    if not checks.mapping(doc, path, raw, ["id", "kind", "count", "source"], ["note", "abilities", "missions"]):
        return False
    ok = checks.of_type(doc, path + ("id",), raw["id"], str)
    if ok and not (raw["id"].isascii() and raw["id"].replace("_", "").isalnum() and raw["id"] == raw["id"].lower()):
        doc.problem(path + ("id",), f"id {raw['id']!r} must be lower-case ASCII letters, digits and '_'")
        ok = False
    ok &= checks.one_of(doc, path + ("kind",), raw["kind"], KINDS)
    if checks.of_type(doc, path + ("count",), raw["count"], int) and raw["count"] < 1:
        doc.problem(path + ("count",), f"count must be at least 1, not {raw['count']}")
    checks.provenance(doc, path, raw)
    return ok


def _tarot(doc: Document, path: Path_, raw: dict[str, Any], kinds: Mapping[str, str]) -> Tarot | None:
    before = len(doc.problems)
    abilities = _abilities(doc, path + ("abilities",), raw.get("abilities", {}), raw, kinds)
    missions = Missions()
    if "missions" in raw:
        if raw["kind"] == "artifact":
            doc.key_problem(path + ("missions",), "an artifact has no missions")
        else:
            missions = _missions(doc, path + ("missions",), raw["missions"], kinds)
    elif raw["kind"] == "character":
        doc.problem(path, "missing key 'missions' (write 'missions: {}' for a character without any)")
    if len(doc.problems) > before:
        return None
    return Tarot(raw["id"], raw["kind"], raw["count"], raw["source"], raw.get("note", ""), abilities, missions)


def _abilities(doc: Document, path: Path_, raw: Any, card: dict[str, Any], kinds: Mapping[str, str]) -> Abilities:
    if not checks.mapping(doc, path, raw, [], ABILITY_KEYS):
        return Abilities()
    values: dict[str, Any] = {}
    for key in INT_ABILITIES:
        if key in raw and checks.of_type(doc, path + (key,), raw[key], int):
            if raw[key] < 0:
                doc.problem(path + (key,), f"{key!r} cannot be negative, not {raw[key]}")
            values[key] = raw[key]
    for key in FLAG_ABILITIES:
        if key in raw and checks.of_type(doc, path + (key,), raw[key], bool):
            values[key] = raw[key]
    for key in LIST_ABILITIES:
        if key in raw:
            values[key] = tuple(_names(doc, path + (key,), raw[key], kinds, allow_kinds=True))
    if values.get("change_faction") and card["id"] not in CHANGE_FACTION_TYPES:
        allowed = " and ".join(repr(t) for t in CHANGE_FACTION_TYPES)
        doc.problem(path + ("change_faction",), f"only {allowed} may change faction, not {card['id']!r}")
    if "extra_action" in raw:
        if card["kind"] != "artifact":
            doc.key_problem(path + ("extra_action",), "only an artifact can give an extra action")
        elif checks.one_of(doc, path + ("extra_action",), raw["extra_action"], EXTRA_ACTIONS):
            values["extra_action"] = raw["extra_action"]
    return Abilities(**values)


def _names(doc: Document, path: Path_, raw: Any, kinds: Mapping[str, str], *, allow_kinds: bool = False,
           want: str | None = None) -> list[str]:
    """A list of card types (or kinds, where allowed), each known and of the wanted kind."""
    good: list[str] = []
    for i, name in enumerate(checks.list_of(doc, path, raw, str)):
        if _known(doc, path + (i,), name, kinds, allow_kinds=allow_kinds, want=want):
            good.append(name)
    return good


def _known(doc: Document, path: Path_, name: str, kinds: Mapping[str, str], *, allow_kinds: bool = False,
           want: str | None = None, key: bool = False) -> bool:
    report = doc.key_problem if key else doc.problem
    choices = [*KINDS, *kinds] if allow_kinds else list(kinds)
    if name in KINDS and allow_kinds:
        return True
    if name not in kinds:
        report(path, f"unknown card {name!r}{checks.suggestion(name, choices)}")
        return False
    if want is not None and kinds[name] != want:
        report(path, f"{name!r} is an {kinds[name]}, expected a {want}" if kinds[name] == "artifact"
               else f"{name!r} is a {kinds[name]}, expected an {want}")
        return False
    return True


def _missions(doc: Document, path: Path_, raw: Any, kinds: Mapping[str, str]) -> Missions:
    if not checks.mapping(doc, path, raw, [], MISSION_KEYS):
        return Missions()
    hold = tuple(_names(doc, path + ("hold",), raw.get("hold", []), kinds, want="artifact"))
    block = tuple(_names(doc, path + ("block",), raw.get("block", []), kinds, want="character"))
    in_limbo = tuple(_names(doc, path + ("in_limbo",), raw.get("in_limbo", []), kinds))
    with_ = tuple(_names(doc, path + ("with",), raw.get("with", []), kinds, want="character"))
    holder: dict[str, tuple[str, ...]] = {}
    if "holder" in raw and checks.of_type(doc, path + ("holder",), raw["holder"], dict):
        for name, items in raw["holder"].items():
            sub = path + ("holder", name)
            if isinstance(name, str) and _known(doc, sub, name, kinds, want="character", key=True):
                holder[name] = tuple(_names(doc, sub, items, kinds, want="artifact"))
            elif not isinstance(name, str):
                doc.key_problem(sub, f"a card id must be text, not {name!r}")
    own_count: dict[str, int] = {}
    if "own_count" in raw and checks.of_type(doc, path + ("own_count",), raw["own_count"], dict):
        for name, n in raw["own_count"].items():
            sub = path + ("own_count", name)
            if isinstance(name, str) and _known(doc, sub, name, kinds, want="character", key=True):
                if checks.of_type(doc, sub, n, int):
                    if n < 1:
                        doc.problem(sub, f"a count must be at least 1, not {n}")
                    own_count[name] = n
    for i, name in enumerate(hold):  # PAR-11.4.2: no condition may contradict another
        if name in in_limbo:
            doc.problem(path + ("hold", i), f"{name!r} cannot be both held and in Limbo")
    for name, items in holder.items():
        for i, item in enumerate(items):
            if item in in_limbo:
                doc.problem(path + ("holder", name, i), f"{item!r} cannot be both held and in Limbo")
    return Missions(tuple(str(k) for k in raw), hold, block, holder, in_limbo, with_, own_count)


def _counts(doc: Document, tarots: list[Tarot]) -> None:
    """PAR-2.1: 23 characters, the Swan among them, and 7 artifacts."""
    characters = sum(t.count for t in tarots if t.is_character)
    artifacts = sum(t.count for t in tarots if not t.is_character)
    if characters != CHARACTERS_IN_DECK:
        doc.problem(("cards",), f"the deck must hold {CHARACTERS_IN_DECK} characters, not {characters}")
    if artifacts != ARTIFACTS_IN_DECK:
        doc.problem(("cards",), f"the deck must hold {ARTIFACTS_IN_DECK} artifacts, not {artifacts}")
    swan = next((t for t in tarots if t.id == SWAN), None)
    if swan is None or not swan.is_character:
        doc.problem(("cards",), f"the deck must have the Swan, a character with id {SWAN!r}")
