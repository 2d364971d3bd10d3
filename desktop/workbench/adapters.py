"""What the workbench needs from a game to draw its cards: one small adapter per game.

An adapter lists the cards of a set (the card ids of its cards.yaml) and gives, for each card,
the faces the table paints for each of its sides in a language, made by the game's own faces
module, with the string key behind each text box of the face (so an overflowing box names the
string to shorten). Games without an adapter still have their strings listed; a game that gets
faces on the table names its adapter in its registration (desktop.games, docs/new-game.md).

To draw one card elsewhere (the rules' pictures, a help page), use `card_picture`:
``card_picture("banquet", "carp", tr)`` is the card's first side as the table paints it, in
``tr``'s language, as a QImage (None for a card the game does not have). By hand, the same is
``face_image(adapters()[game](load_game(root, game)).sides(card_id, tr)[0].face)`` with ``tr``
speaking that game's texts (`Translator.for_game`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QImage

import cardsets
from cardsets.instances import card_kind
from cardsets.parsifal.loader import Abilities
from desktop.frame.card_item import CardFace
from desktop.frame.i18n import Translator
from desktop.frame.registration import registrations, resolve
from desktop.games.bacchanalia.faces import BacchanaliaFaces
from desktop.games.banquet.faces import ROW_CARD, BanquetFaces
from desktop.games.chrononauts.faces import ChrononautsFaces, artifact_plate, full_face
from desktop.games.parsifal.faces import ParsifalFaces
from desktop.workbench.render import face_image
from desktop.workbench.source import GameSource, Where, load_game
from rules.chrononauts.timeline import Rules, Timeline
from rules.parsifal.missions import conditions
from rules.parsifal.state import ParState


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
    travellers; the artifacts, timewarps, actions and missions of the full game (an artifact also
    as the plate it is before its owner)."""

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
        face = full_face(faces, card_id)
        sides = [Side("card", face, {"kind_label": f"kind.{group}", **own})]
        if group == "artifact":  # once found, it lies before its owner as a small plate
            sides.append(Side("player", artifact_plate(faces, card_id), {"title": f"{card_id}.title"}))
        return sides


class BacchanaliaAdapter:
    """Bacchanalia: every Deus and every Umbra, as it lies in the centre, before a player or on a pile."""

    def __init__(self, source: GameSource) -> None:
        self.source = source
        self.cards = source.cards

    def card_ids(self) -> list[str]:
        return [d.id for d in self.cards.deus] + [u.id for u in self.cards.umbra]

    def location(self, card_id: str) -> Where | None:
        return self.source.card_places.get(card_id)

    def sides(self, card_id: str, tr: Translator) -> list[Side]:
        by_id = self.cards.by_id
        faces = BacchanaliaFaces(lambda instance: str(by_id[card_kind(instance)].type),
                                 lambda cid: bool(by_id[cid].provenance.reconstructed), tr)
        body = f"{card_id}.text" if card_id.startswith("deus_") else "table.umbra"
        name = f"{card_id}.name"
        return [Side("card", faces.card(card_id), {"kind_label": name, "title": name, "body": body})]


class BanquetAdapter:
    """Bacchus' Banquet: action cards (in the circle, and smaller in a player's row), guests, and
    privileges (the plate under a guest, and the card in the card panel)."""

    def __init__(self, source: GameSource) -> None:
        self.source = source
        self.cards = source.cards

    def card_ids(self) -> list[str]:
        return ([a.id for a in self.cards.actions] + [g.id for g in self.cards.guests]
                + [p.id for p in self.cards.privileges])

    def location(self, card_id: str) -> Where | None:
        return self.source.card_places.get(card_id)

    def sides(self, card_id: str, tr: Translator) -> list[Side]:
        faces = BanquetFaces(self.cards, tr)
        name = f"{card_id}.name"
        if card_id in faces.actions:
            kind = f"kind.{faces.actions[card_id].kind}"
            return [Side(side, face, {"kind_label" if face.kind_label else "corner": kind, "title": name})
                    for side, face in (("card", faces.action(card_id)), ("player", faces.action(card_id, ROW_CARD)))]
        if card_id in faces.guests:
            return [Side("card", faces.guest(card_id),
                         {"kind_label": f"team.{faces.guests[card_id].team}", "title": name})]
        return [Side("player", faces.privilege(card_id), {"title": name}),
                Side("detail", faces.detail_face(card_id), {"kind_label": "table.privilege_back", "title": name})]


