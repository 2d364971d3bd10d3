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
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardsets import fields as checks
from cardsets import files
from cardsets.yamlfile import MAX_FILE_BYTES, Document, Problem, read

LANGUAGES = ("it", "es", "en", "nl")
LANGUAGE_NAMES = {"it": "Italiano", "es": "Español", "en": "English", "nl": "Nederlands"}
REFERENCE = "en"
FALLBACK = ("en", "it")
_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


NOTE_SUFFIX = ".note"
# A string that counts something comes in two forms, ``<key>.one`` and ``<key>.other``: one vs other is
# the whole of plural grammar in it, es, en and nl. The table picks the form by the count it fills in.
PLURAL_ONE, PLURAL_OTHER = ".one", ".other"


def note_key(card_id: str) -> str:
    """The string key of a card's note on its data."""
    return card_id + NOTE_SUFFIX


def fingerprint(text: str) -> str:
    """A short, stable digest of an English string, used to notice stale translations."""
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]


def placeholders(text: str) -> set[str] | None:
    """The {names} a string uses, or None if its braces are malformed or not plain names."""
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
    return names


# Bidirectional embeddings, overrides and isolates: invisible, they reorder the text around them, so a card
# could read backwards or a name could hide what follows it (Unicode's "Trojan Source" characters).
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def control_character(text_: str) -> str:
    """The first control character in a string, as ``U+0001``, or "" if it has none. A string is
    text and line breaks (a tab too): any other control character (NUL, ESC…) draws as nothing or as
    a box and is written to the file as a 4-to-10-byte escape, and a bidirectional override turns the
    text around it."""
    for char in text_:
        if (char not in "\n\t" and unicodedata.category(char) == "Cc") or char in BIDI_CONTROLS:
            return f"U+{ord(char):04X}"
    return ""


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
                return _fill(found, params)
        return key

    def has(self, key: str) -> bool:
        """Whether any language has a string for `key`."""
        return any(key in table for table in self.strings.values())

    def missing(self, lang: str) -> list[str]:
        """The keys the English has and `lang` lacks."""
        own = self.strings.get(lang, {})
        return sorted(k for k in self.strings.get(REFERENCE, {}) if k not in own)

    def stale(self, lang: str) -> list[str]:
        """The keys whose `lang` string was made from English that has since changed or gone."""
        return sorted(key for key in self.strings.get(lang, {}) if self.is_stale(lang, key))

    def is_stale(self, lang: str, key: str) -> bool:
        """Whether `lang`'s string for `key` was made from English that has since changed or gone."""
        if lang == REFERENCE or key not in self.strings.get(lang, {}):
            return False
        english = self.strings.get(REFERENCE, {}).get(key)
        stamp = self.stamps.get(lang, {}).get(key)
        return english is None or (stamp is not None and stamp != fingerprint(english))


def _fill(text: str, params: Mapping[str, object]) -> str:
    # Only plain {name} substitution: a translator's string never reaches str.format,
    # so a stray "{0.__class__}" stays text instead of poking at objects.
    return _PLACEHOLDER.sub(lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text)


def load(folder: Path, label: str, required: Iterable[str] = (),
         notes: Mapping[str, str] | None = None) -> tuple[Catalog, list[Problem]]:
    """Load ``folder/<lang>.yaml`` for every language; ``label`` prefixes file names in problems.

    ``notes`` maps card ids to their English notes from cards.yaml (see the module's docstring).
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
                                    f"{key!r} is the note in cards.yaml; write it there, not here"))
        reference[key] = note
    if not ref_doc.problems:
        for key in required:
            if key not in reference:
                line, column = ref_doc.where(("strings",))
                problems.append(Problem(ref_doc.file, line, column, f"missing string {key!r} (English is the reference and must have every key)"))
    for lang, doc in docs.items():
        if lang == REFERENCE:
            continue
        for key, text in catalog.strings[lang].items():
            if key not in reference:
                continue
            want, got = placeholders(reference[key]), placeholders(text)
            if want is not None and got is not None and want != got:
                line, column = doc.where(("strings", key))
                problems.append(Problem(doc.file, line, column,
                                        f"{key!r} uses placeholders {sorted(got)} but English uses {sorted(want)}"))
    for lang, doc in docs.items():
        problems += _plural_problems(doc, catalog.strings[lang])
        for key, text_ in catalog.strings[lang].items():
            bad = control_character(text_)
            if bad:
                line, column = doc.where(("strings", key))
                problems.append(Problem(doc.file, line, column, f"{key!r} holds the control character {bad}"))
    return catalog, problems


def load_with(folder: Path, label: str, lang: str, data: bytes,
              notes: Mapping[str, str] | None = None) -> tuple[Catalog, list[Problem]]:
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
        catalog, problems = load(copy, label, notes=notes)
    return catalog, [p for p in problems if p.file == f"{label}/{lang}.yaml"]


def _plural_problems(doc: Document, strings: dict[str, str]) -> list[Problem]:
    """A ``.one`` form needs its ``.other`` sibling, with the same placeholders, in the same language."""
    problems: list[Problem] = []
    for key, text in strings.items():
        if not key.endswith(PLURAL_ONE):
            continue
        other_key = key[: -len(PLURAL_ONE)] + PLURAL_OTHER
        line, column = doc.where(("strings", key))
        other = strings.get(other_key)
        if other is None:
            problems.append(Problem(doc.file, line, column, f"{key!r} is a plural form without its {other_key!r}"))
        elif placeholders(text) != placeholders(other):
            problems.append(Problem(doc.file, line, column,
                                    f"{key!r} and {other_key!r} must use the same placeholders"))
    return problems


def _parse(doc: Document, lang: str) -> tuple[dict[str, str], dict[str, str]]:
    if doc.problems:
        return {}, {}
    data = doc.data
    if not checks.mapping(doc, (), data, ["language", "strings"], ["translated_from"]):
        return {}, {}
    if data["language"] != lang:
        doc.problem(("language",), f"this file says language {data['language']!r} but is named {lang}.yaml")
    strings: dict[str, str] = {}
    raw = data["strings"]
    if checks.of_type(doc, ("strings",), raw, dict):
        for key, text in raw.items():
            if not isinstance(key, str):
                doc.key_problem(("strings", key), f"a string key must be text, not {key!r}")
            elif not isinstance(text, str):
                doc.problem(("strings", key), f"{key!r} must be text, not {text!r} (quote it if it looks like a number)")
            elif placeholders(text) is None:
                doc.problem(("strings", key), f"{key!r} has a malformed placeholder; write names in braces, like {{card}}")
            else:
                strings[key] = text
    stamps: dict[str, str] = {}
    raw_stamps = data.get("translated_from", {})
    if checks.of_type(doc, ("translated_from",), raw_stamps, dict):
        for key, value in raw_stamps.items():
            if isinstance(key, str) and isinstance(value, str):
                stamps[key] = value
            else:
                doc.problem(("translated_from", key), "fingerprints are text keys with text values")
    return strings, stamps
