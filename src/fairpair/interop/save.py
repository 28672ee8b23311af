"""Write a tournament document safely: all or nothing, never half a file."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from fairpair.engine.tournament import Tournament
from fairpair.interop.document import dump_document
from fairpair.interop.errors import UnreadableFile


def save_document(tournament: Tournament, path: str | Path) -> None:
    """Replace the file at ``path`` with ``tournament`` as a document, atomically.

    The text goes to a temporary file in the same folder, is flushed to disk, then renamed over
    the original: a crash leaves either the old file or the new one, never a mix.
    """
    path = Path(path)
    text = dump_document(tournament)
    temp: str | None = None
    try:
        # mkstemp makes the file owner-only (0600): keep the original file's permissions.
        mode = stat.S_IMODE(path.stat().st_mode) if path.exists() else None
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
        if mode is not None:
            os.fchmod(handle, mode)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except OSError as error:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)  # leave no half-written temporary file behind
        raise UnreadableFile(str(path), f"cannot be written: {error.strerror or error}") from None
