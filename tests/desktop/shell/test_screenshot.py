"""`convivium --game G --screenshot PNG`: a picture of any table after K random legal moves, as the player
to act sees it with the curtain lifted, the same every time, and nothing left in the player's data folder
(issue #11, item 5)."""
from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from desktop.frame.i18n import Translator
from desktop.shell import app
from desktop.shell import screenshot as shot_module
from desktop.shell.main_window import MainWindow

# game, players, moves: a mid-game moment where one player is to act (as the README's pictures are)
GAMES = [("chrononauts", 4, 60), ("artifaxx", 4, 50), ("bacchanalia", 4, 25), ("banquet", 4, 45),
         ("parsifal", 4, 20), ("solonauts", 1, 20)]


@pytest.fixture
def scratch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the app makes its throwaway data folder: it must be empty again afterwards."""
    folder = tmp_path / "scratch"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What the window showed at the moment the picture was taken."""
    found: dict[str, Any] = {}
    original = shot_module.set_table

    def spy(window: MainWindow, shot: shot_module.Shot) -> None:
        original(window, shot)
        found["title"] = window.windowTitle()
        table = window.table
        if table is not None:
            found["decider"] = table.decider()
            found["looking"] = table.looking
            found["prompt"] = table.prompt.text()
            found["curtain"] = table.tr_.text("hs.curtain", player=table.game.names[table.decider() or 0])
            found["moves"] = len(table.game.match.moves)
        elif window.table.session is not None:
            found["moves"] = len(window.table.session.match.moves)

    monkeypatch.setattr(shot_module, "set_table", spy)
    return found


