"""The design the code cites is in the repository (issue #40, item 9): every mention of design.md in the code,
the tests and the docs is `docs/design.md §<section>` with a section that docs/design.md has, so someone who
clones the project can follow it; nothing cites the team's notes outside the repository."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DESIGN = ROOT / "docs" / "design.md"
CITED = re.compile(r"docs/design\.md §([^\n;:,.)\"']+)")


def sections() -> list[str]:
    return [line.lstrip("#").strip() for line in DESIGN.read_text(encoding="utf-8").splitlines() if line.startswith("#")]


def sources() -> list[Path]:
    found = [p for folder in ("rules", "cardsets", "desktop", "tests") for p in (ROOT / folder).rglob("*.py")]
    return found + sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]


def test_every_design_reference_names_a_section_of_docs_design() -> None:
    known = sections()
    wrong = []
    for path in sources():
        if path == Path(__file__):
            continue
        text = path.read_text(encoding="utf-8")
        for found in CITED.finditer(text):
            if not any(found.group(1).startswith(name) for name in known):
                wrong.append(f"{path.relative_to(ROOT)}: §{found.group(1)}")
    assert wrong == []


def test_no_reference_leaves_the_repository() -> None:
    bare = []
    for path in sources():
        if path == Path(__file__):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "../shared" in line or "shared/design.md" in line:
                bare.append(f"{path.relative_to(ROOT)}:{number}")
            elif path.suffix == ".py" and re.search(r"(?<!docs/)design\.md", line):
                bare.append(f"{path.relative_to(ROOT)}:{number}")
    assert bare == []
