"""``fairpair export EVENT [-o FILE]``: a saved event as a tournament document; with
``--format csv``, one of its tables as CSV (``cli/export_csv.py``)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.export_csv import RoundOption, Table, TableOption


class Format(StrEnum):
    """``--format``: the tournament document (JSON) or a CSV table."""

    JSON = "json"
    CSV = "csv"


@handles_errors
def export(
    event: options.Event,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write it to FILE, atomically (default: standard output).",
        ),
    ] = None,
    format: Annotated[
        Format,
        typer.Option(
            "--format",
            metavar="FORMAT",
            case_sensitive=False,
            help="json (the tournament document) or csv (one table: see --table).",
        ),
    ] = Format.JSON,
    table: TableOption = Table.STANDINGS,
    stage: options.Stage = None,
    round_number: RoundOption = None,
    db: options.Db = None,
) -> None:
    """Write a saved event as a tournament document (every player, stage, round, result),
    or one of its tables as CSV."""
    if format is Format.CSV:
        from fairpair.cli.export_csv import export_csv

        export_csv(db, event, table, stage=stage, round_number=round_number, output=output)
        return
    from fairpair.cli.saved import database
    from fairpair.interop.document import dump_document
    from fairpair.service.events import export_event

    with database(db) as base:
        tournament = export_event(base, event)
    text = dump_document(tournament)
    if output is None:
        import json

        from fairpair.cli.screen import screen, write

        out = screen()
        if not out.unicode:
            try:
                text.encode(out.encoding)
            except UnicodeEncodeError:
                text = json.dumps(json.loads(text), indent=2, ensure_ascii=True) + "\n"
        write(text)
        return
    from fairpair.cli.screen import say
    from fairpair.interop.save import write_safely

    write_safely(output, text.encode("utf-8"))
    say(f"exported {event} to {output}", err=True)
