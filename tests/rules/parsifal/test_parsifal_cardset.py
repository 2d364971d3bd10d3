"""Invariants of the reconstructed Parsifal set (PAR-11.4) and scenario T-30, played through the engine."""
from __future__ import annotations

import pytest
from parsifal_helpers import A, B, ENG, pass_to, put, resolve, setup

from rules.kernel import Move
from rules.parsifal import Block, EndTurn, ParState, SendToLimbo, Take, card_type

CARDS = ENG.cards
ARTIFACTS = [t.id for t in CARDS.tarots if not t.is_character]
CHARACTERS = [i for i in CARDS.instances() if CARDS.tarot(card_type(i)).is_character]


def test_block_missions_fit_native_capacity() -> None:
    """PAR-11.4.1: a type with a block mission can keep all its targets blocked on its own."""
    for t in CARDS.tarots:
        assert t.abilities.block >= len(t.missions.block), t.id


def test_everything_that_must_reach_limbo_can_be_sent() -> None:
    """PAR-11.4.1: every `in_limbo` target is reachable by some card's send_to_limbo."""
    senders = {x for t in CARDS.tarots for x in t.abilities.send_to_limbo}
    for t in CARDS.tarots:
        for target in t.missions.in_limbo:
            assert target in senders or CARDS.tarot(target).kind in senders, (t.id, target)


def test_every_tarot_can_come_back_from_limbo() -> None:
    """PAR-11.4.1."""
    recoverers = {x for t in CARDS.tarots for x in t.abilities.recover_from_limbo}
    for t in CARDS.tarots:
        assert t.id in recoverers or t.kind in recoverers, t.id


def test_no_card_contradicts_itself() -> None:
    """PAR-11.4.2."""
    for t in CARDS.tarots:
        m = t.missions
        held = set(m.hold) | {a for items in m.holder.values() for a in items}
        assert not held & set(m.in_limbo), t.id
        assert t.id not in m.block, t.id


def neutral(owners: dict[str, int], players: int, active: int) -> ParState:
    """PAR-11.4.3: every artifact in the middle, every character in play, unblocked and empty-handed."""
    state = setup(players=players, active=active, common=ARTIFACTS)
    for c in CHARACTERS:
        put(state, owners[c], c)
    return state


def _one_type_against_the_rest(type_id: str) -> dict[str, int]:
    return {c: A if card_type(c) == type_id else B for c in CHARACTERS}


ASSIGNMENTS = {
    "all_with_A": ({c: A for c in CHARACTERS}, 2),
    "round_robin_4": ({c: i % 4 for i, c in enumerate(CHARACTERS)}, 4),
    "maidens_vs_rest": (_one_type_against_the_rest("ammaliatrice"), 2),
    "squires_vs_rest": (_one_type_against_the_rest("scudiero"), 2),
    "titurel_vs_rest": (_one_type_against_the_rest("titurel"), 2),
}


@pytest.mark.parametrize("name", ASSIGNMENTS)
def test_t30_no_single_action_completes_a_type(name: str) -> None:
    """T-30, PAR-11.4.3: from the neutral position, whoever is on turn, no one action wins."""
    owners, players = ASSIGNMENTS[name]
    tried = 0
    for active in range(players):
        start = neutral(owners, players, active)
        for move in ENG.legal_moves(start, active):
            if isinstance(move, EndTurn):
                continue
            state = ENG.clone(start)
            resolve(state, move)
            assert state.winners == [], (move, state.winning)
            tried += 1
    assert tried > 100 * players


# Who acts (A owns the type under test, B everything else) and what, in at most three actions.
WITNESSES: dict[str, list[tuple[int, Move]]] = {
    "amfortas": [(A, Take(A, "amfortas", "gral")), (A, Take(A, "amfortas", "balsamo"))],
    "ammaliatrice": [(A, Block(A, "ammaliatrice#1", "parsifal")), (B, Take(B, "klingsor", "gral"))],
    "cavaliere": [(A, Block(A, "cavaliere#1", "ammaliatrice#1")), (B, Take(B, "parsifal", "lancia"))],
    "cigno": [(A, Block(A, "cigno", "parsifal")), (A, SendToLimbo(A, "cigno", "arco"))],
    "ferris": [(A, Take(A, "ferris", "gral")), (A, Take(A, "ferris", "corno"))],
    "gamuret": [(A, Take(A, "gamuret", "lancia")), (A, Take(A, "gamuret", "corno"))],
    "gawan": [(A, Block(A, "gawan", "klingsor")), (B, Take(B, "amfortas", "balsamo"))],
    "gurnemanz": [(A, Take(A, "gurnemanz", "balsamo")), (B, Take(B, "parsifal", "lancia"))],
    "herzeleide": [(A, Block(A, "herzeleide", "parsifal")), (A, Block(A, "herzeleide", "gamuret"))],
    "klingsor": [(A, Take(A, "klingsor", "lancia")), (A, Take(A, "klingsor", "gral"))],
    "kundry": [(A, Block(A, "kundry", "parsifal")), (A, Take(A, "kundry", "balsamo"))],
    "parsifal": [(B, Take(B, "amfortas", "lancia")), (A, SendToLimbo(A, "parsifal", "klingsor"))],
    "scudiero": [(A, Take(A, "scudiero#1", "pane")), (A, Take(A, "scudiero#2", "vino")),
                 (B, Take(B, "amfortas", "gral"))],
    "titurel": [(A, Block(A, "titurel", "amfortas")), (A, Take(A, "titurel", "gral"))],
}


def test_every_character_type_has_a_witness() -> None:
    assert sorted(WITNESSES) == sorted({card_type(c) for c in CHARACTERS})


@pytest.mark.parametrize("type_id", sorted(WITNESSES))
def test_t30_each_type_completes_within_three_actions(type_id: str) -> None:
    """T-30, PAR-11.4.3: a sequence of at most three actions completes the type, and not sooner (PAR-11.3:
    every type needs at least two actions)."""
    steps = WITNESSES[type_id]
    assert len(steps) <= 3
    state = neutral(_one_type_against_the_rest(type_id), 2, steps[0][0])
    for n, (player, move) in enumerate(steps, 1):
        if state.step == "after_action":  # holding the Bread: decline the extra action
            ENG.apply(state, EndTurn(state.active))
        pass_to(state, player)
        resolve(state, move)
        assert ENG.is_over(state) == (n == len(steps)), (n, state.winning)
    assert {card_type(c) for c in state.winning} == {type_id} and state.winners == [A]
