"""Parsifal rules beyond the PAR-17 scenarios: set-up, options, views, undo, saves, and rule corners."""
from __future__ import annotations

import random

import pytest
from parsifal_helpers import A, B, C, D, ENG, block, code, kinds, legal, pass_to, play, put, resolve, setup

from rules import BadOption, Match, engine, modes, saves
from rules.kernel import HIDDEN, IllegalMove, Move
from rules.parsifal import (Abandon, Block, ChangeFaction, Command, Decline, EndTurn, Free, HandOver, Interrupt, Recover,
                            SendToLimbo, SpendForExtra, Take)
from rules.parsifal.missions import conditions


def first_five(seed: int) -> list[str]:
    state = ENG.new_state({"players": 2}, seed)
    return [*state.common, *state.owner][:1] + state.deck[:4]


def test_golden_deals() -> None:
    """PAR-3.2: the kernel's Fisher-Yates over the canonical order; index 0 is drawn first."""
    assert first_five(0) == ["ammaliatrice#1", "ferris", "scudiero#4", "balsamo", "arco"]
    assert first_five(1) == ["pane", "klingsor", "ferris", "ammaliatrice#2", "scudiero#2"]
    assert first_five(1234) == ["herzeleide", "titurel", "amfortas", "ammaliatrice#6", "ammaliatrice#1"]


def test_the_registry_builds_the_standard_mode() -> None:
    assert modes()["parsifal"] == ("standard",)
    assert engine("parsifal", "standard") is ENG and ENG.cardset_version == 1


def test_the_first_player_starts_with_a_draw() -> None:
    """PAR-3.3, PAR-4.1: nothing is dealt; the first player's turn opens with its draw."""
    state = ENG.new_state({"players": 5, "first_player": 3}, 7)
    assert state.active == 3 and state.turn == 1 and len(state.deck) == 29
    assert ENG.to_act(state) == {3} and state.limbo == [] and state.blocks == []
    assert all(p == 3 for p in state.owner.values())


def test_options_and_their_defaults() -> None:
    """PAR-3.1, PAR-9.2, PAR-2.2 (two to six players)."""
    assert ENG.options({}) == {"players": 4, "first_player": 0, "direction": "clockwise", "rounds_after_deck": 5}
    assert ENG.options({"rounds_after_deck": "unlimited"})["rounds_after_deck"] == "unlimited"
    bad: list[tuple[dict[str, object], str]] = [
        ({"players": 1}, "option.players_range"), ({"players": 7}, "option.players_range"),
        ({"players": True}, "option.players_range"), ({"first_player": 4}, "option.first_player_range"),
        ({"direction": "left"}, "option.direction"), ({"rounds_after_deck": 0}, "option.rounds_range"),
        ({"rounds_after_deck": 21}, "option.rounds_range"), ({"seats": 3}, "option.unknown")]
    for raw, reason in bad:
        with pytest.raises(BadOption) as err:
            ENG.options(raw)
        assert err.value.code == reason, raw


def test_counterclockwise_play() -> None:
    """PAR-3.1, PAR-4.6."""
    s = setup(players=4, direction="counterclockwise")
    play(s, EndTurn(A))
    assert s.active == D
    assert ENG.seat_order(s) == [C, B, A]


def test_the_view_hides_only_the_deck_order() -> None:
    """PAR-1.3."""
    state = ENG.new_state({"players": 3}, 5)
    seen = ENG.view(state, 1)
    assert seen.deck == [HIDDEN] * 29 and seen.rng is None
    assert seen.common == state.common and seen.owner == state.owner
    assert sorted(ENG.hidden_from(state, 1)) == sorted(state.deck)


def test_undo_stops_at_draws_and_at_other_players_decisions() -> None:
    """PAR-13.3."""
    match = Match(ENG, {"players": 2}, 3)
    match.play(EndTurn(match.state.active))  # the next turn opens with a draw
    assert not match.can_undo()
    assert ENG.undo_barrier([play(setup(), EndTurn(A))[0]]) is False
    s = setup(common=["gral"])
    put(s, A, "titurel")
    put(s, B, "ferris", "corno")
    assert ENG.undo_barrier(play(s, Take(A, "titurel", "gral"))) is False  # the window opening
    assert ENG.undo_barrier(play(ENG.clone(s), Interrupt(B, "ferris", "corno"))) is True
    assert ENG.undo_barrier(play(s, Decline(B))) is True


