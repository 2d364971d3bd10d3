"""Bacchanalia finales and the end of the game: T-22 (b), T-23 to T-28 (BAC-9, BAC-10, BAC-11)."""
from __future__ import annotations

import pytest

from bacchanalia_helpers import (A, B, C, D, ENG, centre, event_kinds, find, finish_turn, held, kinds, legal, play,
                                 position, required)
from rules.bacchanalia.moves import (ChooseFinale, DeclareBacchusArrivalDone, DeclareFinaleNarrated, GiftMinerva,
                                     GiveBacchus, LockUmbra)
from rules.kernel import Event, IllegalMove


def test_t22b_bacchus_passed_on_after_a_finale() -> None:
    """T-22 (b): BAC-11.2, BAC-6.6.4, A-17."""
    s, ev = position({A: ["bacchus"]}, sudden=True, draw=["bacchus", "miles", "pluto", "venus"])
    assert s.turn.kind == "sudden" and s.turn.options == [3]
    assert find(ev, "finale_chosen")[0]["auto"] and s.seats[A].outcome == "lost"
    play(s, DeclareFinaleNarrated(A))
    assert s.awaiting == "handover"
    assert legal(s, A, GiveBacchus) == [GiveBacchus(A, B), GiveBacchus(A, C), GiveBacchus(A, D)]
    play(s, GiveBacchus(A, C))
    assert "bacchus" in held(s, C) and "bacchus" not in centre(s)
    assert s.seats[C].arrival_pending and not s.seats[C].question_pending
    assert not s.seats[A].in_game and held(s, A) == ["vinum"]


def test_t23_amans_finale() -> None:
    """T-23: BAC-10.1, A-12, BAC-11.1, BAC-11.3, BAC-11.4."""
    s, ev = position({A: ["amans", "satyrus"]}, count=1, draw=["amans", "amans", "satyrus", "vinum"])
    assert (s.turn.result, s.turn.row, s.awaiting) == ("amans", "amans", "finale_narrate")
    assert ENG.prompt(s)[0] == "finale.amans"
    assert legal(s, A, LockUmbra) == []
    with pytest.raises(IllegalMove) as info:
        play(s, LockUmbra(A, s.turn.area[0]))
    assert info.value.code == "illegal.no_lock_in_finale"
    assert legal(s, A, DeclareFinaleNarrated) == [DeclareFinaleNarrated(A, False)]
    area = list(s.turn.area)
    ev = play(s, DeclareFinaleNarrated(A))
    assert all(card in s.discard for card in area)
    assert centre(s) == ["amans", "satyrus"] and held(s, A) == ["vinum"]
    assert (s.seats[A].in_game, s.seats[A].finale, s.seats[A].outcome) == (False, "amans", "escaped")
    assert not s.sudden_ending and s.active == B


def test_bac81_minerva_may_be_given_during_an_amans_finale() -> None:
    """BAC-8.1, BAC-10.1, A-18: an Amans finale is told inside step 7 of a normal turn, so
    Minerva's holder may give her to its teller; she goes to the centre as A leaves (BAC-11.3)."""
    s, ev = position({A: ["amans", "satyrus"], B: ["minerva"]}, count=1, draw=["amans", "amans", "satyrus", "vinum"])
    assert s.awaiting == "finale_narrate" and s.turn.kind == "normal"
    assert legal(s, B, GiftMinerva) == [GiftMinerva(B, A)]
    play(s, GiftMinerva(B, A))
    assert "minerva" in held(s, A) and "minerva" not in held(s, B)
    play(s, DeclareFinaleNarrated(A))
    assert centre(s) == ["amans", "minerva", "satyrus"] and held(s, A) == ["vinum"]


def test_bac81_minerva_is_not_given_during_a_miles_finale() -> None:
    """BAC-8.1, BAC-10.2b: a Miles finale is no normal turn; its steps have no Minerva."""
    s, ev = position({A: ["venus", "miles"], B: ["minerva"]}, miles_pending=[A],
                     draw=["venus", "venus", "miles", "satyrus"])
    assert s.turn.kind == "miles" and s.awaiting == "finale_narrate"
    assert legal(s, B, GiftMinerva) == []


