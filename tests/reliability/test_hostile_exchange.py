"""Hostile translation files (issue #39): PO and XLIFF files for `convivium translate import` that are cut,
flipped, retyped, stuffed with entities or control characters, enormous, paths, or not files at all.

Every import answers with ExchangeRefused (each problem named) or a written file the readers accept: the
loader finds no problem in it and it is within their size limit. Never another exception, never a hang,
never a file read because its name was in the content (a PO holding a path, an XML external entity or
XInclude), never a change to the installed card set (imports go to the user's translations folder) nor
to the file it read. The mutations start from real exports of the shipped card sets.
"""
from __future__ import annotations

import os
import shutil
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardsets
import tally
from cardsets import exchange
from cardsets import text as catalogs
from cardsets.yamlfile import MAX_FILE_BYTES
from hostile import SNIPPETS, mangled, nasty_texts, snapshot

SLOW = settings(deadline=timedelta(seconds=30))  # far above any case: only a hang trips it
SECRET = "the content of a file nobody named"
PO_SNIPPETS = ('msgid "', 'msgstr "', 'msgctxt "', '#, fuzzy\n', '#~ ', '"\n"', "\\", '\\"', "\\n", "\\x01",
               "msgid_plural \"x\"\n", "msgstr[0] \"\"\n", "\n\n", "\x01", "\x7f", "\u2028", "\xa0" * 50, *SNIPPETS)
XML_SNIPPETS = ("<", ">", "&", "&amp;", "&lt;", "&#0;", "&#x1;", "&xxe;", "<![CDATA[", "]]>", "<!--", "-->",
                "<target>", "</target>", "<trans-unit id='x'>", "</trans-unit>", "<?xml version='1.0'?>",
                "\x01", "\u2028", *SNIPPETS)


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("cardsets")
    for name in ("chrononauts", "banquet", "ui"):
        shutil.copytree(cardsets.ROOT / name, copy / name)
    return copy


