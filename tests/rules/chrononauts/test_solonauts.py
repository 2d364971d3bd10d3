"""Solonauts (CHR-16): set-up, turns, homecomings, refill, every way the game ends.

Scenarios T-40 ... T-43 of CHR-21, and D-31 ... D-34.
"""
from __future__ import annotations

from typing import Any

import pytest

from helpers import (
    ALL_IDS,
    ALL_INSTANCES,
    AVERT_DISASTER,
    DEMO,
    ENG,
    HALT_ATTACK,
    PREVENT_ASSASSINATION,
    RESTORE_HISTORY,
    REVERSE_FATE,
    SABOTAGE,
    inst,
    kinds,
    open_years,
    solo_state,
)
from rules import BadOption, IllegalMove, Match, engine, modes
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SoloState
from rules.kernel import Event

# IDs that cannot go home in the positions below (their patched years are never covered there).
OTHERS = ["id_dexter", "id_renee", "id_boris", "id_ingrid", "id_svetlana", "id_moonbeam", "id_jasmine"]


def last_event(events: list[Event], kind: str) -> dict[str, Any]:
    found = [dict(e.params) for e in events if e.kind == kind]
    assert found, f"no {kind} event in {kinds(events)}"
    return found[-1]


def assert_over(state: SoloState, result: str, reason: str, score: int) -> None:
    """CHR-16.9: the game has ended with this outcome; nobody may act any more."""
    assert ENG.is_over(state)
    assert (state.result, state.reason, state.score) == (result, reason, score)
    assert ENG.to_act(state) == frozenset()
    assert ENG.legal_moves(state, 0) == []
    for move in (Resign(0), Discard(0, state.hand[0]) if state.hand else Resign(0)):
        with pytest.raises(IllegalMove) as err:
            ENG.apply(state, move)
        assert err.value.code == "illegal.game_over"


# --- CHR-16.2, CHR-16.3: set-up -----------------------------------------------------------------


@pytest.mark.parametrize("ids", [6, 7, 8, 9, 10])
def test_chr163_setup(ids: int) -> None:
    """CHR-16.2, CHR-16.3, CHR-3.3: True History, `ids` IDs waiting, 5 cards in hand, 36 in the deck."""
    state = ENG.new_state({"ids": ids}, 99)
    assert state.options == {"ids": ids, "players": 1}
    assert state.timeline.prime == set() and state.timeline.paradoxed == set() and state.timeline.patches == {}
    assert len(state.waiting) == ids and state.home == []
    assert len(state.unused_ids) == 14 - ids
    assert sorted(state.waiting + state.unused_ids) == sorted(ALL_IDS)
    assert len(state.hand) == 5 and len(state.deck) == 36 and state.discard == []
    assert sorted(state.hand + state.deck) == sorted(ALL_INSTANCES)
    assert len(ALL_INSTANCES) == 41 == len(set(ALL_INSTANCES))
    assert state.turn == 0 and state.result is None and state.score == 0
    assert ENG.to_act(state) == frozenset({0}) and ENG.players(state) == 1


def test_chr162_ids_default_is_8() -> None:
    """CHR-16.2, D-34: the default is eight IDs."""
    assert ENG.options({}) == {"ids": 8, "players": 1}
    assert len(ENG.new_state({}, 3).waiting) == 8


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"ids": 5}, "option.ids_range"),
        ({"ids": 11}, "option.ids_range"),
        ({"ids": 0}, "option.ids_range"),
        ({"ids": "8"}, "option.ids_range"),
        ({"ids": 8.0}, "option.ids_range"),
        ({"ids": True}, "option.ids_range"),
        ({"ids": None}, "option.ids_range"),
        ({"players": 2}, "option.players_range"),
        ({"seats": 1}, "option.unknown"),
    ],
)
def test_chr162_bad_options(raw: dict[str, Any], code: str) -> None:
    """CHR-16.2: `ids` must be an integer from 6 to 10; unknown options are refused."""
    with pytest.raises(BadOption) as err:
        ENG.new_state(raw, 1)
    assert err.value.code == code
    with pytest.raises(BadOption):
        Match(ENG, raw, 1)


