"""A joiner's name, as the others will read it: plain text, bounded, with something visible in it, and unlike the
other seats' names.

The desktop's set-up dialog has its own, fuller check (desktop/frame/names.py); a host has no Qt and may run on a
server, so this is the part of it a joiner's name needs: the shared control-character check of the text files
(cardsets/text.py), no markup, a bounded length, and no name that the others would take for another seat's (the
same whatever its case, or one that looks the same: cardsets/confusables.py), for the chat, the seat list and "Waiting
for Bruno" name a seat by it.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Final

from cardsets.confusables import clash
from cardsets.text import control_character
from network.protocol import BadMessage

MAX_NAME: Final = 40  # as on the desktop: room on a seat's label
MARKUP: Final = frozenset("<>&")  # shown as plain text anyway; refused so no screen is ever asked to guess


def clean(raw: str) -> str:
    """`raw` in Unicode's composed form, its runs of spaces made one; BadMessage for a name that holds a control
    or format character (net.name_control), looks like markup (net.name_markup), shows nothing (net.name_blank)
    or is too long (net.name_too_long)."""
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if control_character(raw) or any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in name):
        raise BadMessage("net.name_control")
    if any(ch in MARKUP for ch in name):
        raise BadMessage("net.name_markup")
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in name):
        raise BadMessage("net.name_blank")
    if len(name) > MAX_NAME:
        raise BadMessage("net.name_too_long", max=MAX_NAME)
    return name


def unlike(name: str, others: Iterable[str]) -> None:
    """BadMessage (net.name_taken) if `name` is one of `others` (the names the other seats go by), whatever its case,
    or reads like one ("Bruno" and "Вruno" with a Cyrillic B): a joiner could then speak in the chat as another
    seat."""
    if any(clash(name, other) for other in others if other):
        raise BadMessage("net.name_taken")
