"""Every reason code, option code, event and prompt the Bacchanalia engine uses has its text (BAC-1.9)."""
from __future__ import annotations

import re
from pathlib import Path

import cardsets
from bacchanalia_helpers import ENG, required
from rules.bacchanalia import engine as engine_module
from rules.bacchanalia.honour import ROWS, prompt_key

SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in Path(engine_module.__file__).parent.glob("*.py"))
CATALOG = cardsets.load_texts("bacchanalia")


def english(key: str) -> bool:
    return key in CATALOG.strings["en"] or f"{key}.other" in CATALOG.strings["en"]  # a counted string


def test_every_code_in_the_source_has_a_text() -> None:
    codes = set(re.findall(r'"((?:illegal|option)\.[a-z_0-9]+)"', SOURCE))
    assert len(codes) > 40
    assert sorted(c for c in codes if not english(c)) == []


def test_every_event_in_the_source_has_a_text() -> None:
    kinds = set(re.findall(r'Event\("([a-z_]+)"', SOURCE)) | {"minerva_left", "deus_to_centre"}
    assert len(kinds) > 30
    assert sorted(k for k in kinds if not english(f"event.{k}")) == []


def test_every_prompt_has_a_text() -> None:
    keys = set(engine_module.PROMPT_OF.values())
    keys |= {prompt_key(row, w) for row in ROWS.values() for w in (False, True)}
    assert sorted(k for k in keys if not english(k)) == []


def test_the_events_of_real_games_have_texts() -> None:
    """Events met in play, with their parameters: every placeholder of the text is filled."""
    seen: dict[str, set[str]] = {}
    for seed in range(6):
        s = ENG.new_state({"players": 3 + seed % 4, "length": "parcae_limit", "parcae_limit": 1}, seed)
        while not ENG.is_over(s):
            for event in ENG.apply(s, required(s)[0]):
                seen.setdefault(event.kind, set()).update(event.params)
    assert {"turn_started", "umbra_drawn", "dominant", "player_out", "game_over"} <= set(seen)
    for kind, params in seen.items():
        key = f"event.{kind}" if f"event.{kind}" in CATALOG.strings["en"] else f"event.{kind}.other"
        text = CATALOG.text("en", key)
        assert text != f"event.{kind}"
        assert set(re.findall(r"\{([a-z_]+)\}", text)) <= params | {"count"}, kind
