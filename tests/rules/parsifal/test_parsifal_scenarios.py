"""The test scenarios of the Parsifal rules (PAR-17), one test each (T-30 is in test_parsifal_cardset.py), and
the decisions they settle (PAR-16).

Seats A, B, C, D in turn order; A is on turn unless said; "resolves" means nobody could interrupt
or everybody declined.
"""
from __future__ import annotations

from parsifal_helpers import (A, B, C, D, ENG, block, code, kinds, legal, pass_to, play, put, resolve, setup,
                              with_missions)

from cardsets.parsifal.loader import Missions
from rules.kernel import Move
from rules.parsifal import (Abandon, Block, ChangeFaction, Command, Decline, EndTurn, Free, HandOver, Interrupt,
                            ParsifalEngine, ParState, Recover, SendToLimbo, SpendForExtra, Take)
from rules.parsifal.missions import complete


def test_t01_block_lays_the_blocker_over_and_drops_artifacts() -> None:
    """T-01: PAR-6.1.3b, PAR-6.1.3c, PAR-6.1.4, PAR-1.7; PAR-8.8 (a blocked character drops its artifacts)."""
    s = setup()
    put(s, A, "ammaliatrice#1")
    put(s, B, "parsifal", "lancia", "pane")
    events = resolve(s, Block(A, "ammaliatrice#1", "parsifal"))
    assert "window_opened" not in kinds(events)
    assert s.common == ["lancia", "pane"] and s.held["parsifal"] == []
    assert [(b.blocker, b.target, b.source) for b in s.blocks] == [("ammaliatrice#1", "parsifal", "own")]
    assert s.owner["ammaliatrice#1"] == A and s.owner["parsifal"] == B
    assert s.lies_over("ammaliatrice#1") == "parsifal"  # drawn over Parsifal, in B's area
    assert s.active == B
    assert all(getattr(m, "actor", None) != "parsifal" for m in ENG.legal_moves(s, B))
    assert code(s, Take(B, "parsifal", "lancia")) == "illegal.character_blocked"


# PAR-11.2's Herzeleide wins as soon as she blocks Parsifal and Gamuret, which is where T-02
# starts; these scenarios are about capacity, so they play on a set where she has no missions.
HERZ = with_missions({"herzeleide": Missions()})


def _herzeleide_with_four_blocks() -> ParState:
    s = setup(common=["arco"], eng=HERZ)
    put(s, A, "herzeleide")
    for c in ("parsifal", "gamuret", "gawan", "cavaliere#1", "cavaliere#2", "kundry"):
        put(s, B, c)
    block(s, "herzeleide", "parsifal")
    block(s, "herzeleide", "gamuret")
    return s


def test_t02_capacity_and_the_bow() -> None:
    """T-02: PAR-6.1.1, PAR-6.1.9, D-1; PAR-6.1.6, D-22: the blocker, lying over its target in
    another area, still takes and blocks."""
    s = _herzeleide_with_four_blocks()
    assert code(s, Block(A, "herzeleide", "gawan"), HERZ) == "illegal.block_capacity_full"
    resolve(s, Take(A, "herzeleide", "arco"), HERZ)
    pass_to(s, A, HERZ)
    resolve(s, Block(A, "herzeleide", "gawan"), HERZ)
    pass_to(s, A, HERZ)
    resolve(s, Block(A, "herzeleide", "cavaliere#1"), HERZ)
    pass_to(s, A, HERZ)
    assert [(b.target, b.source) for b in s.blocks_by("herzeleide")] == [
        ("parsifal", "own"), ("gamuret", "own"), ("gawan", "arco"), ("cavaliere#1", "arco")]
    assert code(s, Block(A, "herzeleide", "kundry"), HERZ) == "illegal.block_capacity_full"


def _after_t02() -> ParState:
    s = _herzeleide_with_four_blocks()
    resolve(s, Take(A, "herzeleide", "arco"), HERZ)
    for target in ("gawan", "cavaliere#1"):
        pass_to(s, A, HERZ)
        resolve(s, Block(A, "herzeleide", target), HERZ)
    return s


