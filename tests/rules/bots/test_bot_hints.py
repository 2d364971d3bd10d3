"""Hints for a person's seat (issue #36, item 4): the hard bot's legal move, from the seat's view alone, the
same for positions the seat cannot tell apart, and a reason that is true of the game really played."""
from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

import pytest

from rules import engine
from rules.bots import games_with_bots, kit_for
from rules.bots.hints import Hint, settle, suggest
from rules.kernel import Move
from rules.parsifal.missions import conditions, progress
from test_bots import MODES, positions


def decisions(game: str, mode: str, seeds: range) -> list[tuple[Any, int, list[Move]]]:
    """Positions of random games where one seat decides, with more than one move to choose from."""
    eng = engine(game, mode)
    found = []
    for seed in seeds:
        for state in positions(game, mode, seed, every=5, limit=120):
            seat = eng.decider(state)
            if seat is not None and len(eng.legal_moves(state, seat)) > 1:
                found.append((state, seat, eng.legal_moves(state, seat)))
    return found


@pytest.mark.parametrize(("game", "mode"), MODES)
def test_a_hint_is_legal_and_the_same_for_a_deal_the_seat_cannot_tell_apart(game: str, mode: str) -> None:
    eng = engine(game, mode)
    kit = kit_for(game, mode)
    for state, seat, legal in decisions(game, mode, range(2))[:6]:
        view = eng.view(state, seat)
        hint = suggest(game, mode, view, seat, legal, 9)
        assert hint.move in legal
        twin = kit.sample(view, seat, Random(1))  # the hidden cards dealt again from the view
        assert eng.view(twin, seat) == view and eng.legal_moves(twin, seat) == legal
        assert suggest(game, mode, eng.view(twin, seat), seat, eng.legal_moves(twin, seat), 9) == hint


def claimed(eng: Any, kit: Any, state: Any, seat: int, hint: Hint) -> None:
    """What the reason says the move does, checked on the real game (not on the deals the hint made up)."""
    after = eng.clone(state)
    eng.apply(after, hint.move)
    settle(eng, after)
    reason, params = hint.reason, hint.params
    if reason == "hint.why.wins":
        assert seat in eng.result(after).winners
    elif reason == "hint.why.cards":
        assert sum(1 for c in after.hands[seat] if c not in state.hands[seat]) >= params["count"] > 0
    elif reason == "hint.why.chr.patch":  # CHR-12: a patch covers a paradox of its year
        assert len(after.timeline.open_paradoxes()) == params["count"] < len(state.timeline.open_paradoxes())
    elif reason == "hint.why.chr.id":  # CHR-12.2: the ID's titles readable
        ident = state.ids[seat]
        assert sum(eng.rules.identity_progress(after.timeline, ident)) > sum(
            eng.rules.identity_progress(state.timeline, ident))
    elif reason == "hint.why.chr.mission":
        assert kit._mission(after, seat) > kit._mission(state, seat)
    elif reason in ("hint.why.chr.keep_id", "hint.why.chr.swap_id"):  # CHR-6.6, CHR-12.2
        right = sum(eng.rules.identity_progress(state.timeline, state.ids[seat]))
        assert right == params.get("count", 0) and (right > 0) == (reason == "hint.why.chr.keep_id")
    elif reason in ("hint.why.chr.keep_mission", "hint.why.chr.swap_mission"):  # CHR-6.6
        slots = eng.mission_cards[state.missions[seat]].slots
        fits = [c for c in state.hands[seat] if any(c in s.any_of or (s.most_real and c in eng.paintings) for s in slots)]
        assert (len(fits) > 0) == (reason == "hint.why.chr.keep_mission") and len(fits) >= params.get("count", 0)
    elif reason == "hint.why.chr.holds_back":  # the others' progress is the computer's estimate: someone else's
        assert params["player"] != seat
    elif reason == "hint.why.chr.memo":  # CHR-10: a Memo cancels the card just played
        assert state.stack[-1].player == params["player"] != seat
    elif reason == "hint.why.par.mission":  # PAR-8: the character's conditions met
        lines = conditions(eng.cards, after, params["card"])
        assert after.owner[params["card"]] == seat
        assert (sum(1 for _k, _w, met in lines if met), len(lines)) == (params["met"], params["total"])
        assert progress(eng.cards, after)[params["card"]] > progress(eng.cards, state).get(params["card"], 0.0)
    elif reason == "hint.why.par.holds_back":
        leader = params["player"]
        assert leader != seat and any(state.owner[c] == leader for c in state.owner)
    elif reason == "hint.why.par.block":  # PAR-6.1: the target, another's, is blocked
        assert after.is_blocked(params["card"]) and after.owner[params["card"]] == params["player"] != seat
    elif reason == "hint.why.par.free":  # PAR-6.2
        assert state.is_blocked(params["card"]) and not after.is_blocked(params["card"])
    elif reason == "hint.why.par.take":  # PAR-5.1
        assert params["artifact"] in after.held[params["card"]]


def test_every_reason_given_is_true_of_the_real_game() -> None:
    said: Counter[str] = Counter()
    for game, modes in games_with_bots().items():
        for mode in modes:
            eng, kit = engine(game, mode), kit_for(game, mode)
            for state, seat, legal in decisions(game, mode, range(3, 6))[:14]:
                hint = suggest(game, mode, eng.view(state, seat), seat, legal, 4)
                claimed(eng, kit, state, seat, hint)
                said[hint.reason] += 1
    assert len(said) >= 6, said  # the reasons are many, not one line for every move
    assert said["hint.why.best"] < sum(said.values()) * 0.6, said
