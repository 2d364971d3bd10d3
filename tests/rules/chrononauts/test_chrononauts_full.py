"""Chrononauts, the full game: the digest's scenarios (CHR-21) on the multiplayer engine.

Players A, B, C are seats 0, 1, 2; A acts; `response_mode = each`; the Memos not placed lie in
the hidden draw pile, so windows open, unless a scenario says otherwise.
"""
from __future__ import annotations

import pytest
from chrononauts_helpers import (AD, FF, FULL, GTF, MEMOS, NEVER, NEW_MISSION, PA, PARENTS, QUICK_TRIP, REWIND, RF,
                                 RH, A, B, C, all_pass, game, kinds, legal, play)

from rules import saves
from rules.chrononauts.full_state import FullState
from rules.chrononauts.moves import (ChooseQuickTrip, ChooseRewind, KeepDeal, KillTime, MiracleStop, Mulligan,
                                     NoResponse, PassResponse, PlayCard, PlayMemo, PlayOnArtifact)
from rules.kernel import HIDDEN, IllegalMove, Move
from rules.match import Match


def plays_of(moves: list[Move]) -> set[tuple[str, int | str | None]]:
    """The (card, target) pairs among PlayCard and PlayOnArtifact moves."""
    out: set[tuple[str, int | str | None]] = set()
    for m in moves:
        if isinstance(m, PlayCard):
            out.add((m.card, m.target))
        elif isinstance(m, PlayOnArtifact):
            out.add((m.card, m.artifact))
    return out


def targets(state: FullState, player: int, card: str) -> list[int | None]:
    return [t for t, _ in FULL.choices(state, player, card)]


# --- T-01, T-06, T-09, T-18, T-21: timeline plays in the multiplayer engine -------------------


def test_t01_single_ripple_after_a_window() -> None:
    """T-01 (CHR-4.2, CHR-4.4, CHR-9.1.2, CHR-10.4, CHR-8.3, CHR-2.4): the flip waits for every
    answer, then ripples by itself."""
    state = game(hands={A: [AD[0], "pat_1950"]})
    play(state, PlayCard(A, AD[0], 1937))
    assert FULL.to_act(state) == {B, C} and 1937 not in state.timeline.prime
    events = all_pass(state)
    assert ("paradox_opened", {"year": 1950}) in [(e.kind, dict(e.params)) for e in events]
    assert state.timeline.open_paradoxes() == [1950]


def test_t06_patch_bonus_and_memo() -> None:
    """T-06 (CHR-9.2.2, CHR-7.2a, CHR-7.3, CHR-10.10, D-12): legal plays, the bonus draw, and a Memo
    that cancels it all while the step stays used."""
    hand = ["pat_1950", "pat_1868", "art_rex"]
    state = game(primes=[1937], hands={A: hand, B: [MEMOS[0]]})
    assert plays_of(legal(state, A)) == {("pat_1950", 1950), ("art_rex", None)}
    play(state, PlayCard(A, "pat_1950", 1950))
    all_pass(state)
    assert state.timeline.patches == {1950: "pat_1950"} and state.timeline.open_paradoxes() == []
    assert len(state.hands[A]) == 3 and state.current == B

    state = game(primes=[1937], hands={A: hand, B: [MEMOS[0]]})
    events = play(state, PlayCard(A, "pat_1950", 1950), PlayMemo(B, MEMOS[0]))
    events += all_pass(state)
    assert "card_cancelled" in kinds(events) and "patch_placed" not in kinds(events)
    assert state.discard[-2:] == ["pat_1950", MEMOS[0]]
    assert state.timeline.open_paradoxes() == [1950] and len(state.hands[A]) == 2
    assert state.current == B  # A's step was used up; the turn is over


def test_t09_t18_t21_legality_reasons() -> None:
    """T-09, T-18, T-21 (CHR-5.1.3, CHR-8.6, CHR-9.1.3, CHR-9.1.4, CHR-1.1): targets, and the reason
    codes of refused moves, through the full engine."""
    state = game(primes=[1941], hands={A: ["pat_1945_berlin", "pat_1945_tokyo", RH[0], RF[0]]})
    assert ("pat_1945_berlin", 1945) in plays_of(legal(state, A))
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayCard(A, "pat_1945_tokyo", 1945))
    assert err.value.code == "illegal.config_not_met"
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayCard(A, RF[0], 1945))
    assert err.value.code == "illegal.not_a_linchpin"
    state = game(primes=[1912], hands={A: [AD[0], RH[0], RF[0]]})
    assert targets(state, A, AD[0]) == [1915, 1937]
    assert targets(state, A, RH[0]) == [1912]
    assert len(targets(state, A, RF[0])) == 13
    state = game(hands={A: [RH[0], MEMOS[0]]})
    assert not any(isinstance(m, PlayCard) for m in legal(state, A))
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayCard(A, RH[0], 1936))
    assert err.value.code == "illegal.wrong_direction"


# --- T-11 to T-17: the UltraParadox and destruction in the full game --------------------------