def test_t03_losing_the_enabling_artifact() -> None:
    """T-03: PAR-6.1.5, PAR-6.1.7c, D-2, PAR-5.2, PAR-14.6 (the reason of each ended block); PAR-8.8."""
    s = _after_t02()
    pass_to(s, A, HERZ)
    events = resolve(s, Abandon(A, "herzeleide", "arco"), HERZ)
    assert sorted(e.params["target"] for e in events if e.kind == "block_ended") == ["cavaliere#1", "gawan"]
    assert s.common == ["arco"] and s.held["herzeleide"] == []
    assert {e.params["reason"] for e in events if e.kind == "block_ended"} == {"source_lost"}
    assert [b.target for b in s.blocks_by("herzeleide")] == ["parsifal", "gamuret"]
    assert s.lies_over("herzeleide") == "parsifal"


def test_t03_variant_an_own_slot_freed_first_changes_nothing() -> None:
    """T-03 variant: D-2, the source never changes afterwards."""
    s = _after_t02()
    pass_to(s, B, HERZ)
    resolve(s, Free(B, "cavaliere#2", "parsifal"), HERZ)
    pass_to(s, A, HERZ)
    resolve(s, Abandon(A, "herzeleide", "arco"), HERZ)
    assert [b.target for b in s.blocks_by("herzeleide")] == ["gamuret"]
    assert not s.is_blocked("gawan") and not s.is_blocked("cavaliere#1") and not s.is_blocked("parsifal")


def test_t04_a_blocked_blocker_frees_its_target() -> None:
    """T-04: PAR-6.1.3a, PAR-6.1.7b, PAR-6.1.8; PAR-8.8 (a blocked blocker frees its target)."""
    s = setup(active=B, common=["lancia"])
    put(s, A, "ammaliatrice#1")
    put(s, B, "parsifal")
    put(s, B, "cavaliere#1")
    block(s, "ammaliatrice#1", "parsifal")
    events = resolve(s, Block(B, "cavaliere#1", "ammaliatrice#1"))
    assert ("block_ended", "parsifal", "blocker_blocked") in [
        (e.kind, e.params.get("target"), e.params.get("reason")) for e in events]
    assert not s.is_blocked("parsifal") and s.common == ["lancia"]
    assert s.lies_over("ammaliatrice#1") is None  # back in A's area
    assert s.lies_over("cavaliere#1") == "ammaliatrice#1"
    pass_to(s, A)
    assert all(getattr(m, "actor", None) != "ammaliatrice#1" for m in ENG.legal_moves(s, A))


def test_t05_blocking_a_blocker_that_holds_its_source() -> None:
    """T-05: PAR-6.1.3."""
    s = setup()
    put(s, B, "titurel", "lancia")
    put(s, A, "amfortas")
    put(s, A, "klingsor")
    put(s, A, "ammaliatrice#2")
    block(s, "titurel", "amfortas", "own")
    block(s, "titurel", "klingsor", "lancia")
    resolve(s, Block(A, "ammaliatrice#2", "titurel"))
    assert s.common == ["lancia"] and s.held["titurel"] == []
    assert not s.is_blocked("amfortas") and not s.is_blocked("klingsor")
    assert [(b.blocker, b.target) for b in s.blocks] == [("ammaliatrice#2", "titurel")]


def test_t06_the_swan_never_holds() -> None:
    """T-06: PAR-5.5, PAR-2.3, D-21, PAR-1.9; PAR-6.6.1 (the Swan may send only the Bow)."""
    s = setup(common=["arco"], limbo=["vino"])
    put(s, A, "cigno")
    put(s, A, "kundry", "balsamo")
    put(s, A, "titurel")
    put(s, B, "parsifal")
    assert code(s, Take(A, "cigno", "arco")) == "illegal.swan_cannot_hold"
    assert code(s, HandOver(A, "kundry", "cigno", "balsamo")) == "illegal.recipient_cannot_hold"
    assert code(s, Recover(A, "titurel", "vino", "cigno")) == "illegal.recipient_cannot_hold"
    assert legal(s, Block(A, "cigno", "parsifal"))
    assert legal(s, SendToLimbo(A, "cigno", "arco"))
    assert code(s, SendToLimbo(A, "cigno", "balsamo")) == "illegal.target_not_allowed"


