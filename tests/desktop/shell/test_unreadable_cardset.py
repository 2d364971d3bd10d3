"""A card set the app cannot read makes that game unavailable, never the app (issue #39, finding 1).

An accepted translation import once grew banquet/text/it.yaml past the 2 MB every reader allows: from then
on the app died with an uncaught CardSetError whenever a Banquet table opened, so with a Banquet game in
progress, at every start after "Carry on". Now that game says why and cannot be opened, the others play,
and its game in progress is kept exactly as it was for when the files are mended.
"""
from __future__ import annotations

import shutil
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from table_driver import Dialogs, make_window, play_some

import cardsets
from cardsets.yamlfile import MAX_FILE_BYTES, CardSetError
from desktop.frame import storage
from desktop.shell.games_list import games_in_progress

NAMES = ["Ann", "Bob", "Cleo"]



def break_banquet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Banquet's Italian file past the readers' limit, as the import left it; the app reads that copy."""
    root = tmp_path / "cardsets"
    shutil.copytree(cardsets.ROOT / "banquet", root / "banquet")
    it_yaml = root / "banquet" / "text" / "it.yaml"
    it_yaml.write_bytes(it_yaml.read_bytes() + b"# " + b"x" * MAX_FILE_BYTES + b"\n")
    installed = cardsets.load_texts

    def load_texts(game: str, at: Path = cardsets.ROOT) -> cardsets.Catalog:
        return installed(game, root if game == "banquet" else at)

    monkeypatch.setattr(cardsets, "load_texts", load_texts)


def banquet_in_progress(qtbot: Any, dialogs: Dialogs) -> Path:
    """A Banquet game a few moves in, left by a window now closed: its autosave."""
    first = make_window(qtbot, dialogs)
    table = first.new_hotseat("banquet", "standard", NAMES, {}, 3)
    assert table is not None and table.autosave is not None
    play_some(table, 4, 3)
    first.close()
    return table.autosave


def test_a_game_in_progress_of_a_game_that_cannot_be_read_is_kept_and_the_app_goes_on(
        qtbot: Any, home: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    slot = banquet_in_progress(qtbot, dialogs)
    saved = slot.read_bytes()

    break_banquet(tmp_path, monkeypatch)
    again = make_window(qtbot, dialogs, "it")  # the next start, in the language whose file is broken
    dialogs.answers = [0]  # "Carry on"
    assert not again.offer_resume(crashed=True)  # no table, and above all no uncaught CardSetError
    title, said = dialogs.informed[-1]
    assert title == again.tr_.text("game.unavailable_title")
    # Why, in the player's Italian: the file and the reason, not the checker's English ("file too large").
    assert again.tr_.text("game.banquet") in said and "banquet/text/it.yaml: è davvero troppo grande" in said
    assert "file too large" not in said
    assert slot.read_bytes() == saved  # the game in progress is kept, byte for byte
    assert [entry.path for entry in games_in_progress()] == [slot]
    # The other games play; the broken one refuses again, each time saying why.
    other = again.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    assert other is not None and again.table is other
    assert not again.open_file(slot)
    assert again.table is other and slot.read_bytes() == saved
    assert len(dialogs.informed) == 2
    again.hotseat_dialog("banquet", "standard", None)  # Game -> New game -> the Banquet
    assert len(dialogs.informed) == 3 and again.tr_.text("game.banquet") in dialogs.informed[-1][1]
    assert set(storage.game_slots()) == {slot, other.autosave}


def test_a_replay_of_a_game_whose_cards_cannot_be_read_says_why_in_the_players_words(
        qtbot: Any, home: Path, dialogs: Dialogs, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    slot = banquet_in_progress(qtbot, dialogs)
    break_banquet(tmp_path, monkeypatch)
    again = make_window(qtbot, dialogs, "nl")
    assert again.open_replay(slot) is None
    tr = again.tr_
    assert dialogs.informed[-1] == (tr.text("open.title"), tr.text(
        "open.failed", file=slot.name, reason=f"banquet/text/it.yaml: {tr.text('file_error.too_large')}"))


def test_a_translation_of_the_users_that_the_readers_refuse_is_left_out_and_said(
        qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """`translate import` writes only files the readers accept; one edited by hand afterwards may not be."""
    mine = storage.translations_dir() / "banquet" / "it.yaml"
    mine.parent.mkdir(parents=True)
    mine.write_bytes((cardsets.ROOT / "banquet" / "text" / "it.yaml").read_bytes() + b"# " + b"x" * MAX_FILE_BYTES)
    try:
        cardsets.read_translations_from(storage.translations_dir())
        window = make_window(qtbot, dialogs, "it")
        window.tell_translation_problems()
        qtbot.waitUntil(lambda: "translations/banquet/it.yaml" in window.message.text())
        assert window.message.text().endswith(": è davvero troppo grande")  # in Italian, without the checker's English
        assert "bytes" not in window.message.text()
        table = window.new_hotseat("banquet", "standard", NAMES, {}, 3)  # the game plays, in the installed Italian
        assert table is not None and not dialogs.informed
    finally:
        cardsets.read_translations_from(None)


def test_a_start_whose_card_texts_cannot_be_read_says_why_in_the_players_words(
        qtbot: Any, home: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The first game's texts broken (a translator's clone): the app cannot start, and says so in Dutch when its
    own texts can be read; the checker's English goes to the terminal."""
    from desktop.frame import dialogs
    from desktop.shell.app import run

    root = tmp_path / "cardsets"
    shutil.copytree(cardsets.ROOT / "chrononauts", root / "chrononauts")
    nl = root / "chrononauts" / "text" / "nl.yaml"
    lines = nl.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  ") and not line.startswith("  #"))
    lines[at] = lines[at].split(":")[0] + ": a: b"
    nl.write_text("\n".join(lines), encoding="utf-8")
    installed = cardsets.load_texts
    # Cached as the real one is: the start clears it when it reads the player's translations.
    monkeypatch.setattr(cardsets, "load_texts", lru_cache(maxsize=None)(lambda game, at=cardsets.ROOT: installed(game, root)))
    with pytest.raises(CardSetError):  # broken indeed: else the start below would open the window and wait
        cardsets.load_texts("chrononauts")
    warned: list[str] = []
    monkeypatch.setattr(dialogs, "warn", lambda _parent, _title, text: warned.append(text))
    try:
        assert run(["--lang", "nl"]) == 1
    finally:
        cardsets.read_translations_from(None)
    column = len(lines[at]) - len(": b") + 1
    assert warned[0].startswith("Convivium kan niet starten: de kaartbestanden zijn niet te lezen.\n\n"
                                f"chrononauts/text/nl.yaml, regel {at + 1}, kolom {column}: de opbouw van de tekst")
    assert "YAML syntax" not in warned[0] and "mapping values" not in warned[0]
