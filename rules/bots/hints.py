"""Hints at the tables with computer players: the hard computer player's move for a person's seat, and why.

A hint is the move the hard bot would play in the looking player's seat. It is asked with that seat's view
alone (it deals the hidden cards again itself, `Kit.sample`) and a generator seeded with what everybody knows
(the game, the seat, how many moves were played), so a position the player sees alike gives the same hint
whatever the hidden cards are. Its cap of processor time is raised far beyond what its counted work takes,
so that the work alone ends the search: a busy machine does not change the hint.

The reason is one short line (a text key of the UI catalog and its parameters): what the move does that the
player can see for themselves, checked by playing it in a few deals of the hidden cards made from the view:
it wins; cards come into the hand; a year of one's ID reads right; a Mission's slot is filled; a paradox is
patched; a Parsifal character gets nearer its mission, or the leader is held back. Where a move's worth
shows only later (a Banquet pick, a gift), the line says what the computer expects, as an estimate; failing
all of these, that the computer player rates the move highest. Parameters named `card` are card instances,
`player` a seat; the table puts them in words.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any

from rules.bots import Hard, Kit, kit_for
from rules.redeal import child_seed
from rules.chrononauts.moves import KeepDeal, Mulligan, PlayMemo
from rules.kernel import HIDDEN, Engine, Move
from rules.parsifal import Block, Decline, EndTurn, Free, Interrupt, SpendForExtra, Take
from rules.parsifal.missions import conditions, progress

SECONDS = 60.0  # the hard bot's cap of processor time, raised: its budget and deals end the search long before
WORLDS = 4  # deals of the hidden cards a reason is checked on
BETTER = 1e-6  # a change smaller than this is no change
HELD = 0.4  # what an artifact in the hand counts for a Mission in the Chrononauts heuristic (rules/bots/chrononauts.py)


@dataclass(frozen=True)
class Hint:
    """A hinted move and why, as a text key of the UI catalog (hint.why.*) with its parameters."""

    move: Move
    reason: str  # a text key: hint.why.*
    params: dict[str, Any] = field(default_factory=dict)


def hint_rng(game: str, mode: str, seat: int, ply: int) -> Random:
    """The generator a hint is decided with: from public facts only, so the same position gives the same hint."""
    return Random(f"hint:{game}:{mode}:{seat}:{ply}")


def suggest(game: str, mode: str, view: Any, seat: int, legal: Sequence[Move], ply: int) -> Hint:
    """The hard computer player's move for `seat` among `legal`, decided from `view` (the seat's view) alone,
    and why. `ply` is the number of moves played so far."""
    kit = kit_for(game, mode)
    rng = hint_rng(game, mode, seat, ply)
    bot = Hard(kit, **{**kit.hard, "seconds": SECONDS})
    move = bot.choose(view, seat, list(legal), rng)
    worlds = [kit.sample(view, seat, Random(child_seed(rng))) for _ in range(WORLDS)]
    explain = REASONS.get(game)  # a game installed outside the repository has no words of its own: the rating is the reason
    reason, params = explain(kit, view, seat, move, worlds) if explain is not None else BEST
    return Hint(move, reason, params)


# --- playing a move on in a dealt world -------------------------------------------------------------


def settle(eng: Engine[Any], state: Any) -> None:
    """Close every response window the way nobody answers, so a played card takes effect."""
    for _ in range(64):
        window = eng.window(state)
        if window is None or not window.nobody:
            return
        for move in window.nobody:
            eng.apply(state, move)


def played(kit: Kit, world: Any, move: Move) -> Any:
    """A copy of `world` after `move`, every response window it opens closed the way nobody answers."""
    after = kit.eng.clone(world)
    kit.play(after, move)
    settle(kit.eng, after)
    return after


def wins_everywhere(eng: Engine[Any], afters: Sequence[Any], seat: int) -> bool:
    """Whether `seat` has won in every one of the positions `afters`."""
    results = [eng.result(a) for a in afters]
    return all(r.over and seat in r.winners for r in results)


BEST: tuple[str, dict[str, Any]] = ("hint.why.best", {})
WINS: tuple[str, dict[str, Any]] = ("hint.why.wins", {})


# --- Chrononauts and Artifaxx ---------------------------------------------------------------------------


def _chrononauts(kit: Any, view: Any, seat: int, move: Move, worlds: list[Any]) -> tuple[str, dict[str, Any]]:
    eng = kit.eng
    if isinstance(move, PlayMemo) and view.stack:
        return "hint.why.chr.memo", {"player": view.stack[-1].player, "card": view.stack[-1].card}
    if isinstance(move, (KeepDeal, Mulligan)):
        return _chrononauts_deal(kit, view, seat, move, worlds[0])
    afters = [played(kit, w, move) for w in worlds]
    if wins_everywhere(eng, afters, seat):
        return WINS
    ident = view.ids[seat]
    if eng.timeline_game and ident not in (None, HIDDEN):  # the timeline is public: the same in every deal
        before = sum(eng.rules.identity_progress(view.timeline, ident))
        if all(sum(eng.rules.identity_progress(a.timeline, ident)) > before for a in afters):
            return "hint.why.chr.id", {}
    mission = kit._mission(worlds[0], seat)
    if all(kit._mission(a, seat) > mission + BETTER for a in afters):
        return "hint.why.chr.mission", {}
    if eng.timeline_game:
        open_now = len(view.timeline.open_paradoxes())
        left = max(len(a.timeline.open_paradoxes()) for a in afters)
        if left < open_now:
            return "hint.why.chr.patch", {"count": left}
    hand = set(view.hands[seat])
    fresh = min(sum(1 for c in a.hands[seat] if c not in hand) for a in afters)
    if fresh > 0:
        return "hint.why.cards", {"count": fresh}
    # The others' IDs and Missions are hidden: what follows is the computer's estimate, and said as one.
    others = [q for q in range(view.seats) if q != seat]
    falls = {q: sum(kit.progress(w, q) - kit.progress(a, q) for w, a in zip(worlds, afters)) / len(worlds)
             for q in others}
    hit = max(others, key=lambda q: (falls[q], -q), default=None)
    if hit is not None and falls[hit] > BETTER:
        return "hint.why.chr.holds_back", {"player": hit}
    if sum(kit.progress(a, seat) - kit.progress(w, seat) for w, a in zip(worlds, afters)) > BETTER:
        return "hint.why.chr.closer", {}
    return BEST


def _chrononauts_deal(kit: Any, view: Any, seat: int, move: Any, world: Any) -> tuple[str, dict[str, Any]]:
    """Keeping or swapping the ID or Mission dealt (CHR-6.6), by what the player sees of it."""
    eng = kit.eng
    keep = isinstance(move, KeepDeal)
    if move.kind == "id" and eng.timeline_game and view.ids[seat] not in (None, HIDDEN):
        right = sum(eng.rules.identity_progress(view.timeline, view.ids[seat]))
        if keep and right:
            return "hint.why.chr.keep_id", {"count": right}
        if not keep and not right:
            return "hint.why.chr.swap_id", {}
    if move.kind == "mission" and view.missions[seat] not in (None, HIDDEN):
        slots = len(eng.mission_cards[view.missions[seat]].slots)
        held = round(kit._mission(world, seat) * slots / HELD)  # its artifacts in the hand (none is on the table yet)
        if keep and held:
            return "hint.why.chr.keep_mission", {"count": held}
        if not keep and not held:
            return "hint.why.chr.swap_mission", {}
    return BEST


# --- Bacchus' Banquet -------------------------------------------------------------------------------------


def _banquet(kit: Any, view: Any, seat: int, move: Move, worlds: list[Any]) -> tuple[str, dict[str, Any]]:
    """A pick, an arrangement or a gift delivers its cards only as the round plays on: judged, as the normal
    bot judges it, once each deal has played on at random to the round's end."""
    eng = kit.eng
    mine: list[float] = []
    theirs: list[float] = []
    ends: list[Any] = []
    rng = Random(f"hint:{move!r}")  # the play-outs: the same for the same move
    for world in worlds:
        before_mine = kit.progress(world, seat)
        before_theirs = _others(kit, world, seat)
        trial = played(kit, world, move)
        for _ in range(40):
            if eng.is_over(trial) or trial.round != world.round:
                break
            then = kit.rollout_move(trial, rng, greedy=False)
            if then is None:
                break
            kit.play(trial, then)
        ends.append(trial)
        mine.append(kit.progress(trial, seat) - before_mine)
        theirs.append(_others(kit, trial, seat) - before_theirs)
    if wins_everywhere(eng, ends, seat):
        return WINS
    gain, hold = sum(mine) / len(mine), -sum(theirs) / len(theirs)
    if gain > BETTER and gain >= hold:
        return "hint.why.banquet.objective", {}
    if hold > BETTER:
        return "hint.why.banquet.holds_back", {}
    return BEST