@pytest.fixture(scope="module")
def exported(root: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("exported")
    return {fmt: exchange.export(root, game, "it", folder, fmt).read_bytes()
            for game, fmt in (("banquet", "po"), ("chrononauts", "xliff"))}


def installed(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted(root.rglob("*.yaml"))}


def import_answer(root: Path, path: Path, overlay: Path) -> str:
    """Import as the command does; 'refused' or 'written' (any other exception fails the test)."""
    before = snapshot(path)
    shutil.rmtree(overlay, ignore_errors=True)
    try:
        target, _changed, _stamped = exchange.import_file(root, path, overlay=overlay)
    except exchange.ExchangeRefused as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        answer = "refused"
    else:
        answer = "written"
        if target.exists():  # nothing changed: nothing written
            data = target.read_bytes()
            game = target.parent.name
            assert len(data) <= MAX_FILE_BYTES
            notes = cardsets.load_set(game, root).notes() if game != "ui" else None
            _catalog, problems = catalogs.load_with(root / game / "text", f"{game}/text", "it", data, notes)
            assert problems == [], problems
            assert SECRET not in data.decode("utf-8")
    assert snapshot(path) == before
    tally.add("translation imports")
    return answer


@pytest.mark.slow
@settings(SLOW, max_examples=tally.examples(40))
@given(data=st.data())
def test_mangled_po_files_are_refused_or_give_a_file_the_readers_accept(
        root: Path, exported: dict[str, bytes], data: st.DataObject, tmp_path: Path) -> None:
    before = installed(root)
    path = tmp_path / "banquet.it.po"
    path.write_bytes(data.draw(mangled(exported["po"], PO_SNIPPETS), label="po"))
    import_answer(root, path, tmp_path / "overlay")
    assert installed(root) == before


@pytest.mark.slow
@settings(SLOW, max_examples=tally.examples(40))
@given(data=st.data())
def test_mangled_xliff_files_are_refused_or_give_a_file_the_readers_accept(
        root: Path, exported: dict[str, bytes], data: st.DataObject, tmp_path: Path) -> None:
    before = installed(root)
    path = tmp_path / "chrononauts.it.xlf"
    path.write_bytes(data.draw(mangled(exported["xliff"], XML_SNIPPETS), label="xliff"))
    import_answer(root, path, tmp_path / "overlay")
    assert installed(root) == before


@pytest.mark.parametrize("fmt", ["po", "xliff"])
def test_nasty_translation_files(root: Path, exported: dict[str, bytes], fmt: str, tmp_path: Path) -> None:
    """The hand-written cases (encodings, NUL bytes, truncation, garbage, huge numbers), as for card sets."""
    name = "banquet.it.po" if fmt == "po" else "chrononauts.it.xlf"
    before = installed(root)
    for case, data in nasty_texts(exported[fmt].decode("utf-8"), "json").items():
        path = tmp_path / case.replace(" ", "-") / name
        path.parent.mkdir()
        path.write_bytes(data)
        import_answer(root, path, tmp_path / "overlay")
    assert installed(root) == before


def test_a_po_holding_the_path_of_another_file_never_reads_it(root: Path, exported: dict[str, bytes],
                                                              tmp_path: Path) -> None:
    other = tmp_path / "other.po"
    other.write_bytes(exported["po"])
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    for content in (str(other), str(secret), "/dev/zero", str(tmp_path), f"{other}\n"):
        path = tmp_path / "banquet.it.po"
        path.write_text(content, encoding="utf-8")
        assert import_answer(root, path, tmp_path / "overlay") == "refused"


@pytest.mark.parametrize("attack", ["external entity", "external parameter entity", "billion laughs", "xinclude"])
def test_xliff_never_reads_a_file_it_names_nor_expands_entities_without_end(
        root: Path, exported: dict[str, bytes], attack: str, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    body = exported["xliff"].decode("utf-8").split("?>", 1)[1]
    doctype = {
        "external entity": f'<!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file://{secret}">]>',
        "external parameter entity": f'<!DOCTYPE xliff [<!ENTITY % p SYSTEM "file://{secret}"> %p;]>',
        "billion laughs": "<!DOCTYPE xliff [<!ENTITY a \"aaaaaaaaaa\">" + "".join(
            f"<!ENTITY {chr(98 + i)} \"{('&' + chr(97 + i) + ';') * 10}\">" for i in range(9)) + "]>",
        "xinclude": "",
    }[attack]
    use = {"external entity": "&xxe;", "external parameter entity": "x", "billion laughs": "&j;",
           "xinclude": f'<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="{secret}" parse="text"/>'}[attack]
    first_target = body.index("<target")
    end = body.index(">", first_target) + 1
    body = body[:end] + use + body[end:]
    path = tmp_path / "chrononauts.it.xlf"
    path.write_text("<?xml version='1.0' encoding='UTF-8'?>\n" + doctype + body, encoding="utf-8")
    import_answer(root, path, tmp_path / "overlay")


def _not_a_file(kind: str, tmp_path: Path) -> Path:
    path = tmp_path / "banquet.it.po"
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "link to a device":
        path.symlink_to("/dev/zero")
    elif kind == "symlink loop":
        path.symlink_to(tmp_path / "other.po")
        (tmp_path / "other.po").symlink_to(path)
    elif kind == "dangling symlink":
        path.symlink_to(tmp_path / "nowhere.po")
    elif kind == "fifty megabytes":
        path.write_bytes(b'msgid ""\nmsgstr ""\n' + b"#" * (50 * 1024 * 1024) + b"\n")
    return path


@pytest.mark.parametrize("kind", ["directory", "fifo", "link to a device", "symlink loop", "dangling symlink",
                                  "missing", "fifty megabytes"])
def test_a_translation_file_that_is_not_a_readable_file(root: Path, kind: str, tmp_path: Path) -> None:
    before = installed(root)
    assert import_answer(root, _not_a_file(kind, tmp_path), tmp_path / "overlay") == "refused"
    assert installed(root) == before and not (tmp_path / "overlay").exists()
