"""The names of the people at a shared table, made fit to be called out, one way for every door:
the set-up dialog and a save being opened.

The curtain says "Pass to Ada": a name must show something, fit on the table, and differ from
every other name at the table whatever its case, and look different too ("Ada" in Latin letters
and "Аda" with a Cyrillic A are refused together: cardsets/confusables.py). Cleaning changes
only what nobody can see or tell apart (the Unicode form, invisible characters, runs of spaces);
anything else wrong is refused with the seat it is at, never guessed at.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from cardsets.confusables import clash, look_alike, same
from rules.kernel import RulesError

MAX_LENGTH = 40  # characters after cleaning: room on a seat's label and in one line of the prompt
RAW_LIMIT = 10 * MAX_LENGTH  # longer than this as written is refused unread: no cleaning brings it down to 40

# Letters to Unicode that take no ink: the fillers used to make a name look blank.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Unassigned code points reserved to be ignored (future format characters, tags).
_IGNORABLE = ((0x2060, 0x206F), (0xFFF0, 0xFFF8), (0xE0000, 0xE0FFF))
# What a name needs at least one of: a letter, a number, a mark of punctuation or a symbol.
_VISIBLE = frozenset("LNPS")


class BadName(RulesError):
    """A name that cannot be used: `code` is a text key (names.*), `params` say where and why."""


def _ignorable(ch: str) -> bool:
    cat = unicodedata.category(ch)
    if cat in ("Cc", "Cf", "Co"):  # controls, format (U+200B, U+200D, U+FEFF, bidi overrides), private use
        return True
    point = ord(ch)
    return cat == "Cn" and any(low <= point <= high for low, high in _IGNORABLE)


def clean(name: str, seat: int = 1) -> str:
    """`name` as it will be shown; BadName if nothing usable is left, it is too long, or not text.
    `seat` (counted from 1) is only for the message."""
    if len(name) > RAW_LIMIT:
        raise BadName("names.too_long", seat=seat, max=MAX_LENGTH)
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in name):  # half of a pair: not text (a hand-made file)
        raise BadName("names.not_text", seat=seat)
    kept = []
    for ch in unicodedata.normalize("NFC", name):
        if ch.isspace() or ch in _BLANKS or unicodedata.category(ch) in ("Zs", "Zl", "Zp"):
            kept.append(" ")
        elif not _ignorable(ch):
            kept.append(ch)
    cleaned = " ".join("".join(kept).split())
    if not any(unicodedata.category(ch)[0] in _VISIBLE for ch in cleaned):
        raise BadName("names.invisible", seat=seat)  # empty, or marks on nothing
    if len(cleaned) > MAX_LENGTH:
        raise BadName("names.too_long", seat=seat, max=MAX_LENGTH)
    return cleaned


def check(names: Sequence[str], seats: Sequence[int] | None = None) -> list[str]:
    """Every name cleaned; BadName for the first that cannot be used, or the first that repeats another or looks
    like it. `seats[i]` is the seat number the message gives for `names[i]` (default: i + 1)."""
    numbers = list(seats) if seats is not None else list(range(1, len(names) + 1))
    cleaned = [clean(name, seat) for name, seat in zip(names, numbers)]
    for later in range(len(cleaned)):
        for earlier in range(later):
            name, other = cleaned[later], cleaned[earlier]
            if same(name, other):
                raise BadName("names.duplicate", name=name, first=numbers[earlier], seat=numbers[later])
            if look_alike(name, other):
                raise BadName("names.lookalike", name=name, other=other, first=numbers[earlier], seat=numbers[later])
    return cleaned


def from_save(names: Sequence[str]) -> list[str]:
    """The names of a save, cleaned like typed ones. A name that repeats or looks like another (a file written
    before names had to differ, or made by hand) is told apart by its seat, "Ada (2)", rather than lose the game:
    the seat number is what the players can check, and the result is the same every time the file is opened."""
    cleaned = [clean(name, seat) for seat, name in enumerate(names, 1)]
    out: list[str] = []
    for seat, name in enumerate(cleaned, 1):
        if any(clash(name, done) for done in out):
            number = seat
            while any(clash(f"{name} ({number})", other) for other in (*cleaned, *out)):
                number += len(cleaned)
            name = f"{name} ({number})"
        out.append(name)
    return out
