"""The full Chrononauts card set: artifacts, timewarps, actions and missions (CHR-17.5-17.9).

The loader tests break copies of the shipped cards.yaml in one place each and expect the exact
`file:line:column: message`. Line numbers are those of the shipped file; each test first checks
that the line it breaks is where it says, so an edit of the file fails loudly here.
"""
from __future__ import annotations

import pytest
from cardset_edits import REPO_CARDSETS, position_of, replaced

import cardsets
from cardsets.chrononauts import loader as chrononauts
from cardsets.yamlfile import parse

SHIPPED = (REPO_CARDSETS / "chrononauts" / "cards.yaml").read_text(encoding="utf-8")
CARDS = cardsets.load_chrononauts()


def problems_of(text: str) -> list[str]:
    doc = parse(text, "cards.yaml")
    result = chrononauts.parse(doc)
    assert (result is None) == bool(doc.problems)
    return [str(p) for p in sorted(doc.problems)]


def at(text: str, needle: str, message: str, shift: int = 0) -> str:
    line, column = position_of(text, needle)
    return f"cards.yaml:{line}:{column + shift}: {message}"


# --- The shipped data -------------------------------------------------------------------------


def test_chr1791_play_deck_and_mission_counts() -> None:
    """CHR-17.9.1, CHR-2.1, CHR-17.8, CHR-9.5.1: 20/21/15/10/14 = 80 play cards, 10 missions, 14 IDs;
    the timewarp split, three Memos among them."""
    assert sum(i.count for i in CARDS.inverters) == 20 and len(CARDS.patches) == 21
    assert len(CARDS.artifacts) == 15
    assert sum(t.count for t in CARDS.timewarps) == 10
    assert sum(a.count for a in CARDS.actions) == 14
    assert len(CARDS.missions) == 10 and len(CARDS.identities) == 14
    assert {t.id: t.count for t in CARDS.timewarps} == {"tw_memo": 3, "tw_fast_forward": 3, "tw_rewind": 2,
                                                        "tw_quick_trip": 2}
    assert {a.kind: 0 for a in CARDS.actions}.keys() == set(chrononauts.ACTION_KINDS)


def test_chr1795_missions_and_realness() -> None:
    """CHR-17.9.5, CHR-17.6, CHR-13.3: slots name artifacts; every artifact is wanted; three paintings."""
    ids = {a.id for a in CARDS.artifacts}
    named = {n for m in CARDS.missions for s in m.slots for n in s.any_of}
    assert named <= ids and all(len(m.slots) == 3 for m in CARDS.missions)
    paintings = {a.id: a.realness for a in CARDS.artifacts if a.realness}
    assert paintings == {"art_mona_real": 3, "art_mona_fine": 2, "art_mona_crude": 1}
    assert ids - named == set()  # the Real Mona Lisa is named by the Triptych, like the forgeries
    by_id = {m.id: m for m in CARDS.missions}
    assert by_id["mis_mona_dinosaur"].slots[0].most_real
    assert by_id["mis_cheaters"].slots[0].any_of == ("art_mona_fine", "art_mona_crude")


def test_chr175_years_and_categories() -> None:
    """CHR-17.5, CHR-1.8: exactly three artifacts lie after 1962, all future wisdom."""
    late = sorted(a.id for a in CARDS.artifacts if a.year > 1962)
    assert late == ["art_almanac", "art_cure", "art_toe"]
    assert {a.category for a in CARDS.artifacts if a.year > 1962} == {"future_wisdom"}


def test_chr177_sell_and_miracle_numbers() -> None:
    """CHR-17.7, CHR-9.4.2, CHR-9.4.3, D-36."""
    sells = [a for a in CARDS.actions if a.kind == "sell_artifact"]
    assert sorted(a.bonus for a in sells) == ["lost_writings", "paintings", "prehistoric"]
    assert all((a.draw, a.bonus_draw) == (2, 3) for a in sells)
    miracles = [a for a in CARDS.actions if a.kind == "perform_miracle"]
    assert sorted(a.bonus for a in miracles) == ["biblical_relics", "future_wisdom"]
    assert all((a.draw, a.plays, a.bonus_draw, a.bonus_plays) == (2, 1, 3, 2) for a in miracles)


def test_reconstructed_cards_say_what_is_ours() -> None:
    """docs/design.md §Card sets: data not printed anywhere says so, with a note where only part is ours."""
    for group in (CARDS.artifacts, CARDS.timewarps, CARDS.actions, CARDS.missions):
        assert all(card.provenance.source in ("printed", "reconstructed") for card in group)
    assert [m.id for m in CARDS.missions if not m.provenance.reconstructed] == ["mis_triptych"]
    assert all(a.provenance.reconstructed for a in CARDS.artifacts)


