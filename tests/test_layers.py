"""The layering of docs/architecture.md, read off every module's imports (ast, no import): the
engine is pure; only the service writes to the store; the interfaces call the service and never
import the store; service/'s feature folders import only the folders below them."""

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
    # The generator's glue runs in the browser: the engine, the document reader and the
    # language (no Babel there: not fairpair.i18n).
    "generator": ("store", "service", "web", "api", "cli", "responses", "i18n"),
    # The current language and what it says (standard library only), and the catalogues.
    "language": ("engine", "store", "service", "web", "api", "cli", "interop", "responses", "i18n"),
    "i18n": ("engine", "store", "service", "web", "api", "cli", "interop", "responses"),
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
    # Even the database is opened through the service (fairpair.service.kernel.connection).
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in _modules(package)
        for name in _imports(path)
        if name.startswith("fairpair.store")
    ]
    assert wrong == []


#: service/'s folders, bottom first (docs/architecture.md "service/ by feature"): a folder
#: imports only itself and the folders before it.
SERVICE_FOLDERS = (
    "kernel",
    "accounts",
    "jobs",
    "outbound",
    "notices",
    "rounds",
    "players",
    "results",
    "portal",
    "event",
    "communities",
    "leagues",
    "ratings",
    "discord",
)
#: The modules beside the folders, on top of all of them: every job kind's handler, and the
#: job loop that runs them.
SERVICE_TOP = ("__init__", "wiring", "job_loop")


def _service_folder(module: str) -> str | None:
    """``fairpair.service.rounds.drafts`` (or ``fairpair.service.rounds``) → ``rounds``; a
    module on top (or the package itself) → None."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[2] not in SERVICE_TOP else None


def test_service_modules_live_in_its_folders() -> None:
    service = SRC / "service"
    loose = sorted(p.stem for p in service.glob("*.py") if p.stem not in SERVICE_TOP)
    folders = sorted(p.name for p in service.iterdir() if p.is_dir() and p.name != "__pycache__")
    assert loose == []
    assert folders == sorted(SERVICE_FOLDERS)


@pytest.mark.parametrize("folder", SERVICE_FOLDERS)
def test_a_service_folder_imports_only_the_folders_below_it(folder: str) -> None:
    allowed = SERVICE_FOLDERS[: SERVICE_FOLDERS.index(folder) + 1]
    wrong = [
        f"{path.relative_to(SRC)} imports {name}"
        for path in sorted((SRC / "service" / folder).rglob("*.py"))
        for name in _imports(path)
        if name.startswith("fairpair.service") and (_service_folder(name) not in allowed)
    ]
    assert wrong == []
