"""The tournament document: one JSON file with players, stages, rounds, results and drops.

``load_document`` reads and validates a file into an engine ``Tournament``; ``dump_document``
writes a whole one; ``fairpair.interop.save`` adds a round to a user's file. The one schema
source is ``schema.py``; docs/tournament-document.md explains it and how to add a field, and
``json_schema.json_schema`` publishes it (that module imports pydantic: the package does not).
Importing this package is cheap: the shipped validator is read, and built on first use.
"""

from __future__ import annotations

from fairpair.engine.errors import FairpairError
from fairpair.interop.document.marker import DOCUMENT_FORMAT, DOCUMENT_VERSION
from fairpair.interop.document.read import load_document, parse_document
from fairpair.interop.document.write import dump_document, to_document

__all__ = [
    "DOCUMENT_FORMAT",
    "DOCUMENT_VERSION",
    "FairpairError",
    "dump_document",
    "load_document",
    "parse_document",
    "to_document",
]
