"""The rules a player reads in the app ("How to play") and in a terminal (`convivium rules`).

One Markdown file per rules text and language, beside the card set it belongs to:
``<cardset>/rules/<name>.<lang>.md``. The format is small on purpose, so a translator needs no
tool and the app needs no Markdown library:

- line 1: ``# Title``;
- sections ``## Heading {#section-id}``: the same ids, in the same order, in every language; the
  first is ``summary`` (one screen: goal, turn, end) and the last ``glossary``;
- paragraphs, ``- `` and ``1. `` lists, ``**bold**`` and ``*italic*``; ``### sub-headings``;
- ``[[card_id]]``: that card's title in the reader's language; a line holding only
  ``![[card_id]]``: a picture of that card;
- glossary entries: ``- **Term**: definition.``

Everything else is plain text: no HTML, links, tables or other images. Problems are reported as
``file:line:column`` like every card-set problem, so `convivium check` lists them with the rest.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from cardsets import files
from cardsets.folders import ROOT, folder, roots
from cardsets.text import LANGUAGES, REFERENCE
from cardsets.yamlfile import Problem, id_lines, read, undecodable_at, unreadable


def names(root: Path = ROOT) -> dict[str, str]:
    """The rules texts there are, by name (in alphabetical order), with the card set each belongs to: the files
    on disk say."""
    found = {path.name.split(".")[0]: path.parent.parent.name for r in roots(root) for path in r.glob("*/rules/*.md")}
    return dict(sorted(found.items()))


# The rules texts a player can ask for, and the card set each belongs to.
NAMES = names()
FIRST, LAST = "summary", "glossary"
MAX_BYTES = 400_000  # a rules text is tens of kilobytes

_SECTION = re.compile(r"^## +(?P<heading>.+?) *\{#(?P<id>[a-z0-9]+(?:-[a-z0-9]+)*)\} *$")
_CARD = re.compile(r"\[\[([^\[\]\n]*)\]\]")
_PICTURE = re.compile(r"^!\[\[([^\[\]\n]*)\]\] *$")
_GLOSSARY_ENTRY = re.compile(r"^- \*\*(?P<term>[^*\n]+)\*\*: (?P<definition>\S.*)$")
_HTML = re.compile(r"</?[A-Za-z][^>\n]*>")
_LINK = re.compile(r"(?<!!)\[[^\[\]\n]+\]\([^)\n]*\)|(?<![!\[])!\[[^\[\]\n]*\]\(")


@dataclass(frozen=True)
class Section:
    """One section of a rules text: its id, its heading, its body and where its heading stands."""

    id: str
    heading: str
    lines: tuple[str, ...]  # the section's body, as written
    line: int  # where its heading stands (1-based)


@dataclass(frozen=True)
class RulesText:
    """A game's rules for players in one language: the title and the sections in order."""

    name: str
    lang: str
    title: str
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section | None:
        """The section `section_id`, or None."""
        return next((s for s in self.sections if s.id == section_id), None)

    def glossary(self) -> list[tuple[str, str]]:
        """The glossary's (term, definition) pairs, in their order."""
        found = self.section(LAST)
        if found is None:
            return []
        return [(m["term"], m["definition"]) for m in map(_GLOSSARY_ENTRY.match, found.lines) if m]

    def search(self, words: str) -> list[Section]:
        """The sections whose heading or text holds every word of `words`, ignoring case."""
        wanted = words.casefold().split()
        return [s for s in self.sections
                if all(w in "\n".join((s.heading, *s.lines)).casefold() for w in wanted)]


def path_of(name: str, lang: str, root: Path) -> Path:
    """The file of the rules text of game (or mode) `name` in `lang` under `root`."""
    return folder(NAMES[name], root) / "rules" / f"{name}.{lang}.md"


def label_of(name: str, lang: str) -> str:
    """How problems name that file: its path from the card sets' folder."""
    return f"{NAMES[name]}/rules/{name}.{lang}.md"


