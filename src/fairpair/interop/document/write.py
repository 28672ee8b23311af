"""Writing a whole document from an engine ``Tournament``: every field the schema names, by
name, defaults left out (binding.py). ``save.py`` adds a round to a user's file without
rewriting it; this is for new documents (examples, exports)."""

from __future__ import annotations

import json
from typing import Any

from fairpair.engine.tournament import Tournament
from fairpair.interop.document.binding import written
from fairpair.interop.document.compiled import document_validator
from fairpair.interop.document.marker import DOCUMENT_FORMAT, DOCUMENT_VERSION


def to_document(tournament: Tournament) -> dict[str, Any]:
    """The document of ``tournament`` as JSON data (the inverse of ``parse_document``)."""
    document_validator()  # the bindings the writer reads come with it
    data: dict[str, Any] = written(tournament)
    return {"format": DOCUMENT_FORMAT, "version": DOCUMENT_VERSION, **data}


def dump_document(tournament: Tournament) -> str:
    """The JSON text of ``tournament`` as a document (2-space indent, schema key order)."""
    return json.dumps(to_document(tournament), indent=2, ensure_ascii=False) + "\n"
