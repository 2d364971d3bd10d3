"""`convivium check`: the report, the exit status, and --stamp on copies of the card sets."""
from __future__ import annotations

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
    english_ui_keys = len(cardsets.text.load(cardset_root / "ui" / "text", "ui/text")[0].strings["en"])
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


def test_stamp_adds_a_block_and_leaves_every_other_byte(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl")
    assert err == "" and status == 0
    assert out[0].startswith("chrononauts/text/nl.yaml: stamped ") and out[1].startswith("ui/text/nl.yaml: stamped ")
    assert out[2:] == [*GOOD_TABLE, "OK"]

    after = snapshot(cardset_root)
    changed = {name for name in after if after[name] != before[name]}
    assert changed == {"chrononauts/text/nl.yaml", "ui/text/nl.yaml"}
    for name in changed:
        old, new = before[name].decode("utf-8"), after[name].decode("utf-8")
        # Every line of the file is still there, byte for byte, but for a block already at its end
        # (the shipped Chrononauts files carry one for the cards' notes).
        cut = old.find("\ntranslated_from:")
        head = old if cut < 0 else old[:cut + 1]
        assert new.startswith(head)
        added = new[len(head):].splitlines()
        if cut < 0:
            assert added.pop(0) == ""  # a blank line, then the block
        notes = cardsets.read_set("chrononauts", cardset_root).notes() if name.startswith("chrononauts") else {}
        english = cardsets.text.load(cardset_root / Path(name).parent, "x", notes=notes)[0]
        nl = english.strings["nl"]
        assert added[0].startswith("translated_from:  # ")
        assert added[1:] == [f'  {key}: "{fingerprint(english.strings["en"][key])}"' for key in sorted(nl)]
        assert len(nl) == int(out[0 if name.startswith("chrononauts") else 1].split()[-2])


def test_stamp_makes_stale_strings_current(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    nl = cardset_root / "ui" / "text" / "nl.yaml"
    assert run(capsys, "--root", str(cardset_root), "--stamp", "nl")[0] == 0
    stamped_once = nl.read_bytes()

    # The English changes after the Dutch was stamped: that string is now stale.
    edit(cardset_root / "ui" / "text" / "en.yaml", ("  app.tagline: A table for card games\n",
                                                    "  app.tagline: A table for your card games\n"))
    status, out, _err = run(capsys, "--root", str(cardset_root), "--verbose", "--strict")
    assert status == 1
    assert "ui            it: 0 missing, 0 stale   es: 0 missing, 0 stale   nl: 0 missing, 1 stale" in out
    assert "    nl stale    app.tagline" in out

    # The translator checks it and stamps again: only that fingerprint line changes.
    status, out, _err = run(capsys, "--root", str(cardset_root), "--stamp", "nl", "--strict")
    assert status == 0 and out[-1] == "OK"
    old_lines, new_lines = stamped_once.decode().splitlines(), nl.read_bytes().decode().splitlines()
    assert len(old_lines) == len(new_lines)
    assert [(a, b) for a, b in zip(old_lines, new_lines) if a != b] == [
        (f'  app.tagline: "{fingerprint("A table for card games")}"',
         f'  app.tagline: "{fingerprint("A table for your card games")}"'),
    ]


def test_stamping_twice_changes_nothing(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    assert run(capsys, "--root", str(cardset_root), "--stamp", "es")[0] == 0
    once = snapshot(cardset_root)
    status, out, _err = run(capsys, "--root", str(cardset_root), "--stamp", "es")
    assert status == 0
    assert snapshot(cardset_root) == once
    assert out[0].startswith("chrononauts/text/es.yaml: ") and out[0].endswith(" strings already stamped")


@pytest.mark.parametrize("lang, message", [
    ("en", "convivium check: --stamp en: English is the reference; only translations are stamped (it, es, nl)"),
    ("xx", "convivium check: --stamp xx: unknown language; choose one of it, es, nl"),
    ("EN", "convivium check: --stamp EN: unknown language; choose one of it, es, nl"),
])
def test_stamp_refuses_english_and_unknown_languages(capsys: pytest.CaptureFixture[str], cardset_root: Path,
                                                     lang: str, message: str) -> None:
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", lang)
    assert (status, out, err.splitlines()) == (1, [], [message])
    assert snapshot(cardset_root) == before


def test_stamp_refuses_a_file_with_problems_and_writes_nothing(capsys: pytest.CaptureFixture[str],
                                                               cardset_root: Path) -> None:
    edit(cardset_root / "ui" / "text" / "nl.yaml", ("\nlanguage: nl\n", "\nlanguage: nl\nlanguage: nl\n"))
    before = snapshot(cardset_root)
    status, out, err = run(capsys, "--root", str(cardset_root), "--stamp", "nl")
    assert status == 1 and out == []
    lines = err.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("ui/text/nl.yaml:") and lines[0].endswith(": duplicate key 'language'")
    assert lines[1] == "convivium check: --stamp nl: nothing written; fix the problems above first"
    assert snapshot(cardset_root) == before  # not even chrononauts/text/nl.yaml, which was fine


def test_stamp_refuses_when_english_is_broken(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    (cardset_root / "ui" / "text" / "en.yaml").write_text("language: en\nstrings: [\n", encoding="utf-8")
    status, _out, err = run(capsys, "--root", str(cardset_root), "--stamp", "es")
    assert status == 1 and err.startswith("ui/text/en.yaml:3:1: YAML syntax: ")


def test_stamp_refuses_a_missing_translation_file(capsys: pytest.CaptureFixture[str], cardset_root: Path) -> None:
    (cardset_root / "chrononauts" / "text" / "it.yaml").unlink()
    status, _out, err = run(capsys, "--root", str(cardset_root), "--stamp", "it")
    assert status == 1 and err.splitlines()[0] == "chrononauts/text/it.yaml:1:1: file not found"


def test_stamp_preserves_the_file_mode_and_leaves_no_temporary_file(capsys: pytest.CaptureFixture[str],
                                                                    cardset_root: Path) -> None:
    nl = cardset_root / "ui" / "text" / "nl.yaml"
    nl.chmod(0o640)
    assert run(capsys, "--root", str(cardset_root), "--stamp", "nl")[0] == 0
    assert stat.S_IMODE(nl.stat().st_mode) == 0o640
    assert sorted(p.name for p in nl.parent.iterdir()) == ["en.yaml", "es.yaml", "it.yaml", "nl.yaml"]


# --- --stamp on small files: an existing block, line endings, odd keys -----------------------


def stamp_small(capsys: pytest.CaptureFixture[str], root: Path, lang: str) -> tuple[int, list[str], str]:
    """stamp() alone: these trees have texts for the stamp tests, not for a whole card set."""
    status = stamp(root, lang)
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
    '  label.deck: "Stapel: {count}"\n'
    "\n"
)
NL_BLOCK = [
    "translated_from:  # the English each string was translated from; written by `convivium check --stamp nl`",
    f'  answer.no: "{fingerprint("No")}"',
    f'  card.played: "{fingerprint("Played {card} on {year}.")}"',
    f'  greeting: "{fingerprint("Hello")}"',
    f'  label.deck: "{fingerprint("Deck: {count}")}"',
]


def test_stamp_replaces_an_existing_trailing_block(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    nl = small_root / "ui" / "text" / "nl.yaml"
    assert nl.read_text(encoding="utf-8").startswith(NL_HEAD + "translated_from:\n")
    status, out, _err = stamp_small(capsys, small_root, "nl")
    assert status == 0
    assert out[:2] == ["chrononauts/text/nl.yaml: stamped 4 strings", "ui/text/nl.yaml: stamped 4 strings"]
    assert nl.read_bytes() == (NL_HEAD + "\n".join(NL_BLOCK) + "\n").encode("utf-8")


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


def test_stamp_refuses_a_block_that_is_not_last(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    nl = small_root / "ui" / "text" / "nl.yaml"
    text = nl.read_text(encoding="utf-8")
    head, block = text.split("\ntranslated_from:\n")
    nl.write_text(replaced(head, ("language: nl\n", "language: nl\ntranslated_from:\n" + block)), encoding="utf-8")
    before = snapshot(small_root)
    status, _out, err = stamp_small(capsys, small_root, "nl")
    assert status == 1
    assert err.splitlines()[0] == (
        "ui/text/nl.yaml:3:1: 'translated_from:' must be the last entry of the file, starting at the beginning "
        "of a line, so that --stamp can rewrite it without touching anything else"
    )
    assert snapshot(small_root) == before


def test_stamp_refuses_a_file_written_as_one_flow_mapping(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    it = small_root / "ui" / "text" / "it.yaml"
    it.write_text('{language: it, strings: {greeting: Ciao, card.played: "{card} sul {year}"}}\n', encoding="utf-8")
    before = snapshot(small_root)
    status, _out, err = stamp_small(capsys, small_root, "it")
    assert status == 1
    assert err.splitlines()[0].startswith("ui/text/it.yaml:1:1: cannot add 'translated_from:' at the end of this file")
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
    assert stamp_small(capsys, small_root, "es")[1][1] == "ui/text/es.yaml: 12 strings already stamped"


def test_stamp_of_a_translation_with_no_strings(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    it = small_root / "ui" / "text" / "it.yaml"
    it.write_text("language: it\nstrings: {}\n", encoding="utf-8")
    assert stamp_small(capsys, small_root, "it")[0] == 0
    assert it.read_text(encoding="utf-8") == (
        "language: it\nstrings: {}\n\ntranslated_from: {}  # written by `convivium check --stamp it`\n"
    )


def test_stamp_only_fingerprints_keys_english_has(capsys: pytest.CaptureFixture[str], small_root: Path) -> None:
    edit(small_root / "ui" / "text" / "it.yaml", ("  greeting: Ciao\n", "  greeting: Ciao\n  farewell: Addio\n"))
    assert stamp_small(capsys, small_root, "it")[0] == 0
    catalog = cardsets.text.load(small_root / "ui" / "text", "ui/text")[0]
    assert "farewell" not in catalog.stamps["it"] and len(catalog.stamps["it"]) == 4
    assert catalog.stale("it") == ["farewell"]  # English has no such string: stamping cannot make it current


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
