"""Import cycles and function-level imports in src/fairpair, read with ast (nothing is imported).

    uv run python scripts/imports.py      # prints both counts; exit status 1 if either is not 0

Every import is an edge of the module graph: at module level, inside a function, and under
``if TYPE_CHECKING:``. ``from package import name`` is an edge to ``package.name`` when that is
a module, else to the package (its ``__init__``, which re-exports the name). Importing
``package.module`` also runs ``package/__init__.py`` first: that is an edge to the package too,
unless the importer is inside that package (Python has started the package before any module
of it). A cycle is a strongly connected component of more than one module.

A function-level import is an import of a ``fairpair`` module inside a function or method body,
outside ``src/fairpair/cli/`` (the CLI imports its commands' dependencies on first use, to start
quickly).

``tests/test_imports.py`` uses :func:`import_graph`, :func:`cycles` and
:func:`function_level_imports`.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
PACKAGE = "fairpair"

#: Where function-level imports are allowed: the CLI loads a command's modules when it runs.
LAZY_PACKAGES = ("fairpair.cli",)


@dataclass(frozen=True)
class Import:
    """One ``fairpair`` module imported by another, and where."""

    importer: str
    imported: str
    path: Path
    line: int
    in_function: bool

    def where(self) -> str:
        """``path:line``, the path from the repository root when it is in it."""
        path = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{path}:{self.line}"


def modules(src: Path = SRC) -> dict[str, Path]:
    """Every module under ``src/fairpair``, by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted((src / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _resolve(name: str, known: Mapping[str, Path]) -> str | None:
    """The longest module prefix of ``name`` (``a.b.C`` is module ``a.b`` when ``C`` is not)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def _import_statements(
    body: list[ast.stmt], in_function: bool = False
) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement in ``body`` and the blocks under it, and whether it is inside a
    function or method (an import is a statement: expressions are not searched)."""
    for statement in body:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            yield statement, in_function
            continue
        inner = in_function or isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef))
        for name in ("body", "orelse", "finalbody"):
            block = getattr(statement, name, None)
            if isinstance(block, list):
                yield from _import_statements(block, inner)
        for handler in getattr(statement, "handlers", ()):
            yield from _import_statements(handler.body, inner)
        for case in getattr(statement, "cases", ()):
            yield from _import_statements(case.body, inner)


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    if node.level:
        package = module if is_package else module.rpartition(".")[0]
        base = package.split(".")
        base = base[: len(base) - (node.level - 1)]
        source = ".".join([*base, node.module] if node.module else base)
    else:
        source = node.module or ""
    for alias in node.names:
        yield source if alias.name == "*" else f"{source}.{alias.name}"


def imports(src: Path = SRC) -> list[Import]:
    """Every import of one ``fairpair`` module by another."""
    known = modules(src)
    found: list[Import] = []
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        for node, in_function in _import_statements(tree.body):
            for target in _targets(node, module, is_package):
                if target != PACKAGE and not target.startswith(PACKAGE + "."):
                    continue
                imported = _resolve(target, known)
                if imported is None or imported == module:
                    continue
                found.append(Import(module, imported, path, node.lineno, in_function))
    return found


def _inside(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def import_graph(src: Path = SRC, edges: Sequence[Import] | None = None) -> dict[str, set[str]]:
    """Each module → the modules it imports (every import counted), and the packages whose
    ``__init__`` that runs first (outside the importer's own packages). ``edges``: the
    ``imports(src)`` already read."""
    graph: dict[str, set[str]] = {module: set() for module in modules(src)}
    for edge in imports(src) if edges is None else edges:
        graph[edge.importer].add(edge.imported)
        parts = edge.imported.split(".")
        for end in range(1, len(parts)):
            package = ".".join(parts[:end])
            if package in graph and not _inside(edge.importer, package):
                graph[edge.importer].add(package)
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The import cycles: strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter
                    counter += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph.get(successor, ())))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def function_level_imports(src: Path = SRC, edges: Sequence[Import] | None = None) -> list[Import]:
    """Imports of ``fairpair`` modules inside a function body, outside the CLI. ``edges``: the
    ``imports(src)`` already read."""
    return [
        edge
        for edge in (imports(src) if edges is None else edges)
        if edge.in_function and not any(_inside(edge.importer, lazy) for lazy in LAZY_PACKAGES)
    ]


def main() -> int:
    edges = imports()
    found = cycles(import_graph(edges=edges))
    print(f"import cycles: {len(found)}")
    for component in found:
        print(f"  {len(component)} modules: {', '.join(component)}")
    lazy = function_level_imports(edges=edges)
    print(f"function-level fairpair imports outside cli/: {len(lazy)}")
    for edge in sorted(lazy, key=lambda edge: (str(edge.path), edge.line)):
        print(f"  {edge.where()}  {edge.imported}")
    return 1 if found or lazy else 0


if __name__ == "__main__":
    sys.exit(main())
