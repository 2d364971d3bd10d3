"""The Bacchanalia table read at 1280×720 (issue #11, item 4): every text at 9 px or more, the cards' names
whole, a crowded area wrapping rather than overlapping, and the story journal narrower in a small window,
foldable to a strip, its choice kept in the app settings."""
from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRect, QRectF, QSizeF, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QApplication, QStyle, QStyleOptionComboBox
from table_driver import Dialogs, make_window

from desktop.frame import storage
from desktop.frame.card_item import CardItem, left_out, on_screen, shown_texts
from desktop.frame.card_table import DECK_KEY, DISCARD_KEY
from desktop.frame.i18n import Translator
from desktop.games.bacchanalia.faces import DEUS_SIZE, PLATE_SIZE
from desktop.games.bacchanalia.scene import LOCK_KEY, MIN_HEIGHT, PARCAE_KEY, seat_key
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
            # One long name may take two lines on its face ("Vinum met teken"), but not be cut.
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


def shown_at(window: MainWindow, tmp_path: Path, players: int, seed: int, moves: int) -> BacchanaliaTable:
    """The table `convivium --screenshot` draws for these arguments, in the window a real 1280×720 screen gives."""
    shot = screenshot.read_shot("bacchanalia", None, players, seed, moves, "1264x672", str(tmp_path / "x.png"))
    screenshot.set_table(window, shot)
    table = window.table
    assert isinstance(table, BacchanaliaTable)
    table.scene.finish_slides()  # the picture shows the cards where they land (convivium sets no slide time)
    QApplication.processEvents()
    return table


def uncovered_deus(table: BacchanaliaTable) -> list[CardItem]:
    """The players' Deus whose words show: no Umbra lies on them, nor another card."""
    scene = table.scene
    centre = table.game.state.centre
    found = []
    for key, item in scene.items_by_key.items():
        if not key.startswith("deus_") or key in centre:
            continue
        foot = item.sceneBoundingRect()
        on_top = [i for i in scene.items(QPointF(foot.center().x(), foot.bottom() - 12)) if isinstance(i, CardItem)]
        if on_top and on_top[0] is item:
            found.append(item)
    return found


def words_left_out(table: BacchanaliaTable, items: list[CardItem]) -> list[str]:
    return [f"{item.key}: {field}" for item in items
            for field in left_out(item.face, on_screen(item.deviceTransform(table.view.viewportTransform())))]


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_amans_set_aside_reads_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                   lang: str) -> None:
    """The Amans set aside with five or six at the table (BAC setup) stands for a character's beloved: its words read
    whole beside the discard, with the lock drawn beside it or not, and it lies clear of the lock. Before, a Deus's
    width read "De geliefde van wie deze ka…", "La persona amata da chi tien…"."""
    window = make_window(qtbot, dialogs, lang)
    table = window.new_hotseat("bacchanalia", "standard", [*NAMES, "Elena", "Fabio"], {}, 3)
    assert isinstance(table, BacchanaliaTable)
    settle(window, (1264, 672))
    state = table.game.state
    assert state.set_aside
    amans = table.scene.items_by_key[state.set_aside[0]]
    for lock in (False, True):
        table.scene.show_table(state, table.scene.dests, replace(table.scene.board, lock_zone=lock))
        scale = on_screen(amans.deviceTransform(table.view.viewportTransform()))
        assert scale < 0.73 and left_out(amans.face, scale) == [], lock
        place = QRectF(amans.resting_pos, QSizeF(amans.face.width, amans.face.height))
        if lock:
            zone = table.scene.items_by_key[LOCK_KEY]
            assert not place.intersects(QRectF(zone.resting_pos, QSizeF(zone.face.width, zone.face.height)))


