"""What each Chrononauts card shows, in the player's language."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from math import ceil

from cardsets.chrononauts.loader import ChrononautsSet
from cardsets.fields import Provenance
from desktop.frame.card_item import (CARD_BACK, PLATE_MARK, PLATE_PIXEL, READABLE, CardFace, band_collides, left_out,
                                     text_floor, wrapped_height)
from desktop.frame.card_table import GAP
from desktop.frame.growth import Growths, first_true
from desktop.frame.i18n import PRIME, Translator
from desktop.frame.origin import origin_html
from rules.chrononauts.timeline import Rules, Timeline, card_kind

TIMELINE_SIZE = (128.0, 92.0)
PATCH_ON_TIMELINE = (120.0, 34.0)  # low enough to leave the year's title readable
PATCH_MARGIN = 4.0  # between a patch on the timeline and the foot of the card it covers, and the name above it
PATCHED_FOOT = PATCH_ON_TIMELINE[1] + PATCH_MARGIN  # a patched year's foot, kept free of its words, at the least
HAND_SIZE = (132.0, 116.0)  # the band holds "Distorsión temporal" at 9 px in a 1280×720 window
ID_SIZE = (106.0, 72.0)
HAND_WIDEST = 2.0 * HAND_SIZE[0]  # a hand card given the row's bare felt: wider lines of rule text, not a banner
WIDEN_STEP = 8.0


def patch_plate_height(titles: tuple[str, ...], width: float, floor: int | None) -> float:
    """How tall the patches lie on their years, `width` wide, at a table seen with text `floor`
    (card_item.text_floor): tall enough for the longest of their `titles` at the size that floor gives it, up to three
    lines (a longer name is cut, and the workbench tells its translator). One line held every name at the size it is
    drawn in a large window; at the scale a 1280×720 screen shows Solonauts at, a third of the Italian patches were
    cut ("Fabbrica di zeppelin aperta a Seul"). One height for all: a year's card leaves that room at its foot from
    the start of the game."""
    pixel = max(PLATE_PIXEL, floor or 0)
    inner = width - 4 - PLATE_MARK  # as card_item lays a plate's name out, the corner's [R] mark beside it
    lines = max((wrapped_height(title, inner, pixel, True) for title in titles), default=0.0)
    return max(PATCH_ON_TIMELINE[1], min(lines, wrapped_height("1\n2\n3", inner, pixel, True)) + 4)


def hand_width(cards: Sequence[str], make: Callable[[str, float], CardFace], room: float, scale: float | None,
               widest: float = HAND_WIDEST) -> float:
    """How wide the `cards` of a hand are drawn: HAND_SIZE's width, or wider up to `widest`, into the bare felt of
    the `room` the hand has, as far as their rule texts need to show whole at the view's `scale` (one width for the
    whole hand, which the player sees; `make` gives a card's face at a width)."""
    width = HAND_SIZE[0]
    widest = min(widest, (room + GAP) / max(1, len(cards)) - GAP)
    if scale is None or width >= widest or not cards:
        return width
    # The widths WIDEN_STEP apart short of the widest, which is the last (or all the room there is). The hand takes
    # the width its wordiest card needs; what each card needs is kept whatever hand it is in, so a redraw after a
    # move measures only the cards the move brought, not the whole hand again (issue #42). The wordiest card is
    # asked first whether it shows whole in all the room (most hands that grow at all take it, and that face is the
    # one drawn); then, once the hand is as wide as the wordy ones need, each other card is only asked whether it
    # shows whole at that width: one fit instead of a search.
    widths = [width + WIDEN_STEP * k for k in range(ceil((widest - width) / WIDEN_STEP))]
    first = {card: make(card, width) for card in cards}
    wordiest = sorted(cards, key=lambda held: -len(first[held].title) - len(first[held].body))
    if left_out(make(wordiest[0], widest), scale):
        return widest  # the face measured is the one drawn: most hands that grow at all take all the room
    step = 0
    for card in wordiest:
        face = first[card]
        found = _GROWTHS.first_whole((face, text_floor(scale)), len(widths),
                                     lambda k: not left_out(face if k == 0 else make(card, widths[k]), scale), step)
        if found is None:
            return widest
        step = found
    return widths[step]


_GROWTHS = Growths(2048)  # the hand cards met, in any game and hand


