"""The strict YAML loader: every problem with its exact file:line:column, and nothing unsafe."""
from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from cardsets.yamlfile import Problem, parse, read


def problems(text: str, file: str = "f.yaml") -> list[str]:
    return [str(p) for p in parse(text, file).problems]


# --- Syntax errors ---------------------------------------------------------------------------


def test_an_unquoted_colon_is_reported_where_it_stands() -> None:
    # The commonest translator's slip: a colon and a space inside unquoted text.
    text = (
        "language: it\n"
        "strings:\n"
        "  resume.title: Riprendere?\n"
        "  resume.text: Hai una partita: vuoi continuare?\n"
    )
    #                              ^ column 31: 2 spaces, "resume.text:" (3-14), " " (15), "Hai una partita" (16-30)
    assert problems(text) == ["f.yaml:4:31: YAML syntax: mapping values are not allowed in this context"]


def test_an_unclosed_quote_says_where_the_quote_opened() -> None:
    text = (
        "language: en\n"
        "strings:\n"
        "  greeting: Hello\n"
        '  card.played: "Played {card}\n'
        "  answer.no: No\n"
    )
    # The parser only notices at the end of the file (line 6, column 1); the message points
    # back at the opening quote: line 4, column 16 ("  card.played: " is 15 characters).
    assert problems(text) == [
        "f.yaml:6:1: YAML syntax: found unexpected end of stream "
        "(while scanning a quoted scalar at line 4, column 16)"
    ]


def test_an_unclosed_bracket() -> None:
    text = "a: 1\nb: [1, 2\nc: 3\n"
    # Noticed at the ':' of line 3; the list opened at line 2, column 4.
    assert problems(text) == [
        "f.yaml:3:2: YAML syntax: did not find expected ',' or ']' (while parsing a flow sequence at line 2, column 4)"
    ]


def test_a_syntax_error_leaves_no_data() -> None:
    doc = parse("a: [1\n", "f.yaml")
    assert doc.data is None and len(doc.problems) == 1


# --- Duplicate keys --------------------------------------------------------------------------


def test_duplicate_key_is_reported_at_its_second_occurrence() -> None:
    text = (
        "language: en\n"
        "strings:\n"
        "  greeting: Hello\n"
        '  label.deck: "Deck: {count}"\n'
        "  greeting: Hi\n"
    )
    doc = parse(text, "f.yaml")
    assert [str(p) for p in doc.problems] == ["f.yaml:5:3: duplicate key 'greeting'"]
    assert doc.data["strings"]["greeting"] == "Hello"  # the first one stays


def test_duplicate_key_in_a_flow_mapping() -> None:
    assert problems("a: {x: 1, y: 2, x: 3}\n") == ["f.yaml:1:17: duplicate key 'x'"]


# --- Tags: nothing runs ----------------------------------------------------------------------


def test_python_tags_are_refused_and_never_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[object] = []

    def system(*args: object) -> int:
        calls.append(args)
        return 0

    monkeypatch.setattr(os, "system", system)
    canary = tmp_path / "pwned"
    text = (
        'a: !!python/object/apply:os.system ["echo pwned"]\n'
        f'b: !!python/object/apply:builtins.open ["{canary}", "w"]\n'
        "c: !!python/name:os.system\n"
        'd: !!python/object/new:builtins.exec ["import os"]\n'
        "e: !!python/object:os.system {}\n"
    )
    assert problems(text) == [
        "f.yaml:1:4: unsupported tag 'tag:yaml.org,2002:python/object/apply:os.system'",
        "f.yaml:2:4: unsupported tag 'tag:yaml.org,2002:python/object/apply:builtins.open'",
        "f.yaml:3:4: unsupported value '' (could not determine a constructor for the tag "
        "'tag:yaml.org,2002:python/name:os.system')",
        "f.yaml:4:4: unsupported tag 'tag:yaml.org,2002:python/object/new:builtins.exec'",
        "f.yaml:5:4: unsupported tag 'tag:yaml.org,2002:python/object:os.system'",
    ]
    assert calls == []
    assert not canary.exists()


def test_unknown_local_tags_are_refused() -> None:
    assert problems("a: !shout hello\nb: !!set {x}\nc: ok\n") == [
        "f.yaml:1:4: unsupported value 'hello' (could not determine a constructor for the tag '!shout')",
        "f.yaml:2:4: unsupported tag 'tag:yaml.org,2002:set'",
    ]


def test_only_plain_data_comes_out() -> None:
    doc = parse("a: !!python/tuple [1, 2]\nb: !!python/object:os.system {x: 1}\n", "f.yaml")
    assert doc.data == {"a": [1, 2], "b": {"x": 1}}  # plain lists and dicts, reported above
    assert len(doc.problems) == 2


# --- YAML 1.2 booleans -----------------------------------------------------------------------


def test_only_true_and_false_are_booleans() -> None:
    doc = parse("[No, no, NO, yes, Yes, on, On, off, OFF, y, n, true, false, True, FALSE]\n", "f.yaml")
    assert doc.problems == []
    assert doc.data == ["No", "no", "NO", "yes", "Yes", "on", "On", "off", "OFF", "y", "n", True, False, True, False]
    assert [type(v) for v in doc.data[-4:]] == [bool] * 4
    assert all(type(v) is str for v in doc.data[:-4])


def test_an_italian_no_stays_a_word_as_a_value_and_as_a_key() -> None:
    doc = parse("strings:\n  answer.no: No\n  answer.yes: Sì\nno: off\n", "f.yaml")
    assert doc.problems == []
    assert doc.data == {"strings": {"answer.no": "No", "answer.yes": "Sì"}, "no": "off"}


