"""Bacchus' Banquet: privileges and their windows (BB-12, BB-15; T-17 to T-25, T-35, T-39)."""
from __future__ import annotations

import pytest
from banquet_helpers import ENG, OPEN, A, B, C, D, arrange, find, kinds_of, play, table

from rules.banquet import (
    AcceptGift, OfferGift, PassPrivilege, PickCards, PlayClaim, PlayExchange, PlayGiveBack, PlaySpecialGift,
    RefuseGift, ResolveCard,
)
from rules.banquet.moves import Arrange
from rules.banquet.state import BanquetState
from rules.kernel import HIDDEN, IllegalMove, Move

T17_PRIVILEGES = {A: ["give_back"], C: ["claim_keep_gift"], D: ["exchange_gift_keep"]}


def refused(state: BanquetState, move: Move) -> str:
    """The reason code of an illegal move; the state must be left as it was."""
    before = ENG.to_dict(state)
    with pytest.raises(IllegalMove) as err:
        play(state, move)
    assert ENG.to_dict(state) == before
    return err.value.code


def test_t17_claim_on_the_gift() -> None:
    """T-17, BB-6.8, BB-12.5-12.8, D-21, D-23: A is polled first (pass only), then C claims the gift
    and is the gift accepter."""
    state = table(privileges=T17_PRIVILEGES)
    arrange(state, "wine_sip", "olives", "flamingo")
    events = play(state, OfferGift(A, B))
    assert find(events, "privilege_window") == [{"holder": B, "poll": [A, C, D]}]
    assert ENG.to_act(state) == {A}
    assert ENG.legal_moves(state, A) == [PassPrivilege(A, False), PassPrivilege(A, True)]
    play(state, PassPrivilege(A))
    assert ENG.to_act(state) == {C}
    events = play(state, PlayClaim(C, "claim_keep_gift", "gift"))
    assert find(events, "privilege_played") == [{"player": C, "card": "claim_keep_gift"}]
    assert kinds_of(state.rows[C]) == ["flamingo"] and state.belts[C] == 3
    assert "claim_keep_gift" in state.removed and state.privileges[C] == []
    assert not find(events, "privilege_passed")  # D was never asked
    assert state.belts[A] == 1 and state.active == C


def test_t18_claim_on_the_keep() -> None:
    """T-18, BB-12.8, D-23: the Keep goes to D; the chain goes on; A has no Keep."""
    state = table(privileges={A: ["give_back"], D: ["claim_keep_discard"]})
    arrange(state, "wine_sip", "olives", "flamingo")
    play(state, OfferGift(A, B))
    play(state, PassPrivilege(A))
    play(state, PlayClaim(D, "claim_keep_discard", "keep"))
    assert kinds_of(state.rows[D]) == ["olives"] and state.belts[D] == 1
    assert state.phase == "respond" and state.holder == B and state.slots["keep"] is None
    play(state, AcceptGift(B))
    assert kinds_of(state.rows[B]) == ["flamingo"] and state.rows[A] == [] and state.belts[A] == 0
    assert state.active == B


def test_t19_claim_on_the_discard() -> None:
    """T-19, BB-4.2, BB-12.8, BB-14.2, D-14, D-33: the third dagger, taken from the Discard, wins for
    Cassius; the rest of the round (A's Keep) does not happen."""
    state = table(guests=["caligula", "cassius", "claudius", "caesonia"], rows={A: ["dagger"], C: ["dagger"]},
                  privileges={D: ["claim_discard_gift"]})
    arrange(state, "dagger", "olives", "gift_ring")
    play(state, OfferGift(A, B))
    assert PlayClaim(D, "claim_discard_gift", "discard") in ENG.legal_moves(state, D)
    events = play(state, PlayClaim(D, "claim_discard_gift", "discard"))
    assert kinds_of(state.rows[D]) == ["dagger"] and ENG.judge.daggers_on_table(state) == 3
    assert state.phase == "over" and state.winners == [B]
    assert find(events, "game_over")[0]["reason"] == "won"
    assert state.rows[A] == ["dagger#1"] and state.belts[A] == 0


