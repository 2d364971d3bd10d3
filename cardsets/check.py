"""`convivium check`: validate every card set and the app strings, for people and for CI.

Prints every problem as ``file:line:column: message``, then a table of missing and stale
strings per card set and language, then ``OK`` or the number of errors. The exit status is
1 when there is an error (with ``--strict``, also when a string is missing or stale or the
glossary flags it: a forbidden variant, a term translated another way, a wording that does not
agree with a placeholder), 0 otherwise.

``--stamp LANG KEY...`` first records, in the ``translated_from:`` block of each
``<set>/text/LANG.yaml`` that has those strings, the fingerprint of their current English: "this
translation is up to date with the English as it is now". ``--stamp LANG --unstamped`` does so for
the strings with no fingerprint yet, and never re-stamps an out-of-date one. Only those fingerprint
lines are written (a new one after the block's last entry); the block's comments and every other
byte are kept. ``--dry-run`` prints what would change and writes nothing.
"""
from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import yaml

import cardsets
from cardsets import text
from cardsets.text import LANGUAGES, REFERENCE, fingerprint
from cardsets import files
from cardsets.files import read_bytes
from cardsets.folders import folder
from cardsets.plurals import english_count
from cardsets.yamlfile import MAX_FILE_BYTES, Problem, parse
from cardsets.yamlparse import StrictLoader

STAMP_KEY = "translated_from"
TRANSLATIONS = tuple(lang for lang in LANGUAGES if lang != REFERENCE)
# The line breaks the YAML reader counts (libyaml also counts NEL, LS and PS).
_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_ENDS_WITH_BLANK_LINE = re.compile("(?:\r\n|[\n\r\x85\u2028\u2029])[ \t]*(?:\r\n|[\n\r\x85\u2028\u2029])\\Z")
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:[.-][A-Za-z0-9_]+)*\Z")


class StampRefused(Exception):
    """--stamp cannot safely write a file; nothing has been written."""


@dataclass(frozen=True)
class _Stamp:
    path: Path
    label: str
    before: bytes
    after: bytes
    asked: tuple[str, ...]  # the strings of this file the stamp is for
    changes: dict[str, tuple[str | None, str]]  # key -> (old fingerprint, new one), where they differ


def main(argv: list[str], extra: Callable[[Path], list[Problem]] | None = None) -> int:
    """`extra` finds more problems (the guided games replayed through the rules, which this layer cannot
    import); they count as errors like the rest."""
    parser = _parser()
    args = parser.parse_args(argv)
    root: Path = args.root
    if not root.is_dir():
        parser.error(f"--root {root}: not a folder")
    out = sys.stdout
    try:
        if args.stamp is not None:
            lang, *keys = args.stamp
            status = stamp(root, lang, out, keys=keys, unstamped=args.unstamped, dry_run=args.dry_run)
            if status:
                return status
        elif args.unstamped or args.dry_run:
            parser.error("--unstamped and --dry-run go with --stamp LANG")
        return check(root, verbose=args.verbose, strict=args.strict, out=out, extra=extra)
    except Exception as exc:  # a bug in the checker itself: say so in one line, never a traceback
        print(f"convivium check: internal error ({type(exc).__name__}: {exc}); please report it", file=sys.stderr)
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="convivium check",
        description="Validate every card set and the app strings; count missing and stale translations.",
    )
    parser.add_argument("--root", type=Path, default=cardsets.ROOT, metavar="DIR",
                        help="the card-set folder to check (default: the one installed with Convivium)")
    parser.add_argument("--verbose", action="store_true", help="also list every missing and stale string")
    parser.add_argument("--strict", action="store_true", help="fail on missing or stale strings and glossary warnings too, not only on errors")
    parser.add_argument("--stamp", nargs="+", metavar=("LANG", "KEY"),
                        help="first record that these strings of LANG are translated from the current English "
                             f"(their fingerprint lines in the {STAMP_KEY}: block of <set>/text/LANG.yaml; "
                             "nothing else of the file changes). Name the KEYs you have checked against the "
                             "English, or give --unstamped: a stamp tells check a translation is up to date, so "
                             "stamping every string would hide every out-of-date one")
    parser.add_argument("--unstamped", action="store_true",
                        help="with --stamp LANG: stamp only the strings that have no fingerprint yet. That hides "
                             "nothing (a string with no fingerprint is never reported out of date) and lets check "
                             "notice when their English changes from now on")
    parser.add_argument("--dry-run", action="store_true",
                        help="with --stamp: print which fingerprints would change, and write nothing")
    return parser


