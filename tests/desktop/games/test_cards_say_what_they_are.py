"""Cards say what they are (issue #36, item 2), on tables drawn as `convivium --screenshot` draws them at
1280×720 (Parsifal in the window a real 1280×720 screen gives, 1264×672): Parsifal's characters show their abilities
and their missions' state (docs/rules/parsifal.md PAR-15.3, PAR-15.4), and the Banquet's guests and privileges show
their whole names with 3 to 5 players."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication

from desktop.frame.card_item import CardItem, left_out, on_screen, shown_texts
from desktop.frame.i18n import Translator
from desktop.frame.card_table import DECK_KEY, DISCARD_KEY
from desktop.games.banquet.scene import BanquetScene
from desktop.games.chrononauts.full_scene import STACK_KEY, FullScene
from desktop.games.parsifal.scene import GROW_STEP, TALLEST_CUT, ParsifalScene
from desktop.shell import screenshot
from desktop.shell.main_window import MainWindow
from desktop.tools import legibility
from desktop.tools.legibility import SEEDS as SURVEY_SEEDS
from desktop.tools.legibility import THEIRS, Losses, survey, table_view
from rules.banquet.objectives import card_kind

SEEDS = (1, 2, 3)
REAL_WINDOW = legibility.SIZES[0]  # the window a real 1280×720 screen gives, title bar and borders taken


def window_for(qtbot: Any, lang: str) -> MainWindow:
    window = MainWindow(Translator(lang))
    qtbot.addWidget(window)
    window.ask = lambda title, text, buttons, safe=None: safe or 0  # type: ignore[method-assign]
    window.inform = lambda title, text: None  # type: ignore[method-assign]
    window.show()
    return window


def drawn(window: MainWindow, tmp_path: Path, table: str, players: int, seed: int, moves: int,
          size: tuple[int, int] = (1280, 720)) -> list[tuple[CardItem, float]]:
    """The cards of the table after `moves` random legal moves in a window of `size`, each with its scale on screen."""
    shot = screenshot.read_shot(table, None, players, seed, moves, "x".join(map(str, size)), str(tmp_path / "x.png"))
    screenshot.set_table(window, shot)
    window.resize(*size)
    for _ in range(3):
        QApplication.processEvents()
    view = table_view(window)
    return [(item, on_screen(item.deviceTransform(view.viewportTransform()))) for item in view.scene().items()
            if isinstance(item, CardItem) and item.isVisible()]


def words(text: str) -> str:
    return " ".join(text.replace("\u00ad", "").split())


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_parsifal_characters_show_their_abilities_and_missions(qtbot: Any, home: Path, tmp_path: Path,
                                                               lang: str) -> None:
    """Every character in play shows its name whole, its abilities (the first line of its text) and how many
    of its conditions are met; most were drawn with their name only, to be read one by one in the panel."""
    missing: list[str] = []
    seen = 0
    for where, _scene, item, scale in parsifal_characters(window_for(qtbot, lang), tmp_path):
        seen += 1
        shown = {text.role: words(text.text) for text in shown_texts(item.face, scale)}
        abilities = words(item.face.body.split("\n")[0])
        first = abilities.split(" ")[0] if abilities else ""
        if "title" in left_out(item.face, scale) or not shown.get("body", "").startswith(first) \
                or (item.face.year and shown.get("year") != item.face.year):
            missing.append(f"{where}: {item.key} shows {shown}")
    assert seen > 40 and missing == []


def parsifal_characters(window: MainWindow, tmp_path: Path) -> Iterator[tuple[str, ParsifalScene, CardItem, float]]:
    """Every character in play over the seeded Parsifal positions (4 players, after 20 and 40 moves): where it
    was seen, its scene, its item and the scale it is drawn at."""
    for seed in SEEDS:
        for moves in (20, 40):
            items = drawn(window, tmp_path, "parsifal", 4, seed, moves, REAL_WINDOW)
            scene = table_view(window).scene()
            assert isinstance(scene, ParsifalScene) and scene.par_view is not None
            characters = {c for seat in range(scene.par_view.players) for c in scene.par_view.owned_by(seat)}
            for item, scale in items:
                if item.key in characters:
                    yield f"seed {seed}, {moves} moves", scene, item, scale


def felt_under(scene: ParsifalScene, item: CardItem) -> float:
    """The bare felt under `item`'s column in its area: from the foot of what lies under it (a blocker, its
    artifacts) to the next card below or the area's edge, in scene units."""
    card = item.mapRectToScene(QRectF(0, 0, item.face.width, item.face.height))
    area = next(QRectF(*rect) for rect in scene.area_rects.values() if QRectF(*rect).contains(card.center()))
    below = sorted((other.mapRectToScene(QRectF(0, 0, other.face.width, other.face.height))
                    for other in scene.items_by_key.values()
                    if other is not item and other.isVisible() and not other.key.startswith(("area:", "zone:"))),
                   key=lambda rect: rect.top())
    foot = card.bottom()
    for rect in below:
        if card.left() <= rect.center().x() <= card.right() and rect.top() > card.top() and area.contains(rect.center()):
            if rect.top() > foot + 4:
                return rect.top() - foot
            foot = max(foot, rect.bottom())
    return area.bottom() - foot


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_a_parsifal_card_cut_short_has_no_room_left_to_grow(qtbot: Any, home: Path, tmp_path: Path, lang: str) -> None:
    """A character or artifact whose rule text ends in "…" at 1264×672 has grown as far as its area lets it
    (PAR-15.3, PAR-15.4): no bare felt is left under its column, or it is as tall as a card cut all the same
    grows. Cards stood at one size, leaving felt under short columns while their missions were cut."""
    wasted: list[str] = []
    seen = 0
    for where, scene, item, scale in parsifal_characters(window_for(qtbot, lang), tmp_path):
        seen += 1
        if "body" not in left_out(item.face, scale):
            continue
        room = felt_under(scene, item) / item.scale()
        if room > GROW_STEP + 8 and item.face.height + GROW_STEP <= TALLEST_CUT:
            wasted.append(f"{where}: {item.key} cut with {room:.0f} units of felt under it")
    assert seen > 40 and wasted == [], wasted


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_banquet_guests_and_privileges_show_whole_names(qtbot: Any, home: Path, tmp_path: Path, players: int,
                                                        lang: str) -> None:
    """Every guest and privilege face up on the table reads whole ("Octavi…", "Exchang…" were cut)."""
    window = window_for(qtbot, lang)
    cut: list[str] = []
    seen = 0
    for seed in SEEDS:
        for item, scale in drawn(window, tmp_path, "banquet", players, seed, 45):
            face = item.face
            scene = table_view(window).scene()
            assert isinstance(scene, BanquetScene)
            if face.face_down or not (item.key.startswith("guest:") or card_kind(item.key) in scene.faces.privileges):
                continue
            seen += 1
            if "title" in left_out(face, scale):
                cut.append(f"seed {seed}: {item.key} {face.title!r}")
    assert seen >= 3 and cut == []


