"""The width of the terminal behind standard output, asked of the operating system: what
``shutil.get_terminal_size`` does after ``$COLUMNS``, without importing ``shutil`` (it loads
``bz2`` and ``lzma``: 3 ms of every command's start, docs/performance.md "Start-up")."""

from __future__ import annotations

import os
import sys


def terminal_width() -> int | None:
    """The terminal's columns, ``None`` when standard output is not a terminal."""
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return None
