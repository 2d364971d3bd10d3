"""The Parsifal engine (PAR-3 to PAR-9, PAR-13): turns, actions, blocks, Limbo and interrupts."""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import combinations
from random import Random
from typing import Any

from cardsets.parsifal.loader import SWAN, Abilities, ParsifalSet
from rules.redeal import Pool, child_seed, unseen
from rules.kernel import (HIDDEN, BadOption, Description, Engine, Event, IllegalMove, Move, ResponseWindow, Result, Target,
                          check_players, shuffle)
from rules.parsifal.missions import winners
from rules.parsifal.moves import (MOVES, Abandon, Block, ChangeFaction, Command, Decline, EndTurn, Free, HandOver,
                                  Interrupt, Recover, SendToLimbo, SpendForExtra, Take, joined)
from rules.parsifal.state import TYPES, BlockRecord, ParState, card_type

PLAYERS_MIN, PLAYERS_MAX, PLAYERS_DEFAULT = 2, 6, 4  # PAR-2.2
ROUNDS_MIN, ROUNDS_MAX, ROUNDS_DEFAULT = 1, 20, 5  # PAR-9.2
UNLIMITED = "unlimited"
DIRECTIONS = ("clockwise", "counterclockwise")
CHANGE_FACTION_QUORUM = 3  # PAR-6.3.1
COMMANDABLE = ("Take", "Abandon", "Block", "Free", "HandOver", "SendToLimbo", "Recover")  # PAR-6.5.1
MADE_MOST = 100_000  # moves kept for reuse by one engine; far more than a game offers
# Undo never steps back over a reveal (the draw) or over another player's decision (PAR-13.3).
BARRIER_EVENTS = frozenset({"tarot_drawn", "interrupted", "declined"})

Action = Take | Abandon | Block | Free | ChangeFaction | HandOver | SendToLimbo | Recover | Command
Choice = tuple[str, str, str | None]  # an action as a Command names it: (move type, target, recipient)


def _split(items: str) -> list[str]:
    return items.split(",") if items else []


