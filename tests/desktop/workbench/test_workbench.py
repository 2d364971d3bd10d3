"""The translator's workbench on copies of the card sets: missing, stale, too long, placeholders,
unknown cards, broken files, live reload, filters, and the pseudo-language."""
from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QApplication

import cardsets
from cardsets import check
from cardsets.text import placeholders
from cardsets.yamlfile import CardSetError
from desktop.frame.card_item import CardFace, TextBox, band_collides, face_layout, overflows
from desktop.frame.i18n import Translator
from desktop.frame.pseudo import CODE, pseudo
from desktop.shell.main_window import MainWindow
from desktop.workbench.live import Follower, follow_saves
from desktop.workbench.model import Snapshot, build, place_of
from desktop.workbench.source import load_game, load_ui
from desktop.workbench.window import Workbench

LONG = ("Un titolo lunghissimo che nessuna carta potrebbe mai contenere senza rimpicciolire "
        "il testo fino a renderlo illeggibile")


def copy_sets(root: Path, *games: str) -> Path:
    """The shipped YAML of ``games`` and of the app strings under ``root``, free to edit."""
    for name in (*games, "ui"):
        shutil.copytree(cardsets.ROOT / name, root / name,
                        ignore=lambda folder, names: [n for n in names if not n.endswith(".yaml")
                                                      and not os.path.isdir(os.path.join(folder, n))])
    return root


# A wait, not a limit: waitUntil returns as soon as the change shows, and a machine loaded by a
# parallel test run can deliver a file event seconds late.
FILE_EVENT_WAIT_MS = 30_000


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def line_of(path: Path, start: str) -> str:
    return next(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith(start))


@pytest.fixture(autouse=True)
def fonts(qapp: Any) -> None:
    """Measuring text needs Qt's fonts, hence an application, even where no window is shown."""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return copy_sets(tmp_path / "cardsets", "chrononauts")


def snapshot(root: Path, target: str = "it") -> Snapshot:
    return build(load_game(root, "chrononauts"), load_ui(root), "en", target)


def side(snap: Snapshot, card: str, name: str) -> Any:
    return next(s for s in snap.sides if s.card_id == card and s.side == name)


def string(snap: Snapshot, key: str) -> Any:
    return next(s for s in snap.strings if s.key == key)


# --- what is found --------------------------------------------------------------------------


def test_every_side_of_every_card_is_there(root: Path) -> None:
    snap = snapshot(root)
    assert snap.problems == []
    assert snap.has_faces and len(snap.sides) > 100
    # every side of the two-sided cards is there
    assert {s.side for s in snap.sides if s.card_id == "tl_1865"} == {"true", "prime"}
    assert {s.side for s in snap.sides if s.card_id == "tl_1868"} == {"true", "paradox"}
    assert {s.side for s in snap.sides if s.card_id == "pat_1868"} == {"hand", "timeline"}


def test_a_missing_string_is_marked_on_its_card_and_counted(root: Path) -> None:
    before = snapshot(root).counts.missing
    it = root / "chrononauts" / "text" / "it.yaml"
    edit(it, line_of(it, "  tl_1865.prime.title:") + "\n", "")
    snap = snapshot(root)
    row = side(snap, "tl_1865", "prime")
    assert "missing" in row.states and "missing: tl_1865.prime.title" in row.notes
    assert "missing" not in side(snap, "tl_1865", "true").states
    assert row.target.title == "Lincoln Wounded"  # the table falls back to English
    assert snap.counts.missing == before + 1
    assert string(snap, "tl_1865.prime.title").states == {"missing"}
    # its place is the English line, as the Italian has none
    assert str(string(snap, "tl_1865.prime.title").where).startswith("chrononauts/text/en.yaml:")


