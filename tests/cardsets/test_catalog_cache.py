"""The cache of accepted text catalogs (cardsets/catalog_cache.py, issue #42): a catalog is read from it only
for the very files it was made from; a stale, damaged or reshaped entry is ignored and written again, and a
catalog with problems is never kept."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from cardset_edits import edit

from cardsets import catalog_cache, text
from cardsets.text import Catalog
from cardsets.yamlfile import Problem


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("CONVIVIUM_CACHE", str(folder))
    return folder


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The labels of the catalogs read from their YAML files (not from the cache)."""
    done: list[str] = []
    real = text.load

    def spy(folder: Path, label: str, *args: object, **kwargs: object) -> tuple[Catalog, list[Problem]]:
        done.append(label)
        return real(folder, label, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(text, "load", spy)
    return done


def entry(cache: Path) -> Path:
    (found,) = (cache / "texts").glob("*.json")
    return found


def test_a_second_reading_of_the_same_files_comes_from_the_cache(text_folder: Path, cache: Path,
                                                                  reads: list[str]) -> None:
    first, problems = catalog_cache.load(text_folder, "text")
    again, again_problems = catalog_cache.load(text_folder, "text")
    assert problems == again_problems == []
    assert reads == ["text"]
    assert again == first == text.load(text_folder, "text", all_forms=False)[0]
    assert again.text("it", "card.played", card="Ada", year=1865) == "Hai giocato Ada sul 1865."


def test_an_edited_file_is_read_again_even_at_the_same_size_and_time(text_folder: Path, cache: Path,
                                                                      reads: list[str]) -> None:
    it = text_folder / "it.yaml"
    catalog_cache.load(text_folder, "text")
    stat = it.stat()
    edit(it, ("Ciao", "Olà"))
    import os

    os.utime(it, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # what a copy that keeps dates does
    assert it.stat().st_size == stat.st_size
    catalog, _ = catalog_cache.load(text_folder, "text")
    assert reads == ["text", "text"]
    assert catalog.text("it", "greeting") == "Olà"


def test_other_required_keys_or_notes_are_another_entry(text_folder: Path, cache: Path, reads: list[str]) -> None:
    catalog_cache.load(text_folder, "text")
    _, problems = catalog_cache.load(text_folder, "text", ["greeting", "no.such.key"])
    assert [p.message for p in problems] == ["missing string 'no.such.key' (English is the reference and must "
                                             "have every key)"]
    noted, _ = catalog_cache.load(text_folder, "text", notes={"tl_1865": "A note."})
    assert noted.text("en", "tl_1865.note") == "A note."
    assert reads == ["text", "text", "text"]


def test_a_catalog_with_problems_is_not_kept(text_folder: Path, cache: Path, reads: list[str]) -> None:
    edit(text_folder / "it.yaml", ("Ciao", "Ciao\x07"))
    for _ in range(2):
        _, problems = catalog_cache.load(text_folder, "text")
        assert problems
    assert reads == ["text", "text"]
    assert not (cache / "texts").exists()


@pytest.mark.parametrize("damage", [
    "not json at all {",
    "[]",
    '{"version": 1}',
    "\x00\xff",
    "{" * 100_000,
])
def test_a_damaged_entry_is_ignored_and_written_again(text_folder: Path, cache: Path, reads: list[str],
                                                      damage: str) -> None:
    expected, _ = catalog_cache.load(text_folder, "text")
    entry(cache).write_bytes(damage.encode("utf-8", "surrogateescape"))
    catalog, problems = catalog_cache.load(text_folder, "text")
    assert (catalog, problems) == (expected, [])
    assert reads == ["text", "text"]
    catalog_cache.load(text_folder, "text")  # the entry was written again, whole
    assert reads == ["text", "text"]


@pytest.mark.parametrize("change", ["key", "version", "a number for a text", "a language less", "a lone surrogate",
                                    "a key more"])
def test_an_entry_of_another_key_or_shape_is_not_trusted(text_folder: Path, cache: Path, reads: list[str],
                                                         change: str) -> None:
    expected, _ = catalog_cache.load(text_folder, "text")
    data = json.loads(entry(cache).read_text(encoding="utf-8"))
    if change == "key":
        data["key"] = "0" * 64
        data["strings"]["it"]["greeting"] = "Not from the file"
    elif change == "version":
        data["version"] = catalog_cache.VERSION + 1
    elif change == "a number for a text":
        data["strings"]["it"]["greeting"] = 7
    elif change == "a language less":
        del data["stamps"]["nl"]
    elif change == "a lone surrogate":
        data["strings"]["it"]["greeting"] = "\ud800"
    else:
        data["code"] = "print('no')"
    entry(cache).write_text(json.dumps(data), encoding="utf-8")
    catalog, _ = catalog_cache.load(text_folder, "text")
    assert catalog == expected
    assert reads == ["text", "text"]


def test_an_empty_cache_setting_turns_it_off(text_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             reads: list[str]) -> None:
    monkeypatch.setenv("CONVIVIUM_CACHE", "")
    assert catalog_cache.folder() is None
    catalog_cache.load(text_folder, "text")
    catalog_cache.load(text_folder, "text")
    assert reads == ["text", "text"]


def test_the_cache_follows_the_data_folder_when_it_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CONVIVIUM_CACHE")
    monkeypatch.setenv("CONVIVIUM_HOME", str(tmp_path))
    assert catalog_cache.folder() == tmp_path / "cache"


def test_a_cache_folder_that_cannot_be_written_only_means_reading_the_files(text_folder: Path, tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch,
                                                                           reads: list[str]) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("CONVIVIUM_CACHE", str(blocked))
    first, _ = catalog_cache.load(text_folder, "text")
    again, _ = catalog_cache.load(text_folder, "text")
    assert first == again
    assert reads == ["text", "text"]