class ParsifalEngine(Engine[ParState]):
    """The rules of Parsifal (docs/rules/parsifal.md), played with one card set."""

    game = "parsifal"
    mode = "standard"
    moves = MOVES

    def __init__(self, cards: ParsifalSet) -> None:
        self.cards = cards
        self.cardset_version = cards.version
        # Read once from the card set: the questions below are asked after every move.
        self._native_interrupt = frozenset(t.id for t in cards.tarots if t.is_character and t.abilities.interrupt)
        self._interrupting = frozenset(t.id for t in cards.tarots if not t.is_character and t.abilities.interrupt)
        self._summed: dict[tuple[str, ...], Abilities] = {}  # (type, held artifact types...) -> abilities
        self._made: dict[tuple[int, str, str], dict[Choice, Move]] = {}  # see `_made_for`
        self._made_count = 0  # the moves in `_made`, kept under MADE_MOST

    # --- set-up (PAR-3) -----------------------------------------------------------

    def options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        known = {"players", "first_player", "direction", "rounds_after_deck"}
        unknown = set(raw) - known
        if unknown:
            raise BadOption("option.unknown", name=sorted(unknown)[0])
        players = check_players(raw, PLAYERS_MIN, PLAYERS_MAX, PLAYERS_DEFAULT)
        first = raw.get("first_player", 0)
        if not _is_int(first) or not 0 <= first < players:
            raise BadOption("option.first_player_range", value=first, high=players - 1)
        direction = raw.get("direction", DIRECTIONS[0])
        if direction not in DIRECTIONS:
            raise BadOption("option.direction", value=direction)
        rounds = raw.get("rounds_after_deck", ROUNDS_DEFAULT)
        if rounds != UNLIMITED and (not _is_int(rounds) or not ROUNDS_MIN <= rounds <= ROUNDS_MAX):
            raise BadOption("option.rounds_range", value=rounds, low=ROUNDS_MIN, high=ROUNDS_MAX)
        return {"players": players, "first_player": first, "direction": direction, "rounds_after_deck": rounds}

    def new_state(self, options: Mapping[str, Any], seed: int) -> ParState:
        """The position of the first turn (PAR-3), dealt from `seed`."""
        return self._deal(options, seed)[0]

    def opening_events(self, options: Mapping[str, Any], seed: int) -> list[Event]:
        """What happens while the game is dealt, before any move: the first player's draw
        (PAR-3.3). No move carries these events, so a log that starts from the moves needs them."""
        return self._deal(options, seed)[1]

    def _deal(self, options: Mapping[str, Any], seed: int) -> tuple[ParState, list[Event]]:
        opts = self.options(options)
        rng = Random(seed)
        deck = self.cards.instances()
        shuffle(rng, deck)  # PAR-3.2: index 0 is the top
        state = ParState(opts, rng, deck, active=opts["first_player"])
        events = self._draw(state)  # PAR-3.3: the first player starts, with their draw
        return state, events

    def blank_state(self, options: Mapping[str, Any]) -> ParState:
        """An empty table on turn 1 with nothing drawn: tests and tools lay out positions on it. It is a full
        state, with a generator of its own (a view is the one state without)."""
        opts = self.options(options)
        return ParState(opts, Random(0), [], active=opts["first_player"])

    def player_range(self) -> tuple[int, int]:
        return PLAYERS_MIN, PLAYERS_MAX

    def players(self, state: ParState) -> int:
        """The number of players."""
        return state.players

    # --- questions ----------------------------------------------------------------

    def to_act(self, state: ParState) -> frozenset[int]:
        if state.step == "over":
            return frozenset()
        if state.step == "window":
            return frozenset(self.eligible(state)) - frozenset(state.declined)
        return frozenset({state.active})

    def window(self, state: ParState) -> ResponseWindow | None:
        """PAR-15.6: the interrupt window as the one question every table asks: the active player's declared
        action, the players who may still interrupt it (PAR-6.8.6) in turn order, and their Declines."""
        if state.step != "window":
            return None
        acting = self.to_act(state)
        asked = tuple(p for p in self.eligible(state) if p in acting)
        return ResponseWindow("interrupt", state.active, asked, state.turn, tuple(Decline(p) for p in asked))

    def is_over(self, state: ParState) -> bool:
        """Whether the game has ended."""
        return state.step == "over"


    def result(self, state: ParState) -> Result:
        """`reason` is the end code: missions (won, PAR-9.1), safeguard or all_passed (drawn, PAR-9.2, PAR-9.3)."""
        return Result(state.step == "over", tuple(state.winners), None, state.reason)

    def describe(self, move: Move) -> Description:
        """Every tarot a param names is an instance id; `to` is a seat; a Command nests its action."""
        if isinstance(move, Take):
            return Description("log.take", {"actor": move.actor, "artifact": move.artifact})
        if isinstance(move, Abandon):
            return Description("log.abandon", {"actor": move.actor, "artifact": move.artifact})
        if isinstance(move, Block):
            return Description("log.block", {"actor": move.actor, "target": move.target})
        if isinstance(move, Free):
            return Description("log.free", {"actor": move.actor, "targets": tuple(_split(move.targets))})
        if isinstance(move, ChangeFaction):
            return Description("log.change_faction", {"actor": move.actor, "target": move.target, "player": move.to})
        if isinstance(move, HandOver):
            return Description("log.hand_over", {"actor": move.actor, "artifacts": tuple(_split(move.artifacts)),
                                                  "recipient": move.recipient})
        if isinstance(move, SendToLimbo):
            return Description("log.send_to_limbo", {"actor": move.actor, "target": move.tarot})
        if isinstance(move, Recover):
            if move.recipient is None:
                return Description("log.recover", {"actor": move.actor, "target": move.tarot})
            return Description("log.recover_to", {"actor": move.actor, "target": move.tarot,
                                                   "recipient": move.recipient})
        if isinstance(move, Command):
            return Description("log.command", {"actor": move.actor, "action": self.describe(self.inner(move))})
        if isinstance(move, SpendForExtra):
            return Description("log.spend_for_extra", {"actor": move.holder, "artifact": move.artifact})
        if isinstance(move, Interrupt):
            return Description("log.interrupt", {"actor": move.character, "artifact": move.artifact})
        if isinstance(move, Decline):
            return Description("log.decline", {"player": move.player})
        return Description("log.end_turn", {"player": move.player})

    def gesture(self, state: ParState, move: Move) -> tuple[str, Target] | None:
        """A tarot onto a character (its id), onto "common", "limbo" or "pending" (the declared action), or
        onto a player's area (the seat); a Command is the gesture of the action it commands (PAR-15.5)."""
        if isinstance(move, Take):
            return move.artifact, move.actor
        if isinstance(move, (Abandon, SpendForExtra)):
            return move.artifact, "common"
        if isinstance(move, Block):
            return move.actor, move.target
        if isinstance(move, Free):
            return (move.actor, move.targets) if "," not in move.targets else None
        if isinstance(move, ChangeFaction):
            return move.target, move.to
        if isinstance(move, HandOver):
            return (move.artifacts, move.recipient) if "," not in move.artifacts else None
        if isinstance(move, SendToLimbo):
            return move.tarot, "limbo"
        if isinstance(move, Recover):
            return move.tarot, move.recipient if move.recipient is not None else state.active
        if isinstance(move, Command):
            return self.gesture(state, self.inner(move))
        if isinstance(move, Interrupt):
            return move.artifact, "pending"
        return None

    def abilities(self, state: ParState, character: str) -> Abilities:
        """PAR-7.1: the card's own abilities plus those of every artifact it holds."""
        held = state.held.get(character)
        if not held:
            return self.cards.by_id[TYPES[character]].abilities
        key = (TYPES[character], *[TYPES[a] for a in held])
        total = self._summed.get(key)
        if total is None:
            total = self.cards.tarot(key[0]).abilities
            for artifact in key[1:]:
                total = total + self.cards.tarot(artifact).abilities
            self._summed[key] = total
        return total

    def can_hold(self, state: ParState, character: str) -> bool:
        """PAR-1.9."""
        return character in state.owner and card_type(character) != SWAN and not state.is_blocked(character)

    def interrupt_artifacts(self, state: ParState, character: str) -> list[str]:
        """PAR-6.8.2: what `character` could spend on an interrupt now (empty: not eligible)."""
        held = state.held.get(character)
        if not held or state.owner[character] == state.active or state.is_blocked(character):
            return []
        if TYPES[character] in self._native_interrupt:
            return list(held)
        return [a for a in held if TYPES[a] in self._interrupting]

    def eligible(self, state: ParState) -> list[int]:
        """PAR-6.8.6: the non-active players with an eligible interrupter, in turn order."""
        found: set[int] = set()
        blocked: set[str] | None = None
        for c, held in state.held.items():
            if not held:
                continue
            p = state.owner[c]
            if p == state.active or p in found:
                continue
            if TYPES[c] in self._native_interrupt or any(TYPES[a] in self._interrupting for a in held):
                blocked = state.blocked() if blocked is None else blocked
                if c not in blocked:
                    found.add(p)
        return [p for p in self.seat_order(state) if p in found] if found else []

    def seat_order(self, state: ParState) -> list[int]:
        """Every other seat, in turn order from the active player."""
        step = 1 if state.options["direction"] == "clockwise" else -1
        n = state.players
        return [(state.active + step * k) % n for k in range(1, n)]

    def post_deck_turns_left(self, state: ParState) -> int | None:
        """PAR-9.4: turns left before the safeguard, once the deck is spent (None: no limit yet)."""
        rounds = state.options["rounds_after_deck"]
        if state.last_draw_turn is None or rounds == UNLIMITED:
            return None
        return int(state.last_draw_turn + rounds * state.players - state.turn + 1)

    # --- legal moves --------------------------------------------------------------

    def legal_moves(self, state: ParState, player: int) -> list[Move]:
        if state.step == "over":
            return []
        if state.step == "window":
            if player == state.active or player in state.declined or player not in self.eligible(state):
                return []
            out: list[Move] = [Interrupt(player, c, a) for c in state.owned_by(player)
                               for a in self.interrupt_artifacts(state, c)]
            return [*out, Decline(player)]
        if player != state.active:
            return []
        moves: list[Move] = []
        if state.step == "after_action":
            moves += self._spends(state)
        else:
            blocked = state.blocked()
            # What each other player's character may be commanded to do is the same for every controller: spelled
            # once per call (never kept longer: it is this position's).
            commands: dict[str, list[Choice]] = {}
            for actor in state.owned_by(player):
                if actor not in blocked and self._extra_actor_ok(state, actor):
                    moves += self._actions(state, actor, blocked, commands)
        moves.append(EndTurn(player))
        return moves

    def _extra_actor_ok(self, state: ParState, actor: str) -> bool:
        if state.step != "extra":
            return True
        return (actor == state.extra_char) == (state.extra == "holder")

    def _spends(self, state: ParState) -> list[Move]:
        out: list[Move] = []
        free_chars = [c for c in state.owned_by(state.active) if not state.is_blocked(c)]
        for c in free_chars:
            for a in state.held[c]:
                kind = self.cards.tarot(card_type(a)).abilities.extra_action
                if kind == "holder" or (kind == "other" and len(free_chars) > 1):
                    out.append(SpendForExtra(state.active, c, a))
        return out

    def _actions(self, state: ParState, actor: str, blocked: set[str], commands: dict[str, list[Choice]]) -> list[Move]:
        """Every action `actor` may take, its commands of other players' characters last (PAR-6.5); `commands`
        holds the commanded choices of the characters already spelled in this position."""
        p = state.active
        ab = self.abilities(state, actor)
        made = self._made_for(p, actor, "")
        out: list[Move] = [made.get(choice) or self._make(made, p, actor, "", choice)
                           for choice in self._choices(state, actor, ab, blocked, commanded=False)]
        if ab.control:
            for other in state.owner:
                if other != actor and state.owner[other] != p and other not in blocked:
                    choices = commands.get(other)
                    if choices is None:
                        ab_other = self.abilities(state, other)
                        choices = commands[other] = self._choices(state, other, ab_other, blocked, commanded=True)
                    made = self._made_for(p, actor, other)
                    out += [made.get(choice) or self._make(made, p, actor, other, choice) for choice in choices]
        return out

    def _made_for(self, p: int, actor: str, commanded: str) -> dict[Choice, Move]:
        """The moves already built for seat `p`'s `actor` (commanding `commanded`, or "" for its own actions), by
        the choice they spell: moves are frozen, and the same ones are offered turn after turn, so building each
        anew was most of the cost of `legal_moves`. Looked up by the choice itself: no key is built per move."""
        made = self._made.get((p, actor, commanded))
        if made is None:
            made = self._made[(p, actor, commanded)] = {}
        return made

    def _make(self, made: dict[Choice, Move], p: int, actor: str, commanded: str, choice: Choice) -> Move:
        """The move `choice` spells, built and kept in `made` (a `_made_for` table) for the next time."""
        if self._made_count >= MADE_MOST:  # far more than a game offers: a bound, not a policy
            for table in self._made.values():
                table.clear()
            self._made_count = 0
        name, target, recipient = choice
        move: Move = (Command(p, actor, commanded, name, target, recipient) if commanded
                      else _action_of(p, actor, name, target, recipient))
        made[choice] = move
        self._made_count += 1
        return move

    def _choices(self, state: ParState, actor: str, ab: Abilities, blocked: set[str], *,
                 commanded: bool) -> list[Choice]:
        """What `actor` (with abilities `ab`) may do, as a Command spells it (as commanded: the subset
        of PAR-6.5.2). Spelled once for both uses: a controller's commands fill much of a crowded list.
        """
        in_play = state.owner  # its keys, in the order they came into play
        out: list[Choice] = []
        if TYPES[actor] != SWAN:
            out += [("Take", a, None) for a in state.common]
        out += [("Abandon", a, None) for a in state.held[actor]]
        if ab.block and len(state.blocks_by(actor)) < ab.block:
            out += [("Block", t, None) for t in in_play if t != actor and t not in blocked]
        if ab.free:
            for n in range(1, min(ab.free, len(blocked)) + 1):
                out += [("Free", ",".join(group), None) for group in combinations(sorted(blocked), n)]
        if ab.change_faction and not commanded and self._quorum(state, actor):
            out += [("ChangeFaction", t, str(to)) for t in in_play for to in range(state.players)
                    if to != state.owner[t]]
        if ab.hand_over and state.held[actor]:
            recipients = [c for c in in_play if c != actor and c not in blocked and TYPES[c] != SWAN]
            held = sorted(state.held[actor])
            groups = [joined(g) for n in range(1, len(held) + 1) for g in combinations(held, n)]
            out += [("HandOver", g, r) for r in recipients for g in groups]
        if ab.send_to_limbo:
            out += [("SendToLimbo", t, None) for t in self._sendable(state, actor, ab)]
        if ab.recover_from_limbo:
            for t in state.limbo:
                if not _allowed(ab.recover_from_limbo, t, self._kind(t)):
                    continue
                if self._kind(t) == "character":
                    out.append(("Recover", t, None))
                else:
                    out += [("Recover", t, r) for r in in_play if r not in blocked and TYPES[r] != SWAN]
        return out

    def _sendable(self, state: ParState, actor: str, ab: Abilities) -> list[str]:
        listed = ab.send_to_limbo
        every = "character" in listed
        out = [c for c in state.owner if c != actor and (every or TYPES[c] in listed)]
        every = "artifact" in listed
        out += [a for a in state.common if every or TYPES[a] in listed]
        out += [a for items in state.held.values() for a in items if every or TYPES[a] in listed]
        return out

    def _quorum(self, state: ParState, actor: str) -> bool:
        kind = card_type(actor)
        mates = [c for c in state.owned_by(state.active) if card_type(c) == kind and not state.is_blocked(c)]
        return len(mates) >= CHANGE_FACTION_QUORUM

    def _kind(self, instance: str) -> str:
        return self.cards.tarot(card_type(instance)).kind

    # --- legality (PAR-13) ----------------------------------------------------------

    def check(self, state: ParState, move: Move) -> None:
        self.at_the_door(state, move)
        if state.step == "over":
            raise IllegalMove("illegal.game_over")
        if isinstance(move, (Interrupt, Decline)):
            self._check_response(state, move)
            return
        if not isinstance(move, (*_ACTION_TYPES, SpendForExtra, EndTurn)):
            raise IllegalMove("illegal.unknown_move", move=type(move).__name__)
        if move.player != state.active:
            raise IllegalMove("illegal.not_your_turn")
        if state.step == "window":
            raise IllegalMove("illegal.awaiting_responses")
        if isinstance(move, EndTurn):
            return
        if isinstance(move, SpendForExtra):
            self._check_spend(state, move)
            return
        assert isinstance(move, _ACTION_TYPES)
        if state.step == "after_action":
            raise IllegalMove("illegal.one_action_per_turn")
        self._check_own_actor(state, move.actor)
        if not self._extra_actor_ok(state, move.actor):
            raise IllegalMove("illegal.wrong_extra_actor", card=move.actor)
        self._check_action(state, move, commanded=False)

    def _check_own_actor(self, state: ParState, actor: str) -> None:
        """PAR-5.4."""
        if actor not in state.owner:
            raise IllegalMove("illegal.not_in_play", card=actor)
        if state.owner[actor] != state.active:
            raise IllegalMove("illegal.not_owner", card=actor)
        if state.is_blocked(actor):
            raise IllegalMove("illegal.character_blocked", card=actor)

    def _check_action(self, state: ParState, move: Action, *, commanded: bool) -> None:
        actor = move.actor
        ab = self.abilities(state, actor)
        if isinstance(move, Take):
            if card_type(actor) == SWAN:
                raise IllegalMove("illegal.swan_cannot_hold")
            if move.artifact not in state.common:
                raise IllegalMove("illegal.not_in_common", card=move.artifact)
        elif isinstance(move, Abandon):
            if move.artifact not in state.held[actor]:
                raise IllegalMove("illegal.not_held", card=move.artifact)
        elif isinstance(move, Block):
            self._needs(ab.block > 0, actor)
            self._check_target(state, actor, move.target)
            if state.is_blocked(move.target):
                raise IllegalMove("illegal.already_blocked", card=move.target)
            if len(state.blocks_by(actor)) >= ab.block:
                raise IllegalMove("illegal.block_capacity_full", card=actor)
        elif isinstance(move, Free):
            self._needs(ab.free > 0, actor)
            targets = self._list(move.targets)
            if len(targets) > ab.free:
                raise IllegalMove("illegal.too_many_targets", most=ab.free)
            for t in targets:
                if not state.is_blocked(t):
                    raise IllegalMove("illegal.not_blocked", card=t)
        elif isinstance(move, ChangeFaction):
            if commanded:
                raise IllegalMove("illegal.not_through_control")
            self._needs(ab.change_faction, actor)
            if not self._quorum(state, actor):
                raise IllegalMove("illegal.needs_three_unblocked", card=actor)
            if move.target not in state.owner:
                raise IllegalMove("illegal.not_in_play", card=move.target)
            if not 0 <= move.to < state.players:
                raise IllegalMove("illegal.no_such_player", player=move.to)
            if state.owner[move.target] == move.to:
                raise IllegalMove("illegal.already_owner", card=move.target)
        elif isinstance(move, HandOver):
            self._needs(ab.hand_over, actor)
            if move.recipient == actor:
                raise IllegalMove("illegal.self_target")
            for a in self._list(move.artifacts):
                if a not in state.held[actor]:
                    raise IllegalMove("illegal.not_held", card=a)
            if not self.can_hold(state, move.recipient):
                raise IllegalMove("illegal.recipient_cannot_hold", card=move.recipient)
        elif isinstance(move, SendToLimbo):
            self._needs(bool(ab.send_to_limbo), actor)
            self._check_send(state, actor, ab, move.tarot)
        elif isinstance(move, Recover):
            self._needs(bool(ab.recover_from_limbo), actor)
            self._check_recover(state, ab, move)
        else:
            self._check_command(state, move, ab, commanded)

    def _needs(self, granted: bool, actor: str) -> None:
        if not granted:
            raise IllegalMove("illegal.lacks_ability", card=actor)

    def _check_target(self, state: ParState, actor: str, target: str) -> None:
        if target == actor:
            raise IllegalMove("illegal.self_target")
        if target not in state.owner:
            raise IllegalMove("illegal.not_in_play", card=target)

    def _list(self, items: str) -> list[str]:
        """A move's list: non-empty, no repeats, in the one spelling `joined` gives."""
        parts = _split(items)
        if not parts or joined(parts) != items or len(set(parts)) != len(parts):
            raise IllegalMove("illegal.bad_list")
        return parts

    def _check_send(self, state: ParState, actor: str, ab: Abilities, tarot: str) -> None:
        if tarot == actor:
            raise IllegalMove("illegal.self_target")
        if tarot in state.owner:
            kind = "character"
        elif tarot in state.common or state.holder_of(tarot) is not None:
            kind = "artifact"
        else:
            raise IllegalMove("illegal.not_in_play", card=tarot)
        if not _allowed(ab.send_to_limbo, tarot, kind):
            raise IllegalMove("illegal.target_not_allowed", card=tarot)

    def _check_recover(self, state: ParState, ab: Abilities, move: Recover) -> None:
        if move.tarot not in state.limbo:
            raise IllegalMove("illegal.not_in_limbo", card=move.tarot)
        kind = self._kind(move.tarot)
        if not _allowed(ab.recover_from_limbo, move.tarot, kind):
            raise IllegalMove("illegal.target_not_allowed", card=move.tarot)
        if kind == "character":
            if move.recipient is not None:
                raise IllegalMove("illegal.bad_recipient")
        elif move.recipient is None:
            raise IllegalMove("illegal.bad_recipient")
        elif not self.can_hold(state, move.recipient):
            raise IllegalMove("illegal.recipient_cannot_hold", card=move.recipient)

    def _check_command(self, state: ParState, move: Command, ab: Abilities, commanded: bool) -> None:
        if commanded:
            raise IllegalMove("illegal.not_through_control")
        self._needs(ab.control, move.actor)
        other = move.commanded
        self._check_target(state, move.actor, other)
        if state.owner[other] == state.active:
            raise IllegalMove("illegal.not_other_player", card=other)
        if state.is_blocked(other):
            raise IllegalMove("illegal.character_blocked", card=other)
        self._check_action(state, self.inner(move), commanded=True)

    def inner(self, move: Command) -> Action:
        """The action a Command makes its commanded character take (PAR-6.5.1)."""
        if move.action in ("Command", "ChangeFaction"):
            raise IllegalMove("illegal.not_through_control")
        r = move.recipient
        takes_recipient = move.action in ("HandOver", "Recover")
        if move.action not in COMMANDABLE or (r is not None and not takes_recipient) or (
                r is None and move.action == "HandOver"):
            raise IllegalMove("illegal.unknown_move", move=move.action)
        return _action_of(move.player, move.commanded, move.action, move.target, r)

    def _check_spend(self, state: ParState, move: SpendForExtra) -> None:
        """PAR-6.9."""
        if state.extra is not None:
            raise IllegalMove("illegal.extra_already_used")
        if state.step != "after_action":
            raise IllegalMove("illegal.no_action_yet")
        self._check_own_actor(state, move.holder)
        if move.artifact not in state.held[move.holder]:
            raise IllegalMove("illegal.not_held", card=move.artifact)
        kind = self.cards.tarot(card_type(move.artifact)).abilities.extra_action
        if kind is None:
            raise IllegalMove("illegal.lacks_ability", card=move.artifact)
        if kind == "other" and not any(c != move.holder and not state.is_blocked(c)
                                       for c in state.owned_by(state.active)):
            raise IllegalMove("illegal.no_other_character")

    def _check_response(self, state: ParState, move: Interrupt | Decline) -> None:
        """PAR-6.8."""
        if state.step != "window":
            raise IllegalMove("illegal.no_action_to_interrupt")
        if move.player == state.active:
            raise IllegalMove("illegal.interrupt_own_turn")
        if move.player in state.declined:
            raise IllegalMove("illegal.already_declined")
        if isinstance(move, Decline):
            if move.player not in self.eligible(state):
                raise IllegalMove("illegal.cannot_interrupt")
            return
        c = move.character
        if state.owner.get(c) != move.player:
            raise IllegalMove("illegal.not_owner", card=c)
        if state.is_blocked(c):
            raise IllegalMove("illegal.character_blocked", card=c)
        if move.artifact not in state.held[c]:
            raise IllegalMove("illegal.not_held", card=move.artifact)
        if move.artifact not in self.interrupt_artifacts(state, c):
            raise IllegalMove("illegal.cannot_interrupt")

    # --- changes ------------------------------------------------------------------

    def apply(self, state: ParState, move: Move) -> list[Event]:
        self.check(state, move)
        if isinstance(move, EndTurn):
            return self._end_turn(state)
        if isinstance(move, SpendForExtra):
            return self._spend(state, move)
        if isinstance(move, Interrupt):
            return self._interrupt(state, move)
        if isinstance(move, Decline):
            state.declined.append(move.player)
            events = [Event("declined", {"player": move.player})]
            if set(self.eligible(state)) <= set(state.declined):
                pending = state.pending
                assert isinstance(pending, _ACTION_TYPES)
                events += self._resolve(state, pending)
            return events
        assert isinstance(move, _ACTION_TYPES)
        eligible = self.eligible(state)
        if not eligible:  # D-13: no window when nobody could answer
            return self._resolve(state, move)
        state.step, state.pending, state.declined = "window", move, []
        return [Event("window_opened", {"player": state.active, "players": eligible})]

    def _resolve(self, state: ParState, move: Action) -> list[Event]:
        """PAR-4.3: the declared action takes effect, then the mission check."""
        was_extra = state.extra is not None
        state.pending, state.declined = None, []
        events = self._effect(state, move)
        state.acted = True
        state.actions += 1
        events += self._check_missions(state)
        if state.step == "over":
            return events
        if was_extra or not self._spends(state):  # PAR-13.2
            return events + self._end_turn(state)
        state.step = "after_action"
        return events

    def _effect(self, state: ParState, move: Action) -> list[Event]:
        actor = move.actor
        if isinstance(move, Take):
            state.common.remove(move.artifact)
            state.held[actor].append(move.artifact)
            return [Event("artifact_moved", {"card": move.artifact, "source": "common", "to": actor})]
        if isinstance(move, Abandon):
            events = self._lose(state, actor, move.artifact)
            state.common.append(move.artifact)
            return [Event("artifact_moved", {"card": move.artifact, "source": actor, "to": "common"}), *events]
        if isinstance(move, Block):
            return self._block(state, actor, move.target)
        if isinstance(move, Free):
            events = []
            for t in _split(move.targets):
                events += [self._end_block(state, b, "freed") for b in list(state.blocks) if b.target == t]
            return events
        if isinstance(move, ChangeFaction):
            before = state.owner[move.target]
            state.owner[move.target] = move.to
            return [Event("character_moved", {"card": move.target, "source": before, "to": move.to})]
        if isinstance(move, HandOver):
            events = []
            for a in _split(move.artifacts):
                lost = self._lose(state, actor, a)
                state.held[move.recipient].append(a)
                events += [Event("artifact_moved", {"card": a, "source": actor, "to": move.recipient}), *lost]
            return events
        if isinstance(move, SendToLimbo):
            return self._send(state, move.tarot)
        if isinstance(move, Recover):
            state.limbo.remove(move.tarot)
            if move.recipient is None:
                state.owner[move.tarot] = state.active  # PAR-6.5.3: a commanded recovery joins the active player
                state.held[move.tarot] = []
                state.entered[move.tarot] = state.turn
                to: str | int = state.active
            else:
                state.held[move.recipient].append(move.tarot)
                to = move.recipient
            return [Event("recovered", {"card": move.tarot, "to": to})]
        inner = self.inner(move)
        return [Event("commanded", {"card": actor, "commanded": move.commanded}), *self._effect(state, inner)]

    def _block(self, state: ParState, actor: str, target: str) -> list[Event]:
        """PAR-6.1.3, in its order: the target's own blocks end, its artifacts drop, the block is made."""
        events = [self._end_block(state, b, "blocker_blocked") for b in state.blocks_by(target)]
        for a in list(state.held[target]):
            events += self._lose(state, target, a)
            state.common.append(a)
            events.append(Event("artifact_moved", {"card": a, "source": target, "to": "common"}))
        source = self._source(state, actor)
        state.blocks.append(BlockRecord(actor, target, source, state.seq))
        state.seq += 1
        return [*events, Event("block_started", {"card": actor, "target": target, "source": source})]

    def _source(self, state: ParState, actor: str) -> str:
        """PAR-6.1.5, D-2: own capacity first, then the artifacts oldest first."""
        used = [b.source for b in state.blocks_by(actor)]
        if used.count("own") < self.cards.tarot(card_type(actor)).abilities.block:
            return "own"
        for a in state.held[actor]:
            if used.count(a) < self.cards.tarot(card_type(a)).abilities.block:
                return a
        raise AssertionError("a block was allowed without a free slot")  # pragma: no cover

    def _lose(self, state: ParState, holder: str, artifact: str) -> list[Event]:
        """PAR-5.7, 6.1.7c: the artifact leaves its holder and the blocks it enabled end."""
        state.held[holder].remove(artifact)
        return [self._end_block(state, b, "source_lost") for b in state.blocks_by(holder) if b.source == artifact]

    def _end_block(self, state: ParState, block: BlockRecord, reason: str) -> Event:
        state.blocks.remove(block)
        return Event("block_ended", {"card": block.blocker, "target": block.target, "reason": reason})

    def _send(self, state: ParState, tarot: str) -> list[Event]:
        """PAR-6.6.3, 6.6.4."""
        events: list[Event] = []
        if tarot in state.owner:
            events += [self._end_block(state, b, "left_play") for b in list(state.blocks)
                       if tarot in (b.blocker, b.target)]
            for a in list(state.held[tarot]):
                state.held[tarot].remove(a)
                state.common.append(a)
                events.append(Event("artifact_moved", {"card": a, "source": tarot, "to": "common"}))
            del state.owner[tarot], state.held[tarot], state.entered[tarot]
            source = "play"
        else:
            holder = state.holder_of(tarot)
            if holder is None:
                state.common.remove(tarot)
                source = "common"
            else:
                events += self._lose(state, holder, tarot)
                source = holder
        state.limbo.append(tarot)
        return [Event("sent_to_limbo", {"card": tarot, "source": source}), *events]

    def _spend(self, state: ParState, move: SpendForExtra) -> list[Event]:
        events = self._lose(state, move.holder, move.artifact)
        state.common.append(move.artifact)
        kind = self.cards.tarot(card_type(move.artifact)).abilities.extra_action
        state.extra, state.extra_char, state.step = kind, move.holder, "extra"
        return [Event("artifact_moved", {"card": move.artifact, "source": move.holder, "to": "common"}), *events,
                Event("extra_action_granted", {"card": move.holder, "artifact": move.artifact, "kind": kind})]

    def _interrupt(self, state: ParState, move: Interrupt) -> list[Event]:
        """PAR-6.8.3: the artifact goes to Limbo, the declared action is void, the turn ends."""
        cancelled = state.pending
        assert cancelled is not None
        events = self._lose(state, move.character, move.artifact)
        state.limbo.append(move.artifact)
        state.pending, state.declined, state.acted = None, [], True
        events = [Event("interrupted", {"player": move.player, "card": move.character, "artifact": move.artifact,
                                        "cancelled": type(cancelled).__name__}), *events]
        events += self._check_missions(state)  # D-14
        if state.step == "over":
            return events
        return events + self._end_turn(state)

    def _check_missions(self, state: ParState) -> list[Event]:
        """PAR-8.5, 8.6."""
        players, chars = winners(self.cards, state)
        if not players:
            return []
        state.winners, state.winning, state.reason, state.step = players, chars, "missions", "over"
        return [Event("game_won", {"players": players, "cards": chars})]

    def _end_turn(self, state: ParState) -> list[Event]:
        """PAR-4.6, PAR-9: the safeguard, then the next seat's turn and draw."""
        events = [Event("turn_ended", {"player": state.active, "turn": state.turn})]
        last, rounds, n = state.last_draw_turn, state.options["rounds_after_deck"], state.players
        if last is not None and rounds != UNLIMITED and state.turn > last:
            state.idle_turns = 0 if state.acted else state.idle_turns + 1
            reason = None
            if state.idle_turns >= n:
                reason = "all_passed"  # PAR-9.3
            elif state.turn >= last + rounds * n:
                reason = "safeguard"  # PAR-9.2
            if reason:
                state.step, state.reason = "over", reason
                return [*events, Event("game_drawn", {"reason": reason})]
        state.active = self.seat_order(state)[0]
        state.turn += 1
        state.step, state.actions, state.extra, state.extra_char, state.acted = "action", 0, None, None, False
        return [*events, *self._draw(state)]

    def _draw(self, state: ParState) -> list[Event]:
        """PAR-4.1."""
        if not state.deck:
            return []
        tarot = state.deck.pop(0)
        if self._kind(tarot) == "artifact":
            state.common.append(tarot)
            to: str | int = "common"
        else:
            state.owner[tarot] = state.active
            state.held[tarot] = []
            state.entered[tarot] = state.turn
            to = state.active
        if not state.deck:
            state.last_draw_turn = state.turn
        return [Event("tarot_drawn", {"player": state.active, "card": tarot, "to": to}), *self._check_missions(state)]

    # --- copies and pictures ------------------------------------------------------

    def clone(self, state: ParState) -> ParState:
        """A copy of `state` that shares no list or dict with it (the generator is shared: it never draws after
        the deal)."""
        return state.copy()

    def view(self, state: ParState, player: int) -> ParState:
        seen = state.copy()
        seen.rng = None
        seen.deck = [HIDDEN] * len(state.deck)  # PAR-1.3: only the deck order is hidden
        return seen

    def to_dict(self, state: ParState) -> dict[str, Any]:
        return state.to_dict()

    def all_cards(self, state: ParState) -> Sequence[str]:
        return [*state.deck, *state.common, *state.limbo, *state.owner,
                *(a for items in state.held.values() for a in items)]

    def hidden_from(self, state: ParState, player: int) -> Collection[str]:
        return list(state.deck)

    def sample(self, view: ParState, player: int, rng: Random) -> ParState:
        """PAR-1.3: only the deck's order is hidden, so a sample shuffles the cards the view shows nowhere."""
        state = view.copy()
        state.rng = Random(child_seed(rng))
        pool = Pool(unseen(self, view), rng)
        state.deck = pool.fill(view.deck)
        pool.done()
        return state

    def undo_barrier(self, events: Sequence[Event]) -> bool:
        return any(e.kind in BARRIER_EVENTS for e in events)


_ACTION_TYPES = (Take, Abandon, Block, Free, ChangeFaction, HandOver, SendToLimbo, Recover, Command)


def _allowed(listed: tuple[str, ...], instance: str, kind: str) -> bool:
    """PAR-6.6.1: a list names kinds and/or specific types."""
    return kind in listed or card_type(instance) in listed


def _action_of(p: int, actor: str, name: str, target: str, recipient: str | None) -> Action:
    """The move a choice spells (see `_choices`); a ChangeFaction's recipient is the seat, as text."""
    if name == "Take":
        return Take(p, actor, target)
    if name == "Block":
        return Block(p, actor, target)
    if name == "HandOver":
        assert recipient is not None
        return HandOver(p, actor, recipient, target)
    if name == "Abandon":
        return Abandon(p, actor, target)
    if name == "Free":
        return Free(p, actor, target)
    if name == "SendToLimbo":
        return SendToLimbo(p, actor, target)
    if name == "ChangeFaction":
        assert recipient is not None
        return ChangeFaction(p, actor, target, int(recipient))
    return Recover(p, actor, target, recipient)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
