"""Every reason, option error and event the multiplayer engines produce has English text.

The table shows an illegal move's `code`, a BadOption's `code` and each event as a line of the
log; a key missing from en.yaml would show up as a raw key. Codes are read from the engine's
source (they are all literal); events from random games of both modes.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

from chrononauts_helpers import ARTIFAXX, FULL, choose

import cardsets
from rules.chrononauts import full, timeline

ENGLISH = cardsets.load_texts("chrononauts").strings["en"]
CODE = re.compile(r'(?:IllegalMove|BadOption)\(\s*"([a-z_.]+)"')


def test_every_code_has_english_text() -> None:
    codes = {c for module in (full, timeline) for c in CODE.findall(Path(module.__file__ or "").read_text())}
    assert len(codes) > 20
    assert sorted(c for c in codes if c not in ENGLISH) == []


# Events whose line says which of its cases happened, one text per value of this parameter (the table's
# event_text, desktop/games/chrononauts/full_table.py): the ID or the Mission kept or swapped, the hands' way.
WORDED_BY = {"deal_kept": "kind", "mulligan": "kind", "hands_passed": "direction"}


def test_every_event_has_english_text() -> None:
    seen: set[str] = set()
    for eng in (FULL, ARTIFAXX):
        for seed in range(30):
            state = eng.new_state({"players": 2 + seed % 4, "turn_limit": 30,
                                   "response_mode": ("each", "shared")[seed % 2]}, seed)
            rnd = random.Random(seed)
            while not eng.is_over(state):
                player = rnd.choice(sorted(eng.to_act(state)))
                for event in eng.apply(state, choose(rnd, eng.legal_moves(state, player))):
                    worded = WORDED_BY.get(event.kind)
                    seen.add(event.kind if worded is None else f"{event.kind}_{event.params[worded]}")
    assert {"memo_played", "card_cancelled", "miracle_started", "deck_reshuffled", "game_won"} <= seen
    assert {"deal_kept_id", "mulligan_mission", "hands_passed_clockwise"} <= seen
    assert sorted(k for k in seen if f"full.event.{k}" not in ENGLISH and f"event.{k}" not in ENGLISH
                   and f"event.{k}.other" not in ENGLISH) == []  # a counted event has .one and .other