def test_t11_ultraparadox_bars_post_1962_cards_for_everyone() -> None:
    """T-11 (CHR-5.2.2, CHR-5.2.4a, CHR-5.2.4b, CHR-5.2.4c, CHR-5.2.4d, CHR-8.2, D-38): World War 3
    starts; artifacts after 1962 are out of reach from every source."""
    b_hand = ["art_cure", "art_rex", RF[1], PA[0], "inv_halt_attack", "inv_sabotage", "pat_1969", GTF[0],
              REWIND[0], QUICK_TRIP[0]]
    state = game(primes=[1957], hands={A: ["pat_1962"], B: b_hand}, tables={C: ["art_almanac", "art_grail"]},
                 discard=["art_toe", "art_mammoth"], draw_top=["art_sabretooth"])
    events = play(state, PlayCard(A, "pat_1962", 1962)) + all_pass(state)
    assert "ultraparadox_started" in kinds(events)
    assert state.timeline.open_paradoxes() == [1969] and len(state.hands[A]) == 1  # the bonus draw
    assert state.current == B
    assert targets(state, B, "pat_1969") == [] and targets(state, B, "art_cure") == []
    assert targets(state, B, RF[1]) == [1865, 1912, 1914, 1915, 1936, 1937, 1941, 1943, 1957]
    assert targets(state, B, PA[0]) == [1865, 1914]
    assert targets(state, B, "inv_halt_attack") == [1941]
    assert targets(state, B, "inv_sabotage") == [1943]
    assert FULL.choices(state, B, GTF[0]) == [(None, "art_grail")]
    assert [card for card, _ in FULL.rewind_choices(state, B)] == ["art_mammoth"]
    state.discard.remove("art_toe")
    state.draw.insert(0, "art_toe")
    found = {card for card, _ in FULL.quick_trip_choices(state, B)}
    assert "art_toe" not in found and "art_lost_play" in found


def test_t14_dexter_blocked_then_home() -> None:
    """T-14 (CHR-5.2.4e, 12.2): the titles are readable, but 1969 and 1995 lie after 1962."""
    kw = dict(primes=[1914, 1943, 1993], ids={A: "id_dexter"}, hands={A: [RF[0], RF[1]]})
    state = game(patched=[1918, 1995, 1962], **kw)  # type: ignore[arg-type]
    events = play(state, KillTime(A, RF[0]))
    assert "game_won" not in kinds(events) and state.current == B
    state = game(patched=[1918, 1995], **kw)  # type: ignore[arg-type]
    events = play(state, KillTime(A, RF[0]))
    assert state.result == "won" and state.winner == A and state.won_by == ["id"]
    assert state.revealed == ["id_dexter"] and FULL.view(state, B).ids[A] == "id_dexter"


def test_t15_squa_tront_goes_home_inside_the_ultraparadox() -> None:
    """T-15 (CHR-5.2.6): all his years are up to 1962; the open 1969 does not matter."""
    state = game(primes=[1937, 1957], patched=[1962], ids={A: "id_squa_tront"}, hands={A: ["pat_1950"]})
    events = play(state, PlayCard(A, "pat_1950", 1950)) + all_pass(state)
    assert kinds(events).count("cards_drawn") == 1  # the bonus; no next turn began
    assert state.result == "won" and state.won_by == ["id"] and state.timeline.open_paradoxes() == [1969]


T16_PRIMES = [1865, 1912, 1914, 1915, 1936, 1937, 1957]


def test_t16_thirteenth_paradox_ends_the_game_for_everyone() -> None:
    """T-16 (CHR-5.3, CHR-12.6): thirteen open paradoxes: destroyed, no win check, no legal move."""
    state = game(primes=T16_PRIMES, hands={A: ["inv_halt_attack"]})
    events = play(state, PlayCard(A, "inv_halt_attack", 1993)) + all_pass(state)
    assert "universe_destroyed" in kinds(events) and "game_won" not in kinds(events)
    assert state.result == "destroyed" and FULL.is_over(state)
    assert all(legal(state, p) == [] for p in (A, B, C)) and FULL.to_act(state) == frozenset()
    state = game(primes=T16_PRIMES, patched=[1950], hands={A: ["inv_halt_attack"]})
    play(state, PlayCard(A, "inv_halt_attack", 1993))
    all_pass(state)
    assert state.result is None and len(state.timeline.open_paradoxes()) == 12


def test_t17_a_restore_destroys_through_the_nexus() -> None:
    """T-17 (CHR-4.5, 5.3): the Tokyo patch is voided, 1945 reopens, thirteen are open."""
    primes = [1865, 1912, 1914, 1915, 1936, 1937, 1943, 1957, 1993]
    state = game(primes=primes, patched={1945: "pat_1945_tokyo"}, hands={A: [RH[0]]})
    assert len(state.timeline.open_paradoxes()) == 12
    events = play(state, PlayCard(A, RH[0], 1943)) + all_pass(state)
    assert "patch_voided" in kinds(events) and state.result == "destroyed"
    assert "pat_1945_tokyo" in state.discard


# --- T-22 to T-26: Memos and windows ---------------------------------------------------------


def test_t22_memo_cancels_a_whole_fast_forward() -> None:
    """T-22 (CHR-11.2, CHR-7.3, CHR-7.5, CHR-10.10, D-12): no draws, no steps; the turn ends and
    A's win check runs."""
    hand = [FF[0], *RF[:9], RH[0]]  # 11 cards: after the cancelled play, 10 remain
    state = game(hands={A: hand, B: [MEMOS[0]]})
    events = play(state, PlayCard(A, FF[0], None), PlayMemo(B, MEMOS[0]))
    assert FULL.to_act(state) == {A, C}
    events += all_pass(state)
    assert "card_cancelled" in kinds(events) and "steps_added" not in kinds(events)
    assert state.discard == [FF[0], MEMOS[0]]
    assert "turn_ended" in kinds(events)
    assert state.result == "won" and state.won_by == ["hand"] and len(state.hands[A]) == 10


