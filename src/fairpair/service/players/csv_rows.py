"""Players from CSV text: a header row, then one player a row (the CLI's file and the web
console's upload read it the same way).

- **Columns** (``fairpair.service.players.csv_columns``): ``name`` (required), ``id``, ``seed``,
  ``rating``, ``team``, ``contact``, ``earned_byes``, and the chess facts ``title``,
  ``federation``, ``fide_id``, ``sex``, ``birth_date``, under their common spellings
  (``Player``, ``DCI``, ``Seed #``, ``Fed``, ``FIDE ID``…) or an explicit mapping; an empty
  cell is "not given"; a quote fairpair's CSV writer put before a formula character
  (``'=HYPERLINK…``, ``'-2``) is taken off, so an exported file reads back as it was.
- **Text**: UTF-8 with or without a byte order mark; comma, semicolon or tab between cells
  (read off the header row).
- **Every row is read before anything is saved.** Every problem is reported — line, column,
  reason — and any problem refuses the whole file (``InvalidCsv`` carries the full list), so
  nothing is half-added. Warnings do not refuse: two players with one name (two real people
  may share it: both are imported), two players with one seed.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from fairpair.engine.errors import FairpairError
from fairpair.i18n import gettext
from fairpair.interop.csv.tables import unguarded
from fairpair.service.players.csv_columns import columns_of
from fairpair.service.players.registration import NewPlayer, checked_new_player

NUMBERS = ("seed", "rating", "earned_byes")
#: The most earned byes a player can bring (rounds 1..N).
MAX_EARNED_BYES = 20


@dataclass(frozen=True, slots=True)
class CsvProblem:
    """One problem (or warning) of a CSV file: its line, the column as the header names it
    (``None``: the whole row), and the reason."""

    source: str
    line: int
    column: str | None
    reason: str

    @property
    def where(self) -> str:
        return _at(self.source, self.line, self.column)

    @property
    def place(self) -> str:
        return ""

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


class InvalidCsv(FairpairError):
    """A CSV file that cannot be imported; ``problems`` lists every problem found (line,
    column, reason), ``where`` and ``reason`` are the first one's."""

    code = "invalid_csv"

    def __init__(self, where: str, reason: str, problems: Sequence[CsvProblem] = ()) -> None:
        super().__init__(where, reason)
        self.problems: list[CsvProblem] = list(problems)


def refusal(problems: Sequence[CsvProblem]) -> InvalidCsv:
    """One error carrying every problem of a file."""
    first = problems[0]
    if len(problems) == 1:
        return InvalidCsv(first.where, first.reason, problems)
    more = gettext("%(reason)s (and %(count)s more)")
    return InvalidCsv(
        first.where, more % {"reason": first.reason, "count": len(problems) - 1}, problems
    )


@dataclass(frozen=True, slots=True)
class CsvPlayers:
    """The players of a CSV text, the line each came from, the byes each earned (rounds
    1..N of the first stage), the header text of each field, and the warnings."""

    players: list[NewPlayer]
    lines: list[int]
    earned_byes: list[int] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    warnings: list[CsvProblem] = field(default_factory=list)
    source: str = ""


def _at(source: str, line: int, column: str | None = None) -> str:
    where = f"{source} line {line}" if source else f"line {line}"
    return f"{where}, column {column}" if column else where


def delimiter_of(text: str) -> str:
    """The cell separator of ``text``: the most frequent of ``,`` ``;`` and tab outside
    quotes on its first line (a comma when none is there)."""
    counts = {",": 0, ";": 0, "\t": 0}
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        elif char in "\r\n" and not quoted:
            break
        elif char in counts and not quoted:
            counts[char] += 1
    best = max(counts, key=lambda c: counts[c])
    return best if counts[best] else ","


def _normal_name(name: str) -> str:
    return " ".join(name.casefold().split())