def files_in(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def colours(image: QImage) -> int:
    return len({image.pixel(x, y) for x in range(0, image.width(), 23) for y in range(0, image.height(), 17)})


def take(path: Path, game: str, players: int, moves: int, *more: str) -> int:
    return app.run(["--game", game, "--players", str(players), "--seed", "7", "--moves", str(moves),
                    "--lang", "en", "--screenshot", str(path), *more])


@pytest.mark.parametrize("game, players, moves", GAMES)
def test_each_game_is_drawn_mid_game_for_the_player_to_act(game: str, players: int, moves: int, tmp_path: Path,
                                                           home: Path, scratch: Path, seen: dict[str, Any]) -> None:
    picture = tmp_path / f"{game}.png"
    assert take(picture, game, players, moves) == 0
    image = QImage(str(picture))
    assert (image.width(), image.height()) == (1600, 1000)
    assert colours(image) > 50  # cards, texts and felt, not a blank window
    assert seen["moves"] == moves
    tr = Translator("en")
    name = "chrononauts" if game in ("artifaxx", "solonauts") else game
    if game != "solonauts":
        assert tr.text(f"game.{name}") in seen["title"]
        if game == "artifaxx":
            assert "Artifaxx" in seen["title"]
        assert seen["decider"] is not None and seen["looking"] == seen["decider"]  # the curtain is lifted
        assert seen["prompt"] != seen["curtain"]
    assert files_in(scratch) == {}  # the throwaway data folder is gone


def test_the_same_arguments_give_the_same_picture(tmp_path: Path, home: Path, scratch: Path) -> None:
    first, second, other = tmp_path / "a.png", tmp_path / "b.png", tmp_path / "c.png"
    assert take(first, "banquet", 4, 45) == 0
    assert take(second, "banquet", 4, 45) == 0
    assert first.read_bytes() == second.read_bytes()
    assert take(other, "banquet", 4, 44) == 0  # one move fewer: another table
    assert QImage(str(other)) != QImage(str(first))


def test_the_size_can_be_chosen(tmp_path: Path, home: Path, scratch: Path) -> None:
    picture = tmp_path / "small.png"
    assert take(picture, "parsifal", 3, 10, "--size", "1280x720") == 0
    image = QImage(str(picture))
    assert (image.width(), image.height()) == (1280, 720)


def test_the_players_data_folder_is_untouched(tmp_path: Path, home: Path, scratch: Path) -> None:
    home.mkdir(parents=True)
    (home / "settings.json").write_text('{"language": "it", "hotseat_names": ["Zoe", "Yuri", "Xena"]}\n')
    (home / "autosave.json").write_text("{}\n")
    before = files_in(home)
    assert take(tmp_path / "p.png", "banquet", 3, 30) == 0
    assert take(tmp_path / "s.png", "solonauts", 1, 5) == 0
    assert files_in(home) == before  # no autosave, no game in progress, no settings, no marker
    assert files_in(scratch) == {}


@pytest.mark.parametrize("args, said", [
    (["--game", "poker"], "unknown game 'poker'"),
    (["--game", "banquet", "--players", "6"], "banquet is played by 3 to 5 players, not 6"),
    (["--game", "parsifal", "--players", "1"], "parsifal is played by 2 to 6 players, not 1"),
    (["--game", "solonauts", "--players", "2"], "solonauts is played by 1 player only, not 2"),
    (["--game", "banquet", "--mode", "artifaxx"], "unknown mode 'artifaxx' for banquet"),
    (["--game", "artifaxx", "--mode", "chrononauts"], "unknown mode 'chrononauts' for artifaxx"),
    (["--game", "banquet", "--moves", "-1"], "--moves must be 0 or more"),
    (["--game", "banquet", "--size", "huge"], "--size must be WIDTHxHEIGHT"),
    (["--game", "banquet", "--screenshot", "{missing}/x.png"], "cannot write the picture"),
    (["--game", "banquet", "--screenshot", "{tmp}"], "it is a folder"),
    (["--game", "banquet", "--screenshot", ""], "give --screenshot PNG too"),
])
def test_bad_input_says_why_and_exits_2(args: list[str], said: str, tmp_path: Path, home: Path, scratch: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    picture = str(tmp_path / "x.png")
    argv = [a.format(missing=tmp_path / "no such folder", tmp=tmp_path) for a in args]
    if "--screenshot" not in argv:
        argv += ["--screenshot", picture]
    elif "" in argv:
        argv = argv[:-2]  # no --screenshot at all
    with pytest.raises(SystemExit) as exit_:
        app.run(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not Path(picture).exists() and not home.exists() and files_in(scratch) == {}


# --- Issue #39: the picture is written by the one writer -------------------------------------------------


def test_a_picture_into_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    """It hung, waiting for a reader. Run apart, so that a hang fails the test instead of stopping the run."""
    fifo = tmp_path / "shot.png"
    os.mkfifo(fifo)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "CONVIVIUM_HOME": str(tmp_path / "home")}
    done = subprocess.run([sys.executable, "-m", "desktop.cli", "--game", "banquet", "--screenshot", str(fifo)],
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 2 and "not a regular file" in done.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_picture_is_never_written_into_a_device(tmp_path: Path, home: Path, scratch: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    link = tmp_path / "shot.png"
    link.symlink_to("/dev/null")
    with pytest.raises(SystemExit) as exit_:
        app.run(["--game", "banquet", "--force", "--screenshot", str(link)])
    assert exit_.value.code == 2 and "not a regular file" in capsys.readouterr().err
    assert os.readlink(link) == "/dev/null"


def test_an_existing_picture_is_replaced_only_with_force(tmp_path: Path, home: Path, scratch: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "shot.png"
    picture.write_bytes(b"an earlier picture")
    with pytest.raises(SystemExit) as exit_:
        take(picture, "parsifal", 3, 5)
    assert exit_.value.code == 2 and "--force" in capsys.readouterr().err
    assert picture.read_bytes() == b"an earlier picture"
    assert take(picture, "parsifal", 3, 5, "--force") == 0
    assert QImage(str(picture)).width() == 1600


def test_a_full_disk_fails_naming_the_picture_and_keeps_the_old_one(tmp_path: Path, home: Path, scratch: Path,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    picture = tmp_path / "shot.png"
    picture.write_bytes(b"an earlier picture")
    real_write = os.write

    def full(fd: int, data: Any) -> int:
        if os.path.basename(os.readlink(f"/proc/self/fd/{fd}")).startswith(".shot.png."):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    assert take(picture, "parsifal", 3, 5, "--force") == 2
    err = capsys.readouterr().err
    assert str(picture) in err and os.strerror(errno.ENOSPC) in err
    assert picture.read_bytes() == b"an earlier picture"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".shot")) == []
