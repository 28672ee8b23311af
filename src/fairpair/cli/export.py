"""``fairpair export EVENT [-o FILE]``: a saved event as a tournament document."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fairpair.cli import options
from fairpair.cli.errors import handles_errors


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
    db: options.Db = None,
) -> None:
    """Write a saved event as a tournament document (every player, stage, round, result)."""
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
