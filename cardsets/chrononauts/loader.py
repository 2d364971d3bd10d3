"""The Chrononauts card set: its data model and the checks that keep it consistent."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsets import fields as checks
from cardsets.fields import Provenance
from cardsets.yamlfile import Document, Path_, load_valid

OPS = ("single", "or", "and")
DIRECTIONS = ("to_prime", "to_true")
CATEGORIES = ("paintings", "prehistoric", "biblical_relics", "lost_writings", "future_wisdom")
TIMEWARP_KINDS = ("memo", "fast_forward", "rewind", "quick_trip")
ACTION_KINDS = ("get_there_first", "sell_artifact", "perform_miracle", "discontinuity", "time_vortex",
                "new_mission", "it_never_existed", "parents_never_met")
FULL_SECTIONS = ("artifacts", "timewarps", "actions", "missions")  # all of them or none (CHR-2.1)
# CHR-17.9.1: what a complete first-edition set holds.
FULL_COUNTS = {"inverters": 20, "patches": 21, "artifacts": 15, "timewarps": 10, "actions": 14,
               "missions": 10, "identities": 14}
PAINTINGS = "paintings"  # the category whose cards carry a realness (CHR-13.3)
MONA_LISA = "mona_lisa"  # `most_real: mona_lisa`: the most real of the cards with a realness
POWERS = ("none", "one_shot", "passive")  # CHR-9.3.3: no base artifact has one (D-17)



@dataclass(frozen=True)
class TimelineCard:
    """One card of the timeline (CHR-3, CHR-17.1): a linchpin, or a ripplepoint with the rule of its paradox."""

    id: str
    ti: str  # Time Index, e.g. "B2": row letter and column number
    year: int
    kind: str  # "linchpin" or "ripplepoint"
    provenance: Provenance
    ripples: tuple[int, ...] = ()  # linchpins: years whose rule names this one
    op: str = ""  # ripplepoints: single / or / and
    of: tuple[int, ...] = ()  # ripplepoints: the linchpin years of the rule
    patches: tuple[str, ...] = ()  # ripplepoints: patch ids that fit this year
    nexus: bool = False
    ultra: bool = False

    @property
    def is_linchpin(self) -> bool:
        """Whether the card is a linchpin (else a ripplepoint)."""
        return self.kind == "linchpin"

    @property
    def row(self) -> int:
        """The card's row in the timeline's grid, from 0 (the letter of its Time Index)."""
        return ord(self.ti[0]) - ord("A")

    @property
    def column(self) -> int:
        """The card's column in the timeline's grid, from 0 (the number of its Time Index)."""
        return int(self.ti[1:]) - 1


@dataclass(frozen=True)
class PatchCard:
    """One patch (CHR-9.2, CHR-17.2): the year it covers, and what else it asks."""

    id: str
    year: int
    provenance: Provenance
    playable_if_prime: tuple[int, ...] = ()  # only the unstable 1945 patches have one
    ultraparadox: bool = False


@dataclass(frozen=True)
class InverterCard:
    """One inverter (CHR-9.1, CHR-17.3): the linchpins it may turn, and which way."""

    id: str
    count: int
    provenance: Provenance
    # None means every linchpin; `direction` then says which way ("either" allowed).
    targets: Mapping[int, str] | None = None
    direction: str = "either"

    def allows(self, year: int, is_prime: bool) -> bool:
        """Whether this inverter may flip the linchpin of `year` from its current side."""
        wanted = "to_true" if is_prime else "to_prime"
        if self.targets is None:
            return self.direction in ("either", wanted)
        return self.targets.get(year) == wanted


@dataclass(frozen=True)
class IdentityCard:
    """One ID (CHR-17.4): its own year, the two years to patch, and the linchpins its way home needs."""

    id: str
    true_year: int
    patched: tuple[int, int]
    needs_prime: tuple[int, ...]
    needs_true: tuple[int, ...]
    provenance: Provenance

    @property
    def years(self) -> tuple[int, int, int]:
        """The ID's three years: its own, then the two to patch."""
        return (self.true_year, *self.patched)


