"""Bacchanalia set-up, introductions, options, views and undo: T-29, BAC-3 to BAC-5, BAC-13, BAC-14."""
from __future__ import annotations

import pytest

from bacchanalia_helpers import A, B, C, ENG, event_kinds, find, held, legal, play, position, required
from rules import Event, Match, saves
from rules.bacchanalia.moves import (AskQuestion, DeclareBacchusArrivalDone, DeclareIntroductionDone,
                                     DeclareWithAmans, GiveDeus, LockUmbra)
from rules.kernel import HIDDEN, BadOption, IllegalMove


def test_t29_distribution_round() -> None:
    """T-29: BAC-3.2, BAC-3.3, BAC-3.4, BAC-3.5, BAC-1.4, A-3, A-4, A-5, D-6, D-7."""
    s = ENG.new_state({"players": 3, "setup_starter": A}, 11)
    assert sorted(ENG.kind(c) for c in s.centre) == sorted(
        ["bacchus", "pluto", "accusator", "satyrus", "satyrus", "miles", "miles", "minerva", "venus"])
    assert s.set_aside == ["deus_amans"] and s.awaiting == "give_deus" and s.decider == A
    with pytest.raises(IllegalMove) as info:
        play(s, GiveDeus(A, A, s.centre[0]))
    assert info.value.code == "illegal.give_to_self"
    gifts = [(A, B), (B, A), (C, A), (A, B), (B, C)]
    for giver, to in gifts:
        assert s.decider == giver
        play(s, GiveDeus(giver, to, s.centre[0]))
    with pytest.raises(IllegalMove) as info:
        play(s, GiveDeus(A, B, s.centre[0]))
    assert info.value.code == "illegal.recipient_full"
    assert s.decider == A  # C had nobody to give to
    assert {m.to for m in legal(s, A, GiveDeus)} == {C}  # type: ignore[attr-defined]
    ev = play(s, GiveDeus(A, C, s.centre[0]))
    assert event_kinds(ev)[:3] == ["deus_given", "distribution_done", "turn_started"]
    assert len(s.centre) == 3 and s.set_aside == ["deus_amans"]
    for p in (A, B, C):
        assert len(s.seats[p].deus) == 3 and held(s, p).count("vinum") == 1
        assert not s.seats[p].arrival_pending and not s.seats[p].question_pending
    assert s.phase == "intro"


def test_t29_the_skipped_giver_is_logged() -> None:
    """BAC-3.3: a giver with no eligible recipient is skipped."""
    s = ENG.new_state({"players": 3, "setup_starter": A}, 11)
    events = []
    for giver, to in [(A, B), (B, A), (C, A), (A, B)]:
        events += play(s, GiveDeus(giver, to, s.centre[0]))
    events += play(s, GiveDeus(B, C, s.centre[0]))
    assert find(events, "giver_skipped") == [{"player": C}]


@pytest.mark.parametrize("players, left", [(3, 3), (4, 1), (5, 1), (6, 0)])
def test_leftovers_stay_in_the_centre(players: int, left: int) -> None:
    """BAC-3.2, BAC-3.4, A-4; BAC-1.4: the Vinum cards a smaller table does not use stay in the box."""
    s = ENG.new_state({"players": players}, players)
    while s.phase == "setup":
        play(s, required(s)[0])
    assert len(s.centre) == left
    counts = sorted(sum(1 for d in seat.deus if ENG.kind(d) != "vinum") for seat in s.seats)
    assert counts == ([1] + [2] * 5 if players == 6 else [2] * players)
    assert sum(1 for c in s.box if ENG.kind(c) == "vinum") == 6 - players


def test_introductions_then_normal_play() -> None:
    """BAC-5.1, BAC-5.2, BAC-5.5, A-6: introductions only, clockwise from the first player, then normal turns."""
    s = ENG.new_state({"players": 3, "setup_starter": B, "first_player": C}, 2)
    while s.phase == "setup":
        play(s, required(s)[0])
    order = []
    deck = len(s.deck)
    while s.phase == "intro":
        order.append(s.active)
        assert s.awaiting == "intro" and ENG.prompt(s)[0] == "prompt.introduce"
        assert legal(s, s.active, DeclareWithAmans) == []
        play(s, DeclareIntroductionDone(s.active))
    assert order == [C, A, B] and s.active == C and s.turn.kind == "normal"
    assert deck - len(s.deck) <= 4 and all(seat.introduced for seat in s.seats)