def test_t23_memo_on_a_card_played_in_a_fast_forward_step() -> None:
    """T-23 (CHR-11.2, CHR-7.3, CHR-10.7): each step stands alone; a resolved card is beyond any Memo."""
    state = game(primes=[1963], hands={A: [FF[0], RF[0], "art_rex"], B: [MEMOS[0]], C: [MEMOS[1]]},
                 draw_top=["pat_1868", "pat_1917"])
    play(state, PlayCard(A, FF[0], None))
    all_pass(state)
    assert state.steps == 2 and {"pat_1868", "pat_1917"} <= set(state.hands[A])
    play(state, PlayCard(A, RF[0], 1963), PlayMemo(B, MEMOS[0]))
    all_pass(state)
    assert 1963 in state.timeline.prime and state.steps == 1 and RF[0] in state.discard
    play(state, PlayCard(A, "art_rex", None), PassResponse(B), PlayMemo(C, MEMOS[1]))
    events = all_pass(state)
    assert "art_rex" in state.discard and state.tables[A] == [] and state.current == B
    assert "turn_ended" in kinds(events)

    state = game(primes=[1963], hands={A: [FF[0], RF[0], "art_rex"], B: [MEMOS[0]], C: [MEMOS[1]]})
    play(state, PlayCard(A, FF[0], None))
    all_pass(state)
    play(state, PlayCard(A, RF[0], 1963))
    all_pass(state)
    assert 1963 not in state.timeline.prime
    play(state, PlayCard(A, "art_rex", None), PlayMemo(C, MEMOS[1]))
    all_pass(state)
    assert 1963 not in state.timeline.prime and "art_rex" in state.discard


def test_t24_counter_memo() -> None:
    """T-24 (CHR-10.5, CHR-10.6, CHR-10.2, CHR-10.9, CHR-18.2, D-19): X+M1+M2 cancels M1 and X
    resolves; X+M1+M2+M3 cancels X; every Memo played ends in the discard pile."""
    hands = {A: ["pat_1968", MEMOS[0]], B: [MEMOS[1]], C: [MEMOS[2]]}
    state = game(primes=[1963], hands=hands)
    play(state, PlayCard(A, "pat_1968", 1968), PlayMemo(B, MEMOS[1]))
    assert FULL.to_act(state) == {A, C}
    play(state, PlayMemo(A, MEMOS[0]))
    assert FULL.to_act(state) == {B, C}
    events = all_pass(state)
    assert "window_opened" not in kinds(events)  # what lies beneath resolves with no new window
    assert state.timeline.patches == {1968: "pat_1968"} and len(state.hands[A]) == 1  # the bonus
    assert state.discard[:2] == [MEMOS[1], MEMOS[0]]

    state = game(primes=[1963], hands=hands)
    events = play(state, PlayCard(A, "pat_1968", 1968), PlayMemo(B, MEMOS[1]), PlayMemo(A, MEMOS[0]),
                  PlayMemo(C, MEMOS[2]))
    # The third Memo needs no window: all three now lie in plain sight (CHR-10.4c).
    assert kinds(events)[-1] != "window_opened" and state.window is None and state.current == B
    assert state.timeline.patches == {} and state.timeline.open_paradoxes() == [1968, 1969]
    assert set(state.discard) == {"pat_1968", *MEMOS}


@pytest.mark.parametrize("mode", ["each", "shared"])
def test_t25_the_window_hides_who_holds_a_memo(mode: str) -> None:
    """T-25 (CHR-10.4a, CHR-10.4b, CHR-14.4): everyone eligible is asked; only B's own query shows
    the Memo."""
    state = game(hands={A: ["art_rex"], B: [MEMOS[0]], C: [RF[0]]}, discard=[MEMOS[2]],
                 response_mode=mode)
    assert MEMOS[1] in state.draw
    play(state, PlayCard(A, "art_rex", None))
    assert FULL.to_act(state) == {B, C}
    answer = {"each": PassResponse, "shared": NoResponse}[mode]
    assert legal(state, B) == [answer(B), PlayMemo(B, MEMOS[0])]
    assert legal(state, C) == [answer(C)]
    assert FULL.view(state, A).window == FULL.view(state, C).window == [B, C]
    if mode == "shared":
        events = play(state, NoResponse(C))
        assert "window_closed" in kinds(events) and state.tables[A] == ["art_rex"]


def test_t25_no_window_when_every_memo_is_in_plain_sight() -> None:
    """T-25 (CHR-10.4c, D-18, CHR-9.3.1): all three Memos in the discard pile: Rex resolves at once,
    onto A's table."""
    state = game(hands={A: ["art_rex"]}, discard=list(MEMOS))
    events = play(state, PlayCard(A, "art_rex", None))
    assert "window_opened" not in kinds(events) and state.tables[A] == ["art_rex"]


def test_t26_no_memo_on_a_win() -> None:
    """T-26 (CHR-10.8, CHR-12.5, CHR-12.3, D-23): the artifact may be cancelled; the win itself,
    found by the engine, may not."""
    kw = dict(missions={A: "mis_great_mysteries"}, tables={A: ["art_rongo", "art_ark"]},
              hands={A: ["art_creation_tape"], B: [MEMOS[0]]})
    state = game(**kw)  # type: ignore[arg-type]
    play(state, PlayCard(A, "art_creation_tape", None), PlayMemo(B, MEMOS[0]))
    all_pass(state)
    assert state.result is None and state.current == B
    state = game(**kw)  # type: ignore[arg-type]
    play(state, PlayCard(A, "art_creation_tape", None))
    events = all_pass(state)
    assert state.result == "won" and state.won_by == ["mission"]
    won = next(e for e in events if e.kind == "game_won")
    assert won.params["mission"] == "mis_great_mysteries"
    assert legal(state, B) == [] and FULL.view(state, B).missions[A] == "mis_great_mysteries"


# --- T-27 to T-29: winning ---------------------------------------------------------------------