def test_saves_keep_commands_and_lists() -> None:
    """Saves hold plain fields only: a Command and a Free survive save -> load."""
    moves: list[Move] = [Command(0, "klingsor", "amfortas", "HandOver", "balsamo,gral", "klingsor"),
                         Free(1, "gawan", "kundry,parsifal"), Recover(0, "titurel", "corno", None)]
    for move in moves:
        assert Move.from_dict(move.to_dict(), ENG.moves) == move
    rnd = random.Random(2)
    match = Match(ENG, {"players": 3}, 8)
    while len(match.moves) < 60 and not ENG.is_over(match.state):
        player = min(ENG.to_act(match.state))
        match.play(rnd.choice(ENG.legal_moves(match.state, player)))
    loaded = saves.loads(saves.to_json(match))
    assert ENG.to_dict(loaded.state) == ENG.to_dict(match.state)


def test_a_tampered_save_is_refused() -> None:
    match = Match(ENG, {"players": 2}, 4)
    data = saves.to_dict(match)
    data["moves"] = [Take(match.state.active, "parsifal", "gral").to_dict()]
    with pytest.raises(saves.SaveError) as err:
        saves.from_dict(data)
    assert err.value.code == "save.illegal_move"


def test_blocking_your_own_character() -> None:
    """PAR-6.1.2, D-5: any area, the actor's owner's included; a blocker may be targeted. PAR-5.3: only an
    ability the card (or an artifact it holds) grants."""
    s = setup()
    put(s, A, "kundry")
    put(s, A, "parsifal")
    put(s, B, "herzeleide")
    put(s, B, "gamuret")
    block(s, "herzeleide", "gamuret")
    assert legal(s, Block(A, "kundry", "parsifal"))
    assert legal(s, Block(A, "kundry", "herzeleide"))
    assert code(s, Block(A, "kundry", "gamuret")) == "illegal.already_blocked"
    assert code(s, Block(A, "parsifal", "kundry")) == "illegal.lacks_ability"


def test_a_blocker_lies_over_its_oldest_remaining_target() -> None:
    """PAR-6.1.8."""
    s = setup()
    put(s, A, "herzeleide")
    for c in ("parsifal", "gawan", "cavaliere#1"):
        put(s, B, c)
    block(s, "herzeleide", "parsifal")
    block(s, "herzeleide", "gawan")
    assert s.lies_over("herzeleide") == "parsifal"
    put(s, A, "cavaliere#2")
    resolve(s, Free(A, "cavaliere#2", "parsifal"))
    assert s.lies_over("herzeleide") == "gawan"


def test_sending_an_artifact_from_its_holder_ends_the_blocks_it_made() -> None:
    """PAR-6.6.4, PAR-5.7, PAR-6.1.7c; PAR-7.2: the lost Bow's +2 is gone at once."""
    s = setup()
    put(s, A, "klingsor")
    put(s, B, "herzeleide", "arco")
    for c in ("parsifal", "gamuret", "gawan"):
        put(s, C, c)
    block(s, "herzeleide", "parsifal")
    block(s, "herzeleide", "gamuret")
    block(s, "herzeleide", "gawan", "arco")
    events = resolve(s, SendToLimbo(A, "klingsor", "arco"))
    assert s.limbo == ["arco"] and [b.target for b in s.blocks] == ["parsifal", "gamuret"]
    assert ENG.abilities(s, "herzeleide").block == 2
    assert ("block_ended", "gawan", "source_lost") in [
        (e.kind, e.params.get("target"), e.params.get("reason")) for e in events]


def test_a_character_sent_to_limbo_drops_its_artifacts() -> None:
    """PAR-6.6.3, D-10."""
    s = setup()
    put(s, A, "parsifal")
    put(s, B, "kundry", "balsamo")
    put(s, C, "gawan")
    block(s, "kundry", "gawan")
    resolve(s, SendToLimbo(A, "parsifal", "kundry"))
    assert s.common == ["balsamo"] and s.blocks == [] and s.limbo == ["kundry"]
    assert code(s, SendToLimbo(A, "parsifal", "balsamo")) == "illegal.not_your_turn"


def test_commanded_blocks_serve_their_owner() -> None:
    """PAR-6.5.3: the commanded character's block is its own and counts for its owner."""
    s = setup()
    put(s, A, "klingsor")
    put(s, B, "titurel", "gral")
    put(s, C, "amfortas")
    resolve(s, Command(A, "klingsor", "titurel", "Block", "amfortas"))
    assert s.winners == [B]


