"""Help → How to play: the rules of the game on the table, in the player's language (issue #11)."""
from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, make_window

import cardsets
from cardsets import rules_text
from cardsets.text import LANGUAGES
from desktop.frame.card_table import CardTable
from desktop.frame.i18n import Translator
from desktop.shell import how_to_play
from desktop.shell.how_to_play import GAME_SETTING, SIZE_SETTING, HowToPlay
from desktop.shell.main_window import MainWindow

# How each game is put on the table: (game, mode, names, options, seed); Solonauts is a deal of its own.
ON_TABLE: dict[str, tuple[str, str, list[str], dict[str, Any], int]] = {
    "chrononauts": ("chrononauts", "chrononauts", ["Marta", "Luca"], {"first_player": 0}, 5),
    "artifaxx": ("chrononauts", "artifaxx", ["Ann", "Bob", "Cleo"], {}, 3),
    "bacchanalia": ("bacchanalia", "standard", ["Marta", "Luca", "Ana"], {}, 3),
    "banquet": ("banquet", "standard", ["Marta", "Luca", "Ana"], {"privileges": "off"}, 0),
    "parsifal": ("parsifal", "standard", ["Marta", "Luca", "Ana", "Piet"], {"first_player": 0}, 7),
}


@pytest.fixture(autouse=True)
def own_home(home: Path) -> Path:
    """The dialog saves its size and the game chosen in the settings: in a folder of the test's own."""
    return home


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    return make_window(qtbot, dialogs)


def summary_of(name: str, lang: str) -> tuple[str, str]:
    """The title and the summary's heading of a rules text, as its file has them."""
    rules, problems = rules_text.load(name, lang, cardsets.ROOT)
    assert rules is not None and not problems
    return rules.title, rules.sections[0].heading


def shown(dialog: HowToPlay) -> tuple[str, str, str]:
    """The window title, the first section listed and the heading of the section on show."""
    first = dialog.sections.item(0).text()
    return dialog.windowTitle(), first, dialog.browser.document().firstBlock().text()


def image_names(document: QTextDocument) -> list[str]:
    """The images the document shows, by name."""
    names = []
    block = document.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fmt = it.fragment().charFormat()
            if fmt.isImageFormat():
                names.append(fmt.toImageFormat().name())
            it += 1
        block = block.next()
    return names


def copy_of_chrononauts(tmp_path: Path) -> Path:
    root = tmp_path / "cardsets"
    shutil.copytree(cardsets.ROOT / "chrononauts", root / "chrononauts")
    return root


@pytest.mark.parametrize("name", rules_text.NAMES)
def test_how_to_play_opens_the_rules_of_the_game_on_the_table_in_each_language(qtbot: Any, main: MainWindow,
                                                                                name: str) -> None:
    """The game on the table decides the rules shown; a language switch while it is open follows."""
    if name == "solonauts":
        main.new_game({"ids": 8}, 12345)
    else:
        game, mode, names, options, seed = ON_TABLE[name]
        main.new_hotseat(game, mode, names, options, seed)
    main.settings[GAME_SETTING] = "banquet" if name != "banquet" else "parsifal"  # what was chosen before loses
    main.act_help.trigger()
    dialog = main.how_to_play
    assert dialog is not None and dialog.isVisible()
    for lang in ("en", *[code for code in LANGUAGES if code != "en"]):
        main.tr_.set_language(lang)
        title, heading = summary_of(name, lang)
        window_title, first, on_show = shown(dialog)
        assert title in window_title, lang
        assert (first, on_show) == (heading, heading), lang
        assert dialog.current_section() == rules_text.FIRST
        assert dialog.chooser.currentData() == name
        assert not dialog.note.text()


