"""Bacchus' Banquet: the Hymn, the Food Taster, the Umbra and duplicates (BB-10, BB-11; T-12 to T-16)."""
from __future__ import annotations

from banquet_helpers import ENG, A, B, C, D, arrange, find, kinds_of, play, table

from rules.banquet import AcceptGift, OfferGift, ResolveCard
from rules.kernel import Move

STACK = ["vespasianus", "agrippina", "octavius", "septimus", "cassius"]


def test_t12_hymn() -> None:
    """T-12, BB-10.5-10.6, BB-11.4: wine to the Hymn's owner steps every other guest up."""
    state = table(belts=[5, 2, 10, 4], rows={B: ["hymn"]}, stack=STACK)
    arrange(state, "dance", "gift_ring", "wine_cup")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert state.belts[B] == 4 and state.belts[D] == 5
    assert find(events, "guest_knocked_out") == [{"player": C, "guest": "messalina"}]
    assert state.guests[C] == "vespasianus" and state.belts[C] == 0
    assert [ENG.judge.wine_points(r) for r in state.rows] == [0, 2, 0, 0]
    assert state.belts[A] == 6  # the Hymn step; A's Keep (a gift) moves nothing
    assert state.active == B


def test_t12_hymn_on_the_keep() -> None:
    """T-12, BB-11.4: the Hymn works for a kept wine too."""
    state = table(rows={A: ["hymn"]})
    arrange(state, "dance", "wine_jug", "gift_ring")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts == [3, 1, 1, 1]


def test_t12_cancelled_wine_sings_no_hymn() -> None:
    """T-12, BB-11.2, D-18: a wine cancelled with a Food Taster moves nobody."""
    state = table(belts=[5, 2, 9, 4], rows={B: ["hymn", "food_taster"]})
    arrange(state, "dance", "gift_ring", "wine_cup")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.phase == "resolve" and ENG.legal_moves(state, B) == [ResolveCard(B, "apply"),
                                                                      ResolveCard(B, "food_taster")]
    play(state, ResolveCard(B, "food_taster"))
    assert state.belts == [5, 2, 9, 4]
    assert kinds_of(state.rows[B]) == ["hymn"]


def test_t13_food_taster_against_poison() -> None:
    """T-13, BB-10.3, BB-11.2, BB-11.5, D-9, D-11, D-34: C sees the poison, then cancels it; the poison
    and the Food Taster go to the removed pile; C keeps the initiative."""
    state = table(belts=[0, 0, 5, 0], rows={C: ["food_taster", "carp", "wine_jug"]})
    arrange(state, "dance", "gift_ring", "poison")
    play(state, OfferGift(A, C))
    events = play(state, AcceptGift(C))
    assert ENG.to_act(state) == {C} and state.pending is not None
    revealed = [e["card"] for e in find(events, "card_revealed")]
    assert kinds_of(revealed) == ["poison"] and state.pending.card == revealed[0]  # shown, then asked
    events = play(state, ResolveCard(C, "food_taster"))
    cancelled = find(events, "card_cancelled")[0]
    assert kinds_of([cancelled["card"], cancelled["by"]]) == ["poison", "food_taster"] and cancelled["player"] == C
    assert state.belts[C] == 5 and kinds_of(state.rows[C]) == ["carp", "wine_jug"]
    assert kinds_of(state.removed) == ["poison", "food_taster"]
    assert state.active == C


def test_t13_food_taster_not_used() -> None:
    """T-13, BB-8.2: applied, the poison knocks C out; D starts the next round."""
    state = table(belts=[0, 0, 5, 0], rows={C: ["food_taster", "carp", "wine_jug"]})
    arrange(state, "dance", "gift_ring", "poison")
    play(state, OfferGift(A, C))
    play(state, AcceptGift(C))
    events = play(state, ResolveCard(C, "apply"))
    assert find(events, "guest_knocked_out")[0]["player"] == C
    assert state.active == D


def test_t14_food_taster_against_a_dagger() -> None:
    """T-14, BB-11.2, D-15: a cancelled dagger does not count; an applied one wins for Octavius."""
    for choice, winners in (("food_taster", []), ("apply", [B])):
        state = table(guests=["caligula", "octavius", "claudius", "caesonia"],
                      rows={A: ["dagger"], C: ["dagger"], D: ["food_taster"]})
        arrange(state, "dance", "gift_ring", "dagger")
        play(state, OfferGift(A, D))
        play(state, AcceptGift(D))
        play(state, ResolveCard(D, choice))
        assert ENG.judge.daggers_on_table(state) == 2 + len(winners)
        assert state.winners == winners
        assert (state.phase == "over") == bool(winners)


def test_t14_food_taster_against_doze() -> None:
    """T-14, BB-8.3, D-9: a cancelled Doze does nothing, so the accepter keeps the initiative."""
    state = table(belts=[0, 0, 0, 4], rows={D: ["food_taster"]})
    arrange(state, "dance", "gift_ring", "doze")
    play(state, OfferGift(A, D))
    play(state, AcceptGift(D))
    play(state, ResolveCard(D, "food_taster"))
    assert state.belts[D] == 4 and state.active == D


def _keep_options(keep: str, row: list[str]) -> list[Move]:
    state = table(rows={A: row})
    arrange(state, "dance", keep, "gift_ring")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    return ENG.legal_moves(state, A) if state.phase == "resolve" else []


def test_t15_umbra() -> None:
    """T-15, BB-1.10, BB-11.3, D-19: the Umbra eats dishes only (poison is not a dish); with a Food
    Taster both are offered."""
    assert _keep_options("piglet", ["umbra"]) == [ResolveCard(A, "apply"), ResolveCard(A, "umbra")]
    assert _keep_options("wine_jug", ["umbra"]) == []
    assert _keep_options("poison", ["umbra"]) == []
    assert _keep_options("piglet", ["umbra", "food_taster"]) == [
        ResolveCard(A, "apply"), ResolveCard(A, "food_taster"), ResolveCard(A, "umbra")]
    state = table(rows={A: ["umbra"]})
    arrange(state, "dance", "piglet", "gift_ring")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    play(state, ResolveCard(A, "umbra"))
    assert state.belts[A] == 0 and state.rows[A] == []
    assert kinds_of(state.removed) == ["piglet", "umbra"]


def test_t16_duplicate_special() -> None:
    """T-16, BB-8.3, BB-10.2, BB-11.1, D-20: a second Hymn is removed unasked; the accepter keeps the lead."""
    state = table(rows={B: ["hymn", "olives"]})
    arrange(state, "dance", "gift_ring", "hymn")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert find(events, "duplicate_removed")[0]["player"] == B
    assert kinds_of(state.rows[B]) == ["hymn", "olives"] and kinds_of(state.removed) == ["hymn"]
    assert state.active == B


def test_t16_one_of_each_special() -> None:
    """T-16, BB-11.1: a row may hold a Food Taster, a Hymn and an Umbra together."""
    state = table(rows={B: ["food_taster", "umbra"]})
    arrange(state, "dance", "gift_ring", "hymn")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    play(state, ResolveCard(B, "apply"))
    assert kinds_of(state.rows[B]) == ["food_taster", "umbra", "hymn"]
