"""The browser's import path: loading the generator's entry module (what the page waits for)
imports the engine and the document reader only — never the server (SQLAlchemy, FastAPI,
Starlette, Typer, uvicorn), nor pydantic itself (the document reader needs pydantic-core
alone); and without rustworkx, as in Pyodide, the engine pairs with networkx."""

from __future__ import annotations

import json
import subprocess
import sys

SERVER = ("sqlalchemy", "fastapi", "starlette", "typer", "uvicorn", "alembic", "jinja2", "pydantic")

PROBE = """
import json, sys
if {blocked!r}:
    sys.modules["rustworkx"] = None  # as in the browser: importing it fails
from fairpair.generator.browser import call
from fairpair.engine.pairing import matcher
doc = json.loads(call("new_event", json.dumps({{"name": "Probe", "players": "A\\nB\\nC\\nD"}})))
doc = json.loads(call("pair_next", json.dumps({{"document": doc["document"]}})))
print(json.dumps({{"modules": sorted({{m.split(".")[0] for m in sys.modules}}),
                  "solver": matcher.SOLVER, "paired": "html" in doc}}))
"""


def probe(blocked: bool) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(blocked=blocked)],
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_the_browser_entry_imports_no_server_package() -> None:
    found = probe(blocked=False)
    modules = found["modules"]
    assert isinstance(modules, list)
    assert [m for m in SERVER if m in modules] == []
    assert "pydantic_core" in modules and found["solver"] == "rustworkx" and found["paired"]


def test_without_rustworkx_the_engine_pairs_with_networkx() -> None:
    found = probe(blocked=True)
    modules = found["modules"]
    assert isinstance(modules, list)
    assert found["solver"] == "networkx" and found["paired"]
    assert "networkx" in modules  # (rustworkx is blocked: its entry is None)
    assert [m for m in SERVER if m in modules] == []
