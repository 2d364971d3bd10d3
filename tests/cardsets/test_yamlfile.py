"""The strict YAML loader: every problem with its exact file:line:column, and nothing unsafe."""
from __future__ import annotations

import math
import os
import threading
import tracemalloc
from pathlib import Path

import pytest

from cardsets.yamlfile import MAX_FILE_BYTES, Problem, parse, read


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


# --- YAML 1.2 core schema: every plain value is what its author wrote --------------------------


INF, NAN = float("inf"), float("nan")


@pytest.mark.parametrize("written, value", [
    # What YAML 1.1 (PyYAML's default) made of these, and what we read before:
    ("1:20", "1:20"),  # 80: a base-60 number
    ("190:20:30", "190:20:30"),  # 685230
    ("0777", 777),  # 511, octal; in YAML 1.2 a leading zero is only a leading zero
    ("-007", -7),
    ("0o17", 15),  # the text "0o17"; YAML 1.2 writes octal this way
    ("1_000", "1_000"),  # 1000
    ("1_000.5", "1_000.5"),  # 1000.5
    ("0b101", "0b101"),  # 5
    ("-0x1F", "-0x1F"),  # -31; the core schema has no sign on 0x and 0o
    ("2024-03-01", "2024-03-01"),  # a date
    ("2024-03-01T10:00:00", "2024-03-01T10:00:00"),  # a datetime
    ("2024-03-01 10:00:00Z", "2024-03-01 10:00:00Z"),
    ("1e3", 1000.0),  # the text "1e3": YAML 1.1 wants a dot in a float
    ("-2E-2", -0.02),
    ("=", "="),  # an error: "could not determine a constructor for the tag 'tag:yaml.org,2002:value'"
    ("<<", "<<"),  # the same, for tag:yaml.org,2002:merge
    # Read the same way before, by both schemas:
    ("0x1F", 31),
    ("+12", 12),
    ("-0", 0),
    ("1.", 1.0),
    (".5", 0.5),
    ("3.25", 3.25),
    (".inf", INF),
    ("-.Inf", -INF),
    ("+.INF", INF),
    ("~", None),
    ("null", None),
    ("Null", None),
    ("NULL", None),
    ("", None),
    ("nULL", "nULL"),
    ("TRUE", True),
    ("False", False),
    ("yes", "yes"),
    ("No", "No"),
    ("on", "on"),
    ("off", "off"),
    ("0x", "0x"),
    (".", "."),
    ("1.2.3", "1.2.3"),
    ("12abc", "12abc"),
])
def test_plain_values_follow_the_yaml_1_2_core_schema(written: str, value: object) -> None:
    doc = parse(f"a: {written}\n{written}: b\n" if written else "a:\n", "f.yaml")
    assert doc.problems == []
    got = doc.data["a"]
    assert type(got) is type(value) and got == value
    if written:
        [key] = [k for k in doc.data if k != "a"]
        assert type(key) is type(value) and key == value  # a key is typed the same way


def test_nan_is_a_float() -> None:
    doc = parse("[.nan, .NaN, .NAN, -.nan, .Nan]\n", "f.yaml")
    assert doc.problems == []
    assert [math.isnan(v) if isinstance(v, float) else v for v in doc.data] == [True, True, True, "-.nan", ".Nan"]


def test_a_translator_s_time_stays_text() -> None:
    """The report in #12: a translation "1:20" was refused as "must be text, not 80"."""
    doc = parse("strings:\n  clock.example: 1:20\n  year.example: 0777\n", "f.yaml")
    assert doc.data == {"strings": {"clock.example": "1:20", "year.example": 777}}


def test_quoted_values_are_always_text() -> None:
    doc = parse("['1:20', \"0777\", 'true', \"~\", '', '.inf', \"12\"]\n", "f.yaml")
    assert doc.data == ["1:20", "0777", "true", "~", "", ".inf", "12"]
    assert all(type(v) is str for v in doc.data)


def test_a_merge_key_is_an_ordinary_key() -> None:
    # YAML 1.1 copied x into `item`; YAML 1.2 has no merge keys, so a card set would say
    # "unknown key '<<'" rather than quietly take values from elsewhere in the file.
    doc = parse("base: &b {x: 1}\nitem:\n  <<: *b\n  y: 2\n", "f.yaml")
    assert doc.problems == []
    assert doc.data["item"] == {"<<": {"x": 1}, "y": 2}
    assert doc.key_positions[("item", "<<")] == (3, 3)


def test_two_merge_keys_are_a_duplicate() -> None:
    # YAML 1.1 merged both, silently.
    assert problems("base: &b {x: 1}\nitem:\n  <<: *b\n  <<: {y: 2}\n") == ["f.yaml:4:3: duplicate key '<<'"]


