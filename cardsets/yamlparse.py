"""PyYAML behind `cardsets.yamlfile`: the strict YAML 1.2 loader, its limits, and the walk that keeps every
value's position (see yamlfile's docstring for what is accepted)."""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

import yaml
from yaml.constructor import ConstructorError, SafeConstructor

from cardsets.yamldoc import Document, Path_, Problem

try:
    from yaml import CSafeLoader as _BaseLoader
    _C_LOADER = True
except ImportError:  # pragma: no cover - the C loader ships with most PyYAML wheels
    from yaml import SafeLoader as _BaseLoader  # type: ignore[assignment]
    _C_LOADER = False

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
_STR = _TAG + "str"
StrictLoader.yaml_constructors = {
    _STR: SafeConstructor.construct_yaml_str,
    _TAG + "null": _construct_null,
    _TAG + "bool": _construct_bool,
    _TAG + "int": _construct_int,
    _TAG + "float": _construct_float,
    None: SafeConstructor.construct_undefined,
}


def _shown(value: str, width: int = 40) -> str:
    """A value as problems quote it: a huge one cut short."""
    return repr(value if len(value) <= width else value[:width] + "…")


def parse(text: str, file: str) -> Document:
    """Parse one YAML document (yamlfile.parse). Syntax errors become problems, never exceptions."""
    doc = Document(file)
    try:
        deep = _too_deep(text)
        if deep is not None:
            doc.problems.append(Problem(file, deep[0], deep[1], _TOO_DEEP, "yaml.too_deep"))
            return doc
        node = yaml.compose(text, Loader=StrictLoader)
    except yaml.MarkedYAMLError as exc:
        deep = _too_deep_for_libyaml(text, exc)
        if deep is not None:
            doc.problems.append(Problem(file, deep[0], deep[1], _TOO_DEEP, "yaml.too_deep"))
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
        # PyYAML's sentence is in English and its own words: a player is told only where (desktop.frame.problem_words).
        doc.problems.append(Problem(file, line, column, message, "yaml.syntax"))
        return doc
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow, e.g. a control character
        line, column = _reader_position(text, exc.position)
        doc.problems.append(Problem(file, line, column, f"character #x{exc.character:04x}: {exc.reason}",
                                    "yaml.character", (("char", f"U+{exc.character:04X}"),)))
        return doc
    except yaml.YAMLError as exc:
        doc.problems.append(Problem(file, 1, 1, f"YAML: {exc}", "yaml.syntax"))
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


# The limits besides the file's size (yamlfile.MAX_FILE_BYTES): nesting, which PyYAML's C composer meets with
# recursion, and values, which aliases can multiply.
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

    def report(self, node: yaml.Node, message: str, code: str = "yaml.unsupported", **params: str | int) -> None:
        line, column = _at(node)
        self.doc.problems.append(Problem(self.doc.file, line, column, message, code, tuple(params.items())))

    def build(self, node: yaml.Node, path: Path_, depth: int) -> Any:
        doc = self.doc
        doc.positions[path] = _at(node)
        self.values += 1
        if self.values > _MAX_VALUES:
            if not self.overflow:
                self.overflow = True
                self.report(node, f"more than {_MAX_VALUES} values (an alias repeated too often?)", "yaml.too_many_values")
            return None
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        if depth >= _MAX_DEPTH:
            self.report(node, _TOO_DEEP, "yaml.too_deep")
            return None
        if id(node) in self.active:
            self.report(node, "an alias refers to a value that contains it")
            return None
        self.active.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                if node.tag != "tag:yaml.org,2002:seq":
                    doc.problem(path, f"unsupported tag {node.tag!r}", "yaml.unsupported")
                return [self.build(child, path + (i,), depth + 1) for i, child in enumerate(node.value)]
            if isinstance(node, yaml.MappingNode):
                return self.mapping(node, path, depth)
        finally:
            self.active.discard(id(node))
        doc.problem(path, "unsupported YAML node", "yaml.unsupported")  # pragma: no cover
        return None

    def scalar(self, node: yaml.ScalarNode, path: Path_) -> Any:
        if node.tag == _STR:
            return node.value  # what the constructor would answer, without its bookkeeping: most values are text
        if id(node) in self.failed:
            return None  # an alias to a value already reported
        try:
            return self.constructor.construct_object(node, deep=True)
        except OutOfRange as exc:
            self.doc.problem(path, str(exc.problem), "yaml.unsupported")
        except Exception as exc:  # unknown tags, and values such as `!!int x` that are not of their tag
            self.doc.problem(path, f"unsupported value {_shown(node.value)} ({getattr(exc, 'problem', None) or exc})",
                             "yaml.unsupported")
        self.failed.add(id(node))
        return None

    def mapping(self, node: yaml.MappingNode, path: Path_, depth: int) -> Any:
        doc = self.doc
        if node.tag != "tag:yaml.org,2002:map":
            doc.problem(path, f"unsupported tag {node.tag!r}", "yaml.unsupported")
        # No flatten_mapping: YAML 1.2 has no merge keys, so `<<` is a key like any other.
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.report(key_node, "a key must be a plain value")
                continue
            try:
                key = key_node.value if key_node.tag == _STR else self.constructor.construct_object(key_node)
                hash(key)
            except OutOfRange as exc:
                self.report(key_node, str(exc.problem))
                continue
            except Exception as exc:
                self.report(key_node, f"unsupported key {_shown(key_node.value)} ({getattr(exc, 'problem', None) or exc})")
                continue
            if key in result:
                self.report(key_node, f"duplicate key {_shown(key) if isinstance(key, str) else repr(key)}",
                            "yaml.duplicate_key", name=str(key)[:40])
                continue
            doc.key_positions[path + (key,)] = _at(key_node)
            result[key] = self.build(value_node, path + (key,), depth + 1)
        return result