def _three_maidens() -> ParState:
    s = setup()
    for n in (1, 2, 3):
        put(s, A, f"ammaliatrice#{n}")
    put(s, B, "parsifal", "lancia")
    put(s, C, "klingsor")
    return s


def test_t07_change_of_faction() -> None:
    """T-07: PAR-6.3, D-7."""
    s = _three_maidens()
    assert legal(s, ChangeFaction(A, "ammaliatrice#2", "klingsor", B))
    assert code(s, ChangeFaction(A, "ammaliatrice#2", "parsifal", B)) == "illegal.already_owner"
    events = resolve(s, ChangeFaction(A, "ammaliatrice#2", "parsifal", A))
    assert s.owner["parsifal"] == A and s.held["parsifal"] == ["lancia"]
    assert ("character_moved", "parsifal", B, A) in [
        (e.kind, e.params.get("card"), e.params.get("source"), e.params.get("to")) for e in events]


def test_t07_the_three_must_be_unblocked_and_alike() -> None:
    """T-07: PAR-6.3.1 (needs_three_unblocked)."""
    s = _three_maidens()
    put(s, C, "cavaliere#1")
    block(s, "cavaliere#1", "ammaliatrice#3")
    assert code(s, ChangeFaction(A, "ammaliatrice#2", "parsifal", A)) == "illegal.needs_three_unblocked"
    mixed = setup()
    put(mixed, A, "ammaliatrice#1")
    put(mixed, A, "ammaliatrice#2")
    put(mixed, A, "scudiero#1")
    put(mixed, B, "parsifal")
    assert code(mixed, ChangeFaction(A, "ammaliatrice#1", "parsifal", A)) == "illegal.needs_three_unblocked"
    assert code(mixed, ChangeFaction(A, "scudiero#1", "parsifal", A)) == "illegal.needs_three_unblocked"


def _horn_position() -> ParState:
    s = setup(common=["gral"])
    put(s, A, "klingsor")
    put(s, A, "titurel", "pane")
    put(s, B, "ferris", "corno")
    return s


def test_t08_an_interrupt_with_the_horn_ends_the_turn() -> None:
    """T-08: PAR-6.8.2b, PAR-6.8.3, D-12."""
    s = _horn_position()
    events = play(s, Take(A, "klingsor", "gral"))
    assert kinds(events) == ["window_opened"] and ENG.to_act(s) == {B}
    assert ENG.legal_moves(s, B) == [Interrupt(B, "ferris", "corno"), Decline(B)]
    events = play(s, Interrupt(B, "ferris", "corno"))
    assert s.limbo == ["corno"] and s.common == ["gral"] and s.held["klingsor"] == []
    assert s.active == B and s.turn == 2 and "extra_action_granted" not in kinds(events)
    assert code(s, SpendForExtra(A, "titurel", "pane")) == "illegal.not_your_turn"


def test_t09_a_native_interrupt_spends_a_block_source() -> None:
    """T-09: PAR-6.8.2a, PAR-6.1.7c."""
    s = setup(common=["gral"])
    put(s, A, "parsifal")
    put(s, A, "titurel")
    put(s, B, "gawan")
    put(s, C, "kundry", "arco")
    block(s, "kundry", "parsifal", "own")
    block(s, "kundry", "gawan", "arco")
    play(s, Take(A, "titurel", "gral"))
    assert ENG.to_act(s) == {C}
    play(s, Interrupt(C, "kundry", "arco"))
    assert s.limbo == ["arco"] and not s.is_blocked("gawan") and s.is_blocked("parsifal")
    assert s.common == ["gral"] and s.held["titurel"] == [] and s.active == B