def test_explicit_tags_follow_the_core_schema_too() -> None:
    text = (
        "a: !!int 0o17\n"
        "b: !!float 12\n"
        "c: !!str 12\n"
        "d: !!int 1_000\n"  # YAML 1.1: 1000
        "e: !!bool yes\n"  # YAML 1.1: True
        "f: !!null x\n"  # YAML 1.1: None
        "g: !!timestamp 2024-03-01\n"  # YAML 1.1: a date
        "h: !!binary aGk=\n"  # YAML 1.1: bytes
    )
    doc = parse(text, "f.yaml")
    assert doc.data == {"a": 15, "b": 12.0, "c": "12", "d": None, "e": None, "f": None, "g": None, "h": None}
    assert [str(p) for p in doc.problems] == [
        "f.yaml:4:4: unsupported value '1_000' (not a whole number in YAML 1.2)",
        "f.yaml:5:4: unsupported value 'yes' (not true or false in YAML 1.2)",
        "f.yaml:6:4: unsupported value 'x' (not null in YAML 1.2)",
        "f.yaml:7:4: unsupported value '2024-03-01' (could not determine a constructor for the tag "
        "'tag:yaml.org,2002:timestamp')",
        "f.yaml:8:4: unsupported value 'aGk=' (could not determine a constructor for the tag "
        "'tag:yaml.org,2002:binary')",
    ]


def test_an_integer_of_5000_digits_is_a_problem_at_its_place() -> None:
    # Python refuses int() of more than 4,300 digits; the problem used to quote all 5,000 of them.
    text = "a: 1\nb: " + "9" * 5000 + "\n" + "7" * 40 + ": c\nd: 0x" + "f" * 31 + "\n"
    assert problems(text) == [
        "f.yaml:2:4: a number of 5,000 digits (at most 30); quote it if it is meant as text",
        "f.yaml:3:1: a number of 40 digits (at most 30); quote it if it is meant as text",
        "f.yaml:4:4: a number of 31 digits (at most 30); quote it if it is meant as text",
    ]
    assert parse("a: " + "9" * 30 + "\n", "f.yaml").data == {"a": 10**30 - 1}


def test_an_alias_to_a_bad_value_is_reported_once() -> None:
    assert problems("a: &x " + "9" * 40 + "\nb: *x\n") == [
        "f.yaml:1:4: a number of 40 digits (at most 30); quote it if it is meant as text"
    ]


def test_a_float_too_large_for_a_float_is_a_problem_not_an_infinity() -> None:
    # YAML 1.1 read 1.0e+999 as infinity, silently.
    assert problems("a: 1.0e+999\nb: -1e999\nc: " + "9" * 400 + ".0\nd: 1.7e308\n") == [
        "f.yaml:1:4: '1.0e+999' is too large a number; quote it if it is meant as text",
        "f.yaml:2:4: '-1e999' is too large a number; quote it if it is meant as text",
        "f.yaml:3:4: '9999999999999999999999999999999999999999…' is too large a number; quote it if it is meant as text",
    ]


def test_a_long_bad_value_is_quoted_short() -> None:
    assert problems("a: !!int " + "x" * 5000 + "\n") == [
        "f.yaml:1:4: unsupported value 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (not a whole number in YAML 1.2)"
    ]


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
        "es.yaml:2:8: unsupported value 'x' (not a whole number in YAML 1.2)"
    ]
    assert doc.positions[("language",)] == (1, 11)  # as the editor shows it, without the mark


def test_an_empty_file_has_no_data_and_no_problem_by_itself(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_bytes(b"")
    for doc in (read(path, "empty.yaml"), parse("", "empty.yaml"), parse("# only a comment\n", "empty.yaml")):
        assert doc.data is None and doc.problems == []  # what an empty card set lacks is reported by its checker


def test_a_missing_file(tmp_path: Path) -> None:
    assert [str(p) for p in read(tmp_path / "nope.yaml", "nope.yaml").problems] == ["nope.yaml:1:1: file not found"]


def _read_or_hang(path: Path, label: str) -> list[str]:
    """read()'s problems, read in a thread: a reader that waits forever fails the test instead
    of holding up the run (a minute is far beyond any read; no time is measured)."""
    found: list[list[str]] = []
    worker = threading.Thread(target=lambda: found.append([str(p) for p in read(path, label).problems]), daemon=True)
    worker.start()
    worker.join(60)
    assert found, "read() is still waiting on the file"
    return found[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    # Nobody writes to it: an ordinary open() waits for a writer forever.
    os.mkfifo(tmp_path / "it.yaml")
    assert _read_or_hang(tmp_path / "it.yaml", "text/it.yaml") == ["text/it.yaml:1:1: not a regular file"]


def test_a_folder_is_not_a_regular_file(tmp_path: Path) -> None:
    (tmp_path / "cards.yaml").mkdir()
    assert _read_or_hang(tmp_path / "cards.yaml", "cards.yaml") == ["cards.yaml:1:1: not a regular file"]


def test_a_file_too_large_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_bytes(b"a: b\n" + b"#" * MAX_FILE_BYTES)
    assert _read_or_hang(path, "cards.yaml") == ["cards.yaml:1:1: file too large (more than 2,000,000 bytes)"]
    path.write_bytes(b"a: b\n" + b"#" * (MAX_FILE_BYTES - 5))
    assert read(path).data == {"a": "b"}  # exactly the limit is fine


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
