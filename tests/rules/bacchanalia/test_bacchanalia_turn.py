"""Bacchanalia: the nine steps of a normal turn, scenarios T-01 to T-22 (normal part), T-30, T-31."""
from __future__ import annotations

import random

import pytest

from bacchanalia_helpers import (A, B, C, D, ENG, centre, deus, event_kinds, find, finish_turn, held,
                                 kinds, legal, play, position, required)
from rules.bacchanalia.moves import (AskBacchusQuestion, DeclareNarrationDone, GiftMinerva, GiveBacchus, LockUmbra,
                                     ReturnDeus, SacrificeVinum, TakeDeus)
from rules import PLAYERS, PUBLIC
from rules.bacchanalia.state import BacState
from rules.kernel import IllegalMove
from rules.match import Match


def narration_options(state: BacState) -> list[bool]:
    return [m.moved for m in legal(state, A, DeclareNarrationDone) if isinstance(m, DeclareNarrationDone)]


def test_t01_single_dominant() -> None:
    """T-01: BAC-6.4, BAC-6.4.2 (Pluto not held, unplaced), BAC-6.4.4 (Vinum always matches), BAC-6.5.3,
    BAC-7 Miles at count 0-1 without an Accusator."""
    s, ev = position({A: ["miles", "satyrus"]}, draw=["miles", "miles", "vinum", "pluto"])
    t = s.turn
    assert t.counts == {"miles": 2, "vinum": 1}
    assert kinds(c for c in t.area if not any(c in p for p in t.piles.values())) == ["pluto"]
    assert (t.result, t.reason, t.row, t.scene) == ("miles", "single", "miles_low", "must_move")
    assert "deus_taken" not in event_kinds(ev) and "deus_to_centre" not in event_kinds(ev)
    assert held(s, A) == ["miles", "satyrus", "vinum"]
    assert s.awaiting == "narrate" and narration_options(s) == [True]


def test_t02_vinum_wins_a_tie_with_satyrus() -> None:
    """T-02: BAC-6.5.4."""
    s, ev = position({A: ["satyrus", "pluto"]}, draw=["vinum", "pluto", "bacchus", "venus"])
    t = s.turn
    assert t.counts == {"vinum": 1, "pluto": 1}
    assert (t.result, t.reason, t.variant, t.row) == ("vinum", "vinum_tie_win", "plain", "vinum_plain")
    assert held(s, A) == ["pluto", "satyrus", "vinum"]
    assert narration_options(s) == [False]


def test_t03_vinum_loses_a_tie_without_satyrus() -> None:
    """T-03: BAC-6.5.5, BAC-6.7.1 (take before return), BAC-7 Pluto, D-9 (MUST_MOVE)."""
    s, ev = position({A: ["pluto", "venus"]}, centre=["miles", "minerva"],
                     draw=["vinum", "pluto", "satyrus", "accusator"])
    assert (s.turn.result, s.turn.reason) == ("pluto", "vinum_tie_loss")
    order = [e.kind for e in ev if e.kind in ("deus_taken", "deus_to_centre")]
    assert order == ["deus_taken", "deus_to_centre"]
    assert find(ev, "deus_taken")[0]["source"] == "centre"
    assert held(s, A) == ["miles", "venus", "vinum"]
    assert centre(s) == ["minerva", "pluto"]
    assert narration_options(s) == [True]


