"""The guided first game of Bacchus' Banquet says in words what its rings cannot show. The three cards to lay out
lie side by side under the three places side by side, so their rings merge into two bands and pair nothing: the
step that lays them out (BB-5.3) names each card with its place, in every language."""
from __future__ import annotations

import pytest

import cardsets
from cardsets import text, tutorial

SLOTS = {"discard": "slot.discard", "keep": "slot.keep", "gift": "slot.gift"}


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_arrange_steps_name_each_card_with_its_place(lang: str) -> None:
    script, problems = tutorial.load("banquet", cardsets.ROOT)
    assert script is not None and problems == []
    words, _ = tutorial.load_texts("banquet", cardsets.ROOT)
    cards, _ = text.load(cardsets.ROOT / "banquet" / "text", "banquet/text")
    steps = [step for step in script.steps if step.move.get("type") == "Arrange" and step.text == "bb.arrange"]
    assert steps
    for step in steps:
        said = words.text(lang, step.text)
        for slot, key in SLOTS.items():
            card = tutorial.base_card(step.move[slot])
            name, place = cards.text(lang, f"{card}.name"), cards.text(lang, key)
            assert name in said and place in said and said.index(name) < said.index(place), (slot, said)
