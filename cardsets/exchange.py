"""`convivium translate export|import`: a language file as PO or XLIFF for the tools translators use.

``export --format po|xliff GAME LANG DIR`` writes ``DIR/GAME.LANG.po`` (or ``.xlf``, XLIFF 1.2):
one entry per English string, its context the string's key, with the card the string belongs
to (its id and place in cards.yaml) beside it. A counted string is one PO entry (``msgid``/``msgid_plural``,
a ``msgstr[n]`` per plural form of the language, under the language's gettext ``Plural-Forms``) and one XLIFF
unit per plural form (``<key>.<category>``); an import needs every form of a counted string it fills. A stale translation is marked fuzzy; the
fingerprints stay in the YAML, out of the exchanged file. GAME may also be ``ui``, the app's
own strings.

``import FILE`` writes the translations into ``<game>/<lang>.yaml`` in the user's translations
folder (``translations/`` in the data folder), which the app reads over the installed card set;
``--into-cardsets`` writes the installed ``<game>/text/<lang>.yaml`` instead (a translator working
in a clone). Either way:
- only the lines of strings whose text changed are rewritten (a missing string is added after
  its neighbour in English order); comments, order and quoting of the other lines are kept;
- a string imported without the fuzzy mark is stamped as translated from the current English
  (a string whose text did not change and that was not stale keeps its stamp as it is, so an
  export imported unchanged leaves the file byte for byte as it was);
- any bad entry (unknown key, changed English, broken placeholders, a control character, another
  game or language) refuses the whole file, each problem named by its entry and line, and nothing
  is written;
- the file it would write is checked as ``convivium check`` and the app read it (the same size
  limit, the same loader) before anything is written: an import can only produce a file the
  readers accept.

Exchanged files are parsed by polib (PO) and translate-toolkit (XLIFF) from the bytes read with the
bounded reader, never from a name a library might open; every file is written by the one writer
(cardsets/files.py), and ``export`` replaces an existing file only with ``--force``.
"""
from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

import polib
import yaml
from translate.storage import xliff

import cardsets
from cardsets import plurals, text
# check.py's stamping, reused: one writer of the translated_from block and one atomic write.
from cardsets.check import STAMP_KEY, StampRefused, _key, _line_start, _notes, double_quoted, write_stamps
from cardsets.files import read_bytes, write_bytes
from cardsets.folders import folder
from cardsets.text import LANGUAGES, REFERENCE, fingerprint, placeholders
from cardsets.yamlfile import MAX_FILE_BYTES, Problem, id_lines, parse, read
from cardsets.yamlparse import StrictLoader

FORMATS = {"po": ".po", "xliff": ".xlf"}
UI = "ui"
GAME_HEADER = "X-Convivium-Game"
CARD_CONTEXT = "x-convivium-card"
KEY_CONTEXT = "x-convivium-key"
_EXPORTED_NAME = re.compile(r"(?P<game>[A-Za-z0-9_]+)\.(?P<lang>[A-Za-z_]+)\.(?:po|xlf|xliff)\Z")


class ExchangeRefused(Exception):
    """A file cannot be exported or imported; ``problems`` says why, each as ``file:line: message``."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class Entry:
    """One string as an exchanged file holds it."""

    key: str
    source: str
    target: str
    fuzzy: bool
    line: int
    entry: str = ""  # the PO entry a plural form came from (its msgctxt), named in a refusal


_XLIFF_12 = "urn:oasis:names:tc:xliff:document:1.2"


class _Unit12(xliff.xliffunit):
    namespace = _XLIFF_12


class _Xliff12(xliff.xlifffile[_Unit12]):
    """translate-toolkit's XLIFF store, writing version 1.2 (its default skeleton says 1.1)."""

    namespace = _XLIFF_12
    UnitClass = _Unit12


def _xliff_store(game: str, lang: str) -> _Xliff12:
    skeleton = (f"<?xml version='1.0' encoding='UTF-8'?>\n<xliff version='1.2' xmlns='{_Xliff12.namespace}'>"
                f"<file original={quoteattr(game)} source-language='{REFERENCE}' target-language={quoteattr(lang)}"
                " datatype='plaintext'><body></body></file></xliff>")
    store = _Xliff12.parsestring(skeleton.encode("utf-8"))  # type: ignore[no-untyped-call]
    assert isinstance(store, _Xliff12)
    return store


# --- The catalog on disk -----------------------------------------------------------------------


