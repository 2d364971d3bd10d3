"""Each game's desktop package registers its table (desktop/frame/registration.py, issue #40 item 8): what it says
holds against the table, the rules' INFO and the card sets, so the lists the app derives from it are right."""
from __future__ import annotations

import pytest

from cardsets import rules_text, tutorial
from desktop.frame.keys_help import TABLE_ROWS
from desktop.frame.registration import Registration, games, in_menu_order, name_of, registrations, resolve, title_key
from desktop.frame.seat_table import SeatTable
from rules import Match, engine, info, modes

REGISTERED = registrations()


def test_every_game_with_rules_and_a_desktop_package_is_registered_in_menu_order() -> None:
    assert games()[0] == "chrononauts" and set(games()) == {"chrononauts", "bacchanalia", "banquet", "parsifal"}
    assert set(games()) <= set(modes())


@pytest.mark.parametrize("found", REGISTERED, ids=[r.game for r in REGISTERED])
def test_a_registration_names_its_table_and_adapter_and_the_rules_modes(found: Registration) -> None:
    table = resolve(found.table)
    assert issubclass(table, SeatTable) and table.GAME == found.game
    assert set(table.MODES) | set(found.mode_tables) == set(info(found.game).modes)
    for mode, reference in found.mode_tables.items():
        assert resolve(reference).MODES == (mode,)
    assert found.adapter is None or callable(resolve(found.adapter))
    assert found.keys_not_here <= set(TABLE_ROWS)
    assert set(found.named_modes) <= set(info(found.game).modes)
    assert set(found.mid_game) == set(found.names())


@pytest.mark.parametrize("found", REGISTERED, ids=[r.game for r in REGISTERED])
def test_the_turn_field_is_the_states_turn_counter(found: Registration) -> None:
    for mode in resolve(found.table).MODES:
        state = Match(engine(found.game, mode), {}, 1).state
        assert found.turn_field is not None and isinstance(getattr(state, found.turn_field), int)


def test_every_rules_text_and_guided_game_goes_by_a_registered_name() -> None:
    named = [name for found in REGISTERED for name in found.names()]
    assert set(rules_text.NAMES) == set(named) and set(tutorial.NAMES) <= set(named)
    assert in_menu_order(rules_text.NAMES) == named
    assert [title_key(n) for n in ("artifaxx", "banquet")] == ["mode.artifaxx", "game.banquet"]
    assert name_of("chrononauts", "artifaxx") == "artifaxx" and name_of("banquet", "open_privileges") == "banquet"

