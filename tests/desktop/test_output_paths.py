"""Every path a person names for Convivium to write, against every place a file should not go (issue #39).

The options: ``--screenshot PNG``, ``print -o PDF``, ``translate export ... DIR`` (the file it makes there),
``translate import FILE`` (read, and the translations file it writes), the Bacchanalia journal's export and
Save as. The places: a FIFO (nothing reads it: a writer that opens it hangs), a device (as root ``print``
replaced /dev/full), a link to a device, a folder, a dangling link, a link to a folder, a missing folder, a
read-only folder (skipped as root, who writes anyway) and a full disk (ENOSPC, mocked where the one writer
syncs the file).

Each one either refuses or fails with a message naming the path, never hangs, never crashes, leaves
whatever was there as it was (same kind, same inode), and leaves no temporary file behind.
"""
from __future__ import annotations

import errno
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from table_driver import Dialogs, make_window

import cardsets
from desktop.cli import main as cli_main
from desktop.frame import storage
from desktop.frame.seat_table import SeatGame
from desktop.games.chrononauts.solonauts_stats import Statistics
from desktop.shell import app
from desktop.workbench import edit

KINDS = ("fifo", "device", "link to a device", "folder", "dangling link", "link to a folder", "missing folder",
         "read-only folder", "full disk")


def place(kind: str, target: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Make ``target`` the kind of place ``kind`` names; the path to write to."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "device":
        if os.geteuid() != 0:
            pytest.skip("only root can make a device node")
        os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # our own /dev/null
    elif kind == "link to a device":
        target.symlink_to("/dev/null")
    elif kind == "folder":
        target.mkdir()
    elif kind == "dangling link":
        target.symlink_to(target.parent / "nowhere")
    elif kind == "link to a folder":
        (target.parent / "a folder").mkdir()
        target.symlink_to(target.parent / "a folder")
    elif kind == "missing folder":
        return target.parent / "no such folder" / "deeper" / target.name
    elif kind == "read-only folder":
        if os.geteuid() == 0:
            pytest.skip("root writes into a read-only folder")
        target.parent.chmod(0o500)
    elif kind == "full disk":
        if not target.exists():
            target.write_bytes(b"the good file")

        def full(_fd: int) -> None:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(os, "fsync", full)
    return target


def state(path: Path) -> Any:
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    kept = path.read_bytes() if stat.S_ISREG(found.st_mode) else None
    return stat.S_IFMT(found.st_mode), found.st_ino, kept


def check(kind: str, target: Path, before: Any, failed: bool, said: str) -> None:
    assert failed, f"{kind}: reported success"
    assert (str(target) in said or target.name in said) and "convivium-text-" not in said, said  # not a scratch file
    assert state(target) == before
    folder = target.parent
    if folder.is_dir() and os.access(folder, os.R_OK):
        assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]


@pytest.fixture(autouse=True)
def writable_again(tmp_path: Path) -> Any:
    yield
    for folder in tmp_path.rglob("*"):
        if folder.is_dir() and not folder.is_symlink():
            folder.chmod(0o755)


@pytest.mark.parametrize("kind", KINDS)
def test_print_output(kind: str, tmp_path: Path, qapp: Any, monkeypatch: pytest.MonkeyPatch,
                      capsys: pytest.CaptureFixture[str]) -> None:
    target = place(kind, tmp_path / "out" / "deck.pdf", monkeypatch)
    before = state(target)
    code = cli_main(["print", "banquet", "--force", "-o", str(target)])
    check(kind, target, before, code == 2, capsys.readouterr().err)


@pytest.mark.parametrize("kind", KINDS)
def test_screenshot(kind: str, tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch,
                    capsys: pytest.CaptureFixture[str]) -> None:
    target = place(kind, tmp_path / "out" / "shot.png", monkeypatch)
    before = state(target)
    try:
        code = app.run(["--game", "parsifal", "--players", "3", "--force", "--screenshot", str(target)])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    check(kind, target, before, code == 2, capsys.readouterr().err)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    copy = tmp_path / "cardsets"
    for name in ("chrononauts", "ui"):
        shutil.copytree(cardsets.ROOT / name, copy / name)
    return copy


