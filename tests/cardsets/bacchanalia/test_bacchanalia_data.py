"""Bacchanalia card data: the shipped set, and broken variants of fixtures/bacchanalia/cards.yaml,
each problem reported at its exact place (BAC-2)."""
from __future__ import annotations

from pathlib import Path

import pytest
from cardset_edits import FIXTURES, REPO_CARDSETS, replaced

import cardsets
from cardsets.bacchanalia import loader as bacchanalia
from cardsets.yamlfile import CardSetError, parse

FILE = "bacchanalia/cards.yaml"
MINI = (FIXTURES / "bacchanalia" / "cards.yaml").read_text(encoding="utf-8")


def problems_of(*edits: tuple[str, str]) -> list[str]:
    doc = parse(replaced(MINI, *edits), FILE)
    result = bacchanalia.parse(doc)
    assert (result is None) == bool(doc.problems)
    return [str(p) for p in sorted(doc.problems)]


def test_the_fixture_is_valid() -> None:
    doc = parse(MINI, FILE)
    cards = bacchanalia.parse(doc)
    assert doc.problems == [] and cards is not None
    assert cards.version == 3 and len(cards.deus) == 9
    assert cards.deus_of("satyrus").copies_in_play(5) == 3 and cards.deus_of("vinum").copies_in_play(4) == 4
    assert [u.id for u in cards.umbra if u.symbol] == ["umbra_vinum_symbol"]


def test_the_shipped_set() -> None:
    """BAC-2.1, BAC-2.3, A-1: 18 Deus, 62 Umbra with one Parcae; counts not printed are marked."""
    cards = cardsets.load_set("bacchanalia")
    assert isinstance(cards, bacchanalia.BacchanaliaSet)
    assert sum(d.count for d in cards.deus) == 18
    assert sum(u.count for u in cards.umbra) == 62
    assert [u.count for u in cards.umbra if u.type == "parcae"] == [1]
    assert sum(u.count for u in cards.umbra if u.symbol) == 4
    assert {u.id for u in cards.umbra if u.provenance.reconstructed} == {u.id for u in cards.umbra} - {"umbra_parcae"}
    assert all(d.provenance.reconstructed == (d.count > 1) for d in cards.deus)
    assert all(d.provenance.note for d in cards.deus if d.provenance.reconstructed)
    keys = cards.text_keys()
    assert len(keys) == len(set(keys))
    assert {"deus_amans.name", "umbra_parcae.name", "aruspex.minerva.with", "intro.where", "finale.option.4",
            "prompt.lock"} <= set(keys)


def test_every_text_key_exists_in_every_language() -> None:
    catalog = cardsets.load_texts("bacchanalia")
    for lang in ("it", "es", "en", "nl"):
        assert catalog.missing(lang) == []
    assert catalog.text("it", "outcome.lost") == "Perso nel Baccanale"


def test_a_wrong_type_suggests_the_right_one() -> None:
    assert problems_of(("{id: deus_pluto, type: pluto,", "{id: deus_pluto, type: plutus,")) == [
        f"{FILE}:9:28: 'type' is 'plutus'; expected one of 'bacchus', 'pluto', 'accusator', 'satyrus', 'miles', "
        "'minerva', 'venus', 'amans', 'vinum' (did you mean 'pluto'?)"]


def test_a_misspelt_in_play_rule() -> None:
    assert problems_of(("    in_play: per_player\n", "    in_play: per_playr\n")) == [
        f"{FILE}:19:14: 'in_play' is 'per_playr'; expected one of 'one', 'half', 'per_player' (did you mean 'per_player'?)"]


def test_too_few_copies_for_six_players() -> None:
    assert problems_of(("count: 3, in_play: half, start: centre, source: reconstructed, note: \"Split.\"}\n  - {id: deus_miles",
                        "count: 2, in_play: half, start: centre, source: reconstructed, note: \"Split.\"}\n  - {id: deus_miles")) == [
        f"{FILE}:11:46: 2 satyrus cards are too few: six players use 3"]


