"""The loaders' cache (cardsets/cache.py and catalog_cache.py, issue #42): an accepted text catalog, or a card file's parse, is read
from it only for the very files it was made from; a stale, damaged or reshaped entry is ignored and written
again; what has problems is never kept; and a kept parse is validated as the file would be. A language's plural
rule is kept as this Babel gave it from CLDR."""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import babel
import pytest
from cardset_edits import edit

from cardsets import cache, catalog_cache, plurals, text, yamlfile, yamlparse
from cardsets.chrononauts import loader as chrononauts
from cardsets.text import Catalog
from cardsets.yamlfile import CardSetError, Document, Problem


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
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


def entry(cache_dir: Path) -> Path:
    (found,) = (cache_dir / "texts").glob("*.json")
    return found


def test_a_second_reading_of_the_same_files_comes_from_the_cache(text_folder: Path, cache_dir: Path,
                                                                  reads: list[str]) -> None:
    first, problems = catalog_cache.load(text_folder, "text")
    again, again_problems = catalog_cache.load(text_folder, "text")
    assert problems == again_problems == []
    assert reads == ["text"]
    assert again == first == text.load(text_folder, "text", all_forms=False)[0]
    assert again.text("it", "card.played", card="Ada", year=1865) == "Hai giocato Ada sul 1865."


