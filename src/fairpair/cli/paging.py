"""Big tables show one page: the top 50 by default, ``--page N`` or ``--all``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from fairpair.cli.params import Exit
from fairpair.cli.screen import say

T = TypeVar("T")
PAGE = 50
#: Exit code of a command line that asks for what is not there (docs/cli.md).
USAGE = 2


def page_of(rows: Sequence[T], show_all: bool, page: int | None) -> tuple[Sequence[T], str | None]:
    """The rows to show and the line that says which (``None`` when all are shown)."""
    total = len(rows)
    if show_all or (total <= PAGE and not page):
        return rows, None
    number = page or 1
    pages = max(1, -(-total // PAGE))
    if number > pages:
        say(
            f"error: --page {number}: there are {pages} pages of {PAGE} ({total:,} players)",
            err=True,
        )
        raise Exit(USAGE)
    start = (number - 1) * PAGE
    shown = rows[start : start + PAGE]
    if len(shown) == total:
        return rows, None
    more = f"--page {number + 1}" if number < pages else "--page N"
    note = f"showing {start + 1}–{start + len(shown)} of {total:,}; --all or {more}"
    return shown, note