def _folder(root: Path, game: str) -> Path:
    return folder(game, root) / "text"


def _known(root: Path) -> tuple[str, ...]:
    return (*cardsets.games(root), UI)


def _load(root: Path, game: str, lang: str) -> text.Catalog:
    """The catalog of ``game``; refuses when English or ``lang``'s file has a problem."""
    label = f"{game}/text"
    try:
        notes = _notes(root, game)
    except StampRefused as exc:
        raise ExchangeRefused(str(exc).splitlines()) from None
    catalog, problems = text.load(_folder(root, game), label, notes=notes)
    own = [str(p) for p in problems if p.file in (f"{label}/{lang}.yaml", f"{label}/{REFERENCE}.yaml")]
    if own:
        raise ExchangeRefused(own + [f"{label}/{lang}.yaml: fix these first (`convivium check`)"])
    return catalog


def _current(root: Path, game: str, lang: str, overlay: Path | None) -> tuple[text.Catalog, Path]:
    """The catalog as the app reads it (the user's file for ``lang`` in ``overlay`` over the installed
    one), and the file ``lang``'s strings came from; refuses a user's file the app would not read."""
    catalog = _load(root, game, lang)
    path = _folder(root, game) / f"{lang}.yaml"
    if overlay is None or not overlay_file(overlay, game, lang).exists():
        return catalog, path
    path = overlay_file(overlay, game, lang)
    catalog, found = _catalog_with(root, game, lang, read_bytes(path, MAX_FILE_BYTES))
    if found:
        raise ExchangeRefused([f"{path}: {p}" for p in found] + [f"{path}: fix or remove it first"])
    return catalog, path


def _cards(root: Path, game: str) -> dict[str, int]:
    """Card id -> its line in cards.yaml: every mapping there with a text ``id``."""
    if game == UI:
        return {}
    return id_lines(read(folder(game, root) / "cards.yaml", f"{game}/cards.yaml"))


# --- Export ------------------------------------------------------------------------------------


def export(root: Path, game: str, lang: str, folder: Path, fmt: str, replace: bool = False,
           overlay: Path | None = None) -> Path:
    """Write ``folder/<game>.<lang>.<ext>``; return its path. A file already there (perhaps a
    translator's work) is replaced only with ``replace``; anything but a regular file never is.
    With ``overlay``, the user's translations (as the app reads them) are exported."""
    if game not in _known(root):
        raise ExchangeRefused([f"{game}: no such card set; choose one of {', '.join(_known(root))}"])
    if lang == REFERENCE or lang not in LANGUAGES:
        raise ExchangeRefused([f"{lang}: not a translation; choose one of "
                               f"{', '.join(x for x in LANGUAGES if x != REFERENCE)}"])
    catalog, _source = _current(root, game, lang, overlay)
    cards = _cards(root, game)
    english = catalog.sources(lang)
    own = catalog.strings[lang]
    path = folder / f"{game}.{lang}{FORMATS[fmt]}"
    if fmt == "po":
        data = _export_po(game, lang, catalog, cards, english, own)
    else:
        data = _export_xliff(game, lang, catalog, cards, english, own)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(folder)) from None
    write_bytes(path, data, replace=replace)
    return path


def _card_of(key: str, cards: dict[str, int]) -> str | None:
    head = key.split(".", 1)[0]
    return head if head in cards else None


def _export_po(game: str, lang: str, catalog: text.Catalog, cards: dict[str, int],
               english: dict[str, str], own: dict[str, str]) -> bytes:
    po = polib.POFile(wrapwidth=0)
    po.metadata = {
        "Project-Id-Version": f"Convivium {game}",
        "Report-Msgid-Bugs-To": "",
        "Last-Translator": "",  # an editor fills it in on saving
        "Language-Team": text.LANGUAGE_NAMES.get(lang, lang),
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": plurals.gettext_header(lang),
        GAME_HEADER: game,
    }
    order = plurals.gettext_order(lang)
    for key, source in english.items():
        parts = plurals.split(key)
        counted = parts is not None and catalog.is_counted(parts[0])
        if parts is not None and counted and parts[1] != order[0]:
            continue  # the base's one entry was written at its first form
        name = parts[0] if parts is not None and counted else key
        forms = [plurals.form(name, c) for c in order] if counted else [key]
        card = _card_of(key, cards)
        flags = ["fuzzy"] if any(catalog.is_stale(lang, k) for k in forms) else []
        if placeholders(source):
            flags.append("python-brace-format")  # so msgfmt --check and the editors check the {names}
        entry = polib.POEntry(
            msgctxt=name, msgid=source, msgstr="" if counted else own.get(key, ""), flags=flags,
            comment=f"key {name}, card {card}" if card else f"key {name}",
            occurrences=[(f"{game}/cards.yaml", str(cards[card]))] if card else [],
        )
        if counted:
            entry.msgid = english[plurals.form(name, "one")]
            entry.msgid_plural = english[plurals.form(name, plurals.OTHER)]
            entry.msgstr_plural = {index: own.get(form, "") for index, form in enumerate(forms)}
        po.append(entry)
    return str(po).encode("utf-8")