def test_t23_amans_finale_leaving_one_player_starts_the_sudden_ending() -> None:
    """T-23 (variant), BAC-9.2a checked as the turn ends (BAC-6.10.2, BAC-11.5)."""
    s, ev = position({A: ["amans", "satyrus"], B: ["miles"]}, players=4, out=[C, D], count=1,
                     draw=["amans", "amans", "satyrus", "vinum"])
    ev = play(s, DeclareFinaleNarrated(A))
    assert find(ev, "sudden_ending") == [{"trigger": "one_left"}]
    assert s.active == B and s.turn.kind == "sudden"


def test_t24_miles_finale_happy() -> None:
    """T-24: BAC-10.2a, BAC-10.2b, BAC-10.2c, BAC-10.2d, A-15, BAC-10.2e."""
    s, ev = position({A: ["venus", "miles"]}, locked={A: "pluto"}, miles_pending=[A],
                     draw=["vinum", "venus", "venus", "miles", "satyrus"])
    assert s.turn.kind == "miles"
    discarded = [c for e in find(ev, "umbra_discarded") for c in e["cards"]]
    assert kinds(discarded) == ["pluto", "vinum"]
    assert sorted(kinds(s.turn.area)) == ["miles", "satyrus", "venus", "venus"]
    assert (s.turn.result, s.seats[A].outcome) == ("venus", "happy")
    assert legal(s, A, DeclareFinaleNarrated) == [DeclareFinaleNarrated(A, False)]
    play(s, DeclareFinaleNarrated(A))
    assert s.seats[A].finale == "miles" and not s.seats[A].in_game


def test_t25_miles_finale_death_with_a_twist() -> None:
    """T-25: BAC-10.2d, D-3, A-9, BAC-6.10.1 after the player leaves (BAC-11.5)."""
    s, ev = position({A: ["miles", "accusator"]}, count=3, miles_pending=[A],
                     draw=["miles", "parcae", "pluto", "vinum", "satyrus"])
    assert sorted(kinds(s.turn.area)) == ["miles", "parcae", "pluto", "satyrus"]
    assert s.turn.counts == {"miles": 1} and s.seats[A].outcome == "death"
    assert s.parcae_count == 4 and s.reshuffle_pending
    assert legal(s, A, DeclareFinaleNarrated) == [DeclareFinaleNarrated(A, False), DeclareFinaleNarrated(A, True)]
    ev = play(s, DeclareFinaleNarrated(A, True))
    assert s.seats[A].twist and "reshuffled" in event_kinds(ev)
    assert event_kinds(ev).index("player_out") < event_kinds(ev).index("reshuffled")


def test_t25_no_twist_without_the_parcae() -> None:
    """BAC-10.2d: the twist needs the Parcae among the four."""
    s, ev = position({A: ["miles"]}, miles_pending=[A], draw=["pluto", "pluto", "pluto", "pluto"])
    with pytest.raises(IllegalMove) as info:
        play(s, DeclareFinaleNarrated(A, True))
    assert info.value.code == "illegal.no_twist"


def test_t26a_only_vinum_means_option_three_without_a_draw() -> None:
    """T-26 (a): BAC-10.3a."""
    s, ev = position({A: []}, sudden=True)
    assert "umbra_drawn" not in event_kinds(ev)
    assert (s.seats[A].option, s.seats[A].outcome, s.awaiting) == (3, "lost", "finale_narrate")