def test_t04_tie_between_gods_bacchus_leaves() -> None:
    """T-04: BAC-1.7, BAC-6.5.5, BAC-6.6.1, BAC-6.6.2, D-21, A-8, BAC-7 TIE, D-9, BAC-7.1 (Bacchus is gone, so
    Pluto is the only card to return and BAC-1.10, A-19 return it), BAC-6.8.1, D-20, BAC-8.3, BAC-6.9 (step 9
    waits for the question, then discards)."""
    s, ev = position({A: ["bacchus", "pluto"]}, draw=["bacchus", "pluto", "miles", "accusator"])
    assert (s.turn.result, s.turn.tied) == ("tie", ["bacchus", "pluto"])
    assert s.awaiting == "give_bacchus"
    assert legal(s, A, GiveBacchus) == [GiveBacchus(A, B), GiveBacchus(A, C), GiveBacchus(A, D)]
    ev = play(s, GiveBacchus(A, C))
    assert s.seats[C].question_pending and s.seats[C].arrival_pending and s.turn.bacchus_to == C
    returned = find(ev, "deus_returned")
    assert returned == [{"player": A, "card": "deus_pluto", "auto": True}]
    assert held(s, A) == ["vinum"] and "pluto" in centre(s)
    assert narration_options(s) == [True]
    play(s, DeclareNarrationDone(A, True))
    assert s.awaiting == "question" and s.decider == C and ENG.waiting_for(s) == {C}
    assert len(s.turn.area) == 4  # step 9 waits for the question
    assert legal(s, C, AskBacchusQuestion) == [AskBacchusQuestion(C)]
    assert legal(s, A, AskBacchusQuestion) == []
    play(s, AskBacchusQuestion(C, "What do you regret most?"))
    assert not s.seats[C].question_pending and s.seats[C].arrival_pending
    assert s.active == B and len(s.discard) >= 4


def test_t05_three_way_tie_open_take_from_the_centre() -> None:
    """T-05: BAC-6.5.4, BAC-6.5.6, BAC-6.7.4, BAC-1.8 (MAY_MOVE), D-1 as settled by BAC-12 (BAC-1.1)."""
    s, ev = position({A: ["satyrus", "miles"], B: ["venus"]}, centre=["minerva", "pluto"],
                     draw=["satyrus", "miles", "vinum*", "venus"])
    assert (s.turn.result, s.turn.variant, s.turn.row) == ("vinum", "symbol", "vinum_symbol")
    assert s.awaiting == "take"
    offered = legal(s, A, TakeDeus)
    assert [(ENG.kind(m.card), m.source) for m in offered] == [("minerva", None), ("pluto", None)]  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove) as info:
        play(s, TakeDeus(A, deus(s, B, "venus"), B))
    assert info.value.code == "illegal.take_from_centre_first"
    play(s, offered[1])
    assert held(s, A) == ["miles", "pluto", "satyrus", "vinum"]
    assert narration_options(s) == [False, True]


def test_t06_vinum_drops_two_remain() -> None:
    """T-06: BAC-6.5.5, BAC-7 TIE, D-8."""
    s, ev = position({A: ["pluto", "accusator"]}, draw=["pluto", "accusator", "vinum", "bacchus"])
    assert (s.turn.result, s.turn.tied) == ("tie", ["accusator", "pluto"])
    assert s.awaiting == "return"
    assert sorted(ENG.kind(m.card) for m in legal(s, A, ReturnDeus)) == ["accusator", "pluto"]  # type: ignore[attr-defined]
    with pytest.raises(IllegalMove) as info:
        play(s, ReturnDeus(A, deus(s, A, "vinum")))
    assert info.value.code == "illegal.vinum_never_moves"
    play(s, ReturnDeus(A, "deus_accusator"))
    assert centre(s).count("accusator") == 1 and narration_options(s) == [True]


def test_t07_no_match() -> None:
    """T-07: BAC-6.5.1, BAC-6.6.1."""
    s, ev = position({A: ["bacchus", "venus"]}, draw=["miles", "pluto", "satyrus", "accusator"])
    assert (s.turn.result, s.turn.reason, s.turn.variant) == ("vinum", "no_match", "plain")
    assert s.awaiting == "give_bacchus"
    play(s, GiveBacchus(A, B))
    assert narration_options(s) == [False]