def _export_xliff(game: str, lang: str, catalog: text.Catalog, cards: dict[str, int],
                  english: dict[str, str], own: dict[str, str]) -> bytes:
    store = _xliff_store(game, lang)
    for key, source in english.items():
        unit = store.addsourceunit(source, filename=game)  # type: ignore[no-untyped-call]
        unit.setid(key)
        unit.xmlelement.set("resname", key)
        if key in own:
            unit.target = own[key]
        card = _card_of(key, cards)
        unit.addnote(f"key {key}, card {card}" if card else f"key {key}", origin="developer")
        contexts = [(KEY_CONTEXT, key)]
        if card:
            contexts += [(CARD_CONTEXT, card), ("sourcefile", f"{game}/cards.yaml"), ("linenumber", str(cards[card]))]
        unit.createcontextgroup(key, contexts, purpose="location")  # names are unique in a file
        if key in own and catalog.is_stale(lang, key):
            unit.markfuzzy(True)
    return bytes(store)


# --- Import ------------------------------------------------------------------------------------


def read_entries(path: Path) -> tuple[str, str, list[Entry]]:
    """The game, language and entries of an exported file; refuses a file that cannot be read."""
    name = path.name
    try:
        data = read_bytes(path, MAX_FILE_BYTES)
    except OSError as exc:
        raise ExchangeRefused([f"{name}:1: cannot read it ({exc.strerror or exc})"]) from None
    if path.suffix == ".po":
        return _read_po(name, data)
    if path.suffix in (".xlf", ".xliff"):
        return _read_xliff(name, data)
    raise ExchangeRefused([f"{name}:1: not a .po, .xlf or .xliff file"])


class _PoText:
    """PO text that polib cannot take for a file name: given a ``str``, ``polib.pofile`` opens the
    file of that name if one exists, so a PO whose whole content is a path would be read from there.
    polib asks ``os.path.isfile`` first (TypeError for this object: not a path) and then only calls
    ``splitlines``."""

    def __init__(self, text_: str) -> None:
        self.text = text_

    def splitlines(self) -> list[str]:
        return self.text.splitlines()


def _read_po(name: str, data: bytes) -> tuple[str, str, list[Entry]]:
    try:
        po = polib.pofile(_PoText(data.decode("utf-8")), encoding="utf-8")  # type: ignore[call-overload]
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        raise ExchangeRefused([f"{name}: not a PO file polib can read: {exc}"]) from None
    game = po.metadata.get(GAME_HEADER, "")
    lang = po.metadata.get("Language", "")
    try:
        order = plurals.gettext_order(lang) if lang in LANGUAGES else ()
    except ValueError:
        order = ()
    entries: list[Entry] = []
    for e in po:
        if e.obsolete:
            continue
        if not e.msgid_plural:
            entries.append(Entry(e.msgctxt or "", e.msgid, e.msgstr, e.fuzzy, e.linenum or 1))
            continue
        # msgstr[n] is the form of the n-th category in the header's order (plurals.gettext_order): Italian's
        # msgstr[1] is its "many", never its "other". The English of the "one" form is msgid; of any other, msgid_plural.
        base = e.msgctxt or ""
        filled = {int(n): str(v) for n, v in e.msgstr_plural.items()}
        for index, category in enumerate(order):
            entries.append(Entry(plurals.form(base, category), e.msgid if category == "one" else e.msgid_plural,
                                 filled.get(index, ""), e.fuzzy, e.linenum or 1, entry=base))
        extra = sorted(set(filled) - set(range(len(order))))
        if extra:
            raise ExchangeRefused([f"{name}:{e.linenum or 1}: entry {e.msgctxt!r} has msgstr[{extra[0]}], but {lang!r} "
                                   f"has {len(order)} plural forms ({', '.join(order)}); nothing written"])
    return game, lang, entries


