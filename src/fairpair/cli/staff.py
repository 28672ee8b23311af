"""``fairpair staff add|remove|list``: who runs an event, with which role (owner, judge,
viewer) — the roles the web console and the API check."""

from __future__ import annotations

from typing import Annotated

import typer

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors

GROUP = group("staff", "An event's staff and their roles: owner, judge, viewer.")
Username = Annotated[
    str, typer.Argument(metavar="USERNAME", help="The account.", show_default=False)
]


@command(GROUP, "add")
@handles_errors
def add(
    event: options.Event,
    username: Username,
    role: Annotated[
        str,
        typer.Option(
            "--role", metavar="ROLE", help="owner, judge (runs rounds, enters results) or viewer."
        ),
    ] = "judge",
    db: options.Db = None,
    actor: options.Actor = None,
    as_json: options.Json = False,
) -> None:
    """Give an account a role in the event (or change its role)."""
    from fairpair.cli.saved import actor_of, database, done
    from fairpair.service.accounts.staff import grant

    with database(db) as base:
        made = grant(base, event, username, role, actor=actor_of(actor))
    done(
        f"{username} is {made.label} of {event}",
        {"event": event, "username": username, "role": made.label},
        as_json,
    )


@command(GROUP, "remove")
@handles_errors
def remove(
    event: options.Event,
    username: Username,
    db: options.Db = None,
    actor: options.Actor = None,
    as_json: options.Json = False,
) -> None:
    """Take away an account's role in the event."""
    from fairpair.cli.saved import actor_of, database, done
    from fairpair.service.accounts.staff import revoke

    with database(db) as base:
        revoke(base, event, username, actor=actor_of(actor))
    done(
        f"{username} is no longer staff of {event}",
        {"event": event, "username": username, "role": None},
        as_json,
    )


@command(GROUP, "list")
@handles_errors
def list_(event: options.Event, db: options.Db = None, as_json: options.Json = False) -> None:
    """The event's staff, owners first."""
    from fairpair.cli.saved import database, done, lines
    from fairpair.service.accounts.staff import staff_of

    with database(db) as base:
        staff = staff_of(base, event)
    if as_json:
        done("", [{"username": u, "name": n, "role": r.label} for u, n, r in staff], True)
        return
    lines([f"{r.label:7} {u}  ({n})" for u, n, r in staff] or [f"{event} has no staff yet"])