@dataclass(frozen=True)
class ArtifactCard:
    """One artifact (CHR-9.3, CHR-17.5): its year and category."""

    id: str
    year: int  # negative years are BC
    category: str
    provenance: Provenance
    realness: int = 0  # the Mona Lisas only: higher is more real (CHR-13.3)
    power: str = "none"  # room for later artifacts; the engine gives the base set none (D-17)


@dataclass(frozen=True)
class TimewarpCard:
    """One Timewarp (CHR-9.5, CHR-17.8): its kind and the cards it draws and plays."""

    id: str
    kind: str  # one of TIMEWARP_KINDS
    count: int
    provenance: Provenance
    draw: int = 0
    plays: int = 0


@dataclass(frozen=True)
class ActionCard:
    """One action card (CHR-9.4, CHR-17.7): its kind, the cards it draws and plays, and its bonus."""

    id: str
    kind: str  # one of ACTION_KINDS
    count: int
    provenance: Provenance
    bonus: str = ""  # an artifact category (Sell an Artifact, Perform a "Miracle")
    draw: int = 0
    plays: int = 0
    bonus_draw: int = 0
    bonus_plays: int = 0


@dataclass(frozen=True)
class MissionSlot:
    """One of a Mission's three slots: any artifact of `any_of`, or the most real Mona Lisa."""

    any_of: tuple[str, ...] = ()
    most_real: bool = False


@dataclass(frozen=True)
class MissionCard:
    """One Mission (CHR-17.6): the three artifacts it asks for."""

    id: str
    slots: tuple[MissionSlot, ...]
    provenance: Provenance


Card = TimelineCard | PatchCard | InverterCard | IdentityCard | ArtifactCard | TimewarpCard | ActionCard | MissionCard


@dataclass(frozen=True)
class ChrononautsSet:
    """The Chrononauts card set, as cards.yaml gives it; the cards of the full game are left out of a
    Solonauts-only set."""

    version: int
    timeline: tuple[TimelineCard, ...]
    patches: tuple[PatchCard, ...]
    inverters: tuple[InverterCard, ...]
    identities: tuple[IdentityCard, ...]
    # Empty in a set made for Solonauts only (FULL_SECTIONS).
    artifacts: tuple[ArtifactCard, ...] = ()
    timewarps: tuple[TimewarpCard, ...] = ()
    actions: tuple[ActionCard, ...] = ()
    missions: tuple[MissionCard, ...] = ()
    # Derived from the lists above (also by dataclasses.replace), so they always agree with them.
    by_year: Mapping[int, TimelineCard] = field(init=False, repr=False, compare=False)
    by_id: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_year", {c.year: c for c in self.timeline})
        object.__setattr__(self, "by_id", {c.id: c for c in self.all_cards()})

    def card(self, card_id: str) -> Card:
        """The card `card_id`, of any kind."""
        return self.by_id[card_id]

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the set, the timeline first and the full game's last."""
        return (*self.timeline, *self.patches, *self.inverters, *self.identities,
                *self.artifacts, *self.timewarps, *self.actions, *self.missions)

    def notes(self) -> dict[str, str]:
        """Card id -> its note on its data, for the cards that have one."""
        return {card.id: card.provenance.note for card in self.all_cards() if card.provenance.note}

    def text_keys(self) -> list[str]:
        """Every string key the cards need in a language file."""
        keys: list[str] = []
        for t in self.timeline:
            sides = ("true", "prime") if t.is_linchpin else ("true", "paradox")
            for side in sides:
                keys += [f"{t.id}.{side}.title", f"{t.id}.{side}.text"]
        for p in self.patches:
            keys += [f"{p.id}.title", f"{p.id}.text"]
        for inv in self.inverters:
            keys += [f"{inv.id}.title", f"{inv.id}.text"]
        for ident in self.identities:
            keys += [f"{ident.id}.name", f"{ident.id}.bio"]
        for group in (self.artifacts, self.timewarps, self.actions, self.missions):
            keys += [f"{card.id}.{part}" for card in group for part in ("title", "text")]
        keys += [f"category.{c}" for c in sorted({a.category for a in self.artifacts})]
        return keys


