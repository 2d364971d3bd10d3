"""`convivium check --legibility`: the smallest text on every table, as its viewer sees it (issue #11, item 4).

Every table is drawn the way `convivium --screenshot` draws it (desktop.shell.screenshot: random legal
moves from a seed, the player to act looking, curtain lifted), in a mid-game and, where its registration names
one, a late game too (Parsifal's areas crowded with blocks and artifacts), with the most players it allows, in
every language, in the window a real 1280×720 screen gives (1264×672, see SIZES) and at 1920×1080. On
each we measure the on-screen height of every text: a card's texts as the face paints them at that scale
(card_item.shown_texts: a text too small to read is left out, a name is cut short), its stamp, captions
on the felt at their font's size, texts an item paints by hand (its `painted_texts`, like the numbers on
Banquet's belt), all times the view's scale and the item's own; and the window's labels and buttons at
their font's size. One line per table, language and size names the smallest; the command exits 1 when
any is below MINIMUM.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardsets import files
from cardsets.text import LANGUAGES
from desktop.frame.registration import registrations

if TYPE_CHECKING:
    from PySide6.QtGui import QFont
    from PySide6.QtWidgets import QGraphicsView

    from desktop.shell.main_window import MainWindow

MINIMUM = 9.0  # px on screen: below it a text is too small to read at arm's length
# The first is the window a real 1280×720 screen gives with a window manager: its title bar and borders leave the
# maximised window 1264×672 (Xvfb with openbox), where the tables are drawn smaller than in a bare 1280×720.
SIZES = ((1264, 672), (1920, 1080))
# table -> how many random moves make a typical mid-game, as each game's registration says
TABLES = {name: moves for found in registrations() for name, moves in found.mid_game.items()}
# table -> how many make a late game, for the tables whose registration names one (Parsifal's crowded areas)
LATE = {name: moves for found in registrations() for name, moves in found.late_game.items()}
SEEDS = (1, 2, 3)
QUICK_SEEDS = (1,)


@dataclass(frozen=True)
class Text:
    """One text as seen on screen."""

    name: str  # what it is: a card's key and the face's field, a caption, a widget
    text: str
    height: float  # on-screen pixels


PLACES = ("hand", "own", "lit", "other")  # the first three are the looking player's: no name may be cut there
THEIRS = PLACES[:3]


@dataclass
class Losses:
    """What the cards of one table and language leave out at SIZES[0], summed over the seeded positions:
    per place, the names cut short and the fields (kind, rule text, corner) left out or cut short."""

    table: str
    lang: str
    cut: dict[str, int]
    dropped: dict[str, int]
    examples: list[str]  # the cut names in the looking player's places, to say which
    broken: list[str] = field(default_factory=list)  # the words broken across lines, as drawn: "Bloemen-meisje"
    stage: str = ""  # the position drawn (stages): "" a mid-game, "late" a late game

    def line(self) -> str:
        cut = ", ".join(f"{place} {self.cut[place]}" for place in PLACES)
        dropped = ", ".join(f"{place} {self.dropped[place]}" for place in PLACES)
        flag = "" if self.cuts_theirs() == 0 else "  NAMES CUT: " + "; ".join(self.examples[:4])
        words = "" if not self.broken else "\n" + " " * 16 + "words broken: " + ", ".join(sorted(set(self.broken)))
        return f"{self.name():<13} {self.lang}  names cut: {cut} · fields left out: {dropped}{flag}{words}"

    def name(self) -> str:
        """The table, and the stage if it is not a mid-game: "parsifal late"."""
        return f"{self.table} {self.stage}".strip()

    def cuts_theirs(self) -> int:
        return sum(self.cut[place] for place in THEIRS)


def stages(table: str, late: bool = True) -> tuple[tuple[str, int], ...]:
    """The positions a table is drawn in, each as what its losses are called after and its random moves: a
    mid-game (""), and (if `late`) a late game ("late") where its registration names one."""
    return (("", TABLES[table]), *((("late", LATE[table]),) if late and table in LATE else ()))


def place_of(scene: object, key: str) -> str:
    """Where a card lies for the looking player: their hand, their own area, a target lit for them, or elsewhere."""
    from desktop.frame.card_table import CardTable

    if not isinstance(scene, CardTable):
        return "other"
    if key in scene.hand_cards():
        return "hand"
    if key in scene.own_cards():
        return "own"
    if any(key in targets for targets in scene.dests.values()):
        return "lit"
    return "other"


def count_losses(view: QGraphicsView, into: Losses) -> None:
    """Add what the cards in `view` leave out (card_item.left_out) to `into`, place by place, and the words
    they break across lines."""
    from desktop.frame.card_item import CardItem, broken_words, left_out, on_screen, shown_texts

    scene = view.scene()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    for item in scene.items():
        if not isinstance(item, CardItem) or not item.isVisible() or not item.sceneBoundingRect().intersects(shown):
            continue
        scale = on_screen(item.deviceTransform(view.viewportTransform()))
        missing = left_out(item.face, scale)
        into.broken.extend(word for text in shown_texts(item.face, scale) for word in broken_words(text))
        place = place_of(scene, item.key)
        if "title" in missing:
            into.cut[place] += 1
            if place in THEIRS:
                into.examples.append(f"{place} {item.key} {item.face.title!r}")
        into.dropped[place] += sum(1 for role in missing if role != "title")


@dataclass(frozen=True)
class Smallest:
    table: str
    lang: str
    size: tuple[int, int]
    text: Text

    def line(self) -> str:
        w, h = self.size
        flag = "" if self.text.height >= MINIMUM else "  TOO SMALL"
        return (f"{self.table:<12} {self.lang}  {w}x{h:<5} {self.text.height:5.1f} px  "
                f"{self.text.name}: {_short(self.text.text)!r}{flag}")


def _short(text: str) -> str:
    one = " ".join(text.split())
    return one if len(one) <= 40 else one[:39] + "…"


def _pixels(font: QFont) -> float:
    """A font's size in pixels, whether it was given in pixels or in points."""
    from PySide6.QtGui import QFontInfo

    return float(font.pixelSize()) if font.pixelSize() > 0 else float(QFontInfo(font).pixelSize())