def test_a_cards_note_is_a_string_to_translate_whose_english_stands_in_cards_yaml(root: Path) -> None:
    it = root / "chrononauts" / "text" / "it.yaml"
    snap = snapshot(root)
    note = string(snap, "id_gustav.note")
    assert note.source.startswith("Name and years are ours") and note.target.startswith("Nome e anni")
    assert str(note.where).startswith("chrononauts/text/it.yaml:")
    edit(it, line_of(it, "  id_gustav.note:") + "\n", "")
    snap = snapshot(root)
    note = string(snap, "id_gustav.note")
    assert note.states == {"missing"} and note.target == ""
    assert note.where == load_game(root, "chrononauts").card_places["id_gustav"]  # no Italian line to point at
    assert any("missing: id_gustav.note" in s.notes for s in snap.sides if s.card_id == "id_gustav")


def test_a_string_whose_english_changed_after_the_stamp_is_stale(root: Path, capsys: Any) -> None:
    assert check.stamp(root, "it", unstamped=True) == 0
    en = root / "chrononauts" / "text" / "en.yaml"
    edit(en, "  tl_1865.true.title: Lincoln Assassinated", "  tl_1865.true.title: Lincoln Shot at Ford's Theatre")
    snap = snapshot(root)
    assert snap.counts.stale == 1
    assert "stale" in side(snap, "tl_1865", "true").states
    assert string(snap, "tl_1865.true.title").states == {"stale"}


def test_a_title_too_long_for_its_box_is_flagged_and_outlined(root: Path) -> None:
    it = root / "chrononauts" / "text" / "it.yaml"
    edit(it, line_of(it, "  tl_1865.true.title:"), f"  tl_1865.true.title: {LONG}")
    snap = snapshot(root)
    row = side(snap, "tl_1865", "true")
    assert row.target_overflow == ("title",) and row.source_overflow == ()
    assert "overflow: tl_1865.true.title" in row.notes
    assert "tl_1865.true.title" in snap.overflowing
    assert "overflow" in string(snap, "tl_1865.true.title").states


def test_overflow_is_measured_on_the_layout_the_table_paints() -> None:
    face = CardFace(128, 92, "#000", "#fff", kind_label="Linchpin", year="1865", title="Lincoln", body="Ripples: 1868")
    boxes = {box.role: box for box in face_layout(face)}
    assert set(boxes) == {"kind_label", "year", "title", "body"}
    assert not any(overflows(box) for box in boxes.values())
    title = boxes["title"]
    assert overflows(TextBox("title", title.rect, LONG, title.pixel, True, "#000", Qt.AlignmentFlag.AlignCenter))
    # shrinking a little is what the table does anyway; only below 70 % is it too long
    assert not overflows(TextBox("title", QRectF(0, 0, 116, 40), "Andrew Johnson Impeached", 13, True, "#000",
                                 Qt.AlignmentFlag.AlignCenter))
    # each text fits its own box, and yet a long kind label runs into the year beside it
    assert not band_collides(face)
    assert band_collides(CardFace(128, 92, "#000", "#fff", kind_label="Storia verissima", year="1865′"))
    plate = CardFace(120, 34, "#000", "#000", title="Patch", plate=True, reconstructed=True)
    assert [box.role for box in face_layout(plate)] == ["title", "mark"]


@pytest.mark.parametrize("lang", ["it", "es", "nl"])
def test_a_placeholder_typo_is_shown_with_its_place(root: Path, lang: str) -> None:
    path = root / "chrononauts" / "text" / f"{lang}.yaml"
    line = line_of(path, "  card.ripples:")
    edit(path, line, line.replace("{years}", "{yaers}"))
    snap = snapshot(root, lang)
    number = path.read_text(encoding="utf-8").splitlines().index(line.replace("{years}", "{yaers}")) + 1
    assert [str(p) for p in snap.problems] == [
        f"chrononauts/text/{lang}.yaml:{number}:17: 'card.ripples' uses placeholders ['yaers'] but English uses ['years']"]
    assert snap.counts.placeholder == 1
    assert "placeholder" in string(snap, "card.ripples").states
    assert "placeholder" in side(snap, "tl_1865", "true").states


