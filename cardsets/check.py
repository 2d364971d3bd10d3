"""`convivium check`: validate every card set and the app strings, for people and for CI.

Prints every problem as ``file:line:column: message``, then a table of missing and stale
strings per card set and language, then ``OK`` or the number of errors. The exit status is
1 when there is an error (with ``--strict``, also when a string is missing or stale or the
glossary flags it: a forbidden variant, a term translated another way, a wording that does not
agree with a placeholder), 0 otherwise.

``--stamp LANG`` first records, at the end of each ``<set>/text/LANG.yaml``, the fingerprint
of the English text of every string LANG has: "this translation is up to date with the English
as it is now". Only a trailing ``translated_from:`` block is written; the rest of the file is
kept byte for byte.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import Any, TextIO

import cardsets
from cardsets import text
from cardsets.text import LANGUAGES, REFERENCE, fingerprint
from cardsets.files import read_bytes
from cardsets.yamlfile import MAX_FILE_BYTES, Problem, parse

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
    count: int


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
            status = stamp(root, args.stamp, out)
            if status:
                return status
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
    parser.add_argument("--stamp", metavar="LANG",
                        help="first record that LANG's strings are up to date with the current English "
                             f"(writes the {STAMP_KEY}: block at the end of each <set>/text/LANG.yaml)")
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
        print(f"{errors} error{'s' if errors != 1 else ''}", file=out)
        return 1
    if strict and (missing or stale):
        print(f"{missing} missing and {stale} stale strings (--strict)", file=out)
        return 1
    if warnings:
        print(f"{warnings} glossary warning{'s' if warnings != 1 else ''} (errors with --strict)", file=out)
    print("OK", file=out)
    return 0


# --- Stamping --------------------------------------------------------------------------------


def stamp(root: Path, lang: str, out: TextIO | None = None) -> int:
    """Record LANG's fingerprints in every card set; all files or none. Returns the exit status."""
    out = out or sys.stdout
    if lang == REFERENCE:
        print(f"convivium check: --stamp {lang}: English is the reference; only translations are stamped "
              f"({', '.join(TRANSLATIONS)})", file=sys.stderr)
        return 1
    if lang not in LANGUAGES:
        print(f"convivium check: --stamp {lang}: unknown language; choose one of {', '.join(TRANSLATIONS)}",
              file=sys.stderr)
        return 1
    plans: list[_Stamp] = []
    refusals: list[str] = []
    for name, folder in _text_folders(root):
        try:
            plans.append(_plan(folder, f"{name}/text", lang, _notes(root, name)))
        except StampRefused as exc:
            refusals.append(str(exc))
    if refusals:
        for message in refusals:
            print(message, file=sys.stderr)
        print(f"convivium check: --stamp {lang}: nothing written; fix the problems above first", file=sys.stderr)
        return 1
    for plan in plans:
        if plan.after == plan.before:
            print(f"{plan.label}: {plan.count} strings already stamped", file=out)
            continue
        try:
            _write_atomically(plan.path, plan.after)
        except OSError as exc:
            print(f"convivium check: --stamp {lang}: cannot write {plan.path}: {exc.strerror or exc}", file=sys.stderr)
            return 1
        print(f"{plan.label}: stamped {plan.count} strings", file=out)
    return 0


def _text_folders(root: Path) -> list[tuple[str, Path]]:
    return [(game, root / game / "text") for game in cardsets.games(root)] + [("ui", root / "ui" / "text")]


def _notes(root: Path, name: str) -> dict[str, str]:
    """The English notes of a game's cards, which its language files translate too. Without them
    a stamp would drop the notes' fingerprints, so a cards.yaml that cannot be read refuses it."""
    if name == "ui":
        return {}
    try:
        return cardsets.read_set(name, root).notes()
    except cardsets.CardSetError as exc:
        raise StampRefused("\n".join(str(p) for p in exc.problems)) from None


def _plan(folder: Path, label: str, lang: str, notes: dict[str, str]) -> _Stamp:
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
    reference = catalog.strings[REFERENCE]
    stamps = {key: fingerprint(reference[key]) for key in catalog.strings[lang] if key in reference}
    after = _restamp(original, doc.data, doc.key_positions.get((STAMP_KEY,)), stamps, lang, file_label)
    return _Stamp(path, file_label, before, after.encode("utf-8"), len(stamps))


def _restamp(original: str, data: dict[Any, Any], stamp_at: tuple[int, int] | None,
             stamps: dict[str, str], lang: str, file_label: str) -> str:
    """``original`` with its trailing translated_from block replaced (or, if none, appended)."""
    rest = {key: value for key, value in data.items() if key != STAMP_KEY}
    not_last = StampRefused(f"{file_label}:{stamp_at[0] if stamp_at else 1}:{stamp_at[1] if stamp_at else 1}: "
                            f"'{STAMP_KEY}:' must be the last entry of the file, starting at the beginning "
                            "of a line, so that --stamp can rewrite it without touching anything else")
    if stamp_at is None:
        head = original
        newline = _newline(head)
        if head and not _LINE_BREAK.search(head[-1]):
            head += newline
        if head and not _ENDS_WITH_BLANK_LINE.search(head):
            head += newline  # a blank line before the new block
    else:
        line, column = stamp_at
        if column != 1:
            raise not_last
        head = original[:_line_start(original, line)]
        newline = _newline(head)
        kept = parse(head, file_label)
        if kept.problems or kept.data != rest:
            raise not_last
    stamped = head + _block(stamps, lang, newline)
    reread = parse(stamped, file_label)
    if reread.problems or reread.data != {**rest, STAMP_KEY: stamps}:
        # e.g. a file written as one flow mapping, where a block cannot follow
        raise StampRefused(f"{file_label}:1:1: cannot add '{STAMP_KEY}:' at the end of this file without "
                           "changing what it says; write the file as a block mapping (one 'key:' per line)")
    return stamped


def _block(stamps: dict[str, str], lang: str, newline: str) -> str:
    if not stamps:
        return f"{STAMP_KEY}: {{}}  # written by `convivium check --stamp {lang}`{newline}"
    lines = [f"{STAMP_KEY}:  # the English each string was translated from; written by `convivium check --stamp {lang}`"]
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


def _write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a reader sees the old file or the new one, never half."""
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        shutil.copymode(path, temporary)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
