"""The Bacchus' Banquet card set: action cards, guests with their objectives, privileges."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardsets import fields as checks
from cardsets.fields import Provenance
from cardsets.yamlfile import Document, Path_, load_valid

ACTION_KINDS = ("dish", "wine", "poison", "relief", "dagger", "gift", "special")
VALUED = ("dish", "wine", "poison", "relief")  # the kinds that move the buckle
EFFECTS = {"special": ("food_taster", "hymn", "umbra"), "relief": ("doze",)}
TEAMS = ("caligula", "conspirators", "glutton", "collector")
PRIVILEGE_KINDS = ("claim", "exchange", "give_back", "special_gift")
SLOTS = ("discard", "keep", "gift")
COMBINERS = ("any_of", "all_of")
# Conditions with a number ("at least n"), and the one that is a plain flag.
COUNTED = ("dishes_any", "distinct_dishes", "distinct_gifts", "wine_points", "daggers_on_table",
           "others_knocked_out")
FLAGS = ("caligula_knocked_out",)
DECK_SIZE, GUEST_COUNT, PRIVILEGE_COUNT = 93, 9, 8  # BB-2.1



@dataclass(frozen=True)
class ActionCard:
    """One action card of Bacchus' Banquet: its kind, its copies, its belt steps and its effect, if any."""

    id: str
    kind: str
    count: int
    provenance: Provenance
    value: int = 0  # belt steps: positive to the right, negative to the left
    effect: str = ""  # food_taster, hymn, umbra, doze, or nothing


@dataclass(frozen=True)
class Condition:
    """One node of an objective: a combiner over `parts`, or a test `op` >= `amount`."""

    op: str
    amount: int = 0
    parts: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Guest:
    """One guest of Bacchus' Banquet: the team, whether the card lies face up, and the objective."""

    id: str
    team: str
    public: bool
    objective: Condition
    provenance: Provenance


@dataclass(frozen=True)
class Privilege:
    """One privilege card of Bacchus' Banquet: its kind and the slots it acts on."""

    id: str
    kind: str
    slots: tuple[str, ...]
    provenance: Provenance


@dataclass(frozen=True)
class BanquetSet:
    """The Bacchus' Banquet card set: the action cards, the guests and the privileges, from cards.yaml."""

    version: int
    actions: tuple[ActionCard, ...]
    guests: tuple[Guest, ...]
    privileges: tuple[Privilege, ...]

    def action(self, card_id: str) -> ActionCard:
        """The action card `card_id`."""
        return next(a for a in self.actions if a.id == card_id)

    def guest(self, guest_id: str) -> Guest:
        """The guest `guest_id`."""
        return next(g for g in self.guests if g.id == guest_id)

    def privilege(self, privilege_id: str) -> Privilege:
        """The privilege `privilege_id`."""
        return next(p for p in self.privileges if p.id == privilege_id)

    def notes(self) -> dict[str, str]:
        """Card id -> its note on its data, for the cards that have one."""
        cards: tuple[ActionCard | Guest | Privilege, ...] = (*self.actions, *self.guests, *self.privileges)
        return {card.id: card.provenance.note for card in cards if card.provenance.note}

    def text_keys(self) -> list[str]:
        """Every string key the cards need in a language file."""
        keys: list[str] = []
        for a in self.actions:
            keys += [f"{a.id}.name", f"{a.id}.text"]
        for g in self.guests:
            keys += [f"{g.id}.name", f"{g.id}.objective"]
        for p in self.privileges:
            keys += [f"{p.id}.name", f"{p.id}.text"]
        return keys


def load(path: Path, label: str | None = None) -> BanquetSet:
    """Load and validate cards.yaml. Raises CardSetError listing every problem."""
    return load_valid(path, label, parse)