def test_a_key_for_a_card_that_does_not_exist_is_flagged(root: Path) -> None:
    it = root / "chrononauts" / "text" / "it.yaml"
    edit(it, line_of(it, "  tl_1865.true.title:"), line_of(it, "  tl_1865.true.title:") + "\n  tl_1866.true.title: Refuso")
    snap = snapshot(root)
    found = [str(p) for p in snap.problems]
    assert len(found) == 1 and found[0].startswith("chrononauts/text/it.yaml:")
    assert "'tl_1866.true.title' names card 'tl_1866', which is not in chrononauts/cards.yaml" in found[0]
    assert "(did you mean 'tl_" in found[0]
    assert "unknown" in string(snap, "tl_1866.true.title").states
    assert snap.counts.stale == 1  # English has no such key either


def test_places_come_from_the_key() -> None:
    cards = {"tl_1865"}
    assert [place_of(k, cards) for k in ("menu.quit", "status.saved", "event.card_played", "illegal.no_target",
                                         "new.title", "tl_1865.true.title", "kind.patch", "whatever.x")] == \
        ["menu", "status", "log", "refusal", "dialog", "card", "card", "other"]
    # the words of other games' cards are shown on cards too
    assert [place_of(k, set()) for k in ("team.conspirators", "condition.hold", "ab.block", "face.blocked")] == \
        ["card"] * 4


# --- the pseudo-language --------------------------------------------------------------------


def test_pseudo_keeps_placeholders_and_lengthens_every_english_string(root: Path) -> None:
    catalogs = [load_game(root, "chrononauts").texts.catalog, load_ui(root).catalog]
    for catalog in catalogs:
        for key, text in catalog.strings["en"].items():
            fake = pseudo(text)
            assert placeholders(fake) == placeholders(text), key
            plain = len(text) - sum(len(n) + 2 for n in placeholders(text) or ())
            if plain >= 10:
                assert len(fake) >= len(text) + 0.3 * plain, (key, fake)
    assert pseudo("Deck: {count}") == "[Ðééçķ: {count}]"
    assert pseudo("") == ""


def test_the_table_speaks_pseudo(qtbot: Any) -> None:
    tr = Translator(CODE)
    assert tr.language == CODE
    assert tr.text("label.deck", count=3) == "[Ðééçķ: 3]"
    assert tr.text("menu.quit") == pseudo("&Quit")


# --- the window -----------------------------------------------------------------------------


@pytest.fixture
def bench(qtbot: Any, root: Path) -> Workbench:
    window = Workbench(Translator("en"), root, "chrononauts", "en", "it")
    qtbot.addWidget(window)
    return window


def test_the_workbench_shows_both_languages_with_their_places(bench: Workbench) -> None:
    assert bench.snapshot is not None
    row = next(i for i, s in enumerate(bench.snapshot.sides) if (s.card_id, s.side) == ("tl_1865", "prime"))
    label = bench.cards.item(row, 0).text().splitlines()
    assert label[:2] == ["tl_1865", "Prime"]
    assert label[2].startswith("chrononauts/cards.yaml:") and label[3].startswith("chrononauts/text/it.yaml:")
    assert bench.cards.item(row, 1).data(Qt.ItemDataRole.UserRole) == "Lincoln Wounded"
    assert bench.cards.item(row, 2).data(Qt.ItemDataRole.UserRole) == "Lincoln ferito"
    assert not bench.cards.item(row, 2).data(Qt.ItemDataRole.DecorationRole).isNull()
    assert bench.strings.rowCount() == len(bench.snapshot.strings)
    keys = [bench.strings.item(r, 0).text() for r in range(bench.strings.rowCount())]
    assert "menu.quit" in keys and "illegal.needs_target" in keys
    quit_row = keys.index("menu.quit")
    assert [bench.strings.item(quit_row, c).text() for c in (1, 2, 3, 4)] == ["Menu", "&Quit", "&Esci", "OK"]
    counts = bench.snapshot.card_counts  # the Cards list is in view
    assert bench.counts.text() == f"{counts.missing} missing · {counts.stale} out of date · {counts.overflow} too long"


