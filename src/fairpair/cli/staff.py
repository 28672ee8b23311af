"""``fairpair staff add|remove|list``: who runs an event, with which role (owner, judge,
viewer) — the roles the web console and the API check."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

GROUP = group("staff", "An event's staff and their roles: owner, judge, viewer.")
Username = Annotated[str, Argument(metavar="USERNAME", help="The account.", show_default=False)]


@command(GROUP, "add")
@handles_errors
def add(
    event: options.Event,
    username: Username,
    role: Annotated[
        str,
        Option(
            "--role", metavar="ROLE", help="owner, judge (runs rounds, enters results) or viewer."
        ),
    ] = "judge",
    *,
    run: options.Change,
) -> None:
    """Give an account a role in the event (or change its role)."""
    from fairpair.service.accounts.staff import grant

    with run.database() as base:
        made = grant(base, event, username, role, actor=run.who)
    run.done(
        f"{username} is {made.label} of {event}",
        {"event": event, "username": username, "role": made.label},
    )


@command(GROUP, "remove")
@handles_errors
def remove(event: options.Event, username: Username, run: options.Change) -> None:
    """Take away an account's role in the event."""
    from fairpair.service.accounts.staff import revoke

    with run.database() as base:
        revoke(base, event, username, actor=run.who)
    run.done(
        f"{username} is no longer staff of {event}",
        {"event": event, "username": username, "role": None},
    )


@command(GROUP, "list")
@handles_errors
def list_(event: options.Event, run: options.Read) -> None:
    """The event's staff, owners first."""
    from fairpair.cli.saved import lines
    from fairpair.service.accounts.staff import staff_of

    with run.database() as base:
        staff = staff_of(base, event)
    if run.as_json:
        run.done("", [{"username": u, "name": n, "role": r.label} for u, n, r in staff])
        return
    lines([f"{r.label:7} {u}  ({n})" for u, n, r in staff] or [f"{event} has no staff yet"])
