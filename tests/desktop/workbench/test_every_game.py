"""The workbench draws the cards of every game, in every language, as the tables paint them; the
rules' pictures come from the same adapters; games are named in the workbench's language; the
header counts the rows its filters show."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

import cardsets
from cardsets.text import LANGUAGES, placeholders
from desktop.frame.i18n import Translator
from desktop.workbench import adapters
from desktop.workbench.adapters import card_picture
from desktop.workbench.render import SCALE
from desktop.workbench.source import load_game, load_ui
from desktop.workbench.window import Workbench
from test_workbench import copy_sets, edit, line_of

GAMES = ("bacchanalia", "banquet", "chrononauts", "parsifal")
PICTURE = re.compile(r"!\[\[([a-z0-9_]+)\]\]")


def colours(image: QImage) -> int:
    """How many different colours a grid of points over the image finds: a blank image has one."""
    return len({image.pixel(x, y) for x in range(0, image.width(), 3) for y in range(0, image.height(), 3)})


@pytest.fixture(scope="module")
def root(tmp_path_factory: Any) -> Path:
    return copy_sets(tmp_path_factory.mktemp("sets") / "cardsets", *GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_card_of_every_game_is_drawn_in_every_language(qtbot: Any, root: Path, game: str) -> None:
    bench = Workbench(Translator("en"), root, game, "en", "it", watch=False)
    qtbot.addWidget(bench)
    bench.show()
    assert not bench.cards.isHidden() and bench.no_faces.isHidden()
    texts = load_game(root, game).texts.catalog
    for lang in LANGUAGES:
        bench.set_languages("en", lang)
        snap = bench.snapshot
        assert snap is not None and snap.has_faces and snap.target_lang == lang
        assert {s.card_id for s in snap.sides} == set(load_game(root, game).card_places) - {"set"}
        for row, side in enumerate(snap.sides):
            assert side.card_place is not None and side.card_place.file == f"{game}/cards.yaml"
            assert side.string_place is not None and side.string_place.file == f"{game}/text/{lang}.yaml"
            title = side.keys["title"]
            if not placeholders(texts.text(lang, title)):
                assert texts.text(lang, title) in side.target.title, (side.card_id, side.side)
                assert texts.text("en", title) in side.source.title, (side.card_id, side.side)
            picture = bench.cards.item(row, 2).data(Qt.ItemDataRole.DecorationRole).toImage()
            assert colours(picture) > 3, (side.card_id, side.side)


def test_each_card_has_every_side_its_table_paints(qapp: Any, root: Path) -> None:  # faces are measured: Qt's fonts
    ui = load_ui(root)

    def sides(game: str, card: str) -> list[str]:
        from desktop.workbench.model import build
        snap = build(load_game(root, game), ui, "en", "nl")
        return [s.side for s in snap.sides if s.card_id == card]

    assert sides("parsifal", "titurel") == ["rest", "play", "blocked", "limbo"]
    assert sides("parsifal", "gral") == ["common", "tucked", "limbo"]
    assert sides("banquet", "carp") == ["card", "player"]
    assert sides("banquet", "caligula") == ["card"]
    assert sides("banquet", "claim_keep_gift") == ["player", "detail"]
    assert sides("bacchanalia", "umbra_parcae") == ["card"]
    assert sides("chrononauts", "art_rex") == ["card", "player"]


def test_an_overflowing_box_names_its_string(qapp: Any, root: Path, tmp_path: Path) -> None:
    """A Parsifal character in play lists its missions' conditions; too long, the box names one."""
    from desktop.workbench.model import build
    copy = copy_sets(tmp_path / "sets", "parsifal")
    nl = copy / "parsifal" / "text" / "nl.yaml"
    long = "heeft {card} in zijn bezit, en dat al een hele, hele lange tijd, zonder het ooit nog los te laten"
    edit(nl, line_of(nl, "  condition.hold:"), f"  condition.hold: \"{long}, {long}\"")
    snap = build(load_game(copy, "parsifal"), load_ui(copy), "en", "nl")
    play = next(s for s in snap.sides if (s.card_id, s.side) == ("titurel", "play"))
    assert "overflow: condition.hold" in play.notes
    assert "condition.hold" in snap.overflowing


