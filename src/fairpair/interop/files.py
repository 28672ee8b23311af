"""The tournament files the command line reads: a JSON tournament document or a FIDE TRF
file, told apart by the name (``.trf``, ``.txt`` with TRF lines) or, failing that, by the
first character that is not a blank (``{`` starts a document). Reading one is
``fairpair.cli.tournament_files.load_tournament``: the command line loads only the reader the
file needs."""

from __future__ import annotations

import os

TRF_SUFFIXES = (".trf", ".trfx")


def suffix_of(path: str) -> str:
    """The file name's suffix as ``pathlib`` reads it (``".json"``; none for ``".json"`` or
    ``"x."``), without importing ``pathlib`` (4 ms of a command's start)."""
    parts = [part for part in path.split(os.sep) if part not in ("", ".")]
    name = parts[-1] if parts else ""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def is_trf(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` holds a TRF file rather than a JSON document."""
    path = os.fspath(path)
    suffix = suffix_of(path).lower()
    if suffix in TRF_SUFFIXES:
        return True
    if suffix == ".json":
        return False
    try:
        with open(path, "rb") as stream:
            head = stream.read(512).removeprefix(b"\xef\xbb\xbf").lstrip()
    except OSError:
        return False  # the document reader says what is wrong with it
    return bool(head) and head[:1] != b"{" and head[:3].isalnum()
