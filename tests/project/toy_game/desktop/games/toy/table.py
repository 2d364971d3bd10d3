"""High Card on one screen: the seats' laid cards on the felt, the hand of the player to act below."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QListWidget

from desktop.frame.card_item import CARD_BACK, CardFace
from desktop.frame.card_table import CardTable, Dests
from desktop.frame.i18n import Translator
from desktop.frame.panels import DetailPanel
from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.workbench.adapters import Side
from desktop.workbench.source import GameSource, Where
from rules.kernel import PUBLIC, Event
from rules.toy.engine import Lay, ToyState, value

WIDTH, HEIGHT = 1100.0, 640.0
CARD = (110.0, 160.0)
TABLE_KEY = "zone:table"


def card_face(tr: Translator, card: str) -> CardFace:
    """A card face up: its name and its worth."""
    return CardFace(CARD[0], CARD[1], "#7a2e2e", "#f4ead5", title=tr.card_title(card),
                    body=tr.text("face.worth", worth=value(card)))


def back() -> CardFace:
    return CardFace(CARD[0], CARD[1], CARD_BACK, CARD_BACK, face_down=True)


class ToyScene(CardTable):
    """The felt with one place per seat, and the hand of the player looking."""

    def __init__(self, tr: Translator) -> None:
        super().__init__(tr, WIDTH, HEIGHT)
        self.last: tuple[ToyState, Dests, list[str], int | None, str] | None = None
        self.hand: list[str] = []

    def show(self, view: ToyState, dests: Dests, names: list[str], viewer: int | None, curtain: str) -> None:
        self.last = (view, dests, names, viewer, curtain)
        self.set_dests(dests)
        t = self.translator.text
        wanted: dict[str, tuple[QPointF, float]] = {}
        self.put(TABLE_KEY, CardFace(WIDTH - 40, 260, "#285443", "#285443", kind_label=t("zone.table")))
        wanted[TABLE_KEY] = (QPointF(20, 20), 0)
        for seat, name in enumerate(names):
            x = 40 + seat * (CARD[0] + 140)
            laid = view.laid.get(seat)
            if laid is not None:
                self.put(laid, card_face(self.translator, laid))
                wanted[laid] = (QPointF(x, 70), 1)
            for i, card in enumerate(view.hands[seat]):
                key = card if seat == viewer else f"back:{seat}:{i}"
                self.put(key, card_face(self.translator, card) if seat == viewer else back())
                wanted[key] = (QPointF(x + i * (30 if seat != viewer else CARD[0] + 12), 320 if seat != viewer else 460), 2 + i)
        self.hand = list(view.hands[viewer]) if viewer is not None else []
        self.place(wanted)
        self.refresh_marks()
        self.set_curtain(curtain)

    def redraw(self) -> None:
        if self.last is not None:
            self.show(*self.last)

    def hand_cards(self) -> list[str]:
        return list(self.hand)


class ToyTable(SeatTable):
    """High Card for two to four people sharing the screen."""

    GAME = "toy"
    GAME_CLASS = SeatGame
    END_EVENTS = frozenset({"game_won"})
    scene: ToyScene

    def __init__(self, tr: Translator, game: SeatGame, autosave: Path | None = None,
                 log: QListWidget | None = None, detail: DetailPanel | None = None) -> None:
        super().__init__(tr, game, autosave, log, detail)
        self.refresh()

    def make_scene(self) -> ToyScene:
        return ToyScene(self.tr_)

    def draw(self, viewer: int | None, curtain: str) -> None:
        view: ToyState = self.game.view(PUBLIC if viewer is None else viewer)
        moves = self.game.match.legal_moves(viewer) if viewer is not None else []
        dests: Dests = {m.card: {TABLE_KEY: m} for m in moves if isinstance(m, Lay)}
        self.scene.show(view, dests, list(self.game.names), viewer, curtain)

    def offer(self, viewer: int | None) -> None:
        if viewer is not None:
            self.say(self.tr_.text("prompt.lay", player=self.seat_name(viewer)))

    def _players(self, seats: Any) -> str:
        return ", ".join(self.seat_name(seat) for seat in seats)

    def event_text(self, event: Event) -> str:
        p = event.params
        if event.kind == "card_laid":
            return self.tr_.text("event.card_laid", player=self.seat_name(p["player"]), card=self.tr_.card_title(p["card"]))
        return self.tr_.text("event.game_won", players=self._players(p.get("players", [])))

    def end_text(self) -> str:
        return self.tr_.text("end.won", players=self._players(self.game.engine.result(self.game.state).winners))


class ToyAdapter:
    """The workbench's view of the three cards."""

    def __init__(self, source: GameSource) -> None:
        self.source = source

    def card_ids(self) -> list[str]:
        return list(self.source.cards.worth)

    def location(self, card_id: str) -> Where | None:
        return self.source.card_places.get(card_id)

    def sides(self, card_id: str, tr: Translator) -> list[Side]:
        return [Side("card", card_face(tr, f"{card_id}#1"), {"title": f"{card_id}.name", "body": "face.worth"})]