def test_a_deus_no_height_holds_widens_into_the_felt_its_line_leaves(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                     tmp_path: Path) -> None:
    """Six at the table, Fabio's line at the foot full with four Deus: the Accusator, whom a character names when
    asked who accuses them (BAC questions), had no height left to grow and read "Degene die je personage
    beschul-…". It takes the felt its line leaves at its end, and lies over none of its neighbours."""
    window = make_window(qtbot, dialogs, "nl")
    table = shown_at(window, tmp_path, 6, 7, 40)
    accusator = table.scene.items_by_key["deus_accusator"]
    assert words_left_out(table, uncovered_deus(table)) == []
    line = [item for item in uncovered_deus(table)  # the Accusator first, Elena's area on its left
            if abs(item.resting_pos.y() - accusator.resting_pos.y()) < 1 and item.x() >= accusator.x()]
    assert accusator.face.width > DEUS_SIZE[0] and len(line) == 4
    rects = sorted((QRectF(item.resting_pos, QSizeF(item.face.width, item.face.height)) for item in line),
                   key=lambda rect: rect.x())
    assert all(left.right() < right.left() for left, right in zip(rects, rects[1:]))


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_a_taller_table_grows_its_deus_for_the_scale_it_is_seen_at(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                   tmp_path: Path, lang: str) -> None:
    """Tall piles of Umbra make the table taller than its least height, and the view shows it smaller (0.68 in this
    game, six at the table): the Deus grow their words for that scale, not for the least height's 0.71. Before,
    sixteen of them were cut short in this position."""
    window = make_window(qtbot, dialogs, lang)
    table = shown_at(window, tmp_path, 6, 2, 60)
    assert table.view.transform().m11() < 0.7 and table.scene.sceneRect().height() > MIN_HEIGHT
    deus = uncovered_deus(table)
    assert len(deus) > 10 and words_left_out(table, deus) == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_a_rule_text_still_cut_says_so_and_the_detail_panel_reads_it_whole(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                         tmp_path: Path, lang: str) -> None:
    """Where a Deus has no room for its words even so (five at a table seen at 0.56), its last line ends in "…", and
    the pointer over it (or the keyboard's focus) shows them whole in the detail panel: one step away."""
    window = make_window(qtbot, dialogs, lang)
    table = shown_at(window, tmp_path, 5, 2, 60)
    cut = [item for item in uncovered_deus(table)
           if left_out(item.face, on_screen(item.deviceTransform(table.view.viewportTransform())))]
    assert cut
    for item in cut:
        scale = on_screen(item.deviceTransform(table.view.viewportTransform()))
        rule = next(text for text in shown_texts(item.face, scale) if text.role == "body")
        assert rule.text.endswith("…"), (item.key, rule.text)
        table.scene.hovered.emit(item.key)
        whole = " ".join(item.face.body.split())
        assert whole in " ".join(table.detail.text.toPlainText().split()), item.key


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_every_plate_reads_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs, tmp_path: Path,
                                                           lang: str) -> None:
    """A player reads on their plate what they are waiting for and what they owe (BAC: Bacchus's arrival, his
    question): five at the table, a plate with both takes a second line, and the plate beside it as much, so the
    cards under them start level. Before, it read "Elena · Bacchus sta arrivando · Deve la d…"."""
    window = make_window(qtbot, dialogs, lang)
    checked = 0
    for seed, moves in ((7, 40), (5, 60)):
        table = shown_at(window, tmp_path, 5, seed, moves)
        plates = {q: table.scene.items_by_key[seat_key(q)] for q in range(5)}
        for q, plate in plates.items():
            scale = on_screen(plate.deviceTransform(table.view.viewportTransform()))
            assert left_out(plate.face, scale) == [], (seed, plate.face.title)
            if q ^ 1 in plates:  # the other seat of its row
                assert plate.face.height == plates[q ^ 1].face.height
        checked += sum(plate.face.height > PLATE_SIZE[1] for plate in plates.values())
    assert checked >= 2  # a plate in each game needed its second line


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_lock_says_whole_what_to_do_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                  tmp_path: Path, lang: str) -> None:
    """The lock tells the teller they may keep one of the turn's Umbra for their next turn (BAC rules): it reads
    whole with six at the table, across the foot of the Aruspex's panel, clear of the panel and of the piles under
    it. Beside the piles, 74 units wide, it read "Suelta aquí una de las Umbra…", "Leg hier een van de Umbra…". The
    count of Parcae drawn (when the feast may end) widens into the felt the lock left: it read "Parcae getrokk…"."""
    window = make_window(qtbot, dialogs, lang)
    for seed in (7, 2):
        table = shown_at(window, tmp_path, 6, seed, 60)
        lock = table.scene.items_by_key[LOCK_KEY]
        scale = on_screen(lock.deviceTransform(table.view.viewportTransform()))
        assert scale < 0.7 and left_out(lock.face, scale) == [], seed
        place = QRectF(lock.resting_pos, QSizeF(lock.face.width, lock.face.height))
        assert not place.intersects(table.scene.panel.rect())
        for key in (DECK_KEY, PARCAE_KEY, DISCARD_KEY):
            pile = table.scene.items_by_key[key]
            assert not place.intersects(QRectF(pile.resting_pos, QSizeF(pile.face.width, pile.face.height))), key
        assert left_out(table.scene.items_by_key[PARCAE_KEY].face, scale) == []


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_journals_scene_reads_whole_in_a_real_1280x720_window(qtbot: Any, home: Path, dialogs: Dialogs,
                                                                  tmp_path: Path, lang: str) -> None:
    """The journal names the scene its note is for: in the narrow journal of a 1264×672 window the name wraps onto a
    second line of its box. Before, the box was one line and read "Escena 6: entra Fa"."""
    window = make_window(qtbot, dialogs, lang)
    table = shown_at(window, tmp_path, 6, 7, 40)
    combo = table.journal_scene
    assert combo.currentText() == table.tr_.text("journal.scene.intro", turn=6, player="Fabio")
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    metrics = combo.fontMetrics()
    words = metrics.boundingRect(QRect(0, 0, field.width(), 10_000), int(Qt.TextFlag.TextWordWrap), combo.currentText())
    assert combo.width() <= 200 and words.height() <= field.height() and words.width() <= field.width()
    assert all(metrics.horizontalAdvance(word) <= field.width() for word in combo.currentText().split())


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_centres_deus_widen_into_the_felt_their_row_leaves(qtbot: Any, home: Path, dialogs: Dialogs,
                                                               tmp_path: Path, lang: str) -> None:
    """Five at the table, the seats fill the least height and the centre's Accusator and Amans had no height to grow:
    they read "Quien acusa a tu pers…", "De geliefde van wie deze k…" with the row's whole end bare. They widen into
    it, side by side, and the table grows no taller for them."""
    window = make_window(qtbot, dialogs, lang)
    table = shown_at(window, tmp_path, 5, 7, 40)
    scene = table.scene
    centre = [scene.items_by_key[card] for card in ("deus_accusator", "deus_amans")]
    assert sorted(table.game.state.centre) == ["deus_accusator", "deus_amans"]
    assert words_left_out(table, centre) == [] and any(item.face.width > DEUS_SIZE[0] for item in centre)
    rects = [QRectF(item.resting_pos, QSizeF(item.face.width, item.face.height)) for item in centre]
    assert rects[0].right() < rects[1].left() and rects[1].right() <= scene.sceneRect().right() - 10
    assert max(rect.height() for rect in rects) == DEUS_SIZE[1]  # wider, not taller


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_a_turned_bacchus_grows_for_his_words(qtbot: Any, home: Path, dialogs: Dialogs, tmp_path: Path,
                                              lang: str) -> None:
    """Bacchus lies turned while his question is owed (BAC rules): on his side he takes the height of his line and
    the felt it leaves for his words. Before, he kept a Deus's size and read "Il dio del vino, signore della fe…";
    he lies within Elena's area and over none of her cards."""
    window = make_window(qtbot, dialogs, lang)
    table = shown_at(window, tmp_path, 5, 7, 40)
    scene = table.scene
    bacchus = scene.items_by_key["deus_bacchus"]
    assert bacchus.rotation() == 90 and "deus_bacchus" in table.game.state.seats[4].deus
    assert words_left_out(table, [bacchus]) == [] and bacchus.face.width > DEUS_SIZE[0]
    # The card itself, turned about its middle (its item's bounds reach 3 past it for the outline of a lit card).
    foot = bacchus.mapRectToScene(QRectF(0, 0, bacchus.face.width, bacchus.face.height))
    assert scene.seat_areas[4].sceneBoundingRect().contains(foot)
    for card in table.game.state.seats[4].deus:
        if card != "deus_bacchus":
            other = scene.items_by_key[card]
            assert not foot.intersects(QRectF(other.resting_pos, QSizeF(other.face.width, other.face.height))), card


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_marked_vinum_and_the_deck_keep_their_words_on_a_crowded_table(qtbot: Any, lang: str) -> None:
    """Six seats with the turn's Umbra piled up and the story journal open show the table at 0.53 on a 1280×720
    screen. There "Vinum con il simbolo" (and its three sisters) wrapped to a fourth line it did not have and ended
    "simb…", 54 times over twelve such games in each language, and the deck's "Mazzo Umbra: 44" lost its count
    ("Mazzo|Umbr…"). The card is called "Vinum segnato", "Marked Vinum", and the deck says "Mazzo: 44", as the
    other games' decks do."""
    from desktop.games.bacchanalia.faces import BacchanaliaFaces

    faces = BacchanaliaFaces(lambda card: "vinum", lambda card: True, Translator(lang).for_game("bacchanalia"))
    for scale in (0.6, 0.55, 0.52, 0.5):
        marked = faces.card("umbra_vinum_symbol#1")
        assert "title" not in left_out(marked, scale), (scale, [t.text for t in shown_texts(marked, scale)])
        for count in (9, 44, 68):
            deck = faces.deck(count)
            assert left_out(deck, scale) == [], (scale, [t.text for t in shown_texts(deck, scale)])
            assert str(count) in " ".join(t.text for t in shown_texts(deck, scale))
