"""Solonauts hints: a good next move, chosen without knowing the order of the deck (CHR-16.1)."""
from __future__ import annotations

from random import Random

from helpers import ENG, REVERSE_FATE, inst, solo_state
from rules.chrononauts.hints import Hint, hint, unseen_cards
from rules.chrononauts.moves import Discard, PlayCard, Resign
from rules.chrononauts.solonauts import SoloState
from rules.kernel import shuffle

HOME = ["id_renee", "id_boris", "id_ingrid", "id_svetlana", "id_moonbeam"]
FAST = {"samples": 6, "budget": 100}


def mid_game(seed: int, turns: int = 8) -> SoloState:
    """A real deal after a few plays."""
    state = ENG.new_state({"ids": 8}, seed)
    rng = Random(seed)
    for _ in range(turns):
        moves = [m for m in ENG.legal_moves(state, 0) if isinstance(m, PlayCard)]
        if not moves or ENG.is_over(state):
            break
        ENG.apply(state, rng.choice(moves))
    assert not ENG.is_over(state)
    return state


def assert_legal(state: SoloState, found: Hint) -> None:
    assert found.move is not None and not isinstance(found.move, Resign)
    ENG.check(state, found.move)


def test_a_sure_win_now_is_suggested() -> None:
    """CHR-16.6, CHR-16.9a: the patch that brings the last ID home wins on every order."""
    state = solo_state(primes=[1915], patched=[1917], hand=[inst(REVERSE_FATE, 1), "pat_1950", "pat_1933"],
                       waiting=["id_cornelius"], home=HOME)
    found = hint(ENG, state, Random(1), **FAST)
    assert found.move == PlayCard(0, "pat_1933", 1933)
    assert found.reason == "hint.wins_now" and found.odds == 1.0
    assert found.params == {"ids": ["id_cornelius"]}


def test_a_homecoming_is_suggested_when_nothing_wins() -> None:
    """CHR-16.7: home is for good, so with no win in sight the hint still brings Cornelius home.
    Dexter can never go home: his 1995 patch is in the discard pile (CHR-16.8)."""
    state = solo_state(primes=[1915], patched=[1917], hand=[inst(REVERSE_FATE, 1), "pat_1950", "pat_1933"],
                       discard=["pat_1995"], waiting=["id_cornelius", "id_dexter"], home=HOME[:4])
    found = hint(ENG, state, Random(2), **FAST)
    assert found.move == PlayCard(0, "pat_1933", 1933)
    assert found.reason == "hint.sends_home" and found.odds == 0.0
    assert found.params == {"ids": ["id_cornelius"], "odds": 0}


def test_no_win_found() -> None:
    """With Cornelius's 1933 patch discarded nothing wins; the hint says so and stays legal."""
    state = solo_state(primes=[1915], patched=[1917], hand=[inst(REVERSE_FATE, 1), "pat_1950"],
                       discard=["pat_1933"], waiting=["id_cornelius"], home=HOME)
    found = hint(ENG, state, Random(3), **FAST)
    assert found.reason == "hint.no_win_found" and found.odds == 0.0
    assert found.params == {"samples": FAST["samples"]}
    assert_legal(state, found)


def test_best_odds_when_the_patch_must_still_be_drawn() -> None:
    """The 1933 patch is somewhere in a short deck: discarding to draw it wins on every order."""
    hand = ["pat_1950", "pat_1868", "pat_1929", "pat_1969", "pat_1974"]  # none playable now
    state = solo_state(primes=[1915], patched=[1917], hand=hand, deck=["pat_1933", "pat_1942", "pat_1944"],
                       waiting=["id_cornelius"], home=HOME)
    found = hint(ENG, state, Random(4), **FAST)
    assert found.reason == "hint.best_odds" and found.odds == 1.0
    assert found.params == {"odds": 100, "samples": FAST["samples"]}
    assert isinstance(found.move, Discard)
    assert_legal(state, found)


def test_hints_are_deterministic_for_a_given_rng() -> None:
    """CHR-16.1: the sampled orders come from the generator given, so the same generator state
    gives the same hint, and the hint is a legal move."""
    state = mid_game(4)
    first = hint(ENG, state, Random(7), **FAST)
    assert hint(ENG, state, Random(7), **FAST) == first
    assert_legal(state, first)


def test_hints_never_read_the_hidden_deck() -> None:
    """CHR-16.1: only the order of the deck is hidden, and the hint does not use it. A state
    whose deck is in another order, and the player's view (deck hidden), get the same hint."""
    state = mid_game(9)
    other = ENG.clone(state)
    shuffle(Random(99), other.deck)
    assert other.deck != state.deck
    found = hint(ENG, state, Random(5), **FAST)
    assert hint(ENG, other, Random(5), **FAST) == found
    assert hint(ENG, ENG.view(state, 0), Random(5), **FAST) == found
    assert sorted(unseen_cards(ENG, ENG.view(state, 0))) == sorted(state.deck)


def test_no_hint_once_the_game_is_over() -> None:
    """CHR-16.9d: after Resign nobody may act, so there is no move to suggest."""
    state = ENG.new_state({"ids": 6}, 1)
    ENG.apply(state, Resign(0))
    assert hint(ENG, state, Random(1)) == Hint(None, 0.0, "hint.game_over")