def load(path: Path, label: str | None = None) -> ChrononautsSet:
    """Load and validate cards.yaml. Raises CardSetError listing every problem."""
    return load_valid(path, label, parse)


def parse(doc: Document) -> ChrononautsSet | None:
    """Validate a parsed cards.yaml; problems are added to ``doc``."""
    if doc.problems:
        return None
    data = doc.data
    if not checks.mapping(doc, (), data, ["set", "version", "timeline", "patches", "inverters", "identities"],
                          FULL_SECTIONS):
        return None
    if data["set"] != "chrononauts":
        doc.problem(("set",), f"this file is for set {data['set']!r}, expected 'chrononauts'")
    checks.of_type(doc, ("version",), data["version"], int)

    timeline = [t for i, raw in enumerate(_items(doc, "timeline")) if (t := _timeline_card(doc, ("timeline", i), raw))]
    patches = [p for i, raw in enumerate(_items(doc, "patches")) if (p := _patch(doc, ("patches", i), raw))]
    inverters = [v for i, raw in enumerate(_items(doc, "inverters")) if (v := _inverter(doc, ("inverters", i), raw))]
    identities = [d for i, raw in enumerate(_items(doc, "identities")) if (d := _identity(doc, ("identities", i), raw))]
    present = [key for key in FULL_SECTIONS if key in data]
    if present and len(present) < len(FULL_SECTIONS):
        absent = [key for key in FULL_SECTIONS if key not in data]
        doc.problem((present[0],), f"{', '.join(repr(k) for k in FULL_SECTIONS)} go together; missing {', '.join(repr(k) for k in absent)}")
    artifacts = [a for i, raw in enumerate(_optional_items(doc, "artifacts")) if (a := _artifact(doc, ("artifacts", i), raw))]
    timewarps = [w for i, raw in enumerate(_optional_items(doc, "timewarps")) if (w := _timewarp(doc, ("timewarps", i), raw))]
    actions = [c for i, raw in enumerate(_optional_items(doc, "actions")) if (c := _action(doc, ("actions", i), raw))]
    missions = [m for i, raw in enumerate(_optional_items(doc, "missions")) if (m := _mission(doc, ("missions", i), raw))]
    if doc.problems:
        return None

    ids = checks.unique_ids(doc, [(("timeline", i, "id"), c.id) for i, c in enumerate(timeline)])
    ids = checks.unique_ids(doc, [(("patches", i, "id"), c.id) for i, c in enumerate(patches)], ids)
    ids = checks.unique_ids(doc, [(("inverters", i, "id"), c.id) for i, c in enumerate(inverters)], ids)
    ids = checks.unique_ids(doc, [(("identities", i, "id"), c.id) for i, c in enumerate(identities)], ids)
    ids = checks.unique_ids(doc, [(("artifacts", i, "id"), c.id) for i, c in enumerate(artifacts)], ids)
    ids = checks.unique_ids(doc, [(("timewarps", i, "id"), c.id) for i, c in enumerate(timewarps)], ids)
    ids = checks.unique_ids(doc, [(("actions", i, "id"), c.id) for i, c in enumerate(actions)], ids)
    checks.unique_ids(doc, [(("missions", i, "id"), c.id) for i, c in enumerate(missions)], ids)
    _cross_check(doc, timeline, patches, inverters, identities)
    if present:
        _check_full_set(doc, patches, inverters, identities, artifacts, timewarps, actions, missions)
    if doc.problems:
        return None
    return ChrononautsSet(
        version=data["version"],
        timeline=tuple(sorted(timeline, key=lambda c: c.year)),
        patches=tuple(patches),
        inverters=tuple(inverters),
        identities=tuple(identities),
        artifacts=tuple(artifacts),
        timewarps=tuple(timewarps),
        actions=tuple(actions),
        missions=tuple(missions),
    )