def test_with_no_game_on_the_table_the_last_chosen_rules_open(qtbot: Any, main: MainWindow) -> None:
    assert main.table is None
    main.act_help.trigger()
    dialog = main.how_to_play
    assert dialog is not None
    dialog.chooser.setCurrentIndex(dialog.chooser.findData("parsifal"))
    assert dialog.rules is not None and dialog.rules.name == "parsifal"
    assert main.settings[GAME_SETTING] == "parsifal"
    dialog.resize(760, 520)  # within the test's screen (800×600): a bigger size is cut to the screen
    dialog.close()
    assert main.settings[SIZE_SETTING] == [760, 520]
    again = HowToPlay(Translator("it"), dict(main.settings))
    qtbot.addWidget(again)
    again.open_on(None)
    assert again.size().width() == 760 and again.size().height() == 520
    assert shown(again)[1] == summary_of("parsifal", "it")[1]


def test_the_chooser_names_the_six_rules_in_the_players_language(qtbot: Any) -> None:
    dialog = HowToPlay(Translator("it"), {})
    qtbot.addWidget(dialog)
    names = {str(dialog.chooser.itemData(i)): dialog.chooser.itemText(i) for i in range(dialog.chooser.count())}
    assert sorted(names) == sorted(rules_text.NAMES)  # in the menus' order, the game's modes together
    assert list(names) == ["chrononauts", "artifaxx", "solonauts", "bacchanalia", "banquet", "parsifal"]
    assert names["parsifal"] == "Parsifal, un gioco di tarocchi" and names["solonauts"] == "Solonauts"


def test_search_filters_the_sections_and_marks_the_words(qtbot: Any) -> None:
    dialog = HowToPlay(Translator("en"), {})
    qtbot.addWidget(dialog)
    dialog.open_on("parsifal")
    everything = dialog.visible_sections()
    dialog.search.setText("Balm limbo")  # a card's title as the reader sees it ([[balsamo]]), and a word
    found = dialog.visible_sections()
    assert found and len(found) < len(everything)
    for section_id in found:
        words = dialog._texts[section_id]
        assert "balm" in words and "limbo" in words
    assert dialog.current_section() == found[0]
    marked = {word.casefold() for word in dialog.marked()}
    assert marked == {"balm", "limbo"}
    dialog.search.setText("zzyzx-nowhere")
    assert dialog.visible_sections() == []
    assert dialog.browser.toPlainText() == Translator("en").text("howto.nothing_found")
    dialog.search.clear()
    assert dialog.visible_sections() == everything


def test_a_picture_line_shows_the_card_painted_as_an_image(qtbot: Any) -> None:
    dialog = HowToPlay(Translator("en"), {})
    qtbot.addWidget(dialog)
    dialog.open_on("solonauts", "inverters")
    section = dialog.rules.section("inverters") if dialog.rules is not None else None
    assert section is not None and "![[inv_reverse_fate]]" in section.lines
    document = dialog.browser.document()
    assert image_names(document) == ["card:inv_reverse_fate"]
    image = document.resource(QTextDocument.ResourceType.ImageResource, QUrl("card:inv_reverse_fate"))
    assert isinstance(image, QImage) and not image.isNull() and image.width() > 100
    assert "[[" not in dialog.browser.toPlainText()  # every card named by its title
    assert "Reverse Fate" in dialog.browser.toPlainText()


@pytest.mark.parametrize("name", rules_text.NAMES)
def test_every_picture_of_every_game_is_painted(qtbot: Any, name: str) -> None:
    dialog = HowToPlay(Translator("it"), {})
    qtbot.addWidget(dialog)
    dialog.open_on(name)
    assert dialog.rules is not None
    seen = 0
    for part in dialog.rules.sections:
        wanted = [f"card:{line.strip()[3:-2]}" for line in part.lines if line.startswith("![[")]
        if wanted:
            dialog.show_rules(name, part.id)
            assert image_names(dialog.browser.document()) == wanted, part.id
            seen += len(wanted)
    assert seen >= 4


