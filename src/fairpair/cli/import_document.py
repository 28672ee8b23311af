"""``fairpair import FILE``: a tournament document (or a FIDE TRF file) saved as a new event
(``import`` is a Python keyword, hence the module's name)."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Option


@handles_errors
def import_document(
    file: options.File,
    slug: Annotated[
        str | None,
        Option(
            "--slug", metavar="SLUG", help="The new event's slug (default: made from its name)."
        ),
    ] = None,
    *,
    run: options.Change,
) -> None:
    """Save a tournament document or a FIDE TRF file as a new event; prints its slug."""
    from fairpair.cli.text import plural
    from fairpair.interop.files import is_trf
    from fairpair.service.accounts.logins import account_named, owned_by

    if is_trf(file):
        from fairpair.interop.trf import load_trf
        from fairpair.service.event.trf import import_trf

        event = load_trf(file)
        tournament = event.tournament
        with run.database() as base:
            owner = account_named(base, run.who)
            made = import_trf(
                base, event, actor=run.who, slug=slug, owner=owner.id if owner else None
            )
    else:
        from fairpair.cli.tournament_files import load_json_document
        from fairpair.service.event.events import import_event

        tournament = load_json_document(file)
        with run.database() as base:
            owner = account_named(base, run.who)
            made = import_event(
                base, tournament, actor=run.who, slug=slug, owner=owner.id if owner else None
            )
    rounds = sum(len(s.rounds) for s in tournament.stages)
    run.done(
        f"imported {file} as event {made}: {plural(len(tournament.players), 'player')}, "
        f"{plural(rounds, 'round')}; {owned_by(owner, run.who, made)}",
        {"event": made, "owner": owner.username if owner else None},
    )