def test_registry_knows_only_built_modes() -> None:
    """CHR-2.3: the registry hands out Solonauts; modes not built are a BadOption."""
    assert engine("chrononauts", "solonauts") is ENG
    assert "solonauts" in modes()["chrononauts"]
    with pytest.raises(BadOption) as err:
        engine("chrononauts", "no_such_mode")
    assert err.value.code == "option.unknown_mode"


# --- CHR-16.4: the moves -------------------------------------------------------------------------


def test_chr164_legal_moves_list_plays_discards_and_resign() -> None:
    """CHR-16.4, CHR-16.4a, D-31: every legal play, a Discard of every card, and Resign."""
    avert, fate = inst(AVERT_DISASTER, 1), inst(REVERSE_FATE, 1)
    state = solo_state(hand=[avert, fate, "pat_1950", inst(RESTORE_HISTORY, 1), "pat_1945_tokyo"],
                       waiting=OTHERS[:6])
    moves = ENG.legal_moves(state, 0)
    plays = {(m.card, m.target) for m in moves if isinstance(m, PlayCard)}
    assert plays == {(avert, 1912), (avert, 1915), (avert, 1937)} | {(fate, y) for y in ENG.rules.linchpins}
    assert {m.card for m in moves if isinstance(m, Discard)} == set(state.hand)
    assert moves.count(Resign(0)) == 1
    assert len(moves) == len(plays) + 5 + 1
    for move in moves:
        ENG.check(state, move)  # legal_moves and check agree


def test_chr164_not_in_hand_and_other_players() -> None:
    """CHR-16.1, CHR-16.4: only cards in the hand; only seat 0 may act."""
    state = solo_state(hand=[inst(REVERSE_FATE, 1)], waiting=OTHERS[:6])
    for move, code in [
        (PlayCard(0, inst(REVERSE_FATE, 2), 1912), "illegal.not_in_hand"),
        (Discard(0, "pat_1950"), "illegal.not_in_hand"),
        (Discard(1, inst(REVERSE_FATE, 1)), "illegal.not_your_turn"),
        (Resign(1), "illegal.not_your_turn"),
    ]:
        with pytest.raises(IllegalMove) as err:
            ENG.check(state, move)
        assert err.value.code == code
    assert ENG.legal_moves(state, 1) == []


# --- T-40: home, and home for good ---------------------------------------------------------------


def test_t40_home_and_home_for_good() -> None:
    """T-40, CHR-16.5, CHR-16.6, CHR-16.7, CHR-16.8, D-32: Cornelius goes home after pat_1933 and
    stays home after 1929 breaks."""
    avert, fate = inst(AVERT_DISASTER, 1), inst(REVERSE_FATE, 1)
    hand = [avert, "pat_1917", "pat_1933", fate, SABOTAGE]
    state = solo_state(hand=hand, waiting=["id_cornelius", *OTHERS])
    deck_before = len(state.deck)

    events = ENG.apply(state, PlayCard(0, avert, 1915))  # turn 1
    assert open_years(state.timeline) == {1917, 1933}
    assert len(state.hand) == 5 and len(state.deck) == deck_before - 1
    assert kinds(events)[-1] == "cards_drawn"

    events = ENG.apply(state, PlayCard(0, "pat_1917", 1917))  # turn 2: no bonus draw
    assert len(state.hand) == 5 and len(state.deck) == deck_before - 2
    assert last_event(events, "cards_drawn")["cards"] == [state.hand[-1]]
    assert "id_home" not in kinds(events)

    events = ENG.apply(state, PlayCard(0, "pat_1933", 1933))  # turn 3
    assert [dict(e.params) for e in events if e.kind == "id_home"] == [{"id": "id_cornelius"}]
    assert state.home == ["id_cornelius"] and "id_cornelius" not in state.waiting
    assert state.score == 1 and state.result is None

    events = ENG.apply(state, PlayCard(0, fate, 1912))  # turn 4
    assert 1929 in state.timeline.paradoxed
    assert state.home == ["id_cornelius"] and "id_cornelius" not in state.waiting
    assert state.turn == 4