@pytest.mark.parametrize(("lang", "seed", "moves"), [("es", 5, 60), ("nl", 4, 80), ("en", 5, 160)])
def test_a_chrononauts_table_for_six_stays_whole_as_artifacts_pile_up_under_the_seats(
        qtbot: Any, home: Path, tmp_path: Path, lang: str, seed: int, moves: int) -> None:
    """Three seats and their artifacts share a column: a column longer than the timeline, the row and the hand
    made the whole table taller, and the smaller scale left words out of 28 cards at once (seed 5, Spanish); a
    seat whose ID is shown needs a third line."""
    window = window_for(qtbot, lang)
    # In a real 1280×720 screen's window (1264×672) such columns still cut 1 to 13 artifacts' names (main: 10 to 17):
    # held to a bare 1280×720 window until the seats are laid out for it.
    cut = [f"{item.key} {left_out(item.face, scale)}" for item, scale in drawn(window, tmp_path, "chrononauts", 6,
                                                                                seed, moves)
           if item.key.startswith(("tl:", "seat:", "art:")) and left_out(item.face, scale)]
    assert cut == []


def test_a_card_answered_lies_beside_its_answer_both_whole(qtbot: Any, home: Path, tmp_path: Path) -> None:
    """CHR-10.1, CHR-10.2: a Memo answering a play lay 30 units over it, the play's name and text hidden under the Note while
    everybody decided whether to answer again; the row's felt had room for both side by side."""
    window = window_for(qtbot, "es")
    items = {item.key: item for item, _ in drawn(window, tmp_path, "chrononauts", 6, 5, 60, REAL_WINDOW)}
    stack = sorted((key for key in items if key.startswith("stack:")), key=lambda key: int(key.split(":")[1]))
    assert len(stack) == 2  # seed 5, 60 moves: Nunca existió, and a Note from the future against it
    rects = [items[key].sceneBoundingRect() for key in stack]
    assert not rects[0].intersects(rects[1])
    assert not any(rect.intersects(items[pile].sceneBoundingRect()) for rect in rects for pile in ("zone:deck",
                                                                                                 "zone:discard"))


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_every_parsifal_name_reads_whole_on_its_limbo_plate(qtbot: Any, home: Path, tmp_path: Path, lang: str) -> None:
    """PAR-15.1: Limbo lies face up, so every card that can go there reads whole on its plate at the scale a
    1280×720 screen's window (1264×672) gives the table ("Caballero del …", "Flower Maid…" at three plates to a
    row)."""
    window = window_for(qtbot, lang)
    scale = min(scale for _, scale in drawn(window, tmp_path, "parsifal", 6, 1, 45, REAL_WINDOW))
    scene = table_view(window).scene()
    assert isinstance(scene, ParsifalScene)
    tarots = scene.faces.cards.tarots
    cut = [face.title for tarot in tarots
           if "title" in left_out(face := scene.faces.in_limbo(f"{tarot.id}#1", scene.limbo_plate()), scale)]
    assert len(tarots) >= 20 and cut == [], cut


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_every_banquet_privilege_reads_whole_at_the_tables_own_scale(qtbot: Any, home: Path, tmp_path: Path,
                                                                    lang: str) -> None:
    """Not only the privileges a few seeds deal: all of them, at the scale a 1280×720 window really gives the
    table. Spanish "Intercambio: Guardo y Descarto" ended in "Desca…" on a 150-unit plate."""
    window = window_for(qtbot, lang)
    scale = min(scale for _, scale in drawn(window, tmp_path, "banquet", 5, 1, 45))
    scene = table_view(window).scene()
    assert isinstance(scene, BanquetScene)
    cut = [scene.faces.privilege(card).title for card in scene.faces.privileges
           if "title" in left_out(scene.faces.privilege(card), scale)]
    assert len(scene.faces.privileges) >= 8 and cut == [], cut


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("lang", ["en", "it", "nl"])
def test_banquet_rows_show_whole_names_in_the_looking_players_area(qtbot: Any, home: Path, tmp_path: Path,
                                                                   players: int, lang: str) -> None:
    """The cards of the looking player's row read whole, a crowded row's plates taking a third line where the
    display has the height (Italian "Lingue di fenicottero +3" was cut to two lines and "…" over bare felt)."""
    window = window_for(qtbot, lang)
    cut: list[str] = []
    seen = 0
    for seed in (*SEEDS, 7):
        items = drawn(window, tmp_path, "banquet", players, seed, 45)
        scene = table_view(window).scene()
        assert isinstance(scene, BanquetScene)
        own = set(scene.own_cards())
        for item, scale in items:
            if item.key in own and not item.key.startswith(("guest:", "priv")) and not item.face.face_down:
                seen += 1
                if "title" in left_out(item.face, scale):
                    cut.append(f"seed {seed}: {item.key} {item.face.title!r}")
    assert seen >= 3 and cut == [], cut


