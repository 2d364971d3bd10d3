"""Reading YAML safely, keeping the position of every value.

A card set is edited by hand, so every problem must point at ``file:line:column``.
PyYAML's constructors forget positions, so we walk the composed node tree ourselves
and record where each value stood, keyed by its path inside the document.

Two PyYAML defaults are unsafe for our data and are switched off here:
- arbitrary tags: only the safe loader is used, so a file can never run code;
- YAML 1.1 typing: under it the Italian and Spanish "No" (and yes/on/off) turn into
  ``False``, ``1:20`` into 80, ``0777`` into 511, ``1_000`` into 1000 and ``2024-03-01``
  into a date. Plain values are typed by the YAML 1.2 core schema instead, and nothing else:
  ``true``/``false`` (also True, TRUE, False, FALSE), null (``null``, Null, NULL, ``~`` or
  nothing), integers (``[-+]?[0-9]+``, ``0o17``, ``0x1F``), floats (``1.5``, ``-2e3``, ``.5``,
  ``.inf``, ``-.inf``, ``.nan``); everything else is text. So ``0777`` is 777, as the spec
  reads it (a decimal with leading zeros, never octal), and ``1:20``, ``1_000``, ``2024-03-01``,
  ``=`` and ``<<`` are text (``<<`` is an ordinary key: there are no merge keys). An explicit
  tag (``!!int``, ``!!bool``...) must hold a value of that schema too, and only the core tags
  are known.

A number that cannot be held as written (an integer of more than 30 digits, a float past
1.8e308) is a problem at its place, not a crash or an infinity.
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from cardsets.files import FileRefused, read_text

try:
    from yaml import CSafeLoader as _BaseLoader
    _C_LOADER = True
except ImportError:  # pragma: no cover - the C loader ships with most PyYAML wheels
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]
    _C_LOADER = False

Path_ = tuple[str | int, ...]

# The YAML 1.2 core schema (spec 10.3.2), each form anchored at both ends.
_TAG = "tag:yaml.org,2002:"
_NULL = re.compile(r"(?:null|Null|NULL|~|)\Z")
_BOOL = re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z")
_INT = re.compile(r"(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)\Z")
_FLOAT = re.compile(r"(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
                    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))\Z")
# No count, year or number of ours comes near this; Python itself refuses int() past 4,300 digits.
MAX_INT_DIGITS = 30


class OutOfRange(ConstructorError):
    """A number of the schema that cannot be held as written."""


class StrictLoader(_BaseLoader):
    """Safe loader that types plain values by the YAML 1.2 core schema only."""


def _core_resolvers() -> dict[Any, list[tuple[str, re.Pattern[str]]]]:
    # Keyed by a value's first character ("" for the empty value), as PyYAML's Resolver looks
    # them up; the int form comes before the float one, which also matches "12".
    table: dict[Any, list[tuple[str, re.Pattern[str]]]] = {}
    for tag, regexp, first in (("null", _NULL, ["~", "n", "N", ""]), ("bool", _BOOL, list("tTfF")),
                               ("int", _INT, list("-+0123456789")), ("float", _FLOAT, list("-+0123456789."))):
        for char in first:
            table.setdefault(char, []).append((_TAG + tag, regexp))
    return table


def _text(loader: SafeConstructor, node: yaml.Node, pattern: re.Pattern[str], kind: str) -> str:
    value = loader.construct_scalar(node)  # type: ignore[arg-type]
    assert isinstance(value, str)
    if not pattern.match(value):
        raise ConstructorError(None, None, f"not {kind} in YAML 1.2", node.start_mark)
    return value


def _construct_null(loader: SafeConstructor, node: yaml.Node) -> None:
    _text(loader, node, _NULL, "null")


def _construct_bool(loader: SafeConstructor, node: yaml.Node) -> bool:
    return _text(loader, node, _BOOL, "true or false").lower() == "true"


def _construct_int(loader: SafeConstructor, node: yaml.Node) -> int:
    value = _text(loader, node, _INT, "a whole number")
    base = {"0o": 8, "0x": 16}.get(value[:2], 10)
    digits = value[2:] if base != 10 else value.lstrip("+-")
    if len(digits) > MAX_INT_DIGITS:
        raise OutOfRange(None, None, f"a number of {len(digits):,} digits (at most {MAX_INT_DIGITS}); "
                         "quote it if it is meant as text", node.start_mark)
    number = int(digits, base)
    return -number if value.startswith("-") else number


def _construct_float(loader: SafeConstructor, node: yaml.Node) -> float:
    value = _text(loader, node, _FLOAT, "a number")
    if value.lstrip("+-")[1:2] in ("i", "I", "n", "N"):
        number = float(value.replace(".", "", 1))  # -.inf as Python writes it: -inf
    else:
        number = float(value)
    if math.isinf(number) and "inf" not in value.lower():
        raise OutOfRange(None, None, f"{_shown(value)} is too large a number; quote it if it is meant as text",
                         node.start_mark)
    return number


StrictLoader.yaml_implicit_resolvers = _core_resolvers()
StrictLoader.yaml_constructors = {
    _TAG + "str": SafeConstructor.construct_yaml_str,
    _TAG + "null": _construct_null,
    _TAG + "bool": _construct_bool,
    _TAG + "int": _construct_int,
    _TAG + "float": _construct_float,
    None: SafeConstructor.construct_undefined,
}


def _shown(value: str, width: int = 40) -> str:
    """A value as problems quote it: a huge one cut short."""
    return repr(value if len(value) <= width else value[:width] + "…")


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong in a file, with its position (1-based)."""

    file: str
    line: int
    column: int
    message: str

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

    def problem(self, path: Path_, message: str) -> None:
        """Record a problem at `path`, with the line and column where its value stood."""
        line, column = self.where(path)
        self.problems.append(Problem(self.file, line, column, message))

    def key_problem(self, path: Path_, message: str) -> None:
        """A problem with the key itself (unknown, wrong type), reported where the key stands."""
        line, column = self.where_key(path)
        self.problems.append(Problem(self.file, line, column, message))


