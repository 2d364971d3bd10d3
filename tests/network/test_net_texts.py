"""Every refusal and farewell the network layer sends is a text key with words in every language of the app:
a joiner reads why, in their language, never a key."""
from __future__ import annotations

import errno
import os
import re
from pathlib import Path

import pytest

import cardsets
from network.command import in_english
from rules import saves

NETWORK = Path(__file__).resolve().parents[2] / "network"


def test_every_net_key_of_the_network_layer_has_words_in_every_language() -> None:
    said = {key for path in NETWORK.glob("*.py") for key in re.findall(r'"(net\.[a-z_]+)"', path.read_text())}
    assert len(said) > 30
    texts = cardsets.load_ui_texts()
    for lang in ("en", "it", "es", "nl"):
        missing = sorted(key for key in said if key not in texts.strings.get(lang, {}))
        assert not missing, f"{lang}: {missing}"


def test_a_host_command_refusing_a_damaged_save_says_why_in_english_words_not_keys(tmp_path: Path) -> None:
    """`convivium host --resume` on a damaged save exits with the reason in English (a server's log), its detail
    filled from the key the save gives (json.syntax with its line and column), a file that cannot be read by the
    system's own words."""
    with pytest.raises(saves.SaveError) as broken:
        saves.loads('{"format": "convivium-save",\n oops}')
    said = in_english(None, broken.value)
    texts = cardsets.load_ui_texts()
    assert said == texts.text("en", "save.not_json", reason=texts.text("en", "json.syntax", line=2, column=2))
    assert "json." not in said and "{" not in said
    with pytest.raises(saves.SaveError) as unreadable:
        saves.load(tmp_path / "no such folder" / "game.convivium.json")
    assert in_english(None, unreadable.value) == texts.text("en", "save.unreadable", reason=os.strerror(errno.ENOENT))