def test_text_keys_cover_the_new_cards() -> None:
    """Every new card has a title and a text; every category has a name."""
    keys = set(CARDS.text_keys())
    assert {"art_rex.title", "tw_memo.text", "act_time_vortex.title", "mis_cabinet.text",
            "category.future_wisdom"} <= keys
    assert len(keys) == len(CARDS.text_keys())


# --- Broken copies --------------------------------------------------------------------------------


def test_the_four_sections_go_together() -> None:
    start = SHIPPED.index("\n# Missions: three slots")
    text = SHIPPED[:start] + "\n"
    assert problems_of(text) == [at(text, "  - {id: art_mona_real", "'artifacts', 'timewarps', 'actions', "
                                    "'missions' go together; missing 'missions'", shift=2)]


def test_unknown_artifact_in_a_mission_suggests_one() -> None:
    text = replaced(SHIPPED, ("needs: [art_rex, art_mammoth, art_sabretooth]",
                              "needs: [art_rexx, art_mammoth, art_sabretooth]"))
    assert problems_of(text) == [at(text, "art_rexx", "unknown artifact 'art_rexx' (did you mean 'art_rex'?)")]


def test_unknown_artifact_inside_any_of() -> None:
    text = replaced(SHIPPED, ("{any_of: [art_mona_fine, art_mona_crude]}", "{any_of: [art_mona_fine, art_mona_rude]}"))
    assert problems_of(text) == [at(text, "art_mona_rude", "unknown artifact 'art_mona_rude' "
                                                           "(did you mean 'art_mona_crude'?)")]


def test_a_mission_needs_three_slots() -> None:
    text = replaced(SHIPPED, ("needs: [art_cure, art_toe, art_almanac]", "needs: [art_cure, art_toe]"))
    assert problems_of(text) == [at(text, "[art_cure, art_toe]", "a mission needs exactly three artifacts, not 2")]


def test_a_bad_slot() -> None:
    text = replaced(SHIPPED, ("[{most_real: mona_lisa}, art_rex", "[{most_real: mona_lsia}, art_rex"))
    assert problems_of(text) == [at(text, "mona_lsia}", "'most_real' is 'mona_lsia'; expected one of 'mona_lisa' "
                                                        "(did you mean 'mona_lisa'?)")]
    text = replaced(SHIPPED, ("[{most_real: mona_lisa}, art_rex", "[7, art_rex"))
    assert problems_of(text) == [at(text, "[7,", "a slot is an artifact id, {any_of: [...]} or {most_real: "
                                                  "mona_lisa}, not 7", shift=1)]


def test_realness_only_on_paintings() -> None:
    """CHR-17.9.5."""
    text = replaced(SHIPPED, ("category: prehistoric, source: reconstructed, note: \"Name printed; year ours.\"}",
                              "category: prehistoric, realness: 4, source: reconstructed}"))
    assert problems_of(text) == [at(text, "realness: 4", "only a painting has a realness; this card is in "
                                                         "'prehistoric'")]
    text = replaced(SHIPPED, ("category: paintings, realness: 2,", "category: paintings,"))
    assert problems_of(text) == [at(text, "{id: art_mona_fine", "a painting needs a 'realness' (3 for the real "
                                                                "Mona Lisa, lower for forgeries)")]
    text = replaced(SHIPPED, ("category: paintings, realness: 2,", "category: paintings, realness: 1,"))
    line, column = position_of(text, "realness: 1, source: reconstructed, note: \"A crude")
    first = at(text, "1, source: reconstructed, note: \"A fine", "two paintings have realness 1; each must differ")
    second = f"cards.yaml:{line}:{column + len('realness: ')}: two paintings have realness 1; each must differ"
    assert problems_of(text) == [first, second]


def test_counts_of_a_complete_set() -> None:
    """CHR-17.9.1: the counts are checked once a set plays the full game."""
    text = replaced(SHIPPED, ("{id: tw_memo, kind: memo, count: 3,", "{id: tw_memo, kind: memo, count: 4,"))
    assert problems_of(text) == [at(text, "  - {id: tw_memo", "a complete set has 10 cards in 'timewarps', not 11",
                                    shift=2)]