def test_t27_wins_only_at_the_end_of_ones_own_turn() -> None:
    """T-27 (CHR-12.1, CHR-7.5): B's titles read true on A's turn, but only A is checked then."""
    state = game(primes=[1915], patched=[1917], ids={B: "id_cornelius"},
                 hands={A: ["pat_1933"], B: ["art_rex", FF[0], RF[0]]}, draw_top=["pat_1868", "pat_1918"])
    play(state, PlayCard(A, "pat_1933", 1933))
    all_pass(state)
    assert state.result is None and state.current == B
    assert FULL.wins(state, B) == ["id"]
    variant = FULL.clone(state)
    play(state, PlayCard(B, "art_rex", None))
    all_pass(state)
    assert state.result == "won" and state.winner == B

    play(variant, PlayCard(B, FF[0], None))
    all_pass(variant)
    play(variant, PlayCard(B, RF[0], 1912))
    all_pass(variant)
    assert 1929 in variant.timeline.paradoxed
    play(variant, KillTime(B, variant.hands[B][0]))
    assert variant.result is None and variant.current == C


def test_t28_an_open_paradox_blocks_home() -> None:
    """T-28 (CHR-12.2): 1948 open blocks Yitzchak; patched, he is home; 1915' spoils 1917."""
    state = game(primes=[1936], patched=[1942], ids={A: "id_yitzchak"}, hands={A: [RF[0], "pat_1948"]})
    play(state, KillTime(A, RF[0]))
    assert state.result is None
    state = game(primes=[1936], patched=[1942], ids={A: "id_yitzchak"}, hands={A: ["pat_1948"]})
    play(state, PlayCard(A, "pat_1948", 1948))
    all_pass(state)
    assert state.result == "won" and state.won_by == ["id"]
    state = game(primes=[1936, 1915], patched=[1942], ids={A: "id_yitzchak"}, hands={A: ["pat_1948"]})
    play(state, PlayCard(A, "pat_1948", 1948))
    all_pass(state)
    assert state.result is None


NINE = [*RF[:8], RH[0]]


def test_t29_hand_size_win() -> None:
    """T-29 (CHR-12.4, CHR-7.6, CHR-9.3.2, CHR-1.6, D-22): ten cards at the end of one's own turn;
    artifacts on the table are not hand cards."""
    state = game(primes=[1937], hands={A: [*NINE, "pat_1950"]})  # 9 + the draw
    play(state, PlayCard(A, "pat_1950", 1950))
    all_pass(state)
    assert state.result == "won" and state.won_by == ["hand"]  # (a) 9, bonus -> 10
    state = game(hands={A: [*NINE, "art_rex"]})
    play(state, PlayCard(A, "art_rex", None))
    all_pass(state)
    assert state.result is None  # (b)
    state = game(hands={A: [*NINE, "art_rex"]})
    play(state, KillTime(A, RF[0], RF[1]))
    assert state.result is None and len(state.hands[A]) == 9  # (c)
    state = game(hands={A: [*NINE, "act_sell_prehistoric"]}, tables={A: ["art_rex"]})
    play(state, PlayOnArtifact(A, "act_sell_prehistoric", "art_rex"))
    all_pass(state)
    assert state.result == "won" and len(state.hands[A]) == 12  # (d)
    state = game(hands={A: NINE}, tables={A: ["art_rex", "art_ark", "art_grail"]})
    assert FULL.wins(state, A) == []  # (e)


# --- T-30 to T-34: cards that play other cards ----------------------------------------------------


def test_t30_deck_cycling_on_demand() -> None:
    """T-30 (CHR-14.1, D-13, CHR-8.3, CHR-18.1): the pile runs dry and is rebuilt, with no move,
    only when a draw needs it."""
    discard = ["pat_1950", "art_rex", "art_ark", RF[1], RF[2], "art_grail"]
    state = game(primes=[1937], current=C, hands={A: [REWIND[0]], C: ["art_mammoth"]}, discard=discard,
                 draw_top=["art_toe"], rest_to=B)
    events = play(state, KillTime(C, "art_mammoth"))
    assert state.current == A and state.draw == [] and "deck_reshuffled" not in kinds(events)
    play(state, PlayCard(A, REWIND[0], None))
    all_pass(state)
    assert ChooseRewind(A, "pat_1950", 1950) in legal(state, A)
    play(state, ChooseRewind(A, "pat_1950", 1950))
    assert len(state.discard) == 6  # the Rewind is still resolving, not in the pile
    events = all_pass(state)
    assert kinds(events).index("deck_reshuffled") < kinds(events).index("card_resolved")
    assert state.discard == [REWIND[0]] and state.timeline.patches == {1950: "pat_1950"}


def test_t31_rewind_limits() -> None:
    """T-31 (CHR-11.4, CHR-9.5.3, CHR-9.5.4, CHR-8.2, D-38)."""
    state = game(hands={A: [REWIND[0]]}, discard=[FF[0], MEMOS[0], QUICK_TRIP[0]])
    assert FULL.choices(state, A, REWIND[0]) == []
    state = game(hands={A: [REWIND[0]]}, discard=[FF[0], "pat_1950", "art_rex"])
    play(state, PlayCard(A, REWIND[0], None))
    all_pass(state)
    assert legal(state, A) == [ChooseRewind(A, "art_rex")]
    state = game(primes=[1957], patched=[1962], hands={A: [REWIND[0]]}, discard=[FF[0], "art_cure"])
    assert FULL.choices(state, A, REWIND[0]) == []
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayCard(A, REWIND[0], None))
    assert err.value.code == "illegal.no_target"