def parse(doc: Document) -> BanquetSet | None:
    """Validate a parsed cards.yaml; problems are added to ``doc``."""
    if doc.problems:
        return None
    data = doc.data
    if not checks.mapping(doc, (), data, ["set", "version", "actions", "guests", "privileges"]):
        return None
    if data["set"] != "banquet":
        doc.problem(("set",), f"this file is for set {data['set']!r}, expected 'banquet'")
    checks.of_type(doc, ("version",), data["version"], int)
    actions = [a for i, raw in enumerate(_items(doc, "actions")) if (a := _action(doc, ("actions", i), raw))]
    guests = [g for i, raw in enumerate(_items(doc, "guests")) if (g := _guest(doc, ("guests", i), raw))]
    privileges = [p for i, raw in enumerate(_items(doc, "privileges")) if (p := _privilege(doc, ("privileges", i), raw))]
    if doc.problems:
        return None
    ids = checks.unique_ids(doc, [(("actions", i, "id"), c.id) for i, c in enumerate(actions)])
    ids = checks.unique_ids(doc, [(("guests", i, "id"), c.id) for i, c in enumerate(guests)], ids)
    checks.unique_ids(doc, [(("privileges", i, "id"), c.id) for i, c in enumerate(privileges)], ids)
    _cross_check(doc, actions, guests, privileges)
    if doc.problems:
        return None
    return BanquetSet(data["version"], tuple(actions), tuple(guests), tuple(privileges))


def _items(doc: Document, key: str) -> list[Any]:
    value = doc.data[key]
    return value if checks.of_type(doc, (key,), value, list) else []


def _ident(doc: Document, path: Path_, raw: dict[str, Any]) -> bool:
    ident = raw["id"]
    if not checks.of_type(doc, path + ("id",), ident, str):
        return False
    if not ident or not ident.isascii() or not ident.replace("_", "").isalnum() or ident != ident.lower():
        doc.problem(path + ("id",), f"id {ident!r} must be lower-case ASCII letters, digits and '_'")
        return False
    return True


def _action(doc: Document, path: Path_, raw: Any) -> ActionCard | None:
    if not checks.mapping(doc, path, raw, ["id", "kind", "count", "source"], ["value", "effect", "note"]):
        return None
    ok = _ident(doc, path, raw)
    ok &= checks.one_of(doc, path + ("kind",), raw["kind"], ACTION_KINDS)
    if checks.of_type(doc, path + ("count",), raw["count"], int) and raw["count"] < 1:
        doc.problem(path + ("count",), f"count must be at least 1, not {raw['count']}")
        ok = False
    ok &= isinstance(raw["count"], int)
    provenance = checks.provenance(doc, path, raw, require_note=True)
    if not ok:
        return None
    kind = raw["kind"]
    value = 0
    if kind in VALUED:
        if "value" not in raw:
            doc.problem(path, f"missing key 'value' (a {kind} card moves the buckle)")
            return None
        if not checks.of_type(doc, path + ("value",), raw["value"], int):
            return None
        value = raw["value"]
        if (kind == "relief") != (value < 0) or value == 0:
            sign = "below" if kind == "relief" else "above"
            doc.problem(path + ("value",), f"a {kind} card's value must be {sign} 0, not {value}")
            return None
    elif "value" in raw:
        doc.key_problem(path + ("value",), f"a {kind} card has no 'value'")
        return None
    effect = raw.get("effect", "")
    allowed = EFFECTS.get(kind, ())
    if "effect" in raw and not allowed:
        doc.key_problem(path + ("effect",), f"a {kind} card has no 'effect'")
        return None
    if kind == "special" and "effect" not in raw:
        doc.problem(path, "missing key 'effect' (a special card says which one it is)")
        return None
    if "effect" in raw and not checks.one_of(doc, path + ("effect",), effect, allowed):
        return None
    return ActionCard(raw["id"], kind, raw["count"], provenance, value, effect)


def _guest(doc: Document, path: Path_, raw: Any) -> Guest | None:
    if not checks.mapping(doc, path, raw, ["id", "team", "objective", "source"], ["public", "note"]):
        return None
    ok = _ident(doc, path, raw)
    ok &= checks.one_of(doc, path + ("team",), raw["team"], TEAMS)
    public = raw.get("public", False)
    ok &= checks.of_type(doc, path + ("public",), public, bool)
    provenance = checks.provenance(doc, path, raw, require_note=True)
    objective = _condition(doc, path + ("objective",), raw["objective"])
    if not ok or objective is None:
        return None
    return Guest(raw["id"], raw["team"], public, objective, provenance)