def test_t09_an_empty_handed_kundry_is_not_eligible() -> None:
    """T-09: PAR-6.8.2a, D-13: no window when nobody could interrupt."""
    s = setup(common=["gral"])
    put(s, A, "titurel")
    put(s, C, "kundry")
    events = play(s, Take(A, "titurel", "gral"))
    assert "window_opened" not in kinds(events) and s.held["titurel"] == ["gral"]


def test_t10_no_interrupt_of_an_interrupt() -> None:
    """T-10: PAR-6.8.4, PAR-6.8.6; PAR-6.8.1 (never on one's own turn)."""
    s = _horn_position()
    put(s, C, "amfortas", "balsamo")
    play(s, Take(A, "klingsor", "gral"))
    assert ENG.to_act(s) == {B, C} and ENG.eligible(s) == [B, C]
    assert code(s, Interrupt(A, "klingsor", "gral")) == "illegal.interrupt_own_turn"
    events = play(s, Interrupt(B, "ferris", "corno"))
    assert "window_opened" not in kinds(events)
    assert code(s, Interrupt(C, "amfortas", "balsamo")) == "illegal.no_action_to_interrupt"


def test_t10_a_blocked_character_is_never_eligible() -> None:
    """T-10: PAR-6.8.2, D-6."""
    s = _horn_position()
    put(s, C, "amfortas", "balsamo")
    put(s, D, "gawan")
    block(s, "gawan", "amfortas")
    play(s, Take(A, "klingsor", "gral"))
    assert ENG.to_act(s) == {B}


def test_t11_recovery() -> None:
    """T-11: PAR-6.7.1, PAR-6.7.2, PAR-6.7.3, D-11, PAR-1.9."""
    s = setup(limbo=["klingsor", "corno"])
    put(s, A, "gurnemanz")
    put(s, A, "titurel")
    put(s, A, "cigno")
    put(s, B, "ferris")
    put(s, B, "gawan")
    block(s, "cigno", "gawan")
    assert code(s, Recover(A, "gurnemanz", "corno", "titurel")) == "illegal.target_not_allowed"
    assert code(s, Recover(A, "gurnemanz", "klingsor", "titurel")) == "illegal.bad_recipient"
    resolve(s, Recover(A, "gurnemanz", "klingsor"))
    assert s.owner["klingsor"] == A and s.held["klingsor"] == [] and not s.is_blocked("klingsor")
    assert s.limbo == ["corno"]
    pass_to(s, A)
    assert code(s, Recover(A, "titurel", "corno", "gawan")) == "illegal.recipient_cannot_hold"
    assert code(s, Recover(A, "titurel", "corno", "cigno")) == "illegal.recipient_cannot_hold"
    assert code(s, Recover(A, "titurel", "corno")) == "illegal.bad_recipient"
    resolve(s, Recover(A, "titurel", "corno", "ferris"))
    assert s.held["ferris"] == ["corno"] and s.limbo == []


def test_t12_copies_share_a_win_another_player_caused() -> None:
    """T-12: PAR-8.1, PAR-8.3, PAR-8.4, PAR-8.5, PAR-8.6, D-17: the rulebook's own example."""
    s = setup(active=D)
    put(s, A, "ammaliatrice#1")
    put(s, B, "parsifal")
    put(s, B, "klingsor")
    put(s, C, "ammaliatrice#4")
    put(s, D, "cavaliere#1")
    put(s, D, "kundry", "gral")
    block(s, "ammaliatrice#1", "parsifal")
    block(s, "cavaliere#1", "ammaliatrice#4")
    events = resolve(s, HandOver(D, "kundry", "klingsor", "gral"))
    assert ENG.is_over(s) and s.reason == "missions"
    assert s.winners == [A, C] and sorted(s.winning) == ["ammaliatrice#1", "ammaliatrice#4"]
    assert events[-1].kind == "game_won" and events[-1].params["players"] == [A, C]