# --- T-41, CHR-16.8: discard and refill ------------------------------------------------------------


def test_t41_discard_any_card_then_refill() -> None:
    """T-41, CHR-16.4b, CHR-16.8, D-31: a discard is legal even with playable cards in hand."""
    hand = [DEMO, inst(REVERSE_FATE, 1), inst(AVERT_DISASTER, 1), inst(PREVENT_ASSASSINATION, 1), HALT_ATTACK]
    state = solo_state(hand=hand, waiting=OTHERS[:6])
    moves = ENG.legal_moves(state, 0)
    assert any(isinstance(m, PlayCard) for m in moves)
    assert Discard(0, DEMO) in moves
    top = state.deck[-1]
    events = ENG.apply(state, Discard(0, DEMO))
    assert [e.kind for e in events] == ["card_discarded", "cards_drawn"]
    assert state.discard[-1] == DEMO
    assert len(state.hand) == 5 and state.hand[-1] == top and DEMO not in state.hand


def test_chr168_no_reshuffle() -> None:
    """CHR-16.8, CHR-14.1: the deck is used once; an empty deck is never rebuilt from the discards."""
    hand = [inst(REVERSE_FATE, n) for n in range(1, 6)]
    state = solo_state(hand=hand, deck=[inst(REVERSE_FATE, 6)], waiting=OTHERS[:6])
    assert len(state.discard) > 10
    ENG.apply(state, Discard(0, hand[0]))
    assert len(state.hand) == 5 and state.deck == []
    discard_before = list(state.discard)
    events = ENG.apply(state, Discard(0, hand[1]))
    assert kinds(events) == ["card_discarded"]
    assert len(state.hand) == 4 and state.deck == []
    assert state.discard == discard_before + [hand[1]]


def test_chr165_patch_gives_no_bonus_draw() -> None:
    """CHR-16.5, CHR-9.2.2: the hand goes back to 5, not 6; exactly one card is drawn."""
    fate = inst(REVERSE_FATE, 1)
    state = solo_state(primes={1937}, hand=["pat_1950", fate], waiting=OTHERS[:6])
    deck = len(state.deck)
    ENG.apply(state, PlayCard(0, "pat_1950", 1950))
    assert state.timeline.patches == {1950: "pat_1950"}
    assert len(state.hand) == 5 and len(state.deck) == deck - 4  # 1 left + 4 drawn
    state2 = solo_state(primes={1937}, hand=["pat_1950", fate, *[inst(REVERSE_FATE, n) for n in (2, 3, 4)]],
                        waiting=OTHERS[:6])
    deck2 = len(state2.deck)
    events = ENG.apply(state2, PlayCard(0, "pat_1950", 1950))
    assert len(state2.hand) == 5 and len(state2.deck) == deck2 - 1
    assert len(last_event(events, "cards_drawn")["cards"]) == 1


# --- CHR-16.6: several IDs home on one play ---------------------------------------------------------


def test_chr166_two_ids_home_on_one_patch() -> None:
    """CHR-16.6: pat_1917 completes both Gustav and Cornelius at once."""
    state = solo_state(primes={1914, 1915}, patched={1918, 1933}, hand=["pat_1917"],
                       waiting=["id_gustav", "id_cornelius", *OTHERS[:5]])
    assert open_years(state.timeline) == {1917}
    events = ENG.apply(state, PlayCard(0, "pat_1917", 1917))
    assert sorted(e.params["id"] for e in events if e.kind == "id_home") == ["id_cornelius", "id_gustav"]
    assert sorted(state.home) == ["id_cornelius", "id_gustav"]
    assert state.score == 2 and state.result is None


