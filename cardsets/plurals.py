"""Plural forms, as CLDR defines them for each language (through Babel).

A string that counts something is written once per plural category of its language, under the keys
``<key>.<category>``: English and Dutch have ``one`` and ``other``; Italian and Spanish have ``one``, ``many``
(a round million and more: "1.000.000 di carte", "1.000.000 de cartas") and ``other``. The category of a
count is CLDR's, never ours: ``Locale(lang).plural_form(n)``. A string with a count placeholder
(``COUNT_PLACEHOLDERS``) has its plural forms in every language; ``convivium check`` says so when one does not.

Babel is imported on the first count and each language's rule is made once; the category of each count below
``SMALL`` is kept in the loaders' cache (`cardsets.cache`) for the Babel installed, so a start that counts only a
few cards does not import Babel at all.
"""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.plural import PluralRule

# CLDR's categories in CLDR's order, which is also the order of gettext's msgstr[n] in Babel's headers.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")
OTHER = "other"
# The placeholders that hold a number the words around them agree with. ``{n}`` (a block's strength, a move's
# rank), ``{cards}`` and ``{ids}`` (often a list of names) are not among them: a string that counts with one of
# those is a plural because it has forms, and the check cannot tell it from a label.
COUNT_PLACEHOLDERS = ("count", "plays", "steps", "turns")
# Numbers tried in turn for an example of each category (CLDR's "many" of it/es starts at a million); 0 comes
# after the others, as "other, e.g. 2" reads more plainly than "e.g. 0".
_EXAMPLES: tuple[int, ...] = (*range(1, 200), 0, 1000, 10_000, 100_000, 1_000_000, 2_000_000, 10_000_000)
SMALL = 200  # counts below this are answered from a table kept in the cache (`category`); larger ones by Babel


@cache
def _rule(lang: str) -> PluralRule:
    import babel  # here: only for a count, or a language, that the kept table (_small_counts) has not answered
    from babel import Locale, UnknownLocaleError
    from babel.plural import PluralRule, RuleError

    from cardsets import cache as kept

    # CLDR's rule as this Babel gives it, kept beside the card sets' texts: reading Babel's locale data for it
    # was a tenth of start-up (issue #42).
    rules = kept.plural_rules(lang, babel.__version__, CATEGORIES)
    if rules is not None:
        try:
            return PluralRule(rules)
        except RuleError:
            pass  # a damaged entry: asked of Babel again
    rule = _own_rule(lang)
    if rule is None:
        try:
            rule = Locale.parse(lang).plural_form
        except (UnknownLocaleError, ValueError):
            rule = PluralRule({"one": "i = 1 and v = 0"})  # a pseudo-locale counts as English does
    kept.keep_plural_rules(lang, babel.__version__, rule.rules)
    return rule


def _own_rule(lang: str) -> PluralRule | None:
    """The plural rule `lang`'s own CLDR file names (each of ours does), read without the root locale and
    Babel's global data that a whole Locale merges in: half the time and the memory a first start spent on its
    first count (issue #42). None if that file names none, or this Babel cannot say."""
    from babel import localedata
    from babel.plural import PluralRule

    clear = getattr(localedata, "clear_caches", None)
    if clear is None or not localedata.exists(lang):
        return None
    try:
        found = localedata.load(lang, merge_inherited=False).get("plural_form")
    except (OSError, ValueError):
        return None
    finally:
        clear()  # Babel kept that data under the language's name: never to be taken for the whole locale
    return found if isinstance(found, PluralRule) else None


@cache
def categories(lang: str) -> tuple[str, ...]:
    """The plural categories of `lang`, in CLDR order, ``other`` always last."""
    tags = _rule(lang).tags
    return tuple(c for c in CATEGORIES if c in tags or c == OTHER)


def category(lang: str, count: int) -> str:
    """The category `count` falls in for `lang`: the form of a counted string to show."""
    small = _small_counts(lang)
    if 0 <= count < len(small):
        return small[count]
    return str(_rule(lang)(count))


@cache
def _small_counts(lang: str) -> tuple[str, ...]:
    """The category of each count below SMALL, as CLDR's rule gives it, kept beside the rule: a start that counts
    its cards and its travellers does not import Babel (issue #42)."""
    from cardsets import cache as kept

    stamp = _babel_stamp()
    found = kept.plural_counts(lang, stamp, CATEGORIES)
    if found is not None and len(found) == SMALL:
        return found
    rule = _rule(lang)
    found = tuple(str(rule(n)) for n in range(SMALL))
    kept.keep_plural_counts(lang, stamp, found)
    return found


def _babel_stamp() -> str:
    """Which Babel answers, without importing it: its package's first file, where its version is written."""
    import importlib.util

    from cardsets import files

    spec = importlib.util.find_spec("babel")
    try:
        return files.read_text(Path(spec.origin), 100_000) if spec is not None and spec.origin else ""
    except (OSError, ValueError):
        return ""  # kept under no Babel at all: asked of Babel, which says what is wrong


@cache
def example(lang: str, category_: str) -> int:
    """A small whole number of `category_` in `lang` (for a translator: "many, e.g. 1000000")."""
    return next(n for n in _EXAMPLES if category(lang, n) == category_)


def split(key: str) -> tuple[str, str] | None:
    """``("hint.held", "one")`` for ``"hint.held.one"``; None if the key does not end in a category."""
    base, dot, last = key.rpartition(".")
    return (base, last) if dot and base and last in CATEGORIES else None


def form(base: str, category_: str) -> str:
    """The key of `base`'s form for `category_`."""
    return f"{base}.{category_}"


def counted(placeholders: set[str]) -> list[str]:
    """The count placeholders among `placeholders`."""
    return [name for name in COUNT_PLACEHOLDERS if name in placeholders]


@cache
def gettext_order(lang: str) -> tuple[str, ...]:
    """The CLDR category of each msgstr[n] of `lang`'s gettext header, index n at place n.

    A PO file's ``Plural-Forms`` (from Babel's table, what gettext tools expect) picks msgstr[n] by a C
    expression; our strings are keyed by CLDR category. The two are matched here by evaluating the header's
    expression on an example number of each category, so no language relies on the two lists happening to be
    in the same order. Raises ValueError if they do not match one to one."""
    import gettext

    from babel.messages.plurals import get_plural

    header = get_plural(lang)
    pick = gettext.c2py(header.plural_expr)
    order: list[str | None] = [None] * header.num_plurals
    for each in categories(lang):
        index = pick(example(lang, each))
        if not 0 <= index < len(order) or order[index] is not None:
            raise ValueError(f"{lang}: gettext's plural forms do not match CLDR's categories {categories(lang)}")
        order[index] = each
    if None in order:
        raise ValueError(f"{lang}: gettext has a plural form CLDR does not ({header.plural_forms})")
    return tuple(str(c) for c in order)


def gettext_header(lang: str) -> str:
    """The ``Plural-Forms`` value of a PO file in `lang`."""
    from babel.messages.plurals import get_plural

    return str(get_plural(lang).plural_forms)


def english_count(count: int, noun: str) -> str:
    """A count for the command line, whose messages are English only: "1 string", "2 strings"."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