def test_t13_the_block_must_still_stand() -> None:
    """T-13: PAR-8.3."""
    s = setup(active=B, common=["gral"])
    put(s, A, "titurel")
    put(s, B, "amfortas")
    put(s, B, "cavaliere#1")
    block(s, "titurel", "amfortas")
    resolve(s, Free(B, "cavaliere#1", "amfortas"))
    pass_to(s, A)
    resolve(s, Take(A, "titurel", "gral"))
    assert not ENG.is_over(s)
    pass_to(s, A)
    resolve(s, Block(A, "titurel", "amfortas"))
    assert s.winners == [A]


def test_t14_block_missions_are_personal() -> None:
    """T-14: PAR-8.3."""
    s = setup()
    put(s, A, "titurel", "gral")
    put(s, A, "ammaliatrice#1")
    put(s, B, "amfortas")
    put(s, B, "cavaliere#1")
    resolve(s, Block(A, "ammaliatrice#1", "amfortas"))
    assert not complete(ENG.cards, s, "titurel") and not ENG.is_over(s)
    pass_to(s, B)
    resolve(s, Free(B, "cavaliere#1", "amfortas"))
    pass_to(s, A)
    resolve(s, Block(A, "titurel", "amfortas"))
    assert complete(ENG.cards, s, "titurel") and s.winners == [A]


def test_t15_bread_gives_the_winning_second_action() -> None:
    """T-15: PAR-6.9, D-20."""
    s = setup(common=["gral"])
    put(s, A, "titurel", "pane")
    put(s, B, "amfortas")
    resolve(s, Block(A, "titurel", "amfortas"))
    assert s.step == "after_action" and s.active == A
    assert code(s, Take(A, "titurel", "gral")) == "illegal.one_action_per_turn"
    events = play(s, SpendForExtra(A, "titurel", "pane"))
    assert "pane" in s.common and "extra_action_granted" in kinds(events)
    assert code(s, SpendForExtra(A, "titurel", "pane")) == "illegal.extra_already_used"
    resolve(s, Take(A, "titurel", "gral"))
    assert s.winners == [A]


def test_t15_wine_moves_the_extra_action_to_another_character() -> None:
    """T-15: PAR-6.9.1 (Wine), PAR-6.9.2, PAR-5.6."""
    s = setup(common=["gral"])
    put(s, A, "titurel", "vino")
    put(s, A, "kundry")
    put(s, B, "amfortas")
    resolve(s, Block(A, "titurel", "amfortas"))
    play(s, SpendForExtra(A, "titurel", "vino"))
    assert code(s, Take(A, "titurel", "gral")) == "illegal.wrong_extra_actor"
    assert code(s, SpendForExtra(A, "kundry", "vino")) == "illegal.extra_already_used"
    assert legal(s, Take(A, "kundry", "gral"))
    resolve(s, Take(A, "kundry", "gral"))
    assert s.active == B and not ENG.is_over(s)  # the extra action ends the turn
    assert code(s, Take(A, "kundry", "vino")) == "illegal.not_your_turn"


def _control_position() -> ParState:
    s = setup(limbo=["parsifal"])
    put(s, A, "klingsor")
    put(s, A, "kundry")
    put(s, B, "amfortas", "gral")
    put(s, C, "gurnemanz")
    put(s, D, "gawan")
    put(s, D, "cavaliere#1")
    block(s, "cavaliere#1", "gawan")
    return s


def test_t16_control() -> None:
    """T-16: PAR-6.5, D-9; PAR-1.4, D-23: control does not change the owner."""
    s = _control_position()
    command = Command(A, "klingsor", "amfortas", "HandOver", "gral", "klingsor")
    assert legal(s, command)
    events = resolve(s, command)
    assert "commanded" in kinds(events)
    assert s.held["klingsor"] == ["gral"] and s.owner["amfortas"] == B


def test_t16_what_cannot_be_commanded() -> None:
    """T-16: PAR-6.5.1, PAR-6.5.2, PAR-13.1."""
    s = _control_position()
    assert code(s, Command(A, "klingsor", "gawan", "Take", "arco")) == "illegal.character_blocked"
    assert code(s, Command(A, "klingsor", "kundry", "Block", "amfortas")) == "illegal.not_other_player"
    assert code(s, Command(A, "klingsor", "gurnemanz", "Command", "amfortas")) == "illegal.not_through_control"
    assert code(s, Command(A, "klingsor", "gurnemanz", "ChangeFaction", "amfortas")) == "illegal.not_through_control"


