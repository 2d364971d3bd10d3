"""Artifaxx (CHR-15): the light collecting game on the same engine, with no timeline and no IDs."""
from __future__ import annotations

import pytest
from chrononauts_helpers import ARTIFAXX, FF, MEMOS, NEVER, NEW_MISSION, PARENTS, RF, A, B, C, all_pass, game, legal, play

from rules import Match, engine, modes
from rules.chrononauts.full_state import FullState
from rules.chrononauts.moves import KeepDeal, KillTime, Mulligan, PlayCard, PlayOnArtifact
from rules.kernel import BadOption, IllegalMove


def test_t39_deck_and_wins() -> None:
    """T-39 (CHR-15.2, CHR-15.5, D-29): 38 cards, no hand-size win, the Mission wins."""
    state = ARTIFAXX.new_state({"players": 3}, 5)
    assert len(ARTIFAXX.all_cards(state)) == 38 + 10
    assert PARENTS not in ARTIFAXX.all_cards(state)
    assert state.ids == [None, None, None] and state.id_deck == []
    many = ["art_rex", "art_ark", "art_grail", "art_mammoth", *FF, *NEVER, "act_time_vortex", "act_discontinuity",
            "tw_rewind#1"]
    state = game(ARTIFAXX, hands={A: many}, missions={A: "mis_petting_zoo"})
    play(state, KillTime(A, "art_rex"), eng=ARTIFAXX)
    assert len(state.hands[A]) == 11 and state.result is None and state.current == B
    state = game(ARTIFAXX, hands={A: ["art_sabretooth"]}, tables={A: ["art_rex", "art_mammoth"]},
                 missions={A: "mis_petting_zoo"})
    play(state, PlayCard(A, "art_sabretooth", None), eng=ARTIFAXX)
    all_pass(state, ARTIFAXX)
    assert state.result == "won" and state.won_by == ["mission"] and state.revealed == ["mis_petting_zoo"]


def test_t39_parents_as_never_existed() -> None:
    """T-39 (CHR-15.2, 15.6, D-30): deck 39; the card needs an artifact on a table and discards it."""
    state = ARTIFAXX.new_state({"players": 3, "parents_as_never_existed": True}, 5)
    assert len(ARTIFAXX.all_cards(state)) == 39 + 10 and PARENTS in ARTIFAXX.all_cards(state)
    state = game(ARTIFAXX, hands={A: [PARENTS]}, parents_as_never_existed=True)
    assert legal(state, A, ARTIFAXX) == [KillTime(A, PARENTS)]
    with pytest.raises(IllegalMove) as err:
        ARTIFAXX.apply(state, PlayCard(A, PARENTS, B))
    assert err.value.code == "illegal.no_target"
    state = game(ARTIFAXX, hands={A: [PARENTS]}, tables={C: ["art_grail"]}, parents_as_never_existed=True)
    assert PlayOnArtifact(A, PARENTS, "art_grail") in legal(state, A, ARTIFAXX)
    play(state, PlayOnArtifact(A, PARENTS, "art_grail"), eng=ARTIFAXX)
    all_pass(state, ARTIFAXX)
    assert state.tables[C] == [] and state.discard == ["art_grail", PARENTS]


def test_t39_cure_for_cancer_is_always_playable() -> None:
    """T-39 (CHR-15.6): with no timeline, no year is ever out of reach."""
    state = game(ARTIFAXX, hands={A: ["art_cure"]}, tables={B: ["art_toe"]})
    state.timeline.patches[1962] = "pat_1962"  # even a stray World War 3 would change nothing
    assert PlayCard(A, "art_cure", None) in legal(state, A, ARTIFAXX)
    assert not ARTIFAXX.blocked_year(state, 2112)