# Where each table leaves nothing out in the window a real 1280×720 screen gives (1264×672, legibility.SIZES): every
# table, in the looking player's hand and own area and on the targets lit for them.
WHOLE = {table: THEIRS for table in ("parsifal", "banquet", "bacchanalia", "artifaxx", "chrononauts", "solonauts")}


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
@pytest.mark.parametrize("table", list(WHOLE))
def test_nothing_is_left_out_where_the_looking_player_plays(qapp: QApplication, home: Path, table: str,
                                                             lang: str) -> None:
    """In a real 1280×720 screen's window every card in the looking player's hand and own area and every target lit
    for them shows its name, kind label, rule text and foot whole, as `convivium check --legibility` counts them
    (issue #36): cards grow into bare felt, a text takes a line more or breaks a long word between syllables.
    Before, Dutch and English Minerva ended in "…" in Bacchanalia's hand, Banquet row cards lost their kind label in
    the own area (Dutch 4, Italian 3), Chrononauts' hand ended rule texts in "…" (up to 7 in Spanish), and
    Parsifal's Dutch and Spanish cards in all three places; Solonauts' hand of five the longest patches ("Una prueba
    atómica acaba con la guerra") and Chrononauts' discard pile a long Miracle on its top. At 1264×672 the
    Chrononauts table, 1320 units wide whatever the window, still left 3 to 7 fields out a language in the hand, the
    Mission and the lit years and discard: it now takes the width its texts' floor allows there. Parsifal left 1 to
    9 out a language and place there until its columns took the width and height their texts need. (Late in a
    Parsifal game, the check's second position, a blocked card under its blocker has no height left to grow into at
    this size: what that leaves out is counted, not asked to be nothing.)"""
    lost: list[Losses] = []
    survey([table], [lang], SURVEY_SEEDS, echo=False, losses=lost, late=False)
    assert [(place, row.cut[place], row.dropped[place]) for row in lost for place in WHOLE[table]] == \
        [(place, 0, 0) for place in WHOLE[table]]


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_every_year_of_the_timeline_shows_all_it_says(qtbot: Any, home: Path, tmp_path: Path, lang: str) -> None:
    """In a real 1280×720 screen's window (1264×672), with four and six players, every year of the Chrononauts
    timeline, lit as a target or not, shows its name, kind label ("True history", "Ripplepoint"), Time Index and rule text whole (issue #36):
    the timeline takes the table's whole width and each row the height its words need. Before, 15 to 23 lit
    years a language ended their rule text in "…" or lost their Time Index, and the "true history" years
    their kind label, on 128 × 92 cards left of the seats' column."""
    window = window_for(qtbot, lang)
    lost: list[str] = []
    seen = 0
    for players in (4, 6):
        for seed in SEEDS:
            for item, scale in drawn(window, tmp_path, "chrononauts", players, seed, 45, REAL_WINDOW):
                if item.key.startswith("tl:"):
                    seen += 1
                    shown = {text.role for text in shown_texts(item.face, scale)}
                    missing = [*left_out(item.face, scale), *({"kind_label"} - shown)]
                    if missing:
                        lost.append(f"{players} players, seed {seed}: {item.key} {item.face.title!r} {missing}")
    assert seen == 6 * 32 and lost == [], lost


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_every_card_of_the_solonauts_table_shows_all_it_says(qtbot: Any, home: Path, tmp_path: Path,
                                                             lang: str) -> None:
    """At 1280×720 every card of the Solonauts table, the timeline's years, the travellers home and lost in time,
    the hand and the piles, shows its name, kind label, Time Index and rule text whole, and no card lies on
    another but a patch on its year (issue #36): the timeline takes the table's whole width and each row the
    height its words need. Before, 56 (English) to 108 (Italian) fields a language were left out or ended in "…"
    in three positions, on 128 × 92 years and 106 × 72 travellers, and the hand cut its longest patches."""
    window = window_for(qtbot, lang)
    lost: list[str] = []
    overlaps: list[str] = []
    years = 0
    for seed in SEEDS:
        items = drawn(window, tmp_path, "solonauts", 1, seed, 20)
        scene = table_view(window).scene()
        for item, scale in items:
            shown = {text.role for text in shown_texts(item.face, scale)}
            missing = [*left_out(item.face, scale), *({"kind_label"} - shown if item.key.startswith("tl:") else ())]
            years += item.key.startswith("tl:")
            if missing:
                lost.append(f"seed {seed}: {item.key} {item.face.title!r} {missing}")
        cards = [(item.key, item.sceneBoundingRect()) for item, _scale in items if not item.face.plate]
        overlaps += [f"seed {seed}: {one} and {other}" for i, (one, rect) in enumerate(cards)
                     for other, next_rect in cards[i + 1:] if rect.intersects(next_rect)]
        overlaps += [f"seed {seed}: {key} off the table" for key, rect in cards if not scene.sceneRect().contains(rect)]
    assert years == 3 * 32 and lost == [] and overlaps == [], (lost, overlaps)