def test_bacchus_arrival_waits_for_its_prompt() -> None:
    """BAC-6.1.1: the draw waits until the arrival is told."""
    s, ev = position({A: ["satyrus"]}, start=False)
    s.seats[A].arrival_pending = True
    events: list[Event] = []
    ENG._start_turn(s, A, events)
    assert s.awaiting == "arrival" and "umbra_drawn" not in event_kinds(events)
    assert ENG.prompt(s)[0] == "prompt.bacchus_arrival"
    ev = play(s, DeclareBacchusArrivalDone(A))
    assert not s.seats[A].arrival_pending and event_kinds(ev).count("umbra_drawn") == 4


def test_with_amans_needs_the_card() -> None:
    """BAC-6.7.6, A-20."""
    s, ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto", "miles", "venus"])
    assert legal(s, A, DeclareWithAmans) == []
    with pytest.raises(IllegalMove) as info:
        play(s, DeclareWithAmans(A, True))
    assert info.value.code == "illegal.amans_not_held"
    s, ev = position({A: ["satyrus", "amans"]}, count=1, draw=["satyrus", "pluto", "miles", "venus"])
    assert legal(s, A, DeclareWithAmans) == [DeclareWithAmans(A, True)]
    play(s, DeclareWithAmans(A, True))
    assert s.seats[A].with_amans and legal(s, A, DeclareWithAmans) == [DeclareWithAmans(A, False)]


def test_bac82_questions_may_be_asked_any_time() -> None:
    """BAC-8.2, BAC-13.2, BAC-13.3: anyone but the teller may ask questions, at any time and as
    often as they like; each is only logged (courtesy is for the table, not the engine)."""
    s, ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto", "miles", "venus"])
    assert AskQuestion(B) in legal(s, B) and legal(s, A, AskQuestion) == []
    assert ENG.to_act(s) == frozenset({0, 1, 2, 3}) and ENG.waiting_for(s) == {A}
    ev = play(s, AskQuestion(B, "Why are you barefoot?"))
    assert find(ev, "question_asked") == [{"player": B, "to": A, "text": "Why are you barefoot?"}]
    ev = play(s, AskQuestion(B, "And then?"))
    assert find(ev, "question_asked") == [{"player": B, "to": A, "text": "And then?"}]
    assert AskQuestion(B) in legal(s, B) and s.awaiting == "narrate"
    with pytest.raises(IllegalMove) as info:
        play(s, AskQuestion(A, "Me?"))
    assert info.value.code == "illegal.ask_yourself"


def test_an_illegal_move_leaves_the_state_untouched() -> None:
    """Kernel contract: apply checks first."""
    s, ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto", "miles", "venus"])
    before = ENG.to_dict(s)
    for move in [GiveDeus(A, B, "deus_pluto"), DeclareIntroductionDone(B), AskQuestion(9)]:
        with pytest.raises(IllegalMove):
            play(s, move)
    assert ENG.to_dict(s) == before


def test_the_view_hides_only_the_deck_order() -> None:
    """BAC-2.6."""
    s, ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto", "miles", "venus"])
    seen = ENG.view(s, B)
    assert seen.deck == [HIDDEN] * len(s.deck) and seen.rng is None
    assert seen.turn.area == s.turn.area and seen.discard == s.discard and seen.centre == s.centre
    assert set(ENG.hidden_from(s, B)) == set(s.deck)


def test_undo_stops_at_draws_and_new_turns_but_not_at_declarations() -> None:
    """docs/design.md §History and undo: multiplayer undo stays in the turn and never crosses a draw or a shuffle."""
    match = Match(ENG, {"players": 3}, 4)
    match.play(required(match.state)[0])
    assert match.can_undo()  # a gift reveals nothing
    while match.state.phase == "setup":
        match.play(required(match.state)[0])
    assert not match.can_undo()  # the last gift started the first introduction
    match.play(AskQuestion(B if match.state.active != B else C))
    assert match.can_undo()
    while match.state.phase == "intro":
        match.play(required(match.state)[0])
    assert not match.can_undo()  # the last introduction started a turn that drew cards
    s, ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto", "miles", "venus"])
    assert ENG.undo_barrier(ev) and not ENG.undo_barrier(play(s, LockUmbra(A, s.turn.area[1], "the old priest")))


def test_a_save_replays_to_the_same_state() -> None:
    """BAC-14: a game is its seed, options and moves."""
    match = Match(ENG, {"players": 4, "length": "parcae_limit", "parcae_limit": 2}, 9)
    for _ in range(40):
        match.play(required(match.state)[0])
    loaded = saves.loads(saves.to_json(match))
    assert ENG.to_dict(loaded.state) == ENG.to_dict(match.state)


