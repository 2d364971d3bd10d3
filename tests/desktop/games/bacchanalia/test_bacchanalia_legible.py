"""The Bacchanalia table read at 1280×720 (issue #11, item 4): every text at 9 px or more, the cards' names
whole, a crowded area wrapping rather than overlapping, and the story journal narrower in a small window,
foldable to a strip, its choice kept in the app settings."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

from desktop.frame import storage
from desktop.frame.card_item import CardItem, left_out, on_screen, shown_texts
from desktop.frame.i18n import Translator
from desktop.games.bacchanalia.scene import MIN_HEIGHT
from desktop.games.bacchanalia.table import JOURNAL_SETTING, BacchanaliaTable
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow
from desktop.tools import legibility

NAMES = ["Ada", "Bruno", "Chiara", "Dario"]


def settle(window: MainWindow, size: tuple[int, int]) -> None:
    window.resize(*size)
    for _ in range(3):  # the docks and the splitter settle over a few passes
        QApplication.processEvents()


def start(window: MainWindow, seed: int = 3) -> BacchanaliaTable:
    table = window.new_hotseat("bacchanalia", "standard", NAMES, {}, seed)
    assert isinstance(table, BacchanaliaTable)
    QApplication.processEvents()
    return table


def test_every_text_reads_at_9_px_at_1280x720(qtbot: Any, home: Path) -> None:
    """The legibility survey for this table in Dutch (its longest words): the Aruspex's questions were 6.5 px."""
    rows = legibility.survey(["bacchanalia"], ["nl"], (1,), echo=False)
    assert {row.size for row in rows} == set(legibility.SIZES)
    low = [f"{row.size}: {row.text}" for row in rows if row.text.height < legibility.MINIMUM]
    assert low == []


@pytest.mark.parametrize("lang", ["it", "nl"])
def test_the_cards_names_read_whole_at_1280x720(qtbot: Any, home: Path, tmp_path: Path, lang: str) -> None:
    """A card drawn small keeps its name at 9 px: in this table's layout none is cut short ("Saty…", "Accus…")."""
    window = MainWindow(Translator(lang), {})
    qtbot.addWidget(window)
    window.ask = lambda title, text, buttons, safe=None: safe or 0  # type: ignore[method-assign]
    window.inform = lambda title, text: None  # type: ignore[method-assign]
    window.show()
    cut: list[str] = []
    seen = 0
    for seed in (1, 2, 3):
        shot = screenshot.read_shot("bacchanalia", None, 6, seed, 25, "1280x720", str(tmp_path / "x.png"))
        screenshot.set_table(window, shot)
        settle(window, (1280, 720))
        table = window.table
        assert table is not None
        for item in table.scene.items_by_key.values():
            # One long name may take two lines on its face ("Vinum con il simbolo"), but not be cut.
            if not isinstance(item, CardItem) or not item.key.startswith(("deus_", "umbra_")):
                continue
            scale = on_screen(item.deviceTransform(table.view.viewportTransform()))
            for text in shown_texts(item.face, scale):
                if text.role == "title" or (text.role == "kind_label" and " " not in item.face.title):
                    seen += 1
                    if "…" in text.text:
                        cut.append(f"seed {seed}: {item.key} {text.role} {text.text!r}")
    assert seen > 30 and cut == []


