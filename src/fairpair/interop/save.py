"""Saving a tournament document: all or nothing, through links, never over a read-only file.

``save_with_new_round`` adds a round to the user's file and changes nothing else in it
(``append.py``); ``save_document`` does the same when the tournament it is given is the file's
plus one round, and writes a whole document otherwise. Both write the text to a temporary
file with a predictable name next to the real file (``.NAME.fairpair-save``), flush it to disk
and rename it over the file: a crash leaves the old file or the new one, never a mix, and the
next save removes a temporary file a killed save left behind. A symbolic link is written
through (its target is replaced, the link stays); a file without write permission is refused.
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import replace
from pathlib import Path

from fairpair.engine.errors import FairpairError
from fairpair.engine.rounds import Round
from fairpair.engine.tournament import Tournament
from fairpair.interop.append import round_insertion
from fairpair.interop.document import dump_document
from fairpair.interop.document.compiled import document_validator
from fairpair.interop.document.read import read_bytes, read_text
from fairpair.interop.document.validator_core import ValidationError
from fairpair.interop.errors import UnwritableFile

TEMP_SUFFIX = ".fairpair-save"


def temp_path(path: Path) -> Path:
    """Where a save of ``path`` (already resolved) writes before renaming."""
    return path.with_name(f".{path.name}{TEMP_SUFFIX}")


def save_with_new_round(path: str | Path, stage_id: str, new_round: Round) -> None:
    """Add ``new_round`` to stage ``stage_id`` of the document at ``path``, keeping every other
    byte of the file (a byte order mark included)."""
    shown = Path(path)
    bom, body, text = read_text(shown)
    start, end, inserted = round_insertion(text, stage_id, new_round)
    if not text.isascii():  # the offsets in the file's bytes
        head = len(text[:start].encode("utf-8"))
        start, end = head, head + len(text[start:end].encode("utf-8"))
    del text
    kept = memoryview(body)
    write_safely(shown, bom, kept[:start], inserted.encode("utf-8"), kept[end:])


def save_document(tournament: Tournament, path: str | Path) -> None:
    """Save ``tournament`` to the document at ``path``, atomically.

    When ``tournament`` is the file's tournament with one more round in one stage (what
    ``pair --save`` does), only that round is added to the file (``save_with_new_round``);
    otherwise the file is replaced by the whole document in normalised form
    (``dump_document``)."""
    shown = Path(path)
    added = _one_new_round(shown, tournament)
    if added is not None:
        save_with_new_round(shown, *added)
        return
    write_safely(shown, dump_document(tournament).encode("utf-8"))


def _one_new_round(path: Path, tournament: Tournament) -> tuple[str, Round] | None:
    """(stage id, round) when ``tournament`` is the file's with one round added."""
    try:
        before = document_validator().validate_json(read_bytes(path))
    except (FairpairError, ValidationError):
        return None
    if not isinstance(before, Tournament) or len(before.stages) != len(tournament.stages):
        return None
    if replace(before, stages=tournament.stages) != tournament:
        return None
    changed = [
        (old, new) for old, new in zip(before.stages, tournament.stages, strict=True) if old != new
    ]
    if len(changed) != 1:
        return None
    old, new = changed[0]
    if not new.rounds or replace(new, rounds=new.rounds[:-1]) != old:
        return None
    return new.id, new.rounds[-1]


def write_safely(path: Path, *data: bytes | memoryview) -> None:
    """Replace the file ``path`` points to with ``data`` (its parts in order): atomically,
    keeping its permissions."""
    target = Path(os.path.realpath(path))
    mode: int | None = None
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        pass
    except OSError as error:
        raise UnwritableFile(str(path), f"cannot be written: {error.strerror}") from None
    if mode is not None and (not mode & stat.S_IWUSR or not os.access(target, os.W_OK)):
        raise UnwritableFile(str(path), "is read-only: nothing was saved")
    temp = temp_path(target)
    try:
        with contextlib.suppress(FileNotFoundError):
            temp.unlink()  # left behind by a save that was killed
        handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode or 0o666)
        try:
            if mode is not None:
                os.fchmod(handle, mode)
            with os.fdopen(handle, "wb") as out:
                for part in data:
                    out.write(part)
                out.flush()
                os.fsync(out.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                temp.unlink()
            raise
        os.replace(temp, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise UnwritableFile(str(path), f"cannot be written: {error.strerror or error}") from None
