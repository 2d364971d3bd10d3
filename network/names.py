"""A joiner's name, as the others will read it: plain text, bounded, with something visible in it.

The desktop's set-up dialog has its own, fuller check (desktop/frame/names.py, which also refuses names that
look alike); a host has no Qt and may run on a server, so this is the part of it a joiner's name needs: the
shared control-character check of the text files (cardsets/text.py), no markup, a bounded length.
"""
from __future__ import annotations

import unicodedata
from typing import Final

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