def test_t32_quick_trip() -> None:
    """T-32 (CHR-11.5.1, CHR-11.5.2, CHR-11.5.3, CHR-11.5.4, CHR-14.3, CHR-8.5, CHR-10.2, D-15,
    D-21): a private, sorted search; the pile is shuffled before the play."""
    pile = ["pat_1950", FF[1], *RF[:9], *PA, *AD, "art_rex", "art_ark", "art_grail"]
    assert len(pile) == 20
    state = game(primes=[1937], hands={A: [QUICK_TRIP[0]]}, draw_top=pile, rest_to=C)
    play(state, PlayCard(A, QUICK_TRIP[0], None))
    events = all_pass(state)
    assert "quick_trip_search" in kinds(events)
    assert FULL.view(state, A).draw == sorted(pile) and FULL.view(state, B).draw == [HIDDEN] * 20
    moves = legal(state, A)
    assert ChooseQuickTrip(A, None) in moves and all(m.card != FF[1] for m in moves if isinstance(m, ChooseQuickTrip))
    before = list(state.draw)
    events = play(state, ChooseQuickTrip(A, "pat_1950", 1950))
    assert "window_opened" in kinds(events) and len(state.draw) == 19 and state.draw != before[:-1]
    all_pass(state)
    assert state.timeline.patches == {1950: "pat_1950"} and len(state.draw) == 17  # bonus, then B's draw
    state = game(hands={A: [QUICK_TRIP[0]]}, rest_to=C)
    assert state.draw == [] and FULL.choices(state, A, QUICK_TRIP[0]) == []


def test_t33_miracle_with_fast_forward() -> None:
    """T-33 (CHR-11.3.1, CHR-11.3.2, CHR-11.3.3, CHR-11.3.4, CHR-11.3.5, CHR-11.1, CHR-9.5.2,
    CHR-9.4.3, CHR-7.4): the mini-hand, draws into the set-aside hand, steps taken after."""
    others = ["art_rex", "art_ark", RF[3], RF[4]]
    state = game(hands={A: ["act_miracle_biblical", *others]}, tables={A: ["art_grail"]},
                 draw_top=[MEMOS[0], RF[0], FF[0]])
    play(state, PlayOnArtifact(A, "act_miracle_biblical", "art_grail"))
    all_pass(state)
    assert "art_grail" in state.discard and state.hands[A] == others
    assert sorted(state.mini) == sorted([FF[0], RF[0], MEMOS[0]]) and state.miracle_plays == 2
    assert FULL.view(state, B).mini == [HIDDEN] * 3
    assert PlayMemo(A, MEMOS[0]) not in legal(state, A) and MiracleStop(A) in legal(state, A)
    play(state, PlayCard(A, FF[0], None))
    all_pass(state)
    assert len(state.hands[A]) == 6 and state.steps == 2
    play(state, PlayCard(A, RF[0], 1937))
    events = all_pass(state)
    assert state.timeline.open_paradoxes() == [1950] and "miracle_ended" in kinds(events)
    assert MEMOS[0] in state.discard and state.mini == [] and len(state.hands[A]) == 6
    play(state, KillTime(A, state.hands[A][0]))
    assert state.current == A and state.steps == 1
    play(state, KillTime(A, state.hands[A][0]))
    assert state.current == B and len(state.hands[A]) == 4


def test_t34_miracle_cancelled_and_without_bonus() -> None:
    """T-34 (CHR-8.4, D-14, CHR-11.3.2, CHR-11.3.3, CHR-11.3.4): a cancelled Miracle costs nothing;
    without bonus, 2 cards, 1 play, and MiracleStop discards the rest."""
    state = game(hands={A: ["act_miracle_future", RF[0]], B: [MEMOS[0]]}, tables={A: ["art_rex"]})
    play(state, PlayOnArtifact(A, "act_miracle_future", "art_rex"), PlayMemo(B, MEMOS[0]))
    all_pass(state)
    assert state.tables[A] == ["art_rex"] and "act_miracle_future" in state.discard and state.current == B
    state = game(hands={A: ["act_miracle_future", RF[0]]}, tables={A: ["art_rex"]},
                 draw_top=["art_ark", "art_mammoth"])
    play(state, PlayOnArtifact(A, "act_miracle_future", "art_rex"))
    all_pass(state)
    assert sorted(state.mini) == ["art_ark", "art_mammoth"] and state.miracle_plays == 1
    events = play(state, MiracleStop(A))
    assert {"art_ark", "art_mammoth", "art_rex"} <= set(state.discard) and "miracle_ended" in kinds(events)
    assert state.current == B


def test_one_miracle_at_a_time() -> None:
    """CHR-11.3.7, D-40: a Miracle drawn into
    a running Miracle's mini-hand cannot be performed, and the refusal says why."""
    state = game(hands={A: ["act_miracle_biblical"]}, tables={A: ["art_grail", "art_rex"]},
                 draw_top=[RF[0], "act_miracle_future", FF[0]])
    play(state, PlayOnArtifact(A, "act_miracle_biblical", "art_grail"))
    all_pass(state)
    assert "act_miracle_future" in state.mini and state.tables[A] == ["art_rex"]
    assert not any(getattr(m, "card", None) == "act_miracle_future" for m in legal(state, A))
    with pytest.raises(IllegalMove) as err:
        play(state, PlayOnArtifact(A, "act_miracle_future", "art_rex"))
    assert err.value.code == "illegal.one_miracle_at_a_time"
    play(state, MiracleStop(A))
    assert "act_miracle_future" in state.discard  # left over, discarded with the mini-hand


@pytest.mark.parametrize("mode", ["each", "shared"])
def test_nobody_answers_closes_the_window_in_either_mode(mode: str) -> None:
    """CHR-10.4a, CHR-10.4b, CHR-10.4d, D-41, T-25: "nobody plays a Memo" is one NoResponse in
    `shared` mode and a
    PassResponse of each eligible player in `each` mode, so a saved `each` game played at one
    screen never sticks at a window."""
    match = Match(FULL, {"players": 3, "first_player": 0, "mission_mulligan": False, "response_mode": mode}, 5)
    match.play(KeepDeal(A, "id"))
    match.play(KeepDeal(B, "id"))
    match.play(KeepDeal(C, "id"))
    loaded = saves.loads(saves.to_json(match))
    played = next(m for m in loaded.legal_moves(A) if isinstance(m, (PlayCard, PlayOnArtifact)))
    loaded.play(played)
    assert loaded.state.window == [B, C]
    answers = FULL.nobody_answers(loaded.state)
    assert answers == ([PassResponse(B), PassResponse(C)] if mode == "each" else [NoResponse(B)])
    for move in answers:
        loaded.play(move)
    assert loaded.state.window is None and not loaded.state.stack
    assert FULL.nobody_answers(loaded.state) == []


