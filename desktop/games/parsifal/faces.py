"""What each Parsifal tarot shows, in the player's language (PAR-15).

Ability and mission texts on the cards are made from the card data, not copied from the
catalog's prose, so a value retuned in cards.yaml shows on the table at once.
"""
from __future__ import annotations

from collections.abc import Callable

from cardsets.parsifal.loader import Abilities, ParsifalSet
from desktop.frame.card_item import CARD_BACK, CardFace
from desktop.frame.i18n import Translator
from rules.parsifal.state import card_type

CARD = (120.0, 168.0)  # a character in a control area
COMMON_CARD = (104.0, 118.0)  # an artifact in the common area
PLATE = (120.0, 40.0)  # an artifact tucked under its holder: its name over what it adds (PAR-15.2)
LIMBO_PLATE = (183.0, 24.0)  # two to a row of Limbo: "Caballero del Grial", "Bloemenmeisje" whole at 9 px at 1280×720
COVER = 36.0  # the foot of a blocked card that its blocker (or a seal) lies on: kept free of text
SEAL = (104.0, 26.0)

CHARACTER = ("#2f4f7f", "#f6f0e1")
BLOCKED = ("#8e2c2c", "#f3e6e1")
COMPLETE = ("#8a6d12", "#fff6d6")
ARTIFACT = ("#8c6a1f", "#fbf3dc")
TUCKED = "#6e5318"
LIMBO = "#5d5470"
SEAL_COLOUR = "#8e2c2c"
PENDING = ("#b3261e", "#fbeae8")
DONE, NOT_YET = "✓", "○"


