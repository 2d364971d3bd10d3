"""Editing a string in the workbench (issue #13, item 3): the card redraws as it is typed, and saving
writes that string's line and its fingerprint only, into a copy of the card sets."""
from __future__ import annotations

import difflib
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

import cardsets
from cardsets.text import fingerprint
from cardsets.yamlfile import read
from desktop.frame.i18n import Translator
from desktop.workbench import edit
from desktop.workbench.window import Workbench

KEY = "tl_1865.true.title"
FILE_EVENT_WAIT_MS = 30_000  # a wait, not a limit: see test_workbench.py


def copy_sets(root: Path, *games: str) -> Path:
    for name in (*games, "ui"):
        shutil.copytree(cardsets.ROOT / name, root / name, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return root


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_sets(tmp_path / "cardsets", "chrononauts")


@pytest.fixture
def nl(root: Path) -> Path:
    return root / "chrononauts" / "text" / "nl.yaml"


def open_bench(qtbot: QtBot, root: Path, watch: bool = False) -> Workbench:
    window = Workbench(Translator("en"), root, "chrononauts", "en", "nl", watch=watch)
    # An edit left unsaved would make closing ask, and wait for an answer no test gives.
    qtbot.addWidget(window, before_close_func=lambda w: w.editor.revert())
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)  # Ctrl+S and Esc are the window's shortcuts
    return window


def card_row(bench: Workbench, card: str, side: str) -> int:
    assert bench.snapshot is not None
    return next(i for i, s in enumerate(bench.snapshot.sides) if s.card_id == card and s.side == side)


def string_row(bench: Workbench, key: str) -> int:
    assert bench.snapshot is not None
    return next(i for i, s in enumerate(bench.snapshot.strings) if s.key == key)


def target_image(bench: Workbench, row: int) -> QImage:
    return bench.cards.item(row, 2).data(Qt.ItemDataRole.DecorationRole).toImage()


def pick_title(bench: Workbench) -> int:
    row = card_row(bench, "tl_1865", "true")
    bench.cards.setCurrentCell(row, 0)
    assert bench.editor.key == KEY and bench.editor.value == "Lincoln vermoord"
    return row


def type_text(qtbot: QtBot, bench: Workbench, text: str) -> None:
    bench.editor.field.setFocus()
    qtbot.waitUntil(bench.editor.field.hasFocus)
    bench.editor.field.selectAll()
    qtbot.keyClicks(bench.editor.field, text)


def diff(before: str, after: str) -> tuple[list[str], list[str]]:
    lines = list(difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0))[2:]
    return [x[1:] for x in lines if x.startswith("-")], [x[1:] for x in lines if x.startswith("+")]


def test_typing_redraws_the_card_and_writes_nothing(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root)
    row = pick_title(bench)
    before, file_before = target_image(bench, row), nl.read_bytes()
    type_text(qtbot, bench, "Lincoln doodgeschoten")
    qtbot.waitUntil(lambda: target_image(bench, row) != before)
    assert bench.cards.item(row, 2).data(Qt.ItemDataRole.UserRole) == "Lincoln doodgeschoten"
    assert len(bench.editor.faces.findChildren(type(bench.editor.heading))) >= 1  # the preview beside the editor
    assert nl.read_bytes() == file_before