def test_the_solonauts_table_is_laid_out_by_the_language_and_the_window_alone(qtbot: Any, home: Path,
                                                                              tmp_path: Path) -> None:
    """The rows' heights and the cards' sizes come from the language and the window, never from what is dealt:
    three deals show the same table, the years and the piles in the same places at the same sizes (CHR-16.1: the
    deck's order is hidden)."""
    window = window_for(qtbot, "it")
    layouts = set()
    for seed in SEEDS:
        drawn(window, tmp_path, "solonauts", 1, seed, 0)
        scene = table_view(window).scene()
        places = tuple(scene.items_by_key[key].sceneBoundingRect().getRect() for key in sorted(scene.items_by_key)
                       if key.startswith("tl:") or key.startswith("zone:"))
        layouts.add((scene.sceneRect().getRect(), places))
    assert len(layouts) == 1


# The longest cards of the Chrononauts deck on the discard pile, in some language (a Miracle, "Parents never met").
LONG_ON_THE_DISCARD = ("act_parents_never_met", "act_miracle_future", "act_miracle_biblical", "tw_memo", "tw_quick_trip")


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_the_chrononauts_discard_pile_shows_its_top_card_whole(qtbot: Any, home: Path, tmp_path: Path,
                                                               lang: str) -> None:
    """The discard pile's top card, lit as a target whenever the player may discard, shows its whole rule text in a
    real 1280×720 screen's window (1264×672): the pile widens into the row's bare felt left of it, the deck moving left. It was a card of the
    row's size, 132 × 116, where a Miracle's rule text ended in "…" in every language."""
    window = window_for(qtbot, lang)
    drawn(window, tmp_path, "chrononauts", 4, 1, 60, REAL_WINDOW)
    scene = table_view(window).scene()
    assert isinstance(scene, FullScene) and scene.full_view is not None
    view = table_view(window)
    lost = []
    for kind in LONG_ON_THE_DISCARD:
        shown = replace(scene.full_view, discard=[*scene.full_view.discard, f"{kind}#9"])
        scene.show_full(shown, scene.dests, scene.seating)
        pile = scene.items_by_key[DISCARD_KEY]
        deck = scene.items_by_key[DECK_KEY]
        assert deck.sceneBoundingRect().right() < pile.sceneBoundingRect().left()
        assert scene.items_by_key[STACK_KEY].sceneBoundingRect().right() < deck.sceneBoundingRect().left()
        missing = left_out(pile.face, on_screen(pile.deviceTransform(view.viewportTransform())))
        if missing:
            lost.append(f"{kind}: {missing}")
    assert lost == []


