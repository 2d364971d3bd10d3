"""Bacchus' Banquet: knock-outs, replacements, winning and the end of the game
(BB-9.5, BB-13, BB-14; T-26 to T-34, T-37)."""
from __future__ import annotations

from banquet_helpers import ENG, A, B, C, D, E, arrange, find, kinds_of, play, table

from rules.banquet import AcceptGift, OfferGift, PassPrivilege, PlayClaim, PlayExchange, RefuseGift
from rules.kernel import HIDDEN


def test_t26_caligulas_death() -> None:
    """T-26, BB-13.6, BB-14.2, D-14: both conspirators in play win; no replacement, no Keep."""
    state = table(guests=["caligula", "octavius", "claudius", "septimus"], belts=[8, 0, 0, 0], active=B)
    arrange(state, "dance", "carp", "wine_jug")
    play(state, OfferGift(B, C))
    play(state, RefuseGift(C, D))
    play(state, RefuseGift(D, A))
    events = play(state, AcceptGift(A))
    assert state.phase == "over" and state.winners == [B, D] and state.end_reason == "won"
    assert state.guests[A] is None and not find(events, "replacement_drawn")
    assert state.rows[B] == [] and state.belts[B] == 0
    assert all(g != HIDDEN for g in ENG.view(state, C).guests)  # D-26: all shown at the end


def test_t26_a_knocked_out_conspirator_does_not_win() -> None:
    """T-26, D-16: Septimus was knocked out earlier; D now plays Messalina, B wins alone."""
    state = table(guests=["caligula", "octavius", "claudius", "messalina"], belts=[8, 0, 0, 0], active=B,
                  knockouts=[(D, "septimus")])
    arrange(state, "dance", "carp", "wine_jug")
    play(state, OfferGift(B, C))
    play(state, RefuseGift(C, D))
    play(state, RefuseGift(D, A))
    play(state, AcceptGift(A))
    assert state.winners == [B]


def test_bb139_a_knocked_out_active_player_still_receives_the_return() -> None:
    """BB-13.9, BB-9.2, BB-10.5: a Hymn step knocks A out mid-round; A's new guest is still the host
    of the round, takes the returned gift and leads the next round, but gets no Keep."""
    state = table(3, guests=["claudius", "caligula", "messalina"], belts=[10, 0, 0], rows={C: ["hymn"]},
                  privileges={C: ["claim_discard_gift"]}, stack=["caesonia", "agrippina"])
    _cup, keep, ring = arrange(state, "wine_cup", "olives", "gift_ring")
    play(state, OfferGift(A, B))
    events = play(state, PlayClaim(C, "claim_discard_gift", "discard"))
    assert find(events, "guest_knocked_out") == [{"player": A, "guest": "claudius"}]
    assert state.guests[A] == "caesonia" and state.phase == "respond" and state.holder == B
    play(state, RefuseGift(B, C))
    events = play(state, RefuseGift(C, A))
    assert find(events, "gift_accepted") == [{"player": A}] and state.rows[A] == [ring]
    assert find(events, "keep_discarded") == [{"player": A}] and keep in state.discard_pile
    assert state.active == A and state.knockouts == [(A, "claudius")]