@pytest.mark.parametrize("options, code", [
    ({"players": 2}, "option.players_range"),
    ({"players": 7}, "option.players_range"),
    ({"players": 3, "first_player": 3}, "option.seat_range"),
    ({"setup_starter": True}, "option.seat_range"),
    ({"length": "forever"}, "option.length"),
    ({"length": "parcae_limit"}, "option.parcae_limit"),
    ({"parcae_limit": 2}, "option.parcae_limit"),
    ({"length": "parcae_limit", "parcae_limit": 0}, "option.parcae_limit"),
    ({"minutes": 90}, "option.minutes"),
    ({"umbra_composition": {"parcae": 2}}, "option.parcae_fixed"),
    ({"umbra_composition": {"wine": 2}}, "option.composition_card"),
    ({"umbra_composition": {"miles": -1}}, "option.composition_count"),
    ({"umbra_composition": [1, 2]}, "option.composition"),
    ({"colour": "red"}, "option.unknown"),
])
def test_bad_options(options: dict[str, object], code: str) -> None:
    """BAC-3.1, BAC-4.1, BAC-2.3; BAC-2.5, A-2: three to six players."""
    with pytest.raises(BadOption) as info:
        ENG.options(options)
    assert info.value.code == code


@pytest.mark.parametrize("options, code", [
    ({"length": "time_limit", "minutes": 10**400}, "option.minutes"),
    ({"length": "time_limit", "minutes": 1441}, "option.minutes"),
    ({"length": "time_limit", "minutes": 0}, "option.minutes"),
    ({"length": "parcae_limit", "parcae_limit": 51}, "option.parcae_limit"),
    ({"length": "parcae_limit", "parcae_limit": 10**9}, "option.parcae_limit"),
    ({"umbra_composition": {"vinum": 1_000_000_000}}, "option.composition_count"),
    ({"umbra_composition": {"miles": 21}}, "option.composition_count"),
])
def test_numeric_options_are_bounded(options: dict[str, object], code: str) -> None:
    """BAC-4.1, BAC-2.3: a day's minutes at most, at most 50 Parcae draws, at most 20 Umbra of
    a kind (the assumed deck has 9 at most); larger numbers are refused, not built."""
    with pytest.raises(BadOption) as info:
        ENG.options(options)
    assert info.value.code == code


def test_numeric_options_at_their_bounds() -> None:
    """BAC-4.1, BAC-2.3: the largest values are still games."""
    assert ENG.options({"length": "time_limit", "minutes": 1440})["minutes"] == 1440
    assert ENG.options({"length": "parcae_limit", "parcae_limit": 50})["parcae_limit"] == 50
    s = ENG.new_state({"umbra_composition": {"vinum": 20, "miles": 0}}, 1)
    assert len(s.deck) == 62 + 11 - 7


def test_default_options() -> None:
    """BAC-4.1, D-10: until all finales by default; the Umbra composition comes from the card set (A-1)."""
    opts = ENG.options({})
    assert (opts["players"], opts["length"], opts["parcae_limit"]) == (4, "until_all_finales", None)
    assert sum(opts["umbra_composition"].values()) == 62 and opts["umbra_composition"]["parcae"] == 1
    assert opts["umbra_composition"]["vinum_symbol"] == 4
    s = ENG.new_state({"umbra_composition": {"vinum_symbol": 6}}, 1)
    assert sum(1 for c in s.deck if ENG.has_symbol(c)) == 6 and len(s.deck) == 64


def test_prompts_name_their_texts() -> None:
    """BAC-1.9, BAC-5.2, BAC-5.3, BAC-5.4, D-11, BAC-6.7.5, BAC-10: the table is told which texts to show
    (six merged introduction questions; the two hints once, at the first introduction)."""
    import cardsets

    catalog = cardsets.load_texts("bacchanalia")
    s = ENG.new_state({"players": 3, "first_player": B}, 3)
    while s.phase == "setup":
        play(s, required(s)[0])
    key, params = ENG.prompt(s)
    assert key == "prompt.introduce" and len(params["questions"]) == 6
    assert params["hints"] == ["intro.hint_sketch", "intro.hint_festival"]
    play(s, required(s)[0])
    assert ENG.prompt(s)[1]["hints"] == []
    s, ev = position({A: ["minerva"]}, count=1, with_amans=[A], draw=["minerva", "minerva", "vinum", "pluto"])
    key, params = ENG.prompt(s)
    assert (key, params["scene"]) == ("aruspex.minerva.with", "scene.stay")
    s, ev = position({A: ["pluto", "minerva"]}, sudden=True, draw=["pluto", "minerva", "bacchus", "vinum", "miles"])
    assert ENG.prompt(s)[1]["options"] == ["finale.option.2", "finale.option.4"]
    for key in [ENG.prompt(s)[0], *ENG.prompt(s)[1]["options"]]:
        assert catalog.text("nl", key) != key