def test_t08_even_distribution() -> None:
    """T-08: BAC-6.4.3, BAC-7 Venus before the Amans is released, D-9 (MUST_MOVE)."""
    s, ev = position({A: ["miles", "miles", "venus"]}, draw=["miles", "miles", "venus", "venus"])
    assert sorted(len(p) for d, p in s.turn.piles.items() if ENG.kind(d) == "miles") == [1, 1]
    assert s.turn.counts == {"miles": 1, "venus": 2}
    assert (s.turn.result, s.turn.row) == ("venus", "venus_memory")
    assert "deus_taken" not in event_kinds(ev) and "deus_to_centre" not in event_kinds(ev)
    assert narration_options(s) == [True]
    s, ev = position({A: ["miles", "miles", "venus"]}, draw=["miles", "miles", "miles", "venus"])
    assert sorted(len(p) for d, p in s.turn.piles.items() if ENG.kind(d) == "miles") == [1, 2]
    assert s.turn.counts == {"miles": 2, "venus": 1} and s.turn.result == "miles"


def test_t09_copies_level_on_top_are_one_type() -> None:
    """T-09: BAC-6.5.2, A-7 (BAC-15)."""
    s, ev = position({A: ["miles", "miles"]}, draw=["miles"] * 4)
    assert sorted(len(p) for p in s.turn.piles.values()) == [0, 2, 2]
    assert (s.turn.result, s.turn.reason) == ("miles", "single")


def test_t10_minerva_fed() -> None:
    """T-10: BAC-6.3.1, BAC-6.6, BAC-7 Minerva."""
    s, ev = position({A: ["minerva", "bacchus"]}, draw=["vinum", "minerva", "minerva", "bacchus"])
    sacrificed = find(ev, "vinum_sacrificed")
    assert len(sacrificed) == 1 and sacrificed[0]["auto"] and s.turn.sacrificed in s.discard
    assert s.turn.counts == {"minerva": 2, "bacchus": 1} and s.turn.result == "minerva"
    assert s.awaiting == "give_bacchus"
    ev = play(s, GiveBacchus(A, D))
    assert find(ev, "deus_to_centre") == [{"player": A, "card": "deus_minerva"}]
    assert held(s, A) == ["vinum"] and narration_options(s) == [False]


def test_t11_minerva_unfed() -> None:
    """T-11: BAC-6.3.2."""
    s, ev = position({A: ["minerva", "satyrus"]}, draw=["minerva", "minerva", "satyrus", "pluto"])
    kinds_in_order = event_kinds(ev)
    assert kinds_in_order.index("minerva_left") < kinds_in_order.index("umbra_placed")
    assert "minerva" in centre(s) and held(s, A) == ["satyrus", "vinum"]
    assert s.turn.counts == {"satyrus": 1} and s.turn.result == "satyrus"
    assert narration_options(s) == [True]


def test_t12_only_the_locked_card_is_vinum() -> None:
    """T-12: BAC-6.3.3, D-5, BAC-6.4.1 (the locked card is one of the turn's Umbra), BAC-6.5.5, BAC-6.7.8a,
    BAC-6.9.1 (it is discarded at step 9)."""
    s, ev = position({A: ["minerva", "pluto"]}, centre=["miles"], locked={A: "vinum"},
                     draw=["pluto", "satyrus", "minerva"])
    carried = s.turn.carried
    assert carried is not None and ENG.kind(carried) == "vinum"
    assert len(find(ev, "umbra_drawn")) == 3
    assert "minerva" in centre(s) and s.turn.sacrificed is None
    assert s.turn.counts == {"vinum": 1, "pluto": 1} and s.turn.result == "pluto"
    assert held(s, A) == ["miles", "vinum"] and "pluto" in centre(s)
    with pytest.raises(IllegalMove) as info:
        play(s, LockUmbra(A, carried, "the blind flute player"))
    assert info.value.code == "illegal.lock_carried"
    assert LockUmbra(A, carried) not in legal(s, A)
    play(s, DeclareNarrationDone(A, True))
    assert carried in s.discard and s.seats[A].locked is None


