"""What a parsed YAML file is: its values, where each stood, and what is wrong with it (`yamlfile` reads one,
`yamlparse` parses one, `cache` keeps one)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Path_ = tuple[str | int, ...]


Param = tuple[str, str | int]


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in a file, with its position (1-based).

    ``message`` says it in English, for the translators' tools (`convivium check`, the workbench) and the logs.
    ``code`` names the same thing for the desktop to say in the player's language (``text.placeholders``,
    ``yaml.syntax``...; "" when it has none: the desktop then says it generically), and ``params`` fill it
    in (never under the names ``key`` or ``lang``, which the desktop's lookups take for their own). Neither takes
    part in comparing or sorting: a problem is still ordered by file, place and message."""

    file: str
    line: int
    column: int
    message: str
    code: str = field(default="", compare=False)
    params: tuple[Param, ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class CardSetError(ValueError):
    """A card set with problems. ``problems`` lists every one of them."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass
class Document:
    """A parsed YAML file: its data, where each value stood, and what went wrong."""

    file: str
    data: Any = None
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    key_positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)  # where the key of each mapping value stood

    def where(self, path: Path_) -> tuple[int, int]:
        """The position of the value at ``path``, or of its nearest ancestor that has one."""
        p = tuple(path)
        while p:
            if p in self.positions:
                return self.positions[p]
            p = p[:-1]
        return self.positions.get((), (1, 1))

    def where_key(self, path: Path_) -> tuple[int, int]:
        """The position of the key that ``path`` ends with (of its value if there is no key)."""
        return self.key_positions.get(tuple(path)) or self.where(path)

    def problem(self, path: Path_, message: str, code: str = "", **params: str | int) -> None:
        """Record a problem at `path`, with the line and column where its value stood (``code`` and ``params``:
        see Problem)."""
        line, column = self.where(path)
        self.problems.append(Problem(self.file, line, column, message, code, tuple(params.items())))

    def key_problem(self, path: Path_, message: str, code: str = "", **params: str | int) -> None:
        """A problem with the key itself (unknown, wrong type), reported where the key stands."""
        line, column = self.where_key(path)
        self.problems.append(Problem(self.file, line, column, message, code, tuple(params.items())))