def tall_enough(make: Callable[[float], list[CardFace]], low: float, high: float, step: float,
                scale: float | None, near: float | None = None) -> float:
    """The least height from `low` up, in `step`s, at which every face `make` gives at that height shows all it
    says at the view's `scale` (else `high`, all there is): found by halving, a taller card never hiding more.
    `near`, the height the same thing had before its words changed a little (a seat's count of cards), is tried
    first with the step below it: two fits instead of a search, when the words still need as much room."""
    if scale is None:
        return low
    heights = [low, *(min(high, low + step * k) for k in range(1, ceil((high - low) / step) + 1))]

    def whole(at: int) -> bool:
        return not any(left_out(face, scale) for face in make(heights[at]))

    first, last = 0, len(heights) - 1  # the answer lies between them; the last is all there is, whole or not
    if near is not None and near in heights:
        at = heights.index(near)
        if not whole(at):
            first = min(at + 1, last)
        elif at == 0 or not whole(at - 1):
            return near
        else:
            last = at - 1
    elif whole(0):
        return low
    else:
        first = min(1, last)
    return heights[first_true(first, last, whole)]


def year_sides(rules: Rules) -> tuple[Timeline, ...]:
    """Every look a year of the timeline can have, for sizing it once for the whole game: true; turned (a
    linchpin prime, a ripplepoint paradoxed with its stamp); paradoxed and patched."""
    turned = Timeline(prime=set(rules.linchpins), paradoxed=set(rules.ripplepoints))
    patched = Timeline(paradoxed=set(rules.ripplepoints), patches={year: "" for year in rules.ripplepoints})
    return Timeline(), turned, patched


# Colours of the printed deck: purple linchpins turn red when prime; blue ripplepoints.
LINCHPIN = ("#5b3d8f", "#f2edfa")
LINCHPIN_PRIME = ("#b3261e", "#fbeae8")
RIPPLE = ("#1f5fa8", "#e9f0fa")
RIPPLE_PARADOX = ("#7a1616", "#f6d9d6")
PATCH = ("#2e7d5b", "#e3f3ea")
INVERTER = ("#b85f12", "#fdf0e1")
IDENTITY = ("#6d5a3a", "#f7f0e1")
IDENTITY_HOME = ("#8a6d12", "#fff6d6")


