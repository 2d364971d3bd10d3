"""The Chrononauts timeline: linchpins, ripplepoints, paradoxes and patches (CHR-3 to CHR-5).

Shared by every Chrononauts mode. `Timeline` is the changing part of the grid; `Rules`
holds what the card set says about it and does the update that follows a flip (CHR-4.4).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cardsets.chrononauts.loader import ChrononautsSet, IdentityCard, InverterCard, PatchCard, TimelineCard
from cardsets.instances import card_kind as card_kind  # the name the Chrononauts modules import
from rules.kernel import Event, IllegalMove

LAST_REACHABLE_IN_ULTRA = 1962  # CHR-5.2.4: "after 1962" means 1963 or later
UNIVERSE_LIMIT = 13  # CHR-5.3.1


@dataclass
class Timeline:
    """Which linchpins are prime, which ripplepoints are paradoxed, and their patches."""

    prime: set[int] = field(default_factory=set)
    paradoxed: set[int] = field(default_factory=set)
    patches: dict[int, str] = field(default_factory=dict)  # year -> patch card instance

    def copy(self) -> Timeline:
        """A copy that shares no set or dict with this timeline."""
        return Timeline(set(self.prime), set(self.paradoxed), dict(self.patches))

    def open_paradoxes(self) -> list[int]:
        """The paradoxed years no patch covers, in order."""
        return sorted(y for y in self.paradoxed if y not in self.patches)




class Rules:
    """Timeline rules bound to one card set."""

    def __init__(self, cards: ChrononautsSet) -> None:
        self.cards = cards
        self.linchpins = tuple(c.year for c in cards.timeline if c.is_linchpin)
        self.ripplepoints: dict[int, TimelineCard] = {c.year: c for c in cards.timeline if not c.is_linchpin}
        self.ripples: dict[int, tuple[int, ...]] = {c.year: tuple(sorted(c.ripples)) for c in cards.timeline if c.is_linchpin}
        self.patches: dict[str, PatchCard] = {p.id: p for p in cards.patches}
        self.inverters: dict[str, InverterCard] = {i.id: i for i in cards.inverters}
        self.identities: dict[str, IdentityCard] = {i.id: i for i in cards.identities}
        self.ultra_year = next((c.year for c in cards.timeline if c.ultra), None)
        self.nexus_year = next((c.year for c in cards.timeline if c.nexus), None)
        # Per inverter, each linchpin with whether the card may flip it from prime and from true (`allows`): the
        # targets are listed for every inverter in a hand at every move, and the card set never changes.
        self._flips: dict[str, tuple[tuple[int, bool, bool], ...]] = {
            inv.id: tuple((y, inv.allows(y, True), inv.allows(y, False)) for y in self.linchpins)
            for inv in cards.inverters}

    # --- conditions -------------------------------------------------------------

    def condition(self, year: int, prime: set[int]) -> bool:
        """Whether ripplepoint `year` is paradoxed under these prime linchpins (CHR-4.2)."""
        card = self.ripplepoints[year]
        if card.op == "and":
            return all(y in prime for y in card.of)
        return any(y in prime for y in card.of)

    def patch_fits(self, patch: PatchCard, prime: set[int]) -> bool:
        """An unstable patch's own configuration (CHR-5.1.2); always true for the others."""
        return all(y in prime for y in patch.playable_if_prime)

    def ultraparadox(self, tl: Timeline) -> bool:
        """CHR-5.2.2: active exactly while the UltraParadox patch lies on its year."""
        return self.ultra_year is not None and self.ultra_year in tl.patches

    # --- legality ---------------------------------------------------------------

    def inverter_targets(self, tl: Timeline, inverter_id: str) -> list[int]:
        """Linchpin years this inverter may flip now (CHR-9.1, CHR-5.2.4a)."""
        prime = tl.prime
        reach = LAST_REACHABLE_IN_ULTRA if self.ultraparadox(tl) else None
        return [y for y, from_prime, from_true in self._flips[inverter_id]
                if (from_prime if y in prime else from_true) and (reach is None or y <= reach)]

    def check_inverter(self, tl: Timeline, inverter_id: str, year: int | None) -> None:
        """Raise IllegalMove if the inverter may not be played on `year` now (CHR-9.1, CHR-5.2.4a)."""
        if year is None:
            raise IllegalMove("illegal.needs_target", card=inverter_id)
        if year not in self.ripples:
            raise IllegalMove("illegal.not_a_linchpin", card=inverter_id, year=year)
        inv = self.inverters[inverter_id]
        if not inv.allows(year, year in tl.prime):
            if inv.targets is not None and year not in inv.targets:
                raise IllegalMove("illegal.linchpin_not_listed", card=inverter_id, year=year)
            raise IllegalMove("illegal.wrong_direction", card=inverter_id, year=year)
        if self.ultraparadox(tl) and year > LAST_REACHABLE_IN_ULTRA:
            raise IllegalMove("illegal.ultraparadox_blocks", card=inverter_id, year=year)

    def patch_target(self, tl: Timeline, patch_id: str) -> int | None:
        """The year a patch may be played on now, or None (CHR-9.2.1). Asked of every patch in a hand at every
        move, mostly to hear no: the refusal is a text key, not an IllegalMove raised and caught."""
        year = self.patches[patch_id].year
        return year if self._patch_refusal(tl, patch_id, year) is None else None

    def check_patch(self, tl: Timeline, patch_id: str, year: int | None) -> None:
        """Raise IllegalMove if the patch may not be played on `year` now (CHR-9.2.1, CHR-5.2.4b)."""
        refusal = self._patch_refusal(tl, patch_id, year)
        if refusal is None:
            return
        if year is None:
            raise IllegalMove(refusal, card=patch_id)
        if refusal == "illegal.patch_wrong_year":
            raise IllegalMove(refusal, card=patch_id, year=year, own=self.patches[patch_id].year)
        raise IllegalMove(refusal, card=patch_id, year=year)

    def _patch_refusal(self, tl: Timeline, patch_id: str, year: int | None) -> str | None:
        """Why the patch may not be played on `year` now (a text key), or None: `check_patch`'s and
        `patch_target`'s one judge."""
        patch = self.patches[patch_id]
        if year is None:
            return "illegal.needs_target"
        if year != patch.year:
            return "illegal.patch_wrong_year"
        if year not in tl.paradoxed:
            return "illegal.not_a_paradox"
        if year in tl.patches:
            return "illegal.already_patched"
        if not self.patch_fits(patch, tl.prime):
            return "illegal.config_not_met"
        if self.ultraparadox(tl) and year > LAST_REACHABLE_IN_ULTRA:
            return "illegal.ultraparadox_blocks"
        return None

    def identity_progress(self, tl: Timeline, identity_id: str) -> tuple[bool, bool, bool]:
        """For the true year and the two patched years: is that title readable now (CHR-12.2)?"""
        ident = self.identities[identity_id]
        first, second = ident.patched
        return ident.true_year not in tl.paradoxed, self._patched_reads(tl, first), self._patched_reads(tl, second)

    def identity_home(self, tl: Timeline, identity_id: str) -> bool:
        """CHR-12.2: all three titles readable, and none of them barred by the UltraParadox."""
        ident = self.identities[identity_id]
        # Asked of every ID waiting after every play, and mostly false at its first title: the titles are read
        # one by one, as `identity_progress` reads them, stopping at the first that is not readable.
        if ident.true_year in tl.paradoxed:
            return False
        for year in ident.patched:
            if not self._patched_reads(tl, year):
                return False
        return not (self.ultraparadox(tl) and any(y > LAST_REACHABLE_IN_ULTRA for y in ident.years))

    def _patched_reads(self, tl: Timeline, year: int) -> bool:
        """Whether an ID's title on the patched `year` is readable: one of that ripplepoint's own patches lies on it."""
        patch = tl.patches.get(year)
        return patch is not None and card_kind(patch) in self.ripplepoints[year].patches

    # --- the update after a flip (CHR-4.4) ------------------------------------------

    def flip(self, tl: Timeline, year: int) -> tuple[list[Event], list[str]]:
        """Turn a linchpin over and bring the grid back to its invariant.

        Returns the events in order and the patch instances voided (for the discard pile).
        """
        events: list[Event] = []
        voided: list[str] = []
        was_ultra = self.ultraparadox(tl)
        if year in tl.prime:
            tl.prime.discard(year)
        else:
            tl.prime.add(year)
        events.append(Event("linchpin_flipped", {"year": year, "prime": year in tl.prime}))
        for ripple in self.ripples[year]:
            now = self.condition(ripple, tl.prime)
            if now and ripple not in tl.paradoxed:
                tl.paradoxed.add(ripple)
                events.append(Event("paradox_opened", {"year": ripple}))
            elif not now and ripple in tl.paradoxed:
                if ripple in tl.patches:
                    patch = tl.patches.pop(ripple)
                    voided.append(patch)
                    events.append(Event("patch_voided", {"year": ripple, "card": patch}))
                tl.paradoxed.discard(ripple)
                events.append(Event("paradox_closed", {"year": ripple}))
        nexus = self.nexus_year
        if nexus is not None and nexus in tl.patches:
            patch = tl.patches[nexus]
            if not self.patch_fits(self.patches[card_kind(patch)], tl.prime):
                del tl.patches[nexus]
                voided.append(patch)
                events.append(Event("patch_voided", {"year": nexus, "card": patch}))
        if was_ultra and not self.ultraparadox(tl):
            events.append(Event("ultraparadox_ended", {}))
        if len(tl.open_paradoxes()) >= UNIVERSE_LIMIT:
            events.append(Event("universe_destroyed", {"open": len(tl.open_paradoxes())}))
        return events, voided

    def place_patch(self, tl: Timeline, patch: str, year: int) -> list[Event]:
        """Cover the paradox of `year` with `patch` (CHR-9.2.2); World War 3 starts the UltraParadox
        (CHR-9.2.3)."""
        tl.patches[year] = patch
        events = [Event("patch_placed", {"year": year, "card": patch})]
        if year == self.ultra_year:
            events.append(Event("ultraparadox_started", {}))
        return events

    def destroyed(self, tl: Timeline) -> bool:
        """Whether so many paradoxes are open that the universe is destroyed (CHR-5.3.1)."""
        return len(tl.open_paradoxes()) >= UNIVERSE_LIMIT
