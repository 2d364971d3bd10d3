"""Bacchus' Banquet: what each player sees, undo limits and saves (BB-17, BB-18; T-36, T-38)."""
from __future__ import annotations

import json

import pytest
from banquet_helpers import ENG, A, B, C, D, arrange, find, play, table

from rules import Match, saves
from rules.banquet import AcceptGift, Arrange, OfferGift, PassPrivilege, PickCards, PlayExchange, RefuseGift
from rules.banquet.state import BanquetState
from rules.kernel import HIDDEN, Event


def test_t36_views_while_b_holds_the_gift() -> None:
    """T-36, BB-17.1, BB-17.2, BB-17.4, BB-19.1: B sees B's own guest and privilege and three backs,
    nothing of C or D; the picked three are on show, the discard pile only as backs; no generator."""
    state = table(privileges={B: ["give_back"], C: ["claim_keep_gift"], D: ["exchange_gift_keep"]},
                  discard_pile=["dance", "feather"])
    discard, keep, gift = arrange(state, "wine_sip", "olives", "flamingo")
    play(state, OfferGift(A, B))
    seen = ENG.view(state, B)
    assert seen.guests == ["caligula", "claudius", HIDDEN, HIDDEN]
    assert seen.privileges == [[], ["give_back"], [HIDDEN], [HIDDEN]]
    assert seen.slots == {"discard": HIDDEN, "keep": HIDDEN, "gift": HIDDEN}
    assert seen.picked == [discard, keep, gift]
    assert seen.rng is None and seen.deck == [HIDDEN] * len(state.deck)
    assert ENG.view(state, A).slots == {"discard": discard, "keep": keep, "gift": gift}
    for viewer in range(4):
        assert ENG.view(state, viewer).discard_pile == [HIDDEN, HIDDEN]
        assert ENG.view(state, viewer).guest_stack == [HIDDEN] * 5
        shown = json.dumps(ENG.to_dict(ENG.view(state, viewer)))
        assert not [c for c in ENG.hidden_from(state, viewer) if json.dumps(c) in shown]
    play(state, PassPrivilege(B))
    play(state, PassPrivilege(C))
    play(state, PlayExchange(D, "exchange_gift_keep"))
    assert ENG.view(state, A).slots == {"discard": discard, "keep": gift, "gift": keep}
    assert ENG.view(state, D).slots == {"discard": HIDDEN, "keep": HIDDEN, "gift": HIDDEN}


def test_t36_replacement_guest_is_for_the_drawer_only() -> None:
    """T-36, BB-13.5, BB-17.2: the new guest is in the drawer's view and events only."""
    state = table(belts=[0, 9, 0, 0], stack=["vespasianus", "agrippina", "octavius", "septimus", "cassius"])
    arrange(state, "dance", "gift_ring", "wine_jug")
    play(state, OfferGift(A, B))
    events = play(state, AcceptGift(B))
    drawn = next(e for e in events if e.kind == "replacement_drawn")
    assert ENG.event_view(state, drawn, B) == Event("replacement_drawn", {"player": B, "guest": "vespasianus"})
    assert ENG.event_view(state, drawn, C) == Event("replacement_drawn", {"player": B})
    assert ENG.view(state, B).guests[B] == "vespasianus"
    assert [ENG.view(state, p).guests[B] for p in (A, C, D)] == [HIDDEN] * 3


def test_arranged_event_shows_faces_to_the_active_player_only() -> None:
    """BB-5.3, BB-17.2: the arrangement's log line names the cards only for the active player."""
    state = table()
    trio = [c for c in state.circle[:3] if c]
    play(state, PickCards(A, *trio))
    (event,) = play(state, Arrange(A, *trio))
    assert ENG.event_view(state, event, A) == event
    assert ENG.event_view(state, event, B) == Event("cards_arranged", {"player": A})


def _match(state: BanquetState) -> Match[BanquetState]:
    match: Match[BanquetState] = Match(ENG, dict(state.options), 0)
    match.state = state
    return match