class ChrononautsFaces:
    def __init__(self, cards: ChrononautsSet, rules: Rules, tr: Translator) -> None:
        self.cards = cards
        self.rules = rules
        self.translator = tr
        self._plates: tuple[object, dict[tuple[str, float, int | None], float]] = (None, {})

    def _years(self, years: tuple[int, ...] | list[int], prime: bool = True) -> str:
        return ", ".join(f"{y}{PRIME if prime else ''}" for y in years)

    def rule_text(self, year: int) -> str:
        card = self.rules.ripplepoints[year]
        return self.translator.text(f"rule.{card.op}", years=self._years(card.of))

    def timeline(self, year: int, tl: Timeline, size: tuple[float, float] = TIMELINE_SIZE,
                 index_in_band: bool = False, floor: int | None = None, whole_patch: bool = False) -> CardFace:
        """A year of the timeline. With `index_in_band` its Time Index follows the kind label in the band
        ("Ripplepoint · B1") and the foot stays free: a line more for the rule text on a low card. A patched year
        leaves room at its foot for its patch: seen with text `floor`, the room its name needs (patch_plate_height)
        as far as the year's own name leaves it (`_room_for_patch`), or all of it if `whole_patch` (a table that grows
        its rows for it); else PATCHED_FOOT."""
        face = self._timeline(year, tl, size, floor, whole_patch)
        if index_in_band and face.corner:
            return replace(face, kind_label=f"{face.kind_label} · {face.corner}", corner="")
        return face

    def _timeline(self, year: int, tl: Timeline, size: tuple[float, float], floor: int | None,
                  whole_patch: bool) -> CardFace:
        card = self.cards.by_year[year]
        w, h = size
        recon = card.provenance.reconstructed
        if card.is_linchpin:
            prime = year in tl.prime
            side = "prime" if prime else "true"
            header, paper = LINCHPIN_PRIME if prime else LINCHPIN
            return CardFace(w, h, header, paper, kind_label=self.translator.text(f"side.{side}"),
                            year=f"{year}{PRIME if prime else ''}", title=self.translator.text(f"{card.id}.{side}.title"),
                            body=self.translator.text("card.ripples", years=", ".join(str(y) for y in card.ripples)),
                            corner=card.ti, reconstructed=recon)
        if year in tl.paradoxed:
            # An open paradox wears the stamp where its rule was, a patched one has the patch there;
            # either way the rule is in the detail view.
            patched = year in tl.patches
            face = CardFace(w, h, *RIPPLE_PARADOX, kind_label=self.translator.text("side.paradox"), year=f"{year}{PRIME}",
                            title=self.translator.text(f"{card.id}.paradox.title"), corner=card.ti, reconstructed=recon,
                            stamp="" if patched else self.translator.text("label.paradox_stamp"),
                            covered=PATCHED_FOOT if patched else 0.0)
            if not patched or floor is None:
                return face
            if whole_patch:
                return replace(face, covered=self.plate_height(w, floor) + 2 * PATCH_MARGIN)
            return self._room_for_patch(face, floor)
        return CardFace(w, h, *RIPPLE, kind_label=self.translator.text("kind.ripplepoint"), year=str(year),
                        title=self.translator.text(f"{card.id}.true.title"), body=self.rule_text(year), corner=card.ti,
                        reconstructed=recon)

    def plate_height(self, year_width: float, floor: int | None) -> float:
        """How tall a patch lies on a year `year_width` wide at text `floor` (patch_plate_height)."""
        # Asked for every patch at every redraw: kept for the catalog the titles come from (a translator's save
        # reads a new one).
        key = (self.translator.language, year_width, floor)
        if self._plates[0] is not self.translator.game:
            self._plates = (self.translator.game, {})
        found = self._plates[1].get(key)
        if found is None:
            titles = tuple(self.translator.text(f"{kind}.title") for kind in self.rules.patches)
            found = self._plates[1][key] = patch_plate_height(titles, year_width - 2 * PATCH_MARGIN, floor)
        return found

    def _room_for_patch(self, year: CardFace, floor: int) -> CardFace:
        """A patched `year` whose foot leaves its patch the height its name needs at text `floor`
        (patch_plate_height), as far as the year's own name stays whole above it; at the least PATCHED_FOOT, as
        the rows were measured (a taller patch does not make the timeline taller: the other years' words would be
        seen smaller)."""
        seen = READABLE / floor  # a scale with that floor (card_item.text_floor)
        for high in range(ceil(self.plate_height(year.width, floor)), ceil(PATCH_ON_TIMELINE[1]), -2):
            roomy = replace(year, covered=high + 2 * PATCH_MARGIN)  # and a margin between the patch and the name
            if "title" not in left_out(roomy, seen):
                return roomy
        return year

    def patch_on_year(self, instance: str, year: CardFace) -> CardFace:
        """A patch lying on its `year` (the year's face, as `timeline` gives it): as wide, and as tall as its foot
        leaves room for."""
        high = year.covered - 2 * PATCH_MARGIN if year.covered > PATCHED_FOOT else PATCH_ON_TIMELINE[1]
        return replace(self.play_card(instance, True), width=year.width - 2 * PATCH_MARGIN, height=high)

    def play_card(self, instance: str, on_timeline: bool = False, size: tuple[float, float] = HAND_SIZE) -> CardFace:
        kind = card_kind(instance)
        if kind in self.rules.inverters:
            inv = self.rules.inverters[kind]
            w, h = size
            return CardFace(w, h, *INVERTER, kind_label=self.translator.text("kind.inverter"), title=self.translator.text(f"{kind}.title"),
                            body=self.translator.text(f"{kind}.text"), reconstructed=inv.provenance.reconstructed)
        patch = self.rules.patches[kind]
        if on_timeline:
            w, h = PATCH_ON_TIMELINE
            return CardFace(w, h, PATCH[0], PATCH[0], title=self.translator.text(f"{kind}.title"), plate=True,
                            reconstructed=patch.provenance.reconstructed)
        w, h = size
        return CardFace(w, h, *PATCH, kind_label=self.translator.text("kind.patch"), year=f"{patch.year}{PRIME}",
                        title=self.translator.text(f"{kind}.title"), body=self.translator.text(f"{kind}.text"),
                        reconstructed=patch.provenance.reconstructed)

    def identity(self, ident_id: str, home: bool, tl: Timeline, size: tuple[float, float] = ID_SIZE) -> CardFace:
        """A traveller; one pip per year, filled when that title already shows (waiting ones only)."""
        ident = self.rules.identities[ident_id]
        w, h = size
        years = f"{ident.true_year} · {self._years(ident.patched)}"
        colours = IDENTITY_HOME if home else IDENTITY
        return CardFace(w, h, *colours, kind_label=self.translator.text("kind.identity"), title=self.translator.text(f"{ident_id}.name"),
                        body=years, reconstructed=ident.provenance.reconstructed,
                        pips=() if home else self.rules.identity_progress(tl, ident_id))

    def deck(self, count: int, size: tuple[float, float] = HAND_SIZE) -> CardFace:
        w, h = size
        return CardFace(w, h, CARD_BACK, CARD_BACK, title=self.translator.text("label.deck", count=count), face_down=True)

    def discard(self, top: str | None, count: int, size: tuple[float, float] = HAND_SIZE) -> CardFace:
        w, h = size
        if top is None:
            # The pile's name once, as its title: the band above it stays bare (it said the same word again).
            return CardFace(w, h, "#9b927f", "#ece5d6", title=self.translator.text("label.discard"))
        return self.discard_top(self.play_card(top, size=size), count)

    def discard_top(self, face: CardFace, count: int) -> CardFace:
        """The face of the pile's top card, labelled with the pile and its count. Where that label
        would run into the card's year (Dutch "Aflegstapel · 33" beside "1950′"), it goes to the foot."""
        label = f"{self.translator.text('label.discard')} · {count}"
        top = CardFace(face.width, face.height, face.header, face.paper, kind_label=label, year=face.year,
                       title=face.title, body=face.body)
        return replace(top, kind_label="", corner=label) if band_collides(top) else top

    # --- the large view beside the table ------------------------------------------

    def detail(self, key: str, tl: Timeline, home: bool = False) -> tuple[CardFace, str]:
        """A large face and a few paragraphs of HTML about the card under `key`."""
        from html import escape as e  # here: the first table shows no card's detail (issue #42)

        if key.startswith("tl:"):
            year = int(key[3:])
            card = self.cards.by_year[year]
            face = self.timeline(year, tl)
            sides = ("true", "prime") if card.is_linchpin else ("true", "paradox")
            parts = [f"<h3>{year} · {e(self.translator.text('kind.linchpin' if card.is_linchpin else 'kind.ripplepoint'))} · {card.ti}</h3>"]
            for side in sides:
                parts.append(f"<p><b>{e(self.translator.text(f'side.{side}'))}: {e(self.translator.text(f'{card.id}.{side}.title'))}</b><br>"
                             f"{e(self.translator.text(f'{card.id}.{side}.text'))}</p>")
            if card.is_linchpin:
                parts.append(f"<p>{e(self.translator.text('card.ripples', years=', '.join(str(y) for y in card.ripples)))}</p>")
            else:
                parts.append(f"<p>{e(self.rule_text(year))}</p>")
                if year in tl.patches:
                    placed = tl.patches[year]
                    parts.append(f"<p><b>{e(self.translator.text('side.patched'))}:</b> {e(self.translator.card_title(placed))}</p>")
            return face, "".join(parts) + self._origin(card.id, card.provenance)
        kind = card_kind(key)
        if kind in self.rules.identities:
            return self._identity_detail(kind, home, tl)
        face = self.play_card(key)
        text = f"<h3>{e(self.translator.text(f'{kind}.title'))}</h3><p>{e(self.translator.text(f'{kind}.text'))}</p>"
        if kind in self.rules.inverters:
            inv = self.rules.inverters[kind]
            if inv.targets is None:
                text += f"<p>{e(self.translator.text('card.targets_any' if inv.direction == 'either' else f'card.targets_any_{inv.direction}'))}</p>"
            else:
                shown = ", ".join(f"{y} → {y}{PRIME}" if d == "to_prime" else f"{y}{PRIME} → {y}" for y, d in inv.targets.items())
                text += f"<p>{e(self.translator.text('card.targets', targets=shown))}</p>"
            return face, text + self._origin(kind, inv.provenance)
        patch = self.rules.patches[kind]
        if patch.playable_if_prime:
            text += f"<p>{e(self.translator.text('card.playable_if', years=self._years(patch.playable_if_prime, prime=False)))}</p>"
        return face, text + self._origin(kind, patch.provenance)

    def _identity_detail(self, kind: str, home: bool, tl: Timeline) -> tuple[CardFace, str]:
        from html import escape as e

        t = self.translator.text
        ident = self.rules.identities[kind]
        goals = [t("detail.id_true_year", year=ident.true_year, title=t(f"{self.cards.by_year[ident.true_year].id}.true.title"))]
        goals += [t("detail.id_patched_year", year=year, title=t(f"{self.cards.by_year[year].patches[0]}.title"))
                  for year in ident.patched]
        met = self.rules.identity_progress(tl, kind)
        items = "".join(f"<li>{e(goal)}" + ("" if home else f" — <i>{e(t('detail.done' if ok else 'detail.not_done'))}</i>")
                        + "</li>" for goal, ok in zip(goals, met))
        text = (f"<h3>{e(t(f'{kind}.name'))}</h3><p>{e(t(f'{kind}.bio'))}</p>"
                f"<p>{e(t('detail.id_goal'))}</p><ul>{items}</ul>")
        return self.identity(kind, home, tl), text + self._origin(kind, ident.provenance)

    def provenance_of(self, kind: str) -> str:
        """Where the data of a card comes from ('' for a kind the set does not hold)."""
        card = self.cards.by_id.get(kind)
        return self._origin(card.id, card.provenance) if card is not None else ""

    def _origin(self, card_id: str, provenance: Provenance) -> str:
        return origin_html(self.translator, "chrononauts", card_id, provenance.reconstructed)