def test_filters_show_only_what_is_asked(bench: Workbench, root: Path) -> None:
    it = root / "chrononauts" / "text" / "it.yaml"
    edit(it, line_of(it, "  pat_1868.title:") + "\n", "")
    # Too long even for the widest face it is drawn on, the table's row of artifacts.
    edit(it, line_of(it, "  art_mona_fine.title:"), "  art_mona_fine.title: " + "Mona Lisa, " * 12 + "falso d'autore")
    bench.reload()
    bench.set_filter("missing")
    shown = bench.visible_cards()
    assert ("pat_1868", "hand") in shown and ("pat_1868", "timeline") in shown and ("tl_1865", "true") not in shown
    bench.set_filter("overflow")
    assert ("art_mona_fine", "player") in bench.visible_cards() and all("overflow" in s.states for s in bench.snapshot.sides  # type: ignore[union-attr]
                                         if (s.card_id, s.side) in bench.visible_cards())
    bench.set_filter("all")
    assert len(bench.visible_cards()) == len(bench.snapshot.sides)  # type: ignore[union-attr]


def test_pseudo_is_a_target_and_finds_overflows(bench: Workbench) -> None:
    bench.set_languages("en", CODE)
    assert bench.snapshot is not None and bench.snapshot.target_lang == CODE
    assert bench.target_box.currentText() == "Pseudo (longer text)"
    assert side(bench.snapshot, "tl_1865", "true").target.title.startswith("[")
    assert bench.snapshot.counts.overflow > 20


def test_saving_a_file_updates_the_workbench_and_a_broken_file_keeps_the_last_good_text(
        qtbot: Any, bench: Workbench, root: Path) -> None:
    it = root / "chrononauts" / "text" / "it.yaml"

    def title() -> str:
        assert bench.snapshot is not None
        return str(side(bench.snapshot, "tl_1865", "true").target.title)

    # Saved by renaming a new file over the old one, as many editors do.
    text = it.read_text(encoding="utf-8").replace(line_of(it, "  tl_1865.true.title:"), "  tl_1865.true.title: Lincoln ucciso")
    (it.parent / "it.yaml.new").write_text(text, encoding="utf-8")
    os.replace(it.parent / "it.yaml.new", it)
    qtbot.waitUntil(lambda: title() == "Lincoln ucciso", timeout=FILE_EVENT_WAIT_MS)
    # Saved in place, after the rename: the new file is watched too.
    edit(it, "  tl_1865.true.title: Lincoln ucciso", "  tl_1865.true.title: Lincoln colpito")
    qtbot.waitUntil(lambda: title() == "Lincoln colpito", timeout=FILE_EVENT_WAIT_MS)
    assert bench.banner.isHidden()

    edit(it, "  tl_1865.true.title: Lincoln colpito", "  tl_1865.true.title: \"Lincoln colpito")
    qtbot.waitUntil(lambda: not bench.banner.isHidden(), timeout=FILE_EVENT_WAIT_MS)
    banner = bench.banner.text()
    assert "chrononauts/text/it.yaml:" in banner and "YAML syntax" in banner
    assert any(part.count(":") >= 3 for part in banner.splitlines())  # file:line:column: message
    assert title() == "Lincoln colpito"

    edit(it, "  tl_1865.true.title: \"Lincoln colpito", "  tl_1865.true.title: Lincoln colpito")
    qtbot.waitUntil(lambda: bench.banner.isHidden(), timeout=FILE_EVENT_WAIT_MS)