def test_t16_a_commanded_recovery_joins_the_active_player() -> None:
    """T-16: PAR-6.5.3."""
    s = _control_position()
    resolve(s, Command(A, "klingsor", "gurnemanz", "Recover", "parsifal"))
    assert s.owner["parsifal"] == A and s.owner["gurnemanz"] == C


def test_t17_interrupting_a_commanded_action() -> None:
    """T-17: PAR-6.5.4."""
    s = _control_position()
    put(s, B, "gamuret", "corno")
    play(s, Command(A, "klingsor", "amfortas", "HandOver", "gral", "klingsor"))
    play(s, Interrupt(B, "gamuret", "corno"))
    assert s.held["amfortas"] == ["gral"] and s.held["klingsor"] == []
    assert s.limbo == ["parsifal", "corno"] and s.active == B


def test_t18_your_own_blocked_character_to_limbo() -> None:
    """T-18: PAR-6.6, PAR-6.1.7d, PAR-1.5 (Limbo is out of play); PAR-8.8 (your own character to Limbo)."""
    s = setup()
    put(s, A, "herzeleide")
    put(s, A, "parsifal")
    put(s, A, "klingsor", "lancia")
    resolve(s, Block(A, "herzeleide", "klingsor"))
    assert s.common == ["lancia"]
    pass_to(s, A)
    events = resolve(s, SendToLimbo(A, "parsifal", "klingsor"))
    assert ("block_ended", "left_play") in [(e.kind, e.params.get("reason")) for e in events]
    assert s.blocks == [] and s.lies_over("herzeleide") is None
    assert s.limbo == ["klingsor"] and "klingsor" not in s.owner


def test_t19_a_blocked_character_is_inert() -> None:
    """T-19: PAR-6.1.4, D-6."""
    s = setup(active=B, common=["arco"])
    put(s, A, "kundry", "balsamo")
    put(s, A, "klingsor")
    put(s, B, "gawan")
    put(s, C, "cavaliere#1")
    block(s, "cavaliere#1", "gawan")
    assert code(s, Take(B, "gawan", "arco")) == "illegal.character_blocked"
    pass_to(s, A)
    assert code(s, HandOver(A, "kundry", "gawan", "balsamo")) == "illegal.recipient_cannot_hold"
    assert code(s, Command(A, "klingsor", "gawan", "Take", "arco")) == "illegal.character_blocked"
    s.held["gawan"] = ["corno"]  # even if it somehow held the Horn
    assert ENG.interrupt_artifacts(s, "gawan") == [] and ENG.eligible(s) == []


def test_t20_one_action_then_the_turn_ends_by_itself() -> None:
    """T-20: PAR-5.6, PAR-13.2, PAR-1.10."""
    s = setup(common=["arco", "gral"])
    put(s, A, "klingsor")
    events = resolve(s, Take(A, "klingsor", "arco"))
    assert "turn_ended" in kinds(events) and s.active == B
    assert code(s, Take(A, "klingsor", "gral")) == "illegal.not_your_turn"
    bread = setup(common=["arco", "gral"])
    put(bread, A, "klingsor", "pane")
    resolve(bread, Take(A, "klingsor", "arco"))
    assert bread.step == "after_action"
    assert code(bread, Take(A, "klingsor", "gral")) == "illegal.one_action_per_turn"


def test_t21_a_win_on_another_players_turn_through_an_interrupt() -> None:
    """T-21: PAR-8.5, D-14, D-15."""
    s = setup(active=B, common=["gral"])
    put(s, A, "cigno")
    put(s, B, "titurel")
    put(s, C, "parsifal")
    put(s, C, "kundry", "arco")
    block(s, "cigno", "parsifal")
    play(s, Take(B, "titurel", "gral"))
    assert ENG.to_act(s) == {C}
    events = play(s, Interrupt(C, "kundry", "arco"))
    assert s.limbo == ["arco"] and s.winners == [A] and s.winning == ["cigno"]
    assert "turn_ended" not in kinds(events) and ENG.to_act(s) == frozenset()