# --- the full game and Artifaxx: artifacts, timewarps, actions, missions, seats --------------

ARTIFACT = ("#7a5c1e", "#fbf3df")
TIMEWARP = ("#0f6b73", "#e2f4f5")
ACTION = ("#8c2f5c", "#fbe8f1")
MISSION = ("#3d5a1e", "#eef6e2")
SEAT = ("#3a352c", "#efe8d8")
SEAT_ACTING = ("#b3261e", "#fff3cf")
ARTIFACT_PLATE = (138.0, 26.0)  # as wide as a seat: one to a row; taller for a name that takes more lines
NAME_PIXEL = 12  # a name's size in scene units where a 1280×720 window shows the table's cards at 9 px
SEAT_SIZE = (138.0, 64.0)  # two columns of seats beside the row and the hand, the timeline over all


def full_face(faces: ChrononautsFaces, instance: str, size: tuple[float, float] = HAND_SIZE) -> CardFace:
    """Any card of the full game's deck, ID and Mission decks; card backs for hidden cards."""
    tr = faces.translator
    kind = card_kind(instance)
    w, h = size
    if kind in faces.rules.inverters or kind in faces.rules.patches:
        return faces.play_card(instance, size=size)
    if kind in faces.rules.identities:
        ident = faces.rules.identities[kind]
        return CardFace(w, h, *IDENTITY, kind_label=tr.text("kind.identity"), title=tr.text(f"{kind}.name"),
                        body=f"{ident.true_year} · {faces._years(ident.patched)}",
                        reconstructed=ident.provenance.reconstructed)
    for group, colours, label in ((faces.cards.artifacts, ARTIFACT, "kind.artifact"),
                                  (faces.cards.timewarps, TIMEWARP, "kind.timewarp"),
                                  (faces.cards.actions, ACTION, "kind.action"),
                                  (faces.cards.missions, MISSION, "kind.mission")):
        if any(card.id == kind for card in group):
            return CardFace(w, h, *colours, kind_label=tr.text(label), title=tr.text(f"{kind}.title"),
                            body=tr.text(f"{kind}.text"))
    return CardFace(w, h, CARD_BACK, CARD_BACK, face_down=True)  # HIDDEN: a back, nothing else


def artifact_plate(faces: ChrononautsFaces, artifact: str) -> CardFace:
    """An artifact lying on a player's table: a plate with its title, like a patch on the timeline."""
    w, h = ARTIFACT_PLATE
    title = faces.translator.text(f"{artifact}.title")
    # Up to three lines: a name longer still overflows, and the workbench says so to its translator.
    h = max(h, min(wrapped_height(title, w - 8, NAME_PIXEL, True), wrapped_height("1\n2\n3", w, NAME_PIXEL, True)) + 4)
    return CardFace(w, h, ARTIFACT[0], ARTIFACT[0], title=title, plate=True)


def seat_face(name: str, lines: str, acting: bool, computer: str = "") -> CardFace:
    """A seat's plate: a computer's level in the band, the name, and under it `lines` (the cards in hand, what is
    revealed)."""
    w, h = SEAT_SIZE
    return CardFace(w, h, *(SEAT_ACTING if acting else SEAT), kind_label=computer, title=name, body=lines)
