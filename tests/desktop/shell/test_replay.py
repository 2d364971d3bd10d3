"""Replays (#10): any save watched move by move, drawn by the game's own table from the public view.

Games are played out with random legal moves (seeded), saved, and opened as replays through the main
window; every position is compared with a match replayed independently from the same moves.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsSimpleTextItem
from table_driver import Dialogs, make_window

from desktop.frame.card_table import CardTable
from desktop.frame.seat_table import PUBLIC, SeatGame
from desktop.games.banquet.faces import title as banquet_title
from desktop.games.chrononauts.solonauts_scene import SolonautsScene
from desktop.games.chrononauts.solonauts_table import SolonautsTable
from desktop.shell.main_window import MainWindow
from desktop.shell.replay import MOVE_ROLE, ReplayWindow
from desktop.shell.replay_stage import Stage
from desktop.shell.replay_track import turn_marker
from desktop.shell.tables import table_class, table_for
from desktop.tools.benchmark import long_parsifal
from rules.kernel import Move
from rules.match import Match
from rules.registry import engine
from rules.saves import save as save_match

NAMES = ["Ann", "Bob", "Cleo"]


def play_out(match: Match[Any], rng: random.Random, limit: int) -> None:
    """Random legal moves, always for the lowest seat that may act, until the end or `limit` moves."""
    for _ in range(limit):
        if match.engine.is_over(match.state):
            return
        seat = min(match.engine.to_act(match.state))
        match.play(rng.choice(match.legal_moves(seat)))


def seat_save(folder: Path, game: str, seed: int, limit: int = 400) -> tuple[Path, SeatGame]:
    table = table_class(game)
    assert table is not None
    played = table.GAME_CLASS.start(game, table.MODES[0], NAMES, {}, seed)
    play_out(played.match, random.Random(seed), limit)
    path = folder / f"{game}.convivium.json"
    played.save(path)
    return path, played


def solo_save(folder: Path, seed: int = 1234, limit: int = 60) -> tuple[Path, Match[Any]]:
    match: Match[Any] = Match(engine("chrononauts", "solonauts"), {"ids": 8}, seed)
    play_out(match, random.Random(seed), limit)
    path = folder / "solo.convivium.json"
    save_match(path, match)
    return path, match


@pytest.fixture
def main(qtbot: Any, home: Path, dialogs: Dialogs) -> MainWindow:
    home.mkdir(parents=True, exist_ok=True)
    return make_window(qtbot, dialogs)


def opened(main: MainWindow, path: Path, qtbot: Any) -> ReplayWindow:
    replay = main.open_replay(path)
    assert replay is not None and main.replay_window is replay
    qtbot.addWidget(replay)
    qtbot.waitUntil(replay.isActiveWindow)  # the keys are the replay window's shortcuts
    return replay


def faces(scene: CardTable) -> dict[str, Any]:
    return {key: item.face for key, item in scene.items_by_key.items()}


def scene_texts(scene: CardTable) -> str:
    """Every word the scene shows: card faces and captions on the felt."""
    out: list[str] = []
    for item in scene.items_by_key.values():
        face = item.face
        out += [face.title, face.body, face.kind_label, face.year, face.corner, face.stamp]
    out += [i.text() for i in scene.items() if isinstance(i, QGraphicsSimpleTextItem)]
    return "\n".join(out)


def positions_there_and_back(total: int) -> list[int]:
    return [*range(total + 1), *range(total - 1, -1, -1)]


# --- stepping equals the engine ------------------------------------------------------------------


def test_solonauts_replay_stepped_forward_and_back_equals_the_engine(qtbot: Any, main: MainWindow, home: Path) -> None:
    path, played = solo_save(home)
    replay = opened(main, path, qtbot)
    stage = replay.stage
    assert isinstance(stage.table, SolonautsTable) and replay.track.total == len(played.moves) > 5
    eng = played.engine
    fresh = SolonautsScene(stage.table.faces, stage.tr)
    # Laid out for the same view: its size decides the rows' heights and how wide the hand's cards are.
    room = stage.scene.views()[0].contentsRect()
    fresh.fit_room(room.width(), room.height())
    states = [eng.to_dict(played.prefix(i).state) for i in range(len(played.moves) + 1)]
    twin: Match[Any] = Match(eng, played.options, played.seed)
    for i, move in enumerate(played.moves):
        assert eng.to_dict(twin.state) == states[i]  # the snapshots are the states an independent replay reaches
        twin.play(move)
    for i in positions_there_and_back(replay.track.total):
        QTest.keyClick(replay, Qt.Key.Key_Right if i > replay.track.position else Qt.Key.Key_Left)
        assert replay.track.position == i and replay.slider.value() == i
        assert eng.to_dict(replay.shown.state) == states[i]
        view = eng.view(played.prefix(i).state, 0)
        assert stage.scene.view_state == view  # drawn from the player's view: the deck order stays hidden
        fresh.show_view(view, {})
        assert faces(stage.scene) == faces(fresh) and stage.scene.dests == {}


@pytest.mark.parametrize("game, seed", [("chrononauts", 7), ("banquet", 7), ("parsifal", 7)])
def test_a_replay_for_several_stepped_forward_and_back_equals_the_engine(qtbot: Any, main: MainWindow, home: Path,
                                                                         game: str, seed: int) -> None:
    path, played = seat_save(home, game, seed)
    assert played.engine.is_over(played.state)
    replay = opened(main, path, qtbot)
    stage = replay.stage
    assert isinstance(stage, Stage) and replay.track.total == len(played.match.moves)
    eng = played.engine
    twin: Match[Any] = Match(eng, played.match.options, played.match.seed)
    states = [eng.to_dict(twin.state)]
    for move in played.match.moves:
        twin.play(move)
        states.append(eng.to_dict(twin.state))
    table = table_class(game)
    assert table is not None
    for i in positions_there_and_back(replay.track.total):
        replay.seek(i)
        assert eng.to_dict(replay.shown.state) == states[i]
        assert stage.table.read_only and stage.scene.dests == {} and not stage.scene.curtain_up
        if i % 25 == 0 or i == replay.track.total:  # a fresh live table, drawing that state for nobody in particular
            live = table(stage.tr, table.GAME_CLASS(played.match.prefix(i), list(NAMES)))
            room = stage.table.view.viewport().size()  # a table laid out to its window's shape gets the same room
            live.scene.fit_room(room.width(), room.height())
            live.draw(None, "")
            assert faces(stage.scene) == faces(live.scene)
            live.deleteLater()


# --- turns, slider, log --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["chrononauts", "banquet", "parsifal"])
def test_page_down_and_up_land_on_turn_starts(qtbot: Any, main: MainWindow, home: Path, game: str) -> None:
    path, played = seat_save(home, game, 11)
    replay = opened(main, path, qtbot)
    eng = played.engine

    def marker(i: int) -> object:
        return turn_marker(eng, played.match.prefix(i).state)

    landed = []
    while replay.track.position < replay.track.total:
        QTest.keyClick(replay, Qt.Key.Key_PageDown)
        landed.append(replay.track.position)
    starts = [i for i in landed if i < replay.track.total]
    assert starts and all(marker(i) != marker(i - 1) for i in starts)  # a new turn begins at each
    assert starts == [i for i in range(1, replay.track.total) if marker(i) != marker(i - 1)]  # and none is skipped
    for expected in reversed([0, *starts]):
        QTest.keyClick(replay, Qt.Key.Key_PageUp)
        assert replay.track.position == expected
    QTest.keyClick(replay, Qt.Key.Key_End)
    assert replay.track.position == replay.track.total and replay.slider.value() == replay.track.total
    QTest.keyClick(replay, Qt.Key.Key_Home)
    assert replay.track.position == 0


def test_the_slider_and_the_log_follow_the_position(qtbot: Any, main: MainWindow, home: Path) -> None:
    path, played = seat_save(home, "parsifal", 7)
    replay = opened(main, path, qtbot)
    total = replay.track.total
    replay.slider.setValue(total // 2)  # dragging the slider seeks
    assert replay.track.position == total // 2
    for i in (0, 1, total // 2, total):
        replay.seek(i)
        selected = replay.log.selectedItems()
        assert selected and all(item.data(MOVE_ROLE) == i for item in selected)
        assert replay.log.currentItem() is selected[0]
        assert replay.slider.value() == i
    assert selected[0].text().startswith(f"{total}. ")
    line = next(replay.log.item(r) for r in range(replay.log.count()) if replay.log.item(r).data(MOVE_ROLE) == 3)
    replay.log.itemClicked.emit(line)  # clicking a line seeks there
    assert replay.track.position == 3 and replay.slider.value() == 3
    texts = [replay.log.item(r).text() for r in range(replay.log.count())]
    table = replay.stage
    assert isinstance(table, Stage)
    for event in table.table.log_lines():
        assert any(table.event_text(event) in text for text in texts)  # every line of the live log is there


# --- hidden cards ------------------------------------------------------------------------------------------


def test_banquet_guests_stay_hidden_in_a_running_game(qtbot: Any, main: MainWindow, home: Path) -> None:
    """BB-17.1: a replay of a game still running shows only the public view; no "show everything"."""
    path, played = seat_save(home, "banquet", 7, limit=45)
    assert not played.engine.is_over(played.state)
    replay = opened(main, path, qtbot)
    assert not replay.everything.isVisibleTo(replay)
    stage = replay.stage
    assert isinstance(stage, Stage)
    log = "\n".join(replay.log.item(r).text() for r in range(replay.log.count()))
    final_hidden = [g for s, g in enumerate(played.state.guests)
                    if g is not None and played.engine.view(played.state, PUBLIC).guests[s] != g]
    assert final_hidden
    for guest in final_hidden:
        assert banquet_title(stage.tr, guest) not in log
    for i in range(replay.track.total + 1):
        replay.seek(i)
        state = replay.shown.state
        public = played.engine.view(state, PUBLIC)
        hidden = [g for s, g in enumerate(state.guests) if g is not None and public.guests[s] != g]
        shown = scene_texts(stage.scene)
        for guest in hidden:
            assert banquet_title(stage.tr, guest) not in shown, (i, guest)


def test_show_everything_is_offered_once_the_game_is_over(qtbot: Any, main: MainWindow, home: Path) -> None:
    path, played = seat_save(home, "banquet", 7)
    replay = opened(main, path, qtbot)
    assert replay.everything.isVisibleTo(replay)
    replay.seek(replay.track.total // 2)
    public_faces = faces(replay.stage.scene)
    replay.everything.setChecked(True)
    state = replay.shown.state
    stage = replay.stage
    assert isinstance(stage, Stage)
    assert played.engine.to_dict(stage.table.game.view(PUBLIC)) == played.engine.to_dict(state)  # the whole state
    assert faces(stage.scene) != public_faces  # the hosts' guests now face up
    guests = [g for g in state.guests if g is not None]
    assert all(banquet_title(stage.tr, g) in scene_texts(stage.scene) for g in guests)


def test_solonauts_show_everything_names_the_deck_order(qtbot: Any, main: MainWindow, home: Path) -> None:
    path, played = solo_save(home)
    replay = opened(main, path, qtbot)
    assert replay.everything.isVisibleTo(replay)  # a solo game: offered even while it runs
    assert replay.extra.isHidden()
    replay.everything.setChecked(True)
    replay.seek(2)
    next_card = played.prefix(2).state.deck[-1]
    assert replay.extra.text().startswith("Deck, next card first: " + main.tr_.card_title(next_card))


# --- playing ------------------------------------------------------------------------------------------------


def test_play_at_a_speed_advances_and_stops_at_the_end(qtbot: Any, main: MainWindow, home: Path) -> None:
    path, _played = seat_save(home, "parsifal", 7)
    replay = opened(main, path, qtbot)
    replay.speed.setCurrentIndex(replay.speed.count() - 1)
    assert replay.timer.interval() == 250  # four moves a second
    QTest.keyClick(replay, Qt.Key.Key_Space)
    assert replay.timer.isActive() and replay.buttons["play"].text() == "Pause"
    qtbot.waitUntil(lambda: replay.track.position >= 2, timeout=10_000)
    QTest.keyClick(replay, Qt.Key.Key_Space)
    assert not replay.timer.isActive() and replay.buttons["play"].text() == "Play"
    replay.seek(replay.track.total - 1)
    replay.toggle_play()
    replay.step_played()  # the timer's slot, called at once
    assert replay.track.position == replay.track.total and not replay.timer.isActive()


@pytest.mark.parametrize("game", ["banquet", "parsifal"])
def test_play_from_here_continues_legally_and_leaves_the_save_alone(qtbot: Any, main: MainWindow, home: Path, game: str) -> None:
    path, played = seat_save(home, game, 7)
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    replay = opened(main, path, qtbot)
    at = replay.track.total // 2
    replay.seek(at)
    new = replay.play_from_here()
    assert new is not None and new != path and new.exists()
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime
    table = main.table
    assert table is not None and table.game.match.moves == played.match.moves[:at]
    assert table.game.names == NAMES
    data = json.loads(new.read_text(encoding="utf-8"))
    assert len(data["moves"]) == at
    seat = table.decider()
    state = table.game.state
    seat = seat if seat is not None else min(table.game.engine.to_act(state))
    move: Move = table.game.match.legal_moves(seat)[0]
    table.looking = seat
    assert table.play(move)  # the live game goes on
    assert table.game.match.moves == [*played.match.moves[:at], move]
    assert path.read_bytes() == before


def test_solonauts_play_from_here_opens_the_live_session(qtbot: Any, main: MainWindow, home: Path) -> None:
    path, played = solo_save(home)
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    replay = opened(main, path, qtbot)
    replay.seek(3)
    new = replay.play_from_here()
    # Played on among the games in progress, in the file the replay wrote (Save asks where, as for a new game).
    assert new is not None and main.table is not None and main.table.autosave == new and main.save_path is None
    assert main.table.session.match.moves == played.moves[:3]
    assert main.table.session.play(main.table.session.match.legal_moves(0)[0])
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime


def test_a_corrupt_save_is_refused_with_the_reason(qtbot: Any, main: MainWindow, home: Path, dialogs: Dialogs) -> None:
    path, _played = seat_save(home, "parsifal", 7, limit=10)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"][4]["player"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    junk = home / "junk.convivium.json"
    junk.write_text("{not json", encoding="utf-8")
    for bad in (path, junk):
        assert main.open_replay(bad) is None
        title, text = dialogs.informed[-1]
        assert text.startswith(f"Cannot open {bad.name}: ")
    assert main.replay_window is None and main.table is None


def test_watch_the_replay_is_offered_only_with_a_game_on(qtbot: Any, main: MainWindow) -> None:
    assert main.table is None and not main.act_watch.isEnabled()
    main.new_game({"ids": 6}, 3)
    assert main.act_watch.isEnabled()
    main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    assert main.act_watch.isEnabled()


def test_watch_the_replay_of_the_game_on_the_table(qtbot: Any, main: MainWindow) -> None:
    table = main.new_hotseat("parsifal", "standard", NAMES, {}, 5)
    play_out(table.game.match, random.Random(5), 12)
    table.refresh()
    replay = main.watch_replay()
    assert replay is not None and replay.track.total == 12
    assert replay.track.match is not table.game.match  # its own copy: the game on the table goes on
    assert not replay.everything.isVisibleTo(replay)
    play_out(table.game.match, random.Random(6), 500)
    table.refresh()
    assert "replay" in table.buttons  # the end of the game offers its replay


def test_the_replay_speaks_the_window_language(qtbot: Any, main: MainWindow, home: Path) -> None:
    path, _played = seat_save(home, "banquet", 7)
    replay = opened(main, path, qtbot)
    replay.seek(5)
    assert replay.buttons["next_turn"].text() == "Next turn"
    main.set_language("it")
    assert replay.buttons["next_turn"].text() == "Turno successivo"
    assert replay.position_label.text().startswith("Mossa 5 di ")
    assert replay.log.selectedItems()[0].data(MOVE_ROLE) == 5


def test_show_everything_looks_over_the_shoulder_of_the_player_to_act(qtbot: Any, main: MainWindow,
                                                                      home: Path) -> None:
    """Chrononauts hides hands (CHR-2): a finished game's replay with "show everything" draws the hand of
    the player to act at each position; without it no card of that hand is an item."""
    path, played = seat_save(home, "chrononauts", 5, limit=3000)
    assert played.engine.is_over(played.state)
    replay = opened(main, path, qtbot)
    for position in (replay.track.total // 2, replay.track.total // 2 + 1):
        replay.everything.setChecked(False)
        replay.seek(position)
        state = played.match.prefix(position).state
        hand = set(state.hands[min(played.engine.to_act(state))])
        assert hand and not hand & set(replay.stage.scene.items_by_key)
        replay.everything.setChecked(True)
        assert hand <= set(replay.stage.scene.items_by_key)
        assert not replay.stage.scene.dests  # still nothing to pick up in a replay


# --- a long game opens in time proportional to its moves (issue #12) -------------------------------------


def _expected_log(replay: ReplayWindow, match: Match[Any]) -> list[tuple[int, str]]:
    """The replay's log as the stage lists it position by position: each move's lines are those the
    log at its position adds to the log at the position before (the way it was first built)."""
    stage, text = replay.stage, replay.tr_.text
    rows = [(0, text("replay.log_start"))]
    before = 0
    for move in range(len(match.moves) + 1):
        events = stage.log_events(match.prefix(move))
        said = [stage.event_text(e) for e in events[before:]]
        before = len(events)
        if move == 0:
            rows += [(0, f"      {line}") for line in said]
            continue
        said = said or [text("replay.log_move", n=move)]
        rows += [(move, f"{move}. {said[0]}"), *[(move, f"      {line}") for line in said[1:]]]
    return rows


def opened_counting(main: MainWindow, path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                    eng: Any) -> tuple[ReplayWindow, dict[str, int]]:
    """Open a replay, counting the work done meanwhile: moves applied by the engine, moves the match
    copies or walks through (`prefix`, `events`), and log lines the game's table writes."""
    work = {"applied": 0, "walked": 0, "written": 0}
    apply, prefix, events = type(eng).apply, Match.prefix, Match.events
    table = table_for(eng.game, eng.mode)
    assert table is not None
    write = table.event_text

    def counted_write(self: Any, event: Any) -> str:
        work["written"] += 1
        return write(self, event)

    def counted_apply(self: Any, state: Any, move: Move) -> Any:
        work["applied"] += 1
        return apply(self, state, move)

    def counted_prefix(self: Match[Any], count: int) -> Match[Any]:
        work["walked"] += count
        return prefix(self, count)

    def counted_events(self: Match[Any]) -> Any:
        work["walked"] += len(self.moves)
        return events(self)

    with monkeypatch.context() as patch:
        patch.setattr(type(eng), "apply", counted_apply)
        patch.setattr(Match, "prefix", counted_prefix)
        patch.setattr(Match, "events", counted_events)
        patch.setattr(table, "event_text", counted_write)
        replay = opened(main, path, qtbot)
    return replay, work


