"""Lit equals accepted, on every table (issue 16, item 3).

From random positions of every game, each card that may be picked up is dragged through the scene's
own mouse handlers onto every item of the table. While it is held, the items lit must be exactly its
legal landings (the `dests` the table handed the scene); let go with the pointer on an item, the drop
must be accepted exactly when the place under the pointer was lit, and then as the move lit there (a
card lying in a zone is not a place: the zone under it is).
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from monkey import GAMES, NAMES, Game
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtWidgets import QApplication
from table_driver import Dialogs, _send, make_window, view_point

from desktop.frame.card_item import CardItem
from desktop.frame.card_table import CardTable
from desktop.shell.main_window import MainWindow
from rules.kernel import Move

POSITIONS = 4  # random positions per game
CARDS = 4  # cards probed per position
PLAYED = (0, 40)  # random moves played before each position


def start(main: MainWindow, game: Game, rng: random.Random) -> Any:
    """A new game of `game`; its table (Solonauts' too)."""
    if game.game == "solonauts":
        return main.new_game({"ids": rng.randrange(6, 11)}, rng.randrange(2**31))
    names = rng.sample(NAMES, rng.randint(*game.seats))
    table = main.new_hotseat(game.game, game.mode, names, {}, rng.randrange(2**31))
    table.ask = lambda *_args: -1
    table.inform = lambda *_args: None
    for name in ("pick", "ask_element", "choose_export_path"):
        if hasattr(table, name):
            setattr(table, name, lambda *_args: None)
    return table


def advance(main: MainWindow, table: Any, rng: random.Random, moves: int) -> None:
    """Play up to `moves` random legal moves of whoever may act, then lift the curtain."""
    for _ in range(moves):
        match = table.game.match
        if match.engine.is_over(match.state):
            break
        acting = sorted(match.engine.to_act(match.state))
        if not acting:
            break
        legal = match.legal_moves(rng.choice(acting))
        if not legal:
            break
        table.play(rng.choice(legal))
    table.lift_curtain()
    table.refresh()
    QApplication.processEvents()


def grip(scene: CardTable, key: str, rng: random.Random) -> QPointF | None:
    """A point where the item `key` itself is under the pointer (another card may cover part of it)."""
    rect = scene.items_by_key[key].sceneBoundingRect().adjusted(3, 3, -3, -3)
    points = [rect.center()] + [QPointF(rng.uniform(rect.left(), rect.right()), rng.uniform(rect.top(), rect.bottom()))
                                for _ in range(40)]
    for point in points:
        under = scene.card_at(point)
        if under is not None and under.key == key:
            return point
    return None


def probe(table: Any, card: str, target: str, rng: random.Random) -> tuple[set[str], list[Move], QPointF] | None:
    """Drag `card` by a visible point of it and let go with the pointer on a visible point of `target`
    (the card hangs from the pointer, as in a hand); what was lit while it was held, and the moves the
    drop chose (none: refused)."""
    scene: CardTable = table.scene
    start_at, aim = grip(scene, card, rng), grip(scene, target, rng)
    if start_at is None or aim is None:
        return None
    port = table.view.viewport()
    left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
    chosen: list[Move] = []
    scene.move_chosen.disconnect()
    scene.move_chosen.connect(chosen.append)
    _send(port, QEvent.Type.MouseButtonPress, view_point(table, start_at), left, left)
    for step in range(1, 7):
        _send(port, QEvent.Type.MouseMove, view_point(table, start_at + (aim - start_at) * (step / 6)), none, left)
    lit = {key for key, item in scene.items_by_key.items() if item.highlighted}
    _send(port, QEvent.Type.MouseButtonRelease, view_point(table, aim), left, none)
    if chosen:  # the move was not played here: the table is drawn again, the card back home
        if isinstance(table, MainWindow):
            assert table.session is not None
            scene.show_view(table.session.view, table.session.dests())  # type: ignore[attr-defined]
        else:
            table.refresh()
    return lit, chosen, aim


def aimed_at(scene: CardTable, card: str, point: QPointF, lit: set[str]) -> str:
    """What a drop with the pointer on `point` aims at: the topmost item there on which something may land
    (lit, or a place of the table's `drop_zones`); a card lying in a zone is not a place, the zone is, and a
    place may be larger than its card (a Bacchanalia seat is the player's whole area, `target_rect`)."""
    places = set(scene.drop_zones()) | lit
    under = [item.key for item in scene.items(point) if isinstance(item, CardItem) and item.key != card]
    around = [key for key in places if key in scene.items_by_key and scene.target_rect(key).contains(point)]
    return next((key for key in under if key in places), around[0] if around else under[0] if under else "")


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_a_drop_is_accepted_exactly_where_the_card_lit(game: Game, qtbot: Any, home: Any) -> None:
    rng = random.Random(f"lit-{game.name}")
    main = make_window(qtbot, Dialogs())
    probes = accepted = 0
    for _ in range(POSITIONS):
        table = start(main, game, rng)
        advance(main, table, rng, rng.randint(*PLAYED))
        scene: CardTable = table.scene
        cards = [c for c in scene.dests if c in scene.items_by_key]
        for card in rng.sample(cards, min(CARDS, len(cards))):
            for key in list(scene.items_by_key):
                if key == card or key not in scene.items_by_key or card not in scene.dests:
                    continue
                targets = dict(scene.dests[card])
                wanted = {k for k in targets if k in scene.items_by_key}
                found = probe(table, card, key, rng)
                if found is None:
                    continue
                lit, chosen, point = found
                aimed = aimed_at(scene, card, point, lit)
                where = f"{game.name}: {card} onto {aimed}"
                assert lit == wanted, f"{where}: lit {sorted(lit)}, its legal landings {sorted(wanted)}"
                if aimed in lit:
                    assert chosen == [targets[aimed]], f"{where}: lit, yet the drop chose {chosen}"
                else:
                    assert chosen == [], f"{where}: not lit, yet the drop was accepted as {chosen}"
                probes += 1
                accepted += bool(chosen)
    assert probes > 50 and accepted > 3, (probes, accepted)