def test_t27_caligula_dies_alone_then_a_player_sits_out() -> None:
    """T-27, BB-1.3, BB-13.6, BB-13.7, BB-13.8, D-12, D-13, D-27: conspirators purged unseen; an empty
    stack seats nobody; the third knock-out ends the game."""
    state = table(5, guests=["caligula", "claudius", "messalina", "caesonia", "vespasianus"],
                  stack=["octavius", "agrippina", "septimus", "cassius"], belts=[9, 0, 0, 0, 0], active=B)
    arrange(state, "dance", "gift_ring", "wine_cup")
    play(state, OfferGift(B, A))
    events = play(state, AcceptGift(A))
    assert state.phase == "pick" and state.winners == []
    assert find(events, "conspirators_purged") == [{"count": 3}]
    assert sorted(state.guest_box_unseen) == ["cassius", "octavius", "septimus"]
    assert state.guests[A] == "agrippina" and state.guest_stack == []
    assert state.active == B  # A was knocked out by the gift: its left neighbour starts
    # Later C is knocked out: nobody is left to draw, so C sits out.
    state.belts[C] = 9
    arrange(state, "dance", "gift_wreath", "poison")
    play(state, OfferGift(B, C))
    events = play(state, AcceptGift(C))
    assert find(events, "sits_out") == [{"player": C}]
    assert state.guests[C] is None and state.phase == "pick" and state.active == D
    assert C not in [m.to for m in ENG.legal_moves(state, D) if hasattr(m, "to")]
    arrange(state, "dance", "gift_cloak", "olives")
    assert [m.to for m in ENG.legal_moves(state, D)] == [E, A, B]  # type: ignore[attr-defined]
    play(state, OfferGift(D, E))
    assert [m.to for m in ENG.legal_moves(state, E) if isinstance(m, RefuseGift)] == [A, B]
    # The third knock-out ends the game with no winner.
    state.belts[E] = 10
    play(state, AcceptGift(E))
    assert state.phase == "over" and state.end_reason == "draw" and state.winners == []


def test_t27_a_sitting_out_player_is_not_counted_for_catch_up() -> None:
    """T-27, BB-13.8: with an empty row, the sitting-out player would otherwise be behind."""
    state = table(5, guests=["caligula", "claudius", None, "caesonia", "vespasianus"],
                  rows={A: ["dance", "dance"], B: ["dance", "dance"], D: ["feather", "feather"],
                        E: ["bill_co", "bill_co"]}, knockouts=[(C, "messalina")])
    arrange(state, "doze", "gift_ring", "wine_cup")
    assert state.phase == "offer"


def test_t28_three_daggers() -> None:
    """T-28, BB-14.2, D-15: the third dagger on the table wins for the conspirator."""
    state = table(guests=["caligula", "cassius", "claudius", "caesonia"], rows={A: ["dagger"], C: ["dagger"]})
    arrange(state, "dance", "gift_ring", "dagger")
    play(state, OfferGift(A, D))
    play(state, AcceptGift(D))
    assert state.winners == [B]


def test_t28_a_conspirator_arriving_with_three_daggers_out() -> None:
    """T-28, BB-1.2, BB-10.7, D-15: no conspirator in play, no win; Septimus enters and wins at once,
    and the win is his player's."""
    state = table(guests=["caligula", "claudius", "messalina", "caesonia"], rows={A: ["dagger"], C: ["dagger"]},
                  stack=["septimus", "octavius", "cassius", "vespasianus", "agrippina"], belts=[0, 10, 0, 0])
    arrange(state, "dance", "gift_ring", "dagger")
    play(state, OfferGift(A, D))
    play(state, AcceptGift(D))
    assert state.phase == "pick" and ENG.judge.daggers_on_table(state) == 3
    arrange(state, "dance", "gift_wreath", "wine_sip")
    play(state, OfferGift(state.active, B))
    events = play(state, AcceptGift(B))
    assert find(events, "replacement_drawn")[0] == {"player": B, "guest": "septimus"}
    assert state.winners == [B] and state.phase == "over"


def test_t28_a_dagger_leaves_with_its_row() -> None:
    """T-28, D-15: C's dagger went with C's knocked-out row, so the total is 2."""
    state = table(guests=["caligula", "cassius", "claudius", "caesonia"], rows={A: ["dagger"], C: ["dagger"]},
                  belts=[0, 0, 9, 0])
    arrange(state, "dance", "gift_ring", "wine_cup")
    play(state, OfferGift(A, C))
    play(state, AcceptGift(C))
    assert ENG.judge.daggers_on_table(state) == 1
    assert state.active == D
    arrange(state, "dance", "gift_wreath", "dagger")
    play(state, OfferGift(D, B))
    play(state, AcceptGift(B))
    assert ENG.judge.daggers_on_table(state) == 2 and state.winners == [] and state.phase == "pick"


