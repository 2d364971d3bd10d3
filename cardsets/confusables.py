"""Names that look alike: the confusable skeleton of Unicode's security mechanisms (UTS #39, section 4).

"Ada" in Latin letters and "Аda" with a Cyrillic A are two strings but one name on the screen: neither the set-up
of a shared table (desktop/frame/names.py) nor a host (network/names.py) lets both sit at one table. Two strings
are confusable when their skeletons are equal: each character of the decomposed (NFD) string replaced by
its prototype from Unicode's confusables data, and the result decomposed again.

The data comes with the `confusable-homoglyphs` package (its confusables.json, made from Unicode's
confusables.txt). That file keeps each line `source → prototype` as a link both ways, so the prototype is
not marked; but the data is built so that every group of confusables is a star around one prototype, so
a group can stand for its prototype: a character maps to the group's prototype when that is a sequence
("m" → "rn"), and otherwise to the group's smallest member, the same for all of them.
"""
from __future__ import annotations

import json
import unicodedata
from functools import cache

PACKAGE = "confusable_homoglyphs"
DATA = "confusables.json"
_MARKS = "\u200e\u200f"  # the data wraps right-to-left characters in direction marks, for display


def _plain(text: str) -> str:
    return text.strip(_MARKS)


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character -> what stands for its group."""
    from importlib import resources  # here: names are compared long after start-up (issue #42)

    links: dict[str, list[dict[str, str]]] = json.loads(
        (resources.files(PACKAGE) / DATA).read_text(encoding="utf-8"))
    parent: dict[str, str] = {}

    def root(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]
            node = parent[node]
        return node

    for node, others in links.items():
        for other in others:
            a, b = root(_plain(node)), root(_plain(other["c"]))
            if a != b:
                parent[max(a, b)] = min(a, b)
    groups: dict[str, list[str]] = {}
    for node in list(parent):
        groups.setdefault(root(node), []).append(node)
    mapping: dict[str, str] = {}
    sequences: dict[str, str] = {}
    for members in groups.values():
        found = sorted(m for m in members if len(m) > 1)
        stands_for = found[0] if found else min(members)
        for member in members:
            if len(member) == 1 and member != stands_for:
                (sequences if found else mapping)[member] = stands_for
    # A sequence's own characters stand for their groups too ("rn" and "ｒｎ" read alike).
    mapping.update({ch: "".join(mapping.get(c, c) for c in seq) for ch, seq in sequences.items()})
    return mapping


def skeleton(text: str) -> str:
    """`text`'s skeleton: equal for two strings that a reader can take one for the other."""
    prototypes = _prototypes()
    mapped = "".join(prototypes.get(ch, ch) for ch in unicodedata.normalize("NFD", text))
    return unicodedata.normalize("NFD", mapped)


def confusable(a: str, b: str) -> bool:
    """Whether `a` and `b` have one skeleton: a reader can take one for the other."""
    return skeleton(a) == skeleton(b)


def same(a: str, b: str) -> bool:
    """Would the players take these for the same name? (Ada, ADA and ada are one name.)"""
    return key(a) == key(b)


def key(name: str) -> str:
    """`name` as `same` compares it: its composed form, its case folded."""
    return unicodedata.normalize("NFC", name).casefold()


def look_alike(a: str, b: str) -> bool:
    """Could the players tell these apart on the screen? "Ada" and "Аda" (a Cyrillic A), "Al" and "AI" cannot;
    nor "Аda" and "ADA", capitals aside."""
    return confusable(a, b) or confusable(key(a), key(b))


def clash(a: str, b: str) -> bool:
    """May these two names not sit at one table?"""
    return same(a, b) or look_alike(a, b)