def scene_texts(view: QGraphicsView) -> Iterator[Text]:
    """The texts of the scene in `view` that show in its viewport, at their height on screen."""
    from PySide6.QtGui import QTextFormat
    from PySide6.QtWidgets import QGraphicsSimpleTextItem, QGraphicsTextItem

    from desktop.frame.card_item import CardItem, on_screen, shown_texts, stamp_font

    scene = view.scene()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    for item in scene.items():
        if not item.isVisible() or item.effectiveOpacity() <= 0 or not item.sceneBoundingRect().intersects(shown):
            continue
        scale = on_screen(item.deviceTransform(view.viewportTransform()))
        painted = getattr(item, "painted_texts", None)
        if isinstance(item, CardItem):
            face = item.face
            for text in shown_texts(face, scale):
                yield Text(f"card {item.key} {text.role}", text.text, text.font.pixelSize() * scale)
            if face.stamp and not (face.plate or face.face_down):
                yield Text(f"card {item.key} stamp", face.stamp, stamp_font(face, scale).pixelSize() * scale)
        elif callable(painted):
            for words, pixel in painted(scale):
                yield Text(f"painted {type(item).__name__}", words, pixel * scale)
        elif isinstance(item, QGraphicsSimpleTextItem):
            if item.text().strip():
                yield Text("caption", item.text(), _pixels(item.font()) * scale)
        elif isinstance(item, QGraphicsTextItem):
            document = item.document()
            default = _pixels(document.defaultFont())
            block = document.begin()
            while block.isValid():
                it = block.begin()
                while not it.atEnd():
                    fragment = it.fragment()
                    if fragment.isValid() and fragment.text().strip():
                        form = fragment.charFormat()
                        pixel = (float(form.intProperty(QTextFormat.Property.FontPixelSize))
                                 if form.hasProperty(QTextFormat.Property.FontPixelSize)
                                 else form.fontPointSize() * default / document.defaultFont().pointSizeF()
                                 if form.hasProperty(QTextFormat.Property.FontPointSize)
                                 and document.defaultFont().pointSizeF() > 0 else default)
                        yield Text("text", fragment.text(), pixel * scale)
                    it += 1
                block = block.next()


