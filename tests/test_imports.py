"""No import cycles and no function-level imports, read off every module's imports with ast
(``scripts/imports.py``; nothing is imported): a package whose modules import each other in a
circle, or hide an import inside a function, has a layer in the wrong place."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("imports_script", ROOT / "scripts" / "imports.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


imports = _script()

#: The packages held to both rules, and the modules directly in src/fairpair (""). The CLI is
#: held to the first only: it imports its commands' dependencies on first use (start-up time).
PACKAGES = ("engine", "interop", "responses", "store", "service", "web", "api", "cli", "")


@cache
def _read() -> tuple[list[list[str]], list[tuple[str, str]]]:
    """The cycles, and each function-level import (its module and place): read once."""
    edges = imports.imports()
    lazy = imports.function_level_imports(edges=edges)
    return imports.cycles(imports.import_graph(edges=edges)), [
        (e.importer, e.where()) for e in lazy
    ]


def _in(module: str, package: str) -> bool:
    """``module`` is in ``fairpair.package`` (or, for ``""``, directly in ``fairpair``)."""
    if not package:
        return bool(imports.modules()[module].parent == imports.SRC / "fairpair")
    return module == f"fairpair.{package}" or module.startswith(f"fairpair.{package}.")


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p or "top-level")
def test_no_import_cycle_goes_through_the_package(package: str) -> None:
    assert [c for c in _read()[0] if any(_in(module, package) for module in c)] == []


def test_the_whole_package_has_no_import_cycle() -> None:
    assert _read()[0] == []


@pytest.mark.parametrize("package", [p for p in PACKAGES if p != "cli"])
def test_the_package_imports_fairpair_at_module_level_only(package: str) -> None:
    assert [where for importer, where in _read()[1] if _in(importer, package)] == []


def test_a_cycle_and_a_function_level_import_are_found(tmp_path: Path) -> None:
    package = tmp_path / "fairpair"
    (package / "cli").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from fairpair.b import B\nA = 1\n")
    (package / "b.py").write_text("def f():\n    from fairpair.a import A\n    return A\nB = 2\n")
    (package / "c.py").write_text("from fairpair import a\n")
    (package / "cli" / "__init__.py").write_text("def run():\n    from fairpair import c\n")
    graph = imports.import_graph(tmp_path)
    assert imports.cycles(graph) == [["fairpair.a", "fairpair.b"]]
    found = imports.function_level_imports(tmp_path)
    assert [(edge.importer, edge.imported) for edge in found] == [("fairpair.b", "fairpair.a")]
