"""The published JSON Schema of the document (docs/tournament.schema.json), generated from the
one schema source (``schema.py``; imports pydantic, so the package does not import this
module: ``from fairpair.interop.document.json_schema import json_schema``)."""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import TypeAdapter

from fairpair.interop.document.binding import BINDINGS, written
from fairpair.interop.document.schema import Document


def json_schema() -> dict[str, Any]:
    """The document's JSON Schema (published as docs/tournament.schema.json)."""
    adapter: Any = TypeAdapter(Document)
    schema: dict[str, Any] = adapter.json_schema()
    _add_defaults(schema)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "fairpair tournament document"
    return schema


def _add_defaults(schema: dict[str, Any]) -> None:
    """Each optional key's default, read off the engine (the one source of defaults)."""
    definitions = schema.get("$defs", {})
    for binding in BINDINGS.values():
        found = definitions.get(binding.document)
        if found is None and binding.document == "TournamentDoc":
            found = schema
        if found is None:
            continue
        properties = found.get("properties", {})
        required = set(found.get("required", ()))
        for key, default in binding.written_defaults().items():
            if key in properties and key not in required and default is not dataclasses.MISSING:
                properties[key]["default"] = written(default)
