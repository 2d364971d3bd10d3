"""The glossary of a card set: each game term's fixed word per language, and the words to avoid.

``<set>/glossary.yaml`` (a game, or ``ui``) looks like this::

    terms:
      - en: Linchpin            # the English term
        en_forms: [linchpin*]   # optional: how English strings write it (default: the term)
        enforce: true           # optional: a string whose English has the term must use the word
        note: the rulebook keeps the English word
        it:
          term: Linchpin        # the word, as the published edition writes it
          forms: [Linchpin]     # optional: the forms a string may use (default: the term)
          forbidden: [Pern*]    # optional: variants no string may use
          gender: m             # optional: m, f, n (Dutch neuter) or c (Dutch common)
    placeholders:
      card:                     # what {card} can stand for, per language
        it:
          gender: [m, f]
          number: [singular]
          forbidden:            # wordings that agree with one gender or number only
            - pattern: "{card} è bloccato"
              expected: a wording with no participle, e.g. "{card} è sotto blocco"

A word or pattern is matched as whole words, ignoring case; a ``*`` at the end of a word stands
for any ending (``Pern*``: Perno, Perni), and a space for any run of spaces. There are no
regular expressions, so a glossary cannot make the check slow.

`convivium check` reads the glossary and reports, as ``file:line:column``, a forbidden variant
in that language's strings and rules texts, an enforced term translated with another word, and a
forbidden wording around a placeholder. These are warnings, errors with ``--strict``. A glossary
that names an unknown language or contradicts itself is always an error.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsets import fields as checks
from cardsets import files
from cardsets.text import LANGUAGES, REFERENCE, Catalog
from cardsets.yamlfile import MAX_FILE_BYTES, Document, Problem, read

FILE_NAME = "glossary.yaml"
TRANSLATIONS = tuple(lang for lang in LANGUAGES if lang != REFERENCE)
GENDERS = ("m", "f", "n", "c")
NUMBERS = ("singular", "plural")
MAX_TERMS = 1000
MAX_WORDS = 50  # forms or forbidden variants of one term
MAX_PHRASE = 200  # characters of one word, form or pattern
PREFIX = "glossary: "
_SKIPPED_IN_RULES = re.compile(r"\{#[^}\n]*\}|\[\[[^\]\n]*\]\]")  # section ids and card ids are not words


@dataclass(frozen=True)
class Phrase:
    """A word or wording as the glossary writes it, and where it stands there."""

    text: str
    pattern: re.Pattern[str]
    line: int
    column: int


@dataclass(frozen=True)
class Rendering:
    """A term's fixed word in one language, the forms a string may use, the variants it must not, and its
    gender."""

    lang: str
    term: str
    forms: tuple[Phrase, ...]
    forbidden: tuple[Phrase, ...]
    gender: str | None


@dataclass(frozen=True)
class Term:
    """One term of the glossary: its English, whether strings must use the fixed word, a note, and its
    renderings."""

    en: str
    en_forms: tuple[Phrase, ...]
    enforce: bool
    note: str
    renderings: Mapping[str, Rendering]
    at: tuple[int, int] = (1, 1)  # where its English stands in the glossary


@dataclass(frozen=True)
class Wording:
    """A wording to avoid around a placeholder, and what to write instead."""

    phrase: Phrase
    expected: str


@dataclass(frozen=True)
class Placeholder:
    """What a placeholder may stand for in one language (genders, numbers), and the wordings that agree with
    only some of them."""

    name: str
    lang: str
    genders: tuple[str, ...]
    numbers: tuple[str, ...]
    forbidden: tuple[Wording, ...]


@dataclass
class Glossary:
    """A card set's glossary (the module's docstring shows the file): its terms and its placeholders."""

    label: str
    terms: list[Term] = field(default_factory=list)
    placeholders: list[Placeholder] = field(default_factory=list)

    def for_language(self, lang: str) -> list[tuple[str, str, str]]:
        """(English, word, note) for every term, as the workbench lists them."""
        rows = []
        for term in self.terms:
            rendering = term.renderings.get(lang)
            if lang == REFERENCE:
                rows.append((term.en, term.en, term.note))
            elif rendering is not None:
                rows.append((term.en, rendering.term, term.note))
        return rows


def compile_phrase(text: str) -> re.Pattern[str]:
    """Whole words, ignoring case; ``word*`` takes any ending, a space any run of spaces."""
    parts = []
    for word in text.split():
        stem = word.endswith("*") and len(word) > 1
        parts.append(re.escape(word[:-1] if stem else word) + (r"\w*" if stem else ""))
    body = r"\s+".join(parts)
    start = r"(?<!\w)" if text[:1].isalnum() else ""
    end = r"(?!\w)" if (text[-1:].isalnum() or text.endswith("*")) else ""
    return re.compile(start + body + end, re.IGNORECASE)


def load(path: Path, label: str) -> tuple[Glossary | None, list[Problem]]:
    """Read a glossary; None (and no problem) when there is none."""
    if not path.exists() and not path.is_symlink():
        return None, []
    doc = read(path, label)
    glossary = Glossary(label)
    if not doc.problems:
        _build(doc, glossary)
    return glossary, sorted(doc.problems)


def _build(doc: Document, glossary: Glossary) -> None:
    data = doc.data
    if not checks.mapping(doc, (), data, ["terms"], ["placeholders"]):
        return
    raw_terms = data["terms"]
    if checks.of_type(doc, ("terms",), raw_terms, list):
        if len(raw_terms) > MAX_TERMS:
            doc.problem(("terms",), f"more than {MAX_TERMS} terms")
        else:
            for i, raw in enumerate(raw_terms):
                term = _term(doc, ("terms", i), raw)
                if term is not None:
                    glossary.terms.append(term)
    raw_places = data.get("placeholders", {})
    if checks.of_type(doc, ("placeholders",), raw_places, dict):
        for name, per_lang in raw_places.items():
            glossary.placeholders += _placeholder(doc, name, per_lang)
    _contradictions(doc, glossary)


def _text(doc: Document, path: tuple[Any, ...], value: Any) -> str | None:
    if not checks.of_type(doc, path, value, str):
        return None
    if not value.strip() or len(value) > MAX_PHRASE:
        doc.problem(path, f"must be 1 to {MAX_PHRASE} characters, not {len(value.strip())}")
        return None
    return str(value)


def _phrase(doc: Document, path: tuple[Any, ...], value: Any) -> Phrase | None:
    text = _text(doc, path, value)
    if text is None:
        return None
    line, column = doc.where(path)
    return Phrase(text, compile_phrase(text), line, column)


def _phrases(doc: Document, path: tuple[Any, ...], value: Any) -> list[Phrase]:
    items = checks.list_of(doc, path, value, str)
    if not isinstance(value, list):  # said by list_of: `forms: null` is no list of words
        return []
    if len(value) > MAX_WORDS:
        doc.problem(path, f"more than {MAX_WORDS} entries")
        return []
    found = (_phrase(doc, path + (i,), item) for i, item in enumerate(value) if isinstance(item, str))
    return [p for p in found if p is not None] if len(items) == len(value) else []


def _term(doc: Document, path: tuple[Any, ...], raw: Any) -> Term | None:
    if not checks.of_type(doc, path, raw, dict):
        return None
    known = {"en", "en_forms", "enforce", "note", *TRANSLATIONS}
    ok = True
    for key in raw:
        if key not in known:
            doc.key_problem(path + (key,), f"unknown language {key!r}: a term has 'en', 'en_forms', 'enforce', "
                                           f"'note' and one entry per language ({', '.join(TRANSLATIONS)})")
            ok = False
    if "en" not in raw:
        doc.problem(path, "missing key 'en' (the English term)")
        return None
    en = _phrase(doc, path + ("en",), raw["en"])
    en_forms = _phrases(doc, path + ("en_forms",), raw["en_forms"]) if "en_forms" in raw else ([en] if en else [])
    enforce = raw.get("enforce", False)
    checks.of_type(doc, path + ("enforce",), enforce, bool)
    note = raw.get("note", "")
    checks.of_type(doc, path + ("note",), note, str)
    renderings = {}
    for lang in TRANSLATIONS:
        if lang in raw:
            rendering = _rendering(doc, path + (lang,), lang, raw[lang])
            ok = ok and rendering is not None
            if rendering is not None:
                renderings[lang] = rendering
    if en is None or not ok or not isinstance(note, str) or enforce not in (True, False):
        return None
    return Term(en.text, tuple(en_forms), enforce is True, note, renderings, (en.line, en.column))


def _rendering(doc: Document, path: tuple[Any, ...], lang: str, raw: Any) -> Rendering | None:
    if not checks.mapping(doc, path, raw, ["term"], ["forms", "forbidden", "gender"]):
        return None
    term = _phrase(doc, path + ("term",), raw["term"])
    forms = _phrases(doc, path + ("forms",), raw["forms"]) if "forms" in raw else ([term] if term else [])
    forbidden = _phrases(doc, path + ("forbidden",), raw.get("forbidden", []))
    gender = raw.get("gender")
    if gender is not None and not checks.one_of(doc, path + ("gender",), gender, GENDERS):
        return None
    if term is None:
        return None
    return Rendering(lang, term.text, tuple(forms), tuple(forbidden), gender)


def _placeholder(doc: Document, name: Any, per_lang: Any) -> list[Placeholder]:
    path: tuple[Any, ...] = ("placeholders", name)
    if not isinstance(name, str) or not name.isidentifier():
        doc.key_problem(path, f"a placeholder is a name such as 'card', not {name!r}")
        return []
    if not checks.of_type(doc, path, per_lang, dict):
        return []
    found = []
    for lang, raw in per_lang.items():
        where = path + (lang,)
        if lang not in TRANSLATIONS:
            doc.key_problem(where, f"unknown language {lang!r} (the languages are {', '.join(TRANSLATIONS)})")
            continue
        if not checks.mapping(doc, where, raw, [], ["gender", "number", "forbidden"]):
            continue
        genders = checks.list_of(doc, where + ("gender",), raw.get("gender", []), str)
        numbers = checks.list_of(doc, where + ("number",), raw.get("number", []), str)
        for i, value in enumerate(genders):
            checks.one_of(doc, where + ("gender", i), value, GENDERS)
        for i, value in enumerate(numbers):
            checks.one_of(doc, where + ("number", i), value, NUMBERS)
        wordings = []
        raw_wordings = raw.get("forbidden", [])
        if checks.of_type(doc, where + ("forbidden",), raw_wordings, list):
            for i, item in enumerate(raw_wordings[:MAX_WORDS]):
                at = where + ("forbidden", i)
                if not checks.mapping(doc, at, item, ["pattern", "expected"]):
                    continue
                phrase = _phrase(doc, at + ("pattern",), item["pattern"])
                expected = _text(doc, at + ("expected",), item["expected"])
                if phrase is None or expected is None:
                    continue
                if "{" + name + "}" not in phrase.text:
                    doc.problem(at + ("pattern",), f"the pattern must name {{{name}}}, the placeholder it is about")
                    continue
                wordings.append(Wording(phrase, expected))
        if wordings and set(genders) <= {"m"} and set(numbers) <= {"singular"}:
            doc.problem(where, f"contradicts itself: {{{name}}} is only masculine singular here, "
                               "so no wording needs to be forbidden for its agreement")
        found.append(Placeholder(name, lang, tuple(genders), tuple(numbers), tuple(wordings)))
    return found


def _contradictions(doc: Document, glossary: Glossary) -> None:
    """A term listed twice, or a word that one term forbids and another (or the same) uses."""
    seen: dict[str, Term] = {}
    for term in glossary.terms:
        first = seen.setdefault(term.en.casefold(), term)
        if first is not term:
            doc.problems.append(Problem(doc.file, *term.at,
                                        f"contradicts itself: {term.en!r} is listed twice"))
    for lang in TRANSLATIONS:
        allowed = [(term, form) for term in glossary.terms if lang in term.renderings
                   for form in term.renderings[lang].forms]
        for term in glossary.terms:
            rendering = term.renderings.get(lang)
            if rendering is None:
                continue
            for bad in rendering.forbidden:
                for owner, form in allowed:
                    if bad.pattern.fullmatch(form.text.replace("*", "")):
                        whose = "its own word" if owner is term else f"the word for {owner.en!r}"
                        doc.problems.append(Problem(doc.file, bad.line, bad.column,
                                                    f"contradicts itself: {lang} forbids {bad.text!r} for {term.en!r}, "
                                                    f"but {form.text!r} is {whose}"))


# --- Checking the strings ----------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """One file whose text is checked: its label, its raw text, and the spans to check in it."""

    label: str
    raw: str
    spans: list[tuple[str | None, int, str]]  # (string key or None, offset of the span in raw, its text)
    exact: bool = False  # each span stands in raw as it is (a rules line), not quoted or folded (a YAML value)
    english: Mapping[str, str] | None = None  # the English of its keys, if not the card set's strings (a tutorial's)


def catalog_source(folder: Path, label: str, lang: str, english: Mapping[str, str] | None = None) -> Source | None:
    """Every string of ``folder/lang.yaml``, with where each one starts in the file; ``english`` is the English
    its keys translate when that is not the card set's strings (a guided game's texts)."""
    path = folder / f"{lang}.yaml"
    file_label = f"{label}/{lang}.yaml"
    doc = read(path, file_label)
    if doc.problems or not isinstance(doc.data, dict) or not isinstance(doc.data.get("strings"), dict):
        return None
    try:
        raw = files.read_text(path, MAX_FILE_BYTES)
    except (OSError, UnicodeDecodeError):
        return None
    starts = _line_starts(raw)
    spans: list[tuple[str | None, int, str]] = []
    for key, value in doc.data["strings"].items():
        if isinstance(key, str) and isinstance(value, str):
            line, column = doc.where(("strings", key))
            spans.append((key, starts[line - 1] + column - 1 if line <= len(starts) else 0, value))
    return Source(file_label, raw, spans, english=english)


def rules_source(path: Path, label: str) -> Source | None:
    """A rules text, line by line, with section ids and card ids blanked out."""
    try:
        raw = files.read_text(path, MAX_FILE_BYTES)
    except (OSError, UnicodeDecodeError):
        return None
    spans: list[tuple[str | None, int, str]] = []
    offset = 0
    for line in raw.splitlines(keepends=True):
        spans.append((None, offset, _SKIPPED_IN_RULES.sub(lambda m: " " * len(m.group()), line)))
        offset += len(line)
    return Source(label, raw, spans, exact=True)


def check(glossary: Glossary, catalog: Catalog, sources: Mapping[str, Iterable[Source]]) -> list[Problem]:
    """The glossary's findings in ``sources`` (per language: the catalog file, then rules texts)."""
    problems: list[Problem] = []
    for lang, lang_sources in sources.items():
        places = [p for p in glossary.placeholders if p.lang == lang]
        for source in lang_sources:
            english = source.english if source.english is not None else catalog.strings.get(REFERENCE, {})
            starts = _line_starts(source.raw)
            for key, offset, text in source.spans:
                for term in glossary.terms:
                    rendering = term.renderings.get(lang)
                    if rendering is None:
                        continue
                    flagged = False
                    for bad in rendering.forbidden:
                        for match in bad.pattern.finditer(text):
                            flagged = True
                            problems.append(_at(source, starts, offset, bad.pattern, match,
                                                f"{match.group()!r} is a variant the glossary forbids for "
                                                f"{term.en!r}; write {rendering.term!r}"))
                    if key is None or not term.enforce or flagged or key not in english:
                        continue
                    if any(f.pattern.search(english[key]) for f in term.en_forms) and \
                            not any(f.pattern.search(text) for f in rendering.forms):
                        problems.append(_at(source, starts, offset, None, None,
                                            f"{key!r} translates {term.en!r} without the glossary's "
                                            f"{rendering.term!r} ({_forms(rendering)})"))
                if key is None:
                    continue
                for place in places:
                    for wording in place.forbidden:
                        for match in wording.phrase.pattern.finditer(text):
                            kinds = " or ".join(_kinds(place))
                            problems.append(_at(source, starts, offset, wording.phrase.pattern, match,
                                                f"{match.group()!r}: {{{place.name}}} may be {kinds}, so this "
                                                f"does not agree; write {wording.expected}"))
    return problems


