"""The tournament files the command line reads: a JSON tournament document or a FIDE TRF
file, told apart by the name (``.trf``, ``.txt`` with TRF lines) or, failing that, by the
first character that is not a blank (``{`` starts a document)."""

from __future__ import annotations

from pathlib import Path

from fairpair.engine.tournament import Tournament
from fairpair.interop.document import load_document
from fairpair.interop.trf import load_trf

TRF_SUFFIXES = (".trf", ".trfx")


def is_trf(path: str | Path) -> bool:
    """Whether ``path`` holds a TRF file rather than a JSON document."""
    path = Path(path)
    if path.suffix.lower() in TRF_SUFFIXES:
        return True
    if path.suffix.lower() == ".json":
        return False
    try:
        with path.open("rb") as stream:
            head = stream.read(512).removeprefix(b"\xef\xbb\xbf").lstrip()
    except OSError:
        return False  # the document reader says what is wrong with it
    return bool(head) and head[:1] != b"{" and head[:3].isalnum()


def load_tournament(path: str | Path) -> Tournament:
    """The tournament in the file at ``path``: a TRF file or a JSON document."""
    if is_trf(path):
        return load_trf(path).tournament
    return load_document(path)
