"""Bacchus' Banquet: the gift chain, the catch-up claim, the belt and the initiative
(BB-6 to BB-10; T-03 to T-11)."""
from __future__ import annotations

from itertools import product

import pytest
from banquet_helpers import ENG, A, B, C, D, E, arrange, find, kinds_of, play, table

from rules.banquet import AcceptGift, ClaimGift, DeclineClaim, OfferGift, RefuseGift
from rules.kernel import IllegalMove

FILLER = ["dance", "feather", "bill_co", "dagger", "dagger", "doze", "dance"]


def test_t03_accept_at_the_first_offer() -> None:
    """T-03, BB-4.1, BB-6.7, BB-8.1, BB-9.1, BB-9.3, BB-9.4, BB-9.6, BB-10.1, BB-10.4: gift to C, Keep to
    A, both revealed and joining the rows; Discard unseen, refill, C starts round 2."""
    state = table(belts=[0, 3, 3, 0], circle=["carp", "wine_cup", "dagger"])
    deck_before = len(state.deck)
    dagger, carp, cup = arrange(state, "dagger", "carp", "wine_cup")
    play(state, OfferGift(A, C))
    assert state.phase == "respond" and state.holder == C
    events = play(state, AcceptGift(C))
    assert state.belts[C] == 5 and state.rows[C] == [cup]
    assert ENG.judge.wine_points(state.rows[C]) == 2
    assert state.rows[A] == [carp] and state.belts[A] == 2
    revealed = [e["card"] for e in find(events, "card_revealed")]
    assert revealed == [cup, carp]
    assert state.discard_pile == [dagger]
    assert all(dagger not in str(e.params) for e in events)
    assert None not in state.circle and len(state.deck) == deck_before - 3
    assert state.active == C and state.phase == "pick" and state.round == 2


def test_t04_full_chain_and_return() -> None:
    """T-04, BB-1.9, BB-6.5, BB-6.6, D-28, D-32: nobody may be offered twice; the return is accepted
    without a move of A's."""
    state = table(5, belts=[1, 0, 0, 0, 0])
    arrange(state, "dance", "olives", "poison")
    play(state, OfferGift(A, B))
    assert [m.to for m in ENG.legal_moves(state, B) if isinstance(m, RefuseGift)] == [C, D, E]
    with pytest.raises(IllegalMove) as err:
        play(state, RefuseGift(B, A))
    assert err.value.code == "illegal.active_not_yet"
    play(state, RefuseGift(B, E))
    assert sorted(m.to for m in ENG.legal_moves(state, E) if isinstance(m, RefuseGift)) == [C, D]
    with pytest.raises(IllegalMove) as err:
        play(state, RefuseGift(E, B))
    assert err.value.code == "illegal.already_offered"
    play(state, RefuseGift(E, C))
    assert ENG.legal_moves(state, C) == [AcceptGift(C), RefuseGift(C, D)]
    play(state, RefuseGift(C, D))
    assert ENG.legal_moves(state, D) == [AcceptGift(D), RefuseGift(D, A)]
    events = play(state, RefuseGift(D, A))
    assert find(events, "gift_accepted") == [{"player": A}]
    assert kinds_of(state.rows[A]) == ["poison", "olives"] and state.belts[A] == 9
    assert state.active == A


def test_t05_returned_gift_knocks_out_the_active_player() -> None:
    """T-05, BB-1.8, BB-9.2, BB-13.2, BB-13.3, BB-13.5, BB-19.6, D-10: no Keep for a knocked-out active
    player; the row goes to the removed pile, the Keep and Discard face down to the discard pile."""
    state = table(guests=["claudius", "caligula", "messalina", "caesonia"], belts=[4, 0, 0, 0],
                  rows={A: ["olives", "carp", "wine_sip"]},
                  stack=["vespasianus", "agrippina", "octavius", "septimus", "cassius"])
    old_row = list(state.rows[A])
    dance, piglet, poison = arrange(state, "dance", "piglet", "poison")
    play(state, OfferGift(A, B))
    play(state, RefuseGift(B, C))
    play(state, RefuseGift(C, D))
    events = play(state, RefuseGift(D, A))
    assert find(events, "guest_knocked_out") == [{"player": A, "guest": "claudius"}]
    assert state.guest_box == ["claudius"] and state.knockouts == [(A, "claudius")]
    assert sorted(state.removed) == sorted(old_row + [poison])
    assert state.belts[A] == 0 and state.rows[A] == []
    assert state.guests[A] == "vespasianus"
    assert ENG.view(state, A).guests[A] == "vespasianus" and ENG.view(state, B).guests[A] == "?"
    assert piglet not in [e.get("card") for e in find(events, "card_revealed")]
    assert sorted(state.discard_pile) == sorted([dance, piglet])
    assert state.active == B


