"""Player-visible strings: one YAML file per language, English as the reference.

A language file looks like this::

    language: it
    strings:
      tl_1865.true.title: Lincoln assassinato
      illegal.not_a_linchpin: "{card} si gioca solo su un cardine."
    translated_from:          # optional: fingerprints of the English each string was made from
      tl_1865.true.title: 3f2a9c1b

A string is *missing* in a language when English has the key and that language does not;
it is *stale* when its fingerprint no longer matches the English text, or when English no
longer has the key at all. Lookups fall back from the asked language to English, then Italian.

A card's note on its data (what of it is printed, what we reconstructed) is written in English
once, beside the data it speaks of, in cards.yaml; it joins the English strings under the key
``<card id>.note`` and is translated in the language files like any other string.
"""
from __future__ import annotations

import contextlib
import hashlib
import re
import string
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Final

from cardsets import fields as checks
from cardsets import files
from cardsets import plurals
from cardsets.yamlfile import MAX_FILE_BYTES, Document, Problem, read

LANGUAGES = ("it", "es", "en", "nl")
LANGUAGE_NAMES = {"it": "Italiano", "es": "Español", "en": "English", "nl": "Nederlands"}
REFERENCE = "en"
FALLBACK = ("en", "it")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


NOTE_SUFFIX = ".note"
# A string that counts something comes in one form per CLDR plural category of its language (cardsets/plurals.py):
# ``<key>.one`` and ``<key>.other`` in English, and whatever else a language has (``<key>.many`` in it and es).
# English having both ``.one`` and ``.other`` is what makes a key a counted one.
PLURAL_ONE, PLURAL_OTHER = ".one", ".other"


def note_key(card_id: str) -> str:
    """The string key of a card's note on its data."""
    return card_id + NOTE_SUFFIX


def fingerprint(text: str) -> str:
    """A short, stable digest of an English string, used to notice stale translations."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def placeholders(text: str) -> set[str] | None:
    """The {names} a string uses, or None if its braces are malformed or not plain names."""
    if "{" not in text and "}" not in text:
        return set()  # most strings: no need to ask the formatter
    found = _braced(text)
    return None if found is None else set(found)


@lru_cache(maxsize=8192)  # a first start asks of each string three or four times (issue #42)
def _braced(text: str) -> frozenset[str] | None:
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError:
        return None
    names: set[str] = set()
    for _literal, name, spec, conversion in parts:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            return None
        names.add(name)
    return frozenset(names)


# Bidirectional embeddings, overrides and isolates: invisible, they reorder the text around them, so a card
# could read backwards or a name could hide what follows it (Unicode's "Trojan Source" characters).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Unicode's control characters (category Cc, fixed for good by its stability policy: C0, DEL and C1) but the line
# break and the tab, and BIDI_CONTROLS. One search in C: a loop in Python over every character of every text took
# a tenth of a first start's profile (issue #42).
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f" + "".join(sorted(BIDI_CONTROLS)) + "]")


def control_character(text_: str) -> str:
    """The first control character in a string, as ``U+0001``, or "" if it has none. A string is
    text and line breaks (a tab too): any other control character (NUL, ESC…) draws as nothing or as
    a box and is written to the file as a 4-to-10-byte escape, and a bidirectional override turns the
    text around it."""
    found = _CONTROL.search(text_)
    return "" if found is None else f"U+{ord(found.group()):04X}"


@dataclass
class Catalog:
    """Every language's strings for one card set (or for the app itself)."""

    strings: dict[str, dict[str, str]] = field(default_factory=dict)
    stamps: dict[str, dict[str, str]] = field(default_factory=dict)

    def text(self, lang: str, key: str, **params: object) -> str:
        """The string of `key` in `lang` with its placeholders filled, else the English or Italian one, else the
        key."""
        for candidate in (lang, *FALLBACK):
            found = self.strings.get(candidate, {}).get(key)
            if found is not None:
                return _fill(found, params, candidate)
        return key

    def has(self, key: str) -> bool:
        """Whether any language has a string for `key`."""
        return any(key in table for table in self.strings.values())

    def counted(self, lang: str, key: str, number: int, params: Mapping[str, object]) -> str:
        """The form of counted `key` for `number` in `lang`, filled with `params`; else the English or Italian
        one's. A form the language lacks (a player's older file) falls back to its ``other`` form."""
        for candidate in (lang, *FALLBACK):
            own = self.strings.get(candidate, {})
            found = own.get(f"{key}.{plurals.category(candidate, number)}", own.get(key + PLURAL_OTHER))
            if found is not None:
                return _fill(found, params, candidate)
        return key

    def is_counted(self, key: str) -> bool:
        """Whether `key` (without a category) is a counted string: English has its one and other forms."""
        english = self.strings.get(REFERENCE, {})
        return key + PLURAL_ONE in english and key + PLURAL_OTHER in english

    def source(self, lang: str, key: str) -> str | None:
        """The English key a `lang` string is translated from: the key itself, or for a plural form of a
        category English lacks (Italian's ``.many``), English's ``.other``. None if English has no such string."""
        english = self.strings.get(REFERENCE, {})
        if key in english:
            return key
        parts = plurals.split(key)
        if parts is None or not self.is_counted(parts[0]):
            return None
        return parts[0] + PLURAL_OTHER  # a category `lang` may lack: check says so (no CLDR needed here)

    def expected(self, lang: str) -> list[str]:
        """The keys `lang` should have: English's, with each counted string in `lang`'s own categories."""
        keys: list[str] = []
        for key in self.strings.get(REFERENCE, {}):
            parts = plurals.split(key)
            if parts is not None and self.is_counted(parts[0]):
                if parts[1] == plurals.OTHER:
                    keys += [plurals.form(parts[0], c) for c in plurals.categories(lang)]
            else:
                keys.append(key)
        return keys

    def sources(self, lang: str) -> dict[str, str]:
        """Each key `lang` should have, in English order, with the English text it is translated from."""
        english = self.strings.get(REFERENCE, {})
        return {key: english[str(self.source(lang, key))] for key in self.expected(lang)}

    def missing(self, lang: str) -> list[str]:
        """The keys `lang` should have (``expected``) and lacks."""
        own = self.strings.get(lang, {})
        return sorted(k for k in self.expected(lang) if k not in own)

    def stale(self, lang: str) -> list[str]:
        """The keys whose `lang` string was made from English that has since changed or gone."""
        return sorted(key for key in self.strings.get(lang, {}) if self.is_stale(lang, key))

    def is_stale(self, lang: str, key: str) -> bool:
        """Whether `lang`'s string for `key` was made from English that has since changed or gone."""
        if lang == REFERENCE or key not in self.strings.get(lang, {}):
            return False
        source = self.source(lang, key)
        english = None if source is None else self.strings.get(REFERENCE, {}).get(source)
        stamp = self.stamps.get(lang, {}).get(key)
        return english is None or (stamp is not None and stamp != fingerprint(english))


