"""``fairpair export EVENT --format csv``: one table of a saved event as CSV (the pairings of
a round, the standings of a stage, or every result), to standard output or a file."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

from fairpair.cli.params import Option


class Table(StrEnum):
    """``--table``: which CSV table (``fairpair.interop.csv.CsvTable``)."""

    PAIRINGS = "pairings"
    STANDINGS = "standings"
    RESULTS = "results"
    PLAYERS = "players"


TableOption = Annotated[
    Table,
    Option(
        "--table",
        metavar="TABLE",
        case_sensitive=False,
        help="With --format csv: pairings (of a round), standings (of a stage), results "
        "(every match of every round) or players (the players CSV import reads back).",
    ),
]
RoundOption = Annotated[
    int | None,
    Option(
        "--round",
        metavar="N",
        min=1,
        help="With --format csv: the pairings of round N (default: the latest), or the "
        "standings after round N (default: every round).",
    ),
]


def export_csv(
    db: str | None,
    event: str,
    table: Table,
    *,
    stage: str | None,
    round_number: int | None,
    output: Path | None,
) -> None:
    """Write ``table`` of ``event`` as CSV to ``output`` (atomically) or standard output."""
    from fairpair.cli.saved import database
    from fairpair.interop.csv import CsvTable
    from fairpair.service.event.csv_exports import event_csv

    with database(db) as base:
        text = event_csv(base, event, CsvTable(table.value), stage=stage, round_number=round_number)
    if output is None:
        from fairpair.cli.screen import write

        write(text)
        return
    from fairpair.cli.screen import say
    from fairpair.interop.save import write_safely

    write_safely(output, text.encode("utf-8"))
    say(f"exported the {table.value} of {event} to {output}", err=True)
