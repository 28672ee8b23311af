"""The document validator made from the one schema source, ``schema.py`` (imports pydantic).

``compile_document`` builds pydantic's core schema of a ``Document``, leaves out what
validation does not use (JSON Schema metadata, serializers, the ``TypedDict`` classes) and
adds the digest of its sources and the bindings the writer reads: what ``compiled.py`` ships
in ``compiled.pickle``, and builds on start-up when that file is stale.

A match object is validated straight into the engine's ``Match`` (``_built_by_the_validator``):
pydantic-core makes the frozen dataclass in Rust, where the ``TypedDict`` left a ``dict`` per
match for Python to turn into a ``Match`` — a 10,000-player document has 70,000 of them
(``benchmarks/document.py``; docs/performance.md "Whole commands"). Its keys and checks are
the ``TypedDict``'s, field by field; a key left out takes the dataclass's default (the default
id ``""`` is filled with its round, ``tables.round_of``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import TypeAdapter

from fairpair.engine.rounds import Match
from fairpair.interop.document.binding import BINDINGS
from fairpair.interop.document.schema import Document, MatchDoc
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


#: The document objects validated into their engine class by pydantic-core (ref prefix: class).
BUILT = {f"{MatchDoc.__module__}.{MatchDoc.__qualname__}:": Match}


def _built_by_the_validator(schema: Any) -> Any:
    """The core schema with each ``TypedDict`` of ``BUILT`` validated into its dataclass."""
    if isinstance(schema, list):
        return [_built_by_the_validator(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _built_by_the_validator(value) for key, value in schema.items()}
    ref = str(out.get("ref", ""))
    cls = next((c for prefix, c in BUILT.items() if ref.startswith(prefix)), None)
    if out.get("type") != "typed-dict" or cls is None:
        return out
    fields = dataclasses.fields(cls)
    keys = out["fields"]
    if [f.name for f in fields] != list(keys):
        raise TypeError(f"{cls.__name__}: the document's keys are not the class's fields")
    args = []
    for f in fields:
        field_schema = keys[f.name]["schema"]
        if not keys[f.name].get("required", True):
            field_schema = {"type": "default", "schema": field_schema, "default": f.default}
        args.append({"type": "dataclass-field", "name": f.name, "schema": field_schema})
    return {
        "type": "dataclass",
        "cls": cls,
        "fields": [f.name for f in fields],
        "schema": {
            "type": "dataclass-args",
            "dataclass_name": cls.__name__,
            "fields": args,
            "extra_behavior": out.get("extra_behavior", "forbid"),
        },
        "slots": True,
        "frozen": True,
        "revalidate_instances": "always",
        "config": out.get("config", {}),
        "ref": ref,
    }


def compile_document() -> dict[str, Any]:
    """Build the validator's core schema from ``schema.py``."""
    adapter: Any = TypeAdapter(Document)
    return {
        "digest": sources_digest(),
        "schema": _built_by_the_validator(_lean(adapter.core_schema)),
        "bindings": dict(BINDINGS),
    }
