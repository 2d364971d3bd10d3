"""A pseudo-language that shows, before any translation exists, where text will not fit.

Every English string becomes about 40 % longer, its letters wear accents, and it is wrapped
in brackets, so that a cut end shows and an untranslated (still plain) string stands out.
``{placeholders}`` are kept exactly as they are, or the strings could not be filled in.

>>> pseudo("Deck: {count}")
'[Ðééçķ: {count}]'
"""
from __future__ import annotations

import re
from functools import lru_cache

from cardsets.text import Catalog, REFERENCE

CODE = "qps"  # the private-use code Windows and Qt tools use for a pseudo-locale
NAME = "Pseudo"
GROWTH = 0.4
_PLACEHOLDER = re.compile(r"(\{[A-Za-z_][A-Za-z0-9_]*\})")
_ACCENTED = str.maketrans("AaCcDdEeGgIiKkLlNnOoRrSsTtUuYyZz",
                          "ÅåÇçÐðÉéĜĝÎîĶķĻļÑñÖöŘřŠšŢţÛûÝýŽž")
_DOUBLED = set("aeiouAEIOU")


@lru_cache(maxsize=8192)
def pseudo(text: str) -> str:
    """``text`` lengthened by about 40 % with accented letters, its placeholders untouched."""
    if not text:
        return text
    parts = _PLACEHOLDER.split(text)
    plain = sum(len(p) for i, p in enumerate(parts) if i % 2 == 0)
    out = []
    for i, part in enumerate(parts):
        if i % 2:
            out.append(part)
        else:
            # Doubled vowels stretch words from inside, as German or Dutch compounds do.
            out.append("".join(ch + ch if ch in _DOUBLED else ch for ch in part).translate(_ACCENTED))
    body = "".join(out)
    grown = sum(len(p) for i, p in enumerate(out) if i % 2 == 0)
    short = round(plain * (1 + GROWTH)) - grown - 2  # the brackets count too
    pad = " " + "~" * (short - 1) if short > 1 else ""
    return f"[{body}{pad}]"


def with_pseudo(catalog: Catalog) -> Catalog:
    """A copy of ``catalog`` that also speaks the pseudo-language, made from its English."""
    if CODE in catalog.strings:
        return catalog
    strings = dict(catalog.strings)
    strings[CODE] = {key: pseudo(value) for key, value in catalog.strings.get(REFERENCE, {}).items()}
    return Catalog(strings, catalog.stamps)
