"""Hostile inputs for the file loaders: hypothesis strategies that mangle real files, the
hand-written nasty cases, and the checks every loader's answer must pass."""
from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from hypothesis import strategies as st

CANARY = Path(os.environ.get("TMPDIR", "/tmp")) / f"convivium-canary-{os.getpid()}"

# Code-running YAML: if any loader ran one of these, the canary file would appear.
CODE_TAGS = (
    f"!!python/object/apply:os.system ['touch {CANARY}']",
    f"!!python/object/apply:builtins.exec [\"open('{CANARY}', 'w')\"]",
    f"!!python/object/new:subprocess.Popen [['touch', '{CANARY}']]",
    "!!python/name:os.system",
    "!!python/module:os",
)
SNIPPETS = (
    "\x00", "\ufeff", "\t", "'", '"', "[", "]", "{", "}", ": ", "- ", "? ", "&a ", "*a", "*nowhere",
    "<<: *a\n", "!!binary x", "!!int x", "!!float y", "!!timestamp 2020-13-45", "%YAML 1.1\n---\n",
    "---\n", "...\n", "~", "1e308", "-1e308", "-1", "9" * 5000, ".nan", ".inf", "0x7fffffffffffffffff",
    "[" * 200, "{" * 200, "\u2028", "\x85", "\r", "é", "😀", "\udcff", *CODE_TAGS,
)
JSON_SNIPPETS = ("\x00", "\ufeff", "[", "]", "{", "}", ",", ":", '"', "null", "NaN", "Infinity", "-Infinity",
                 "1e308", "-1", "9" * 5000, "-" + "9" * 5000, "1e99999", "[" * 200, "\\u0000", "\\ud800", "é")


def snapshot(path: Path) -> tuple[bytes, int] | None:
    """A file's bytes and mtime, to prove a loader left it alone (None for what is not a file)."""
    return (path.read_bytes(), path.stat().st_mtime_ns) if path.is_file() and os.access(path, os.R_OK) else None


@st.composite
def mangled(draw: st.DrawFn, seed: bytes, snippets: tuple[str, ...]) -> bytes:
    """A real file after one to three byte-level accidents: cut, flipped, something inserted,
    a slice lost or repeated."""
    data = bytearray(seed)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(("truncate", "flip", "insert", "delete", "repeat")))
        at = draw(st.integers(0, len(data)))
        if kind == "truncate":
            del data[at:]
        elif kind == "flip" and data:
            i = min(at, len(data) - 1)
            data[i] ^= draw(st.integers(1, 255))
        elif kind == "insert":
            piece = draw(st.one_of(st.sampled_from(snippets), st.text(max_size=20)))
            data[at:at] = piece.encode("utf-8", "surrogatepass")
        elif kind == "delete":
            del data[at:at + draw(st.integers(1, 200))]
        else:
            data[at:at] = data[at:at + draw(st.integers(1, 200))]
    return bytes(data)


WRONG_VALUES: tuple[Any, ...] = (None, True, False, "", "text", "?", -1, 0, 10**300, -(10**300), 1e308, -1e308,
                                 0.5, [], {}, [1, "a"], {"a": 1}, {"": None}, [[[[[]]]]], "x" * 5000)


