"""Bacchanalia game options (BAC-3.1, BAC-4.1, BAC-2.3): checked, with defaults filled in."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.kernel import BadOption, check_players

PLAYERS_MIN, PLAYERS_MAX, PLAYERS_DEFAULT = 3, 6, 4
LENGTHS = ("until_all_finales", "time_limit", "parcae_limit")  # BAC-4.1
MINUTES_MIN, MINUTES_MAX = 1, 24 * 60  # BAC-4.1: a duration for the table's clock, at most a day
PARCAE_LIMIT_MAX = 50  # BAC-4.1: far more Parcae draws than a night's game sees
# BAC-2.3: the assumed deck has at most 9 cards of a kind (62 in all); more than twice that is
# generous for trying other decks, and keeps the deck small.
UMBRA_COUNT_MAX = 20
OPTION_NAMES = ("players", "setup_starter", "first_player", "length", "parcae_limit", "minutes", "umbra_composition")


def parse_options(raw: Mapping[str, Any], default_composition: Mapping[str, int]) -> dict[str, Any]:
    """Validated options; raises BadOption naming the bad one.

    `umbra_composition` maps Umbra card ids without their 'umbra_' prefix (vinum, vinum_symbol,
    parcae...) to counts; cards left out keep the card set's count, and the Parcae stays one.
    `minutes` is only for the table's clock: the engine keeps no time (BAC-4.3).
    """
    unknown = sorted(set(raw) - set(OPTION_NAMES))
    if unknown:
        raise BadOption("option.unknown", name=unknown[0])
    players = check_players(raw, PLAYERS_MIN, PLAYERS_MAX, PLAYERS_DEFAULT)
    seats = {}
    for name in ("setup_starter", "first_player"):
        value = raw.get(name, 0)
        if not _whole(value) or not 0 <= value < players:
            raise BadOption("option.seat_range", name=name, value=value, high=players - 1)
        seats[name] = value
    length = raw.get("length", "until_all_finales")
    if length not in LENGTHS:
        raise BadOption("option.length", value=length)
    limit = raw.get("parcae_limit")
    if (length == "parcae_limit") != (limit is not None) or limit is not None and not _within(limit, 1, PARCAE_LIMIT_MAX):
        raise BadOption("option.parcae_limit", value=limit, high=PARCAE_LIMIT_MAX)
    minutes = raw.get("minutes")
    if minutes is not None and (length != "time_limit" or not _within(minutes, MINUTES_MIN, MINUTES_MAX)):
        raise BadOption("option.minutes", value=minutes, low=MINUTES_MIN, high=MINUTES_MAX)
    composition = dict(default_composition)
    given = raw.get("umbra_composition", {})
    if not isinstance(given, dict):
        raise BadOption("option.composition", value=given)
    for card, count in given.items():
        if card not in composition:
            raise BadOption("option.composition_card", card=card)
        if not _within(count, 0, UMBRA_COUNT_MAX):
            raise BadOption("option.composition_count", card=f"umbra_{card}", value=count, high=UMBRA_COUNT_MAX)
        if card == "parcae" and count != 1:
            raise BadOption("option.parcae_fixed", value=count)
        composition[card] = count
    return {"players": players, **seats, "length": length, "parcae_limit": limit, "minutes": minutes,
            "umbra_composition": composition}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