def test_golden_playthrough() -> None:
    """A pinned deal and game (first option of every awaited decision): catches unintended rule changes."""
    s = ENG.new_state({"players": 4, "length": "parcae_limit", "parcae_limit": 1}, 1234)
    assert s.deck[-5:][::-1] == ["umbra_amans#4", "umbra_miles#1", "umbra_vinum#1", "umbra_venus#3", "umbra_venus#4"]
    log = []
    while not ENG.is_over(s):
        for e in play(s, required(s)[0]):
            if e.kind == "dominant":
                log.append((s.active, e.params["result"]))
            if e.kind == "player_out":
                log.append((e.params["player"], e.params["outcome"]))
    assert log == [(0, "vinum"), (1, "vinum"), (2, "vinum"), (3, "miles"), (0, "vinum"), (1, "lost"), (2, "lost"),
                   (3, "free_lose_amans"), (0, "death")]
    assert s.turn_number == 13


def test_bac82_typed_text_is_bounded_in_length() -> None:
    """BAC-8.2, BAC-13.2: what a player types is recorded as written, up to MAX_TYPED characters; a
    longer text (a hand-made save with a book in it) is refused with a reason, the state untouched."""
    from rules.bacchanalia.engine import MAX_TYPED

    s, _ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto", "miles", "venus"])
    ev = play(s, AskQuestion(B, "x" * MAX_TYPED))
    assert find(ev, "question_asked")[0]["text"] == "x" * MAX_TYPED
    before = ENG.to_dict(s)
    with pytest.raises(IllegalMove) as info:
        play(s, AskQuestion(B, "x" * (MAX_TYPED + 1)))
    assert info.value.code == "illegal.text_too_long" and info.value.params == {"limit": MAX_TYPED}
    assert ENG.to_dict(s) == before


def test_bac37_bacchus_may_stay_in_the_centre_and_a_setup_gift_raises_no_flag() -> None:
    """BAC-3.6, BAC-3.7, A-5: after setup the deck holds every Umbra and nothing else is under way;
    Bacchus left in the centre is not yet assigned; given in setup it is, with no arrival or question."""
    s = ENG.new_state({"players": 3, "setup_starter": A}, 11)
    bacchus = "deus_bacchus"
    while s.phase == "setup":
        play(s, next(m for m in legal(s, s.decider, GiveDeus) if m.card != bacchus))  # type: ignore[attr-defined]
    assert bacchus in s.centre and not s.bacchus_assigned
    assert len(s.deck) == 62 and s.discard == [] and s.parcae_count == 0 and not s.reshuffle_pending
    for seat in s.seats:
        assert seat.locked is None and not seat.with_amans
        assert not seat.arrival_pending and not seat.question_pending
    s = ENG.new_state({"players": 3, "setup_starter": A}, 11)
    play(s, GiveDeus(A, C, bacchus))
    assert s.bacchus_assigned and "bacchus" in held(s, C)
    assert not s.seats[C].arrival_pending and not s.seats[C].question_pending


def test_bac14_the_state_records_what_the_rules_need() -> None:
    """BAC-14.1 to BAC-14.6: the saved picture of a position holds every item the rules track."""
    s, _ev = position({A: ["satyrus"]}, draw=["satyrus", "pluto", "miles", "venus"])
    picture = ENG.to_dict(s)
    assert {"options", "rng"} <= set(picture)  # BAC-14.1
    assert set(picture["options"]) >= {"players", "setup_starter", "first_player", "length", "parcae_limit",
                                       "umbra_composition"}
    assert {"phase", "awaiting", "decider", "active", "turn_number", "round"} <= set(picture)  # BAC-14.2
    assert {"deck", "discard", "centre", "set_aside", "box", "amans_released",
            "bacchus_assigned"} <= set(picture)  # BAC-14.3
    assert {"in_game", "introduced", "deus", "locked", "locked_on_turn", "with_amans", "arrival_pending",
            "question_pending", "miles_finale_pending", "finale", "outcome", "option", "branch",
            "twist"} <= set(picture["seats"][A])  # BAC-14.4
    assert {"parcae_count", "reshuffle_pending", "sudden_ending", "sudden_trigger",
            "finished"} <= set(picture)  # BAC-14.5
    assert {"kind", "step", "drawn", "carried", "sacrificed", "piles", "counts", "result", "tied", "reason", "variant",
            "row", "prompt", "scene", "take_done", "return_done", "bacchus_to", "locked", "moved", "options",
            "twist_allowed"} <= set(picture["turn"])  # BAC-14.6
