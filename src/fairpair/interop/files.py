"""The tournament files the command line reads: a JSON tournament document or a FIDE TRF
file, told apart by the name (``.trf``, ``.txt`` with TRF lines) or, failing that, by the
first character that is not a blank (``{`` starts a document). Reading one is
``fairpair.cli.tournament_files.load_tournament``: the command line loads only the reader the
file needs."""

from __future__ import annotations

from pathlib import Path

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