def test_what_a_command_may_name() -> None:
    """PAR-6.5.1: only the actions of PAR-5, spelled as their moves."""
    s = setup(common=["arco"])
    put(s, A, "gurnemanz")
    put(s, B, "gawan")
    assert code(s, Command(A, "gurnemanz", "gawan", "Dance", "arco")) == "illegal.unknown_move"
    assert code(s, Command(A, "gurnemanz", "gawan", "Take", "arco", "gawan")) == "illegal.unknown_move"
    assert code(s, Command(A, "gurnemanz", "gawan", "SpendForExtra", "arco")) == "illegal.unknown_move"
    assert code(s, Command(A, "gurnemanz", "gurnemanz", "Take", "arco")) == "illegal.self_target"
    assert legal(s, Command(A, "gurnemanz", "gawan", "Take", "arco"))
    assert code(s, Command(A, "gawan", "gurnemanz", "Take", "arco")) == "illegal.not_owner"


def test_change_of_faction_cannot_be_commanded_nor_go_to_nobody() -> None:
    """PAR-6.3.3, PAR-6.3.2."""
    s = setup()
    for n in (1, 2, 3):
        put(s, B, f"scudiero#{n}")
    put(s, A, "klingsor")
    assert code(s, Command(A, "klingsor", "scudiero#1", "ChangeFaction", "klingsor")) == "illegal.not_through_control"
    pass_to(s, B)
    assert code(s, ChangeFaction(B, "scudiero#1", "klingsor", 9)) == "illegal.no_such_player"
    assert code(s, ChangeFaction(B, "scudiero#1", "parsifal", A)) == "illegal.not_in_play"


def test_extra_action_corners() -> None:
    """PAR-6.9: not before the first action; the Wine needs another character; PAR-6.9.3 take it back."""
    s = setup(common=["arco"])
    put(s, A, "klingsor", "vino")
    assert code(s, SpendForExtra(A, "klingsor", "vino")) == "illegal.no_action_yet"
    resolve(s, Take(A, "klingsor", "arco"))
    assert s.active == B  # alone, the Wine offers nothing, so the turn ended
    bread = setup(common=["arco"])
    put(bread, A, "klingsor", "pane")
    resolve(bread, Take(A, "klingsor", "arco"))
    assert code(bread, SpendForExtra(A, "klingsor", "arco")) == "illegal.lacks_ability"
    play(bread, SpendForExtra(A, "klingsor", "pane"))
    assert legal(bread, Take(A, "klingsor", "pane"))
    assert legal(bread, EndTurn(A))


def test_a_player_with_no_free_character_can_only_end_the_turn() -> None:
    """PAR-4.5."""
    s = setup(common=["arco"])
    put(s, A, "parsifal")
    put(s, B, "kundry")
    block(s, "kundry", "parsifal")
    assert ENG.legal_moves(s, A) == [EndTurn(A)]


def test_responders_are_asked_in_turn_order_and_may_all_decline() -> None:
    """PAR-6.8.6, D-13."""
    s = setup(active=C, common=["gral"])
    put(s, C, "titurel")
    put(s, A, "kundry", "arco")
    put(s, D, "ferris", "corno")
    put(s, B, "gawan")
    play(s, Take(C, "titurel", "gral"))
    assert ENG.eligible(s) == [D, A] and ENG.legal_moves(s, B) == [] and ENG.legal_moves(s, C) == []
    assert code(s, Decline(B)) == "illegal.cannot_interrupt"
    assert code(s, Take(C, "titurel", "gral")) == "illegal.awaiting_responses"
    assert code(s, EndTurn(C)) == "illegal.awaiting_responses"
    play(s, Decline(D))
    assert ENG.to_act(s) == {A} and code(s, Decline(D)) == "illegal.already_declined"
    assert code(s, Interrupt(A, "kundry", "gral")) == "illegal.not_held"
    events = play(s, Decline(A))
    assert kinds(events)[:2] == ["declined", "artifact_moved"] and s.held["titurel"] == ["gral"]


def test_a_character_whose_card_lacks_interrupt_spends_only_the_horn() -> None:
    """PAR-6.8.2b, D-12; PAR-6.8.1 (nothing declared, nothing to interrupt)."""
    s = setup(common=["arco"])
    put(s, A, "titurel")
    put(s, B, "ferris", "gral", "corno")
    assert ENG.interrupt_artifacts(s, "ferris") == ["corno"]
    put(s, C, "kundry", "gral")
    assert code(s, Interrupt(B, "ferris", "corno")) == "illegal.no_action_to_interrupt"