def test_an_edited_file_is_read_again_even_at_the_same_size_and_time(text_folder: Path, cache_dir: Path,
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


def test_other_required_keys_or_notes_are_another_entry(text_folder: Path, cache_dir: Path, reads: list[str]) -> None:
    catalog_cache.load(text_folder, "text")
    _, problems = catalog_cache.load(text_folder, "text", ["greeting", "no.such.key"])
    assert [p.message for p in problems] == ["missing string 'no.such.key' (English is the reference and must "
                                             "have every key)"]
    noted, _ = catalog_cache.load(text_folder, "text", notes={"tl_1865": "A note."})
    assert noted.text("en", "tl_1865.note") == "A note."
    assert reads == ["text", "text", "text"]


def test_a_catalog_with_problems_is_not_kept(text_folder: Path, cache_dir: Path, reads: list[str]) -> None:
    edit(text_folder / "it.yaml", ("Ciao", "Ciao\x07"))
    for _ in range(2):
        _, problems = catalog_cache.load(text_folder, "text")
        assert problems
    assert reads == ["text", "text"]
    assert not (cache_dir / "texts").exists()


@pytest.mark.parametrize("damage", [
    "not json at all {",
    "[]",
    '{"version": 1}',
    "\x00\xff",
    "{" * 100_000,
])
def test_a_damaged_entry_is_ignored_and_written_again(text_folder: Path, cache_dir: Path, reads: list[str],
                                                      damage: str) -> None:
    expected, _ = catalog_cache.load(text_folder, "text")
    entry(cache_dir).write_bytes(damage.encode("utf-8", "surrogateescape"))
    catalog, problems = catalog_cache.load(text_folder, "text")
    assert (catalog, problems) == (expected, [])
    assert reads == ["text", "text"]
    catalog_cache.load(text_folder, "text")  # the entry was written again, whole
    assert reads == ["text", "text"]


@pytest.mark.parametrize("change", ["key", "version", "a number for a text", "a language less", "a lone surrogate",
                                    "a key more"])
def test_an_entry_of_another_key_or_shape_is_not_trusted(text_folder: Path, cache_dir: Path, reads: list[str],
                                                         change: str) -> None:
    expected, _ = catalog_cache.load(text_folder, "text")
    data = json.loads(entry(cache_dir).read_text(encoding="utf-8"))
    kept = data["value"]
    if change == "key":
        data["key"] = "0" * 64
        kept["strings"]["it"]["greeting"] = "Not from the file"
    elif change == "version":
        data["version"] = cache.VERSION + 1
    elif change == "a number for a text":
        kept["strings"]["it"]["greeting"] = 7
    elif change == "a language less":
        del kept["stamps"]["nl"]
    elif change == "a lone surrogate":
        kept["strings"]["it"]["greeting"] = "\ud800"
    else:
        data["code"] = "print('no')"
    entry(cache_dir).write_text(json.dumps(data), encoding="utf-8")
    catalog, _ = catalog_cache.load(text_folder, "text")
    assert catalog == expected
    assert reads == ["text", "text"]


def test_an_entry_is_written_whole_without_waiting_for_the_disk(text_folder: Path, cache_dir: Path, reads: list[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged entry is only read afresh (above), so a first start does not wait for each one to reach the disk
    (issue #42); it still replaces the old entry whole."""
    flushed: list[int] = []
    monkeypatch.setattr(os, "fsync", flushed.append)
    expected, _ = catalog_cache.load(text_folder, "text")
    assert entry(cache_dir).is_file() and flushed == []
    assert catalog_cache.load(text_folder, "text")[0] == expected and reads == ["text"]
    assert sorted(p.name for p in entry(cache_dir).parent.iterdir()) == [entry(cache_dir).name]


def test_an_empty_cache_setting_turns_it_off(text_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             reads: list[str]) -> None:
    monkeypatch.setenv("CONVIVIUM_CACHE", "")
    assert cache.folder() is None
    catalog_cache.load(text_folder, "text")
    catalog_cache.load(text_folder, "text")
    assert reads == ["text", "text"]


def test_the_cache_follows_the_data_folder_when_it_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CONVIVIUM_CACHE")
    monkeypatch.setenv("CONVIVIUM_HOME", str(tmp_path))
    assert cache.folder() == tmp_path / "cache"


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


# --- card files -------------------------------------------------------------------------------------------

CARDS = """\
cards:
  - {id: a, year: 1865, ratio: 1.5, flags: [true, false, ~], "7": text}
  - id: b
numbers:
  7: seven
  true: a yes
  ~: nothing
  2.5: two and a half
  -0.0: less than nothing
"""


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files parsed from their YAML (not taken from the cache)."""
    done: list[str] = []
    real = yamlparse.parse

    def spy(text_: str, file: str) -> Document:
        done.append(file)
        return real(text_, file)

    monkeypatch.setattr(yamlparse, "parse", spy)
    return done


def parsed(doc: Document) -> tuple[object, ...]:
    """All of a document, with the type of every key and value (1 == 1.0 == True, but they are not the same)."""
    def typed(value: object) -> object:
        if isinstance(value, dict):
            return [(typed(k), typed(v)) for k, v in value.items()]
        if isinstance(value, list):
            return [typed(v) for v in value]
        return (type(value).__name__, repr(value))

    return (doc.file, typed(doc.data), sorted(map(repr, doc.positions.items())),
            sorted(map(repr, doc.key_positions.items())), doc.problems)


def test_a_card_file_is_parsed_once_and_comes_back_whole(tmp_path: Path, cache_dir: Path,
                                                         parses: list[str]) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    first = yamlfile.read(path, "x/cards.yaml", kept=True)
    again = yamlfile.read(path, "x/cards.yaml", kept=True)
    assert parses == ["x/cards.yaml"]
    assert list(again.data["numbers"]) == [7, True, None, 2.5, -0.0]
    # Where a value stood is asked only to place a problem: the text is parsed again then, once (issue #42).
    assert again.where(("cards", 0, "ratio")) == (2, 32) and again.where_key(("numbers", 7)) == (5, 3)
    assert parses == ["x/cards.yaml", "x/cards.yaml"]
    assert first.problems == [] and parsed(again) == parsed(first) == parsed(yamlparse.parse(CARDS, "x/cards.yaml"))
    other = yamlfile.read(path, "y/cards.yaml", kept=True)  # another label is another entry: problems name it
    assert other.file == "y/cards.yaml" and parses[3:] == ["y/cards.yaml"]  # (the 3rd: the one compared with)


def test_a_kept_parse_is_validated_as_the_file_would_be(tmp_path: Path, cache_dir: Path, mini_cards: str,
                                                        parses: list[str]) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(mini_cards, encoding="utf-8")
    assert chrononauts.load(path, "cards.yaml") == chrononauts.load(path, "cards.yaml")
    path.write_text(mini_cards.replace("ti: A2, year: 1868", "ti: A2, year: 1869"), encoding="utf-8")
    refused = []
    for _ in range(2):
        with pytest.raises(CardSetError) as caught:
            chrononauts.load(path, "cards.yaml")
        refused.append(caught.value.problems)
    # The bad file parsed once for its values, its checks run twice, and it is parsed again only to say where
    # the problems they found stand, at the same places.
    assert parses == ["cards.yaml", "cards.yaml", "cards.yaml"]
    assert refused[0] == refused[1] != []


@pytest.mark.parametrize("broken", ["a: [1, 2", "a: !!python/object:os.system x", "a: .inf"])
def test_a_file_with_problems_or_a_value_json_cannot_hold_is_parsed_each_time(
        tmp_path: Path, cache_dir: Path, parses: list[str], broken: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(broken, encoding="utf-8")
    first, again = (yamlfile.read(path, "cards.yaml", kept=True) for _ in range(2))
    assert parses == ["cards.yaml", "cards.yaml"]
    assert parsed(first) == parsed(again)


@pytest.mark.parametrize("change", ["a list as a key", "another field", "a wrapper of another kind",
                                    "a map that is not in pairs", "another key"])
def test_a_damaged_parse_is_not_trusted(tmp_path: Path, cache_dir: Path, parses: list[str], change: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CARDS, encoding="utf-8")
    expected = parsed(yamlfile.read(path, "cards.yaml", kept=True))
    (found,) = (cache_dir / "documents").glob("*.json")
    data = json.loads(found.read_text(encoding="utf-8"))
    kept = data["value"]
    if change == "a list as a key":
        kept["data"]["map"][0][0] = [1]
    elif change == "another field":
        kept["positions"] = []
    elif change == "a wrapper of another kind":
        kept["data"] = {"set": [1, 2]}
    elif change == "a map that is not in pairs":
        kept["data"]["map"][0] = ["cards"]
    else:
        data["key"] = "0" * 64
        kept["data"] = {"map": [["cards", "none"]]}
    found.write_text(json.dumps(data), encoding="utf-8")
    assert parsed(yamlfile.read(path, "cards.yaml", kept=True)) == expected
    assert parses == ["cards.yaml", "cards.yaml"]


# --- plural rules -----------------------------------------------------------------------------------------

@pytest.fixture
def fresh_rules() -> Iterator[None]:
    """Plural rules made anew in this test, as in a new process (and again after it)."""
    plurals._rule.cache_clear()
    plurals._small_counts.cache_clear()
    yield
    plurals._rule.cache_clear()
    plurals._small_counts.cache_clear()


NUMBERS = [*range(0, 120), 1000, 1_000_000, 2_000_000, 10_000_000]


def test_a_plural_rule_comes_from_babel_once_then_from_the_cache(cache_dir: Path, fresh_rules: None,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = babel.localedata.load

    def load(name: str, *args: Any, **kwargs: Any) -> Any:
        asked.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(babel.localedata, "load", load)
    first = {lang: [plurals.category(lang, n) for n in NUMBERS] for lang in ("it", "en")}
    plurals._rule.cache_clear()  # a new process
    again = {lang: [plurals.category(lang, n) for n in NUMBERS] for lang in ("it", "en")}
    assert asked == ["it", "en"]
    assert again == first and first["it"][NUMBERS.index(1_000_000)] == "many"


def test_a_damaged_or_other_babels_plural_rule_is_asked_of_babel_again(cache_dir: Path, fresh_rules: None) -> None:
    expected = [plurals.category("es", n) for n in NUMBERS]
    (found,) = (cache_dir / "plurals").glob("*.json")
    data = json.loads(found.read_text(encoding="utf-8"))
    for value in ({"one": "n = = 1"}, {"one": 7}, {"few": "n in 1", "ones": "n in 2"}, []):
        data["value"] = value
        found.write_text(json.dumps(data), encoding="utf-8")
        plurals._rule.cache_clear()
        assert [plurals.category("es", n) for n in NUMBERS] == expected
    cache.keep_plural_rules("es", "0.0", {"one": "n in 0..1000"})  # what another Babel gave: not this one's
    plurals._rule.cache_clear()
    assert cache.plural_rules("es", babel.__version__, plurals.CATEGORIES) is None
    assert [plurals.category("es", n) for n in NUMBERS] == expected
    assert cache.plural_rules("es", babel.__version__, plurals.CATEGORIES) is not None  # this Babel's, kept again


def babels_own(lang: str, count: int) -> str:
    return str(babel.Locale.parse(lang).plural_form(count))


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl", "en_GB", "pt_PT", "xx"])
def test_a_plural_rule_is_babels_whole_locales_though_read_from_the_languages_own_file(cache_dir: Path,
                                                                                       fresh_rules: None,
                                                                                       lang: str) -> None:
    """The rule is read from the language's own locale file alone (issue #42); a locale whose file names none
    (en_GB inherits English's) is asked of Babel whole, and one Babel does not know counts as English does."""
    whole = babel.Locale.parse(lang if lang != "xx" else "en").plural_form
    assert plurals._rule(lang).rules == whole.rules
    numbers = [*range(plurals.SMALL), 1_000_000, 1_000_001, 2_000_000]
    assert [plurals.category(lang, n) for n in numbers] == [str(whole(n)) for n in numbers]
    # Babel's English after it is still the whole locale, with what it inherits from the root one.
    assert babel.Locale.parse(lang if lang != "xx" else "en").character_order == "left-to-right"


def test_a_small_count_comes_from_the_cache_without_babel(cache_dir: Path, fresh_rules: None,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A start counts its cards and travellers: the category of a count below SMALL is kept for the Babel installed,
    which is then not even imported (issue #42); a larger count still asks Babel's rule."""
    langs = ("en", "it", "es", "nl")
    first = {lang: [plurals.category(lang, n) for n in range(plurals.SMALL)] for lang in langs}
    assert first == {lang: [babels_own(lang, n) for n in range(plurals.SMALL)] for lang in langs}
    plurals._rule.cache_clear()  # a new process
    plurals._small_counts.cache_clear()

    def no_babel(lang: str) -> Any:
        raise AssertionError(f"Babel asked for {lang}")

    with monkeypatch.context() as patched:
        patched.setattr(plurals, "_rule", no_babel)
        assert {lang: [plurals.category(lang, n) for n in range(plurals.SMALL)] for lang in langs} == first
        with pytest.raises(AssertionError, match="Babel asked"):
            plurals.category("it", 1_000_000)


def test_damaged_or_another_babels_counts_are_asked_of_babel_again(cache_dir: Path, fresh_rules: None,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    expected = [babels_own("it", n) for n in range(plurals.SMALL)]
    assert [plurals.category("it", n) for n in range(plurals.SMALL)] == expected
    (found,) = (cache_dir / "plural_counts").glob("*.json")
    data = json.loads(found.read_text(encoding="utf-8"))
    for value in (["one"] * plurals.SMALL, ["lots"] * plurals.SMALL, expected[:10], {"one": 1}, None):
        if value != ["one"] * plurals.SMALL:
            data["value"] = value
            found.write_text(json.dumps(data), encoding="utf-8")
        else:  # what another Babel said: kept under its own first file, not this one's
            cache.keep_plural_counts("it", "__version__ = '0.0'", tuple(value))
        plurals._small_counts.cache_clear()
        assert [plurals.category("it", n) for n in range(plurals.SMALL)] == expected
        assert cache.plural_counts("it", plurals._babel_stamp(), plurals.CATEGORIES) == tuple(expected)  # kept again