def test_t26b_options_from_matching_types_and_the_branch() -> None:
    """T-26 (b): BAC-10.3b (the Vinum drawn is set aside), BAC-10.3d, D-16."""
    s, ev = position({A: ["pluto", "minerva"]}, sudden=True, draw=["pluto", "minerva", "bacchus", "vinum", "miles"])
    assert sorted(kinds(s.turn.area)) == ["bacchus", "miles", "minerva", "pluto"]
    assert s.turn.options == [2, 4] and s.awaiting == "choose"
    assert legal(s, A, ChooseFinale) == [ChooseFinale(A, 2), ChooseFinale(A, 4, "free_lose_amans"),
                                         ChooseFinale(A, 4, "save_amans_die")]
    for move, code in [(ChooseFinale(A, 4), "illegal.branch_required"), (ChooseFinale(A, 5), "illegal.option_not_eligible"),
                       (ChooseFinale(A, 2, "save_amans_die"), "illegal.branch_only_for_4"),
                       (ChooseFinale(A, 4, "elope"), "illegal.unknown_branch")]:
        with pytest.raises(IllegalMove) as info:
            play(s, move)
        assert info.value.code == code
    play(s, ChooseFinale(A, 4, "save_amans_die"))
    assert (s.seats[A].option, s.seats[A].branch, s.seats[A].outcome) == (4, "save_amans_die", "save_amans_die")


def test_t26c_the_parcae_opens_every_option() -> None:
    """T-26 (c): BAC-10.3c."""
    s, ev = position({A: ["pluto"]}, sudden=True, draw=["parcae", "miles", "venus", "satyrus"])
    assert s.turn.options == [1, 2, 3, 4, 5] and s.turn.twist_allowed
    play(s, ChooseFinale(A, 1))
    assert legal(s, A, DeclareFinaleNarrated) == [DeclareFinaleNarrated(A, False), DeclareFinaleNarrated(A, True)]


def test_t26d_no_match_draws_four_again() -> None:
    """T-26 (d): BAC-10.3e, D-2."""
    s, ev = position({A: ["bacchus"]}, sudden=True,
                     draw=["miles", "pluto", "venus", "accusator", "bacchus", "miles", "miles", "pluto"])
    drawn = [e["card"] for e in find(ev, "umbra_drawn")]
    assert kinds(drawn) == ["miles", "pluto", "venus", "accusator", "bacchus", "miles", "miles", "pluto"]
    assert kinds(find(ev, "umbra_discarded")[0]["cards"]) == ["miles", "pluto", "venus", "accusator"]
    assert s.turn.options == [3]


@pytest.mark.parametrize("option, outcome", [(1, "happy"), (3, "lost"), (5, "death")])
def test_t26e_choosing_among_eligible_options(option: int, outcome: str) -> None:
    """T-26 (e): BAC-10.3d, BAC-10.3f."""
    s, ev = position({A: ["venus", "miles", "satyrus"]}, sudden=True,
                     draw=["venus", "satyrus", "accusator", "miles"])
    assert s.turn.options == [1, 3, 5]
    play(s, ChooseFinale(A, option))
    assert s.seats[A].outcome == outcome


def test_t27_parcae_limit() -> None:
    """T-27: BAC-9.2d, BAC-4.2, BAC-9.3, D-18, BAC-5.6."""
    s, ev = position({A: ["accusator"], B: ["miles"], C: ["pluto"]}, out=[D], count=2,
                     options={"length": "parcae_limit", "parcae_limit": 3},
                     draw=["parcae", "accusator", "accusator", "satyrus"])
    assert s.parcae_count == 3 and find(ev, "sudden_ending") == [{"trigger": "parcae_limit"}]
    assert s.turn.kind == "normal" and (s.turn.result, s.turn.row) == ("accusator", "accusator_high")
    assert held(s, A) == ["miles", "vinum"]  # the row's effects are carried out in full
    order = []
    while not ENG.is_over(s):
        ev = finish_turn(s)
        order += [(e.params["player"], e.params["kind"]) for e in ev if e.kind == "turn_started"]
    assert order == [(B, "sudden"), (C, "sudden"), (A, "sudden")]
    assert s.finished == [B, C, A] and ENG.to_act(s) == frozenset()


