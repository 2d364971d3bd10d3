"""Orca itself listening (issue #37): the words it says, from its own debug log, over a blind player's first evening
(orca_app.py): the guided Solonauts game's first steps, a new deal, its first arrow, a move, undo and a hint, How to
play read by line and by heading, a file saved and one that cannot be opened, a hot-seat turn of Chrononauts for Ada
and Bruno, then a game joined over the network (its host in another process, on loopback). The measure is what Orca
says, not what the app sends.

Xvfb, `dbus-run-session`, at-spi-bus-launcher and `orca --replace --debug-file=…` with no voice (orca_session.py);
xdotool presses the keys Orca must hear itself (it reads a text's line only for a key it saw). Skipped, with the reason,
where any of them is missing. About 75 seconds."""
from __future__ import annotations

import re
from typing import Any

import pytest
from bus_harness import once_per_run, orca_session

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The session's report: `steps`, each step the app reported with `heard` (what Orca said from its start to
    the next step's), and the app's `stderr` and exit `code`."""
    found = once_per_run("orca-evening", tmp_path_factory,
                         lambda: orca_session("orca_app.py", tmp_path_factory.mktemp("orca"), 240))
    assert len(found["steps"]) == 21, found["stderr"]
    return found


@pytest.fixture(scope="module")
def evening(session: dict[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = session["steps"]
    return steps


def step(evening: list[dict[str, Any]], name: str) -> dict[str, Any]:
    (found,) = [each for each in evening if each["step"] == name]
    return found


@pytest.mark.parametrize("name", ["guide", "guide next", "solo start", "first key", "solo move", "undo", "hint",
                                  "rules", "rules line", "rules heading", "rules closed", "saved", "open fails",
                                  "curtain for Ada", "Ada looks", "Ada decides", "curtain for Bruno", "net join",
                                  "net host plays", "net lost", "net refused"])
def test_orca_says_what_a_sighted_player_reads(evening: list[dict[str, Any]], name: str) -> None:
    """The guide's steps, the new table and the card the first arrow reaches, a move's log lines, "Undone: …",
    the hint with its card and reason, How to play's heading, the line Down reaches and the heading H reaches, the
    table again as the rules close, "Saved to …", the box saying why a file cannot be opened, the curtain's words
    and the player who lifts it."""
    found = step(evening, name)
    assert found["expect"] and all(found["expect"])
    for words in found["expect"]:
        assert words.rstrip(".") in found["heard"], (words, found["heard"])


def test_the_guide_step_and_the_hint_are_said_whole(evening: list[dict[str, Any]]) -> None:
    assert "step 2 of" in step(evening, "guide next")["heard"]
    assert re.search(r"Hint: play .+ on \d{4}\. ", step(evening, "hint")["heard"])


def test_orca_says_no_secret_under_the_curtain(evening: list[dict[str, Any]]) -> None:
    for name in ("curtain for Ada", "curtain for Bruno"):
        found = step(evening, name)
        assert len(found["secrets"]) >= 5  # Ada's hand, ID and Mission
        assert [secret for secret in found["secrets"] if secret in found["heard"]] == [], name


def test_ada_hears_her_own_id_and_mission_and_none_of_brunos(evening: list[dict[str, Any]]) -> None:
    """CHR-6.6: asked alone whether she keeps her ID, then her Mission, Ada hears which (the question names it);
    never Bruno's ID or Mission."""
    for name, kind in (("Ada looks", "ID"), ("Ada decides", "Mission")):
        found = step(evening, name)
        assert f"keep the {kind} you were dealt, {found['own']}, or swap it?" in found["heard"], found["heard"]
        assert len(found["others"]) == 2  # Bruno's ID and Mission
        assert [secret for secret in found["others"] if secret in found["heard"]] == [], name


def test_a_joined_game_is_heard_like_one_played_here(evening: list[dict[str, Any]]) -> None:
    """Bruno, joined over the network: whom he waits for, what Ada did on her screen and his own question with his
    ID named, the connection lost and back, and the host's refusal, each said as it happens."""
    played = step(evening, "net host plays")
    assert f"Bruno: keep the ID you were dealt, {played['own']}, or swap it?" in played["heard"], played["heard"]
    assert step(evening, "net join")["heard"].count("Waiting for Ada") >= 1
    lost = step(evening, "net lost")["heard"]
    assert lost.index("Connection to the host lost") < lost.index("Connected to the host again"), lost


def test_the_app_ends_cleanly_while_orca_listens(session: dict[str, Any]) -> None:
    """Issue #37: Orca asked about a table whose view was gone, and at exit the app ended on a segmentation fault."""
    assert session["code"] == 0, session["stderr"]
    assert "already deleted" not in session["stderr"]
    assert "Error calling Python override" not in session["stderr"]


@pytest.mark.parametrize("name", ["guide", "solo start", "rules closed", "open fails", "curtain for Ada", "net join"])
def test_orca_never_asks_in_vain_as_a_table_or_a_window_goes(evening: list[dict[str, Any]], name: str) -> None:
    """Orca asks about the objects of the events it has queued after they happen: a table replaced by another (the
    guide's by a new deal, a deal by a hot-seat game, that by a game joined), the rules closed, a message box closed
    with Enter. Deleted at
    once, Qt's bridge found nothing there and warned "Could not find accessible on path" (25 times as the box
    closed)."""
    assert step(evening, name)["stderr"].count("Could not find accessible") == 0, step(evening, name)["stderr"]