# --- Every problem, not only the first -------------------------------------------------------


def test_three_distinct_errors_give_three_problems() -> None:
    text = (
        "language: en\n"
        "strings:\n"
        "  greeting: Hello\n"
        "  greeting: Hi\n"
        "  label.deck: !!python/tuple [1]\n"
        "  answer.no: !upper no\n"
    )
    assert problems(text) == [
        "f.yaml:4:3: duplicate key 'greeting'",
        "f.yaml:5:15: unsupported tag 'tag:yaml.org,2002:python/tuple'",
        "f.yaml:6:14: unsupported value 'no' (could not determine a constructor for the tag '!upper')",
    ]


# --- Encodings, empty files ------------------------------------------------------------------


def test_invalid_utf8_is_reported_at_the_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "it.yaml"
    path.write_bytes(b"language: it\nstrings:\n  greeting: Caf\xe9\n")  # Latin-1, not UTF-8
    doc = read(path, "text/it.yaml")
    assert doc.data is None
    # "  greeting: Caf" is 15 characters, so the bad byte is column 16 of line 3.
    assert [str(p) for p in doc.problems] == ["text/it.yaml:3:16: not UTF-8 text (byte 0xe9: invalid continuation byte)"]


def test_invalid_utf8_after_multibyte_characters(tmp_path: Path) -> None:
    path = tmp_path / "it.yaml"
    path.write_bytes("a: Perché\nb: così ".encode("utf-8") + b"\xff\n")
    # Columns count characters, not bytes: "b: così " is 8 characters.
    assert [str(p) for p in read(path, "x.yaml").problems] == ["x.yaml:2:9: not UTF-8 text (byte 0xff: invalid start byte)"]


def test_a_utf16_file_is_refused_clearly(tmp_path: Path) -> None:
    path = tmp_path / "nl.yaml"
    path.write_bytes("language: nl\n".encode("utf-16"))  # starts with the UTF-16 byte order mark
    assert [str(p) for p in read(path, "nl.yaml").problems] == ["nl.yaml:1:1: not UTF-8 text (byte 0xff: invalid start byte)"]


def test_a_utf8_byte_order_mark_is_accepted_and_does_not_shift_columns(tmp_path: Path) -> None:
    # Some Windows editors save one; YAML allows it at the start of a file.
    path = tmp_path / "es.yaml"
    path.write_bytes(b"\xef\xbb\xbflanguage: es\ncount: !!int x\n")
    doc = read(path, "es.yaml")
    assert doc.data == {"language": "es", "count": None}
    assert [str(p) for p in doc.problems] == [
        "es.yaml:2:8: unsupported value 'x' (invalid literal for int() with base 10: 'x')"
    ]
    assert doc.positions[("language",)] == (1, 11)  # as the editor shows it, without the mark


def test_an_empty_file_has_no_data_and_no_problem_by_itself(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_bytes(b"")
    for doc in (read(path, "empty.yaml"), parse("", "empty.yaml"), parse("# only a comment\n", "empty.yaml")):
        assert doc.data is None and doc.problems == []  # what an empty card set lacks is reported by its checker


def test_a_missing_file(tmp_path: Path) -> None:
    assert [str(p) for p in read(tmp_path / "nope.yaml", "nope.yaml").problems] == ["nope.yaml:1:1: file not found"]


def test_a_control_character() -> None:
    assert problems("a: ok\nb: è\x07\n") == ["f.yaml:2:5: character #x0007: control characters are not allowed"]


# --- Hostile documents -----------------------------------------------------------------------


def _billion_laughs() -> str:
    lines = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    previous = "a"
    for name in "bcdefghi":
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
        previous = name
    return "\n".join(lines) + "\n"  # 9**9 = 387 million "lol"s once expanded


def test_an_alias_bomb_is_refused_without_expanding_it() -> None:
    text = _billion_laughs()
    assert len(text) < 1000
    tracemalloc.start()
    try:
        doc = parse(text, "lol.yaml")
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # Expanded, it would take tens of gigabytes. (No limit on the time: a busy machine may be slow,
    # and the values counted below already show the loader stopped early.)
    assert peak < 200 * 2**20
    # The loader stops at its 200,001st value. Counting values in document order (a value per
    # mapping, list and scalar, an alias counting as everything it stands for): the root, a (10),
    # b (91), c (820), d (7381) and e (66430) make 74,733; f's list makes 74,734 and its first *e
    # 141,164; the 58,837th value of its second *e is, going down through 7 whole d's, 8 c's, 6 b's
    # and 6 a's, the 9th "lol" of line 1, column 48.
    assert [str(p) for p in doc.problems] == ["lol.yaml:1:48: more than 200000 values (an alias repeated too often?)"]


def test_an_alias_cycle_is_reported() -> None:
    assert problems("a: &x {b: *x}\n") == ["f.yaml:1:4: an alias refers to a value that contains it"]


@pytest.mark.parametrize("levels", [2_000, 100_000])
def test_deep_nesting_is_refused_without_recursing(levels: int) -> None:
    """The same answer whichever PyYAML: libyaml 0.2.6 (PyYAML 6.0.4) refuses past 1,000 levels
    on its own, the pre-scan starts only at 5,000 brackets, and older ones take any depth."""
    text = "[" * levels + "]" * levels + "\n"
    assert problems(text) == ["f.yaml:1:51: values nested more than 50 levels deep"]


def test_problem_prints_as_file_line_column_message() -> None:
    assert str(Problem("chrononauts/cards.yaml", 12, 5, "unknown key 'x'")) == "chrononauts/cards.yaml:12:5: unknown key 'x'"