def parse(text: str, name: str, lang: str, label: str) -> tuple[RulesText | None, list[Problem]]:
    """The rules text in `text`, and what is wrong with its form (cards are checked by `check`)."""
    problems: list[Problem] = []
    lines = text.splitlines()
    if not lines or not lines[0].startswith("# ") or not lines[0][2:].strip():
        return None, [Problem(label, 1, 1, "the first line must be the title: '# Title'")]
    sections: list[Section] = []
    heading: tuple[str, str, int] | None = None
    body: list[str] = []
    for number, line in enumerate(lines[1:], 2):
        if line.startswith("## "):
            match = _SECTION.match(line)
            if match is None:
                problems.append(Problem(label, number, 1, "a section heading needs an id: '## Heading {#section-id}'"))
                continue
            if heading is not None:
                sections.append(Section(heading[0], heading[1], tuple(body), heading[2]))
            heading, body = (match["id"], match["heading"], number), []
        elif heading is None:
            if line.strip():
                problems.append(Problem(label, number, 1, "text before the first section"))
        else:
            body.append(line)
        for bad in (*_HTML.finditer(line), *_LINK.finditer(line)):
            problems.append(Problem(label, number, bad.start() + 1,
                                    f"only plain text, lists and card references here, not {bad.group(0)[:30]!r}"))
    if heading is not None:
        sections.append(Section(heading[0], heading[1], tuple(body), heading[2]))
    ids = [s.id for s in sections]
    for section in sections:
        if ids.count(section.id) > 1 and section is not next(s for s in sections if s.id == section.id):
            problems.append(Problem(label, section.line, 1, f"section id '{section.id}' is used twice"))
    if not sections or sections[0].id != FIRST:
        problems.append(Problem(label, sections[0].line if sections else 1, 1, f"the first section must be {{#{FIRST}}}"))
    if not sections or sections[-1].id != LAST:
        problems.append(Problem(label, sections[-1].line if sections else 1, 1, f"the last section must be {{#{LAST}}}"))
    else:
        last = sections[-1]
        for offset, line in enumerate(last.lines, 1):
            if line.startswith("- ") and not _GLOSSARY_ENTRY.match(line):
                problems.append(Problem(label, last.line + offset, 1,
                                        "a glossary entry is written '- **Term**: definition.'"))
    return RulesText(name, lang, lines[0][2:].strip(), tuple(sections)), problems


def load(name: str, lang: str, root: Path) -> tuple[RulesText | None, list[Problem]]:
    """Read and parse one rules text; None with a problem if it cannot be read."""
    label = label_of(name, lang)
    try:
        text = files.read_text(path_of(name, lang, root), MAX_BYTES)
    except FileNotFoundError:
        return None, [Problem(label, 1, 1, "file not found", "file.not_found")]
    except OSError as exc:
        return None, [Problem(label, 1, 1, f"cannot read: {exc.strerror or exc}", *unreadable(exc))]
    except UnicodeDecodeError as exc:
        return None, [Problem(label, *undecodable_at(exc), f"not UTF-8 text ({exc.reason})", "file.not_utf8")]
    return parse(text, name, lang, label)


def card_references(rules: RulesText) -> Iterator[tuple[str, int, int]]:
    """Every card id the text names, with its line and column."""
    for section in rules.sections:
        for offset, line in enumerate(section.lines, 1):
            for match in _CARD.finditer(line):
                yield match.group(1), section.line + offset, match.start() + 1


def card_ids(cardset: str, root: Path) -> set[str] | None:
    """Every `id` in a card set's cards.yaml (each game lays its cards out its own way); None if
    that file cannot be read, which is reported with the card set."""
    doc = read(folder(cardset, root) / "cards.yaml", f"{cardset}/cards.yaml")
    if doc.problems:
        return None
    return set(id_lines(doc))


