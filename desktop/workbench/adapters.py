"""What the workbench needs from a game to draw its cards: one small adapter per game.

An adapter lists the cards of a set and gives, for each card, the faces the table paints for
each of its sides in a language, with the string key behind each text box of the face (so an
overflowing box names the string to shorten). Games without an adapter still have their
strings listed; a game that gets faces on the table adds its adapter to ADAPTERS.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from desktop.frame.card_item import CardFace
from desktop.frame.i18n import Translator
from desktop.games.chrononauts.faces import HAND_SIZE, ChrononautsFaces
from desktop.workbench.source import GameSource, Where
from rules.chrononauts.timeline import Rules, Timeline


@dataclass(frozen=True)
class Side:
    """One side of a card as the table paints it."""

    side: str  # names the side for people: wb.side.<side> in the app strings
    face: CardFace
    keys: dict[str, str] = field(default_factory=dict)  # text box role -> string key it shows


class Adapter(Protocol):
    def card_ids(self) -> list[str]: ...

    def sides(self, card_id: str, tr: Translator) -> list[Side]: ...

    def location(self, card_id: str) -> Where | None: ...


class ChrononautsAdapter:
    """Chrononauts: timeline cards (both sides), patches (in hand and on the timeline), inverters,
    travellers; the cards of the full game, which the table does not show yet, on a plain face."""

    def __init__(self, source: GameSource) -> None:
        self.source = source
        self.cards = source.cards
        self.rules = Rules(self.cards)
        self._extra = {card.id: group for group, cards in (("artifact", self.cards.artifacts),
                                                            ("timewarp", self.cards.timewarps),
                                                            ("action", self.cards.actions),
                                                            ("mission", self.cards.missions))
                       for card in cards}

    def card_ids(self) -> list[str]:
        ids = [c.id for c in self.cards.timeline] + [p.id for p in self.cards.patches]
        ids += [i.id for i in self.cards.inverters] + [i.id for i in self.cards.identities]
        return ids + list(self._extra)

    def location(self, card_id: str) -> Where | None:
        return self.source.card_places.get(card_id)

    def sides(self, card_id: str, tr: Translator) -> list[Side]:
        faces = ChrononautsFaces(self.cards, self.rules, tr)
        card = self.cards.card(card_id)
        if card_id.startswith("tl_"):
            year = card.year
            if card.is_linchpin:
                ripples = {"kind_label": "side.true", "body": "card.ripples"}
                return [Side("true", faces.timeline(year, Timeline()), {"title": f"{card_id}.true.title", **ripples}),
                        Side("prime", faces.timeline(year, Timeline(prime={year})),
                             {"title": f"{card_id}.prime.title", "kind_label": "side.prime", "body": "card.ripples"})]
            rule = f"rule.{card.op}"
            return [Side("true", faces.timeline(year, Timeline()),
                         {"title": f"{card_id}.true.title", "kind_label": "kind.ripplepoint", "body": rule}),
                    Side("paradox", faces.timeline(year, Timeline(paradoxed={year})),
                         {"title": f"{card_id}.paradox.title", "kind_label": "side.paradox"})]
        own = {"title": f"{card_id}.title", "body": f"{card_id}.text"}
        if card_id in self.rules.patches:
            return [Side("hand", faces.play_card(card_id), {"kind_label": "kind.patch", **own}),
                    Side("timeline", faces.play_card(card_id, on_timeline=True), {"title": f"{card_id}.title"})]
        if card_id in self.rules.inverters:
            return [Side("card", faces.play_card(card_id), {"kind_label": "kind.inverter", **own})]
        if card_id in self.rules.identities:
            return [Side("card", faces.identity(card_id, False, Timeline()),
                         {"kind_label": "kind.identity", "title": f"{card_id}.name"})]
        group = self._extra[card_id]
        w, h = HAND_SIZE
        year = getattr(card, "year", None)
        face = CardFace(w, h, "#5d5446", "#f3efe6", kind_label=tr.text(f"kind.{group}"),
                        year="" if year is None else str(year),
                        title=tr.text(f"{card_id}.title"), body=tr.text(f"{card_id}.text"),
                        reconstructed=card.provenance.reconstructed)
        return [Side("card", face, {"kind_label": f"kind.{group}", **own})]


ADAPTERS: dict[str, Callable[[GameSource], Adapter]] = {"chrononauts": ChrononautsAdapter}


def adapter_for(source: GameSource) -> Adapter | None:
    make = ADAPTERS.get(source.game)
    return make(source) if make is not None else None
