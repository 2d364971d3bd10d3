"""Missions and victory (PAR-8): which conditions hold, and who has won."""
from __future__ import annotations

from dataclasses import dataclass

from cardsets.parsifal.loader import Missions, ParsifalSet
from rules.parsifal.state import TYPES, ParState, card_type


@dataclass
class _Facts:
    """What the conditions ask, gathered once per check (PAR-8.4: copies count as one)."""

    held: dict[str, set[str]]  # character type -> artifact types its copies hold
    blocking: dict[str, set[str]]  # blocker type -> types it keeps blocked
    limbo: set[str]


def _facts(state: ParState) -> _Facts:
    held: dict[str, set[str]] = {}
    for c, items in state.held.items():
        if items:  # most characters hold nothing, and an empty set answers like a missing one
            mine = held.get(TYPES[c])
            if mine is None:
                mine = held[TYPES[c]] = set()
            mine.update(TYPES[a] for a in items)
    blocking: dict[str, set[str]] = {}
    for b in state.blocks:
        blocking.setdefault(TYPES[b.blocker], set()).add(TYPES[b.target])
    return _Facts(held, blocking, {TYPES[t] for t in state.limbo})


def _known(state: ParState) -> set[tuple[str, str, str]]:
    """The facts of `_facts` spelled as a plan's checks are (table, key, item): a type's conditions then hold when
    this set holds all its checks, asked in one set operation (the mission check runs after every action and draw)."""
    known = {("limbo", "", TYPES[t]) for t in state.limbo}
    for b in state.blocks:
        known.add(("blocking", TYPES[b.blocker], TYPES[b.target]))
    for c, items in state.held.items():
        for a in items:  # most characters hold nothing
            known.add(("held", TYPES[c], TYPES[a]))
    return known


@dataclass(frozen=True)
class _Plan:
    """A type's missions read once per card set: each condition as (facts table, key, item).

    Table 'held' asks whether type `key` holds artifact type `item`, 'blocking' whether type `key`
    keeps type `item` blocked, 'limbo' whether `item` lies in Limbo. `per_owner` types (with `with`
    or `own_count`) are judged through `_conditions` instead.
    """

    missions: bool  # the card has missions at all (PAR-8.7)
    per_owner: bool
    checks: tuple[tuple[str, str, str], ...]


_PLANS: dict[int, tuple[ParsifalSet, dict[str, _Plan]]] = {}


def _plans(cards: ParsifalSet) -> dict[str, _Plan]:
    found = _PLANS.get(id(cards))
    if found is not None and found[0] is cards:
        return found[1]
    plans: dict[str, _Plan] = {}
    for t in cards.tarots:
        m = t.missions
        checks: list[tuple[str, str, str]] = []
        for key in m.order:
            if key == "hold":
                checks += [("held", t.id, a) for a in m.hold]
            elif key == "block":
                checks += [("blocking", t.id, x) for x in m.block]
            elif key == "holder":
                checks += [("held", x, a) for x, items in m.holder.items() for a in items]
            elif key == "in_limbo":
                checks += [("limbo", "", x) for x in m.in_limbo]
        plans[t.id] = _Plan(bool(m.order), bool(m.with_ or m.own_count), tuple(checks))
    _PLANS[id(cards)] = (cards, plans)
    return plans


_NONE: frozenset[str] = frozenset()


def _met(facts: _Facts, plan: _Plan) -> int:
    """How many of a type's conditions hold (types judged once for every copy)."""
    n = 0
    for table, key, item in plan.checks:
        if table == "limbo":
            n += item in facts.limbo
        else:
            n += item in (facts.held if table == "held" else facts.blocking).get(key, _NONE)
    return n


def conditions(cards: ParsifalSet, state: ParState, character: str) -> list[tuple[str, str, bool]]:
    """Each condition of a character in play as (key, what, met), in the order the card lists them.

    `what` names the cards concerned; the table shows one line per condition (PAR-15.4).
    """
    return _conditions(cards, state, _facts(state), character)