@pytest.mark.parametrize("give_up, variant, scene", [("vinum*", "plain", "stay"), ("vinum", "symbol", "may_move")])
def test_t13_the_sacrifice_sets_the_symbol(give_up: str, variant: str, scene: str) -> None:
    """T-13: BAC-6.3.1, A-14, BAC-6.5.6."""
    s, ev = position({A: ["minerva"]}, centre=["pluto"], draw=["vinum*", "vinum", "bacchus", "pluto"])
    assert s.awaiting == "sacrifice"
    offered = legal(s, A, SacrificeVinum)
    assert sorted(kinds(m.card for m in offered)) == ["vinum", "vinum*"]  # type: ignore[attr-defined]
    choice = next(m for m in offered if kinds([m.card]) == [give_up])  # type: ignore[attr-defined]
    play(s, choice)
    assert (s.turn.result, s.turn.variant, s.turn.scene) == ("vinum", variant, scene)
    assert "minerva" in held(s, A)


def test_t14_first_parcae_venus_and_the_reshuffle() -> None:
    """T-14: BAC-6.2.3-4, BAC-7 Venus released, BAC-6.10.1."""
    small = {"vinum": 5, "vinum_symbol": 2, "bacchus": 4, "satyrus": 4, "miles": 4, "accusator": 4, "pluto": 4,
             "minerva": 3, "venus": 3, "amans": 1, "parcae": 1}
    s, ev = position({A: ["venus", "miles"]}, centre=["pluto"], draw=["parcae", "venus", "venus", "vinum"],
                     deck=20, options={"umbra_composition": small})
    assert s.parcae_count == 1 and s.amans_released and s.set_aside == []
    assert s.reshuffle_pending
    assert find(ev, "amans_released") == [{"card": "deus_amans"}]
    assert (s.turn.result, s.turn.row) == ("venus", "venus_released")
    assert held(s, A) == ["amans", "miles", "vinum"] and centre(s) == ["pluto", "venus"]
    assert (len(s.deck), len(s.discard)) == (16, 15)
    ev = play(s, DeclareNarrationDone(A, True))
    assert find(ev, "reshuffled") == [{"size": 35}]
    kinds_in_order = event_kinds(ev)
    assert kinds_in_order.index("umbra_discarded") < kinds_in_order.index("reshuffled") \
        < kinds_in_order.index("turn_started")
    assert s.active == B and len(s.deck) == 31 and s.discard == [] and not s.reshuffle_pending
    assert "umbra_parcae" in s.deck or "umbra_parcae" in s.turn.area


def test_t15_reshuffle_skips_locked_cards_and_parcae_cannot_be_locked() -> None:
    """T-15: BAC-6.10.1, A-10, BAC-6.2.1."""
    s, ev = position({A: ["satyrus"], B: ["miles"]}, locked={B: "satyrus"}, draw=["parcae", "satyrus", "pluto", "venus"])
    b_locked = s.seats[B].locked
    assert s.awaiting == "narrate"
    with pytest.raises(IllegalMove) as info:
        play(s, LockUmbra(A, "umbra_parcae"))
    assert info.value.code == "illegal.lock_parcae"
    assert all(ENG.kind(m.card) != "parcae" for m in legal(s, A, LockUmbra))  # type: ignore[attr-defined]
    ev = play(s, DeclareNarrationDone(A, True))
    assert "reshuffled" in event_kinds(ev) and b_locked not in s.deck
    assert s.active == B and s.turn.carried == b_locked and b_locked in s.turn.area
    assert len([e for e in ev if e.kind == "umbra_drawn" and e.params["player"] == B]) == 3


def test_t16_miles_at_count_one_sends_the_accusator_away() -> None:
    """T-16: BAC-7 Miles count 0-1."""
    s, ev = position({A: ["miles", "accusator"]}, count=1, draw=["miles", "miles", "accusator", "venus"])
    assert (s.turn.result, s.turn.row) == ("miles", "miles_low")
    assert held(s, A) == ["miles", "vinum"] and "accusator" in centre(s)
    assert narration_options(s) == [True]


