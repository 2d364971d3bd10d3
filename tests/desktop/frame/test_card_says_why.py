"""The table tells what a card can do (issue 25, item 3).

Holding a card says in one line where it can go and why the nearest place that is not lit refuses it, in
the rules' own words (the engine's IllegalMove code, translated); with nothing lit, Parsifal's prompt
does not ask for a lit target.
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from monkey import GAMES, Game
from table_driver import make_window
from test_lit_is_accepted import advance, start

from rules.kernel import IllegalMove

SEAT_GAMES = [game for game in GAMES if game.name != "banquet_open"]  # Solonauts too: one seat of the same frame


def refusals(table: Any, card: str) -> list[str]:
    """Every reason the rules give for a place `card` is not lit (asked here, not through the table's line)."""
    engine, state = table.game.engine, table.game.state
    lit = table.scene.dests.get(card, {})
    hidden = set(engine.hidden_from(state, table.looking))
    found = []
    for key in table.scene.items_by_key:
        move = table.meant_move(card, key) if key != card and key not in lit and table._name(key) else None
        if move is None:
            continue
        try:
            engine.check(state, move)
        except IllegalMove as exc:
            if not any(isinstance(v, str) and v in hidden for v in exc.params.values()):
                found.append(table.reason(exc))
    return found


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("game", SEAT_GAMES, ids=[g.game for g in SEAT_GAMES])
def test_holding_a_card_says_where_and_why_not(qtbot: Any, home: Any, dialogs: Any, game: Game,
                                                language: str) -> None:
    main = make_window(qtbot, dialogs, language)
    rng = random.Random(25)
    held = explained = 0
    for _ in range(12):
        table = start(main, game, rng)
        advance(main, table, rng, rng.randrange(0, 30))
        if table.looking is None:
            continue
        for card in [c for c, targets in table.scene.dests.items() if targets][:3]:
            table.scene.select(card)
            line = table.message.text()
            lit = [k for k in table.scene.dests[card] if k != card]
            assert line.startswith(table.tr_.text("hint.held", card=table._name(card), count=len(lit),
                                                  targets="").rstrip(": .")), line
            held += 1
            reasons = refusals(table, card)
            if reasons:
                assert any(table.tr_.text("hint.not_lit", target="", reason=r)[-len(r):] in line
                           for r in reasons), (line, reasons)
                explained += 1
            table.scene.select("")
        if held >= 3 and explained >= 2:
            break
    assert held >= 3 and explained >= 1


def test_focusing_a_card_that_may_move_says_so(qtbot: Any, home: Any, dialogs: Any) -> None:
    main = make_window(qtbot, dialogs)
    game = next(g for g in GAMES if g.game == "chrononauts")
    rng = random.Random(3)
    table = start(main, game, rng)
    advance(main, table, rng, 0)
    while not any(table.scene.dests.values()):
        advance(main, table, rng, 1)
    card = next(c for c, targets in table.scene.dests.items() if targets)
    table._on_refused(card, "nowhere")  # a refusal first, drawn in red: the hint after it must not keep the red
    QApplication.processEvents()
    assert red_pixels(table.message) > 20
    table.message.clear()
    table.scene._free_focus = card
    table.scene._show_focus()
    assert table.message.text().startswith(table._name(card)) and str(len(table.scene.dests[card])) in \
        table.message.text()
    assert red_pixels(table.message) == 0  # a hint, not a refusal: not drawn in the refusals' red
    table._on_refused(card, "nowhere")
    assert red_pixels(table.message) > 20


def red_pixels(label: Any) -> int:
    """Pixels of the label drawn in (or near) the refusals' red, as the player sees them."""
    image = label.grab().toImage()
    return sum(1 for y in range(image.height()) for x in range(image.width())
               if (c := image.pixelColor(x, y)).red() > 140 and c.green() < 80 and c.blue() < 80)


@pytest.mark.parametrize("language", ["en", "nl"])
def test_nothing_lit_prompt_never_asks_for_a_lit_target(qtbot: Any, home: Any, dialogs: Any,
                                                        language: str) -> None:
    """Parsifal's first turn often lights nothing: the prompt then says what can be done instead."""
    main = make_window(qtbot, dialogs, language)
    game = next(g for g in GAMES if g.game == "parsifal")
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    for _ in range(20):
        table = start(main, game, rng)
        advance(main, table, rng, 0)
        if table.looking is None:
            continue
        name = table.seat_name(table.looking)
        asks = table.tr_.text("prompt.turn", player=name)
        lit = any(table.scene.dests.values())
        prompt = table.prompt.text()
        if lit:
            assert prompt == asks
        else:
            assert prompt != asks
            assert prompt in (table.tr_.text("prompt.nothing_lit", player=name),
                              table.tr_.text("prompt.nothing_lit_more", player=name))
        seen[lit] += 1
        if all(seen.values()):
            break
    assert seen[False] >= 1


def test_a_hint_on_a_table_just_put_on_screen_is_not_red(qtbot: Any, home: Any, dialogs: Any,
                                                         tmp_path: Any) -> None:
    """The message line starts in the refusals' style; the first hint on a fresh table (the focused card's)
    was drawn red and bold although its style sheet was empty (seen in a 1280×720 Parsifal picture)."""
    from desktop.shell.screenshot import Shot, set_table

    main = make_window(qtbot, dialogs)
    set_table(main, Shot("parsifal", "standard", 6, 2, 25, (1280, 720), tmp_path / "shot.png"))
    table = main.table
    assert table is not None and table.message.text() == table._hint != ""
    assert red_pixels(table.message) == 0