def read_players_text(
    text: str, source: str = "", *, mapping: Mapping[str, str] | None = None
) -> CsvPlayers:
    """The players of CSV ``text`` (``source`` names the file in messages); ``InvalidCsv``
    with every problem found when any row (or the header) cannot be read."""
    text = text.removeprefix("\ufeff")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter_of(text), strict=True)
    problems: list[CsvProblem] = []
    warnings: list[CsvProblem] = []

    def problem(line: int, column: str | None, reason: str) -> None:
        problems.append(CsvProblem(source, line, column, reason))

    try:
        header = next(reader, None)
        if header is None or not any(h.strip() for h in header):
            raise refusal(
                [CsvProblem(source, 1, None, gettext("the file is empty: it needs a header row"))]
            )
        try:
            columns = columns_of(header, mapping)
        except ValueError as error:
            raise refusal([CsvProblem(source, 1, None, str(error))]) from None
        if columns.problems:
            raise refusal(
                [
                    CsvProblem(source, 1, p.header.strip() or f"#{p.column}", p.reason)
                    for p in columns.problems
                ]
            )
        headers = {f: header[i].strip() for i, f in enumerate(columns.fields) if f is not None}
        players: list[NewPlayer] = []
        lines: list[int] = []
        earned: list[int] = []
        ids: dict[str, int] = {}
        names: dict[str, int] = {}
        seeds: dict[int, int] = {}
        for cells in reader:
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue  # a blank line
            extra = [c for c in cells[len(columns.fields) :] if c.strip()]
            if extra:
                problem(
                    line,
                    None,
                    gettext("%(len_cells)s cells but the header has %(len_columns_fields)s columns")
                    % {"len_cells": len(cells), "len_columns_fields": len(columns.fields)},
                )
                continue
            row = {
                f: (unguarded(cells[i].strip()) if i < len(cells) else "")
                for i, f in enumerate(columns.fields)
                if f is not None
            }
            bad = len(problems)
            if not row["name"]:
                problem(line, headers["name"], gettext("a player needs a name"))
            numbers: dict[str, int | None] = {}
            for column in NUMBERS:
                value = row.get(column, "")
                if value and not re.fullmatch(r"\d{1,9}", value):
                    problem(
                        line,
                        headers[column],
                        gettext("%(value)r is not a whole number") % {"value": value},
                    )
                    value = ""
                numbers[column] = int(value) if value else None
            byes = numbers["earned_byes"] or 0
            if byes > MAX_EARNED_BYES:
                problem(
                    line,
                    headers["earned_byes"],
                    gettext("%(byes)s earned byes: at most %(MAX_EARNED_BYES)s")
                    % {"byes": byes, "MAX_EARNED_BYES": MAX_EARNED_BYES},
                )
            player = NewPlayer(
                name=row["name"],
                id=row.get("id") or None,
                seed=numbers["seed"],
                rating=numbers["rating"],
                team=row.get("team") or None,
                contact=row.get("contact") or None,
                title=row.get("title") or None,
                federation=row.get("federation") or None,
                fide_id=row.get("fide_id") or None,
                sex=row.get("sex") or None,
                birth_date=row.get("birth_date") or None,
            )
            if row["name"]:
                try:
                    player = checked_new_player(player)
                except FairpairError as error:
                    part = error.location.path[-1] if error.location.path else None
                    problem(line, headers.get(str(part), str(part)), error.reason)
            if player.id is not None:
                if player.id in ids:
                    problem(
                        line,
                        headers["id"],
                        gettext("id %(id)r is also on line %(ids_player_id)s (an id is one player)")
                        % {"id": player.id, "ids_player_id": ids[player.id]},
                    )
                ids.setdefault(player.id, line)
            if row["name"]:
                name = _normal_name(player.name)
                if name in names:
                    warnings.append(
                        CsvProblem(
                            source,
                            line,
                            headers["name"],
                            gettext(
                                "%(name)r has the name of line %(names_name)s: both are "
                                "imported (give them ids to tell them apart)"
                            )
                            % {"name": player.name, "names_name": names[name]},
                        )
                    )
                names.setdefault(name, line)
            if player.seed is not None:
                if player.seed in seeds:
                    warnings.append(
                        CsvProblem(
                            source,
                            line,
                            headers["seed"],
                            gettext("seed %(seed)s is also on line %(seeds_player_seed)s")
                            % {"seed": player.seed, "seeds_player_seed": seeds[player.seed]},
                        )
                    )
                seeds.setdefault(player.seed, line)
            if len(problems) == bad:
                players.append(player)
                lines.append(line)
                earned.append(byes)
    except csv.Error as error:
        problem(reader.line_num, None, gettext("not CSV: %(error)s") % {"error": error})
    if problems:
        raise refusal(problems)
    if not players:
        raise refusal(
            [CsvProblem(source, 2, None, gettext("no players: the file has only its header"))]
        )
    return CsvPlayers(players, lines, earned, headers, warnings, source)


_ROW = re.compile(r"^players\[(\d+)\]$")


def at_line(
    error: FairpairError, source: str, lines: list[int], headers: Mapping[str, str] | None = None
) -> FairpairError:
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
    if column is not None and headers:
        column = headers.get(column, column)
    return type(error)(_at(source, lines[index], column), error.reason)
