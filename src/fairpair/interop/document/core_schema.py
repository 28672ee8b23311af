"""The document validator made from the one schema source, ``schema.py`` (imports pydantic).

``compile_document`` builds pydantic's core schema of a ``Document``, leaves out what
validation does not use (JSON Schema metadata, serializers, the ``TypedDict`` classes) and
adds the digest of its sources and the bindings the writer reads: what ``compiled.py`` ships
in ``compiled.pickle``, and builds on start-up when that file is stale.

A match, a player, a pod table, a group — every document object whose keys are exactly an
engine dataclass's fields — is validated straight into that dataclass
(``_built_by_the_validator``): pydantic-core makes the frozen object in Rust, where the
``TypedDict`` left a ``dict`` for Python to turn into it — a 10,000-player document has 70,000
matches (docs/performance.md "Beside other pairers"). The keys and their checks are the
``TypedDict``'s, field by field; a key left out takes the dataclass's default (a match's
default id ``""`` is filled with its round, ``tables.round_of``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import TypeAdapter

from fairpair.interop.document.binding import BINDINGS, Binding
from fairpair.interop.document.schema import Document, RoundEntry, StageDoc, TournamentDoc
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


def _dataclass_of(cls: type[Any], typed_dict: dict[str, Any]) -> dict[str, Any] | None:
    """The core schema that validates ``typed_dict``'s keys straight into ``cls`` (a frozen
    dataclass whose fields are exactly those keys, with no checks of its own after
    ``__init__``), or ``None`` when ``cls`` is not one."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not hasattr(cls, "__slots__"):
        return None
    if hasattr(cls, "__post_init__"):  # its checks raise as they did, from ``Binding.make``
        return None
    fields = dataclasses.fields(cls)
    keys = typed_dict["fields"]
    if {f.name for f in fields} != set(keys) or not all(f.init for f in fields):
        return None
    args = []
    for f in fields:
        field_schema = keys[f.name]["schema"]
        if not keys[f.name].get("required", True):
            if f.default is dataclasses.MISSING:
                return None
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
            "extra_behavior": typed_dict.get("extra_behavior", "forbid"),
        },
        "slots": True,
        "frozen": True,
        "revalidate_instances": "always",
        "config": typed_dict.get("config", {}),
        "ref": typed_dict.get("ref", ""),
    }


def _made_by(schema: dict[str, Any]) -> type[Any] | None:
    """The engine class a ``bind`` validator makes of its ``TypedDict`` with the keys alone
    (``Binding.make``: no defaults of the document's own, no factory)."""
    if schema.get("type") != "function-after" or schema["schema"].get("type") != "typed-dict":
        return None
    made = schema["function"].get("function")
    binding = getattr(made, "__self__", None)
    if isinstance(binding, Binding) and getattr(made, "__func__", None) is Binding.make:
        return binding.engine
    return None


def _built_by_the_validator(schema: Any) -> Any:
    """The core schema with each document object that is an engine dataclass's keys (a match,
    a player, a pod table…) validated into that dataclass by pydantic-core."""
    if isinstance(schema, list):
        return [_built_by_the_validator(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _built_by_the_validator(value) for key, value in schema.items()}
    bound = _made_by(out)
    if bound is None:
        return out
    return _dataclass_of(bound, out["schema"]) or out


def _core_schema(annotated: Any) -> Any:
    adapter: Any = TypeAdapter(annotated)
    return _built_by_the_validator(_lean(adapter.core_schema))


def compile_document() -> dict[str, Any]:
    """Build the validators' core schemas from ``schema.py``: the whole document's, and one
    round's (a round as a stage's ``rounds`` holds it: what ``large.py`` validates a large
    document's rounds with, one at a time), with the keys of a document and of a stage (how
    ``large.py`` finds the rounds)."""
    return {
        "digest": sources_digest(),
        "schema": _core_schema(Document),
        "round": _core_schema(RoundEntry),
        "keys": (tuple(TournamentDoc.__annotations__), tuple(StageDoc.__annotations__)),
        "bindings": dict(BINDINGS),
    }
