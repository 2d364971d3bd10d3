"""Bacchus' Banquet: options, set-up and the pick-and-arrange step (BB-3, BB-5; T-01, T-02)."""
from __future__ import annotations

from typing import Any

import pytest
from banquet_helpers import ALL_ACTIONS, ENG, OPEN, A, B, C, D, play, table

from rules import Match, engine, modes, saves
from rules.banquet import Arrange, PickCards, card_kind
from rules.kernel import HIDDEN, BadMoveData, BadOption, IllegalMove, Move


def test_registry_offers_both_modes() -> None:
    """BB-15: the standard game (hidden privileges, or none) and the open-privileges variant."""
    assert modes()["banquet"] == ("standard", "open_privileges")
    assert engine("banquet", "standard") is ENG
    assert engine("banquet", "open_privileges") is OPEN
    assert ENG.mode == "standard" and OPEN.mode == "open_privileges"


@pytest.mark.parametrize(("eng", "raw", "expected"), [
    (ENG, {}, {"players": 4, "privileges": "hidden"}),
    (ENG, {"players": 3, "privileges": "off"}, {"players": 3, "privileges": "off"}),
    (OPEN, {"players": 5}, {"players": 5, "privileges": "open"}),
])
def test_bb31_options(eng: Any, raw: dict[str, Any], expected: dict[str, Any]) -> None:
    """BB-3.1, BB-15.3: seats 3-5 and the privilege variant, with defaults (`hidden` is the standard game)."""
    assert eng.options(raw) == expected


@pytest.mark.parametrize(("eng", "raw", "code"), [
    (ENG, {"players": 2}, "option.players_range"),
    (ENG, {"players": 6}, "option.players_range"),
    (ENG, {"players": True}, "option.players_range"),
    (ENG, {"privileges": "open"}, "option.privileges"),
    (OPEN, {"privileges": "hidden"}, "option.privileges"),
    (ENG, {"colour": "red"}, "option.unknown"),
])
def test_bb31_bad_options(eng: Any, raw: dict[str, Any], code: str) -> None:
    """BB-3.1, BB-2.2: out-of-range seats, a privilege variant of the other mode, unknown names."""
    with pytest.raises(BadOption) as err:
        Match(eng, raw, 1)
    assert err.value.code == code


def test_t01_setup() -> None:
    """T-01, BB-3.2, BB-3.3, BB-3.4, BB-3.5, BB-3.6, BB-3.7, BB-17.1: the deal for 4 players."""
    state = ENG.new_state({"players": 4}, 1234)
    cal = state.guests.index("caligula")
    assert state.guests.count("caligula") == 1
    for viewer in range(4):
        seen = ENG.view(state, viewer).guests
        shown = [g for s, g in enumerate(seen) if g != HIDDEN and s != viewer]
        assert shown == (["caligula"] if viewer != cal else [])
    assert len(state.guest_stack) == 5 and "caligula" not in state.guest_stack
    assert [len(p) for p in state.privileges] == [2 if s == cal else 1 for s in range(4)]
    assert len(state.privilege_box) == 3
    assert len(state.circle) == 7 and None not in state.circle
    assert len(state.deck) == 86
    assert state.belts == [0, 0, 0, 0] and state.rows == [[], [], [], []]
    assert state.active == cal and state.phase == "pick" and state.knockouts == []


def test_t01_golden_deal() -> None:
    """T-01, BB-3.8, BB-19.1, D-31: the same seed gives the same deal (and generator), pinned here."""
    state = ENG.new_state({"players": 4}, 1234)
    assert state.guests == ["vespasianus", "septimus", "cassius", "caligula"]
    assert state.guest_stack == ["caesonia", "messalina", "octavius", "claudius", "agrippina"]
    assert state.privileges == [["special_gift"], ["give_back"], ["exchange_gift_discard"],
                                ["claim_keep_gift", "exchange_gift_keep"]]
    assert state.circle == ["dagger#7", "dagger#2", "carp#3", "gift_ring#1", "wine_jug#2", "wine_sip#1", "wine_cup#2"]
    again = ENG.new_state({"players": 4}, 1234)
    assert ENG.to_dict(again) == ENG.to_dict(state)


def test_t01_without_privileges() -> None:
    """T-01, BB-15.1: in `off` nobody gets a privilege; the guests are dealt as in `hidden`."""
    state = ENG.new_state({"players": 4, "privileges": "off"}, 1234)
    assert state.privileges == [[], [], [], []] and len(state.privilege_box) == 8
    assert state.guests == ["vespasianus", "septimus", "cassius", "caligula"]


def test_t01_privileges_go_clockwise_from_caligula() -> None:
    """BB-3.5: Caligula gets the first two, then each player clockwise from his left one."""
    for seed in range(20):
        state = ENG.new_state({"players": 5}, seed)
        cal = state.guests.index("caligula")
        assert len(state.privileges[cal]) == 2
        assert sum(len(p) for p in state.privileges) == 6 and len(state.privilege_box) == 2