def test_t20_exchange_gift_and_discard_mid_chain() -> None:
    """T-20, BB-5.4, BB-6.10, BB-12.9, D-35: the Discard is still within reach mid-chain; the new gift
    goes on from C; the poison is discarded unseen."""
    state = table(privileges={D: ["exchange_gift_discard"]})
    cup, _carp, poison = arrange(state, "wine_cup", "carp", "poison")
    play(state, OfferGift(A, B))
    play(state, PassPrivilege(D))
    play(state, RefuseGift(B, C))
    events = play(state, PlayExchange(D, "exchange_gift_discard"))
    assert find(events, "slots_exchanged") == [{"player": D, "first": "gift", "second": "discard"}]
    assert ENG.view(state, C).slots["gift"] == HIDDEN
    assert ENG.view(state, A).slots == {"discard": poison, "keep": _carp, "gift": cup}
    assert state.offered == [B, C] and state.holder == C
    events = play(state, AcceptGift(C))
    assert state.rows[C] == [cup] and poison in state.discard_pile
    assert poison not in [e.get("card") for e in find(events, "card_revealed")]


def test_t21_exchange_gift_and_keep() -> None:
    """T-21, BB-5.5, BB-12.9: C swaps gift and Keep: B gets the carp, A keeps the poison."""
    state = table(privileges={C: ["exchange_gift_keep"]})
    arrange(state, "wine_cup", "carp", "poison")
    play(state, OfferGift(A, B))
    play(state, PlayExchange(C, "exchange_gift_keep"))
    play(state, AcceptGift(B))
    assert kinds_of(state.rows[B]) == ["carp"] and state.belts[A] == 7


def test_t21_active_player_may_exchange() -> None:
    """T-21, BB-12.7: the active player may play an Exchange; A's view follows the swap."""
    state = table(privileges={A: ["exchange_keep_discard"]})
    cup, carp, poison = arrange(state, "wine_cup", "carp", "poison")
    play(state, OfferGift(A, B))
    assert PlayExchange(A, "exchange_keep_discard") in ENG.legal_moves(state, A)
    play(state, PlayExchange(A, "exchange_keep_discard"))
    assert ENG.view(state, A).slots == {"discard": carp, "keep": cup, "gift": poison}


