"""Chrononauts and Artifaxx rules of docs/rules/chrononauts.md that no scenario of CHR-21 plays.

Players A, B, C are seats 0, 1, 2, as in the scenarios; the positions come from
`chrononauts_helpers.game`.
"""
from __future__ import annotations

import pytest
from chrononauts_helpers import (ARTIFAXX, FF, FULL, NEVER, QUICK_TRIP, REWIND, RF, RH, A, B, C, all_pass,
                                 game, kinds, legal, play)

from rules import Event
from rules.chrononauts.moves import ChooseQuickTrip, KeepDeal, PlayCard, PlayOnArtifact
from rules.kernel import HIDDEN, IllegalMove


def test_setup_true_history_secret_objectives_and_the_first_turn() -> None:
    """CHR-6.2, CHR-6.5, CHR-6.8, CHR-7.1: the deal starts from True History with each ID and
    Mission seen by its holder only; after the mulligans the first player draws and acts."""
    state = FULL.new_state({"players": 3, "first_player": B}, 8)
    assert state.timeline.prime == set() and state.timeline.patches == {}
    assert state.timeline.open_paradoxes() == []
    seen = FULL.view(state, A)
    assert seen.ids[A] == state.ids[A] and seen.missions[A] == state.missions[A]
    assert seen.ids[B] == seen.ids[C] == seen.missions[B] == seen.missions[C] == HIDDEN
    assert state.turn == 0 and [len(h) for h in state.hands] == [3, 3, 3]
    events: list[Event] = []
    while state.setup:
        player, kind = state.setup[0]
        events += play(state, KeepDeal(player, kind))
    assert kinds(events)[-2:] == ["turn_started", "cards_drawn"]
    assert state.turn == 1 and state.current == B and state.steps == 1
    assert [len(h) for h in state.hands] == [3, 4, 3] and FULL.to_act(state) == {B}


def test_a_draw_from_two_empty_piles_is_skipped() -> None:
    """D-25, CHR-14.1: B's turn begins with no card in the draw pile or the discard pile."""
    state = game(hands={A: ["art_rex"]}, rest_to=B)
    assert state.draw == [] and state.discard == []
    b_hand = len(state.hands[B])
    events = play(state, PlayCard(A, "art_rex", None)) + all_pass(state)
    assert state.current == B and len(state.hands[B]) == b_hand
    assert "deck_reshuffled" not in kinds(events)
    drawn = [e for e in events if e.kind == "cards_drawn"]
    assert [dict(e.params)["count"] for e in drawn] == [0]


def test_artifaxx_deck_cycles_as_in_the_full_game() -> None:
    """CHR-15.7, CHR-14.1: the empty draw pile is rebuilt from the discard pile when B draws."""
    state = game(ARTIFAXX, hands={A: ["art_rex"]}, discard=["art_ark", "art_grail"], rest_to=B)
    b_hand = len(state.hands[B])
    events = play(state, PlayCard(A, "art_rex", None), eng=ARTIFAXX) + all_pass(state, ARTIFAXX)
    assert "deck_reshuffled" in kinds(events) and state.current == B
    assert state.discard == [] and len(state.draw) == 1 and len(state.hands[B]) == b_hand + 1
    assert {state.draw[0], state.hands[B][-1]} == {"art_ark", "art_grail"}


@pytest.mark.parametrize("card", ["act_sell_paintings", "act_miracle_biblical"])
def test_sell_and_miracle_are_paid_from_ones_own_table(card: str) -> None:
    """D-37, D-16: an artifact on another player's table cannot pay for Sell or Miracle."""
    state = game(hands={A: [card]}, tables={B: ["art_mona_fine"], C: ["art_grail"]})
    assert FULL.choices(state, A, card) == [] and PlayOnArtifact(A, card, "art_grail") not in legal(state, A)
    with pytest.raises(IllegalMove):
        FULL.apply(state, PlayOnArtifact(A, card, "art_grail"))
    state = game(hands={A: [card]}, tables={A: ["art_rex"], C: ["art_grail"]})
    assert FULL.choices(state, A, card) == [(None, "art_rex")]


def test_it_never_existed_reaches_every_table_ones_own_included() -> None:
    """CHR-9.4.7, D-36: any artifact on any table may go; here A's own Rex."""
    state = game(hands={A: [NEVER[0]]}, tables={A: ["art_rex"], C: ["art_grail"]})
    assert {artifact for _, artifact in FULL.choices(state, A, NEVER[0])} == {"art_rex", "art_grail"}
    play(state, PlayOnArtifact(A, NEVER[0], "art_rex"))
    all_pass(state)
    assert state.tables == [[], [], ["art_grail"]] and state.discard == ["art_rex", NEVER[0]]


def test_quick_trip_is_legal_whatever_the_hidden_pile_holds() -> None:
    """CHR-11.6, D-21: a draw pile of timewarps alone offers nothing to fetch, yet Quick Trip is
    legal, and picking nothing ends it."""
    state = game(hands={A: [QUICK_TRIP[0]]}, draw_top=[FF[1], REWIND[0]], rest_to=C)
    assert sorted(state.draw) == sorted([FF[1], REWIND[0]])
    assert PlayCard(A, QUICK_TRIP[0], None) in legal(state, A)
    play(state, PlayCard(A, QUICK_TRIP[0], None))
    all_pass(state)
    assert legal(state, A) == [ChooseQuickTrip(A, None)]
    play(state, ChooseQuickTrip(A, None))
    assert QUICK_TRIP[0] in state.discard and state.current == B


def test_several_wins_at_once_are_one_win() -> None:
    """CHR-12.5: ID, Mission and hand all hold at the end of A's turn: one win recording all
    three, with the ID and the Mission shown."""
    state = game(primes=[1915], patched=[1917, 1933], ids={A: "id_cornelius"}, missions={A: "mis_petting_zoo"},
                 tables={A: ["art_mammoth", "art_sabretooth"]}, hands={A: [*RF[:9], RH[0], "art_rex"]})
    events = play(state, PlayCard(A, "art_rex", None)) + all_pass(state)
    assert state.result == "won" and state.winner == A and state.won_by == ["id", "mission", "hand"]
    assert state.revealed == ["id_cornelius", "mis_petting_zoo"]
    assert kinds(events).count("game_won") == 1
    assert FULL.view(state, B).ids[A] == "id_cornelius" and FULL.view(state, B).missions[A] == "mis_petting_zoo"