def check(root: Path, names: Iterable[str] = tuple(NAMES)) -> list[Problem]:
    """Every problem of the rules texts: form, unknown cards, and sections that differ from English."""
    problems: list[Problem] = []
    ids_by_set: dict[str, set[str] | None] = {}
    for name in names:
        cardset = NAMES[name]
        if cardset not in ids_by_set:
            ids_by_set[cardset] = card_ids(cardset, root)
        known = ids_by_set[cardset]
        reference: list[str] | None = None
        for lang in (REFERENCE, *[code for code in LANGUAGES if code != REFERENCE]):
            rules, found = load(name, lang, root)
            problems += found
            if rules is None:
                continue
            label = label_of(name, lang)
            for card, line, column in card_references(rules):
                if known is not None and card not in known:
                    problems.append(Problem(label, line, column, f"no card '{card}' in {cardset}/cards.yaml"))
            ids = [s.id for s in rules.sections]
            if lang == REFERENCE:
                reference = ids
            elif reference is not None and ids != reference:
                where = next((s.line for s, want in zip(rules.sections, reference) if s.id != want),
                             rules.sections[-1].line if rules.sections else 1)
                problems.append(Problem(label, where, 1,
                                        f"sections differ from English: {', '.join(ids)} instead of {', '.join(reference)}"))
    return problems


def plain(rules: RulesText, title_of: Callable[[str], str], width: int = 100) -> str:
    """The text as a terminal shows it: card names filled in, ids and marks left out."""
    out = [rules.title, "=" * min(len(rules.title), width), ""]
    for section in rules.sections:
        out += [section.heading, "-" * min(len(section.heading), width)]
        for line in section.lines:
            picture = _PICTURE.match(line)
            if picture:
                out.append(f"[{title_of(picture.group(1))}]")
                continue
            line = _CARD.sub(lambda m: title_of(m.group(1)), line)
            out.append(line.replace("**", "").replace("*", "") if not line.startswith("* ") else line)
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def title_lookup(cardset: str, lang: str, root: Path) -> Callable[[str], str]:
    """A card's title in `lang` (`title`, `name`, or a timeline card's true side), or its id if it has none."""
    from cardsets.text import load as load_catalog

    catalog, _problems = load_catalog(folder(cardset, root) / "text", f"{cardset}/text")

    def title(card: str) -> str:
        for key in (f"{card}.title", f"{card}.name", f"{card}.true.title"):
            if catalog.has(key):
                return catalog.text(lang, key)
        return card

    return title


USAGE = f"""usage: convivium rules GAME [--lang LANG] [--summary | --glossary]
GAME is one of {", ".join(NAMES)}; LANG one of {", ".join(LANGUAGES)} (default: the terminal's language, else en)."""


def main(argv: list[str], root: Path | None = None) -> int:
    """`convivium rules GAME [--lang L]`: the rules the app shows, printed in a terminal."""
    import os
    import sys

    root = root or Path(__file__).resolve().parent
    args = list(argv)
    lang = next((code for code in LANGUAGES if os.environ.get("LANG", "").startswith(code)), REFERENCE)
    only = None
    try:
        if "--lang" in args:
            at = args.index("--lang")
            lang = args[at + 1]
            del args[at:at + 2]
        for flag in ("--summary", "--glossary"):
            if flag in args:
                args.remove(flag)
                only = FIRST if flag == "--summary" else LAST
        (name,) = args
    except (IndexError, ValueError):
        print(USAGE, file=sys.stderr)
        return 2
    if name not in NAMES or lang not in LANGUAGES:
        print(USAGE, file=sys.stderr)
        return 2
    rules, problems = load(name, lang, root)
    if rules is None or problems:
        # A broken translation: say so, and show the English, as the app does.
        for problem in problems:
            print(problem, file=sys.stderr)
        if lang == REFERENCE:
            return 1
        print(f"({label_of(name, lang)} cannot be read: showing the English text)", file=sys.stderr)
        rules, problems = load(name, REFERENCE, root)
        if rules is None:
            return 1
    if only is not None:
        section = rules.section(only)
        rules = RulesText(rules.name, rules.lang, rules.title, (section,) if section else ())
    sys.stdout.write(plain(rules, title_lookup(NAMES[name], rules.lang, root)))
    return 0