def _read_xliff(name: str, data: bytes) -> tuple[str, str, list[Entry]]:
    try:
        store = xliff.xlifffile.parsestring(data)  # type: ignore[no-untyped-call]
    except Exception as exc:  # lxml's and the toolkit's own errors: any of them means "not readable XLIFF"
        raise ExchangeRefused([f"{name}: not an XLIFF 1.2 file translate-toolkit can read: {exc}"]) from None
    files = store.getfilenames()
    if len(files) != 1:
        raise ExchangeRefused([f"{name}:1: holds {len(files)} <file> elements; an export holds one"])
    entries = []
    for unit in store.getunits():
        element = unit.xmlelement
        target = unit.target
        entries.append(Entry(str(element.get("resname") or element.get("id") or ""), str(unit.source),
                             "" if target is None else str(target), bool(unit.isfuzzy()),
                             int(element.sourceline or 1)))
    return str(files[0]), str(store.gettargetlanguage() or ""), entries


def import_file(root: Path, path: Path, game: str | None = None, lang: str | None = None,
                overlay: Path | None = None) -> tuple[Path, int, int]:
    """Write ``path``'s translations into their YAML; return the YAML file, strings changed and stamped.

    With ``overlay`` (the user's translations folder) the file written is ``overlay/<game>/<lang>.yaml``,
    made from the installed one the first time; without, the card set's own file under ``root``."""
    name = path.name
    found_game, found_lang, entries = read_entries(path)
    problems = _header_problems(root, name, found_game, found_lang, game, lang)
    if problems:
        raise ExchangeRefused(problems)
    game, lang = found_game, found_lang
    target = _folder(root, game) / f"{lang}.yaml" if overlay is None else overlay_file(overlay, game, lang)
    label = f"{game}/text/{lang}.yaml"
    catalog, base = _current(root, game, lang, overlay)
    english = catalog.sources(lang)
    own = catalog.strings[lang]
    problems += _partial_plurals(name, entries)
    changes: dict[str, str] = {}
    stamped: set[str] = set()
    seen: dict[str, int] = {}
    for entry in entries:
        where = f"{name}:{entry.line}: entry {entry.key!r}"
        if entry.key in seen:
            problems.append(f"{where}: the same key as the entry at line {seen[entry.key]}")
            continue
        seen[entry.key] = entry.line
        if entry.key not in english:
            problems.append(f"{where}: unknown key; {game} has no such English string")
            continue
        if entry.source != english[entry.key]:
            problems.append(f"{where}: its English {entry.source!r} is not the current English "
                            f"{english[entry.key]!r}; export again")
            continue
        if not entry.target:
            continue  # untranslated: nothing to write (an empty target never deletes a string)
        bad = text.control_character(entry.target)
        if bad:
            problems.append(f"{where}: holds the control character {bad}; a translation holds only text and line breaks")
            continue
        want, got = placeholders(english[entry.key]), placeholders(entry.target)
        if got is None:
            problems.append(f"{where}: malformed placeholder in {entry.target!r}; write names in braces, like {{card}}")
            continue
        if want is not None and got != want:
            problems.append(f"{where}: uses placeholders {sorted(got)} but English uses {sorted(want)}")
            continue
        changed = own.get(entry.key) != entry.target
        if changed:
            changes[entry.key] = entry.target
        if not entry.fuzzy and (changed or catalog.is_stale(lang, entry.key)):
            stamped.add(entry.key)
    if problems:
        raise ExchangeRefused(problems + [f"{name}: refused; nothing written"])
    original = read_bytes(base, MAX_FILE_BYTES).decode("utf-8")
    after = _rewrite(original, label, changes, list(english), {k: fingerprint(english[k]) for k in stamped}, lang)
    if after != original:
        data = after.encode("utf-8")
        refused = written_problems(root, game, lang, data)
        if refused:
            raise ExchangeRefused(refused + [f"{name}: refused; nothing written"])
        if overlay is not None:
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise OSError(exc.errno, exc.strerror, str(target.parent)) from None
        write_bytes(target, data)
    return target, len(changes), len(stamped)


