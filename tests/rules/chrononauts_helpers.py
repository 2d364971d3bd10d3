"""Position builders for the Chrononauts and Artifaxx rules tests (CHR-21).

Players A, B, C are seats 0, 1, 2. A position is given as the scenarios give it: primes and
patches on the timeline, hands, tables, the discard pile and the top of the draw pile. Every
play card not placed lies in the draw pile (under the cards given), so the deck is always
complete and the Memos not placed are hidden, which keeps response windows open (CHR-10.4c).
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from helpers import position

from rules import Event, engine
from rules.chrononauts.full import ArtifaxxEngine, ChrononautsEngine
from rules.chrononauts.full_state import FullState
from rules.chrononauts.moves import KillTime, MiracleStop, NoResponse, PassResponse, PlayMemo
from rules.kernel import Move

FULL = cast(ChrononautsEngine, engine("chrononauts", "chrononauts"))
ARTIFAXX = cast(ArtifaxxEngine, engine("chrononauts", "artifaxx"))
A, B, C = 0, 1, 2

MEMOS = ("tw_memo#1", "tw_memo#2", "tw_memo#3")
FF = ("tw_fast_forward#1", "tw_fast_forward#2", "tw_fast_forward#3")
REWIND = ("tw_rewind#1", "tw_rewind#2")
QUICK_TRIP = ("tw_quick_trip#1", "tw_quick_trip#2")
RF = tuple(f"inv_reverse_fate#{n}" for n in range(1, 10))
RH = ("inv_restore_history#1", "inv_restore_history#2", "inv_restore_history#3")
PA = ("inv_prevent_assassination#1", "inv_prevent_assassination#2", "inv_prevent_assassination#3")
AD = ("inv_avert_disaster#1", "inv_avert_disaster#2", "inv_avert_disaster#3")
GTF = ("act_get_there_first#1", "act_get_there_first#2")
NEW_MISSION = ("act_new_mission#1", "act_new_mission#2")
NEVER = ("act_never_existed#1", "act_never_existed#2")
PARENTS = "act_parents_never_met"


def game(
    eng: ChrononautsEngine = FULL,
    seats: int = 3,
    primes: Sequence[int] = (),
    patched: Mapping[int, str] | Sequence[int] = (),
    hands: Mapping[int, Sequence[str]] | None = None,
    tables: Mapping[int, Sequence[str]] | None = None,
    discard: Sequence[str] = (),
    draw_top: Sequence[str] = (),
    ids: Mapping[int, str] | None = None,
    missions: Mapping[int, str] | None = None,
    current: int = A,
    steps: int = 1,
    rest_to: int | None = None,
    **options: Any,
) -> FullState:
    """A game in the play step of `current`'s turn, its draw already made (CHR-7.2).

    `draw_top` lists the top of the draw pile, bottom to top (the last card is drawn first).
    The play cards not placed go under it, or into seat `rest_to`'s hand when that is given
    (to make a small draw pile, T-30).
    """
    opts = {"players": seats, "first_player": 0, "mission_mulligan": False, **options}
    state = eng.new_state(opts, 0)
    state.setup = []
    state.timeline = position(primes, patched)
    hands = dict(hands or {})
    tables = dict(tables or {})
    placed = [*discard, *draw_top, *state.timeline.patches.values(),
              *(c for h in hands.values() for c in h), *(c for t in tables.values() for c in t)]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    deck = eng.deck(state.options)
    assert set(placed) <= set(deck), set(placed) - set(deck)
    rest = [c for c in deck if c not in placed]
    state.hands = [list(hands.get(p, ())) for p in range(seats)]
    state.tables = [list(tables.get(p, ())) for p in range(seats)]
    state.discard = list(discard)
    if rest_to is None:
        state.draw = [*rest, *draw_top]
    else:
        state.draw = list(draw_top)
        state.hands[rest_to] += rest
    if eng.timeline_game:
        all_ids = [i.id for i in eng.cards.identities]
        wanted = dict(ids or {})
        others = [i for i in all_ids if i not in wanted.values()]
        state.ids = [wanted.get(p) or others.pop() for p in range(seats)]
        state.id_deck = [i for i in all_ids if i not in state.ids]
    all_missions = [m.id for m in eng.cards.missions]
    wanted_m = dict(missions or {})
    spare = [m for m in all_missions if m not in wanted_m.values()]
    state.missions = [wanted_m.get(p) or spare.pop() for p in range(seats)]
    state.mission_deck = [m for m in all_missions if m not in state.missions]
    state.current, state.steps, state.turn = current, steps, 1
    state.stack, state.window, state.mini, state.miracle_plays = [], None, [], 0
    return state


def play(state: FullState, *moves: Move, eng: ChrononautsEngine = FULL) -> list[Event]:
    """Apply moves in order; the events of all of them."""
    events: list[Event] = []
    for move in moves:
        events += eng.apply(state, move)
    return events


def all_pass(state: FullState, eng: ChrononautsEngine = FULL) -> list[Event]:
    """Every player still asked lets the top card stand (CHR-10.4a)."""
    events: list[Event] = []
    while state.window:
        events += eng.apply(state, PassResponse(min(state.window)))
    return events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def legal(state: FullState, player: int, eng: ChrononautsEngine = FULL) -> list[Move]:
    return eng.legal_moves(state, player)


def choose(rnd: random.Random, legal: list[Move]) -> Move:
    """A random player: mostly plays; a Memo now and then; Killing Time and passing otherwise."""
    memos = [m for m in legal if isinstance(m, PlayMemo)]
    if memos and rnd.random() < 0.3:
        return rnd.choice(memos)
    plays = [m for m in legal if not isinstance(m, (KillTime, MiracleStop, PassResponse, NoResponse, PlayMemo))]
    if plays and rnd.random() < 0.8:
        return rnd.choice(plays)
    return rnd.choice([m for m in legal if not isinstance(m, PlayMemo)])