def test_t29_caligulas_knockout_win() -> None:
    """T-29, BB-14.3: the third knock-out of another guest wins for Caligula."""
    state = table(guests=["caligula", "agrippina", "claudius", "vespasianus"], belts=[0, 0, 8, 0],
                  knockouts=[(B, "cassius"), (D, "messalina")])
    arrange(state, "dance", "gift_ring", "piglet")
    play(state, OfferGift(A, C))
    events = play(state, AcceptGift(C))
    assert find(events, "guest_knocked_out") == [{"player": C, "guest": "claudius"}]
    assert state.winners == [A] and state.phase == "over"
    assert not find(events, "replacement_drawn") and state.guests[C] is None


def test_t30_gluttons_win() -> None:
    """T-30, BB-14.1, D-2, D-29, D-33: five different dishes win, with no move to claim it, before A's Keep."""
    rows = {B: ["olives", "oysters", "carp", "dormice"]}
    state = table(guests=["caligula", "vespasianus", "claudius", "caesonia"], belts=[0, 6, 0, 0], rows=rows)
    arrange(state, "dance", "carp", "peacock")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts[B] == 9 and state.winners == [B] and state.rows[A] == []


def test_t30_a_repeated_dish_does_not_count() -> None:
    """T-30, D-2: a second Carp leaves four names."""
    rows = {B: ["olives", "oysters", "carp", "dormice"]}
    state = table(guests=["caligula", "vespasianus", "claudius", "caesonia"], belts=[0, 6, 0, 0], rows=rows)
    arrange(state, "dance", "gift_ring", "carp")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts[B] == 8 and state.winners == [] and state.phase == "pick"


def test_t31_caligulas_feast() -> None:
    """T-31, BB-14.1: two dishes (repeats allowed) and 5 wine points, reached with the Keep."""
    state = table(belts=[4, 0, 0, 0], rows={A: ["olives", "olives", "wine_cup"]})
    arrange(state, "dance", "wine_jug", "gift_ring")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.belts[A] == 7 and ENG.judge.wine_points(state.rows[A]) == 5
    assert state.winners == [A]


def test_t32_draw() -> None:
    """T-32, BB-14.4: a third knock-out, Caligula among the three, nobody qualifies."""
    state = table(guests=["agrippina", "vespasianus", "claudius", "caesonia"], belts=[0, 0, 4, 0],
                  knockouts=[(A, "caligula"), (B, "messalina")], stack=[])
    arrange(state, "dance", "gift_ring", "poison")
    play(state, OfferGift(A, C))
    play(state, AcceptGift(C))
    assert state.phase == "over" and state.winners == [] and state.end_reason == "draw"


def test_t32_a_win_beats_the_draw() -> None:
    """T-32, BB-14.5, D-14: the Hymn knocks Claudius out while the wine completes Messalina's goal."""
    state = table(guests=["agrippina", "messalina", "claudius", "caesonia"], belts=[0, 3, 10, 0],
                  rows={B: ["hymn", "olives", "oysters", "carp", "dormice"]},
                  knockouts=[(A, "caligula"), (B, "cassius")], stack=[])
    arrange(state, "dance", "gift_ring", "wine_sip")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert find(events, "guest_knocked_out") == [{"player": C, "guest": "claudius"}]
    assert state.winners == [B] and state.end_reason == "won"


def test_t33_a_knocked_out_player_keeps_the_privilege() -> None:
    """T-33, BB-12.4, BB-13.4, BB-19.4: D keeps the Exchange and may play it later."""
    state = table(guests=["caligula", "claudius", "messalina", "caesonia"], belts=[0, 0, 0, 9],
                  privileges={D: ["exchange_keep_discard"]})
    arrange(state, "dance", "gift_ring", "carp")
    play(state, OfferGift(A, D))
    play(state, PassPrivilege(D))
    play(state, AcceptGift(D))
    assert state.guest_box == ["caesonia"] and state.guests[D] not in (None, "caesonia")
    assert state.privileges[D] == ["exchange_keep_discard"] and len(state.privilege_box) == 7
    assert state.rows[D] == [] and state.belts[D] == 0 and state.active == A
    arrange(state, "dance", "gift_wreath", "olives")
    play(state, OfferGift(A, B))
    assert PlayExchange(D, "exchange_keep_discard") in ENG.legal_moves(state, D)


