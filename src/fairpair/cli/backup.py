"""``fairpair backup EVENT [-o FILE]``: a whole saved event — its document, contacts,
check-in times, round dates, portal settings and audit log — as one JSON backup file
(docs/backup.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option


@handles_errors
def backup(
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
    db: options.Db = None,
) -> None:
    """Write a backup of a saved event (restore it with fairpair restore FILE)."""
    from fairpair.cli.saved import database
    from fairpair.interop.backup import dump_backup
    from fairpair.service.event.backups import backup_event

    with database(db) as base:
        text = dump_backup(backup_event(base, event))
    if output is None:
        from fairpair.cli.screen import write

        write(text)
        return
    from fairpair.cli.screen import say
    from fairpair.interop.save import write_safely

    write_safely(output, text.encode("utf-8"))
    say(f"backed up {event} to {output}", err=True)
