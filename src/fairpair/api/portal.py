"""``/api/v1/events/{slug}/portal``: the players' side of an event — its join code, self-
registration and cap, check-in, self-reporting and minutes to confirm, whether a Discord bot
token is set (write-only: never returned), the waitlist (owners read and change it, as on
the console's Players' side tab; a change names the ``version`` it read, else it is a
plain overwrite). ``POST /api/v1/events/{slug}/players/{player}/link`` (judges): a new
personal link for a player — its secret is answered once."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from fairpair.api.params import PlayerKey, Slug
from fairpair.service.kernel.connection import Database
from fairpair.service.players.passes import personal_link
from fairpair.service.players.portal_settings import read_portal, set_portal
from fairpair.service.players.waitlist import waitlist_of
from fairpair.web.access import DbDep, Judge, Owner
from fairpair.web.join_qr import join_url

ROUTER = APIRouter(tags=["players' side"])


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class WaitingItem(_Model):
    number: int
    name: str
    joined_at: datetime


class PortalSettings(_Model):
    """The players' side of an event."""

    event: str
    join_code: str
    join_url: str
    self_registration: bool
    registration_cap: int | None
    checkin_open: bool
    self_report: bool
    confirm_minutes: int
    discord_bot_token_set: bool
    version: int
    waitlist: list[WaitingItem]


class PortalChanges(BaseModel):
    """What to change (fields left out stay as they are). ``registration_cap`` ``null``: no
    cap; ``discord_bot_token`` ``null``: remove it."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"registration_cap": 64, "version": 3}]},
    )
    version: Annotated[int, Field(ge=1, le=2_000_000_000)] | None = None
    self_registration: bool | None = None
    registration_cap: Annotated[int, Field(ge=1, le=1_000_000)] | None = None
    checkin_open: bool | None = None
    self_report: bool | None = None
    confirm_minutes: Annotated[int, Field(ge=1, le=10080)] | None = None
    discord_bot_token: (
        Annotated[str, Field(min_length=1, max_length=200, pattern=r"^\S+$")] | None
    ) = None


class PersonalLink(_Model):
    """A player's new personal link: ``secret`` is also their ``fpp_`` API bearer token."""

    event: str
    player: str
    secret: str
    url: str


def _settings(request: Request, db: Database, slug: str) -> PortalSettings:
    portal = read_portal(db, slug)
    return PortalSettings(
        event=slug,
        join_code=portal.join_code,
        join_url=join_url(request, portal.join_code),
        self_registration=portal.self_registration,
        registration_cap=portal.registration_cap,
        checkin_open=portal.checkin_open,
        self_report=portal.self_report,
        confirm_minutes=portal.confirm_minutes,
        discord_bot_token_set=portal.discord_bot_token is not None,
        version=portal.version,
        waitlist=[
            WaitingItem(number=w.number, name=w.name, joined_at=w.joined_at)
            for w in waitlist_of(db, slug)
        ],
    )


@ROUTER.get("/events/{slug}/portal", response_model=PortalSettings)
def get_portal(request: Request, slug: Slug, access: Owner, db: DbDep) -> PortalSettings:
    """The players' side settings and the waitlist."""
    return _settings(request, db, slug)


@ROUTER.patch("/events/{slug}/portal", response_model=PortalSettings)
def patch_portal(
    request: Request, slug: Slug, body: PortalChanges, access: Owner, db: DbDep
) -> PortalSettings:
    """Change some settings; a raised cap lets the waitlist in (before round 1)."""
    given = body.model_dump(include=body.model_fields_set - {"version"})
    for flag in ("self_registration", "checkin_open", "self_report", "confirm_minutes"):
        if flag in given and given[flag] is None:
            del given[flag]  # null for a setting that needs a value: left as it is
    set_portal(db, slug, actor=access.actor, version=body.version, **given)
    return _settings(request, db, slug)


@ROUTER.post("/events/{slug}/players/{player}/link", response_model=PersonalLink, status_code=201)
def make_personal_link(
    request: Request, slug: Slug, player: PlayerKey, access: Judge, db: DbDep
) -> PersonalLink:
    """A new personal link for ``player`` (their other links keep working until revoked)."""
    secret = personal_link(db, slug, player, actor=access.actor)
    base = str(request.base_url).rstrip("/")
    return PersonalLink(event=slug, player=player, secret=secret, url=f"{base}/e/{slug}/p/{secret}")
