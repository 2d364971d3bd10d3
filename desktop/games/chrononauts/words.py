"""Chrononauts' cards said in words for a screen reader (Solonauts and the game for several).

Only what the table shows: a timeline card's side and the paradoxes hanging on it, a patch and
where it lies, a traveller's progress, a card in hand and its place there, the piles' counts.
"""
from __future__ import annotations

from desktop.frame.card_item import CardFace
from desktop.frame.card_table import DECK_KEY, DISCARD_KEY, face_words
from desktop.frame.i18n import PRIME
from desktop.games.chrononauts.faces import ChrononautsFaces
from rules.chrononauts.timeline import Timeline, card_kind


def timeline_words(faces: ChrononautsFaces, tl: Timeline, year: int) -> tuple[str, str]:
    """'1963, Kennedy Assassinated, true history, 2 paradoxes depend on it' and its rule or ripples."""
    t = faces.translator.text
    card = faces.cards.by_year[year]
    if card.is_linchpin:
        prime = year in tl.prime
        side = "prime" if prime else "true"
        name = t("a11y.linchpin", year=f"{year}{PRIME if prime else ''}", title=t(f"{card.id}.{side}.title"),
                 side=t(f"a11y.side.{side}"))
        hanging = [y for y in faces.rules.ripples.get(year, ()) if y in tl.paradoxed]
        if hanging:
            name += ", " + t("a11y.depends", count=len(hanging))
        ripples = ", ".join(str(y) for y in faces.rules.ripples.get(year, ()))
        return name, t("a11y.ripples", years=ripples)
    if year in tl.paradoxed:
        name = t("a11y.paradox", year=f"{year}{PRIME}", title=t(f"{card.id}.paradox.title"))
        patch = tl.patches.get(year)
        if patch is not None:
            name += ", " + t("a11y.patched", card=faces.translator.card_title(patch))
        return name, faces.rule_text(year)
    return t("a11y.ripplepoint", year=year, title=t(f"{card.id}.true.title")), faces.rule_text(year)


def card_words(faces: ChrononautsFaces, tl: Timeline, key: str, face: CardFace, hand: list[str],
               home: list[str]) -> tuple[str, str]:
    """Any item of a Chrononauts table; what is not a timeline card, a patch on it, a traveller,
    a card in hand or a pile is said from its face."""
    tr = faces.translator
    t = tr.text
    if key.startswith("tl:"):
        return timeline_words(faces, tl, int(key[3:]))
    for year, patch in tl.patches.items():
        if patch == key:
            return t("a11y.patch_on", card=tr.card_title(key), year=f"{year}{PRIME}"), ""
    kind = card_kind(key)
    if kind in faces.rules.identities and not face.face_down:
        if key in home:
            return t("a11y.traveller_home", name=tr.card_title(key)), face.body
        met = sum(faces.rules.identity_progress(tl, key))
        return t("a11y.traveller", name=tr.card_title(key), count=met), face.body
    if key in hand and not face.face_down:
        name, description = face_words(tr, face)
        return t("a11y.in_hand", card=name, place=hand.index(key) + 1, count=len(hand)), description
    if key == DECK_KEY:
        return face.title, t("a11y.face_down")
    if key == DISCARD_KEY:  # the pile by its name, then the card on its top (an empty pile's face says its label)
        if face.title == t("label.discard"):
            return t("a11y.discard_pile"), ""
        return t("a11y.discard", card=face.title.replace("\n", " ")), face.kind_label
    return face_words(tr, face)