def paths_in(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside JSON-like data."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_in(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += paths_in(value, prefix + (i,))
    return found


def replaced(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    copy[path[0]] = replaced(copy[path[0]], path[1:], value)
    return copy


@st.composite
def retyped(draw: st.DrawFn, data: Any, dump: Callable[[Any], str]) -> str:
    """The file's data with one value (any field, at any depth) replaced by one of another type."""
    paths = paths_in(data)
    path = paths[draw(st.integers(0, len(paths) - 1))]
    return dump(replaced(data, path, draw(st.sampled_from(WRONG_VALUES))))


def dump_yaml(data: Any) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def dump_json(data: Any) -> str:
    return json.dumps(data, indent=1, ensure_ascii=False)


def nasty_texts(valid: str, kind: str) -> dict[str, bytes]:
    """The hand-written cases, built around one valid file of the kind ('yaml' or 'json')."""
    raw = valid.encode("utf-8")
    deep = "[" * 100_000 + "]" * 100_000
    cases = {
        "empty": b"",
        "only a BOM": b"\xef\xbb\xbf",
        "BOM then the file": b"\xef\xbb\xbf" + raw,
        "UTF-16 with BOM": valid.encode("utf-16"),
        "UTF-16-BE without BOM": valid.encode("utf-16-be"),
        "Latin-1 with bad bytes": valid.encode("utf-8").replace(b"a", b"\xe0", 3) + b"\xff\xfe\x80",
        "NUL bytes": raw[: len(raw) // 2] + b"\x00\x00\x00" + raw[len(raw) // 2:],
        "only NUL bytes": b"\x00" * 1000,
        "deep brackets": deep.encode(),
        "deep braces": ('{"a":' * 100_000 + "1" + "}" * 100_000).encode(),
        "unclosed deep brackets": ("[" * 100_000).encode(),
        "huge integer text": ("9" * 10_001).encode(),
        "10**10000 in a list": ("[" + "1" + "0" * 10_000 + "]").encode(),
        "random bytes": random.Random(9).randbytes(4096),
        "half the file": raw[: len(raw) // 2],
        "the file and garbage": raw + b"\n\x01\x02}}]]::--",
    }
    for cut in (1, 2, 3, 10, 100, 1000):
        cases[f"truncated to {cut} bytes"] = raw[:cut]
        cases[f"last {cut} bytes missing"] = raw[:-cut]
    if kind == "yaml":
        laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
            f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
            for i in range(9))
        cases.update({
            "billion laughs": laughs.encode(),
            "self-referring alias": b"a: &a [*a]\n",
            "merge of a scalar": b"a: &a 1\nb:\n  <<: *a\n",
            "deep block nesting": "".join(" " * i + "- \n" for i in range(3000)).encode(),
            **{f"code tag {i}": f"x: {tag}\n".encode() for i, tag in enumerate(CODE_TAGS)},
            "code tag as the document": CODE_TAGS[0].encode(),
            "code tag in the file": raw.replace(b"\n", f"\n# \nzz_tag: {CODE_TAGS[0]}\n".encode(), 1),
            "tab indentation": raw.replace(b"  ", b"\t"),
            "many documents": raw + b"\n---\n" + raw,
            "a number key": b"1: 2\n",
            "a list": b"- a\n- b\n",
            "a scalar": b"hello\n",
            "an unknown tag": b"x: !secret 1\n",
            "float 1e308 everywhere": raw.replace(b": 1\n", b": 1e308\n"),
            "negative counts": raw.replace(b"count: ", b"count: -"),
            "huge counts": raw.replace(b"count: ", b"count: 99999999999999999999999"),
        })
    else:
        cases.update({
            "not an object": b"[]",
            "a string": b'"convivium-save"',
            "NaN seed": raw.replace(b'"seed": ', b'"seed": NaN, "x": '),
            "huge seed": raw.replace(b'"seed": ', b'"seed": 1' + b"0" * 4000 + b', "x": '),
            "seed 10**10000": raw.replace(b'"seed": ', b'"seed": 1' + b"0" * 10_000 + b', "x": '),
            "negative seed": raw.replace(b'"seed": ', b'"seed": -'),
            "float seed": raw.replace(b'"seed": ', b'"seed": 1e308, "x": '),
            "future version": raw.replace(b'"format_version": ', b'"format_version": 99999999999999999999'),
            "1e308 version": raw.replace(b'"format_version": ', b'"format_version": 1e308, "x": '),
            "moves not a list": raw.replace(b'"moves": [', b'"moves": {"a": [') + b"}",
            "player 10**300": raw.replace(b'"player": ', b'"player": 1' + b"0" * 300 + b", \"y\": "),
            "player -1": raw.replace(b'"player": ', b'"player": -'),
            "duplicate keys": raw.replace(b"{", b'{"format": "other", ', 1),
        })
    return cases
