"""`convivium check` on the guided first games (issue #11 item 2): every script replays through the rules, and
a planted unknown card, missing step target, broken placeholder or illegal move is an error at file:line:column."""
from __future__ import annotations

from pathlib import Path

import pytest
from cardset_edits import edit, position_of

import cardsets
from cardsets import tutorial
from desktop.cli import main as cli
from rules import tutorial as replays

SCRIPT = Path("chrononauts") / "tutorial" / "chrononauts.yaml"


def check(capsys: pytest.CaptureFixture[str], root: Path) -> tuple[int, list[str]]:
    status = cli(["check", "--root", str(root)])
    return status, capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("name", list(tutorial.NAMES))
def test_every_shipped_script_loads_and_replays_to_a_game_that_goes_on(name: str) -> None:
    script, problems = tutorial.load(name, cardsets.ROOT)
    assert script is not None and problems == []
    assert tutorial.check(cardsets.ROOT, [name]) == []
    assert replays.replay(script) == []
    assert 4 <= len(script.steps) <= 20
    assert script.steps[-1].kind == "next"  # the last step says the game goes on, and the player moves on


def test_the_shipped_tree_checks_clean(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    status, out = check(capsys, cardset_root)
    assert status == 0 and out[-1] == "OK"


def planted(root: Path, old: str, new: str) -> tuple[int, int]:
    """Replace `old` by `new` in the copied Chrononauts script; where `new` now stands."""
    edit(root / SCRIPT, (old, new))
    return position_of((root / SCRIPT).read_text(encoding="utf-8"), new)


def test_an_unknown_card_is_reported_where_it_is_named(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    line, column = planted(cardset_root, 'card: "inv_reverse_fate#3", target: 1865}\n  - id: undo',
                           'card: "inv_no_such_card#3", target: 1865}\n  - id: undo')
    status, out = check(capsys, cardset_root)
    assert status == 1
    assert f"{SCRIPT.as_posix()}:{line}:{column + 6}: no card 'inv_no_such_card#3' in chrononauts/cards.yaml" in out


def test_a_missing_step_target_is_reported(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    # The artifact Ada plays is not on the table before she plays it: the step may not point at it yet.
    edit(cardset_root / SCRIPT, ("  - id: goal\n    text: chr.goal\n    point: own:id",
                                 "  - id: goal\n    text: chr.goal\n    point: art_sabretooth"))
    line, column = position_of((cardset_root / SCRIPT).read_text(encoding="utf-8"), "- id: goal")
    status, out = check(capsys, cardset_root)
    assert status == 1
    assert (f"{SCRIPT.as_posix()}:{line}:{column + 2}: step 'goal' points at 'art_sabretooth', "
            "which the player cannot see on the table here") in out


def test_an_illegal_expected_move_is_reported(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    # Reverse Fate flips a linchpin: 1866 is no year of the timeline.
    edit(cardset_root / SCRIPT, ('  - id: invert\n    text: chr.invert\n    do: {move: PlayCard, card: "inv_reverse_fate#3", target: 1865}',
                                 '  - id: invert\n    text: chr.invert\n    do: {move: PlayCard, card: "inv_reverse_fate#3", target: 1866}'))
    line, column = position_of((cardset_root / SCRIPT).read_text(encoding="utf-8"), "- id: invert\n")
    status, out = check(capsys, cardset_root)
    assert status == 1
    assert (f"{SCRIPT.as_posix()}:{line}:{column + 2}: step 'invert': PlayCard(card='inv_reverse_fate#3', target=1866) "
            "is not a legal move of seat 0 here") in out


def test_a_broken_placeholder_is_reported_in_the_translation(capsys: pytest.CaptureFixture[str],
                                                             cardset_root: Path) -> None:
    words = cardset_root / "chrononauts" / "tutorial" / "text" / "nl.yaml"
    edit(words, ("Speel {card} nog eens op 1865", "Speel {kaart} nog eens op 1865"))
    line, column = position_of(words.read_text(encoding="utf-8"), "chr.invert_again:")
    status, out = check(capsys, cardset_root)
    assert status == 1
    assert (f"chrononauts/tutorial/text/nl.yaml:{line}:{column + len('chr.invert_again: ')}: 'chr.invert_again' uses "
            "placeholders ['kaart'] but English uses ['card']") in out


def test_a_placeholder_no_step_fills_is_reported(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    words = cardset_root / "chrononauts" / "tutorial" / "text" / "en.yaml"
    edit(words, ("Play {card} on 1865 again", "Play {year} on 1865 again"))
    line, column = position_of((cardset_root / SCRIPT).read_text(encoding="utf-8"), "text: chr.invert_again")
    status, out = check(capsys, cardset_root)
    assert status == 1
    assert any(p.startswith(f"{SCRIPT.as_posix()}:{line}:{column + 6}: text 'chr.invert_again' uses {{year}}") for p in out)


def test_a_step_whose_words_name_a_card_must_have_one(cardset_root: Path) -> None:
    """Heard through Orca (issue #37): the Solonauts undo step said "to put  back in your hand", for its words name
    {card} and the step pointed at none. `convivium check` now finds it."""
    assert tutorial.check(cardset_root, ["solonauts"]) == []
    script = cardset_root / "chrononauts" / "tutorial" / "solonauts.yaml"
    edit(script, ('    point: "inv_reverse_fate#1"\n    do: undo', "    do: undo"))
    problems = tutorial.check(cardset_root, ["solonauts"])
    assert [problem.message for problem in problems] == [
        "text 'solo.undo' names {card}, but step 'undo' has no card: point at one"]
