"""An exact solver for Solonauts (CHR-16) when the order of the deck is known.

The search does not go through `SoloState`: a position is a handful of integers and a tuple,
so it can be hashed and remembered. Linchpins and patches are bitmasks, the hand is a sorted
tuple of card kinds (copies of an inverter are identical, D-35), and the deck is the list of
kinds in draw order with the number of cards drawn so far. Positions proven lost are kept in a
table; the future of a position depends only on this key, so the table is exact (and a position
lost rules out those no better than it: more IDs waiting, fewer single-year patches placed,
`Search.is_lost`).

The search is depth first, best-looking move first: what sends IDs home, then what brings the
nearest ID closer (counting how deep in the deck its patches still lie), then what leaves the
least to do. Positions are given up only for sound reasons (`Search.bound`), among them the
order that patches already on the timeline force on the IDs' homecomings, and the fewest flips
that take the timeline through a home configuration of every waiting ID (`_tours`, computed
once per set of IDs over all 2^13 configurations). Before searching, the root is also checked
against the deck's tail: past a late patch the hand carries at most four cards, the inverters
for the walk home and the earlier patches that do not lie on the timeline
(`Search.late_homes_fit`).

A winning line found in the compact form is turned back into real moves by replaying it through
the engine's own `apply`, which also checks it.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from rules.chrononauts.moves import Discard, PlayCard
from rules.chrononauts.solonauts import HAND_SIZE, SOLO, SoloState, SolonautsEngine
from rules.chrononauts.timeline import LAST_REACHABLE_IN_ULTRA, UNIVERSE_LIMIT, Rules, card_kind
from rules.kernel import Move

Verdict = Literal["win", "loss", "unknown"]
Pos = tuple[int, int, tuple[int, ...], int, int]  # prime, placed, hand, cards drawn, waiting IDs
Step = tuple[int, int]  # (card kind index, linchpin year / patch year / DISCARD)
DISCARD = -1
_CHECK_CLOCK_EVERY = 1024  # nodes between two reads of the clock
_SLACKS = (0, 1, 1 << 30)  # limited discrepancy rounds; the last one is exhaustive
_UNMET = (-1, -1)  # not in `Search.bounds`
_BOUNDS_KEPT = 1_000_000  # `Search.bounds` is emptied when it holds this many (about 450 MB)
NO_WALK = 1 << 20  # `_level` of a configuration from which no walk takes the IDs home


@dataclass
class Solution:
    """What the solver found: win, loss or unknown (out of budget), a winning line when it is a win, and the
    nodes searched."""

    verdict: Verdict
    line: list[Move] = field(default_factory=list)  # a winning line from the position (verdict "win")
    nodes: int = 0


class Capped(Exception):
    """The node budget or the deadline ran out: the answer is unknown."""


class Tables:
    """What the card set says, precomputed for every one of the 2^13 linchpin configurations."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        cards = rules.cards
        self.linchpins: tuple[int, ...] = tuple(sorted(rules.linchpins))
        self.lbit = {y: 1 << i for i, y in enumerate(self.linchpins)}
        ripple_years = sorted(rules.ripplepoints)
        self.rbit = {y: 1 << i for i, y in enumerate(ripple_years)}
        # Card kinds: the inverter kinds first, then one kind per patch.
        self.inverter_kinds: tuple[str, ...] = tuple(i.id for i in cards.inverters)
        self.patch_kinds: tuple[str, ...] = tuple(p.id for p in cards.patches)
        self.kinds: tuple[str, ...] = self.inverter_kinds + self.patch_kinds
        self.kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.n_inverters = len(self.inverter_kinds)
        n = len(self.linchpins)
        self.configs = 1 << n

        post_l = sum(self.lbit[y] for y in self.linchpins if y > LAST_REACHABLE_IN_ULTRA)
        self.post_linchpins = post_l
        # Inverters: which linchpins each kind may turn to prime / to true.
        self.to_prime: list[int] = []
        self.to_true: list[int] = []
        for kind in self.inverter_kinds:
            inv = rules.inverters[kind]
            self.to_prime.append(sum(self.lbit[y] for y in self.linchpins if inv.allows(y, False)))
            self.to_true.append(sum(self.lbit[y] for y in self.linchpins if inv.allows(y, True)))

        # weaker[k]: the other inverter kinds that can do no flip kind k cannot do (a subset).
        n_inv = len(self.inverter_kinds)
        self.weaker: list[int] = [
            sum(1 << j for j in range(n_inv) if j != k and self.to_prime[j] & ~self.to_prime[k] == 0
                and self.to_true[j] & ~self.to_true[k] == 0
                and (j < k or (self.to_prime[j], self.to_true[j]) != (self.to_prime[k], self.to_true[k])))
            for k in range(n_inv)]

        # For Hall's condition in `Search.assess`: for each set of kinds that can do some one
        # flip (and for all kinds), the linchpins whose flip to prime / to true only they can do.
        capable_up = {y: sum(1 << k for k in range(n_inv) if self.to_prime[k] & self.lbit[y]) for y in self.linchpins}
        capable_down = {y: sum(1 << k for k in range(n_inv) if self.to_true[k] & self.lbit[y]) for y in self.linchpins}
        families = sorted(set(capable_up.values()) | set(capable_down.values()) | {(1 << n_inv) - 1})
        self.hall: list[tuple[tuple[int, ...], int, int]] = [
            (tuple(k for k in range(n_inv) if fam & (1 << k)),
             sum(self.lbit[y] for y in self.linchpins if capable_up[y] & ~fam == 0),
             sum(self.lbit[y] for y in self.linchpins if capable_down[y] & ~fam == 0))
            for fam in families]

        # Patches, as bits of `placed` (indexed like patch_kinds).
        self.pbit = {k: 1 << i for i, k in enumerate(self.patch_kinds)}
        self.patch_year = {self.pbit[k]: rules.patches[k].year for k in self.patch_kinds}
        self.same_year: dict[int, int] = {}  # patch bit -> bits of every patch for that year
        for k in self.patch_kinds:
            year = rules.patches[k].year
            self.same_year[self.pbit[k]] = sum(self.pbit[q] for q in self.patch_kinds if rules.patches[q].year == year)
        self.ripple_patches = {y: sum(self.pbit[k] for k in self.patch_kinds if rules.patches[k].year in rules.ripples[y])
                               for y in self.linchpins}
        self.post_patches = sum(self.pbit[k] for k in self.patch_kinds if rules.patches[k].year > LAST_REACHABLE_IN_ULTRA)
        ultra = next((k for k in self.patch_kinds if rules.patches[k].year == rules.ultra_year), None)
        self.ultra_patch = self.pbit[ultra] if ultra else 0
        nexus = rules.nexus_year
        self.nexus_patches = sum(self.pbit[k] for k in self.patch_kinds if rules.patches[k].year == nexus)
        # A patch that is the only one for its year and does not start the UltraParadox: playing it
        # is never worse than discarding it (see `Search._moves`).
        self.plain_patches = sum(self.pbit[k] for k in self.patch_kinds
                                 if self.same_year[self.pbit[k]] == self.pbit[k] and self.pbit[k] != self.ultra_patch)

        # Per configuration: paradoxed ripplepoints, their number, and the patches that may lie
        # on the timeline (those not voided, CHR-4.7) = the patches playable on an open year.
        self.paradoxed = [0] * self.configs
        self.n_paradoxed = [0] * self.configs
        self.fits = [0] * self.configs
        for mask in range(self.configs):
            prime = {y for y in self.linchpins if mask & self.lbit[y]}
            par = sum(self.rbit[y] for y in ripple_years if rules.condition(y, prime))
            self.paradoxed[mask] = par
            self.n_paradoxed[mask] = par.bit_count()
            self.fits[mask] = sum(self.pbit[k] for k in self.patch_kinds
                                  if par & self.rbit[rules.patches[k].year] and rules.patch_fits(rules.patches[k], prime))
        # fit_configs[i]: the configurations (bit c for configuration c) patch i fits in.
        self.fit_configs = [sum(1 << mask for mask in range(self.configs) if self.fits[mask] >> i & 1)
                            for i in range(len(self.patch_kinds))]
        self.ultra_configs = self.fit_configs[self.ultra_patch.bit_length() - 1] if self.ultra_patch else 0

        # Identities: the patches they need, the ripplepoint that must stay true, and the
        # linchpins every home configuration agrees on (a sound distance bound, `Search.assess`).
        self.id_patches: dict[str, int] = {}
        self.id_true: dict[str, int] = {}
        self.id_post: dict[str, bool] = {}
        self.id_must_prime: dict[str, int] = {}
        self.id_must_true: dict[str, int] = {}
        self.id_spoils: dict[str, int] = {}  # patches voided by every homecoming of the ID
        for ident in cards.identities:
            need = 0
            for year in ident.patched:
                fitting = rules.ripplepoints[year].patches
                if len(fitting) != 1:  # the 1945 Nexus: no ID uses it (CHR-5.1.5, CHR-17.9.4)
                    raise ValueError(f"{ident.id}: the solver needs one patch per patched year, {year} has {len(fitting)}")
                need |= self.pbit[fitting[0]]
            self.id_patches[ident.id] = need
            self.id_true[ident.id] = self.rbit[ident.true_year]
            self.id_post[ident.id] = any(y > LAST_REACHABLE_IN_ULTRA for y in ident.years)
            patched_bits = sum(self.rbit[y] for y in ident.patched)
            all_prime, all_true = self.configs - 1, self.configs - 1
            closed = sum(self.rbit.values())
            for mask in range(self.configs):
                par = self.paradoxed[mask]
                if par & patched_bits == patched_bits and not par & self.rbit[ident.true_year]:
                    all_prime &= mask
                    all_true &= ~mask
                    closed &= ~par
            self.id_must_prime[ident.id] = all_prime
            self.id_must_true[ident.id] = all_true & (self.configs - 1)
            # A patch on a ripplepoint that is closed in every home configuration of the ID is
            # voided (CHR-4.7) at the latest by the play that sends the ID home.
            self.id_spoils[ident.id] = sum(self.pbit[k] for k in self.patch_kinds
                                           if closed & self.rbit[rules.patches[k].year])


