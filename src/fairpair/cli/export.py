"""``fairpair export EVENT [--format json|trf|csv] [-o FILE]``: a saved event as a tournament
document, or as a FIDE TRF file."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli import options
from fairpair.cli.errors import handles_errors


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
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Write it to FILE, atomically (default: standard output).",
        ),
    ] = None,
    format: Annotated[
        ExportFormat,
        typer.Option(
            "--format",
            help="json: the tournament document; trf: a FIDE TRF file (a chess event).",
        ),
    ] = ExportFormat.JSON,
    db: options.Db = None,
) -> None:
    """Write a saved event as a tournament document (every player, stage, round, result)."""
    from fairpair.cli.saved import database
    from fairpair.interop.document import dump_document
    from fairpair.service.events import export_event

    if format is ExportFormat.TRF:
        _export_trf(event, output, db)
        return
    if format is ExportFormat.CSV:
        raise typer.BadParameter("csv export is not there yet", param_hint="--format")
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
    from fairpair.service.trf import export_trf

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