def _partial_plurals(name: str, entries: list[Entry]) -> list[str]:
    """A plural entry with some forms filled and others empty would leave the table a form short for some
    numbers: refused, naming the entry and the empty forms (an entry with every form empty is untranslated)."""
    problems: list[str] = []
    forms: dict[str, list[Entry]] = {}
    for entry in entries:
        if entry.entry:
            forms.setdefault(entry.entry, []).append(entry)
    for entry_name, group in forms.items():
        empty = [e.key for e in group if not e.target]
        if empty and len(empty) < len(group):
            problems.append(f"{name}:{group[0].line}: entry {entry_name!r}: the plural form"
                            f"{'s' if len(empty) > 1 else ''} {', '.join(repr(k) for k in empty)} "
                            "left empty; fill every form (or none)")
    return problems


def overlay_file(overlay: Path, game: str, lang: str) -> Path:
    """Where the user's translations folder holds ``game``'s ``lang`` strings (``game`` may be ``ui``)."""
    return overlay / game / f"{lang}.yaml"


def written_problems(root: Path, game: str, lang: str, data: bytes) -> list[str]:
    """What the readers would say of ``data`` as ``game``'s ``lang`` file: the loader's size limit and
    every problem ``convivium check`` finds in that file, read with the installed files of the other
    languages beside it. Empty if the app and ``check`` would accept it."""
    label = f"{game}/text/{lang}.yaml"
    if len(data) > MAX_FILE_BYTES:
        return [f"{label}: would be {len(data):,} bytes, more than the {MAX_FILE_BYTES:,} the readers accept"]
    try:
        _catalog, problems = _catalog_with(root, game, lang, data)
    except StampRefused as exc:
        return str(exc).splitlines()
    return [str(p) for p in problems]


def _catalog_with(root: Path, game: str, lang: str, data: bytes) -> tuple[text.Catalog, list[Problem]]:
    """``game``'s catalog as the loader reads it with ``data`` as its ``lang`` file, and the problems
    the loader finds in that file (StampRefused if the English notes cannot be read)."""
    return text.load_with(_folder(root, game), f"{game}/text", lang, data, _notes(root, game))


def _header_problems(root: Path, name: str, found_game: str, found_lang: str,
                     game: str | None, lang: str | None) -> list[str]:
    problems = []
    named = _EXPORTED_NAME.match(name)
    for what, found, asked, from_name in (("game", found_game, game, named and named["game"]),
                                          ("language", found_lang, lang, named and named["lang"])):
        if not found:
            problems.append(f"{name}:1: says no {what}; import a file written by `convivium translate export`")
        elif asked is not None and found != asked:
            problems.append(f"{name}:1: is for {what} {found!r}, not {asked!r}")
        elif from_name and found != from_name:
            problems.append(f"{name}:1: is for {what} {found!r}, but its name says {from_name!r}")
    if found_game and found_game not in _known(root):
        problems.append(f"{name}:1: is for {found_game!r}, which is not a card set here")
    if found_lang and (found_lang == REFERENCE or found_lang not in LANGUAGES):
        problems.append(f"{name}:1: is for language {found_lang!r}, which is not a translation here")
    return problems


# --- Rewriting the YAML line by line -----------------------------------------------------------


def _rewrite(original: str, label: str, changes: dict[str, str], order: list[str],
             stamps: dict[str, str], lang: str) -> str:
    """``original`` with ``changes`` written (each on its own line) and ``stamps`` recorded."""
    doc = parse(original, label)
    data = doc.data
    assert isinstance(data, dict) and isinstance(data.get("strings"), dict)
    top = yaml.compose(original, Loader=StrictLoader)
    assert top is not None
    strings_node = next(v for k, v in top.value if k.value == "strings")
    nodes = {k.value: (k, v) for k, v in strings_node.value}
    edits: list[tuple[int, int, str]] = []  # (start, end, new text), applied from the end
    newline = "\r\n" if "\r\n" in original else "\n"
    for key, value in changes.items():
        if key in nodes:
            _, node = nodes[key]
            start = _offset(original, node.start_mark)
            end = _offset(original, node.end_mark)
            if node.style in ("|", ">"):  # a block scalar ends at the next line; a quoted one needs a break
                edits.append((start, end, _scalar(value, '"') + newline))
            else:
                edits.append((start, end, _scalar(value, node.style)))
        else:
            edits.append(_insertion(original, key, value, order, nodes, strings_node, newline))
    for start, end, new in sorted(edits, key=lambda e: e[0], reverse=True):
        original = original[:start] + new + original[end:]
    result = original
    want = {**data, "strings": {**data["strings"], **changes}}
    if stamps:
        old = data.get(STAMP_KEY) or {}
        try:  # only the fingerprint lines of these strings change; the block's comments stay
            result = write_stamps(result, label, stamps, lang)
        except StampRefused as exc:
            raise ExchangeRefused([str(exc), f"{label}: refused; nothing written"]) from None
        want[STAMP_KEY] = {**old, **stamps}
    final = parse(result, label)
    if final.problems or final.data != want:
        raise ExchangeRefused([f"{label}:1: cannot write these strings into it without changing what else it says;"
                               " nothing written"])
    return result


