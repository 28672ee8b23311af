"""The CSV tables fairpair writes, by name (``--table``, the download links)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from enum import StrEnum


class CsvTable(StrEnum):
    PAIRINGS = "pairings"
    STANDINGS = "standings"
    RESULTS = "results"
    PLAYERS = "players"


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """``header`` and ``rows`` as CSV text: commas, quotes where needed (the ``csv``
    module's minimal quoting), CRLF line ends as RFC 4180 writes them, ``None`` as empty."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if cell is None else cell for cell in row])
    return out.getvalue()