def test_save_changes_that_line_and_stamps_that_key_only(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root)
    pick_title(bench)
    old_stamps = read(nl).data["translated_from"]
    before = nl.read_text(encoding="utf-8")
    type_text(qtbot, bench, "Lincoln: vermoord # in Ford's Theatre")
    qtbot.keyClick(bench.editor.field, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    after = nl.read_text(encoding="utf-8")
    removed, added = diff(before, after)
    assert removed == ["  tl_1865.true.title: Lincoln vermoord"]
    # The value round-trips through the loader; its fingerprint joins the block after its last line.
    assert added == ['  tl_1865.true.title: "Lincoln: vermoord # in Ford\'s Theatre"',
                     f'  {KEY}: "{fingerprint("Lincoln Assassinated")}"']
    data = read(nl).data
    assert data["strings"][KEY] == "Lincoln: vermoord # in Ford's Theatre"
    assert data["translated_from"] == {**old_stamps, KEY: fingerprint("Lincoln Assassinated")}
    assert "translated_from:  # the English each note was translated from (see above)" in after
    assert not bench.editor.dirty


def test_saving_a_string_already_stamped_changes_exactly_one_line(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root)
    bench.tabs.setCurrentIndex(1)
    bench.strings.setCurrentCell(string_row(bench, "tl_1945.note"), 0)
    assert bench.editor.key == "tl_1945.note"
    before = nl.read_text(encoding="utf-8")
    type_text(qtbot, bench, "Een nieuwe notitie: met dubbele punt")
    assert bench.editor.save()
    removed, added = diff(before, nl.read_text(encoding="utf-8"))
    assert len(removed) == 1 and removed[0].startswith("  tl_1945.note: ")
    assert added == ['  tl_1945.note: "Een nieuwe notitie: met dubbele punt"']


def test_a_file_changed_on_disk_is_refused_and_the_edit_kept(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root)
    pick_title(bench)
    type_text(qtbot, bench, "Lincoln neergeschoten")
    nl.write_text(nl.read_text(encoding="utf-8") + "# someone else's line\n", encoding="utf-8")
    outside = nl.read_bytes()
    assert not bench.editor.save()
    assert nl.read_bytes() == outside
    assert bench.editor.value == "Lincoln neergeschoten" and bench.editor.dirty
    assert "Another program changed chrononauts/text/nl.yaml" in bench.editor.status.text()


def test_a_save_is_said_to_a_screen_reader_as_well_as_shown(qtbot: QtBot, root: Path, nl: Path) -> None:
    """Saved or refused, the words under the field are announced: a translator working with a screen reader heard
    nothing of either."""
    from desktop.frame import accessibility

    heard: list[str] = []
    accessibility.listeners.append(lambda kind, _source, text: heard.append(text) if kind == "announce" else None)
    try:
        bench = open_bench(qtbot, root)
        pick_title(bench)
        type_text(qtbot, bench, "Lincoln neergeschoten")
        nl.write_text(nl.read_text(encoding="utf-8") + "# someone else's line\n", encoding="utf-8")
        assert not bench.editor.save()
        assert heard and "Another program changed chrononauts/text/nl.yaml" in heard[-1]
        bench.editor.revert()
        bench.close()
        bench = open_bench(qtbot, root)  # the file as it is now on disk
        pick_title(bench)
        type_text(qtbot, bench, "Lincoln neergeschoten")
        assert bench.editor.save()
        assert heard[-1] == bench.editor.message and "nl.yaml" in heard[-1]
    finally:
        accessibility.listeners.pop()


def test_markup_is_shown_as_plain_text(qtbot: QtBot, root: Path) -> None:
    bench = open_bench(qtbot, root)
    row = pick_title(bench)
    type_text(qtbot, bench, "<b>Lincoln</b> <img src='x'>")
    qtbot.waitUntil(lambda: bench.cards.item(row, 2).data(Qt.ItemDataRole.UserRole) == "<b>Lincoln</b> <img src='x'>")
    tip = bench.cards.item(row, 2).toolTip()
    assert "&lt;b&gt;Lincoln&lt;/b&gt;" in tip and "<b>" not in tip  # escaped: Qt would read it as HTML
    assert bench.editor.heading.textFormat() == Qt.TextFormat.PlainText
    assert bench.editor.status.textFormat() == Qt.TextFormat.PlainText


def test_a_placeholder_english_lacks_is_warned_as_check_warns_it(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root)
    pick_title(bench)
    type_text(qtbot, bench, "Lincoln en {card}")
    line = next(i for i, x in enumerate(nl.read_text(encoding="utf-8").splitlines(), 1) if x.startswith(f"  {KEY}:"))
    qtbot.waitUntil(lambda: "placeholders" in bench.editor.status.text())
    assert bench.editor.status.text() == (f"chrononauts/text/nl.yaml:{line}:23: '{KEY}' uses placeholders ['card'] "
                                          "but English uses []")


def test_a_value_too_long_for_the_loader_is_refused(qtbot: QtBot, root: Path, nl: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    bench = open_bench(qtbot, root)
    pick_title(bench)
    before = nl.read_bytes()
    monkeypatch.setattr(edit, "MAX_FILE_BYTES", len(before) + 200)  # the loader's bound, made small to type
    bench.editor.field.setPlainText("x" * 400)
    assert not bench.editor.save()
    assert nl.read_bytes() == before and bench.editor.value == "x" * 400
    assert bench.editor.status.text().startswith("Too long: with this text chrononauts/text/nl.yaml would be ")


def test_a_control_character_is_refused_as_check_and_import_refuse_it(qtbot: QtBot, root: Path, nl: Path) -> None:
    """Issue #39: the save, `translate import` and `convivium check` hold a text to the same rules."""
    bench = open_bench(qtbot, root)
    pick_title(bench)
    before = nl.read_bytes()
    bench.editor.field.setPlainText("Lincoln\x07 vermoord")
    qtbot.waitUntil(lambda: "control character U+0007" in bench.editor.status.text())  # said while typing
    assert not bench.editor.save()
    assert nl.read_bytes() == before
    assert "control character U+0007" in bench.editor.status.text()


def test_escape_drops_the_edit(qtbot: QtBot, root: Path) -> None:
    bench = open_bench(qtbot, root)
    pick_title(bench)
    type_text(qtbot, bench, "iets anders")
    bench.editor.field.setFocus()
    qtbot.keyClick(bench.editor.field, Qt.Key.Key_Escape)
    assert bench.editor.value == "Lincoln vermoord" and not bench.editor.dirty


def answer(choice: str, seen: dict[str, Any]) -> None:
    """Click ``choice`` in the question box once it shows, noting its default and Esc buttons."""
    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, click)
            return
        seen["default"] = box.defaultButton().text()
        seen["escape"] = box.escapeButton().text()
        seen["buttons"] = [b.text() for b in box.buttons()]
        next(b for b in box.buttons() if b.text() == choice).click()
    QTimer.singleShot(0, click)


def test_leaving_an_unsaved_edit_asks_and_discard_is_never_the_default(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root)
    row = pick_title(bench)
    type_text(qtbot, bench, "Lincoln neergeschoten")
    seen: dict[str, Any] = {}
    answer("Cancel", seen)
    bench.cards.setCurrentCell(card_row(bench, "tl_1868", "true"), 0)
    assert seen == {"default": "Cancel", "escape": "Cancel", "buttons": ["Save", "Discard", "Cancel"]}
    assert bench.cards.currentRow() == row and bench.editor.value == "Lincoln neergeschoten"

    answer("Discard", seen)
    bench.cards.setCurrentCell(card_row(bench, "tl_1868", "true"), 0)
    assert bench.editor.key == "tl_1868.true.title"
    assert "Lincoln neergeschoten" not in nl.read_text(encoding="utf-8")


def test_the_apps_own_save_does_not_lose_the_next_edit(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root, watch=True)
    assert bench.watcher is not None
    pick_title(bench)
    type_text(qtbot, bench, "Lincoln vermoord!")
    with qtbot.waitSignal(bench.watcher.changed, timeout=FILE_EVENT_WAIT_MS):
        assert bench.editor.save()
        type_text(qtbot, bench, "Lincoln vermoord!!")  # typing on while the watcher sees the save
    assert bench.editor.value == "Lincoln vermoord!!" and bench.editor.dirty
    assert bench.editor.save()
    assert read(nl).data["strings"][KEY] == "Lincoln vermoord!!"


def test_the_state_column_says_too_long_while_the_typed_text_overflows(qtbot: QtBot, root: Path, nl: Path) -> None:
    bench = open_bench(qtbot, root)
    row = pick_title(bench)
    state = lambda: bench.cards.item(row, 3).text()  # noqa: E731
    assert state() == "OK"
    type_text(qtbot, bench, "Lincoln vermoord in het theater " * 4)
    qtbot.waitUntil(lambda: state() == f"Too long: {KEY}")
    type_text(qtbot, bench, "Lincoln doodgeschoten")
    qtbot.waitUntil(lambda: state() == "OK")
    assert bench.cards.item(row, 3).foreground().color() != QColor("#d81b60")


def test_a_counted_string_has_a_field_per_plural_form_named_by_its_category_and_a_number(
        qtbot: QtBot, root: Path) -> None:
    """Italian has a "many" form English lacks: it is listed, each form has its own field labelled "molti (p. es.
    1000000)" in the translator's Italian, and one save writes every form edited, each stamped against the
    English it is translated from ("many" against English "other") (issue #38)."""
    it = root / "chrononauts" / "text" / "it.yaml"
    lines = it.read_text(encoding="utf-8").splitlines(keepends=True)
    it.write_text("".join(line for line in lines if not line.startswith("  prompt.miracle.many:")), encoding="utf-8")
    window = Workbench(Translator("it"), root, "chrononauts", "en", "it")
    qtbot.addWidget(window, before_close_func=lambda w: w.editor.revert())
    assert window.snapshot is not None
    row = next(i for i, s in enumerate(window.snapshot.strings) if s.key == "prompt.miracle.many")
    assert "missing" in window.snapshot.strings[row].states
    assert window.snapshot.strings[row].source == "Play a card from the miracle, or stop ({plays} left)."
    window.tabs.setCurrentIndex(1)
    window.strings.setCurrentCell(row, 0)
    editor = window.editor
    assert editor.key == "prompt.miracle.many" and editor.value == ""
    assert [(key, label) for key, label, _ in editor.plural_forms()] == [
        ("prompt.miracle.one", "uno (p. es. 1)"), ("prompt.miracle.many", "molti (p. es. 1000000)"),
        ("prompt.miracle.other", "altri (p. es. 2)")]
    assert editor.field_label.text() == "molti (p. es. 1000000):"
    assert sorted(editor.others) == ["prompt.miracle.one", "prompt.miracle.other"]
    assert editor.others["prompt.miracle.one"].toPlainText().endswith("(ne resta {plays} da giocare).")
    # The three fields stand, and Tab goes, in the language's order of forms, the picked one in its place.
    window.show()
    qtbot.waitExposed(window)
    in_order = [editor.others["prompt.miracle.one"], editor.field, editor.others["prompt.miracle.other"]]
    tops = [field.mapTo(window, QPoint(0, 0)).y() for field in in_order]
    assert tops == sorted(tops) and len(set(tops)) == 3

    def next_field(field: QWidget) -> QWidget:  # the chain also holds each field's own viewport
        step = field.nextInFocusChain()
        while step not in in_order:
            step = step.nextInFocusChain()
        return step

    assert [next_field(field) for field in in_order[:2]] == in_order[1:]
    before = it.read_text(encoding="utf-8")
    editor.field.setPlainText("Gioca una carta del miracolo, o fermati (ne restano {plays} da giocare).")
    editor.others["prompt.miracle.one"].setPlainText("Gioca una carta del miracolo, o fermati (ancora {plays}).")
    assert editor.dirty
    assert editor.save() and not editor.dirty
    data = read(it).data
    assert data["strings"]["prompt.miracle.many"].endswith("(ne restano {plays} da giocare).")
    assert data["strings"]["prompt.miracle.one"].endswith("(ancora {plays}).")
    english = cardsets.load_texts("chrononauts", root).strings["en"]
    assert data["translated_from"]["prompt.miracle.many"] == fingerprint(english["prompt.miracle.other"])
    assert data["translated_from"]["prompt.miracle.one"] == fingerprint(english["prompt.miracle.one"])
    removed, added = diff(before, it.read_text(encoding="utf-8"))
    assert [line.split(":")[0] for line in removed] == ["  prompt.miracle.one"]
    assert editor.others["prompt.miracle.other"].toPlainText() == data["strings"]["prompt.miracle.other"]