# --- Checking --------------------------------------------------------------------------------


def check(root: Path, *, verbose: bool = False, strict: bool = False, out: TextIO | None = None,
          extra: Callable[[Path], list[Problem]] | None = None) -> int:
    """Validate everything under ``root`` and print the report; return the exit status."""
    out = out or sys.stdout
    reports = cardsets.validate_all(root)
    if extra is not None:
        found = extra(root)
        for report in reports:  # each problem with the card set of its file
            report.problems += [p for p in found if p.file.startswith(report.name + "/")]
            found = [p for p in found if not p.file.startswith(report.name + "/")]
        reports[-1].problems += found
    for report in reports:
        for problem in sorted([*report.problems, *report.warnings]):
            print(problem, file=out)
    rows = [[f"{lang}: {len(r.missing[lang])} missing, {len(r.stale[lang])} stale" for lang in TRANSLATIONS]
            for r in reports]
    widths = [max(len(row[i]) for row in rows) for i in range(len(TRANSLATIONS))]
    width = max(len(r.name) for r in reports) + 3
    missing = stale = 0
    for report, row in zip(reports, rows):
        cells = "   ".join(cell.ljust(w) for cell, w in zip(row, widths))
        print(f"{report.name:<{width}}{cells}".rstrip(), file=out)
        for lang in TRANSLATIONS:
            missing += len(report.missing[lang])
            stale += len(report.stale[lang])
            if verbose:
                for key in report.missing[lang]:
                    print(f"    {lang} missing  {key}", file=out)
                for key in report.stale[lang]:
                    print(f"    {lang} stale    {key}", file=out)
    warnings = sum(len(r.warnings) for r in reports)
    errors = sum(len(r.problems) for r in reports) + (warnings if strict else 0)
    if errors:
        print(english_count(errors, "error"), file=out)
        return 1
    if strict and (missing or stale):
        print(f"{missing} missing and {stale} stale strings (--strict)", file=out)
        return 1
    if warnings:
        print(f"{english_count(warnings, 'glossary warning')} (errors with --strict)", file=out)
    print("OK", file=out)
    return 0


# --- Stamping --------------------------------------------------------------------------------


