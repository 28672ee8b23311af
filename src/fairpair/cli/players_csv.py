"""Players from a CSV file: a header row, then one player a row.

Columns (any order, names in any case): ``name`` (required), ``id``, ``seed``, ``rating``,
``team``, ``contact``; an empty cell is "not given". Every row is read before anything is
saved, and a bad row is refused naming its line and column, so nothing is half-added.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import TYPE_CHECKING

from fairpair.cli.parsing import InvalidCsv

if TYPE_CHECKING:
    from fairpair.engine.errors import FairpairError
    from fairpair.service.players import NewPlayer

COLUMNS = ("name", "id", "seed", "rating", "team", "contact")
NUMBERS = ("seed", "rating")


def _text(path: Path) -> str:
    from fairpair.interop.errors import UnreadableFile

    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise UnreadableFile(str(path), "is a folder, not a CSV file") from None
    except OSError as error:
        raise UnreadableFile(str(path), f"cannot be read: {error.strerror}") from None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableFile(
            str(path), f"is not UTF-8 text (byte {error.start + 1}): save it as UTF-8 CSV"
        ) from None


def read_players(path: Path) -> tuple[list[NewPlayer], list[int]]:
    """The players of the CSV file at ``path`` and the line each came from."""
    from fairpair.service.players import NewPlayer

    text = _text(path)
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(reader, None)
        if header is None or not any(h.strip() for h in header):
            raise InvalidCsv(f"{path} line 1", "the file is empty: it needs a header row")
        names = [h.strip().lower() for h in header]
        unknown = [h for h in names if h not in COLUMNS]
        if unknown:
            raise InvalidCsv(
                f"{path} line 1",
                f"unknown column {unknown[0]!r}: the columns are {', '.join(COLUMNS)}",
            )
        twice = sorted({h for h in names if names.count(h) > 1})
        if twice:
            raise InvalidCsv(f"{path} line 1", f"column {twice[0]!r} appears twice")
        if "name" not in names:
            raise InvalidCsv(f"{path} line 1", "the header has no 'name' column (required)")
        players: list[NewPlayer] = []
        lines: list[int] = []
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue  # a blank line
            if len(cells) > len(names):
                raise InvalidCsv(
                    f"{path} line {line}",
                    f"{len(cells)} cells but the header has {len(names)} columns",
                )
            row = {n: (cells[i].strip() if i < len(cells) else "") for i, n in enumerate(names)}
            if not row["name"]:
                raise InvalidCsv(f"{path} line {line}, column name", "a player needs a name")
            numbers: dict[str, int | None] = {}
            for column in NUMBERS:
                value = row.get(column, "")
                if value and not re.fullmatch(r"\d{1,9}", value):
                    raise InvalidCsv(
                        f"{path} line {line}, column {column}",
                        f"{value!r} is not a whole number",
                    )
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
        raise InvalidCsv(f"{path} line {reader.line_num}", f"not CSV: {error}") from None
    if not players:
        raise InvalidCsv(f"{path} line 2", "no players: the file has only its header")
    return players, lines


_ROW = re.compile(r"^players\[(\d+)\]$")


def at_line(error: FairpairError, path: Path, lines: list[int]) -> FairpairError:
    """The service's refusal of ``players[i]`` (or of the only ``player``) said as the CSV
    line and column it came from; other errors unchanged."""
    location = getattr(error, "location", None)
    parts = getattr(location, "path", ())
    if not parts:
        return error
    head = str(parts[0])
    found = _ROW.match(head)
    index = int(found.group(1)) if found else 0 if head == "player" else None
    if index is None or index >= len(lines):
        return error
    column = f", column {parts[1]}" if len(parts) > 1 else ""
    moved = type(error)(f"{path} line {lines[index]}{column}", str(getattr(error, "reason", "")))
    return moved