def _items(doc: Document, key: str) -> list[Any]:
    value = doc.data[key]
    return value if checks.of_type(doc, (key,), value, list) else []


def _optional_items(doc: Document, key: str) -> list[Any]:
    return _items(doc, key) if key in doc.data else []


def _ident(doc: Document, path: Path_, raw: dict[str, Any], prefix: str) -> bool:
    ident = raw["id"]
    if not checks.of_type(doc, path + ("id",), ident, str):
        return False
    if not ident.startswith(prefix) or not ident.isascii() or not ident.replace("_", "").isalnum() or ident != ident.lower():
        doc.problem(path + ("id",), f"id {ident!r} must be lower-case ASCII letters, digits and '_', starting with {prefix!r}")
        return False
    return True


def _years(doc: Document, path: Path_, value: Any) -> tuple[int, ...]:
    return tuple(checks.list_of(doc, path, value, int))


def _timeline_card(doc: Document, path: Path_, raw: Any) -> TimelineCard | None:
    if not checks.mapping(doc, path, raw, ["id", "ti", "year", "kind", "source"],
                          ["ripples", "rule", "patches", "nexus", "ultra", "note"]):
        return None
    ok = _ident(doc, path, raw, "tl_")
    ok &= checks.of_type(doc, path + ("year",), raw["year"], int)
    ok &= checks.one_of(doc, path + ("kind",), raw["kind"], ("linchpin", "ripplepoint"))
    ti = raw["ti"]
    if not (isinstance(ti, str) and len(ti) == 2 and ti[0] in "ABCD" and ti[1] in "12345678"):
        doc.problem(path + ("ti",), f"time index {ti!r} must be a row A-D and a column 1-8, like 'B2'")
        ok = False
    provenance = checks.provenance(doc, path, raw)
    for flag in ("nexus", "ultra"):
        if flag in raw:
            ok &= checks.of_type(doc, path + (flag,), raw[flag], bool)
    if not ok:
        return None
    if raw["kind"] == "linchpin":
        for key in ("rule", "patches"):
            if key in raw:
                doc.problem(path + (key,), f"a linchpin has no {key!r}")
        if "ripples" not in raw:
            doc.problem(path, "missing key 'ripples'")
            return None
        return TimelineCard(raw["id"], ti, raw["year"], "linchpin", provenance,
                            ripples=_years(doc, path + ("ripples",), raw["ripples"]))
    for key in ("rule", "patches"):
        if key not in raw:
            doc.problem(path, f"missing key {key!r}")
            return None
    if "ripples" in raw:
        doc.problem(path + ("ripples",), "a ripplepoint has no 'ripples'")
    rule = raw["rule"]
    if not checks.mapping(doc, path + ("rule",), rule, ["op", "of"]):
        return None
    if not checks.one_of(doc, path + ("rule", "op"), rule["op"], OPS):
        return None
    of = _years(doc, path + ("rule", "of"), rule["of"])
    if rule["op"] == "single" and len(of) != 1 or rule["op"] != "single" and len(of) < 2:
        doc.problem(path + ("rule", "of"), f"rule {rule['op']!r} cannot have {len(of)} linchpin(s)")
    patch_ids = tuple(checks.list_of(doc, path + ("patches",), raw["patches"], str))
    return TimelineCard(raw["id"], ti, raw["year"], "ripplepoint", provenance, op=rule["op"], of=of,
                        patches=patch_ids, nexus=bool(raw.get("nexus", False)), ultra=bool(raw.get("ultra", False)))


def _patch(doc: Document, path: Path_, raw: Any) -> PatchCard | None:
    if not checks.mapping(doc, path, raw, ["id", "year", "source"], ["playable_if", "ultraparadox", "note"]):
        return None
    ok = _ident(doc, path, raw, "pat_") & checks.of_type(doc, path + ("year",), raw["year"], int)
    provenance = checks.provenance(doc, path, raw)
    prime: tuple[int, ...] = ()
    if "playable_if" in raw:
        cond = raw["playable_if"]
        if checks.mapping(doc, path + ("playable_if",), cond, ["prime"]):
            prime = _years(doc, path + ("playable_if", "prime"), cond["prime"])
    if "ultraparadox" in raw:
        ok &= checks.of_type(doc, path + ("ultraparadox",), raw["ultraparadox"], bool)
    if not ok:
        return None
    return PatchCard(raw["id"], raw["year"], provenance, prime, bool(raw.get("ultraparadox", False)))