# The word before a placeholder follows the value filled in, as print has it (one pass over the text, `_fill`):
# - a short word that the value's first sound changes: Italian "ad Ada", "ed Elena" (the euphonic d, before the same
#   vowel); Spanish "e Isabel", "u Óscar" (y and o before the same sound). (language, word, the sounds, what it becomes)
_EUPHONY: Final = (("it", "a", ("a", "à"), "ad"), ("it", "e", ("e", "è", "é"), "ed"),
                   ("es", "y", ("i", "í", "hi", "hí"), "e"), ("es", "o", ("o", "ó", "ho"), "u"))
# - a word that joins the article the value begins with: Spanish "al centro de la mesa", "del centro" (never "a el",
#   "de el"); Italian "dall'area comune", "al tavolo", "nei campi" (never "da l'area", "a il tavolo"). A name that
#   carries a capital article ("El Cairo", "La Spezia") is left apart. language -> {word: {article: joined}}
_ITALIAN_STEMS: Final = {"a": "a", "da": "da", "di": "de", "in": "ne", "su": "su"}
_ITALIAN_ENDINGS: Final = {"il ": "l ", "lo ": "llo ", "la ": "lla ", "l'": "ll'", "l’": "ll’", "i ": "i ",
                           "gli ": "gli ", "le ": "lle "}
