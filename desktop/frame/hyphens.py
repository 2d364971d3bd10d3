"""Where a word too wide for its card may break: between syllables, as evenly as the card allows
("Bloemen-meisje", "Manhattan-project"; issue #36).

The names to break are few and short, in four languages that split syllables alike for our needs:
a consonant between vowels starts the next syllable, and of a run of consonants the next syllable
takes the last one, or the last two or three when they may begin a syllable ("pr", "kn", "sch").
Vowels in a row stay together ("Bloe", "aa", "ie"), and so do the letters of "qu" and Dutch "ij".
"""
from __future__ import annotations

import unicodedata
from collections.abc import Callable
from itertools import combinations

SOFT_HYPHEN = "\u00ad"
VOWELS = frozenset("aeiouy")
# Consonants that may begin a syllable together, in en, it, es and nl.
# An "s" before another consonant ends the syllable before it ("Dis-tor-sión", "mas-ter"), as in three of
# the four languages; Dutch "sch" stays whole.
ONSETS = frozenset({
    "bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gn", "gr", "kl", "kn", "kr", "ph", "pl", "pr", "qu",
    "sh", "th", "tr", "vl", "vr", "wr", "zw", "sch", "thr",
})
EDGE = 2  # letters kept at least on either side of a break


def _plain(letter: str) -> str:
    """The letter without its accent, in lower case ("é" -> "e")."""
    return unicodedata.normalize("NFD", letter)[0].lower()


def _vowels(word: str) -> list[bool]:
    plain = [_plain(letter) for letter in word]
    marks = []
    for i, letter in enumerate(plain):
        before = plain[i - 1] if i else ""
        if letter == "u" and before == "q":
            marks.append(False)  # "qu" begins a syllable as one sound
        elif letter == "j" and before == "i" and marks[-1] and (i + 1 == len(plain) or plain[i + 1] not in VOWELS):
            marks.append(True)  # Dutch "ij" is one vowel (Spanish "hija" keeps its consonant)
        else:
            marks.append(letter in VOWELS)
    return marks


def points(word: str) -> list[int]:
    """The places `word` may break at (a break before word[i]), between its syllables."""
    vowel = _vowels(word)
    plain = "".join(_plain(letter) for letter in word)
    found = []
    i = 0
    while i < len(word):
        if not vowel[i]:
            i += 1
            continue
        end = i
        while end < len(word) and vowel[end]:
            end += 1  # the vowels of one syllable
        start = end
        while end < len(word) and not vowel[end] and word[end].isalpha():
            end += 1  # the consonants up to the next vowel
        if end < len(word) and vowel[end] and end > start:
            run = plain[start:end]
            cut = end - 1
            for size in (3, 2):
                if len(run) >= size and run[-size:] in ONSETS:
                    cut = end - size
                    break
            if EDGE <= cut <= len(word) - EDGE and word[cut - 1].isalpha():
                found.append(cut)
        i = end
    return found


def hyphenated(word: str, width: float, advance: Callable[[str], float]) -> str | None:
    """`word` with soft hyphens where it breaks into the fewest pieces no wider than `width` (a piece before
    a break with its hyphen); of those, the pieces most even in letters, and then the later breaks (a Dutch
    compound's parts are often the two halves: "Manhattan-project", "Flamingo-tongen"). None if no break
    makes it fit."""
    places = points(word)
    for breaks in range(1, len(places) + 1):
        best: tuple[int, int, tuple[int, ...]] | None = None
        for chosen in combinations(places, breaks):
            bounds = (0, *chosen, len(word))
            pieces = [word[a:b] + ("-" if b < len(word) else "") for a, b in zip(bounds, bounds[1:])]
            if max(advance(piece) for piece in pieces) > width:
                continue
            score = (max(b - a for a, b in zip(bounds, bounds[1:])), -sum(chosen), chosen)
            if best is None or score < best:
                best = score
        if best is not None:
            bounds = (0, *best[2], len(word))
            return SOFT_HYPHEN.join(word[a:b] for a, b in zip(bounds, bounds[1:]))
    return None