def _inverter(doc: Document, path: Path_, raw: Any) -> InverterCard | None:
    if not checks.mapping(doc, path, raw, ["id", "count", "targets", "source"], ["direction", "note"]):
        return None
    ok = _ident(doc, path, raw, "inv_") & checks.of_type(doc, path + ("count",), raw["count"], int)
    if ok and raw["count"] < 1:
        doc.problem(path + ("count",), f"count must be at least 1, not {raw['count']}")
        ok = False
    provenance = checks.provenance(doc, path, raw)
    targets = raw["targets"]
    if targets == "any":
        direction = raw.get("direction", "either")
        ok &= checks.one_of(doc, path + ("direction",), direction, ("either", *DIRECTIONS))
        return InverterCard(raw["id"], raw["count"], provenance, None, direction) if ok else None
    if "direction" in raw:
        doc.problem(path + ("direction",), "'direction' goes only with 'targets: any'; list a direction per year instead")
        ok = False
    if not isinstance(targets, dict):
        doc.problem(path + ("targets",), f"'targets' must be 'any' or a mapping year: direction, not {targets!r}")
        return None
    parsed: dict[int, str] = {}
    for year, direction in targets.items():
        if not isinstance(year, int) or isinstance(year, bool):
            doc.key_problem(path + ("targets", year), f"a target must be a year (a whole number), not {year!r}")
            ok = False
        ok &= checks.one_of(doc, path + ("targets", year), direction, DIRECTIONS)
        parsed[year] = direction
    return InverterCard(raw["id"], raw["count"], provenance, parsed) if ok else None


def _identity(doc: Document, path: Path_, raw: Any) -> IdentityCard | None:
    if not checks.mapping(doc, path, raw, ["id", "true_year", "patched", "needs_prime", "needs_true", "source"], ["note"]):
        return None
    ok = _ident(doc, path, raw, "id_") & checks.of_type(doc, path + ("true_year",), raw["true_year"], int)
    patched = _years(doc, path + ("patched",), raw["patched"])
    if len(patched) != 2:
        doc.problem(path + ("patched",), f"an identity has exactly two patched years, not {len(patched)}")
        ok = False
    provenance = checks.provenance(doc, path, raw)
    if not ok:
        return None
    return IdentityCard(raw["id"], raw["true_year"], (patched[0], patched[1]),
                        _years(doc, path + ("needs_prime",), raw["needs_prime"]),
                        _years(doc, path + ("needs_true",), raw["needs_true"]), provenance)