def test_chr166_home_respects_ultraparadox() -> None:
    """CHR-16.6 with CHR-5.2.4e: World War 3 keeps a post-1962 ID waiting; ending it sends him home."""
    patched = {1918, 1995}
    fate = inst(REVERSE_FATE, 1)
    state = solo_state(primes={1914, 1943, 1993}, patched=patched, hand=["pat_1962", fate],
                       waiting=["id_dexter", *OTHERS[1:6]])
    events = ENG.apply(state, PlayCard(0, "pat_1962", 1962))
    assert "ultraparadox_started" in kinds(events) and "id_home" not in kinds(events)
    events = ENG.apply(state, PlayCard(0, fate, 1943))
    assert "ultraparadox_ended" in kinds(events)
    assert state.home == ["id_dexter"]


# --- T-42: the end of the deck -------------------------------------------------------------------

# Restoring 1943 here ends the UltraParadox (World War 3 voided) and brings Ingrid, Jasmine and
# Renee home together (Lyudmila would too, but she is not dealt).
T42_PRIMES = {1865, 1936, 1943, 1963, 1980, 1993}
T42_PATCHED = {1868, 1939, 1942, 1948, 1962, 1968, 1969, 1974, 1995, 1999}
T42_HOME = ["id_hannelore", "id_yitzchak", "id_gustav", "id_cornelius", "id_boris"]
T42_WAITING = ["id_ingrid", "id_jasmine", "id_renee"]


def t42_state() -> SoloState:
    hand = [inst(RESTORE_HISTORY, 1), inst(REVERSE_FATE, 1)]
    state = solo_state(primes=T42_PRIMES, patched=T42_PATCHED, hand=hand, deck=[],
                       waiting=T42_WAITING, home=T42_HOME)
    assert open_years(state.timeline) == {1945}
    assert state.options == {"ids": 8, "players": 1} and state.score == 5
    return state


def test_t42_last_card_without_homecoming_loses() -> None:
    """T-42, CHR-16.8, CHR-16.9c: no refill from an empty deck; an empty hand loses, score 5."""
    state = t42_state()
    events = ENG.apply(state, Discard(0, inst(RESTORE_HISTORY, 1)))
    assert len(state.hand) == 1 and state.result is None
    assert "cards_drawn" not in kinds(events)
    events = ENG.apply(state, PlayCard(0, inst(REVERSE_FATE, 1), 1912))
    assert state.hand == []
    assert last_event(events, "game_lost") == {"reason": "out_of_cards", "score": 5, "of": 8}
    assert_over(state, "lost", "out_of_cards", 5)


def test_t42_last_card_bringing_the_last_three_home_wins() -> None:
    """T-42, CHR-16.6, CHR-16.9a: one play brings the other three home -> won, score 8."""
    state = t42_state()
    ENG.apply(state, Discard(0, inst(REVERSE_FATE, 1)))
    events = ENG.apply(state, PlayCard(0, inst(RESTORE_HISTORY, 1), 1943))
    assert "ultraparadox_ended" in kinds(events)
    assert sorted(e.params["id"] for e in events if e.kind == "id_home") == sorted(T42_WAITING)
    assert state.waiting == []
    assert last_event(events, "game_won") == {"reason": "all_home", "score": 8, "of": 8}
    assert "game_lost" not in kinds(events)
    assert_over(state, "won", "all_home", 8)


def test_t42_resign_keeps_the_score() -> None:
    """T-42, CHR-16.9d: Resign loses with the current score."""
    state = t42_state()
    events = ENG.apply(state, Resign(0))
    assert last_event(events, "game_lost") == {"reason": "resigned", "score": 5, "of": 8}
    assert_over(state, "lost", "resigned", 5)


def test_chr169d_resign_at_the_start() -> None:
    """CHR-16.9d: Resign is legal at once and scores 0."""
    state = ENG.new_state({"ids": 6}, 11)
    assert Resign(0) in ENG.legal_moves(state, 0)
    events = ENG.apply(state, Resign(0))
    assert last_event(events, "game_lost") == {"reason": "resigned", "score": 0, "of": 6}
    assert_over(state, "lost", "resigned", 0)