def _conditions(cards: ParsifalSet, state: ParState, facts: _Facts, character: str) -> list[tuple[str, str, bool]]:
    type_id = card_type(character)
    m: Missions = cards.tarot(type_id).missions
    player = state.owner.get(character)
    none: set[str] = set()
    out: list[tuple[str, str, bool]] = []
    for key in m.order:
        if key == "hold":
            held = facts.held.get(type_id, none)
            out += [("hold", a, a in held) for a in m.hold]
        elif key == "block":  # PAR-8.3: blocks in force made by this type only
            blocked = facts.blocking.get(type_id, none)
            out += [("block", x, x in blocked) for x in m.block]
        elif key == "holder":
            for x, items in m.holder.items():
                held = facts.held.get(x, none)
                out += [("holder", f"{x}:{a}", a in held) for a in items]
        elif key == "in_limbo":
            out += [("in_limbo", t, t in facts.limbo) for t in m.in_limbo]
        elif key == "with":  # judged per owner (PAR-8.4)
            mates = {card_type(c) for c, p in state.owner.items() if p == player and c != character}
            out += [("with", x, x in mates) for x in m.with_]
        elif key == "own_count":
            for x, n in m.own_count.items():
                owned = sum(1 for c, p in state.owner.items() if p == player and card_type(c) == x)
                out.append(("own_count", f"{x}:{n}", owned >= n))
    return out


def complete(cards: ParsifalSet, state: ParState, character: str) -> bool:
    """PAR-8.1, 8.7: every condition holds at once; a card without missions never completes."""
    return _complete(cards, state, _facts(state), character)


def _complete(cards: ParsifalSet, state: ParState, facts: _Facts, character: str) -> bool:
    """`complete` without building the display lines: the mission check runs after every action."""
    plan = _plans(cards)[TYPES[character]]
    if not plan.missions:
        return False
    if plan.per_owner:
        return all(met for _key, _what, met in _conditions(cards, state, facts, character))
    return _all_met(facts, plan)


def winners(cards: ParsifalSet, state: ParState) -> tuple[list[int], list[str]]:
    """PAR-8.5, 8.6: the owners of every character in play whose missions are complete."""
    plans = _plans(cards)
    known = _known(state)
    facts: _Facts | None = None  # only the per-owner types need them
    done_types: set[str] = set()
    chars: list[str] = []  # per-owner types, judged copy by copy
    for type_id in {TYPES[c] for c in state.owner}:
        plan = plans[type_id]
        if not plan.missions:
            continue
        if not plan.per_owner:  # judged once for every copy (PAR-8.4)
            if known.issuperset(plan.checks):
                done_types.add(type_id)
        else:
            facts = _facts(state) if facts is None else facts
            chars += [c for c in state.owner if TYPES[c] == type_id and _complete(cards, state, facts, c)]
    if not done_types and not chars:
        return [], []
    done = set(chars)
    chars = [c for c in state.owner if c in done or TYPES[c] in done_types]  # in the order they came into play
    return sorted({state.owner[c] for c in chars}), chars


def _all_met(facts: _Facts, plan: _Plan) -> bool:
    """`_met` == every condition, stopping at the first that fails."""
    for table, key, item in plan.checks:
        if table == "limbo":
            if item not in facts.limbo:
                return False
        elif item not in (facts.held if table == "held" else facts.blocking).get(key, _NONE):
            return False
    return True


def progress(cards: ParsifalSet, state: ParState) -> dict[str, float]:
    """Each character in play: the share of its conditions met now (0.0 for a card without missions)."""
    plans = _plans(cards)
    facts = _facts(state)
    by_type: dict[str, float] = {}
    out: dict[str, float] = {}
    for c in state.owner:
        type_id = TYPES[c]
        share = by_type.get(type_id)
        plan = plans[type_id]
        if share is None or plan.per_owner:
            if plan.per_owner:
                lines = _conditions(cards, state, facts, c)
                share = sum(met for _key, _what, met in lines) / len(lines) if lines else 0.0
            else:
                share = _met(facts, plan) / len(plan.checks) if plan.checks else 0.0
            by_type[type_id] = share
        out[c] = share
    return out