def test_t17_miles_at_count_two_parts_the_lovers() -> None:
    """T-17: BAC-7 Miles count 2, BAC-7.2, D-13."""
    s, ev = position({A: ["miles", "amans"]}, count=2, with_amans=[A], draw=["miles", "miles", "amans", "pluto"])
    assert (s.turn.result, s.turn.row, s.turn.prompt) == ("miles", "miles_two", "aruspex.miles_two")
    assert not s.seats[A].with_amans
    assert held(s, A) == ["amans", "miles", "vinum"]
    assert narration_options(s) == [True]


def test_t18_miles_at_count_three_captures_and_wins_over_the_sudden_ending() -> None:
    """T-18: BAC-7 Miles count 3+, BAC-5.6, A-9, A-16."""
    s, ev = position({A: ["miles"]}, count=2, draw=["parcae", "miles", "vinum", "miles"])
    assert s.parcae_count == 3 and (s.turn.result, s.turn.row) == ("miles", "miles_high")
    assert s.seats[A].miles_finale_pending and narration_options(s) == [True]
    play(s, DeclareNarrationDone(A, True))
    s.sudden_ending = True  # triggered before A's next turn (say, time ran out)
    for _ in range(3):
        finish_turn(s)
    assert s.active == A and s.turn.kind == "miles"
    assert not s.seats[A].miles_finale_pending


def test_t19_named_take_from_a_player_while_the_centre_is_not_empty() -> None:
    """T-19: BAC-6.7.3, BAC-7 Accusator count 2+, BAC-13.1 (the engine makes the forced take)."""
    s, ev = position({A: ["accusator", "satyrus"], B: ["miles", "pluto"]}, count=2, centre=["venus", "satyrus"],
                     draw=["accusator", "accusator", "satyrus", "bacchus"])
    assert (s.turn.result, s.turn.row) == ("accusator", "accusator_high")
    assert find(ev, "deus_taken") == [{"player": A, "card": "deus_miles#1", "source": B, "auto": True}]
    assert held(s, A) == ["miles", "satyrus", "vinum"] and held(s, B) == ["pluto", "vinum"]
    assert centre(s) == ["accusator", "satyrus", "venus"]
    assert narration_options(s) == [True]
    s, ev = position({A: ["accusator", "satyrus"], B: ["pluto"]}, count=2, centre=["venus", "satyrus"],
                     draw=["accusator", "accusator", "satyrus", "bacchus"])
    assert "deus_taken" not in event_kinds(ev) and find(ev, "nothing_taken")
    assert "accusator" in centre(s)


def test_t20_open_take_with_an_empty_centre() -> None:
    """T-20: BAC-6.7.4, BAC-6.7.2."""
    s, ev = position({A: ["satyrus"], B: ["venus", "miles"], C: ["pluto"]}, players=3,
                     draw=["vinum*", "vinum", "satyrus", "pluto"])
    assert (s.turn.result, s.turn.variant) == ("vinum", "symbol") and s.centre == []
    offered = legal(s, A, TakeDeus)
    assert sorted((ENG.kind(m.card), m.source) for m in offered) == [  # type: ignore[attr-defined]
        ("miles", B), ("pluto", C), ("venus", B)]
    with pytest.raises(IllegalMove) as info:
        play(s, TakeDeus(A, deus(s, C, "vinum"), C))
    assert info.value.code == "illegal.vinum_never_moves"
    play(s, TakeDeus(A, "deus_pluto", C))
    assert held(s, C) == ["vinum"] and narration_options(s) == [False, True]


def test_t21_venus_takes_the_amans_from_a_player() -> None:
    """T-21: BAC-6.7.3, A-13."""
    s, ev = position({A: ["venus"], C: ["amans"]}, count=1, centre=["pluto"], draw=["venus", "venus", "miles", "pluto"])
    assert find(ev, "deus_taken") == [{"player": A, "card": "deus_amans", "source": C, "auto": True}]
    assert held(s, A) == ["amans", "vinum"] and centre(s) == ["pluto", "venus"]
    s, ev = position({A: ["venus", "amans"]}, count=1, centre=["pluto"], draw=["venus", "venus", "miles", "pluto"])
    assert "deus_taken" not in event_kinds(ev)
    assert held(s, A) == ["amans", "vinum"] and centre(s) == ["pluto", "venus"]