def test_t28_two_left_and_the_parcae() -> None:
    """T-28: BAC-9.2b."""
    s, ev = position({A: ["satyrus"], B: ["miles"]}, out=[C, D], draw=["parcae", "satyrus", "miles", "pluto"])
    assert find(ev, "sudden_ending") == [{"trigger": "parcae_two_left"}]
    order = []
    while not ENG.is_over(s):
        ev = finish_turn(s)
        order += [(e.params["player"], e.params["kind"]) for e in ev if e.kind == "turn_started"]
    assert order == [(B, "sudden"), (A, "sudden")]
    assert s.finished == [B, A] and find(ev, "game_over") == [{"finished": [B, A]}]


def test_t28_one_left_after_an_amans_finale() -> None:
    """T-28 (alternative): BAC-9.2a."""
    s, ev = position({A: ["satyrus"], B: ["amans"]}, out=[C, D], count=1, start=False,
                     draw=["amans", "amans", "vinum", "pluto"])
    events: list[Event] = []
    ENG._start_turn(s, B, events)
    assert s.awaiting == "finale_narrate"
    ev = play(s, DeclareFinaleNarrated(B))
    assert find(ev, "sudden_ending") == [{"trigger": "one_left"}]
    assert s.active == A and s.turn.kind == "sudden"


def test_time_up_starts_the_sudden_ending_after_the_introductions() -> None:
    """BAC-4.3, BAC-8.3 (a player who is not on turn), BAC-9.2c, A-23."""
    from rules.bacchanalia.moves import DeclareTimeUp

    s = ENG.new_state({"players": 3, "length": "time_limit", "minutes": 120}, 5)
    while s.phase != "turn":
        assert legal(s, C, DeclareTimeUp) == []
        play(s, required(s)[0])
    assert DeclareTimeUp(C) in legal(s, C)
    ev = play(s, DeclareTimeUp(C))
    assert find(ev, "sudden_ending") == [{"trigger": "time_limit"}]
    with pytest.raises(IllegalMove) as info:
        play(s, DeclareTimeUp(B))
    assert info.value.code == "illegal.already_sudden"
    s2 = ENG.new_state({"players": 3}, 5)
    with pytest.raises(IllegalMove) as info:
        play(s2, DeclareTimeUp(B))
    assert info.value.code == "illegal.no_time_limit"



@pytest.mark.parametrize("pending", ["miles", "sudden"])
def test_a24_bacchus_arrives_before_a_finale_scene(pending: str) -> None:
    """A-24, BAC-6.1.1, BAC-10.2a: a finale's draw waits for Bacchus's arrival to be told."""
    s, _ev = position({A: ["bacchus", "miles"]}, start=False, sudden=pending == "sudden",
                      miles_pending=[A] if pending == "miles" else [], draw=["miles", "miles", "pluto", "venus"])
    s.seats[A].arrival_pending = True
    events: list[Event] = []
    ENG._start_turn(s, A, events)
    assert s.turn.kind == pending and s.awaiting == "arrival" and "umbra_drawn" not in event_kinds(events)
    assert ENG.prompt(s)[0] == "prompt.bacchus_arrival"
    ev = play(s, DeclareBacchusArrivalDone(A))
    assert not s.seats[A].arrival_pending and event_kinds(ev).count("umbra_drawn") == 4


def test_a22_a_sudden_finale_that_can_never_match_ends_with_option_three() -> None:
    """A-22, BAC-10.3e: with neither the Parcae nor a held type left to draw, the finale stops drawing."""
    none = {k: 0 for k in ENG.options({})["umbra_composition"]} | {"parcae": 1, "pluto": 6}
    s, _ev = position({A: ["miles"]}, sudden=True, start=False, options={"umbra_composition": none})
    s.deck.remove("umbra_parcae")  # out of reach: only the guard can end this finale
    events: list[Event] = []
    ENG._start_turn(s, A, events)
    assert kinds(find(events, "umbra_discarded")[0]["cards"]) == ["pluto"] * 4
    assert s.turn.options == [3] and find(events, "finale_chosen")[0]["auto"]
    assert (s.seats[A].option, s.seats[A].outcome, s.awaiting) == (3, "lost", "finale_narrate")
