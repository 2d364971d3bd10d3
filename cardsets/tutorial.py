"""The guided first games (Help → Guided first game): one script per game and mode, as data.

A script is ``<cardset>/tutorial/<name>.yaml``; its words are ``<cardset>/tutorial/text/<lang>.yaml``
(the same form as every text catalog). A script says which game and mode, the engine's options, a
fixed seed (so every player meets the same cards), the names at the seats and the steps::

    game: chrononauts
    mode: chrononauts
    seed: 3
    options: {first_player: 0, mission_mulligan: false}
    players: [you, Ada, Bruno]          # `you`: the player's own seat, named in their language
    steps:
      - id: welcome
        text: welcome                   # a key of the tutorial's text catalog
        point: seat:0                   # the table item the step talks about (or a list of them)
        do: next                        # an explanation: the player presses Next
      - id: first_play
        text: first_play
        do: {move: PlayCard, card: inv_reverse_fate#3, target: 1865}

What completes a step (``do``):

- ``next``: the player reads and presses Next;
- ``curtain``: the screen is passed: the curtain is lifted by the person whose turn it is;
- ``undo``: the player takes their last move back;
- ``nobody``: nobody answers the shared question the table asks (a Memo, a privilege, an interrupt);
- a move: ``{move: <the engine's move class>, <field>: <value>, ...}``, the player's (seat 0), or with
  ``by: <seat>`` one the guide plays for another seat when Next is pressed (its text says what they do).
  The fields given must match the move played; the move must be the one legal move they describe.

A step's text may use ``{card}`` (the title of the card the step names, in the reader's language) and
``{player}`` (the name at the seat that acts). This module reads and checks the form, the words and
the cards; whether each move is legal at its point is checked by replaying the script through the
engine (`rules.tutorial`), which sits above this layer.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsets import fields as checks
from cardsets import text
from cardsets.folders import folder, tutorials
from cardsets.text import LANGUAGES, REFERENCE, Catalog, placeholders
from cardsets.yamlfile import Document, Problem, id_lines, read


# The scripts there are, by name, with the card set each belongs to (named as the rules texts).
NAMES = tutorials()
KINDS = ("next", "curtain", "undo", "nobody")
YOU = "you"  # in `players`: the player's own seat, named by the text key `you`
PLACEHOLDERS = frozenset({"card", "player"})
MAX_STEPS = 40
# The fields of the engines' moves that name a card (the first one found is the step's {card}).
CARD_FIELDS = ("card", "actor", "artifact", "first", "second", "third", "target", "holder", "tarot")
# What a step may point at besides a card: the table's zones, seats and places ("tl:1865", "seat:0"...).
_ZONE = re.compile(r"^[a-z]+:[A-Za-z0-9_#:-]+$")
_INSTANCE = re.compile(r"#\d+$")


@dataclass(frozen=True)
class Step:
    """One step of a guided game: what it says, what the player (or the guide) does, and what it points at."""

    id: str
    text: str  # a key of the tutorial's catalog
    kind: str  # next, curtain, undo, nobody or move
    move: dict[str, Any] = field(default_factory=dict)  # for a move: "type" and the fields given
    by: int = 0  # the seat that acts (0: the player; another: the guide plays it)
    point: tuple[str, ...] = ()
    line: int = 1
    column: int = 1

    @property
    def card(self) -> str:
        """The card the step names: the first card it points at, else its move's ('' for none)."""
        pointed = next((key for key in self.point if not _ZONE.match(key)), "")
        if pointed:
            return pointed
        return next((value for name in CARD_FIELDS if isinstance(value := self.move.get(name), str)), "")


@dataclass(frozen=True)
class Script:
    """A guided game: its game, mode, deal and seats, and its steps in order."""

    name: str
    cardset: str
    game: str
    mode: str
    seed: int
    options: dict[str, Any]
    players: tuple[str, ...]
    steps: tuple[Step, ...]
    file: str  # the label problems name


def path_of(name: str, root: Path) -> Path:
    """The file of the guided game `name` under `root`."""
    return folder(NAMES[name], root) / "tutorial" / f"{name}.yaml"