class ParsifalFaces:
    def __init__(self, cards: ParsifalSet, tr: Translator) -> None:
        self.cards = cards
        self.translator = tr
        self._cache: dict[tuple[object, ...], CardFace] = {}

    def clear(self) -> None:
        """Forget the faces made: the language or the texts changed."""
        self._cache.clear()

    # --- words ------------------------------------------------------------------------

    def name(self, instance: str) -> str:
        return self.translator.text(f"{card_type(instance)}.name")

    def _what(self, listed: tuple[str, ...]) -> str:
        t = self.translator.text
        return ", ".join(t(f"kind.{x}") if x in ("character", "artifact") else self.name(x) for x in listed)

    def abilities(self, ab: Abilities, plus: bool = False) -> str:
        """A short line of what a card grants: '+' before the numbers an artifact adds (PAR-7.1)."""
        t = self.translator.text
        parts = []
        if ab.block:
            parts.append(t("ab.block_plus" if plus else "ab.block", n=ab.block))
        if ab.free:
            parts.append(t("ab.free_plus" if plus else "ab.free", n=ab.free))
        for flag in ("change_faction", "hand_over", "control", "interrupt"):
            if getattr(ab, flag):
                parts.append(t(f"ab.{flag}"))
        if ab.send_to_limbo:
            parts.append(t("ab.send", what=self._what(ab.send_to_limbo)))
        if ab.recover_from_limbo:
            parts.append(t("ab.recover", what=self._what(ab.recover_from_limbo)))
        if ab.extra_action:
            parts.append(t(f"ab.extra_{ab.extra_action}_plus" if plus else f"ab.extra_{ab.extra_action}"))
        return " · ".join(parts)

    def condition(self, key: str, what: str) -> str:
        """One mission condition as `missions.conditions` names it (PAR-15.4)."""
        t = self.translator.text
        if key == "holder":
            x, a = what.split(":", 1)
            return t("condition.holder", card=self.name(x), artifact=self.name(a))
        if key == "own_count":
            x, n = what.split(":", 1)
            return t("condition.own_count", card=self.name(x), count=n)
        return t(f"condition.{key}", card=self.name(what))

    def condition_line(self, key: str, what: str, met: bool) -> str:
        return f"{DONE if met else NOT_YET} {self.condition(key, what)}"

    # --- faces --------------------------------------------------------------------------

    def _cached(self, key: tuple[object, ...], make: Callable[[], CardFace]) -> CardFace:
        face = self._cache.get(key)
        if face is None:
            face = self._cache[key] = make()
        return face

    def character(self, instance: str, lines: tuple[tuple[str, str, bool], ...], blocked: bool,
                  covered: bool, owner: str = "", size: tuple[float, float] = CARD) -> CardFace:
        """A character in play: name, its own abilities, one line per mission condition done or not yet;
        `owner` names the player a card lying in someone else's area belongs to; `size` is larger than CARD
        where its area has the room."""
        type_id = card_type(instance)
        key = ("char", type_id, lines, blocked, covered, owner, size, self.translator.language)

        def make() -> CardFace:
            tarot = self.cards.tarot(type_id)
            met = sum(1 for _k, _w, m in lines if m)
            complete = bool(lines) and met == len(lines)
            header, paper = BLOCKED if blocked else COMPLETE if complete else CHARACTER
            body = "\n".join([self.abilities(tarot.abilities),
                              *(self.condition_line(k, w, m) for k, w, m in lines)])
            return CardFace(size[0], size[1], header, paper,
                            kind_label=self.translator.text("face.blocked") if blocked else owner,
                            year=f"{met}/{len(lines)}" if lines else "", title=self.name(instance), body=body,
                            reconstructed=tarot.reconstructed, covered=COVER if covered else 0.0)
        return self._cached(key, make)

    def character_at_rest(self, instance: str) -> CardFace:
        """A character out of play (Limbo, the detail of a card): abilities and its missions as written."""
        type_id = card_type(instance)

        def make() -> CardFace:
            tarot = self.cards.tarot(type_id)
            body = "\n".join([self.abilities(tarot.abilities), self.translator.text(f"{type_id}.missions")])
            return CardFace(CARD[0], CARD[1], *CHARACTER, title=self.name(instance), body=body,
                            reconstructed=tarot.reconstructed)
        return self._cached(("rest", type_id, self.translator.language), make)

    def artifact(self, instance: str, width: float = COMMON_CARD[0]) -> CardFace:
        """An artifact lying in the common area, `width` wide (wider while few lie there)."""
        type_id = card_type(instance)

        def make() -> CardFace:
            tarot = self.cards.tarot(type_id)
            return CardFace(width, COMMON_CARD[1], *ARTIFACT,
                            kind_label=self.translator.text("kind.one_artifact"),
                            title=self.name(instance), body=self.abilities(tarot.abilities, plus=True),
                            reconstructed=tarot.reconstructed)
        return self._cached(("art", type_id, width, self.translator.language), make)

    def tucked(self, instance: str, width: float = PLATE[0], height: float = PLATE[1]) -> CardFace:
        """An artifact under its holder, as wide as it: only the name and what it adds show (PAR-15.2); taller
        where its words need the room (ParsifalScene._tuck)."""
        type_id = card_type(instance)

        def make() -> CardFace:
            tarot = self.cards.tarot(type_id)
            return CardFace(width, height, TUCKED, TUCKED, title=self.name(instance),
                            body=self.abilities(tarot.abilities, plus=True), plate=True)
        return self._cached(("tucked", type_id, width, height, self.translator.language), make)

    def in_limbo(self, instance: str, width: float = LIMBO_PLATE[0]) -> CardFace:
        type_id = card_type(instance)
        artifact = self.cards.tarot(type_id).kind == "artifact"

        def make() -> CardFace:
            return CardFace(width, LIMBO_PLATE[1], TUCKED if artifact else LIMBO, LIMBO,
                            title=self.name(instance), plate=True)
        return self._cached(("limbo", type_id, width, self.translator.language), make)

    def seal(self, blocker: str, width: float = SEAL[0]) -> CardFace:
        """The small seal on a second target of a blocker whose card lies elsewhere (PAR-15.3), `width` wide."""
        return self._cached(("seal", card_type(blocker), width, self.translator.language),
                            lambda: CardFace(width, SEAL[1], SEAL_COLOUR, SEAL_COLOUR,
                                             title=self.translator.text("face.seal", card=self.name(blocker)),
                                             plate=True))

    def deck(self, count: int, turns_left: int | None, size: tuple[float, float]) -> CardFace:
        """The deck with its count; once spent, the turns left before the safeguard (PAR-9.4)."""
        title = self.translator.text("label.deck", count=count)
        if turns_left is not None:
            title += "\n\n" + self.translator.text("label.turns_left", count=turns_left)
        return CardFace(size[0], size[1], CARD_BACK, CARD_BACK, title=title, face_down=True)

    def pending(self, what: str, waiting: str, size: tuple[float, float]) -> CardFace:
        """The declared action while the others may interrupt it: interrupts are dropped here."""
        return CardFace(size[0], size[1], *PENDING, kind_label=self.translator.text("face.declared"), title=what,
                        body=waiting)