def _cross_check(doc: Document, timeline: list[TimelineCard], patches: list[PatchCard],
                 inverters: list[InverterCard], identities: list[IdentityCard]) -> None:
    years: dict[int, int] = {}
    for i, card in enumerate(timeline):
        if card.year in years:
            doc.problem(("timeline", i, "year"), f"year {card.year} appears twice on the timeline")
        years[card.year] = i
    tis = [c.ti for c in timeline]
    for i, card in enumerate(timeline):
        if tis.count(card.ti) > 1:
            doc.problem(("timeline", i, "ti"), f"time index {card.ti!r} is used twice")
    linchpins = {c.year: i for i, c in enumerate(timeline) if c.is_linchpin}
    ripple_years = {c.year: i for i, c in enumerate(timeline) if not c.is_linchpin}
    patch_by_id = {p.id: (i, p) for i, p in enumerate(patches)}

    for i, card in enumerate(timeline):
        if card.is_linchpin:
            for j, year in enumerate(card.ripples):
                if year not in ripple_years:
                    doc.problem(("timeline", i, "ripples", j), f"{year} is not a ripplepoint year{checks.suggestion(str(year), ripple_years)}")
            expected = sorted(c.year for c in timeline if card.year in c.of)
            if sorted(card.ripples) != expected:
                doc.problem(("timeline", i, "ripples"), f"ripples of {card.year} must be exactly the years whose rule names it: {expected}")
            continue
        for j, year in enumerate(card.of):
            if year not in linchpins:
                doc.problem(("timeline", i, "rule", "of", j), f"{year} is not a linchpin year{checks.suggestion(str(year), linchpins)}")
        for j, pid in enumerate(card.patches):
            if pid not in patch_by_id:
                doc.problem(("timeline", i, "patches", j), f"unknown patch {pid!r}{checks.suggestion(pid, patch_by_id)}")
            elif patch_by_id[pid][1].year != card.year:
                doc.problem(("timeline", i, "patches", j), f"patch {pid!r} is for {patch_by_id[pid][1].year}, not {card.year}")

    listed = {pid for c in timeline for pid in c.patches}
    for i, patch in enumerate(patches):
        if patch.year not in ripple_years:
            doc.problem(("patches", i, "year"), f"{patch.year} is not a ripplepoint year{checks.suggestion(str(patch.year), ripple_years)}")
        elif patch.id not in listed:
            doc.problem(("patches", i, "id"), f"patch {patch.id!r} is not listed under its year {patch.year}")
        for j, year in enumerate(patch.playable_if_prime):
            if year not in linchpins:
                doc.problem(("patches", i, "playable_if", "prime", j), f"{year} is not a linchpin year")
        rp = next((c for c in timeline if c.year == patch.year), None)
        if rp is not None and patch.playable_if_prime and not _implies_paradox(rp, set(patch.playable_if_prime)):
            doc.problem(("patches", i, "playable_if"), f"this configuration does not make {patch.year} a paradox, so the patch could never be played")

    for i, inv in enumerate(inverters):
        for year in (inv.targets or {}):
            if year not in linchpins:
                doc.key_problem(("inverters", i, "targets", year), f"{year} is not a linchpin year{checks.suggestion(str(year), linchpins)}")

    for i, ident in enumerate(identities):
        named: tuple[tuple[str, tuple[int, ...]], ...] = (("true_year", (ident.true_year,)), ("patched", ident.patched))
        for key, values in named:
            for j, year in enumerate(values):
                sub: Path_ = ("identities", i, key) if key == "true_year" else ("identities", i, key, j)
                if year not in ripple_years:
                    doc.problem(sub, f"{year} is not a ripplepoint year{checks.suggestion(str(year), ripple_years)}")
                elif key == "patched" and len(timeline[ripple_years[year]].patches) != 1:
                    doc.problem(sub, f"{year} has more than one patch, so an identity cannot name it")
        for key, values in (("needs_prime", ident.needs_prime), ("needs_true", ident.needs_true)):
            for j, year in enumerate(values):
                if year not in linchpins:
                    doc.problem(("identities", i, key, j), f"{year} is not a linchpin year")
        if set(ident.needs_prime) & set(ident.needs_true):
            doc.problem(("identities", i, "needs_true"), "a linchpin cannot be needed both prime and true")


def _implies_paradox(card: TimelineCard, prime: set[int]) -> bool:
    hits = [y in prime for y in card.of]
    return all(hits) if card.op == "and" else any(hits)


# --- The rest of the play deck and the Missions (CHR-17.5 to CHR-17.8) ------------------------


def _count(doc: Document, path: Path_, raw: dict[str, Any], key: str = "count", least: int = 1) -> bool:
    if not checks.of_type(doc, path + (key,), raw[key], int):
        return False
    if raw[key] < least:
        doc.problem(path + (key,), f"{key} must be at least {least}, not {raw[key]}")
        return False
    return True