def test_a_blocked_parsifal_cards_focus_ring_keeps_off_its_blocker(qtbot: Any, home: Path, tmp_path: Path) -> None:
    """At 1264×672 the keyboard's ring round a blocked character crosses no card: it goes round the blocker
    lying on its foot and their artifacts too. Round the card alone it crossed the blocker's band and name."""
    window = window_for(qtbot, "en")
    crossed: list[str] = []
    seen = 0
    for seed in SEEDS:
        for moves in (20, 40):
            drawn(window, tmp_path, "parsifal", 4, seed, moves, REAL_WINDOW)
            scene = table_view(window).scene()
            assert isinstance(scene, ParsifalScene) and scene.par_view is not None
            for key in sorted(scene.lain_on):
                scene._free_focus = key  # the keyboard rests on it, as after a click (CardTable.focused_key)
                scene._show_focus()
                seen += 1
                ring = scene.focus_ring
                inside = ring.rect.adjusted(ring.BAND / 2, ring.BAND / 2, -ring.BAND / 2, -ring.BAND / 2)
                for lying in scene.lain_on[key]:  # the blocker, and the artifacts under the two
                    item = scene.items_by_key[lying]
                    card = item.mapRectToScene(QRectF(0, 0, item.face.width, item.face.height))
                    if item.isVisible() and ring.outline.intersects(card) and not inside.contains(card):
                        crossed.append(f"seed {seed}, {moves} moves: {key}'s ring crosses {item.key}")
    assert seen >= 3 and crossed == [], crossed


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_parsifal_plates_take_a_line_more_where_their_column_has_room(qapp: QApplication, home: Path,
                                                                      lang: str) -> None:
    """An artifact's plate under its holder (PAR-15.2) whose words would end in "…" takes a line more from the
    height its column leaves, and an artifact in the common area widens into its share of the zone: at 1264×672
    Parsifal leaves nothing out in the other players' places either (each language lost one plate's words
    before; Dutch lost the Grail's rule text in the common area, "Graal", at 146 units wide, in two positions).
    In the mid-game: late in a game (the check's second position) the crowded areas still leave some out."""
    lost: list[Losses] = []
    survey(["parsifal"], [lang], SURVEY_SEEDS, echo=False, losses=lost, late=False)
    assert [(row.cut["other"], row.dropped["other"]) for row in lost] == [(0, 0)]


