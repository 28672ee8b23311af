"""The layering of DESIGN.md "Architecture", read off every module's imports (ast, no import):
the engine is pure; only the service writes to the store; the interfaces call the service and
never import the store."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "fairpair"

#: Package → the fairpair packages it must never import.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "engine": ("store", "service", "web", "api", "cli", "interop", "responses"),
    "store": ("service", "web", "api", "cli"),
    "service": ("web", "api", "cli"),
    "responses": ("store", "service", "web", "api", "cli"),
    "interop": ("store", "service", "web", "api", "cli"),
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return [name for name in found if name.startswith("fairpair.")]


def _modules(package: str) -> list[Path]:
    return sorted((SRC / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_a_layer_never_imports_the_layers_above_it(package: str) -> None:
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in _modules(package)
        for name in _imports(path)
        if name.split(".")[1] in FORBIDDEN[package]
    ]
    assert wrong == []


@pytest.mark.parametrize("package", ["cli", "web", "api"])
def test_an_interface_never_imports_the_store(package: str) -> None:
    # Even the database is opened through the service (fairpair.service.connection).
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in _modules(package)
        for name in _imports(path)
        if name.startswith("fairpair.store")
    ]
    assert wrong == []