def label_of(name: str) -> str:
    """How problems name that file: its path from the card sets' folder."""
    return f"{NAMES[name]}/tutorial/{name}.yaml"


def text_folder(cardset: str, root: Path) -> Path:
    """The folder of a card set's guided-game texts under `root`."""
    return folder(cardset, root) / "tutorial" / "text"


def text_label(cardset: str) -> str:
    """How problems name that folder."""
    return f"{cardset}/tutorial/text"


def cardsets_with_tutorials(root: Path) -> list[str]:
    """The card sets under `root` that have guided-game texts, in order."""
    return sorted({cardset for cardset in NAMES.values() if text_folder(cardset, root).is_dir()})


def load_texts(cardset: str, root: Path) -> tuple[Catalog, list[Problem]]:
    """A card set's guided-game texts, and the problems found reading them."""
    return text.load(text_folder(cardset, root), text_label(cardset))


def load(name: str, root: Path) -> tuple[Script | None, list[Problem]]:
    """Read one script and check its form; None when it cannot be used at all."""
    doc = read(path_of(name, root), label_of(name))
    if doc.problems:
        return None, doc.problems
    script = _build(doc, name)
    return (script if not doc.problems else None), doc.problems


def _build(doc: Document, name: str) -> Script | None:
    data = doc.data
    if not checks.mapping(doc, (), data, ["game", "mode", "seed", "players", "steps"], ["options"]):
        return None
    ok = checks.of_type(doc, ("game",), data["game"], str) & checks.of_type(doc, ("mode",), data["mode"], str)
    ok &= checks.of_type(doc, ("seed",), data["seed"], int)
    options = data.get("options", {})
    ok &= checks.of_type(doc, ("options",), options, dict)
    players = checks.list_of(doc, ("players",), data["players"], str)
    if ok and data["game"] != NAMES[name]:
        doc.problem(("game",), f"this script belongs to {NAMES[name]!r}, not {data['game']!r}")
    steps: list[Step] = []
    raw_steps = checks.list_of(doc, ("steps",), data["steps"], dict)
    if len(raw_steps) > MAX_STEPS:
        doc.problem(("steps",), f"at most {MAX_STEPS} steps")
    seen: set[str] = set()
    for i, raw in enumerate(data["steps"] if isinstance(data["steps"], list) else []):
        if isinstance(raw, dict):
            step = _step(doc, ("steps", i), raw, len(players))
            if step is not None:
                if step.id in seen:
                    doc.problem(("steps", i, "id"), f"step id {step.id!r} is used twice")
                seen.add(step.id)
                steps.append(step)
    if not steps and not doc.problems:
        doc.problem(("steps",), "a script needs steps")
    if not ok or not players:
        return None
    return Script(name, NAMES[name], data["game"], data["mode"], data["seed"], dict(options), tuple(players),
                  tuple(steps), doc.file)


def _step(doc: Document, path: tuple[Any, ...], raw: dict[str, Any], seats: int) -> Step | None:
    if not checks.mapping(doc, path, raw, ["id", "text", "do"], ["point"]):
        return None
    ok = checks.of_type(doc, path + ("id",), raw["id"], str) & checks.of_type(doc, path + ("text",), raw["text"], str)
    point: list[str] = []
    raw_point = raw.get("point", [])
    if isinstance(raw_point, str):
        point = [raw_point]
    else:
        point = checks.list_of(doc, path + ("point",), raw_point, str)
    do = raw["do"]
    kind, move, by = "", {}, 0
    if isinstance(do, str):
        ok &= checks.one_of(doc, path + ("do",), do, [*KINDS, "a move"])
        kind = do
    elif isinstance(do, dict):
        if not isinstance(do.get("move"), str):
            doc.problem(path + ("do",), "a move is written {move: <move type>, <field>: <value>, ...}")
            return None
        kind = "move"
        move = {("type" if key == "move" else key): value for key, value in do.items() if key != "by"}
        by = do.get("by", 0)
        if not (isinstance(by, int) and not isinstance(by, bool) and 0 <= by < max(seats, 1)):
            doc.problem(path + ("do", "by"), f"'by' is a seat number from 0 to {max(seats, 1) - 1}, not {by!r}")
            ok = False
    else:
        doc.problem(path + ("do",), f"'do' is one of {', '.join(KINDS)} or a move, not {do!r}")
        return None
    if not ok:
        return None
    line, column = doc.where(path)
    return Step(raw["id"], raw["text"], kind, move, by, tuple(point), line, column)