def test_t38_undo_limits() -> None:
    """T-38, BB-18.4, D-30: A may take back the arrangement and the pick until someone else acts."""
    state = table(privileges={B: ["give_back"]})
    match = _match(state)
    before = ENG.to_dict(match.state)
    trio = [c for c in state.circle[:3] if c]
    match.play(PickCards(A, *trio))
    match.play(Arrange(A, *trio))
    assert match.can_undo()
    match.undo()
    match.undo()
    assert ENG.to_dict(match.state) == before
    match.play(PickCards(A, *trio))
    match.play(Arrange(A, *trio))
    match.play(OfferGift(A, B))
    assert match.can_undo()  # nothing revealed, nobody else has moved yet
    match.play(PassPrivilege(B))
    assert not match.can_undo()
    match.play(AcceptGift(B))
    assert not match.can_undo()  # a reveal and a refill


def test_t38_a_refusal_is_a_barrier() -> None:
    """T-38, BB-18.4: once B answers the offer, A cannot take anything back."""
    state = table()
    match = _match(state)
    trio = [c for c in state.circle[:3] if c]
    match.play(PickCards(A, *trio))
    match.play(Arrange(A, *trio))
    match.play(OfferGift(A, B))
    match.play(RefuseGift(B, C))
    assert not match.can_undo()


def test_bb185_saves_replay_the_hidden_arrangement() -> None:
    """BB-18.5: a save holds the moves, the hidden arrangement included; a broken one is refused."""
    match: Match[BanquetState] = Match(ENG, {"players": 3, "privileges": "hidden"}, 77)
    for _ in range(12):
        (player,) = ENG.to_act(match.state)
        match.play(ENG.legal_moves(match.state, player)[-1])
    text = saves.to_json(match)
    loaded = saves.loads(text)
    assert ENG.to_dict(loaded.state) == ENG.to_dict(match.state)
    data = json.loads(text)
    arrange_at = next(i for i, m in enumerate(data["moves"]) if m["type"] == "Arrange")
    data["moves"][arrange_at]["gift"] = "poison#4" if data["moves"][arrange_at]["gift"] != "poison#4" else "olives#1"
    with pytest.raises(saves.SaveError) as err:
        saves.from_dict(data)
    assert err.value.code == "save.illegal_move" and err.value.params["reason"] == "illegal.not_the_picked_cards"


def test_a_leaking_view_is_caught() -> None:
    """The generic view check fails on an engine that shows a hidden guest (it can fail)."""
    from conformance import check_views

    class Leaky(type(ENG)):  # type: ignore[misc]
        def view(self, state: BanquetState, player: int) -> BanquetState:
            return state.copy()

    leaky = Leaky(ENG.cards)
    with pytest.raises(AssertionError, match="shows"):
        check_views(leaky, leaky.new_state({}, 3))


def test_game_over_reveals_everything_but_the_cards() -> None:
    """BB-14.6, D-26: at the end every guest and privilege is shown; deck and pile stay hidden."""
    state = table(guests=["caligula", "cassius", "claudius", "caesonia"], rows={A: ["dagger"], C: ["dagger"]},
                  privileges={D: ["give_back"]})
    arrange(state, "dance", "gift_ring", "dagger")
    play(state, OfferGift(A, D))
    play(state, PassPrivilege(D))
    events = play(state, AcceptGift(D))
    assert find(events, "game_over")[0]["guests"] == ["caligula", "cassius", "claudius", "caesonia"]
    seen = ENG.view(state, B)
    assert seen.guests == state.guests and seen.privileges == state.privileges
    assert seen.guest_stack == state.guest_stack and seen.deck == [HIDDEN] * len(state.deck)
    assert all(ENG.legal_moves(state, p) == [] for p in range(4))


def test_every_event_fills_its_log_line() -> None:
    """BB-17.2: each event carries the placeholders its English log line uses."""
    import random

    import cardsets
    from cardsets.text import placeholders

    english = cardsets.load_texts("banquet").strings["en"]
    seen: set[str] = set()
    for seed in range(12):
        match: Match[BanquetState] = Match(ENG, {"players": 3 + seed % 3}, seed)
        rnd = random.Random(seed)
        while not ENG.is_over(match.state):
            (player,) = ENG.to_act(match.state)
            for event in match.play(rnd.choice(ENG.legal_moves(match.state, player))):
                seen.add(event.kind)
                key = f"event.{event.kind}"  # a counted line is checked by its "other" form
                wanted = placeholders(english[key] if key in english else english[f"{key}.other"]) or set()
                assert wanted <= set(event.params), (event.kind, wanted)
    assert {"cards_arranged", "gift_accepted", "circle_refilled", "game_over"} <= seen