def test_t22_give_back() -> None:
    """T-22, BB-1.7, BB-6.8, BB-12.2, BB-12.10, D-24: A must take the gift back at once and is its
    accepter; no later privilege; the gift and the Keep both meet A's Food Taster."""
    state = table(rows={A: ["food_taster"]}, privileges={B: ["give_back"], C: ["claim_keep_gift"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    assert state.phase == "window" and state.poll == [B, C]
    play(state, PlayGiveBack(B, "give_back"))
    assert state.accepter == A and state.phase == "resolve"  # A's Food Taster is asked
    assert refused(state, PlayClaim(C, "claim_keep_gift", "keep")) == "illegal.privilege_used_this_round"
    play(state, ResolveCard(A, "apply"))
    play(state, ResolveCard(A, "apply"))  # the Keep meets the Food Taster too
    assert kinds_of(state.rows[A]) == ["food_taster", "wine_cup", "olives"] and state.active == A


def test_t22_give_back_to_the_previous_holder() -> None:
    """T-22, BB-6.2, BB-12.10: C gives the gift back to B, who refused it before."""
    state = table(privileges={C: ["give_back"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    play(state, PassPrivilege(C))
    play(state, RefuseGift(B, C))
    play(state, PlayGiveBack(C, "give_back"))
    assert kinds_of(state.rows[B]) == ["wine_cup"] and state.active == B


def test_t23_special_gift() -> None:
    """T-23, BB-6.8, BB-12.11, D-24: to anyone seated but oneself, even a player who refused; the
    receiver is the gift accepter."""
    state = table(privileges={C: ["special_gift"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    play(state, PassPrivilege(C))
    play(state, RefuseGift(B, C))
    legal = ENG.legal_moves(state, C)
    assert PlaySpecialGift(C, "special_gift", A) in legal
    assert refused(state, PlaySpecialGift(C, "special_gift", C)) == "illegal.bad_target"
    play(state, PlaySpecialGift(C, "special_gift", B))
    assert kinds_of(state.rows[B]) == ["wine_cup"] and state.active == B


def test_t24_priority_and_one_per_round() -> None:
    """T-24, BB-12.2, BB-12.5, BB-19.5: the active player is polled first; one privilege per round."""
    state = table(privileges={A: ["exchange_gift_keep"], C: ["claim_keep_gift"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    assert state.poll == [A, C]
    play(state, PlayExchange(A, "exchange_gift_keep"))
    assert state.poll == [] and state.phase == "respond"
    assert refused(state, PlayClaim(C, "claim_keep_gift", "keep")) == "illegal.privilege_used_this_round"
    events = play(state, RefuseGift(B, C))
    assert not find(events, "privilege_window") and state.phase == "respond"
    play(state, AcceptGift(C))
    assert state.active == C and state.privilege_used is False  # a new round, a new privilege


def test_t25_timing_limits() -> None:
    """T-25, BB-6.9, BB-12.3, BB-12.7: not before the arrangement, not by the active player (Claim),
    Give back only by the holder, nothing after the gift is accepted."""
    state = table(rows={B: ["food_taster"]}, privileges={A: ["claim_keep_gift"], C: ["give_back"],
                                                          D: ["claim_keep_discard"]})
    assert refused(state, PlayClaim(D, "claim_keep_discard", "keep")) == "illegal.privilege_not_now"
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    assert refused(state, PlayClaim(A, "claim_keep_gift", "keep")) == "illegal.claim_by_active"
    play(state, PassPrivilege(A))
    assert refused(state, PlayGiveBack(C, "give_back")) == "illegal.not_holder"
    assert refused(state, PlayClaim(D, "claim_keep_discard", "keep")) == "illegal.not_polled"
    assert refused(state, PlayClaim(C, "claim_keep_gift", "keep")) == "illegal.not_your_privilege"
    play(state, PassPrivilege(C))
    play(state, PassPrivilege(D))
    play(state, AcceptGift(B))
    assert state.phase == "resolve"
    for player in range(4):
        assert not any(type(m).__name__.startswith("Play") for m in ENG.legal_moves(state, player))
    assert refused(state, PlayClaim(D, "claim_keep_discard", "keep")) == "illegal.privilege_too_late"


def test_t25_no_privilege_during_catch_up() -> None:
    """T-25, BB-7.3, BB-12.3: the catch-up step comes before any window."""
    state = table(rows={A: ["dance", "dance"], C: ["dance", "dance"], D: ["feather", "feather"]},
                  privileges={D: ["claim_keep_discard"]})
    trio = [c for c in state.circle[:3] if c]
    play(state, PickCards(A, *trio))
    assert refused(state, PlayClaim(D, "claim_keep_discard", "keep")) == "illegal.privilege_not_now"
    play(state, Arrange(A, *trio))
    assert state.phase == "catch_up"
    assert refused(state, PlayClaim(D, "claim_keep_discard", "keep")) == "illegal.privilege_not_now"


def test_t35_give_back_during_a_return() -> None:
    """T-35, BB-6.3, BB-12.7, BB-12.10, D-22: a window at each arrival of the gift (A answers three
    polls); on the return A gives the gift to the last refuser."""
    state = table(3, privileges={A: ["give_back"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    play(state, PassPrivilege(A))
    play(state, RefuseGift(B, C))
    play(state, PassPrivilege(A))
    play(state, RefuseGift(C, A))
    assert state.phase == "window" and state.holder == A
    assert PlayGiveBack(A, "give_back") in ENG.legal_moves(state, A)
    play(state, PlayGiveBack(A, "give_back"))
    assert kinds_of(state.rows[C]) == ["wine_cup"] and state.active == C


def test_off_variant_has_no_windows() -> None:
    """BB-15.1: without privileges no window opens and privilege moves are refused."""
    state = table()
    arrange(state, "dance", "olives", "wine_cup")
    events = play(state, OfferGift(A, B))
    assert not find(events, "privilege_window") and state.phase == "respond"
    assert refused(state, PlayExchange(B, "exchange_gift_keep")) == "illegal.no_privileges"


def test_t39_open_privileges() -> None:
    """T-39, BB-12.6, BB-15.2: everyone sees every privilege; only who can use one is polled."""
    state = table(open_privileges=True, privileges={A: ["exchange_gift_keep"], D: ["give_back"]})
    for viewer in range(4):
        assert OPEN.view(state, viewer).privileges == [["exchange_gift_keep"], [], [], ["give_back"]]
    assert not {"exchange_gift_keep", "give_back"} & set(OPEN.hidden_from(state, B))
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    assert state.poll == [A]
    play(state, PassPrivilege(A, True))
    assert state.phase == "respond"


def test_hidden_poll_includes_useless_privileges() -> None:
    """BB-12.6, BB-17.5.4: in the hidden game D is asked even though Give back is no use to D now."""
    state = table(privileges={D: ["give_back"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    assert state.poll == [D]
    assert ENG.legal_moves(state, D) == [PassPrivilege(D, False), PassPrivilege(D, True)]
    play(state, PassPrivilege(D, True))
    events = play(state, RefuseGift(B, C))
    assert not find(events, "privilege_window")