def test_a_crowded_area_wraps_and_no_card_lies_over_another(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """Six Deus and the turn's Umbra in one area take a second line: the cards side by side never overlap."""
    window = make_window(qtbot, dialogs)
    for seed in range(30):
        table = start(window, seed)
        rng = random.Random(seed)
        eng = table.game.engine
        for _ in range(300):
            state = table.game.state
            if eng.is_over(state) or max(len(s.deus) for s in state.seats) >= 6:
                break
            table.game.match.play(rng.choice([m for q in sorted(eng.to_act(state)) for m in eng.legal_moves(state, q)]))
        if not eng.is_over(table.game.state) and max(len(s.deus) for s in table.game.state.seats) >= 6:
            break
    else:
        pytest.fail("no seed gives an area six Deus")
    table.refresh()
    state = table.game.state
    crowded = max(state.seats, key=lambda s: len(s.deus))
    items = [table.scene.items_by_key[d] for d in crowded.deus]
    rows = {round(item.sceneBoundingRect().top()) for item in items if item.rotation() == 0}
    assert len(rows) >= 2  # four Deus a line at most
    for i, one in enumerate(items):
        for other in items[i + 1:]:
            common = one.sceneBoundingRect().intersected(other.sceneBoundingRect())
            assert common.width() <= 6 or common.height() <= 6, (one.key, other.key)  # the items' 3-unit margins


def test_the_journal_is_narrower_in_a_small_window(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """The journal takes less of a 1280-pixel window than of a 1920-pixel one, so the table is drawn larger."""
    window = make_window(qtbot, dialogs)
    table = start(window)
    settle(window, (1280, 720))
    small = table.splitter.sizes()[1]
    settle(window, (1920, 1080))
    large = table.splitter.sizes()[1]
    assert small <= 200 and large >= 260 and table.journal_open


def test_folding_the_journal_is_remembered(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    """A click on its strip folds the journal to the strip; the next table, and the next start, find it folded."""
    window = make_window(qtbot, dialogs)
    table = start(window)
    settle(window, (1280, 720))
    before = table.view.width()
    assert table.journal_panel.isVisible() and table.journal_strip.isChecked()
    table.journal_strip.click()
    settle(window, (1280, 720))
    strip = table.journal_strip.width()
    assert not table.journal_panel.isVisible() and table.splitter.sizes()[1] <= strip + 2
    assert table.view.width() > before + 100
    assert window.settings[JOURNAL_SETTING] == {"open": False}
    assert storage.load_settings()[JOURNAL_SETTING] == {"open": False}
    again = start(window, 4)
    settle(window, (1280, 720))
    assert not again.journal_open and not again.journal_panel.isVisible()
    again.journal_strip.click()
    assert again.journal_open and storage.load_settings()[JOURNAL_SETTING] == {"open": True}


def test_a_dragged_width_is_kept_and_a_strange_setting_ignored(qtbot: Any, home: Path, dialogs: Dialogs) -> None:
    window = make_window(qtbot, dialogs)
    table = start(window)
    settle(window, (1600, 900))
    total = sum(table.splitter.sizes())
    table.splitter.moveSplitter(total - 240, 1)  # as the handle is dragged
    assert window.settings[JOURNAL_SETTING] == {"open": True, "width": table.splitter.sizes()[1]}
    kept = table.splitter.sizes()[1]
    settle(window, (1280, 720))
    assert table.splitter.sizes()[1] == kept  # the player's width, not the small window's
    window.settings[JOURNAL_SETTING] = {"open": "no", "width": 10**9}
    odd = start(window, 4)
    settle(window, (1280, 720))
    assert odd.journal_open and odd.splitter.sizes()[1] <= 200


def words_broken_across_lines(document: QTextDocument) -> list[str]:
    """The lines of `document` that end inside a word, as laid out at its width."""
    broken = []
    block = document.begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for i in range(layout.lineCount()):
            end = layout.lineAt(i).textStart() + layout.lineAt(i).textLength()
            if 0 < end < len(text) and not text[end - 1].isspace() and not text[end].isspace():
                broken.append(f"{text[:end]}|{text[end:]}")
        block = block.next()
    return broken


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_heading_beside_the_aruspex_breaks_no_word(qtbot: Any, home: Path, dialogs: Dialogs, lang: str) -> None:
    """The heading over the Aruspex's words breaks between words only: Italian "Si distribuiscono i Deus" read
    "Si distribuisc / ono i Deus" at every window size; and so would a longer player's name ("Ecco Massimiliano")."""
    window = make_window(qtbot, dialogs, lang)
    table = window.new_hotseat("bacchanalia", "standard", ["Massimiliano", *NAMES[1:]], {}, 3)
    assert isinstance(table, BacchanaliaTable)
    QApplication.processEvents()
    document = table.scene.heading.document()
    broken = words_broken_across_lines(document)
    assert document.toPlainText().strip() and broken == []
    while table.game.state.phase == "setup":  # the Deus handed out: the first teller's intro, with their name
        move = table.game.match.legal_moves(table.game.state.active)[0]
        table.game.match.play(move)
    table.refresh()
    QApplication.processEvents()
    document = table.scene.heading.document()
    assert "Massimiliano" in document.toPlainText() and words_broken_across_lines(document) == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_players_deus_read_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                               lang: str) -> None:
    """On a 1280×720 screen the window manager's title bar and borders leave the window 1264×672, and the table
    0.715 screen pixels a unit, not the 0.78 of a bare 1280×720 window: there each player's Deus still shows its
    words whole, with four at the table. Before, every Vinum read "Il vino, che alla festa nessuno…"."""
    window = make_window(qtbot, dialogs, lang)
    table = start(window)
    settle(window, (1264, 672))
    lost = []
    for seat in table.game.state.seats:
        for card in seat.deus:
            item = table.scene.items_by_key[card]
            scale = on_screen(item.deviceTransform(table.view.viewportTransform()))
            assert scale < 0.73
            lost += [f"{card}: {field}" for field in left_out(item.face, scale)]
    assert lost == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_parcae_counter_reads_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                  lang: str) -> None:
    """How many Parcae were drawn decides when the feast may end (BAC rules): its counter reads whole on a 1280×720
    screen. Spanish "Apariciones de las Parcae: 0" read "Aparicion… de las Pa…", Dutch lost its last line."""
    window = make_window(qtbot, dialogs, lang)
    table = start(window)
    settle(window, (1264, 672))
    item = table.scene.items_by_key["zone:parcae"]
    scale = on_screen(item.deviceTransform(table.view.viewportTransform()))
    assert scale < 0.73 and left_out(item.face, scale) == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_deus_to_hand_out_read_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                   lang: str) -> None:
    """Whoever hands out the Deus reads them in the centre to choose (BAC setup): there each front card takes the
    felt left under it, and reads whole in the window a 1280×720 screen leaves, four at the table. Before, they
    read "Chi accusa il tuo pers…", "La dea che vigila e castiga gli ecce…"."""
    window = make_window(qtbot, dialogs, lang)
    table = start(window)
    settle(window, (1264, 672))
    state = table.game.state
    fronts = [card for card in state.centre if not any(
        other != card and table.scene.faces.kind(other) == table.scene.faces.kind(card) and other > card
        for other in state.centre)]
    lost = []
    for card in fronts:
        item = table.scene.items_by_key[card]
        scale = on_screen(item.deviceTransform(table.view.viewportTransform()))
        lost += [f"{card}: {field}" for field in left_out(item.face, scale)]
    assert len(fronts) >= 7 and lost == []
    assert table.scene.sceneRect().height() == MIN_HEIGHT  # the table grew no taller for them