@lru_cache(maxsize=4)
def tables(rules: Rules) -> Tables:
    return Tables(rules)


class Search:
    """One depth-first search over one deck order. Reusable for several roots on that order."""

    def __init__(self, engine: SolonautsEngine, state: SoloState, deck_order: Sequence[str] | None = None,
                 *, max_nodes: int | None = None, deadline: float | None = None) -> None:
        t = self.t = tables(engine.rules)
        self.engine = engine
        self.ids = list(state.waiting)  # waiting IDs of the root, as bits of `waiting`
        # Draw order: the top card (last of state.deck) first.
        order = list(reversed(state.deck)) if deck_order is None else list(deck_order)
        self.deck: tuple[int, ...] = tuple(t.kind_index[card_kind(c)] for c in order)
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        # Positions proven lost: by everything but the waiting IDs and the single-year patches
        # placed -> (those patches, the waiting IDs) of each position proven lost (`is_lost`).
        self.lost: dict[tuple[int, int, tuple[int, ...], int], list[tuple[int, int]]] = {}
        # kinds_from[i][k]: inverters of kind k in deck[i:]
        counts = [0] * t.n_inverters
        self.kinds_from = [tuple(counts)]
        for kind in reversed(self.deck):
            if kind < t.n_inverters:
                counts[kind] += 1
            self.kinds_from.append(tuple(counts))
        self.kinds_from.reverse()
        self.id_patches = [t.id_patches[i] for i in self.ids]
        self.id_true = [t.id_true[i] for i in self.ids]
        self.id_post = [t.id_post[i] for i in self.ids]
        self.post_ids = sum(1 << x for x, post in enumerate(self.id_post) if post)
        self.true_kept: dict[int, int] = {}  # paradoxed ripplepoints -> IDs whose true year is not among them
        self.id_must_prime = [t.id_must_prime[i] for i in self.ids]
        self.id_must_true = [t.id_must_true[i] for i in self.ids]
        self.path = _path_costs(tuple(self.ids), t)
        self.tour = _tours(tuple(self.ids), t)
        # Per set of waiting IDs (a bitmask over self.ids): who they are and what they need.
        subsets = range(1 << len(self.ids))
        self.members = [[i for i in range(len(self.ids)) if w & (1 << i)] for w in subsets]
        self.need_patches = [_union(self.id_patches, m) for m in self.members]
        self.need_prime = [_union(self.id_must_prime, m) for m in self.members]
        self.need_true = [_union(self.id_must_true, m) for m in self.members]
        # blockers[x]: (y, patches) for each other ID y that needs one of the patches x's
        # homecoming voids (a post-1962 ID also needs World War 3 gone, CHR-5.2.4e); while such
        # a patch lies on the timeline and y waits, y must go home before x (`assess`).
        n_ids = len(self.ids)
        spoils = [t.id_spoils[i] | (t.ultra_patch if t.id_post[i] else 0) for i in self.ids]
        self.blockers = [tuple((y, self.id_patches[y] & spoils[x]) for y in range(n_ids)
                               if y != x and self.id_patches[y] & spoils[x]) for x in range(n_ids)]
        self.spoil_any = _union(spoils, range(n_ids))
        # due[b]: the deck index of the patch of bit b (absent: not in the deck), for the ordering.
        self.due: dict[int, int] = {}
        for i, kind in enumerate(self.deck):
            if kind >= t.n_inverters:
                self.due[1 << (kind - t.n_inverters)] = i
        # id_away[x][patches placed of x's][cards drawn]: x's patches still missing, plus how
        # many draws away the latest of them still is (the ordering's guess, `bound`).
        self.id_away: list[dict[int, list[int]]] = []
        for need in self.id_patches:
            bits = [1 << b for b in range(len(t.patch_kinds)) if need >> b & 1]
            away: dict[int, list[int]] = {}
            for placed in range(1 << len(bits)):
                missing = [bit for j, bit in enumerate(bits) if not placed >> j & 1]
                have = sum(bit for j, bit in enumerate(bits) if placed >> j & 1)
                away[have] = [len(missing) + max([self.due.get(bit, -1) - drawn + 1 for bit in missing] + [0])
                              for drawn in range(len(self.deck) + 1)]
            self.id_away.append(away)
        self.held: dict[tuple[int, ...], tuple[int, int, tuple[int, ...]]] = {}  # hand -> `_holding`
        # (the placed patches some homecoming voids, waiting IDs) -> `_firsts`
        self.firsts: dict[tuple[int, int], int | None] = {}
        self.draws: dict[tuple[tuple[int, ...], int, int], tuple[tuple[int, ...], int]] = {}  # `_draw`
        # For Hall's condition: inverters in deck[i:] per family of `t.hall`, and in all.
        self.kind_families = [tuple(f for f, (kinds, _, _) in enumerate(t.hall) if k in kinds) for k in range(t.n_inverters)]
        self.hall_masks = [(up_only, down_only) for _, up_only, down_only in t.hall]
        self.families_from = [tuple(sum(counts[k] for k in kinds) for kinds, _, _ in t.hall) for counts in self.kinds_from]
        self.inverters_from = [sum(counts) for counts in self.kinds_from]
        # patches_from[i]: the patches in deck[i:]
        self.patches_from = [0] * (len(self.deck) + 1)
        for i in range(len(self.deck) - 1, -1, -1):
            kind = self.deck[i]
            self.patches_from[i] = self.patches_from[i + 1] | ((1 << (kind - t.n_inverters)) if kind >= t.n_inverters else 0)
        # late_ids[i]: the IDs that need a patch lying in deck[i:] (`late_homes_fit`).
        self.late_ids = [sum(1 << x for x in range(n_ids) if self.id_patches[x] & patches) for patches in self.patches_from]
        self.late_fits: dict[tuple[int, int, int], bool] = {}  # (k, late IDs, carried) -> `_late_homes_fit_at`
        # `bound` of the positions met lately: about half the children a node lists were listed
        # before, by another node (moves transpose) or in an earlier round of `_SLACKS`.
        self.bounds: dict[Pos, tuple[int, int] | None] = {}

    # --- the compact position -----------------------------------------------------------

    def root(self, state: SoloState) -> Pos:
        """`state` as the search's compact position (see `Pos`), the root to search from."""
        t = self.t
        prime = sum(t.lbit[y] for y in state.timeline.prime)
        placed = sum(t.pbit[card_kind(p)] for p in state.timeline.patches.values())
        hand = tuple(sorted(t.kind_index[card_kind(c)] for c in state.hand))
        waiting = (1 << len(self.ids)) - 1
        return prime, placed, hand, 0, waiting

    def _draw(self, hand: tuple[int, ...], kind: int, drawn: int) -> tuple[tuple[int, ...], int]:
        """The hand and the count of cards drawn once a card of `kind` has left the hand:
        CHR-16.8, refill to five from the known deck. (Remembered: hands recur often.)"""
        key = (hand, kind, drawn)
        found = self.draws.get(key)
        if found is None:
            rest = list(hand)
            rest.remove(kind)
            while len(rest) < HAND_SIZE and drawn < len(self.deck):
                rest.append(self.deck[drawn])
                drawn += 1
            found = self.draws[key] = tuple(sorted(rest)), drawn
        return found

    def play(self, pos: Pos, step: Step) -> Pos | None:
        """The position after `step`, or None when the step loses at once (CHR-16.9b).

        Legality is the caller's business (`moves` lists only legal steps).
        """
        t = self.t
        prime, placed, hand, drawn, waiting = pos
        kind, target = step
        if target == DISCARD:
            new_hand, drawn = self._draw(hand, kind, drawn)
            return prime, placed, new_hand, drawn, waiting
        if kind < t.n_inverters:
            prime ^= t.lbit[target]
            placed &= t.fits[prime]  # CHR-4.4 steps 2-3: voided patches are gone for good
        else:
            placed |= 1 << (kind - t.n_inverters)
        if t.n_paradoxed[prime] - placed.bit_count() >= UNIVERSE_LIMIT:  # CHR-5.3, D-33
            return None
        # CHR-16.6: homes after the update, among the waiting IDs whose true year is not
        # paradoxed (and who have no year after 1962 while World War 3 lies there).
        par = t.paradoxed[prime]
        candidates = self.true_kept.get(par)
        if candidates is None:
            candidates = self.true_kept[par] = sum(1 << i for i, true in enumerate(self.id_true) if not par & true)
        candidates &= waiting
        if placed & t.ultra_patch:
            candidates &= ~self.post_ids
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            need = self.id_patches[bit.bit_length() - 1]
            if placed & need == need:
                waiting ^= bit
        new_hand, drawn = self._draw(hand, kind, drawn)
        return prime, placed, new_hand, drawn, waiting

    def moves(self, pos: Pos) -> list[Step]:
        """Legal steps worth trying, without Resign (it never wins)."""
        t = self.t
        prime, placed, hand, drawn, waiting = pos
        ultra = placed & t.ultra_patch
        blocked = placed | (t.nexus_patches if placed & t.nexus_patches else 0)
        playable_patches = t.fits[prime] & ~blocked & ~(t.post_patches if ultra else 0)
        out: list[Step] = []
        deck_left = drawn < len(self.deck)
        inverters_in_hand = patches_in_hand = 0
        for kind in hand:
            if kind < t.n_inverters:
                inverters_in_hand |= 1 << kind
            else:
                patches_in_hand |= 1 << (kind - t.n_inverters)
        # A flip to prime of a linchpin none of whose ripplepoints has a patch placed or still
        # to come is never better than discarding the same card. Both leave the same hand and
        # the same patches; the flip only adds paradoxes nobody can patch, so more open ones
        # and IDs whose true year is hidden, never an ID home sooner; every later move after
        # the flip works after the discard too (flipping it back becomes discarding that
        # card, and then the two positions are equal). Such flips are left out.
        live = placed | patches_in_hand | self.patches_from[drawn]
        idle = 0
        for year in t.linchpins:
            if not t.ripple_patches[year] & live:
                idle |= t.lbit[year]
        idle &= ~prime
        seen = -1
        for kind in hand:
            if kind == seen:
                continue  # copies of a kind give the same positions
            seen = kind
            if kind < t.n_inverters:
                # Playing or discarding kind k while holding a weaker kind w (every flip w can
                # do, k can do too) leaves a hand with w where the other choice leaves k. The
                # hand with k is never worse: any later use of w can be made with k instead.
                # So k is only used for flips no weaker kind in hand can do, and never discarded.
                weaker = t.weaker[kind] & inverters_in_hand
                targets = ((t.to_prime[kind] & ~prime) | (t.to_true[kind] & prime)) & ~idle
                if ultra:
                    targets &= ~t.post_linchpins  # CHR-5.2.4a
                if weaker:
                    for w in range(t.n_inverters):
                        if weaker & (1 << w):
                            targets &= ~((t.to_prime[w] & ~prime) | (t.to_true[w] & prime))
                for year in t.linchpins:
                    if targets & t.lbit[year]:
                        out.append((kind, year))
                if weaker:
                    continue
            else:
                bit = 1 << (kind - t.n_inverters)
                if playable_patches & bit:
                    out.append((kind, t.patch_year[bit]))
                    # A single-year patch that is not World War 3: the position after playing it
                    # is the one after discarding it plus that patch on the timeline. The extra
                    # patch only lowers the open count (CHR-5.3.3) and can only complete IDs;
                    # it blocks no other card (no other patch fits its year) and leaves the
                    # UltraParadox alone. So the discard is never better: skip it.
                    if bit & t.plain_patches:
                        continue
            # With the deck empty a discard only shortens the game: any line after it works
            # from before it too, with one card more in hand. So it is never needed.
            if deck_left:
                out.append((kind, DISCARD))
        return out

    def assess(self, pos: Pos) -> int | None:
        """None when sound facts rule out any win from here (each explained in `bound`); else a
        lower bound on the cards still to play."""
        found = self.bound(pos)
        return None if found is None else found[0]

    def _holding(self, hand: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
        """What `bound` needs of a hand: its patches (bits), its number of inverters, and its
        inverters per family of `Tables.hall`."""
        n_inverters = self.t.n_inverters
        patches = inverters = 0
        families = [0] * len(self.hall_masks)
        for kind in hand:
            if kind >= n_inverters:
                patches |= 1 << (kind - n_inverters)
            else:
                inverters += 1
                for f in self.kind_families[kind]:
                    families[f] += 1
        return patches, inverters, tuple(families)

    def _firsts(self, placed: int, waiting: int) -> int | None:
        """The waiting IDs no other one must precede (`bound`), or None when the orders that
        the patches `placed` force form a cycle."""
        members = self.members[waiting]
        pred = [0] * len(self.ids)
        for x in members:
            for y, bits in self.blockers[x]:
                if bits & placed and waiting >> y & 1:
                    pred[x] |= 1 << y
        left = waiting
        firsts = 0
        while left:
            free = 0
            for x in members:
                if left >> x & 1 and not pred[x] & left:
                    free |= 1 << x
            if not free:
                return None
            if not firsts:
                firsts = free
            left &= ~free
        return firsts

    def bound(self, pos: Pos) -> tuple[int, int] | None:
        """None when sound facts rule out any win from here (each explained below); else a lower
        bound on the cards still to play, and how far the nearest ID is from home (a guess that
        orders the search, never used to prune)."""
        ultra = self.t.ultra_patch
        prime, placed, hand, drawn, waiting = pos
        # An ID goes home only with both its patches on the timeline. A patch not placed, not
        # in hand and not still in the deck lies in the discard pile, which is never
        # reshuffled (CHR-16.8): it can never be played again.
        held = self.held.get(hand)
        if held is None:
            held = self.held[hand] = self._holding(hand)
        in_hand, inverters_held, hand_families = held
        needed = self.need_patches[waiting]
        if needed & ~(placed | in_hand | self.patches_from[drawn]):
            return None
        # Every home configuration of an ID has its must_prime linchpins prime and its
        # must_true ones true; a linchpin changes only through an inverter (CHR-4.1), one flip
        # per card. So each linchpin some waiting ID needs on the other side must be flipped
        # that way at least once.
        ups = self.need_prime[waiting] & ~prime
        downs = self.need_true[waiting] & prime
        # Hall's condition: the flips that only the kinds of a set K can do need at least that
        # many inverters of those kinds, still in hand or deck.
        if ups or downs:
            in_deck = self.families_from[drawn]
            for (up_only, down_only), deck_has, hand_has in zip(self.hall_masks, in_deck, hand_families):
                if (ups & up_only).bit_count() + (downs & down_only).bit_count() > deck_has + hand_has:
                    return None
        members = self.members[waiting]
        # Order forced by patches on the timeline: if waiting ID y needs a patch that lies on a
        # ripplepoint closed in every home configuration of waiting ID x (or World War 3 while x
        # has a post-1962 year), that patch is voided at the latest when x goes home (CHR-4.7;
        # a patch leaves the timeline only so, CHR-4.8) and lands in the discard pile for good;
        # y cannot go home on that same play (its patch is gone by the check, CHR-16.6). So y
        # goes home strictly before x. A cycle of such orders means nobody in it can go first.
        firsts = waiting
        spoilt = placed & self.spoil_any
        if spoilt:
            key = (spoilt, waiting)
            found = self.firsts.get(key, -1)
            if found == -1:
                found = self.firsts[key] = self._firsts(spoilt, waiting)
            if found is None:
                return None
            firsts = found
        # The IDs also go home in some order (several at once cost nothing): at least the flips
        # to the first one's configuration, then between each one's and the next one's
        # (`_path_costs`). Take the cheapest first ID among those nothing has to precede.
        path = near = 1 << 30
        costs = self.path[waiting]
        for i in members:
            wrong = ((self.id_must_prime[i] & ~prime) | (self.id_must_true[i] & prime)).bit_count()
            if firsts >> i & 1 and wrong + costs[i] < path:
                path = wrong + costs[i]
            away = wrong + self.id_away[i][placed & self.id_patches[i]][drawn]
            if away < near:
                near = away
        flips = max(path, ups.bit_count() + downs.bit_count())
        # Sharper: the fewest flips of a walk through a home configuration of every waiting ID
        # in any order, under World War 3's rules while it lies on the timeline or is still
        # to be played (`_tours`). None when no walk exists.
        tour = self.tour.ww3 if placed & ultra else self.tour.before_ww3 if ultra & needed else self.tour.plain
        low = _level(tour[waiting], prime)
        if low == NO_WALK:
            return None
        flips = max(flips, low)
        if flips > self.inverters_from[drawn] + inverters_held:
            return None
        # Each card is played at most once: the patches still missing and the flips are
        # distinct cards, and only the hand and the deck are left.
        plays = (needed & ~placed).bit_count() + flips
        if plays > len(hand) + len(self.deck) - drawn:
            return None
        return plays, near

    def late_homes_fit(self, pos: Pos) -> bool:
        """False when the hand cannot carry what the IDs waiting on a late patch need (then no
        line wins).

        Say deck[k] is drawn at some turn, in configuration c. An ID needing a patch that lies
        in deck[k:] goes home only after that draw, so the flips made after it take the
        timeline from c through a home configuration of every such ID: at least the shortest
        such walk from c (`_tours`). Those flips use inverters drawn from deck[k:] and
        inverters in hand at that draw, where at most four cards sit beside deck[k] (CHR-16.8).
        The other patches those IDs need were drawn before deck[k]: each lies on the timeline
        then, so it fits c, or waits in the hand (in the discard pile it is lost for good,
        CHR-16.8). So the patches that do not fit c take places in hand an inverter could have
        had. The walk follows World War 3's rules when one of those IDs needs it: it is still
        to be played if it lies in deck[k:] or waits in hand, and lies on the timeline
        otherwise (`bound` chooses the same way); without such an ID the walk leaves those
        rules out, which only shortens it.

        It sees more than `bound` only through that four-card limit (without it every inverter
        to come could be carried, and the walk through every waiting ID is no shorter). It is a
        fact about the order of the deck more than about the position, so it is checked at the
        root only: inside the search it cut nothing on the deals tried (six with 6 IDs at
        30,000 positions, four with 10 IDs at 3,000, also with the patches placed so far held
        to their places), while at the root it settles deals the search could not
        (docs/solonauts-winnability.md).
        """
        _, _, hand, drawn, waiting = pos
        inverters_now = sum(1 for kind in hand if kind < self.t.n_inverters) + self.inverters_from[drawn]
        for k in range(drawn, len(self.deck)):
            late = waiting & self.late_ids[k]
            if not late:
                break
            key = (k, late, inverters_now - self.inverters_from[k])
            fits = self.late_fits.get(key)
            if fits is None:
                fits = self.late_fits[key] = self._late_homes_fit_at(*key)
            if not fits:
                return False
        return True

    def _late_homes_fit_at(self, k: int, late: int, carried: int) -> bool:
        """`late_homes_fit` at the draw of deck[k], for the IDs `late` waiting on it or on a later
        card, with at most `carried` inverters in hand or deck before it."""
        t = self.t
        room = [self.inverters_from[k] + min(HAND_SIZE - 1 - held, carried) for held in range(HAND_SIZE)]
        early = self.need_patches[late] & ~self.patches_from[k]
        # The walks that apply, each with the configurations c that need at most h patches
        # held, for h from 0 to four.
        ways: list[tuple[list[int], list[int]]]
        if not self.need_patches[late] & t.ultra_patch:
            ways = [(self.tour.plain[late], self._held_at_most(early))]
        elif not early & t.ultra_patch:
            ways = [(self.tour.before_ww3[late], self._held_at_most(early))]
        else:
            others = self._held_at_most(early & ~t.ultra_patch)
            ways = [(self.tour.ww3[late], [configs & t.ultra_configs for configs in others]),
                    (self.tour.before_ww3[late], [0, *others[:-1]])]  # World War 3 held too
        return any(configs & _at(walks, room[held]) for walks, allowed in ways for held, configs in enumerate(allowed))

    def _held_at_most(self, patches: int) -> list[int]:
        """Per h from 0 to four: the configurations in which at most h of `patches` do not fit."""
        t = self.t
        out = [(1 << t.configs) - 1] * HAND_SIZE
        for i in range(len(t.patch_kinds)):
            if patches >> i & 1:
                fit = t.fit_configs[i]
                out = [(out[h] & fit) | (out[h - 1] & ~fit if h else 0) for h in range(HAND_SIZE)]
        return out

    # --- the search ---------------------------------------------------------------------

    def is_lost(self, pos: Pos) -> bool:
        """Whether the table proves `pos` lost: the same position with fewer IDs waiting, or
        with more single-year patches on the timeline, was.

        Which IDs wait changes no move's legality and no other effect of a move, only when the
        game is won; a line that brings a larger set of IDs home brings the smaller set home no
        later (CHR-16.7). So a position lost with waiting IDs W is lost with any W' containing W.

        Likewise for a patch that is the only one for its year and not World War 3 (the cards
        in hand and deck being the same, it lies in the discard pile instead): on the timeline
        it blocks no card (no other patch fits its year) and changes no inverter's legality; a
        flip that voids it leaves everything else as it would be without it. It only lowers
        the open count (CHR-5.3.3) and can only complete IDs. So every line from the position
        without it works with it too, and a position lost with it placed is lost without it.
        """
        key, plain, waiting = self._lost_key(pos)
        found = self.lost.get(key)
        if found is None:
            return False
        return any(w & ~waiting == 0 and plain & ~p == 0 for p, w in found)

    def mark_lost(self, pos: Pos) -> None:
        """Remember `pos` as proven lost, dropping the positions it covers (see `is_lost`)."""
        key, plain, waiting = self._lost_key(pos)
        found = self.lost.setdefault(key, [])
        found[:] = [(p, w) for p, w in found if waiting & ~w or p & ~plain]  # drop what the new one covers
        found.append((plain, waiting))

    def _lost_key(self, pos: Pos) -> tuple[tuple[int, int, tuple[int, ...], int], int, int]:
        """The table's key for `pos`, and what the entries under it are compared on: the
        single-year patches placed and the waiting IDs (`is_lost`)."""
        prime, placed, hand, drawn, waiting = pos
        plain = placed & self.t.plain_patches
        return (prime, placed ^ plain, hand, drawn), plain, waiting

    def win_line(self, pos: Pos, slack: int) -> list[Step] | None:
        """A winning line of steps from `pos` (not yet won, not hopeless), or None; raises Capped.

        Children are tried best first; the i-th costs i from `slack` (limited discrepancy
        search), so a small slack looks only near the heuristic's choice. A position goes into
        the table of lost positions only when every child was searched and lost, so the table
        stays exact whatever the slack.
        """
        if not pos[2]:
            return None  # CHR-16.9c
        if self.is_lost(pos):
            return None
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise Capped
        if self.deadline is not None and self.nodes % _CHECK_CLOCK_EVERY == 1 and time.monotonic() > self.deadline:
            raise Capped
        t = self.t
        children: list[tuple[tuple[int, int, int, int], Step, Pos]] = []
        for step in self.moves(pos):
            after = self.play(pos, step)
            if after is None:
                continue
            if not after[4]:
                return [step]
            found = self.bounds.get(after, _UNMET)
            if found is _UNMET:
                if len(self.bounds) >= _BOUNDS_KEPT:
                    self.bounds.clear()
                found = self.bounds[after] = self.bound(after)
            if found is None:
                continue
            plays, near = found
            # Try first what sends IDs home, then what brings the nearest ID closer (counting
            # how late its patches come), then what leaves the least to do, then cheap
            # discards, plays, other discards.
            if step[1] != DISCARD:
                rank = 1
            elif step[0] >= t.n_inverters and not (1 << (step[0] - t.n_inverters)) & self.need_patches[after[4]]:
                rank = 0  # a patch no waiting ID needs: the cheapest way to draw
            else:
                rank = 2
            children.append(((after[4].bit_count(), near, plays, rank), step, after))
        children.sort(key=lambda c: c[0])
        complete = True
        for i, (_, step, after) in enumerate(children):
            if i > slack:
                complete = False
                break
            line = self.win_line(after, slack - i)
            if line is not None:
                return [step, *line]
            if after[2] and not self.is_lost(after):
                complete = False
        if complete:
            self.mark_lost(pos)
        return None

    def solve_root(self, pos: Pos) -> list[Step] | None:
        """A winning line from `pos`, or None if there is none (exact); raises Capped."""
        if not pos[4]:
            return []
        if self.assess(pos) is None or not self.late_homes_fit(pos):
            return None
        for slack in _SLACKS:
            line = self.win_line(pos, slack)
            if line is not None or self.is_lost(pos):
                return line
        raise AssertionError("the last slack searches everything")  # pragma: no cover


@lru_cache(maxsize=64)
def _path_costs(ids: tuple[str, ...], t: Tables) -> list[list[int]]:
    """cost[S][i]: the fewest flips to take the IDs of set S home one after another, starting
    at ID i already home (i in S).

    Between two homecomings every linchpin one ID needs prime and the other needs true must
    flip at least once; summed along the cheapest order this is a lower bound (a Hamiltonian
    path over the IDs, by dynamic programming over subsets).
    """
    n = len(ids)
    gap = [[((t.id_must_prime[a] & t.id_must_true[b]) | (t.id_must_true[a] & t.id_must_prime[b])).bit_count()
             for b in ids] for a in ids]
    big = 1 << 30
    cost = [[big] * n for _ in range(1 << n)]
    for subset in range(1, 1 << n):
        for i in range(n):
            if not subset & (1 << i):
                continue
            rest = subset & ~(1 << i)
            if not rest:
                cost[subset][i] = 0
                continue
            cost[subset][i] = min(gap[i][j] + cost[rest][j] for j in range(n) if rest & (1 << j))
    return cost


@dataclass(frozen=True)
class Tours:
    """The fewest flips that take the timeline through a home configuration of every ID of a
    set, in any order, from each linchpin configuration (`_tours`).

    `plain[S][d]` holds the configurations (bit c for configuration c) from which at most d
    flips do it for set S; `ww3[S][d]` the same while World War 3 lies on the timeline, and
    `before_ww3[S][d]` while it is still to be played by an ID of S that needs it. A list
    stops at its first level holding every configuration, or when no walk can be longer; a
    configuration in none of its levels (or an empty list) cannot do it at all.
    """
    plain: list[list[int]]
    ww3: list[list[int]]
    before_ww3: list[list[int]]


@lru_cache(maxsize=2)  # up to 30 MB each with 10 IDs
def _tours(ids: tuple[str, ...], t: Tables) -> Tours:
    """The tables of `Tours`, by dynamic programming over the sets of IDs.

    A configuration is a home one of an ID when its patched ripplepoints are paradoxed and its
    true one is not (CHR-12.2; patches lie only on paradoxed ripplepoints, CHR-4.3). A winning
    line passes through one for each ID at its homecoming, one flip per inverter played; so
    the fewest flips of such a walk bounds the inverters still to play. By induction on S and
    d: from c, either some ID x of S is at home in c and the rest of S is done within d flips
    from c, or one flip leads to a configuration that does it all within d - 1.

    While World War 3 lies on the timeline no post-1962 ID goes home (CHR-5.2.4e). The patch
    leaves only when 1962 is restored (CHR-4.7), for good (there is one), and after that no ID
    needing it can go home. So the walk first takes home IDs that are not post-1962, then, once
    no waiting ID needs World War 3, reaches a configuration where 1962 is restored and goes on
    as a plain walk. Before it is played, the walk takes home IDs that do not need it, reaches
    a configuration where 1962 is paradoxed (the patch goes only there, CHR-4.3) and goes on
    under its rules. (No inverter turns a post-1962 linchpin meanwhile, CHR-5.2.4a, but that
    changes no count: only the homes of post-1962 IDs depend on those linchpins, so their
    flips can wait until the patch is gone.)
    """
    n = len(t.linchpins)
    size = 1 << n
    full = (1 << size) - 1
    home = []
    for name in ids:
        ident = t.rules.identities[name]
        patched = sum(t.rbit[y] for y in ident.patched)
        true = t.rbit[ident.true_year]
        home.append(sum(1 << c for c in range(size)
                        if t.paradoxed[c] & patched == patched and not t.paradoxed[c] & true))
    post = [t.id_post[i] for i in ids]
    needs_ww3 = sum(1 << x for x, i in enumerate(ids) if t.id_patches[i] & t.ultra_patch)
    ultra_bit = t.rbit[t.rules.ultra_year] if t.rules.ultra_year is not None else 0
    restored_1962 = sum(1 << c for c in range(size) if not t.paradoxed[c] & ultra_bit)
    paradoxed_1962 = (full & ~restored_1962) if ultra_bit else 0

    plain: list[list[int]] = [[full]]
    ww3: list[list[int]] = [[full]]
    before: list[list[int]] = [[full]]
    for group in range(1, 1 << len(ids)):
        members = [x for x in range(len(ids)) if group >> x & 1]
        longest = n * (len(members) + 2)  # a walk never needs more: each leg fits in n flips
        for table, mode in ((plain, 0), (ww3, 1), (before, 2)):
            if mode == 2 and not group & needs_ww3:
                table.append(plain[group])
                continue
            # Who may go home under this mode's rules, and where the walk may change rules
            # (World War 3 voided, or played) to go on in another table.
            goers = [x for x in members if not (mode == 1 and post[x]) and not (mode == 2 and needs_ww3 >> x & 1)]
            gate, after = ((restored_1962, plain[group]) if mode == 1 and not group & needs_ww3
                           else (paradoxed_1962, ww3[group]) if mode == 2 else (0, []))
            mine: list[int] = []
            while len(mine) <= longest and (not mine or mine[-1] != full):
                d = len(mine)
                reach = _grow(mine[-1], n) if mine else 0
                for x in goers:
                    reach |= home[x] & _at(table[group & ~(1 << x)], d)
                if gate:
                    reach |= gate & _at(after, d)
                mine.append(reach)
            while mine and not mine[-1]:
                mine.pop()  # nothing reachable: the set cannot be taken home at all
            table.append(mine)
    return Tours(plain, ww3, before)


@lru_cache(maxsize=16)
def _flip_masks(n: int) -> tuple[tuple[int, int], ...]:
    """Per linchpin b: (2^b, the configurations with b true). Moving a set of configurations
    across linchpin b is two shifts of its bits."""
    out = []
    for b in range(n):
        step = 1 << b
        block = (1 << step) - 1
        low = 0
        for start in range(0, 1 << n, 2 * step):
            low |= block << start
        out.append((step, low))
    return tuple(out)


def _grow(configs: int, n: int) -> int:
    """`configs` and every configuration one flip away from one of them."""
    out = configs
    for step, low in _flip_masks(n):
        out |= ((configs & low) << step) | ((configs >> step) & low)
    return out


def _at(levels: list[int], d: int) -> int:
    """Level d of a table's list; past its end the last level (no walk is longer), and
    nothing for an empty list."""
    return levels[min(d, len(levels) - 1)] if levels else 0


def _level(levels: list[int], config: int) -> int:
    """The first of `levels` (growing sets of configurations) holding `config`; NO_WALK when
    none does."""
    if not levels or not levels[-1] >> config & 1:
        return NO_WALK
    low, high = 0, len(levels) - 1
    while low < high:
        mid = (low + high) // 2
        if levels[mid] >> config & 1:
            high = mid
        else:
            low = mid + 1
    return low


def _union(masks: Sequence[int], members: Sequence[int]) -> int:
    out = 0
    for i in members:
        out |= masks[i]
    return out


def solve(engine: SolonautsEngine, state: SoloState, *, max_nodes: int | None = None,
          deadline: float | None = None) -> Solution:
    """Whether the position can be won, knowing the order of `state.deck` (the state is not changed).

    "loss" is exact: no line of legal moves wins. `max_nodes` and `deadline` (a
    `time.monotonic()` value) bound the work; when either runs out the verdict is "unknown".
    """
    if state.result is not None:
        return Solution("win" if state.result == "won" else "loss")
    search = Search(engine, state, max_nodes=max_nodes, deadline=deadline)
    try:
        steps = search.solve_root(search.root(state))
    except Capped:
        return Solution("unknown", nodes=search.nodes)
    if steps is None:
        return Solution("loss", nodes=search.nodes)
    return Solution("win", to_moves(engine, state, steps, search.t), search.nodes)


def to_moves(engine: SolonautsEngine, state: SoloState, steps: Sequence[Step], t: Tables) -> list[Move]:
    """Real moves for a line of steps, replayed through the engine on a copy (which checks them)."""
    work = engine.clone(state)
    moves: list[Move] = []
    for kind_index, target in steps:
        kind = t.kinds[kind_index]
        card = min(c for c in work.hand if card_kind(c) == kind)
        move: Move = Discard(SOLO, card) if target == DISCARD else PlayCard(SOLO, card, target)
        engine.apply(work, move)
        moves.append(move)
    assert work.result == "won", "the solver's model and the engine disagree"
    return moves