def stamp(root: Path, lang: str, out: TextIO | None = None, *, keys: Sequence[str] = (),
          unstamped: bool = False, dry_run: bool = False) -> int:
    """Record in LANG's files that the strings ``keys`` (or, with ``unstamped``, every string with no
    fingerprint yet) are translated from the current English; all files or none. Returns the exit status.

    Only the fingerprint lines of those strings change: a key already in a block has its value
    replaced, a new one is added at the end of the block, and the block's other lines and comments
    stay as written. With ``dry_run`` nothing is written; what would change is printed.
    """
    out = out or sys.stdout
    if lang == REFERENCE:
        print(f"convivium check: --stamp {lang}: English is the reference; only translations are stamped "
              f"({', '.join(TRANSLATIONS)})", file=sys.stderr)
        return 1
    if lang not in LANGUAGES:
        print(f"convivium check: --stamp {lang}: unknown language; choose one of {', '.join(TRANSLATIONS)}",
              file=sys.stderr)
        return 1
    if bool(keys) == unstamped:
        print(f"convivium check: --stamp {lang}: name the strings to stamp (--stamp {lang} KEY...) "
              "or give --unstamped, not both and not neither", file=sys.stderr)
        return 1
    plans: list[_Stamp] = []
    refusals: list[str] = []
    found: set[str] = set()
    for name, folder in _text_folders(root):
        try:
            plan = _plan(folder, f"{name}/text", lang, _notes(root, name), set(keys), unstamped)
        except StampRefused as exc:
            refusals.append(str(exc))
            continue
        plans.append(plan)
        found.update(plan.asked)
    refusals += [f"convivium check: --stamp {lang}: {key!r}: no card set has this string in both English and {lang}"
                 for key in keys if key not in found]
    if refusals:
        for message in refusals:
            print(message, file=sys.stderr)
        print(f"convivium check: --stamp {lang}: nothing written; fix the problems above first", file=sys.stderr)
        return 1
    if not found:
        print(f"{lang}: every string already has a fingerprint; nothing to stamp", file=out)
    for plan in plans:
        if not plan.asked:
            continue
        if not plan.changes:
            print(f"{plan.label}: {_strings(len(plan.asked))} already stamped with the current English", file=out)
            continue
        if dry_run:
            print(f"{plan.label}: would stamp {_strings(len(plan.changes))}", file=out)
            for key, (old, new) in plan.changes.items():
                print(f"    {key}: {old or '(no fingerprint)'} -> {new}", file=out)
            continue
        try:
            files.write_bytes(plan.path, plan.after)
        except OSError as exc:
            print(f"convivium check: --stamp {lang}: cannot write {plan.path}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"{plan.label}: stamped {_strings(len(plan.changes))}", file=out)
    return 0


def _strings(count: int) -> str:
    return english_count(count, "string")


def _text_folders(root: Path) -> list[tuple[str, Path]]:
    return [(game, folder(game, root) / "text") for game in cardsets.games(root)] + [("ui", root / "ui" / "text")]


def _notes(root: Path, name: str) -> dict[str, str]:
    """The English notes of a game's cards, which its language files translate too. Without them
    a stamp would drop the notes' fingerprints, so a cards.yaml that cannot be read refuses it."""
    if name == "ui":
        return {}
    try:
        return cardsets.read_set(name, root).notes()
    except cardsets.CardSetError as exc:
        raise StampRefused("\n".join(str(p) for p in exc.problems)) from None


def _plan(folder: Path, label: str, lang: str, notes: dict[str, str], keys: set[str], unstamped: bool) -> _Stamp:
    """What LANG.yaml in ``folder`` becomes once stamped; raises StampRefused if that is unsafe."""
    file_label = f"{label}/{lang}.yaml"
    catalog, problems = text.load(folder, label, notes=notes)
    # Only the translation and English matter; a broken third language does not stop a stamp.
    own = [p for p in problems if p.file in (file_label, f"{label}/{REFERENCE}.yaml")]
    if own:
        raise StampRefused("\n".join(str(p) for p in own))
    path = folder / f"{lang}.yaml"
    try:
        before = read_bytes(path, MAX_FILE_BYTES)  # bounded: it may have been swapped for a FIFO since
        original = before.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise StampRefused(f"{file_label}:1:1: cannot read it again ({exc})") from None
    doc = parse(original, file_label)
    if doc.problems or not isinstance(doc.data, dict) or doc.data.get("strings") != catalog.strings[lang]:
        raise StampRefused(f"{file_label}:1:1: the file changed while it was being stamped; try again")
    reference, old = catalog.strings[REFERENCE], catalog.stamps[lang]
    sources = {key: catalog.source(lang, key) for key in catalog.strings[lang]}
    asked = [key for key, source in sources.items() if source is not None
             and (key in keys if not unstamped else key not in old)]
    stamps = {key: fingerprint(reference[str(sources[key])]) for key in asked}
    changes = {key: (old.get(key), value) for key, value in stamps.items() if old.get(key) != value}
    after = write_stamps(original, file_label, stamps, lang)
    return _Stamp(path, file_label, before, after.encode("utf-8"), tuple(asked), changes)


def write_stamps(original: str, file_label: str, stamps: Mapping[str, str], lang: str) -> str:
    """``original`` with ``stamps`` (key -> fingerprint) recorded in its translated_from block, line by line.

    A key already in the block has only its value replaced; a new key gets a line of its own after the
    block's last entry; every other byte (comments, order, quoting, the rest of the file) is kept. A file
    without a block gets one at its end. Raises StampRefused when that would change what else it says.
    """
    doc = parse(original, file_label)
    if doc.problems or not isinstance(doc.data, dict):
        raise StampRefused(f"{file_label}:1:1: cannot be read as a language file; fix it first")
    data: dict[Any, Any] = doc.data
    old = data.get(STAMP_KEY)
    if STAMP_KEY in data and not (old is None or isinstance(old, dict)):
        line, column = doc.where((STAMP_KEY,))
        raise StampRefused(f"{file_label}:{line}:{column}: '{STAMP_KEY}:' must hold key: fingerprint lines")
    todo = {key: value for key, value in stamps.items() if (old or {}).get(key) != value}
    if not todo:
        return original
    newline = _newline(original)
    if STAMP_KEY in data:
        stamped = _edit_block(original, todo, newline)
    else:
        head = original
        if head and not _LINE_BREAK.search(head[-1]):
            head += newline
        if head and not _ENDS_WITH_BLANK_LINE.search(head):
            head += newline  # a blank line before the new block
        stamped = head + _block(todo, newline)
    reread = parse(stamped, file_label)
    if reread.problems or reread.data != {**data, STAMP_KEY: {**(old or {}), **todo}}:
        # e.g. a file written as one flow mapping, where a block cannot follow
        line, column = doc.where_key((STAMP_KEY,)) if STAMP_KEY in data else (1, 1)
        raise StampRefused(f"{file_label}:{line}:{column}: cannot record fingerprints in this file without "
                           f"changing what else it says; write it as a block mapping (one 'key:' per line), "
                           f"with '{STAMP_KEY}:' holding one 'key: \"fingerprint\"' per line")
    return stamped


def _edit_block(original: str, todo: dict[str, str], newline: str) -> str:
    """The existing block with ``todo``'s values replaced or added; checked by the caller."""
    top = yaml.compose(original, Loader=StrictLoader)
    assert top is not None  # the caller parsed it and found the block
    key_node, node = next((k, v) for k, v in top.value if k.value == STAMP_KEY)
    edits: list[tuple[int, int, str]] = []  # (start, end, new text), applied from the end
    entries = {k.value: v for k, v in node.value} if isinstance(node, yaml.MappingNode) else {}
    if isinstance(node, yaml.MappingNode) and node.value and not node.flow_style:
        indent = " " * node.value[0][0].start_mark.column
        after_line = node.value[-1][1].end_mark
    else:  # `translated_from:` with nothing, or `{}`: the entries go on the lines below it
        indent = "  "
        after_line = key_node.start_mark
        edits.append((_offset(original, node.start_mark), _offset(original, node.end_mark), ""))
    for key, value in todo.items():
        if key in entries:
            node_ = entries[key]
            edits.append((_offset(original, node_.start_mark), _offset(original, node_.end_mark),
                          _fingerprint_scalar(value, node_.style)))
    new = [key for key in todo if key not in entries]
    if new:
        found = _LINE_BREAK.search(original, _offset(original, after_line))
        at = found.start() if found else len(original)
        edits.append((at, at, "".join(f"{newline}{indent}{_key(key)}: \"{todo[key]}\"" for key in new)))
    for start, end, replacement in sorted(edits, key=lambda e: e[0], reverse=True):
        original = original[:start] + replacement + original[end:]
    return original


def _offset(source: str, mark: Any) -> int:
    return _line_start(source, int(mark.line) + 1) + int(mark.column)


def _fingerprint_scalar(value: str, style: str | None) -> str:
    """A fingerprint in the quoting its line had; plain only where it reads back as text (not 1234e567)."""
    if style == "'":
        return f"'{value}'"
    if not style and parse(f"k: {value}\n", "").data == {"k": value}:
        return value
    return f'"{value}"'


def _block(stamps: dict[str, str], newline: str) -> str:
    lines = [f"{STAMP_KEY}:  # the English each string was translated from, as a fingerprint "
             "(`convivium check --stamp`)"]
    lines += [f"  {_key(key)}: \"{value}\"" for key, value in sorted(stamps.items())]
    return newline.join(lines) + newline


def _key(key: str) -> str:
    """A mapping key as YAML: plain when that reads back as the same text, else double-quoted."""
    if _PLAIN_KEY.match(key) and parse(f"{key}: x\n", "").data == {key: "x"}:
        return key
    return double_quoted(key)


def double_quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar that reads back as exactly ``text``."""
    escaped = []
    for ch in text:
        if ch in '\\"':
            escaped.append("\\" + ch)
        elif ch == "\n":
            escaped.append("\\n")
        elif ch.isprintable():
            escaped.append(ch)
        elif ord(ch) <= 0xFF:
            escaped.append(f"\\x{ord(ch):02x}")
        elif ord(ch) <= 0xFFFF:
            escaped.append(f"\\u{ord(ch):04x}")
        else:
            escaped.append(f"\\U{ord(ch):08x}")
    return '"' + "".join(escaped) + '"'


def _newline(text_: str) -> str:
    found = _LINE_BREAK.search(text_)
    return found.group() if found and found.group() in ("\r\n", "\r") else "\n"


def _line_start(text_: str, line: int) -> int:
    """The offset where 1-based ``line`` starts, counting line breaks as the YAML reader does."""
    if line <= 1:
        return 0
    for number, found in enumerate(_LINE_BREAK.finditer(text_), start=2):
        if number == line:
            return found.end()
    return len(text_)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