def test_t22_different_characters_complete_together() -> None:
    """T-22: D-16."""
    s = setup(active=B)
    put(s, A, "klingsor", "lancia")
    put(s, B, "kundry", "gral")
    put(s, C, "ammaliatrice#3")
    put(s, D, "parsifal")
    block(s, "ammaliatrice#3", "parsifal")
    resolve(s, HandOver(B, "kundry", "klingsor", "gral"))
    assert s.winners == [A, C] and sorted(s.winning) == ["ammaliatrice#3", "klingsor"]


def test_t23_draws() -> None:
    """T-23: PAR-4.1, PAR-4.4, PAR-1.4 (a drawn character is the drawer's)."""
    s = setup(players=2, active=B, deck=["gral", "scudiero#1", "gawan"])
    events = play(s, EndTurn(B))
    assert ("tarot_drawn", "gral", "common") in [(e.kind, e.params.get("card"), e.params.get("to")) for e in events]
    assert s.active == A and s.common == ["gral"]
    play(s, EndTurn(A))
    assert s.owner["scudiero#1"] == B
    play(s, EndTurn(B))
    assert s.owner["gawan"] == A and s.entered["gawan"] == s.turn and s.deck == []
    assert legal(s, Take(A, "gawan", "gral"))


def test_t24_missions_are_checked_after_a_draw() -> None:
    """T-24: PAR-8.5, D-15, with a test-only card whose mission is met by Limbo alone."""
    eng = with_missions({"gawan": Missions(("in_limbo",), in_limbo=("corno",))})
    s = setup(players=2, active=B, deck=["gawan"], limbo=["corno"], eng=eng)
    events = play(s, EndTurn(B), eng)
    assert kinds(events)[-2:] == ["tarot_drawn", "game_won"] and s.winners == [A]


def test_t25_freeing() -> None:
    """T-25: PAR-6.2, D-3, D-4, PAR-6.1.7a."""
    s = setup()
    put(s, A, "cavaliere#1")
    put(s, A, "cavaliere#2")
    put(s, B, "ammaliatrice#2")
    block(s, "cavaliere#1", "ammaliatrice#2")
    resolve(s, Free(A, "cavaliere#2", "ammaliatrice#2"))
    assert s.blocks == [] and s.lies_over("cavaliere#1") is None and s.owner["cavaliere#1"] == A
    pass_to(s, A)
    assert legal(s, Block(A, "cavaliere#1", "ammaliatrice#2"))


def test_t25_the_spear_frees_two_at_once() -> None:
    """T-25: PAR-6.2.1, PAR-7.1."""
    s = setup()
    put(s, A, "cavaliere#2", "lancia")
    put(s, B, "herzeleide")
    for c in ("parsifal", "gamuret", "gawan"):
        put(s, C, c)
    block(s, "herzeleide", "parsifal")
    block(s, "herzeleide", "gamuret")
    put(s, D, "kundry")
    block(s, "kundry", "gawan")
    assert code(s, Free(A, "cavaliere#2", "gamuret,gawan,parsifal")) == "illegal.too_many_targets"
    assert code(s, Free(A, "cavaliere#2", "parsifal,gamuret")) == "illegal.bad_list"
    resolve(s, Free(A, "cavaliere#2", "gawan,parsifal"))
    assert [b.target for b in s.blocks] == ["gamuret"]


