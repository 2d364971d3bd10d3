"""What the workbench shows, computed once per reload: every card side and every string, with its state.

Built from a `GameSource` and the app strings, in a source and a target language. Qt is
needed only for fonts (the overflow check measures text as the table lays it out).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cardsets.text import NOTE_SUFFIX, REFERENCE, Catalog, placeholders
from cardsets.yamlfile import Problem
from desktop.frame.card_item import CardFace, band_collides, face_layout, overflows
from desktop.frame.i18n import Translator
from desktop.frame.pseudo import with_pseudo
from desktop.workbench.adapters import adapter_for
from desktop.workbench.source import GameSource, Texts, Where

STATES = ("missing", "stale", "overflow", "placeholder", "unknown")

# Where a string shows, from the first part of its key; the names are app strings (place.<name>).
PLACES = {
    "menu": "menu", "status": "status", "prompt": "status", "solonauts": "status", "aruspex": "status",
    "event": "log", "log": "log", "move": "log", "won_by": "log",
    "illegal": "refusal", "option": "refusal", "cli": "cli",
    "new": "dialog", "open": "dialog", "save": "dialog", "resume": "dialog", "end": "dialog", "about": "dialog",
    "cardset": "dialog", "file": "dialog", "game": "dialog", "mode": "dialog", "app": "dialog",
    "detail": "detail", "card": "card", "kind": "card", "side": "card", "rule": "card", "category": "card",
    "label": "table", "wb": "workbench", "place": "workbench", "language": "workbench",
    "team": "card", "ab": "card", "condition": "card", "face": "card", "table": "table", "slot": "table",
    "setup": "dialog",
}


def place_of(key: str, card_ids: set[str]) -> str:
    """The part of the app a string appears in, as the name of an app string (place.<name>)."""
    head = key.split(".", 1)[0]
    if head in card_ids:
        return "card"
    return PLACES.get(head, "other")


@dataclass(frozen=True)
class SideRow:
    card_id: str
    side: str
    card_place: Where | None  # the card in cards.yaml
    string_place: Where | None  # its first string in the target language file (English if missing there)
    source: CardFace
    target: CardFace
    source_overflow: tuple[str, ...]  # roles of the boxes whose text does not fit
    target_overflow: tuple[str, ...]
    keys: dict[str, str]  # role -> string key
    states: frozenset[str]
    notes: tuple[str, ...]  # "missing: tl_1865.prime.text", … for the state column
    strings: tuple[str, ...] = ()  # every string key this side shows: what redraws it when edited


@dataclass(frozen=True)
class StringRow:
    key: str
    place: str
    source: str
    target: str
    states: frozenset[str]
    where: Where | None


@dataclass(frozen=True)
class Counts:
    """How many rows of a list are in each state: what its filter shows."""

    missing: int
    stale: int
    overflow: int
    placeholder: int

    @classmethod
    def of(cls, rows: list[SideRow] | list[StringRow]) -> Counts:
        return cls(*(sum(1 for row in rows if state in row.states) for state in ("missing", "stale", "overflow",
                                                                                   "placeholder")))


@dataclass
class Snapshot:
    game: str
    source_lang: str
    target_lang: str
    sides: list[SideRow]
    strings: list[StringRow]
    counts: Counts  # of the strings
    card_counts: Counts  # of the card sides
    problems: list[Problem]
    has_faces: bool
    overflowing: set[str] = field(default_factory=set)  # keys whose text overflows in the target


def overflowing_roles(face: CardFace) -> tuple[str, ...]:
    roles = [box.role for box in face_layout(face) if overflows(box)]
    if "kind_label" not in roles and band_collides(face):
        roles.append("kind_label")
    return tuple(roles)


def mismatched(catalog: Catalog, lang: str) -> set[str]:
    """Keys whose placeholders differ from the English ones in ``lang``."""
    reference = catalog.strings.get(REFERENCE, {})
    out = set()
    for key, value in catalog.strings.get(lang, {}).items():
        source = catalog.source(lang, key)
        if source is not None:
            want, got = placeholders(reference[source]), placeholders(value)
            if want is not None and got is not None and want != got:
                out.add(key)
    return out


def build(source: GameSource, ui: Texts, source_lang: str, target_lang: str) -> Snapshot:
    game = with_pseudo(source.texts.catalog)
    app = with_pseudo(ui.catalog)
    card_ids = set(source.card_places)
    prefixes = {c[: c.index("_") + 1] for c in card_ids if "_" in c}
    missing = set(game.missing(target_lang))
    stale = set(game.stale(target_lang))
    wrong = mismatched(game, target_lang)
    sides, overflowing = _sides(source, game, app, source_lang, target_lang, missing, stale, wrong)
    app_missing, app_stale, app_wrong = set(app.missing(target_lang)), set(app.stale(target_lang)), mismatched(app, target_lang)

    strings: list[StringRow] = []
    for texts, catalog, miss, old, bad, ids in ((source.texts, game, missing, stale, wrong, card_ids),
                                                (ui, app, app_missing, app_stale, app_wrong, set())):
        keys = catalog.expected(target_lang)  # a counted string in the target's own plural forms
        keys += [k for k in catalog.strings.get(target_lang, {}) if catalog.source(target_lang, k) is None]
        for key in keys:
            # A key the game's texts have is shown from them, not from the app's.
            shown = texts is source.texts or key not in game.strings.get(REFERENCE, {})
            states = {name for name, found in (("missing", miss), ("stale", old), ("placeholder", bad),
                                               ("overflow", overflowing if shown else set()))
                      if key in found}
            head = key.split(".", 1)[0]
            if ids and "." in key and head not in ids and any(head.startswith(p) for p in prefixes):
                states.add("unknown")
            where = texts.where(target_lang, key) or texts.where(REFERENCE, key)
            if where is None and key.endswith(NOTE_SUFFIX) and texts is source.texts:
                where = source.card_places.get(head)  # a note's English stands beside its card
            # Italian's "many" form beside the source language's "other" when that language has no "many".
            source_text = _raw(catalog, source_lang, key) or _raw(catalog, source_lang, catalog.source(target_lang, key) or key)
            strings.append(StringRow(key, place_of(key, ids), source_text,
                                     _raw(catalog, target_lang, key), frozenset(states), where))
    return Snapshot(source.game, source_lang, target_lang, sides, strings, Counts.of(strings), Counts.of(sides),
                    sorted(source.problems + ui.problems), adapter_for(source) is not None, overflowing)


def _raw(catalog: Catalog, lang: str, key: str) -> str:
    return catalog.strings.get(lang, {}).get(key, "")


def _sides(source: GameSource, game: Catalog, app: Catalog, source_lang: str, target_lang: str,
           missing: set[str], stale: set[str], wrong: set[str]) -> tuple[list[SideRow], set[str]]:
    adapter = adapter_for(source)
    if adapter is None:
        return [], set()
    tr_source = Translator(source_lang, source.game, ui=app, texts=game)
    tr_target = Translator(target_lang, source.game, ui=app, texts=game)
    by_card: dict[str, list[str]] = {}
    for key in game.strings.get(REFERENCE, {}):
        by_card.setdefault(key.split(".", 1)[0], []).append(key)
    rows: list[SideRow] = []
    overflowing: set[str] = set()
    for card_id in adapter.card_ids():
        own = by_card.get(card_id, [])
        for a, b in zip(adapter.sides(card_id, tr_source), adapter.sides(card_id, tr_target)):
            # The strings of this side only, where a card's keys are split by side (tl_1865.prime.*).
            mine = [k for k in own if k.split(".")[1:2] == [b.side]] or own
            keys = [*mine, *(k for k in b.keys.values() if k not in mine)]
            over = overflowing_roles(b.face)
            overflowing.update(b.keys[role] for role in over if role in b.keys)
            notes = [f"{state}: {key}" for state, found in (("missing", missing), ("stale", stale),
                                                            ("placeholder", wrong))
                     for key in keys if key in found]
            notes += [f"overflow: {b.keys.get(role, role)}" for role in over]
            states = {note.split(":", 1)[0] for note in notes}
            first = mine[0] if mine else next(iter(b.keys.values()), "")
            where = source.texts.where(target_lang, first) or source.texts.where(REFERENCE, first)
            rows.append(SideRow(card_id, b.side, adapter.location(card_id), where, a.face, b.face,
                                overflowing_roles(a.face), over, b.keys, frozenset(states), tuple(notes),
                                tuple(keys)))
    return rows, overflowing
