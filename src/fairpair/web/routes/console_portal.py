"""The console's Players' side tab: join code and QR, self-registration, cap and waitlist, check-
in, self-reporting, personal links.

Owners change the settings (one form, version checked: two owners editing at once do not
overwrite each other) and make a new join code; judges open and close check-in and make or
revoke a player's personal links (shown again whenever asked, named, with Copy and Send;
``service.players.passes.staff_link``).
The Discord bot token is write-only: the page says whether one is set, never what it is.
Every change goes through ``service.players.portal_settings.set_portal`` (audited). The "Discord
channel"
box (linked channels, a one-time ``/link`` code) posts to ``console_discord``, which shows
this page again with ``tab_page``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from fairpair.engine.errors import FairpairError
from fairpair.i18n import N_, gettext, ngettext
from fairpair.service.accounts.staff import Role
from fairpair.service.discord.channels import channels_of
from fairpair.service.kernel.connection import Database
from fairpair.service.players.pass_counts import live_passes
from fairpair.service.players.passes import (
    PersonalLink,
    holder_name,
    revoke_player_tokens,
    staff_link,
)
from fairpair.service.players.portal_settings import (
    SETTABLE,
    new_join_code,
    read_portal,
    set_portal,
)
from fairpair.service.players.waitlist import waitlist_of
from fairpair.web.access import Access, DbDep, Judge, Owner, Viewer
from fairpair.web.confirm import YES, Confirm, ask, confirmed
from fairpair.web.console import console_page
from fairpair.web.form_posts import FormValues, form_post
from fairpair.web.forms import refusal
from fairpair.web.join_qr import join_url
from fairpair.web.numbers import is_whole

ROUTER = APIRouter(include_in_schema=False)
DONE = {
    "settings": N_("Settings saved."),
    "code": N_("New join code made: the old one no longer works."),
    "checkin": N_("Check-in changed."),
    "revoked": N_("Links revoked: those devices are logged out."),
    "unlinked": N_("Discord channel unlinked: its message is no longer updated."),
}
SETTINGS_FIELDS = (*sorted(SETTABLE), "version")


def tab_page(
    request: Request,
    access: Access,
    db: Database,
    slug: str,
    *,
    status: int = 200,
    errors: dict[str, str] | None = None,
    values: dict[str, str] | None = None,
    new_link: tuple[PersonalLink, str] | None = None,
    discord_code: str | None = None,
) -> Response:
    portal = read_portal(db, slug)
    said = DONE.get(request.query_params.get("done", ""))
    answer = console_page(
        request,
        access,
        db,
        slug,
        "console/portal.html",
        tab="portal",
        status=status,
        portal=portal,
        join_url=join_url(request, portal.join_code),
        waitlist=waitlist_of(db, slug),
        passes=live_passes(db, slug),
        owner=access.can(Role.OWNER),
        judge=access.can(Role.JUDGE),
        done=gettext(said) if said else "",
        new_link=new_link,
        discord_channels=channels_of(db, slug),
        discord_code=discord_code,
        errors=errors or {},
        values=values or {},
    )
    answer.headers["cache-control"] = "no-store"
    return answer


def _back(slug: str, done: str, anchor: str = "") -> Response:
    return RedirectResponse(f"/console/{slug}/portal?done={done}{anchor}", status_code=303)


@ROUTER.get("/console/{slug}/portal")
def portal_tab(request: Request, slug: str, access: Viewer, db: DbDep) -> Response:
    return tab_page(request, access, db, slug)


def _number(text: str, field: str, errors: dict[str, str]) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not is_whole(text):
        errors[field] = gettext("%(value)s is not a whole number") % {"value": repr(text)}
        return None
    return int(text)


@ROUTER.post("/console/{slug}/portal/settings")
def settings(
    request: Request,
    slug: str,
    access: Owner,
    db: DbDep,
    version: Annotated[str, Form(max_length=12)] = "",
    self_registration: Annotated[str, Form(max_length=4)] = "",
    registration_cap: Annotated[str, Form(max_length=12)] = "",
    self_report: Annotated[str, Form(max_length=4)] = "",
    confirm_minutes: Annotated[str, Form(max_length=12)] = "",
    discord_bot_token: Annotated[str, Form(max_length=200)] = "",
    discord_clear: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    values = {
        "self_registration": self_registration,
        "registration_cap": registration_cap,
        "self_report": self_report,
        "confirm_minutes": confirm_minutes,
    }
    errors: dict[str, str] = {}
    cap = _number(registration_cap, "registration_cap", errors)
    minutes = _number(confirm_minutes, "confirm_minutes", errors)
    if minutes is None and "confirm_minutes" not in errors:
        errors["confirm_minutes"] = gettext("how many minutes the opponent has to confirm")
    seen = _number(version, "version", errors)
    changes: dict[str, object] = {
        "self_registration": self_registration == "1",
        "registration_cap": cap,
        "self_report": self_report == "1",
        "confirm_minutes": minutes,
    }
    token = discord_bot_token.strip()
    if discord_clear == "1":
        changes["discord_bot_token"] = None
    elif token:
        if any(ord(c) < 33 for c in token):
            errors["discord_bot_token"] = gettext("a bot token has no spaces or control codes")
        changes["discord_bot_token"] = token
    if not errors:
        try:
            set_portal(db, slug, actor=access.actor, version=seen, **changes)
        except FairpairError as error:
            errors = refusal(error, SETTINGS_FIELDS)
            status = 409 if error.code == "stale_version" else 422
            return tab_page(request, access, db, slug, status=status, errors=errors, values=values)
        return _back(slug, "settings")
    return tab_page(request, access, db, slug, status=422, errors=errors, values=values)


@ROUTER.post("/console/{slug}/portal/code")
def new_code(request: Request, slug: str, access: Owner, db: DbDep) -> Response:
    new_join_code(db, slug, actor=access.actor)
    return _back(slug, "code")


@ROUTER.post("/console/{slug}/portal/checkin")
def checkin(
    request: Request,
    slug: str,
    access: Judge,
    db: DbDep,
    open: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    set_portal(db, slug, actor=access.actor, checkin_open=open == "1")
    return _back(slug, "checkin")


@ROUTER.post("/console/{slug}/portal/players/{player}/link")
@form_post
def make_link(
    request: Request, slug: str, player: str, access: Judge, db: DbDep, values: FormValues
) -> Response:
    """Show the player's personal link (the one made before, else a new one); with ``new``,
    after a confirmation, a new one that replaces every earlier one."""
    new = values.get("new") == "1"
    try:
        if new and not confirmed(values):
            name = holder_name(db, slug, player)
            return ask(
                request,
                access,
                db,
                slug,
                Confirm(
                    question=gettext("Make a new personal link for %(name)s?") % {"name": name},
                    action=f"/console/{slug}/portal/players/{player}/link",
                    button=gettext("Make a new link"),
                    back=f"/console/{slug}/portal#pp-{player}",
                    fields=(("new", "1"),),
                    details=(
                        gettext(
                            "The link %(name)s has now stops working, and every device that "
                            "signed in with it is signed out."
                        )
                        % {"name": name},
                        gettext("Devices where they joined with the code stay signed in."),
                    ),
                ),
                tab="portal",
                title=gettext("New personal link for %(name)s") % {"name": name},
            )
        link = staff_link(db, slug, player, actor=access.actor, new=new)
    except FairpairError as error:
        return tab_page(
            request, access, db, slug, status=422, errors={f"player:{player}": error.reason}
        )
    url = f"{str(request.base_url).rstrip('/')}/e/{slug}/p/{link.secret}"
    return tab_page(request, access, db, slug, new_link=(link, url))


@ROUTER.post("/console/{slug}/portal/players/{player}/revoke")
def revoke_links(
    request: Request,
    slug: str,
    player: str,
    access: Judge,
    db: DbDep,
    confirmed: Annotated[str, Form(max_length=4)] = "",
) -> Response:
    """Revoke every pass of a player: asked first (how many devices are logged out)."""
    if confirmed != YES:
        try:
            name = holder_name(db, slug, player)
        except FairpairError as error:
            return tab_page(
                request, access, db, slug, status=422, errors={f"player:{player}": error.reason}
            )
        devices = live_passes(db, slug).get(player, 0)
        return ask(
            request,
            access,
            db,
            slug,
            Confirm(
                question=ngettext(
                    "Revoke %(name)s's links? %(num)d device will be logged out.",
                    "Revoke %(name)s's links? %(num)d devices will be logged out.",
                    devices,
                )
                % {"name": name, "num": devices},
                action=f"/console/{slug}/portal/players/{player}/revoke",
                button=gettext("Revoke %(name)s's links") % {"name": name},
                back=f"/console/{slug}/portal#pp-{player}",
                details=(
                    gettext(
                        "Their personal link stops working; they join again with the code or a "
                        "new personal link."
                    ),
                ),
            ),
            tab="portal",
            title=gettext("Revoke %(name)s's links") % {"name": name},
        )
    try:
        revoke_player_tokens(db, slug, player, actor=access.actor)
    except FairpairError as error:
        return tab_page(
            request, access, db, slug, status=422, errors={f"player:{player}": error.reason}
        )
    return _back(slug, "revoked", f"#pp-{player}")
