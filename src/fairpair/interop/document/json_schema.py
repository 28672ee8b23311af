"""The published JSON Schema of the document (docs/tournament.schema.json), generated from the
one schema source (``schema.py``)."""

from __future__ import annotations

from typing import Any


def json_schema() -> dict[str, Any]:
    """The document's JSON Schema (published as docs/tournament.schema.json)."""
    from pydantic import TypeAdapter

    from fairpair.interop.document.schema import Document

    adapter: Any = TypeAdapter(Document)
    schema: dict[str, Any] = adapter.json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "fairpair tournament document"
    return schema
