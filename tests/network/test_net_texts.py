"""Every refusal and farewell the network layer sends is a text key with words in every language of the app:
a joiner reads why, in their language, never a key."""
from __future__ import annotations

import re
from pathlib import Path

import cardsets

NETWORK = Path(__file__).resolve().parents[2] / "network"


def test_every_net_key_of_the_network_layer_has_words_in_every_language() -> None:
    said = {key for path in NETWORK.glob("*.py") for key in re.findall(r'"(net\.[a-z_]+)"', path.read_text())}
    assert len(said) > 30
    texts = cardsets.load_ui_texts()
    for lang in ("en", "it", "es", "nl"):
        missing = sorted(key for key in said if key not in texts.strings.get(lang, {}))
        assert not missing, f"{lang}: {missing}"