class ParsifalAdapter:
    """Parsifal: characters out of play, in play (with their missions' lines), blocked and in Limbo;
    artifacts in the middle of the table, under their holder and in Limbo."""

    def __init__(self, source: GameSource) -> None:
        self.source = source
        self.cards = source.cards

    def card_ids(self) -> list[str]:
        return [t.id for t in self.cards.tarots]

    def location(self, card_id: str) -> Where | None:
        return self.source.card_places.get(card_id)

    def sides(self, card_id: str, tr: Translator) -> list[Side]:
        faces = ParsifalFaces(self.cards, tr)
        tarot = self.cards.tarot(card_id)
        name = f"{card_id}.name"
        if not tarot.is_character:
            plus = _ability_parts(faces, tarot.abilities, plus=True)
            return [Side("common", faces.artifact(card_id),
                         {"kind_label": "kind.one_artifact", "title": name, **_longest("body", plus)}),
                    Side("tucked", faces.tucked(card_id), {"title": name}),
                    Side("limbo", faces.in_limbo(card_id), {"title": name})]
        # In play alone, with nothing of its missions done yet: one line per condition (PAR-15.4).
        lines = tuple(conditions(self.cards, ParState({}, None, [], owner={card_id: 0}), card_id))
        parts = _ability_parts(faces, tarot.abilities) + [(f"condition.{k}", faces.condition(k, w)) for k, w, _m in lines]
        in_play = {"title": name, **_longest("body", parts)}
        return [Side("rest", faces.character_at_rest(card_id), {"title": name, "body": f"{card_id}.missions"}),
                Side("play", faces.character(card_id, lines, False, False), in_play),
                Side("blocked", faces.character(card_id, lines, True, True), {"kind_label": "face.blocked", **in_play}),
                Side("limbo", faces.in_limbo(card_id), {"title": name})]


def _ability_parts(faces: ParsifalFaces, ab: Abilities, plus: bool = False) -> list[tuple[str, str]]:
    """(string key, text) of each part of `ParsifalFaces.abilities`'s line, in its order."""
    keys = []
    if ab.block:
        keys.append("ab.block_plus" if plus else "ab.block")
    if ab.free:
        keys.append("ab.free_plus" if plus else "ab.free")
    keys += [f"ab.{flag}" for flag in ("change_faction", "hand_over", "control", "interrupt") if getattr(ab, flag)]
    keys += [key for key, found in (("ab.send", ab.send_to_limbo), ("ab.recover", ab.recover_from_limbo)) if found]
    if ab.extra_action:
        keys.append(f"ab.extra_{ab.extra_action}")
    return list(zip(keys, faces.abilities(ab, plus).split(" · ")))


def _longest(role: str, parts: list[tuple[str, str]]) -> dict[str, str]:
    """A box that joins several strings names the longest of them: the one most worth shortening."""
    return {role: max(parts, key=lambda part: len(part[1]))[0]} if parts else {}


def adapters() -> dict[str, Callable[[GameSource], Adapter]]:
    """Game -> its adapter, as each game's registration names it (desktop.games)."""
    return {found.game: resolve(found.adapter) for found in registrations() if found.adapter is not None}


def adapter_for(source: GameSource) -> Adapter | None:
    make = adapters().get(source.game)
    return make(source) if make is not None else None


@cache
def _shipped(game: str, root: Path) -> Adapter | None:
    """The adapter of a game's card set, read once: the pictures of the rules never change while the app runs."""
    make = adapters().get(game)
    return make(load_game(root, game)) if make is not None else None


def card_picture(game: str, card_id: str, tr: Translator, root: Path = cardsets.ROOT) -> QImage | None:
    """Card ``card_id`` of ``game`` (a card id of its cards.yaml), its first side as the table paints
    it, in ``tr``'s language; None if the game has no faces or no such card."""
    adapter = _shipped(game, root)
    if adapter is None or card_id not in adapter.card_ids():
        return None
    return face_image(adapter.sides(card_id, tr.for_game(game))[0].face)