def test_a_file_in_the_wrong_encoding_is_shown_and_the_workbench_keeps_running(bench: Workbench, root: Path) -> None:
    it = root / "chrononauts" / "text" / "it.yaml"
    data = it.read_text(encoding="utf-8").replace("  tl_1865.true.title: Lincoln assassinato",
                                                  "  tl_1865.true.title: Lincoln è morto")
    it.write_bytes(data.encode("latin-1", errors="replace"))
    bench.reload()
    assert "chrononauts/text/it.yaml:" in bench.banner.text() and "not UTF-8" in bench.banner.text()
    assert bench.snapshot is not None
    assert side(bench.snapshot, "tl_1865", "true").target.title == "Lincoln assassinato"
    bench.set_languages("en", "es")  # still usable
    assert side(bench.snapshot, "tl_1865", "true").target.title != ""


def test_the_running_table_follows_saves(qtbot: Any, root: Path) -> None:
    tr = Translator("it")
    seen: list[CardSetError] = []
    follow_saves(tr, root, "chrononauts", tr, seen.append)
    it = root / "chrononauts" / "text" / "it.yaml"
    edit(it, line_of(it, "  label.discard:"), "  label.discard: Pila degli scarti")
    qtbot.waitUntil(lambda: tr.text("label.discard") == "Pila degli scarti", timeout=FILE_EVENT_WAIT_MS)
    edit(it, "  label.discard: Pila degli scarti", "  label.discard: [Pila")
    qtbot.waitUntil(lambda: bool(seen), timeout=FILE_EVENT_WAIT_MS)
    assert str(seen[0]).startswith("chrononauts/text/it.yaml:")
    assert tr.text("label.discard") == "Pila degli scarti"


def test_a_save_that_cannot_be_read_is_said_on_the_window_in_the_players_words(root: Path, window: MainWindow) -> None:
    """The window's status line says why the texts were not reloaded: where, and what, in Dutch (the workbench
    shows the checker's English)."""
    window.set_language("nl")
    it = root / "chrononauts" / "text" / "it.yaml"
    number = it.read_text(encoding="utf-8").splitlines().index(line_of(it, "  label.discard:")) + 1
    edit(it, line_of(it, "  label.discard:"), "  label.discard: Pila: scarti")
    Follower(window.tr_, root, "chrononauts", window, window._texts_not_reloaded).reload()
    said = window.message.text()
    assert said == window.tr_.text("status.texts_not_reloaded", problem=f"chrononauts/text/it.yaml, regel {number}, "
                                   f"kolom {len('  label.discard: Pila') + 1}: {window.tr_.text('problem.yaml_syntax')}")
    assert "mapping values" not in said and "YAML syntax" not in said


def test_tools_translations_opens_the_workbench(qtbot: Any, window: MainWindow) -> None:
    assert window.menu_tools.title() == "&Tools"
    window.act_translations.trigger()
    QApplication.processEvents()
    assert window.workbench is not None and window.workbench.isVisible()
    qtbot.addWidget(window.workbench)
    assert isinstance(window.workbench, Workbench) and window.workbench.target_lang == "it"
    window.set_language("nl")
    assert window.menu_tools.title() == "E&xtra"
    assert window.workbench.windowTitle().startswith("Vertalingen")


def test_a_save_is_seen_even_when_no_file_event_comes(qtbot: Any, root: Path) -> None:
    """File events can fail to come (a network folder, a system out of inotify instances): the watcher
    also looks at the files' times and sizes every second, so the translator's save still shows."""
    from desktop.workbench.watch import CardSetWatcher

    watcher = CardSetWatcher(root)
    watcher._watcher.blockSignals(True)  # as if the system sent no event at all
    it = root / "chrononauts" / "text" / "it.yaml"
    with qtbot.waitSignal(watcher.changed, timeout=FILE_EVENT_WAIT_MS):
        edit(it, line_of(it, "  label.discard:"), "  label.discard: Pila degli scarti")
