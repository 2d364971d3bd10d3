"""Bacchus' Banquet card data: the shipped set, and broken variants of a copy of it
(fixtures/banquet/cards.yaml), each problem reported at its exact place.

Line and column numbers are those of the fixture file (1-based characters).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from cardset_edits import FIXTURES, REPO_CARDSETS, replaced

import cardsets
from cardsets.banquet import loader as banquet
from cardsets.yamlfile import CardSetError, parse

FIXTURE = FIXTURES / "banquet" / "cards.yaml"
ENGINE_SOURCES = sorted((REPO_CARDSETS.parent / "rules" / "banquet").glob("*.py"))


@pytest.fixture
def cards_text() -> str:
    return FIXTURE.read_text(encoding="utf-8")


def problems_of(text: str) -> list[str]:
    doc = parse(text, "cards.yaml")
    result = banquet.parse(doc)
    assert (result is None) == bool(doc.problems)
    return [str(p) for p in sorted(doc.problems)]


# --- The shipped set ----------------------------------------------------------------------------


def test_the_shipped_set_is_the_digest_deck() -> None:
    """BB-1.10, BB-2.1, BB-2.3, BB-16.1, D-3: 93 action cards in 25 kinds, with the digest's totals per
    kind; every one is reconstructed and says what is ours."""
    cards = cardsets.load_set("banquet")
    assert isinstance(cards, banquet.BanquetSet)
    totals: dict[str, int] = {}
    for a in cards.actions:
        totals[a.kind] = totals.get(a.kind, 0) + a.count
    assert totals == {"dish": 29, "wine": 15, "poison": 4, "dagger": 7, "gift": 17, "special": 8, "relief": 13}
    assert sum(a.value * a.count for a in cards.actions if a.kind == "wine") == 29
    assert sum(a.value * a.count for a in cards.actions if a.kind == "relief") == -25
    assert {a.id: a.value for a in cards.actions if a.kind in ("dish", "poison")} == {
        "olives": 1, "oysters": 1, "carp": 2, "dormice": 2, "peacock": 3, "flamingo": 3, "piglet": 4, "poison": 7}
    assert [a.id for a in cards.actions if a.effect] == ["food_taster", "hymn", "umbra", "doze"]
    assert all(a.provenance.reconstructed and a.provenance.note for a in cards.actions)


def test_the_shipped_guests_and_privileges() -> None:
    """BB-2.3, BB-12.12, BB-16.3, BB-16.4, D-4, D-5: objectives as data; reconstructed entries say so."""
    cards = cardsets.load_set("banquet")
    assert isinstance(cards, banquet.BanquetSet)
    by_id = {g.id: g for g in cards.guests}
    assert [g.id for g in cards.guests if g.public] == ["caligula"]
    assert {g.id for g in cards.guests if g.provenance.reconstructed} == {"claudius", "messalina", "vespasianus"}
    assert by_id["vespasianus"].objective == banquet.Condition("distinct_dishes", 5)
    assert by_id["octavius"].objective == by_id["cassius"].objective
    assert [(p.id, p.kind, p.slots) for p in cards.privileges][-3:] == [
        ("exchange_keep_discard", "exchange", ("keep", "discard")), ("give_back", "give_back", ()),
        ("special_gift", "special_gift", ())]
    assert cards.text_keys()[:2] == ["olives.name", "olives.text"]
    assert len(cards.text_keys()) == 2 * (25 + 9 + 8)


def cheapest_climb(cards: banquet.BanquetSet, goal: banquet.Condition) -> int | None:
    """The fewest belt steps a row must take in to meet `goal` with food and wine, or None when
    the goal is not about food and wine (gifts, daggers, knock-outs)."""
    dishes = [a for a in cards.actions if a.kind == "dish"]
    if goal.op == "distinct_dishes":
        return sum(sorted(a.value for a in dishes)[:goal.amount])
    if goal.op == "dishes_any":
        return sum(sorted(a.value for a in dishes for _ in range(a.count))[:goal.amount])
    if goal.op == "wine_points":  # a wine's points are its belt steps: the least total reaching the goal
        totals = {0}
        for a in cards.actions:
            if a.kind == "wine":
                for _ in range(a.count):
                    totals |= {s + a.value for s in totals}
        return min(s for s in totals if s >= goal.amount)
    costs = [cheapest_climb(cards, part) for part in goal.parts]
    if goal.op == "all_of":
        return None if None in costs else sum(c for c in costs if c is not None)
    if goal.op == "any_of":
        return min((c for c in costs if c is not None), default=None)
    return None


def test_bb162_the_reconstructed_deck_keeps_every_goal_within_reach() -> None:
    """BB-16.2: every food goal fits on a belt of 10 (Vespasianus only just), seven dish names from +1
    to +4, and the positive cards outweigh relief, +121 against -25."""
    cards = cardsets.load_set("banquet")
    assert isinstance(cards, banquet.BanquetSet)
    climbs = {g.id: cheapest_climb(cards, g.objective) for g in cards.guests}
    assert {g: c for g, c in climbs.items() if c is not None} == {
        "caligula": 7, "claudius": 7, "messalina": 7, "vespasianus": 9}
    dishes = [a for a in cards.actions if a.kind == "dish"]
    assert len(dishes) == 7 and {a.value for a in dishes} == {1, 2, 3, 4}
    assert sum(a.value * a.count for a in cards.actions if a.value > 0) == 121
    assert sum(a.value * a.count for a in cards.actions if a.value < 0) == -25


def test_the_fixture_is_the_shipped_file() -> None:
    """The fixture is a copy of the shipped set, so the positions below are real ones."""
    assert FIXTURE.read_text(encoding="utf-8") == (REPO_CARDSETS / "banquet" / "cards.yaml").read_text(encoding="utf-8")
    assert problems_of(FIXTURE.read_text(encoding="utf-8")) == []


def test_every_engine_text_key_is_in_english() -> None:
    """Every reason code, event and option key the engine uses has an English string."""
    english = cardsets.load_texts("banquet").strings["en"]
    source = "\n".join(p.read_text(encoding="utf-8") for p in ENGINE_SOURCES)
    codes = set(re.findall(r'"((?:illegal|option)\.[a-z_]+)"', source))
    events = {f"event.{k}" for k in re.findall(r'Event\("([a-z_]+)"', source)}
    assert "illegal.bad_pick" in codes and "event.card_revealed" in events
    counted = {key.removesuffix(".other") for key in english if key.endswith(".other")}
    assert sorted((codes | events) - set(english) - counted) == []


def test_load_reports_every_problem(tmp_path: Path, cards_text: str) -> None:
    """The loader raises CardSetError listing all problems, with the file label."""
    path = tmp_path / "cards.yaml"
    path.write_text(replaced(cards_text, ("set: banquet", "set: banquett"), ("version: 1", "version: one")),
                    encoding="utf-8")
    with pytest.raises(CardSetError) as err:
        banquet.load(path, "banquet/cards.yaml")
    assert [str(p) for p in err.value.problems] == [
        "banquet/cards.yaml:9:6: this file is for set 'banquett', expected 'banquet'",
        "banquet/cards.yaml:10:10: 'version' must be a whole number, not 'one'",
    ]


# --- Broken variants ----------------------------------------------------------------------------


def test_unknown_kind_with_a_suggestion(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: oysters, kind: dish,", "{id: oysters, kind: dsh,"))
    assert problems_of(text) == [
        "cards.yaml:19:25: 'kind' is 'dsh'; expected one of 'dish', 'wine', 'poison', 'relief', 'dagger', "
        "'gift', 'special' (did you mean 'dish'?)"]


def test_unknown_key_is_reported_at_the_key(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: carp, kind: dish, value: 2,", "{id: carp, kind: dish, valeu: 2,"))
    assert problems_of(text) == ["cards.yaml:20:28: unknown key 'valeu' (did you mean 'value'?)"]


def test_a_relief_card_needs_a_negative_value(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: feather, kind: relief, value: -3,", "{id: feather, kind: relief, value: 3,"))
    assert problems_of(text) == ["cards.yaml:42:40: a relief card's value must be below 0, not 3"]


def test_a_dagger_has_no_value(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: dagger, kind: dagger, count: 7,", "{id: dagger, kind: dagger, value: 1, count: 7,"))
    assert problems_of(text) == ["cards.yaml:29:32: a dagger card has no 'value'"]


def test_the_deck_must_hold_93_cards(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: olives, kind: dish, value: 1, count: 5,", "{id: olives, kind: dish, value: 1, count: 6,"))
    assert problems_of(text) == ["cards.yaml:18:3: the action cards add up to 94, expected 93"]


def test_a_reconstructed_card_needs_a_note(cards_text: str) -> None:
    text = replaced(cards_text, (', source: reconstructed, note: "the slot pair is ours"}\n  - {id: claim_keep_gift',
                                 ', source: reconstructed}\n  - {id: claim_keep_gift'))
    assert problems_of(text) == ["cards.yaml:85:75: a reconstructed card needs a 'note' saying what is ours"]


def test_duplicate_id_across_sections(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: agrippina,", "{id: dagger,"))
    assert problems_of(text) == ["cards.yaml:79:10: duplicate id 'dagger' (first used at line 29, column 10)"]


def test_unknown_condition_with_a_suggestion(cards_text: str) -> None:
    text = replaced(cards_text, ("objective: {distinct_dishes: 5}", "objective: {distinct_dish: 5}"))
    assert problems_of(text) == ["cards.yaml:77:17: unknown condition 'distinct_dish' (did you mean 'distinct_dishes'?)"]


def test_a_combiner_needs_two_conditions(cards_text: str) -> None:
    text = replaced(cards_text, ("objective: {all_of: [{distinct_dishes: 3}, {wine_points: 3}]}",
                                 "objective: {all_of: [{distinct_dishes: 3}]}"))
    assert problems_of(text) == ["cards.yaml:67:25: 'all_of' needs at least two conditions, not 1"]


def test_a_condition_needs_a_positive_number(cards_text: str) -> None:
    text = replaced(cards_text, ("objective: {distinct_dishes: 5}", "objective: {distinct_dishes: 0}"))
    assert problems_of(text) == ["cards.yaml:77:34: 'distinct_dishes' must be at least 1, not 0"]


def test_a_flag_condition_must_be_true(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: septimus, team: conspirators, source: printed, objective: {any_of: [{caligula_knocked_out: true}",
                                 "{id: septimus, team: conspirators, source: printed, objective: {any_of: [{caligula_knocked_out: yes}"))
    assert problems_of(text) == ["cards.yaml:61:101: 'caligula_knocked_out' can only be true, not 'yes'"]


def test_exactly_one_public_caligula(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: caesonia, team: collector,", "{id: caesonia, team: caligula,"))
    assert problems_of(text) == [
        "cards.yaml:55:3: exactly one guest must be on team 'caligula', found 2",
        "cards.yaml:78:10: guest 'caesonia': only the team 'caligula' guest is public",
    ]


def test_a_claim_names_two_different_slots(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: claim_keep_gift, kind: claim, slots: [keep, gift],",
                                 "{id: claim_keep_gift, kind: claim, slots: [keep, keep],"))
    assert problems_of(text) == ["cards.yaml:86:47: a claim privilege names two different slots, not ['keep', 'keep']"]


def test_an_unknown_slot_with_a_suggestion(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: exchange_gift_keep, kind: exchange, slots: [gift, keep],",
                                 "{id: exchange_gift_keep, kind: exchange, slots: [gift, kep],"))
    assert problems_of(text) == [
        "cards.yaml:89:60: 'slots' is 'kep'; expected one of 'discard', 'keep', 'gift' (did you mean 'keep'?)"]


def test_give_back_names_no_slots(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: give_back, kind: give_back,", "{id: give_back, kind: give_back, slots: [gift],"))
    assert problems_of(text) == ["cards.yaml:91:38: a give_back privilege names no slots"]


def test_a_special_needs_its_effect(cards_text: str) -> None:
    text = replaced(cards_text, ("{id: umbra, kind: special, effect: umbra,", "{id: umbra, kind: special,"))
    assert problems_of(text) == [
        "cards.yaml:38:5: missing key 'effect' (a special card says which one it is)"]


def test_yaml_11_booleans_are_words(cards_text: str) -> None:
    text = replaced(cards_text, ("    public: true\n", "    public: yes\n"))
    assert problems_of(text) == ["cards.yaml:57:13: 'public' must be true or false, not 'yes'"]