def _artifact(doc: Document, path: Path_, raw: Any) -> ArtifactCard | None:
    if not checks.mapping(doc, path, raw, ["id", "year", "category", "source"], ["realness", "power", "note"]):
        return None
    ok = _ident(doc, path, raw, "art_") & checks.of_type(doc, path + ("year",), raw["year"], int)
    ok &= checks.one_of(doc, path + ("category",), raw["category"], CATEGORIES)
    ok &= checks.one_of(doc, path + ("power",), raw.get("power", "none"), POWERS)
    provenance = checks.provenance(doc, path, raw)
    if "realness" in raw:
        if ok and raw["category"] != PAINTINGS:
            doc.key_problem(path + ("realness",), f"only a painting has a realness; this card is in {raw['category']!r}")
            ok = False
        ok &= _count(doc, path, raw, "realness")
    elif ok and raw["category"] == PAINTINGS:
        doc.problem(path, "a painting needs a 'realness' (3 for the real Mona Lisa, lower for forgeries)")
        ok = False
    if not ok:
        return None
    return ArtifactCard(raw["id"], raw["year"], raw["category"], provenance, int(raw.get("realness", 0)),
                        str(raw.get("power", "none")))


# Which numbers each kind of card must state (and no other kind may).
_TIMEWARP_NUMBERS = {"fast_forward": ("draw", "plays")}
_ACTION_NUMBERS = {"sell_artifact": ("draw", "bonus_draw"),
                   "perform_miracle": ("draw", "plays", "bonus_draw", "bonus_plays")}
_ACTION_BONUS = ("sell_artifact", "perform_miracle")


def _numbers(doc: Document, path: Path_, raw: dict[str, Any], wanted: tuple[str, ...], allowed: tuple[str, ...]) -> bool:
    ok = True
    for key in allowed:
        if key in raw and key not in wanted:
            doc.key_problem(path + (key,), f"a {raw['kind']} card has no {key!r}")
            ok = False
    for key in wanted:
        if key not in raw:
            doc.problem(path, f"a {raw['kind']} card needs {key!r}")
            ok = False
        else:
            ok &= _count(doc, path, raw, key)
    return ok


def _timewarp(doc: Document, path: Path_, raw: Any) -> TimewarpCard | None:
    numbers = ("draw", "plays")
    if not checks.mapping(doc, path, raw, ["id", "kind", "count", "source"], [*numbers, "note"]):
        return None
    ok = _ident(doc, path, raw, "tw_") & _count(doc, path, raw)
    provenance = checks.provenance(doc, path, raw)
    if not checks.one_of(doc, path + ("kind",), raw["kind"], TIMEWARP_KINDS):
        return None
    ok &= _numbers(doc, path, raw, _TIMEWARP_NUMBERS.get(raw["kind"], ()), numbers)
    if not ok:
        return None
    return TimewarpCard(raw["id"], raw["kind"], raw["count"], provenance,
                        int(raw.get("draw", 0)), int(raw.get("plays", 0)))


def _action(doc: Document, path: Path_, raw: Any) -> ActionCard | None:
    numbers = ("draw", "plays", "bonus_draw", "bonus_plays")
    if not checks.mapping(doc, path, raw, ["id", "kind", "count", "source"], ["bonus", *numbers, "note"]):
        return None
    ok = _ident(doc, path, raw, "act_") & _count(doc, path, raw)
    provenance = checks.provenance(doc, path, raw)
    if not checks.one_of(doc, path + ("kind",), raw["kind"], ACTION_KINDS):
        return None
    kind = raw["kind"]
    ok &= _numbers(doc, path, raw, _ACTION_NUMBERS.get(kind, ()), numbers)
    if kind in _ACTION_BONUS:
        if "bonus" not in raw:
            doc.problem(path, f"a {kind} card needs 'bonus', an artifact category")
            ok = False
        else:
            ok &= checks.one_of(doc, path + ("bonus",), raw["bonus"], CATEGORIES)
    elif "bonus" in raw:
        doc.key_problem(path + ("bonus",), f"a {kind} card has no 'bonus'")
        ok = False
    if not ok:
        return None
    return ActionCard(raw["id"], kind, raw["count"], provenance, str(raw.get("bonus", "")),
                      *(int(raw.get(key, 0)) for key in numbers))


