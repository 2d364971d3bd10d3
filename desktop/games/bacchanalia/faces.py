"""What each Bacchanalia card and plate shows, in the players' language (faces are cached: a
redraw asks for the same few dozen faces again and again)."""
from __future__ import annotations

from collections.abc import Callable

from desktop.frame.card_item import CARD_BACK, CardFace
from desktop.frame.i18n import Translator
from rules.bacchanalia.honour import card_kind

# 80 wide: the longest name (Accusator) reads whole at 9 px on screen once the table is drawn at 0.75 or more.
DEUS_SIZE = (80.0, 112.0)
# A strip across the player's area: the name, then the news, on one line (taller where the news needs a second one).
PLATE_SIZE = (348.0, 24.0)
ORACLE_SIZE = (112.0, 156.0)
ZONE_SIZE = (96.0, 112.0)  # wider than a card: "Aflegstapel", "Apariciones" read whole in one line
# The deck and the Parcae drawn: a count and its name, no card to show ("Parcae getrokken: 0" in two lines at 9 px on
# a 1280×720 screen).
COUNTER_SIZE = (96.0, 74.0)

# One colour per figure, so an Umbra stacked on its Deus reads as belonging to it.
COLOURS = {
    "bacchus": "#6a2c70", "pluto": "#2b2b2b", "accusator": "#8e2424", "satyrus": "#4e7a27", "miles": "#4a5a6a",
    "minerva": "#2f5d8a", "venus": "#b5487a", "amans": "#c8643c", "vinum": "#7b1e3c", "parcae": "#9c7a1a",
}
DEUS_PAPER = "#f7f0e0"
UMBRA_PAPER = "#ebe3f0"
PLATE = "#6d5a3a"  # a plate is white words on its colour
PLATE_ACTIVE = "#8a5d00"  # gold, dark enough for white words
PLATE_OUT = "#6b665f"
ZONE = ("#9b927f", "#ece5d6")


class BacchanaliaFaces:
    def __init__(self, kind: Callable[[str], str], reconstructed: Callable[[str], bool], tr: Translator) -> None:
        self.kind = kind
        self.reconstructed = reconstructed
        self.tr = tr
        self._cache: dict[tuple[object, ...], CardFace] = {}

    def clear(self) -> None:
        self._cache.clear()

    def name(self, instance: str) -> str:
        return self.tr.text(f"{card_kind(instance)}.name")

    def card(self, instance: str, height: float = DEUS_SIZE[1], width: float = DEUS_SIZE[0]) -> CardFace:
        """A Deus or an Umbra at its table size (or grown taller, or wider): the name in the band too, so a
        stacked card still reads."""
        key = ("card", card_kind(instance), height, width, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            kind = self.kind(instance)
            cid = card_kind(instance)
            name = self.name(instance)
            w, h = width, height
            if cid.startswith("deus_"):
                face = CardFace(w, h, COLOURS[kind], DEUS_PAPER, kind_label=name, title=name,
                                body=self.tr.text(f"{cid}.text"), reconstructed=self.reconstructed(cid))
            else:
                face = CardFace(w, h, COLOURS[kind], UMBRA_PAPER, kind_label=name, title=name,
                                body=self.tr.text("table.umbra"), reconstructed=self.reconstructed(cid))
            self._cache[key] = face
        return face

    def oracle(self, result: str | None, tied: tuple[str, ...]) -> CardFace:
        """The ruling Deus, large: a type, a tie, nothing ruling yet, or the festival over."""
        key = ("oracle", result, tied, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            w, h = ORACLE_SIZE
            t = self.tr.text
            if result is None:
                face = CardFace(w, h, CARD_BACK, "#e9e4f2", kind_label=t("table.aruspex"), title=t("table.no_ruler"))
            elif result == "over":
                face = CardFace(w, h, COLOURS["bacchus"], "#f1e6f2", kind_label=t("table.aruspex"), title=t("table.over"))
            elif result == "tie":
                face = CardFace(w, h, "#5b4a2f", "#f4ecd8", kind_label=t("table.aruspex"), title=t("result.tie"),
                                body=" · ".join(t(f"type.{k}") for k in tied))
            else:
                face = CardFace(w, h, COLOURS[result], DEUS_PAPER, kind_label=t("table.aruspex"),
                                title=t(f"type.{result}"), body=t(f"deus_{result}.text"))
            self._cache[key] = face
        return face

    def plate(self, name: str, lines: tuple[str, ...], active: bool, out: bool,
              height: float = PLATE_SIZE[1]) -> CardFace:
        """The name first, then the news; a plate too low for it all cuts the news short, never the name.
        The news alone stays in the kind label, for screen readers (the scene's accessible_text)."""
        key = ("plate", name, lines, active, out, height)
        face = self._cache.get(key)
        if face is None:
            colour = PLATE_OUT if out else PLATE_ACTIVE if active else PLATE
            w, h = PLATE_SIZE[0], height
            face = CardFace(w, h, colour, colour, kind_label=" · ".join(lines), title=" · ".join((name, *lines)),
                            plate=True)
            self._cache[key] = face
        return face

    def zone(self, title: str, body: str = "", size: tuple[float, float] = ZONE_SIZE) -> CardFace:
        key = ("zone", title, body, size)
        face = self._cache.get(key)
        if face is None:
            face = self._cache[key] = CardFace(size[0], size[1], *ZONE, title=title, body=body)
        return face

    def deck(self, count: int) -> CardFace:
        key = ("deck", count, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            w, h = COUNTER_SIZE
            face = self._cache[key] = CardFace(w, h, CARD_BACK, CARD_BACK, face_down=True,
                                               title=self.tr.text("table.deck", count=count))
        return face

    def discard(self, top: str | None, count: int) -> CardFace:
        if top is None:
            return self.zone(self.tr.text("table.discard_empty"))
        key = ("discard", card_kind(top), count, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            card = self.card(top)
            face = self._cache[key] = CardFace(card.width, card.height, card.header, card.paper,
                                               kind_label=self.tr.text("table.discard", count=count),
                                               title=card.title, body=card.body)
        return face

    def parcae(self, count: int, limit: int | None, width: float = COUNTER_SIZE[0]) -> CardFace:
        key = ("parcae", count, limit, width, self.tr.language)
        face = self._cache.get(key)
        if face is None:
            w, h = width, COUNTER_SIZE[1]
            body = self.tr.text("table.parcae_limit", limit=limit) if limit else ""
            face = self._cache[key] = CardFace(w, h, COLOURS["parcae"], "#f6eccc", kind_label=self.tr.text("type.parcae"),
                                               year=str(count), title=self.tr.text("table.parcae_count", count=count),
                                               body=body)
        return face