def test_setup_and_turn() -> None:
    """CHR-15.3-15.4, D-28: Missions then three cards each; Mission mulligan only; draw 1, one step."""
    state = ARTIFAXX.new_state({"players": 4, "first_player": 2}, 11)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3] and state.setup == [(2, "mission"), (3, "mission"),
                                                                          (0, "mission"), (1, "mission")]
    assert legal(state, 2, ARTIFAXX) == [KeepDeal(2, "mission"), Mulligan(2, "mission")]
    for p in (2, 3, 0, 1):
        play(state, KeepDeal(p, "mission"), eng=ARTIFAXX)
    assert state.current == 2 and state.turn == 1 and [len(h) for h in state.hands] == [3, 3, 4, 3]
    assert any(isinstance(m, KillTime) for m in legal(state, 2, ARTIFAXX))


def test_memo_window_in_artifaxx() -> None:
    """CHR-15.4: Memos work as in the full game."""
    state = game(ARTIFAXX, hands={A: ["art_rex"], B: [MEMOS[0]]})
    play(state, PlayCard(A, "art_rex", None), eng=ARTIFAXX)
    assert ARTIFAXX.to_act(state) == {B, C}
    all_pass(state, ARTIFAXX)
    assert state.tables[A] == ["art_rex"]


def test_no_timeline_cards_in_artifaxx() -> None:
    """CHR-15.2: inverters and patches are not part of the deck."""
    with pytest.raises(AssertionError):
        game(ARTIFAXX, hands={A: [RF[0]]})


@pytest.mark.parametrize("raw, code", [
    ({"players": 1}, "option.players_range"),
    ({"players": 7}, "option.players_range"),
    ({"players": True}, "option.players_range"),
    ({"first_player": 3, "players": 3}, "option.first_player"),
    ({"response_mode": "all"}, "option.bad_value"),
    ({"turn_limit": 0}, "option.bad_value"),
    ({"turn_limit": 10_001}, "option.bad_value"),
    ({"turn_limit": 10**400}, "option.bad_value"),
    ({"parents_as_never_existed": "yes"}, "option.bad_value"),
    ({"ids": 8}, "option.unknown"),
])
def test_bad_options(raw: dict[str, object], code: str) -> None:
    """CHR-6.1, CHR-15.1, CHR-15.2, CHR-12.7, D-1: options are checked and named; 2 to 6 seats; a
    turn limit is 1 to 10,000."""
    with pytest.raises(BadOption) as err:
        Match(ARTIFAXX, raw, 1)
    assert err.value.code == code


def test_registry_and_defaults() -> None:
    """CHR-2.3: both modes are registered next to Solonauts; the full game has no Artifaxx option."""
    assert {"solonauts", "chrononauts", "artifaxx"} <= set(modes()["chrononauts"])
    assert engine("chrononauts", "artifaxx") is ARTIFAXX
    assert ARTIFAXX.options({}) == {"players": 3, "first_player": "random", "mission_mulligan": True,
                                    "parents_as_never_existed": False, "response_mode": "each", "turn_limit": None}
    full = engine("chrononauts", "chrononauts")
    with pytest.raises(BadOption):
        full.options({"parents_as_never_existed": True})
    state: FullState = full.new_state({"players": 6}, 3)
    assert len(full.all_cards(state)) == 80 + 14 + 10


def test_a_card_on_the_wrong_kind_of_target_is_refused_with_the_kind_it_takes() -> None:
    """CHR-8.1: a play names every target the card needs, and only those; a refusal names the kind of
    target the card takes, so the table can say why and where (an artifact on a player: it takes none)."""
    state = game(ARTIFAXX, hands={A: ["art_mona_real", FF[0], NEW_MISSION[0], "act_discontinuity", NEVER[0]]},
                 tables={B: ["art_grail"]})
    cases = {PlayCard(A, "art_mona_real", B): "illegal.artifact_no_target",
             PlayCard(A, FF[0], B): "illegal.takes_no_target",
             PlayCard(A, NEW_MISSION[0], None): "illegal.takes_a_player",
             PlayCard(A, "act_discontinuity", None): "illegal.takes_a_direction",
             PlayCard(A, NEVER[0], B): "illegal.takes_an_artifact"}
    for move, code in cases.items():
        with pytest.raises(IllegalMove) as err:
            ARTIFAXX.check(state, move)
        assert err.value.code == code, move