def test_a_flag_that_is_not_a_boolean() -> None:
    # "yes" is a word under YAML 1.2, so it is caught instead of silently meaning true.
    assert problems_of(("    symbol: true\n", "    symbol: yes\n")) == [
        f"{FILE}:29:13: 'symbol' must be true or false, not 'yes'"]


def test_exactly_one_parcae() -> None:
    """BAC-1.3, BAC-2.3: one Umbra card, the Parcae, shows no Deus type, and there is only one."""
    assert problems_of(("{id: umbra_parcae, type: parcae, count: 1,", "{id: umbra_parcae, type: parcae, count: 2,")) == [
        f"{FILE}:40:45: there is exactly one Parcae card, not 2 (BAC-2.3)"]


def test_only_vinum_carries_the_symbol() -> None:
    assert problems_of(("{id: umbra_bacchus, type: bacchus, count: 1, source: printed}",
                        "{id: umbra_bacchus, type: bacchus, count: 1, symbol: true, source: printed}")) == [
        f"{FILE}:32:50: only Vinum cards can carry the symbol (BAC-2.4)"]


def test_duplicate_id() -> None:
    assert problems_of(("{id: umbra_pluto, type: pluto", "{id: umbra_satyrus, type: pluto")) == [
        f"{FILE}:36:10: duplicate id 'umbra_satyrus' (first used at line 33, column 10)"]


def test_a_reconstructed_card_needs_a_note() -> None:
    assert problems_of(("    note: \"One per player.\"\n", "")) == [
        f"{FILE}:21:13: a reconstructed card needs a 'note' saying what is ours"]


def test_a_missing_deus_type() -> None:
    """BAC-1.2: each of the nine Deus types must have its card."""
    line = "  - {id: deus_venus, type: venus, count: 1, in_play: one, start: centre, source: printed}\n"
    assert problems_of((line, "")) == [f"{FILE}:8:3: no Deus card of type 'venus'"]


def test_amans_starts_set_aside() -> None:
    assert problems_of(("{id: deus_amans, type: amans, count: 1, in_play: one, start: set_aside,",
                        "{id: deus_amans, type: amans, count: 1, in_play: one, start: centre,")) == [
        f"{FILE}:15:66: the Amans card, and only it, starts set aside (BAC-3.2)"]


def test_count_at_least_one() -> None:
    assert problems_of(("{id: umbra_pluto, type: pluto, count: 1,", "{id: umbra_pluto, type: pluto, count: 0,")) == [
        f"{FILE}:36:43: count must be at least 1, not 0"]


def test_wrong_set_unknown_key_bad_id_and_version_all_at_once() -> None:
    assert problems_of(("set: bacchanalia", "set: chrononauts"),
                       ("{id: umbra_amans, type: amans, count: 1, source: printed}",
                        "{id: umbra_amans, type: amans, count: 1, source: printed, colour: red}"),
                       ("{id: deus_pluto,", "{id: Deus_Pluto,"),
                       ("version: 3", "version: three")) == [
        f"{FILE}:4:6: this file is for set 'chrononauts', expected 'bacchanalia'",
        f"{FILE}:5:10: 'version' must be a whole number, not 'three'",
        f"{FILE}:9:10: id 'Deus_Pluto' must be lower-case ASCII letters, digits and '_', starting with 'deus_'",
        f"{FILE}:39:63: unknown key 'colour'",
    ]


def test_missing_key_and_missing_file(tmp_path: Path) -> None:
    broken = tmp_path / "cards.yaml"
    broken.write_text(replaced(MINI, ("version: 3\n", "")), encoding="utf-8")
    with pytest.raises(CardSetError) as info:
        bacchanalia.load(broken, FILE)
    assert [str(p) for p in info.value.problems] == [f"{FILE}:4:1: missing key 'version'"]
    with pytest.raises(CardSetError) as info:
        bacchanalia.load(tmp_path / "nothing.yaml", FILE)
    assert [str(p) for p in info.value.problems] == [f"{FILE}:1:1: file not found"]


def test_the_shipped_file_is_the_one_loaded() -> None:
    loaded = bacchanalia.load(REPO_CARDSETS / "bacchanalia" / "cards.yaml", FILE)
    assert loaded == cardsets.load_set("bacchanalia")
