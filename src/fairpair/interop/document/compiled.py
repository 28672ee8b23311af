"""The document validator, compiled once and shipped with fairpair, so reading a document
does not import pydantic (about 0.3 s of start-up) — only ``pydantic_core``.

``schema.py`` (pydantic ``TypedDict``s) stays the one schema source. ``core_schema.py`` builds
pydantic's core schema from it (``compile_document``), which is pickled with the bindings the
writer reads, next to this file (``compiled.pickle``). When this module is imported it reads
that file and keeps it when it was made from the current sources (a digest of the schema and
engine modules it depends on, ``sources.py``, and the same pydantic-core); otherwise it imports
``core_schema`` and ``document_validator`` builds the validator from ``schema.py`` directly —
same behaviour, slower start. ``tests/interop/test_compiled.py`` fails when the file is stale;
regenerate it with ``uv run python -m fairpair.interop.document.compiled``.
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

try:  # the C pickler alone: ``pickle``'s own module costs 1.5 ms of every start
    from _pickle import dumps, loads
except ImportError:  # an interpreter without it
    from pickle import dumps, loads

from fairpair.interop.document.binding import BINDINGS
from fairpair.interop.document.sources import sources_digest
from fairpair.interop.document.validator_core import SchemaValidator

HERE = os.path.dirname(os.path.realpath(__file__))
COMPILED = os.path.join(HERE, "compiled.pickle")


def _stored() -> dict[str, Any] | None:
    try:
        with open(COMPILED, "rb") as stream:  # our own file, shipped in the package
            data = loads(stream.read())
    except Exception:  # missing, unreadable, or made for other code: build it instead
        return None
    if not isinstance(data, dict) or data.get("digest") != sources_digest():
        return None
    return data


#: The shipped validator, when it was made from the current sources.
_SHIPPED = _stored()

if _SHIPPED is None or __name__ == "__main__":
    # Stale (a source changed, or another pydantic-core), or being made: the validator is
    # built from schema.py, which imports pydantic.
    from fairpair.interop.document.core_schema import compile_document


def is_current() -> bool:
    return _stored() is not None


@cache
def _compiled() -> dict[str, Any]:
    data = _SHIPPED or compile_document()
    for engine, binding in data["bindings"].items():
        BINDINGS.setdefault(engine, binding)
    return data


@cache
def document_validator() -> SchemaValidator:
    """The validator of a whole document, made once per process."""
    return SchemaValidator(_compiled()["schema"])


@cache
def round_validator() -> SchemaValidator:
    """The validator of one round of a stage (``large.py`` validates a large document's
    rounds with it, one at a time), made once per process."""
    return SchemaValidator(_compiled()["round"])


def document_keys() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The keys a document may have, and those a stage may have (``schema.py``)."""
    keys: tuple[tuple[str, ...], tuple[str, ...]] = _compiled()["keys"]
    return keys


def main() -> None:
    with open(COMPILED, "wb") as stream:
        stream.write(dumps(compile_document(), protocol=5))
    print(f"wrote {COMPILED}")


if __name__ == "__main__":
    main()