def test_t22a_bacchus_kept() -> None:
    """T-22 (a): BAC-6.6.1, BAC-7 Bacchus."""
    s, ev = position({A: ["bacchus", "satyrus"]}, draw=["bacchus", "bacchus", "satyrus", "vinum"])
    assert s.turn.result == "bacchus" and s.awaiting == "narrate"
    assert "bacchus" in held(s, A) and narration_options(s) == [False]


def test_t30_lock_rules() -> None:
    """T-30: BAC-6.7.8a, BAC-6.7.8b, BAC-6.7.8c (the element is recorded as typed), BAC-6.7.8d, A-11;
    BAC-1.5, BAC-6.9.1: the locked card stays in the area, out of the discard pile."""
    s, ev = position({A: ["satyrus"]}, players=3, draw=["venus", "pluto", "miles", "satyrus"])
    venus = in_area(s, "venus")
    ev = play(s, LockUmbra(A, venus, "Old Cassius the wine seller"))
    assert find(ev, "umbra_locked") == [{"player": A, "card": venus, "element": "Old Cassius the wine seller"}]
    assert s.seats[A].locked == venus and venus not in s.turn.area
    with pytest.raises(IllegalMove) as info:
        play(s, LockUmbra(A, in_area(s, "pluto")))
    assert info.value.code == "illegal.one_lock_per_turn"
    play(s, DeclareNarrationDone(A, True))
    assert venus not in s.discard and s.seats[A].locked == venus
    finish_turn(s)
    finish_turn(s)
    assert s.active == A and s.turn.carried == venus and venus in s.turn.area
    assert len(s.turn.drawn) == 3 and s.seats[A].locked is None  # counted at step 5: the lock is over
    while s.awaiting != "narrate":
        play(s, required(s)[0])
    with pytest.raises(IllegalMove) as info:
        play(s, LockUmbra(A, venus))
    assert info.value.code == "illegal.lock_carried"
    other = next(c for c in s.turn.area if c != venus and ENG.kind(c) != "parcae")
    play(s, LockUmbra(A, other, "the red-haired priestess"))
    with pytest.raises(IllegalMove) as info:
        play(s, LockUmbra(A, next(c for c in s.turn.area if c != venus), "x"))
    assert info.value.code == "illegal.one_lock_per_turn"


def in_area(state: BacState, kind: str) -> str:
    return next(c for c in state.turn.area if ENG.kind(c) == kind)


def test_t31_minervas_eye() -> None:
    """T-31: BAC-8.1, A-18."""
    s, ev = position({A: ["satyrus"], B: ["minerva"]}, draw=["satyrus", "satyrus", "pluto", "venus"])
    assert s.awaiting == "narrate"
    assert GiftMinerva(B, A) in legal(s, B) and B in ENG.to_act(s)
    assert GiftMinerva(C, A) not in legal(s, C)
    with pytest.raises(IllegalMove) as info:
        play(s, GiftMinerva(B, C))
    assert info.value.code == "illegal.minerva_to_active"
    play(s, GiftMinerva(B, A))
    assert "minerva" in held(s, A) and "minerva" not in held(s, B)
    assert s.awaiting == "narrate" and s.turn.result == "satyrus"  # nothing changes in this turn
    play(s, DeclareNarrationDone(A, True))
    events = [e for _ in range(3) for e in finish_turn(s)]
    assert s.active == A
    mine = events[max(i for i, e in enumerate(events) if e.kind == "turn_started"):]
    # A's next step 3 applies: a drawn Vinum is sacrificed, or Minerva leaves, or A must choose.
    assert {"vinum_sacrificed", "minerva_left"} & set(event_kinds(mine)) or s.awaiting == "sacrifice"


def test_t31_minervas_eye_is_closed_on_her_holders_own_turn() -> None:
    """T-31: BAC-8.1 (the holder's own turn)."""
    s, _ = position({A: ["satyrus"], B: ["minerva"]}, start=False)
    ENG._start_turn(s, B, [])
    assert legal(s, B, GiftMinerva) == []
    with pytest.raises(IllegalMove) as info:
        play(s, GiftMinerva(B, B))
    assert info.value.code == "illegal.minerva_own_turn"