CATCH_UP_ROWS = {A: FILLER[:4], B: FILLER[4:6], C: ["gift_ring", "gift_ring", "gift_wreath", "dance"],
                 D: ["feather", "feather", "bill_co", "bill_co", "doze"]}


def test_t06_catch_up_claim() -> None:
    """T-06, BB-1.5, BB-7.1, BB-7.3, BB-7.4, D-6, D-7: B is behind by 2 on everyone and takes the gift unoffered."""
    state = table(rows=CATCH_UP_ROWS, privileges={C: ["claim_keep_gift"]})
    _d, _k, carp = arrange(state, "wine_sip", "olives", "carp")
    assert state.phase == "catch_up" and ENG.to_act(state) == {B}
    assert ENG.legal_moves(state, B) == [ClaimGift(B), DeclineClaim(B)]
    events = play(state, ClaimGift(B))
    assert carp in state.rows[B] and state.belts[B] == 2 and len(state.rows[B]) == 3
    assert not find(events, "gift_offered") and not find(events, "privilege_window")
    assert state.belts[A] == 1 and kinds_of(state.rows[A])[-1] == "olives"
    assert state.active == B


def test_t06_nobody_eligible() -> None:
    """T-06, BB-7.1: C with 3 cards; or sizes A1 B3 C3 D4: the offer follows the arrangement."""
    rows = {**CATCH_UP_ROWS, C: ["gift_ring", "gift_ring", "gift_wreath"]}
    state = table(rows=rows)
    arrange(state, "wine_sip", "olives", "carp")
    assert state.phase == "offer" and state.claimant is None
    state = table(rows={A: ["dance"], B: FILLER[:3], C: ["gift_ring", "gift_ring", "gift_wreath"],
                        D: ["feather", "feather", "bill_co", "bill_co"]})
    arrange(state, "wine_sip", "olives", "carp")
    assert state.phase == "offer"


def test_bb72_at_most_one_player_is_eligible() -> None:
    """BB-7.1, BB-7.2: for every row size from 0 to 4 at each of four seats, and whoever is active,
    the engine finds as eligible exactly the player every other seated player leads by 2 cards,
    and there is never more than one such player."""
    state = table()
    for sizes in product(range(5), repeat=4):
        state.rows = [["olives#1"] * n for n in sizes]
        for active in range(4):
            state.active = active
            behind = [p for p in range(4) if p != active and all(sizes[q] >= sizes[p] + 2 for q in range(4) if q != p)]
            assert len(behind) <= 1, sizes
            assert ENG.eligible_for_catch_up(state) == (behind[0] if behind else None), (sizes, active)


def test_t07_catch_up_declined() -> None:
    """T-07, BB-7.5: B declines, can still be offered the gift, cannot claim any more."""
    state = table(rows=CATCH_UP_ROWS)
    arrange(state, "wine_sip", "olives", "carp")
    play(state, DeclineClaim(B))
    assert state.phase == "offer"
    play(state, OfferGift(A, C))
    assert RefuseGift(C, B) in ENG.legal_moves(state, C)
    with pytest.raises(IllegalMove) as err:
        play(state, ClaimGift(B))
    assert err.value.code == "illegal.not_eligible"
    play(state, RefuseGift(C, B))
    play(state, AcceptGift(B))
    assert kinds_of(state.rows[B])[-1] == "carp"


@pytest.mark.parametrize(("belt", "gift", "to", "expected"), [(1, "feather", B, 0), (0, "dance", C, 0)])
def test_t08_floor_at_zero(belt: int, gift: str, to: int, expected: int) -> None:
    """T-08, BB-10.8: a buckle never goes below 0."""
    belts = [0, 0, 0, 0]
    belts[to] = belt
    state = table(belts=belts)
    arrange(state, "olives", "gift_ring", gift)
    play(state, OfferGift(A, to))
    play(state, AcceptGift(to))
    assert state.belts[to] == expected


def test_t08_floor_at_zero_on_the_keep() -> None:
    """T-08, BB-10.8: D, active at belt 2, keeps Bill & Co: 0."""
    state = table(belts=[0, 0, 0, 2], active=D)
    arrange(state, "olives", "bill_co", "gift_ring")
    play(state, OfferGift(D, A))
    play(state, AcceptGift(A))
    assert state.belts[D] == 0


def test_t09_ten_is_safe() -> None:
    """T-09, BB-10.8, BB-13.1: 10 is still in play; one step more knocks out."""
    state = table(belts=[0, 6, 0, 0])
    arrange(state, "dance", "gift_ring", "piglet")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts[B] == 10 and state.guests[B] == "claudius" and state.active == B
    arrange(state, "dance", "gift_wreath", "wine_sip")
    play(state, OfferGift(B, C))
    play(state, RefuseGift(C, D))
    play(state, RefuseGift(D, A))
    events = play(state, RefuseGift(A, B))
    assert find(events, "guest_knocked_out") == [{"player": B, "guest": "claudius"}]