# --- T-35 to T-38: objectives ----------------------------------------------------------------------


def test_t35_mona_lisa_order() -> None:
    """T-35 (CHR-13.3, CHR-13.4, CHR-12.3, D-24): the most real Mona Lisa on any table."""
    state = game(missions={A: "mis_mona_dinosaur"}, tables={A: ["art_rex", "art_mammoth", "art_mona_crude"]},
                 hands={A: [RF[0], RF[1]], B: ["art_mona_real"]})
    assert FULL.mission_done(state, A)
    play(state, KillTime(A, RF[0]))
    assert state.result == "won" and state.won_by == ["mission"]
    state = game(missions={A: "mis_mona_dinosaur"}, tables={A: ["art_rex", "art_mammoth", "art_mona_crude"],
                                                            B: ["art_mona_fine"]})
    assert not FULL.mission_done(state, A)
    state.missions[A] = "mis_cheaters"
    state.tables[A] = ["art_mona_crude", "art_almanac", "art_alexandria"]
    assert FULL.mission_done(state, A)
    state.tables[A][0] = "art_mona_real"
    assert not FULL.mission_done(state, A)
    state.missions[A] = "mis_triptych"
    state.tables = [["art_mona_real", "art_mona_crude"], ["art_mona_fine"], []]
    assert not FULL.mission_done(state, A)
    state.tables = [["art_mona_real", "art_mona_crude", "art_mona_fine"], [], []]
    assert FULL.mission_done(state, A)


@pytest.mark.parametrize("sell, paid, b_table, drawn", [
    ("act_sell_paintings", "art_mona_fine", ["art_mona_real"], 2),
    ("act_sell_paintings", "art_mona_fine", [], 3),
    ("act_sell_prehistoric", "art_rex", ["art_mona_real"], 3),
    ("act_sell_prehistoric", "art_mona_fine", ["art_mona_real"], 2),
])
def test_t36_sell_bonuses(sell: str, paid: str, b_table: list[str], drawn: int) -> None:
    """T-36 (CHR-9.4.2, CHR-13.4, D-36): the bonus category, and the most real painting at the sale."""
    state = game(hands={A: [sell]}, tables={A: ["art_mona_fine", "art_rex"], B: b_table})
    play(state, PlayOnArtifact(A, sell, paid))
    all_pass(state)
    assert len(state.hands[A]) == drawn and paid in state.discard and paid not in state.tables[A]


def test_t37_swaps() -> None:
    """T-37 (CHR-9.4.6, CHR-9.4.8, CHR-13.1, CHR-13.2, D-39)."""
    state = game(hands={A: [PARENTS, NEW_MISSION[0], NEVER[0]]}, ids={B: "id_boris"})
    top_id = state.id_deck[-1]
    play(state, PlayCard(A, PARENTS, B))
    events = all_pass(state)
    revealed = next(e for e in events if e.kind == "id_revealed")
    assert dict(revealed.params) == {"player": B, "id": "id_boris"}
    assert state.id_deck[0] == "id_boris" and state.ids[B] == top_id
    assert FULL.view(state, A).ids[B] == HIDDEN
    state = game(hands={A: [NEW_MISSION[0], NEVER[0]]})
    old, top = state.missions[A], state.mission_deck[-1]
    events = play(state, PlayCard(A, NEW_MISSION[0], A)) + all_pass(state)
    assert state.missions[A] == top and state.mission_deck[0] == old
    assert all(old not in str(dict(e.params)) for e in events)
    state = game(hands={A: [NEVER[0]]})
    assert FULL.choices(state, A, NEVER[0]) == []
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayOnArtifact(A, NEVER[0], "art_rex"))
    assert err.value.code == "illegal.no_target"


def test_t38_mulligan() -> None:
    """T-38 (CHR-6.6, CHR-6.7, D-9): one swap per kind; the mission swap follows while enabled; the
    choices go round from the first player the table named."""
    state = FULL.new_state({"players": 3, "first_player": 0}, 7)
    assert FULL.to_act(state) == {A} and legal(state, A) == [KeepDeal(A, "id"), Mulligan(A, "id")]
    old, top = state.ids[A], state.id_deck[-1]
    play(state, Mulligan(A, "id"))
    assert state.ids[A] == top and state.id_deck[0] == old
    with pytest.raises(IllegalMove):
        FULL.apply(state, Mulligan(A, "id"))
    assert legal(state, A) == [KeepDeal(A, "mission"), Mulligan(A, "mission")]
    state = FULL.new_state({"players": 3, "first_player": 1, "mission_mulligan": False}, 7)
    assert [p for p, _ in state.setup] == [B, C, A] and {k for _, k in state.setup} == {"id"}


# --- T-44 and the turn ------------------------------------------------------------------------------


def test_t44_killing_time() -> None:
    """T-44 (CHR-7.2b, CHR-8.6, CHR-1.7, CHR-10.2): nothing to play; one or two discards, the second
    one draws; discards are no plays and open no window."""
    state = game(hands={A: [RH[0], MEMOS[0]]}, draw_top=["art_rex"])
    moves = legal(state, A)
    assert not any(isinstance(m, (PlayCard, PlayOnArtifact)) for m in moves)
    assert set(moves) == {KillTime(A, RH[0]), KillTime(A, MEMOS[0]), KillTime(A, RH[0], MEMOS[0]),
                          KillTime(A, MEMOS[0], RH[0])}
    events = play(state, KillTime(A, RH[0], MEMOS[0]))
    assert state.hands[A] == ["art_rex"] and state.discard == [RH[0], MEMOS[0]]
    assert kinds(events)[:3] == ["time_killed", "cards_drawn", "turn_ended"]