def _mission(doc: Document, path: Path_, raw: Any) -> MissionCard | None:
    if not checks.mapping(doc, path, raw, ["id", "needs", "source"], ["note"]):
        return None
    ok = _ident(doc, path, raw, "mis_")
    provenance = checks.provenance(doc, path, raw)
    needs = raw["needs"]
    if not checks.of_type(doc, path + ("needs",), needs, list):
        return None
    if len(needs) != 3:
        doc.problem(path + ("needs",), f"a mission needs exactly three artifacts, not {len(needs)}")
        ok = False
    slots: list[MissionSlot] = []
    for j, slot in enumerate(needs):
        here = path + ("needs", j)
        if isinstance(slot, str):
            slots.append(MissionSlot((slot,)))
        elif isinstance(slot, dict) and "most_real" in slot:
            if checks.mapping(doc, here, slot, ["most_real"]):
                ok &= checks.one_of(doc, here + ("most_real",), slot["most_real"], (MONA_LISA,))
            slots.append(MissionSlot(most_real=True))
        elif isinstance(slot, dict) and checks.mapping(doc, here, slot, ["any_of"], ["most_real"]):
            names = tuple(checks.list_of(doc, here + ("any_of",), slot["any_of"], str))
            if len(names) < 2:
                doc.problem(here + ("any_of",), "'any_of' lists two or more artifacts; name a single one directly")
                ok = False
            slots.append(MissionSlot(names))
        else:
            if not isinstance(slot, dict):
                doc.problem(here, f"a slot is an artifact id, {{any_of: [...]}} or {{most_real: {MONA_LISA}}}, not {slot!r}")
            ok = False
    if not ok:
        return None
    return MissionCard(raw["id"], tuple(slots), provenance)


def _check_full_set(doc: Document, patches: list[PatchCard], inverters: list[InverterCard],
                    identities: list[IdentityCard], artifacts: list[ArtifactCard], timewarps: list[TimewarpCard],
                    actions: list[ActionCard], missions: list[MissionCard]) -> None:
    """CHR-17.9.1 counts and CHR-17.9.5 missions, for a set that plays the full game."""
    found = {"inverters": sum(c.count for c in inverters), "patches": len(patches), "artifacts": len(artifacts),
             "timewarps": sum(c.count for c in timewarps), "actions": sum(c.count for c in actions),
             "missions": len(missions), "identities": len(identities)}
    for key, wanted in FULL_COUNTS.items():
        if found[key] != wanted:
            doc.problem((key,), f"a complete set has {wanted} cards in {key!r}, not {found[key]}")
    by_id = {a.id: i for i, a in enumerate(artifacts)}
    paintings = [a for a in artifacts if a.category == PAINTINGS]
    realness = [a.realness for a in paintings]
    for i, art in enumerate(artifacts):
        if art.category == PAINTINGS and realness.count(art.realness) > 1:
            doc.problem(("artifacts", i, "realness"), f"two paintings have realness {art.realness}; each must differ")
    for kind in TIMEWARP_KINDS:
        if not any(t.kind == kind for t in timewarps):
            doc.problem(("timewarps",), f"no card of kind {kind!r}")
    for kind in ACTION_KINDS:
        if not any(a.kind == kind for a in actions):
            doc.problem(("actions",), f"no card of kind {kind!r}")
    used: set[str] = set()
    for i, mission in enumerate(missions):
        for j, slot in enumerate(mission.slots):
            for k, name in enumerate(slot.any_of):
                here: Path_ = ("missions", i, "needs", j) if len(slot.any_of) == 1 else ("missions", i, "needs", j, "any_of", k)
                if name not in by_id:
                    doc.problem(here, f"unknown artifact {name!r}{checks.suggestion(name, by_id)}")
                used.add(name)
            if slot.most_real:
                if not paintings:
                    doc.problem(("missions", i, "needs", j), "no painting in the set can fill a 'most_real' slot")
                used.update(a.id for a in paintings)
    for i, art in enumerate(artifacts):
        if art.id not in used:
            doc.problem(("artifacts", i, "id"), f"artifact {art.id!r} is in no mission")