def test_t02_pick_is_checked() -> None:
    """T-02, BB-1.4, BB-5.1: three different cards lying in the circle, picked by the active player."""
    state = table(circle=["carp", "wine_cup", "dagger", "olives"])
    carp, cup, dagger, olives = state.circle[:4]
    assert carp and cup and dagger and olives
    outside = state.deck[0]
    for trio in [(carp, carp, cup), (carp, cup, outside)]:
        with pytest.raises(IllegalMove) as err:
            play(state, PickCards(A, *trio))
        assert err.value.code == "illegal.bad_pick"
    with pytest.raises(IllegalMove) as err:
        play(state, PickCards(B, carp, cup, dagger))
    assert err.value.code == "illegal.not_your_turn"
    # Two or four cards are not a PickCards at all: a save holding one is refused.
    for data in ({"type": "PickCards", "player": 0, "first": carp, "second": cup},
                 {"type": "PickCards", "player": 0, "first": carp, "second": cup, "third": dagger, "fourth": olives}):
        with pytest.raises(BadMoveData):
            Move.from_dict(data, ENG.moves)


def test_bb51_the_three_cards_may_be_named_in_any_order() -> None:
    """BB-5.1, BB-18.1, BB-18.5: the pick is three different circle cards, in whatever order
    the player names them; legal_moves judges every order, the cards lie in circle order
    afterwards, and a save holding the player's own order replays to the same state."""
    match: Match[Any] = Match(ENG, {"players": 4}, 3)
    state = match.state
    first, second, third = (c for c in state.circle[:3] if c)
    shuffled = PickCards(state.active, third, first, second)
    assert shuffled in ENG.legal_moves(state, state.active)
    events = match.play(shuffled)
    assert state.picked == [first, second, third] and state.phase == "arrange"
    assert events[0].params["cards"] == [first, second, third]
    assert match.moves == [PickCards(state.active, first, second, third)]
    loaded = saves.loads(saves.to_json(match))
    assert loaded.moves[0].to_dict()["first"] == third
    assert ENG.to_dict(loaded.state) == ENG.to_dict(state)


def test_bb51_the_kept_picks_follow_the_circle_and_the_player() -> None:
    """BB-5.1, BB-18.3: the engine keeps the picks of a circle it has seen (issue #42); what legal_moves
    answers and what a move is checked against still follow the circle and the active player as they
    are now, and a caller changing the list it was given changes nothing."""
    state = table(circle=["carp", "wine_cup", "dagger", "olives"], deck=[])
    carp, cup, dagger, olives = state.circle[:4]
    assert carp and cup and dagger and olives
    given = ENG.legal_moves(state, A)
    assert len(given) == 4  # three of four cards
    given.clear()
    assert PickCards(A, olives, carp, cup) in ENG.legal_moves(state, A)
    state.circle[0] = None  # the same state, carp gone from its circle
    assert ENG.legal_moves(state, A) == [PickCards(A, cup, dagger, olives)]
    with pytest.raises(IllegalMove) as err:
        play(state, PickCards(A, carp, cup, dagger))
    assert err.value.code == "illegal.bad_pick"
    other = table(circle=["carp", "wine_cup", "dagger", "olives"], deck=[], active=B)  # the same cards, B picks
    assert ENG.legal_moves(other, A) == []
    assert {m.player for m in ENG.legal_moves(other, B)} == {B}
    with pytest.raises(IllegalMove):
        play(other, PickCards(A, *(c for c in other.circle[:3] if c)))
    play(state, PickCards(A, olives, dagger, cup))
    assert state.picked == [cup, dagger, olives]


def test_t02_pick_and_arrange() -> None:
    """T-02, BB-1.6, BB-5.1, BB-5.2, BB-5.3, BB-5.4, BB-17.1, BB-19.2: the picked three are public and
    leave their circle positions empty; the arrangement is not public, only which slot holds a back."""
    state = table(circle=["carp", "wine_cup", "dagger", "olives"])
    carp, cup, dagger, olives = state.circle[:4]
    assert carp and cup and dagger and olives
    play(state, PickCards(A, carp, cup, dagger))
    assert state.phase == "arrange" and state.circle[:3] == [None, None, None]
    for viewer in range(4):
        assert ENG.view(state, viewer).picked == [carp, cup, dagger]
    with pytest.raises(IllegalMove) as err:
        play(state, Arrange(A, dagger, carp, olives))
    assert err.value.code == "illegal.not_the_picked_cards"
    play(state, Arrange(A, dagger, carp, cup))
    assert ENG.view(state, A).slots == {"discard": dagger, "keep": carp, "gift": cup}
    for viewer in (B, C, D):
        assert ENG.view(state, viewer).slots == {"discard": HIDDEN, "keep": HIDDEN, "gift": HIDDEN}
    assert state.phase == "offer"


def test_every_card_instance_exists_once() -> None:
    """BB-2.1, BB-2.4, BB-16.1, BB-19.3: 93 action cards, 9 guests, 8 privileges, all different
    instances, each in exactly one place."""
    state = ENG.new_state({"players": 3}, 5)
    cards = ENG.all_cards(state)
    assert len(cards) == 110 == len(set(cards))
    assert len(ALL_ACTIONS) == 93
    assert sum(1 for c in ALL_ACTIONS if card_kind(c) == "dagger") == 7
