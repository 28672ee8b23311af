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
| ``Admin``     | the installation's administrator (accounts, resets)     |
| ``Viewer``    | staff of the event: viewer, judge or owner              |
| ``Judge``     | the event's judges (scorekeepers) and owners            |
| ``Owner``     | the event's owners                                      |
| ``Player``    | a player of the event holding its pass (see below)      |
| ``CommunityViewer`` | staff of the path's community (``{community}``): viewer, judge or owner |
| ``CommunityJudge``  | the community's judges and owners                 |
| ``CommunityOwner``  | the community's owners                            |

A community's role reaches every event of the community (``accounts.staff.role_in``), so an
event route's ``Judge`` passes a judge of the event's community too; the ``Community*``
needs are for the community's own pages and calls, whose path names ``{community}``.

A player's pass is the ``fairpair_player`` cookie of the event (set by joining or by a
personal link) or an ``fpp_`` bearer token; see ``fairpair.web.player_cookie``. A staff
account is not a player (staff act on the console). Without a valid pass: ``NotJoined``
(401; pages go to the event's join page).

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

from fairpair.service.accounts.api_tokens import token_account
from fairpair.service.accounts.logins import Account
from fairpair.service.accounts.sessions import session_account
from fairpair.service.accounts.staff import Role, role_of
from fairpair.service.communities.communities import community_role
from fairpair.service.kernel.connection import Database
from fairpair.service.kernel.errors import NotAllowed, NotJoined, NotLoggedIn
from fairpair.service.players.passes import PREFIX as PLAYER_PREFIX
from fairpair.service.players.passes import PlayerPass
from fairpair.web.player_cookie import player_of_request

SESSION_COOKIE = "fairpair_session"


class Need(IntEnum):
    PUBLIC = 0
    SIGNED = 1
    ORGANIZER = 2
    PLAYER = 3
    ADMIN = 4
    VIEWER = 10 + Role.VIEWER
    JUDGE = 10 + Role.JUDGE
    OWNER = 10 + Role.OWNER
    COMMUNITY_VIEWER = 20 + Role.VIEWER
    COMMUNITY_JUDGE = 20 + Role.JUDGE
    COMMUNITY_OWNER = 20 + Role.OWNER

    @property
    def role(self) -> Role | None:
        if self >= Need.COMMUNITY_VIEWER:
            return Role(self - 20)
        return Role(self - 10) if self >= Need.VIEWER else None

    @property
    def community(self) -> bool:
        """A need of a role in the path's community (not its event)."""
        return self >= Need.COMMUNITY_VIEWER


@dataclass(frozen=True, slots=True)
class Access:
    """The caller of one request: their account (``None``: the public), their role in the
    path's event — or, for a community's routes, in the path's community — (``None``: none,
    or no event), and whether they came with a bearer token."""

    account: Account | None
    role: Role | None
    slug: str | None
    token: bool
    #: The player's pass (routes that need ``Player`` only).
    player: PlayerPass | None = None
    #: The path's community (a community's routes only: ``role`` is the role there).
    community: str | None = None

    @property
    def actor(self) -> str:
        """The name the audit log records."""
        if self.player is not None:
            return self.player.actor
        if self.account is None:
            return "public"
        return f"{self.account.username} (api)" if self.token else self.account.username

    def can(self, role: Role) -> bool:
        return self.role is not None and self.role >= role


def database_of(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


async def database(request: Request) -> Database:
    """The ``DbDep`` dependency (async: FastAPI runs a sync dependency in a worker thread,
    a hop that cost more than the lookup)."""
    return database_of(request)


def caller(request: Request) -> tuple[Account | None, bool]:
    """The account of this request and whether it came by token (cached on the request)."""
    cached = getattr(request.state, "caller", None)
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    db = database_of(request)
    header = request.headers.get("authorization")
    found: tuple[Account | None, bool]
    if header is not None:
        scheme, _, secret = header.partition(" ")
        if scheme.lower() == "bearer" and secret.strip().startswith(PLAYER_PREFIX):
            found = (None, True)  # a player's pass, not an account (Need.PLAYER reads it)
            request.state.caller = found
            return found
        account = token_account(db, secret.strip()) if scheme.lower() == "bearer" else None
        if account is None:
            raise NotLoggedIn(
                "authorization",
                "the bearer token is unknown or revoked (make a new one on your account page)",
                command="fairpair token new",
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
        community = request.path_params.get("community") if self.need.community else None
        if community is not None:
            role = community_role(database_of(request), community, account.id) if account else None
        else:
            role = role_of(database_of(request), slug, account) if slug and account else None
        access = Access(account, role, slug, token, community=community)
        request.state.access = access
        need = self.need
        if need == Need.PUBLIC:
            return access
        if need == Need.PLAYER:
            return self._player(request, access)
        if account is None:
            raise NotLoggedIn("login", "log in first (or send a bearer token)")
        if need == Need.ORGANIZER and not account.organizer:
            raise NotAllowed("account", f"{account.username!r} is not an organizer account")
        if need == Need.ADMIN and not account.admin:
            raise NotAllowed("account", f"{account.username!r} is not the administrator")
        wanted = need.role
        if wanted is not None and not access.can(wanted):
            where = (
                f"community {community!r}"
                if community
                else (f"event {slug!r}" if slug else "this event")
            )
            had = f"is {role.label}" if role is not None else "has no role"
            raise NotAllowed(
                "role", f"{account.username!r} {had} in {where}; this needs {wanted.label}"
            )
        return access

    def _player(self, request: Request, access: Access) -> Access:
        found = player_of_request(request, access.slug) if access.slug else None
        if found is None:
            raise NotJoined(
                "player",
                "join the event first (with its code, or your personal link); "
                "a pass that was revoked no longer works",
            )
        access = Access(access.account, access.role, access.slug, access.token, found)
        request.state.access = access
        return access


Public = Annotated[Access, Depends(Allow(Need.PUBLIC))]
Signed = Annotated[Access, Depends(Allow(Need.SIGNED))]
Organizer = Annotated[Access, Depends(Allow(Need.ORGANIZER))]
Admin = Annotated[Access, Depends(Allow(Need.ADMIN))]
Viewer = Annotated[Access, Depends(Allow(Need.VIEWER))]
Judge = Annotated[Access, Depends(Allow(Need.JUDGE))]
Owner = Annotated[Access, Depends(Allow(Need.OWNER))]
Player = Annotated[Access, Depends(Allow(Need.PLAYER))]
CommunityViewer = Annotated[Access, Depends(Allow(Need.COMMUNITY_VIEWER))]
CommunityJudge = Annotated[Access, Depends(Allow(Need.COMMUNITY_JUDGE))]
CommunityOwner = Annotated[Access, Depends(Allow(Need.COMMUNITY_OWNER))]
DbDep = Annotated[Database, Depends(database)]
