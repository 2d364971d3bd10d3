"""`convivium print`: a deck on A4 pages, nine cards a page and a page of backs behind each (issue #13, item 5)."""
from __future__ import annotations

import errno
import math
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QMessageBox

import cardsets
from desktop.cli import main
from desktop.frame.i18n import Translator
from desktop.workbench import print_deck
from desktop.workbench import window as window_module
from desktop.workbench.window import Workbench


def pages_of(pdf: Path) -> int:
    """The page objects in the PDF's bytes (not the /Pages tree that holds them)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf.read_bytes()))


def test_a_deck_has_a_page_per_nine_cards_and_a_page_of_backs_behind_each(tmp_path: Path, qapp: Any) -> None:
    target = tmp_path / "banquet-it.pdf"
    assert main(["print", "banquet", "--lang", "it", "-o", str(target)]) == 0
    cards = len(print_deck.deck_faces(cardsets.ROOT, "banquet", "it"))
    assert cards > 9
    assert pages_of(target) == 2 * math.ceil(cards / 9)
    assert [p.name for p in tmp_path.iterdir()] == ["banquet-it.pdf"]  # no temporary file left


def test_all_sides_prints_the_other_sides_too(tmp_path: Path, qapp: Any) -> None:
    first = print_deck.deck_faces(cardsets.ROOT, "parsifal", "en")
    every = print_deck.deck_faces(cardsets.ROOT, "parsifal", "en", all_sides=True)
    assert len(every) > len(first)
    target = tmp_path / "all.pdf"
    assert main(["print", "parsifal", "--all-sides", "-o", str(target)]) == 0
    assert pages_of(target) == 2 * math.ceil(len(every) / 9)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) is not installed")
def test_every_page_renders_to_cards(tmp_path: Path, qapp: Any) -> None:
    target = tmp_path / "deck.pdf"
    assert main(["print", "chrononauts", "--lang", "es", "-o", str(target)]) == 0
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(target), str(tmp_path / "page")], check=True)
    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) == pages_of(target)
    for path in images:
        image = QImage(str(path))
        samples = [image.pixelColor(x, y).lightness() for x in range(0, image.width(), 2)
                   for y in range(0, image.height(), 2)]
        # Even a last page with a single card inks a twentieth of it; a blank page has crop marks at most.
        assert sum(1 for lightness in samples if lightness < 200) > len(samples) // 50, path.name


@pytest.mark.parametrize("where", ["missing-folder/deck.pdf", "a-folder"])
def test_an_unwritable_path_is_refused_and_leaves_nothing(tmp_path: Path, qapp: Any, where: str,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-folder").mkdir()  # a folder cannot be replaced by the PDF
    before = sorted(tmp_path.rglob("*"))
    assert main(["print", "banquet", "-o", str(tmp_path / where)]) == 2
    assert "cannot write" in capsys.readouterr().err
    assert sorted(tmp_path.rglob("*")) == before


def test_the_workbench_prints_the_shown_game_in_the_target_language(tmp_path: Path, qtbot: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    window = Workbench(Translator("en"), cardsets.ROOT, "banquet", "en", "nl", watch=False)
    qtbot.addWidget(window)
    target = tmp_path / "inserts.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(target), "")))
    calls: list[tuple[Any, ...]] = []

    def spy(*args: Any) -> int:
        calls.append(args)
        return print_deck.print_game(*args)

    monkeypatch.setattr(window_module, "print_game", spy)
    window.print_button.click()
    assert calls == [(cardsets.ROOT, "banquet", "nl", target)]
    assert pages_of(target) == 2 * math.ceil(len(print_deck.deck_faces(cardsets.ROOT, "banquet", "nl")) / 9)


def test_the_workbench_says_when_it_cannot_print(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    window = Workbench(Translator("en"), cardsets.ROOT, "banquet", "en", "it", watch=False)
    qtbot.addWidget(window)
    target = tmp_path / "nowhere" / "deck.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(target), "")))
    shown: list[str] = []

    def exec_(box: QMessageBox) -> int:
        shown.append(box.text())
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    window.print_button.click()
    assert len(shown) == 1 and "could not be written" in shown[0] and str(target) in shown[0]
    assert not target.parent.exists()


def test_the_workbench_says_why_it_cannot_print_in_its_language(tmp_path: Path, qtbot: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The reason is the workbench's language too, not the system's English ("No such file or directory")."""
    tr = Translator("it")
    window = Workbench(tr, cardsets.ROOT, "banquet", "en", "it", watch=False)
    qtbot.addWidget(window)
    target = tmp_path / "nowhere" / "deck.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(target), "")))
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "exec", lambda box: shown.append(box.text()) or 0)
    window.print_button.click()
    assert shown == [tr.text("wb.print_failed", reason=f"{target}: {tr.text('file_error.not_found')}")]
    assert "No such file" not in shown[0]


# --- Issue #39: the PDF is written by the one writer -----------------------------------------------------


def test_a_full_disk_fails_naming_the_file_and_keeps_the_good_pdf(tmp_path: Path, qapp: Any,
                                                                  monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """It said "18 pages written", exited 0 and left a truncated PDF in place of the good one."""
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"%PDF-1.4 the good deck")

    def full(*_args: object) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)  # the disk fills as the file is made to last
    assert main(["print", "banquet", "--force", "-o", str(target)]) == 2
    monkeypatch.undo()
    err = capsys.readouterr().err
    assert str(target) in err and os.strerror(errno.ENOSPC) in err
    assert target.read_bytes() == b"%PDF-1.4 the good deck"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]


def _device(tmp_path: Path) -> Path:
    node = tmp_path / "device.pdf"
    if os.geteuid() == 0:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # our own /dev/null: as root it replaced /dev/full
    else:
        node.symlink_to("/dev/null")
    return node


@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_device_or_a_fifo_is_never_replaced_by_the_pdf(tmp_path: Path, qapp: Any, kind: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    if kind == "fifo":
        target = tmp_path / "deck.pdf"
        os.mkfifo(target)
    else:
        target = _device(tmp_path)
    before = os.lstat(target)
    assert main(["print", "banquet", "--force", "-o", str(target)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    after = os.lstat(target)
    assert (stat.S_IFMT(after.st_mode), after.st_ino) == (stat.S_IFMT(before.st_mode), before.st_ino)


def test_an_existing_pdf_is_replaced_only_with_force(tmp_path: Path, qapp: Any,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"%PDF-1.4 yesterday's deck")
    assert main(["print", "banquet", "-o", str(target)]) == 2
    assert "--force" in capsys.readouterr().err
    assert target.read_bytes() == b"%PDF-1.4 yesterday's deck"
    assert main(["print", "banquet", "--force", "-o", str(target)]) == 0
    assert pages_of(target) > 0
