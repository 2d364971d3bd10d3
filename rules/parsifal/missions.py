"""Missions and victory (PAR-8): which conditions hold, and who has won."""
from __future__ import annotations

from dataclasses import dataclass

from cardsets.parsifal import Missions, ParsifalSet
from rules.parsifal.state import ParState, card_type


@dataclass
class _Facts:
    """What the conditions ask, gathered once per check (PAR-8.4: copies count as one)."""

    held: dict[str, set[str]]  # character type -> artifact types its copies hold
    blocking: dict[str, set[str]]  # blocker type -> types it keeps blocked
    limbo: set[str]


def _facts(state: ParState) -> _Facts:
    held: dict[str, set[str]] = {}
    for c, items in state.held.items():
        held.setdefault(card_type(c), set()).update(card_type(a) for a in items)
    blocking: dict[str, set[str]] = {}
    for b in state.blocks:
        blocking.setdefault(card_type(b.blocker), set()).add(card_type(b.target))
    return _Facts(held, blocking, {card_type(t) for t in state.limbo})


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
    type_id = card_type(character)
    m = cards.tarot(type_id).missions
    if not m.order:
        return False
    none: set[str] = set()
    if m.with_ or m.own_count:
        return all(met for _key, _what, met in _conditions(cards, state, facts, character))
    held = facts.held.get(type_id, none)
    return (all(a in held for a in m.hold)
            and all(x in facts.blocking.get(type_id, none) for x in m.block)
            and all(a in facts.held.get(x, none) for x, items in m.holder.items() for a in items)
            and all(t in facts.limbo for t in m.in_limbo))


def winners(cards: ParsifalSet, state: ParState) -> tuple[list[int], list[str]]:
    """PAR-8.5, 8.6: the owners of every character in play whose missions are complete."""
    facts = _facts(state)
    by_type: dict[str, list[str]] = {}
    for c in state.owner:
        by_type.setdefault(card_type(c), []).append(c)
    players: set[int] = set()
    chars: list[str] = []
    for type_id, copies in by_type.items():
        m = cards.tarot(type_id).missions
        if not m.order:
            continue
        if m.with_ or m.own_count:  # judged per owner
            done = [c for c in copies if _complete(cards, state, facts, c)]
        else:  # judged once for every copy (PAR-8.4)
            done = copies if _complete(cards, state, facts, copies[0]) else []
        chars += done
        players.update(state.owner[c] for c in done)
    return sorted(players), sorted(chars, key=list(state.owner).index)


def progress(cards: ParsifalSet, state: ParState) -> dict[str, float]:
    """Each character in play: the share of its conditions met now (0.0 for a card without missions)."""
    facts = _facts(state)
    by_type: dict[str, float] = {}
    out: dict[str, float] = {}
    for c in state.owner:
        type_id = card_type(c)
        m = cards.tarot(type_id).missions
        if type_id in by_type and not (m.with_ or m.own_count):
            out[c] = by_type[type_id]
            continue
        lines = _conditions(cards, state, facts, c)
        share = sum(met for _key, _what, met in lines) / len(lines) if lines else 0.0
        by_type[type_id] = out[c] = share
    return out