def test_games_are_listed_by_their_names_in_the_workbenchs_language(qtbot: Any, root: Path) -> None:
    tr = Translator("it")
    bench = Workbench(tr, root, "parsifal", "en", "nl", watch=False)
    qtbot.addWidget(bench)
    ui = load_ui(root).catalog

    def listed() -> list[str]:
        return [bench.game_box.itemText(i) for i in range(bench.game_box.count())]

    assert listed() == [ui.text("it", f"game.{g}") for g in GAMES]
    assert "Parsifal, un gioco di tarocchi" in listed()
    assert bench.game_box.currentData() == "parsifal"
    tr.set_language("nl")
    assert "Parsifal, een tarotspel" in listed()
    assert bench.game_box.currentData() == "parsifal" and bench.snapshot is not None


def shown(bench: Workbench) -> int:
    table = bench.cards if bench.tabs.currentIndex() == 0 else bench.strings
    return sum(1 for row in range(table.rowCount()) if not table.isRowHidden(row))


def test_the_header_counts_the_rows_each_filter_shows(qtbot: Any, tmp_path: Path) -> None:
    """One string too long on many cards: the Cards list shows each of them, the strings list it once."""
    copy = copy_sets(tmp_path / "sets", "chrononauts")
    it = copy / "chrononauts" / "text" / "it.yaml"
    edit(it, line_of(it, "  kind.patch:"), "  kind.patch: Toppa temporale di riparazione")
    bench = Workbench(Translator("en"), copy, "chrononauts", "en", "it", watch=False)
    qtbot.addWidget(bench)
    bench.set_filter("overflow")
    patches = [c for c, side in bench.visible_cards() if side == "hand"]
    assert len(patches) > 5
    assert f" · {shown(bench)} too long" in bench.counts.text()
    bench.tabs.setCurrentIndex(1)
    assert shown(bench) >= 1 and f" · {shown(bench)} too long" in bench.counts.text()
    bench.set_filter("missing")
    edit(it, line_of(it, "  pat_1868.title:") + "\n", "")
    bench.reload()
    assert shown(bench) == 1 and bench.counts.text().startswith("1 missing")
    bench.tabs.setCurrentIndex(0)
    assert shown(bench) == 2 and bench.counts.text().startswith("2 missing")  # in hand and on the timeline


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_picture_in_the_rules_texts_is_drawn(qapp: Any, lang: str) -> None:
    tr = Translator(lang)
    wanted = sorted({(path.parent.parent.name, card) for path in cardsets.ROOT.glob("*/rules/*.md")
                     for card in PICTURE.findall(path.read_text(encoding="utf-8"))})
    assert {game for game, _card in wanted} == set(GAMES)
    for game, card in wanted:
        picture = card_picture(game, card, tr)
        assert picture is not None and colours(picture) > 3, (game, card)
    english = card_picture("parsifal", "gral", Translator("en"))
    assert english is not None and (card_picture("parsifal", "gral", tr) == english) == (lang == "en")
    assert card_picture("banquet", "no_such_card", tr) is None
    assert card_picture("parsifal", "titurel", tr) == card_picture("parsifal", "titurel", tr.for_game("banquet"))


def test_a_game_without_an_adapter_still_lists_its_strings(qtbot: Any, root: Path, monkeypatch: Any) -> None:
    every = adapters.adapters()
    monkeypatch.setattr(adapters, "adapters", lambda: {game: made for game, made in every.items() if game != "parsifal"})
    window = Workbench(Translator("en"), root, "parsifal", "en", "nl", watch=False)
    qtbot.addWidget(window)
    window.show()
    assert window.snapshot is not None and not window.snapshot.has_faces
    assert window.cards.isHidden() and not window.no_faces.isHidden()
    assert window.strings.rowCount() > 50


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_lies_whole_in_its_column(qtbot: Any, root: Path, game: str) -> None:
    """A translator judges the whole face: a plate in Parsifal's Limbo, drawn 1.5 times the table's size, ran
    past its 214-pixel column and its right end was cut off. A face too wide is drawn smaller, whole."""
    bench = Workbench(Translator("en"), root, game, "en", "nl", watch=False)
    qtbot.addWidget(bench)
    bench.show()
    snap = bench.snapshot
    assert snap is not None
    for row, side in enumerate(snap.sides):
        for column, face in ((1, side.source), (2, side.target)):
            picture = bench.cards.item(row, column).data(Qt.ItemDataRole.DecorationRole)
            room = bench.cards.columnWidth(column) - 4
            assert picture.width() <= room and picture.height() <= bench.cards.rowHeight(row), (side.card_id, column)
            # As large as before where it fitted, and no smaller than its column where it did not.
            assert picture.width() >= min(int((face.width + 6) * SCALE), room - 6), (side.card_id, column)
