"""Players from CSV text: a header row, then one player a row (the CLI's file and the web
console's upload read it the same way).

Columns (any order, names in any case): ``name`` (required), ``id``, ``seed``, ``rating``,
``team``, ``contact``; an empty cell is "not given". Every row is read before anything is
saved, and a bad row is refused naming its line and column, so nothing is half-added.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from fairpair.engine.errors import FairpairError
from fairpair.service.players import NewPlayer

COLUMNS = ("name", "id", "seed", "rating", "team", "contact")
NUMBERS = ("seed", "rating")


class InvalidCsv(FairpairError):
    """A row of a CSV file that cannot be read; ``where`` names the file, line and column."""

    code = "invalid_csv"


@dataclass(frozen=True, slots=True)
class CsvPlayers:
    """The players of a CSV text and the line each came from."""

    players: list[NewPlayer]
    lines: list[int]


def _at(source: str, line: int, column: str | None = None) -> str:
    where = f"{source} line {line}" if source else f"line {line}"
    return f"{where}, column {column}" if column else where


def read_players_text(text: str, source: str = "") -> CsvPlayers:
    """The players of CSV ``text`` (``source`` names the file in messages)."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""))
    try:
        header = next(reader, None)
        if header is None or not any(h.strip() for h in header):
            raise InvalidCsv(_at(source, 1), "the file is empty: it needs a header row")
        names = [h.strip().lower() for h in header]
        unknown = [h for h in names if h not in COLUMNS]
        if unknown:
            raise InvalidCsv(
                _at(source, 1),
                f"unknown column {unknown[0]!r}: the columns are {', '.join(COLUMNS)}",
            )
        twice = sorted({h for h in names if names.count(h) > 1})
        if twice:
            raise InvalidCsv(_at(source, 1), f"column {twice[0]!r} appears twice")
        if "name" not in names:
            raise InvalidCsv(_at(source, 1), "the header has no 'name' column (required)")
        players: list[NewPlayer] = []
        lines: list[int] = []
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue  # a blank line
            if len(cells) > len(names):
                raise InvalidCsv(
                    _at(source, line),
                    f"{len(cells)} cells but the header has {len(names)} columns",
                )
            row = {n: (cells[i].strip() if i < len(cells) else "") for i, n in enumerate(names)}
            if not row["name"]:
                raise InvalidCsv(_at(source, line, "name"), "a player needs a name")
            numbers: dict[str, int | None] = {}
            for column in NUMBERS:
                value = row.get(column, "")
                if value and not re.fullmatch(r"\d{1,9}", value):
                    raise InvalidCsv(_at(source, line, column), f"{value!r} is not a whole number")
                numbers[column] = int(value) if value else None
            players.append(
                NewPlayer(
                    name=row["name"],
                    id=row.get("id") or None,
                    seed=numbers["seed"],
                    rating=numbers["rating"],
                    team=row.get("team") or None,
                    contact=row.get("contact") or None,
                )
            )
            lines.append(line)
    except csv.Error as error:
        raise InvalidCsv(_at(source, reader.line_num), f"not CSV: {error}") from None
    if not players:
        raise InvalidCsv(_at(source, 2), "no players: the file has only its header")
    return CsvPlayers(players, lines)


_ROW = re.compile(r"^players\[(\d+)\]$")


def at_line(error: FairpairError, source: str, lines: list[int]) -> FairpairError:
    """The service's refusal of ``players[i]`` (or of the only ``player``) said as the CSV
    line and column it came from; other errors unchanged."""
    parts = error.location.path
    if not parts:
        return error
    head = str(parts[0])
    found = _ROW.match(head)
    index = int(found.group(1)) if found else 0 if head == "player" else None
    if index is None or index >= len(lines):
        return error
    column = str(parts[1]) if len(parts) > 1 else None
    return type(error)(_at(source, lines[index], column), error.reason)
