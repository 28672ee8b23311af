"""``fairpair user add|password``: organizer accounts for the web console and the API."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument, Option

GROUP = group("user", "Accounts that log in to the web console: add one, set a password.")

Username = Annotated[str, Argument(metavar="USERNAME", help="The login name.", show_default=False)]


def _password(given: str | None) -> str:
    """``--password``, else standard input when piped, else a prompt (typed twice)."""
    import sys

    if given is not None:
        return given
    if not sys.stdin.isatty():
        return sys.stdin.readline().rstrip("\r\n")
    import getpass

    from fairpair.cli.screen import say

    while True:  # typed twice, hidden; asked again until both agree
        first = getpass.getpass("Password: ")
        if first and first == getpass.getpass("Repeat for confirmation: "):
            return first
        say("Error: The two entered values do not match." if first else "", err=True)


Password = Annotated[
    str | None,
    Option(
        "--password",
        metavar="TEXT",
        help="The password (default: read from standard input, or asked for).",
        show_default=False,
    ),
]


@command(GROUP, "add")
@handles_errors
def add(
    username: Username,
    name: Annotated[
        str | None,
        Option("--name", metavar="TEXT", help="The name shown (default: the username)."),
    ] = None,
    player: Annotated[
        bool, Option("--player", help="A player's account (may not create events).")
    ] = False,
    password: Password = None,
    *,
    run: options.Read,
) -> None:
    """Create an account (an organizer unless --player); it logs in at /login."""
    from fairpair.service.accounts.logins import add_account

    secret = _password(password)
    with run.database() as base:
        made = add_account(base, username, secret, name=name, organizer=not player)
    run.done(
        f"created account {made.username} ({'player' if player else 'organizer'}); "
        "log in with fairpair serve, at /login",
        {"username": made.username, "name": made.name, "organizer": made.organizer},
    )


@command(GROUP, "password")
@handles_errors
def password_(username: Username, password: Password = None, *, run: options.Read) -> None:
    """Set an account's password."""
    from fairpair.service.accounts.logins import set_password

    secret = _password(password)
    with run.database() as base:
        set_password(base, username, secret)
    run.done(f"password of {username} changed", {"username": username})