def test_memo_is_never_a_step() -> None:
    """CHR-8.7, CHR-10.1: a Memo in hand is no play, and nobody else may act on A's step."""
    state = game(hands={A: [MEMOS[0]], B: [MEMOS[1]]})
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayCard(A, MEMOS[0], None))
    assert err.value.code == "illegal.memo_only_as_response"
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayMemo(B, MEMOS[1]))
    assert err.value.code == "illegal.not_your_turn"


def test_hand_actions_discontinuity_vortex_get_there_first_never_existed() -> None:
    """CHR-9.4.1, CHR-9.4.4, CHR-9.4.5, CHR-1.9, D-36."""
    state = game(hands={A: ["act_discontinuity", "art_rex"], B: ["art_ark"], C: ["art_grail", "art_mammoth"]})
    play(state, PlayCard(A, "act_discontinuity", 1))
    all_pass(state)
    assert state.hands[B][0] == "art_rex" and state.hands[C] == ["art_ark"]
    state = game(hands={A: ["act_discontinuity", "art_rex"], B: ["art_ark"], C: ["art_grail"]})
    play(state, PlayCard(A, "act_discontinuity", -1))
    all_pass(state)
    assert state.hands[C][0] == "art_rex" and state.hands[A][:1] == ["art_ark"]
    state = game(hands={A: ["act_time_vortex", "art_rex"], B: ["art_ark", "art_grail"], C: ["art_mammoth"]})
    play(state, PlayCard(A, "act_time_vortex", None))
    all_pass(state)
    assert [len(h) for h in state.hands] == [2, 1 + 1, 1]  # 4 cards dealt A, B, C, A; then B drew
    state = game(hands={A: [GTF[0], NEVER[0]]}, tables={B: ["art_ark"], C: ["art_cure"]})
    assert {a for _, a in FULL.choices(state, A, GTF[0])} == {"art_ark", "art_cure"}
    play(state, PlayOnArtifact(A, GTF[0], "art_cure"))
    all_pass(state)
    assert state.tables[A] == ["art_cure"] and state.tables[C] == []


def test_undo_stays_inside_the_turn() -> None:
    """CHR-14.5: undo inside a Fast Forward; never across a response, a draw or a turn's end."""
    match = Match(FULL, {"players": 3}, 1)
    match.state = game(hands={A: [FF[0], "art_rex", "art_ark"]}, discard=list(MEMOS))
    match.play(PlayCard(A, FF[0], None))
    assert not match.can_undo()  # it drew two cards
    match.play(PlayCard(A, "art_rex", None))
    assert match.can_undo()  # no window (every Memo in sight), no draw
    match.undo()
    assert match.state.tables[A] == []
    match.redo()
    match.play(PlayCard(A, "art_ark", None))
    assert not match.can_undo()  # the turn ended and B drew

    match = Match(FULL, {"players": 3}, 1)
    match.state = game(hands={A: ["art_rex"]})
    match.play(PlayCard(A, "art_rex", None))
    match.play(PassResponse(B))
    assert not match.can_undo()


# --- T-02 to T-20 through the full engine: each play waits for its window, then updates ------

Play = tuple[str, int]
TIMELINE_SCENARIOS: list[tuple[str, list[int], dict[int, str], list[Play], list[int], list[str]]] = [
    ("T-02", [1957], {}, [(PA[0], 1963)], [1962, 1968, 1969], []),
    ("T-03", [1963], {}, [(PA[0], 1865)], [1868, 1968, 1969, 1974], []),
    ("T-04", [1865, 1963], {1868: "pat_1868", 1974: "pat_1974"}, [(RH[0], 1865)], [1968, 1969],
     ["pat_1868", "pat_1974"]),
    ("T-05", [1957, 1963], {1969: "pat_1969"}, [(RH[0], 1963), (RF[0], 1957)], [], ["pat_1969"]),
    ("T-08", [1936, 1943], {1945: "pat_1945_tokyo"}, [(RH[0], 1943)], [1939, 1942, 1945, 1948],
     ["pat_1945_tokyo"]),
    ("T-10", [1936, 1941], {1945: "pat_1945_berlin"}, [(RH[0], 1936)], [], []),
    ("T-12", [1943, 1957], {1962: "pat_1962"}, [(RF[0], 1957)], [1945], []),
    ("T-13", [1957], {1962: "pat_1962"}, [(RH[0], 1957)], [], ["pat_1962"]),
    ("T-19", [1963, 1981], {}, [(PA[0], 1981)], [1968, 1969], []),
    ("T-20", [], {}, [("inv_sabotage", 1943)], [1945, 1962], []),
]


@pytest.mark.parametrize("scenario, primes, patched, plays, open_after, voided", TIMELINE_SCENARIOS,
                         ids=[s[0] for s in TIMELINE_SCENARIOS])
def test_timeline_scenarios_in_the_full_game(scenario: str, primes: list[int], patched: dict[int, str],
                                             plays: list[Play], open_after: list[int], voided: list[str]) -> None:
    """T-02..T-05, T-08, T-10, T-12, T-13, T-19, T-20 (CHR-4, CHR-5, CHR-17.3) with windows."""
    state = game(primes=primes, patched=patched, hands={A: [card for card, _ in plays] + ["art_rex"]},
                 steps=len(plays))
    for card, year in plays:
        before = state.timeline.copy()
        play(state, PlayCard(A, card, year))
        assert state.timeline == before and FULL.to_act(state) == {B, C}  # nothing before the window closes
        all_pass(state)
    assert state.timeline.open_paradoxes() == open_after
    assert [c for c in state.discard if c.startswith("pat_")] == voided