_JOINED: Final[dict[str, dict[str, dict[str, str]]]] = {
    "es": {"a": {"el ": "al "}, "de": {"el ": "del "}},
    "it": {word: {article: stem + ending for article, ending in _ITALIAN_ENDINGS.items()}
           for word, stem in _ITALIAN_STEMS.items()},
}
_WORD_BEFORE = re.compile(r"(?:(?<![\w'’])(\w+) )?\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _as_printed(word: str, value: str, lang: str) -> str:
    """`word` and the `value` after it, as print has them in `lang` (see _EUPHONY and _JOINED)."""
    head = value.lower()
    for language, plain, sounds, to in _EUPHONY:
        # Spanish keeps "y" before a diphthong: "y hierro", "y Hielo" (hie-, hia-, hio-, hiu-).
        if language == lang and word.lower() == plain and head.startswith(sounds) and \
                not (plain == "y" and head[:3] in ("hie", "hia", "hio", "hiu")):
            return f"{to.capitalize() if word[0].isupper() else to} {value}"
    for article, joined in _JOINED.get(lang, {}).get(word.lower(), {}).items():
        if value.startswith(article):
            return f"{joined.capitalize() if word[0].isupper() else joined}{value[len(article):]}"
    return f"{word} {value}"


def _fill(text: str, params: Mapping[str, object], lang: str = REFERENCE) -> str:
    # Only plain {name} substitution: a translator's string never reaches str.format,
    # so a stray "{0.__class__}" stays text instead of poking at objects. Each placeholder is filled once, in one
    # pass: a value that looks like a placeholder (a player named "{card}") stays as it is.
    def put(match: re.Match[str]) -> str:
        word, name = match.group(1), match.group(2)
        if name not in params:
            return match.group(0)
        value = params[name]
        if word is None:
            return str(value)
        return _as_printed(word, value, lang) if isinstance(value, str) else f"{word} {value}"

    return _WORD_BEFORE.sub(put, text)


def _braces(names: Iterable[str]) -> str:
    """Placeholder names as a translator writes them, for a problem's parameters: "{card} {count}"."""
    return " ".join(f"{{{name}}}" for name in sorted(names)) or "—"


def load(folder: Path, label: str, required: Iterable[str] = (),
         notes: Mapping[str, str] | None = None, all_forms: bool = True) -> tuple[Catalog, list[Problem]]:
    """Load ``folder/<lang>.yaml`` for every language; ``label`` prefixes file names in problems.

    ``notes`` maps card ids to their English notes from cards.yaml (see the module's docstring). With
    ``all_forms`` each counted string's forms are checked against its language's CLDR categories (Babel): one
    lacking or one too many is a problem. Without (the app reading its texts: start-up does not load Babel's
    locale data for that), a form lacking is only missing, and the table shows the language's ``other`` form.
    """
    catalog = Catalog()
    problems: list[Problem] = []
    docs: dict[str, Document] = {}
    for lang in LANGUAGES:
        doc = read(folder / f"{lang}.yaml", f"{label}/{lang}.yaml")
        docs[lang] = doc
        strings, stamps = _parse(doc, lang)
        catalog.strings[lang] = strings
        catalog.stamps[lang] = stamps
        problems += doc.problems

    reference = catalog.strings[REFERENCE]
    ref_doc = docs[REFERENCE]
    for card_id, note in (notes or {}).items():
        key = note_key(card_id)
        if key in reference:
            line, column = ref_doc.where_key(("strings", key))
            problems.append(Problem(ref_doc.file, line, column,
                                    f"{key!r} is the note in cards.yaml; write it there, not here", "data.mismatch"))
        reference[key] = note
    if not ref_doc.problems:
        for key in required:
            if key not in reference:
                line, column = ref_doc.where(("strings",))
                problems.append(Problem(ref_doc.file, line, column,
                                        f"missing string {key!r} (English is the reference and must have every key)",
                                        "text.missing_string", (("name", key),)))
    for lang, doc in docs.items():
        if lang == REFERENCE:
            continue
        for key, text in catalog.strings[lang].items():
            source = catalog.source(lang, key)
            if source is None:
                continue
            want, got = placeholders(reference[source]), placeholders(text)
            if want is not None and got is not None and want != got:
                line, column = doc.where(("strings", key))
                problems.append(Problem(doc.file, line, column,
                                        f"{key!r} uses placeholders {sorted(got)} but English uses {sorted(want)}",
                                        "text.placeholders",
                                        (("name", key), ("got", _braces(got)), ("want", _braces(want)))))
    for lang, doc in docs.items():
        problems += _plural_problems(doc, lang, catalog, all_forms)
        for key, text_ in catalog.strings[lang].items():
            bad = control_character(text_)
            if bad:
                line, column = doc.where(("strings", key))
                problems.append(Problem(doc.file, line, column, f"{key!r} holds the control character {bad}",
                                        "text.control_character", (("name", key), ("char", bad))))
    return catalog, problems


def load_with(folder: Path, label: str, lang: str, data: bytes,
              notes: Mapping[str, str] | None = None, all_forms: bool = True) -> tuple[Catalog, list[Problem]]:
    """``load`` of ``folder`` with ``data`` in place of its ``lang`` file, and the problems found in
    that file alone: what ``convivium check`` and the app would say if ``data`` were that file."""
    # A scratch folder of our own, gone at the end: written plainly, nothing there has to last.
    with tempfile.TemporaryDirectory(prefix="convivium-text-") as tmp:
        copy = Path(tmp)
        for each in LANGUAGES:
            if each == lang:
                (copy / f"{each}.yaml").write_bytes(data)
            else:
                with contextlib.suppress(FileNotFoundError):  # a missing language file is the loader's to report
                    (copy / f"{each}.yaml").write_bytes(files.read_bytes(folder / f"{each}.yaml", MAX_FILE_BYTES))
        catalog, problems = load(copy, label, notes=notes, all_forms=all_forms)
    return catalog, [p for p in problems if p.file == f"{label}/{lang}.yaml"]


def _plural_problems(doc: Document, lang: str, catalog: Catalog, all_forms: bool) -> list[Problem]:
    """Each counted string has every plural category of `lang` (CLDR's) and no other, and a string with a count
    placeholder is a counted one: "1 turns" cannot be said."""
    problems: list[Problem] = []
    strings = catalog.strings[lang]
    bases: dict[str, list[str]] = {}
    for key in strings:
        parts = plurals.split(key)
        if parts is not None and (catalog.is_counted(parts[0]) or parts[1] != plurals.OTHER or
                                  plurals.form(parts[0], "one") in strings):
            bases.setdefault(parts[0], []).append(parts[1])
    for base, found in bases.items():
        line, column = doc.where(("strings", plurals.form(base, found[0])))
        if all_forms:
            problems += _categories(doc, lang, base, found)
        shapes = {c: placeholders(strings[plurals.form(base, c)]) for c in found}
        if len({frozenset(p or ()) for p in shapes.values()}) > 1:
            problems.append(Problem(doc.file, line, column, f"the plural forms of {base!r} must use the same placeholders",
                                    "text.plural_forms", (("name", base),)))
    for key, text_ in strings.items():
        parts = plurals.split(key)
        if parts is not None and parts[0] in bases:
            continue
        counts = plurals.counted(placeholders(text_) or set())
        if counts:
            line, column = doc.where(("strings", key))
            problems.append(Problem(doc.file, line, column, f"{key!r} holds the count {{{counts[0]}}} but has no "
                                    "plural forms: write it as "
                                    f"{', '.join(repr(plurals.form(key, c)) for c in plurals.categories(lang))}",
                                    "text.plural_forms", (("name", key),)))
    return problems


def _categories(doc: Document, lang: str, base: str, found: list[str]) -> list[Problem]:
    """The forms of counted `base` against `lang`'s CLDR categories: each one it lacks, each one too many."""
    problems: list[Problem] = []
    wanted = plurals.categories(lang)
    lacking = [c for c in wanted if c not in found]
    if lacking:
        line, column = doc.where(("strings", plurals.form(base, found[0])))
        problems.append(Problem(doc.file, line, column, f"{base!r} counts something but has no "
                                f"{', '.join(repr(plurals.form(base, c)) for c in lacking)}: {lang} needs the "
                                f"plural forms {', '.join(wanted)} (CLDR)", "text.plural_forms", (("name", base),)))
    for extra in (c for c in found if c not in wanted):
        line, column = doc.where(("strings", plurals.form(base, extra)))
        problems.append(Problem(doc.file, line, column, f"{plurals.form(base, extra)!r}: {lang} has no plural "
                                f"category {extra!r}; its forms are {', '.join(wanted)} (CLDR)", "text.plural_forms",
                                (("name", base),)))
    return problems


def _parse(doc: Document, lang: str) -> tuple[dict[str, str], dict[str, str]]:
    if doc.problems:
        return {}, {}
    data = doc.data
    if not checks.mapping(doc, (), data, ["language", "strings"], ["translated_from"]):
        return {}, {}
    if data["language"] != lang:
        doc.problem(("language",), f"this file says language {data['language']!r} but is named {lang}.yaml",
                    "text.language", said=str(data["language"]), named=lang)
    strings: dict[str, str] = {}
    raw = data["strings"]
    if checks.of_type(doc, ("strings",), raw, dict):
        for key, text in raw.items():
            if not isinstance(key, str):
                doc.key_problem(("strings", key), f"a string key must be text, not {key!r}", "text.not_text",
                                name=str(key))
            elif not isinstance(text, str):
                doc.problem(("strings", key), f"{key!r} must be text, not {text!r} (quote it if it looks like a number)",
                            "text.not_text", name=key)
            elif placeholders(text) is None:
                doc.problem(("strings", key), f"{key!r} has a malformed placeholder; write names in braces, like {{card}}",
                            "text.malformed_placeholder", name=key)
            else:
                strings[key] = text
    stamps: dict[str, str] = {}
    raw_stamps = data.get("translated_from", {})
    if checks.of_type(doc, ("translated_from",), raw_stamps, dict):
        for key, value in raw_stamps.items():
            if isinstance(key, str) and isinstance(value, str):
                stamps[key] = value
            else:
                doc.problem(("translated_from", key), "fingerprints are text keys with text values", "data.mismatch")
    return strings, stamps