def _others(kit: Any, state: Any, seat: int) -> float:
    return max((kit.progress(state, s) for s in range(state.seats) if s != seat), default=0.0)


# --- Parsifal ------------------------------------------------------------------------------------------------


def _parsifal(kit: Any, view: Any, seat: int, move: Move, worlds: list[Any]) -> tuple[str, dict[str, Any]]:
    """Only the deck's order is hidden (PAR-1.3): every character, artifact and condition is the player's to check."""
    eng = kit.eng
    if isinstance(move, (Interrupt, Decline)) and view.pending is not None:
        resolved = [played(kit, w, view.pending) for w in worlds]  # the declared action, if nobody interrupts it
        if isinstance(move, Interrupt):
            rivals = {p for r in resolved for p in eng.result(r).winners if p != seat}
            key = "hint.why.par.stops_win" if rivals else "hint.why.par.interrupt"
            return key, {"player": view.active}
        return "hint.why.par.let_pass", {"player": view.active}
    afters = [played(kit, w, move) for w in worlds]
    if wins_everywhere(eng, afters, seat):
        return WINS
    if isinstance(move, EndTurn):
        return "hint.why.par.end_turn", {}
    before, after = progress(eng.cards, view), progress(eng.cards, afters[0])
    mine = [c for c in after if after[c] > before.get(c, 0.0) + BETTER and afters[0].owner[c] == seat]
    if mine:
        best = max(mine, key=lambda c: (after[c], c))
        lines = conditions(eng.cards, afters[0], best)
        return "hint.why.par.mission", {"card": best, "met": sum(1 for _k, _w, met in lines if met),
                                        "total": len(lines)}
    leader = _leader(view, before, seat)
    if leader is not None:
        top = max((v for c, v in before.items() if view.owner[c] == leader), default=0.0)
        now = max((v for c, v in after.items() if afters[0].owner.get(c) == leader), default=0.0)
        if now < top - BETTER or len(afters[0].owned_by(leader)) < len(view.owned_by(leader)):
            return "hint.why.par.holds_back", {"player": leader}
    return _parsifal_action(view, seat, move)