@pytest.mark.parametrize("kind", KINDS)
def test_translate_export(kind: str, tmp_path: Path, root: Path, monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    target = place(kind, tmp_path / "out" / "chrononauts.it.po", monkeypatch)
    before = state(target)
    code = cli_main(["translate", "--root", str(root), "export", "--force", "chrononauts", "it", str(target.parent)])
    if kind == "missing folder":  # the folder named is made, as mkdir -p would
        assert code == 0 and target.is_file()
        return
    check(kind, target, before, code == 1, capsys.readouterr().err)


@pytest.mark.parametrize("kind", KINDS)
def test_translate_import_writes_only_a_regular_file(kind: str, tmp_path: Path, root: Path, home: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The file it writes: the user's translations file, in each of those places."""
    po = tmp_path / "chrononauts.it.po"
    assert cli_main(["translate", "--root", str(root), "export", "chrononauts", "it", str(tmp_path)]) == 0
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Titanic a picco"', 'msgstr "Il Titanic va giù"'),
                  encoding="utf-8")
    target = home / "translations" / "chrononauts" / "it.yaml"
    if kind == "missing folder":
        before = state(root / "chrononauts" / "text" / "it.yaml")
        assert cli_main(["translate", "--root", str(root), "import", str(po)]) == 0  # the folder is made
        assert "Il Titanic va giù" in target.read_text(encoding="utf-8")
        assert state(root / "chrononauts" / "text" / "it.yaml") == before
        return
    if kind == "full disk":  # the file a first import made, which a second cannot finish replacing
        target.parent.mkdir(parents=True)
        shutil.copy(root / "chrononauts" / "text" / "it.yaml", target)
    target = place(kind, target, monkeypatch)
    before = state(target)
    code = cli_main(["translate", "--root", str(root), "import", str(po)])
    check(kind, target, before, code == 1, capsys.readouterr().err)


@pytest.mark.parametrize("kind", [k for k in KINDS if k not in ("full disk", "read-only folder")] + ["unreadable"])
def test_translate_import_reads_only_a_regular_file(kind: str, tmp_path: Path, root: Path, home: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The file it reads, in each of those places: refused at once, named, nothing written anywhere."""
    if kind == "unreadable":
        if os.geteuid() == 0:
            pytest.skip("root reads a chmod 000 file")
        source = tmp_path / "in" / "chrononauts.it.po"
        source.parent.mkdir()
        source.write_text("msgid \"\"\nmsgstr \"\"\n", encoding="utf-8")
        source.chmod(0)
    else:
        source = place(kind, tmp_path / "in" / "chrononauts.it.po", monkeypatch)
    installed = state(root / "chrononauts" / "text" / "it.yaml")
    code = cli_main(["translate", "--root", str(root), "import", str(source)])
    said = capsys.readouterr().err
    assert code == 1 and source.name in said
    assert state(root / "chrononauts" / "text" / "it.yaml") == installed
    assert not (home / "translations").exists()


def _bacchanalia_table(qtbot: Any, dialogs: Dialogs) -> Any:
    main = make_window(qtbot, dialogs)
    table = main.new_hotseat("bacchanalia", "standard", ["Ann", "Bob", "Cleo"], {}, 4)
    assert table is not None
    return main, table


@pytest.mark.parametrize("kind", KINDS)
def test_journal_export(kind: str, tmp_path: Path, qtbot: Any, home: Path, dialogs: Dialogs,
                        monkeypatch: pytest.MonkeyPatch) -> None:
    _main, table = _bacchanalia_table(qtbot, dialogs)
    target = place(kind, tmp_path / "out" / "story.md", monkeypatch)
    before = state(target)
    monkeypatch.setattr(table, "choose_export_path", lambda: target)
    ok = table.export_story()
    monkeypatch.undo()
    said = dialogs.informed[-1][1] if dialogs.informed else ""
    if kind == "missing folder":  # made, as for every file the app writes (a file dialog names folders that exist)
        assert ok and target.is_file()
        return
    check(kind, target, before, not ok, said)


@pytest.mark.parametrize("kind", KINDS)
def test_save_as(kind: str, tmp_path: Path, qtbot: Any, home: Path, dialogs: Dialogs,
                 monkeypatch: pytest.MonkeyPatch) -> None:
    main, _table = _bacchanalia_table(qtbot, dialogs)
    target = place(kind, tmp_path / "out" / "game.convivium.json", monkeypatch)
    before = state(target)
    ok = main.save_to(target)
    monkeypatch.undo()
    said = dialogs.informed[-1][1] if dialogs.informed else ""
    if kind == "missing folder":
        assert ok and target.is_file()
        return
    check(kind, target, before, not ok, said)




# --- The app's own files: the same writer, the same refusals ----------------------------------------------


def _settings(target: Path) -> None:
    storage.save_settings({"language": "it"})  # settings are a convenience: a failure is not raised


def _statistics(target: Path) -> None:
    stats = Statistics(target.parent / "read-before.json")  # reading a FIFO there sets it aside: another test
    stats.path = target
    stats.record(8, True, 8)  # statistics are a pleasure: a failure is not raised


def _autosave(target: Path) -> None:
    game = SeatGame.start("parsifal", "standard", ["Ann", "Bob"], {}, 1)
    game.save(target)


def _workbench(target: Path) -> None:
    english = cardsets.load_ui_texts().strings["en"]
    key = "game.banquet"
    file = edit.StringFile(target.parent, "ui", "it")
    edit.save(file, edit.read_base(file), key, "Il Banchetto di Bacco", english)


OWN_FILES: dict[str, tuple[Callable[[Path], None], Callable[[Path], Path]]] = {
    "settings": (_settings, lambda _tmp: storage.settings_path()),
    "statistics": (_statistics, lambda tmp: tmp / "stats" / "solonauts-stats.json"),
    "autosave": (_autosave, lambda _tmp: storage.games_dir() / f"game-x{storage.SAVE_SUFFIX}"),
    "workbench save": (_workbench, lambda tmp: tmp / "ui" / "text" / "it.yaml"),
}


@pytest.mark.parametrize("kind", ["fifo", "link to a device", "folder", "dangling link", "full disk"])
@pytest.mark.parametrize("writer", sorted(OWN_FILES))
def test_the_apps_own_files(writer: str, kind: str, tmp_path: Path, home: Path, qapp: Any,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    write, where = OWN_FILES[writer]
    target = where(tmp_path)
    if writer == "workbench save":
        shutil.copytree(cardsets.ROOT / "ui" / "text", target.parent)
        if kind != "full disk":
            target.unlink()
    target = place(kind, target, monkeypatch)
    before = state(target)
    try:
        write(target)
    except OSError as exc:  # a save says why, naming the file
        assert exc.filename == str(target) or str(target) in str(exc)
    assert state(target) == before
    assert not [p for p in target.parent.iterdir() if p.name.endswith(".tmp")]
