"""`convivium check --report`: counts per card set and language, the Markdown table, the contact sheets."""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

import cardsets
from desktop.cli import main as cli_main
from desktop.tools.report import write_report

LONG = "Un titolo lunghissimo che nessuna carta potrebbe mai contenere senza rimpicciolire il testo fino a renderlo illeggibile"


def copy_sets(base: Path) -> Path:
    for name in ("chrononauts", "ui"):
        shutil.copytree(cardsets.ROOT / name, base / name,
                        ignore=lambda folder, names: [n for n in names if not n.endswith(".yaml")
                                                      and not os.path.isdir(os.path.join(folder, n))])
    return base


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A copy whose Italian lacks both strings of pat_1868, has a far too long title for tl_1865
    and a string for tl_1866, a card that does not exist."""
    base = copy_sets(tmp_path / "cardsets")
    it = base / "chrononauts" / "text" / "it.yaml"
    lines = it.read_text(encoding="utf-8").splitlines(keepends=True)
    lines = [line for line in lines if not line.startswith(("  pat_1868.title:", "  pat_1868.text:"))]
    lines = [f"  tl_1865.true.title: {LONG}\n" if line.startswith("  tl_1865.true.title:") else line for line in lines]
    lines = [line + "  tl_1866.true.title: Refuso\n" if line.startswith("  tl_1865.true.text:") else line
             for line in lines]
    it.write_text("".join(lines), encoding="utf-8")
    return base


def test_the_report_counts_and_draws(qapp: Any, root: Path, tmp_path: Path) -> None:
    out = io.StringIO()
    pristine = copy_sets(tmp_path / "pristine")
    baseline = {row.lang: row for row in write_report(pristine, tmp_path / "before", ["it"], io.StringIO())
                if row.name == "chrononauts"}
    rows = write_report(root, tmp_path / "report", ["it", "qps"], out)
    by = {(row.name, row.lang): row for row in rows}
    it = by[("chrononauts", "it")]
    assert (it.missing, it.stale) == (baseline["it"].missing + 2, baseline["it"].stale + 1)  # the unknown key too
    assert it.overflow is not None and it.overflow == (baseline["it"].overflow or 0) + 1
    assert by[("chrononauts", "qps")].missing == 0 and (by[("chrononauts", "qps")].overflow or 0) > 20
    assert by[("ui", "it")].overflow is None
    table = (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert f"| chrononauts | it | {it.missing} | {it.stale} | {it.overflow} |" in table
    assert "| ui | it | 0 | 0 | — |" in table
    assert "names card 'tl_1866', which is not in chrononauts/cards.yaml" in table
    assert f"| chrononauts | it | {it.missing} | {it.stale} | {it.overflow} |" in out.getvalue()
    sheet = QImage(str(tmp_path / "report" / "chrononauts-it.png"))
    assert not sheet.isNull() and sheet.width() > 1000 and sheet.height() > 3000


def test_check_report_goes_through_the_cli(qapp: Any, root: Path, tmp_path: Path, capsys: Any) -> None:
    status = cli_main(["check", "--report", str(tmp_path / "out"), "--lang", "it", "--root", str(root)])
    printed = capsys.readouterr().out
    assert status == 0
    assert "OK" in printed and "| chrononauts | it | " in printed and "| ui | it | " in printed
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["chrononauts-it.png", "report.md"]


def test_a_report_already_there_is_replaced_only_with_force(qapp: Any, root: Path, tmp_path: Path, capsys: Any,
                                                            ) -> None:
    """Issue #39: `check --report DIR` leaves a report already in DIR as it was unless --force is given."""
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "report.md").write_text("last week's\n", encoding="utf-8")
    status = cli_main(["check", "--report", str(folder), "--lang", "it", "--root", str(root)])
    assert status == 1 and (folder / "report.md").read_text(encoding="utf-8") == "last week's\n"
    assert "--force" in capsys.readouterr().err
    assert cli_main(["check", "--report", str(folder), "--lang", "it", "--root", str(root), "--force"]) == 0
    assert "translation report" in (folder / "report.md").read_text(encoding="utf-8")


def test_plain_check_stays_free_of_qt(root: Path) -> None:
    code = ("import sys; from desktop.cli import main; status = main(['check', '--root', sys.argv[1]]); "
            "assert 'PySide6' not in sys.modules, 'Qt imported'; sys.exit(status)")
    done = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip().endswith("OK")
