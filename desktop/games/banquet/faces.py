"""The faces of Bacchus' Banquet: action cards, guests, privileges, backs and player plates.

Faces are made in the table's language and cached, so a redraw costs dictionary look-ups.
"""
from __future__ import annotations

import html
from dataclasses import replace

from cardsets.banquet.loader import BanquetSet
from desktop.frame.card_item import CardFace, band_collides
from desktop.frame.i18n import Translator
from desktop.frame.origin import origin_html
from rules.banquet.objectives import card_kind

CARD = (116.0, 114.0)  # the circle, the slots, the picked three: "Lauwerkrans", "Beschilderde" whole at 9 px
ROW_CARD = (70.0, 96.0)  # a row beside a display
GUEST = (112.0, 98.0)  # as wide as the longest guest's name ("Vespasianus") at 9 px in a 1280×720 window
# A plate under the guest: two lines of the longest names ("Intercambio: Guardo y Descarto", "Opeisen: Houd of
# Verwijder") at 9 px on a 1280×720 screen, the window inside its frame (158 × 36 cut them: "Reclamar: Guar…").
PRIVILEGE = (166.0, 38.0)
PAPER = "#f6efe0"
BACK = "#5a2330"  # the back of every Banquet card: a deep Pompeian red
KIND_COLOURS = {"dish": "#a0522d", "wine": "#6d1a36", "poison": "#3f6b2a", "relief": "#2f6690",
                "dagger": "#474747", "gift": "#a67c00", "special": "#5e3c8c"}
TEAM_COLOURS = {"caligula": "#8b1a1a", "conspirators": "#333333", "glutton": "#a0522d", "collector": "#a67c00"}
PRIVILEGE_COLOUR = "#1f5f5b"


def title(tr: Translator, card: str) -> str:
    """The name of any Banquet card instance ('carp#2' -> 'Carp'), guest or privilege."""
    return tr.text(f"{card_kind(card)}.name")


class BanquetFaces:
    def __init__(self, cards: BanquetSet, tr: Translator) -> None:
        self.cards = cards
        self.tr = tr
        self.actions = {a.id: a for a in cards.actions}
        self.guests = {g.id: g for g in cards.guests}
        self.privileges = {p.id: p for p in cards.privileges}
        self._cache: dict[tuple[object, ...], CardFace] = {}

    def clear(self) -> None:
        self._cache.clear()

    def kind(self, card: str) -> str:
        action = self.actions.get(card_kind(card))
        return action.kind if action is not None else ""

    def value_text(self, card: str) -> str:
        action = self.actions.get(card_kind(card))
        if action is None or not action.value:
            return ""
        return f"+{action.value}" if action.value > 0 else f"−{-action.value}"

    # --- faces ------------------------------------------------------------------------

    def action(self, card: str, size: tuple[float, float] = CARD, body: str = "", stamp: str = "") -> CardFace:
        key = ("action", card_kind(card), size, body, stamp, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            a = self.actions[card_kind(card)]
            face = CardFace(size[0], size[1], KIND_COLOURS[a.kind], PAPER, kind_label=self.tr.text(f"kind.{a.kind}"),
                            year=self.value_text(card), title=title(self.tr, card), body=body, stamp=stamp,
                            reconstructed=a.provenance.reconstructed)
            if band_collides(face):  # a long kind name and a value share a narrow band: the name goes to the foot
                face = replace(face, kind_label="", corner=face.kind_label)
            self._cache[key] = face
        return face

    def row_plate(self, card: str, size: tuple[float, float]) -> CardFace:
        """A card in a crowded row: a plate in its kind's colour with its name and value."""
        key = ("row", card_kind(card), size, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            a = self.actions[card_kind(card)]
            words = f"{title(self.tr, card)} {self.value_text(card)}".strip()
            face = self._cache[key] = CardFace(size[0], size[1], KIND_COLOURS[a.kind], KIND_COLOURS[a.kind], title=words,
                                               plate=True, reconstructed=a.provenance.reconstructed)
        return face

    def back(self, words: str, size: tuple[float, float] = CARD) -> CardFace:
        key = ("back", words, size)
        face = self._cache.get(key)
        if face is None:
            face = self._cache[key] = CardFace(size[0], size[1], BACK, PAPER, title=words, face_down=True)
        return face

    def guest(self, guest: str, progress: str = "", stamp: str = "", height: float = GUEST[1],
              width: float = GUEST[0]) -> CardFace:
        key = ("guest", guest, progress, stamp, height, width, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            g = self.guests[guest]
            face = CardFace(width, height, TEAM_COLOURS[g.team], "#fbf4e4",
                            kind_label=self.tr.text(f"team.{g.team}"), title=self.tr.text(f"{guest}.name"),
                            body=progress, stamp=stamp, stamp_colour="#1b6e3a",
                            reconstructed=g.provenance.reconstructed)
            self._cache[key] = face
        return face

    def privilege(self, card: str | None) -> CardFace:
        """A privilege plate: its name, or only 'Privilege' when its owner's eyes are not the ones looking."""
        key = ("privilege", card, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            words = self.tr.text(f"{card}.name") if card is not None else self.tr.text("table.privilege_back")
            colour = PRIVILEGE_COLOUR if card is not None else BACK
            face = self._cache[key] = CardFace(PRIVILEGE[0], PRIVILEGE[1], colour, PAPER, title=words, plate=True)
        return face

    def zone(self, name: str, words: str, size: tuple[float, float] = CARD, lit: bool = False) -> CardFace:
        """A place on the felt where cards lie (a slot, the pick tray): a pale outline with its name."""
        key = ("zone", name, words, size, lit)
        face = self._cache.get(key)
        if face is None:
            face = self._cache[key] = CardFace(size[0], size[1], "#2d5e4b", "#3c6e5a", kind_label="", title=words,
                                               ink="#e8dfc8", border="#8fb8a4")
        return face

    def plate(self, width: float, height: float, name: str, status: str, body: str, acting: bool) -> CardFace:
        key = ("plate", width, height, name, status, body, acting)
        face = self._cache.get(key)
        if face is None:
            face = self._cache[key] = CardFace(width, height, "#b8860b" if acting else "#6b4f2a", "#2a5846",
                                               kind_label=name, year=status, body=body, ink="#e8dfc8",
                                               border="#ffd54f" if acting else "#8a7350")
        return face

    # --- the detail panel -------------------------------------------------------------------

    def detail_html(self, card: str) -> str:
        kind = card_kind(card)
        name = html.escape(title(self.tr, card))
        if kind in self.guests:
            text = self.tr.text(f"{kind}.objective")
        else:
            text = self.tr.text(f"{kind}.text")
        found = self.actions.get(kind) or self.guests.get(kind) or self.privileges.get(kind)
        origin = "" if found is None else origin_html(self.tr, "banquet", kind, found.provenance.reconstructed)
        return f"<h3>{name}</h3><p>{html.escape(text)}</p>{origin}"

    def detail_face(self, card: str) -> CardFace:
        kind = card_kind(card)
        if kind in self.guests:
            return self.guest(kind)
        if kind in self.privileges:
            return CardFace(CARD[0], CARD[1], PRIVILEGE_COLOUR, PAPER, kind_label=self.tr.text("table.privilege_back"),
                            title=title(self.tr, card))
        return self.action(card)