def test_t10_doze_passes_the_initiative() -> None:
    """T-10, BB-8.2: Doze as the gift sends the next round to the accepter's left neighbour."""
    state = table(belts=[0, 3, 0, 0])
    arrange(state, "dance", "gift_ring", "doze")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts[B] == 1 and state.active == C


def test_t10_returned_doze() -> None:
    """T-10, BB-8.2: a returned Doze sends the next round to A's left neighbour, B."""
    state = table()
    arrange(state, "dance", "gift_ring", "doze")
    play(state, OfferGift(A, B))
    play(state, RefuseGift(B, C))
    play(state, RefuseGift(C, D))
    play(state, RefuseGift(D, A))
    assert state.active == B


def test_t10_doze_as_keep() -> None:
    """T-10, BB-8.4, D-8: a kept Doze moves the buckle but not the initiative."""
    state = table(belts=[3, 0, 0, 0])
    arrange(state, "dance", "doze", "gift_ring")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts[A] == 1 and state.active == B


def test_bb11_the_left_neighbour_skips_players_who_sit_out() -> None:
    """BB-1.1, BB-8.2, D-25: with C and D sitting out, B's Doze hands the next round to E, the first
    seated player clockwise from B; the offer skips them too."""
    state = table(5, guests=["caligula", "claudius", None, None, "caesonia"], belts=[0, 3, 0, 0, 0],
                  knockouts=[(C, "messalina"), (D, "vespasianus")], stack=[])
    arrange(state, "dance", "gift_ring", "doze")
    assert [m.to for m in ENG.legal_moves(state, A) if isinstance(m, OfferGift)] == [B, E]
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts[B] == 1 and state.active == E


def test_t11_gift_knocks_out_its_accepter() -> None:
    """T-11, BB-8.2, BB-13.2, BB-13.3, BB-13.5: B is out, replaced; C starts; A's Keep still applies."""
    state = table(belts=[0, 9, 0, 0], rows={B: ["olives"]},
                  stack=["vespasianus", "agrippina", "octavius", "septimus", "cassius"])
    arrange(state, "dance", "carp", "wine_jug")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert find(events, "guest_knocked_out") == [{"player": B, "guest": "claudius"}]
    assert state.rows[B] == [] and state.belts[B] == 0 and state.guests[B] == "vespasianus"
    assert kinds_of(state.removed) == ["olives", "wine_jug"]
    assert state.active == C and state.belts[A] == 2


def test_bb8_the_log_says_who_hosts_next_and_why() -> None:
    """BB-8.1, BB-8.2, BB-8.5, T-03, T-10, T-11 (issue #36): when the gift is taken an event names the next host
    and the reason, so the log can say why it is not always the one who took the gift."""
    state = table(belts=[0, 3, 3, 0], circle=["carp", "wine_cup", "dagger"])
    arrange(state, "dagger", "carp", "wine_cup")
    play(state, OfferGift(A, C))
    assert find(play(state, AcceptGift(C)), "next_host_gift") == [{"player": C, "host": C}]
    state = table(belts=[0, 3, 0, 0])
    arrange(state, "dance", "gift_ring", "doze")
    play(state, OfferGift(A, B))
    assert find(play(state, AcceptGift(B)), "next_host_doze") == [{"player": B, "host": C}] and state.active == C
    state = table(belts=[0, 9, 0, 0], rows={B: ["olives"]},
                  stack=["vespasianus", "agrippina", "octavius", "septimus", "cassius"])
    arrange(state, "dance", "carp", "wine_jug")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert find(events, "next_host_knocked_out") == [{"player": B, "host": C}] and state.active == C
    assert not [e for e in events if e.kind in ("next_host_gift", "next_host_doze", "next_host_sits_out")]


def test_bb8_4_a_next_host_who_sits_out_is_passed_over_and_said_so() -> None:
    """BB-8.4, BB-8.5, BB-11.4, BB-13.8 (issue #36): B takes the gift and would host next, but A's kept wine,
    with A's Hymn, pushes B past 10 with no guest left to draw: B sits out, C hosts, and an event says so."""
    state = table(belts=[0, 10, 0, 0], rows={A: ["hymn"]}, stack=[])
    arrange(state, "dance", "wine_sip", "gift_ring")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert find(events, "next_host_gift") == [{"player": B, "host": B}]
    assert find(events, "next_host_sits_out") == [{"player": B, "host": C}]
    assert state.guests[B] is None and state.active == C
