"""`convivium translate export|import`: PO and XLIFF files for translators' tools, and back (issue #13, item 4)."""
from __future__ import annotations

import difflib
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from lxml import etree  # type: ignore[import-untyped]
from translate.storage import xliff

import cardsets
from cardset_edits import REPO_CARDSETS, _only_yaml, edit
from cardsets import exchange
from cardsets.text import fingerprint
from cardsets.yamlfile import read
from desktop.cli import main as cli_main

GAMES = (*cardsets.games(), "ui")
TRANSLATIONS = ("it", "es", "nl")
FORMATS = ("po", "xliff")
XLIFF_12 = "urn:oasis:names:tc:xliff:document:1.2"


def _copy(root: Path) -> Path:
    for name in GAMES:
        shutil.copytree(REPO_CARDSETS / name, root / name, ignore=_only_yaml)
    return root


def _snapshot(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(root.rglob("*.yaml"))}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy(tmp_path_factory.mktemp("cardsets"))


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return _copy(tmp_path / "cardsets")


def _stamps(root: Path, game: str, lang: str) -> dict[str, str]:
    stamps = read(root / game / "text" / f"{lang}.yaml").data.get("translated_from") or {}
    assert isinstance(stamps, dict)
    return stamps


def _strings_diff(before: bytes, after: bytes) -> list[str]:
    """The changed lines outside the trailing translated_from block."""
    def strings_part(data: bytes) -> list[str]:
        return data.decode("utf-8").split("\ntranslated_from:")[0].splitlines()
    return [line for line in difflib.unified_diff(strings_part(before), strings_part(after), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


# --- Round trip ----------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_leaves_every_file_byte_identical(shipped: Path, tmp_path: Path, game: str, fmt: str) -> None:
    before = _snapshot(shipped)
    for lang in TRANSLATIONS:
        path = exchange.export(shipped, game, lang, tmp_path, fmt)
        assert path.name == f"{game}.{lang}.{'po' if fmt == 'po' else 'xlf'}"
        exchange.import_file(shipped, path)
    assert _snapshot(shipped) == before


def test_round_trip_with_a_stale_and_a_block_string_is_byte_identical(root: Path, tmp_path: Path) -> None:
    # A stale string comes back fuzzy, so it is not stamped; solonauts.help is a `|-` block scalar.
    edit(root / "chrononauts" / "text" / "en.yaml",
         ("  tl_1912.true.title: Titanic Sinks", "  tl_1912.true.title: The Titanic Sinks"))
    edit(root / "chrononauts" / "text" / "it.yaml", ("translated_from:  # the English each note",
                                                      'translated_from:\n  tl_1912.true.title: "00000000"  # the'))
    before = _snapshot(root)
    for fmt in FORMATS:
        exchange.import_file(root, exchange.export(root, "chrononauts", "it", tmp_path, fmt))
    assert _snapshot(root) == before


# --- What the exported files say -----------------------------------------------------------------


def test_po_entries_name_their_key_and_card_and_keep_fingerprints_out(shipped: Path, tmp_path: Path) -> None:
    po = polib.pofile(str(exchange.export(shipped, "chrononauts", "it", tmp_path, "po")))
    entry = next(e for e in po if e.msgctxt == "tl_1865.true.title")
    assert entry.msgid == "Lincoln Assassinated"
    assert entry.msgstr == "Lincoln assassinato"
    assert "card tl_1865" in entry.comment and "key tl_1865.true.title" in entry.comment
    assert entry.occurrences[0][0] == "chrononauts/cards.yaml"
    message = next(e for e in po if e.msgctxt == "illegal.not_a_linchpin")
    assert "card" not in message.comment and message.occurrences == []
    assert "python-brace-format" in message.flags
    assert po.metadata["Language"] == "it" and po.metadata["X-Convivium-Game"] == "chrononauts"
    text = Path(po.fpath).read_text(encoding="utf-8")
    for stamp in _stamps(shipped, "chrononauts", "it").values():
        assert stamp not in text
    assert "translated_from" not in text and not any(e.msgctxt == "language" for e in po)


def test_xliff_units_name_their_key_and_card(shipped: Path, tmp_path: Path) -> None:
    store = xliff.xlifffile.parsefile(str(exchange.export(shipped, "chrononauts", "it", tmp_path, "xliff")))  # type: ignore[no-untyped-call]
    unit = next(u for u in store.getunits() if u.xmlelement.get("id") == "tl_1865.true.title")
    contexts = dict(unit.getcontextgroups("tl_1865.true.title")[0])
    assert contexts["x-convivium-key"] == "tl_1865.true.title"
    assert contexts["x-convivium-card"] == "tl_1865"
    assert contexts["sourcefile"] == "chrononauts/cards.yaml"
    assert (unit.source, unit.target) == ("Lincoln Assassinated", "Lincoln assassinato")
    assert not unit.isfuzzy()
    assert "translated_from" not in Path(store.filename).read_text(encoding="utf-8")


def test_a_stale_string_is_exported_fuzzy(root: Path, tmp_path: Path) -> None:
    edit(root / "chrononauts" / "text" / "en.yaml",
         ("  tl_1912.true.title: Titanic Sinks", "  tl_1912.true.title: The Titanic Sinks"))
    edit(root / "chrononauts" / "text" / "it.yaml", ("translated_from:  # the English each note",
                                                      'translated_from:\n  tl_1912.true.title: "00000000"  # the'))
    po = polib.pofile(str(exchange.export(root, "chrononauts", "it", tmp_path, "po")))
    fuzzy = {e.msgctxt for e in po if e.fuzzy}
    assert fuzzy == {"tl_1912.true.title"}
    store = xliff.xlifffile.parsefile(str(exchange.export(root, "chrononauts", "it", tmp_path, "xliff")))  # type: ignore[no-untyped-call]
    assert {u.xmlelement.get("id") for u in store.getunits() if u.isfuzzy()} == {"tl_1912.true.title"}


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (GNU gettext) is not installed: apt-get install gettext")
@pytest.mark.parametrize("game", GAMES)
def test_exported_po_files_pass_msgfmt_check(shipped: Path, tmp_path: Path, game: str) -> None:
    for lang in TRANSLATIONS:
        path = exchange.export(shipped, game, lang, tmp_path, "po")
        done = subprocess.run(["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def _xliff_12_problems(path: Path) -> list[str]:
    """What the XLIFF 1.2 strict schema requires of the elements an export uses, checked by hand.

    The OASIS schema (xliff-core-1.2-strict.xsd) is not shipped with any package here; set
    CONVIVIUM_XLIFF12_XSD to a local copy to validate against the schema itself as well.
    """
    ns = {"x": XLIFF_12}
    doc = etree.parse(str(path))
    xsd = os.environ.get("CONVIVIUM_XLIFF12_XSD")
    if xsd:
        schema = etree.XMLSchema(etree.parse(xsd))
        if not schema.validate(doc):
            return [str(e) for e in schema.error_log]
    problems = []
    top = doc.getroot()
    if top.tag != f"{{{XLIFF_12}}}xliff" or top.get("version") != "1.2":
        problems.append(f"root {top.tag} version {top.get('version')}")
    files = top.findall("x:file", ns)
    if len(files) != 1 or any(files[0].get(a) is None for a in ("original", "source-language", "datatype")):
        problems.append("one <file> with original, source-language and datatype")
    ids: set[str] = set()
    groups: set[str] = set()
    states = {"final", "needs-adaptation", "needs-l10n", "needs-review-adaptation", "needs-review-l10n",
              "needs-review-translation", "needs-translation", "new", "signed-off", "translated"}
    context_types = {"database", "element", "elementtitle", "linenumber", "numparams", "paramnotes", "record",
                     "recordtitle", "sourcefile"}
    for unit in doc.iter(f"{{{XLIFF_12}}}trans-unit"):
        unit_id = unit.get("id")
        if not unit_id or unit_id in ids:
            problems.append(f"trans-unit id {unit_id!r} missing or repeated")
        ids.add(unit_id or "")
        children = [etree.QName(c).localname for c in unit]
        if children[:1] != ["source"] or children.count("source") != 1 or children.count("target") > 1:
            problems.append(f"{unit_id}: one <source> first, at most one <target>")
        if unit.get("approved") not in (None, "yes", "no"):
            problems.append(f"{unit_id}: approved={unit.get('approved')}")
        for target in unit.findall("x:target", ns):
            if target.get("state") not in (None, *states) and not target.get("state", "").startswith("x-"):
                problems.append(f"{unit_id}: state={target.get('state')}")
        for group in unit.findall("x:context-group", ns):
            name = group.get("name") or ""
            if name in groups:
                problems.append(f"{unit_id}: context-group name {name!r} repeated (must be unique)")
            groups.add(name)
            for context in group.findall("x:context", ns):
                kind = context.get("context-type", "")
                if kind not in context_types and not kind.startswith("x-"):
                    problems.append(f"{unit_id}: context-type {kind!r}")
        for child in unit:
            if etree.QName(child).namespace != XLIFF_12:
                problems.append(f"{unit_id}: {child.tag} outside the XLIFF 1.2 namespace")
    return problems


@pytest.mark.parametrize("game", GAMES)
def test_exported_xliff_files_are_xliff_12(shipped: Path, tmp_path: Path, game: str) -> None:
    for lang in TRANSLATIONS:
        assert _xliff_12_problems(exchange.export(shipped, game, lang, tmp_path, "xliff")) == []


# --- Importing a translator's work ---------------------------------------------------------------


def _po_with(root: Path, tmp_path: Path, key: str, msgstr: str, game: str = "chrononauts",
             lang: str = "it", fuzzy: bool | None = None) -> Path:
    path = exchange.export(root, game, lang, tmp_path, "po", replace=True)
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == key)
    entry.msgstr = msgstr
    if fuzzy is not None and fuzzy != entry.fuzzy:
        entry.flags = ["fuzzy", *entry.flags] if fuzzy else [f for f in entry.flags if f != "fuzzy"]
    po.save(str(path))
    return path


def test_an_edited_entry_changes_exactly_its_line_and_is_stamped(root: Path, tmp_path: Path) -> None:
    it_yaml = root / "chrononauts" / "text" / "it.yaml"
    before = it_yaml.read_bytes()
    old_stamps = _stamps(root, "chrononauts", "it")
    # A plain line stays plain when it can; this text cannot be plain (": "), so it is quoted.
    path = _po_with(root, tmp_path, "tl_1912.true.title", 'Titanic: "affonda"')
    exchange.import_file(root, path)
    after = it_yaml.read_bytes()
    assert _strings_diff(before, after) == ["-  tl_1912.true.title: Titanic a picco",
                                            '+  tl_1912.true.title: "Titanic: \\"affonda\\""']
    assert _stamps(root, "chrononauts", "it") == {**old_stamps, "tl_1912.true.title": fingerprint("Titanic Sinks")}
    assert read(it_yaml).data["strings"]["tl_1912.true.title"] == 'Titanic: "affonda"'


def test_an_edited_xliff_unit_keeps_the_line_s_quoting(root: Path, tmp_path: Path) -> None:
    it_yaml = root / "chrononauts" / "text" / "it.yaml"
    before = it_yaml.read_bytes()
    path = exchange.export(root, "chrononauts", "it", tmp_path, "xliff")
    store = xliff.xlifffile.parsefile(str(path))  # type: ignore[no-untyped-call]
    unit = next(u for u in store.getunits() if u.xmlelement.get("id") == "illegal.not_a_linchpin")
    unit.target = "{card} gira solo un Linchpin; il {year} non lo è."
    store.save()
    exchange.import_file(root, path)
    assert _strings_diff(before, it_yaml.read_bytes()) == [
        '-  illegal.not_a_linchpin: "{card} può girare solo un Linchpin, e il {year} non lo è."',
        '+  illegal.not_a_linchpin: "{card} gira solo un Linchpin; il {year} non lo è."']


def test_a_stale_string_confirmed_in_the_editor_is_stamped_and_a_fuzzy_one_is_not(root: Path, tmp_path: Path) -> None:
    edit(root / "chrononauts" / "text" / "en.yaml",
         ("  tl_1912.true.title: Titanic Sinks", "  tl_1912.true.title: The Titanic Sinks"))
    edit(root / "chrononauts" / "text" / "it.yaml", ("translated_from:  # the English each note",
                                                      'translated_from:\n  tl_1912.true.title: "00000000"  # the'))
    exchange.import_file(root, _po_with(root, tmp_path, "tl_1912.true.title", "Il Titanic affonda", fuzzy=True))
    assert _stamps(root, "chrononauts", "it")["tl_1912.true.title"] == "00000000"
    exchange.import_file(root, _po_with(root, tmp_path, "tl_1912.true.title", "Il Titanic affonda", fuzzy=False))
    assert _stamps(root, "chrononauts", "it")["tl_1912.true.title"] == fingerprint("The Titanic Sinks")


def test_a_missing_string_is_added_after_its_neighbour(root: Path, tmp_path: Path) -> None:
    it_yaml = root / "chrononauts" / "text" / "it.yaml"
    edit(it_yaml, ("  tl_1912.true.text: L'inaffondabile nave cola a picco al primo viaggio.\n", ""))
    before = it_yaml.read_bytes()
    exchange.import_file(root, _po_with(root, tmp_path, "tl_1912.true.text", "La nave affonda"))
    lines = it_yaml.read_text(encoding="utf-8").splitlines()
    at = lines.index("  tl_1912.true.title: Titanic a picco")
    assert lines[at + 1] == "  tl_1912.true.text: La nave affonda"
    assert _strings_diff(before, it_yaml.read_bytes()) == ["+  tl_1912.true.text: La nave affonda"]


def test_import_through_the_convivium_command(root: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONVIVIUM_HOME", str(tmp_path / "home"))
    assert cli_main(["translate", "--root", str(root), "export", "--format", "xliff", "ui", "nl", str(tmp_path)]) == 0
    assert (tmp_path / "ui.nl.xlf").is_file()
    before = _snapshot(root)
    assert cli_main(["translate", "--root", str(root), "import", str(tmp_path / "ui.nl.xlf")]) == 0
    assert _snapshot(root) == before
    assert cli_main(["translate", "--root", str(root), "import", "--lang", "it", str(tmp_path / "ui.nl.xlf")]) == 1
    assert "is for language 'nl', not 'it'" in capsys.readouterr().err


def test_the_command_counts_one_string_changed_in_the_singular(root: Path, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """It said "1 strings changed" after an import that changed one string."""
    monkeypatch.setenv("CONVIVIUM_HOME", str(tmp_path / "home"))
    path = _po_with(root, tmp_path, "tl_1912.true.title", "Il Titanic cola a picco")
    assert cli_main(["translate", "--root", str(root), "import", str(path)]) == 0
    said = capsys.readouterr().out
    assert ": 1 string changed, 1 stamped as translated" in said, said


# --- Bad input: refused, named by entry and line, nothing written --------------------------------


def _refused(root: Path, path: Path, *needles: str, **kwargs: str) -> None:
    before = _snapshot(root)
    with pytest.raises(exchange.ExchangeRefused) as refused:
        exchange.import_file(root, path, **kwargs)
    message = str(refused.value)
    for needle in needles:
        assert needle in message, message
    assert "nothing written" in message or "is for" in message or "not a" in message
    assert _snapshot(root) == before


def _line_of(path: Path, key: str) -> int:
    return next(e.linenum or 0 for e in polib.pofile(str(path)) if e.msgctxt == key)


def test_unknown_key_is_refused(root: Path, tmp_path: Path) -> None:
    path = _po_with(root, tmp_path, "tl_1912.true.title", "Il Titanic affonda")
    po = polib.pofile(str(path))
    po.append(polib.POEntry(msgctxt="tl_9999.true.title", msgid="Nothing", msgstr="Niente"))
    po.save(str(path))
    _refused(root, path, f"chrononauts.it.po:{_line_of(path, 'tl_9999.true.title')}: entry 'tl_9999.true.title'",
             "unknown key")


def test_broken_placeholders_are_refused(root: Path, tmp_path: Path) -> None:
    path = _po_with(root, tmp_path, "illegal.not_a_linchpin", "{carta} gira solo un Linchpin, non il {year}.")
    line = _line_of(path, "illegal.not_a_linchpin")
    _refused(root, path, f"chrononauts.it.po:{line}: entry 'illegal.not_a_linchpin'", "placeholders")
    path = _po_with(root, tmp_path, "illegal.not_a_linchpin", "{card gira solo un Linchpin, non il {year}.")
    _refused(root, path, f"chrononauts.it.po:{line}: entry 'illegal.not_a_linchpin'", "malformed placeholder")


def test_a_changed_english_source_is_refused(root: Path, tmp_path: Path) -> None:
    path = exchange.export(root, "chrononauts", "it", tmp_path, "xliff")
    store = xliff.xlifffile.parsefile(str(path))  # type: ignore[no-untyped-call]
    unit = next(u for u in store.getunits() if u.xmlelement.get("id") == "tl_1912.true.title")
    unit.source = "Titanic Floats"
    unit.target = "Il Titanic galleggia"
    store.save()
    line = unit.xmlelement.sourceline
    _refused(root, path, f"chrononauts.it.xlf:{line}: entry 'tl_1912.true.title'", "not the current English")


def test_an_edit_among_bad_entries_is_not_written_either(root: Path, tmp_path: Path) -> None:
    path = _po_with(root, tmp_path, "tl_1912.true.title", "Il Titanic affonda")
    po = polib.pofile(str(path))
    next(e for e in po if e.msgctxt == "tl_1914.true.title").msgid = "Someone Else Shot"
    po.save(str(path))
    _refused(root, path, "entry 'tl_1914.true.title'", "not the current English")


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_file_for_another_language_or_game_is_refused(root: Path, tmp_path: Path, fmt: str) -> None:
    path = exchange.export(root, "chrononauts", "it", tmp_path, fmt)
    _refused(root, path, "is for language 'it', not 'es'", lang="es")
    _refused(root, path, "is for game 'chrononauts', not 'banquet'", game="banquet")
    renamed = path.with_name(path.name.replace("chrononauts.it", "banquet.es"))
    path.rename(renamed)
    _refused(root, renamed, f"{renamed.name}:1: is for game 'chrononauts', but its name says 'banquet'",
             "is for language 'it', but its name says 'es'")


def test_a_po_file_claiming_another_game_is_refused_by_its_keys(root: Path, tmp_path: Path) -> None:
    path = exchange.export(root, "chrononauts", "it", tmp_path, "po")
    po = polib.pofile(str(path))
    po.metadata["X-Convivium-Game"] = "banquet"
    other = tmp_path / "elsewhere.po"
    po.save(str(other))
    _refused(root, other, f"elsewhere.po:{_line_of(other, 'tl_1865.true.title')}: entry 'tl_1865.true.title'",
             "unknown key")


def test_a_po_file_with_a_syntax_error_is_refused(root: Path, tmp_path: Path) -> None:
    path = exchange.export(root, "ui", "it", tmp_path, "po")
    path.write_text(path.read_text(encoding="utf-8") + '\nthis is not PO\n', encoding="utf-8")
    _refused(root, path, "ui.it.po", "not a PO file")


# --- Issue #39: an import can only produce what the readers accept; files from outside can't hurt ------


def _banquet_key(root: Path) -> str:
    strings = read(root / "banquet" / "text" / "en.yaml").data["strings"]
    return next(k for k, v in strings.items() if "{" not in v and not k.endswith((".one", ".other")))


@pytest.mark.parametrize("translation, said, fmt", [
    ("\x01" * 600_000, "control character U+0001", "po"),  # each written as a 4-byte escape: 2.4 MB of YAML
    ("Il banchetto\x07", "control character U+0007", "po"),  # (XML cannot hold these: no XLIFF case)
    ("Il \x1b[31mbanchetto", "control character U+001B", "po"),  # ESC, a terminal's colour code
    ("Il banchetto \u202eotseuq", "control character U+202E", "po"),  # issue #38: a bidi override
    ("Il banchetto \u2066x\u2069", "control character U+2066", "xliff"),
    # Text that grows in the YAML: a trailing no-break space makes the string double-quoted, where each
    # is a 4-byte escape (2 bytes in the PO); a line separator is 3 bytes in XLIFF, a 6-byte escape.
    ("a" + "\u00a0" * 700_000, "more than the 2,000,000", "po"),
    ("a" + "\u2028" * 400_000, "more than the 2,000,000", "xliff"),
])
def test_an_import_that_would_make_a_file_the_readers_refuse_is_refused_whole(
        root: Path, tmp_path: Path, translation: str, said: str, fmt: str) -> None:
    key = _banquet_key(root)
    path = exchange.export(root, "banquet", "it", tmp_path, fmt)
    if fmt == "po":
        po = polib.pofile(str(path), wrapwidth=0)  # one line per string, as the export writes it
        next(e for e in po if e.msgctxt == key).msgstr = translation
        po.save(str(path))
    else:
        store = xliff.xlifffile.parsefile(str(path))  # type: ignore[no-untyped-call]
        next(u for u in store.getunits() if u.xmlelement.get("id") == key).target = translation
        store.save()
    before = _snapshot(root)
    with pytest.raises(exchange.ExchangeRefused) as refused:
        exchange.import_file(root, path)
    assert said in str(refused.value) and "nothing written" in str(refused.value)
    assert _snapshot(root) == before
    report = [r for r in cardsets.validate_all(root) if r.name == "banquet"][0]
    assert report.problems == []  # `convivium check` still passes, so the app still opens the Banquet


@pytest.mark.parametrize("written, said", [("\\x01", "U+0001"), ("\\0", "U+0000"), ("\\e[1m", "U+001B"),
                                           ("Ada \\u202Eoirots", "U+202E"), ("\\u2067x", "U+2067")])
def test_check_reports_a_control_character_in_a_language_file(root: Path, written: str, said: str) -> None:
    """Issue #38 item 5: NUL, ESC, any other control character and the bidi overrides are refused by check."""
    key = _banquet_key(root)
    it_yaml = root / "banquet" / "text" / "it.yaml"
    edit(it_yaml, (f"  {key}: ", f'  {key}: "{written}" # was: '))
    problems = [str(p) for r in cardsets.validate_all(root) for p in r.problems]
    assert any(f"{key!r} holds the control character {said}" in p for p in problems), problems


def test_a_po_whose_content_is_a_path_is_not_read_from_that_path(root: Path, tmp_path: Path) -> None:
    """polib.pofile takes a string naming a file as that file: the PO naming another one imported that one."""
    other = _po_with(root, tmp_path, "tl_1912.true.title", "Il Titanic affonda, dice l'altro file")
    decoy = tmp_path / "chrononauts.it.decoy.po"
    decoy.write_text(str(other), encoding="utf-8")
    before = _snapshot(root)
    with pytest.raises(exchange.ExchangeRefused) as refused:
        exchange.import_file(root, decoy)
    assert "not a PO file" in str(refused.value)
    assert _snapshot(root) == before


def test_import_writes_the_users_translations_folder_and_the_app_reads_it_there(
        root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("CONVIVIUM_HOME", str(home))
    path = _po_with(root, tmp_path, "tl_1912.true.title", "Il Titanic va giù")
    before = _snapshot(root)
    assert cli_main(["translate", "--root", str(root), "import", str(path)]) == 0
    assert _snapshot(root) == before  # the installed card set is written only with --into-cardsets
    mine = home / "translations" / "chrononauts" / "it.yaml"
    assert read(mine).data["strings"]["tl_1912.true.title"] == "Il Titanic va giù"
    assert str(mine) in capsys.readouterr().out
    try:
        cardsets.read_translations_from(home / "translations")
        assert cardsets.load_texts("chrononauts", root).text("it", "tl_1912.true.title") == "Il Titanic va giù"
        # A second import starts from the user's file; an export gives back what the app shows.
        again = exchange.export(root, "chrononauts", "it", tmp_path / "again", "po", overlay=home / "translations")
        po = polib.pofile(str(again))
        next(e for e in po if e.msgctxt == "tl_1914.true.title").msgstr = "Un altro sparo"
        po.save(str(again))
        assert cli_main(["translate", "--root", str(root), "import", str(again)]) == 0
        strings = read(mine).data["strings"]
        assert (strings["tl_1912.true.title"], strings["tl_1914.true.title"]) == ("Il Titanic va giù", "Un altro sparo")
        # A file there the readers refuse is left out whole: the installed one is read, nothing crashes.
        mine.write_bytes(b"language: it\nstrings:\n  tl_1912.true.title: [not, text]\n")
        cardsets.read_translations_from(home / "translations")
        catalog = cardsets.load_texts("chrononauts", root)
        assert catalog.text("it", "tl_1912.true.title") == read(root / "chrononauts" / "text" / "it.yaml").data[
            "strings"]["tl_1912.true.title"]
        assert cardsets.translation_problems("chrononauts", root)
    finally:
        cardsets.read_translations_from(None)
    assert cli_main(["translate", "--root", str(root), "import", "--into-cardsets", str(path)]) == 0
    assert read(root / "chrononauts" / "text" / "it.yaml").data["strings"]["tl_1912.true.title"] == "Il Titanic va giù"


def test_a_game_without_a_translation_of_the_users_is_not_loaded_to_look_at_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """At every start the window asks each game whether the user's translations of it are refused (issue #42):
    a game with no file there is not loaded for the question; a game with one is (its cards' notes check it)."""
    folder = tmp_path / "translations"
    (folder / "banquet").mkdir(parents=True)
    (folder / "banquet" / "it.yaml").write_bytes(b"language: it\nstrings:\n  guest_title: [not, text]\n")
    loaded: list[str] = []
    real = cardsets.load_set

    def load_set(name: str, root: Path = cardsets.ROOT) -> object:
        loaded.append(name)
        return real(name, root)

    monkeypatch.setattr(cardsets, "load_set", load_set)
    try:
        cardsets.read_translations_from(folder)
        assert cardsets.translation_problems("parsifal") == cardsets.translation_problems("bacchanalia") == []
        assert loaded == []
        assert cardsets.translation_problems("banquet")  # its file is refused, and said
        assert loaded == ["banquet"]
    finally:
        cardsets.read_translations_from(None)


def test_export_never_overwrites_a_translators_file_without_force(root: Path, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["translate", "--root", str(root), "export", "chrononauts", "it", str(tmp_path)]
    assert cli_main(argv) == 0
    po = tmp_path / "chrononauts.it.po"
    po.write_text(po.read_text(encoding="utf-8") + "\n# a day of a translator's work\n", encoding="utf-8")
    edited = po.read_bytes()
    assert cli_main(argv) == 1
    err = capsys.readouterr().err
    assert str(po) in err and "--force" in err
    assert po.read_bytes() == edited
    assert cli_main([*argv, "--force"]) == 0
    assert po.read_bytes() != edited


def test_export_does_not_write_through_a_link_into_its_target(root: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("someone else's file", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "chrononauts.it.po").symlink_to(elsewhere)
    for force in ([], ["--force"]):
        assert cli_main(["translate", "--root", str(root), "export", "chrononauts", "it", str(out), *force]) == 1
        assert elsewhere.read_text(encoding="utf-8") == "someone else's file"
        assert (out / "chrononauts.it.po").is_symlink()


def test_export_to_a_fifo_is_refused_at_once(root: Path, tmp_path: Path) -> None:
    """It hung: nothing reads the FIFO. Run apart, so that a hang fails the test instead of stopping the run."""
    os.mkfifo(tmp_path / "chrononauts.it.po")
    done = subprocess.run([sys.executable, "-m", "desktop.cli", "translate", "--root", str(root), "export", "--force",
                           "chrononauts", "it", str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "not a regular file" in done.stderr
    assert stat.S_ISFIFO(os.lstat(tmp_path / "chrononauts.it.po").st_mode)


# --- Plural forms (issue #38) ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_a_counted_string_is_one_po_entry_whose_msgstr_n_gettext_picks_for_each_category(
        shipped: Path, tmp_path: Path, lang: str) -> None:
    """A gettext tool picks msgstr[n] by the header's expression; at a number of each CLDR category it must find
    the form the table shows for that number (Italian and Spanish: msgstr[1] at a million is "many")."""
    import gettext

    from cardsets import plurals

    path = exchange.export(shipped, "parsifal", lang, tmp_path, "po")
    po = polib.pofile(str(path))
    header = po.metadata["Plural-Forms"]
    assert header == {"it": "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);",
                      "es": "nplurals=3; plural=(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2);",
                      "nl": "nplurals=2; plural=(n != 1);"}[lang]
    pick = gettext.c2py(header.split("plural=")[1].rstrip(";"))
    entry = next(e for e in po if e.msgctxt == "label.turns_left")
    assert (entry.msgid, entry.msgid_plural) == ("{count} turn left", "{count} turns left")
    catalog = cardsets.load_texts("parsifal", shipped)
    for n in (1, 2, 7, 1_000_000, 3_000_000):
        said = entry.msgstr_plural[pick(n)].replace("{count}", str(n))
        assert said == catalog.counted(lang, "label.turns_left", n, {"count": n}), n
    assert {plurals.category(lang, n) for n in (1, 2, 1_000_000)} == set(plurals.categories(lang))
    assert not any(e.msgctxt.startswith("label.turns_left.") for e in po)


def _plural_po(root: Path, tmp_path: Path, key: str, forms: dict[int, str]) -> Path:
    path = exchange.export(root, "parsifal", "it", tmp_path, "po", replace=True)
    po = polib.pofile(str(path))
    entry = next(e for e in po if e.msgctxt == key)
    entry.msgstr_plural = forms
    po.save(str(path))
    return path


def test_an_edited_many_form_changes_its_line_only_and_is_stamped_against_english_other(
        root: Path, tmp_path: Path) -> None:
    it_yaml = root / "parsifal" / "text" / "it.yaml"
    before = it_yaml.read_bytes()
    path = _plural_po(root, tmp_path, "label.turns_left",
                      {0: "Resta {count} turno", 1: "Restano ancora {count} turni", 2: "Restano {count} turni"})
    exchange.import_file(root, path)
    assert _strings_diff(before, it_yaml.read_bytes()) == ['-  label.turns_left.many: "Restano {count} turni"',
                                                           '+  label.turns_left.many: "Restano ancora {count} turni"']
    assert _stamps(root, "parsifal", "it")["label.turns_left.many"] == fingerprint("{count} turns left")


@pytest.mark.parametrize("forms", [{0: "Resta {count} turno", 1: "", 2: "Restano {count} turni"},
                                   {0: "Resta {count} turno", 2: "Restano {count} turni"}], ids=["empty", "absent"])
def test_a_plural_entry_with_a_form_left_out_is_refused_naming_it(root: Path, tmp_path: Path,
                                                                   forms: dict[int, str]) -> None:
    path = _plural_po(root, tmp_path, "label.turns_left", forms)
    _refused(root, path, f"parsifal.it.po:{_line_of(path, 'label.turns_left')}: entry 'label.turns_left'",
             "'label.turns_left.many' left empty")


def test_a_plural_entry_with_more_forms_than_the_language_is_refused(root: Path, tmp_path: Path) -> None:
    path = _plural_po(root, tmp_path, "label.turns_left", {0: "a {count}", 1: "b {count}", 2: "c {count}", 3: "d {count}"})
    _refused(root, path, f"parsifal.it.po:{_line_of(path, 'label.turns_left')}: entry 'label.turns_left' has "
             "msgstr[3], but 'it' has 3 plural forms (one, many, other)")


def test_xliff_carries_each_plural_form_as_its_own_unit(shipped: Path, tmp_path: Path) -> None:
    store = xliff.xlifffile.parsestring(exchange.export(shipped, "parsifal", "es", tmp_path, "xliff").read_bytes())
    units = {u.xmlelement.get("resname"): u for u in store.getunits()}
    assert [str(units[f"label.turns_left.{c}"].target) for c in ("one", "many", "other")] == \
        ["Queda {count} turno", "Quedan {count} turnos", "Quedan {count} turnos"]
    assert str(units["label.turns_left.many"].source) == "{count} turns left"