def _kinds(place: Placeholder) -> Iterator[str]:
    names = {"m": "masculine", "f": "feminine", "n": "neuter", "c": "common gender",
             "singular": "singular", "plural": "plural"}
    for value in (*place.genders, *place.numbers):
        if value not in ("m", "singular"):
            yield names[value]


def _forms(rendering: Rendering) -> str:
    return "allowed: " + ", ".join(repr(f.text) for f in rendering.forms)


def _line_starts(raw: str) -> list[int]:
    starts = [0]
    for found in re.finditer("\r\n|[\n\r\x85\u2028\u2029]", raw):
        starts.append(found.end())
    return starts


def _at(source: Source, starts: list[int], offset: int, pattern: re.Pattern[str] | None,
        match: re.Match[str] | None, message: str) -> Problem:
    """The problem at the match as it stands in the file (found again from the span's start,
    since quotes and folded lines move it), or at the span's start."""
    position = offset
    if source.exact and match is not None:
        position = offset + match.start()
    elif pattern is not None and match is not None:
        skip = sum(1 for _ in pattern.finditer(match.string, 0, match.start()))
        found = list(pattern.finditer(source.raw, offset))
        if len(found) > skip:
            position = found[skip].start()
    line = bisect.bisect_right(starts, position) - 1
    return Problem(source.label, line + 1, position - starts[line] + 1, PREFIX + message)