def test_a_card_that_cannot_be_painted_is_its_title_in_a_frame(qtbot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> QImage:
        raise ValueError("no face")

    monkeypatch.setattr(how_to_play, "card_picture", broken)
    dialog = HowToPlay(Translator("en"), {})
    qtbot.addWidget(dialog)
    dialog.open_on("solonauts", "inverters")
    assert image_names(dialog.browser.document()) == []
    assert "Reverse Fate" in dialog.browser.document().toPlainText().split("\n")


def test_markup_in_a_rules_file_is_shown_literally(qtbot: Any, tmp_path: Path) -> None:
    root = copy_of_chrononauts(tmp_path)
    path = rules_text.path_of("solonauts", "en", root)
    text = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(text) if line.startswith("## ")) + 1
    text[at:at] = ["", 'Look: <img src=/dev/zero> <a href="file:///etc/passwd">here</a> &amp; **bold**', ""]
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    dialog = HowToPlay(Translator("en"), {}, root=root)
    qtbot.addWidget(dialog)
    dialog.open_on("solonauts")
    words = dialog.browser.toPlainText()
    assert 'Look: <img src=/dev/zero> <a href="file:///etc/passwd">here</a> &amp; bold' in words
    assert image_names(dialog.browser.document()) == []
    assert not dialog.browser.document().toHtml().count("<a ")


def test_a_broken_translation_shows_the_english_rules_with_a_note(qtbot: Any, tmp_path: Path) -> None:
    root = copy_of_chrononauts(tmp_path)
    rules_text.path_of("artifaxx", "nl", root).write_text("no title here\n## Kort {#summary}\n", encoding="utf-8")
    tr = Translator("nl")
    dialog = HowToPlay(tr, {}, root=root)
    qtbot.addWidget(dialog)
    dialog.open_on("artifaxx")
    title, heading = summary_of("artifaxx", "en")
    assert title in dialog.windowTitle() and shown(dialog)[1:] == (heading, heading)
    assert dialog.note.text() == tr.text("howto.fallback") and not dialog.note.isHidden()
    rules_text.path_of("artifaxx", "nl", root).unlink()  # gone altogether: the same
    tr.set_language("it")
    tr.set_language("nl")
    assert dialog.note.text() == tr.text("howto.fallback") and shown(dialog)[1] == heading


def test_rules_that_cannot_be_read_in_any_language_say_why_in_the_players_words(qtbot: Any, tmp_path: Path) -> None:
    root = copy_of_chrononauts(tmp_path)
    rules_text.path_of("artifaxx", "it", root).write_bytes(b"# Artifaxx\n\n## Riassunto {#summary}\n\xff\n")
    rules_text.path_of("artifaxx", "en", root).unlink()
    tr = Translator("it")
    dialog = HowToPlay(tr, {}, root=root)
    qtbot.addWidget(dialog)
    dialog.open_on("artifaxx")
    note = dialog.note.text()
    assert note == tr.text("howto.unreadable", problem="chrononauts/rules/artifaxx.it.md, riga 4, colonna 1: "
                                                         "il testo non è in UTF-8")
    assert "UTF-8 text" not in note and not dialog.note.isHidden()


def keys_listed(scene: CardTable) -> list[str]:
    scene.toggle_help(True)
    panel = scene.help_panel
    assert panel is not None
    lines = panel.lines()
    scene.toggle_help(False)
    return lines


def test_f1_lists_only_the_keys_of_the_game_on_the_table(qtbot: Any, main: MainWindow) -> None:
    """Delete drops a card on the discard pile in Solonauts; Parsifal has no discard pile and no curtain."""
    t = main.tr_.text
    main.new_game({"ids": 8}, 12345)
    solonauts = keys_listed(main.table.scene)
    assert t("keys.delete.does") in solonauts
    game, mode, names, options, seed = ON_TABLE["parsifal"]
    table = main.new_hotseat(game, mode, names, options, seed)
    parsifal = keys_listed(table.scene)
    assert t("keys.delete.does") not in parsifal and t("keys.curtain.does") not in parsifal
    assert t("keys.move.does") in parsifal and t("keys.help.does") in parsifal
    game, mode, names, options, seed = ON_TABLE["chrononauts"]
    chrononauts = keys_listed(main.new_hotseat(game, mode, names, options, seed).scene)
    assert t("keys.delete.does") in chrononauts and t("keys.curtain.does") in chrononauts
    assert main.act_keys.shortcut().toString() == "F1" and main.act_help.shortcut().isEmpty()
    QApplication.processEvents()