def test_the_grail_under_titurel_reads_whole_in_dutch(qtbot: Any, home: Path, tmp_path: Path) -> None:
    """PAR-15.2: the Grail's plate under its holder says what it adds whole. In a real 1280×720 screen's window
    (1264×672) Dutch "Graal" under Titurel ended in "personages, artefa…" with the column's felt bare under it: a
    plate grew to two lines of words only (six players, seed 5, 40 moves)."""
    window = window_for(qtbot, "nl")
    items = drawn(window, tmp_path, "parsifal", 6, 5, 40, (1264, 672))
    scene = table_view(window).scene()
    assert isinstance(scene, ParsifalScene) and scene.par_view is not None
    assert "gral" in scene.par_view.held.get("titurel", [])
    assert [left_out(item.face, scale) for item, scale in items if item.key == "gral"] == [[]]


@pytest.mark.parametrize("lang", ["en", "it", "es", "nl"])
def test_a_banquet_guest_over_two_privileges_reads_its_progress_whole(qtbot: Any, home: Path, tmp_path: Path,
                                                                      lang: str) -> None:
    """Caligula's three progress lines (BB-4) under two privileges have no height to grow into: the guest widens
    into its row's room instead. Dutch "Uitgeschakeld 0/3" ended in "…" in the looking player's own area."""
    window = window_for(qtbot, lang)
    items = drawn(window, tmp_path, "banquet", 3, 0, 2)  # seed 0: Carla looks, Caligula and two privileges
    scene = table_view(window).scene()
    assert isinstance(scene, BanquetScene)
    own = set(scene.own_cards())
    guests = [(item, scale) for item, scale in items if item.key.startswith("guest:") and item.key in own
              and not item.face.face_down]
    assert [item.face.title for item, _scale in guests] == [window.tr_.for_game("banquet").card_title("caligula")]
    assert [left_out(item.face, scale) for item, scale in guests] == [[]]
