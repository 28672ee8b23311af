"""``fairpair restore FILE [--slug SLUG]``: a backup file restored as a new saved event, in
one transaction (nothing is written when the file is refused); older backup versions are
migrated forward (docs/backup.md)."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option


@handles_errors
def restore(
    file: Annotated[
        str,
        Argument(metavar="FILE", help="A backup file (fairpair backup).", show_default=False),
    ],
    slug: Annotated[
        str | None,
        Option(
            "--slug",
            metavar="SLUG",
            help="The new event's slug (default: the backed-up event's, or SLUG-2... when "
            "that one is taken).",
        ),
    ] = None,
    community: Annotated[
        str | None,
        Option(
            "--community",
            metavar="COMMUNITY",
            help="Restore it into this community, its players linked to their records "
            "(default: the backed-up event's community when this database has it; "
            "--community none: into none).",
        ),
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Restore a backup as a new event; prints the new event's slug."""
    from pathlib import Path

    from fairpair.cli.text import plural
    from fairpair.interop.backup import parse_backup
    from fairpair.interop.document.read import read_bytes
    from fairpair.service.accounts.logins import account_named, owned_by
    from fairpair.service.communities.backups import backup_community, restore_into_community

    read = parse_backup(read_bytes(Path(file)), file)
    with run.database() as base:
        owner = account_named(base, run.who)
        into = backup_community(base, read) if community is None else community
        into = None if into == "none" else into
        made = restore_into_community(
            base,
            read,
            actor=run.who,
            community=into,
            slug=slug,
            owner=owner.id if owner else None,
        )
    migrated = (
        f" (migrated from version {read.version_read})"
        if read.version_read != read.backup.version
        else ""
    )
    run.done(
        f"restored {file} as event {made}: {plural(len(read.tournament.players), 'player')}, "
        f"{plural(len(read.backup.audit_log), 'audit entry', 'audit entries')}{migrated}; "
        f"{owned_by(owner, run.who, made)}"
        + (f"; an event of {into}, its players linked to their records" if into else ""),
        {
            "event": made,
            "version_read": read.version_read,
            "owner": owner.username if owner else None,
            "community": into,
        },
    )