def _condition(doc: Document, path: Path_, raw: Any) -> Condition | None:
    names = (*COMBINERS, *COUNTED, *FLAGS)
    if not checks.of_type(doc, path, raw, dict):
        return None
    if len(raw) != 1:
        doc.problem(path, f"a condition has exactly one key, one of {', '.join(names)}; found {len(raw)}")
        return None
    (op, value), = raw.items()
    if op not in names:
        doc.key_problem(path + (op,), f"unknown condition {op!r}{checks.suggestion(op, names)}")
        return None
    here = path + (op,)
    if op in COMBINERS:
        if not checks.of_type(doc, here, value, list):
            return None
        if len(value) < 2:
            doc.problem(here, f"{op!r} needs at least two conditions, not {len(value)}")
            return None
        parts = [_condition(doc, here + (i,), item) for i, item in enumerate(value)]
        kept = tuple(p for p in parts if p is not None)
        return Condition(op, 0, kept) if len(kept) == len(parts) else None
    if op in FLAGS:
        if value is not True:
            doc.problem(here, f"{op!r} can only be true, not {value!r}")
            return None
        return Condition(op, 1)
    if not checks.of_type(doc, here, value, int):
        return None
    if value < 1:
        doc.problem(here, f"{op!r} must be at least 1, not {value}")
        return None
    return Condition(op, value)


def _privilege(doc: Document, path: Path_, raw: Any) -> Privilege | None:
    if not checks.mapping(doc, path, raw, ["id", "kind", "source"], ["slots", "note"]):
        return None
    ok = _ident(doc, path, raw) & checks.one_of(doc, path + ("kind",), raw["kind"], PRIVILEGE_KINDS)
    provenance = checks.provenance(doc, path, raw, require_note=True)
    if not ok:
        return None
    kind = raw["kind"]
    if kind not in ("claim", "exchange"):
        if "slots" in raw:
            doc.key_problem(path + ("slots",), f"a {kind} privilege names no slots")
            return None
        return Privilege(raw["id"], kind, (), provenance)
    if "slots" not in raw:
        doc.problem(path, f"missing key 'slots' (a {kind} privilege names two slots)")
        return None
    slots = checks.list_of(doc, path + ("slots",), raw["slots"], str)
    if not isinstance(raw["slots"], list) or len(slots) != len(raw["slots"]):  # list_of reported the problem
        return None
    for i, slot in enumerate(slots):
        if not checks.one_of(doc, path + ("slots", i), slot, SLOTS):
            return None
    if len(slots) != 2 or slots[0] == slots[1]:
        doc.problem(path + ("slots",), f"a {kind} privilege names two different slots, not {slots}")
        return None
    return Privilege(raw["id"], kind, tuple(slots), provenance)


def _cross_check(doc: Document, actions: list[ActionCard], guests: list[Guest], privileges: list[Privilege]) -> None:
    total = sum(a.count for a in actions)
    if total != DECK_SIZE:
        doc.problem(("actions",), f"the action cards add up to {total}, expected {DECK_SIZE}")
    for effect in (*EFFECTS["special"], *EFFECTS["relief"]):
        found = [i for i, a in enumerate(actions) if a.effect == effect]
        if len(found) != 1:
            where = ("actions", found[1], "effect") if len(found) > 1 else ("actions",)
            doc.problem(where, f"exactly one action card must have effect {effect!r}, found {len(found)}")
    if len(guests) != GUEST_COUNT:
        doc.problem(("guests",), f"there are {len(guests)} guests, expected {GUEST_COUNT}")
    emperors = [i for i, g in enumerate(guests) if g.team == "caligula"]
    if len(emperors) != 1:
        doc.problem(("guests",), f"exactly one guest must be on team 'caligula', found {len(emperors)}")
    for i, g in enumerate(guests):
        if g.public != (g.team == "caligula"):
            doc.problem(("guests", i, "id"), f"guest {g.id!r}: only the team 'caligula' guest is public")
    if len(privileges) != PRIVILEGE_COUNT:
        doc.problem(("privileges",), f"there are {len(privileges)} privileges, expected {PRIVILEGE_COUNT}")
    for kind in ("give_back", "special_gift"):
        if not any(p.kind == kind for p in privileges):
            doc.problem(("privileges",), f"no privilege of kind {kind!r}")
