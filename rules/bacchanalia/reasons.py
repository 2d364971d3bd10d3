"""Why a Bacchanalia move is illegal: the reason code (a text key) and its parameters.

Only asked once `legal_moves` has said no, so each answer may assume the move is illegal.
"""
from __future__ import annotations

from typing import Any, Protocol

from rules.bacchanalia.honour import STAY, VINUM
from rules.bacchanalia.moves import (AskQuestion, ChooseFinale, DeclareFinaleNarrated, DeclareNarrationDone,
                                     DeclareTimeUp, DeclareWithAmans, GiftMinerva, GiveBacchus, GiveDeus, LockUmbra,
                                     ReturnDeus, SacrificeVinum, TakeDeus)
from rules.bacchanalia.state import BacState, Seat
from rules.kernel import Move


class Cards(Protocol):
    """What the reasons ask of the engine about its cards (the engine imports this module)."""

    def kind(self, instance: str) -> str:
        """The type (bacchus, miles, parcae...) of a Deus or Umbra instance."""

    def holds(self, seat: Seat, kind: str) -> str | None:
        """The first Deus of `kind` the seat holds, if any."""

    def is_card(self, instance: str) -> bool:
        """Whether `instance` is a Deus or Umbra card of the set."""

    def take_options(self, s: BacState) -> list[TakeDeus]:
        """What the Aruspex row's take may take now (BAC-6.7.3-4)."""


def why_illegal(eng: Cards, s: BacState, move: Move) -> tuple[str, dict[str, Any]]:
    """Why an illegal move is illegal, as a text key and its parameters."""
    p, t = move.player, s.turn
    seat = s.seats[p]
    if isinstance(move, AskQuestion):
        if p == s.active:
            return "illegal.ask_yourself", {}
        return "illegal.not_now", {}
    if isinstance(move, DeclareTimeUp):
        if s.options["length"] != "time_limit":
            return "illegal.no_time_limit", {}
        return ("illegal.already_sudden", {}) if s.sudden_ending else ("illegal.not_now", {})
    if isinstance(move, GiftMinerva):
        if not eng.holds(seat, "minerva"):
            return "illegal.no_minerva", {}
        if p == s.active:
            return "illegal.minerva_own_turn", {}
        if move.to != s.active:
            return "illegal.minerva_to_active", {"player": s.active}
        return "illegal.not_now", {}
    if isinstance(move, DeclareWithAmans):
        if p != s.active:
            return "illegal.not_your_turn", {}
        if move.value and not eng.holds(seat, "amans"):
            return "illegal.amans_not_held", {}
        if move.value == seat.with_amans:
            return "illegal.already_so", {}
        return "illegal.not_now", {}
    if isinstance(move, LockUmbra):
        return _lock_reason(s, move)
    if p != s.decider:
        return "illegal.not_your_turn", {}
    if isinstance(move, GiveDeus):
        return _give_reason(s, move)
    if isinstance(move, GiveBacchus) and s.awaiting in ("give_bacchus", "handover"):
        if move.to == p:
            return "illegal.give_to_self", {}
        return "illegal.player_out", {"player": move.to}
    if isinstance(move, TakeDeus) and s.awaiting == "take":
        if not eng.is_card(move.card) or eng.kind(move.card) == VINUM:
            return ("illegal.vinum_never_moves", {}) if eng.is_card(move.card) else \
                ("illegal.no_such_card", {"card": move.card})
        if move.source is not None and any(o.source is None for o in eng.take_options(s)):
            return "illegal.take_from_centre_first", {"card": move.card}
        return "illegal.take_not_offered", {"card": move.card}
    if isinstance(move, ReturnDeus) and s.awaiting == "return":
        if move.card not in seat.deus:
            return "illegal.not_held", {"card": move.card}
        return ("illegal.vinum_never_moves", {}) if eng.kind(move.card) == VINUM else \
            ("illegal.return_bacchus", {})
    if isinstance(move, SacrificeVinum) and s.awaiting == "sacrifice":
        return "illegal.not_drawn_vinum", {"card": move.card}
    if isinstance(move, DeclareNarrationDone) and s.awaiting == "narrate":
        return ("illegal.scene_stay", {}) if t.scene == STAY else ("illegal.scene_must_move", {})
    if isinstance(move, ChooseFinale) and s.awaiting == "choose":
        if move.option not in t.options:
            return "illegal.option_not_eligible", {"option": move.option}
        if move.option == 4 and move.branch is None:
            return "illegal.branch_required", {}
        if move.option != 4:
            return "illegal.branch_only_for_4", {}
        return "illegal.unknown_branch", {"branch": move.branch}
    if isinstance(move, DeclareFinaleNarrated) and s.awaiting == "finale_narrate":
        return "illegal.no_twist", {}
    return "illegal.not_now", {}


def _give_reason(s: BacState, move: GiveDeus) -> tuple[str, dict[str, Any]]:
    if move.card not in s.centre:
        return "illegal.not_in_centre", {"card": move.card}
    if move.to == move.player:
        return "illegal.give_to_self", {}
    if not 0 <= move.to < len(s.seats):
        return "illegal.no_such_player", {"player": move.to}
    return "illegal.recipient_full", {"player": move.to}


def _lock_reason(s: BacState, move: LockUmbra) -> tuple[str, dict[str, Any]]:
    t = s.turn
    if move.player != s.active:
        return "illegal.not_your_turn", {}
    if s.awaiting == "finale_narrate":
        return "illegal.no_lock_in_finale", {}
    if s.awaiting != "narrate":
        return "illegal.not_now", {}
    if t.locked is not None or s.seats[move.player].locked is not None:
        return "illegal.one_lock_per_turn", {}
    if move.card == t.carried:
        return "illegal.lock_carried", {"card": move.card}
    if move.card == t.sacrificed:
        return "illegal.lock_sacrificed", {"card": move.card}
    if move.card not in t.area:
        return "illegal.not_in_area", {"card": move.card}
    return "illegal.lock_parcae", {}