def test_mission_lines_for_the_table() -> None:
    """PAR-15.4: each condition, in the card's order, done or not yet."""
    s = setup()
    put(s, A, "ammaliatrice#1")
    put(s, B, "parsifal")
    put(s, C, "klingsor", "lancia")
    block(s, "ammaliatrice#1", "parsifal")
    assert conditions(ENG.cards, s, "ammaliatrice#1") == [("block", "parsifal", True),
                                                          ("holder", "klingsor:gral", False)]
    assert conditions(ENG.cards, s, "klingsor") == [("hold", "lancia", True), ("hold", "gral", False)]


def test_turns_left_after_the_deck() -> None:
    """PAR-9.4."""
    s = setup(players=3, deck=["gral"])
    assert ENG.post_deck_turns_left(s) is None
    pass_to(s, B)
    assert s.last_draw_turn == 2 and ENG.post_deck_turns_left(s) == 16  # turns 2..17, this one included


def test_check_and_legal_moves_agree() -> None:
    """legal_moves is the only judge: over many candidate moves, check passes exactly for the listed ones."""
    rnd = random.Random(5)
    instances = ENG.cards.instances()
    for seed in range(4):
        match = Match(ENG, {"players": 3}, seed)
        while not ENG.is_over(match.state) and len(match.moves) < 40 + 10 * seed:
            player = min(ENG.to_act(match.state))
            match.play(rnd.choice(ENG.legal_moves(match.state, player)))
        state = match.state
        p = state.active
        candidates: list[Move] = []
        for x in instances:
            for y in instances:
                candidates += [Take(p, x, y), Abandon(p, x, y), Block(p, x, y), Free(p, x, y), SendToLimbo(p, x, y),
                               Recover(p, x, y), HandOver(p, x, y, "gral"), ChangeFaction(p, x, y, 1)]
                candidates += [Command(p, "klingsor", x, "Take", y), Command(p, "gurnemanz", x, "Block", y)]
        listed = {m for q in range(3) for m in ENG.legal_moves(state, q)}
        for move in candidates:
            try:
                ENG.check(state, move)
                ok = True
            except IllegalMove:
                ok = False
            assert ok == (move in listed), move


def test_the_action_is_optional() -> None:
    """PAR-4.2, D-19: a player who could act may end the turn without acting; nothing changes."""
    s = setup(common=["arco"])
    put(s, A, "klingsor")
    assert legal(s, Take(A, "klingsor", "arco")) and legal(s, EndTurn(A))
    play(s, EndTurn(A))
    assert s.active == B and s.common == ["arco"] and s.held["klingsor"] == [] and s.actions == 0


def test_only_your_own_characters_act() -> None:
    """PAR-5.4: the actor is in play, owned by the player on turn, and unblocked."""
    s = setup(common=["arco"])
    put(s, A, "klingsor")
    put(s, A, "titurel")
    put(s, B, "gawan")
    block(s, "gawan", "titurel")
    assert code(s, Take(A, "gawan", "arco")) == "illegal.not_owner"
    assert code(s, Take(A, "parsifal", "arco")) == "illegal.not_in_play"
    assert code(s, Take(A, "titurel", "arco")) == "illegal.character_blocked"
    assert legal(s, Take(A, "klingsor", "arco"))


def test_a_character_may_free_its_own_target() -> None:
    """PAR-6.2.2, D-4: the Grail Knight lets go of its own target, and may then block elsewhere."""
    s = setup()
    put(s, A, "cavaliere#1")
    put(s, B, "gawan")
    put(s, B, "ammaliatrice#1")
    block(s, "cavaliere#1", "gawan")
    assert code(s, Block(A, "cavaliere#1", "ammaliatrice#1")) == "illegal.block_capacity_full"
    resolve(s, Free(A, "cavaliere#1", "gawan"))
    assert s.blocks == [] and s.owner["cavaliere#1"] == A
    pass_to(s, A)
    assert legal(s, Block(A, "cavaliere#1", "ammaliatrice#1"))


def test_tarots_in_limbo_take_no_part() -> None:
    """PAR-6.6.5, PAR-1.5: a character in Limbo cannot act or be targeted, an artifact there cannot be
    taken and grants nothing, and neither counts for a mission but `in_limbo`."""
    s = setup(limbo=["gral", "amfortas"])
    put(s, A, "titurel")
    put(s, A, "gurnemanz")
    assert code(s, Block(A, "titurel", "amfortas")) == "illegal.not_in_play"
    assert code(s, Take(A, "titurel", "gral")) == "illegal.not_in_common"
    assert code(s, Take(A, "amfortas", "gral")) == "illegal.not_in_play"
    assert ENG.abilities(s, "titurel").recover_from_limbo == ("artifact",)  # the Grail adds nothing from Limbo
    assert conditions(ENG.cards, s, "titurel") == [("block", "amfortas", False), ("hold", "gral", False)]


