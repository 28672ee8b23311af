"""The document validator, compiled once and shipped with fairpair, so reading a document
does not import pydantic (about 0.3 s of start-up) — only ``pydantic_core``.

``schema.py`` (pydantic ``TypedDict``s) stays the one schema source. ``compile_document``
builds pydantic's core schema from it, leaves out what validation does not use (JSON Schema
metadata, serializers, the ``TypedDict`` classes) and pickles it with the bindings the writer
reads, next to this file (``compiled.pickle``). ``document_validator`` loads it when it was
made from the current sources (a digest of the schema and engine modules it depends on, and
the same pydantic-core); otherwise it builds the validator from ``schema.py`` directly — same
behaviour, slower start. ``tests/interop/test_compiled.py`` fails when the file is stale;
regenerate it with ``uv run python -m fairpair.interop.document.compiled``.
"""

from __future__ import annotations

import hashlib
import pickle
from functools import cache
from pathlib import Path
from typing import Any

import pydantic_core
from pydantic_core import SchemaValidator

from fairpair.interop.document.binding import BINDINGS

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parents[1]
COMPILED = HERE / "compiled.pickle"

#: The modules whose text decides the validator (a change to any of them needs a new file).
SOURCES = (
    *(
        f"interop/document/{name}.py"
        for name in (
            "schema",
            "values",
            "checks",
            "binding",
            "results",
            "rulesets",
            "limits",
            "marker",
        )
    ),
    *(
        f"engine/{name}.py"
        for name in (
            "drops",
            "players",
            "results",
            "rounds",
            "ruleset",
            "rulesets",
            "scoring",
            "stage",
            "tournament",
            "validation",
        )
    ),
)


def sources_digest() -> str:
    digest = hashlib.sha256(pydantic_core.__version__.encode())
    for name in SOURCES:
        digest.update(name.encode())
        digest.update((PACKAGE / name).read_bytes())
    return digest.hexdigest()


def _lean(schema: Any) -> Any:
    """The core schema without what validation does not use."""
    if isinstance(schema, dict):
        return {
            key: _lean(value)
            for key, value in schema.items()
            if key not in ("metadata", "serialization")
            and not (key == "cls" and schema.get("type") == "typed-dict")
        }
    if isinstance(schema, list):
        return [_lean(item) for item in schema]
    return schema


def compile_document() -> dict[str, Any]:
    """Build the validator's core schema from ``schema.py`` (imports pydantic)."""
    from pydantic import TypeAdapter

    from fairpair.interop.document.schema import Document

    adapter: Any = TypeAdapter(Document)
    return {
        "digest": sources_digest(),
        "schema": _lean(adapter.core_schema),
        "bindings": dict(BINDINGS),
    }


def _stored() -> dict[str, Any] | None:
    try:
        data = pickle.loads(COMPILED.read_bytes())  # our own file, shipped in the package
    except Exception:  # missing, unreadable, or made for other code: build it instead
        return None
    if not isinstance(data, dict) or data.get("digest") != sources_digest():
        return None
    return data


def is_current() -> bool:
    return _stored() is not None


@cache
def document_validator() -> SchemaValidator:
    """The validator of a whole document, made once per process."""
    data = _stored() or compile_document()
    for engine, binding in data["bindings"].items():
        BINDINGS.setdefault(engine, binding)
    return SchemaValidator(data["schema"])


def main() -> None:
    COMPILED.write_bytes(pickle.dumps(compile_document(), protocol=5))
    print(f"wrote {COMPILED}")


if __name__ == "__main__":
    main()