def assert_linear(work: dict[str, int], moves: int) -> None:
    """A few applies and steps walked per move: asking the match for every position walks n(n+1)/2."""
    assert moves > 20  # below that n(n+1)/2 is no more than 10n
    # Loading the save applies each move once; the track reads what the match kept of each (issue #42).
    assert work["applied"] <= moves, work
    assert work["walked"] <= 10 * moves, work


@pytest.mark.parametrize("game", ["chrononauts", "banquet", "bacchanalia", "parsifal"])
def test_a_replay_opens_in_one_pass_and_each_log_line_is_under_its_move(qtbot: Any, main: MainWindow, home: Path,
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         game: str) -> None:
    """Issue #12: opening a replay asked for the match at every position, a copy of all the moves before it
    (a 20,000-move save took minutes). Now one pass: and the log it builds is the log built position by
    position, each move with the lines the log at its position adds."""
    path, played = seat_save(home, game, 11, limit=120)
    replay, work = opened_counting(main, path, qtbot, monkeypatch, played.engine)
    assert_linear(work, replay.track.total)
    rows = [(replay.log.item(r).data(MOVE_ROLE), replay.log.item(r).text()) for r in range(replay.log.count())]
    assert rows == _expected_log(replay, played.match)
    for move in (0, 1, replay.track.total // 2, replay.track.total):
        replay.seek(move)
        assert [item.text() for item in replay.log.selectedItems()] == [text for at, text in rows if at == move]


def test_a_solonauts_replay_opens_in_one_pass_and_each_log_line_is_under_its_move(
        qtbot: Any, main: MainWindow, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Solonauts leaves some events out of its log: the lines still fall under the right moves."""
    path, played = solo_save(home, seed=7)  # 39 moves
    replay, work = opened_counting(main, path, qtbot, monkeypatch, played.engine)
    assert_linear(work, replay.track.total)
    rows = [(replay.log.item(r).data(MOVE_ROLE), replay.log.item(r).text()) for r in range(replay.log.count())]
    assert rows == _expected_log(replay, played)


def test_a_long_replay_opens_with_work_in_proportion_to_its_moves(qtbot: Any, main: MainWindow, home: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue #12: a long Parsifal game (the figure for 20,000 moves is in `convivium bench`)."""
    played = long_parsifal(600)
    path = home / "long.convivium.json"
    SeatGame(played, list(NAMES)).save(path)
    replay, work = opened_counting(main, path, qtbot, monkeypatch, played.engine)
    assert replay.track.total == 600
    assert_linear(work, 600)
    # Each line of the log written once, the deal's twice (the replay's log, and the table under it, which starts
    # there): the table no longer writes the whole game's log first (issue #42).
    log = replay.log
    dealt = sum(1 for row in range(log.count()) if log.item(row).data(MOVE_ROLE) == 0)
    assert work["written"] <= log.count() + dealt, work
    replay.seek(600)
    assert replay.log.selectedItems()[0].text().startswith("600. ")
    assert replay.track.turn_of(600) == len(replay.track.turn_starts) - 1