def test_nothing_to_recover() -> None:
    """PAR-6.7.4: a recovery needs a tarot of an allowed kind or type in Limbo."""
    s = setup(limbo=["klingsor"])
    put(s, A, "titurel")  # recovers artifacts only
    assert not any(isinstance(m, Recover) for m in ENG.legal_moves(s, A))
    assert code(s, Recover(A, "titurel", "klingsor")) == "illegal.target_not_allowed"
    assert code(s, Recover(A, "titurel", "corno", "titurel")) == "illegal.not_in_limbo"


def test_the_draw_the_end_of_a_turn_and_bread_open_no_window() -> None:
    """PAR-6.8.5: only a declared action can be interrupted."""
    s = setup(deck=["arco", "balsamo"], common=["gral"])
    put(s, A, "klingsor")
    put(s, A, "titurel", "pane")
    put(s, B, "ferris", "corno")
    put(s, C, "amfortas", "lancia")
    play(s, Take(A, "klingsor", "gral"))
    assert s.step == "window"
    play(s, Decline(B))
    play(s, Decline(C))
    events = play(s, SpendForExtra(A, "titurel", "pane"))
    assert s.step == "extra" and "window_opened" not in kinds(events)
    events = play(s, EndTurn(A))
    assert kinds(events) == ["turn_ended", "tarot_drawn"] and s.active == B and s.step == "action"


def test_hand_over_gives_the_actors_own_artifacts() -> None:
    """PAR-6.4.1, D-8: several of one's own artifacts, to one character in any area; never another's."""
    s = setup()
    put(s, A, "kundry", "balsamo", "lancia")
    put(s, B, "klingsor", "gral")
    put(s, C, "gawan")
    assert code(s, HandOver(A, "kundry", "gawan", "gral")) == "illegal.not_held"
    resolve(s, HandOver(A, "kundry", "klingsor", "balsamo,lancia"))
    assert s.held["klingsor"] == ["gral", "balsamo", "lancia"] and s.held["kundry"] == []
    assert s.owner["klingsor"] == B


def test_a_finished_game_stays_finished() -> None:
    """D-24, PAR-13.1 (game_over): each game stands alone; once won nobody may move and no next game
    begins."""
    s = setup(common=["arco"])
    put(s, A, "titurel", "gral")
    put(s, B, "amfortas")
    resolve(s, Block(A, "titurel", "amfortas"))
    assert ENG.is_over(s) and s.winners == [A] and ENG.to_act(s) == frozenset()
    assert all(ENG.legal_moves(s, p) == [] for p in range(s.players))
    with pytest.raises(IllegalMove) as err:
        ENG.apply(s, EndTurn(A))
    assert err.value.code == "illegal.game_over"


def test_the_state_keeps_what_the_rules_ask() -> None:
    """PAR-14.1, PAR-14.2, PAR-14.3, PAR-14.4, PAR-14.5, read from the saved form of a position in a response
    window."""
    s = setup(players=3, common=["gral"], limbo=["corno"])
    put(s, A, "titurel", "pane", "lancia")
    put(s, B, "amfortas", "balsamo")
    put(s, C, "parsifal")
    resolve(s, Block(A, "titurel", "parsifal"))
    play(s, SpendForExtra(A, "titurel", "pane"))
    play(s, Block(A, "titurel", "amfortas"))
    saved = ENG.to_dict(s)
    assert saved["options"] == {"players": 3, "first_player": A, "direction": "clockwise", "rounds_after_deck": 5}
    assert saved["common"] == ["gral", "pane"] and saved["limbo"] == ["corno"]
    assert {"card": "titurel", "owner": A, "held": ["lancia"], "entered": 1} in saved["characters"]
    assert saved["blocks"] == [["titurel", "parsifal", "own", 0]]
    assert (saved["active"], saved["turn"], saved["step"], saved["actions"]) == (A, 1, "window", 1)
    assert (saved["extra"], saved["extra_char"], saved["declined"]) == ("holder", "titurel", [])
    assert saved["pending"] == Block(A, "titurel", "amfortas").to_dict()
    assert (saved["last_draw_turn"], saved["idle_turns"], saved["winners"], saved["reason"]) == (None, 0, [], None)
    play(s, Decline(B))
    assert ENG.to_dict(s)["blocks"][1] == ["titurel", "amfortas", "lancia", 1]