def test_an_extra_artifact_is_counted_and_must_be_wanted() -> None:
    text = replaced(SHIPPED, ("  - {id: art_toe,", "  - {id: art_wheel, year: -3500, category: prehistoric, "
                                                   "source: reconstructed}\n  - {id: art_toe,"))
    assert problems_of(text) == [
        at(text, "  - {id: art_mona_real", "a complete set has 15 cards in 'artifacts', not 16", shift=2),
        at(text, "art_wheel", "artifact 'art_wheel' is in no mission"),
    ]


def test_unknown_kind_and_missing_numbers() -> None:
    text = replaced(SHIPPED, ("kind: fast_forward", "kind: fast_foward"))
    assert problems_of(text) == [at(text, "fast_foward", "'kind' is 'fast_foward'; expected one of 'memo', "
                                    "'fast_forward', 'rewind', 'quick_trip' (did you mean 'fast_forward'?)")]
    text = replaced(SHIPPED, ("kind: fast_forward, count: 3, draw: 2,", "kind: fast_forward, count: 3,"))
    assert problems_of(text) == [at(text, "{id: tw_fast_forward", "a fast_forward card needs 'draw'")]
    text = replaced(SHIPPED, ("kind: time_vortex, count: 1,", "kind: time_vortex, count: 1, draw: 2,"))
    assert problems_of(text) == [at(text, "draw: 2, source: reconstructed, note: \"Effect printed; the count is "
                                          "ours.\"}\n  - {id: act_new", "a time_vortex card has no 'draw'")]


def test_bonus_belongs_to_sell_and_miracle() -> None:
    text = replaced(SHIPPED, ("kind: sell_artifact, count: 1, bonus: prehistoric,", "kind: sell_artifact, count: 1,"))
    assert problems_of(text) == [at(text, "{id: act_sell_prehistoric", "a sell_artifact card needs 'bonus', an "
                                                                       "artifact category")]
    text = replaced(SHIPPED, ("kind: discontinuity, count: 1,", "kind: discontinuity, count: 1, bonus: paintings,"))
    assert problems_of(text) == [at(text, "bonus: paintings, source", "a discontinuity card has no 'bonus'")]
    text = replaced(SHIPPED, ("bonus: lost_writings,", "bonus: lost_writing,"))
    assert problems_of(text) == [at(text, "lost_writing,", "'bonus' is 'lost_writing'; expected one of 'paintings', "
                                    "'prehistoric', 'biblical_relics', 'lost_writings', 'future_wisdom' "
                                    "(did you mean 'lost_writings'?)")]


def test_ids_are_unique_across_kinds_and_prefixed() -> None:
    text = replaced(SHIPPED, ("{id: act_discontinuity,", "{id: art_rex,"))
    problems = problems_of(text)
    assert problems == [at(text, "art_rex, kind: discontinuity", "id 'art_rex' must be lower-case ASCII letters, "
                                                                 "digits and '_', starting with 'act_'")]


@pytest.mark.parametrize("section", ["artifacts", "timewarps", "actions", "missions"])
def test_a_section_must_be_a_list(section: str) -> None:
    start = SHIPPED.index(f"\n{section}:\n") + 1
    end = SHIPPED.find("\n\n", start)
    end = len(SHIPPED) if end < 0 else end  # the last section runs to the end of the file
    text = SHIPPED[:start] + f"{section}: none" + SHIPPED[end:]
    assert problems_of(text)[0] == at(text, f"{section}: none", f"{section!r} must be a list, not 'none'",
                                      shift=len(section) + 2)


def test_an_artifact_power_is_one_of_three() -> None:
    """CHR-9.3.3: the data model allows a power; the base set has none (D-17)."""
    assert {a.power for a in CARDS.artifacts} == {"none"}
    text = replaced(SHIPPED, ("{id: art_grail, year: 33,", "{id: art_grail, year: 33, power: magic,"))
    assert problems_of(text) == [at(text, "magic", "'power' is 'magic'; expected one of 'none', 'one_shot', "
                                                   "'passive'")]


def test_a_duplicate_id_names_the_first_use() -> None:
    text = replaced(SHIPPED, ("{id: act_new_mission, kind: new_mission, count: 2,",
                              "{id: act_never_existed, kind: new_mission, count: 2,"))
    first_line, first_column = position_of(text, "act_never_existed, kind: new_mission")  # New Mission comes first
    line, column = position_of(text, "act_never_existed, kind: it_never_existed")
    assert problems_of(text) == [f"cards.yaml:{line}:{column}: duplicate id 'act_never_existed' "
                                 f"(first used at line {first_line}, column {first_column})"]