def _offset(source: str, mark: Any) -> int:
    return _line_start(source, int(mark.line) + 1) + int(mark.column)


def _insertion(source: str, key: str, value: str, order: list[str], nodes: dict[str, tuple[Any, Any]],
               strings_node: Any, newline: str) -> tuple[int, int, str]:
    """Where a string the file lacks goes: after the nearest string before it in English order."""
    if not nodes:
        raise ExchangeRefused([f"{key}: the file has no strings to place a new one beside; add it by hand"])
    indent = " " * next(iter(nodes.values()))[0].start_mark.column
    line = f"{indent}{_key(key)}: {_scalar(value, '')}"
    before = [k for k in order[:order.index(key)] if k in nodes]
    if not before:
        first_key = next(iter(nodes.values()))[0]
        at = _line_start(source, first_key.start_mark.line + 1)
        return at, at, line + newline
    value_node = nodes[before[-1]][1]
    end = _offset(source, value_node.end_mark)
    if value_node.style in ("|", ">"):
        return end, end, line + newline
    line_end = source.find("\n", end)
    at = len(source) if line_end < 0 else line_end - (1 if source[line_end - 1:line_end] == "\r" else 0)
    return at, at, newline + line


def _scalar(value: str, style: str | None) -> str:
    """``value`` as a YAML scalar in the style the line had (plain, 'single' or "double" quoted),
    falling back to double quotes when that style cannot hold it."""
    if style in ("", None) and "\n" not in value and value == value.strip():
        doc = parse(f"k: {value}\n", "")
        if not doc.problems and doc.data == {"k": value}:
            return value
    if style == "'" and value.isprintable():
        return "'" + value.replace("'", "''") + "'"
    return double_quoted(value)


# --- The command -------------------------------------------------------------------------------


def main(argv: list[str], translations: Path | None = None) -> int:
    """The command; ``translations`` is the user's translations folder, where imports go by default."""
    parser = argparse.ArgumentParser(prog="convivium translate",
                                     description="Exchange a language's strings with PO and XLIFF editors.")
    parser.add_argument("--root", type=Path, default=cardsets.ROOT, metavar="DIR",
                        help="the card-set folder (default: the one installed with Convivium)")
    sub = parser.add_subparsers(dest="command", required=True)
    out = sub.add_parser("export", help="write GAME's LANG strings as a PO or XLIFF file in DIR")
    out.add_argument("--format", choices=sorted(FORMATS), default="po")
    out.add_argument("game", help=f"the card set, or {UI} for the app's own strings")
    out.add_argument("lang", help="the language to translate into")
    out.add_argument("dir", type=Path)
    out.add_argument("--force", action="store_true", help="replace the file if DIR already holds one")
    into = sub.add_parser("import", help="write a PO or XLIFF file's translations into your translations folder")
    into.add_argument("file", type=Path)
    into.add_argument("--game", help="refuse the file unless it is for this card set")
    into.add_argument("--lang", help="refuse the file unless it is for this language")
    into.add_argument("--into-cardsets", action="store_true",
                      help="write the card set's own language file under --root instead (a translator's clone)")
    args = parser.parse_args(argv)
    try:
        if args.command == "export":
            path = export(args.root, args.game, args.lang, args.dir, args.format, replace=args.force, overlay=translations)
            print(f"wrote {path}")
        elif not args.into_cardsets and translations is None:
            print("convivium translate import: no translations folder is known here; give --into-cardsets",
                  file=sys.stderr)
            return 1
        else:
            target, changed, stamped = import_file(args.root, args.file, args.game, args.lang,
                                                   None if args.into_cardsets else translations)
            print(f"{target}: {plurals.english_count(changed, 'string')} changed, {stamped} stamped as translated")
            if not args.into_cardsets:
                print("Convivium reads it over the installed card set from its next start"
                      " (the installed files are unchanged; --into-cardsets writes them instead).")
    except ExchangeRefused as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 1
    except OSError as exc:  # the writer names the file on every error
        said = f"{exc.filename}: {exc.strerror or exc}" if exc.filename else str(exc)
        print(f"convivium translate: {said}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
