"""``fairpair token new|list|revoke``: bearer tokens for the JSON API, per account."""

from __future__ import annotations

from typing import Annotated

from fairpair.cli import options
from fairpair.cli.app import command, group
from fairpair.cli.errors import handles_errors
from fairpair.cli.params import Argument

GROUP = group("token", "API bearer tokens of an account: create, list, revoke.")
Username = Annotated[str, Argument(metavar="USERNAME", help="The account.", show_default=False)]


@command(GROUP, "new")
@handles_errors
def new(
    username: Username,
    name: Annotated[
        str, Argument(metavar="NAME", help="What the token is for.", show_default=False)
    ],
    run: options.Read,
) -> None:
    """Create a token and print its secret (shown once: fairpair keeps only a hash)."""
    from fairpair.service.accounts.api_tokens import create_token
    from fairpair.service.accounts.logins import find_account

    with run.database() as base:
        made, secret = create_token(base, find_account(base, username), name)
    run.done(secret, {"id": made.id, "name": made.name, "prefix": made.prefix, "token": secret})


@command(GROUP, "list")
@handles_errors
def list_(username: Username, run: options.Read) -> None:
    """The account's tokens (name, first characters, created, revoked)."""
    from fairpair.cli.saved import lines
    from fairpair.service.accounts.api_tokens import tokens_of
    from fairpair.service.accounts.logins import find_account

    with run.database() as base:
        tokens = tokens_of(base, find_account(base, username))
    if run.as_json:
        run.done(
            "",
            [
                {
                    "id": t.id,
                    "name": t.name,
                    "prefix": t.prefix,
                    "created_at": t.created_at.isoformat(),
                    "revoked_at": t.revoked_at.isoformat() if t.revoked_at else None,
                }
                for t in tokens
            ],
        )
        return
    lines(
        [
            f"{t.id}  {t.prefix}…  {t.name}  "
            + (f"revoked {t.revoked_at:%Y-%m-%d %H:%M}" if t.revoked_at else "active")
            for t in tokens
        ]
        or [f"{username} has no tokens (fairpair token new {username} NAME)"]
    )


@command(GROUP, "revoke")
@handles_errors
def revoke(
    username: Username,
    token_id: Annotated[int, Argument(metavar="ID", help="The token's id (token list).")],
    run: options.Read,
) -> None:
    """Revoke a token: requests carrying it are refused from now on."""
    from fairpair.service.accounts.api_tokens import revoke_token
    from fairpair.service.accounts.logins import find_account

    with run.database() as base:
        revoke_token(base, find_account(base, username), token_id)
    run.done(f"token {token_id} of {username} revoked", {"id": token_id, "revoked": True})
