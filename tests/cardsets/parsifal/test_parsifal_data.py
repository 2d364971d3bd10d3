"""Parsifal card data (PAR-2, PAR-10, PAR-11): the shipped set, and broken variants of a small valid one.

fixtures/parsifal/cards.yaml has one card per line (line 5 is the Bow, line 25 Titurel; columns are 1-based characters), so every
problem is asserted at its exact file:line:column.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from cardset_edits import FIXTURES, REPO_CARDSETS, position_of, replaced

import cardsets
from cardsets.parsifal import loader as parsifal
from cardsets.yamlfile import CardSetError, parse

FIXTURE = FIXTURES / "parsifal" / "cards.yaml"
CANONICAL = ["arco", "balsamo", "corno", "gral", "lancia", "pane", "vino", "amfortas", "ammaliatrice", "cavaliere",
             "cigno", "ferris", "gamuret", "gawan", "gurnemanz", "herzeleide", "klingsor", "kundry", "parsifal",
             "scudiero", "titurel"]


@pytest.fixture
def small() -> str:
    return FIXTURE.read_text(encoding="utf-8")


def problems_of(text: str, file: str = "cards.yaml") -> list[str]:
    doc = parse(text, file)
    result = parsifal.parse(doc)
    assert (result is None) == bool(doc.problems)
    return [str(p) for p in sorted(doc.problems)]


def at(text: str, needle: str, message: str, offset: int = 0) -> str:
    line, column = position_of(text, needle)
    return f"cards.yaml:{line}:{column + offset}: {message}"


# --- The shipped set --------------------------------------------------------------------------


def test_the_shipped_set_is_the_digests_deck() -> None:
    """PAR-2.1, PAR-1.2, PAR-1.1: 21 types in canonical order, 23 characters and 7 artifacts, 30 instances."""
    cards = cardsets.load_set("parsifal")
    assert isinstance(cards, parsifal.ParsifalSet)
    assert [t.id for t in cards.tarots] == CANONICAL
    assert {t.id: t.count for t in cards.tarots if t.count > 1} == {"ammaliatrice": 6, "cavaliere": 2, "scudiero": 4}
    assert sum(t.count for t in cards.tarots if t.is_character) == 23
    assert sum(t.count for t in cards.tarots if not t.is_character) == 7
    instances = cards.instances()
    assert len(instances) == len(set(instances)) == 30
    assert instances[7:10] == ["amfortas", "ammaliatrice#1", "ammaliatrice#2"] and "ammaliatrice#6" in instances


def test_every_shipped_card_is_marked_reconstructed_with_a_note() -> None:
    """PAR-11: nothing is known printed, and each card says what is ours."""
    cards = cardsets.load_set("parsifal")
    assert isinstance(cards, parsifal.ParsifalSet)
    assert all(t.reconstructed and t.note for t in cards.tarots)


def test_the_shipped_values_are_the_digests() -> None:
    """PAR-11.1, PAR-11.2: a sample of abilities and missions read from the YAML; PAR-10.2: missions keep
    the order they are written in."""
    cards = cardsets.load_set("parsifal")
    assert isinstance(cards, parsifal.ParsifalSet)
    assert cards.tarot("arco").abilities.block == 2 and cards.tarot("herzeleide").abilities.block == 2
    assert cards.tarot("pane").abilities.extra_action == "holder" and cards.tarot("vino").abilities.extra_action == "other"
    assert cards.tarot("gral").abilities.recover_from_limbo == ("character", "artifact")
    assert cards.tarot("cigno").abilities.send_to_limbo == ("arco",)
    ammaliatrice = cards.tarot("ammaliatrice").missions
    assert ammaliatrice.order == ("block", "holder") and ammaliatrice.holder == {"klingsor": ("gral",)}
    assert cards.tarot("titurel").missions.block == ("amfortas",) and cards.tarot("titurel").missions.hold == ("gral",)
    assert [t.id for t in cards.tarots if t.abilities.change_faction] == ["ammaliatrice", "scudiero"]


def test_ferris_keeps_his_printed_name() -> None:
    """D-26: read as Feirefiz, but named Ferris in every language, as printed."""
    cards = cardsets.load_set("parsifal")
    assert isinstance(cards, parsifal.ParsifalSet)
    assert "Feirefiz" in cards.tarot("ferris").note
    texts = cardsets.load_texts("parsifal")
    assert {texts.text(lang, "ferris.name") for lang in ("it", "es", "en", "nl")} == {"Ferris"}


def test_the_ability_and_mission_keys() -> None:
    """PAR-10.1, PAR-10.2; D-25: no ability draws extra cards, and a card that asks for one is refused."""
    assert set(parsifal.ABILITY_KEYS) == {"block", "free", "change_faction", "hand_over", "control", "interrupt",
                                          "send_to_limbo", "recover_from_limbo", "extra_action"}
    assert parsifal.MISSION_KEYS == ("hold", "block", "holder", "in_limbo", "with", "own_count")
    text = replaced(FIXTURE.read_text(encoding="utf-8"), ("abilities: {block: 2}}", "abilities: {draw: 2}}"))
    assert problems_of(text) == ["cards.yaml:5:77: unknown key 'draw'"]


def test_text_keys_name_abilities_and_missions_of_every_card() -> None:
    cards = cardsets.load_set("parsifal")
    keys = cards.text_keys()
    assert len(keys) == 21 * 2 + 14
    assert {"cigno.name", "cigno.abilities", "cigno.missions", "arco.abilities"} <= set(keys)
    assert "arco.missions" not in keys


def test_every_language_has_every_card_string() -> None:
    texts = cardsets.load_texts("parsifal")
    for lang in ("it", "es", "en", "nl"):
        assert texts.missing(lang) == []
    assert texts.text("it", "scudiero.name") == "Scudiero" and texts.text("nl", "cigno.name") == "Zwaan"


# --- The small set and its loader -----------------------------------------------------------------


def test_the_small_set_is_valid(small: str) -> None:
    doc = parse(small, "cards.yaml")
    cards = parsifal.parse(doc)
    assert doc.problems == [] and cards is not None
    assert cards.version == 3
    assert cards.tarot("vino").source == "printed" and cards.tarot("vino").note == "as printed"
    assert cards.tarot("titurel").missions.with_ == ("amfortas",)
    assert cards.tarot("titurel").missions.own_count == {"scudiero": 2}


def test_load_reports_the_label(tmp_path: Path, small: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(replaced(small, ("set: parsifal", "set: parsival")), encoding="utf-8")
    with pytest.raises(CardSetError) as err:
        parsifal.load(path, "parsifal/cards.yaml")
    assert [str(p) for p in err.value.problems] == [
        "parsifal/cards.yaml:2:6: this file is for set 'parsival', expected 'parsifal'"]


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CardSetError) as err:
        parsifal.load(tmp_path / "nothing.yaml", "parsifal/cards.yaml")
    assert str(err.value) == "parsifal/cards.yaml:1:1: file not found"


def test_unknown_ability_with_a_suggestion(small: str) -> None:
    """PAR-10.1, PAR-10.3: only the known ability keys."""
    text = replaced(small, ("abilities: {block: 2}}", "abilities: {blok: 2}}"))
    assert problems_of(text) == ["cards.yaml:5:77: unknown key 'blok' (did you mean 'block'?)"]


def test_unknown_card_key(small: str) -> None:
    text = replaced(small, ("{id: pane, kind: artifact, count: 1,", "{id: pane, kind: artifact, copies: 1,"))
    assert problems_of(text) == [
        "cards.yaml:10:5: missing key 'count'",
        "cards.yaml:10:32: unknown key 'copies'",
    ]


def test_unknown_kind_suggests_the_right_one(small: str) -> None:
    text = replaced(small, ("{id: ferris, kind: character", "{id: ferris, kind: charater"))
    assert problems_of(text) == [
        "cards.yaml:16:24: 'kind' is 'charater'; expected one of 'character', 'artifact' (did you mean 'character'?)"]


def test_negative_capacity(small: str) -> None:
    """PAR-10.3."""
    text = replaced(small, ("abilities: {block: 2}, missions", "abilities: {block: -2}, missions"))
    assert problems_of(text) == [at(text, "-2}, missions", "'block' cannot be negative, not -2")]


def test_a_yaml_11_boolean_is_a_word(small: str) -> None:
    text = replaced(small, ("abilities: {interrupt: true}}", "abilities: {interrupt: yes}}"))
    assert problems_of(text) == [at(text, "yes}}", "'interrupt' must be true or false, not 'yes'")]


def test_extra_action_only_on_artifacts(small: str) -> None:
    """PAR-10.3."""
    text = replaced(small, ("abilities: {block: 2}, missions", "abilities: {block: 2, extra_action: holder}, missions"))
    assert problems_of(text) == [at(text, "extra_action: holder},", "only an artifact can give an extra action")]


def test_an_unknown_extra_action(small: str) -> None:
    """PAR-10.1: `extra_action` is `holder` or `other`."""
    text = replaced(small, ("extra_action: other", "extra_action: others"))
    assert problems_of(text) == [at(text, "others}", "'extra_action' is 'others'; expected one of 'holder', 'other' "
                                                     "(did you mean 'other'?)")]


def test_change_faction_only_for_maidens_and_squires(small: str) -> None:
    """PAR-10.3, PAR-6.3.1."""
    text = replaced(small, ("abilities: {block: 1, hand_over: true, interrupt: true}",
                            "abilities: {block: 1, hand_over: true, interrupt: true, change_faction: true}"))
    assert problems_of(text) == [
        at(text, "true}, missions: {block: [parsifal], hold: [balsamo]", "only 'ammaliatrice' and 'scudiero' may change faction, "
                                                              "not 'kundry'")]


def test_a_mission_naming_an_unknown_card(small: str) -> None:
    """PAR-10.3."""
    text = replaced(small, ("missions: {block: [parsifal, gamuret]}", "missions: {block: [parsival, gamuret]}"))
    assert problems_of(text) == [at(text, "parsival", "unknown card 'parsival' (did you mean 'parsifal'?)")]


def test_a_mission_naming_the_wrong_kind(small: str) -> None:
    text = replaced(small, ("missions: {hold: [lancia, corno]}", "missions: {hold: [lancia, cigno]}"))
    assert problems_of(text) == [at(text, "cigno]}}", "'cigno' is a character, expected an artifact")]
    text = replaced(small, ("missions: {block: [klingsor]", "missions: {block: [lancia]"))
    assert problems_of(text) == [at(text, "lancia], holder", "'lancia' is an artifact, expected a character")]


def test_an_unknown_holder_is_reported_at_its_key(small: str) -> None:
    text = replaced(small, ("holder: {klingsor: [gral]}", "holder: {klingor: [gral]}"))
    assert problems_of(text) == [at(text, "klingor:", "unknown card 'klingor' (did you mean 'klingsor'?)")]


def test_an_unknown_send_to_limbo_entry(small: str) -> None:
    text = replaced(small, ("send_to_limbo: [arco]", "send_to_limbo: [bow]"))
    assert problems_of(text) == [at(text, "bow]", "unknown card 'bow'")]


def test_contradictory_conditions(small: str) -> None:
    """PAR-11.4.2."""
    text = replaced(small, ("missions: {hold: [lancia, gral]}", "missions: {hold: [lancia, gral], in_limbo: [gral]}"))
    assert problems_of(text) == [at(text, "gral], in_limbo", "'gral' cannot be both held and in Limbo")]


def test_missions_belong_to_characters(small: str) -> None:
    """PAR-2.4: a character lists abilities and missions, an artifact only abilities."""
    text = replaced(small, ("abilities: {free: 1}}", "abilities: {free: 1}, missions: {}}"))
    assert problems_of(text) == [at(text, "missions: {}}", "an artifact has no missions")]
    text = replaced(small, (", missions: {hold: [gral, corno]}", ""))
    assert problems_of(text) == [
        "cards.yaml:16:5: missing key 'missions' (write 'missions: {}' for a character without any)"]


def test_duplicate_id(small: str) -> None:
    text = replaced(small, ("{id: gamuret,", "{id: ferris,"))
    assert problems_of(text) == ["cards.yaml:17:10: duplicate id 'ferris' (first used at line 16, column 10)"]


def test_wrong_counts(small: str) -> None:
    """PAR-2.1, PAR-2.3: 23 characters, 7 artifacts, and the Swan."""
    text = replaced(small, ("count: 6", "count: 5"), ("{id: vino, kind: artifact, count: 1", "{id: vino, kind: artifact, count: 2"))
    assert problems_of(text) == ["cards.yaml:5:3: the deck must hold 23 characters, not 22",
                                 "cards.yaml:5:3: the deck must hold 7 artifacts, not 8"]
    text = replaced(small, ("{id: cigno,", "{id: cygnus,"),
                    ("send_to_limbo: [arco]}, missions: {block: [parsifal], in_limbo: [arco]}",
                     "send_to_limbo: [arco]}, missions: {}"))
    assert problems_of(text) == ["cards.yaml:5:3: the deck must have the Swan, a character with id 'cigno'"]


def test_a_count_below_one(small: str) -> None:
    text = replaced(small, ("{id: corno, kind: artifact, count: 1", "{id: corno, kind: artifact, count: 0"))
    assert problems_of(text) == ["cards.yaml:7:40: count must be at least 1, not 0"]


def test_every_problem_is_reported_at_once(small: str) -> None:
    text = replaced(small, ("abilities: {block: 2}}", "abilities: {blok: 2}}"),
                    ("missions: {hold: [lancia, corno]}", "missions: {hold: [lancia, cigno]}"),
                    ("own_count: {scudiero: 2}", "own_count: {scudiero: 0}"))
    assert problems_of(text) == [
        "cards.yaml:5:77: unknown key 'blok' (did you mean 'block'?)",
        at(text, "cigno]}}", "'cigno' is a character, expected an artifact"),
        at(text, "0}}}", "a count must be at least 1, not 0"),
    ]


def test_the_shipped_file_is_where_the_loader_looks() -> None:
    assert (REPO_CARDSETS / "parsifal" / "cards.yaml").is_file() and "parsifal" in cardsets.GAMES