def test_bacchus_taken_back_before_the_question_clears_its_flags() -> None:
    """BAC-6.6.3, A-21."""
    s, ev = position({A: ["bacchus", "satyrus"], B: ["venus"], C: ["pluto"]}, players=3,
                     draw=["vinum*", "satyrus", "miles", "pluto"])
    assert (s.turn.result, s.turn.variant) == ("vinum", "symbol") and s.awaiting == "give_bacchus"
    play(s, GiveBacchus(A, B))
    assert s.seats[B].question_pending and s.seats[B].arrival_pending
    assert TakeDeus(A, "deus_bacchus", B) in legal(s, A, TakeDeus)
    play(s, TakeDeus(A, "deus_bacchus", B))
    assert not s.seats[B].question_pending and not s.seats[B].arrival_pending
    play(s, DeclareNarrationDone(A, False))
    assert s.active == B and s.awaiting != "arrival"


def test_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    """BAC-6.2.2."""
    s, ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto"], deck=2)
    assert event_kinds(ev).count("umbra_drawn") == 4 and "deck_rebuilt" in event_kinds(ev)
    assert kinds(s.turn.drawn[:2]) == ["satyrus", "pluto"]


def test_the_draw_stops_short_when_no_card_is_left() -> None:
    """BAC-6.2.2 (guard)."""
    none = {k: 0 for k in ENG.options({})["umbra_composition"]} | {"parcae": 1, "miles": 1}
    s, ev = position({A: ["miles"]}, draw=["miles"], options={"umbra_composition": none})
    assert sorted(kinds(s.turn.area)) == ["miles", "parcae"] and s.deck == [] and s.discard == []
    assert s.turn.result == "miles"


def test_a_locked_card_is_in_one_place_while_a_parcae_pauses_the_turn() -> None:
    """BAC-6.2, A-11: the card locked last turn counts towards the four drawn and leaves the lock.

    Found by the conformance run: the Parcae drawn with a locked card paused the turn before the
    honouring, with the card both locked and among the turn's Umbra. The run's game 8 with 3
    players reaches that moment."""
    import random
    from collections import Counter

    from test_bacchanalia_conformance import options_for, step

    from rules.match import Match

    match = Match(ENG, options_for(8, 3), 8)
    rnd = random.Random(8)
    seen = 0
    while not ENG.is_over(match.state) and len(match.moves) < 400:
        events = match.play(step(match, rnd))
        state = match.state
        if any(e.kind == "parcae_drawn" for e in events) and state.turn.carried is not None:
            seen += 1
            assert all(seat.locked != state.turn.carried for seat in state.seats)
            assert Counter(ENG.all_cards(state))[state.turn.carried] == 1
    assert seen  # the game does reach a Parcae drawn beside a carried card


def test_the_umbra_discarded_are_named_to_everyone_though_a_reshuffle_takes_them() -> None:
    """BAC-2.6: the discard pile is face up; BAC-6.10.1: a reshuffle due takes it back into the deck, in the same
    move as the tidy (BAC-6.9.1). The cards discarded were masked by the position after that move, as if drawn
    unseen; every reader is now told them."""
    told = 0
    for seed in range(12):
        match = Match(ENG, {PLAYERS: 4}, seed)
        rnd = random.Random(seed)
        while not ENG.is_over(match.state) and len(match.moves) < 400:
            seat = rnd.choice(sorted(ENG.to_act(match.state)))
            match.play(rnd.choice(match.legal_moves(seat)))
        for events, after in match.steps():
            in_deck = set(after.deck)
            for event in events:
                if event.kind == "umbra_discarded" and in_deck & set(event.params["cards"]):
                    for reader in (PUBLIC, 0, 1):
                        assert ENG.event_view(after, event, reader) == event
                    told += 1
    assert told > 0  # some discards were taken into the deck by the same move
