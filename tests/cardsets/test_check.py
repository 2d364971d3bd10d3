"""`convivium check`: the report, the exit status, and --stamp on copies of the card sets."""
from __future__ import annotations

import difflib
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from cardset_edits import FIXTURES, copy_text_fixture, edit, replaced

import cardsets
from cardsets.check import main, stamp
from cardsets.text import fingerprint

GOOD_TABLE = [
    "chrononauts   it: 0 missing, 0 stale   es: 0 missing, 0 stale   nl: 0 missing, 0 stale",
    "ui            it: 0 missing, 0 stale   es: 0 missing, 0 stale   nl: 0 missing, 0 stale",
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


# --- Checking --------------------------------------------------------------------------------


def test_a_good_tree_passes_and_prints_the_table(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    status, out, err = run(capsys, "--root", str(cardset_root))
    assert (status, out, err) == (0, [*GOOD_TABLE, "OK"], "")


def test_a_broken_tree_lists_every_problem_then_the_table(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    # The card data is the small fixture set, broken twice; it needs a subset of the shipped keys.
    mini = (FIXTURES / "mini_cards.yaml").read_text(encoding="utf-8")
    (cardset_root / "chrononauts" / "cards.yaml").write_text(
        replaced(mini, ("    count: 3\n", "    count: 0\n"), ("    rule:\n", "    rules:\n")), encoding="utf-8")
    (cardset_root / "ui" / "text" / "it.yaml").write_text(
        "language: it\nstrings:\n  app.name: Convivium\n  app.tagline: 12\n", encoding="utf-8")
    # Every key Italian should have (a counted string in its own plural forms), less the app.name it has.
    english_ui_keys = len(cardsets.text.load(cardset_root / "ui" / "text", "ui/text")[0].expected("it"))
    status, out, err = run(capsys, "--root", str(cardset_root))
    assert status == 1 and err == ""
    assert out == [
        "chrononauts/cards.yaml:16:5: unknown key 'rules' (did you mean 'rule'?)",
        "chrononauts/cards.yaml:33:12: count must be at least 1, not 0",
        "ui/text/it.yaml:4:16: 'app.tagline' must be text, not 12 (quote it if it looks like a number)",
        "chrononauts   it: 0 missing, 0 stale" + " " * (len(str(english_ui_keys - 1)) - 1) + "   es: 0 missing, 0 stale   nl: 0 missing, 0 stale",
        f"ui            it: {english_ui_keys - 1} missing, 0 stale   es: 0 missing, 0 stale   nl: 0 missing, 0 stale",
        "3 errors",
    ]


def test_one_error_is_singular(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    edit(cardset_root / "chrononauts" / "text" / "es.yaml", ("\nlanguage: es\n", "\nlanguage: es\nlanguage: es\n"))
    status, out, _err = run(capsys, "--root", str(cardset_root))
    assert status == 1
    assert out[0].startswith("chrononauts/text/es.yaml:") and out[0].endswith(": duplicate key 'language'")
    assert out[-1] == "1 error"


def _drop_app_name(root: Path) -> None:
    edit(root / "ui" / "text" / "it.yaml", ("\n  app.name: Convivium\n", "\n"))


def test_missing_strings_pass_unless_strict(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    _drop_app_name(cardset_root)
    status, out, _err = run(capsys, "--root", str(cardset_root))
    assert status == 0
    assert out == [GOOD_TABLE[0], "ui            it: 1 missing, 0 stale   es: 0 missing, 0 stale   nl: 0 missing, 0 stale", "OK"]

    status, out, _err = run(capsys, "--root", str(cardset_root), "--strict")
    assert status == 1
    assert out[-1] == "1 missing and 0 stale strings (--strict)"


def test_strict_passes_when_everything_is_translated(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    status, out, _err = run(capsys, "--root", str(cardset_root), "--strict")
    assert (status, out[-1]) == (0, "OK")


def test_verbose_lists_each_missing_and_stale_key(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    _drop_app_name(cardset_root)
    edit(cardset_root / "chrononauts" / "text" / "es.yaml", ("\nlanguage: es\n", "\nlanguage: es\n"),
         ("\nstrings:\n", "\nstrings:\n  tl_1865.gone: Ya no existe\n"))
    status, out, _err = run(capsys, "--root", str(cardset_root), "--verbose")
    assert status == 0
    assert out == [
        "chrononauts   it: 0 missing, 0 stale   es: 0 missing, 1 stale   nl: 0 missing, 0 stale",
        "    es stale    tl_1865.gone",
        "ui            it: 1 missing, 0 stale   es: 0 missing, 0 stale   nl: 0 missing, 0 stale",
        "    it missing  app.name",
        "OK",
    ]


# --- Never a traceback -----------------------------------------------------------------------


def _wreck(root: Path) -> None:
    (root / "chrononauts" / "cards.yaml").write_bytes(b"\x00\x01binary\xff garbage")
    (root / "chrononauts" / "text" / "nl.yaml").write_text("- a list\n- not a mapping\n", encoding="utf-8")
    (root / "chrononauts" / "text" / "es.yaml").write_text("language: es\nstrings: [1, 2\n", encoding="utf-8")
    shutil.rmtree(root / "ui" / "text")


WRECKED = [
    "chrononauts/cards.yaml:1:9: not UTF-8 text (byte 0xff: invalid start byte)",
    "chrononauts/text/es.yaml:3:1: YAML syntax: did not find expected ',' or ']' "
    "(while parsing a flow sequence at line 2, column 10)",
    "chrononauts/text/nl.yaml:1:1: value must be a mapping, not ['a list', 'not a mapping']",
    "ui/text/it.yaml:1:1: file not found",
    "ui/text/es.yaml:1:1: file not found",
    "ui/text/en.yaml:1:1: file not found",
    "ui/text/nl.yaml:1:1: file not found",
]


def test_a_wrecked_tree_gives_problems_not_a_traceback(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    _wreck(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root))
    assert status == 1 and err == ""
    assert sorted(out[:len(WRECKED)]) == sorted(WRECKED)
    assert out[-1] == f"{len(WRECKED)} errors"


def test_the_command_line_prints_no_traceback(cardset_root: Path) -> None:
    _wreck(cardset_root)
    result = subprocess.run([sys.executable, "-m", "cardsets.check", "--root", str(cardset_root)],
                            capture_output=True, text=True, cwd=cardset_root, timeout=120, check=False)
    assert result.returncode == 1
    assert result.stderr == ""
    assert "Traceback" not in result.stdout
    assert result.stdout.splitlines()[-1] == f"{len(WRECKED)} errors"


def test_convivium_check_dispatches_here(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    from desktop.cli import main as convivium

    assert convivium(["check", "--root", str(cardset_root)]) == 0
    assert capsys.readouterr().out.splitlines() == [*GOOD_TABLE, "OK"]


def _convivium_check(root: Path) -> subprocess.CompletedProcess[str]:
    """`convivium check --root ROOT` in a process of its own, so that a reader that never ends fails
    by the timeout (a FIFO) and cannot take this one's memory (a link to /dev/zero)."""
    resource = pytest.importorskip("resource")  # FIFOs and /dev/zero are POSIX anyway

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    return subprocess.run([sys.executable, "-c", "import sys; from desktop.cli import main; sys.exit(main())",
                           "check", "--root", str(root)], capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=limit_memory)


@pytest.mark.parametrize("kind, file", [("fifo", "chrononauts/cards.yaml"), ("fifo", "ui/text/it.yaml"),
                                        ("link to /dev/zero", "chrononauts/text/es.yaml"),
                                        ("link to /dev/zero", "ui/text/en.yaml")])
def test_check_refuses_what_is_not_a_regular_file_without_waiting(kind: str, file: str, cardset_root: Path) -> None:
    path = cardset_root / file
    path.unlink()
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("needs FIFOs")
        os.mkfifo(path)
    else:
        if not Path("/dev/zero").exists():
            pytest.skip("needs /dev/zero")
        path.symlink_to("/dev/zero")
    result = _convivium_check(cardset_root)
    assert (result.returncode, result.stderr) == (1, "")
    assert f"{file}:1:1: not a regular file" in result.stdout.splitlines()


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for args in (["--bogus"], ["--root", str(tmp_path / "nowhere")], ["--stamp"]):
        with pytest.raises(SystemExit) as caught:
            main(args)
        assert caught.value.code == 2
        assert "usage: convivium check" in capsys.readouterr().err


# --- --stamp ---------------------------------------------------------------------------------


def added_and_removed(old: bytes, new: bytes) -> tuple[list[str], list[str]]:
    """The lines a unified diff of two versions of a file shows as removed and added."""
    diff = list(difflib.unified_diff(old.decode("utf-8").splitlines(), new.decode("utf-8").splitlines(), lineterm="", n=0))
    removed = [line[1:] for line in diff[2:] if line.startswith("-")]
    added = [line[1:] for line in diff[2:] if line.startswith("+")]
    return removed, added


def test_a_blanket_stamp_is_refused(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    """`--stamp nl` alone used to stamp every Dutch string, hiding every out-of-date one: now it says what to give."""
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl")
    assert (status, out) == (1, [])
    assert err.splitlines() == ["convivium check: --stamp nl: name the strings to stamp (--stamp nl KEY...) "
                                "or give --unstamped, not both and not neither"]
    assert run(capsys, "--root", str(cardset_root), "--stamp", "nl", "app.name", "--unstamped")[0] == 1
    assert snapshot(cardset_root) == before


def test_stamp_with_keys_changes_only_their_lines(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    dutch = cardset_root / "ui" / "text" / "nl.yaml"
    text = dutch.read_text(encoding="utf-8")
    dutch.write_text(text.split("\ntranslated_from:")[0].rstrip("\n") + "\n", encoding="utf-8")  # a file with no block
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "app.tagline", "menu.save")
    assert (status, err) == (0, "")
    assert out[0] == "ui/text/nl.yaml: stamped 2 strings"
    assert out[1:] == [*GOOD_TABLE, "OK"]
    after = snapshot(cardset_root)
    assert {name for name in after if after[name] != before[name]} == {"ui/text/nl.yaml"}
    removed, added = added_and_removed(before["ui/text/nl.yaml"], after["ui/text/nl.yaml"])
    english = cardsets.text.load(cardset_root / "ui" / "text", "ui/text")[0].strings["en"]
    assert removed == []
    # The file had no block: a blank line, then one with exactly these two fingerprints.
    assert added[0] == "" and added[1].startswith("translated_from:  # ")
    assert added[2:] == [f'  app.tagline: "{fingerprint(english["app.tagline"])}"',
                         f'  menu.save: "{fingerprint(english["menu.save"])}"']


def test_stamp_unstamped_adds_only_the_missing_fingerprints_and_keeps_the_block(
        capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    path = "chrononauts/text/nl.yaml"
    before = snapshot(cardset_root)
    old_block = before[path].decode("utf-8").split("\ntranslated_from:")[1]
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "--unstamped")
    assert (status, err) == (0, "")
    assert out[0].startswith(f"{path}: stamped ") and out[1].startswith("ui/text/nl.yaml: stamped ")
    after = snapshot(cardset_root)
    removed, added = added_and_removed(before[path], after[path])
    # The block's comment and its fingerprints of the notes stay as written; the new lines follow them.
    assert removed == []
    assert after[path].decode("utf-8").split("\ntranslated_from:")[1].startswith(old_block.rstrip("\n"))
    notes = cardsets.read_set("chrononauts", cardset_root).notes()
    catalog = cardsets.text.load(cardset_root / "chrononauts" / "text", "x", notes=notes)[0]
    assert catalog.stamps["nl"] == {key: fingerprint(catalog.strings["en"][key]) for key in catalog.strings["nl"]}
    assert len(added) == len(catalog.strings["nl"]) - old_block.count('"') // 2 == int(out[0].split()[-2])

    # Nothing is left without a fingerprint: a second run changes nothing.
    status, out, _err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "--unstamped")
    assert status == 0 and out[0] == "nl: every string already has a fingerprint; nothing to stamp"
    assert snapshot(cardset_root) == after


def test_stamp_unstamped_never_restamps_a_stale_string(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    nl = cardset_root / "ui" / "text" / "nl.yaml"
    assert run(capsys, "--root", str(cardset_root), "--stamp", "nl", "--unstamped")[0] == 0
    stamped_once = nl.read_bytes()

    # The English changes after the Dutch was stamped: that string is now stale, and --unstamped leaves it so.
    edit(cardset_root / "ui" / "text" / "en.yaml", ("  app.tagline: A table for card games\n",
                                                    "  app.tagline: A table for your card games\n"))
    status, out, _err = run(capsys, "--root", str(cardset_root), "--verbose", "--strict")
    assert status == 1
    assert "ui            it: 0 missing, 0 stale   es: 0 missing, 0 stale   nl: 0 missing, 1 stale" in out
    assert "    nl stale    app.tagline" in out
    assert run(capsys, "--root", str(cardset_root), "--stamp", "nl", "--unstamped", "--strict")[0] == 1
    assert nl.read_bytes() == stamped_once

    # The translator checks it and stamps that string: only its fingerprint line changes.
    status, out, _err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "app.tagline", "--strict")
    assert status == 0 and out[-1] == "OK"
    assert added_and_removed(stamped_once, nl.read_bytes()) == (
        [f'  app.tagline: "{fingerprint("A table for card games")}"'],
        [f'  app.tagline: "{fingerprint("A table for your card games")}"'])


def test_stamp_dry_run_prints_the_changes_and_writes_nothing(capsys: pytest.CaptureFixture[str],
                                                             cardset_root: Path) -> None:
    assert run(capsys, "--root", str(cardset_root), "--stamp", "nl", "app.tagline")[0] == 0
    edit(cardset_root / "ui" / "text" / "en.yaml", ("  app.tagline: A table for card games\n",
                                                    "  app.tagline: A table for your card games\n"))
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "app.tagline", "app.name", "--dry-run")
    assert (status, err) == (0, "")
    english = cardsets.text.load(cardset_root / "ui" / "text", "ui/text")[0].strings["en"]
    assert out[:3] == ["ui/text/nl.yaml: would stamp 2 strings",  # in the file's order
                       f"    app.name: (no fingerprint) -> {fingerprint(english['app.name'])}",
                       f"    app.tagline: {fingerprint('A table for card games')} -> "
                       f"{fingerprint('A table for your card games')}"]
    assert snapshot(cardset_root) == before


def test_bad_usage_of_the_stamp_options_exits_2(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    for args in (["--dry-run"], ["--unstamped"]):
        with pytest.raises(SystemExit) as caught:
            main(["--root", str(cardset_root), *args])
        assert caught.value.code == 2
        assert "--unstamped and --dry-run go with --stamp LANG" in capsys.readouterr().err


def test_stamp_refuses_a_key_no_catalog_has_and_writes_nothing(capsys: pytest.CaptureFixture[str],
                                                               cardset_root: Path) -> None:
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "app.tagline", "app.taglin")
    assert (status, out) == (1, [])
    assert err.splitlines() == [
        "convivium check: --stamp nl: 'app.taglin': no card set has this string in both English and nl",
        "convivium check: --stamp nl: nothing written; fix the problems above first"]
    assert snapshot(cardset_root) == before


@pytest.mark.parametrize("lang, message", [
    ("en", "convivium check: --stamp en: English is the reference; only translations are stamped (it, es, nl)"),
    ("xx", "convivium check: --stamp xx: unknown language; choose one of it, es, nl"),
    ("EN", "convivium check: --stamp EN: unknown language; choose one of it, es, nl"),
])
def test_stamp_refuses_english_and_unknown_languages(capsys: pytest.CaptureFixture[str], cardset_root: Path,
                                                     lang: str, message: str) -> None:
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", lang, "--unstamped")
    assert (status, out, err.splitlines()) == (1, [], [message])
    assert snapshot(cardset_root) == before


def test_stamp_refuses_a_file_with_problems_and_writes_nothing(capsys: pytest.CaptureFixture[str],
                                                               cardset_root: Path) -> None:
    edit(cardset_root / "ui" / "text" / "nl.yaml", ("\nlanguage: nl\n", "\nlanguage: nl\nlanguage: nl\n"))
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "--unstamped")
    assert status == 1 and out == []
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("ui/text/nl.yaml:") and lines[0].endswith(": duplicate key 'language'")
    assert lines[1] == "convivium check: --stamp nl: nothing written; fix the problems above first"
    assert snapshot(cardset_root) == before  # not even chrononauts/text/nl.yaml, which was fine


def test_stamp_refuses_when_english_is_broken(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    (cardset_root / "ui" / "text" / "en.yaml").write_text("language: en\nstrings: [\n", encoding="utf-8")
    status, _out, err = run(capsys, "--root", str(cardset_root), "--stamp", "es", "--unstamped")
    assert status == 1 and err.startswith("ui/text/en.yaml:3:1: YAML syntax: ")


def test_stamp_refuses_a_missing_translation_file(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    (cardset_root / "chrononauts" / "text" / "it.yaml").unlink()
    status, _out, err = run(capsys, "--root", str(cardset_root), "--stamp", "it", "--unstamped")
    assert status == 1 and err.splitlines()[0] == "chrononauts/text/it.yaml:1:1: file not found"


def test_stamp_preserves_the_file_mode_and_leaves_no_temporary_file(capsys: pytest.CaptureFixture[str],
                                                                    cardset_root: Path) -> None:
    nl = cardset_root / "ui" / "text" / "nl.yaml"
    nl.chmod(0o640)
    assert run(capsys, "--root", str(cardset_root), "--stamp", "nl", "--unstamped")[0] == 0
    assert stat.S_IMODE(nl.stat().st_mode) == 0o640
    assert sorted(p.name for p in nl.parent.iterdir()) == ["en.yaml", "es.yaml", "it.yaml", "nl.yaml"]


# --- --stamp on small files: an existing block, line endings, odd keys -----------------------


def stamp_small(capsys: pytest.CaptureFixture[str], root: Path, lang: str,
                *keys: str) -> tuple[int, list[str], str]:
    """stamp() alone: these trees have texts for the stamp tests, not for a whole card set."""
    status = stamp(root, lang, keys=keys, unstamped=not keys)
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err


@pytest.fixture
def small_root(tmp_path: Path) -> Path:
    """A tree whose two text folders are fixtures/text (nl.yaml already has a translated_from block)."""
    root = tmp_path / "small"
    for name in ("chrononauts", "ui"):
        copy_text_fixture(root / name / "text")
    shutil.copy(FIXTURES / "mini_cards.yaml", root / "chrononauts" / "cards.yaml")
    return root


NL_HEAD = (
    "# Dutch: already stamped once, so the tests can make a string stale.\n"
    "language: nl\n"
    "strings:\n"
    "  greeting: Hallo\n"
    '  card.played: "{card} gespeeld op {year}."\n'
    "  answer.no: Nee\n"
    '  label.deck: "Stapel: {size}"\n'
    "\n"
)
NL_BLOCK = [
    "translated_from:",
    f'  card.played: "{fingerprint("Played {card} on {year}.")}"',
    f'  greeting: "{fingerprint("Hello")}"',
    f'  answer.no: "{fingerprint("No")}"',
    f'  label.deck: "{fingerprint("Deck: {size}")}"',
]


def test_stamp_adds_to_an_existing_block_after_its_last_entry(capsys: pytest.CaptureFixture[str],
                                                              small_root: Path) -> None:
    nl = small_root / "ui" / "text" / "nl.yaml"
    assert nl.read_text(encoding="utf-8").startswith(NL_HEAD + "translated_from:\n")
    status, out, _err = stamp_small(capsys, small_root, "nl")
    assert status == 0
    assert out[:2] == ["chrononauts/text/nl.yaml: stamped 2 strings", "ui/text/nl.yaml: stamped 2 strings"]
    assert nl.read_bytes() == (NL_HEAD + "\n".join(NL_BLOCK) + "\n").encode("utf-8")


def test_stamp_keeps_the_comments_order_and_quoting_of_the_block(capsys: pytest.CaptureFixture[str],
                                                                 small_root: Path) -> None:
    nl = small_root / "ui" / "text" / "nl.yaml"
    block = ("translated_from:  # hand-written: what these are\n"
             "  # the played line was checked on 1 March\n"
             "  card.played: '898c9f6b'  # checked\n"
             "  greeting: \"00000000\"   # made stale on purpose\n"
             "# the end\n")
    nl.write_text(NL_HEAD + block, encoding="utf-8")
    status, _out, err = stamp_small(capsys, small_root, "nl", "greeting", "answer.no")
    assert (status, err) == (0, "")
    assert nl.read_text(encoding="utf-8") == NL_HEAD + (
        "translated_from:  # hand-written: what these are\n"
        "  # the played line was checked on 1 March\n"
        "  card.played: '898c9f6b'  # checked\n"
        f"  greeting: \"{fingerprint('Hello')}\"   # made stale on purpose\n"
        f"  answer.no: \"{fingerprint('No')}\"\n"
        "# the end\n")


def test_stamp_keeps_windows_line_endings_and_a_byte_order_mark(capsys: pytest.CaptureFixture[str],
                                                                small_root: Path) -> None:
    nl = small_root / "ui" / "text" / "nl.yaml"
    original = b"\xef\xbb\xbf" + nl.read_bytes().replace(b"\n", b"\r\n")
    nl.write_bytes(original)
    assert stamp_small(capsys, small_root, "nl")[0] == 0
    head = b"\xef\xbb\xbf" + NL_HEAD.replace("\n", "\r\n").encode("utf-8")
    assert nl.read_bytes() == head + ("\r\n".join(NL_BLOCK) + "\r\n").encode("utf-8")


def test_stamp_on_a_file_without_a_final_newline(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    it = small_root / "ui" / "text" / "it.yaml"
    original = it.read_bytes().rstrip(b"\n")
    it.write_bytes(original)
    assert stamp_small(capsys, small_root, "it")[0] == 0
    new = it.read_bytes()
    assert new.startswith(original + b"\n\ntranslated_from:  # ")
    assert stamp_small(capsys, small_root, "it")[0] == 0
    assert it.read_bytes() == new


def test_stamp_writes_a_block_that_is_not_last_in_place(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    nl = small_root / "ui" / "text" / "nl.yaml"
    text = nl.read_text(encoding="utf-8")
    head, block = text.split("\ntranslated_from:\n")
    nl.write_text(replaced(head, ("language: nl\n", "language: nl\ntranslated_from:\n" + block)), encoding="utf-8")
    before = nl.read_bytes()
    status, _out, err = stamp_small(capsys, small_root, "nl", "answer.no")
    assert (status, err) == (0, "")
    assert added_and_removed(before, nl.read_bytes()) == ([], [f'  answer.no: "{fingerprint("No")}"'])
    assert nl.read_text(encoding="utf-8").endswith(NL_HEAD[NL_HEAD.index("strings:"):].rstrip("\n") + "\n")


def test_stamp_fills_an_empty_block(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    it = small_root / "ui" / "text" / "it.yaml"
    it.write_text(it.read_text(encoding="utf-8") + "translated_from: {}  # none yet\n", encoding="utf-8")
    assert stamp_small(capsys, small_root, "it", "greeting")[0] == 0
    assert it.read_text(encoding="utf-8").endswith(
        f"translated_from:   # none yet\n  greeting: \"{fingerprint('Hello')}\"\n")


def test_stamp_refuses_a_file_written_as_one_flow_mapping(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    it = small_root / "ui" / "text" / "it.yaml"
    it.write_text('{language: it, strings: {greeting: Ciao, card.played: "{card} sul {year}"}}\n', encoding="utf-8")
    before = snapshot(small_root)
    status, _out, err = stamp_small(capsys, small_root, "it")
    assert status == 1
    assert err.splitlines()[0].startswith("ui/text/it.yaml:1:1: cannot record fingerprints in this file")
    assert snapshot(small_root) == before


def test_stamp_quotes_keys_that_yaml_would_read_otherwise(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    odd = {"null": "Nothing", "a: b": "Colon", "#hash": "Hash", "yes": "Yes", "label.x": "Plain", "é.key": "Accent",
           'say "hi"': "Quote", "back\\slash": "Slash"}
    for lang in ("en", "es"):
        path = small_root / "ui" / "text" / f"{lang}.yaml"
        extra = "".join(f'  "{k.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}": "{v}"\n'
                        for k, v in odd.items())
        path.write_text(replaced(path.read_text(encoding="utf-8"), ("strings:\n", "strings:\n" + extra)), encoding="utf-8")
    assert not cardsets.text.load(small_root / "ui" / "text", "ui/text")[1]
    status, out, err = stamp_small(capsys, small_root, "es")
    assert (status, err) == (0, "")
    catalog = cardsets.text.load(small_root / "ui" / "text", "ui/text")[0]
    assert catalog.stamps["es"] == {key: fingerprint(catalog.strings["en"][key]) for key in catalog.strings["es"]}
    assert set(odd) <= set(catalog.stamps["es"])
    text = (small_root / "ui" / "text" / "es.yaml").read_text(encoding="utf-8")
    assert '\n  label.x: "' in text and '\n  yes: "' in text and '\n  "null": "' in text
    assert stamp_small(capsys, small_root, "es", *odd)[1] == ["ui/text/es.yaml: 8 strings already stamped with the "
                                                              "current English"]


def test_stamp_of_a_translation_with_no_strings_writes_nothing(capsys: pytest.CaptureFixture[str],
                                                               small_root: Path) -> None:
    it = small_root / "ui" / "text" / "it.yaml"
    it.write_text("language: it\nstrings: {}\n", encoding="utf-8")
    assert stamp_small(capsys, small_root, "it")[0] == 0
    assert it.read_text(encoding="utf-8") == "language: it\nstrings: {}\n"


def test_stamp_only_fingerprints_keys_english_has(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    edit(small_root / "ui" / "text" / "it.yaml", ("  greeting: Ciao\n", "  greeting: Ciao\n  farewell: Addio\n"))
    assert stamp_small(capsys, small_root, "it")[0] == 0
    catalog = cardsets.text.load(small_root / "ui" / "text", "ui/text")[0]
    assert "farewell" not in catalog.stamps["it"] and len(catalog.stamps["it"]) == 4
    assert catalog.stale("it") == ["farewell"]  # English has no such string: stamping cannot make it current
    assert stamp_small(capsys, small_root, "it", "farewell")[0] == 1


def test_stamp_is_atomic(capsys: pytest.CaptureFixture[str], small_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure while writing leaves the old file whole and no temporary file behind."""
    nl = small_root / "ui" / "text" / "nl.yaml"
    before = nl.read_bytes()

    def fail(_src: object, _dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    status, _out, err = stamp_small(capsys, small_root, "nl")
    assert status == 1
    assert "cannot write" in err and "No space left on device" in err
    assert nl.read_bytes() == before
    assert sorted(p.name for p in nl.parent.iterdir()) == ["en.yaml", "es.yaml", "it.yaml", "nl.yaml"]
