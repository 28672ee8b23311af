"""The CSV tables fairpair writes, by name (``--table``, the download links), and the one
writer every CSV of fairpair goes through (``csv_text``).

**Formulas are neutralised** (OWASP, "CSV Injection"): a spreadsheet runs a cell that starts
with ``=``, ``+``, ``-`` or ``@`` (and, in some, a tab or a carriage return) as a formula —
``=HYPERLINK("http://x","y")`` in a player's name, which anyone with an event's join code can
register, becomes a link or a command on the organizer's machine. Every text cell that starts
with one of those characters is written with a single quote in front (``'=HYPERLINK(…``):
spreadsheets show it as text, and the players CSV import takes the quote off again
(``unguarded``). The one exception is a number: a cell of a *numeric* column (points, a
tiebreak, a rating; the caller names them) whose whole text is a plain number (``-12``,
``+3``, ``-1½``, ``54.5%``) is written as it is — it cannot hold a formula, and a spreadsheet
reads it as the number. Python numbers (``int``, ``float``) are numbers in any column. A name
is never numeric: ``-2`` as a player's name is written ``'-2``.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Collection, Iterable, Sequence
from enum import StrEnum


class CsvTable(StrEnum):
    PAIRINGS = "pairings"
    STANDINGS = "standings"
    RESULTS = "results"
    PLAYERS = "players"


#: The first characters that make a spreadsheet read a cell as a formula (OWASP).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A plain number as the tables write one: a sign, digits, a decimal part, a half, a percent.
PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d+)?½?|½)%?")
#: What ``safe_cell`` puts in front of a cell a spreadsheet would run.
GUARD = "'"


def safe_cell(value: object, *, numeric: bool = False) -> object:
    """``value`` as a CSV cell a spreadsheet cannot run: ``None`` is empty; a number stays a
    number; a text starting with a formula character gets ``GUARD`` in front, unless the
    column is ``numeric`` and the text is a plain number."""
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not (numeric and PLAIN_NUMBER.fullmatch(text)):
        return GUARD + text
    return text


def unguarded(text: str) -> str:
    """A cell as it was before ``safe_cell`` guarded it (a quote before a formula character
    is taken off; any other text is unchanged) — for reading back a file fairpair wrote, or
    one a spreadsheet saved with its own text marker."""
    if text.startswith(GUARD) and text[1:2] and text[1:2] in "".join(FORMULA_STARTS):
        return text[1:]
    return text


def csv_text(
    header: Sequence[str], rows: Iterable[Sequence[object]], *, numeric: Collection[str] = ()
) -> str:
    """``header`` and ``rows`` as CSV text: commas, quotes where needed (the ``csv``
    module's minimal quoting), CRLF line ends as RFC 4180 writes them, ``None`` as empty,
    every cell through ``safe_cell`` (``numeric``: the headers of the numeric columns)."""
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(name) for name in header])
    numbers = [name in numeric for name in header]
    for row in rows:
        writer.writerow(
            [
                safe_cell(cell, numeric=numbers[i] if i < len(numbers) else False)
                for i, cell in enumerate(row)
            ]
        )
    return out.getvalue()
