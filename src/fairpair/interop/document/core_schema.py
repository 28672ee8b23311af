"""The document validator made from the one schema source, ``schema.py`` (imports pydantic).

``compile_document`` builds pydantic's core schema of a ``Document``, leaves out what
validation does not use (JSON Schema metadata, serializers, the ``TypedDict`` classes) and
adds the digest of its sources and the bindings the writer reads: what ``compiled.py`` ships
in ``compiled.pickle``, and builds on start-up when that file is stale.
"""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter

from fairpair.interop.document.binding import BINDINGS
from fairpair.interop.document.schema import Document
from fairpair.interop.document.sources import sources_digest


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
    """Build the validator's core schema from ``schema.py``."""
    adapter: Any = TypeAdapter(Document)
    return {
        "digest": sources_digest(),
        "schema": _lean(adapter.core_schema),
        "bindings": dict(BINDINGS),
    }