def parse(text: str, file: str) -> Document:
    """Parse one YAML document. Syntax errors become problems, never exceptions."""
    doc = Document(file)
    try:
        deep = _too_deep(text)
        if deep is not None:
            doc.problems.append(Problem(file, deep[0], deep[1], _TOO_DEEP))
            return doc
        node = yaml.compose(text, Loader=StrictLoader)
    except yaml.MarkedYAMLError as exc:
        deep = _too_deep_for_libyaml(text, exc)
        if deep is not None:
            doc.problems.append(Problem(file, deep[0], deep[1], _TOO_DEEP))
            return doc
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = f"YAML syntax: {exc.problem or exc}"
        if exc.problem and exc.context:
            # Where the parser gave up is often far from the cause (an unclosed quote is noticed
            # at the end of the file), so also say what it was reading and where that started.
            start = exc.context_mark
            at = ""
            if start and (start.line + 1, start.column + 1) != (line, column):
                at = f" at line {start.line + 1}, column {start.column + 1}"
            message += f" ({exc.context}{at})"
        doc.problems.append(Problem(file, line, column, message))
        return doc
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, e.g. a control character
        line, column = _reader_position(text, exc.position)
        doc.problems.append(Problem(file, line, column, f"character #x{exc.character:04x}: {exc.reason}"))
        return doc
    except yaml.YAMLError as exc:
        doc.problems.append(Problem(file, 1, 1, f"YAML: {exc}"))
        return doc
    if node is None:
        doc.data = None
        return doc
    constructor = StrictLoader("")
    try:
        doc.data = _Builder(doc, constructor).build(node, (), 0)
    finally:
        constructor.dispose()
    return doc


T = TypeVar("T")