def _parsifal_action(view: Any, seat: int, move: Move) -> tuple[str, dict[str, Any]]:
    """What an action does by the rules alone, when it changes no mission's count."""
    if isinstance(move, SpendForExtra):  # PAR-6.9
        return "hint.why.par.extra", {}
    if isinstance(move, Block) and view.owner.get(move.target, seat) != seat:  # PAR-6.1
        return "hint.why.par.block", {"card": move.target, "player": view.owner[move.target]}
    if isinstance(move, Free):  # PAR-6.2
        mine = [c for c in move.targets.split(",") if view.owner.get(c) == seat]
        if mine:
            return "hint.why.par.free", {"card": mine[0]}
    if isinstance(move, Take):  # PAR-7.1: a character's abilities are its own and its artifacts'
        return "hint.why.par.take", {"card": move.actor, "artifact": move.artifact}
    return BEST


def _leader(view: Any, shares: dict[str, float], seat: int) -> int | None:
    """The other player whose best character is nearest its mission (None when nobody has begun one)."""
    best: tuple[float, int] | None = None
    for character, share in shares.items():
        owner = view.owner[character]
        if owner != seat and share > 0 and (best is None or (share, -owner) > (best[0], -best[1])):
            best = (share, owner)
    return None if best is None else best[1]


REASONS: dict[str, Callable[[Any, Any, int, Move, list[Any]], tuple[str, dict[str, Any]]]] = {
    "chrononauts": _chrononauts, "banquet": _banquet, "parsifal": _parsifal}
