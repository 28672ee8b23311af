"""``fairpair export EVENT [--format json|trf|csv] [-o FILE]``: a saved event as a tournament
document, as a FIDE TRF file, or one of its tables as CSV (``cli/export_csv.py``)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.export_csv import RoundOption, Table, TableOption
from fairpair.cli.params import Option


class ExportFormat(StrEnum):
    """What ``--format`` writes."""

    JSON = "json"
    TRF = "trf"
    CSV = "csv"


@handles_errors
def export(
    event: options.Event,
    output: Annotated[
        Path | None,
        Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write it to FILE, atomically (default: standard output).",
        ),
    ] = None,
    format: Annotated[
        ExportFormat,
        Option(
            "--format",
            metavar="FORMAT",
            case_sensitive=False,
            help="json: the tournament document; trf: a FIDE TRF file (a chess event); csv: "
            "one table (see --table).",
        ),
    ] = ExportFormat.JSON,
    table: TableOption = Table.STANDINGS,
    stage: options.Stage = None,
    round_number: RoundOption = None,
    db: options.Db = None,
) -> None:
    """Write a saved event as a tournament document (every player, stage, round, result),
    or one of its tables as CSV."""
    if format is ExportFormat.CSV:
        from fairpair.cli.export_csv import export_csv

        export_csv(db, event, table, stage=stage, round_number=round_number, output=output)
        return
    from fairpair.cli.saved import database
    from fairpair.interop.document import dump_document
    from fairpair.service.event.events import export_event

    if format is ExportFormat.TRF:
        _export_trf(event, output, db)
        return
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


def _export_trf(event: str, output: Path | None, db: str | None) -> None:
    from fairpair.cli.saved import database
    from fairpair.cli.screen import say
    from fairpair.service.event.trf import export_trf

    with database(db) as base:
        data = export_trf(base, event)
    if output is None:
        import sys

        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    from fairpair.interop.save import write_safely

    write_safely(output, data)
    say(f"exported {event} to {output}", err=True)