def test_chr169a_won_at_once_with_cards_left() -> None:
    """CHR-16.9a: the last ID home wins at once, even with cards in hand and deck."""
    state = solo_state(primes={1915}, patched={1917}, hand=["pat_1933", inst(REVERSE_FATE, 1), SABOTAGE],
                       waiting=["id_cornelius"], home=OTHERS)
    events = ENG.apply(state, PlayCard(0, "pat_1933", 1933))
    assert last_event(events, "game_won") == {"reason": "all_home", "score": 8, "of": 8}
    assert state.hand and state.deck
    assert_over(state, "won", "all_home", 8)


# --- T-43, D-33: destruction -----------------------------------------------------------------------


def test_t43_destruction_loses() -> None:
    """T-43, CHR-16.9b, CHR-5.3: the T-16 timeline; Halt Attack on 1993 -> lost, score = IDs home."""
    primes = {1865, 1912, 1914, 1915, 1936, 1937, 1957}
    state = solo_state(primes=primes, hand=[HALT_ATTACK, inst(REVERSE_FATE, 1)],
                       waiting=OTHERS[:5], home=["id_gustav", "id_cornelius"])
    assert len(open_years(state.timeline)) == 12
    events = ENG.apply(state, PlayCard(0, HALT_ATTACK, 1993))
    assert "universe_destroyed" in kinds(events)
    assert last_event(events, "game_lost") == {"reason": "destroyed", "score": 2, "of": 7}
    assert "id_home" not in kinds(events)
    assert_over(state, "lost", "destroyed", 2)


def test_d33_destruction_beats_homecoming() -> None:
    """D-33, CHR-16.9b, CHR-5.3.4: restoring 1936 would bring Boris (the last waiting ID) home,
    but the voided demo patch reopens 1945 -> 13 open: lost, Boris stays waiting."""
    primes = {1865, 1912, 1914, 1915, 1936, 1937, 1943, 1963, 1980, 1981, 1993}
    patched = {1939: "pat_1939", 1942: "pat_1942", 1948: "pat_1948", 1945: DEMO, 1986: "pat_1986", 1991: "pat_1991"}
    restore = inst(RESTORE_HISTORY, 1)
    state = solo_state(primes=primes, patched=patched, hand=[restore, inst(REVERSE_FATE, 1)],
                       waiting=["id_boris"], home=["id_gustav", "id_cornelius", "id_dexter", "id_renee", "id_ingrid"])
    assert len(open_years(state.timeline)) == 12
    after = state.timeline.copy()
    ENG.rules.flip(after, 1936)
    assert ENG.rules.identity_home(after, "id_boris")  # the same play would bring him home
    events = ENG.apply(state, PlayCard(0, restore, 1936))
    assert "universe_destroyed" in kinds(events)
    assert "id_home" not in kinds(events) and "game_won" not in kinds(events)
    assert state.waiting == ["id_boris"]
    assert last_event(events, "game_lost") == {"reason": "destroyed", "score": 5, "of": 6}
    assert_over(state, "lost", "destroyed", 5)


def test_chr169_game_always_ends() -> None:
    """CHR-16.9: discarding every card ends the game after exactly 41 - 5 + 5 = 41 turns."""
    state = ENG.new_state({"ids": 8}, 5)
    turns = 0
    while not ENG.is_over(state):
        ENG.apply(state, Discard(0, state.hand[0]))
        turns += 1
    assert turns == 41
    assert_over(state, "lost", "out_of_cards", 0)
    assert sorted(state.discard) == sorted(ALL_INSTANCES)


# --- CHR-14.3, CHR-16.1: the view ---------------------------------------------------------------


def test_chr161_view_shows_all_but_the_deck_order() -> None:
    """CHR-16.1, CHR-14.3: hand, timeline, IDs are public; deck and unused IDs are hidden."""
    state = ENG.new_state({"ids": 8}, 21)
    seen = ENG.view(state, 0)
    assert seen.rng is None
    assert seen.deck == ["?"] * 36 and seen.unused_ids == ["?"] * 6
    assert seen.hand == state.hand and seen.waiting == state.waiting
    assert ENG.to_dict(seen)["rng"] is None
    assert state.rng is not None and len(state.deck) == 36  # the real state is untouched