def base_card(key: str) -> str:
    """A card instance's card id: 'inv_reverse_fate#3' -> 'inv_reverse_fate'."""
    return _INSTANCE.sub("", key)


def is_zone(key: str) -> bool:
    """Whether a step points at a zone, seat or place of the table ("tl:1865", "seat:0"), not at a card."""
    return bool(_ZONE.match(key))


def _where(doc: Document, step_index: int, *inner: Any) -> tuple[int, int]:
    return doc.where(("steps", step_index, *inner))


def check(root: Path, names: list[str] | None = None) -> list[Problem]:
    """Every problem of the scripts and their words that needs no engine: form, text keys in every
    language, placeholders, the cards they name. (`rules.tutorial.check` adds the replay.)"""
    problems: list[Problem] = []
    wanted = names if names is not None else [n for n in NAMES if path_of(n, root).is_file()]
    catalogs: dict[str, tuple[Catalog, list[Problem]]] = {}
    ids: dict[str, set[str] | None] = {}
    for name in wanted:
        cardset = NAMES[name]
        if cardset not in catalogs:
            catalogs[cardset] = load_texts(cardset, root)
            problems += catalogs[cardset][1]
            doc = read(folder(cardset, root) / "cards.yaml", f"{cardset}/cards.yaml")
            ids[cardset] = None if doc.problems else set(id_lines(doc))
        script, found = load(name, root)
        problems += found
        if script is None:
            continue
        doc = read(path_of(name, root), label_of(name))
        catalog = catalogs[cardset][0]
        problems += _words(doc, script, catalog)
        known = ids[cardset]
        for index, step in enumerate(script.steps):
            named: list[tuple[str, tuple[str, ...]]] = [(key, ("point",)) for key in step.point]
            named += [(value, ("do", key)) for key, value in step.move.items()
                      if key in CARD_FIELDS and isinstance(value, str)]
            for key, at in named:
                if is_zone(key):
                    continue
                if known is not None and base_card(key) not in known:
                    line, column = _where(doc, index, *at)
                    problems.append(Problem(doc.file, line, column, f"no card {key!r} in {cardset}/cards.yaml"))
    return problems


def _words(doc: Document, script: Script, catalog: Catalog) -> list[Problem]:
    """Each step's text exists in every language and uses only the placeholders a step fills in."""
    problems: list[Problem] = []
    keys: list[tuple[str, tuple[Any, ...], Step | None]] = [(YOU, ("players",), None)] if YOU in script.players else []
    keys += [(step.text, ("steps", i, "text"), step) for i, step in enumerate(script.steps)]
    for key, path, step in keys:
        line, column = doc.where(path)
        for lang in LANGUAGES:
            found = catalog.strings.get(lang, {}).get(key)
            if found is None:
                problems.append(Problem(doc.file, line, column,
                                        f"text {key!r} is missing in {text_label(script.cardset)}/{lang}.yaml",
                                        "text.missing_string", (("name", key),)))
                continue
            used = placeholders(found) or set()
            unknown = sorted(used - PLACEHOLDERS)
            if unknown and lang == REFERENCE:
                problems.append(Problem(doc.file, line, column,
                                        f"text {key!r} uses {{{unknown[0]}}}; a step fills in only "
                                        + ", ".join(f"{{{p}}}" for p in sorted(PLACEHOLDERS))))
            if "card" in used and step is not None and not step.card and lang == REFERENCE:
                # Said with a hole ("to put  back in your hand"): the step must point at the card it names.
                problems.append(Problem(doc.file, line, column,
                                        f"text {key!r} names {{card}}, but step {step.id!r} has no card: point at one"))
    return problems