def id_lines(doc: Document) -> dict[str, int]:
    """Every mapping with a text ``id`` in the document, wherever it is nested (the cards of a
    cards.yaml, which each game lays out its own way): id -> the line it starts on."""
    found: dict[str, int] = {}
    stack: list[tuple[Any, Path_]] = [(doc.data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            if isinstance(value.get("id"), str):
                found.setdefault(value["id"], doc.where(path)[0])
            stack.extend((item, (*path, key)) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, (*path, i)) for i, item in enumerate(value))
    return found


def load_valid(path: Path, label: str | None, validate: Callable[[Document], T | None]) -> T:
    """Read a card-set file and validate it; raise CardSetError with every problem found."""
    doc = read(path, label)
    result = validate(doc)
    if doc.problems or result is None:
        raise CardSetError(doc.problems)
    return result


def read(path: Path, label: str | None = None) -> Document:
    """Read and parse a file; ``label`` is the name used in problems (default: the path)."""
    name = label or str(path)
    try:
        # Bounded and for regular files only: a link to /dev/zero or a FIFO would never end.
        text = read_text(path, MAX_FILE_BYTES)
    except FileRefused as exc:
        message = "not a regular file" if exc.reason == "not_a_file" else f"file too large (more than {MAX_FILE_BYTES:,} bytes)"
        return Document(name, problems=[Problem(name, 1, 1, message)])
    except FileNotFoundError:
        return Document(name, problems=[Problem(name, 1, 1, "file not found")])
    except UnicodeDecodeError as exc:
        # Point at the first byte that is not UTF-8 (everything before it decoded fine).
        before = exc.object[:exc.start].decode("utf-8", "replace")
        line, column = before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1
        bad = exc.object[exc.start:exc.start + 1].hex()
        return Document(name, problems=[Problem(name, line, column, f"not UTF-8 text (byte 0x{bad}: {exc.reason})")])
    except OSError as exc:
        return Document(name, problems=[Problem(name, 1, 1, f"cannot read: {exc.strerror}")])
    return parse(text, name)


# Limits that keep a hostile or mangled file from crashing or hanging the loader:
# the shipped files are tens of kilobytes, and megabytes take tens of seconds to parse;
# PyYAML's C composer recurses once per nesting level (and overflows the C stack
# around 10^5 levels), and aliases can expand a small file exponentially.
MAX_FILE_BYTES = 2_000_000
_MAX_DEPTH = 50
_TOO_DEEP = f"values nested more than {_MAX_DEPTH} levels deep"
_MAX_VALUES = 200_000
# A collection starts only at one of these characters, so a text with fewer of them
# cannot nest deeply enough to hurt the composer and needs no event pre-scan.
_NESTING_CHARS = "[{-:?"
_PRESCAN_ABOVE = 5_000


def _reader_position(text: str, position: int) -> tuple[int, int]:
    # The C reader counts UTF-8 bytes, the pure-Python one characters.
    before = text.encode("utf-8")[:position].decode("utf-8", "ignore") if _C_LOADER else text[:position]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def _too_deep(text: str) -> tuple[int, int] | None:
    """Where the nesting first goes past _MAX_DEPTH, read from the (non-recursive) event stream."""
    if sum(text.count(c) for c in _NESTING_CHARS) < _PRESCAN_ABOVE:
        return None
    return _first_too_deep(yaml.parse(text, Loader=StrictLoader))


def _too_deep_for_libyaml(text: str, exc: yaml.MarkedYAMLError) -> tuple[int, int] | None:
    """When `exc` is libyaml refusing to nest past 1,000 levels, where the nesting first goes
    past _MAX_DEPTH.

    libyaml 0.2.6 (in the PyYAML 6.0.4 wheels) has that limit and meets it while reading
    ahead, before it hands out the event at level 51. The pure-Python parser has no such limit
    and does not recurse either, so it tells the place, as with any other PyYAML.
    """
    if not _C_LOADER or "nesting depth" not in str(exc.problem):
        return None
    try:
        return _first_too_deep(yaml.parse(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return None


def _first_too_deep(events: Iterator[yaml.Event]) -> tuple[int, int] | None:
    depth = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > _MAX_DEPTH:
                mark = event.start_mark
                return (mark.line + 1, mark.column + 1) if mark else (1, 1)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


def _at(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _Builder:
    """Turns composed nodes into plain data, recording positions and reporting (never raising)."""

    def __init__(self, doc: Document, constructor: Any) -> None:
        self.doc = doc
        self.constructor = constructor
        self.active: set[int] = set()  # ids of the collections being built (an alias cycle comes back to one)
        self.failed: set[int] = set()  # ids of the scalars that could not be read
        self.values = 0
        self.overflow = False

    def report(self, node: yaml.Node, message: str) -> None:
        line, column = _at(node)
        self.doc.problems.append(Problem(self.doc.file, line, column, message))

    def build(self, node: yaml.Node, path: Path_, depth: int) -> Any:
        doc = self.doc
        doc.positions[path] = _at(node)
        self.values += 1
        if self.values > _MAX_VALUES:
            if not self.overflow:
                self.overflow = True
                self.report(node, f"more than {_MAX_VALUES} values (an alias repeated too often?)")
            return None
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if depth >= _MAX_DEPTH:
            self.report(node, _TOO_DEEP)
            return None
        if id(node) in self.active:
            self.report(node, "an alias refers to a value that contains it")
            return None
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                if node.tag != "tag:yaml.org,2002:seq":
                    doc.problem(path, f"unsupported tag {node.tag!r}")
                return [self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, path, depth)
        finally:
            self.active.discard(id(node))
        doc.problem(path, "unsupported YAML node")  # pragma: no cover
        return None

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> Any:
        if id(node) in self.failed:
            return None  # an alias to a value already reported
        try:
            return self.constructor.construct_object(node, deep=True)
        except OutOfRange as exc:
            self.doc.problem(path, str(exc.problem))
        except Exception as exc:  # unknown tags, and values such as `!!int x` that are not of their tag
            self.doc.problem(path, f"unsupported value {_shown(node.value)} ({getattr(exc, 'problem', None) or exc})")
        self.failed.add(id(node))
        return None

    def mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> Any:
        doc = self.doc
        if node.tag != "tag:yaml.org,2002:map":
            doc.problem(path, f"unsupported tag {node.tag!r}")
        # No flatten_mapping: YAML 1.2 has no merge keys, so `<<` is a key like any other.
        result: dict[Any, Any] = {}
        first: dict[Any, yaml.Node] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.report(key_node, "a key must be a plain value")
                continue
            try:
                key = self.constructor.construct_object(key_node)
                hash(key)
            except OutOfRange as exc:
                self.report(key_node, str(exc.problem))
                continue
            except Exception as exc:
                self.report(key_node, f"unsupported key {_shown(key_node.value)} ({getattr(exc, 'problem', None) or exc})")
                continue
            if key in first:
                self.report(key_node, f"duplicate key {_shown(key) if isinstance(key, str) else repr(key)}")
                continue
            first[key] = key_node
            doc.key_positions[path + (key,)] = _at(key_node)
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result