def test_t34_deck_exhaustion() -> None:
    """T-34, BB-9.4, BB-9.5, D-1, D-11: the discard pile (never the removed pile) becomes the deck in
    the middle of the refill, which fills positions in increasing order."""
    state = table(circle=["dance", "olives", "wine_cup", "gift_ring", "gift_wreath", "gift_cloak", "gift_mirror"],
                  deck=["feather"], discard_pile=["bill_co", "bill_co", "doze", "doze"])
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert find(events, "deck_reshuffled") == [{"cards": 5}]
    refill = find(events, "circle_refilled")[0]
    assert refill["positions"] == [0, 1, 2] and kinds_of(refill["cards"])[0] == "feather"
    assert None not in state.circle and len(state.deck) == 3 and state.discard_pile == []


def test_t34_exhausted() -> None:
    """T-34, BB-4.3, D-1: a round cannot start with fewer than 3 cards in the circle."""
    state = table(circle=["dance", "olives", "wine_cup", "gift_ring"], deck=[])
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert sum(1 for c in state.circle if c) == 2 and state.deck == [] and state.discard_pile == []
    assert state.phase == "over" and state.end_reason == "exhausted" and state.winners == []
    assert ENG.to_act(state) == frozenset()


def test_t37_two_knockouts_at_once() -> None:
    """T-37, BB-10.6, BB-13.6, D-16, D-17: Caligula and Septimus fall together; replacements go
    clockwise from B; A gets no Keep; B leads the next round."""
    state = table(guests=["caligula", "caesonia", "septimus", "claudius"], belts=[10, 0, 10, 3],
                  rows={B: ["hymn"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert [e["player"] for e in find(events, "guest_knocked_out")] == [C, A]
    assert state.winners == [] and state.phase == "pick" and len(state.knockouts) == 2
    assert sorted(state.guest_box_unseen) == ["cassius", "octavius"]
    assert [e["player"] for e in find(events, "replacement_drawn")] == [C, A]
    assert (state.guests[C], state.guests[A]) == ("messalina", "vespasianus")
    assert state.rows[A] == [] and state.belts[A] == 0 and find(events, "keep_discarded")
    assert state.active == B


def test_t37_variants() -> None:
    """T-37, BB-14.2, BB-14.4: one earlier knock-out makes a draw; Octavius in play wins."""
    state = table(guests=["caligula", "caesonia", "septimus", "claudius"], belts=[10, 0, 10, 3],
                  rows={B: ["hymn"]}, knockouts=[(D, "agrippina")])
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.end_reason == "draw"
    state = table(guests=["caligula", "caesonia", "septimus", "octavius"], belts=[10, 0, 10, 3],
                  rows={B: ["hymn"]})
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    play(state, AcceptGift(B))
    assert state.winners == [D]


def test_bb107_two_knockouts_at_three_seats_both_draw_replacements() -> None:
    """BB-10.7, BB-13.5, BB-13.8, D-17: with three at the table, a Hymn that knocks out two
    guests leaves one seated player only until the replacements are drawn; both draw (C first,
    clockwise from B) and the game goes on."""
    state = table(3, guests=["claudius", "caligula", "messalina"], belts=[10, 0, 10], rows={B: ["hymn"]},
                  stack=["caesonia", "agrippina", "vespasianus"])
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert [e["player"] for e in find(events, "guest_knocked_out")] == [C, A]
    assert not find(events, "game_over") and state.phase == "pick"
    assert [e["player"] for e in find(events, "replacement_drawn")] == [C, A]
    assert (state.guests[C], state.guests[A]) == ("caesonia", "agrippina") and state.guest_stack == ["vespasianus"]
    assert state.active == B and find(events, "keep_discarded")


def test_bb138_two_knockouts_with_one_guest_left_to_draw() -> None:
    """BB-13.5, BB-13.8, D-13: C draws the last guest, A sits out; B and C play on."""
    state = table(3, guests=["claudius", "caligula", "messalina"], belts=[10, 0, 10], rows={B: ["hymn"]},
                  stack=["caesonia"])
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert find(events, "replacement_drawn")[0]["player"] == C and find(events, "sits_out") == [{"player": A}]
    assert state.phase == "pick" and state.active == B and state.guests == [None, "caligula", "caesonia"]


def test_bb138_two_knockouts_with_no_guest_left_end_the_game() -> None:
    """BB-13.8, BB-14.4: nobody can be replaced, one player is left seated: no winner."""
    state = table(3, guests=["claudius", "caligula", "messalina"], belts=[10, 0, 10], rows={B: ["hymn"]},
                  stack=[])
    arrange(state, "dance", "olives", "wine_cup")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    assert [e["player"] for e in find(events, "sits_out")] == [C, A]
    assert state.phase == "over" and state.end_reason == "too_few_seated" and state.winners == []


def test_bb1310_a_holder_who_comes_to_sit_out_passes_the_gift_on() -> None:
    """BB-13.8, BB-13.10, D-13: B claims a Keep that knocks B out with no guest left to draw;
    the gift moves on clockwise to C as if B had refused."""
    state = table(belts=[0, 9, 0, 0], privileges={B: ["claim_keep_discard"]}, stack=[])
    arrange(state, "dance", "piglet", "wine_cup")
    play(state, OfferGift(A, B))
    events = play(state, PlayClaim(B, "claim_keep_discard", "keep"))
    assert find(events, "sits_out") == [{"player": B}]
    assert find(events, "gift_passed") == [{"player": B, "to": C}]
    assert state.phase == "respond" and state.holder == C and state.offered == [B, C]
    assert [m.to for m in ENG.legal_moves(state, C) if isinstance(m, RefuseGift)] == [D]


def test_bb1310_an_active_player_who_comes_to_sit_out_gets_no_return() -> None:
    """BB-13.10: A is knocked out by a Hymn step mid-round and sits out; the last player
    offered the gift must take it, and A's Keep goes to the discard pile unseen."""
    state = table(3, guests=["caligula", "claudius", "messalina"], belts=[10, 0, 0], rows={C: ["hymn"]},
                  privileges={C: ["claim_discard_gift"]}, stack=[])
    _cup, keep, _gift = arrange(state, "wine_cup", "olives", "gift_ring")
    play(state, OfferGift(A, B))
    events = play(state, PlayClaim(C, "claim_discard_gift", "discard"))
    assert find(events, "sits_out") == [{"player": A}] and state.phase == "respond"
    assert ENG.legal_moves(state, B) == [AcceptGift(B), RefuseGift(B, C)]
    events = play(state, RefuseGift(B, C))
    assert find(events, "automatic") == [{"player": C, "move": "AcceptGift"}]
    assert kinds_of(state.rows[C]) == ["hymn", "wine_cup", "gift_ring"]
    assert keep in state.discard_pile and state.active == C


def test_bb173_objective_progress() -> None:
    """BB-17.3: the progress of a guest's objective, test by test."""
    state = table(guests=["caligula", "vespasianus", "claudius", "caesonia"],
                  rows={A: ["olives", "olives", "wine_cup"], B: ["carp", "carp", "olives"]})
    assert ENG.judge.progress(state, A) == [("dishes_any", 2, 2), ("wine_points", 2, 5), ("others_knocked_out", 0, 3)]
    assert ENG.judge.progress(state, B) == [("distinct_dishes", 2, 5)]
