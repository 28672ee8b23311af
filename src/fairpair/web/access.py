"""Who is asking, and may they: the **one** dependency every route uses.

A route names what it needs with one of the aliases below (``access: Judge``); the check is
``Allow.__call__`` and nothing else. It finds the caller — the bearer token when the request
carries ``Authorization`` (then never the cookie), else the session cookie — and, for event
routes (a ``{slug}`` in the path), the caller's role in that event:

| need        | who passes                                              |
|-------------|---------------------------------------------------------|
| ``Public``    | everyone                                                |
| ``Signed``    | any logged-in account                                   |
| ``Organizer`` | an organizer account (may create events)                |
| ``Viewer``    | staff of the event: viewer, judge or owner              |
| ``Judge``     | the event's judges (scorekeepers) and owners            |
| ``Owner``     | the event's owners                                      |

A refusal is ``NotLoggedIn`` (401; pages redirect to the login) or ``NotAllowed`` (403). The
permission test (tests/web/test_permissions.py) walks the app's route table: every mutating
route must depend on ``Allow`` and is tried as the anonymous public, a player, staff of
another event and the organizer of another event.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Annotated

from fastapi import Depends, Request

from fairpair.service.accounts import Account
from fairpair.service.connection import Database
from fairpair.service.errors import NotAllowed, NotLoggedIn
from fairpair.service.sessions import session_account
from fairpair.service.staff import Role, role_of
from fairpair.service.tokens import token_account

SESSION_COOKIE = "fairpair_session"


class Need(IntEnum):
    PUBLIC = 0
    SIGNED = 1
    ORGANIZER = 2
    VIEWER = 10 + Role.VIEWER
    JUDGE = 10 + Role.JUDGE
    OWNER = 10 + Role.OWNER

    @property
    def role(self) -> Role | None:
        return Role(self - 10) if self >= Need.VIEWER else None


@dataclass(frozen=True, slots=True)
class Access:
    """The caller of one request: their account (``None``: the public), their role in the
    path's event (``None``: none or no event), and whether they came with a bearer token."""

    account: Account | None
    role: Role | None
    slug: str | None
    token: bool

    @property
    def actor(self) -> str:
        """The name the audit log records."""
        if self.account is None:
            return "public"
        return f"{self.account.username} (api)" if self.token else self.account.username

    def can(self, role: Role) -> bool:
        return self.role is not None and self.role >= role


def database(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


def caller(request: Request) -> tuple[Account | None, bool]:
    """The account of this request and whether it came by token (cached on the request)."""
    cached = getattr(request.state, "caller", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    db = database(request)
    header = request.headers.get("authorization")
    found: tuple[Account | None, bool]
    if header is not None:
        scheme, _, secret = header.partition(" ")
        account = token_account(db, secret.strip()) if scheme.lower() == "bearer" else None
        if account is None:
            raise NotLoggedIn(
                "authorization", "the bearer token is unknown or revoked (fairpair token new)"
            )
        found = (account, True)
    else:
        cookie = request.cookies.get(SESSION_COOKIE, "")
        found = (session_account(db, cookie) if cookie else None, False)
    request.state.caller = found
    return found


class Allow:
    """The permission check (see the module's table). One instance per need."""

    def __init__(self, need: Need) -> None:
        self.need = need

    def __repr__(self) -> str:
        return f"Allow({self.need.name})"

    def __call__(self, request: Request) -> Access:
        account, token = caller(request)
        slug = request.path_params.get("slug")
        role = role_of(database(request), slug, account) if slug and account else None
        access = Access(account, role, slug, token)
        request.state.access = access
        need = self.need
        if need == Need.PUBLIC:
            return access
        if account is None:
            raise NotLoggedIn("login", "log in first (or send a bearer token)")
        if need == Need.ORGANIZER and not account.organizer:
            raise NotAllowed("account", f"{account.username!r} is not an organizer account")
        wanted = need.role
        if wanted is not None and not access.can(wanted):
            where = f"event {slug!r}" if slug else "this event"
            had = f"is {role.label}" if role is not None else "has no role"
            raise NotAllowed(
                "role", f"{account.username!r} {had} in {where}; this needs {wanted.label}"
            )
        return access


Public = Annotated[Access, Depends(Allow(Need.PUBLIC))]
Signed = Annotated[Access, Depends(Allow(Need.SIGNED))]
Organizer = Annotated[Access, Depends(Allow(Need.ORGANIZER))]
Viewer = Annotated[Access, Depends(Allow(Need.VIEWER))]
Judge = Annotated[Access, Depends(Allow(Need.JUDGE))]
Owner = Annotated[Access, Depends(Allow(Need.OWNER))]
DbDep = Annotated[Database, Depends(database)]
