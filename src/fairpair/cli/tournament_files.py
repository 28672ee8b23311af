"""Reading the tournament file a command names: a FIDE TRF file or a JSON tournament document
(``fairpair.interop.files.is_trf`` tells them apart). Each reader is imported when a file
needs it: a command on a JSON document never loads the TRF reader, and the other way round
(start-up time, docs/performance.md "Start-up")."""

from __future__ import annotations

from os import PathLike

from fairpair.engine.tournament import Tournament
from fairpair.interop.files import is_trf


def load_tournament(path: str | PathLike[str]) -> Tournament:
    """The tournament in the file at ``path``: a TRF file or a JSON document."""
    if is_trf(path):
        from fairpair.interop.trf import load_trf

        return load_trf(path).tournament
    return load_json_document(path)


def load_json_document(path: str | PathLike[str]) -> Tournament:
    """The tournament in the JSON document at ``path``; a large file is read a round at a
    time (``interop.document.large``: the same tournament in a fraction of the memory)."""
    from fairpair.interop.document.read import is_large, load_document

    if is_large(path):
        from fairpair.interop.document.large import load_large_document

        return load_large_document(path)
    return load_document(path)
