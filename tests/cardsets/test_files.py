"""The bounded reader every file of the app goes through (#12: nothing the app reads can hold it up)."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from cardsets.files import (JSON_MAX_DEPTH, BadJson, FileRefused, parse_json, read_bytes, read_text, write_bytes,
                            write_text)


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


@pytest.mark.parametrize("text, code, params", [
    ("[" * 1000 + "]" * 1000, "json.too_deep", {}),
    ('{"elapsed": 1e400}', "json.large_number", {}),
    ('{"elapsed": Infinity}', "json.constant", {}),
    ('{"minutes": ' + "1" * 401 + "}", "json.long_number", {}),
    ('{"name": "Eve\\ud800"}', "json.lone_surrogate", {}),
    ("", "json.empty", {}),
    (" \n", "json.empty", {}),
    ('{"format": "convivium-save", ', "json.ends_early", {}),
    ('{"moves": [1, 2]\n', "json.ends_early", {}),
    ('{"format": 1,\n  "seed": 2,\n  oops}', "json.syntax", {"line": 3, "column": 3}),
    ("{ not json", "json.syntax", {"line": 1, "column": 3}),
])
def test_json_refused_names_its_reason_as_a_text_key(text: str, code: str, params: dict[str, int]) -> None:
    """A player reads why in their language: the reason is a key and its parameters, not Python's English."""
    with pytest.raises(BadJson) as refused:
        parse_json(text)
    assert (refused.value.code, refused.value.params) == (code, params)


def test_brackets_inside_texts_do_not_count_as_depth() -> None:
    note = "[" * (JSON_MAX_DEPTH * 2)
    assert parse_json('{"note": "\\"' + note + '"}') == {"note": '"' + note}


def test_ordinary_json_is_read_as_json() -> None:
    assert parse_json('{"a": [1, 2.5, "Ådå", true, null]}') == {"a": [1, 2.5, "Ådå", True, None]}


# --- The one writer (issue #39: one way to write a file) -----------------------------------------


def test_a_new_file_is_written_whole_with_the_usual_permissions(tmp_path: Path) -> None:
    target = tmp_path / "deck.pdf"
    assert write_bytes(target, b"%PDF") == target
    assert target.read_bytes() == b"%PDF"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]  # no temporary file left


def test_a_replaced_file_keeps_its_permissions_and_a_private_one_is_the_owners(tmp_path: Path) -> None:
    target = tmp_path / "it.yaml"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_text(target, "new")
    assert target.read_text(encoding="utf-8") == "new" and stat.S_IMODE(target.stat().st_mode) == 0o640
    private = tmp_path / "game.convivium.json"
    write_text(private, "{}", private=True)
    assert stat.S_IMODE(private.stat().st_mode) == 0o600


def test_an_existing_file_is_replaced_only_when_allowed(tmp_path: Path) -> None:
    target = tmp_path / "chrononauts.it.po"
    target.write_text("a translator's work", encoding="utf-8")
    with pytest.raises(FileRefused) as refused:
        write_text(target, "export", replace=False)
    assert refused.value.reason == "exists" and str(target) in str(refused.value)
    assert target.read_text(encoding="utf-8") == "a translator's work"


def _special(kind: str, tmp_path: Path) -> Path:
    """A target that is not a regular file (or cannot be written), made in ``tmp_path``."""
    target = tmp_path / "out.file"
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        if os.geteuid() == 0:
            os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a /dev/null of our own
        else:
            target.symlink_to("/dev/null")
    elif kind == "link to a device":
        target.symlink_to("/dev/null")
    elif kind == "folder":
        target.mkdir()
    elif kind == "dangling link":
        target.symlink_to(tmp_path / "nowhere")
    elif kind == "link to a folder":
        (tmp_path / "folder").mkdir()
        target.symlink_to(tmp_path / "folder")
    elif kind == "missing folder":
        target = tmp_path / "no such folder" / "out.file"
    elif kind == "read-only folder":
        if os.geteuid() == 0:
            pytest.skip("root writes into a read-only folder")
        (tmp_path / "locked").mkdir()
        target = tmp_path / "locked" / "out.file"
        (tmp_path / "locked").chmod(0o500)
    return target


SPECIAL = ("fifo", "device", "link to a device", "folder", "dangling link", "link to a folder", "missing folder",
           "read-only folder")


def _kind_of(path: Path) -> tuple[int, str] | None:
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    return stat.S_IFMT(found.st_mode), os.readlink(path) if stat.S_ISLNK(found.st_mode) else ""


@pytest.mark.parametrize("named", [False, True])
@pytest.mark.parametrize("kind", SPECIAL)
def test_a_target_that_is_not_a_regular_file_is_refused_and_left_alone(kind: str, named: bool, tmp_path: Path) -> None:
    target = _special(kind, tmp_path)
    before = _kind_of(target)
    with pytest.raises(OSError) as failed:
        write_bytes(target, b"data", named=named)
    assert failed.value.filename == str(target) or str(target) in str(failed.value)
    assert _kind_of(target) == before
    assert not list(target.parent.glob(".*.tmp")) if target.parent.is_dir() else True


def test_a_link_the_person_named_to_a_file_replaces_that_file(tmp_path: Path) -> None:
    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    with pytest.raises(FileRefused):  # not named: a link found in a folder is not followed
        write_bytes(link, b"new")
    assert write_bytes(link, b"new", named=True) == real
    assert link.is_symlink() and real.read_bytes() == b"new"


@pytest.mark.parametrize("call", ["write", "fsync"])
def test_a_full_disk_fails_naming_the_file_and_keeps_the_old_one(call: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"the good PDF")

    def full(*_args: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, call, full)
    with pytest.raises(OSError) as failed:
        write_bytes(target, b"x" * 100_000)
    monkeypatch.undo()
    assert failed.value.errno == errno.ENOSPC and failed.value.filename == str(target)
    assert target.read_bytes() == b"the good PDF"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


@pytest.mark.parametrize("durable", [True, False])
def test_a_file_is_flushed_to_the_disk_unless_it_need_not_be(durable: bool, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "entry.json"
    target.write_bytes(b"old")
    flushed: list[int] = []
    monkeypatch.setattr(os, "fsync", flushed.append)
    write_bytes(target, b"new", durable=durable)
    assert target.read_bytes() == b"new" and sorted(p.name for p in tmp_path.iterdir()) == ["entry.json"]
    assert len(flushed) == (2 if durable else 0)  # the file, then the folder that names it


def test_a_short_write_is_carried_on_not_taken_for_the_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = os.write
    monkeypatch.setattr(os, "write", lambda fd, data: real_write(fd, bytes(data[:7])))
    target = tmp_path / "f"
    write_bytes(target, b"0123456789" * 10)
    monkeypatch.undo()
    assert target.read_bytes() == b"0123456789" * 10
