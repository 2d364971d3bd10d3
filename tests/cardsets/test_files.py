"""The bounded reader every file of the app goes through (#12: nothing the app reads can hold it up)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardsets.files import JSON_MAX_DEPTH, BadJson, FileRefused, parse_json, read_bytes, read_text


def test_reads_a_regular_file_up_to_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 100)
    assert read_bytes(path, 100) == b"x" * 100


def test_a_file_over_the_limit_is_refused_whatever_stat_says(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 101)
    with pytest.raises(FileRefused) as refused:
        read_bytes(path, 100)
    assert refused.value.reason == "too_large"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_an_endless_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "save.convivium.json"
    link.symlink_to("/dev/zero")
    assert link.stat().st_size == 0  # why a size check alone lets it through
    with pytest.raises(FileRefused) as refused:
        read_bytes(link, 1000)
    assert refused.value.reason == "not_a_file"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "settings.json"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused):
        read_text(fifo, 1000)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        read_bytes(tmp_path, 1000)


def test_missing_file_is_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_bytes(tmp_path / "nothing", 10)


@pytest.mark.parametrize("text, why", [
    ("[" * 1000 + "]" * 1000, "nested"),
    ('{"elapsed": 1e400}', "too large"),
    ('{"elapsed": Infinity}', "not a JSON number"),
    ('{"elapsed": NaN}', "not a JSON number"),
    ('{"minutes": ' + "1" * 401 + "}", "digits"),
    ('{"name": "Eve\\ud800"}', "surrogate"),
    ('{"\\udc00": 1}', "surrogate"),
    ("{", "Expecting"),
])
def test_json_beyond_bounds_is_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(BadJson, match=why):
        parse_json(text)


def test_brackets_inside_texts_do_not_count_as_depth() -> None:
    note = "[" * (JSON_MAX_DEPTH * 2)
    assert parse_json('{"note": "\\"' + note + '"}') == {"note": '"' + note}


def test_ordinary_json_is_read_as_json() -> None:
    assert parse_json('{"a": [1, 2.5, "Ådå", true, null]}') == {"a": [1, 2.5, "Ådå", True, None]}