def test_t26_change_of_faction_keeps_blocks() -> None:
    """T-26: PAR-6.3.2."""
    s = setup()
    for n in (1, 2, 3):
        put(s, A, f"scudiero#{n}")
    put(s, B, "parsifal")
    put(s, C, "ammaliatrice#1")
    block(s, "ammaliatrice#1", "parsifal")
    resolve(s, ChangeFaction(A, "scudiero#1", "parsifal", A))
    assert s.owner["parsifal"] == A and s.is_blocked("parsifal") and s.lies_over("ammaliatrice#1") == "parsifal"
    pass_to(s, A)
    resolve(s, ChangeFaction(A, "scudiero#2", "ammaliatrice#1", A))
    assert s.owner["ammaliatrice#1"] == A
    assert [(b.blocker, b.target) for b in s.blocks] == [("ammaliatrice#1", "parsifal")]


def test_t27_self_targets() -> None:
    """T-27: PAR-6.1.2, PAR-6.4.1, PAR-6.6.2, D-5, D-10."""
    s = setup()
    put(s, A, "kundry", "balsamo")
    put(s, A, "parsifal")
    assert code(s, Block(A, "kundry", "kundry")) == "illegal.self_target"
    assert code(s, SendToLimbo(A, "parsifal", "parsifal")) == "illegal.self_target"
    assert code(s, HandOver(A, "kundry", "kundry", "balsamo")) == "illegal.self_target"


def _no_missions() -> ParsifalEngine:
    return with_missions({t.id: Missions() for t in ENG.cards.tarots})


def _busy(eng: ParsifalEngine, s: ParState, until_turn: int, idle_after: int | None = None) -> list[int]:
    """Play with somebody acting every turn (Take/Abandon first); from `idle_after` on, only EndTurn.

    Returns the turns in which a tarot was drawn.
    """
    drawn: list[int] = []
    while not eng.is_over(s) and s.turn <= until_turn:
        player = min(eng.to_act(s))
        moves = eng.legal_moves(s, player)
        move: Move
        if s.step == "window":
            move = Decline(player)
        elif idle_after is not None and s.turn > idle_after:
            move = EndTurn(player)
        else:
            move = next((m for m in moves if isinstance(m, (Take, Abandon))),
                        next((m for m in moves if not isinstance(m, (EndTurn, SpendForExtra))), EndTurn(player)))
        events = eng.apply(s, move)
        drawn += [s.turn for e in events if e.kind == "tarot_drawn"]  # a draw opens the turn it belongs to
    return drawn


def test_t28_the_safeguard() -> None:
    """T-28: PAR-9.1, PAR-9.2, D-18, PAR-1.8 (a round is a turn per player); PAR-8.7 (cards without
    missions never win)."""
    eng = _no_missions()
    s = eng.new_state({"players": 3}, 11)
    drawn = _busy(eng, s, 100)
    assert s.last_draw_turn == 30 and (30 - 1) % 3 == C and max(drawn) == 30
    assert s.reason == "safeguard" and s.turn == 45 and s.winners == []


def test_t28_a_round_of_passes_after_the_deck_is_a_draw() -> None:
    """T-28 variant: PAR-9.3."""
    eng = _no_missions()
    s = eng.new_state({"players": 3}, 11)
    _busy(eng, s, 100, idle_after=30)
    assert s.reason == "all_passed" and s.turn == 33


def test_t28_unlimited_never_stops() -> None:
    """T-28 variant: PAR-9.2 `unlimited`."""
    eng = _no_missions()
    s = eng.new_state({"players": 3, "rounds_after_deck": "unlimited"}, 11)
    _busy(eng, s, 120, idle_after=30)
    assert not eng.is_over(s) and s.turn == 121 and eng.post_deck_turns_left(s) is None


def test_t29_titurels_known_mission() -> None:
    """T-29: PAR-11.2, PAR-6.8, PAR-4.3 (declared, answered, resolved, then checked)."""
    s = setup()
    put(s, A, "titurel", "gral")
    put(s, B, "amfortas", "balsamo")
    play(s, Block(A, "titurel", "amfortas"))
    assert ENG.to_act(s) == {B}
    declined = ENG.clone(s)
    play(declined, Decline(B))
    assert declined.common == ["balsamo"] and declined.winners == [A]
    play(s, Interrupt(B, "amfortas", "balsamo"))
    assert s.limbo == ["balsamo"] and s.blocks == [] and s.active == B and not ENG.is_over(s)