def test_t03_t07_t08_t10_t13_patch_legality_in_the_full_game() -> None:
    """T-03, T-07, T-08, T-10, T-13 (CHR-5.1.3, 9.2.1): which patches may be played."""
    state = game(primes=[1963], hands={A: ["pat_1974", "pat_1968"]})
    assert ("pat_1974", 1974) not in plays_of(legal(state, A))
    state = game(primes=[1963, 1865], hands={A: ["pat_1974"]})
    assert ("pat_1974", 1974) in plays_of(legal(state, A))
    state = game(primes=[1936, 1943], patched={1945: "pat_1945_tokyo"}, hands={A: ["pat_1945_demo"]})
    with pytest.raises(IllegalMove) as err:
        FULL.apply(state, PlayCard(A, "pat_1945_demo", 1945))
    assert err.value.code == "illegal.already_patched"
    state = game(primes=[1936], hands={A: ["pat_1945_demo", "pat_1945_berlin", "pat_1945_tokyo"]})
    assert plays_of(legal(state, A)) >= {("pat_1945_demo", 1945)}
    assert ("pat_1945_berlin", 1945) not in plays_of(legal(state, A))
    state = game(primes=[1936, 1941], hands={A: ["pat_1945_demo", "pat_1945_berlin"]})
    assert {("pat_1945_demo", 1945), ("pat_1945_berlin", 1945)} <= plays_of(legal(state, A))
    state = game(primes=[1957], patched=[1962], hands={A: [RH[0], "pat_1969", "art_cure"]}, steps=2)
    assert plays_of(legal(state, A)) == {(RH[0], 1957)}
    events = play(state, PlayCard(A, RH[0], 1957)) + all_pass(state)
    assert "ultraparadox_ended" in kinds(events)
    assert plays_of(legal(state, A)) == {("art_cure", None)}  # 1969 closed with 1957; Cure is back


# --- CHR-6: the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seats, seed", [(2, 1), (3, 1234), (6, 99)])
def test_deal_order(seats: int, seed: int) -> None:
    """CHR-6.3, CHR-6.4, D-10, D-11: IDs, Missions, play deck shuffled in that order, then the first
    player; one Mission each, then one ID each, then three cards round-robin from the first player."""
    from random import Random

    from rules.chrononauts.full_state import full_deck
    from rules.kernel import shuffle

    rng = Random(seed)
    ids, missions, deck = ([c.id for c in FULL.cards.identities], [m.id for m in FULL.cards.missions],
                           full_deck(FULL.cards))
    for pile in (ids, missions, deck):
        shuffle(rng, pile)
    first = int(rng.random() * seats)
    order = [(first + k) % seats for k in range(seats)]
    state = FULL.new_state({"players": seats}, seed)
    assert state.current == first and [p for p, _ in state.setup][::2] == order
    assert [state.missions[p] for p in order] == missions[::-1][:seats]
    assert [state.ids[p] for p in order] == ids[::-1][:seats]
    dealt = deck[::-1][:3 * seats]
    assert all(state.hands[p] == dealt[k::seats] for k, p in enumerate(order))
    assert state.turn == 0 and FULL.to_act(state) == {first}


def test_a_deal_is_a_number() -> None:
    """CHR-14.6, CHR-18.3: the same seed and options give the same game; the rng is part of the state."""
    one, two = FULL.new_state({"players": 4}, 5), FULL.new_state({"players": 4}, 5)
    assert FULL.to_dict(one) == FULL.to_dict(two)
    assert FULL.to_dict(FULL.new_state({"players": 4}, 6)) != FULL.to_dict(one)
    assert FULL.view(one, 0).rng is None


def test_miracle_hand_moving_actions_and_memos() -> None:
    """CHR-11.3.6, D-20: a Vortex from the mini-hand deals the set-aside hands and leaves the
    mini-hand alone; a Memo in the set-aside hand may answer, one in the mini-hand may not."""
    state = game(hands={A: ["act_miracle_biblical", MEMOS[0], "art_rex"], B: [MEMOS[1], "art_mammoth"]},
                 tables={A: ["art_grail"]}, draw_top=[MEMOS[2], "art_ark", "act_time_vortex"])
    play(state, PlayOnArtifact(A, "act_miracle_biblical", "art_grail"))
    all_pass(state)
    assert sorted(state.mini) == sorted(["act_time_vortex", "art_ark", MEMOS[2]])
    assert PlayMemo(A, MEMOS[2]) not in legal(state, A)
    play(state, PlayCard(A, "act_time_vortex", None), PlayMemo(B, MEMOS[1]))
    assert PlayMemo(A, MEMOS[0]) in legal(state, A)
    play(state, PlayMemo(A, MEMOS[0]))
    all_pass(state)
    assert sorted(c for h in state.hands for c in h) == ["art_mammoth", "art_rex"]
    assert sorted(state.mini) == sorted(["art_ark", MEMOS[2]]) and state.miracle_plays == 1


def test_turn_limit_ends_the_game_with_no_winner() -> None:
    """CHR-12.7, D-26."""
    state = FULL.new_state({"players": 2, "first_player": 0, "mission_mulligan": False, "turn_limit": 1}, 4)
    play(state, KeepDeal(A, "id"), KeepDeal(B, "id"))
    events = play(state, KillTime(A, state.hands[A][0]))
    assert state.result == "turn_limit" and state.winner is None and "game_ended" in kinds(events)
    assert FULL.to_act(state) == frozenset()
