"""The README is a promise to a newcomer: its commands are the ones CI runs, and its example runs."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def shell_lines(text: str) -> list[str]:
    blocks = re.findall(r"```(?:sh|bash|console)\n(.*?)```", text, flags=re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_ci_runs_the_readmes_test_line_word_for_word() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    test_lines = [line for line in shell_lines(README) if "pytest" in line]
    assert test_lines and test_lines[0].endswith("-m pytest"), test_lines  # the full run comes first
    assert test_lines[0] in [line.strip() for line in ci]


def test_the_readme_gives_the_quick_run_of_the_tests_not_marked_slow() -> None:
    test_lines = [line for line in shell_lines(README) if "pytest" in line]
    assert test_lines[1:] == ['.venv/bin/python -m pytest -m "not slow"']
    assert "slow:" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")  # the marker is registered


def test_the_readme_starts_the_app_from_nothing() -> None:
    start = [line for line in shell_lines(README) if line.endswith("convivium")]
    assert start and start[0].startswith("python3 -m venv .venv && ")


def test_the_library_examples_run(capsys: object) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert len(blocks) >= 2, "the README shows how to use rules as a library, and a whole game with a bot"
    for block in blocks:
        namespace: dict[str, object] = {"__name__": "readme_example"}
        exec(compile(block, "README.md", "exec"), namespace)  # our own file, not user input
        assert "match" in namespace


def test_the_bot_example_plays_a_whole_game() -> None:
    """The second example ends its game through the one interface (issue #14)."""
    from rules import Result

    block = re.findall(r"```python\n(.*?)```", README, flags=re.S)[1]
    assert len([line for line in block.splitlines() if line.strip()]) <= 12
    namespace: dict[str, object] = {"__name__": "readme_example", "print": lambda *args: None}
    exec(compile(block, "README.md", "exec"), namespace)  # our own file, not user input
    eng, match = namespace["eng"], namespace["match"]
    result = eng.result(match.state)  # type: ignore[attr-defined]
    assert isinstance(result, Result) and result.over and match.moves  # type: ignore[attr-defined]


def test_the_readme_screenshot_exists() -> None:
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README)
    assert images and all((ROOT / image).is_file() for image in images)


def test_the_readme_lists_every_game_and_mode_the_registry_plays() -> None:
    from rules import modes

    listed = re.search(r"`rules\.modes\(\)` lists every game and mode \((.*?)\), and", README, flags=re.S)
    assert listed is not None
    said: dict[str, tuple[str, ...]] = {}
    for game, names in re.findall(r"`(\w+)`: ((?:`\w+`(?:, )?)+)", listed.group(1).replace("\n", " ")):
        said[game] = tuple(re.findall(r"`(\w+)`", names))
    assert said == modes()
