"""No import cycles in cardsets/, rules/, network/ and desktop/, and the layers only look down: every import counts, at the top of a module,
inside a function or under ``if TYPE_CHECKING:``, so a cycle cannot hide behind a late import.

The graph is read from the source with `ast` (nothing is imported): an edge from a module to each
module of the layers it names. ``from package import name`` names the submodule when there
is one, else the package itself.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("cardsets", "rules", "network", "desktop")


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the layers under `root`, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _named(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> Iterator[str]:
    """The dotted names an import statement of module `here` may load."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:  # relative: counted from the package of `here`
        package = here.split(".")
        package = package[:len(package) - node.level + (1 if is_package else 0)]
        base = ".".join(package + ([base] if base else []))
    yield base
    yield from (f"{base}.{alias.name}" for alias in node.names)


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of the layers it imports anywhere in its text."""
    known = modules(root)
    edges: dict[str, set[str]] = {}
    for name, path in known.items():
        targets: set[str] = set()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            named = list(_named(node, name, path.name == "__init__.py"))
            if isinstance(node, ast.ImportFrom):
                # `from a import b`: the submodule a.b if there is one, else a itself.
                base, *members = named
                hits = [m for m in members if m in known]
                targets.update(hits if hits else [base] if base in known else [])
                if hits and len(hits) < len(members) and base in known:
                    targets.add(base)  # some names are the package's own
            else:
                for dotted in named:
                    parts = dotted.split(".")
                    for end in range(len(parts), 0, -1):  # `import a.b.c` loads the deepest known module
                        if ".".join(parts[:end]) in known:
                            targets.add(".".join(parts[:end]))
                            break
        targets.discard(name)
        edges[name] = targets
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain of imports cannot reach Python's recursion limit.
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(_loop(sorted(component), edges))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return components


def _loop(component: list[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest path from the component's first module back to itself, for the failure message."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(edges[node] & members):
                if child == start:
                    return paths[node] + [start]
                if child not in paths:
                    paths[child] = paths[node] + [child]
                    following.append(child)
        frontier = following
    return component


def test_no_import_cycles() -> None:
    found = cycles(graph())
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(loop) for loop in found)


# Lowest first: each may import only from those before it (the games never from one another).
ORDER = ("cardsets", "rules", "network", "desktop.frame", "desktop.games", "desktop.net", "desktop.workbench", "desktop.shell", "desktop.tools",
         "desktop.cli")


def _rank(module: str) -> tuple[int, str]:
    """Where a module stands in ORDER, and the game it belongs to ('' for the shared parts)."""
    for rank, part in reversed(list(enumerate(ORDER))):
        if module == part or module.startswith(part + "."):
            game = module.split(".")[2] if part == "desktop.games" and module.count(".") > 1 else ""
            return rank, game
    return -1, ""  # `desktop` itself, empty


def test_layers_only_look_down() -> None:
    """cardsets <- rules <- network <- the frame <- each game's desktop package <- network play <- workbench <- shell
    <- tools <- cli."""
    upward = []
    for module, targets in sorted(graph().items()):
        rank, game = _rank(module)
        for target in sorted(targets):
            target_rank, target_game = _rank(target)
            if target_rank > rank or (target_rank == rank and target_game != game):
                upward.append(f"{module} -> {target}")
    assert not upward, "imports that look up or across:\n" + "\n".join(upward)


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    """A cycle through a TYPE_CHECKING import, one through an import inside a function and one through
    a relative import are each found; a package importing its own submodules is not a cycle."""
    files = {
        "desktop/__init__.py": "",
        "desktop/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from desktop.b import B\n",
        "desktop/b.py": "from desktop import a\n",
        "rules/__init__.py": "from rules.kernel import Move\n",
        "rules/kernel.py": "Move = object\n",
        "rules/game/__init__.py": "",
        "rules/game/engine.py": "def load() -> None:\n    import rules.game.state\n",
        "rules/game/state.py": "from . import engine\n",
        "cardsets/__init__.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert cycles(graph(tmp_path)) == [["desktop.a", "desktop.b", "desktop.a"],
                                       ["rules.game.engine", "rules.game.state", "rules.game.engine"]]