def widget_texts(window: MainWindow) -> Iterator[Text]:
    """The window's labels and buttons that show a text (the prompt bar, the status bar, the docks)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QAbstractButton, QLabel, QToolButton

    for label in window.findChildren(QLabel):
        if label.isVisible() and label.text().strip():
            yield Text(f"label {label.objectName() or type(label).__name__}", label.text(), _pixels(label.font()))
    for button in window.findChildren(QAbstractButton):
        icon_only = isinstance(button, QToolButton) and button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
        if button.isVisible() and button.text().strip() and not icon_only:
            yield Text(f"button {button.objectName() or type(button).__name__}", button.text(), _pixels(button.font()))


def table_view(window: MainWindow) -> QGraphicsView:
    """The view of the table the window shows."""
    view = window.table_view()
    assert view is not None, "no table on show"
    return view


def measure(window: MainWindow) -> Text | None:
    """The smallest text the window shows now (None if it shows none)."""
    texts = [*scene_texts(table_view(window)), *widget_texts(window)]
    return min(texts, key=lambda t: t.height) if texts else None


def resize(window: MainWindow, size: tuple[int, int]) -> None:
    from PySide6.QtWidgets import QApplication

    window.resize(*size)
    for _ in range(3):  # the docks and the view settle their sizes over a few passes
        QApplication.processEvents()


def survey(tables: list[str], languages: list[str], seeds: tuple[int, ...], out: list[Smallest] | None = None,
           echo: bool = True, losses: list[Losses] | None = None, late: bool = True) -> list[Smallest]:
    """The smallest text per table, language and size over the seeded positions, mid-game and (unless not `late`)
    late (stages); `losses` gets what the cards leave out at SIZES[0], per table, stage and language."""
    from PySide6.QtWidgets import QApplication

    from desktop.frame import card_item
    from desktop.frame.i18n import Translator
    from desktop.shell.main_window import MainWindow
    from desktop.shell.screenshot import games, modes_of, read_shot, set_table
    from rules.registry import engine

    card_item.ANIMATION_MS = 0  # measure the cards where they land
    found = [] if out is None else out
    scratch = Path(tempfile.mkdtemp(prefix="convivium-legibility-"))
    home = os.environ.get("CONVIVIUM_HOME")
    os.environ["CONVIVIUM_HOME"] = str(scratch)  # the tables' autosaves go here, and then away
    try:
        for lang in languages:
            window = MainWindow(Translator(lang))
            # No dialog may wait for an answer (the Solonauts helper announces its game's end).
            window.ask = lambda title, text, buttons, safe=None: safe or 0  # type: ignore[method-assign]
            window.inform = lambda title, text: None  # type: ignore[method-assign]
            window.show()
            for table in tables:
                players = engine(games()[table], modes_of(table)[0]).player_range()[1]  # the most crowded table
                smallest: dict[tuple[int, int], Text] = {}
                lost: list[Losses] = []
                for stage, moves in stages(table, late):
                    counted = Losses(table, lang, dict.fromkeys(PLACES, 0), dict.fromkeys(PLACES, 0), [], stage=stage)
                    lost.append(counted)
                    for seed in seeds:
                        shot = read_shot(table, None, players, seed, moves, "x".join(map(str, SIZES[0])),
                                         str(scratch / "unused.png"))
                        set_table(window, shot)
                        for size in SIZES:
                            resize(window, size)
                            if size == SIZES[0]:
                                count_losses(table_view(window), counted)
                            text = measure(window)
                            if text is not None and (size not in smallest or text.height < smallest[size].height):
                                smallest[size] = text
                for size in SIZES:
                    if size in smallest:
                        row = Smallest(table, lang, size, smallest[size])
                        found.append(row)
                        if echo:
                            print(row.line(), flush=True)
                if losses is not None:
                    losses.extend(lost)
            window.close()
            window.deleteLater()
            QApplication.processEvents()
    finally:
        if home is None:
            os.environ.pop("CONVIVIUM_HOME", None)
        else:
            os.environ["CONVIVIUM_HOME"] = home
        shutil.rmtree(scratch, ignore_errors=True)
    return found


def markdown(rows: list[Smallest]) -> str:
    lines = ["| Table | Language | Size | Smallest text (px) | Item | Text |", "|---|---|---|---:|---|---|"]
    for row in rows:
        w, h = row.size
        text = _short(row.text.text).replace("|", "\\|")
        lines.append(f"| {row.table} | {row.lang} | {w}×{h} | {row.text.height:.1f} | {row.text.name} | {text} |")
    return "\n".join(lines) + "\n"


def losses_markdown(rows: list[Losses]) -> str:
    lines = ["| Table | Language | Names cut: hand / own / lit / other | Fields left out: hand / own / lit / other |",
             "|---|---|---|---|"]
    for row in rows:
        lines.append(f"| {row.name()} | {row.lang} | {' / '.join(str(row.cut[p]) for p in PLACES)} | "
                     f"{' / '.join(str(row.dropped[p]) for p in PLACES)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="convivium check --legibility",
                                     description="Measure the smallest text on every table, language and window size.")
    parser.add_argument("--legibility", action="store_true", required=True)
    parser.add_argument("--quick", action="store_true", help="one position per table instead of three")
    parser.add_argument("--table", action="append", choices=tuple(TABLES), help="only this table (repeatable)")
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="only this language (repeatable)")
    parser.add_argument("--markdown", type=Path, metavar="FILE", help="also write the figures as a Markdown table")
    parser.add_argument("--force", action="store_true", help="replace the --markdown FILE if it exists")
    args = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    _app = QApplication.instance() or QApplication(sys.argv[:1])
    lost: list[Losses] = []
    rows = survey(args.table or list(TABLES), args.lang or list(LANGUAGES), QUICK_SEEDS if args.quick else SEEDS,
                  losses=lost)
    for row in lost:
        print(row.line(), flush=True)
    if args.markdown is not None:
        try:
            files.write_text(args.markdown, markdown(rows) + "\n" + losses_markdown(lost), named=True,
                             replace=args.force)
        except OSError as exc:
            print(f"convivium check: cannot write {args.markdown}: {exc.strerror or exc}", file=sys.stderr)
            return 2
    low = [row for row in rows if row.text.height < MINIMUM]
    if low:
        print(f"{len(low)} of {len(rows)} below {MINIMUM:g} px", file=sys.stderr)
    cut = [row for row in lost if row.cuts_theirs()]
    if cut:
        where = "x".join(map(str, SIZES[0]))
        print(f"names cut in the looking player's hand, own area or lit targets at {where} on {len(cut)} of "
              f"{len(lost)} tables and languages", file=sys.stderr)
    return 1 if low or cut else 0
