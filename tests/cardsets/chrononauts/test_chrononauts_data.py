"""Chrononauts card data: broken variants of a small set, each problem at its exact place.

Positions are counted by hand in fixtures/mini_cards.yaml (columns are 1-based characters).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from cardset_edits import REPO_CARDSETS, position_of, replaced

from cardsets.chrononauts import loader as chrononauts
from cardsets.yamlfile import CardSetError
from cardsets.yamlfile import parse


def problems_of(text: str, file: str = "cards.yaml") -> list[str]:
    doc = parse(text, file)
    result = chrononauts.parse(doc)
    assert (result is None) == bool(doc.problems)
    return [str(p) for p in sorted(doc.problems)]


def test_the_mini_set_is_valid(mini_cards: str) -> None:
    doc = parse(mini_cards, "cards.yaml")
    cards = chrononauts.parse(doc)
    assert doc.problems == [] and cards is not None
    assert [c.year for c in cards.timeline] == [1865, 1868, 1963, 1968, 1974]
    assert cards.by_year[1974].op == "and" and cards.by_year[1974].provenance.reconstructed
    assert cards.inverters[1].targets == {1865: "to_prime", 1963: "to_true"}
    assert cards.patches[1].playable_if_prime == (1963,)


# --- Unknown fields, with a suggestion, reported where the key stands ------------------------


def test_unknown_block_key_is_reported_at_the_key(mini_cards: str) -> None:
    text = replaced(mini_cards, ("    rule:\n", "    rules:\n"))
    # Line 16 is "    rules:"; its value starts on line 17, but the key is what is wrong.
    assert problems_of(text) == ["cards.yaml:16:5: unknown key 'rules' (did you mean 'rule'?)"]


def test_unknown_flow_key(mini_cards: str) -> None:
    text = replaced(mini_cards, ("kind: linchpin, ripples: [1868, 1974]", "kind: linchpin, ripple: [1868, 1974]"))
    # Line 8: "  - {id: tl_1865, ti: A1, year: 1865, kind: linchpin, " is 54 characters.
    assert problems_of(text) == ["cards.yaml:8:55: unknown key 'ripple' (did you mean 'ripples'?)"]


def test_unknown_key_added_to_a_block_card(mini_cards: str) -> None:
    text = replaced(mini_cards, ("    ti: A5\n", "    ti: A5\n    nexsu: true\n"))
    assert problems_of(text) == ["cards.yaml:14:5: unknown key 'nexsu' (did you mean 'nexus'?)"]


def test_unknown_key_without_a_close_match(mini_cards: str) -> None:
    text = replaced(mini_cards, ("    count: 3\n", "    count: 3\n    colour: red\n"))
    assert problems_of(text) == ["cards.yaml:34:5: unknown key 'colour'"]


# --- Wrong types and values ------------------------------------------------------------------


def test_year_written_as_text(mini_cards: str) -> None:
    text = replaced(mini_cards, ("year: 1865, kind", "year: '1865', kind"))
    assert problems_of(text) == ["cards.yaml:8:33: 'year' must be a whole number, not '1865'"]


def test_a_flag_that_is_not_a_boolean(mini_cards: str) -> None:
    # "yes" is a word under YAML 1.2, so it is caught instead of silently meaning true.
    text = replaced(mini_cards, ("    kind: ripplepoint\n", "    kind: ripplepoint\n    nexus: yes\n"))
    assert problems_of(text) == ["cards.yaml:16:12: 'nexus' must be true or false, not 'yes'"]


def test_unknown_kind_suggests_the_right_one(mini_cards: str) -> None:
    text = replaced(mini_cards, ("kind: linchpin, ripples: [1968", "kind: linchpen, ripples: [1968"))
    assert problems_of(text) == [
        "cards.yaml:10:45: 'kind' is 'linchpen'; expected one of 'linchpin', 'ripplepoint' (did you mean 'linchpin'?)"
    ]


def test_missing_required_key(mini_cards: str) -> None:
    text = replaced(mini_cards, ("    ti: A5\n    year: 1974\n", "    ti: A5\n"))
    assert problems_of(text) == ["cards.yaml:12:5: missing key 'year'"]


# --- Counts ----------------------------------------------------------------------------------


def test_inverter_count_of_zero(mini_cards: str) -> None:
    text = replaced(mini_cards, ("    count: 3\n", "    count: 0\n"))
    assert problems_of(text) == ["cards.yaml:33:12: count must be at least 1, not 0"]


def test_inverter_count_in_words(mini_cards: str) -> None:
    text = replaced(mini_cards, ("count: 9,", "count: nine,"))
    assert problems_of(text) == ["cards.yaml:31:35: 'count' must be a whole number, not 'nine'"]


def test_single_rule_with_two_linchpins(mini_cards: str) -> None:
    text = replaced(mini_cards, ("op: single, of: [1865]", "op: single, of: [1865, 1963]"))
    assert problems_of(text) == ["cards.yaml:9:81: rule 'single' cannot have 2 linchpin(s)"]


def test_identity_with_three_patched_years(mini_cards: str) -> None:
    text = replaced(mini_cards, ("patched: [1968, 1974]", "patched: [1968, 1974, 1868]"))
    assert problems_of(text) == ["cards.yaml:38:47: an identity has exactly two patched years, not 3"]


# --- Cross-references ------------------------------------------------------------------------


def test_duplicate_card_id(mini_cards: str) -> None:
    text = replaced(mini_cards, ("{id: tl_1963,", "{id: tl_1865,"))
    assert problems_of(text) == ["cards.yaml:10:10: duplicate id 'tl_1865' (first used at line 8, column 10)"]


def test_inverter_target_year_that_is_not_on_the_timeline(mini_cards: str) -> None:
    text = replaced(mini_cards, ("{1865: to_prime,", "{1866: to_prime,"))
    # Line 34 "    targets: {1866: to_prime, ...": the year (the key) is at column 15.
    assert problems_of(text) == ["cards.yaml:34:15: 1866 is not a linchpin year (did you mean '1865'?)"]


def test_inverter_target_year_that_is_a_ripplepoint(mini_cards: str) -> None:
    text = replaced(mini_cards, ("1963: to_true}", "1968: to_true}"))
    assert problems_of(text) == ["cards.yaml:34:31: 1968 is not a linchpin year (did you mean '1963'?)"]


def test_inverter_target_year_written_as_text(mini_cards: str) -> None:
    text = replaced(mini_cards, ("{1865: to_prime,", "{'1865': to_prime,"))
    assert problems_of(text) == ["cards.yaml:34:15: a target must be a year (a whole number), not '1865'"]


def test_inverter_target_direction(mini_cards: str) -> None:
    text = replaced(mini_cards, ("1963: to_true}", "1963: to_truth}"))
    assert problems_of(text) == [
        "cards.yaml:34:37: 'targets' is 'to_truth'; expected one of 'to_prime', 'to_true' (did you mean 'to_true'?)"
    ]


def test_patch_for_a_year_that_is_no_paradox(mini_cards: str) -> None:
    text = replaced(mini_cards, ("{id: pat_1868, year: 1868,", "{id: pat_1868, year: 1869,"))
    assert problems_of(text) == [
        "cards.yaml:9:100: patch 'pat_1868' is for 1869, not 1868",
        "cards.yaml:24:26: 1869 is not a ripplepoint year (did you mean '1868'?)",
    ]


def test_timeline_names_an_unknown_patch(mini_cards: str) -> None:
    text = replaced(mini_cards, ("patches: [pat_1968]", "patches: [pat_1969]"))
    assert problems_of(text) == [
        "cards.yaml:11:100: unknown patch 'pat_1969' (did you mean 'pat_1968'?)",
        "cards.yaml:25:10: patch 'pat_1968' is not listed under its year 1968",
    ]


def test_unstable_patch_that_could_never_be_played(mini_cards: str) -> None:
    text = replaced(mini_cards, ("playable_if: {prime: [1963]}", "playable_if: {prime: [1865]}"))
    # Line 25: "  - {id: pat_1968, year: 1968, playable_if: " is 44 characters; the condition is wrong.
    assert problems_of(text) == [
        "cards.yaml:25:45: this configuration does not make 1968 a paradox, so the patch could never be played"
    ]


def test_ripples_must_match_the_rules(mini_cards: str) -> None:
    text = replaced(mini_cards, ("ripples: [1968, 1974]", "ripples: [1968]"))
    # Line 10: "  - {id: tl_1963, ti: A3, year: 1963, kind: linchpin, ripples: " is 63 characters.
    assert problems_of(text) == [
        "cards.yaml:10:64: ripples of 1963 must be exactly the years whose rule names it: [1968, 1974]"
    ]


# --- Several problems at once ----------------------------------------------------------------


def test_every_problem_of_a_file_is_reported(mini_cards: str) -> None:
    text = replaced(
        mini_cards,
        ("    rule:\n", "    rules:\n"),
        ("year: 1865, kind", "year: '1865', kind"),
        ("    count: 3\n", "    count: 0\n"),
        ("kind: linchpin, ripples: [1968", "kind: linchpen, ripples: [1968"),
    )
    assert problems_of(text) == [
        "cards.yaml:8:33: 'year' must be a whole number, not '1865'",
        "cards.yaml:10:45: 'kind' is 'linchpen'; expected one of 'linchpin', 'ripplepoint' (did you mean 'linchpin'?)",
        "cards.yaml:16:5: unknown key 'rules' (did you mean 'rule'?)",
        "cards.yaml:33:12: count must be at least 1, not 0",
    ]


def test_every_cross_reference_problem_is_reported(mini_cards: str) -> None:
    text = replaced(
        mini_cards,
        ("{id: tl_1963,", "{id: tl_1865,"),
        ("1963: to_true}", "1964: to_true}"),
        ("patches: [pat_1968]", "patches: [pat_1969]"),
    )
    assert problems_of(text) == [
        "cards.yaml:10:10: duplicate id 'tl_1865' (first used at line 8, column 10)",
        "cards.yaml:11:100: unknown patch 'pat_1969' (did you mean 'pat_1968'?)",
        "cards.yaml:25:10: patch 'pat_1968' is not listed under its year 1968",
        "cards.yaml:34:31: 1964 is not a linchpin year (did you mean '1963'?)",
    ]


# --- Through load(), on files ----------------------------------------------------------------


def test_load_raises_with_every_problem_sorted(tmp_path: Path, mini_cards: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(replaced(mini_cards, ("    count: 3\n", "    count: 0\n"), ("year: 1865, kind", "year: x, kind")),
                    encoding="utf-8")
    with pytest.raises(CardSetError) as caught:
        chrononauts.load(path, "chrononauts/cards.yaml")
    assert str(caught.value) == (
        "chrononauts/cards.yaml:8:33: 'year' must be a whole number, not 'x'\n"
        "chrononauts/cards.yaml:33:12: count must be at least 1, not 0"
    )


@pytest.mark.parametrize("content, expected", [
    ("", "cards.yaml:1:1: value must be a mapping, not None"),
    ("- just\n- a list\n", "cards.yaml:1:1: value must be a mapping, not ['just', 'a list']"),
    ("set: bacchanalia\nversion: 1\ntimeline: []\npatches: []\ninverters: []\nidentities: []\n",
     "cards.yaml:1:6: this file is for set 'bacchanalia', expected 'chrononauts'"),
])
def test_a_file_that_is_not_a_card_set(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CardSetError) as caught:
        chrononauts.load(path, "cards.yaml")
    assert [str(p) for p in caught.value.problems] == [expected]


def test_a_broken_copy_of_the_shipped_cards(tmp_path: Path) -> None:
    real = (REPO_CARDSETS / "chrononauts" / "cards.yaml").read_text(encoding="utf-8")
    broken = replaced(real, ("{id: inv_reverse_fate, count: 9,", "{id: inv_reverse_fate, count: 0,"))
    path = tmp_path / "cards.yaml"
    path.write_text(broken, encoding="utf-8")
    line, column = position_of(broken, "{id: inv_reverse_fate, count: 0,")
    # The count is 30 characters after the brace: "{id: inv_reverse_fate, count: " .
    with pytest.raises(CardSetError) as caught:
        chrononauts.load(path, "chrononauts/cards.yaml")
    assert [str(p) for p in caught.value.problems] == [
        f"chrononauts/cards.yaml:{line}:{column + 30}: count must be at least 1, not 0"
    ]
